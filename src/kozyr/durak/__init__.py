"""Two-seat Podkidnoy durak: a Cython engine, its plain-Python twin, bots and a ladder.

The names here are the fast ones: `Game` is the Cython engine, `best` and
`Bot` the compiled rungs, `ladder` the nogil bulk loop. `kozyr.durak.reference`
(a plain-Python engine of the same rules) and `kozyr.durak.reference_bots` are
the oracles they are tested against.
"""
from kozyr.durak.types import (
    BOUT_ENDINGS, CODES, KINDS, PHASES, Bout, Event, IllegalMove, Move, Result, View, pad_seed,
)
from kozyr.durak._engine import Game, random_playouts, shuffled_order
from kozyr.durak.search import best
from kozyr.durak.bots import Bot
from kozyr.durak.ladder import LadderResult, Rate, deal_seed, ladder, replay

__all__ = [
    "BOUT_ENDINGS", "CODES", "KINDS", "PHASES", "Bot", "Bout", "Event", "Game", "IllegalMove",
    "LadderResult", "Move", "Rate", "Result", "View", "best", "deal_seed", "ladder", "pad_seed",
    "random_playouts", "replay", "shuffled_order",
]
