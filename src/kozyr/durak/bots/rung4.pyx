"""Rung 4: a durak bot with a determinized search, blind by construction.

The C kernel is `r4_best` in rung4.pxd (inline, so the ladder's nogil loop
compiles it in). This module is its Python face: `best4(view, key)` is the
move rung 4 plays from a `View`, `analyse(view, key)` the same search with
each move's estimated fool probability (an `Analysis`), `solve(view)` the
exact endgame value once the talon is empty (two seats, no transfers), and
`Scratch` the search's reusable scratch memory (the endgame solver's
transposition table, the tree search's nodes) a bot may keep so as not to
allocate it per decision (`Table`, its old name, works until kozyr 0.5 with a
DeprecationWarning: `kozyr.durak.bots` gives it, so that this source reads the view alone). Rung 4 plays every table the rules do (2 to 6 seats, 24 to 52
cards, perevodnoy, teams) and decides from the view alone, as rungs 1 to 3
do: the view carries the seat's public memory (the heap's cards, the cards
known to be in each other hand, the talon's bottom card, the unseen cards),
and the search deals the unseen cards anew from it into every other hand and
the talon; it keeps nothing between decisions. Rung 4's settings are a `kozyr.durak.Params` (their one
home, which every door into rung 4 reads whole: this module, `Rung4Bot` and
the ladder's C loop):

- K: determinizations per decision (default 128), so K x (the legal moves) playouts;
- PLAYOUT: the rung (1..3, default 3) that plays the searching seat (and, in
  the deals of that model, every other seat) to the end of every imagined
  deal, with every setting of rungs 2 and 3 in the Params;
- OPPONENTS: the models of the other seats' play in the imagined deals, a
  mask (1 the playout rung, 2 rung 2, 4 the panel's taker, 8 its hoarder;
  16: the playout rung in every other deal), taken in turn by the deals;
- MICROS: a time budget per decision in microseconds (default 0, none: K
  alone bounds the search and the move is deterministic);
- TREE: 0 the flat search; else (default 70), at two seats, a tree search
  over as many playouts (rung4.pxd, r4_tree), TREE / 100 its UCB's
  exploration constant;
- IN_TREE: with the tree, 1 (the default) the other seat plays the deal's
  opponent style inside the tree too, 2 its model in every deal, 0 only past
  the tree's edge;
- BELIEF: the share (in %) of the imagined deals made to fit what the other
  seats declined to beat in suit (the view's `declined`; default 100, every deal);
- ENDGAME (default 1, on): solve exactly once the talon is empty, within
  BUDGET solver nodes a decision (past it, the flat search decides); at two
  seats without transfers only (the solver is a two-player search).

A long search stops promptly: Ctrl-C reaches `best4` and `solve` within a few
milliseconds (the search looks at it every few imagined deals and every 4,096
solver nodes) and raises KeyboardInterrupt; the ladder's C loop stops it with
its stop flag.

Blind: every function here reads a View and nothing else; the imagined deals
it plays on are built from it (tests/durak/bots/test_blind.py reads this source).
"""
from libc.stdint cimport uint64_t

from kozyr.cards cimport card_bit, deck_mask, popcount

from kozyr.durak.core.determinize cimport dt_build_public
from kozyr.durak.core.rules cimport st_legal, st_turn
from kozyr.durak.core.state cimport State
from kozyr.durak.core.view cimport MAX_LEGAL, OPT_PEREVODNOY, Ask, DView
from kozyr.durak.bots.rung4 cimport (
    R4_AS_HOARDER, R4_AS_RUNG2, R4_AS_TAKER, R4_STOPPED, R4_UNSOLVED, R4Params, R4Scratch, R4Stats, r4_best, r4_flat, r4_params, r4_rng,
    r4_alloc, r4_release, r4_scratch, r4_search, r4_solvable, r4_solve, r4_style,
)
from kozyr.durak.bots.rungs cimport ask_of, fill_view
from kozyr.durak.bots._stop cimport poll_context, poll_signals

from kozyr.durak._moved import warn_old_name
from kozyr.durak.bots.analysis import Analysis, Estimate
from kozyr.durak.moves import Move
from kozyr.durak.params import PARAM_RANGES as _RANGES
from kozyr.durak.params import Params
from kozyr.errors import KozyrError, shown, whole

