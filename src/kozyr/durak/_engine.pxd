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
from libc.stdint cimport uint8_t, uint16_t, uint32_t, uint64_t

from libc.string cimport memcpy, memset

from kozyr.cards cimport above, card_bit, highest_card, suit_mask
from kozyr.durak._view cimport (
    MAX_LEGAL, MV_ATTACK, MV_BEAT, MV_DONE, MV_SWAP, MV_TAKE, OUT_DRAW, OUT_FOOL, OUT_NONE,
    PH_ATTACK, PH_DEFEND, PH_OVER, PH_PILE_ON, BoutView, DView,
)

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
    int outcome             # OUT_* from _view.pxd, OUT_NONE while the deal runs
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

# -- SHA-256 of short messages (see _sha256.h: SHA-NI when the CPU has it) ---
cdef extern from "_sha256.h":
    void kz_sha256_short(const uint8_t *data, size_t len, uint32_t *h) noexcept nogil
    void kz_sha256_any(const uint8_t *data, size_t len, uint8_t *out) noexcept nogil
    int kz_sha_ni_used() noexcept nogil          # 1 when this module compresses with SHA-NI
    void kz_sha_ni_allow(int on) noexcept nogil  # test hook: 0 forces the portable code


cdef inline int put_uint(unsigned char *out, unsigned long long x) noexcept nogil:
    """Write x in decimal at out; the number of digits."""
    cdef unsigned char digits[24]
    cdef int n = 0, j
    while True:
        digits[n] = <unsigned char>(48 + x % 10)
        n += 1
        x //= 10
        if x == 0:
            break
    for j in range(n):
        out[j] = digits[n - 1 - j]
    return n


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
# The hot kernels are inline here, so that a bulk loop that cimports this file
# (the ladder) compiles them into its own body: no call across modules per
# decision. _engine.pyx uses the same code.
cdef int st_phase(const State *s) noexcept nogil          # PH_* from _view.pxd
cdef bint st_can_swap(const State *s, int seat) noexcept nogil  # owner, holds the six, turn-up in talon
cdef int st_talon(const State *s) noexcept nogil          # talon count, turn-up included
# Apply `move` (a move code) for `seat`: 0 if applied (forced positions then
# resolve themselves), else 1 + the index of the refusal in types.CODES and
# nothing changes. The move's events are written to sink (sink.n = their
# count, 0 on a refusal); sink may be NULL and ply is counted either way.
# seat may be any int (not 0/1: not_your_turn); a negative move: not_legal.
cdef int st_apply(State *s, int seat, int move, Sink *sink) noexcept nogil


cdef inline int st_turn(const State *s) noexcept nogil:
    """The seat on turn, -1 when over."""
    if s.outcome != OUT_NONE:
        return -1
    if not s.bout.taken and s.nbeat < s.bout.size:
        return s.bout.defender
    return s.bout.attacker


cdef inline int _phase(const State *s) noexcept nogil:
    if s.outcome != OUT_NONE:
        return PH_OVER
    if s.bout.taken:
        return PH_PILE_ON
    if s.nbeat < s.bout.size:
        return PH_DEFEND
    return PH_ATTACK


cdef inline bint _can_swap(const State *s, int seat) noexcept nogil:
    return (s.six_owner == seat and (s.hand[seat] >> s.six) & 1
            and s.drawn < 24 and not s.swapped)


cdef inline uint64_t _attack_mask(const State *s) noexcept nogil:
    """The attacker's legal attack cards (attack or pile_on)."""
    if s.bout.size >= s.bout.cap:
        return 0
    if s.bout.size == 0:
        return s.hand[s.bout.attacker]
    # ranks (bits 0..15) times one bit per lane: every card of those ranks
    return s.hand[s.bout.attacker] & (<uint64_t>s.ranks * 0x0001000100010001ULL)


cdef inline uint64_t _beaters(const State *s, int a) noexcept nogil:
    """Every card that beats card a."""
    if (a >> 4) == s.trump:
        return above(a)
    return above(a) | suit_mask(s.trump)


