"""The durak engine's Python face: `Game`, and `random_playouts` in bulk, at every table.

The rules themselves are inline C over a plain `State` struct (core/state.pxd,
core/rules.pxd, core/deal.pxd), shared with the ladder's nogil loop. `Game` is a thin
wrapper that speaks kozyr.durak's vocabulary (`Move`, `Event`, `View`, `Rules`); it
keeps the State and a packed move log, and rebuilds the event log on demand by
replaying the moves, which keeps a Game at a few hundred bytes.

A table is a `kozyr.durak.Rules` (2 to 6 seats, 24 to 52 cards, podkidnoy or
perevodnoy, ...), given as `rules=` to every constructor; `Rules()`, the
default, is the two-seat game. The rules are docs/rules/durak.md and
docs/rules/durak-variants.md, including the choices kozyr makes where the rules
are silent (listed there once); `kozyr.durak.oracle.reference` (the two-seat game) and
the variants twin are the same rules in plain Python, and the engines are
played side by side in the tests.

API choices: a move given as text is parsed with `Move.parse`; `attack`,
`beat`, `transfer` or `show` with a missing or malformed card is card_not_held
(after the seat, turn and phase checks); other unparsable text or a non-move
object is not_legal. A seat is converted with `operator.index` (numpy ints are
seats); one that is not a seat of the table (0 .. seats - 1; bools are not
seats), or whose `__index__` raises (any error), is not_your_turn, in this
engine and in the twins alike; a seat that is out is seat_out. A str seed is ASCII
and must be 32 bytes (the one seed normaliser, `kozyr.durak.seeds.seed_bytes`); a deal number is an integer from 1 with at most 40
digits (bad_deal beyond: the deal text this engine hashes holds 40 digits, and
the reference keeps the same limit). Cards given as ints
go through `operator.index` too. Every refusal of bad input is a `KozyrError`
with a code (`IllegalMove` for the rules' codes); messages show long inputs cut
(`kozyr.errors.shown`), and an input whose `repr` raises is named by its type.
The options are checked first (`Rules`: bad_options, bad_seats), then the seed
and the deal number. `bout_full` cannot be reached by play (a bout at its cap
closes at once); the test suite's own compiled probe reaches it. `from_rng` and
`random_playouts` deal with splitmix64, NOT the rules' SHA-256 shuffle: fast and
varied, not reference-compatible.

A variant deal has no bound on its length (with 3+ seats or perevodnoy, cards can
circulate by takes once the talon is empty): a Game plays on for as long as it
is played, and `random_playouts` stops a deal at `MAX_MOVES` moves (far above
what random play reaches) and counts it apart (`capped`).
"""
from cpython.exc cimport PyErr_CheckSignals
from cpython.mem cimport PyMem_Free, PyMem_Realloc
from cpython.ref cimport Py_INCREF
from cpython.tuple cimport PyTuple_New, PyTuple_SetItem
from libc.stdint cimport uint16_t, uint32_t, uint64_t
from libc.string cimport memcpy

from kozyr.cards cimport CardSet, card_bit, deck_mask
from kozyr.durak.core.gameview cimport GameView, bout_of, move_of, moves_tuple, result_of, rules_of, seats_tuple
from kozyr.durak.core.deal cimport st_deal_rng_table, st_deal_seed_table, st_deal_table
from kozyr.durak.core.rules cimport (
    st_apply, st_apply_legal, st_legal, st_phase, st_random_legal, st_refusal, st_talon_card, st_turn, st_view,
)
from kozyr.durak.core.determinize cimport dt_believe, dt_build, dt_build_view
from kozyr.durak.core.memory cimport Memory, mem_from_tuple
from kozyr.durak.core.seeds cimport kz_sha_ni_allow, kz_sha_ni_used
from kozyr.durak.core.state cimport (
    EV_BOUT_END, EV_GAME_END, EV_OUT, EV_REFILL, EV_RESIGN, EV_SHOW, EV_SWAP, EV_TRANSFER, MAX_MOVES as MAX_MOVES_C,
    Sink, State, Table, ev_attacker, ev_card, ev_cards, ev_defender, ev_drawn, ev_fool, ev_heap, ev_how, ev_kind,
    ev_losers, ev_outcome, ev_seat, ev_seats, ev_taken, ev_talon, ev_to, ev_variant,
)
from kozyr.durak.core.view cimport MAX_LEGAL, MAX_SEATS, MV_ATTACK, MV_BEAT, MV_SHOW, MV_TRANSFER, OUT_NONE, DView

