"""The duel's loop: a whole deal between two rungs 1 to 3, one compiled copy per pairing.

The deal's data, its edges (dealing, the State) and the reasons for this
layout are in _duel.pxd; this module holds the bout and the deal loop, and
`duel`, which the ladder (ladder/_loop.pyx) calls once a deal, and rung 4's
playouts (rung4.pxd) once an imagined deal is between two bouts.
"""
from libc.stdint cimport uint64_t

from kozyr.cards cimport card_bit
from kozyr.durak.core.power cimport pw_above, pw_rank
from kozyr.durak.core.seeds cimport fast_word, sha_word
from kozyr.durak.core.view cimport MV_DONE, MV_SWAP, MV_TAKE, OUT_DRAW, OUT_FOOL, OUT_NONE, Ask
from kozyr.durak.bots.rungs cimport ByPower, rung_move

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

cdef struct Roles:
    # the next bout's two seats by role: a deal loop's locals (so that the compiler keeps them
    # in registers across bouts), written back into the Duel when the deal ends
    uint64_t A             # the attacker's hand
    uint64_t D             # the defender's
    int cA                 # their counts
    int cD
    int att                # the attacker's seat
    int cap                # the bout's cap: min(6, the defender's count when it opens)

cdef enum:
    # what a bout leaves the deal loop to do
    BOUT_AGAIN = 0         # the same attacker attacks (the defender took)
    BOUT_TURN = 1          # the defender attacks next
    BOUT_OVER = 2          # the deal is over
    BOUT_FAULT = -1        # a rung found no legal move, or the deal ran past DUEL_MAX_MOVES


cdef unsigned int duel_sha_word(const Player *pl, int ply) noexcept nogil:
    """The rung-1 word of a seat with SHA-256 words (Player.sha: why through a pointer)."""
    return sha_word(pl.buf, pl.head, ply)


cdef inline int _decide(RungT *rung, const Ask *a, const Player *pl, int seat, int ply) noexcept nogil:
    cdef ByPower cards
    if RungT is Rung1:
        return rung_move(&cards, a, 1, fast_word(pl.key, seat, ply) if pl.fast else pl.sha(pl, ply), pl.p)
    elif RungT is Rung2:
        return rung_move(&cards, a, 2, 0, pl.p)
    else:
        return rung_move(&cards, a, 3, 0, pl.p)


cdef inline uint64_t _six_right(const Duel *g, int seat) noexcept nogil:
    """The six's bit when `seat` has the exchange right while the talon is open, else 0: the seat
    may swap exactly when its hand & this is non-zero. Within a bout it changes only by a swap."""
    return g.sixbit & -<uint64_t>((g.six_owner == seat) & (g.drawn < 24) & (g.swapped == 0))


cdef inline uint64_t _swap(Duel *g, uint64_t hand) noexcept nogil:
    """The exchange: the six for the turn-up, which the six replaces as the talon's last card."""
    g.tal[24] = g.sixbit
    g.swapped = 1
    g.six_owner = -1
    return (hand & ~g.sixbit) | card_bit(g.turnup)


cdef inline int _draw(Duel *g, uint64_t *hand, int count, int seat) noexcept nogil:
    """Draw up to six from the talon into *hand; the new count. Without branches: how many
    cards a seat draws is data (none is tal[drawn] ^ tal[drawn])."""
    cdef int k = 6 - count, left = 24 - g.drawn
    cdef uint64_t m
    k = k if k < left else left
    k = k if k > 0 else 0
    m = g.tal[g.drawn] ^ g.tal[g.drawn + k]
    g.drawn += k
    hand[0] |= m
    g.six_owner = seat if m & g.sixbit else g.six_owner
    return count + k


