# Cards by power: the duel's card layout, bit 4*power + suit (power 0 = six .. 8 = ace).
#
# kozyr's encoding (kozyr.cards: bit 16*suit + rank) is suit-major, which is
# what the views, events and every other module read. The bots' question in
# the duel's hot loop is a lowest-cost one, and a card's cost starts from its
# power, so inside the duel (durak/bots/_duel.pxd) and the rungs' kernel when the
# duel calls it (rungs.pxd, ByPower) the cards are kept power-major: the
# lowest set bit of a mask is a card of the lowest power, of the lowest suit
# among that power's cards; the four cards of a power are one nibble; a suit
# is every fourth bit. Cards are translated at the deal's edges (pw_card,
# pw_kozyr, pw_mask, pw_kozyr_mask); nothing outside the duel sees this layout.
from libc.stdint cimport uint64_t

from kozyr.cards cimport card_bit, highest_card, lowest_card


cdef inline uint64_t pw_suit(int s) noexcept nogil:
    """The nine cards of suit s."""
    return (<uint64_t>0x111111111ULL) << s


cdef inline uint64_t pw_rank(int b) noexcept nogil:
    """The four cards of b's power (b's rank)."""
    return (<uint64_t>0xF) << (b & ~3)


cdef inline uint64_t pw_above(int b) noexcept nogil:
    """The cards of b's suit of a higher power, and bits past the 36 cards: the suit's bits
    from b's on, one power up (two instructions where the suit masked above b took eight).
    Only a mask of cards ANDed with it is a mask of cards: the duel's beaters are read only
    through the defender's hand, so the cut at the 36 cards is left to that AND."""
    return (<uint64_t>0x1111111110ULL) << b


cdef inline int pw_card(int c) noexcept nogil:
    """kozyr's card c (a durak card, rank 6..14) by power."""
    return 4 * ((c & 15) - 6) + (c >> 4)


cdef inline int pw_kozyr(int b) noexcept nogil:
    """Card b by power as kozyr's card."""
    return 16 * (b & 3) + (b >> 2) + 6


cdef inline uint64_t pw_mask(uint64_t m) noexcept nogil:
    """A mask of kozyr's durak cards by power."""
    cdef uint64_t r = 0
    while m:
        r |= card_bit(pw_card(lowest_card(m)))
        m &= m - 1
    return r


cdef inline uint64_t pw_kozyr_mask(uint64_t m) noexcept nogil:
    """A mask by power as kozyr's mask."""
    cdef uint64_t r = 0
    while m:
        r |= card_bit(pw_kozyr(lowest_card(m)))
        m &= m - 1
    return r


cdef inline uint64_t pw_paired(uint64_t h) noexcept nogil:
    """The ranks h holds two or more cards of, each as its whole nibble: with bits b0..b3 of a
    nibble, two or more are set exactly when (b0|b1) & (b2|b3), or b0 & b1, or b2 & b3."""
    cdef uint64_t a = h | (h >> 1), b = h & (h >> 1)
    return ((((a & (a >> 2)) | b | (b >> 2)) & 0x111111111ULL) * 15)


cdef inline int pw_suit_count(uint64_t m, int s) noexcept nogil:
    """The number of cards of suit s in m: that suit's bits (one a nibble) summed into nibble 8
    by one multiplication (each partial sum stays below 16, so nothing carries)."""
    return <int>(((((m >> s) & 0x111111111ULL) * 0x111111111ULL) >> 32) & 15)


cdef inline int pw_nth_in(uint64_t m, int k, int c0, int c1, int c2, int c3) noexcept nogil:
    """The k-th card (from 0; m holds more than k) of m in the rules' card sequence (suits 0 to 3,
    each from its highest power down), given the counts of the suits in m (pw_suit_count):
    the suit by the counts (without branches: which suit is random, so a branch would be
    mispredicted), then within it the k-th highest card, the (count - 1 - k)-th lowest."""
    cdef int a1 = k >= c0, a2 = k >= c0 + c1, a3 = k >= c0 + c1 + c2
    cdef int s = a1 + a2 + a3
    cdef int j = (c0 - 1 - k) + a1 * c1 + a2 * c2 + a3 * c3
    cdef uint64_t ms = m & pw_suit(s)
    while j:
        ms &= ms - 1
        j -= 1
    return lowest_card(ms)


cdef inline int pw_next_step(uint64_t h, int b0) noexcept nogil:
    """For the rungs' cheapest card with the pair adjustment +1 (rungs.pxd, _cheapest_pw1): b0 is
    a pool's lowest card, h the hand (holding b0). The step from b0 to the card of the next
    power that costs no more and comes first, or 0: 4 + (its suit) - (b0's suit) when h holds
    two or more cards of b0's power and exactly one of the next, of a suit not above b0's.

    A look-up in a 1,024-entry table of bytes (the steps themselves, octal escapes: no
    subtraction of a digit's code at every look-up) indexed by the hand's two nibbles and
    b0's suit (four instructions where the same test in arithmetic took about twenty);
    tests/durak/bots/test_rungs_pw.py rebuilds it from this definition."""
    cdef const char *steps = (
        b"\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\4\0\4\0\4\0\4\0\4\0\4\0\4"
        b"\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0"
        b"\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0"
        b"\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0"
        b"\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0"
        b"\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0"
        b"\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0"
        b"\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0"
        b"\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\3\0\0\3\3\0\0\3\3\0\0\3\3"
        b"\0\0\0\4\0\0\4\4\0\0\4\4\0\0\4\4\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0"
        b"\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0"
        b"\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0"
        b"\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0"
        b"\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0"
        b"\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0"
        b"\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0"
        b"\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\2\2\2\0\0\0\0\2\2\2\2"
        b"\0\0\0\0\0\3\3\3\0\0\0\0\3\3\3\3\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0"
        b"\0\0\0\0\0\4\4\4\0\0\0\0\4\4\4\4\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0"
        b"\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0"
        b"\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0"
        b"\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0"
        b"\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0"
        b"\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0"
        b"\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\1\1\1\1\1\1\1"
        b"\0\0\0\0\0\0\0\0\0\2\2\2\2\2\2\2\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0"
        b"\0\0\0\0\0\0\0\0\0\3\3\3\3\3\3\3\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0"
        b"\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0"
        b"\0\0\0\0\0\0\0\0\0\4\4\4\4\4\4\4\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0"
        b"\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0"
        b"\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0"
        b"\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0"
    )
    return steps[((h >> (b0 & ~3)) & 0xFF) | ((b0 & 3) << 8)]