__all__ = ["best4", "analyse", "solve", "Scratch", "K", "PLAYOUT", "ENDGAME", "BUDGET", "PARAM_RANGES"]

# Rung 4's defaults and ranges, read from Params (their one home)
K = Params().K
PLAYOUT = Params().PLAYOUT
ENDGAME = bool(Params().ENDGAME)
BUDGET = Params().BUDGET
PARAM_RANGES = {name: _RANGES[name] for name in ("K", "PLAYOUT", "ENDGAME", "BUDGET")}


cdef class Scratch:
    """The search's reusable scratch memory: the endgame solver's transposition table (2**16
    entries, about 2 MB) and the tree search's nodes (2**15, 1 MB, given the first time a tree
    search uses it). Its own name, not "table": in kozyr a table is a `Rules` of N seats.

    `best4` empties it at every decision (a new generation, in constant time),
    so a move depends on the view, the key and the settings alone, never on
    what the scratch held: a scratch only saves allocating one per decision.
    `solve` keeps its entries across calls; they are exact values of one
    seat's endgames, and a scratch used for both seats, or for several deals,
    keeps them apart (the seat and the trump are in the key), but `clear()`
    at a new deal keeps it from filling with positions that will not come
    again. One scratch serves one search at a time (not two threads at once).
    """
    cdef R4Scratch sc

    def __cinit__(self):
        r4_scratch(&self.sc, NULL)
        if r4_alloc(&self.sc, 1, 0) != 0:
            raise MemoryError()

    def __dealloc__(self):
        r4_release(&self.sc)

    def clear(self):
        """Forget every entry (a new deal)."""
        self.sc.gen += 1

    @property
    def nodes(self):
        """Solver nodes of the last decision that reached the solver."""
        return self.sc.nodes

    def _playouts_general(self, bint on):
        """A test hook: with `on`, searches with this scratch play every playout through the
        rules' State, none in the duel (tests/durak/bots/test_rung4.py: the same moves either way)."""
        self.sc.general = on


cdef Scratch _old_table(object table, Scratch scratch, str where):
    """The Scratch given as `table=`, the old name of `scratch=` (works until kozyr 0.5, with a
    DeprecationWarning); both at once is a TypeError, as a keyword given twice is."""
    if scratch is not None:
        raise TypeError(f"{where}() got both scratch= and table=, its old name")
    warn_old_name(f"kozyr.durak.bots.rung4.{where}(table=...)", f"kozyr.durak.bots.rung4.{where}(scratch=...)", 2)
    return <Scratch?>table


cdef R4Scratch *_scratch(R4Scratch *local, Scratch scratch, list errors, bint tree=0) except NULL:
    """The scratch memory of one call: the Scratch's (kept across calls; given the tree search's
    pool when `tree`) or a local one without a transposition table, polling for Ctrl-C (a signal
    handler's exception goes to `errors`)."""
    cdef R4Scratch *sc
    if scratch is not None:
        sc = &scratch.sc
        if r4_alloc(sc, 0, tree) != 0:
            raise MemoryError()
    else:
        r4_scratch(local, NULL)
        sc = local
    sc.stop = NULL
    sc.poll = poll_signals
    sc.ctx = poll_context(errors)
    return sc


cdef int _view(DView *d, object view) except -1:
    """A View into the struct (every number range-checked), then checked as a position the
    search can play from: a forged view is a KozyrError, never a KeyError or a wrong move. Any
    table the rules play (2 to 6 seats, 24 to 52 cards, every option): the view says which."""
    fill_view(d, view)
    if d.over or d.turn < 0:
        if d.nlegal:
            raise KozyrError("bad_view", "a view of a finished deal lists legal moves", field="legal")
    elif d.turn != d.seat and d.nlegal:
        raise KozyrError("bad_view", f"the view lists legal moves for seat {d.seat}, but seat {d.turn} is on turn",
                         field="legal")
    elif d.turn == d.seat and not d.nlegal:
        raise KozyrError("bad_view", f"seat {d.seat} is on turn at ply {d.ply} with no legal move", field="legal")
    _public(d)
    if d.nlegal:
        _fits(d)
    return 0


