"""Type stubs for kozyr.durak.rung4, rung 4's determinized search."""
from typing import Optional

from kozyr.durak.memory import Memory
from kozyr.durak.moves import Move
from kozyr.durak.views import View

K: int
PLAYOUT: int
ENDGAME: bool
BUDGET: int
PARAM_RANGES: dict[str, tuple[int, int]]

class Table:
    def __init__(self) -> None: ...
    def clear(self) -> None: ...
    @property
    def nodes(self) -> int: ...

def best4(view: View, memory: Memory, key: int, *, k: int = ..., playout: int = ..., endgame: bool = ...,
          budget: int = ..., deep_talon: int = ..., cheap_power: int = ..., table: Optional[Table] = ...
          ) -> Optional[Move]: ...
def solve(view: View, memory: Memory, *, budget: int = ..., table: Optional[Table] = ...
          ) -> Optional[tuple[int, Optional[Move]]]: ...

__all__: list[str]
