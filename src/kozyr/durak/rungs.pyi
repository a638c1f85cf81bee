from typing import Optional

from kozyr.durak.moves import Move
from kozyr.durak.views import View

DEEP_TALON: int
CHEAP_POWER: int
PARAM_RANGES: dict[str, tuple[int, int]]

def best(
    view: View, level: int, word: int = ..., *, deep_talon: int = ..., cheap_power: int = ...
) -> Optional[Move]: ...
