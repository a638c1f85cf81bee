# The rules of durak at every table (2 to 6 seats, 24 to 52 cards, podkidnoy or
# perevodnoy, the options of kozyr.durak.Rules) as inline C over a State
# (core/state.pxd): the seat on turn, the phase, legal-move generation in the
# reference order, the view of one seat, applying a move (checked: st_apply;
# unchecked: st_apply_legal) and the forced positions that resolve themselves.
# Inline, so that a bulk loop that cimports this file (the ladder) compiles them
# into its own body; core/engine.pyx (the Python face) uses the same code.
#
# The bout is the rules' state machine: a leader, an attacker, a defender, a cap,
# the throwers (the attacker first, then the others who may throw in) and the
# index p of the thrower on turn; `done` and the automatic passes move p on, and
# the round closes the bout when p reaches the number of throwers. At two seats
# the throwers are the attacker alone, so every rule is the two-seat game's.
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
#     # s.outcome, s.fool, s.losers, s.moves, s.bouts, s.ply
from libc.stdint cimport uint32_t, uint64_t
from libc.string cimport memcpy, memset

from kozyr.cards cimport above, card_bit, highest_card, lanes_reversed, lowest_card, nth_card, popcount, suit_mask
from kozyr.durak.core.seeds cimport fast_below
from kozyr.durak.core.state cimport (
    EV_OUT, HOW_CAPPED, HOW_DONE, HOW_EXHAUSTED, HOW_SPENT, HOW_TAKEN, Sink, State, ev_bout_end, ev_game_end,
    ev_move, ev_pass_on, ev_refill,
)
from kozyr.durak.core.view cimport (
    MAX_LEGAL, MAX_SEATS, MV_ATTACK, MV_BEAT, MV_DONE, MV_RESIGN, MV_SHOW, MV_SWAP, MV_TAKE, MV_TRANSFER, N_KINDS,
    OPT_FIRST_FIVE, OPT_NEIGHBOURS, OPT_NO_DRAW, OPT_NO_SWAP, OPT_PEREVODNOY, OPT_SHOW_TRUMP, OPT_TEAMS, OUT_DRAW,
    OUT_FOOL, OUT_NONE, OUT_RESIGN, PH_ATTACK, PH_DEFEND, PH_OVER, PH_PILE_ON, Ask, BoutView, DView, TableAsk, ask_count,
    ask_nth,
)

cdef extern from *:
    """
    #if defined(__GNUC__) || defined(__clang__)
    #define kz_unlikely(x) __builtin_expect(!!(x), 0)
    #else
    #define kz_unlikely(x) (x)
    #endif
    """
    # a branch the compiler should lay out as the rare one (the tables with more than two seats, the
    # perevodnoy moves), so that the two-seat game's path stays short and inlined
    bint kz_unlikely(bint x) noexcept nogil

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

cdef enum:
    LANES = 0x0001000100010001ULL   # one bit per suit lane: times a rank bit, every card of the rank
    EVEN_SEATS = 0x15               # seats 0, 2, 4 as bits: a team with teams on
    ODD_SEATS = 0x2A


# -- seats -------------------------------------------------------------------
cdef inline int _after(const State *s, int x) noexcept nogil:
    """The seat clockwise after x."""
    return 0 if x + 1 == s.n else x + 1


cdef inline int st_next(const State *s, int x) noexcept nogil:
    """next(x): the first seat clockwise after x, other than x, that holds cards; -1 if none."""
    cdef int y = _after(s, x)
    while y != x:
        if s.count[y] > 0:
            return y
        y = _after(s, y)
    return -1


cdef inline int st_prev(const State *s, int x) noexcept nogil:
    """prev(x): the first seat counter-clockwise before x, other than x, that holds cards; -1 if none."""
    cdef int y = x - 1 if x > 0 else s.n - 1
    while y != x:
        if s.count[y] > 0:
            return y
        y = y - 1 if y > 0 else s.n - 1
    return -1


cdef inline int st_next_opp(const State *s, int x) noexcept nogil:
    """next_opp(x): the first seat clockwise after x that holds cards and is an opponent of x."""
    cdef int y = _after(s, x)
    while y != x:
        if s.count[y] > 0 and (not (s.opts & OPT_TEAMS) or ((x ^ y) & 1)):
            return y
        y = _after(s, y)
    return -1


cdef inline unsigned int st_team(const State *s, int seat) noexcept nogil:
    """The seats of seat's team, as bits."""
    if s.opts & OPT_TEAMS:
        return (EVEN_SEATS if seat % 2 == 0 else ODD_SEATS) & ((1u << s.n) - 1)
    return 1u << seat


