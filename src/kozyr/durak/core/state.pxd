# The durak position as plain C data: the `State` struct, its table (`Table`), the
# packed events and the enumerations of events and bout endings. A State is a
# value: copy it with `t = s` (no pointers inside). The rules over it are in
# core/rules.pxd; the bots never see a State (they are handed a DView, core/view.pxd).
#
# One State for every table (2 to 6 seats, 24 to 52 cards, the options of
# kozyr.durak.Rules): the per-seat arrays hold MAX_SEATS entries, the first `n`
# of them the table's (the others stay empty). The two-seat game is the Table
# {2, 36, 0}, and everything the two-seat code ever read of a State (hand[0..1],
# count[0..1], the bout, order[13 + k] for the talon, talon_last, six, six_owner,
# drawn ...) means what it always has.
from libc.stdint cimport uint32_t, uint64_t

from kozyr.durak.core.view cimport BoutView

cdef enum:
    # event kinds; 0..7 are the move kinds (MV_* in core/view.pxd), same numbers
    EV_ATTACK = 0
    EV_BEAT = 1
    EV_TAKE = 2
    EV_DONE = 3
    EV_SWAP = 4
    EV_RESIGN = 5
    EV_TRANSFER = 6
    EV_SHOW = 7
    EV_BOUT_END = 8
    EV_REFILL = 9
    EV_OUT = 10
    EV_GAME_END = 11
    # bout endings, in the order of types.BOUT_ENDINGS
    HOW_DONE = 0
    HOW_TAKEN = 1
    HOW_EXHAUSTED = 2
    HOW_SPENT = 3
    HOW_CAPPED = 4
    # one st_apply writes at most: its own event, bout_end, refill, an out per seat, game_end
    MAX_EVENTS = 12
    # A harness's cap on one deal's moves (the ladder, random_playouts, the environments): far
    # above what play reaches (random play's longest in 28,000 variant deals: 511 moves; two-seat
    # deals end within a few hundred). A deal has no bound of its own at 3+ seats or in
    # perevodnoy (cards can circulate by takes once the talon is empty): the Game plays on, the
    # harnesses stop at this and count such deals apart.
    MAX_MOVES = 20000

cdef struct Table:
    # which durak a State plays: kozyr.durak.Rules as C (core/gameview.pyx converts)
    int seats             # 2 to 6
    int deck              # 24, 32, 36 or 52 (6 * seats <= deck)
    unsigned int opts     # OPT_* bits of core/view.pxd

cdef struct State:
    uint64_t hand[6]
    uint64_t known[6]       # the public memory: for each seat, every card all seats have seen go to
                            # its hand (picked up in a taken bout, the turn-up by the exchange, the
                            # talon's face-up last card, a trump shown, the turn-up dealt when six a
                            # seat use the deck up). known[s] & hand[s] is DView.known: a card leaves
                            # a hand only when played or swapped away, and every way back into a
                            # hand is one of those seen ways, so the cards of known[s] still in the
                            # hand are exactly those seen going there and not played since (and a
                            # move need not touch known)
    uint64_t declined[6]    # the public memory: for each seat, the plain attack cards it answered
                            # otherwise than in their suit (the card it was to beat when it took,
                            # or one it beat with a trump) since it last drew from the talon
                            # (rules.pxd: _play_take, _play_beat, _draw; the view shows them: what
                            # a seat's choices told of its hand)
    uint64_t bout_cards     # every card of the bout on the table, attack and beat
    uint64_t heap_cards     # the heap (the rules keep a count; the view shows the cards)
    uint64_t deckmask       # the deck's cards
    BoutView bout           # the bout as the view shows it, kept up to date move by move:
                            # leader, attacker, defender, cap (min(limit, defender's hand) fixed
                            # when the defender was assigned), size (attack cards on the table),
                            # taken (the defender has taken the bout: phase pile_on), to_beat (the
                            # oldest unanswered attack card, -1 if none), attack[i] and beat[i]
                            # (-1 while unanswered, and both -1 from size on), the throwers, the
                            # cards shown
    int nbeat               # answered attack cards: attack[nbeat] is the one to beat
    int p                   # in attack and pile_on, the seat on turn is bout.throwers[p]. It is also
                            # the rules' pass count: both start at 0 when a defender is assigned,
                            # when every card is answered and at a take, and only a pass moves
                            # either, so they are equal; the round is over when p reaches
                            # bout.nthrowers
    signed char count[6]    # hand sizes (at most 51: small, so that a State copies fast)
    unsigned int ranks      # bit r set when a card of rank r is on the table
    int trump               # trump suit 0..3
    int turnup              # the turn-up card (always known to the engine)
    int six                 # the low trump (the trump six with 36 cards): 16*trump + the low rank
    int six_owner           # seat holding the exchange right, -1 if none (always -1 with swap off)
    int talon_last          # the talon's last card: the turn-up, or the low trump after the exchange
    int drawn               # talon cards drawn so far, 0..tlen; talon card k is
                            # order[tbase + k] for k < tlen - 1, talon_last for k == tlen - 1
    int swapped             # 1 once the exchange has been made
    int heap                # heap count
    int ply                 # events so far
    int moves               # moves applied by players (resign included)
    int bouts               # bouts closed
    int outcome             # OUT_* from core/view.pxd, OUT_NONE while the deal runs
    int fool                # the losing seat when the losing team is one seat, or -1 (none yet,
                            # a draw, a team's loss)
    unsigned int losers     # the losing team's seats as bits
    # the table (set at the deal, never changed)
    int n                   # seats
    int deck_size           # cards in the deck: 24, 32, 36 or 52
    int low                 # the lowest rank: 15 - deck_size / 4
    unsigned int opts       # OPT_* bits
    int tbase               # 6n + 1: the first talon card's position in order (deck_size when the
                            # deal uses the deck up)
    int tlen                # talon cards at the deal, turn-up included: deck_size - 6n (0 when the
                            # deal uses the deck up)
    bint two_seat           # the two-seat game (Table {2, 36, 0}): its events keep the two-seat fields
    # seats out, in the order they went out
    unsigned int outmask
    int nout
    signed char outs[6]
    unsigned char order[52] # the shuffled order as dealt, kozyr card ints (deck entries)


