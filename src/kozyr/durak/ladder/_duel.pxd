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
#   per seat out and one for game_end; the automatic take is not an event.
#
# `duel` leaves in the State what play_out would (outcome, fool, moves,
# bouts, ply, heap, hands, counts, talon drawn); tests/durak/test_duel.py
# plays both loops over every pairing and compares them field by field.
from libc.stdint cimport uint64_t

from kozyr.cards cimport above, card_bit, suit_mask
from kozyr.durak.core.seeds cimport fast_word, sha_word
from kozyr.durak.core.state cimport MAX_MOVES, State
from kozyr.durak.core.view cimport MV_DONE, MV_SWAP, MV_TAKE, OUT_DRAW, OUT_FOOL, OUT_NONE, Ask
from kozyr.durak.rungs cimport RungParams, ask_move

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
    DUEL_MAX_MOVES = MAX_MOVES   # as the general loop: a longer deal is an engine fault


cdef struct Player:
    # one seat of a duel: the rung's settings and, for rung 1, where its words come from
    const RungParams *p
    bint fast              # fast words keyed by `key`, else SHA-256 of buf (head bytes)
    uint64_t key
    int head
    unsigned char *buf


cdef struct Duel:
    # the deal between bouts; within a bout the hands live in the bout's locals
    uint64_t hand[2]
    int count[2]
    uint64_t pre[25]       # pre[k]: the XOR of the first k talon cards' bits (k = 24: the last card
                           # too). XOR, not OR: after the exchange the six is the last card,
                           # and it may have been drawn from the talon before; cards j..k-1 are
                           # still pre[k] ^ pre[j], because the six was drawn before any j
    uint64_t trumps        # the trump suit's mask
    uint64_t sixbit
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


cdef inline int _decide(RungT *rung, const Ask *a, const Player *pl, int seat, int ply) noexcept nogil:
    if RungT is Rung1:
        return ask_move(a, 1, fast_word(pl.key, seat, ply) if pl.fast else sha_word(pl.buf, pl.head, ply), pl.p)
    elif RungT is Rung2:
        return ask_move(a, 2, 0, pl.p)
    else:
        return ask_move(a, 3, 0, pl.p)


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
    """One bout from its opening attack to the next bout (or the end of the deal)."""
    cdef int att = g.attacker, dfd = 1 - g.attacker
    cdef uint64_t A = g.hand[att], D = g.hand[dfd], table = 0, lanes = 0, b, beaters
    cdef int cA = g.count[att], cD = g.count[dfd], cap = g.cap, size = 0, nbeat = 0, mv, c
    cdef int seen = 0     # every move of the bout OR-ed: negative when a rung found no legal move
    cdef uint64_t six_a = _six_right(g, att), six_d = _six_right(g, dfd)
    cdef bint taken = 0
    cdef Ask a
    a.trump = g.trump
    a.talon = 24 - g.drawn
    # attack: the attacker leads or adds a card of a rank on the table, the defender answers
    while True:
        a.defending = 0
        a.hand = A
        a.cards = A if size == 0 else A & lanes
        a.swap = (A & six_a) != 0
        a.extra = size > 0
        a.size = size
        mv = _decide(ra, &a, pa, att, g.ply)
        seen |= mv
        g.ply += 1
        g.moves += 1
        if mv == (MV_SWAP << 6):
            A = _swap(g, A)
            six_a = six_d = 0
            if size > 0 and (A & lanes) == 0:
                break                                  # exhausted by the exchange
            continue
        if mv == (MV_DONE << 6):
            break
        c = mv & 63
        b = card_bit(c)
        A ^= b
        cA -= 1
        table |= b
        lanes |= (<uint64_t>0x0001000100010001ULL) << (c & 15)
        size += 1
        beaters = above(c) if (c >> 4) == g.trump else above(c) | g.trumps
        # defend: beat the card, take, or exchange and think again
        while True:
            a.defending = 1
            a.hand = D
            a.cards = D & beaters
            a.swap = (D & six_d) != 0
            if a.cards == 0 and not a.swap:
                taken = 1                              # nothing beats: the automatic take
                break
            a.extra = 1
            a.size = size
            mv = _decide(rd, &a, pd, dfd, g.ply)
            seen |= mv
            g.ply += 1
            g.moves += 1
            if mv == (MV_SWAP << 6):
                D = _swap(g, D)
                six_a = six_d = 0
                continue
            if mv == (MV_TAKE << 6):
                taken = 1
                break
            c = mv & 63
            b = card_bit(c)
            D ^= b
            cD -= 1
            table |= b
            lanes |= (<uint64_t>0x0001000100010001ULL) << (c & 15)
            nbeat += 1
            break
        if taken or D == 0 or size >= cap:
            break                                      # taken, spent or capped
        if (A & lanes) == 0 and (A & six_a) == 0:
            break                                      # exhausted
    if taken:
        # pile on: the attacker adds cards of the table's ranks for the defender to take
        a.defending = 0
        a.extra = 1
        while size < cap:
            a.cards = A & lanes
            a.swap = (A & six_a) != 0
            if a.cards == 0 and not a.swap:
                break
            a.hand = A
            a.size = size
            mv = _decide(ra, &a, pa, att, g.ply)
            seen |= mv
            g.ply += 1
            g.moves += 1
            if mv == (MV_SWAP << 6):
                A = _swap(g, A)
                six_a = six_d = 0
                continue
            if mv == (MV_DONE << 6):
                break
            b = card_bit(mv & 63)
            A ^= b
            cA -= 1
            table |= b
            size += 1
    # close: the table to the defender or the heap, refill (the attacker first), next bout
    if seen < 0:
        # a rung found no legal move (never, unless the engine is wrong): the bout played on
        # with a card that is no card, and bounded, so stopping here is enough
        g.fault = 1
        return
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
    g.ply += 2                                         # bout_end, refill
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
        g.ply += (cA == 0) + (cD == 0) + 1             # out, out, game_end
        if cA == 0 and cD == 0:
            g.outcome = OUT_DRAW
            g.fool = -1
        else:
            g.outcome = OUT_FOOL
            g.fool = att if cD == 0 else dfd