cdef inline int st_limit(const State *s) noexcept nogil:
    """The cards a bout may hold: 5 before the first discard with first_five, else 6."""
    return 5 if (s.opts & OPT_FIRST_FIVE) and s.heap == 0 else 6


cdef inline int _cap_for(const State *s, int seat) noexcept nogil:
    cdef int L = st_limit(s)
    return s.count[seat] if s.count[seat] < L else L


cdef inline void _throwers(State *s) noexcept nogil:
    """The throwers of the bout, computed when a defender is assigned: the attacker (always),
    then clockwise from him every other seat that holds cards and is not the defender, with
    throw_in neighbours only next(D) and prev(D), with teams only the defender's opponents."""
    cdef int a = s.bout.attacker, d = s.bout.defender, k = 1, y, nb1 = -1, nb2 = -1
    cdef bint nb = s.opts & OPT_NEIGHBOURS, teams = s.opts & OPT_TEAMS
    s.bout.throwers[0] = a
    if kz_unlikely(s.n > 2):
        if nb:
            nb1 = st_next(s, d)
            nb2 = st_prev(s, d)
        y = _after(s, a)
        while y != a:
            if (y != d and s.count[y] > 0 and (not nb or y == nb1 or y == nb2)
                    and (not teams or ((y ^ d) & 1))):
                s.bout.throwers[k] = y
                k += 1
            y = _after(s, y)
        for y in range(k, MAX_SEATS):
            s.bout.throwers[y] = -1
    s.bout.nthrowers = k
    s.p = 0


cdef inline void open_bout(State *s, int attacker) noexcept nogil:
    """Open a bout with `attacker` (the table is empty): leader = attacker, the defender his next
    opponent holding cards, the cap, the throwers."""
    cdef int d = st_next_opp(s, attacker)
    s.bout.leader = attacker
    s.bout.attacker = attacker
    s.bout.defender = d
    s.bout.cap = _cap_for(s, d)
    _throwers(s)


# -- reading the position ----------------------------------------------------
cdef inline int st_turn(const State *s) noexcept nogil:
    """The seat on turn, -1 when over."""
    if s.outcome != OUT_NONE:
        return -1
    if not s.bout.taken and s.nbeat < s.bout.size:
        return s.bout.defender
    return s.bout.throwers[s.p]


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
            and s.drawn < s.tlen and not s.swapped)


cdef inline uint64_t _attack_mask_of(const State *s, int seat) noexcept nogil:
    """seat's legal attack cards (attack or pile_on): any card at an empty table, else the ranks
    on the table, while the bout is below its cap."""
    if s.bout.size >= s.bout.cap:
        return 0
    if s.bout.size == 0:
        return s.hand[seat]
    # ranks (bits 0..15) times one bit per lane: every card of those ranks
    return s.hand[seat] & (<uint64_t>s.ranks * <uint64_t>LANES)


cdef inline uint64_t _attack_mask(const State *s) noexcept nogil:
    """The legal attack cards of the thrower on turn (attack or pile_on)."""
    return _attack_mask_of(s, s.bout.throwers[s.p])


cdef inline uint64_t _beaters(const State *s, int a) noexcept nogil:
    """Every card that beats card a."""
    if (a >> 4) == s.trump:
        return above(a)
    return above(a) | suit_mask(s.trump)


cdef inline uint64_t _beat_mask(const State *s) noexcept nogil:
    """The defender's beating cards for the oldest unanswered attack card (defend)."""
    return s.hand[s.bout.defender] & _beaters(s, s.bout.to_beat)


cdef inline int _room(const State *s, int *target) noexcept nogil:
    """For a transfer or show (defend): the target next(D) into *target (-1 if none) and
    min(limit, its hand), the attack cards it could face (-1 without a target)."""
    cdef int t = st_next(s, s.bout.defender)
    target[0] = t
    if t < 0:
        return -1
    return _cap_for(s, t)


cdef inline uint64_t _pass_masks(const State *s, uint64_t *shows) noexcept nogil:
    """In defend: the defender's cards with which a transfer is legal, and in *shows those with
    which a show is legal (0 and 0 unless perevodnoy, before the first answer, with a target that
    can face the table)."""
    cdef int t, room, rank
    cdef uint64_t h
    shows[0] = 0
    if not kz_unlikely(s.opts & OPT_PEREVODNOY) or s.nbeat != 0:
        return 0
    room = _room(s, &t)
    if room < s.bout.size:
        return 0
    rank = s.bout.attack[0] & 15       # until the first answer the table holds one rank
    h = s.hand[s.bout.defender]
    if s.opts & OPT_SHOW_TRUMP:
        shows[0] = h & card_bit(16 * s.trump + rank) & ~s.bout.shown
    if room < s.bout.size + 1:
        return 0
    return h & (<uint64_t>LANES << rank)