# Events, packed in a uint32: kind in bits 0..3, then by kind (the one home of this layout:
# build and read events with the functions below)
#   attack/beat/swap:   seat << 4 | card << 8
#   transfer/show:      seat << 4 | card << 8 | to << 14
#   take/done/resign:   seat << 4
#   out:                seat << 4
#   bout_end:           taken << 4 | how << 5 | cards << 8 | heap << 16 | attacker << 24
#                       | defender << 27 | V << 31
#   refill:             drawn[s] << (4 + 3s) for s < 6 | talon << 22 | seats << 28
#   game_end:           outcome << 4 | (fool + 1) << 6 | losers << 9 | V << 31
# V is set at every table but the two-seat game, whose events carry no defender or losers
# (kozyr.durak.Event: they are a fixed function of its other fields there).
cdef struct Sink:
    int n                   # events written by the last st_apply (it sets n = 0 first)
    uint32_t ev[12]

cdef inline int ev_kind(uint32_t e) noexcept nogil:
    return e & 15

cdef inline int ev_seat(uint32_t e) noexcept nogil:
    return (e >> 4) & 15

cdef inline int ev_card(uint32_t e) noexcept nogil:
    return (e >> 8) & 63

cdef inline int ev_to(uint32_t e) noexcept nogil:
    return (e >> 14) & 7

cdef inline bint ev_taken(uint32_t e) noexcept nogil:
    return (e >> 4) & 1

cdef inline int ev_how(uint32_t e) noexcept nogil:
    return (e >> 5) & 7

cdef inline int ev_cards(uint32_t e) noexcept nogil:
    return (e >> 8) & 255

cdef inline int ev_heap(uint32_t e) noexcept nogil:
    return (e >> 16) & 255

cdef inline int ev_attacker(uint32_t e) noexcept nogil:
    return (e >> 24) & 7

cdef inline int ev_defender(uint32_t e) noexcept nogil:
    return (e >> 27) & 7

cdef inline bint ev_variant(uint32_t e) noexcept nogil:
    return e >> 31

cdef inline int ev_drawn(uint32_t e, int seat) noexcept nogil:
    return (e >> (4 + 3 * seat)) & 7

cdef inline int ev_talon(uint32_t e) noexcept nogil:
    return (e >> 22) & 63

cdef inline int ev_seats(uint32_t e) noexcept nogil:
    return (e >> 28) & 7

cdef inline int ev_outcome(uint32_t e) noexcept nogil:
    return (e >> 4) & 3

cdef inline int ev_fool(uint32_t e) noexcept nogil:
    return <int>((e >> 6) & 7) - 1

cdef inline unsigned int ev_losers(uint32_t e) noexcept nogil:
    return (e >> 9) & 63

cdef inline uint32_t ev_move(int kind, int seat, int card) noexcept nogil:
    return <uint32_t>kind | (<uint32_t>seat << 4) | (<uint32_t>card << 8)

cdef inline uint32_t ev_pass_on(int kind, int seat, int card, int to) noexcept nogil:
    return <uint32_t>kind | (<uint32_t>seat << 4) | (<uint32_t>card << 8) | (<uint32_t>to << 14)

cdef inline uint32_t ev_bout_end(bint taken, int how, int cards, int heap, int attacker, int defender,
                                 bint variant) noexcept nogil:
    return (<uint32_t>EV_BOUT_END | (<uint32_t>(taken != 0) << 4) | (<uint32_t>how << 5) | (<uint32_t>cards << 8)
            | (<uint32_t>heap << 16) | (<uint32_t>attacker << 24) | (<uint32_t>defender << 27)
            | (<uint32_t>(variant != 0) << 31))

cdef inline uint32_t ev_refill(const int *drawn, int seats, int talon) noexcept nogil:
    cdef uint32_t e = <uint32_t>EV_REFILL | (<uint32_t>talon << 22) | (<uint32_t>seats << 28)
    cdef int i
    for i in range(seats):
        e |= <uint32_t>drawn[i] << (4 + 3 * i)
    return e

cdef inline uint32_t ev_game_end(int outcome, int fool, unsigned int losers, bint variant) noexcept nogil:
    return (<uint32_t>EV_GAME_END | (<uint32_t>outcome << 4) | (<uint32_t>(fool + 1) << 6) | (<uint32_t>losers << 9)
            | (<uint32_t>(variant != 0) << 31))