cdef inline int _duel(RungX *r0, RungY *r1, State *s, const Player *p0, const Player *p1,
                      int *largest) noexcept nogil:
    cdef Duel g
    cdef int k
    g.hand[0] = s.hand[0]
    g.hand[1] = s.hand[1]
    g.count[0] = s.count[0]
    g.count[1] = s.count[1]
    g.pre[0] = 0
    for k in range(23):
        g.pre[k + 1] = g.pre[k] ^ card_bit(s.order[13 + k])
    g.pre[24] = g.pre[23] ^ card_bit(s.talon_last)
    g.trump = s.trump
    g.trumps = suit_mask(s.trump)
    g.sixbit = card_bit(s.six)
    g.turnup = s.turnup
    g.six_owner = s.six_owner
    g.swapped = s.swapped
    g.drawn = s.drawn
    g.heap = s.heap
    g.ply = s.ply
    g.moves = s.moves
    g.bouts = s.bouts
    g.outcome = s.outcome
    g.fool = s.fool
    g.attacker = s.bout.attacker
    g.cap = s.bout.cap
    g.big = g.count[0] if g.count[0] > g.count[1] else g.count[1]
    g.fault = 0
    while g.outcome == OUT_NONE:
        if g.fault or g.moves >= DUEL_MAX_MOVES:
            return -1
        if g.attacker == 0:
            _bout(r0, r1, &g, p0, p1)
        else:
            _bout(r1, r0, &g, p1, p0)
    s.hand[0] = g.hand[0]
    s.hand[1] = g.hand[1]
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
    largest[0] = g.big
    return 0


cdef inline int duel(State *s, int rung0, int rung1, const Player *p0, const Player *p1,
                     int *largest) noexcept nogil:
    """Play the freshly dealt State to its end between rung0 (seat 0) and rung1 (seat 1), both
    in 1..3; 0, or -1 when a rung found no legal move or the deal ran past DUEL_MAX_MOVES
    (engine faults: neither happens in a correct engine). The State is left as after the
    general loop, as far as the ladder and play_seeded read it."""
    cdef Rung1 t1
    cdef Rung2 t2
    cdef Rung3 t3
    if rung0 == 1:
        if rung1 == 1:
            return _duel(&t1, &t1, s, p0, p1, largest)
        if rung1 == 2:
            return _duel(&t1, &t2, s, p0, p1, largest)
        return _duel(&t1, &t3, s, p0, p1, largest)
    if rung0 == 2:
        if rung1 == 1:
            return _duel(&t2, &t1, s, p0, p1, largest)
        if rung1 == 2:
            return _duel(&t2, &t2, s, p0, p1, largest)
        return _duel(&t2, &t3, s, p0, p1, largest)
    if rung1 == 1:
        return _duel(&t3, &t1, s, p0, p1, largest)
    if rung1 == 2:
        return _duel(&t3, &t2, s, p0, p1, largest)
    return _duel(&t3, &t3, s, p0, p1, largest)
