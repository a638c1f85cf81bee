"""What a run of deals is, as every place that plays one rebuilds it: the one job of every table.

A ladder, a batch of the sequential test, a round of SPSA or a chunk on a
Dask worker is a `Job`: the N resolved sides of a table of N seats (two for
`Rules()`), the table's `Rules`, the seed and deal mode, the run's length (its
highest deal index) and a bot's time limit. Deal i is one shuffled deal of the
table; a job plays it `width` times, each game a rotation r seating side j in
seat (j + r) % N:

- at `Rules()` the rotations alternate: deal i is one game with side a in
  seat i % 2 (the two-seat ladder, as the reference distribution seats rung a),
  or with `pairs` two games, a in seat i % 2 and then in the other seat;
- at any other table every deal is played in every rotation, 0 .. N-1 (the
  rotation already plays every seat, so `pairs` is refused there).

Deal i's game q sits at index (i - 1) * width + q of the arrays (losers,
moves, bouts, largest, and at a table the order of going out). The job is
picklable: threads share one `Runner` built from it, and a worker process or a
Dask worker builds its own.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from kozyr.durak.bots.sides import Side
from kozyr.durak.core.engine import MAX_MOVES

__all__ = ["Job", "DTYPES", "ORDER", "fool_of"]

DTYPES = (np.int8, np.int32, np.int16, np.int8)   # losers, moves, bouts, largest
ORDER = np.int32                                    # the order of going out, kept at a table


def fool_of(losers: np.ndarray) -> np.ndarray:
    """The two-seat ladder's fool array (0 side a, 1 side b, -1 a draw) from two seats' losers bits
    (1 a, 2 b, 0 a draw): losers - 1."""
    return (losers - 1).astype(np.int8)


@dataclass(frozen=True)
class Job:
    """A run of deals as a thread, a worker process or a Dask worker rebuilds it: the resolved sides
    (side j of the run), the table's Rules, the seed and deal mode, the run's highest deal index, a bot's
    time limit, `pairs` (two seats: both seatings a deal) and the moves after which a deal is stopped."""

    sides: tuple[Side, ...]
    rules: Any
    seed: Any
    deal: str
    deals: int
    timeout: float | None = None
    pairs: bool = False
    cap: int = MAX_MOVES

    @property
    def two_seat(self) -> bool:
        """The two-seat game (`Rules()`): rotations alternate, and the result is a `LadderResult`."""
        return bool(self.rules.two_seat)

    @property
    def width(self) -> int:
        """Games a deal: 1 (two seats), 2 (two seats with pairs) or N (every rotation of a table)."""
        if self.two_seat:
            return 2 if self.pairs else 1
        return len(self.sides)

    @property
    def alternate(self) -> bool:
        """Deal i's first game is rotation i % N (two seats), else rotation 0 (a table: every rotation)."""
        return self.two_seat

    @property
    def order(self) -> bool:
        """Whether the order of going out is kept (a table; at two seats the losers say it all)."""
        return not self.two_seat

    @property
    def dtypes(self) -> tuple[Any, ...]:
        return DTYPES + ((ORDER,) if self.order else ())

    def arrays(self, count: int) -> tuple[np.ndarray, ...]:
        """Fresh arrays for `count` deals: (losers, moves, bouts, largest[, order])."""
        n = count * self.width
        return tuple(np.empty(n, dtype=t) for t in self.dtypes)
