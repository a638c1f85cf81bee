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
(the module that held them before the rooms) found them.
"""
from kozyr.durak.bots.bot import RUNG_NAMES, RUNGS, Bot

__all__ = ["Bot", "RUNGS", "RUNG_NAMES"]
