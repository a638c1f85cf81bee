# The rungs' C kernel: `best_move(view, level, word, params)` -> a move code.
# It lives here, inline, so that the ladder's nogil loop (which cimports this
# file) compiles it into its own body: no call through a function pointer per
# decision. It reads a DView (a copy of one seat's view) and nothing else;
# tests/durak/test_blind.py holds this file and rungs.pyx to that.
from libc.stdint cimport uint64_t

from kozyr.cards cimport highest_card, lowest_card, suit_mask
from kozyr.durak._view cimport MAX_LEGAL, MV_ATTACK, MV_BEAT, MV_DONE, MV_SWAP, MV_TAKE, PH_DEFEND, DView


cdef struct RungParams:
    # The rung-3 thresholds, measurements rather than constants: the spec's bot
    # is DEEP_TALON 6 and CHEAP_POWER 3; a ladder run may try others.
    int deep_talon         # take a costly trump beat only while the talon holds more than this
    int cheap_power        # trumps of power above this are "costly"


cdef enum:
    NO_COST = 1 << 20


cdef inline int _power(int card) noexcept nogil:
    """6 = 0 .. ace = 8: durak cards start at rank 6."""
    return (card & 15) - 6


cdef inline uint64_t _lane_or(uint64_t m) noexcept nogil:
    """The ranks present in any suit of m, as one 16-bit lane."""
    return (m | (m >> 16) | (m >> 32) | (m >> 48)) & 0xFFFF


cdef inline int _cheapest(const DView *v, uint64_t pool, int pair) noexcept nogil:
    """The card of lowest cost in pool, whose cards are all trumps or all not.

    Within such a pool the cost of a card depends on its rank only: power,
    plus `pair` when the hand holds two or more of the rank. So the cheapest
    unpaired rank is the lowest one, the cheapest paired rank too, and at most
    these two ranks tie. Ties go to the earlier card of the spec's card
    sequence: the lower suit, then the higher rank within the suit.
    """
    if pool & (pool - 1) == 0:     # one card: nothing to compare
        return lowest_card(pool)
    cdef uint64_t h = v.hand
    cdef uint64_t l0 = h & 0xFFFF, l1 = (h >> 16) & 0xFFFF, l2 = (h >> 32) & 0xFFFF, l3 = h >> 48
    cdef uint64_t paired = (l0 & (l1 | l2 | l3)) | (l1 & (l2 | l3)) | (l2 & l3)
    cdef uint64_t ranks = _lane_or(pool)
    cdef uint64_t single = ranks & ~paired, double = ranks & paired
    cdef uint64_t want = 0, cards, lane
    cdef int cost = NO_COST, r
    if single:
        r = lowest_card(single)
        cost = r
        want = (<uint64_t>1) << r
    if double:
        r = lowest_card(double)
        if r + pair < cost:
            want = (<uint64_t>1) << r
        elif r + pair == cost:
            want |= (<uint64_t>1) << r
    cards = pool & (want * 0x0001000100010001ULL)
    lane = cards & (0xFFFFULL << (lowest_card(cards) & 48))
    return highest_card(lane)


cdef inline int best_move(const DView *v, int level, unsigned int word, const RungParams *p) noexcept nogil:
    """The move code the rung plays from this view, or -1 when it has no legal move."""
    cdef int n = v.nlegal
    cdef int card, kind
    cdef unsigned int kinds = v.legal_kinds    # bit k: a move of kind k is legal
    cdef uint64_t cards = v.legal_cards, trumps
    cdef bint defending
    if n <= 0:
        return -1
    if n > MAX_LEGAL:
        n = MAX_LEGAL
    if level <= 1:
        return v.legal[word % <unsigned int>n]
    kind = MV_BEAT if kinds & (1u << MV_BEAT) else MV_ATTACK
    if kinds & (1u << MV_SWAP):
        return MV_SWAP << 6
    defending = v.phase == PH_DEFEND
    if cards == 0:
        if defending and kinds & (1u << MV_TAKE):
            return MV_TAKE << 6
        if kinds & (1u << MV_DONE):
            return MV_DONE << 6
        return v.legal[0]
    # the pair adjustment: +1 for rung 2 everywhere and rung 3 defending,
    # -2 for rung 3 attacking or piling on (keep pairs together to throw in);
    # any plain card costs less than any trump (power <= 8 + 1 < 20 - 2)
    trumps = cards & suit_mask(v.trump)
    if cards != trumps:
        card = _cheapest(v, cards & ~trumps, 1 if (level == 2 or defending) else -2)
    else:
        card = _cheapest(v, cards, 1 if (level == 2 or defending) else -2)
        if (level >= 3 and defending and kinds & (1u << MV_TAKE) and _power(card) > p.cheap_power
                and v.talon > p.deep_talon and v.bout.size <= 2):
            return MV_TAKE << 6
    return (kind << 6) | card




cdef inline int _kth_card(uint64_t m, int k) noexcept nogil:
    """The k-th card (from 0) of m in the rules' card sequence: suits 0..3, each from the ace down.

    The suit lanes are swapped end for end (lane s to lane 3 - s), so that the
    sequence is simply highest bit first; bit b of the swapped mask is card b ^ 48.
    """
    cdef uint64_t r = (m << 32) | (m >> 32)
    r = ((r & 0x0000FFFF0000FFFFULL) << 16) | ((r >> 16) & 0x0000FFFF0000FFFFULL)
    while k:
        r ^= (<uint64_t>1) << highest_card(r)
        k -= 1
    return highest_card(r) ^ 48


cdef inline int rung1_move(const DView *v, unsigned int word) noexcept nogil:
    """Rung 1's move, legal[word mod nlegal], found from the view's legal cards and kinds
    without the list (the list holds the card moves in the rules' card sequence, then take
    or done, then swap); -1 when there is no legal move. Same decision as
    best_move(v, 1, word)."""
    cdef int n = v.nlegal, k, ncard
    cdef unsigned int kinds = v.legal_kinds
    if n <= 0:
        return -1
    k = <int>(word % <unsigned int>n)
    ncard = n - <int>(((kinds >> MV_TAKE) & 1) + ((kinds >> MV_DONE) & 1) + ((kinds >> MV_SWAP) & 1))
    if k < ncard:
        return ((MV_BEAT if kinds & (1u << MV_BEAT) else MV_ATTACK) << 6) | _kth_card(v.legal_cards, k)
    k -= ncard
    if kinds & (1u << MV_TAKE):
        if k == 0:
            return MV_TAKE << 6
        k -= 1
    elif kinds & (1u << MV_DONE):
        if k == 0:
            return MV_DONE << 6
        k -= 1
    return MV_SWAP << 6
