from kozyr.preferans.core.state cimport PState

cdef class CoreDeal:
    cdef PState s
    cdef bytes _seed
    cdef object _number
    cdef list _log             # accepted moves: (seat, code)
    cdef tuple _legal          # the legal codes at ply _legal_ply
    cdef int _legal_ply
    cdef tuple legal_codes(self)
    cdef int _index(self, int seat)
