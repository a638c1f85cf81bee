# A whole deal between two rungs (1 to 3), the ladder's hot path, specialised
# per pairing at compile time.
#
# The general loop (ladder/_loop.pyx, play_out) plays any sides through the rules'
# State: a view per decision, st_apply_legal, _advance re-deriving the forced
# positions. For two rungs that is mostly repeated work, so this file plays
# the same rules another way, for the same results:
#
# - a bout is one call with the hands kept by role (attacker, defender) in
#   locals; its situations are the loops and branches of `_bout` (attack,
#   defend, pile on, close), and the forced positions (the automatic take, a
#   bout capped, spent or exhausted) are branches, not passes of a loop;
# - the talon is a suffix-XOR table over the dealt order (tal[k]: the face-down
#   cards from k on, tal[24] the last card alone): drawing k cards is one XOR,
#   tal[drawn] ^ tal[drawn + k], and the table is built from the top down, as
#   the fast shuffle fixes the dealt positions (duel_deal_rng: one pass for
#   the shuffle, the talon and the hands);
# - a decision hands the rung an Ask (core/view.pxd) built from those locals,
#   and the rung is a fused-type tag, so every pairing is its own copy of the
#   loop with the rung a compile-time constant (6 deal loops: one per rung
#   against itself and one per pair of different rungs whichever seat holds
#   which; 9 bouts, each inlined into its one deal loop);
# - the event count (ply), which rung 1's words are keyed by, is kept as the
#   rules count it: one per move, two per closed bout (bout_end, refill), one
#   per seat out and one for game_end; the automatic take is not an event;
# - the cards are kept by power (core/power.pxd: bit 4*power + suit), so that
#   the rungs' cheapest card is a bit scan and a look-up (rungs.pxd, rung_move
#   by power: for the rules' pair adjustments, +1 through a 1 KB table of the
#   hand's two lowest powers, -2 one scan within a window the settings fix);
#   they are translated at the deal's edges: the dealt sequence comes in by
#   power (duel_deal_rng, duel_deal, or duel_from_state for a dealt State),
#   and the hands go back to kozyr's cards only when a State is wanted
#   (duel_into_state);
# - what only the first half of a deal needs (the exchange right, the draws)
#   sits behind a branch on the talon being open, which changes its way once a
#   deal, so the bouts after it do not pay for it.
#
# The loop (_duel.pyx) is its own compiled module: its nine pairings, each
# with the rungs' kernel inlined at every decision, are what the compiler's
# inlining budget of that module is spent on (in the ladder's module, with the
# general loop, rung 4 and Cython's own code, it ran out first). Each deal
# loop is its own function, which `duel` reaches through a table the compiler
# cannot see through: inlined into `duel`, the loops outgrew its limits and
# the bouts of two different rungs stayed calls (an entry, an exit and the
# roles through memory at every bout). The ladder
# calls `duel` once a deal; rung 4's playouts (rung4.pxd) call it for the rest
# of an imagined two-seat deal from between two bouts (duel_from_bout). It
# lives beside the rungs, not in the ladder, so that rung 4 can cimport it
# without importing the ladder.
#
# `duel` leaves in the Duel what play_out leaves in the State (outcome, fool,
# moves, bouts, ply, heap, hands, counts, talon drawn), and duel_into_state
# writes it there; tests/durak/bots/test_duel.py plays both loops over every pairing
# and compares them field by field.
from libc.stdint cimport uint64_t
from libc.string cimport memcpy

from kozyr.cards cimport card_bit, lowest_card
from kozyr.durak.core.power cimport pw_card, pw_kozyr_mask, pw_mask, pw_suit
from kozyr.durak.core.seeds cimport fast_below
from kozyr.durak.core.state cimport MAX_MOVES, State
from kozyr.durak.core.view cimport OUT_NONE
from kozyr.durak.bots.rungs cimport RungParams

