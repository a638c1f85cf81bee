# The one thing a bot is handed: a plain C struct of what its seat may see.
# Filled by the engine (_engine.st_view), read by search.pyx, which cimports
# this file and nothing of the engine.
from libc.stdint cimport uint64_t

from kozyr.cards cimport nth_card, popcount

cdef enum:
    # move kinds; a move is the int (kind << 6) | card, card 0 for card-less kinds
    MV_ATTACK = 0
    MV_BEAT = 1
    MV_TAKE = 2
    MV_DONE = 3
    MV_SWAP = 4
    MV_RESIGN = 5
    MV_TRANSFER = 6       # perevodnoy only
    MV_SHOW = 7           # perevodnoy with show_trump only
    # phases, in the order of types.PHASES
    PH_ATTACK = 0
    PH_DEFEND = 1
    PH_PILE_ON = 2
    PH_OVER = 3
    # outcomes: 0 while the deal runs
    OUT_NONE = 0
    OUT_FOOL = 1
    OUT_DRAW = 2
    OUT_RESIGN = 3
    MAX_LEGAL = 48
    MAX_BOUT = 6

cdef struct BoutView:
    int attacker
    int defender
    int cap
    int size              # attack cards on the table
    bint taken
    int to_beat           # oldest unanswered attack card, -1 if none
    int attack[6]         # attack cards in the order played
    int beat[6]           # the card that beat attack[i], -1 if unanswered

cdef struct Ask:
    # What rungs 1 to 3 read of a decision: the cards part of the on-turn seat's view.
    # The ladder builds it from its locals; best_move builds it from a DView.
    uint64_t hand         # the seat's own hand
    uint64_t cards        # the cards of its legal attack or beat moves, as a mask
    int trump             # trump suit 0..3
    bint defending        # a beat is asked for (the extra move is take), else an attack or
                          # a pile-on (the extra move is done)
    bint extra            # take (defending) or done (attacking) is legal
    bint swap             # the exchange is legal
    int talon             # talon count, turn-up included
    int size              # attack cards on the table


cdef struct DView:
    int seat
    int ply
    int phase
    int turn              # seat on turn, -1 when over
    int trump             # trump suit 0..3
    int turnup            # the turn-up while in the talon, else -1
    int talon             # talon count, turn-up included
    int heap
    uint64_t hand
    int count[2]
    bint can_swap
    int nlegal            # 0 when this seat is not on turn
    uint64_t legal_cards  # the cards of the attack/beat moves in legal, as a mask
    unsigned int legal_kinds  # bit k set when legal holds a move of kind k
    int legal[48]         # moves in the reference order
    bint over
    int outcome
    int fool              # seat, or -1
    BoutView bout


# A bot written in C or Cython: given the view of the seat on turn (full: the legal
# list included) and a 32-bit random word, answer a move code from v.legal (or -1
# for "no move"). `state` is the bot's own read-only data (its parameters), or NULL.
# Wrap such a function for the ladder with kozyr.durak.ladder.NativeBot (see
# examples/native_bot); it then plays inside the nogil loop.
ctypedef int (*bot_fn)(const DView *v, unsigned int word, const void *state) noexcept nogil


cdef inline int mv_kind(int move) noexcept nogil:
    return move >> 6


cdef inline int mv_card(int move) noexcept nogil:
    return move & 63


cdef inline int make_move(int kind, int card) noexcept nogil:
    return (kind << 6) | card


cdef inline int ask_count(const Ask *a) noexcept nogil:
    """The number of legal moves of a decision."""
    return popcount(a.cards) + (a.extra != 0) + (a.swap != 0)


cdef inline int ask_tail(const Ask *a, int j) noexcept nogil:
    """The move at index j of the legal list's card-less tail (after its card moves): take or
    done when legal, then swap."""
    if a.extra and j == 0:
        return (MV_TAKE if a.defending else MV_DONE) << 6
    return MV_SWAP << 6


cdef inline int ask_nth(const Ask *a, int k) noexcept nogil:
    """The k-th move (0 <= k < ask_count) of a decision's legal list, found without the list: the
    rules list the card moves in suit order (each suit from the ace down), then take or done,
    then swap."""
    cdef int ncard = popcount(a.cards)
    if k < ncard:
        return ((MV_BEAT if a.defending else MV_ATTACK) << 6) | nth_card(a.cards, k)
    return ask_tail(a, k - ncard)