cdef inline uint64_t _beat_mask(const State *s) noexcept nogil:
    """The defender's beating cards for the oldest unanswered attack card (defend)."""
    return s.hand[s.bout.defender] & _beaters(s, s.bout.to_beat)


cdef inline int _talon_card(const State *s, int k) noexcept nogil:
    return s.order[13 + k] if k < 23 else s.talon_last


cdef inline uint64_t lanes_reversed(uint64_t m) noexcept nogil:
    """Suit lane s moved to lane 3 - s: the reference order is then highest bit first
    (spades' ace first), and bit b is card b ^ 48."""
    m = (m << 32) | (m >> 32)
    return ((m & 0x0000FFFF0000FFFFULL) << 16) | ((m >> 16) & 0x0000FFFF0000FFFFULL)


cdef inline int _cards_in_ref_order(uint64_t m, int kind, int *out) noexcept nogil:
    """Write kind << 6 | card for the cards of m (suits 0..3, each ace down to six); the count."""
    cdef uint64_t r = lanes_reversed(m)
    cdef int z, n = 0
    # z leading zeros of r: its highest bit is 63 - z, which is card (63 - z) ^ 48 = z ^ 15
    kind = (kind << 6) ^ 15
    while r:
        z = 63 - highest_card(r)
        r ^= 0x8000000000000000ULL >> z
        out[n] = kind ^ z
        n += 1
    return n


cdef inline int _legal(const State *s, int *out, uint64_t *cards, unsigned int *kinds) noexcept nogil:
    """The legal list of the seat on turn of a running deal; its card moves' cards and
    the kinds present as masks."""
    cdef int n = 0
    cdef uint64_t m
    cdef unsigned int k = 0
    cdef bint sw
    if not s.bout.taken and s.nbeat < s.bout.size:
        m = _beat_mask(s)
        sw = _can_swap(s, s.bout.defender)
        if m:
            n = _cards_in_ref_order(m, MV_BEAT, out)
            k = (1u << MV_BEAT) | (1u << MV_TAKE)
            out[n] = MV_TAKE << 6
            n += 1
        elif sw:
            k = 1u << MV_TAKE
            out[0] = MV_TAKE << 6
            n = 1
    else:
        m = _attack_mask(s)
        sw = _can_swap(s, s.bout.attacker)
        if m:
            n = _cards_in_ref_order(m, MV_ATTACK, out)
            k = 1u << MV_ATTACK
        if s.bout.size > 0 and (m or sw):
            k |= 1u << MV_DONE
            out[n] = MV_DONE << 6
            n += 1
    if sw:
        k |= 1u << MV_SWAP
        out[n] = MV_SWAP << 6
        n += 1
    cards[0] = m
    kinds[0] = k
    return n


cdef inline int st_legal(const State *s, int *out) noexcept nogil:
    """Legal moves of the seat on turn in the reference order, as move codes
    (kind << 6 | card); the count (0 when over), at most MAX_LEGAL."""
    cdef uint64_t cards
    cdef unsigned int kinds
    if s.outcome != OUT_NONE:
        return 0
    return _legal(s, out, &cards, &kinds)


cdef inline void _view_common(const State *s, int seat, DView *v) noexcept nogil:
    """Every field of seat's view but phase, turn and the legal moves."""
    v.seat = seat
    v.ply = s.ply
    v.trump = s.trump
    v.turnup = s.turnup if (s.drawn < 24 and not s.swapped) else -1
    v.talon = 24 - s.drawn
    v.heap = s.heap
    v.hand = s.hand[seat]
    v.count[0] = s.count[0]
    v.count[1] = s.count[1]
    v.can_swap = _can_swap(s, seat)
    v.over = s.outcome != OUT_NONE
    v.outcome = s.outcome
    v.fool = s.fool
    memcpy(&v.bout, &s.bout, sizeof(BoutView))   # a struct assignment goes through a stack temporary


