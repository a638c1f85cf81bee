from typing import Mapping, Optional, Union

from kozyr.durak.moves import Move
from kozyr.durak.params import Params
from kozyr.durak.views import View

def best(
    view: View, level: int, word: int = ..., params: Optional[Union[Params, Mapping[str, int]]] = ...
) -> Optional[Move]: ...
