"""The preferans duplicate ladder: three sides play the same deals in every seating, scored in whists.

Cards decide much of a preferans deal, so a ladder that dealt each side its own cards would measure luck.
Here each deal (a seed and a deal number, the dealer rotating) is played six times, once for every way of
seating the three sides, so each side holds every hand of the deal once in every company. A side's score
for the deal is the mean over the six seatings of what its seat gains in that deal's settlement (the
convention's whists, one deal on a fresh sheet: the sum over the three sides is zero). The per-deal scores
are independent across deals, so the mean and its normal interval over deals are honest.

Besides the score, per side: the contracts it declared and made, misères declared and made, the
whist decisions it took (whist or half-whist against passes) and the all-pass (raspasy) rate of the
deals. Sides are named rungs (``random``, ``rules``, ``montecarlo``), callables ``view -> Move``, factories
``make(seed=...)`` or ``module:attr`` specs read as durak's shell reads them
(:func:`kozyr.durak.ladder.userbots.load`).

A run is one :class:`Chunk` (the sides, the deal numbers, the seed, the convention, the seatings), played
into per-deal rows (:class:`Arrays`) that the figures are summed from in deal order. ``workers`` > 1 plays
deal ranges in worker processes and ``client`` chunks on a Dask cluster (:mod:`kozyr.preferans.cluster`);
a deal depends on its number alone, so the rows, and every figure, are those of one worker. Ctrl-C stops
between deals and the result of the deals finished (from the first, in order) is returned with
``stopped`` set. A bot that raises or answers an illegal move stops the run with one refusal naming the
deal, the seat and the side.
"""
from __future__ import annotations

import itertools
import math
import multiprocessing
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any, NamedTuple

import numpy as np

from kozyr.errors import shown

from .bots import BOTS
from .convention import PRESETS, SOCHI, Convention
from .core.engine import Game
from .errors import PreferansError
from .moves import Move
from .newdeal import checked_convention
from .sheet import Sheet
from .views import View

__all__ = ["LADDER_RUNGS", "SideStats", "LadderResult", "ladder", "play_deal", "resolve_side", "Chunk", "Arrays",
           "play_chunk", "play_deals", "result_of", "rotations", "OUTCOMES", "TALLIES"]

LADDER_RUNGS: Mapping[str, Callable[..., Callable[[View], Move]]] = BOTS
"""The built-in sides by the names a person types: :data:`kozyr.preferans.bots.BOTS`, the one registry."""

SEED = b"kozyr-preferans-ladder".ljust(32)
PERMUTATIONS = tuple(itertools.permutations(range(3)))
NAMES = ("A", "B", "C")


def resolve_side(side: object) -> Callable[[int], Callable[[View], Move]]:
    """A side as a maker ``seed -> bot``: a rung's name, a ``module:attr`` spec, a factory or a bot."""
    if isinstance(side, str):
        if side in LADDER_RUNGS:
            rung = LADDER_RUNGS[side]
            return lambda seed: rung(seed)
        if ":" not in side:
            raise PreferansError("bad_bot", f"side: {shown(side)} is not a rung ({', '.join(LADDER_RUNGS)}) "
                                 "nor module:attr", field="side", value=side)
        from kozyr.durak.ladder.userbots import load
        side = load(side)
    if not callable(side):
        raise PreferansError("bad_bot", f"side: {shown(side)} is not callable", field="side", value=side)
    from kozyr.durak.ladder.userbots import is_factory
    if is_factory(side) or isinstance(side, type):
        made = side
        return lambda seed: _made(made, seed)
    bot = side
    return lambda seed: bot


def _made(make: Callable[..., Any], seed: int) -> Any:
    try:
        return make(seed=seed)
    except TypeError:
        return make()


@dataclass
class SideStats:
    """One side's tallies over the games it sat in (six a deal)."""

    score: float = 0.0              # sum over deals of the deal's mean gain (whists)
    squares: float = 0.0            # sum of squares of the per-deal gains, for the interval
    declared: int = 0
    made: int = 0
    misere: int = 0
    misere_made: int = 0
    whist_calls: int = 0
    whist_decisions: int = 0

    def add(self, other: SideStats) -> None:
        for f in ("score", "squares", "declared", "made", "misere", "misere_made", "whist_calls",
                  "whist_decisions"):
            setattr(self, f, getattr(self, f) + getattr(other, f))


