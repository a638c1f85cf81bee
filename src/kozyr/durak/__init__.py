"""Durak: a Cython engine for every table, its plain-Python twins, bots and a ladder.

`Rules` names a table (2 to 6 seats, 24 to 52 cards, podkidnoy or perevodnoy,
...); `Rules()` is the two-seat podkidnoy game, the default everywhere. The
names here are the fast ones: `Game` is the Cython engine, `best` and
`Bot` the compiled rungs, `Params` their settings, `kozyr.durak.ladder` the
module of the nogil bulk loop (`from kozyr.durak.ladder import ladder,
replay`), and `sprt` / `spsa` (`kozyr.durak.tuning`) the sequential test and
the tuner that measure and tune the settings on deal pairs.

The vocabulary sits at the top (rules, params, moves, views, events, records,
seeds, codes, memory, narration); the rest lives in rooms, each importing only
the rooms below it: `core/` (the private C engine), `bots/` (who plays a seat:
the `view -> Move` protocol, the resolver, rungs 1 to 4, the panel, native
bots), `learn/` (observations and actions: the encoding, the environments,
OpenSpiel, the learned rung), `ladder/` (many deals, measured), `tuning/` (the
sequential test, SPSA, Optuna) and `oracle/` (the plain-Python twins the
engine and the rungs are tested against, and `check_bot`). The rules are
docs/rules/durak.md and docs/rules/durak-variants.md. Modules that moved into
the rooms keep their old import paths for one minor release, with a warning
(`_moved`).

The package is a library: it imports no command-line or terminal code.
"""
from kozyr.durak import _moved, ladder
from kozyr.durak.bots.bot import RUNG_NAMES, RUNGS, Bot
from kozyr.durak.bots.bot4 import Rung4Bot
from kozyr.durak.bots.rungs import best
from kozyr.durak.codes import BOUT_ENDINGS, CODES, KINDS, OUTCOMES, PHASES, IllegalMove
from kozyr.durak.core.engine import Game, random_playouts, shuffled_order
from kozyr.durak.events import Event, Result, log_digest
from kozyr.durak.ladder import LadderResult, deal_seed, replay
from kozyr.durak.moves import DONE, RESIGN, SWAP, TAKE, Move
from kozyr.durak.oracle.checks import BotCheckError, check_bot
from kozyr.durak.params import Params
from kozyr.durak.rules import Rules
from kozyr.durak.seeds import DEALS, pad_seed
from kozyr.durak.tuning.measure import sprt, spsa
from kozyr.durak.views import Bout, View
from kozyr.stats import Rate

_moved.install()


def __getattr__(name: str) -> object:
    """`kozyr.durak.<old module>` read as an attribute (the old package imported them all): the moved
    module, through the same warning as its import."""
    if f"kozyr.durak.{name}" in _moved.MOVED:
        import importlib

        return importlib.import_module(f"kozyr.durak.{name}")
    raise AttributeError(f"module 'kozyr.durak' has no attribute {name!r}")


__all__ = [
    "BOUT_ENDINGS", "CODES", "DEALS", "DONE", "KINDS", "OUTCOMES", "PHASES", "RESIGN", "RUNGS", "RUNG_NAMES",
    "SWAP", "TAKE", "Bot", "BotCheckError", "Bout", "Event", "Game", "IllegalMove", "LadderResult", "Move",
    "Params", "Rate", "Result", "Rules", "Rung4Bot", "View", "best", "check_bot", "deal_seed", "ladder",
    "log_digest", "pad_seed", "random_playouts", "replay", "shuffled_order", "spsa", "sprt",
]
