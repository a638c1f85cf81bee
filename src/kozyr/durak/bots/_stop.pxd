# Stopping a long nogil computation promptly: the one home of the stop flag and of the poll.
#
# A search that runs for seconds with the GIL released (rung 4 with K = 65536 and a node
# budget of 2**30) must stop within a fraction of a second on Ctrl-C. Two ways reach it:
# a flag that another thread sets (the ladder's stop(): its worker threads see it), read here
# atomically; and, for a caller in Python's main thread (best4, solve), a poll that takes the
# GIL for a moment and runs the signal handlers, keeping the exception a handler raised (Ctrl-C:
# KeyboardInterrupt) in a list for the caller to raise once the search has returned.
from cpython.exc cimport PyErr_CheckSignals


cdef extern from *:
    """
    /* a stop flag written by one thread and read by a loop in another */
    static inline int kz_stop_get(const int *p) { return __atomic_load_n(p, __ATOMIC_RELAXED); }
    static inline void kz_stop_set(int *p, int v) { __atomic_store_n(p, v, __ATOMIC_RELAXED); }
    """
    int kz_stop_get(const int *p) noexcept nogil
    void kz_stop_set(int *p, int v) noexcept nogil


ctypedef int (*poll_fn)(void *ctx) noexcept nogil


cdef inline int poll_signals(void *ctx) noexcept with gil:
    """The poll of a Python caller: run the signal handlers; 1, with the handler's exception
    appended to the list `ctx`, to stop; 0 to go on."""
    try:
        PyErr_CheckSignals()
    except BaseException as err:
        (<list>ctx).append(err)
        return 1
    return 0


cdef inline void *poll_context(list errors):
    """The `ctx` of poll_signals: the list its exceptions go to (the caller keeps it alive)."""
    return <void *>errors