@dataclass
class LadderResult:
    """The ladder's outcome: per side (in the order given) its stats; ``deals`` played in full (six
    seatings each), ``games`` the games, ``raspasy`` of them all-pass, ``stopped`` when Ctrl-C cut it."""

    sides: tuple[str, ...]
    stats: list[SideStats]
    deals: int = 0
    games: int = 0
    raspasy: int = 0
    stopped: bool = False
    outcomes: dict[str, int] = field(default_factory=dict)
    arrays: Arrays | None = None    # the per-deal rows the figures are summed from (deals played in full)

    def whists_per_deal(self, side: int, z: float = 1.96) -> tuple[float, float, float]:
        """(mean, low, high): the side's mean gain a deal and its normal interval over deals."""
        n = self.deals
        if n == 0:
            return 0.0, -math.inf, math.inf
        s = self.stats[side]
        mean = s.score / n
        var = max(0.0, s.squares / n - mean * mean) * n / max(1, n - 1)
        half = z * math.sqrt(var / n)
        return mean, mean - half, mean + half

    def table(self) -> list[list[str]]:
        """Rows for printing: side, whists a deal [interval], contracts made/declared, misère, whist rate."""
        rows = []
        for i, name in enumerate(self.sides):
            s = self.stats[i]
            mean, lo, hi = self.whists_per_deal(i)
            rows.append([name, f"{mean:+.2f} [{lo:+.2f}, {hi:+.2f}]", f"{s.made}/{s.declared}",
                         f"{s.misere_made}/{s.misere}",
                         f"{s.whist_calls}/{s.whist_decisions}"])
        return rows


OUTCOMES = ("raspasy", "misere", "game", "passed", "half_whist", "?")
"""How a game can end, in the order of the outcome codes a chunk's arrays hold."""
TALLIES = ("declared", "made", "misere", "misere_made", "whist_calls", "whist_decisions")
"""A side's counts per deal, in the order of a chunk's tally array."""


class Arrays(NamedTuple):
    """What a chunk of deals leaves, one row a deal: ``gains[d, i]`` side i's mean gain over the deal's
    seatings (whists), ``tallies[d, i]`` its :data:`TALLIES`, ``outcomes[d, g]`` game g's :data:`OUTCOMES`
    code. A deal depends on its number alone, so rows merged by deal number are the arrays of one worker."""

    gains: np.ndarray
    tallies: np.ndarray
    outcomes: np.ndarray


def empty_arrays(deals: int, sides: int, seatings: int) -> Arrays:
    return Arrays(np.zeros((deals, sides), np.float64), np.zeros((deals, sides, len(TALLIES)), np.int64),
                  np.zeros((deals, seatings), np.int8))


@dataclass(frozen=True)
class Chunk:
    """Deals ``first`` .. ``first + count - 1`` of ``seed``, each in every seating of ``seatings`` (seat ->
    side index), as sent to a worker process or a Dask worker: plain data, the sides as given (rung names,
    ``module:attr`` specs, picklable callables), resolved where it plays (:func:`play_chunk`)."""

    sides: tuple[Any, ...]
    names: tuple[str, ...]
    first: int
    count: int
    seed: bytes
    convention: Convention
    seatings: tuple[tuple[int, ...], ...] = PERMUTATIONS


def rotations(sides: int = 2) -> tuple[tuple[int, ...], ...]:
    """A candidate (side 0) against a field (side 1 in the two other seats): the three seatings that put the
    candidate in each seat. The six permutations of (candidate, field, field) are these three twice over
    (the two field seats swap a bot for the same bot), so a deal's mean is the same at half the games."""
    if sides != 2:
        raise ValueError("rotations: a candidate and a field")
    return ((0, 1, 1), (1, 0, 1), (1, 1, 0))


