from typing import Any

from kozyr.durak.moves import Move

def native_move(function: Any, state: Any, view: Any, word: int) -> Move | int: ...
