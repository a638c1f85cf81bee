# cython: language_level=3
"""A native bot that answers a move code it was not offered once the deal is `after` plies old (for the tests
of the ladder's refusal of a native bot's illegal answer)."""
from cpython.pycapsule cimport PyCapsule_New
from libc.stdlib cimport malloc

from kozyr.durak.native cimport DView

from kozyr.durak.ladder import NativeBot


cdef int wrong(const DView *v, unsigned int word, const void *state) noexcept nogil:
    cdef int after = (<const int *>state)[0]
    if v.ply >= after:
        return 63 << 6            # no move has this code
    return v.legal[0]


def bot(after=10):
    cdef int *flag = <int *>malloc(sizeof(int))
    flag[0] = after
    return NativeBot(PyCapsule_New(<void *>wrong, b"kozyr.durak.bot_fn", NULL),
                     PyCapsule_New(<void *>flag, b"kozyr.durak.bot_state", NULL), name=f"wrong after {after}")