def play_deal(makers: Sequence[Callable[[int], Callable[[View], Move]]], number: int, seating: Sequence[int], *,
              seed: bytes = SEED, convention: Convention = SOCHI,
              names: Sequence[str] | None = None) -> tuple[Game, list[Fraction], list[SideStats]]:
    """One game: deal ``number`` with seat i played by side ``seating[i]``; the game, each side's gain (a
    side in two seats gains both), and each side's tallies. A bot that raises stops the game with
    ``bot_error``, one that answers a move not in its view's legal list with ``not_legal``: both name the
    deal, the seat and the side (``names``)."""
    game = Game.from_seed(seed, number, players=NAMES, dealer=number % 3, convention=convention)
    bots = [makers[seating[s]](number * 8 + s) for s in range(3)]
    sides = len(makers)
    stats = [SideStats() for _ in range(sides)]
    while not game.over:
        seat = game.actor
        assert seat is not None
        view = game.view(seat)
        side = seating[seat]
        move = _answer(bots[seat], view, number, seat, names[side] if names is not None else f"side {side}")
        if view.phase == "whisting" and move.kind in ("whist", "half-whist", "pass"):
            stats[side].whist_decisions += 1
            stats[side].whist_calls += move.kind != "pass"
        game.apply(seat, move)
    deal = game.record().to_deal()
    sheet = Sheet(NAMES, convention)
    sheet.add(deal)
    saldo = sheet.settle()
    gains = [Fraction(0)] * sides
    for s in range(3):
        gains[seating[s]] += saldo[NAMES[s]]
    if deal.declarer is not None and deal.contract is not None:
        side = seating[NAMES.index(deal.declarer)]
        level = deal.contract.level
        tricks = deal.tricks.get(deal.declarer, 0) if deal.tricks else 0
        if level is None:
            stats[side].misere += 1
            stats[side].misere_made += tricks == 0
        else:
            stats[side].declared += 1
            stats[side].made += (not deal.whisters) or deal.half_whister is not None or tricks >= level
    return game, gains, stats


def _answer(bot: Callable[[View], Move], view: View, number: int, seat: int, name: str) -> Move:
    """The bot's move, or one refusal naming the deal, the seat and the side: the run stops there."""
    try:
        move = bot(view)
    except Exception as err:   # a user's bot may raise anything; Ctrl-C (KeyboardInterrupt) passes
        raise PreferansError("bot_error", f"deal {number}, seat {seat} ({name}): the bot raised "
                             f"{type(err).__name__}: {err}", field="bot", value=name) from err
    if not isinstance(move, Move) or move not in view.legal:
        raise PreferansError("not_legal", f"deal {number}, seat {seat} ({name}): the bot answered {shown(move)}, "
                             f"not one of the {len(view.legal)} legal moves of its view ({view.phase})",
                             field="bot", value=name)
    return move


def play_chunk(chunk: Chunk, arrays: Arrays | None = None, done: list[int] | None = None) -> tuple[int, Arrays]:
    """Play a chunk's deals in this process: (its first deal, its arrays). With ``arrays`` given, rows are
    written into them, and ``done[0]`` counts the deals finished, so a Ctrl-C between deals leaves the
    finished ones in place (:func:`_run`). Module-level, so a worker imports it by name."""
    makers = [resolve_side(s) for s in chunk.sides]
    out = arrays if arrays is not None else empty_arrays(chunk.count, len(chunk.sides), len(chunk.seatings))
    width = len(chunk.seatings)
    for d in range(chunk.count):
        number = chunk.first + d
        total = [Fraction(0)] * len(chunk.sides)
        for g, seating in enumerate(chunk.seatings):
            game, gains, stats = play_deal(makers, number, seating, seed=chunk.seed, convention=chunk.convention,
                                           names=chunk.names)
            outcome = game.record().outcome or "?"
            out.outcomes[d, g] = OUTCOMES.index(outcome) if outcome in OUTCOMES else len(OUTCOMES) - 1
            for i in range(len(chunk.sides)):
                total[i] += gains[i]
                out.tallies[d, i] += [getattr(stats[i], t) for t in TALLIES]
        out.gains[d] = [float(t / width) for t in total]
        if done is not None:
            done[0] += 1
    return chunk.first, out


def result_of(names: tuple[str, ...], arrays: Arrays, deals: int, *, stopped: bool = False) -> LadderResult:
    """The ladder's result from the first ``deals`` rows of the arrays (in deal order, so the sums are the
    same however the rows were played)."""
    gains, tallies, outcomes = arrays.gains[:deals], arrays.tallies[:deals], arrays.outcomes[:deals]
    result = LadderResult(names, [SideStats() for _ in names], deals=deals, games=int(outcomes.size),
                          stopped=stopped, arrays=Arrays(gains, tallies, outcomes))
    for i in range(len(names)):
        s = result.stats[i]
        s.score = math.fsum(gains[:, i].tolist())
        s.squares = math.fsum((gains[:, i] ** 2).tolist())
        for t, value in zip(TALLIES, tallies[:, i].sum(axis=0).tolist(), strict=True):
            setattr(s, t, int(value))
    counts = np.bincount(outcomes.ravel(), minlength=len(OUTCOMES))
    result.outcomes = {OUTCOMES[k]: int(n) for k, n in enumerate(counts) if n}
    result.raspasy = result.outcomes.get("raspasy", 0)
    return result