cdef int _fits(const DView *d) except -1:
    """The seat on turn's legal moves are those of the position its view shows (they follow from
    its hand and the public position alone, so any deal imagined from the view lists them): a
    forged list, or a table the listed seat is not on turn at, is a bad_view KozyrError before
    the search plays a move the position does not have."""
    cdef State s
    cdef uint64_t rng = 0
    cdef int legal[MAX_LEGAL]
    cdef int n, i
    if dt_build_public(&s, d, &rng) != 0:
        _unfit(d)
    if st_turn(&s) != d.seat:
        raise KozyrError("bad_view", f"seat {d.seat}'s view at ply {d.ply} does not add up: its bout puts seat "
                         f"{st_turn(&s)} on turn", field="bout")
    n = st_legal(&s, legal)
    for i in range(n):
        if i >= d.nlegal or legal[i] != d.legal[i]:
            n = -1
            break
    if n != d.nlegal:
        raise KozyrError("bad_view", f"seat {d.seat}'s view at ply {d.ply} does not add up: its legal moves are "
                         "not the position's", field="legal")
    return 0


cdef int _public(const DView *d) except -1:
    """The view's public memory checked against the rest of it (what a Memory was checked
    against before rung 4 read the view alone): the hand, the table, the heap's cards, the
    cards known in the other seats and the talon's bottom card are cards of the game in
    disjoint places, as many as the counts say, and the unseen cards are the rest; a bad_view
    KozyrError names the field that does not fit."""
    cdef int me = d.seat, i, k, j
    cdef int six = 16 * d.trump + 15 - (d.deck_size >> 2), others = 0
    cdef uint64_t cards = deck_mask(d.deck_size)
    cdef uint64_t bout_cards = 0, seen, known = 0, bottom = card_bit(d.bottom) if d.bottom >= 0 else 0
    cdef uint64_t places[5]
    for i in range(d.bout.size):
        bout_cards |= card_bit(d.bout.attack[i])
        if d.bout.beat[i] >= 0:
            bout_cards |= card_bit(d.bout.beat[i])
    for i in range(d.nseats):
        if i != me:
            if d.known[i] & known:
                _bad(d, "known", f"a card is known in seat {i}'s hand and another's")
            known |= d.known[i]
    places[0], places[1], places[2], places[3], places[4] = d.hand, bout_cards, d.heap_cards, known, bottom
    for k in range(5):
        if places[k] & ~cards:
            _bad(d, _PLACES[k], f"holds a card that is not one of the {d.deck_size}")
        for j in range(k):
            if places[k] & places[j]:
                _bad(d, _PLACES[k], f"shares a card with the {_PLACES[j]}")
    if popcount(bout_cards) != d.bout.size + _beaten(d):
        _bad(d, "bout", "a card is on the table twice")
    if popcount(d.hand) != d.count[me]:
        _bad(d, "hand", f"it holds {popcount(d.hand)} cards, the count says {d.count[me]}")
    if popcount(d.heap_cards) != d.heap:
        _bad(d, "heap_cards", f"{popcount(d.heap_cards)} cards, the heap counts {d.heap}")
    if d.known[me] & ~d.hand:
        _bad(d, "known", "the seat's own known cards are not all in its hand")
    for i in range(d.nseats):
        if i != me:
            if popcount(d.known[i]) > d.count[i]:
                _bad(d, "known", f"{popcount(d.known[i])} cards known in a hand of {d.count[i]}")
            others += d.count[i]
    if popcount(d.hand) + popcount(bout_cards) + d.heap + others + d.talon != d.deck_size:
        _bad(d, "counts", f"the hand, the other seats' counts, the table, the heap and the talon are not "
                          f"{d.deck_size} cards")
    if (d.talon > 0) != (d.bottom >= 0):
        _bad(d, "bottom", "a talon has a bottom card, an empty one none")
    if d.bottom >= 0 and (d.bottom >> 4 != d.trump or (d.turnup >= 0 and d.bottom != d.turnup)
                          or (d.turnup < 0 and d.bottom != six)):
        _bad(d, "bottom", "the talon's bottom card is the turn-up (the low trump after the exchange)")
    seen = d.hand | bout_cards | d.heap_cards | known | bottom
    if d.unseen != cards & ~seen:
        _bad(d, "unseen", "the unseen cards are not the cards the seat has not seen")
    return 0


