# Determinization: a complete State built from one seat's view (or, in the two-seat
# game, its view and a Memory), the cards it has not seen dealt at random (determinize()
# of the Python face, and rung 4's search, which plays on such copies from the view
# alone: dt_build_public). Its inputs are
# a DView, a Memory or the view's own memory fields, and two facts every seat saw
# (the turn-up, dealt face up; the exchange right of a low trump every seat has seen
# where it is), so whatever is built from it cannot know more than the seat does;
# the hidden cards of the real deal never reach it (tests/durak/bots/test_blind.py).
#
# What is kept: the seat's hand, the bout, the counts, the heap, the cards known to
# be in the other hands, the turn-up (or the low trump after the exchange) at the
# bottom of the talon while it is there. What is drawn: which unseen cards fill the
# rest of the other hands, and the order of the talon above its bottom card; every
# arrangement equally likely.
from libc.stdint cimport uint64_t

from kozyr.cards cimport card_bit, deck_mask, pop_lowest, popcount, suit_mask
from kozyr.durak.core.memory cimport Memory, mem_unseen
from kozyr.durak.core.seeds cimport fast_below
from kozyr.durak.core.state cimport State
from kozyr.durak.core.view cimport OPT_NO_SWAP, OUT_NONE, PH_DEFEND, PH_OVER, DView


cdef inline void _dt_common(State *s, const DView *v) noexcept nogil:
    """The public part of the position: the bout and its cards, the counts, the heap, the memory."""
    cdef uint64_t bout_cards = 0
    cdef unsigned int ranks = 0
    cdef int i, nbeat = 0, n = v.nseats
    for i in range(v.bout.size):
        bout_cards |= card_bit(v.bout.attack[i])
        ranks |= 1u << (v.bout.attack[i] & 15)
        if v.bout.beat[i] >= 0:
            bout_cards |= card_bit(v.bout.beat[i])
            ranks |= 1u << (v.bout.beat[i] & 15)
            nbeat += 1
    s.n = n
    s.deck_size = v.deck_size
    s.low = 15 - (v.deck_size >> 2)
    s.opts = v.opts
    s.two_seat = n == 2 and v.deck_size == 36 and v.opts == 0
    s.deckmask = deck_mask(v.deck_size)
    s.tlen = v.deck_size - 6 * n
    s.tbase = 6 * n + 1 if s.tlen > 0 else v.deck_size
    s.bout_cards = bout_cards
    s.ranks = ranks
    s.nbeat = nbeat
    s.bout = v.bout
    for i in range(6):
        s.count[i] = <signed char>v.count[i]
        s.known[i] = v.known[i]
        s.declined[i] = v.declined[i]
        s.hand[i] = 0
        s.outs[i] = <signed char>v.out[i]
    s.trump = v.trump
    s.six = 16 * v.trump + s.low
    s.heap = v.heap
    s.heap_cards = v.heap_cards
    s.drawn = s.tlen - v.talon
    s.ply = v.ply
    s.moves = 0
    s.bouts = 0
    s.outmask = 0
    s.nout = v.nout
    for i in range(v.nout):
        s.outmask |= 1u << v.out[i]
    # the thrower on turn (attack, pile_on): its index in the throwers, which the rules' p is
    s.p = 0
    if v.turn >= 0 and v.phase != PH_DEFEND and v.phase != PH_OVER:
        for i in range(v.bout.nthrowers):
            if v.bout.throwers[i] == v.turn:
                s.p = i


cdef inline int _dt_draw(uint64_t unseen, int *cards, uint64_t *rng) noexcept nogil:
    """The unseen cards in a random order, every order equally likely, into cards[]; their number.
    Collected from the lowest card up, then a Fisher-Yates from the front: the one place both
    builders draw, so a copy is the same draw whichever builder made it."""
    cdef int n = 0, i, j, c
    while unseen:
        cards[n] = pop_lowest(&unseen)
        n += 1
    for i in range(n - 1):
        j = i + fast_below(rng, n - i)
        c = cards[i]
        cards[i] = cards[j]
        cards[j] = c
    return n