import operator

import numpy as np

cimport numpy as cnp

from kozyr.cards import card_name, parse_card
from kozyr.durak._moved import warn_old_name
from kozyr.durak.codes import BOUT_ENDINGS, CODES, KINDS, PHASES, IllegalMove
from kozyr.durak.core.gameview import table_of
from kozyr.durak.events import Event, log_digest
from kozyr.durak.moves import Move
from kozyr.durak.rules import Rules
from kozyr.durak.seeds import seed_bytes
from kozyr.errors import KozyrError, shown, whole

cnp.import_array()

__all__ = ["Game", "IllegalMove", "MAX_MOVES", "random_playouts", "shuffled_order"]

MAX_PLAYOUTS = 10**9         # 15 bytes of arrays a deal
PLAYOUT_CHUNK = 4096         # deals between two looks at Ctrl-C: about 10 ms at two seats
MAX_DEAL_DIGITS = 40         # a deal number is written into the rules' deal text in at most 40 digits
MAX_MOVES = MAX_MOVES_C      # a harness's cap on one deal's moves (random_playouts; the ladder's too)


cdef int _table(Table *t, object rules) except -1:
    """The C Table of `rules` (a Rules, a mapping of options, or None for Rules()): the options
    are checked here, first (bad_options, bad_seats)."""
    t.seats, t.deck, t.opts = table_of(Rules.of(rules))
    return 0


# -- bulk playouts -------------------------------------------------------------
def random_playouts(n, seed=0, rules=None, max_moves=MAX_MOVES):
    """Play n whole deals of the table `rules` (default Rules()) with uniformly random legal moves,
    in C without the GIL.

    Deal i is `Game.from_rng(seed + i, rules=rules)` (the fast generator, not the
    spec's shuffle); the moves are chosen uniformly among the legal ones (by index
    in the reference order) from a second splitmix64 stream seeded by `seed`.
    Returns {'fool': int8 (the losing seat, -1 for a draw, a team's loss or a
    capped deal), 'losers': uint8 (the losing team's seats as bits), 'capped':
    bool (the deal reached `max_moves` moves and was stopped there, without a
    result), 'moves': int32, 'bouts': int32, 'ply': int32 (events, counted
    without writing any)}.

    n is 0 to 10**9, seed any integer (taken mod 2**64), rules a Rules (or a
    mapping of options) and max_moves 1 to MAX_MOVES (20,000, the harnesses'
    cap: random play's longest deals are a few hundred moves); otherwise a
    KozyrError. The deals run in chunks of a
    few thousand with Ctrl-C checked between them, so SIGINT stops a long call
    within milliseconds with KeyboardInterrupt("interrupted after N of M deals");
    nothing is returned.
    """
    cdef Table table
    _table(&table, rules)
    cdef Py_ssize_t count = whole("n", n, 0, MAX_PLAYOUTS)
    cdef int cap = whole("max_moves", max_moves, 1, MAX_MOVES_C)
    cdef uint64_t base = <uint64_t>(whole("seed", seed) & 0xFFFFFFFFFFFFFFFF)
    cdef cnp.ndarray fool_a = np.empty(count, dtype=np.int8)
    cdef cnp.ndarray losers_a = np.empty(count, dtype=np.uint8)
    cdef cnp.ndarray capped_a = np.zeros(count, dtype=np.bool_)
    cdef cnp.ndarray moves_a = np.empty(count, dtype=np.int32)
    cdef cnp.ndarray bouts_a = np.empty(count, dtype=np.int32)
    cdef cnp.ndarray ply_a = np.empty(count, dtype=np.int32)
    cdef signed char[::1] fool = fool_a
    cdef unsigned char[::1] losers = losers_a
    cdef cnp.npy_bool[::1] capped = capped_a
    cdef int[::1] moves = moves_a
    cdef int[::1] bouts = bouts_a
    cdef int[::1] ply = ply_a
    cdef State s
    cdef uint64_t deal_rng, choice = base ^ 0xD1B54A32D192ED03ULL
    cdef Py_ssize_t i, first, last
    for first in range(0, count, PLAYOUT_CHUNK):
        last = min(first + PLAYOUT_CHUNK, count)
        with nogil:
            for i in range(first, last):
                deal_rng = base + <uint64_t>i
                st_deal_rng_table(&s, &table, &deal_rng)
                while s.outcome == OUT_NONE and s.moves < cap:
                    st_apply_legal(&s, st_turn(&s), st_random_legal(&s, &choice))
                if s.outcome == OUT_NONE:
                    capped[i] = 1
                    fool[i] = -1
                    losers[i] = 0
                else:
                    fool[i] = <signed char>s.fool
                    losers[i] = <unsigned char>s.losers
                moves[i] = s.moves
                bouts[i] = s.bouts
                ply[i] = s.ply
        try:
            PyErr_CheckSignals()   # runs the SIGINT handler: KeyboardInterrupt between two chunks
        except KeyboardInterrupt:
            raise KeyboardInterrupt(f"interrupted after {last:,} of {count:,} deals") from None
    return {"fool": fool_a, "losers": losers_a, "capped": capped_a, "moves": moves_a, "bouts": bouts_a,
            "ply": ply_a}


