"""Type stubs for kozyr.durak.bots.rung4, rung 4's determinized search."""
from collections.abc import Mapping

from kozyr.durak.bots.analysis import Analysis
from kozyr.durak.moves import Move
from kozyr.durak.params import Params
from kozyr.durak.views import View

K: int
PLAYOUT: int
ENDGAME: bool
BUDGET: int
PARAM_RANGES: dict[str, tuple[int, int]]

class Scratch:
    def __init__(self) -> None: ...
    def clear(self) -> None: ...
    @property
    def nodes(self) -> int: ...
    def _playouts_general(self, on: bool) -> None: ...

Table = Scratch   # Scratch's old name: warns (a DeprecationWarning), works until kozyr 0.5

# table= is scratch='s old name (warns, works until kozyr 0.5)
def best4(view: View, key: int, params: Params | Mapping[str, int] | None = ..., *,
          scratch: Scratch | None = ..., table: Scratch | None = ...) -> Move | None: ...
def analyse(view: View, key: int, params: Params | Mapping[str, int] | None = ..., *,
            scratch: Scratch | None = ..., table: Scratch | None = ...) -> Analysis: ...
def solve(view: View, *, budget: int = ..., scratch: Scratch | None = ..., table: Scratch | None = ...
          ) -> tuple[int, Move | None] | None: ...
def _style(view: View, name: str, params: Params | Mapping[str, int] | None = ...) -> Move | None: ...

__all__: list[str]
