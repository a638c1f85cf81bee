"""Rung 4: a durak bot with a memory and a determinized search, blind by construction.

The C kernel is `r4_best` in rung4.pxd (inline, so the ladder's nogil loop
compiles it in). This module is its Python face: `best4(view, memory, key)`
is the move rung 4 plays from a `View` and the seat's `Memory`
(kozyr.durak.memory), `solve(view, memory)` the exact endgame value once the
talon is empty, and `Table` the transposition table a bot keeps from one
decision to the next. Rung 4's settings are a `kozyr.durak.Params` (their one
home, which every door into rung 4 reads whole: this module, `Rung4Bot` and the
ladder's C loop):

- K: determinizations per decision (default 64);
- PLAYOUT: the rung (1..3, default 3) that plays both seats to the end of
  every imagined deal, with every setting of rungs 2 and 3 in the Params;
- ENDGAME (default 1, on): solve exactly once the talon is empty, within
  BUDGET solver nodes a decision (past it, the flat search decides).

A long search stops promptly: Ctrl-C reaches `best4` and `solve` within a few
milliseconds (the search looks at it every few imagined deals and every 4,096
solver nodes) and raises KeyboardInterrupt; the ladder's C loop stops it with
its stop flag.

Blind: every function here reads a View and a Memory and nothing else; the
imagined deals it plays on are built from those two (tests/durak/test_blind.py
reads this source).
"""
from libc.stdint cimport uint64_t
from libc.stdlib cimport calloc, free

from kozyr.durak.core.determinize cimport dt_build
from kozyr.durak.core.memory cimport Memory, mem_from_tuple
from kozyr.durak.core.state cimport State
from kozyr.durak.core.view cimport DView
from kozyr.durak.rung4 cimport (
    R4_STOPPED, R4_TT_BITS, R4Entry, R4Params, R4Scratch, r4_best, r4_params, r4_scratch, r4_solve,
)
from kozyr.durak.rungs cimport fill_view
from kozyr.durak._stop cimport poll_context, poll_signals

from kozyr.durak.moves import Move
from kozyr.durak.params import PARAM_RANGES as _RANGES
from kozyr.durak.params import Params
from kozyr.errors import KozyrError, shown, whole

__all__ = ["best4", "solve", "Table", "K", "PLAYOUT", "ENDGAME", "BUDGET", "PARAM_RANGES"]

# Rung 4's defaults and ranges, read from Params (their one home)
K = Params().K
PLAYOUT = Params().PLAYOUT
ENDGAME = bool(Params().ENDGAME)
BUDGET = Params().BUDGET
PARAM_RANGES = {name: _RANGES[name] for name in ("K", "PLAYOUT", "ENDGAME", "BUDGET")}


cdef class Table:
    """A transposition table for the endgame solver (2**16 entries, about 2 MB), kept across decisions.

    Its values are those of one seat's endgames in one deal; a table used for
    both seats, or for several deals, keeps them apart (the seat and the trump
    are in the key), but `clear()` at a new deal keeps it from filling with
    positions that will not come again.
    """
    cdef R4Scratch sc

    def __cinit__(self):
        r4_scratch(&self.sc, <R4Entry *>calloc(1 << R4_TT_BITS, sizeof(R4Entry)))
        if self.sc.tt == NULL:
            raise MemoryError()

    def __dealloc__(self):
        free(self.sc.tt)

    def clear(self):
        """Forget every entry (a new deal)."""
        self.sc.gen += 1

    @property
    def nodes(self):
        """Solver nodes of the last decision that reached the solver."""
        return self.sc.nodes


cdef R4Scratch *_scratch(R4Scratch *local, Table table, list errors):
    """The scratch of one call: the table's (kept across calls) or a local one without a table,
    polling for Ctrl-C (a signal handler's exception goes to `errors`)."""
    cdef R4Scratch *sc
    if table is not None:
        sc = &table.sc
    else:
        r4_scratch(local, NULL)
        sc = local
    sc.stop = NULL
    sc.poll = poll_signals
    sc.ctx = poll_context(errors)
    return sc


cdef int _memory(Memory *m, object memory, object view, const DView *d) except -1:
    """The seat's memory into the C struct, once it is checked against the view
    (`Memory.check`: a card in two places, another turn-up or trump, counts that do not add
    up ... are a bad_memory KozyrError naming the field)."""
    if memory.seat != d.seat:
        raise KozyrError("bad_memory", f"the memory is seat {shown(memory.seat)}'s, the view seat {d.seat}'s",
                         field="seat", value=memory.seat)
    memory.check(view)
    mem_from_tuple(m, memory.packed())
    return 0


