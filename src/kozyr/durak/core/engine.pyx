"""The durak engine's Python face: `Game`, and `random_playouts` in bulk.

The rules themselves are inline C over a plain `State` struct (core/state.pxd,
core/rules.pxd, core/deal.pxd), shared with the ladder's nogil loop. `Game` is a thin
wrapper that speaks kozyr.durak's vocabulary (`Move`, `Event`, `View`); it
keeps the State and a packed move log, and rebuilds the event log on demand by
replaying the moves, which keeps a Game at a few hundred bytes.

The rules are docs/rules/durak.md, including the choices kozyr makes where the
rules are silent (listed there once); `kozyr.durak.reference` is the same rules
in plain Python, and the two are played side by side in the tests
(`kozyr.durak.testing`).

API choices: a move given as text is parsed with `Move.parse`; `attack`/`beat`
with a missing or malformed card is card_not_held (after the seat, turn and
phase checks); other unparsable text or a non-move object is not_legal. A seat
is converted with `operator.index` (numpy ints are seats); one that is not 0
or 1 (bools included), or whose `__index__` raises (any error), is
not_your_turn, in this engine and in the reference alike. A str seed is ASCII
and must be 32 bytes (the one seed normaliser, `kozyr.durak.seeds.seed_bytes`); a deal number is an integer from 1 with at most 40
digits (bad_deal beyond: the deal text this engine hashes holds 40 digits, and
the reference keeps the same limit). Cards given as ints
go through `operator.index` too. Every refusal of bad input is a `KozyrError`
with a code (`IllegalMove` for the rules' codes); messages show long inputs cut
(`kozyr.errors.shown`), and an input whose `repr` raises is named by its type.
`bad_seats` is never raised: a Game is always two seats. `bout_full` cannot be
reached by play (a bout at its cap closes at once); the test suite's own compiled probe
reaches it. `from_rng` and `random_playouts` deal with splitmix64, NOT the
rules' SHA-256 shuffle: fast and varied, not reference-compatible.
"""
from cpython.exc cimport PyErr_CheckSignals
from cpython.mem cimport PyMem_Free, PyMem_Realloc
from cpython.ref cimport Py_INCREF
from cpython.tuple cimport PyTuple_New, PyTuple_SetItem
from libc.stdint cimport uint16_t, uint32_t, uint64_t
from libc.string cimport memcpy

from kozyr.cards cimport KZ_DECK36, CardSet, card_bit
from kozyr.durak.core.gameview cimport GameView, bout_of, move_of, moves_tuple, result_of
from kozyr.durak.core.deal cimport st_deal_order, st_deal_rng, st_deal_seed_text
from kozyr.durak.core.rules cimport (
    R_BAD_DEAL, R_BAD_SEATS, R_BEATS_NOTHING, R_BOUT_FULL, R_CARD_NOT_HELD, R_GAME_OVER, R_MUST_ATTACK,
    R_NO_SEED, R_NOT_LEGAL, R_NOT_THE_SIX, R_NOT_YOUR_TURN, R_RANK_NOT_IN_BOUT, R_TALON_SHUT, R_WRONG_PHASE,
    st_apply, st_apply_legal, st_legal, st_phase, st_random_legal, st_talon_card, st_turn, st_view,
)
from kozyr.durak.core.determinize cimport dt_build
from kozyr.durak.core.memory cimport Memory, mem_from_tuple
from kozyr.durak.core.seeds cimport kz_sha_ni_allow, kz_sha_ni_used
from kozyr.durak.core.state cimport (
    EV_ATTACK, EV_BEAT, EV_BOUT_END, EV_DONE, EV_GAME_END, EV_OUT, EV_REFILL, EV_RESIGN, EV_SWAP, EV_TAKE,
    HOW_CAPPED, HOW_DONE, HOW_EXHAUSTED, HOW_SPENT, HOW_TAKEN, Sink, State,
)
from kozyr.durak.core.view cimport (
    MAX_LEGAL, MV_ATTACK, MV_BEAT, MV_DONE, MV_RESIGN, MV_SWAP, MV_TAKE, OUT_DRAW, OUT_FOOL, OUT_NONE,
    OUT_RESIGN, PH_ATTACK, PH_DEFEND, PH_OVER, PH_PILE_ON, DView,
)

import operator

import numpy as np

cimport numpy as cnp