cdef tuple _PLACES = ("hand", "bout", "heap_cards", "known", "bottom")


cdef int _beaten(const DView *d):
    cdef int i, n = 0
    for i in range(d.bout.size):
        n += d.bout.beat[i] >= 0
    return n


cdef int _bad(const DView *d, str name, str why) except -1:
    raise KozyrError("bad_view", f"seat {d.seat}'s view at ply {d.ply} does not add up: its {name}: {why}",
                     field=name)


def best4(view, key, params=None, *, Scratch scratch=None, table=None):
    """The move rung 4 plays from `view`, or None without a legal move.

    `key` (a 64-bit int) fixes the draws: the same view, key and settings
    give the same move, whatever came before. `params` is a `Params` (or a mapping of
    NAME: value; None: the defaults): K, PLAYOUT, ENDGAME and BUDGET, and
    the rung-2/3 settings its playouts read. `scratch` is the `Scratch` to
    search in (emptied first; a fresh one is made otherwise when the search
    needs one; `table=` is its old name, until kozyr 0.5). A view whose public memory does not add
    up (its unseen cards are not the other hand's unknown cards plus the talon
    above its bottom card) is a bad_view KozyrError. The GIL is released while it searches;
    Ctrl-C stops it within milliseconds (KeyboardInterrupt).
    """
    cdef DView d
    cdef R4Params p
    cdef uint64_t kk = <uint64_t>(whole("key", key, -(1 << 63), (1 << 64) - 1) & 0xFFFFFFFFFFFFFFFF)
    cdef int mv
    cdef R4Scratch local
    cdef R4Scratch *sc
    cdef list stop = []
    settings = Params.of(params)
    r4_params(&p, settings.as_tuple())
    if table is not None:
        scratch = _old_table(table, scratch, "best4")
    _view(&d, view)
    if scratch is None and _needs_scratch(&d, &p):
        scratch = Scratch()
    sc = _scratch(&local, scratch, stop, _tree(&d, &p))
    with nogil:
        mv = r4_best(&d, &p, kk, sc)
    sc.poll = NULL
    if mv == R4_STOPPED:
        raise stop[0] if stop else KeyboardInterrupt()
    if mv == -2:
        _unfit(&d)
    return None if mv < 0 else Move.from_code(mv)


cdef bint _tree(const DView *d, const R4Params *p):
    """Whether the search from d plays the tree search (TREE set, two seats, a choice to make)."""
    return p.tree != 0 and d.nseats == 2 and d.nlegal > 1


cdef bint _needs_scratch(const DView *d, const R4Params *p):
    """Whether a search from d needs a Scratch: the endgame solver's table, or the tree search's pool."""
    return (p.endgame and d.talon == 0 and d.nlegal > 1 and r4_solvable(d)) or _tree(d, p)


cdef int _unfit(const DView *d) except -1:
    raise KozyrError("bad_view", f"seat {d.seat}'s view at ply {d.ply} does not add up: its unseen cards are "
                     "not the other hand's unknown cards plus the talon above its bottom card", field="unseen")


