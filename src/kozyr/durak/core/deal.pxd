# Dealing a State (core/state.pxd): from an order, from the fast generator, and
# by the rules' SHA-256 shuffle of a 32-byte seed. Inline so that the ladder
# deals without a call across modules.
from libc.stdint cimport uint8_t, uint32_t, uint64_t
from libc.string cimport memcpy

from kozyr.cards cimport card_bit, lowest_card, suit_mask
from kozyr.durak.core.seeds cimport fast_below, kz_sha256_short2, put_uint, sha_words
from kozyr.durak.core.state cimport State
from kozyr.durak.core.view cimport OUT_NONE


cdef inline int ref_card(int k) noexcept nogil:
    """The card numbered k + 1 by the reference: 0 -> AS, 1 -> KS, .., 8 -> 6S, 9 -> AH, .., 35 -> 6C."""
    return 16 * (k // 9) + 14 - k % 9


cdef inline void st_deal_order(State *s, const int *order36) noexcept nogil:
    """Deal from 36 kozyr card ints in shuffled order (the caller guarantees 36 distinct durak cards)."""
    cdef int i, c, t
    cdef uint64_t tr, lo0, lo1
    s.hand[0] = 0
    s.hand[1] = 0
    for i in range(36):
        s.order[i] = <unsigned char>order36[i]
    for i in range(12):
        s.hand[i & 1] |= card_bit(order36[i])
    s.turnup = order36[12]
    s.trump = s.turnup >> 4
    s.six = 16 * s.trump + 6
    s.six_owner = -1
    if s.hand[0] & card_bit(s.six):
        s.six_owner = 0
    elif s.hand[1] & card_bit(s.six):
        s.six_owner = 1
    s.talon_last = s.turnup
    s.drawn = 0
    s.swapped = 0
    s.heap = 0
    s.heap_cards = 0
    s.table = 0
    s.ranks = 0
    s.bout.size = 0
    s.bout.to_beat = -1
    s.nbeat = 0
    s.bout.taken = 0
    s.count[0] = 6
    s.count[1] = 6
    for i in range(6):
        s.bout.attack[i] = -1
        s.bout.beat[i] = -1
    # first attacker: the lowest trump; seat 0 when neither holds one
    tr = suit_mask(s.trump)
    lo0 = s.hand[0] & tr
    lo1 = s.hand[1] & tr
    s.bout.attacker = 0
    if lo1 and (not lo0 or lowest_card(lo1) < lowest_card(lo0)):
        s.bout.attacker = 1
    s.bout.defender = 1 - s.bout.attacker
    s.bout.cap = 6
    s.ply = 0
    s.moves = 0
    s.bouts = 0
    s.outcome = OUT_NONE
    s.fool = -1


cdef inline void shuffle_seed(int *cards, const unsigned char *seed32, const char *num, int numlen) noexcept nogil:
    """The rules' SHA-256 shuffle of a 32-byte seed, the deal number (at most 40 digits) given as
    text, applied to the 36 cards at `cards`, which the caller lays out in the rules' card
    sequence (ref_card, or another layout's numbers for the same cards).

    Blocks 0 to 3 of the word stream are digested two at a time (kz_sha256_short2: on the
    CPU's SHA extensions two digests together take less time than one after the other);
    the shuffle always reads block 4 too (35 words at least), and further blocks only
    after rejections, so those come one at a time."""
    cdef uint8_t msg[32 + 5 + 40 + 1 + 24]
    cdef uint8_t msg2[32 + 5 + 40 + 1 + 24]
    cdef uint32_t words[16]
    cdef int i, j, n, t, head, used = 0, avail = 0, length
    cdef unsigned int block = 0
    cdef uint32_t w
    cdef uint64_t limit
    memcpy(msg, seed32, 32)
    memcpy(msg + 32, b"deal:", 5)
    memcpy(msg + 37, num, numlen)
    msg[37 + numlen] = 58  # ':'
    head = 38 + numlen
    i = 35
    while i >= 1:
        n = i + 1
        limit = (<uint64_t>4294967296ULL // <uint64_t>n) * <uint64_t>n
        while True:
            if used == avail:
                # the digest of seed + "deal:<number>:<block>", as eight big-endian words
                used = 0
                length = head + put_uint(msg + head, block)
                if block < 4 and length <= 55:
                    # blocks 2k and 2k + 1 have as many digits: one length for both
                    memcpy(msg2, msg, head)
                    put_uint(msg2 + head, block + 1)
                    kz_sha256_short2(msg, msg2, length, words, words + 8)
                    block += 2
                    avail = 16
                else:
                    sha_words(msg, length, words)
                    block += 1
                    avail = 8
            w = words[used]
            used += 1
            if <uint64_t>w < limit:
                break
        j = <int>(w % <uint32_t>n)
        t = cards[i]
        cards[i] = cards[j]
        cards[j] = t
        i -= 1


cdef inline void st_deal_seed_text(State *s, const unsigned char *seed32, const char *num, int numlen) noexcept nogil:
    """The rules' SHA-256 shuffle of a 32-byte seed, the deal number (at most 40 digits) given as text."""
    cdef int cards[36]
    cdef int i
    for i in range(36):
        cards[i] = ref_card(i)
    shuffle_seed(cards, seed32, num, numlen)
    st_deal_order(s, cards)


cdef inline void st_deal_seed(State *s, const unsigned char *seed32, unsigned int number) noexcept nogil:
    """The rules' SHA-256 shuffle of a 32-byte seed, deal `number` (from 1)."""
    cdef unsigned char text[24]
    st_deal_seed_text(s, seed32, <const char *>text, put_uint(text, number))


cdef inline void shuffle_rng(int *cards, uint64_t *rng) noexcept nogil:
    """The fast generator's shuffle (splitmix64), advancing *rng, of the 36 cards at `cards` laid
    out in the rules' card sequence (as for shuffle_seed): NOT the rules' shuffle."""
    cdef int i, j, t
    i = 35
    while i >= 1:
        j = fast_below(rng, i + 1)
        t = cards[i]
        cards[i] = cards[j]
        cards[j] = t
        i -= 1


cdef inline void st_deal_rng(State *s, uint64_t *rng) noexcept nogil:
    """Deal with the fast generator (splitmix64), advancing *rng: NOT the rules' shuffle."""
    cdef int cards[36]
    cdef int i
    for i in range(36):
        cards[i] = ref_card(i)
    shuffle_rng(cards, rng)
    st_deal_order(s, cards)
