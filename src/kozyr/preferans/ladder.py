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
(:func:`kozyr.durak.bots.userbots.load`). ``workers`` > 1 plays deal ranges in worker processes;
Ctrl-C stops between games and the result so far is returned with ``stopped`` set.
"""
from __future__ import annotations

import itertools
import math
import multiprocessing
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from kozyr.errors import shown

from .bots import BOTS
from .convention import PRESETS, SOCHI, Convention
from .core.engine import Game
from .errors import PreferansError
from .moves import Move
from .sheet import Sheet
from .views import View

__all__ = ["LADDER_RUNGS", "SideStats", "LadderResult", "ladder", "play_deal", "resolve_side"]

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
        from kozyr.durak.bots.userbots import load
        side = load(side)
    if not callable(side):
        raise PreferansError("bad_bot", f"side: {shown(side)} is not callable", field="side", value=side)
    from kozyr.durak.bots.userbots import is_factory
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

    def merge(self, other: LadderResult) -> None:
        for a, b in zip(self.stats, other.stats, strict=True):
            a.add(b)
        self.deals += other.deals
        self.games += other.games
        self.raspasy += other.raspasy
        self.stopped = self.stopped or other.stopped
        for k, v in other.outcomes.items():
            self.outcomes[k] = self.outcomes.get(k, 0) + v

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


def play_deal(makers: Sequence[Callable[[int], Callable[[View], Move]]], number: int, seating: Sequence[int], *,
              seed: bytes = SEED, convention: Convention = SOCHI) -> tuple[Game, list[Fraction], list[SideStats]]:
    """One game: deal ``number`` with seat i played by side ``seating[i]``; the game, each side's gain, and
    each side's tallies."""
    game = Game.from_seed(seed, number, players=NAMES, dealer=number % 3, convention=convention)
    bots = [makers[seating[s]](number * 8 + s) for s in range(3)]
    stats = [SideStats() for _ in range(3)]
    while not game.over:
        seat = game.actor
        assert seat is not None
        view = game.view(seat)
        move = bots[seat](view)
        side = seating[seat]
        if view.phase == "whisting" and move.kind in ("whist", "half-whist", "pass"):
            stats[side].whist_decisions += 1
            stats[side].whist_calls += move.kind != "pass"
        game.apply(seat, move)
    deal = game.record().to_deal()
    sheet = Sheet(NAMES, convention)
    sheet.add(deal)
    saldo = sheet.settle()
    gains = [Fraction(0)] * 3
    for s in range(3):
        gains[seating[s]] = saldo[NAMES[s]]
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


def _run(sides: tuple[Any, ...], names: tuple[str, ...], start: int, stop: int, seed: bytes,
         convention: Convention) -> LadderResult:
    makers = [resolve_side(s) for s in sides]
    result = LadderResult(names, [SideStats() for _ in sides])
    try:
        for number in range(start, stop):
            per_deal = [Fraction(0)] * 3
            games: list[tuple[Game, list[SideStats]]] = []
            for seating in PERMUTATIONS:
                game, gains, stats = play_deal(makers, number, seating, seed=seed, convention=convention)
                games.append((game, stats))
                for i in range(3):
                    per_deal[i] += gains[i]
            for game, stats in games:
                outcome = game.record().outcome or "?"
                result.outcomes[outcome] = result.outcomes.get(outcome, 0) + 1
                result.raspasy += outcome == "raspasy"
                for a, b in zip(result.stats, stats, strict=True):
                    a.add(b)
            result.games += len(games)
            result.deals += 1
            for i in range(3):
                g = float(per_deal[i] / 6)
                result.stats[i].score += g
                result.stats[i].squares += g * g
    except KeyboardInterrupt:
        result.stopped = True
    return result


def _worker(args: tuple[Any, ...]) -> LadderResult:
    return _run(*args)


def ladder(a: Any, b: Any, c: Any, *, deals: int = 100, first: int = 1, seed: bytes = SEED,
           convention: Convention | str = SOCHI, workers: int = 1, names: Sequence[str] | None = None) -> LadderResult:
    """Play deals ``first`` .. ``first + deals - 1`` of ``seed`` in all six seatings of sides ``a, b, c``.
    ``workers`` > 1 splits the deals into ranges played in worker processes (sides must then be rung names,
    specs or importable callables). Refusals: ``bad_bot``, ``bad_count``, ``bad_convention``."""
    if isinstance(convention, str):
        if convention.lower() not in PRESETS:
            raise PreferansError("bad_convention", f"convention: {shown(convention)} is not a preset "
                                 f"({', '.join(PRESETS)})", field="convention", value=convention)
        convention = PRESETS[convention.lower()]
    for what, v in (("deals", deals), ("workers", workers), ("first", first)):
        if isinstance(v, bool) or not isinstance(v, int) or v < 1:
            raise PreferansError("bad_count", f"{what}: {shown(v)} is not a positive int", field=what, value=v)
    sides = (a, b, c)
    for s in sides:
        resolve_side(s)
    labels = tuple(names) if names is not None else tuple(
        s if isinstance(s, str) else getattr(s, "name", getattr(s, "__name__", repr(s))) for s in sides)
    if workers == 1 or deals < 2:
        return _run(sides, labels, first, first + deals, seed, convention)
    bounds = [first + deals * k // workers for k in range(workers + 1)]
    jobs = [(sides, labels, bounds[k], bounds[k + 1], seed, convention) for k in range(workers)
            if bounds[k] < bounds[k + 1]]
    total = LadderResult(labels, [SideStats() for _ in sides])
    pool = multiprocessing.get_context("fork").Pool(len(jobs))
    try:
        for part in pool.imap_unordered(_worker, jobs):
            total.merge(part)
        pool.close()
    except KeyboardInterrupt:
        pool.terminate()
        total.stopped = True
    finally:
        pool.join()
    return total
