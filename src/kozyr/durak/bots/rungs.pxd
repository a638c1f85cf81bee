# The rungs' C kernel: `ask_move(ask, level, word, params)` -> a move code, and
# `best_move(view, level, word, params)`, the same on a full view. It lives here,
# inline, so that the ladder's nogil loop (which cimports this file) compiles it
# into its own body: no call through a function pointer per decision. It reads
# an Ask or a DView (what one seat may see) and nothing else;
# tests/durak/bots/test_blind.py holds this file and rungs.pyx to that.
#
# The kernel is written once for two card layouts (the fused type Cards):
# BySuit, kozyr's own (bit 16*suit + rank), which the views and every other
# caller use, and ByPower (core/power.pxd, bit 4*power + suit), the layout of
# the ladder's duel, where the cheapest card is at most two bit scans, and
# for the rules' pair adjustments one scan and a table look-up (+1) or one
# scan in a window (-2) (`rung_move` with a ByPower tag; its Ask's masks and
# the card of its answer are then by power). The rules are the same lines for
# both; only the search for the cheapest card and the k-th card of the legal
# list differ by layout (tests/durak/bots/test_rungs_pw.py holds the searches to
# the same card).
from libc.stdint cimport uint64_t

from kozyr.cards cimport highest_card, lowest_card, popcount, suit_mask
from kozyr.durak.core.power cimport pw_next_step, pw_nth_in, pw_paired, pw_suit, pw_suit_count
from kozyr.durak.core.view cimport (
    MAX_LEGAL, MV_ATTACK, MV_BEAT, MV_DONE, MV_SHOW, MV_SWAP, MV_TAKE, MV_TRANSFER, PH_DEFEND, Ask, DView, TableAsk,
    ask_count, ask_nth, ask_tail,
)

cdef struct BySuit:
    # kozyr's card layout (kozyr.cards), a tag for the fused type Cards
    char tag
cdef struct ByPower:
    # the duel's card layout (core/power.pxd)
    char tag

ctypedef fused Cards:
    BySuit
    ByPower


cdef struct RungParams:
    # The settings of rungs 2 and 3 (kozyr.durak.Params; the same names in
    # lower case, in field sequence): measurements rather than constants.
    int deep_talon         # rung 3 takes to save a costly trump only while the talon holds more than this
    int cheap_power        # trumps of power above this are "costly"
    int trump_cost         # the surcharge on a trump's cost
    int pair_cheap         # rung 2's pair adjustment
    int pair_defend        # rung 3's pair adjustment when beating
    int pair_attack        # rung 3's pair adjustment when attacking or piling on
    int take_bout          # the careful take only while the bout holds at most this many attacks
    int hold_trumps        # piling on, rung 3 says done rather than throw in a trump while talon > this
    # derived by params_from: a plain card is cheaper than any trump under this pair adjustment
    # (_plain_wins), for rung 2's, rung 3's defending and rung 3's attacking adjustment
    bint plain_cheap
    bint plain_defend
    bint plain_attack
    # derived by params_from: for a negative pair adjustment, the duel's search window by the suit
    # of the pool's lowest card (_pw_reach; rungs 2's, 3's defending and 3's attacking adjustment)
    uint64_t reach_cheap[4]
    uint64_t reach_defend[4]
    uint64_t reach_attack[4]
    # which of kozyr's ways of playing a variant (VARIANT_* bits) rungs 2 and 3 use at a table other than
    # the two-seat game: Params.VARIANT_PLAY (all of them, VARIANT_ALL, by default; a mask without one
    # measures that way)
    unsigned int variant_play


cdef enum:
    # kozyr's variant play for rungs 2 and 3 (docs/rules/durak-variants.md, "kozyr's bots at a table")
    VARIANT_SHOW = 1       # perevodnoy with show_trump: show a trump of the rank rather than beat with a trump
    VARIANT_TRANSFER = 2   # perevodnoy: hand the bout on with a plain card of the rank
    VARIANT_THROWER = 4    # rung 3: a seat that is not the attacker throws in no trump while the talon lasts
    VARIANT_POWER = 8      # rung 3: "costly" measured on the table's own ranks with 52 cards
    VARIANT_ALL = 15


# A Python View (any object with View's fields) into the struct, every number range-checked.
cdef int fill_view(DView *d, object view) except -1

