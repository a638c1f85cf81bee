"""What speaks actions and observations: the encoding, the environments, OpenSpiel and the learned rung.

`encoding` (and its C kernel `_encode`) turns a view into an observation and
an action into a move; `env` holds the PettingZoo and Gymnasium environments,
`vecenv` the batched one in C, `openspiel` the game registered with
OpenSpiel, `learned` the shipped policy (`learned.npz`, run by `_learned`),
and `policy` an `observation -> action` policy playing as a ladder side.
Above the bots (an environment seats a bot as the opponent), below the ladder.
"""