from kozyr.cards import card_name, parse_card
from kozyr.durak.codes import BOUT_ENDINGS, CODES, KINDS, PHASES, IllegalMove
from kozyr.durak.events import Event
from kozyr.durak.moves import Move
from kozyr.durak.seeds import seed_bytes
from kozyr.errors import KozyrError, shown, whole

cnp.import_array()

__all__ = ["Game", "IllegalMove", "random_playouts", "shuffled_order"]

cdef uint64_t DECK36 = KZ_DECK36
MAX_PLAYOUTS = 10**9         # 13 bytes of arrays a deal
PLAYOUT_CHUNK = 4096         # deals between two looks at Ctrl-C: about 10 ms
MAX_DEAL_DIGITS = 40         # a deal number is written into the rules' deal text in at most 40 digits


# -- bulk playouts -------------------------------------------------------------
def random_playouts(n, seed=0):
    """Play n whole deals with uniformly random legal moves, in C without the GIL.

    Deal i is `Game.from_rng(seed + i)` (the fast generator, not the spec's
    shuffle); the moves are chosen uniformly among the legal ones (by index in
    the reference order) from a second splitmix64 stream seeded by `seed`.
    Returns {'fool': int8 (seat, -1 for a draw), 'moves': int32, 'bouts': int32,
    'ply': int32 (events, counted without writing any)}.

    n is 0 to 10**9 and seed any integer (taken mod 2**64); otherwise a
    KozyrError. The deals run in chunks of a few thousand with Ctrl-C checked
    between them, so SIGINT stops a long call within milliseconds with
    KeyboardInterrupt("interrupted after N of M deals"); nothing is returned.
    """
    cdef Py_ssize_t count = whole("n", n, 0, MAX_PLAYOUTS)
    cdef uint64_t base = <uint64_t>(whole("seed", seed) & 0xFFFFFFFFFFFFFFFF)
    cdef cnp.ndarray fool_a = np.empty(count, dtype=np.int8)
    cdef cnp.ndarray moves_a = np.empty(count, dtype=np.int32)
    cdef cnp.ndarray bouts_a = np.empty(count, dtype=np.int32)
    cdef cnp.ndarray ply_a = np.empty(count, dtype=np.int32)
    cdef signed char[::1] fool = fool_a
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
                st_deal_rng(&s, &deal_rng)
                while s.outcome == OUT_NONE:
                    st_apply_legal(&s, st_turn(&s), st_random_legal(&s, &choice))
                fool[i] = <signed char>s.fool
                moves[i] = s.moves
                bouts[i] = s.bouts
                ply[i] = s.ply
        try:
            PyErr_CheckSignals()   # runs the SIGINT handler: KeyboardInterrupt between two chunks
        except KeyboardInterrupt:
            raise KeyboardInterrupt(f"interrupted after {last:,} of {count:,} deals") from None
    return {"fool": fool_a, "moves": moves_a, "bouts": bouts_a, "ply": ply_a}


# -- the Python face -----------------------------------------------------------
cdef dict _KIND_INDEX = {k: i for i, k in enumerate(KINDS)}
cdef dict _EVENTS = {}                      # packed event -> cached Event
cdef tuple _OUTCOMES = (None, "fool", "draw", "resign")


cdef object _make_event(uint32_t e):
    cdef int kind = e & 15
    if kind <= EV_RESIGN:
        seat = (e >> 4) & 1
        if kind == EV_ATTACK or kind == EV_BEAT or kind == EV_SWAP:
            return Event(KINDS[kind], seat=seat, card=<int>((e >> 8) & 63))
        return Event(KINDS[kind], seat=seat)
    if kind == EV_BOUT_END:
        return Event("bout_end", taken=bool((e >> 4) & 1), how=BOUT_ENDINGS[(e >> 5) & 7],
                     cards=<int>((e >> 8) & 255), heap=<int>((e >> 16) & 255),
                     attacker=<int>((e >> 24) & 1))
    if kind == EV_REFILL:
        return Event("refill", drawn=(<int>((e >> 4) & 15), <int>((e >> 8) & 15)),
                     talon=<int>((e >> 16) & 255))
    if kind == EV_OUT:
        return Event("out", seat=<int>((e >> 4) & 1))
    fool = <int>((e >> 8) & 3) - 1
    return Event("game_end", outcome=_OUTCOMES[(e >> 4) & 3], fool=None if fool < 0 else fool)


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

    A card kind with a missing or malformed card gets card 0, which no hand
    holds (card_not_held); a card-less kind with a card is not_legal.
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
    if k == MV_ATTACK or k == MV_BEAT:
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
    """0 or 1, or 2 for anything that is not a seat."""
    if seat is 0 or seat is 1:            # small-int fast path
        return <int>seat
    if isinstance(seat, bool):            # True is not seat 1
        return 2
    try:
        i = operator.index(seat)          # an exact int, whatever the comparisons of seat's type say
    except Exception:                     # no __index__, or one that raises: not a seat (the reference agrees)
        return 2
    return i if i == 0 or i == 1 else 2