# _cheapest_mixed by power, compiled once in rungs.pyx and called through the module's C API:
# a rare path (never with the rules' settings), kept out of the duel's inlined kernel so that
# the kernel stays small enough for the compiler to inline at every decision.
cdef int cheapest_mixed_pw(uint64_t hand, uint64_t plain, uint64_t trumps, int trump, int pair,
                           int trump_cost) noexcept nogil


cdef inline bint _plain_wins(int pair, int trump_cost) noexcept nogil:
    """Even the dearest plain card (power 8, + the pair adjustment if positive) costs less than
    the cheapest trump (trump_cost, + the adjustment if negative), as with the rules' values
    (8 + 1 < 20 - 2): then a plain card wins outright whenever there is one."""
    return 8 + (pair if pair > 0 else 0) < trump_cost + (pair if pair < 0 else 0)


cdef inline int params_from(RungParams *p, tuple t) except -1:
    """Fill the struct from Params.as_tuple() (validated by Params): the first eight fields and
    VARIANT_PLAY (index 17)."""
    cdef int s
    p.deep_talon, p.cheap_power, p.trump_cost, p.pair_cheap = t[0], t[1], t[2], t[3]
    p.pair_defend, p.pair_attack, p.take_bout, p.hold_trumps = t[4], t[5], t[6], t[7]
    p.plain_cheap = _plain_wins(p.pair_cheap, p.trump_cost)
    p.plain_defend = _plain_wins(p.pair_defend, p.trump_cost)
    p.plain_attack = _plain_wins(p.pair_attack, p.trump_cost)
    p.variant_play = t[17]
    for s in range(4):
        p.reach_cheap[s] = _pw_reach(p.pair_cheap, s)
        p.reach_defend[s] = _pw_reach(p.pair_defend, s)
        p.reach_attack[s] = _pw_reach(p.pair_attack, s)
    return 0


cdef inline uint64_t _pw_reach(int pair, int s0) noexcept nogil:
    """For a negative pair adjustment, the cards by power (counted from the nibble of the pool's
    lowest card b0, of suit s0) that can cost less than b0 or tie and come first when their rank
    is paired: b0's own bit, every card of the powers 1 .. -pair - 1 above it, and the suits
    0..s0 of the power -pair above it (_cheapest_pw_neg). 0 for any other adjustment."""
    if pair >= 0:
        return 0
    return ((((<uint64_t>1) << (-4 * pair)) - 16) | ((<uint64_t>((2 << s0) - 1)) << (-4 * pair))
            | ((<uint64_t>1) << s0))


cdef enum:
    NO_COST = 1 << 20


cdef inline int _power(int card) noexcept nogil:
    """6 = 0 .. ace = 8: durak cards start at rank 6."""
    return (card & 15) - 6


cdef inline uint64_t _lane_or(uint64_t m) noexcept nogil:
    """The ranks present in any suit of m, as one 16-bit lane."""
    return (m | (m >> 16) | (m >> 32) | (m >> 48)) & 0xFFFF


cdef inline int _cheapest(uint64_t h, uint64_t pool, int pair) noexcept nogil:
    """The card of lowest cost in pool, whose cards are all trumps or all not; h is the hand.

    Within such a pool the cost of a card depends on its rank only: power,
    plus `pair` when the hand holds two or more of the rank. So the cheapest
    unpaired rank is the lowest one, the cheapest paired rank too, and at most
    these two ranks tie. Ties go to the earlier card of the spec's card
    sequence: the lower suit, then the higher rank within the suit.
    """
    if pool & (pool - 1) == 0:     # one card: nothing to compare
        return lowest_card(pool)
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


cdef inline int _pw_key(int b) noexcept nogil:
    """Card b by power as one number, 63 * power + 16 * suit: for the cards of one pool, the
    key of a card plus 64 times its cost adjustment is smaller exactly for the card the
    rungs prefer: the lower cost, then the lower suit, then the higher rank (the rules'
    card sequence). (64 * power + 16 * suit - power, and 16 * b is 64 * power + 16 * suit.)"""
    return 16 * b - (b >> 2)


