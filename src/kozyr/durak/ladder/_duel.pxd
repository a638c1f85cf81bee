# A whole deal between two rungs (1 to 3), the ladder's hot path, specialised
# per pairing at compile time.
#
# The general loop (_loop.pyx, play_out) plays any sides through the rules'
# State: a view per decision, st_apply_legal, _advance re-deriving the forced
# positions. For two rungs that is mostly repeated work, so this file plays
# the same rules another way, for the same results:
#
# - a bout is one call with the hands kept by role (attacker, defender) in
#   locals; its situations are the loops and branches of `_bout` (attack,
#   defend, pile on, close), and the forced positions (the automatic take, a
#   bout capped, spent or exhausted) are branches, not passes of a loop;
# - the talon is a prefix-XOR table over the dealt order: drawing k cards is
#   one XOR, pre[drawn + k] ^ pre[drawn];
# - a decision hands the rung an Ask (core/view.pxd) built from those locals,
#   and the rung is a fused-type tag, so every pairing is its own copy of the
#   loop with the rung a compile-time constant (9 deals, 9 bouts);
# - the event count (ply), which rung 1's words are keyed by, is kept as the
#   rules count it: one per move, two per closed bout (bout_end, refill), one
#   per seat out and one for game_end; the automatic take is not an event;
# - the cards are kept by power (core/power.pxd: bit 4*power + suit), so that
#   the rungs' cheapest card is two bit scans (rungs.pxd, rung_move by power);
#   they are translated at the deal's edges: the dealt sequence comes in by
#   power (duel_deal, or duel_from_state for a dealt State), and the hands go
#   back to kozyr's cards only when a State is wanted (duel_into_state).
#
# `duel` leaves in the Duel what play_out leaves in the State (outcome, fool,
# moves, bouts, ply, heap, hands, counts, talon drawn), and duel_into_state
# writes it there; tests/durak/test_duel.py plays both loops over every pairing
# and compares them field by field.
from libc.stdint cimport uint64_t

from kozyr.cards cimport card_bit, lowest_card
from kozyr.durak.core.power cimport pw_above, pw_card, pw_kozyr_mask, pw_rank, pw_suit
from kozyr.durak.core.seeds cimport fast_word, sha_word
from kozyr.durak.core.state cimport State
from kozyr.durak.core.view cimport MV_DONE, MV_SWAP, MV_TAKE, OUT_DRAW, OUT_FOOL, OUT_NONE, Ask
from kozyr.durak.rungs cimport ByPower, RungParams, rung_move

cdef extern from *:
    """
    /* the 36 durak cards by power (bit 4*power + suit), in the rules' card sequence:
       spades from the ace down to the six, then hearts, diamonds, clubs */
    static const int KZ_PW_SEQUENCE[36] = {
        32, 28, 24, 20, 16, 12, 8, 4, 0,
        33, 29, 25, 21, 17, 13, 9, 5, 1,
        34, 30, 26, 22, 18, 14, 10, 6, 2,
        35, 31, 27, 23, 19, 15, 11, 7, 3,
    };
    """
    const int KZ_PW_SEQUENCE[36]

cdef struct Rung1:
    char tag
cdef struct Rung2:
    char tag
cdef struct Rung3:
    char tag

# two fused types over the same tags, so that a deal's two rungs vary independently
ctypedef fused RungX:
    Rung1
    Rung2
    Rung3
ctypedef fused RungY:
    Rung1
    Rung2
    Rung3
ctypedef fused RungT:
    Rung1
    Rung2
    Rung3

cdef enum:
    DUEL_MAX_MOVES = 20000   # as the general loop: a longer deal is an engine fault


cdef struct Player:
    # one seat of a duel: the rung's settings and, for rung 1, where its words come from
    const RungParams *p
    bint fast              # fast words keyed by `key`, else SHA-256 of buf (head bytes)
    uint64_t key
    int head
    unsigned char *buf


