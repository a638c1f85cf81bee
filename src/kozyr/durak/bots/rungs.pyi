from collections.abc import Mapping

from kozyr.durak.moves import Move
from kozyr.durak.params import Params
from kozyr.durak.views import View

def best(
    view: View, level: int, word: int = ..., params: Params | Mapping[str, int] | None = ...
) -> Move | None: ...
