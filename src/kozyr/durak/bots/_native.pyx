"""A native bot called from Python: its answer on a view of the compiled engine, with the word given.

Replay, the terminal game and the environments call a `NativeBot` so (the
ladder calls the bot's C function inside its own nogil loop). It lives here,
beside the protocol, so that a bot never reaches into the ladder to play.
"""
from kozyr.durak.bots._capsules cimport native_pointers
from kozyr.durak.core.gameview cimport GameView
from kozyr.durak.core.view cimport bot_fn

from kozyr.durak.moves import move_of_code
from kozyr.errors import KozyrError, shown

__all__ = ["native_move"]


def native_move(function, state, view, unsigned int word):
    """A native bot's answer on `view` (a GameView of the seat on turn): its Move, or the int code
    when the code names no move (read by `moves.move_of_code`, as the ladder's refusal reads it)."""
    cdef GameView gv
    cdef bot_fn fn
    cdef const void *st = NULL
    cdef int code
    if not isinstance(view, GameView):
        raise KozyrError("bad_view", f"a native bot plays on a view of the compiled engine (a GameView), not "
                         f"{shown(view)}", value=view)
    gv = <GameView>view
    native_pointers(function, state, &fn, &st)
    with nogil:
        code = fn(&gv.d, word, st)
    move = move_of_code(code)
    return code if move is None else move
