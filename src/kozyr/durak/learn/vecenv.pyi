"""Type stubs for kozyr.durak.learn.vecenv, the batched C environment."""

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from kozyr.durak.bots.bot import Bot
from kozyr.durak.bots.sides import NativeBot
from kozyr.durak.rules import Rules

MAX_GAMES: int

class DurakVecEnv:
    n: int
    rung: int          # the two-seat opponent's rung; -1 for a native bot (the learned rung)
    seat_choice: int
    observations: npt.NDArray[np.float32]
    masks: npt.NDArray[np.uint8]
    rewards: npt.NDArray[np.float32]
    terminated: npt.NDArray[np.bool_]
    truncated: npt.NDArray[np.bool_]
    lengths: npt.NDArray[np.int32]
    rules: Rules
    def __init__(self, n: int, opponent: int | Bot | NativeBot = ..., seed: int = ..., *, seat: int | None = ...,
                 rules: Rules | dict[str, object] | None = ...,
                 opponents: Sequence[int | Bot] | None = ...) -> None: ...
    def reset(self, seed: int | None = ...) -> npt.NDArray[np.float32]: ...
    def step(
        self, actions: npt.ArrayLike
    ) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.uint8], npt.NDArray[np.float32], npt.NDArray[np.bool_]]: ...
    def random_actions(self, out: npt.NDArray[np.int64] | None = ...) -> npt.NDArray[np.int64]: ...
    def seats(self) -> npt.NDArray[np.int8]: ...
    def _state(self, i: int) -> dict[str, object]: ...

__all__: list[str]
