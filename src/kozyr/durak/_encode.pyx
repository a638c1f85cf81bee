"""The C encoder's Python entry: one seat's view into caller-provided numpy buffers.

`kozyr.durak.encoding.observe` is the documented face; this module only
brings a view (a compiled engine's `GameView`, whose struct it reads as it is,
or any `View`, copied into a struct by `fill_dview`) to `enc_obs` / `enc_mask`
in _encode.pxd, after checking that every card the encoder indexes is one of
the 36 (a forged view must not write outside the buffers).
"""
from libc.stdint cimport uint8_t, uint64_t
from libc.string cimport memset

from kozyr.cards cimport KZ_DECK36
from kozyr.durak._encode cimport N_ACTIONS, OBS_SIZE, action_of_code, code_of_action, enc_mask, enc_obs, enc_table_ok
from kozyr.durak.core.engine cimport Game
from kozyr.durak.core.gameview cimport GameView, fill_dview
from kozyr.durak.core.rules cimport st_legal
from kozyr.durak.core.view cimport MAX_BOUT, MAX_LEGAL, MV_RESIGN, DView

from kozyr.errors import KozyrError, shown

SIZE = OBS_SIZE
ACTIONS = N_ACTIONS


cdef inline bint _card(int c) noexcept nogil:
    return 0 <= c < 64 and (KZ_DECK36 >> c) & 1


cdef str _unfit(const DView *v):
    """What in the struct the encoder cannot index (None when it can encode it)."""
    cdef int i, m
    if not enc_table_ok(v):
        return (f"the encoding is the two-seat 36-card game's (no transfers), not a table of {v.nseats} seats "
                f"and {v.deck_size} cards" + (" with transfers" if v.deck_size == 36 and v.nseats == 2 else ""))
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


def encode_view(view, float[::1] obs, uint8_t[::1] mask):
    """Write the view's observation into obs (OBS_SIZE float32) and its legal mask into mask (76 uint8).

    The caller checks the buffer sizes (encoding.observe does). A view the encoding cannot speak
    (another table, a card outside the 36) is a bad_view KozyrError, and the buffers are untouched."""
    cdef DView d
    cdef const DView *v
    if isinstance(view, GameView):
        v = &(<GameView>view).d
    else:
        fill_dview(&d, view)
        v = &d
    why = _unfit(v)
    if why is not None:
        raise KozyrError("bad_view", f"cannot encode {shown(view)}: {why}", field="view")
    enc_obs(v, &obs[0])
    enc_mask(v, &mask[0])


def _action_of_code(int code):
    """Test hook: the C mapping from a move code to an action."""
    return action_of_code(code)


def _code_of_action(int action):
    """Test hook: the C mapping from an action to a move code."""
    return code_of_action(action)


def legal_actions(Game game):
    """The actions of the legal moves of the seat on turn, ascending (empty when the deal is over)."""
    cdef int codes[MAX_LEGAL]
    cdef int n = st_legal(&game.st, codes)
    cdef int i
    cdef uint8_t seen[N_ACTIONS]
    memset(seen, 0, N_ACTIONS)
    for i in range(n):
        seen[action_of_code(codes[i])] = 1
    return [i for i in range(N_ACTIONS) if seen[i]]
