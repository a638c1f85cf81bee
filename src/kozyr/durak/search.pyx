"""The bots' rungs, computed from one seat's view and nothing else.

`best_move` is the C kernel the ladder calls on every decision, with the GIL
released; `best` is the same decision for a Python `View`. The module is blind
by construction: it cimports the view struct and the card helpers only, so it
cannot consult anything a seat may not see (tests/durak/test_blind.py reads
this file and the compiled module to keep it that way).

The rungs (spec, "The bots"):
  1 random: legal[word mod nlegal]
  2 cheap: swap if legal; defend with the cheapest beat, take only when nothing
    beats; attack or pile on with the cheapest card, done only when none.
  3 careful: rung 2 with a rank-pair bonus when attacking, and a take instead
    of spending a costly trump early in the deal.
Cost of a card: power (6=0 .. A=8), +20 for a trump, and a pair adjustment
(+1, or -2 for rung 3 attacking) when the hand holds two or more of its rank.
Ties go to the earlier card of the legal list, whose cards are listed
spades, hearts, diamonds, clubs and ace down within a suit.
"""
from libc.stdint cimport uint64_t

from kozyr.cards cimport highest_card, lowest_card, suit_mask
from kozyr.durak._view cimport (
    DView, MAX_BOUT, MAX_LEGAL, MV_ATTACK, MV_BEAT, MV_DONE, MV_SWAP, MV_TAKE,
    OUT_DRAW, OUT_FOOL, OUT_NONE, OUT_RESIGN, PH_DEFEND,
)

from kozyr.durak.types import PHASES, Move

cdef enum:
    DEEP_TALON_C = 6
    CHEAP_POWER_C = 3


DEEP_TALON = DEEP_TALON_C
CHEAP_POWER = CHEAP_POWER_C

cdef enum:
    NO_COST = 1 << 20


cdef Params default_params() noexcept nogil:
    cdef Params p
    p.deep_talon = DEEP_TALON_C
    p.cheap_power = CHEAP_POWER_C
    return p


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


cdef int best_move(const DView *v, int level, unsigned int word, const Params *p) noexcept nogil:
    """The move code the rung plays from this view, or -1 when it has no legal move."""
    cdef int n = v.nlegal
    cdef int i, m, card, kind = 0
    cdef unsigned int kinds = 0          # bit k: a card-less move of kind k is legal
    cdef uint64_t cards = 0, trumps
    cdef bint defending
    if n <= 0:
        return -1
    if n > MAX_LEGAL:
        n = MAX_LEGAL
    if level <= 1:
        return v.legal[word % <unsigned int>n]
    for i in range(n):
        m = v.legal[i]
        if m < (MV_TAKE << 6):           # attack or beat: a card
            cards |= (<uint64_t>1) << (m & 63)
            kind = m >> 6
        else:
            kinds |= 1u << (m >> 6)
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


cdef dict _OUTCOMES = {"fool": OUT_FOOL, "draw": OUT_DRAW, "resign": OUT_RESIGN}


cdef int _fill(DView *d, object view) except -1:
    """Copy a Python View into the C struct the kernel reads."""
    cdef int i
    d.seat = view.seat
    d.ply = view.ply
    d.phase = PHASES.index(view.phase)
    d.turn = -1 if view.turn is None else view.turn
    d.trump = view.trump
    d.turnup = -1 if view.turnup is None else view.turnup
    d.talon = view.talon
    d.heap = view.heap
    d.hand = int(view.hand)
    d.count[0] = view.counts[0]
    d.count[1] = view.counts[1]
    d.can_swap = bool(view.can_swap)
    legal = view.legal
    if len(legal) > MAX_LEGAL:
        raise ValueError(f"a view lists {len(legal)} legal moves; at most {MAX_LEGAL} fit")
    d.nlegal = len(legal)
    for i in range(d.nlegal):
        d.legal[i] = legal[i].code
    d.over = bool(view.over)
    if view.result is None:
        d.outcome = OUT_NONE
        d.fool = -1
    else:
        d.outcome = _OUTCOMES[view.result.outcome]
        d.fool = -1 if view.result.fool is None else view.result.fool
    bout = view.bout
    d.bout.attacker = bout.attacker
    d.bout.defender = bout.defender
    d.bout.cap = bout.cap
    d.bout.size = bout.size
    d.bout.taken = bool(bout.taken)
    d.bout.to_beat = -1 if bout.to_beat is None else bout.to_beat
    pairs = bout.pairs
    if len(pairs) > MAX_BOUT:
        raise ValueError(f"a bout of {len(pairs)} pairs; at most {MAX_BOUT} fit")
    for i in range(MAX_BOUT):
        d.bout.attack[i] = -1
        d.bout.beat[i] = -1
    for i in range(len(pairs)):
        d.bout.attack[i] = pairs[i][0]
        d.bout.beat[i] = -1 if pairs[i][1] is None else pairs[i][1]
    return 0


def best(view, level, word=0, *, deep_talon=DEEP_TALON, cheap_power=CHEAP_POWER):
    """The move rung `level` (clamped to 1..3) plays from `view`, or None.

    `word` is the 32-bit random word only rung 1 reads; the thresholds are the
    rung-3 measurements (the spec's bot is 6 and 3).
    """
    cdef DView d
    cdef Params p
    cdef int m
    if not 0 <= word < (1 << 32):
        raise ValueError(f"word {word!r} is not a 32-bit unsigned int")
    _fill(&d, view)
    p.deep_talon = deep_talon
    p.cheap_power = cheap_power
    m = best_move(&d, max(1, min(3, int(level))), <unsigned int>word, &p)
    return None if m < 0 else Move.from_code(m)