cdef struct Duel:
    # the deal between bouts, cards by power; within a bout the hands live in the bout's locals
    uint64_t hand[2]
    int count[2]
    uint64_t pre[25]       # pre[k]: the XOR of the first k talon cards' bits (k = 24: the last card
                           # too). XOR, not OR: after the exchange the six is the last card,
                           # and it may have been drawn from the talon before; cards j..k-1 are
                           # still pre[k] ^ pre[j], because the six was drawn before any j
    uint64_t trumps        # the trump suit's mask
    uint64_t sixbit        # the trump six (power 0): bit `trump`
    int trump
    int turnup
    int six_owner
    bint swapped
    int drawn
    int heap
    int ply
    int moves
    int bouts
    int outcome
    int fool
    int attacker
    int cap
    int big                # the largest hand so far
    bint fault             # a rung had no legal move (never, unless the engine is wrong)


cdef inline void duel_deal(Duel *g, const int *dealt) noexcept nogil:
    """A fresh deal from the 36 cards by power in the dealt sequence (the rules' deal: seat 0
    takes positions 0, 2, .., 10, seat 1 the odd ones, 12 is the turn-up, the talon 13..35 and
    then the turn-up; the lowest trump attacks first, seat 0 when neither holds one)."""
    cdef uint64_t h0 = 0, h1 = 0, lo0, lo1
    cdef int k
    for k in range(6):
        h0 |= card_bit(dealt[2 * k])
        h1 |= card_bit(dealt[2 * k + 1])
    g.hand[0] = h0
    g.hand[1] = h1
    g.count[0] = 6
    g.count[1] = 6
    g.turnup = dealt[12]
    g.trump = g.turnup & 3
    g.trumps = pw_suit(g.trump)
    g.sixbit = card_bit(g.trump)
    g.pre[0] = 0
    for k in range(23):
        g.pre[k + 1] = g.pre[k] ^ card_bit(dealt[13 + k])
    g.pre[24] = g.pre[23] ^ card_bit(g.turnup)
    g.six_owner = 0 if h0 & g.sixbit else (1 if h1 & g.sixbit else -1)
    g.swapped = 0
    g.drawn = 0
    g.heap = 0
    g.ply = 0
    g.moves = 0
    g.bouts = 0
    g.outcome = OUT_NONE
    g.fool = -1
    lo0 = h0 & g.trumps
    lo1 = h1 & g.trumps
    g.attacker = 1 if lo1 and (not lo0 or lowest_card(lo1) < lowest_card(lo0)) else 0
    g.cap = 6
    g.big = 6
    g.fault = 0


cdef inline void duel_from_state(Duel *g, const State *s) noexcept nogil:
    """The Duel of a freshly dealt State (its dealt sequence by power)."""
    cdef int dealt[36]
    cdef int k
    for k in range(36):
        dealt[k] = pw_card(s.order[k])
    duel_deal(g, dealt)


cdef inline void duel_into_state(const Duel *g, State *s) noexcept nogil:
    """Leave in s, dealt as the Duel was, what the general loop would have left there at the
    deal's end, as far as the ladder, play_seeded and the tests read it."""
    s.hand[0] = pw_kozyr_mask(g.hand[0])
    s.hand[1] = pw_kozyr_mask(g.hand[1])
    s.count[0] = g.count[0]
    s.count[1] = g.count[1]
    s.drawn = g.drawn
    s.heap = g.heap
    s.ply = g.ply
    s.moves = g.moves
    s.bouts = g.bouts
    s.outcome = g.outcome
    s.fool = g.fool
    s.swapped = g.swapped
    s.six_owner = g.six_owner
    if g.swapped:
        s.talon_last = s.six


cdef inline int _decide(RungT *rung, const Ask *a, const Player *pl, int seat, int ply) noexcept nogil:
    cdef ByPower cards
    if RungT is Rung1:
        return rung_move(&cards, a, 1, fast_word(pl.key, seat, ply) if pl.fast else sha_word(pl.buf, pl.head, ply),
                         pl.p)
    elif RungT is Rung2:
        return rung_move(&cards, a, 2, 0, pl.p)
    else:
        return rung_move(&cards, a, 3, 0, pl.p)


