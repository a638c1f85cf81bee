"""The table ladder's plain parts: what a table game's job is, and the types of its arrays.

A table ladder (`kozyr.durak.ladder.ladder([a, b, c, d], deals, seed, rules=...)`)
plays each deal N times with its N sides rotated through the seats, in the
same nogil loop as two seats (`_loop.TableRunner`), on threads, in worker
processes (a Python side) or on a Dask cluster, with the same arrays. This
module holds what those three share: `TableJob` (the picklable description a
worker builds its runner from) and the arrays' types. Every side plays every
table: rungs 1 to 3 (with kozyr's table rules), rung 4 (its search deals every
hidden hand), a Bot, a NativeBot and a Python callable.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from kozyr.durak.bots.sides import Side

__all__ = ["TableJob", "DTYPES"]

DTYPES = (np.int8, np.int32, np.int16, np.int8, np.int32)   # losers, moves, bouts, largest, order


@dataclass(frozen=True)
class TableJob:
    """A table ladder as a worker process or a Dask worker rebuilds it: the N resolved sides, the
    table's Rules, the seed and deal mode, the ladder's length and a bot's time limit."""

    sides: tuple[Side, ...]
    rules: Any
    seed: Any
    deal: str
    deals: int
    timeout: float | None = None

    @property
    def width(self) -> int:
        """Array entries a deal: one a rotation, N."""
        return len(self.sides)

    def runner(self) -> Any:
        from kozyr.durak.ladder._loop import TableRunner

        return TableRunner(self.sides, self.seed, self.deal, self.deals, self.rules, self.timeout)

    def arrays(self, count: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """Fresh arrays for `count` deals: (losers, moves, bouts, largest, order)."""
        n = count * self.width
        losers, moves, bouts, largest, order = (np.empty(n, dtype=t) for t in DTYPES)
        return losers, moves, bouts, largest, order