cdef Game _new_game():
    cdef Game g = Game.__new__(Game)
    g._reserve(1)
    return g


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


def shuffled_order(seed, number=1):
    """The 36 cards of deal `number` (from 1) of a 32-byte seed, in shuffled order."""
    return Game.from_seed(seed, number).order


def _rebuild(order, log):
    """Unpickle: deal the order, replay the packed move log (seat << 9 | code)."""
    cdef Game g = Game.from_order(order)
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


cdef class Game:
    """One deal of two-seat durak; build it with from_seed, from_order or from_rng.

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
    def from_seed(seed, number=1):
        """The spec's deal: a 32-byte seed (bytes, or ASCII text: `kozyr.durak.seeds.seed_bytes`) and a
        deal number from 1.

        The deal number is any integer (numpy ints too) of at most 40 digits.
        Refusals in the rules' order: no_seed, then bad_deal.
        """
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
        st_deal_seed_text(&g.st, sp, np_, len(num))
        return g

    @staticmethod
    def from_order(cards):
        """A deal from 36 distinct durak cards in shuffled order (card ints, numpy ints included, or names).

        Refusals are KozyrError("bad_order") naming the position.
        """
        cdef int order[36]
        cdef uint64_t seen = 0
        cdef int i, c
        if isinstance(cards, (str, bytes)):
            raise KozyrError("bad_order", f"{shown(cards)} is not a sequence of 36 cards", value=cards)
        try:
            items = list(cards)
        except Exception:
            raise KozyrError("bad_order", f"{shown(cards)} is not a sequence of 36 cards", value=cards) from None
        if len(items) != 36:
            raise KozyrError("bad_order", f"a deal needs 36 cards, got {len(items)}", value=cards)
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
            if card is None or not 0 <= card < 64 or not (DECK36 >> <int>card) & 1:
                raise KozyrError("bad_order", f"position {i}: {shown(x)} is not a durak card (ranks 6..A)",
                                 value=x, index=i)
            c = card
            if (seen >> c) & 1:
                raise KozyrError("bad_order", f"position {i}: card {card_name(c)} appears twice", value=x, index=i)
            seen |= card_bit(c)
            order[i] = c
        cdef Game g = _new_game()
        st_deal_order(&g.st, order)
        return g

    @staticmethod
    def from_rng(seed):
        """A deal from the fast splitmix64 generator (NOT the spec's shuffle)."""
        cdef uint64_t rng = <uint64_t>(whole("seed", seed) & 0xFFFFFFFFFFFFFFFF)
        cdef Game g = _new_game()
        st_deal_rng(&g.st, &rng)
        return g

    @staticmethod
    def replay(seed, moves, number=1):
        """Deal from the seed and apply (seat, move) pairs; IllegalMove at the first refusal."""
        cdef Game g = Game.from_seed(seed, number)
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

    def determinize(self, seat, memory, rng):
        """A copy of this deal as `seat` might imagine it: the cards it has not seen dealt anew.

        `memory` is that seat's `kozyr.durak.memory.Memory`; `rng` a 64-bit int
        that fixes the draw. The copy keeps the seat's hand, the bout, the
        counts, the heap, the cards the memory knows to be in the other hand and
        the talon's bottom card; the rest of the other hand and the talon order
        are drawn from the unseen cards, every arrangement equally likely (when
        the other seat is on turn, among those that leave it a move). It is
        built from the seat's view and the memory alone (rung 4 plays on such
        copies). Its move log is empty: it was never dealt from a seed. A memory that does not fit
        the seat's view (`Memory.check`: a card in two places, another turn-up, counts that do not
        add up ...) is a bad_memory KozyrError naming the memory's field; nothing is drawn.
        """
        cdef int s = _seat_index(seat)
        cdef DView v
        cdef Memory m
        cdef uint64_t r = <uint64_t>(whole("rng", rng) & 0xFFFFFFFFFFFFFFFF)
        cdef Game g
        cdef int legal[MAX_LEGAL]
        cdef int tries
        if s > 1:
            raise IllegalMove("not_your_turn", f"seat {shown(seat)} does not exist: seats are 0 and 1", seat=seat)
        if memory.seat != s:
            raise KozyrError("bad_memory", f"the memory is seat {shown(memory.seat)}'s, not seat {s}'s", field="seat",
                             value=memory.seat)
        memory.check(self.view(s))     # a memory that does not fit the view: bad_memory naming the field
        mem_from_tuple(&m, memory.packed())
        st_view(&self.st, s, &v)
        g = _new_game()
        # with the other seat on turn the seat knows it has a choice (else the engine would have
        # moved on): a draw that leaves it none is drawn again
        for tries in range(10000):
            if dt_build(&g.st, &v, &m, &r) != 0:
                raise KozyrError("bad_memory", f"the memory does not fit seat {s}'s view at ply {v.ply}: "
                                 "its unseen cards are not the other hand's unknown cards plus the talon",
                                 field="memory")
            if v.turn < 0 or v.turn == s or st_legal(&g.st, legal) > 0:
                return g
        raise KozyrError("bad_memory", f"no draw of the unseen cards gives seat {1 - s} a move at ply {v.ply}",
                         field="memory")

    def __reduce__(self):
        """Pickle as the dealt order and the move log (replayed on load). A determinized copy was
        never dealt (it has no order to replay): refused here, not at load (bad_pickle)."""
        cdef int i
        for i in range(36):
            if not (DECK36 >> self.st.order[i]) & 1:
                raise KozyrError("bad_pickle", "a determinized Game was never dealt, so it has no order and move "
                                 "log to pickle: pickle the game, the memory and the rng it was drawn from")
        return (_rebuild, (self.order, tuple([self.hist[i] for i in range(self.nhist)])))

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
        cdef State t = self.st
        cdef int r = st_apply(&t, _seat_index(seat), _move_code(move), NULL)
        return CODES[r - 1] if r else None

    def view(self, seat):
        """What `seat` (0 or 1) may see: a `GameView`, one consistent snapshot.

        The engine's view struct is filled from the State in one step of C (the
        GIL held, so no other thread's move can land in between), and the view
        keeps its own copy: a view taken while another thread applies moves is
        the position before or after a move, never a mix. Its tuples are built
        when read.
        """
        cdef int s = _seat_index(seat)
        cdef DView v
        if s > 1:
            raise IllegalMove("not_your_turn", f"seat {shown(seat)} does not exist: seats are 0 and 1", seat=seat)
        st_view(&self.st, s, &v)
        return GameView.wrap(&v)

    # -- properties -----------------------------------------------------------
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
        """Result(outcome, fool) once the deal is over, else None."""
        return result_of(self.st.outcome, self.st.fool)

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
        """The 36 cards in the shuffled order as dealt."""
        return tuple([self.st.order[i] for i in range(36)])

    @property
    def history(self):
        """The applied moves as (seat, Move)."""
        return tuple([(self.hist[i] >> 9, move_of(self.hist[i] & 511)) for i in range(self.nhist)])

    @property
    def events(self):
        """Every event so far, rebuilt by replaying the move log from the dealt order."""
        cdef State t
        cdef Sink sink
        cdef int order[36]
        cdef int i, j, h
        for i in range(36):
            order[i] = self.st.order[i]
        st_deal_order(&t, order)
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
        return (CardSet.wrap(self.st.hand[0]), CardSet.wrap(self.st.hand[1]))

    @property
    def talon(self):
        """The cards left in the talon, in draw order (the turn-up or the swapped six last)."""
        return tuple([st_talon_card(&self.st, k) for k in range(self.st.drawn, 24)])

    @property
    def heap(self):
        return self.st.heap

    @property
    def heap_cards(self):
        return CardSet.wrap(self.st.heap_cards)

    @property
    def table(self):
        """Every card on the table."""
        return CardSet.wrap(self.st.table)

    @property
    def bout(self):
        return bout_of(&self.st.bout)

    @property
    def six_owner(self):
        """The seat holding the right to exchange the trump six, or None."""
        return None if self.st.six_owner < 0 else self.st.six_owner

    def __repr__(self):
        t = st_turn(&self.st)
        return (f"<durak Game ply={self.st.ply} phase={PHASES[st_phase(&self.st)]} "
                f"turn={None if t < 0 else t} result={self.result}>")
