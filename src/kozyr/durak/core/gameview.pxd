# The view a Game hands to Python: one seat's DView (core/view.pxd), copied once,
# with the Python objects (moves, bout, hand) built only when read. This module
# also owns the conversions between the durak vocabulary and C (cached Moves,
# Results, a Bout, Rules and its Table, a Python View into a DView) that the
# engine, the rungs and the loops share.
from kozyr.durak.core.view cimport BoutView, DView


cdef object move_of(int code)                          # the cached Move of a move code
cdef tuple moves_tuple(const int *codes, int n)        # a tuple of cached Moves
cdef object result_of(int outcome, int fool, unsigned int losers, bint two_seat)   # OUT_*, fool, losers -> Result
cdef tuple seats_tuple(unsigned int mask)              # the seats of a bit mask, in seat order
cdef object bout_of(const BoutView *b)                 # the Bout of a BoutView
cpdef object rules_of(int seats, int deck, unsigned int opts)   # the (cached) Rules of a C Table
cdef int fill_dview(DView *d, object view) except -1   # a Python View into the struct, range-checked


cdef class GameView:
    cdef DView d
    cdef object _legal      # tuple of Move, built on first read
    cdef object _bout       # Bout, built on first read

    @staticmethod
    cdef GameView wrap(const DView *d)