# -- the Python face -----------------------------------------------------------
cdef dict _KIND_INDEX = {k: i for i, k in enumerate(KINDS)}
cdef dict _EVENTS = {}                      # packed event -> cached Event
cdef tuple _OUTCOMES = (None, "fool", "draw", "resign")


cdef object _make_event(uint32_t e):
    """The Event of a packed event (core/state.pxd's layout). The two-seat game's bout_end and
    game_end carry no defender and losers (the packed event says which table wrote it)."""
    cdef int kind = ev_kind(e), i, fool
    if kind == EV_TRANSFER or kind == EV_SHOW:
        return Event(KINDS[kind], seat=ev_seat(e), card=ev_card(e), to=ev_to(e))
    if kind <= EV_RESIGN:
        if kind <= MV_BEAT or kind == EV_SWAP:
            return Event(KINDS[kind], seat=ev_seat(e), card=ev_card(e))
        return Event(KINDS[kind], seat=ev_seat(e))
    if kind == EV_BOUT_END:
        return Event("bout_end", taken=bool(ev_taken(e)), how=BOUT_ENDINGS[ev_how(e)], cards=ev_cards(e),
                     heap=ev_heap(e), attacker=ev_attacker(e),
                     defender=ev_defender(e) if ev_variant(e) else None)
    if kind == EV_REFILL:
        return Event("refill", drawn=tuple([ev_drawn(e, i) for i in range(ev_seats(e))]), talon=ev_talon(e))
    if kind == EV_OUT:
        return Event("out", seat=ev_seat(e))
    fool = ev_fool(e)
    return Event("game_end", outcome=_OUTCOMES[ev_outcome(e)], fool=None if fool < 0 else fool,
                 losers=seats_tuple(ev_losers(e)) if ev_variant(e) else None)


cdef list _EVENTS_LOW = [None] * 16384     # the same for packed events below 2**14 (every move event)


cdef inline object _event(uint32_t e):
    if e < 16384:
        obj = _EVENTS_LOW[e]
        if obj is None:
            obj = _make_event(e)
            _EVENTS_LOW[e] = obj
        return obj
    obj = _EVENTS.get(e)
    if obj is None:
        obj = _make_event(e)
        _EVENTS[e] = obj
    return obj


cdef int _move_code(object move) except -2:
    """The code of a Move or move text; -1 for an unknown or missing kind (not_legal).

    A card kind (attack, beat, transfer, show) with a missing or malformed card
    gets card 0, which no hand holds (card_not_held); a card-less kind with a card
    is not_legal.
    """
    cdef int k, card
    if isinstance(move, Move):
        k = _KIND_INDEX[(<object>move).kind]
        c = (<object>move).card
        return (k << 6) | (c if c is not None else 0)
    if not isinstance(move, str):
        return -1
    words = move.split()
    if not words:
        return -1
    k = _KIND_INDEX.get(words[0].lower(), -1)
    if k < 0:
        return -1
    if k == MV_ATTACK or k == MV_BEAT or k == MV_TRANSFER or k == MV_SHOW:
        card = 0
        if len(words) == 2:
            try:
                c = parse_card(words[1])
                if 0 <= c < 64:
                    card = c
            except ValueError:
                pass
        return (k << 6) | card
    if len(words) != 1:
        return -1
    return k << 6


