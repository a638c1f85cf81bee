# The C-level contract of the durak engine, cimported by the ladder (and by
# anything else that plays deals in bulk). Everything here is plain C: a
# `State` struct of card masks and small ints, and `noexcept nogil` functions
# over it. The bots never see a State: they are handed a DView (_view.pxd).
#
# Typical bulk loop (GIL released, no events):
#
#     cdef State s
#     cdef int legal[MAX_LEGAL]
#     cdef uint64_t rng = seed
#     st_deal_rng(&s, &rng)
#     while st_turn(&s) >= 0:
#         n = st_legal(&s, legal)
#         st_apply(&s, st_turn(&s), legal[fast_below(&rng, n)], NULL)
#     # s.outcome, s.fool, s.moves, s.bouts, s.ply
#
# A State is a value: copy it with `t = s` (no pointers inside).
from libc.stdint cimport uint16_t, uint32_t, uint64_t

from kozyr.durak._view cimport DView

cdef enum:
    # event kinds; 0..5 are the move kinds (MV_* in _view.pxd), same numbers
    EV_ATTACK = 0
    EV_BEAT = 1
    EV_TAKE = 2
    EV_DONE = 3
    EV_SWAP = 4
    EV_RESIGN = 5
    EV_BOUT_END = 6
    EV_REFILL = 7
    EV_OUT = 8
    EV_GAME_END = 9
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
    uint64_t heap_cards     # the heap (the spec keeps a count; the engine knows the cards)
    unsigned char order[36] # the shuffled order as dealt, kozyr card ints
    signed char attack[6]   # attack cards of the bout, in the order played
    signed char beat[6]     # the card that beat attack[i], -1 while unanswered
    int trump               # trump suit 0..3
    int turnup              # the turn-up card (always known to the engine)
    int six                 # the trump six, 16*trump + 6
    int six_owner           # seat holding the exchange right, -1 if none
    int talon_last          # the talon's last card: the turn-up, or the six after the exchange
    int drawn               # talon cards drawn so far, 0..24; talon card k is
                            # order[13 + k] for k < 23, talon_last for k == 23
    int swapped             # 1 once the exchange has been made
    int heap                # heap count
    int attacker
    int defender
    int cap                 # min(6, defender's hand) fixed when the bout opened
    int natt                # attack cards on the table
    int nbeat               # answered attack cards: attack[nbeat] is the one to beat
    int taken               # the defender has taken the bout (phase pile_on)
    unsigned int ranks      # bit r set when a card of rank r is on the table
    int ply                 # events so far
    int moves               # moves applied by players (resign included)
    int bouts               # bouts closed
    int outcome             # OUT_* from _view.pxd, OUT_NONE while the deal runs
    int fool                # seat, or -1 (none yet, or a draw)

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

# -- dealing ---------------------------------------------------------------
# The spec's deal: SHA-256 word stream over seed32 + "deal:<number>:<k>",
# rejection Fisher-Yates from the reference order; number >= 1.
cdef void st_deal_seed(State *s, const unsigned char *seed32, unsigned int number) noexcept nogil
# Deal from 36 kozyr card ints in shuffled order (positions as the spec says).
# The caller guarantees 36 distinct durak cards.
cdef void st_deal_order(State *s, const int *order36) noexcept nogil
# Deal with the fast generator (splitmix64), advancing *rng. NOT
# reference-compatible: a quick source of varied deals for playouts.
cdef void st_deal_rng(State *s, uint64_t *rng) noexcept nogil
# splitmix64: the next 64-bit word of the stream whose state is *rng.
cdef uint64_t fast_next(uint64_t *rng) noexcept nogil
# A number in 0..n-1 from the fast stream (multiply-shift; n small).
cdef int fast_below(uint64_t *rng, int n) noexcept nogil

# -- the position ----------------------------------------------------------
cdef int st_turn(const State *s) noexcept nogil           # seat on turn, -1 when over
cdef int st_phase(const State *s) noexcept nogil          # PH_* from _view.pxd
cdef bint st_can_swap(const State *s, int seat) noexcept nogil  # owner, holds the six, turn-up in talon
cdef int st_talon(const State *s) noexcept nogil          # talon count, turn-up included
# Legal moves of the seat on turn in the reference order, as move codes
# (kind << 6 | card); returns the count (0 when over), at most MAX_LEGAL.
cdef int st_legal(const State *s, int *out) noexcept nogil
# What `seat` (0 or 1; not checked) may see, legal moves included when it is on turn.
cdef void st_view(const State *s, int seat, DView *v) noexcept nogil
# Apply `move` (a move code) for `seat`: 0 if applied (forced positions then
# resolve themselves), else 1 + the index of the refusal in types.CODES and
# nothing changes. The move's events are written to sink (sink.n = their
# count, 0 on a refusal); sink may be NULL and ply is counted either way.
# seat may be any int (not 0/1: not_your_turn); a negative move: not_legal.
cdef int st_apply(State *s, int seat, int move, Sink *sink) noexcept nogil


# The Python face. It keeps the State and the move log only; the event log is
# rebuilt on demand by replaying the moves from the dealt order (deterministic),
# which keeps a Game at a few hundred bytes.
cdef class Game:
    cdef State st
    cdef uint16_t *hist         # move log: seat << 9 | move code, malloc'd
    cdef int nhist
    cdef int hcap
    cdef int _reserve(self, int nhist) except -1
