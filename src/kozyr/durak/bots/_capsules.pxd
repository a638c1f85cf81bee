# A native bot's C function and state from the capsules of its NativeBot: the one place where
# their names are checked and their pointers read, for every door that calls a native bot (the
# ladder's loop and native_move in ladder/_loop.pyx, the vector environment's opponent in
# vecenv.pyx).
from cpython.pycapsule cimport PyCapsule_GetPointer, PyCapsule_IsValid

from kozyr.durak.core.view cimport bot_fn


cdef inline int native_pointers(object function, object state, bot_fn *fn, const void **st) except -1:
    """*fn and *st (NULL without a state) from a native bot's capsules `function` and `state` (None
    or a capsule), each checked by its name first: a capsule of another name, or another object, is
    one bad_side KozyrError naming it, and nothing is written."""
    from kozyr.errors import KozyrError, shown
    if not PyCapsule_IsValid(function, b"kozyr.durak.bot_fn"):
        raise KozyrError("bad_side", f"{shown(function)} is not a capsule named 'kozyr.durak.bot_fn'", value=function)
    if state is not None and not PyCapsule_IsValid(state, b"kozyr.durak.bot_state"):
        raise KozyrError("bad_side", f"{shown(state)} is not a capsule named 'kozyr.durak.bot_state'", value=state)
    fn[0] = <bot_fn>PyCapsule_GetPointer(function, b"kozyr.durak.bot_fn")
    st[0] = PyCapsule_GetPointer(state, b"kozyr.durak.bot_state") if state is not None else NULL
    return 0