cdef extern from *:
    """
    /* the 36 durak cards by power (bit 4*power + suit), in the rules' card sequence:
       spades from the ace down to the six, then hearts, diamonds, clubs */
    static const unsigned char KZ_PW_SEQUENCE[36] = {
        32, 28, 24, 20, 16, 12, 8, 4, 0,
        33, 29, 25, 21, 17, 13, 9, 5, 1,
        34, 30, 26, 22, 18, 14, 10, 6, 2,
        35, 31, 27, 23, 19, 15, 11, 7, 3,
    };
    """
    const unsigned char KZ_PW_SEQUENCE[36]      # bytes: duel_deal_rng copies it at every fast deal


cdef inline void pw_sequence(int *cards) noexcept nogil:
    """The 36 cards by power in the rules' card sequence, as ints (what shuffle_rng, shuffle_seed
    and duel_deal take): KZ_PW_SEQUENCE widened."""
    cdef int k
    for k in range(36):
        cards[k] = KZ_PW_SEQUENCE[k]

cdef enum:
    DUEL_MAX_MOVES = MAX_MOVES   # as the general loop: a longer deal is an engine fault


cdef struct Player:
    # one seat of a duel: its rung and settings and, for rung 1, where its words come from
    int rung
    const RungParams *p
    bint fast              # fast words keyed by `key`, else SHA-256 of buf (head bytes) by `sha`
    uint64_t key
    int head
    unsigned char *buf
    unsigned int (*sha)(const Player *pl, int ply) noexcept nogil   # duel_sha_word (set by the caller:
                           # a call the compiler cannot inline, so that the digest's code stays out
                           # of every rung-1 decision, which then fits its inlining limits)


cdef struct Duel:
    # the deal between bouts, cards by power; within a bout the hands live in the bout's locals
    uint64_t A             # the hand of the next bout's attacker (seat `attacker`)
    uint64_t D             # and of its defender
    int cA                 # their counts
    int cD
    uint64_t tal[25]       # tal[k], k <= 23: the XOR of the face-down talon cards k..22 (tal[23] = 0);
                           # tal[24]: the last card (the turn-up, or the six after the exchange)
                           # alone. Cards j..k-1 are tal[j] ^ tal[k] for any j <= k <= 24, and the
                           # exchange rewrites tal[24] only. A suffix, not a prefix, so that the
                           # fast shuffle, which fixes the dealt positions from the last one
                           # down, builds it as it goes (duel_deal_rng)
    uint64_t trumps        # the trump suit's mask
    uint64_t sixbit        # the trump six (power 0): bit `trump`
    int trump
    int turnup
    int six_owner
    bint swapped
    int drawn
    int heap
    int ply
    int moves              # set when the deal ends (until then ply - 2 * bouts)
    int bouts
    int outcome
    int fool
    int attacker
    int cap
    int big                # the largest hand so far


cdef inline void _duel_open(Duel *g, uint64_t h0, uint64_t h1, int turnup) noexcept nogil:
    """A fresh deal's state once its talon table is built: seat 0's and seat 1's hands and the
    turn-up (the lowest trump attacks first, seat 0 when neither holds one)."""
    cdef uint64_t lo0, lo1
    g.cA = 6
    g.cD = 6
    g.turnup = turnup
    g.trump = turnup & 3
    g.trumps = pw_suit(g.trump)
    g.sixbit = card_bit(g.trump)
    g.tal[23] = 0
    g.tal[24] = card_bit(turnup)
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
    g.A = h1 if g.attacker else h0
    g.D = h0 if g.attacker else h1
    g.cap = 6
    g.big = 6


cdef inline void duel_deal(Duel *g, const int *dealt) noexcept nogil:
    """A fresh deal from the 36 cards by power in the dealt sequence (the rules' deal: seat 0
    takes positions 0, 2, .., 10, seat 1 the odd ones, 12 is the turn-up, the talon 13..35 and
    then the turn-up)."""
    cdef uint64_t h0 = 0, h1 = 0, t = 0
    cdef int k
    for k in range(6):
        h0 |= card_bit(dealt[2 * k])
        h1 |= card_bit(dealt[2 * k + 1])
    for k in range(22, -1, -1):
        t ^= card_bit(dealt[13 + k])
        g.tal[k] = t
    _duel_open(g, h0, h1, dealt[12])


