# The durak action space and observation for learning agents, in C: one seat's
# view (a DView, core/view.pxd), its public memory included (the heap's cards and
# the cards known to be in the other hands), written as a fixed-size float32 vector
# and a legal-action mask into caller-provided buffers.
#
# Two layouts, one per kind of table:
# - the two-seat 36-card podkidnoy tables (kozyr.durak.Rules() and its options
#   other than perevodnoy): 76 actions and 270 floats (enc_obs, enc_mask;
#   enc_table_ok says a view is of one), the numbers kozyr has always used;
# - every other table: the same parts generalised to the table's seats and deck,
#   with the transfer and show actions appended and the other seats' public
#   knowledge appended to the observation (enc_obs_t, enc_mask_t on an EncTable made
#   by enc_table from the view's table). encoding.py documents both layouts.
# Inline, so that the batched environment (vecenv.pyx) compiles it into its
# stepping loop. kozyr/durak/learn/encoding.py is the documented Python face and the
# plain-Python reference the tests compare this against; the layout below is
# defined there too and checked to agree (tests/durak/learn/test_encoding.py).
#
# It reads the view and nothing else: what a seat may not
# see cannot reach the observation.
from libc.stdint cimport uint8_t, uint64_t
from libc.string cimport memset

from kozyr.cards cimport deck_mask, pop_lowest
from kozyr.durak.core.view cimport (
    MV_ATTACK, MV_BEAT, MV_SHOW, MV_TRANSFER, OPT_PEREVODNOY, OPT_SHOW_TRUMP, PH_OVER, DView,
)

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



# -- every table but the two-seat game ----------------------------------------------------

cdef struct EncTable:
    # one table's layout (enc_table); the actions and the parts of the observation, in order
    int n                 # seats
    int deck              # cards in the deck (D)
    int low               # the lowest rank
    int per_suit          # D / 4
    unsigned int opts
    int n_actions         # 2D + 4, + D with transfers (perevodnoy), + D with shows (show_trump)
    int a_beat            # D: beat with card index i is D + i
    int a_take            # 2D: take, done, swap, resign follow
    int a_transfer        # 2D + 4
    int a_show            # 3D + 4
    int obs_size
    int o_hand, o_attack, o_beat, o_open, o_heap, o_known, o_turnup   # card planes (known: N - 1 planes)
    int o_trump, o_phase, o_role, o_on_turn, o_can_swap, o_counts     # counts: 5 + (N - 1)
    int o_shown, o_out, o_attacker, o_defender, o_leader, o_throwers, o_turn   # N each after shown (D)
    float talon_scale     # max(1, D - 6N): the talon at the deal
    float deck_scale      # D


cdef inline void enc_table(EncTable *t, int n, int deck, unsigned int opts) noexcept nogil:
    """The layout of the table (n seats, `deck` cards, OPT_* bits): see encoding.table_encoding."""
    cdef int o = 0
    t.n = n
    t.deck = deck
    t.low = 15 - deck // 4
    t.per_suit = deck // 4
    t.opts = opts
    t.a_beat = deck
    t.a_take = 2 * deck
    t.a_transfer = 2 * deck + 4
    t.a_show = 3 * deck + 4
    t.n_actions = 2 * deck + 4
    if opts & OPT_PEREVODNOY:
        t.n_actions += deck
        if opts & OPT_SHOW_TRUMP:
            t.n_actions += deck
    t.o_hand = o
    o += deck
    t.o_attack = o
    o += deck
    t.o_beat = o
    o += deck
    t.o_open = o
    o += deck
    t.o_heap = o
    o += deck
    t.o_known = o
    o += (n - 1) * deck
    t.o_turnup = o
    o += deck
    t.o_trump = o
    o += 4
    t.o_phase = o
    o += 4
    t.o_role = o
    o += 2
    t.o_on_turn = o
    o += 1
    t.o_can_swap = o
    o += 1
    t.o_counts = o
    o += 5 + n - 1
    t.o_shown = o
    o += deck
    t.o_out = o
    o += n
    t.o_attacker = o
    o += n
    t.o_defender = o
    o += n
    t.o_leader = o
    o += n
    t.o_throwers = o
    o += n
    t.o_turn = o
    o += n
    t.obs_size = o
    t.talon_scale = <float>(deck - 6 * n) if deck > 6 * n else 1.0
    t.deck_scale = <float>deck


cdef inline int card_index_t(const EncTable *t, int card) noexcept nogil:
    """suit * (D / 4) + rank - low: the deck's cards as 0 .. D - 1 (36 cards: card_index)."""
    return (card >> 4) * t.per_suit + (card & 15) - t.low


