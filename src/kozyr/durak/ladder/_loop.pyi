"""Type stubs for kozyr.durak.ladder._loop, the ladder's nogil loop."""
from typing import Any

import numpy as np
import numpy.typing as npt

from kozyr.durak.ladder.sides import Side

MAX_MOVES: int

class Runner:
    error: Any
    @property
    def python(self) -> bool: ...
    def __init__(self, a: Side, b: Side, seed: object, deal: str, deals: int, pairs: bool = ...) -> None: ...
    def stop(self) -> None: ...
    def chunk(self, first: int, count: int, fool: npt.NDArray[np.int8], moves: npt.NDArray[np.int32],
              bouts: npt.NDArray[np.int16], largest: npt.NDArray[np.int8], offset: int = ...) -> int: ...

def play_seeded(seed32: bytes, a: Side, b: Side, number: int = ...) -> dict[str, Any]: ...
def _duel_agrees(a: Side, b: Side, deal: str, first: int, count: int, seed: object = ...) -> list[int]: ...