cdef inline int st_talon_card(const State *s, int k) noexcept nogil:
    return s.order[s.tbase + k] if k < s.tlen - 1 else s.talon_last


cdef inline int _cards_in_ref_order(uint64_t m, int kind, int *out) noexcept nogil:
    """Write kind << 6 | card for the cards of m (suits 0..3, each from the ace down); the count."""
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
    hand, legal attack or beat cards, the extra move and swap as flags, trump, talon, bout size);
    the seat. No move list and no copy of the bout: a fraction of st_view_turn's work. (A
    perevodnoy table's transfers and shows are not in the Ask; take is, when they make it legal.)"""
    cdef int t
    cdef uint64_t shows
    if not s.bout.taken and s.nbeat < s.bout.size:
        t = s.bout.defender
        a.defending = 1
        a.cards = _beat_mask(s)
        a.swap = st_can_swap(s, t)
        a.extra = a.cards != 0 or a.swap or _pass_masks(s, &shows) != 0 or shows != 0
    else:
        t = s.bout.throwers[s.p]
        a.defending = 0
        a.cards = _attack_mask_of(s, t)
        a.swap = st_can_swap(s, t)
        a.extra = s.bout.size > 0 and (a.cards != 0 or a.swap)
    a.hand = s.hand[t]
    a.trump = s.trump
    a.talon = s.tlen - s.drawn
    a.size = s.bout.size
    return t


cdef inline void st_table_ask(const State *s, int t, const Ask *a, TableAsk *ta) noexcept nogil:
    """The TableAsk of the seat t on turn whose Ask is `a` (st_ask's), at a table other than the
    two-seat game: what rungs 2 and 3 read there beside the Ask, as rungs.table_ask_of reads it
    from the view. The ladder's table loop and rung 4's playouts both ask it here."""
    cdef uint64_t shows = 0
    ta.low = s.low
    ta.thrower = not a.defending and t != s.bout.attacker
    ta.transfers = _pass_masks(s, &shows) if a.defending else 0
    ta.shows = shows if a.defending else 0


cdef inline int _legal(const State *s, int *out, uint64_t *cards, unsigned int *kinds) noexcept nogil:
    """The legal list of the seat on turn of a running deal: in defend the beats, the transfers,
    the shows (each in the reference order), take, swap; else the attacks, done, swap. Its attack
    or beat cards and the kinds present as masks."""
    cdef int n, t
    cdef unsigned int k = 0
    cdef uint64_t m, xf, sh
    cdef bint sw
    if not s.bout.taken and s.nbeat < s.bout.size:
        t = s.bout.defender
        m = _beat_mask(s)
        n = _cards_in_ref_order(m, MV_BEAT, out)
        if n:
            k = 1u << MV_BEAT
        xf = _pass_masks(s, &sh)
        if xf:
            n += _cards_in_ref_order(xf, MV_TRANSFER, out + n)
            k |= 1u << MV_TRANSFER
        if sh:
            n += _cards_in_ref_order(sh, MV_SHOW, out + n)
            k |= 1u << MV_SHOW
        sw = st_can_swap(s, t)
        if n or sw:
            k |= 1u << MV_TAKE
            out[n] = MV_TAKE << 6
            n += 1
    else:
        t = s.bout.throwers[s.p]
        m = _attack_mask_of(s, t)
        n = _cards_in_ref_order(m, MV_ATTACK, out)
        if n:
            k = 1u << MV_ATTACK
        sw = st_can_swap(s, t)
        if s.bout.size > 0 and (m != 0 or sw):
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
    cdef uint64_t seen
    cdef int i
    v.seat = seat
    v.ply = s.ply
    v.trump = s.trump
    v.turnup = s.turnup if (s.drawn < s.tlen and not s.swapped) else -1
    v.talon = s.tlen - s.drawn
    v.heap = s.heap
    v.hand = s.hand[seat]
    v.can_swap = st_can_swap(s, seat)
    v.over = s.outcome != OUT_NONE
    v.outcome = s.outcome
    v.fool = s.fool
    v.losers = s.losers
    memcpy(&v.bout, &s.bout, sizeof(BoutView))   # a struct assignment goes through a stack temporary
    v.nseats = s.n
    v.deck_size = s.deck_size
    v.opts = s.opts
    v.nout = s.nout
    for i in range(MAX_SEATS):
        v.out[i] = s.outs[i]
    # the public memory, and what this seat has not seen
    v.heap_cards = s.heap_cards
    seen = s.hand[seat] | s.heap_cards | s.bout_cards
    for i in range(MAX_SEATS):
        v.count[i] = s.count[i]
        v.known[i] = s.known[i] & s.hand[i]       # seen going there, and still there: not played since
        if i != seat:
            seen |= v.known[i]
    if s.drawn < s.tlen:
        v.bottom = s.talon_last
        seen |= card_bit(s.talon_last)
    else:
        v.bottom = -1
    v.unseen = s.deckmask & ~seen
    memcpy(v.declined, s.declined, sizeof(s.declined))


