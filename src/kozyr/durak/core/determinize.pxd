# Determinization: a complete State built from one seat's view and memory, the
# cards it has not seen dealt at random (determinize() of the Python face, and rung 4's search,
# which plays on such copies). Its inputs are a DView and a Memory and nothing
# else, so whatever is built from it cannot know more than the seat does; the
# hidden cards of the real deal never reach it (tests/durak/test_blind.py).
#
# What is kept: the seat's hand, the bout, the counts, the heap, the cards known
# to be in the other hand, the turn-up (or the six after the exchange) at the
# bottom of the talon while it is there. What is drawn: which unseen cards fill
# the rest of the other hand, and the order of the talon above its bottom card;
# every arrangement equally likely.
from libc.stdint cimport uint64_t

from kozyr.cards cimport card_bit, pop_lowest, popcount
from kozyr.durak.core.memory cimport Memory, mem_unseen
from kozyr.durak.core.seeds cimport fast_below
from kozyr.durak.core.state cimport State
from kozyr.durak.core.view cimport OUT_NONE, DView


cdef inline int dt_build(State *s, const DView *v, const Memory *m, uint64_t *rng) noexcept nogil:
    """Fill *s: the seat's position with the unseen cards dealt at random from *rng.

    0, or -1 when the memory does not fit the view (the unseen cards are not
    exactly the other hand's unknown cards plus the talon above its bottom).
    """
    cdef int me = v.seat, other = 1 - v.seat
    cdef uint64_t unseen = mem_unseen(m, v), known = m.known, table = 0, mine = 0
    cdef int cards[36]
    cdef int n = 0, i, j, c, need, above, nbeat = 0, drawn
    cdef unsigned int ranks = 0
    need = v.count[other] - popcount(known)
    above = v.talon - 1 if v.talon > 0 else 0
    if need < 0 or popcount(unseen) != need + above or (v.talon > 0) != (m.bottom >= 0):
        return -1
    while unseen:
        cards[n] = pop_lowest(&unseen)
        n += 1
    # a partial Fisher-Yates: cards[0..need) go to the other hand, the rest is the talon in order
    for i in range(n - 1):
        j = i + fast_below(rng, n - i)
        c = cards[i]
        cards[i] = cards[j]
        cards[j] = c
    for i in range(need):
        known |= card_bit(cards[i])
    for i in range(v.bout.size):
        table |= card_bit(v.bout.attack[i])
        ranks |= 1u << (v.bout.attack[i] & 15)
        if v.bout.beat[i] >= 0:
            table |= card_bit(v.bout.beat[i])
            ranks |= 1u << (v.bout.beat[i] & 15)
            nbeat += 1
    s.hand[me] = v.hand
    s.hand[other] = known
    s.table = table
    s.heap_cards = m.heap
    s.bout = v.bout
    s.nbeat = nbeat
    s.count[0] = v.count[0]
    s.count[1] = v.count[1]
    s.ranks = ranks
    s.trump = v.trump
    s.turnup = m.turnup
    s.six = m.six
    if m.swapped or m.turnup == m.six:
        s.six_owner = -1
    elif v.can_swap:
        s.six_owner = me
    elif known & card_bit(m.six) and m.other_may_own:
        s.six_owner = other
    else:
        s.six_owner = -1
    s.talon_last = m.bottom if m.bottom >= 0 else m.turnup
    drawn = 24 - v.talon
    s.drawn = drawn
    s.swapped = m.swapped
    s.heap = v.heap
    s.ply = v.ply
    s.moves = 0
    s.bouts = 0
    s.outcome = OUT_NONE
    s.fool = -1
    # order[13 + k] is talon card k (k < 23): the cards above the bottom fill it to the end
    for i in range(13 + drawn if drawn < 23 else 36):
        s.order[i] = 0       # dealt or drawn long ago: never read again
    s.order[12] = <unsigned char>m.turnup
    for i in range(above):
        s.order[13 + drawn + i] = <unsigned char>cards[need + i]
    return 0
