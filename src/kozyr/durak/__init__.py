"""Two-seat Podkidnoy durak: a Cython engine, its plain-Python twin, bots and a ladder."""
from kozyr.durak.types import (
    BOUT_ENDINGS, CODES, KINDS, PHASES, Bout, Event, IllegalMove, Move, Result, View, pad_seed,
)

__all__ = [
    "BOUT_ENDINGS", "CODES", "KINDS", "PHASES", "Bout", "Event", "IllegalMove", "Move",
    "Result", "View", "pad_seed",
]
