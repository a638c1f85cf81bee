# The view a Game hands to Python: one seat's DView (core/view.pxd), copied once,
# with the Python objects (moves, bout, hand) built only when read. This module
# also owns the C-to-Python conversions of the durak vocabulary (cached Moves,
# Results, a Bout) that the engine and the rungs share.
from kozyr.durak.core.view cimport BoutView, DView


cdef object move_of(int code)                          # the cached Move of a move code
cdef tuple moves_tuple(const int *codes, int n)        # a tuple of cached Moves
cdef object result_of(int outcome, int fool)           # OUT_* and the fool's seat -> Result or None
cdef object bout_of(const BoutView *b)                 # the Bout of a BoutView


cdef class GameView:
    cdef DView d
    cdef object _legal      # tuple of Move, built on first read
    cdef object _bout       # Bout, built on first read

    @staticmethod
    cdef GameView wrap(const DView *d)
