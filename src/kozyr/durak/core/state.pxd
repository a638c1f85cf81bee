# The durak position as plain C data: the `State` struct, the packed events
# and the enumerations of events and bout endings. A State is a value: copy it
# with `t = s` (no pointers inside). The rules over it are in core/rules.pxd; the
# bots never see a State (they are handed a DView, core/view.pxd).
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
    # one st_apply writes at most: its own event, bout_end, refill, out, out, game_end
    MAX_EVENTS = 8

cdef struct State:
    uint64_t hand[2]
    uint64_t table          # every card on the table, attack and beat
    uint64_t heap_cards     # the heap (the rules keep a count; the engine knows the cards)
    BoutView bout           # the bout as the view shows it, kept up to date move by move:
                            # attacker, defender, cap (min(6, defender's hand) fixed when the
                            # bout opened), size (attack cards on the table), taken (the
                            # defender has taken the bout: phase pile_on), to_beat (the
                            # oldest unanswered attack card, -1 if none), attack[i] and
                            # beat[i] (-1 while unanswered, and both -1 from size on)
    int nbeat               # answered attack cards: attack[nbeat] is the one to beat
    int count[2]            # hand sizes
    unsigned int ranks      # bit r set when a card of rank r is on the table
    int trump               # trump suit 0..3
    int turnup              # the turn-up card (always known to the engine)
    int six                 # the trump six, 16*trump + 6
    int six_owner           # seat holding the exchange right, -1 if none
    int talon_last          # the talon's last card: the turn-up, or the six after the exchange
    int drawn               # talon cards drawn so far, 0..24; talon card k is
                            # order[13 + k] for k < 23, talon_last for k == 23
    int swapped             # 1 once the exchange has been made
    int heap                # heap count
    int ply                 # events so far
    int moves               # moves applied by players (resign included)
    int bouts               # bouts closed
    int outcome             # OUT_* from core/view.pxd, OUT_NONE while the deal runs
    int fool                # seat, or -1 (none yet, or a draw)
    unsigned char order[36] # the shuffled order as dealt, kozyr card ints

# Events, packed in a uint32: kind in bits 0..3, then by kind
#   attack/beat/swap:  seat << 4 | card << 8
#   take/done/resign:  seat << 4
#   bout_end:          taken << 4 | how << 5 | cards << 8 | heap << 16 | attacker << 24
#   refill:            drawn[0] << 4 | drawn[1] << 8 | talon << 16
#   out:               seat << 4
#   game_end:          outcome << 4 | (fool + 1) << 8
cdef struct Sink:
    int n                   # events written by the last st_apply (it sets n = 0 first)
    uint32_t ev[8]

cdef inline int ev_kind(uint32_t e) noexcept nogil:
    return e & 15
