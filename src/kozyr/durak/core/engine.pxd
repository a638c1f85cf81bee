# The Python face of the durak engine: `Game` holds a State (core/state.pxd) and a
# packed move log. The rules it runs are core/rules.pxd and core/deal.pxd; anything
# that plays deals in bulk cimports those, not this file.
from libc.stdint cimport uint16_t

from kozyr.durak.core.state cimport State


cdef class Game:
    cdef State st
    cdef uint16_t *hist         # move log: seat << 9 | move code, malloc'd
    cdef int nhist
    cdef int hcap
    cdef int _reserve(self, int nhist) except -1