cdef inline int index_card_t(const EncTable *t, int i) noexcept nogil:
    return 16 * (i // t.per_suit) + i % t.per_suit + t.low


cdef inline int action_of_code_t(const EncTable *t, int move) noexcept nogil:
    """The action of a move code at this table."""
    cdef int kind = move >> 6
    if kind == MV_ATTACK:
        return card_index_t(t, move & 63)
    if kind == MV_BEAT:
        return t.a_beat + card_index_t(t, move & 63)
    if kind == MV_TRANSFER:
        return t.a_transfer + card_index_t(t, move & 63)
    if kind == MV_SHOW:
        return t.a_show + card_index_t(t, move & 63)
    return t.a_take + kind - 2


cdef inline int code_of_action_t(const EncTable *t, int a) noexcept nogil:
    """The move code of an action 0 .. n_actions - 1 (not checked)."""
    if a < t.a_beat:
        return (MV_ATTACK << 6) | index_card_t(t, a)
    if a < t.a_take:
        return (MV_BEAT << 6) | index_card_t(t, a - t.a_beat)
    if a < t.a_transfer:
        return (a - t.a_take + 2) << 6
    if a < t.a_show:
        return (MV_TRANSFER << 6) | index_card_t(t, a - t.a_transfer)
    return (MV_SHOW << 6) | index_card_t(t, a - t.a_show)


cdef inline void _plane_t(const EncTable *t, float *out, uint64_t m) noexcept nogil:
    while m:
        out[card_index_t(t, pop_lowest(&m))] = 1.0


cdef inline void enc_mask_t(const EncTable *t, const DView *v, uint8_t *mask) noexcept nogil:
    """mask[a] = 1 for the actions of the view's legal moves (t.n_actions entries)."""
    cdef int i
    memset(mask, 0, t.n_actions)
    for i in range(v.nlegal):
        mask[action_of_code_t(t, v.legal[i])] = 1


cdef inline int _rel(const EncTable *t, int me, int seat) noexcept nogil:
    """A seat relative to the observer: 0 itself, 1 the next clockwise, ..."""
    return (seat - me + t.n) % t.n


cdef inline void enc_obs_t(const EncTable *t, const DView *v, float *out) noexcept nogil:
    """Write the t.obs_size floats of the seat's observation at this table, from its view alone."""
    cdef int i, r, me = v.seat
    memset(out, 0, t.obs_size * sizeof(float))
    _plane_t(t, out + t.o_hand, v.hand)
    for i in range(v.bout.size):
        out[t.o_attack + card_index_t(t, v.bout.attack[i])] = 1.0
        if v.bout.beat[i] >= 0:
            out[t.o_beat + card_index_t(t, v.bout.beat[i])] = 1.0
        else:
            out[t.o_open + card_index_t(t, v.bout.attack[i])] = 1.0
    _plane_t(t, out + t.o_heap, v.heap_cards)
    for r in range(1, t.n):
        _plane_t(t, out + t.o_known + (r - 1) * t.deck, v.known[(me + r) % t.n])
    if v.turnup >= 0:
        out[t.o_turnup + card_index_t(t, v.turnup)] = 1.0
    out[t.o_trump + v.trump] = 1.0
    out[t.o_phase + v.phase] = 1.0
    if v.phase != PH_OVER:
        if v.bout.attacker == me:
            out[t.o_role] = 1.0
        elif v.bout.defender == me:
            out[t.o_role + 1] = 1.0
        out[t.o_attacker + _rel(t, me, v.bout.attacker)] = 1.0
        out[t.o_defender + _rel(t, me, v.bout.defender)] = 1.0
        out[t.o_leader + _rel(t, me, v.bout.leader)] = 1.0
        for i in range(v.bout.nthrowers):
            out[t.o_throwers + _rel(t, me, v.bout.throwers[i])] = 1.0
    if v.turn == me:
        out[t.o_on_turn] = 1.0
    if v.turn >= 0:
        out[t.o_turn + _rel(t, me, v.turn)] = 1.0
    if v.can_swap:
        out[t.o_can_swap] = 1.0
    out[t.o_counts] = v.talon / t.talon_scale
    out[t.o_counts + 1] = v.heap / t.deck_scale
    out[t.o_counts + 2] = v.count[me] / t.deck_scale
    for r in range(1, t.n):
        out[t.o_counts + 2 + r] = v.count[(me + r) % t.n] / t.deck_scale
    out[t.o_counts + 2 + t.n] = v.bout.cap / 6.0
    out[t.o_counts + 3 + t.n] = v.bout.size / 6.0
    _plane_t(t, out + t.o_shown, v.bout.shown)
    for i in range(v.nout):
        out[t.o_out + _rel(t, me, v.out[i])] = 1.0
