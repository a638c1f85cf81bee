"""Type stubs for kozyr.durak.learn._encode, the C encoder's Python entry."""
from typing import Any

import numpy as np
import numpy.typing as npt

from kozyr.durak.core.engine import Game

SIZE: int
ACTIONS: int

def encode_view(view: Any, obs: npt.NDArray[np.float32], mask: npt.NDArray[np.uint8]) -> None: ...
def legal_actions(game: Game) -> list[int]: ...
