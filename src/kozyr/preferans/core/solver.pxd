# The C-level contract of the preferans double-dummy solver, cimported by bots and analysis that
# solve many worlds in nogil threads. One DDContext per thread: it owns its transposition table
# and nothing in the search touches a global.
#
# A position: three hands (64-bit card masks, card = 16*suit + rank, ranks 7..14), indexed by the
# three active seats in play order (index i+1 mod 3 plays after i); the trick in progress (the
# leader and 0-2 cards); the trump suit (0..3) or DD_NO_TRUMP. One seat is "counted"; `maximize`
# says whether the counted seat wants many tricks (a contract's declarer; the two others then
# minimise together) or few (a misere's declarer, or a raspasy seat; the two others then maximise
# its count together).
from libc.stdint cimport uint64_t, uint32_t, uint16_t, int8_t, uint8_t

cdef enum:
    DD_NO_TRUMP = -1

ctypedef struct DDEntry:
    uint64_t lkey     # every hand's length in every suit, the leader, each suit's top owner
    uint64_t pattern  # the owners of the cards that mattered, as in the shape key
    uint64_t mask     # which shape-key bits the pattern fixes: each suit's cards from the top down
                      # to the lowest one whose rank decided a trick; the rest are small cards
    uint16_t gen      # the rules generation it was stored in (other generations read as empty)
    uint8_t stamp     # the solve it was last touched in (low 8 bits): older ones are replaced first
    uint8_t depth     # tricks left in the position
    int8_t lb         # the counted seat's tricks from this trick on: lb <= value <= ub
    int8_t ub
    uint8_t best      # the best lead found, relative: 16*suit + cards of that suit above it
    uint8_t pad

ctypedef struct DDContext:
    uint64_t hand[3]
    int counted
    int maximize
    int trump
    int leader        # the seat that led (or leads) the trick in progress
    int nplayed       # cards on the table, 0..2
    int tcard[3]      # the trick's cards in play order: tcard[i] came from seat (leader + i) % 3
    DDEntry *table
    uint64_t tmask    # entries - 1
    uint32_t gen      # the rules generation (bumped when trump, counted seat or kind change)
    int stamp         # the solve counter (low 8 bits)
    int cfg_trump     # the rules the table's entries were computed under
    int cfg_counted
    int cfg_maximize
    long long nodes
    int last_value    # the last answer of dd_value and its tricks left: the next one's first guess
    int last_rem      # (neighbouring worlds of one problem have close values); -1 when none
    int ntalon        # raspasy with the talon in use: talon cards still to lead tricks (0..2); when
                      # > 0, talon[0] leads the trick in progress, whose plays are tcard[0..nplayed)
    int talon[2]
    int talon_winner  # 1: a talon trick's winner plays first to the next trick ("winner"); 0: the
                      # same seat plays first to both talon tricks and leads trick 3 ("first_hand")

# 0 on success, -1 when the table cannot be allocated. 2**log2_entries entries of 32 bytes.
cdef int dd_init(DDContext *ctx, int log2_entries) noexcept nogil
cdef void dd_free(DDContext *ctx) noexcept nogil
# Set the position (no trick in progress; `leader` leads) and the rules; keeps the table's entries
# when the rules are unchanged (they are exact bounds of position shapes, valid across deals).
cdef void dd_set(DDContext *ctx, uint64_t h0, uint64_t h1, uint64_t h2, int leader, int trump,
                 int counted, int maximize) noexcept nogil
# Put a card of the seat on turn on the table (checked by the caller; completes no trick: at most
# two cards may be put).
cdef void dd_put(DDContext *ctx, int card) noexcept nogil
# The seat on turn.
cdef int dd_to_play(const DDContext *ctx) noexcept nogil
# The counted seat's tricks from the trick in progress to the end, with best play.
cdef int dd_value(DDContext *ctx) noexcept nogil
# Raspasy with the talon in use: after dd_set (and dd_put of the plays so far), the trick in progress
# is led by talon card t0 and, when nt == 2, the next one by t1 (dd_put then puts plays to it).
cdef void dd_set_talon(DDContext *ctx, int nt, int t0, int t1, int winner_rule) noexcept nogil
# Every split of `pool` between the two hands other than hands[fixed_at] (which holds `fixed`), in
# lexicographic order of the cards hands[fixed_at + 1] gets, from rank `start` to `stop`: each split
# solved from `leader`'s lead, hist[v] counting the splits worth v. Returns how many were solved.
cdef long long dd_layouts(DDContext *ctx, uint64_t fixed, int fixed_at, uint64_t pool, int leader, int trump,
                          int counted, int maximize, long long start, long long stop,
                          long long *hist) noexcept nogil
# The legal cards of the seat on turn (ascending) and the value of each, as dd_value would give
# after that card; returns how many (at most 10).
cdef int dd_move_values(DDContext *ctx, int *cards, int *values) noexcept nogil
