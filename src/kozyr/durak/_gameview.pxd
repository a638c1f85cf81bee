# The view a Game hands to Python: one seat's DView (_view.pxd), copied once,
# with the Python objects (moves, bout, hand) built only when read.
from kozyr.durak._view cimport DView


cdef class GameView:
    cdef DView d
    cdef object _legal      # tuple of Move, built on first read
    cdef object _bout       # Bout, built on first read

    @staticmethod
    cdef GameView wrap(const DView *d)