cdef inline void st_view_turn(const State *s, DView *v) noexcept nogil:
    """The view of the seat on turn of a running deal (the deal must be running)."""
    cdef int t = st_turn(s)
    _view_common(s, t, v)
    v.turn = t
    v.phase = PH_PILE_ON if s.bout.taken else (PH_DEFEND if s.nbeat < s.bout.size else PH_ATTACK)
    v.nlegal = _legal(s, v.legal, &v.legal_cards, &v.legal_kinds)


cdef inline void st_view(const State *s, int seat, DView *v) noexcept nogil:
    """What `seat` (0 .. n - 1; not checked) may see, legal moves included when it is on turn."""
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
    """Draw seat's hand up to six from the talon; the number drawn. The talon's last card is face
    up: the seat that draws it is seen to hold it."""
    cdef int k = 6 - s.count[seat]
    cdef int j, end
    cdef uint64_t m = 0
    if k > s.tlen - s.drawn:
        k = s.tlen - s.drawn
    if k <= 0:
        return 0
    s.declined[seat] = 0                   # what the seat's choices told is about a hand now changed
    end = s.drawn + k
    if end == s.tlen:
        m = card_bit(s.talon_last)
        s.known[seat] |= m
        end -= 1
    for j in range(s.drawn, end):
        m |= card_bit(s.order[s.tbase + j])
    s.drawn += k
    s.hand[seat] |= m
    s.count[seat] += k
    if m & card_bit(s.six) and not (s.opts & OPT_NO_SWAP):
        s.six_owner = seat
    return k


cdef inline void _end_bout(State *s, int attacker, int defender) noexcept nogil:
    """The bout after a close: leader and attacker `attacker`, the defender, the cap, the throwers."""
    s.bout.leader = attacker
    s.bout.attacker = attacker
    s.bout.defender = defender
    s.bout.cap = _cap_for(s, defender)
    _throwers(s)


cdef inline void _emit_close(State *s, Sink *sink, bint taken, int how, int ncards, int nxt, int ndef,
                             const int *drawn, unsigned int newly) noexcept nogil:
    """The close's events: bout_end, refill, an out per seat that went out (seat order); the seats
    out are recorded. (Without a sink only the ply is counted.)"""
    cdef int i
    if sink != NULL:
        emit(s, sink, ev_bout_end(taken, how, ncards, s.heap, nxt, ndef, not s.two_seat))
        emit(s, sink, ev_refill(drawn, s.n, s.tlen - s.drawn))
    else:
        s.ply += 2
    if newly:
        for i in range(s.n):
            if (newly >> i) & 1:
                s.outs[s.nout] = i
                s.nout += 1
                emit(s, sink, <uint32_t>EV_OUT | (<uint32_t>i << 4))
        s.outmask |= newly


cdef inline void _game_over(State *s, Sink *sink, unsigned int lose) noexcept nogil:
    """The deal ends at a close: the losing team (its seats as bits; 0: a draw), game_end."""
    if lose:
        s.outcome = OUT_FOOL
        s.losers = lose
        s.fool = lowest_card(lose) if (lose & (lose - 1)) == 0 else -1
    else:
        s.outcome = OUT_DRAW
        s.fool = -1
        s.losers = 0
    if sink != NULL:
        emit(s, sink, ev_game_end(s.outcome, s.fool, s.losers, not s.two_seat))
    else:
        s.ply += 1


