# The rules of two-seat Podkidnoy as inline C over a State (core/state.pxd): the
# seat on turn, the phase, legal-move generation in the reference order, the
# view of one seat, applying a move (checked: st_apply; unchecked:
# st_apply_legal) and the forced positions that resolve themselves. Inline, so
# that a bulk loop that cimports this file (the ladder) compiles them into its
# own body; core/engine.pyx (the Python face) uses the same code.
#
# Typical bulk loop (GIL released, no events):
#
#     cdef State s
#     cdef int legal[MAX_LEGAL]
#     cdef uint64_t rng = seed
#     st_deal_rng(&s, &rng)                                  # core/deal.pxd
#     while st_turn(&s) >= 0:
#         n = st_legal(&s, legal)
#         st_apply_legal(&s, st_turn(&s), legal[fast_below(&rng, n)])
#     # s.outcome, s.fool, s.moves, s.bouts, s.ply
from libc.stdint cimport uint32_t, uint64_t
from libc.string cimport memcpy, memset

from kozyr.cards cimport above, card_bit, highest_card, lanes_reversed, suit_mask
from kozyr.durak.core.seeds cimport fast_below
from kozyr.durak.core.state cimport (
    EV_BOUT_END, EV_GAME_END, EV_OUT, EV_REFILL, HOW_CAPPED, HOW_DONE, HOW_EXHAUSTED, HOW_SPENT, HOW_TAKEN,
    Sink, State,
)
from kozyr.durak.core.view cimport (
    MAX_LEGAL, MV_ATTACK, MV_BEAT, MV_DONE, MV_RESIGN, MV_SWAP, MV_TAKE, OUT_DRAW, OUT_FOOL, OUT_NONE,
    OUT_RESIGN, PH_ATTACK, PH_DEFEND, PH_OVER, PH_PILE_ON, Ask, BoutView, DView, ask_count, ask_nth,
)

cdef enum:
    # refusals: 1 + the index in kozyr.durak.codes.CODES; 0 means applied
    R_NO_SEED = 1
    R_BAD_DEAL = 2
    R_BAD_SEATS = 3
    R_GAME_OVER = 4
    R_NOT_YOUR_TURN = 5
    R_WRONG_PHASE = 6
    R_NOT_LEGAL = 7
    R_CARD_NOT_HELD = 8
    R_BEATS_NOTHING = 9
    R_RANK_NOT_IN_BOUT = 10
    R_BOUT_FULL = 11
    R_MUST_ATTACK = 12
    R_NOT_THE_SIX = 13
    R_TALON_SHUT = 14
    R_BAD_OPTIONS = 15
    R_SEAT_OUT = 16
    R_TRANSFER_CLOSED = 17
    R_TARGET_SHORT = 18
    R_NOT_A_TRUMP = 19
    R_ALREADY_SHOWN = 20


cdef inline int st_turn(const State *s) noexcept nogil:
    """The seat on turn, -1 when over."""
    if s.outcome != OUT_NONE:
        return -1
    if not s.bout.taken and s.nbeat < s.bout.size:
        return s.bout.defender
    return s.bout.attacker


cdef inline int st_phase(const State *s) noexcept nogil:
    if s.outcome != OUT_NONE:
        return PH_OVER
    if s.bout.taken:
        return PH_PILE_ON
    if s.nbeat < s.bout.size:
        return PH_DEFEND
    return PH_ATTACK


cdef inline bint st_can_swap(const State *s, int seat) noexcept nogil:
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


cdef inline int st_talon_card(const State *s, int k) noexcept nogil:
    return s.order[13 + k] if k < 23 else s.talon_last


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


cdef inline int st_ask(const State *s, Ask *a) noexcept nogil:
    """The decision of the seat on turn of a running deal, as rungs 1 to 3 read it (an Ask:
    hand, legal cards, the extra move and swap as flags, trump, talon, bout size); the seat.
    No move list and no copy of the bout: a fraction of st_view_turn's work."""
    cdef int t
    if not s.bout.taken and s.nbeat < s.bout.size:
        t = s.bout.defender
        a.defending = 1
        a.cards = _beat_mask(s)
        a.swap = st_can_swap(s, t)
        a.extra = a.cards != 0 or a.swap
    else:
        t = s.bout.attacker
        a.defending = 0
        a.cards = _attack_mask(s)
        a.swap = st_can_swap(s, t)
        a.extra = s.bout.size > 0 and (a.cards != 0 or a.swap)
    a.hand = s.hand[t]
    a.trump = s.trump
    a.talon = 24 - s.drawn
    a.size = s.bout.size
    return t