cdef inline int _seat_index(object seat):
    """0 .. MAX_SEATS - 1, or MAX_SEATS for anything that is not a seat of any table (the rules then
    check it against the table's seats: not_your_turn)."""
    if seat is 0 or seat is 1:            # small-int fast path
        return <int>seat
    if isinstance(seat, bool):            # True is not seat 1
        return MAX_SEATS
    try:
        i = operator.index(seat)          # an exact int, whatever the comparisons of seat's type say
    except Exception:                     # no __index__, or one that raises: not a seat (the twins agree)
        return MAX_SEATS
    return i if 0 <= i < MAX_SEATS else MAX_SEATS


cdef Game _new_game():
    cdef Game g = Game.__new__(Game)
    g._reserve(1)
    return g


cdef str _seats_text(const State *s):
    return "seats are 0 and 1" if s.n == 2 else f"seats are 0 to {s.n - 1}"


cdef str _refusal_text(const State *s, seat, move):
    cdef int t = st_turn(s)
    where = (f"at ply {s.ply}, phase {PHASES[st_phase(s)]}, "
             + ("deal over" if t < 0 else f"seat {t} on turn"))
    try:
        what = shown(str(move)) if isinstance(move, (Move, str)) else shown(move)
    except Exception:  # a str or Move subclass whose __str__ raises: named by its type
        what = f"<{type(move).__name__} object>"
    return f"{what} by seat {shown(seat)} refused {where}"


def _sha_ni(allow=None):
    """Test hook: whether dealing compresses SHA-256 blocks with the CPU's SHA
    extensions; `allow=False` forces the portable code (True: back to the
    run-time choice). The ladder's own copy is not affected."""
    if allow is not None:
        kz_sha_ni_allow(1 if allow else 0)
    return bool(kz_sha_ni_used())


def shuffled_order(seed, number=1, rules=None):
    """The deck's cards of deal `number` (from 1) of a 32-byte seed, in shuffled order (36 by default)."""
    return Game.from_seed(seed, number, rules=rules).order


def _rebuild(order, log, rules=None):
    """Unpickle: deal the order at the table `rules`, replay the packed move log (seat << 9 | code)."""
    cdef Game g = Game.from_order(order, rules=rules)
    cdef int h
    for x in log:
        h = x
        if st_apply(&g.st, h >> 9, h & 511, NULL):
            raise KozyrError("bad_pickle", f"pickled move {shown(x)} does not replay", value=x)
        if g.nhist == g.hcap:
            g._reserve(g.nhist + 1)
        g.hist[g.nhist] = <uint16_t>h
        g.nhist += 1
    return g


cdef object _MISSING = object()