cdef inline void _close_two(State *s, int how, Sink *sink, bint taken, int ncards) noexcept nogil:
    """The rest of a close at two seats: the other seat draws, then the defender; the next attacker
    is the other seat after a take, else the defender; the deal ends once the talon is empty and
    a hand is."""
    cdef int dfd = s.bout.defender, other = 1 - dfd, nxt
    cdef int drawn[2]
    cdef unsigned int newly = 0, lose = 0
    drawn[0] = 0
    drawn[1] = 0
    if s.drawn < s.tlen:
        drawn[other] = _draw(s, other)
        drawn[dfd] = _draw(s, dfd)
    nxt = other if taken else dfd
    if s.drawn == s.tlen and (s.count[0] == 0 or s.count[1] == 0):
        newly = (s.count[0] == 0) | ((s.count[1] == 0) << 1)
        if newly != 3:
            lose = 3 ^ newly                   # the seat that holds cards
        elif s.opts & OPT_NO_DRAW:
            lose = 1u << dfd
    _emit_close(s, sink, taken, how, ncards, nxt, 1 - nxt, drawn, newly)
    s.bout.leader = nxt
    s.bout.attacker = nxt
    s.bout.defender = 1 - nxt
    s.bout.cap = _cap_for(s, 1 - nxt)
    s.bout.throwers[0] = nxt
    s.bout.nthrowers = 1
    s.p = 0
    if newly:
        _game_over(s, sink, lose)


cdef inline void _close_many(State *s, int how, Sink *sink, bint taken, int ncards) noexcept nogil:
    """The rest of a close at three seats or more (see _close_bout)."""
    cdef int dfd = s.bout.defender, lead = s.bout.leader, n = s.n, y, cand, nxt, ndef, i
    cdef int drawn[6]
    cdef bint ends = 0
    cdef unsigned int was_out = s.outmask, holding = 0, newly = 0, lose = 0
    # refill: the leader first, then clockwise from him every seat but the defender, the defender
    # last; a seat out before this close draws nothing
    memset(drawn, 0, sizeof(drawn))
    y = lead
    for i in range(n):
        if y != dfd and not (was_out >> y) & 1:
            drawn[y] = _draw(s, y)
        y = _after(s, y)
    if not (was_out >> dfd) & 1:
        drawn[dfd] = _draw(s, dfd)
    # the candidate attacker: the defender after a beaten-off bout, else the first seat after him
    # that was not out before this close
    cand = dfd
    if taken:
        y = _after(s, dfd)
        while y != dfd:
            if not (was_out >> y) & 1:
                cand = y
                break
            y = _after(s, y)
    # the end check, only with the talon empty: every seat with no cards is out; the deal ends when
    # at most one team holds cards
    if s.drawn == s.tlen:
        for i in range(n):
            if s.count[i] > 0:
                holding |= 1u << i
            elif not (was_out >> i) & 1:
                newly |= 1u << i
        if s.opts & OPT_TEAMS:
            ends = not (holding & EVEN_SEATS) or not (holding & ODD_SEATS)
        else:
            ends = (holding & (holding - 1)) == 0
    nxt = cand
    if ends:
        # the next defender: the first seat after him not out before this close (with teams, the
        # first such opponent)
        ndef = -1
        y = _after(s, nxt)
        while y != nxt:
            if not (was_out >> y) & 1 and (not (s.opts & OPT_TEAMS) or ((y ^ nxt) & 1)):
                ndef = y
                break
            y = _after(s, y)
        if ndef < 0:
            ndef = _after(s, nxt)
        if holding:
            lose = st_team(s, lowest_card(holding))
        elif s.opts & OPT_NO_DRAW:
            lose = st_team(s, dfd)
    else:
        if s.count[nxt] == 0:
            nxt = st_next(s, cand)
        ndef = st_next_opp(s, nxt)
    _emit_close(s, sink, taken, how, ncards, nxt, ndef, drawn, newly)
    _end_bout(s, nxt, ndef)
    if ends:
        _game_over(s, sink, lose)


cdef inline void _close_bout(State *s, int how, Sink *sink) noexcept nogil:
    """Close the bout `how` (HOW_*): the table to the defender or the heap, the refill (the leader
    first, the defender last), the next attacker, the end check; bout_end, refill, the seats out,
    game_end."""
    cdef int ncards = s.bout.size + s.nbeat, dfd = s.bout.defender
    cdef bint taken = s.bout.taken
    if taken:
        s.hand[dfd] |= s.bout_cards
        s.known[dfd] |= s.bout_cards
        s.count[dfd] += ncards
        if (s.bout_cards >> s.six) & 1 and s.six_owner != dfd:
            s.six_owner = -1
    else:
        s.heap_cards |= s.bout_cards
        s.heap += ncards
    s.bouts += 1
    s.bout_cards = 0
    s.ranks = 0
    memset(s.bout.attack, 0xFF, sizeof(s.bout.attack))
    memset(s.bout.beat, 0xFF, sizeof(s.bout.beat))
    s.bout.size = 0
    s.bout.to_beat = -1
    s.nbeat = 0
    s.bout.taken = 0
    s.bout.shown = 0
    if not kz_unlikely(s.n > 2):
        _close_two(s, how, sink, taken, ncards)
    else:
        _close_many(s, how, sink, taken, ncards)