cdef inline int _bout(RungX *ra, RungY *rd, Duel *g, Roles *r, const Player *pa,
                      const Player *pd) noexcept nogil:
    """One bout from its opening attack to the next bout (or the end of the deal): BOUT_*.

    Within the bout only what the decisions read is kept (the hands, the table,
    its ranks, the bout's size and answers, the exchange right); the counts and
    the heap follow from them when the bout closes (the attacker played `size`
    cards, and the defender beat every one, or took them all: its beaten cards
    are not counted as it plays them), and the moves when the deal ends (every
    decision was one move and one event, every close two events)."""
    cdef int att = r.att, dfd = 1 - r.att, cap = r.cap
    cdef uint64_t A = r.A, D = r.D, table = 0, lanes = 0, b, beaters
    cdef int size = 0, mv, c, cA, cD, ply = g.ply, turn
    cdef int seen = 0     # every move of the bout OR-ed: negative when a rung found no legal move
    cdef uint64_t six_a = 0, six_d = 0
    cdef bint taken = 0
    cdef Ask a
    if g.drawn < 24 and not g.swapped:
        # the exchange right only while the talon is open and the six not yet exchanged: a
        # branch that changes its way once a deal, where the right's arithmetic is two dozen
        # instructions at every bout
        six_a = _six_right(g, att)
        six_d = _six_right(g, dfd)
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
            if (D & (beaters | six_d)) == 0:
                taken = 1                              # nothing beats, no exchange: the automatic take
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
            break
        if taken or D == 0 or size >= cap:
            break                                      # taken, spent or capped
        # throw in a card of a rank on the table, or say done (or exchange first)
        a.defending = 0
        while True:
            a.hand = A
            a.cards = A & lanes
            a.swap = (A & six_a) != 0
            if (A & (lanes | six_a)) == 0:
                mv = MV_DONE << 6                      # exhausted: nothing to throw in, no exchange
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
        while size < cap:
            a.cards = A & lanes
            a.swap = (A & six_a) != 0
            if (A & (lanes | six_a)) == 0:
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
        return BOUT_FAULT
    cA = r.cA - size
    if taken:
        # the defender takes the table: every attack card, and its own beaten ones back
        D |= table
        cD = r.cD + size
        if (table & g.sixbit) and g.six_owner == att:
            g.six_owner = -1
    else:
        # every attack card beaten: size of each to the heap
        cD = r.cD - size
        g.heap += 2 * size
    g.bouts += 1
    if g.drawn < 24:                                   # the talon open: changes once a deal
        cA = _draw(g, &A, cA, att)
        cD = _draw(g, &D, cD, dfd)
    ply += 2                                           # bout_end, refill
    if taken:
        # the same attacker; only a take makes a hand larger than the six dealt or drawn
        r.A, r.D, r.cA, r.cD = A, D, cA, cD
        r.cap = cD if cD < 6 else 6
        g.big = cD if cD > g.big else g.big
        turn = BOUT_AGAIN
    else:
        # the defender attacks next
        r.A, r.D, r.cA, r.cD, r.att = D, A, cD, cA, dfd
        r.cap = cA if cA < 6 else 6
        turn = BOUT_TURN
    if (g.drawn == 24) & ((cA == 0) | (cD == 0)):     # one branch, taken once a deal
        g.moves = ply - 2 * g.bouts                    # every event but the closes' two was a move
        g.ply = ply + (cA == 0) + (cD == 0) + 1       # out, out, game_end
        if cA == 0 and cD == 0:
            g.outcome = OUT_DRAW
            g.fool = -1
        else:
            g.outcome = OUT_FOOL
            g.fool = att if cD == 0 else dfd
        return BOUT_OVER
    g.ply = ply
    if ply - 2 * g.bouts >= DUEL_MAX_MOVES:            # the moves so far: an engine fault
        return BOUT_FAULT
    return turn


cdef inline void _roles_of(const Duel *g, Roles *r) noexcept nogil:
    r.A, r.D, r.cA, r.cD, r.att, r.cap = g.A, g.D, g.cA, g.cD, g.attacker, g.cap


cdef inline int _roles_back(Duel *g, const Roles *r, int k) noexcept nogil:
    """The deal loop's end: its roles back into the Duel; 0, or -1 for an engine fault."""
    g.A, g.D, g.cA, g.cD, g.attacker, g.cap = r.A, r.D, r.cA, r.cD, r.att, r.cap
    return -1 if k == BOUT_FAULT else 0