cdef inline int _cheapest_pw1(uint64_t h, uint64_t pool) noexcept nogil:
    """_cheapest_pw for the adjustment +1 (rung 2 everywhere and rung 3 defending, with the
    rules' settings; pool within h): the pool's lowest card b0 (power p0, the lowest suit of
    it) costs p0 held once, else p0 + 1; then only a card of power p0 + 1 held once costs as
    little, and it wins the tie when its suit is not above b0's (the same suit: the higher
    rank first). Every other card costs more. Which card that is, if any, depends on the
    hand's two nibbles and b0's suit only: one look-up (pw_next_step, the step from b0 to
    that card), kept only when the pool holds all of the hand's cards of power p0 + 1
    (otherwise that power's one card is not in the pool, or the hand holds two). About 18
    instructions where the same test in arithmetic took 40, at about 36 decisions a deal."""
    cdef int b0 = lowest_card(pool)
    # the pool test as a mask: as a condition the compiler made it a branch around the look-up,
    # which the data decides (mispredicted often enough to cost a tenth of the row's time)
    return b0 + (pw_next_step(h, b0) & -<int>((((h ^ pool) >> (b0 & ~3)) & 0xF0) == 0))


cdef inline int _cheapest_pw(uint64_t h, uint64_t pool, int pair) noexcept nogil:
    """_cheapest by power (pool within h, both in core/power.pxd's layout), without branches
    where the data decides (which card wins is data, so a branch would be mispredicted about
    as often as taken): by a table for the adjustment +1 (_cheapest_pw1), else by two bit
    scans (_cheapest_pw_scan; the duel's kernel takes one for a negative adjustment:
    _cheapest_pw_by)."""
    if pair == 1:                  # a setting: the same branch at every decision of a seat
        return _cheapest_pw1(h, pool)
    return _cheapest_pw_scan(h, pool, pair)


cdef inline int _cheapest_pw_neg(uint64_t h, uint64_t pool, const uint64_t *reach) noexcept nogil:
    """_cheapest_pw for a negative adjustment (rung 3 attacking and piling on: -2 with the rules'
    settings; pool within h), given its window by suit (RungParams.reach_*, _pw_reach). The
    pool's lowest card b0 (power p0, suit s0) costs p0, or p0 + pair if its rank is paired,
    and then nothing costs less. Otherwise only a card of a paired rank can cost less: one of
    power p0 + j costs p0 + j + pair, below p0 for j < -pair, and equal to it at j = -pair,
    where it comes first when its suit is not above s0 (_pw_key). So the answer is the lowest
    card of the pool in a paired rank within that window (b0 itself when paired), else b0:
    one bit scan where _cheapest_pw_scan takes two and compares keys."""
    cdef int b0 = lowest_card(pool), n0 = b0 & ~3
    cdef uint64_t cand = ((pool & pw_paired(h)) >> n0) & reach[b0 & 3]
    cdef int c = n0 + lowest_card(cand | ((<uint64_t>1) << 63))
    return b0 ^ ((b0 ^ c) & -<int>(cand != 0))


cdef inline int _cheapest_pw_by(uint64_t h, uint64_t pool, int pair, const uint64_t *reach) noexcept nogil:
    """_cheapest_pw as the duel's kernel asks it, with the adjustment's window (reach, from the
    RungParams): by one bit scan for a negative adjustment (_cheapest_pw_neg)."""
    if pair == 1:                  # settings: the same branches at every decision of a seat
        return _cheapest_pw1(h, pool)
    if pair < 0:
        return _cheapest_pw_neg(h, pool, reach)
    return _cheapest_pw_scan(h, pool, pair)


cdef inline int _cheapest_pw_scan(uint64_t h, uint64_t pool, int pair) noexcept nogil:
    """_cheapest_pw for any adjustment (the general case; the duel's path for 0 and above 1).

    The lowest card of the pool's ranks that h holds once, and the lowest of
    those it holds twice or more, are the only candidates (two bit scans: each
    is the lowest suit of the lowest such power); the one of the smaller
    _pw_key (+ 64 * pair for the second) wins, or the one there is. (An empty
    kind scans the sentinel bit 63; its key is then not used.)"""
    cdef uint64_t twice = pw_paired(h)
    cdef uint64_t single = pool & ~twice, double = pool & twice
    cdef int bu = lowest_card(single | (<uint64_t>1 << 63))
    cdef int bp = lowest_card(double | (<uint64_t>1 << 63))
    # bu when (single and (not double or its key is the smaller)), as arithmetic: a conditional
    # expression here was compiled as a (mispredicted) branch
    cdef int take_u = (single != 0) & ((double == 0) | (_pw_key(bu) < _pw_key(bp) + 64 * pair))
    return bp ^ ((bu ^ bp) & -take_u)


