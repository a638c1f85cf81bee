"""Durak: a Cython engine for every table, its plain-Python twins, bots and a ladder.

`Rules` names a table (2 to 6 seats, 24 to 52 cards, podkidnoy or perevodnoy,
...); `Rules()` is the two-seat podkidnoy game, the default everywhere. The
names here are the fast ones: `Game` is the Cython engine, `best` and
`Bot` the compiled rungs, `Params` their settings, `kozyr.durak.ladder` the
module of the nogil bulk loop (`from kozyr.durak.ladder import ladder,
replay`), and `sprt` / `spsa` (`kozyr.durak.tuning`) the sequential test and
the tuner that measure and tune the settings on deal pairs.
`kozyr.durak.reference` (a plain-Python engine of the two-seat rules),
`kozyr.durak.reference_variants` (the same for every table) and
`kozyr.durak.reference_bots` are the oracles they are tested against, and
`kozyr.durak.testing` drives them side by side. The rules are
docs/rules/durak.md and docs/rules/durak-variants.md.

The package is a library: it imports no command-line or terminal code.
"""
from kozyr.durak import ladder
from kozyr.durak.bot4 import Rung4Bot
from kozyr.durak.bots import RUNG_NAMES, RUNGS, Bot
from kozyr.durak.checks import BotCheckError, check_bot
from kozyr.durak.codes import BOUT_ENDINGS, CODES, KINDS, OUTCOMES, PHASES, IllegalMove
from kozyr.durak.core.engine import Game, random_playouts, shuffled_order
from kozyr.durak.events import Event, Result, log_digest
from kozyr.durak.ladder import LadderResult, deal_seed, replay
from kozyr.durak.moves import DONE, RESIGN, SWAP, TAKE, Move
from kozyr.durak.params import Params
from kozyr.durak.rules import Rules
from kozyr.durak.rungs import best
from kozyr.durak.seeds import DEALS, pad_seed
from kozyr.durak.tuning import sprt, spsa
from kozyr.durak.views import Bout, View
from kozyr.stats import Rate

__all__ = [
    "BOUT_ENDINGS", "CODES", "DEALS", "DONE", "KINDS", "OUTCOMES", "PHASES", "RESIGN", "RUNGS", "RUNG_NAMES",
    "SWAP", "TAKE", "Bot", "BotCheckError", "Bout", "Event", "Game", "IllegalMove", "LadderResult", "Move",
    "Params", "Rate", "Result", "Rules", "Rung4Bot", "View", "best", "check_bot", "deal_seed", "ladder",
    "log_digest", "pad_seed", "random_playouts", "replay", "shuffled_order", "spsa", "sprt",
]