cdef inline uint64_t _six_right(const Duel *g, int seat) noexcept nogil:
    """The six's bit when `seat` has the exchange right while the talon is open, else 0: the seat
    may swap exactly when its hand & this is non-zero. Within a bout it changes only by a swap."""
    if g.six_owner == seat and g.drawn < 24 and not g.swapped:
        return g.sixbit
    return 0


cdef inline uint64_t _swap(Duel *g, uint64_t hand) noexcept nogil:
    """The exchange: the six for the turn-up, which the six replaces as the talon's last card."""
    g.pre[24] = g.pre[23] ^ g.sixbit
    g.swapped = 1
    g.six_owner = -1
    return (hand & ~g.sixbit) | card_bit(g.turnup)


cdef inline int _draw(Duel *g, uint64_t *hand, int count, int seat) noexcept nogil:
    """Draw up to six from the talon into *hand; the new count."""
    cdef int k = 6 - count
    cdef uint64_t m
    if k > 24 - g.drawn:
        k = 24 - g.drawn
    if k <= 0:
        return count
    m = g.pre[g.drawn + k] ^ g.pre[g.drawn]
    g.drawn += k
    hand[0] |= m
    if m & g.sixbit:
        g.six_owner = seat
    return count + k


cdef inline void _bout(RungX *ra, RungY *rd, Duel *g, const Player *pa, const Player *pd) noexcept nogil:
    """One bout from its opening attack to the next bout (or the end of the deal).

    Within the bout only what the decisions read is kept (the hands, the table,
    its ranks, the bout's size and answers, the exchange right); the counts, the
    moves and the heap follow from them when the bout closes: the attacker
    played `size` cards, the defender `nbeat`, and every decision was one move
    and one event."""
    cdef int att = g.attacker, dfd = 1 - g.attacker
    cdef uint64_t A = g.hand[att], D = g.hand[dfd], table = 0, lanes = 0, b, beaters
    cdef int size = 0, nbeat = 0, mv, c, cA, cD, ply = g.ply
    cdef int seen = 0     # every move of the bout OR-ed: negative when a rung found no legal move
    cdef uint64_t six_a = _six_right(g, att), six_d = _six_right(g, dfd)
    cdef bint taken = 0
    cdef Ask a
    a.trump = g.trump
    a.talon = 24 - g.drawn
    # lead: any card (the hand is not empty when a bout opens), or the exchange first
    a.defending = 0
    a.extra = 0
    a.size = 0
    while True:
        a.hand = A
        a.cards = A
        a.swap = (A & six_a) != 0
        mv = _decide(ra, &a, pa, att, ply)
        seen |= mv
        ply += 1
        if mv != (MV_SWAP << 6):
            break
        A = _swap(g, A)
        six_a = six_d = 0
    while True:
        # the attack card mv goes on the table; the defender beats it, takes, or exchanges first
        c = mv & 63
        b = card_bit(c)
        A ^= b
        table |= b
        lanes |= pw_rank(c)
        size += 1
        beaters = pw_above(c) if (b & g.trumps) else pw_above(c) | g.trumps
        a.defending = 1
        a.extra = 1
        a.size = size
        while True:
            a.hand = D
            a.cards = D & beaters
            a.swap = (D & six_d) != 0
            if a.cards == 0 and not a.swap:
                taken = 1                              # nothing beats: the automatic take
                break
            mv = _decide(rd, &a, pd, dfd, ply)
            seen |= mv
            ply += 1
            if mv == (MV_SWAP << 6):
                D = _swap(g, D)
                six_a = six_d = 0
                continue
            if mv == (MV_TAKE << 6):
                taken = 1
                break
            b = card_bit(mv & 63)
            D ^= b
            table |= b
            lanes |= pw_rank(mv & 63)
            nbeat += 1
            break
        if taken or D == 0 or size >= g.cap:
            break                                      # taken, spent or capped
        # throw in a card of a rank on the table, or say done (or exchange first)
        a.defending = 0
        while True:
            a.hand = A
            a.cards = A & lanes
            a.swap = (A & six_a) != 0
            if a.cards == 0 and not a.swap:
                mv = MV_DONE << 6                      # exhausted: nothing to throw in
                break
            mv = _decide(ra, &a, pa, att, ply)
            seen |= mv
            ply += 1
            if mv != (MV_SWAP << 6):
                break
            A = _swap(g, A)
            six_a = six_d = 0
        if mv == (MV_DONE << 6):
            break
    if taken:
        # pile on: the attacker adds cards of the table's ranks for the defender to take
        a.defending = 0
        a.extra = 1
        while size < g.cap:
            a.cards = A & lanes
            a.swap = (A & six_a) != 0
            if a.cards == 0 and not a.swap:
                break
            a.hand = A
            a.size = size
            mv = _decide(ra, &a, pa, att, ply)
            seen |= mv
            ply += 1
            if mv == (MV_SWAP << 6):
                A = _swap(g, A)
                six_a = six_d = 0
                continue
            if mv == (MV_DONE << 6):
                break
            b = card_bit(mv & 63)
            A ^= b
            table |= b
            size += 1
    # close: the table to the defender or the heap, refill (the attacker first), next bout
    if seen < 0:
        # a rung found no legal move (never, unless the engine is wrong): the bout played on
        # with a card that is no card, and bounded, so stopping here is enough
        g.fault = 1
        return
    g.moves += ply - g.ply
    cA = g.count[att] - size
    cD = g.count[dfd] - nbeat
    if taken:
        D |= table
        cD += size + nbeat
        if (table & g.sixbit) and g.six_owner == att:
            g.six_owner = -1
        g.attacker = att
    else:
        g.heap += size + nbeat
        g.attacker = dfd
    g.bouts += 1
    cA = _draw(g, &A, cA, att)
    cD = _draw(g, &D, cD, dfd)
    ply += 2                                           # bout_end, refill
    g.hand[att] = A
    g.hand[dfd] = D
    g.count[att] = cA
    g.count[dfd] = cD
    if cA > g.big:
        g.big = cA
    if cD > g.big:
        g.big = cD
    c = g.count[1 - g.attacker]
    g.cap = c if c < 6 else 6
    if g.drawn == 24 and (cA == 0 or cD == 0):
        ply += (cA == 0) + (cD == 0) + 1               # out, out, game_end
        if cA == 0 and cD == 0:
            g.outcome = OUT_DRAW
            g.fool = -1
        else:
            g.outcome = OUT_FOOL
            g.fool = att if cD == 0 else dfd
    g.ply = ply


