from typing import Any

import numpy as np

from kozyr.preferans.convention import Convention

OUTCOMES: tuple[str, ...]
MAX_PLAYOUTS: int
PLAYOUT_CHUNK: int

def random_playouts(n: int, seed: int = 0, *, players: int = 3, convention: Convention | None = None,
                    min_level: int = 6) -> dict[str, np.ndarray[Any, Any]]: ...