cdef inline int _power_in(Cards *l, int card) noexcept nogil:
    """6 = 0 .. ace = 8."""
    if Cards is ByPower:
        return card >> 2
    else:
        return _power(card)


cdef inline int _suit_in(Cards *l, int card) noexcept nogil:
    if Cards is ByPower:
        return card & 3
    else:
        return card >> 4


cdef inline int _cheapest_in(Cards *l, uint64_t h, uint64_t pool, int pair) noexcept nogil:
    if Cards is ByPower:
        return _cheapest_pw(h, pool, pair)
    else:
        return _cheapest(h, pool, pair)


cdef inline int _cost(Cards *l, uint64_t h, int card, int pair, int trump, int trump_cost) noexcept nogil:
    """Power, + trump_cost for a trump, + pair when the hand h holds two or more of the card's rank."""
    cdef uint64_t same
    cdef int c = _power_in(l, card)
    if Cards is ByPower:
        same = (h >> (card & ~3)) & 15
    else:
        same = (h >> (card & 15)) & 0x0001000100010001ULL
    if _suit_in(l, card) == trump:
        c += trump_cost
    if same & (same - 1):
        c += pair
    return c


cdef inline int _cheapest_mixed(Cards *l, uint64_t hand, uint64_t plain, uint64_t trumps, int trump, int pair,
                                int trump_cost) noexcept nogil:
    """The cheaper of the cheapest plain card and the cheapest trump, by cost; they differ in
    suit, so a tie goes to the lower suit."""
    cdef int c1 = _cheapest_in(l, hand, plain, pair)
    cdef int c2 = _cheapest_in(l, hand, trumps, pair)
    cdef int k1 = _cost(l, hand, c1, pair, trump, trump_cost)
    cdef int k2 = _cost(l, hand, c2, pair, trump, trump_cost)
    if k1 < k2 or (k1 == k2 and _suit_in(l, c1) < _suit_in(l, c2)):
        return c1
    return c2


cdef inline int _cheapest_of(Cards *l, uint64_t hand, uint64_t cards, int trump, int pair,
                             int trump_cost, bint plain_wins, const uint64_t *reach) noexcept nogil:
    """The card of lowest cost among `cards` (any mix of trumps and plain cards) for a seat
    holding `hand`; ties to the lower suit. (Plain values, not the Ask: they pass in registers;
    reach is the adjustment's window from the RungParams, read by power only.)

    The fast path: when a plain card costs less than any trump under this
    adjustment (plain_wins, _plain_wins of pair and trump_cost), a plain card
    wins outright. Otherwise, with both kinds in `cards`, the cheapest of each
    pool is costed and compared (_cheapest_mixed).
    """
    cdef uint64_t trumps, plain, pool
    if Cards is ByPower:
        # without branches where the data decides: the pool is the plain cards unless there
        # are none; the mixed case (both kinds, and a trump might win) is rare and a branch
        trumps = cards & pw_suit(trump)
        plain = cards ^ trumps
        if not plain_wins and plain and trumps:
            return cheapest_mixed_pw(hand, plain, trumps, trump, pair, trump_cost)
        pool = plain if plain else trumps
        return _cheapest_pw_by(hand, pool, pair, reach)
    else:
        trumps = cards & suit_mask(trump)
        plain = cards ^ trumps
        if plain == 0:
            pool = trumps
        elif trumps == 0 or plain_wins:
            pool = plain
        else:
            return _cheapest_mixed(l, hand, plain, trumps, trump, pair, trump_cost)
        return _cheapest_in(l, hand, pool, pair)


cdef inline int ask_random(Cards *l, const Ask *a, unsigned int word) noexcept nogil:
    """Rung 1: the move at index word mod n of the legal list (ask_nth), -1 when nothing is legal.
    By power the suits' counts (one multiplication each) give both n and the card's suit."""
    cdef int n, k, c0, c1, c2, c3, ncard
    if Cards is ByPower:
        c0 = pw_suit_count(a.cards, 0)
        c1 = pw_suit_count(a.cards, 1)
        c2 = pw_suit_count(a.cards, 2)
        c3 = pw_suit_count(a.cards, 3)
        ncard = c0 + c1 + c2 + c3
        n = ncard + (a.extra != 0) + (a.swap != 0)
        if n == 0:
            return -1
        k = <int>(word % <unsigned int>n)
        if k < ncard:
            return ((MV_BEAT if a.defending else MV_ATTACK) << 6) | pw_nth_in(a.cards, k, c0, c1, c2, c3)
        return ask_tail(a, k - ncard)
    else:
        n = ask_count(a)
        if n == 0:
            return -1
        return ask_nth(a, <int>(word % <unsigned int>n))


