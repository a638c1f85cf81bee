"""Rung 4: a durak bot with a memory and a determinized search, blind by construction.

The C kernel is `r4_best` in rung4.pxd (inline, so the ladder's nogil loop
compiles it in). This module is its Python face: `best4(view, memory, key)`
is the move rung 4 plays from a `View` and the seat's `Memory`
(kozyr.durak.memory), `solve(view, memory)` the exact endgame value once the
talon is empty, and `Table` the transposition table a bot keeps from one
decision to the next. Rung 4's settings:

- K (`k`): determinizations per decision (default 64);
- the playout rung (`playout`, 1..3, default 3) that plays both seats to the
  end of every imagined deal, with the rung-3 thresholds deep_talon and
  cheap_power;
- the endgame switch (`endgame`, default on): solve exactly once the talon
  is empty, within `budget` solver nodes a decision (past it, the flat search
  decides).

Blind: every function here reads a View and a Memory and nothing else; the
imagined deals it plays on are built from those two (tests/durak/test_blind.py
reads this source).
"""
from libc.stdint cimport uint64_t
from libc.stdlib cimport calloc, free

from kozyr.durak._determinize cimport dt_build
from kozyr.durak._memory cimport Memory, mem_event, mem_from_tuple, mem_start, mem_to_tuple
from kozyr.durak._state cimport State
from kozyr.durak._view cimport MAX_BOUT, MAX_LEGAL, MV_TAKE, OUT_NONE, DView
from kozyr.durak.rung4 cimport R4_TT_BITS, R4Entry, R4Params, R4Scratch, r4_best, r4_solve

from operator import index

from kozyr.durak.codes import PHASES
from kozyr.durak.moves import Move
from kozyr.errors import KozyrError, shown

__all__ = ["best4", "solve", "Table", "K", "PLAYOUT", "ENDGAME", "BUDGET", "PARAM_RANGES"]

K = 64
PLAYOUT = 3
ENDGAME = True
BUDGET = 20000
# The meaningful ranges of rung 4's settings (the thresholds are rung 3's: rungs.PARAM_RANGES)
PARAM_RANGES = {"K": (1, 1 << 16), "PLAYOUT": (1, 3), "BUDGET": (0, 1 << 30)}


cdef class Table:
    """A transposition table for the endgame solver (2**16 entries, about 2 MB), kept across decisions.

    Its values are those of one seat's endgames; a table used for both seats
    keeps them apart (the seat is in the key).
    """
    cdef R4Scratch sc

    def __cinit__(self):
        self.sc.tt = <R4Entry *>calloc(1 << R4_TT_BITS, sizeof(R4Entry))
        if self.sc.tt == NULL:
            raise MemoryError()
        self.sc.gen = 1
        self.sc.nodes = 0
        self.sc.budget = 0
        self.sc.aborted = 0

    def __dealloc__(self):
        free(self.sc.tt)

    def clear(self):
        """Forget every entry (a new deal)."""
        self.sc.gen += 1

    @property
    def nodes(self):
        """Solver nodes of the last decision that reached the solver."""
        return self.sc.nodes


def _int(name, value, low, high):
    """value as a plain int in low..high, or a KozyrError naming it."""
    try:
        i = index(value)
    except TypeError:
        raise KozyrError("bad_value", f"{name}={shown(value)} is not an integer", field=name, value=value) from None
    if not low <= i <= high:
        raise KozyrError("bad_value", f"{name}={shown(value)} is outside {low}..{high}", field=name, value=value)
    return int(i)


cdef int _fill(DView *d, object view) except -1:
    """Copy a Python View into the C struct the kernel reads (every number range-checked)."""
    cdef int i, m
    d.seat = _int("seat", view.seat, 0, 1)
    d.ply = _int("ply", view.ply, 0, 1 << 30)
    if view.phase not in PHASES:
        raise KozyrError("bad_view", f"phase {shown(view.phase)} is not one of {', '.join(PHASES)}")
    d.phase = PHASES.index(view.phase)
    d.turn = -1 if view.turn is None else _int("turn", view.turn, 0, 1)
    d.trump = _int("trump", view.trump, 0, 3)
    d.turnup = -1 if view.turnup is None else _int("turnup", view.turnup, 0, 63)
    d.talon = _int("talon", view.talon, 0, 24)
    d.heap = _int("heap", view.heap, 0, 36)
    d.hand = <uint64_t>_int("hand", int(view.hand), 0, 0xFFFFFFFFFFFFFFFF)
    d.count[0] = _int("counts", view.counts[0], 0, 36)
    d.count[1] = _int("counts", view.counts[1], 0, 36)
    d.can_swap = bool(view.can_swap)
    legal = view.legal
    if len(legal) > MAX_LEGAL:
        raise KozyrError("bad_view", f"a view lists {len(legal)} legal moves; at most {MAX_LEGAL} fit")
    d.nlegal = len(legal)
    d.legal_cards = 0
    d.legal_kinds = 0
    for i in range(d.nlegal):
        m = _int("legal move code", legal[i].code, 0, (6 << 6) - 1)
        d.legal[i] = m
        d.legal_kinds |= 1u << (m >> 6)
        if m < (MV_TAKE << 6):
            d.legal_cards |= (<uint64_t>1) << (m & 63)
    d.over = bool(view.over)
    d.outcome = OUT_NONE
    d.fool = -1
    bout = view.bout
    d.bout.attacker = _int("attacker", bout.attacker, 0, 1)
    d.bout.defender = _int("defender", bout.defender, 0, 1)
    d.bout.cap = _int("cap", bout.cap, 0, MAX_BOUT)
    d.bout.size = _int("size", bout.size, 0, MAX_BOUT)
    d.bout.taken = bool(bout.taken)
    d.bout.to_beat = -1 if bout.to_beat is None else _int("to_beat", bout.to_beat, 0, 63)
    pairs = bout.pairs
    if len(pairs) != d.bout.size:
        raise KozyrError("bad_view", f"a bout of size {d.bout.size} lists {len(pairs)} pairs")
    for i in range(MAX_BOUT):
        d.bout.attack[i] = -1
        d.bout.beat[i] = -1
    for i in range(len(pairs)):
        d.bout.attack[i] = _int("attack card", pairs[i][0], 0, 63)
        d.bout.beat[i] = -1 if pairs[i][1] is None else _int("beat card", pairs[i][1], 0, 63)
    return 0


