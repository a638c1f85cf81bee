"""The table ladder's plain parts: what a table game's job is, and which sides can sit at a table.

A table ladder (`kozyr.durak.ladder.ladder([a, b, c, d], deals, seed, rules=...)`)
plays each deal N times with its N sides rotated through the seats, in the
same nogil loop as two seats (`_loop.TableRunner`), on threads, in worker
processes (a Python side) or on a Dask cluster, with the same arrays. This
module holds what those three share: `TableJob` (the picklable description a
worker builds its runner from), the arrays' types, and `check_table`, the one
rule of which sides can play a table's options.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from kozyr.durak.ladder.sides import Side, describe
from kozyr.errors import KozyrError

__all__ = ["TableJob", "DTYPES", "check_table"]

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


def check_table(sides: Sequence[Side], rules: Any) -> None:
    """Refuse (KozyrError bad_side, naming it) a side that cannot play the table's options: rung 4 at a
    table its search does not play (`rung4.plays_table(rules)`, when rung 4 has it; else the two-seat game
    only). Every other side plays any table: rungs 1 to 3 (the rules' rung 1, and kozyr's rungs 2 and 3
    with their table rules), a Bot, a NativeBot and a Python callable (they get the full view of their
    seat, and answer from its legal list)."""
    from kozyr.durak import rung4

    plays = getattr(rung4, "plays_table", None)    # rung 4 says which tables its search plays, once it plays any
    for j, side in enumerate(sides):
        if side.rung == 4 and not (plays(rules) if plays is not None else rules.two_seat):
            raise KozyrError("bad_side", f"side {j} ({describe(side)}) cannot play {rules!r}: rung 4's search "
                             "plays the two-seat game", field="sides", value=j)
