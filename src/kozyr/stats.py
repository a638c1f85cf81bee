"""Rates and their intervals: the statistics every game and command shares.

One interval for every rate kozyr reports: the Wilson score interval with
z = 2 ("2 sigma", about 95 %). Unlike the normal approximation it stays
inside 0..1 and does not collapse to zero width at 0 % or 100 %, which
matters for fool rates near 1 % and for a bot that wins every match.
"""
from __future__ import annotations

import math
from typing import NamedTuple, Optional

__all__ = ["Rate", "rate", "wilson", "Z"]

Z = 2.0


class Rate(NamedTuple):
    """hits of total as a rate with its interval [low, high]; all None when total is 0."""

    rate: Optional[float]
    low: Optional[float]
    high: Optional[float]
    hits: int
    total: int

    def as_dict(self) -> dict[str, object]:
        """JSON-ready (no NaN: an empty rate is null)."""
        return self._asdict()


def wilson(hits: int, total: int, z: float = Z) -> tuple[float, float]:
    """The Wilson score interval of hits/total (z = 2: about 95 %).

    >>> [round(x, 4) for x in wilson(50, 100)]
    [0.4038, 0.5962]
    >>> wilson(10, 10)[1]
    1.0
    """
    if total <= 0:
        raise ValueError("an interval needs at least one trial")
    p = hits / total
    denom = 1 + z * z / total
    centre = (p + z * z / (2 * total)) / denom
    half = z * math.sqrt(p * (1 - p) / total + z * z / (4 * total * total)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def rate(hits: int, total: int, z: float = Z) -> Rate:
    """hits/total with its Wilson interval; `Rate(None, None, None, 0, 0)` for no trials.

    >>> rate(1, 4)
    Rate(rate=0.25, low=0.0438..., high=0.6613..., hits=1, total=4)
    """
    hits, total = int(hits), int(total)
    if not 0 <= hits <= total:
        raise ValueError(f"a rate needs 0 <= hits <= total, not {hits} of {total}")
    if total == 0:
        return Rate(None, None, None, 0, 0)
    low, high = wilson(hits, total, z)
    return Rate(hits / total, low, high, hits, total)