cdef inline int dt_build(State *s, const DView *v, const Memory *m, uint64_t *rng) noexcept nogil:
    """Fill *s: the seat's two-seat position (Rules()) from its view and its Memory, with the
    unseen cards dealt at random from *rng.

    0, or -1 when the memory does not fit the view (the unseen cards are not
    exactly the other hand's unknown cards plus the talon above its bottom).
    """
    cdef int me = v.seat, other = 1 - v.seat
    cdef uint64_t unseen = mem_unseen(m, v), known = m.known
    cdef int cards[36]
    cdef int i, need, above, drawn
    need = v.count[other] - popcount(known)
    above = v.talon - 1 if v.talon > 0 else 0
    if need < 0 or popcount(unseen) != need + above or (v.talon > 0) != (m.bottom >= 0):
        return -1
    # cards[0..need) go to the other hand, the rest is the talon in order
    _dt_draw(unseen, cards, rng)
    for i in range(need):
        known |= card_bit(cards[i])
    _dt_common(s, v)
    s.hand[me] = v.hand
    s.hand[other] = known
    s.heap_cards = m.heap
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
    s.swapped = m.swapped
    s.outcome = OUT_NONE
    s.fool = -1
    s.losers = 0
    # order[13 + k] is talon card k (k < 23): the cards above the bottom fill it to the end
    for i in range(13 + drawn if drawn < 23 else 36):
        s.order[i] = 0       # dealt or drawn long ago: never read again
    s.order[12] = <unsigned char>m.turnup
    for i in range(above):
        s.order[13 + drawn + i] = <unsigned char>cards[need + i]
    return 0


cdef inline int dt_build_view(State *s, const DView *v, int turnup, int owner, uint64_t *rng) noexcept nogil:
    """Fill *s: the seat's position at any table from its view alone (its memory fields), with the
    unseen cards dealt at random from *rng: each other seat's hand is its known cards and as many
    unseen ones as it holds beyond them (in seat order), the talon above its bottom card the rest.

    `turnup` is the turn-up (dealt face up: every seat saw it) and `owner` the seat holding the
    low trump's exchange right when the low trump is not among the seat's unseen cards (every
    seat saw where it went, and so who holds the right), else anything: an unseen low trump is
    its holder's by the deal or a draw, so the seat dealt it here owns it.
    0, or -1 when the view's memory does not fit its counts and talon.
    """
    cdef int me = v.seat, nseats = v.nseats
    cdef uint64_t unseen = v.unseen, sixbit
    cdef int cards[52]
    cdef int need[6]
    cdef int i, j, total = 0, above, at
    for i in range(nseats):
        need[i] = 0
        if i != me:
            need[i] = v.count[i] - popcount(v.known[i])
            if need[i] < 0:
                return -1
            total += need[i]
    above = v.talon - 1 if v.talon > 0 else 0
    if popcount(unseen) != total + above or (v.talon > 0) != (v.bottom >= 0):
        return -1
    _dt_draw(unseen, cards, rng)
    _dt_common(s, v)
    s.hand[me] = v.hand
    at = 0
    for i in range(nseats):
        if i != me:
            s.hand[i] = v.known[i]
            for j in range(need[i]):
                s.hand[i] |= card_bit(cards[at])
                at += 1
    s.turnup = turnup
    s.swapped = v.talon > 0 and v.turnup < 0       # the bottom card is the low trump: exchanged
    sixbit = card_bit(s.six)
    s.six_owner = -1
    if not (v.opts & OPT_NO_SWAP) and not s.swapped and turnup != s.six:
        if v.unseen & sixbit:
            for i in range(nseats):
                if i != me and s.hand[i] & sixbit:
                    s.six_owner = i
        else:
            s.six_owner = owner
    s.talon_last = v.bottom if v.bottom >= 0 else turnup
    s.outcome = v.outcome
    s.fool = v.fool
    s.losers = v.losers
    for i in range(s.tbase + s.drawn if s.tlen > 0 else v.deck_size):
        s.order[i] = 0       # dealt or drawn long ago: never read again
    if s.tlen > 0:
        s.order[s.tbase - 1] = <unsigned char>turnup
    else:
        s.order[v.deck_size - 1] = <unsigned char>turnup
    for i in range(above):
        s.order[s.tbase + s.drawn + i] = <unsigned char>cards[at + i]
    return 0