cdef inline void _pass_defence(State *s) noexcept nogil:
    """A transfer or show: the defender hands the defence on to next(D); he attacks, the target
    defends, the cap is the target's, the throwers are recomputed. The leader stays."""
    cdef int d = s.bout.defender, t = st_next(s, d)
    s.bout.attacker = d
    s.bout.defender = t
    s.bout.cap = _cap_for(s, t)
    _throwers(s)


cdef inline void _advance(State *s, Sink *sink) noexcept nogil:
    """Resolve forced positions until a seat has a real choice or the deal is over: a taken bout at
    its cap closes, a seat with nothing to throw passes (the round over: the bout closes), a bout
    fully answered closes spent or capped, a defender with nothing to play takes."""
    cdef uint64_t shows
    while s.outcome == OUT_NONE:
        if s.bout.taken:
            if s.bout.size >= s.bout.cap:
                _close_bout(s, HOW_TAKEN, sink)
                continue
            if _attack_mask(s) == 0 and not st_can_swap(s, s.bout.throwers[s.p]):
                s.p += 1                   # the automatic pass: no event
                if s.p >= s.bout.nthrowers:
                    _close_bout(s, HOW_TAKEN, sink)
                continue
            return
        if s.nbeat < s.bout.size:
            if (_beat_mask(s) == 0 and not st_can_swap(s, s.bout.defender)
                    and _pass_masks(s, &shows) == 0 and shows == 0):
                s.bout.taken = 1           # the automatic take: no event
                s.p = 0
                continue
            return
        if s.bout.size > 0:
            if s.hand[s.bout.defender] == 0:
                _close_bout(s, HOW_SPENT, sink)
                continue
            if s.bout.size >= s.bout.cap:
                _close_bout(s, HOW_CAPPED, sink)
                continue
            if _attack_mask(s) == 0 and not st_can_swap(s, s.bout.throwers[s.p]):
                s.p += 1                   # the automatic pass: no event
                if s.p >= s.bout.nthrowers:
                    _close_bout(s, HOW_EXHAUSTED, sink)
                continue
        return


cdef inline void _settle(State *s, Sink *sink) noexcept nogil:
    """_advance, after a quick look for the usual case: the seat on turn has a card to play and
    nothing is forced (then _advance would return at once)."""
    if s.bout.taken:
        if s.bout.size < s.bout.cap and _attack_mask(s) != 0:
            return
    elif s.nbeat < s.bout.size:
        if _beat_mask(s) != 0:
            return
    elif s.bout.size == 0 or (s.hand[s.bout.defender] != 0 and s.bout.size < s.bout.cap
                              and _attack_mask(s) != 0):
        return
    _advance(s, sink)


cdef inline void _play_attack(State *s, int seat, int card) noexcept nogil:
    cdef uint64_t b = card_bit(card)
    s.hand[seat] &= ~b
    s.count[seat] -= 1
    s.bout_cards |= b
    s.ranks |= 1u << (card & 15)
    s.bout.attack[s.bout.size] = card
    s.bout.size += 1
    s.bout.to_beat = s.bout.attack[s.nbeat]


cdef inline void _decline(State *s) noexcept nogil:
    """The defender answers the card it was to beat (the oldest unanswered one) otherwise than in
    its suit: by taking, or with a trump. That card goes to its `declined` when plain (the others
    unanswered at a take, if any, it never came to)."""
    cdef int c = s.bout.to_beat
    if c >= 0 and (c >> 4) != s.trump:
        s.declined[s.bout.defender] |= card_bit(c)


cdef inline void _play_take(State *s) noexcept nogil:
    _decline(s)
    s.bout.taken = 1
    s.p = 0


cdef inline void _play_beat(State *s, int card) noexcept nogil:
    cdef uint64_t b = card_bit(card)
    cdef int dfd = s.bout.defender
    if (card >> 4) == s.trump:
        _decline(s)
    s.hand[dfd] &= ~b
    s.count[dfd] -= 1
    s.bout_cards |= b
    s.ranks |= 1u << (card & 15)
    s.bout.beat[s.nbeat] = card
    s.nbeat += 1
    if s.nbeat < s.bout.size:
        s.bout.to_beat = s.bout.attack[s.nbeat]
    else:
        s.bout.to_beat = -1
        s.p = 0                            # every card answered: the round starts again


