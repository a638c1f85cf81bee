"""The C encoder's Python entry: one seat's view into caller-provided numpy buffers.

`kozyr.durak.learn.encoding.observe` is the documented face; this module only
brings a view (a compiled engine's `GameView`, whose struct it reads as it is,
or any `View`, copied into a struct by `fill_dview`) to `enc_obs` / `enc_mask`
(the two-seat game) or `enc_obs_t` / `enc_mask_t` (every other table) in
_encode.pxd, after checking that every card and seat the encoder indexes is
one of the table's (a forged view must not write outside the buffers).
"""
from libc.stdint cimport uint8_t, uint64_t
from libc.string cimport memset

from kozyr.cards cimport KZ_DECK36, deck_mask
from kozyr.durak.learn._encode cimport (
    N_ACTIONS, OBS_SIZE, EncTable, action_of_code, action_of_code_t, enc_mask,
    enc_mask_t, enc_obs, enc_obs_t, enc_table, enc_table_ok,
)
from kozyr.durak.core.engine cimport Game
from kozyr.durak.core.gameview cimport GameView, fill_dview
from kozyr.durak.core.rules cimport st_legal
from kozyr.durak.core.view cimport (
    MAX_BOUT, MAX_LEGAL, MAX_SEATS, MV_RESIGN, MV_SHOW, MV_TRANSFER, OPT_PEREVODNOY, OPT_SHOW_TRUMP, DView,
)

from kozyr.errors import KozyrError, shown

SIZE = OBS_SIZE
ACTIONS = N_ACTIONS


cdef inline bint _card(int c) noexcept nogil:
    return 0 <= c < 64 and (KZ_DECK36 >> c) & 1


cdef str _unfit(const DView *v):
    """What in the struct the two-seat encoder cannot index (None when it can encode it)."""
    cdef int i, m
    if not 0 <= v.seat < 2:
        return f"seat {v.seat} is not 0 or 1"
    if (v.hand | v.heap_cards | v.known[1 - v.seat]) & ~KZ_DECK36:
        return "its hand, heap cards or known cards hold a card that is not one of the 36"
    if v.turnup != -1 and not _card(v.turnup):
        return f"its turn-up {v.turnup} is not one of the 36 cards"
    if not 0 <= v.bout.size <= MAX_BOUT or not 0 <= v.phase < 4 or not 0 <= v.trump < 4:
        return "its bout size, phase or trump is out of range"
    for i in range(v.bout.size):
        if not _card(v.bout.attack[i]) or (v.bout.beat[i] != -1 and not _card(v.bout.beat[i])):
            return "a card on its table is not one of the 36"
    if not 0 <= v.nlegal <= MAX_LEGAL:
        return f"it lists {v.nlegal} legal moves"
    for i in range(v.nlegal):
        m = v.legal[i]
        if not 0 <= m >> 6 <= MV_RESIGN or (m >> 6 < 2 and not _card(m & 63)):
            return f"its legal move code {m} has no action"
    return None


cdef inline bint _in(uint64_t deck, int c) noexcept nogil:
    return 0 <= c < 64 and (deck >> c) & 1


cdef inline bint _seat(const DView *v, int s) noexcept nogil:
    return 0 <= s < v.nseats


