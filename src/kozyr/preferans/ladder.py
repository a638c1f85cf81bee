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
(:func:`kozyr.durak.bots.userbots.load`).

A run is one :class:`~kozyr.preferans.duplicate.Chunk` (the sides, the deal numbers, the seed, the
convention, the seatings), played into per-deal rows (:class:`Arrays`) that the figures are summed from in
deal order. ``workers`` > 1 plays
deal ranges in worker processes and ``client`` chunks on a Dask cluster (:mod:`kozyr.preferans.cluster`);
a deal depends on its number alone, so the rows, and every figure, are those of one worker. Ctrl-C stops
between deals and the result of the deals finished (from the first, in order) is returned with
``stopped`` set. A bot that raises or answers an illegal move stops the run with one refusal naming the
deal, the seat and the side.
"""
from __future__ import annotations

import math
import multiprocessing
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np

from kozyr.errors import shown
from kozyr.preferans.bots import BOTS
from kozyr.preferans.convention import PRESETS, SOCHI, Convention
from kozyr.preferans.duplicate import (
    OUTCOMES,
    SEED,
    TALLIES,
    Arrays,
    Chunk,
    SideStats,
    empty_arrays,
    play_chunk,
    play_deal,
    resolve_side,
    rotations,
)
from kozyr.preferans.errors import PreferansError
from kozyr.preferans.moves import Move
from kozyr.preferans.newdeal import checked_convention
from kozyr.preferans.views import View

__all__ = ["LADDER_RUNGS", "SideStats", "LadderResult", "ladder", "play_deal", "resolve_side", "Chunk", "Arrays",
           "play_chunk", "play_deals", "result_of", "rotations", "OUTCOMES", "TALLIES"]

LADDER_RUNGS: Mapping[str, Callable[..., Callable[[View], Move]]] = BOTS
"""The built-in sides by the names a person types: :data:`kozyr.preferans.bots.BOTS`, the one registry."""


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
        from kozyr.preferans.cluster import run_chunks

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
