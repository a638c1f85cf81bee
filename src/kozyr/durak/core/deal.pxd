# Dealing a State (core/state.pxd): from an order, from the fast generator, and
# by the rules' SHA-256 shuffle of a 32-byte seed, at any table (core/state.pxd's
# Table). Inline so that the ladder deals without a call across modules. The
# functions without a table deal the two-seat game (Table {2, 36, 0}).
from libc.stdint cimport uint8_t, uint32_t, uint64_t
from libc.string cimport memcpy, memset

from kozyr.cards cimport card_bit, deck_mask, lowest_card, suit_mask
from kozyr.durak.core.rules cimport open_bout
from kozyr.durak.core.seeds cimport fast_below, kz_sha256_short2, put_uint, sha_words
from kozyr.durak.core.state cimport State, Table
from kozyr.durak.core.view cimport OPT_NO_SWAP, OUT_NONE


cdef inline int ref_card(int k) noexcept nogil:
    """The card numbered k + 1 by the two-seat reference: 0 -> AS, 1 -> KS, .., 8 -> 6S, 9 -> AH, .., 35 -> 6C."""
    return 16 * (k // 9) + 14 - k % 9


cdef inline int deck_card(int k, int deck) noexcept nogil:
    """The card numbered k + 1 in the reference order of a deck of `deck` cards: suits spades,
    hearts, diamonds, clubs, each from the ace down to the low rank (36 cards: ref_card)."""
    cdef int r = deck >> 2
    return 16 * (k // r) + 14 - k % r


cdef inline void deck_cards(int *cards, int deck) noexcept nogil:
    """The `deck` cards in the reference order into cards[0 .. deck) (deck_card of 0 .. deck - 1)."""
    cdef int suit, rank, k = 0, low = 15 - (deck >> 2)
    for suit in range(4):
        rank = 14
        while rank >= low:
            cards[k] = 16 * suit + rank
            k += 1
            rank -= 1


cdef inline void st_deal_table(State *s, const Table *t, const int *order) noexcept nogil:
    """Deal `t` from its deck's cards in shuffled order (t.deck distinct cards of the deck; the
    caller guarantees it). Seat i takes positions i, i + n, .., i + 5n; position 6n is the
    turn-up (the talon is 6n + 1 .. deck - 1, then the turn-up), or, when six cards a seat use
    the deck up, the last card dealt is (seat n - 1 keeps it, face up, and the talon is empty)."""
    cdef int n = t.seats, d = t.deck, i, c, first = 0, lo = 64
    cdef uint64_t tr, m
    s.n = n
    s.deck_size = d
    s.low = 15 - (d >> 2)
    s.opts = t.opts
    s.two_seat = n == 2 and d == 36 and t.opts == 0
    s.deckmask = deck_mask(d)
    memset(s.hand, 0, sizeof(s.hand))
    memset(s.known, 0, sizeof(s.known))
    memset(s.declined, 0, sizeof(s.declined))
    memset(s.count, 0, sizeof(s.count))
    for i in range(d):
        s.order[i] = <unsigned char>order[i]
    if n == 2:
        for i in range(12):
            s.hand[i & 1] |= card_bit(order[i])
    else:
        for i in range(6 * n):
            s.hand[i % n] |= card_bit(order[i])
    if 6 * n < d:
        s.turnup = order[6 * n]
        s.tbase = 6 * n + 1
        s.tlen = d - 6 * n
    else:
        s.turnup = order[d - 1]
        s.tbase = d
        s.tlen = 0
        s.known[n - 1] = card_bit(s.turnup)     # dealt face up: every seat has seen it go there
    s.trump = s.turnup >> 4
    s.six = 16 * s.trump + s.low
    s.six_owner = -1
    tr = suit_mask(s.trump)
    for i in range(n):
        s.count[i] = 6
        if s.hand[i] & card_bit(s.six) and s.turnup != s.six and not (t.opts & OPT_NO_SWAP):
            s.six_owner = i
        # first attacker: the lowest trump; seat 0 when no seat holds one
        m = s.hand[i] & tr
        if m:
            c = lowest_card(m)
            if c < lo:
                lo = c
                first = i
    s.talon_last = s.turnup
    s.drawn = 0
    s.swapped = 0
    s.heap = 0
    s.heap_cards = 0
    s.bout_cards = 0
    s.ranks = 0
    s.nbeat = 0
    s.bout.size = 0
    s.bout.to_beat = -1
    s.bout.taken = 0
    s.bout.shown = 0
    for i in range(6):
        s.bout.attack[i] = -1
        s.bout.beat[i] = -1
        s.bout.throwers[i] = -1
    s.ply = 0
    s.moves = 0
    s.bouts = 0
    s.outcome = OUT_NONE
    s.fool = -1
    s.losers = 0
    s.outmask = 0
    s.nout = 0
    memset(s.outs, 0xFF, sizeof(s.outs))
    open_bout(s, first)


cdef inline void st_deal_order(State *s, const int *order36) noexcept nogil:
    """Deal the two-seat game from 36 kozyr card ints in shuffled order (the caller guarantees 36
    distinct durak cards)."""
    cdef Table t
    t.seats = 2
    t.deck = 36
    t.opts = 0
    st_deal_table(s, &t, order36)


cdef inline void shuffle_seed(int *cards, int deck, const unsigned char *seed32, const char *num,
                              int numlen) noexcept nogil:
    """The rules' SHA-256 shuffle of a 32-byte seed, the deal number (at most 40 digits) given as
    text, applied to the `deck` cards at `cards`, which the caller lays out in the rules' card
    sequence (deck_cards, or another layout's numbers for the same cards: the duel's by power).

    While at least nine more words are needed (so the next two blocks are both read), blocks
    are digested two at a time (kz_sha256_short2: on the CPU's SHA extensions two digests
    together take less time than one after the other); otherwise one at a time, so no digest
    is computed that the shuffle would not read."""
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
    i = deck - 1
    while i >= 1:
        n = i + 1
        limit = (<uint64_t>4294967296ULL // <uint64_t>n) * <uint64_t>n
        while True:
            if used == avail:
                # the digest of seed + "deal:<number>:<block>", as eight big-endian words
                used = 0
                length = head + put_uint(msg + head, block)
                if i > 8 and block < 9 and length <= 55:
                    # blocks `block` and `block` + 1 (one digit each) have one length
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


cdef inline void st_shuffle_seed(int *cards, int deck, const unsigned char *seed32, const char *num,
                                 int numlen) noexcept nogil:
    """The rules' SHA-256 shuffle of a 32-byte seed, the deal number (at most 40 digits) given as
    text: the `deck` cards in shuffled order into cards[0 .. deck)."""
    deck_cards(cards, deck)
    shuffle_seed(cards, deck, seed32, num, numlen)


cdef inline void st_deal_seed_table(State *s, const Table *t, const unsigned char *seed32, const char *num,
                                    int numlen) noexcept nogil:
    """Deal `t` by the rules' SHA-256 shuffle of a 32-byte seed, the deal number given as text."""
    cdef int cards[52]
    st_shuffle_seed(cards, t.deck, seed32, num, numlen)
    st_deal_table(s, t, cards)


cdef inline void st_deal_seed_text(State *s, const unsigned char *seed32, const char *num, int numlen) noexcept nogil:
    """The two-seat game by the rules' SHA-256 shuffle of a 32-byte seed, the deal number (at most
    40 digits) given as text."""
    cdef Table t
    t.seats = 2
    t.deck = 36
    t.opts = 0
    st_deal_seed_table(s, &t, seed32, num, numlen)


cdef inline void st_deal_seed(State *s, const unsigned char *seed32, unsigned int number) noexcept nogil:
    """The two-seat game by the rules' SHA-256 shuffle of a 32-byte seed, deal `number` (from 1)."""
    cdef unsigned char text[24]
    st_deal_seed_text(s, seed32, <const char *>text, put_uint(text, number))


cdef inline void shuffle_rng(int *cards, int deck, uint64_t *rng) noexcept nogil:
    """The fast generator's shuffle (splitmix64), advancing *rng, of the `deck` cards at `cards`
    laid out in the rules' card sequence (as for shuffle_seed): NOT the rules' shuffle."""
    cdef int i, j, c
    i = deck - 1
    while i >= 1:
        j = fast_below(rng, i + 1)
        c = cards[i]
        cards[i] = cards[j]
        cards[j] = c
        i -= 1


cdef inline void st_deal_rng_table(State *s, const Table *t, uint64_t *rng) noexcept nogil:
    """Deal `t` with the fast generator (splitmix64), advancing *rng: NOT the rules' shuffle."""
    cdef int cards[52]
    deck_cards(cards, t.deck)
    shuffle_rng(cards, t.deck, rng)
    st_deal_table(s, t, cards)


cdef inline void st_deal_rng(State *s, uint64_t *rng) noexcept nogil:
    """The two-seat game with the fast generator (splitmix64), advancing *rng: NOT the rules' shuffle."""
    cdef Table t
    t.seats = 2
    t.deck = 36
    t.opts = 0
    st_deal_rng_table(s, &t, rng)