cdef inline void dt_public(const DView *v, int *turnup, int *owner) noexcept nogil:
    """The two facts dt_build_view takes besides the view, as far as the view itself tells them
    (rung 4 decides from its view alone: no memory is kept between decisions).

    The turn-up: the view's while it lies face up in the talon. After the exchange, and once
    the talon is out, no rule reads it any more (only the swap does, and a seat swaps at most
    once, before the talon runs out), so the talon's bottom card, else the low trump, stands in.

    The owner of the low trump's exchange right, when the low trump is not unseen: the seat
    that can exchange now; else the seat itself when it holds the low trump and nobody saw it
    go there (it came with the deal or a draw and has not left the hand since: the right is
    its own). Otherwise -1 (the right is nobody's in the imagined deal). That last case is the
    one the view does not tell: a seat that beat with its own low trump and took the bout back
    keeps the right (rules.pxd, _close_bout), and the low trump is then a card seen going into
    its hand, as one picked up without the right is; both are imagined without it.
    """
    cdef int me = v.seat
    cdef int six = 16 * v.trump + 15 - (v.deck_size >> 2)
    cdef uint64_t sixbit = card_bit(six)
    if v.turnup >= 0:
        turnup[0] = v.turnup
    elif v.bottom >= 0:
        turnup[0] = v.bottom
    else:
        turnup[0] = six
    owner[0] = -1
    if v.can_swap or (v.hand & sixbit and not v.known[me] & sixbit):
        owner[0] = me


cdef inline int dt_build_public(State *s, const DView *v, uint64_t *rng) noexcept nogil:
    """dt_build_view with the turn-up and the exchange right read from the view (dt_public):
    a position imagined from the seat's view and nothing else. 0, or -1 as dt_build_view."""
    cdef int turnup, owner
    dt_public(v, &turnup, &owner)
    return dt_build_view(s, v, turnup, owner, rng)


cdef inline uint64_t dt_doubted(const DView *v, int seat, uint64_t kept) noexcept nogil:
    """The unseen cards seat `seat` does not hold if it beats in suit whenever it can, but for the
    cards it would keep rather than beat with (`kept`), by its choices (v.declined): for each
    plain attack card it answered otherwise than in its suit since it last drew, the higher
    cards of that suit (a player who takes, or spends a trump, rather than beat in suit, had no
    card to beat in suit with but those it keeps)."""
    cdef uint64_t d = v.declined[seat], doubted = 0
    cdef int u
    while d:
        u = pop_lowest(&d)
        doubted |= suit_mask(u >> 4) & ~((card_bit(u) << 1) - 1)
    return doubted & v.unseen & ~kept


cdef inline void dt_believe(State *s, const DView *v, uint64_t kept, uint64_t *rng) noexcept nogil:
    """Make a deal dt_build_view drew fit the other seats' choices: each doubted card (dt_doubted)
    it put in a seat's hand changes places with a random talon card (above the bottom card) that
    is neither doubted nor the low trump (whose exchange right the draw settled), where there is
    one. The hands stay the counts the view shows; only which unseen card lies where changes."""
    cdef int i, c, n, j, k, at, above = s.tlen - s.drawn - 1
    cdef uint64_t doubted, bad
    cdef int spots[52]
    if above <= 0:
        return
    at = s.tbase + s.drawn
    for i in range(v.nseats):
        if i == v.seat or not v.declined[i]:
            continue
        doubted = dt_doubted(v, i, kept)
        bad = s.hand[i] & doubted
        if not bad:
            continue
        n = 0                    # the talon's places a doubted card may go to, in talon order
        for j in range(above):
            if not (doubted & card_bit(s.order[at + j])) and s.order[at + j] != s.six:
                spots[n] = at + j
                n += 1
        while bad and n:
            c = pop_lowest(&bad)
            k = fast_below(rng, n)
            j = spots[k]
            s.hand[i] = (s.hand[i] & ~card_bit(c)) | card_bit(s.order[j])
            s.order[j] = <unsigned char>c
            n -= 1               # that place now holds a doubted card: out of the list, the order kept
            for j in range(k, n):
                spots[j] = spots[j + 1]


cdef inline int dt_build_belief(State *s, const DView *v, int belief, uint64_t kept,
                                uint64_t *rng) noexcept nogil:
    """dt_build_public, made to fit the other seats' choices (dt_believe, `kept` the cards the
    imagined players keep rather than beat with) in `belief` % of the deals it builds: one more
    random number decides which, unless belief is 0 or 100 (at 0 this is dt_build_public, draw
    for draw). 0, or -1 as dt_build_view."""
    if dt_build_public(s, v, rng) != 0:
        return -1
    if belief >= 100 or (belief > 0 and fast_below(rng, 100) < belief):
        dt_believe(s, v, kept, rng)
    return 0


cdef inline bint dt_settled(const DView *v) noexcept nogil:
    """Whether every draw from this view is the same deal: the talon is out and the unseen cards
    can lie in one other hand only (at two seats, whenever the talon is empty; at more, once
    at most one other seat holds cards nobody saw go there)."""
    cdef int i, hidden = 0
    if v.talon != 0:
        return 0
    for i in range(v.nseats):
        if i != v.seat and v.count[i] > popcount(v.known[i]):
            hidden += 1
    return hidden <= 1
