from typing import Optional

from kozyr.durak.types import Move, View

DEEP_TALON: int
CHEAP_POWER: int

def best(
    view: View, level: int, word: int = ..., *, deep_talon: int = ..., cheap_power: int = ...
) -> Optional[Move]: ...
