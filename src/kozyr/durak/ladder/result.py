"""The result of a ladder: per-deal arrays and their summary with intervals.

Rates are `kozyr.stats.Rate` (Wilson interval, z = 2): the same interval every
kozyr command reports. A ladder of zero deals has empty rates (None), never NaN.
"""
from __future__ import annotations

from typing import Any

import numpy as np

from kozyr.durak.bots.sides import describe
from kozyr.durak.seeds import a_seat
from kozyr.stats import Rate, counts_from_scores, rate

__all__ = ["LadderResult", "TableResult", "pair_scores", "interrupted", "places", "CAPPED", "NOBODY"]

CAPPED = -1     # `TableResult.losers` of a deal stopped at the harness's move cap (no result)
NOBODY = 7      # a place of the packed out order that no side took


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


def places(order: np.ndarray, seats: int) -> np.ndarray:
    """Each side's place per entry (an int8 array of shape (entries, seats)), from the packed out order
    (3 bits a place: the side that went out first, second, ...): 1 for the first out; a side still
    holding cards at the end (the fool, a losing team's seat, every seat of a capped deal) is last, N."""
    out = np.full((len(order), seats), seats, dtype=np.int8)
    rows = np.arange(len(order))
    for k in range(seats):
        side = (order.astype(np.int64) >> (3 * k)) & 7
        took = side < seats
        out[rows[took], side[took]] = k + 1
    return out


class TableResult:
    """Per-game arrays and the per-side summary of one table ladder (N sides at a table of N seats).

    Every deal is played N times, the sides rotated through the seats: deal i
    (from 1), rotation r (side j in seat (j + r) % N) is entry (i - 1) * N + r.
    Arrays (one entry a game): `losers` int8, the sides of the losing team as
    bits (side j is bit j; 0 a draw; CAPPED for a deal stopped at the harness's
    move cap, which has no result and is counted apart); `moves` int32, `bouts`
    int16, `largest` int8 (the largest hand any seat held); `order` int32, the
    sides in the order they went out (3 bits a place, NOBODY when no side took
    it); `places()` unpacks it.

    Per side j (lists indexed by side): `fools[j]` the games side j lost (it
    was the fool, or in the losing team), `fool[j]` that as a `Rate` over the
    games with a result (capped games left out) with a 2-sigma Wilson
    interval, `mean_place[j]` its mean place in the order of going out (1 first
    out; a seat holding cards at the end is last, N), over the same games.
    `draws` and `capped` count games; `deals` is the number of deals and
    `games` the entries (deals x N).
    """

    def __init__(self, sides: Any, rules: Any, seed: Any, deal: str, losers: np.ndarray, moves: np.ndarray,
                 bouts: np.ndarray, largest: np.ndarray, order: np.ndarray, seconds: float,
                 params: dict[str, int] | None = None):
        self.sides, self.rules, self.seed, self.deal = list(sides), rules, seed, deal
        self.params = dict(params or {})
        self.losers, self.moves, self.bouts, self.largest, self.order = losers, moves, bouts, largest, order
        self.seconds = seconds
        self.cpu_seconds: tuple[float, ...] = ()
        n = self.seats = len(self.sides)
        self.games = len(losers)
        self.deals = self.games // n if n else 0
        ended = losers != CAPPED
        self.capped = int(np.count_nonzero(~ended))
        decided = self.games - self.capped
        self.draws = int(np.count_nonzero(losers == 0))
        bits = losers.astype(np.int64) & 0xFF
        self.fools = [int(np.count_nonzero(ended & ((bits >> j) & 1).astype(bool))) for j in range(n)]
        self.fool: list[Rate] = [rate(k, decided) for k in self.fools]
        self.draw_rate = rate(self.draws, decided)
        self.capped_rate = rate(self.capped, self.games)
        place = places(order, n)[ended] if n else np.zeros((0, 0))
        self.mean_place: list[float | None] = [float(place[:, j].mean()) if decided else None for j in range(n)]
        self.mean_moves: float | None = float(moves.mean()) if self.games else None
        self.mean_bouts: float | None = float(bouts.mean()) if self.games else None
        self.max_largest = int(largest.max()) if self.games else 0
        self.deals_per_second: float | None = self.games / seconds if seconds > 0 else None

    def places(self) -> np.ndarray:
        """Each side's place per game, shape (games, N): 1 first out, N for a seat holding cards at the end."""
        return places(self.order, self.seats)

    def scores(self, side: int = 0) -> np.ndarray:
        """Side `side`'s score per game: 1 when it is not in the losing team, 1/2 a draw or a capped
        game (no result), 0 when it lost; the sequential test's score at a table."""
        bits = self.losers.astype(np.int64) & 0xFF
        lost = ((bits >> side) & 1).astype(bool)
        return np.where(self.losers == CAPPED, 0.5, np.where(self.losers == 0, 0.5, np.where(lost, 0.0, 1.0)))

    def summary(self) -> dict[str, Any]:
        """The summary as JSON-ready values (an empty ladder has nulls, never NaN)."""
        return {
            "sides": [describe(s) for s in self.sides], "rules": self.rules.as_dict(), "seed": str(self.seed),
            "deal": self.deal, "params": self.params, "seats": self.seats, "deals": self.deals, "games": self.games,
            "fools": self.fools, "fool": [r.as_dict() for r in self.fool], "mean_place": self.mean_place,
            "draws": self.draws, "capped": self.capped, "mean_moves": self.mean_moves,
            "mean_bouts": self.mean_bouts, "max_largest": self.max_largest, "seconds": self.seconds,
            "cpu_seconds": list(self.cpu_seconds), "deals_per_second": self.deals_per_second,
        }

    def __repr__(self) -> str:
        rates = ", ".join(f"{describe(s)} {'-' if r.rate is None else f'{r.rate:.2%}'}"
                          for s, r in zip(self.sides, self.fool, strict=True))
        return (f"<TableResult {self.rules!r}: {self.deals} deals x {self.seats} rotations, fool {rates}; "
                f"{self.draws} draws, {self.capped} capped>")