cdef inline int _duel(RungX *rx, RungY *ry, Duel *g, const Player *px, const Player *py,
                      int xs) noexcept nogil:
    """The deal loop of two different rungs, rx in seat xs: a bout of each attacking."""
    cdef Roles r
    cdef int k
    _roles_of(g, &r)
    while True:
        if r.att == xs:
            k = _bout(rx, ry, g, &r, px, py)
        else:
            k = _bout(ry, rx, g, &r, py, px)
        if k == BOUT_OVER or k == BOUT_FAULT:
            return _roles_back(g, &r, k)


# The deal loops, each its own function reached through a table: one per rung against itself,
# and one per pair of different rungs whichever seat holds which, so that each of its two bouts
# is called from one place only and the compiler inlines both into it. (With a loop for each
# order inlined into `duel`, each bout of two different rungs was called from two loops and
# stayed a call: a function's entry and exit, and the roles through memory, at every bout;
# with all the loops inlined there, `duel` outgrew the compiler's limits first.)
ctypedef int (*DuelLoop)(Duel *g, const Player *px, const Player *py, int xs) noexcept nogil

cdef int _duel21(Duel *g, const Player *px, const Player *py, int xs) noexcept nogil:
    cdef Rung2 t2
    cdef Rung1 t1
    return _duel(&t2, &t1, g, px, py, xs)

cdef int _duel31(Duel *g, const Player *px, const Player *py, int xs) noexcept nogil:
    cdef Rung3 t3
    cdef Rung1 t1
    return _duel(&t3, &t1, g, px, py, xs)

cdef int _duel32(Duel *g, const Player *px, const Player *py, int xs) noexcept nogil:
    cdef Rung3 t3
    cdef Rung2 t2
    return _duel(&t3, &t2, g, px, py, xs)

cdef int _duel11(Duel *g, const Player *p0, const Player *p1, int xs) noexcept nogil:
    cdef Rung1 t1
    return _duel_same(&t1, g, p0, p1)

cdef int _duel22(Duel *g, const Player *p0, const Player *p1, int xs) noexcept nogil:
    cdef Rung2 t2
    return _duel_same(&t2, g, p0, p1)

cdef int _duel33(Duel *g, const Player *p0, const Player *p1, int xs) noexcept nogil:
    cdef Rung3 t3
    return _duel_same(&t3, g, p0, p1)

cdef DuelLoop _LOOPS[3]          # by the two rungs' sum - 3; filled at import (a table the
_LOOPS[0] = _duel21              # compiler cannot see through, so the loops stay functions)
_LOOPS[1] = _duel31
_LOOPS[2] = _duel32
cdef DuelLoop _SAME[3]           # by the rung - 1
_SAME[0] = _duel11
_SAME[1] = _duel22
_SAME[2] = _duel33


cdef inline int _duel_same(RungT *t, Duel *g, const Player *p0, const Player *p1) noexcept nogil:
    """The deal loop when both seats play the same rung: one bout, its players by role."""
    cdef Roles r
    cdef const Player *pa = p1 if g.attacker else p0
    cdef const Player *pd = p0 if g.attacker else p1
    cdef int k
    _roles_of(g, &r)
    while True:
        k = _bout(t, t, g, &r, pa, pd)
        if k == BOUT_TURN:
            pa, pd = pd, pa
        elif k != BOUT_AGAIN:
            return _roles_back(g, &r, k)


cdef int duel(Duel *g, int rung0, int rung1, const Player *p0, const Player *p1) noexcept nogil:
    """Play the deal g (fresh, or between two bouts: duel_from_bout) to its end between rung0 (seat 0) and rung1 (seat 1), both in 1..3;
    0, or -1 when a rung found no legal move or the deal ran past DUEL_MAX_MOVES (engine faults:
    neither happens in a correct engine). The largest hand is g.big."""
    # a call through the tables: the compiler does not inline the loops into this function
    if rung0 == rung1:
        return _SAME[rung0 - 1](g, p0, p1, 0)
    # two different rungs: the higher one first, and the seat it holds
    if rung0 > rung1:
        return _LOOPS[rung0 + rung1 - 3](g, p0, p1, 0)
    return _LOOPS[rung0 + rung1 - 3](g, p1, p0, 1)