cdef inline int rung_move(Cards *l, const Ask *a, int level, unsigned int word,
                          const RungParams *p) noexcept nogil:
    """The move code rung `level` (1 to 3) plays on the decision `a`, or -1 when nothing is legal;
    the Ask's masks and the answer's card in the layout of l.

    The one home of the rungs' rules: the ladder's duel calls it by power
    with an Ask built in its own variables (level a constant in each
    specialised copy of its loop), ask_move with kozyr's cards. `word` is read
    by rung 1 only.
    """
    cdef int card, pair, play, instead
    cdef bint plain_wins
    cdef const uint64_t *reach
    if level <= 1:
        return ask_random(l, a, word)
    if a.swap:
        return MV_SWAP << 6
    if a.cards == 0:
        if a.extra:
            return (MV_TAKE if a.defending else MV_DONE) << 6
        return -1
    # the pair adjustment: rung 2 everywhere; rung 3 defending, or attacking and piling on
    if level == 2:
        pair, plain_wins, reach = p.pair_cheap, p.plain_cheap, p.reach_cheap
    elif a.defending:
        pair, plain_wins, reach = p.pair_defend, p.plain_defend, p.reach_defend
    else:
        pair, plain_wins, reach = p.pair_attack, p.plain_attack, p.reach_attack
    card = _cheapest_of(l, a.hand, a.cards, a.trump, pair, p.trump_cost, plain_wins, reach)
    play = ((MV_BEAT if a.defending else MV_ATTACK) << 6) | card
    # rung 3 takes rather than beat with a costly trump, and says done rather than pile on a
    # trump, when the cheapest card is a trump: as arithmetic, since whether it is one is data
    # (as a branch, mispredicted about a third of the time in the ladder's duel), behind the
    # talon's test, which changes its way at most once a deal (and with the rules' settings
    # never passes for done)
    if level >= 3:
        if a.defending:
            if a.talon > p.deep_talon:
                instead = ((_suit_in(l, card) == a.trump) & (a.extra != 0)
                           & (_power_in(l, card) > p.cheap_power) & (a.size <= p.take_bout))
                return play ^ ((play ^ (MV_TAKE << 6)) & -instead)
        elif a.talon > p.hold_trumps:
            instead = (_suit_in(l, card) == a.trump) & (a.extra != 0)
            return play ^ ((play ^ (MV_DONE << 6)) & -instead)
    return play


cdef inline int ask_move(const Ask *a, int level, unsigned int word, const RungParams *p) noexcept nogil:
    """The move code rung `level` (1 to 3) plays on the decision `a` (kozyr's cards), or -1 when
    nothing is legal: rung_move by suit."""
    cdef BySuit l
    return rung_move(&l, a, level, word, p)


cdef inline void ask_of(const DView *v, Ask *a) noexcept nogil:
    """The decision of a full view (its seat on turn)."""
    a.defending = v.phase == PH_DEFEND
    a.hand = v.hand
    a.cards = v.legal_cards
    a.trump = v.trump
    a.extra = (v.legal_kinds >> (MV_TAKE if a.defending else MV_DONE)) & 1
    a.swap = (v.legal_kinds >> MV_SWAP) & 1
    a.talon = v.talon
    a.size = v.bout.size


cdef inline int table_power(int card, int low) noexcept nogil:
    """A card's power on the 36-card scale (6 = 0 .. ace = 8) whatever the cards in play: (rank - low) * 8 /
    (14 - low), so that CHEAP_POWER means the same share of the ranks with 24, 32, 36 or 52 cards
    (52 cards: 2 and 3 are 0, the king 7; 24 cards: 9 = 0, ten 1, jack 3, queen 4, king 6)."""
    return ((card & 15) - low) * 8 // (14 - low)