cdef str _unfit_t(const DView *v, const EncTable *t):
    """What in the struct the table encoder cannot index (None when it can encode it)."""
    cdef int i, m, kind
    cdef uint64_t deck = deck_mask(v.deck_size), cards = v.hand | v.heap_cards | v.bout.shown
    if not 0 <= v.seat < v.nseats:
        return f"seat {v.seat} is not one of the table's {v.nseats}"
    for i in range(v.nseats):
        cards |= v.known[i]
    if cards & ~deck:
        return f"its hand, heap, shown or known cards hold a card that is not one of the {v.deck_size}"
    if v.turnup != -1 and not _in(deck, v.turnup):
        return f"its turn-up {v.turnup} is not one of the {v.deck_size} cards"
    if not 0 <= v.bout.size <= MAX_BOUT or not 0 <= v.phase < 4 or not 0 <= v.trump < 4:
        return "its bout size, phase or trump is out of range"
    if not (v.turn == -1 or _seat(v, v.turn)) or not 0 <= v.nout <= v.nseats \
            or not 0 <= v.bout.nthrowers <= MAX_SEATS:
        return "its turn, seats out or throwers are out of range"
    if v.phase != 3 and not (_seat(v, v.bout.attacker) and _seat(v, v.bout.defender) and _seat(v, v.bout.leader)):
        return "its bout's attacker, defender or leader is not a seat of the table"
    for i in range(v.bout.nthrowers):
        if not _seat(v, v.bout.throwers[i]):
            return "a thrower is not a seat of the table"
    for i in range(v.nout):
        if not _seat(v, v.out[i]):
            return "a seat out is not a seat of the table"
    for i in range(v.bout.size):
        if not _in(deck, v.bout.attack[i]) or (v.bout.beat[i] != -1 and not _in(deck, v.bout.beat[i])):
            return f"a card on its table is not one of the {v.deck_size}"
    if not 0 <= v.nlegal <= MAX_LEGAL:
        return f"it lists {v.nlegal} legal moves"
    for i in range(v.nlegal):
        m = v.legal[i]
        kind = m >> 6
        if not 0 <= kind <= MV_SHOW or (kind in (0, 1, MV_TRANSFER, MV_SHOW) and not _in(deck, m & 63)) \
                or action_of_code_t(t, m) >= t.n_actions:
            return f"its legal move code {m} has no action at this table"
    return None


cdef bint _table_ok(const DView *v):
    return 2 <= v.nseats <= MAX_SEATS and v.deck_size in (24, 32, 36, 52) and 6 * v.nseats <= v.deck_size


def encode_view(view, float[::1] obs, uint8_t[::1] mask):
    """Write the view's observation into obs and its legal mask into mask: OBS_SIZE float32 and 76 uint8
    for the two-seat game, the table's sizes (`encoding.table_encoding`) for any other.

    A view the encoding cannot speak (a card outside the deck, a seat outside the table) is a bad_view
    KozyrError, buffers of another size a bad_buffer one, and the buffers are untouched."""
    cdef DView d
    cdef const DView *v
    cdef EncTable t
    if isinstance(view, GameView):
        v = &(<GameView>view).d
    else:
        fill_dview(&d, view)
        v = &d
    if enc_table_ok(v):
        why = _unfit(v)
        if why is None and (obs.shape[0] != OBS_SIZE or mask.shape[0] != N_ACTIONS):
            raise KozyrError("bad_buffer", f"the two-seat observation is float32[{OBS_SIZE}] and uint8[{N_ACTIONS}], "
                             f"not [{obs.shape[0]}] and [{mask.shape[0]}]", field="out")
    elif not _table_ok(v):
        why = f"it is of no table kozyr plays ({v.nseats} seats, {v.deck_size} cards)"
    else:
        enc_table(&t, v.nseats, v.deck_size, v.opts)
        why = _unfit_t(v, &t)
        if why is None and (obs.shape[0] != t.obs_size or mask.shape[0] != t.n_actions):
            raise KozyrError("bad_buffer", f"this table's observation is float32[{t.obs_size}] and "
                             f"uint8[{t.n_actions}], not [{obs.shape[0]}] and [{mask.shape[0]}]", field="out")
    if why is not None:
        raise KozyrError("bad_view", f"cannot encode {shown(view)}: {why}", field="view")
    if enc_table_ok(v):
        enc_obs(v, &obs[0])
        enc_mask(v, &mask[0])
    else:
        enc_obs_t(&t, v, &obs[0])
        enc_mask_t(&t, v, &mask[0])


def legal_actions(Game game):
    """The actions of the legal moves of the seat on turn, ascending (empty when the deal is over), in the
    layout of the game's table."""
    cdef int codes[MAX_LEGAL]
    cdef int n = st_legal(&game.st, codes)
    cdef int i
    cdef EncTable t
    if game.st.n == 2 and game.st.deck_size == 36 and not (game.st.opts & OPT_PEREVODNOY):
        return sorted(set([action_of_code(codes[i]) for i in range(n)]))
    enc_table(&t, game.st.n, game.st.deck_size, game.st.opts)
    return sorted(set([action_of_code_t(&t, codes[i]) for i in range(n)]))