cdef int _params(R4Params *p, k, playout, endgame, budget, deep_talon, cheap_power) except -1:
    from kozyr.durak.rungs import PARAM_RANGES as RUNG_RANGES
    p.k = _int("k", k, *PARAM_RANGES["K"])
    p.playout = _int("playout", playout, *PARAM_RANGES["PLAYOUT"])
    if not isinstance(endgame, bool):
        raise KozyrError("bad_param", f"endgame={shown(endgame)} is not a bool", field="endgame", value=endgame)
    p.endgame = endgame
    p.budget = _int("budget", budget, *PARAM_RANGES["BUDGET"])
    p.p.deep_talon = _int("deep_talon", deep_talon, *RUNG_RANGES["DEEP_TALON"])
    p.p.cheap_power = _int("cheap_power", cheap_power, *RUNG_RANGES["CHEAP_POWER"])
    return 0


cdef int _memory(Memory *m, object memory, const DView *d) except -1:
    if memory.seat != d.seat:
        raise KozyrError("bad_memory", f"the memory is seat {shown(memory.seat)}'s, the view seat {d.seat}'s",
                         field="seat", value=memory.seat)
    mem_from_tuple(m, memory.packed())
    return 0


def best4(view, memory, key, *, k=K, playout=PLAYOUT, endgame=ENDGAME, budget=BUDGET, deep_talon=6,
          cheap_power=3, Table table=None):
    """The move rung 4 plays from `view` and the seat's `memory`, or None without a legal move.

    `key` (a 64-bit int) fixes the draws: the same view, memory and key give
    the same move. `table` keeps the endgame solver's table across decisions
    (a fresh one is made otherwise; without the endgame switch none is used).
    The GIL is released while it searches.
    """
    cdef DView d
    cdef Memory m
    cdef R4Params p
    cdef uint64_t kk = <uint64_t>(_int("key", key, -(1 << 63), (1 << 64) - 1) & 0xFFFFFFFFFFFFFFFF)
    cdef int mv
    cdef R4Scratch *sc
    _params(&p, k, playout, endgame, budget, deep_talon, cheap_power)
    _fill(&d, view)
    _memory(&m, memory, &d)
    if table is None and endgame and d.talon == 0:
        table = Table()
    sc = &table.sc if table is not None else NULL
    with nogil:
        mv = r4_best(&d, &m, &p, kk, sc)
    if mv == -2:
        raise KozyrError("bad_memory", f"the memory does not fit seat {d.seat}'s view at ply {d.ply}",
                         field="memory")
    return None if mv < 0 else Move.from_code(mv)


def solve(view, memory, *, budget=BUDGET, Table table=None):
    """The exact value of the seat's position once the talon is empty, and a move that reaches it.

    (value, move): value 1 the seat wins with best play, 0 a draw, -1 it loses;
    move None when the seat is not on turn. None past `budget` nodes.
    """
    cdef DView d
    cdef Memory m
    cdef State s
    cdef uint64_t rng = 0
    cdef int mv = -1, val
    cdef R4Scratch *sc
    _fill(&d, view)
    _memory(&m, memory, &d)
    if d.over:
        raise KozyrError("bad_view", "the deal is over: there is nothing to solve", field="over")
    if d.talon != 0:
        raise KozyrError("bad_view", f"the endgame starts once the talon is empty: it holds {d.talon}",
                         field="talon", value=d.talon)
    if table is None:
        table = Table()
    sc = &table.sc
    sc.budget = _int("budget", budget, *PARAM_RANGES["BUDGET"])
    if dt_build(&s, &d, &m, &rng) != 0:
        raise KozyrError("bad_memory", f"the memory does not fit seat {d.seat}'s view at ply {d.ply}",
                         field="memory")
    sc.nodes = 0
    sc.aborted = 0
    with nogil:
        val = r4_solve(&s, d.seat, -1, 1, sc, &mv)
    if sc.aborted:
        return None
    return val, (Move.from_code(mv) if d.nlegal else None)


def _memory_replay(view, packed):
    """Test hook: the C memory (`_memory.pxd`) started from `view` (the seat's view at the deal)
    after the packed events (uint32s, _state.pxd's layout), as `Memory.packed()` fields."""
    cdef DView d
    cdef Memory m
    _fill(&d, view)
    if view.turnup is None:
        raise KozyrError("bad_view", "a memory starts from the view at the deal", field="view")
    mem_start(&m, &d)
    for e in packed:
        mem_event(&m, <unsigned int>_int("event", e, 0, 0xFFFFFFFF))
    return mem_to_tuple(&m)