cdef inline int table_move(const Ask *a, const TableAsk *t, int level, const RungParams *p) noexcept nogil:
    """The move rung `level` (2 or 3) plays at a table other than the two-seat game (kozyr's variant play,
    each a VARIANT_* bit of p.variant_play, for what the two-seat rungs never face), or -1 when nothing is
    legal; every other decision is the two-seat rung's (ask_move).

    - A show (VARIANT_SHOW) keeps the card and passes the defence on: both rungs show when they could
      beat with a trump only (a show whenever legal measured worse than a plain beat).
    - A transfer (VARIANT_TRANSFER) sheds a card and passes the bout on: rung 3 transfers with its cheapest
      plain card of the rank rather than beat or take; rung 2 only when it would otherwise take. A
      trump is never spent on a transfer.
    - A throw-in by a seat that is not the attacker (VARIANT_THROWER, rung 3): never a trump while the
      talon holds cards (its cheapest plain card, else done); the attacker's own pile-on, and every
      throw-in once the talon is empty, is the two-seat rule's.
    - Power (VARIANT_POWER, rung 3): with 52 cards the costly-trump take measures power from the lowest
      rank in play, scaled to the 36-card scale (with 24 and 32 cards the two-seat scale measured
      better, and stays).
    """
    cdef BySuit l
    cdef uint64_t trumps = suit_mask(a.trump), plain, pool
    cdef unsigned int on = p.variant_play
    cdef int card
    if a.swap or level <= 1:
        return ask_move(a, level, 0, p)
    if a.defending:
        if (on & VARIANT_SHOW) and t.shows and not (a.cards & ~trumps):
            return (MV_SHOW << 6) | lowest_card(t.shows)
        plain = t.transfers & ~trumps
        if (on & VARIANT_TRANSFER) and plain and (level >= 3 or a.cards == 0):
            return (MV_TRANSFER << 6) | _cheapest(a.hand, plain, 0)
    elif level >= 3 and (on & VARIANT_THROWER) and t.thrower and a.talon > 0 and a.cards & trumps:
        pool = a.cards & ~trumps
        if pool:
            return (MV_ATTACK << 6) | _cheapest(a.hand, pool, p.pair_attack)
        if a.extra:
            return MV_DONE << 6
    if level >= 3 and (on & VARIANT_POWER) and t.low < 6 and a.defending and a.cards and a.extra:
        card = _cheapest_of(&l, a.hand, a.cards, a.trump, p.pair_defend, p.trump_cost, p.plain_defend,
                            p.reach_defend)
        if (card >> 4) == a.trump and table_power(card, t.low) > p.cheap_power and a.talon > p.deep_talon \
                and a.size <= p.take_bout:
            return MV_TAKE << 6
        return (MV_BEAT << 6) | card
    return ask_move(a, level, 0, p)


cdef inline void table_ask_of(const DView *v, TableAsk *t) noexcept nogil:
    """The TableAsk of a full view (its seat on turn)."""
    cdef int i, m, kind
    t.low = 15 - (v.deck_size >> 2)
    t.thrower = v.phase != PH_DEFEND and v.seat != v.bout.attacker
    t.transfers = 0
    t.shows = 0
    if v.phase == PH_DEFEND:
        for i in range(v.nlegal if v.nlegal <= MAX_LEGAL else MAX_LEGAL):
            m = v.legal[i]
            kind = m >> 6
            if kind == MV_TRANSFER:
                t.transfers |= (<uint64_t>1) << (m & 63)
            elif kind == MV_SHOW:
                t.shows |= (<uint64_t>1) << (m & 63)


cdef inline bint two_seat(const DView *v) noexcept nogil:
    """The two-seat game (Rules()): the rungs play the two-seat rules there, and only there."""
    return v.nseats == 2 and v.deck_size == 36 and v.opts == 0


cdef inline int best_move(const DView *v, int level, unsigned int word, const RungParams *p) noexcept nogil:
    """The move code the rung plays from this view, or -1 when it has no legal move. Rung 1 takes
    legal[word mod nlegal] from the view's list; rungs 2 and 3 read the view's Ask (and at any other
    table than the two-seat game its TableAsk: table_move)."""
    cdef Ask a
    cdef TableAsk t
    cdef int n = v.nlegal
    if n <= 0:
        return -1
    if n > MAX_LEGAL:
        n = MAX_LEGAL
    if level <= 1:
        return v.legal[word % <unsigned int>n]
    ask_of(v, &a)
    if not two_seat(v):
        table_ask_of(v, &t)
        return table_move(&a, &t, level, p)
    return ask_move(&a, level, 0, p)
