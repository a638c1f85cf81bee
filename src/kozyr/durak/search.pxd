# The rungs' C-level contract: the ladder cimports this and calls best_move on
# every decision. It sees a DView (a copy of one seat's view) and nothing else.
from kozyr.durak._view cimport DView


cdef struct Params:
    # The rung-3 thresholds, measurements rather than constants: the spec's bot
    # is DEEP_TALON 6 and CHEAP_POWER 3; a ladder run may try others.
    int deep_talon         # take a costly trump beat only while the talon holds more than this
    int cheap_power        # trumps of power above this are "costly"


cdef Params default_params() noexcept nogil

cdef int best_move(const DView *v, int level, unsigned int word, const Params *p) noexcept nogil