cdef int _view(DView *d, object view) except -1:
    """A View into the struct (every number range-checked), then checked as a position the
    search can play from: a forged view is a KozyrError, never a KeyError or a wrong move. Rung 4
    plays the two-seat game only (its memory and search know two seats and 36 cards)."""
    fill_view(d, view)
    if d.nseats != 2 or d.deck_size != 36 or d.opts != 0:
        raise KozyrError("bad_view", "rung 4 plays the two-seat game (Rules()) only: its memory and search "
                         "know two seats and 36 cards", field="rules")
    if d.over or d.turn < 0:
        if d.nlegal:
            raise KozyrError("bad_view", "a view of a finished deal lists legal moves", field="legal")
    elif d.turn != d.seat and d.nlegal:
        raise KozyrError("bad_view", f"the view lists legal moves for seat {d.seat}, but seat {d.turn} is on turn",
                         field="legal")
    return 0


def best4(view, memory, key, params=None, *, Table table=None):
    """The move rung 4 plays from `view` and the seat's `memory`, or None without a legal move.

    `key` (a 64-bit int) fixes the draws: the same view, memory, key and
    settings give the same move. `params` is a `Params` (or a mapping of
    NAME: value; None: the defaults): K, PLAYOUT, ENDGAME and BUDGET, and
    the rung-2/3 settings its playouts read. `table` keeps the endgame
    solver's table across decisions (a fresh one is made otherwise; without
    the endgame switch none is used). The GIL is released while it searches;
    Ctrl-C stops it within milliseconds (KeyboardInterrupt).
    """
    cdef DView d
    cdef Memory m
    cdef R4Params p
    cdef uint64_t kk = <uint64_t>(whole("key", key, -(1 << 63), (1 << 64) - 1) & 0xFFFFFFFFFFFFFFFF)
    cdef int mv
    cdef R4Scratch local
    cdef R4Scratch *sc
    cdef list stop = []
    settings = Params.of(params)
    r4_params(&p, settings.as_tuple())
    _view(&d, view)
    _memory(&m, memory, view, &d)
    if table is None and p.endgame and d.talon == 0 and d.nlegal > 1:
        table = Table()
    sc = _scratch(&local, table, stop)
    with nogil:
        mv = r4_best(&d, &m, &p, kk, sc)
    sc.poll = NULL
    if mv == R4_STOPPED:
        raise stop[0] if stop else KeyboardInterrupt()
    if mv == -2:
        raise KozyrError("bad_memory", f"the memory does not fit seat {d.seat}'s view at ply {d.ply}",
                         field="memory")
    return None if mv < 0 else Move.from_code(mv)


def solve(view, memory, *, budget=BUDGET, Table table=None):
    """The exact value of the seat's position once the talon is empty, and a move that reaches it.

    (value, move): value 1 the seat wins with best play, 0 a draw, -1 it loses;
    move None when the seat is not on turn. None past `budget` nodes. Ctrl-C
    stops it within milliseconds (KeyboardInterrupt).
    """
    cdef DView d
    cdef Memory m
    cdef State s
    cdef uint64_t rng = 0
    cdef int mv = -1, val
    cdef R4Scratch *sc
    cdef list stop = []
    cdef long nodes = whole("budget", budget, *PARAM_RANGES["BUDGET"])
    _view(&d, view)
    _memory(&m, memory, view, &d)
    if d.over:
        raise KozyrError("bad_view", "the deal is over: there is nothing to solve", field="over")
    if d.talon != 0:
        raise KozyrError("bad_view", f"the endgame starts once the talon is empty: it holds {d.talon}",
                         field="talon", value=d.talon)
    if table is None:
        table = Table()
    if dt_build(&s, &d, &m, &rng) != 0:
        raise KozyrError("bad_memory", f"the memory does not fit seat {d.seat}'s view at ply {d.ply}",
                         field="memory")
    sc = _scratch(NULL, table, stop)
    sc.budget = nodes
    sc.nodes = 0
    sc.aborted = 0
    sc.halted = 0
    sc.ticks = 0
    with nogil:
        val = r4_solve(&s, d.seat, -1, 1, sc, &mv)
    sc.poll = NULL
    if sc.halted:
        raise stop[0] if stop else KeyboardInterrupt()
    if sc.aborted:
        return None
    return val, (Move.from_code(mv) if d.nlegal else None)
