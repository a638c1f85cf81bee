# cython: language_level=3
"""A durak bot in Cython that plays inside kozyr's nogil ladder loop.

The bot is one C function with the signature kozyr.durak.native.bot_fn: it gets
the view of the seat on turn (a DView struct: the hand, the bout, the legal
moves...) and a 32-bit random word, and answers a move code from v.legal. It
can reach nothing but the view, and it runs with the GIL released, so a ladder
plays it at the speed of the built-in rungs.

This one plays the lowest-ranked legal card (attack, throw in or beat), and
takes or says done only when it has no card to play; its state (a capsule of
one int) says whether it also exchanges the trump six when it can.

Build it and play it:

    cythonize -i cheapest.pyx          # kozyr must be installed (it ships the .pxd files)
    python -c "import cheapest; from kozyr.durak.ladder import ladder; print(ladder(cheapest.bot(), 2, 100000))"
"""
from cpython.pycapsule cimport PyCapsule_New
from libc.stdlib cimport malloc

from kozyr.durak.native cimport MV_SWAP, MV_TAKE, DView

from kozyr.durak.bots.sides import NativeBot


cdef int cheapest(const DView *v, unsigned int word, const void *state) noexcept nogil:
    cdef int i, m, best = -1, best_rank = 99, rank
    cdef bint may_swap = 0
    if state != NULL:
        may_swap = (<const int *>state)[0] != 0
    for i in range(v.nlegal):
        m = v.legal[i]
        if m >> 6 == MV_SWAP and may_swap:
            return m
        if m >> 6 < MV_TAKE:            # attack or beat: a card move
            rank = m & 15
            if rank < best_rank:
                best, best_rank = m, rank
    if best >= 0:
        return best
    for i in range(v.nlegal):          # no card: take, done (or a swap we did not want)
        if v.legal[i] >> 6 != MV_SWAP:
            return v.legal[i]
    return v.legal[0] if v.nlegal else -1


def bot(swap=True, seed="cheapest"):
    """The bot as a NativeBot for kozyr's ladder."""
    cdef int *flag = <int *>malloc(sizeof(int))   # lives as long as the process: tiny, and shared read-only
    flag[0] = 1 if swap else 0
    return NativeBot(PyCapsule_New(<void *>cheapest, b"kozyr.durak.bot_fn", NULL),
                     PyCapsule_New(<void *>flag, b"kozyr.durak.bot_state", NULL),
                     seed=seed, name=f"cheapest (swap={bool(swap)})")
