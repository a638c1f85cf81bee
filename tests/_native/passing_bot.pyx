# cython: language_level=3
"""A native bot that transfers or shows whenever it may (the highest such move code), else plays the first move
of its legal list (for the tests of how a native bot's answer is read: transfer and show are the move kinds
whose codes lie above the first six kinds')."""
from cpython.pycapsule cimport PyCapsule_New

from kozyr.durak.native cimport MV_TRANSFER, DView

from kozyr.durak.bots.sides import NativeBot


cdef int passing(const DView *v, unsigned int word, const void *state) noexcept nogil:
    cdef int i, best = -1
    for i in range(v.nlegal):
        if v.legal[i] >> 6 >= MV_TRANSFER and v.legal[i] > best:
            best = v.legal[i]
    if best >= 0:
        return best
    return v.legal[0] if v.nlegal else -1


def bot():
    return NativeBot(PyCapsule_New(<void *>passing, b"kozyr.durak.bot_fn", NULL), name="passes the bout on")
