# The C-level contract of the cards module, cimported by the other extensions.
# A card is bit (16*suit + rank) of a uint64_t mask; rank 2..14, suit 0..3.
from libc.stdint cimport uint64_t

cdef extern from "_bits.h" nogil:
    const uint64_t KZ_SUIT_LANE
    const uint64_t KZ_DECK52
    const uint64_t KZ_DECK36
    const uint64_t KZ_DECK32
    int kz_popcount(uint64_t m) noexcept
    int kz_lowest(uint64_t m) noexcept
    int kz_highest(uint64_t m) noexcept


cdef inline int popcount(uint64_t m) noexcept nogil:
    return kz_popcount(m)


cdef inline int lowest_card(uint64_t m) noexcept nogil:
    """The lowest card of a non-empty mask."""
    return kz_lowest(m)


cdef inline int highest_card(uint64_t m) noexcept nogil:
    """The highest card of a non-empty mask."""
    return kz_highest(m)


cdef inline int pop_lowest(uint64_t *m) noexcept nogil:
    """Remove and return the lowest card: `while m: c = pop_lowest(&m)`."""
    cdef int c = kz_lowest(m[0])
    m[0] &= m[0] - 1
    return c


cdef inline uint64_t card_bit(int c) noexcept nogil:
    return (<uint64_t>1) << c


cdef inline uint64_t suit_mask(int s) noexcept nogil:
    """All 13 cards of suit s."""
    return KZ_SUIT_LANE << (16 * s)


cdef inline uint64_t deck_mask(int size) noexcept nogil:
    """The cards of a deck of `size` cards (24, 32, 36 or 52): the ranks from 15 - size / 4 up to
    the ace in every suit."""
    return ((<uint64_t>0x8000) - ((<uint64_t>1) << (15 - (size >> 2)))) * <uint64_t>0x0001000100010001ULL


cdef inline uint64_t above(int c) noexcept nogil:
    """The cards of c's suit ranked above c (within the 52 cards)."""
    return suit_mask(c >> 4) & ~((card_bit(c) << 1) - 1)


cdef inline uint64_t lanes_reversed(uint64_t m) noexcept nogil:
    """Suit lane s moved to lane 3 - s. The cards of m in suit order (suit 0 first), each suit
    from its highest rank down, are then the set bits from the highest down; bit b is card b ^ 48."""
    m = (m << 32) | (m >> 32)
    return ((m & 0x0000FFFF0000FFFFULL) << 16) | ((m >> 16) & 0x0000FFFF0000FFFFULL)


cdef inline int nth_card(uint64_t m, int k) noexcept nogil:
    """The k-th card (from 0; m must hold more than k) of m in suit order, each suit from its
    highest rank down."""
    cdef uint64_t r = lanes_reversed(m)
    while k:
        r ^= card_bit(kz_highest(r))
        k -= 1
    return kz_highest(r) ^ 48


cdef class CardSet:
    cdef readonly uint64_t mask

    @staticmethod
    cdef CardSet wrap(uint64_t mask)