cdef inline int _duel(RungX *r0, RungY *r1, Duel *g, const Player *p0, const Player *p1) noexcept nogil:
    while g.outcome == OUT_NONE:
        if g.fault or g.moves >= DUEL_MAX_MOVES:
            return -1
        if g.attacker == 0:
            _bout(r0, r1, g, p0, p1)
        else:
            _bout(r1, r0, g, p1, p0)
    return 0


cdef inline int duel(Duel *g, int rung0, int rung1, const Player *p0, const Player *p1) noexcept nogil:
    """Play the fresh deal g to its end between rung0 (seat 0) and rung1 (seat 1), both in 1..3;
    0, or -1 when a rung found no legal move or the deal ran past DUEL_MAX_MOVES (engine faults:
    neither happens in a correct engine). The largest hand is g.big."""
    cdef Rung1 t1
    cdef Rung2 t2
    cdef Rung3 t3
    if rung0 == 1:
        if rung1 == 1:
            return _duel(&t1, &t1, g, p0, p1)
        if rung1 == 2:
            return _duel(&t1, &t2, g, p0, p1)
        return _duel(&t1, &t3, g, p0, p1)
    if rung0 == 2:
        if rung1 == 1:
            return _duel(&t2, &t1, g, p0, p1)
        if rung1 == 2:
            return _duel(&t2, &t2, g, p0, p1)
        return _duel(&t2, &t3, g, p0, p1)
    if rung1 == 1:
        return _duel(&t3, &t1, g, p0, p1)
    if rung1 == 2:
        return _duel(&t3, &t2, g, p0, p1)
    return _duel(&t3, &t3, g, p0, p1)
