"""Who plays a seat: the `view -> Move` protocol, the resolver, the names a person types, and every bot.

Below the ladder: the environments, the tuner, the shell and the web reach a
bot here without importing the runner. `sides` is the protocol (what a side
is, `resolve`, `NativeBot`) and `userbots` a user's factories; `bot` the
compiled rungs 1 to 3 as one object (`Bot`), `rungs` and `rung4` their C
kernels, `bot4` rung 4 (`Rung4Bot`), `panel` the named bots of the panel,
`analysis` what rung 4 says of a position, `_duel` the two-seat play-out of
rungs 1 to 3 that rung 4 and the ladder share. Nothing here imports the ladder
or the learning room: the learned rung is named as text and resolved lazily.

`Bot`, `RUNGS` and `RUNG_NAMES` are re-exported here, where `kozyr.durak.bots`
(the module that held them before the rooms) found them; any other name that
module held (`check_rung`, ...) is read from `bot` on demand. Rung 4's `Table`
(now `Scratch`) and the panel's `tuned` and `TUNED` (now `spsa3`,
`SPSA3_SETTINGS`) are answered with a DeprecationWarning until kozyr 0.5.
"""
from typing import Any

from kozyr.durak import _moved
from kozyr.durak.bots import bot, panel, rung4
from kozyr.durak.bots.bot import RUNG_NAMES, RUNGS, Bot

# two bots' old names, until kozyr 0.5 (each warns): given here rather than in their sources, which the
# blindness tests hold to the view alone; `sides.OLD_NAMES` takes the panel's old name as typed text
_moved.old_attributes(rung4, {"Table": "Scratch"})
_moved.old_attributes(panel, {"tuned": "spsa3", "TUNED": "SPSA3_SETTINGS"})

__all__ = ["Bot", "RUNGS", "RUNG_NAMES"]


def __getattr__(name: str) -> Any:
    """A name the module `kozyr.durak.bots` held before the rooms and `__all__` does not list: `bot`'s."""
    try:
        return getattr(bot, name)
    except AttributeError:
        raise AttributeError(f"module 'kozyr.durak.bots' has no attribute {name!r}") from None
