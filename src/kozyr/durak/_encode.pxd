# The durak action space and observation for learning agents, in C: one seat's
# view (a DView, core/view.pxd), its public memory included (the heap's cards and
# the cards known to be in the other hand, heap_cards and known[other]), written as
# a fixed-size float32 vector and a 76-entry legal-action mask into caller-provided
# buffers (enc_obs, enc_mask). The view is the two-seat table's (nseats 2, 36 cards, no
# transfer: the 76 actions have no transfer or show); enc_table_ok says so.
# Inline, so that the batched environment (vecenv.pyx) compiles it into its
# stepping loop. kozyr/durak/encoding.py is the documented Python face and the
# plain-Python reference the tests compare this against; the layout below is
# defined there too and checked to agree (tests/durak/test_encoding.py).
#
# It reads the view and nothing else: what a seat may not
# see cannot reach the observation.
from libc.stdint cimport uint8_t, uint64_t
from libc.string cimport memset

from kozyr.cards cimport pop_lowest
from kozyr.durak.core.view cimport MV_ATTACK, MV_BEAT, OPT_PEREVODNOY, PH_OVER, DView

cdef enum:
    N_ACTIONS = 76
    A_ATTACK = 0          # + card index: attack with that card
    A_BEAT = 36           # + card index: beat with that card
    A_TAKE = 72
    A_DONE = 73
    A_SWAP = 74
    A_RESIGN = 75
    # the observation: seven 36-card planes, then the one-hots and the counts
    O_HAND = 0
    O_ATTACK = 36         # attack cards on the table
    O_BEAT = 72           # beating cards on the table
    O_OPEN = 108          # attack cards not yet beaten
    O_HEAP = 144          # the heap's cards (memory)
    O_KNOWN = 180         # cards known to be in the other hand (memory)
    O_TURNUP = 216        # the turn-up while it is in the talon
    O_TRUMP = 252         # 4: the trump suit
    O_PHASE = 256         # 4: attack, defend, pile_on, over
    O_ROLE = 260          # 2: this seat attacks, this seat defends
    O_ON_TURN = 262       # 1: this seat is on turn
    O_CAN_SWAP = 263      # 1: this seat may exchange the trump six
    O_COUNTS = 264        # 6: talon/24, heap/36, own hand/36, other hand/36, bout cap/6, bout size/6
    OBS_SIZE = 270


cdef inline int card_index(int card) noexcept nogil:
    """suit * 9 + rank - 6: the 36 durak cards as 0..35."""
    return (card >> 4) * 9 + (card & 15) - 6


cdef inline int index_card(int i) noexcept nogil:
    return 16 * (i // 9) + i % 9 + 6


cdef inline int action_of_code(int move) noexcept nogil:
    """The action of a move code (kind << 6 | card)."""
    cdef int kind = move >> 6
    if kind == MV_ATTACK:
        return A_ATTACK + card_index(move & 63)
    if kind == MV_BEAT:
        return A_BEAT + card_index(move & 63)
    return A_TAKE + kind - 2


cdef inline int code_of_action(int a) noexcept nogil:
    """The move code of an action 0..75 (not checked)."""
    if a < A_BEAT:
        return (MV_ATTACK << 6) | index_card(a)
    if a < A_TAKE:
        return (MV_BEAT << 6) | index_card(a - A_BEAT)
    return (a - A_TAKE + 2) << 6


cdef inline void _plane(float *out, uint64_t m) noexcept nogil:
    while m:
        out[card_index(pop_lowest(&m))] = 1.0


cdef inline void enc_mask(const DView *v, uint8_t *mask) noexcept nogil:
    """mask[a] = 1 for the actions of the view's legal moves (none unless the seat is on turn)."""
    cdef int i
    memset(mask, 0, N_ACTIONS)
    for i in range(v.nlegal):
        mask[action_of_code(v.legal[i])] = 1


cdef inline void enc_obs(const DView *v, float *out) noexcept nogil:
    """Write the OBS_SIZE floats of the seat's observation, from its view alone: the view's public
    memory gives the heap's cards and the cards known to be in the other hand (enc_table_ok holds)."""
    cdef int i, me = v.seat
    memset(out, 0, OBS_SIZE * sizeof(float))
    _plane(out + O_HAND, v.hand)
    for i in range(v.bout.size):
        out[O_ATTACK + card_index(v.bout.attack[i])] = 1.0
        if v.bout.beat[i] >= 0:
            out[O_BEAT + card_index(v.bout.beat[i])] = 1.0
        else:
            out[O_OPEN + card_index(v.bout.attack[i])] = 1.0
    _plane(out + O_HEAP, v.heap_cards)
    _plane(out + O_KNOWN, v.known[1 - me])
    if v.turnup >= 0:
        out[O_TURNUP + card_index(v.turnup)] = 1.0
    out[O_TRUMP + v.trump] = 1.0
    out[O_PHASE + v.phase] = 1.0
    if v.phase != PH_OVER:
        if v.bout.attacker == me:
            out[O_ROLE] = 1.0
        else:
            out[O_ROLE + 1] = 1.0
    if v.turn == me:
        out[O_ON_TURN] = 1.0
    if v.can_swap:
        out[O_CAN_SWAP] = 1.0
    out[O_COUNTS] = v.talon / 24.0
    out[O_COUNTS + 1] = v.heap / 36.0
    out[O_COUNTS + 2] = v.count[me] / 36.0
    out[O_COUNTS + 3] = v.count[1 - me] / 36.0
    out[O_COUNTS + 4] = v.bout.cap / 6.0
    out[O_COUNTS + 5] = v.bout.size / 6.0


cdef inline bint enc_table_ok(const DView *v) noexcept nogil:
    """The view is of a table the encoding speaks: two seats, 36 cards, no transfers."""
    return v.nseats == 2 and v.deck_size == 36 and not (v.opts & OPT_PEREVODNOY)