cdef inline void st_view_turn(const State *s, DView *v) noexcept nogil:
    """The view of the seat on turn of a running deal (the deal must be running)."""
    cdef int t = st_turn(s)
    _view_common(s, t, v)
    v.turn = t
    v.phase = PH_PILE_ON if s.bout.taken else (PH_DEFEND if s.nbeat < s.bout.size else PH_ATTACK)
    v.nlegal = _legal(s, v.legal, &v.legal_cards, &v.legal_kinds)


cdef inline void st_view(const State *s, int seat, DView *v) noexcept nogil:
    """What `seat` (0 or 1; not checked) may see, legal moves included when it is on turn."""
    _view_common(s, seat, v)
    v.turn = st_turn(s)
    v.phase = _phase(s)
    if v.turn == seat:
        v.nlegal = _legal(s, v.legal, &v.legal_cards, &v.legal_kinds)
    else:
        v.nlegal = 0
        v.legal_cards = 0
        v.legal_kinds = 0


# -- moving ------------------------------------------------------------------
cdef inline void emit(State *s, Sink *sink, uint32_t e) noexcept nogil:
    s.ply += 1
    if sink != NULL:
        sink.ev[sink.n] = e
        sink.n += 1


cdef inline int _draw(State *s, int seat) noexcept nogil:
    """Draw seat's hand up to six from the talon; the number drawn."""
    cdef int k = 6 - s.count[seat]
    cdef int j, end
    cdef uint64_t m = 0
    if k > 24 - s.drawn:
        k = 24 - s.drawn
    if k <= 0:
        return 0
    end = s.drawn + k
    if end == 24:
        m = card_bit(s.talon_last)
        end = 23
    for j in range(s.drawn, end):
        m |= card_bit(s.order[13 + j])
    s.drawn += k
    s.hand[seat] |= m
    s.count[seat] += k
    if m & card_bit(s.six):
        s.six_owner = seat
    return k


cdef inline void _close_bout(State *s, int how, Sink *sink) noexcept nogil:
    """Close the bout `how` (HOW_*): bout_end, refill, then the end check or the next bout."""
    cdef int ncards = s.bout.size + s.nbeat
    cdef int att = s.bout.attacker, dfd = s.bout.defender, nxt, d0, d1
    cdef bint e0, e1
    if s.bout.taken:
        s.hand[dfd] |= s.table
        s.count[dfd] += ncards
        if (s.table >> s.six) & 1 and s.six_owner == att:
            s.six_owner = -1
        nxt = att
    else:
        s.heap_cards |= s.table
        s.heap += ncards
        nxt = dfd
    emit(s, sink, <uint32_t>EV_BOUT_END | (<uint32_t>(s.bout.taken != 0) << 4) | (<uint32_t>how << 5)
         | (<uint32_t>ncards << 8) | (<uint32_t>s.heap << 16) | (<uint32_t>nxt << 24))
    s.bouts += 1
    s.table = 0
    s.ranks = 0
    memset(s.bout.attack, 0xFF, sizeof(s.bout.attack))
    memset(s.bout.beat, 0xFF, sizeof(s.bout.beat))
    s.bout.size = 0
    s.bout.to_beat = -1
    s.nbeat = 0
    s.bout.taken = 0
    # refill: the attacker of the closed bout first
    if att == 0:
        d0 = _draw(s, 0)
        d1 = _draw(s, 1)
    else:
        d1 = _draw(s, 1)
        d0 = _draw(s, 0)
    emit(s, sink, <uint32_t>EV_REFILL | (<uint32_t>d0 << 4) | (<uint32_t>d1 << 8)
         | (<uint32_t>(24 - s.drawn) << 16))
    s.bout.attacker = nxt
    s.bout.defender = 1 - nxt
    s.bout.cap = s.count[1 - nxt] if s.count[1 - nxt] < 6 else 6
    if s.drawn == 24:
        e0 = s.count[0] == 0
        e1 = s.count[1] == 0
        if e0 or e1:
            if e0:
                emit(s, sink, <uint32_t>EV_OUT | (0 << 4))
            if e1:
                emit(s, sink, <uint32_t>EV_OUT | (1 << 4))
            if e0 and e1:
                s.outcome = OUT_DRAW
                s.fool = -1
            else:
                s.outcome = OUT_FOOL
                s.fool = 1 if e0 else 0
            emit(s, sink, <uint32_t>EV_GAME_END | (<uint32_t>s.outcome << 4) | (<uint32_t>(s.fool + 1) << 8))