cdef inline void _pass_on(State *s, int kind, int card) noexcept nogil:
    """A transfer (the defender adds `card`, of the attack rank, as a new attack card) or a show (he
    shows `card`, a trump of that rank, and keeps it): the defence passes on to next(D)."""
    cdef uint64_t b = card_bit(card)
    if kind == MV_TRANSFER:
        _play_attack(s, s.bout.defender, card)
    else:
        s.bout.shown |= b
        s.known[s.bout.defender] |= b
    _pass_defence(s)


cdef inline void _play_swap(State *s, int seat) noexcept nogil:
    s.hand[seat] = (s.hand[seat] & ~card_bit(s.six)) | card_bit(s.turnup)
    s.known[seat] |= card_bit(s.turnup)
    s.talon_last = s.six
    s.swapped = 1
    s.six_owner = -1


cdef inline void _play_done(State *s, Sink *sink) noexcept nogil:
    """The seat on turn passes; the round over, the bout closes `done`."""
    s.p += 1
    if s.p >= s.bout.nthrowers:
        _close_bout(s, HOW_DONE, sink)


cdef inline void st_apply_legal(State *s, int seat, int move) noexcept nogil:
    """Apply a move taken from the legal list of `seat`, the seat on turn: no checks,
    no events (ply is counted). Anything else is undefined: use st_apply."""
    cdef int kind = move >> 6
    s.ply += 1
    s.moves += 1
    if kind == MV_ATTACK:
        _play_attack(s, seat, move & 63)
    elif kind == MV_BEAT:
        _play_beat(s, move & 63)
    elif kind == MV_TAKE:
        _play_take(s)
    elif kind == MV_DONE:
        _play_done(s, NULL)
    elif kind == MV_SWAP:
        _play_swap(s, seat)
    elif kz_unlikely(kind >= MV_TRANSFER):
        # a transfer or show hands the defence on: straight to the forced positions (several call sites
        # keep _advance a function of its own, and st_apply_legal small enough to inline)
        _pass_on(s, kind, move & 63)
        _advance(s, NULL)
        return
    _settle(s, NULL)


cdef inline int _resign(State *s, int seat, Sink *sink) noexcept nogil:
    emit(s, sink, ev_move(MV_RESIGN, seat, 0))
    s.moves += 1
    s.outcome = OUT_RESIGN
    s.losers = st_team(s, seat)
    s.fool = -1 if s.opts & OPT_TEAMS else seat
    emit(s, sink, ev_game_end(OUT_RESIGN, s.fool, s.losers, not s.two_seat))
    return 0