def _run(chunk: Chunk) -> tuple[Arrays, int, bool]:
    """A chunk played here, deal by deal: its arrays, the deals finished and whether Ctrl-C stopped it."""
    arrays = empty_arrays(chunk.count, len(chunk.sides), len(chunk.seatings))
    done = [0]
    try:
        play_chunk(chunk, arrays, done)
    except KeyboardInterrupt:
        return arrays, done[0], True
    return arrays, done[0], False


def play_deals(chunk: Chunk, *, workers: int = 1, client: Any = None) -> tuple[Arrays, int, bool]:
    """The chunk's deals played here, in ``workers`` processes or on a Dask cluster (``client``): its
    arrays (rows in deal order, the same whichever way), the deals finished from the first, and whether
    Ctrl-C stopped the run (the finished deals from the first are kept; later ones are dropped)."""
    if client is not None:
        from .cluster import run_chunks

        return run_chunks(client, chunk)
    if workers == 1 or chunk.count < 2:
        return _run(chunk)
    bounds = [chunk.count * k // workers for k in range(workers + 1)]
    parts = [replace(chunk, first=chunk.first + bounds[k], count=bounds[k + 1] - bounds[k]) for k in range(workers)
             if bounds[k] < bounds[k + 1]]
    arrays = empty_arrays(chunk.count, len(chunk.sides), len(chunk.seatings))
    finished = np.zeros(chunk.count, bool)
    stopped = False
    pool = multiprocessing.get_context("fork").Pool(len(parts))
    try:
        for first, part in pool.imap_unordered(play_chunk, parts):
            at = first - chunk.first
            n = len(part.gains)
            for into, rows in zip(arrays, part, strict=True):
                into[at:at + n] = rows
            finished[at:at + n] = True
        pool.close()
    except KeyboardInterrupt:
        pool.terminate()
        stopped = True
    finally:
        pool.join()
    done = int(np.argmin(finished)) if not finished.all() else chunk.count
    return arrays, done, stopped


def side_label(side: object) -> str:
    """How a side is named in a table: its text, or a callable's ``name`` or ``__name__``."""
    return side if isinstance(side, str) else str(getattr(side, "name", getattr(side, "__name__", repr(side))))


def check_convention(convention: Convention | str) -> Convention:
    """A preset's name (any case) or a Convention; else ``bad_convention``."""
    if isinstance(convention, str):
        if convention.lower() not in PRESETS:
            raise PreferansError("bad_convention", f"convention: {shown(convention)} is not a preset "
                                 f"({', '.join(PRESETS)})", field="convention", value=convention)
        return PRESETS[convention.lower()]
    return checked_convention(convention)


def ladder(a: Any, b: Any, c: Any, *, deals: int = 100, first: int = 1, seed: bytes = SEED,
           convention: Convention | str = SOCHI, workers: int = 1, names: Sequence[str] | None = None,
           client: Any = None) -> LadderResult:
    """Play deals ``first`` .. ``first + deals - 1`` of ``seed`` in all six seatings of sides ``a, b, c``.
    ``workers`` > 1 splits the deals into ranges played in worker processes; ``client`` (a
    ``distributed.Client``) plays them as chunks on its Dask cluster (:mod:`kozyr.preferans.cluster`: the
    sides travel as given, so a user's bot must be importable there or picklable). Either way the result is
    that of one worker, deal for deal. Ctrl-C stops with the deals finished (from the first, in order).
    A bot that raises or answers an illegal move stops the run with one refusal naming the deal and seat.
    Refusals: ``bad_bot``, ``bad_count``, ``bad_convention``, ``bot_error``, ``not_legal``; with a client
    ``no_dask``, ``bad_client``, ``bad_side``."""
    convention = check_convention(convention)
    for what, v in (("deals", deals), ("workers", workers), ("first", first)):
        if isinstance(v, bool) or not isinstance(v, int) or v < 1:
            raise PreferansError("bad_count", f"{what}: {shown(v)} is not a positive int", field=what, value=v)
    sides = (a, b, c)
    for s in sides:
        resolve_side(s)
    labels = tuple(names) if names is not None else tuple(side_label(s) for s in sides)
    chunk = Chunk(sides, labels, first, deals, seed, convention)
    arrays, done, stopped = play_deals(chunk, workers=workers, client=client)
    return result_of(labels, arrays, done, stopped=stopped)