cdef inline int _legal(const State *s, int *out, uint64_t *cards, unsigned int *kinds) noexcept nogil:
    """The legal list of the seat on turn of a running deal (its Ask written out: the card moves
    in suit order, each suit from the ace down, then take or done, then swap); its card moves'
    cards and the kinds present as masks."""
    cdef Ask a
    cdef int n, extra
    cdef unsigned int k = 0
    st_ask(s, &a)
    n = _cards_in_ref_order(a.cards, MV_BEAT if a.defending else MV_ATTACK, out)
    if n:
        k = 1u << (MV_BEAT if a.defending else MV_ATTACK)
    if a.extra:
        extra = MV_TAKE if a.defending else MV_DONE
        k |= 1u << extra
        out[n] = extra << 6
        n += 1
    if a.swap:
        k |= 1u << MV_SWAP
        out[n] = MV_SWAP << 6
        n += 1
    cards[0] = a.cards
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
    v.can_swap = st_can_swap(s, seat)
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
    v.phase = st_phase(s)
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
            if s.bout.size >= s.bout.cap or (_attack_mask(s) == 0 and not st_can_swap(s, s.bout.attacker)):
                _close_bout(s, HOW_TAKEN, sink)
                continue
            return
        if s.nbeat < s.bout.size:
            if _beat_mask(s) == 0 and not st_can_swap(s, s.bout.defender):
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
            if _attack_mask(s) == 0 and not st_can_swap(s, s.bout.attacker):
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


cdef inline uint32_t ev_move(int kind, int seat, int card) noexcept nogil:
    return <uint32_t>kind | (<uint32_t>seat << 4) | (<uint32_t>card << 8)


cdef inline int st_apply(State *s, int seat, int move, Sink *sink) noexcept nogil:
    """Apply `move` (a move code) for `seat`: 0 if applied (forced positions then
    resolve themselves), else R_* (1 + the index of the refusal in codes.CODES) and
    nothing changes. The move's events are written to sink (sink.n = their count,
    0 on a refusal); sink may be NULL and ply is counted either way. seat may be
    any int (not 0/1: not_your_turn); a negative move: not_legal."""
    cdef int kind, card, turn, phase
    if sink != NULL:
        sink.n = 0
    if s.outcome != OUT_NONE:
        return R_GAME_OVER
    if seat != 0 and seat != 1:
        return R_NOT_YOUR_TURN
    if move < 0 or move >= (6 << 6):
        return R_NOT_LEGAL
    kind = move >> 6
    card = move & 63
    if kind >= MV_TAKE and card != 0:
        return R_NOT_LEGAL
    if kind == MV_RESIGN:
        emit(s, sink, ev_move(MV_RESIGN, seat, 0))
        s.moves += 1
        s.outcome = OUT_RESIGN
        s.fool = seat
        emit(s, sink, <uint32_t>EV_GAME_END | (<uint32_t>OUT_RESIGN << 4) | (<uint32_t>(seat + 1) << 8))
        return 0
    turn = st_turn(s)
    if seat != turn:
        return R_NOT_YOUR_TURN
    phase = st_phase(s)
    if kind == MV_ATTACK:
        if phase == PH_DEFEND:
            return R_WRONG_PHASE
        if not (s.hand[seat] >> card) & 1:
            return R_CARD_NOT_HELD
        if s.bout.size >= s.bout.cap:
            return R_BOUT_FULL
        if s.bout.size > 0 and not (s.ranks >> (card & 15)) & 1:
            return R_RANK_NOT_IN_BOUT
        _play_attack(s, card)
    elif kind == MV_BEAT:
        if phase != PH_DEFEND:
            return R_WRONG_PHASE
        if not (s.hand[seat] >> card) & 1:
            return R_CARD_NOT_HELD
        if not (_beaters(s, s.bout.attack[s.nbeat]) >> card) & 1:
            return R_BEATS_NOTHING
        _play_beat(s, card)
    elif kind == MV_TAKE:
        if phase != PH_DEFEND:
            return R_WRONG_PHASE
        s.bout.taken = 1
    elif kind == MV_DONE:
        if phase == PH_DEFEND:
            return R_WRONG_PHASE
        if s.bout.size == 0:
            return R_MUST_ATTACK
    else:  # MV_SWAP, any phase
        if s.six_owner != seat or not (s.hand[seat] >> s.six) & 1:
            return R_NOT_THE_SIX
        if s.drawn >= 24 or s.swapped:
            return R_TALON_SHUT
        _play_swap(s, seat)
        card = s.turnup
    emit(s, sink, ev_move(kind, seat, card))
    s.moves += 1
    if kind == MV_DONE:
        _close_bout(s, HOW_DONE, sink)
    _advance(s, sink)
    return 0


cdef inline int st_random_legal(const State *s, uint64_t *rng) noexcept nogil:
    """A uniformly random legal move of the seat on turn: st_legal(s)[k], k uniform,
    found without writing the list. The deal must be running."""
    cdef Ask a
    st_ask(s, &a)
    return ask_nth(&a, fast_below(rng, ask_count(&a)))