cdef inline int st_refusal(const State *s, int seat, int move) noexcept nogil:
    """The refusal of `move` (a move code) by `seat` (any int): 0 if st_apply would apply it, else
    R_*, in the rules' order of checks."""
    cdef int kind, card, turn, phase, room, t
    cdef uint64_t b
    if s.outcome != OUT_NONE:
        return R_GAME_OVER
    if seat < 0 or seat >= s.n:
        return R_NOT_YOUR_TURN
    if move < 0 or move >= (N_KINDS << 6):
        return R_NOT_LEGAL
    kind = move >> 6
    card = move & 63
    if ((kind >= MV_TAKE and kind <= MV_RESIGN and card != 0)
            or (kind == MV_TRANSFER and not (s.opts & OPT_PEREVODNOY))
            or (kind == MV_SHOW and not (s.opts & OPT_SHOW_TRUMP))
            or (kind == MV_SWAP and s.opts & OPT_NO_SWAP)):
        return R_NOT_LEGAL
    if (s.outmask >> seat) & 1:
        return R_SEAT_OUT
    if kind == MV_RESIGN:
        return 0
    turn = st_turn(s)
    if seat != turn:
        return R_NOT_YOUR_TURN
    phase = st_phase(s)
    b = card_bit(card)
    if kind == MV_ATTACK:
        if phase == PH_DEFEND:
            return R_WRONG_PHASE
        if not s.hand[seat] & b:
            return R_CARD_NOT_HELD
        if s.bout.size >= s.bout.cap:
            return R_BOUT_FULL
        if s.bout.size > 0 and not (s.ranks >> (card & 15)) & 1:
            return R_RANK_NOT_IN_BOUT
    elif kind == MV_BEAT:
        if phase != PH_DEFEND:
            return R_WRONG_PHASE
        if not s.hand[seat] & b:
            return R_CARD_NOT_HELD
        if not _beaters(s, s.bout.attack[s.nbeat]) & b:
            return R_BEATS_NOTHING
    elif kind == MV_TAKE:
        if phase != PH_DEFEND:
            return R_WRONG_PHASE
    elif kind == MV_DONE:
        if phase == PH_DEFEND:
            return R_WRONG_PHASE
        if s.bout.size == 0:
            return R_MUST_ATTACK
    elif kind == MV_SWAP:  # any phase
        if s.six_owner != seat or not (s.hand[seat] >> s.six) & 1:
            return R_NOT_THE_SIX
        if s.drawn >= s.tlen or s.swapped:
            return R_TALON_SHUT
    elif kind == MV_TRANSFER:
        if phase != PH_DEFEND:
            return R_WRONG_PHASE
        if not s.hand[seat] & b:
            return R_CARD_NOT_HELD
        if s.nbeat != 0:
            return R_TRANSFER_CLOSED
        if (card & 15) != (s.bout.attack[0] & 15):
            return R_RANK_NOT_IN_BOUT
        room = _room(s, &t)
        if room < s.bout.size + 1:
            return R_TARGET_SHORT
    else:  # MV_SHOW
        if phase != PH_DEFEND:
            return R_WRONG_PHASE
        if not s.hand[seat] & b:
            return R_CARD_NOT_HELD
        if (card >> 4) != s.trump:
            return R_NOT_A_TRUMP
        if s.nbeat != 0:
            return R_TRANSFER_CLOSED
        if (card & 15) != (s.bout.attack[0] & 15):
            return R_RANK_NOT_IN_BOUT
        if s.bout.shown & b:
            return R_ALREADY_SHOWN
        room = _room(s, &t)
        if room < s.bout.size:
            return R_TARGET_SHORT
    return 0


cdef inline int st_apply(State *s, int seat, int move, Sink *sink) noexcept nogil:
    """Apply `move` (a move code) for `seat`: 0 if applied (forced positions then
    resolve themselves), else R_* (1 + the index of the refusal in codes.CODES) and
    nothing changes. The move's events are written to sink (sink.n = their count,
    0 on a refusal); sink may be NULL and ply is counted either way. seat may be
    any int (not a seat of the table: not_your_turn); a negative move: not_legal."""
    cdef int kind, card, to
    cdef int r = st_refusal(s, seat, move)
    if sink != NULL:
        sink.n = 0
    if r:
        return r
    kind = move >> 6
    card = move & 63
    if kind == MV_RESIGN:
        return _resign(s, seat, sink)
    if kind == MV_ATTACK:
        _play_attack(s, seat, card)
    elif kind == MV_BEAT:
        _play_beat(s, card)
    elif kind == MV_TAKE:
        _play_take(s)
    elif kind == MV_SWAP:
        _play_swap(s, seat)
        card = s.turnup
    elif kind == MV_TRANSFER or kind == MV_SHOW:
        _pass_on(s, kind, card)
        emit(s, sink, ev_pass_on(kind, seat, card, s.bout.defender))
        s.moves += 1
        _advance(s, sink)
        return 0
    emit(s, sink, ev_move(kind, seat, card))
    s.moves += 1
    if kind == MV_DONE:
        _play_done(s, sink)
    _settle(s, sink)
    return 0


cdef inline int st_random_legal(const State *s, uint64_t *rng) noexcept nogil:
    """A uniformly random legal move of the seat on turn: st_legal(s)[k], k uniform,
    found without writing the list. The deal must be running."""
    cdef Ask a
    cdef uint64_t xf, sh
    cdef int nb, nx, ns, k
    st_ask(s, &a)
    if not a.defending or not kz_unlikely(s.opts & OPT_PEREVODNOY):
        return ask_nth(&a, fast_below(rng, ask_count(&a)))
    # perevodnoy, defending: the beats, the transfers, the shows, take, swap
    xf = _pass_masks(s, &sh)
    nb = popcount(a.cards)
    nx = popcount(xf)
    ns = popcount(sh)
    k = fast_below(rng, nb + nx + ns + (a.extra != 0) + (a.swap != 0))
    if k < nb:
        return (MV_BEAT << 6) | nth_card(a.cards, k)
    k -= nb
    if k < nx:
        return (MV_TRANSFER << 6) | nth_card(xf, k)
    k -= nx
    if k < ns:
        return (MV_SHOW << 6) | nth_card(sh, k)
    if a.extra and k == ns:
        return MV_TAKE << 6
    return MV_SWAP << 6