cdef class Game:
    """One deal of durak at a table of 2 to 6 seats; build it with from_seed, from_order or from_rng.

    `rules` (a `kozyr.durak.Rules`, or a mapping of its options) says which durak:
    `Rules()` (the default) is the two-seat podkidnoy game with 36 cards.
    `legal_moves()` lists the moves of the seat on turn in the reference order,
    `apply(seat, move)` plays one (raising IllegalMove on a refusal, which
    changes nothing) and returns its events; forced positions resolve
    themselves. `view(seat)` is what that seat may see.

    Threads: a Game is not for concurrent `apply` (guard it with a lock if
    several threads play the same deal); `view()` may be taken from another
    thread while one thread plays, and is always one consistent position. The
    objects it hands out (View, Bout, Move, Event, Result, CardSet) are
    immutable and safe to share; `copy()` gives each thread its own deal.
    """

    def __cinit__(self):
        self.hist = NULL
        self.nhist = 0
        self.hcap = 0

    def __dealloc__(self):
        PyMem_Free(self.hist)

    def __init__(self, *args, **kwargs):
        raise TypeError("build a Game with Game.from_seed(seed), Game.from_order(cards) or Game.from_rng(seed)")

    cdef int _reserve(self, int nhist) except -1:
        cdef int cap
        cdef void *p
        if nhist > self.hcap:
            cap = self.hcap * 2 if self.hcap else 64
            while cap < nhist:
                cap *= 2
            p = PyMem_Realloc(self.hist, cap * sizeof(uint16_t))
            if p == NULL:
                raise MemoryError()
            self.hist = <uint16_t *>p
            self.hcap = cap
        return 0

    # -- constructors ---------------------------------------------------------
    @staticmethod
    def from_seed(seed, number=1, rules=None):
        """The spec's deal: a 32-byte seed (bytes, or ASCII text: `kozyr.durak.seeds.seed_bytes`) and a deal number from 1, at
        the table `rules` (default Rules()).

        The deal number is any integer (numpy ints too) of at most 40 digits.
        Refusals in the rules' order: the options (bad_options, bad_seats), then
        no_seed, then bad_deal.
        """
        cdef Table table
        _table(&table, rules)
        cdef bytes raw = seed_bytes(seed, "seed", code="no_seed", error=IllegalMove, size=32)
        deal_no = None
        if not isinstance(number, bool):
            try:
                deal_no = operator.index(number)
            except Exception:
                pass
        if deal_no is None or deal_no < 1:
            raise IllegalMove("bad_deal", f"deal number {shown(number)} is not an integer from 1", value=number)
        if deal_no >= 10 ** MAX_DEAL_DIGITS:
            raise IllegalMove("bad_deal", f"deal number {shown(number)} has more than {MAX_DEAL_DIGITS} digits",
                              value=number)
        cdef bytes num = str(deal_no).encode("ascii")
        cdef Game g = _new_game()
        cdef const unsigned char *sp = raw
        cdef const char *np_ = num
        st_deal_seed_table(&g.st, &table, sp, np_, len(num))
        return g

    @staticmethod
    def from_order(cards, rules=None):
        """A deal from the deck's cards in shuffled order (card ints, numpy ints included, or names): 36
        distinct durak cards by default, `rules.deck` of the table's deck otherwise.

        Refusals are KozyrError("bad_order") naming the position (after the options').
        """
        cdef Table table
        cdef int order[52]
        cdef uint64_t seen = 0, deck
        cdef int i, c
        _table(&table, rules)
        deck = deck_mask(table.deck)
        low = card_name(15 - table.deck // 4)[0]
        if isinstance(cards, (str, bytes)):
            raise KozyrError("bad_order", f"{shown(cards)} is not a sequence of {table.deck} cards", value=cards)
        try:
            items = list(cards)
        except Exception:
            raise KozyrError("bad_order", f"{shown(cards)} is not a sequence of {table.deck} cards",
                             value=cards) from None
        if len(items) != table.deck:
            raise KozyrError("bad_order", f"a deal needs {table.deck} cards, got {len(items)}", value=cards)
        for i, x in enumerate(items):
            card = None
            if isinstance(x, str):
                try:
                    card = parse_card(x)
                except ValueError:
                    pass
            elif not isinstance(x, bool):
                try:
                    card = operator.index(x)   # numpy ints; an int subclass is checked on its true value
                except Exception:
                    pass
            if card is None or not 0 <= card < 64 or not (deck >> <int>card) & 1:
                raise KozyrError("bad_order", f"position {i}: {shown(x)} is not a durak card (ranks {low}..A)",
                                 value=x, index=i)
            c = card
            if (seen >> c) & 1:
                raise KozyrError("bad_order", f"position {i}: card {card_name(c)} appears twice", value=x, index=i)
            seen |= card_bit(c)
            order[i] = c
        cdef Game g = _new_game()
        st_deal_table(&g.st, &table, order)
        return g

    @staticmethod
    def from_rng(seed, rules=None):
        """A deal of the table `rules` (default Rules()) from the fast splitmix64 generator (NOT the
        spec's shuffle)."""
        cdef Table table
        _table(&table, rules)
        cdef uint64_t rng = <uint64_t>(whole("seed", seed) & 0xFFFFFFFFFFFFFFFF)
        cdef Game g = _new_game()
        st_deal_rng_table(&g.st, &table, &rng)
        return g

    @staticmethod
    def replay(seed, moves, number=1, rules=None):
        """Deal from the seed at the table `rules` and apply (seat, move) pairs; IllegalMove at the first
        refusal."""
        cdef Game g = Game.from_seed(seed, number, rules=rules)
        for i, pair in enumerate(moves):
            try:
                seat, move = pair
            except (TypeError, ValueError):
                raise IllegalMove("not_legal", f"replay move {i}: {shown(pair)} is not a (seat, move) pair",
                                  index=i, value=pair) from None
            try:
                g.apply(seat, move)
            except IllegalMove as e:
                raise IllegalMove(e.code, f"replay move {i}: {e.detail}", **{**e.fields, "index": i}) from None
        return g

    def copy(self):
        """An independent copy of this deal, logs included."""
        cdef Game g = Game.__new__(Game)
        g._reserve(max(self.nhist, 1))
        g.st = self.st
        memcpy(g.hist, self.hist, self.nhist * sizeof(uint16_t))
        g.nhist = self.nhist
        return g

    def determinize(self, seat, *args, memory=None, rng=None, believe=False):
        """A copy of this deal as `seat` might imagine it: the cards it has not seen dealt anew.

        `determinize(seat, rng)`: from the seat's view alone, at any table: the
        view's public memory (`known`, `bottom`, `unseen`) says what the seat knows
        of every hand and of the talon. `determinize(seat, memory, rng)` (the two-seat
        game): from the view and that seat's `kozyr.durak.memory.Memory`. `rng`
        is a 64-bit int that fixes the draw. The copy keeps the seat's hand, the bout, the counts, the heap, the cards known to be in the other
        hands and the talon's bottom card; the rest of the other hands and the
        talon order are drawn from the unseen cards, every arrangement equally
        likely (when another seat is on turn, among those that leave it a move).
        `believe=True` (from the view alone) makes the draw fit what the other seats'
        choices told (the view's `declined`): each unseen card of a suit a seat declined,
        above the declined card, that the draw put in that seat's hand changes places with
        a random talon card that is not such a card (nor the low trump), while there is one;
        rung 4 draws so in `BELIEF` % of its deals (sparing, in a deal of its taker model, the
        high cards that model keeps).
        Its move log is empty: it was never dealt from a seed. A memory that does
        not fit the seat's view (`Memory.check`: a card in two places, another turn-up,
        counts that do not add up ...) is a bad_memory KozyrError naming the memory's
        field; nothing is drawn.
        """
        cdef int s = _seat_index(seat), owner
        cdef DView v
        cdef Memory m
        cdef uint64_t r
        cdef Game g
        cdef int legal[MAX_LEGAL]
        cdef int tries, built
        cdef bint with_memory
        if len(args) > 2 or (len(args) == 2 and (memory is not None or rng is not None)):
            raise TypeError("determinize(seat, rng) or determinize(seat, memory, rng)")
        if len(args) == 2:
            memory, rng = args
        elif len(args) == 1:
            if rng is None:
                rng = args[0]
            else:
                memory = args[0]
        if rng is None:
            raise TypeError("determinize() needs an rng (a 64-bit int)")
        r = <uint64_t>(whole("rng", rng) & 0xFFFFFFFFFFFFFFFF)
        if s >= self.st.n:
            raise IllegalMove("not_your_turn", f"seat {shown(seat)} does not exist: {_seats_text(&self.st)}",
                              seat=seat)
        with_memory = memory is not None
        if believe and with_memory:
            raise TypeError("determinize(seat, memory, rng) draws from the memory; believe=True draws from the view "
                            "alone: determinize(seat, rng, believe=True)")
        if with_memory:
            if not self.st.two_seat:
                raise KozyrError("bad_memory", "a Memory is of the two-seat game; at this table "
                                 "determinize from the view alone: determinize(seat, rng)", field="memory")
            if getattr(memory, "seat", None) != s:
                raise KozyrError("bad_memory", f"the memory is seat {shown(getattr(memory, 'seat', None))}'s, "
                                 f"not seat {s}'s", field="seat", value=getattr(memory, "seat", None))
            memory.check(self.view(s), exact=True)   # one that does not fit the view: bad_memory naming the field
            mem_from_tuple(&m, memory.packed())
        st_view(&self.st, s, &v)
        # the exchange right of a low trump the seat has seen: public (every seat saw where it went)
        owner = -1 if v.unseen & card_bit(self.st.six) else self.st.six_owner
        g = _new_game()
        # with another seat on turn the seat knows it has a choice (else the engine would have
        # moved on): a draw that leaves it none is drawn again
        for tries in range(10000):
            if with_memory:
                built = dt_build(&g.st, &v, &m, &r)
            else:
                built = dt_build_view(&g.st, &v, self.st.turnup, owner, &r)
                if built == 0 and believe:
                    dt_believe(&g.st, &v, 0, &r)
            if built != 0:
                raise KozyrError("bad_memory", f"the memory does not fit seat {s}'s view at ply {v.ply}: "
                                 "its unseen cards are not the other hands' unknown cards plus the talon",
                                 field="memory")
            if v.turn < 0 or v.turn == s or st_legal(&g.st, legal) > 0:
                return g
        raise KozyrError("bad_memory", f"no draw of the unseen cards gives seat {v.turn} a move at ply {v.ply}",
                         field="memory")

    def __reduce__(self):
        """Pickle as the dealt order, the move log (replayed on load) and, but for Rules(), the rules.
        A determinized copy was never dealt (it has no order to replay): refused here, not at load
        (bad_pickle)."""
        cdef int i
        cdef uint64_t dealt = 0
        for i in range(self.st.deck_size):
            dealt |= card_bit(self.st.order[i])
        if dealt != self.st.deckmask:
            raise KozyrError("bad_pickle", "a determinized Game was never dealt, so it has no order and move "
                             "log to pickle: pickle the game, the memory and the rng it was drawn from")
        log = tuple([self.hist[i] for i in range(self.nhist)])
        if self.st.two_seat:
            return (_rebuild, (self.order, log))
        return (_rebuild, (self.order, log, self.rules))

    def __copy__(self):
        return self.copy()

    def __deepcopy__(self, memo):
        return self.copy()

    def __sizeof__(self):
        return type(self).__basicsize__ + self.hcap * sizeof(uint16_t)

    # -- playing --------------------------------------------------------------
    def legal_moves(self):
        """The moves of the seat on turn, in the reference order (empty when over)."""
        cdef int codes[MAX_LEGAL]
        cdef int n = st_legal(&self.st, codes)
        return moves_tuple(codes, n)

    def apply(self, seat, move):
        """Play `move` (a Move or its text) for `seat`; the events it wrote. IllegalMove on refusal."""
        cdef int code = _move_code(move)
        cdef int s = _seat_index(seat)
        cdef Sink sink
        cdef int r = st_apply(&self.st, s, code, &sink)
        cdef int i
        cdef tuple out
        cdef object e
        if r:
            raise IllegalMove(CODES[r - 1], _refusal_text(&self.st, seat, move), seat=seat, move=move,
                              ply=self.st.ply)
        if self.nhist == self.hcap:
            self._reserve(self.nhist + 1)
        self.hist[self.nhist] = <uint16_t>((s << 9) | code)
        self.nhist += 1
        out = PyTuple_New(sink.n)
        for i in range(sink.n):
            e = _event(sink.ev[i])
            Py_INCREF(e)               # PyTuple_SetItem steals a reference
            PyTuple_SetItem(out, i, e)
        return out

    def refusal(self, seat, move):
        """The code `apply(seat, move)` would refuse with, or None if it would apply; changes nothing."""
        cdef int r = st_refusal(&self.st, _seat_index(seat), _move_code(move))
        return CODES[r - 1] if r else None

    def view(self, seat):
        """What `seat` (0 .. seats - 1) may see: a `GameView`, one consistent snapshot.

        The engine's view struct is filled from the State in one step of C (the
        GIL held, so no other thread's move can land in between), and the view
        keeps its own copy: a view taken while another thread applies moves is
        the position before or after a move, never a mix. Its tuples are built
        when read.
        """
        cdef int s = _seat_index(seat)
        cdef DView v
        if s >= self.st.n:
            raise IllegalMove("not_your_turn", f"seat {shown(seat)} does not exist: {_seats_text(&self.st)}",
                              seat=seat)
        st_view(&self.st, s, &v)
        return GameView.wrap(&v)

    def log_digest(self):
        """The SHA-256 (lowercase hex) of the deal's event log, one `Event.text()` line each (the rules'
        published digests)."""
        return log_digest(self.events)

    # -- properties -----------------------------------------------------------
    @property
    def rules(self):
        """The table's options (a `kozyr.durak.Rules`)."""
        return rules_of(self.st.n, self.st.deck_size, self.st.opts)

    @property
    def seats(self):
        """The number of seats."""
        return self.st.n

    @property
    def turn(self):
        """The seat on turn, None when the deal is over."""
        cdef int t = st_turn(&self.st)
        return None if t < 0 else t

    @property
    def phase(self):
        return PHASES[st_phase(&self.st)]

    @property
    def over(self):
        return self.st.outcome != OUT_NONE

    @property
    def result(self):
        """Result(outcome, fool, losers) once the deal is over, else None."""
        return result_of(self.st.outcome, self.st.fool, self.st.losers, self.st.two_seat)

    @property
    def ply(self):
        """Events so far."""
        return self.st.ply

    @property
    def moves(self):
        """Moves applied by the players (forced steps are not moves)."""
        return self.st.moves

    @property
    def bouts(self):
        """Bouts closed."""
        return self.st.bouts

    @property
    def trump(self):
        return self.st.trump

    @property
    def turnup(self):
        """The turn-up card (known to the engine even once drawn)."""
        return self.st.turnup

    @property
    def order(self):
        """The deck's cards in the shuffled order as dealt."""
        return tuple([self.st.order[i] for i in range(self.st.deck_size)])

    @property
    def history(self):
        """The applied moves as (seat, Move)."""
        return tuple([(self.hist[i] >> 9, move_of(self.hist[i] & 511)) for i in range(self.nhist)])

    @property
    def events(self):
        """Every event so far, rebuilt by replaying the move log from the dealt order."""
        cdef State t
        cdef Sink sink
        cdef Table table
        cdef int order[52]
        cdef int i, j, h
        for i in range(self.st.deck_size):
            order[i] = self.st.order[i]
        table.seats = self.st.n
        table.deck = self.st.deck_size
        table.opts = self.st.opts
        st_deal_table(&t, &table, order)
        out = []
        for i in range(self.nhist):
            h = self.hist[i]
            if st_apply(&t, h >> 9, h & 511, &sink):
                raise RuntimeError("the move log does not replay")  # cannot happen
            for j in range(sink.n):
                out.append(_event(sink.ev[j]))
        return tuple(out)

    @property
    def hands(self):
        if self.st.n == 2:
            return (CardSet.wrap(self.st.hand[0]), CardSet.wrap(self.st.hand[1]))
        return tuple([CardSet.wrap(self.st.hand[i]) for i in range(self.st.n)])

    @property
    def talon(self):
        """The cards left in the talon, in draw order (the turn-up or the swapped low trump last)."""
        return tuple([st_talon_card(&self.st, k) for k in range(self.st.drawn, self.st.tlen)])

    @property
    def heap(self):
        return self.st.heap

    @property
    def heap_cards(self):
        return CardSet.wrap(self.st.heap_cards)

    @property
    def bout_cards(self):
        """Every card of the bout on the table, attack and beat (beside `heap_cards`: where the cards are)."""
        return CardSet.wrap(self.st.bout_cards)

    @property
    def table(self):
        """`bout_cards`' old name, until kozyr 0.5 (with a DeprecationWarning): in kozyr a table is a
        `Rules` of N seats."""
        warn_old_name("kozyr.durak.Game.table", "kozyr.durak.Game.bout_cards", 2)
        return CardSet.wrap(self.st.bout_cards)

    @property
    def bout(self):
        return bout_of(&self.st.bout)

    @property
    def six_owner(self):
        """The seat holding the right to exchange the low trump (the trump six with 36 cards), or None."""
        return None if self.st.six_owner < 0 else self.st.six_owner

    @property
    def out(self):
        """The seats that are out, in the order they went out."""
        return tuple([self.st.outs[i] for i in range(self.st.nout)])

    def __repr__(self):
        t = st_turn(&self.st)
        table = "" if self.st.two_seat else f" {self.rules!r}"
        return (f"<durak Game{table} ply={self.st.ply} phase={PHASES[st_phase(&self.st)]} "
                f"turn={None if t < 0 else t} result={self.result}>")