cdef inline void duel_deal_rng(Duel *g, uint64_t *rng) noexcept nogil:
    """The fast deal: what shuffle_rng (core/deal.pxd) of the cards by power in the rules' card
    sequence, then duel_deal, give, advancing *rng as it does, in one pass.

    The shuffle (Fisher-Yates from the last position down, one splitmix64 word a step) fixes
    position i at its step i, so each card goes straight where the deal puts it (the talon's
    suffix table, the turn-up, a hand) and is never stored; the only array is the cards not
    yet placed. The steps' loops have constant bounds, for the compiler to unroll. About a
    sixth of a fast deal of rungs 2 and 3 is this dealing, hence the pass saved."""
    cdef unsigned char cards[36]
    cdef uint64_t z = rng[0], t = 0, h0 = 0, h1 = 0
    cdef int i, j, turnup
    memcpy(cards, KZ_PW_SEQUENCE, 36)
    for i in range(35, 12, -1):                    # the talon's face-down cards, from its bottom
        j = fast_below(&z, i + 1)
        t ^= card_bit(cards[j])
        cards[j] = cards[i]
        g.tal[i - 13] = t
    j = fast_below(&z, 13)                         # the turn-up
    turnup = cards[j]
    cards[j] = cards[12]
    for i in range(11, 2, -2):                     # the hands: odd positions seat 1, even seat 0
        j = fast_below(&z, i + 1)
        h1 |= card_bit(cards[j])
        cards[j] = cards[i]
        j = fast_below(&z, i)
        h0 |= card_bit(cards[j])
        cards[j] = cards[i - 1]
    j = fast_below(&z, 2)                          # positions 1 and 0: the last step
    h1 |= card_bit(cards[j])
    h0 |= card_bit(cards[1 - j])
    rng[0] = z
    _duel_open(g, h0, h1, turnup)


cdef inline void duel_from_state(Duel *g, const State *s) noexcept nogil:
    """The Duel of a freshly dealt State (its dealt sequence by power)."""
    cdef int dealt[36]
    cdef int k
    for k in range(36):
        dealt[k] = pw_card(s.order[k])
    duel_deal(g, dealt)


cdef inline void duel_from_bout(Duel *g, const State *s) noexcept nogil:
    """The Duel of a two-seat State between two bouts (no card on the table, the next bout's
    attacker to lead, the deal not over), whatever came before: rung 4's imagined deals enter
    the duel here once the bout their candidate move was played in has closed
    (rung4.pxd, r4_playout). Its ply and bouts are the State's, so that the moves the duel
    plays from here are g.moves - (s.ply - 2 * s.bouts) when it ends."""
    cdef int att = s.bout.attacker, k
    cdef uint64_t t
    g.A = pw_mask(s.hand[att])
    g.D = pw_mask(s.hand[1 - att])
    g.cA = s.count[att]
    g.cD = s.count[1 - att]
    g.attacker = att
    g.cap = g.cD if g.cD < 6 else 6
    g.big = g.cA if g.cA > g.cD else g.cD
    g.trump = s.trump
    g.trumps = pw_suit(s.trump)
    g.sixbit = card_bit(s.trump)
    g.turnup = pw_card(s.turnup)
    t = 0
    g.tal[23] = 0
    for k in range(22, -1, -1):
        t ^= card_bit(pw_card(s.order[s.tbase + k]))
        g.tal[k] = t
    g.tal[24] = card_bit(pw_card(s.talon_last))
    g.six_owner = s.six_owner
    g.swapped = s.swapped
    g.drawn = s.drawn
    g.heap = s.heap
    g.ply = s.ply
    g.moves = 0
    g.bouts = s.bouts
    g.outcome = OUT_NONE
    g.fool = -1


cdef inline void duel_into_state(const Duel *g, State *s) noexcept nogil:
    """Leave in s, dealt as the Duel was, what the general loop would have left there at the
    deal's end, as far as the ladder, play_seeded and the tests read it."""
    cdef int att = g.attacker
    s.hand[att] = pw_kozyr_mask(g.A)
    s.hand[1 - att] = pw_kozyr_mask(g.D)
    s.count[att] = g.cA
    s.count[1 - att] = g.cD
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


cdef int duel(Duel *g, int rung0, int rung1, const Player *p0, const Player *p1) noexcept nogil
cdef unsigned int duel_sha_word(const Player *pl, int ply) noexcept nogil
