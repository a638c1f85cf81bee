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

from kozyr.durak.core.determinize cimport dt_build
from kozyr.durak.core.memory cimport Memory, mem_event, mem_from_tuple, mem_start, mem_to_tuple
from kozyr.durak.core.state cimport State
from kozyr.durak.core.view cimport DView
from kozyr.durak.rung4 cimport R4_TT_BITS, R4Entry, R4Params, R4Scratch, r4_best, r4_solve
from kozyr.durak.rungs cimport fill_view, params_from

from kozyr.durak.moves import Move
from kozyr.durak.params import Params
from kozyr.durak.rungs import checked_int
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


cdef int _params(R4Params *p, k, playout, endgame, budget, deep_talon, cheap_power) except -1:
    """Rung 4's settings; its playouts are the rules' rung with these two thresholds (every
    other rung setting at its default: a `Params` validates the two)."""
    p.k = checked_int("k", k, *PARAM_RANGES["K"])
    p.playout = checked_int("playout", playout, *PARAM_RANGES["PLAYOUT"])
    if not isinstance(endgame, bool):
        raise KozyrError("bad_param", f"endgame={shown(endgame)} is not a bool", field="endgame", value=endgame)
    p.endgame = endgame
    p.budget = checked_int("budget", budget, *PARAM_RANGES["BUDGET"])
    playouts = Params(DEEP_TALON=checked_int("deep_talon", deep_talon, -(1 << 30), 1 << 30),
                      CHEAP_POWER=checked_int("cheap_power", cheap_power, -(1 << 30), 1 << 30))
    params_from(&p.p, playouts.as_tuple())
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
    cdef uint64_t kk = <uint64_t>(checked_int("key", key, -(1 << 63), (1 << 64) - 1) & 0xFFFFFFFFFFFFFFFF)
    cdef int mv
    cdef R4Scratch *sc
    _params(&p, k, playout, endgame, budget, deep_talon, cheap_power)
    fill_view(&d, view)
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
    fill_view(&d, view)
    _memory(&m, memory, &d)
    if d.over:
        raise KozyrError("bad_view", "the deal is over: there is nothing to solve", field="over")
    if d.talon != 0:
        raise KozyrError("bad_view", f"the endgame starts once the talon is empty: it holds {d.talon}",
                         field="talon", value=d.talon)
    if table is None:
        table = Table()
    sc = &table.sc
    sc.budget = checked_int("budget", budget, *PARAM_RANGES["BUDGET"])
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