def analyse(view, key, params=None, *, Scratch scratch=None, table=None):
    """Each legal move of the seat on turn with its estimated fool probability: an `Analysis`.

    The search `best4(view, key, params)` makes, with its working shown: for
    every legal move the share of the imagined deals played after it that the
    seat (its team, with teams) lost (`Estimate.fool`) and drew, their number
    (`samples`, K; one cycle of the opponent models when every draw is the same deal), and the endgame solver's
    exact value where it found one; `Analysis.best` is best4's move for the same
    view, key and settings (the move of the smallest `Estimate.rank`). Moves the
    bot's search did not need (a forced move, the moves after a proven win) are
    estimated after its choice, from the same draws, so that every move has an
    estimate. A view whose seat is not on turn is a not_your_turn KozyrError,
    a forged view a bad_view one.
    """
    cdef DView d
    cdef R4Params p
    cdef R4Stats st
    cdef uint64_t kk = <uint64_t>(whole("key", key, -(1 << 63), (1 << 64) - 1) & 0xFFFFFFFFFFFFFFFF)
    cdef uint64_t rng
    cdef bint keep[MAX_LEGAL]
    cdef int mv, j, more = 0, extra = 0
    cdef R4Scratch local
    cdef R4Scratch *sc
    cdef list stop = []
    settings = Params.of(params)
    r4_params(&p, settings.as_tuple())
    if table is not None:
        scratch = _old_table(table, scratch, "analyse")
    _view(&d, view)
    if d.over or d.turn != d.seat:
        raise KozyrError("not_your_turn", f"seat {d.seat} is not on turn at ply {d.ply}: there is no move to "
                         "analyse", field="view")
    if scratch is None and _needs_scratch(&d, &p):
        scratch = Scratch()
    sc = _scratch(&local, scratch, stop, _tree(&d, &p))
    rng = r4_rng(&d, kk)
    with nogil:
        mv = r4_search(&d, &p, &rng, sc, &st)
        if mv >= 0:
            # the moves the bot's search did not need (a forced move, those after a proven win):
            # estimated after its choice, so the choice is the bot's
            for j in range(d.nlegal):
                keep[j] = st.samples[j] == 0 and st.value[j] == R4_UNSOLVED
                more += keep[j]
            if more:
                extra = r4_flat(&d, &p, &rng, keep, sc, &st)
    sc.poll = NULL
    if mv == R4_STOPPED or extra == R4_STOPPED:
        raise stop[0] if stop else KeyboardInterrupt()
    if mv == -2 or extra == -2:
        _unfit(&d)
    out = []
    for j in range(d.nlegal):
        n = st.samples[j]
        value = None if st.value[j] == R4_UNSOLVED else st.value[j]
        if n:
            fool = st.fools[j] / n
            draw = (2 * (n - st.fools[j]) - st.score[j]) / n
        else:
            fool, draw = (1.0 if value == -1 else 0.0), (1.0 if value == 0 else 0.0)
        out.append(Estimate(Move.from_code(d.legal[j]), fool, draw, n, value))
    return Analysis(d.seat, d.ply, tuple(out), Move.from_code(mv))


def solve(view, *, budget=BUDGET, Scratch scratch=None, table=None):
    """The exact value of the seat's position once the talon is empty, and a move that reaches it.

    (value, move): value 1 the seat wins with best play, 0 a draw, -1 it loses;
    move None when the seat is not on turn. None past `budget` nodes. Ctrl-C
    stops it within milliseconds (KeyboardInterrupt).
    """
    cdef DView d
    cdef State s
    cdef uint64_t rng = 0
    cdef int mv = -1, val
    cdef R4Scratch *sc
    cdef list stop = []
    cdef long nodes = whole("budget", budget, *PARAM_RANGES["BUDGET"])
    if table is not None:
        scratch = _old_table(table, scratch, "solve")
    _view(&d, view)
    if d.over:
        raise KozyrError("bad_view", "the deal is over: there is nothing to solve", field="over")
    if d.talon != 0:
        raise KozyrError("bad_view", f"the endgame starts once the talon is empty: it holds {d.talon}",
                         field="talon", value=d.talon)
    if not r4_solvable(&d):
        raise KozyrError("bad_view", "the endgame solver plays two seats without transfers: this view's table "
                         f"has {d.nseats} seats{' and transfers' if d.opts & OPT_PEREVODNOY else ''}", field="rules")
    if scratch is None:
        scratch = Scratch()
    if dt_build_public(&s, &d, &rng) != 0:
        _unfit(&d)
    sc = _scratch(NULL, scratch, stop)
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


def _style(view, str name, params=None):
    """The move the playouts' opponent model `name` ("rung2", "taker" or "hoarder") makes from
    `view` (its seat on turn), or None without a legal move: what the search imagines the other
    seat playing in a third of its deals, shown so that a test can hold the models to the panel
    bots whose style they copy."""
    cdef DView d
    cdef R4Params p
    cdef Ask a
    cdef int mv
    cdef int model = {"rung2": R4_AS_RUNG2, "taker": R4_AS_TAKER, "hoarder": R4_AS_HOARDER}[name]
    r4_params(&p, Params.of(params).as_tuple())
    _view(&d, view)
    if d.nlegal <= 0:
        return None
    ask_of(&d, &a)
    mv = r4_style(&a, model, &p)
    return None if mv < 0 else Move.from_code(mv)

