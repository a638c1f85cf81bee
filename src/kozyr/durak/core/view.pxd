# The one thing a bot is handed: a plain C struct of what its seat may see.
# Filled by the engine (st_view in core/rules.pxd), read by the bots (rungs.pxd,
# rung4.pxd) and by native bots (kozyr.durak.native), which cimport this file and
# nothing of the engine.
#
# One struct for every table (2 to 6 seats, 24 to 52 cards, podkidnoy or
# perevodnoy): the per-seat arrays hold MAX_SEATS entries, of which the first
# `nseats` are the table's. In the two-seat game (kozyr.durak.Rules()) nseats is
# 2, deck_size 36, opts 0, and every field means what it always has.
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
    N_KINDS = 8           # move codes are below N_KINDS << 6
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
    # a legal list holds at most: every card of a hand of 51 as a beat, three transfers, a show,
    # take and swap (52 cards, one on the table)
    MAX_LEGAL = 64
    MAX_BOUT = 6
    MAX_SEATS = 6
    # the options of a table other than seats and deck, as bits of `opts` (0: the two-seat game's);
    # kozyr.durak.Rules is their Python face (kozyr.durak.core.gameview converts)
    OPT_PEREVODNOY = 1    # variant perevodnoy: transfer (and show, with OPT_SHOW_TRUMP)
    OPT_NEIGHBOURS = 2    # throw_in neighbours: only the defender's neighbours throw in besides the attacker
    OPT_SHOW_TRUMP = 4    # show_trump on
    OPT_FIRST_FIVE = 8    # first_five on: at most five cards a bout while the heap is empty
    OPT_NO_SWAP = 16      # swap off: no low-trump exchange
    OPT_NO_DRAW = 32      # draw off: when the last cards go at once, the last defender's team loses
    OPT_TEAMS = 64        # teams on: seat s plays for team s % 2

cdef struct BoutView:
    int attacker
    int defender
    int cap               # min(limit, defender's hand) when the defender was assigned
    int size              # attack cards on the table
    bint taken
    int to_beat           # oldest unanswered attack card, -1 if none
    int attack[6]         # attack cards in the order played
    int beat[6]           # the card that beat attack[i], -1 if unanswered
    int leader            # the seat that opened the bout (a transfer does not change it)
    int nthrowers         # throwers[0 .. nthrowers): the attacker first, then the others clockwise
    int throwers[6]
    uint64_t shown        # the trumps shown in this bout (perevodnoy with show_trump)

cdef struct Ask:
    # What rungs 1 to 3 read of a decision: the cards part of the on-turn seat's view
    # (attacks or beats; a perevodnoy table's transfers and shows are not in it).
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


cdef struct TableAsk:
    # What rungs 2 and 3 read at a table other than the two-seat game, beside the decision's Ask
    # (st_table_ask builds it from a State, rungs.table_ask_of from a DView): the ranks in play,
    # whether the seat on turn throws in without being the attacker, and a perevodnoy defender's
    # transfers and shows.
    int low               # the lowest rank in play: 9, 7, 6 or 2 (24, 32, 36, 52 cards)
    bint thrower          # not defending, and not the bout's attacker: a throw-in from another seat
    uint64_t transfers    # defending: the cards of its legal transfers
    uint64_t shows        # defending: the trumps of its legal shows


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
    int count[6]          # every seat's hand count (nseats entries)
    bint can_swap
    int nlegal            # 0 when this seat is not on turn
    uint64_t legal_cards  # the cards of the attack/beat moves in legal, as a mask (not transfers, shows)
    unsigned int legal_kinds  # bit k set when legal holds a move of kind k
    int legal[64]         # moves in the reference order
    bint over
    int outcome
    int fool              # the losing seat when the losing team is one seat, or -1
    unsigned int losers   # the losing team's seats as bits (0 while the deal runs, and for a draw)
    BoutView bout
    # the table
    int nseats            # 2 to 6
    int deck_size         # 24, 32, 36 or 52 cards: ranks from 15 - deck_size / 4 up to the ace
    unsigned int opts     # OPT_* bits
    int nout              # out[0 .. nout): the seats that are out, in the order they went out
    int out[6]
    # the seat's public memory: what every seat has seen of the deal, from its public events
    uint64_t heap_cards   # the cards beaten off to the heap
    uint64_t known[6]     # for each seat, the cards of its hand everyone has seen go there (picked up
                          # in a taken bout, the turn-up taken by the exchange, the talon's face-up last
                          # card drawn, a trump shown, the turn-up dealt when six a seat use the deck
                          # up) and that it has not played since
    int bottom            # the talon's last card while the talon holds it (the turn-up, or the low
                          # trump after the exchange), else -1
    uint64_t unseen       # the deck's cards this seat has not seen: none of its hand, the heap, the
                          # table, another seat's known, the bottom card
    uint64_t declined[6]  # for each seat, the plain attack cards it answered otherwise than in
                          # their suit (the card it was to beat when it took, or one it beat with
                          # a trump) since it last drew from the talon: most players would have
                          # beaten them in suit had they a card for it


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
