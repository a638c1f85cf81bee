"""The result of a ladder: per-deal arrays and their summary with intervals.

Rates are `kozyr.stats.Rate` (Wilson interval, z = 2): the same interval every
kozyr command reports. A ladder of zero deals has empty rates (None), never NaN.
"""
from __future__ import annotations

from typing import Any

import numpy as np

from kozyr.durak.ladder.sides import describe
from kozyr.durak.seeds import a_seat
from kozyr.stats import Rate, counts_from_scores, rate

__all__ = ["LadderResult", "pair_scores", "interrupted"]


def interrupted(done: int, total: int) -> KeyboardInterrupt:
    """What a ladder raises instead of a result on Ctrl-C: the message says how many of its deals had
    finished, and `.done` holds that number for a caller that counts over several ladders."""
    err = KeyboardInterrupt(f"interrupted after {done:,} of {total:,} deals")
    err.done = done  # type: ignore[attr-defined]
    return err


def pair_scores(fool: np.ndarray) -> np.ndarray:
    """Side a's score per game from the ladder's fool array: 1 (b the fool), 0.5 (a draw), 0 (a the fool)."""
    return np.where(fool == 1, 1.0, np.where(fool == 0, 0.0, 0.5))


class LadderResult:
    """Per-deal arrays and the summary of one ladder.

    Arrays (index k is deal k + 1): `fool` int8 (0 = side a was the fool,
    1 = side b, -1 a draw), `moves` int32 (decisions), `bouts` int16,
    `largest` int8 (the largest hand either seat held). `seconds` is the wall
    time, `cpu_seconds` the CPU time each worker thread spent playing (a busy
    machine shows as CPU time well below workers x seconds). Rates are `Rate`
    tuples with a 2-sigma Wilson interval: `a_fool`/`b_fool` over all deals,
    `a_fool_decided`/`b_fool_decided` with draws left out. `deal` is how the
    deals were dealt ("fast", "sha" or "reference").

    With `paired` (a ladder of `pairs=True`), entries 2k and 2k + 1 are one
    deal played twice with the seats swapped, and `pairs` is the
    pentanomial count `[P0, P1, P2, P3, P4]` of side a's pair scores (Pj:
    pairs where a scored j/2 over the two games: 1 a game b was the fool, 1/2
    a draw, 0 a game a was the fool), what `kozyr.stats.llr` and
    `elo_estimate` read; `pairs` is None for an unpaired ladder.
    `scores()` is side a's score per entry.
    """

    a_fool: Rate
    b_fool: Rate
    draw_rate: Rate
    a_fool_decided: Rate
    b_fool_decided: Rate

    def __init__(self, a: Any, b: Any, seed: Any, deal: str, fool: np.ndarray, moves: np.ndarray,
                 bouts: np.ndarray, largest: np.ndarray, seconds: float, params: dict[str, int] | None = None,
                 *, pairs: bool = False):
        self.a, self.b, self.seed, self.deal = a, b, seed, deal
        self.paired = bool(pairs)
        self.params = dict(params or {})
        self.fool, self.moves, self.bouts, self.largest = fool, moves, bouts, largest
        self.seconds = seconds
        self.cpu_seconds: tuple[float, ...] = ()
        n = len(fool)
        self.deals = n
        self.a_fools = int(np.count_nonzero(fool == 0))
        self.b_fools = int(np.count_nonzero(fool == 1))
        self.draws = n - self.a_fools - self.b_fools
        decided = self.a_fools + self.b_fools
        self.a_fool = rate(self.a_fools, n)
        self.b_fool = rate(self.b_fools, n)
        self.draw_rate = rate(self.draws, n)
        self.a_fool_decided = rate(self.a_fools, decided)
        self.b_fool_decided = rate(self.b_fools, decided)
        self.mean_moves: float | None = float(moves.mean()) if n else None
        self.mean_bouts: float | None = float(bouts.mean()) if n else None
        self.max_largest = int(largest.max()) if n else 0
        self.deals_per_second: float | None = n / seconds if seconds > 0 else None
        self.pairs: list[int] | None = (counts_from_scores(self.scores().reshape(-1, 2), pairs=True)
                                           if self.paired else None)

    def scores(self) -> np.ndarray:
        """Side a's score per entry: 1 when b was the fool, 0.5 a draw, 0 when a was."""
        return pair_scores(self.fool)

    @staticmethod
    def a_seat(i: int) -> int:
        """The engine seat side a held in deal i (from 1)."""
        return a_seat(i)

    def summary(self) -> dict[str, Any]:
        """The summary as JSON-ready values (an empty ladder has nulls, never NaN)."""
        return {
            "a": describe(self.a), "b": describe(self.b), "seed": str(self.seed), "deal": self.deal,
            "params": self.params, "deals": self.deals, "paired": self.paired, "pairs": self.pairs,
            "a_fools": self.a_fools, "b_fools": self.b_fools, "draws": self.draws,
            "a_fool": self.a_fool.as_dict(), "b_fool": self.b_fool.as_dict(),
            "a_fool_decided": self.a_fool_decided.as_dict(), "b_fool_decided": self.b_fool_decided.as_dict(),
            "mean_moves": self.mean_moves, "mean_bouts": self.mean_bouts,
            "max_largest": self.max_largest, "seconds": self.seconds, "cpu_seconds": list(self.cpu_seconds),
            "deals_per_second": self.deals_per_second,
        }

    def __repr__(self) -> str:
        def pct(r: Rate) -> str:
            return "-" if r.rate is None else f"{r.rate:.2%}"
        moves = "-" if self.mean_moves is None else f"{self.mean_moves:.2f}"
        return (f"<LadderResult {describe(self.a)} vs {describe(self.b)}: {self.deals} deals ({self.deal}), "
                f"a fool {pct(self.a_fool_decided)} of decided, b {pct(self.b_fool_decided)}, "
                f"{self.draws} draws, {moves} moves>")