cdef inline void _advance(State *s, Sink *sink) noexcept nogil:
    """Resolve forced positions until a seat has a real choice or the deal is over."""
    while s.outcome == OUT_NONE:
        if s.bout.taken:
            if s.bout.size >= s.bout.cap or (_attack_mask(s) == 0 and not _can_swap(s, s.bout.attacker)):
                _close_bout(s, HOW_TAKEN, sink)
                continue
            return
        if s.nbeat < s.bout.size:
            if _beat_mask(s) == 0 and not _can_swap(s, s.bout.defender):
                s.bout.taken = 1          # the automatic take: no event
                continue
            return
        if s.bout.size > 0:
            if s.hand[s.bout.defender] == 0:
                _close_bout(s, HOW_SPENT, sink)
                continue
            if s.bout.size >= s.bout.cap:
                _close_bout(s, HOW_CAPPED, sink)
                continue
            if _attack_mask(s) == 0 and not _can_swap(s, s.bout.attacker):
                _close_bout(s, HOW_EXHAUSTED, sink)
                continue
        return


cdef inline void _play_attack(State *s, int card) noexcept nogil:
    cdef uint64_t b = card_bit(card)
    cdef int att = s.bout.attacker
    s.hand[att] &= ~b
    s.count[att] -= 1
    s.table |= b
    s.ranks |= 1u << (card & 15)
    s.bout.attack[s.bout.size] = card
    s.bout.size += 1
    s.bout.to_beat = s.bout.attack[s.nbeat]


cdef inline void _play_beat(State *s, int card) noexcept nogil:
    cdef uint64_t b = card_bit(card)
    cdef int dfd = s.bout.defender
    s.hand[dfd] &= ~b
    s.count[dfd] -= 1
    s.table |= b
    s.ranks |= 1u << (card & 15)
    s.bout.beat[s.nbeat] = card
    s.nbeat += 1
    s.bout.to_beat = s.bout.attack[s.nbeat] if s.nbeat < s.bout.size else -1


cdef inline void _play_swap(State *s, int seat) noexcept nogil:
    s.hand[seat] = (s.hand[seat] & ~card_bit(s.six)) | card_bit(s.turnup)
    s.talon_last = s.six
    s.swapped = 1
    s.six_owner = -1


cdef inline void st_apply_legal(State *s, int seat, int move) noexcept nogil:
    """Apply a move taken from the legal list of `seat`, the seat on turn: no checks,
    no events (ply is counted). Anything else is undefined: use st_apply."""
    cdef int kind = move >> 6
    s.ply += 1
    s.moves += 1
    if kind == MV_ATTACK:
        _play_attack(s, move & 63)
    elif kind == MV_BEAT:
        _play_beat(s, move & 63)
    elif kind == MV_TAKE:
        s.bout.taken = 1
    elif kind == MV_DONE:
        _close_bout(s, HOW_DONE, NULL)
    else:
        _play_swap(s, seat)
    _advance(s, NULL)


# The Python face. It keeps the State and the move log only; the event log is
# rebuilt on demand by replaying the moves from the dealt order (deterministic),
# which keeps a Game at a few hundred bytes.
cdef class Game:
    cdef State st
    cdef uint16_t *hist         # move log: seat << 9 | move code, malloc'd
    cdef int nhist
    cdef int hcap
    cdef int _reserve(self, int nhist) except -1
