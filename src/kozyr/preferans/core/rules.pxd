# The rules of a preferans deal as inline C over a PState (core/state.pxd): the
# SHA-256 shuffle, the deal in twos, the auction, talon and discard, naming,
# whisting (with the half-whist and its return), the defence's choice, the play
# of the tricks (open and closed, raspasy with its talon), legal lists as
# ascending move codes, and refusals as RF_* codes. Everything is
# `noexcept nogil`, so the random-deal loop and any native bot run without the GIL.
from libc.stdint cimport uint8_t, uint32_t, uint64_t
from libc.string cimport memcpy, memset

from kozyr.durak.core.seeds cimport fast_below, kz_sha256, put_uint
from kozyr.preferans.core.state cimport *


cdef extern from *:
    """
    #define KZP_POPCOUNT(m) __builtin_popcountll(m)
    #define KZP_CTZ(m) __builtin_ctzll(m)
    """
    int KZP_POPCOUNT(uint64_t m) noexcept nogil
    int KZP_CTZ(uint64_t m) noexcept nogil


cdef inline uint64_t pbit(int c) noexcept nogil:
    return (<uint64_t>1) << c


cdef inline uint64_t psuit(int s) noexcept nogil:
    """The 32-card deck's cards of suit s (ranks 7..14 of its lane)."""
    return (<uint64_t>0x7F80) << (16 * s)


cdef inline int card_index(int c) noexcept nogil:
    """The card's deck index 0..31 in reference order (7S = 0 ... AC = 31)."""
    return ((c >> 4) << 3) + (c & 15) - 7


cdef inline int index_card(int k) noexcept nogil:
    return ((k >> 3) << 4) + 7 + (k & 7)


cdef inline uint32_t index_mask(uint64_t m) noexcept nogil:
    """A card mask as a 32-bit mask of deck indices."""
    cdef uint32_t r = 0
    cdef int s
    for s in range(4):
        r |= (<uint32_t>((m >> (16 * s + 7)) & 0xFF)) << (8 * s)
    return r


cdef inline int rank_level(int r) noexcept nogil:
    """The level of ladder index r (0 for misère)."""
    if r < MISERE_RANK:
        return 6 + r // 5
    if r == MISERE_RANK:
        return 0
    return 9 + (r - 16) // 5


cdef inline int strain_trump(int strain) noexcept nogil:
    """The trump suit of a strain in bidding order (S, C, D, H: 0, 3, 2, 1), -1 for no-trump."""
    if strain == 0:
        return 0
    if strain == 4:
        return -1
    return 4 - strain


cdef inline int rank_trump(int r) noexcept nogil:
    """The trump suit of a game contract's ladder index, -1 for no-trump."""
    if r < MISERE_RANK:
        return strain_trump(r % 5)
    return strain_trump((r - 16) % 5)


cdef inline int next_seat(PState *s, int j) noexcept nogil:
    return (j + 1) % 3


# -- the deck ------------------------------------------------------------------

cdef inline void pref_shuffle(unsigned char *cards, uint8_t *msg, int head) noexcept nogil:
    """The rules' shuffle: msg holds the seed bytes then `preferans:<number>:` (head bytes) with
    room for 20 more; block k of the word stream is SHA-256 of msg + the decimal k."""
    cdef uint8_t digest[32]
    cdef uint32_t words[8]
    cdef int i, j, n, t, used = 8, q
    cdef unsigned int block = 0
    cdef uint32_t w
    cdef uint64_t limit
    for i in range(32):
        cards[i] = <unsigned char>index_card(i)
    i = 31
    while i >= 1:
        n = i + 1
        limit = (<uint64_t>4294967296ULL // <uint64_t>n) * <uint64_t>n
        while True:
            if used == 8:
                kz_sha256(msg, head + put_uint(msg + head, block), digest)
                for q in range(8):
                    words[q] = ((<uint32_t>digest[4 * q] << 24) | (<uint32_t>digest[4 * q + 1] << 16)
                                | (<uint32_t>digest[4 * q + 2] << 8) | <uint32_t>digest[4 * q + 3])
                block += 1
                used = 0
            w = words[used]
            used += 1
            if <uint64_t>w < limit:
                break
        j = <int>(w % <uint32_t>n)
        t = cards[i]
        cards[i] = cards[j]
        cards[j] = <unsigned char>t
        i -= 1


cdef inline void pref_shuffle_rng(unsigned char *cards, uint64_t *rng) noexcept nogil:
    """The fast generator's shuffle (splitmix64), NOT the rules' one: for random deals in bulk."""
    cdef int i, j, t
    for i in range(32):
        cards[i] = <unsigned char>index_card(i)
    i = 31
    while i >= 1:
        j = fast_below(rng, i + 1)
        t = cards[i]
        cards[i] = cards[j]
        cards[j] = <unsigned char>t
        i -= 1


cdef inline void pref_init(PState *s, int n, int dealer, int min_level, const PParams *p,
                           const unsigned char *order) noexcept nogil:
    """A new deal from the shuffled order: hands dealt in twos to a0, a1, a2, the talon at 30, 31."""
    cdef int r, j
    memset(s, 0, sizeof(PState))
    s.n = n
    s.dealer = dealer
    for j in range(3):
        s.active[j] = (dealer + 1 + j) % n
    s.min_level = min_level
    s.p = p[0]
    memcpy(s.order, order, 32)
    for r in range(5):
        for j in range(3):
            s.hand[j] |= pbit(order[6 * r + 2 * j]) | pbit(order[6 * r + 2 * j + 1])
    s.talon[0] = order[30]
    s.talon[1] = order[31]
    s.phase = PH_AUCTION
    s.kind = KD_NONE
    s.turn = 0
    s.outcome = OC_NONE
    s.high = -1
    s.high_by = -1
    s.decl = -1
    s.bid = -1
    s.contract = -1
    s.trump = -1
    s.w1 = -1
    s.w2 = -1
    s.lone = -1
    s.defence = DF_NONE
    for j in range(3):
        s.ctrl[j] = j
    s.leader = -1
    s.lead_card = -1
    s.led = -1


# -- reading --------------------------------------------------------------------

cdef inline int pref_actor(const PState *s) noexcept nogil:
    """The seat to move, -1 once over."""
    if s.phase == PH_OVER:
        return -1
    return s.active[s.ctrl[s.turn]]


cdef inline uint64_t play_mask(const PState *s) noexcept nogil:
    """The cards the hand on turn may play."""
    cdef uint64_t h = s.hand[s.turn], m
    if s.led >= 0:
        m = h & psuit(s.led)
        if m:
            return m
        if s.trump >= 0:
            m = h & psuit(s.trump)
            if m:
                return m
    return h


cdef inline int bid_refusal(const PState *s, int r) noexcept nogil:
    """Why the caller on turn may not bid ladder index r (the bidding module's order), RF_OK if he may."""
    cdef int b = 1 << s.turn
    if s.miserers & b:
        return RF_BID_AFTER_MISERE
    if r == MISERE_RANK and (s.bidders & b):
        return RF_MISERE_AFTER_BID
    if s.high >= 0 and r <= s.high:
        return RF_BID_NOT_HIGHER
    if r != MISERE_RANK and rank_level(r) < s.min_level:
        return RF_BELOW_MINIMUM
    return RF_OK


cdef inline int half_offered(const PState *s) noexcept nogil:
    cdef int level = rank_level(s.contract)
    return (s.wstate == WS_W2 and s.call_what[0] == MV_PASS and s.p.half_whist
            and (level == 6 or level == 7))


cdef inline int pref_legal(const PState *s, int *out) noexcept nogil:
    """The legal moves as ascending codes into out (room for MAX_LEGAL); their number."""
    cdef int k = 0, r, i, j
    cdef uint64_t m
    cdef uint32_t im, jm
    if s.phase == PH_PLAY:
        m = play_mask(s)
        while m:
            out[k] = MV_PLAY + KZP_CTZ(m)
            k += 1
            m &= m - 1
    elif s.phase == PH_AUCTION:
        out[0] = MV_PASS
        k = 1
        for r in range(NRANKS):
            if bid_refusal(s, r) == RF_OK:
                out[k] = MV_BID + r
                k += 1
    elif s.phase == PH_TALON:
        im = index_mask(s.hand[s.decl])
        while im:
            i = KZP_CTZ(im)
            im &= im - 1
            jm = im
            while jm:
                j = KZP_CTZ(jm)
                jm &= jm - 1
                out[k] = MV_DISCARD + 32 * i + j
                k += 1
    elif s.phase == PH_NAMING:
        for r in range(s.bid, NRANKS):
            if r != MISERE_RANK:
                out[k] = MV_NAME + r
                k += 1
    elif s.phase == PH_WHISTING:
        out[0] = MV_PASS
        out[1] = MV_WHIST
        k = 2
        if half_offered(s):
            out[2] = MV_HALF
            k = 3
    elif s.phase == PH_DEFENCE:
        out[0] = MV_CLOSED
        out[1] = MV_OPEN
        k = 2
    return k


cdef inline int code_phase(int code) noexcept nogil:
    """The phase a move code belongs to (-1: no move; pass belongs to two: PH_AUCTION is returned)."""
    if code < 0 or code >= MV_END:
        return -1
    if code == MV_PASS:
        return PH_AUCTION
    if code == MV_WHIST or code == MV_HALF:
        return PH_WHISTING
    if code == MV_CLOSED or code == MV_OPEN:
        return PH_DEFENCE
    if MV_BID <= code < MV_BID + NRANKS:
        return PH_AUCTION
    if MV_NAME <= code < MV_NAME + NRANKS:
        return PH_NAMING
    if code >= MV_DISCARD:
        if ((code - MV_DISCARD) >> 5) < ((code - MV_DISCARD) & 31):
            return PH_TALON
        return -1
    if MV_PLAY + 7 <= code < MV_PLAY + 64 and 7 <= (code & 15) <= 14:
        return PH_PLAY
    return -1


cdef inline int pref_check_seat(const PState *s, int seat) noexcept nogil:
    """The first two refusals: game_over, not_your_turn."""
    if s.phase == PH_OVER:
        return RF_GAME_OVER
    if seat != pref_actor(s):
        return RF_NOT_YOUR_TURN
    return RF_OK


cdef inline int pref_check_phase(const PState *s, int code) noexcept nogil:
    """wrong_phase for a well-formed move code (not_legal for none)."""
    cdef int ph = code_phase(code)
    if ph < 0:
        return RF_NOT_LEGAL
    if ph == s.phase or (code == MV_PASS and s.phase == PH_WHISTING):
        return RF_OK
    return RF_WRONG_PHASE


cdef inline int pref_check_move(const PState *s, int code) noexcept nogil:
    """The checks by kind, for a code of the current phase."""
    cdef int c, r
    cdef uint64_t h, pair
    if s.phase == PH_AUCTION:
        if code == MV_PASS:
            return RF_OK
        return bid_refusal(s, code - MV_BID)
    if s.phase == PH_TALON:
        pair = pbit(index_card((code - MV_DISCARD) >> 5)) | pbit(index_card((code - MV_DISCARD) & 31))
        return RF_OK if (s.hand[s.decl] & pair) == pair else RF_CARD_NOT_HELD
    if s.phase == PH_NAMING:
        r = code - MV_NAME
        return RF_BAD_CONTRACT if (r == MISERE_RANK or r < s.bid) else RF_OK
    if s.phase == PH_WHISTING:
        if code == MV_HALF and not half_offered(s):
            return RF_BAD_CALL
        return RF_OK
    if s.phase == PH_DEFENCE:
        return RF_OK
    # play
    c = code - MV_PLAY
    h = s.hand[s.turn]
    if not (h & pbit(c)):
        return RF_CARD_NOT_HELD
    if s.led >= 0 and (c >> 4) != s.led:
        if h & psuit(s.led):
            return RF_MUST_FOLLOW
        if s.trump >= 0 and (c >> 4) != s.trump and (h & psuit(s.trump)):
            return RF_MUST_TRUMP
    return RF_OK


cdef inline int pref_check(const PState *s, int seat, int code) noexcept nogil:
    """Every refusal of (seat, code) in the rules' order; RF_OK when legal."""
    cdef int rf = pref_check_seat(s, seat)
    if rf == RF_OK:
        rf = pref_check_phase(s, code)
    if rf == RF_OK:
        rf = pref_check_move(s, code)
    return rf


# -- moving ---------------------------------------------------------------------

cdef inline void start_trick(PState *s, int leader, int talon_card) noexcept nogil:
    s.leader = leader
    s.turn = leader
    s.nplayed = 0
    s.lead_card = talon_card
    s.led = (talon_card >> 4) if talon_card >= 0 else -1


cdef inline void start_play(PState *s) noexcept nogil:
    s.phase = PH_PLAY
    s.ntricks = 0
    if s.kind == KD_RASPASY and s.p.rtalon != RT_NONE:
        s.talon_up = 1
        start_trick(s, 0, s.talon[0])
    else:
        start_trick(s, 0, -1)


cdef inline void open_lone(PState *s) noexcept nogil:
    s.defence = DF_OPEN
    s.reveal = (1 << s.w1) | (1 << s.w2)


cdef inline void to_defence(PState *s, int lone) noexcept nogil:
    """One whister is left: the defence phase, or play at the fixed mode."""
    s.lone = lone
    s.whisters = 1 << lone
    if s.p.lone_whist == LW_CHOICE:
        s.phase = PH_DEFENCE
        s.turn = lone
    else:
        if s.p.lone_whist == LW_OPEN:
            open_lone(s)
        else:
            s.defence = DF_CLOSED
        start_play(s)


cdef inline void end_deal(PState *s, int outcome) noexcept nogil:
    s.phase = PH_OVER
    s.outcome = outcome


cdef inline void do_auction(PState *s, int code) noexcept nogil:
    cdef int t = s.turn, b = 1 << t, r, j, live
    s.auc_who[s.nauction] = <signed char>t
    if code == MV_PASS:
        s.auc_call[s.nauction] = -1
        s.passed |= b
    else:
        r = code - MV_BID
        s.auc_call[s.nauction] = <signed char>r
        s.bidders |= b
        if r == MISERE_RANK:
            s.miserers |= b
        s.high = r
        s.high_by = t
    s.nauction += 1
    live = 7 & ~s.passed
    if s.high < 0:
        if live == 0:
            s.kind = KD_RASPASY
            s.decl = -1
            start_play(s)
            return
    elif live == (1 << s.high_by):
        s.decl = s.high_by
        s.bid = s.high
        s.phase = PH_TALON
        s.turn = s.decl
        s.talon_up = 2
        s.hand[s.decl] |= pbit(s.talon[0]) | pbit(s.talon[1])
        if s.bid == MISERE_RANK:
            s.kind = KD_MISERE
            s.contract = MISERE_RANK
        else:
            s.kind = KD_GAME
        return
    for j in range(1, 4):
        if not (s.passed & (1 << ((t + j) % 3))):
            s.turn = (t + j) % 3
            return


cdef inline void do_discard(PState *s, int code) noexcept nogil:
    cdef uint64_t pair = pbit(index_card((code - MV_DISCARD) >> 5)) | pbit(index_card((code - MV_DISCARD) & 31))
    s.hand[s.decl] &= ~pair
    s.discard = pair
    if s.kind == KD_MISERE:
        s.defence = DF_OPEN
        s.reveal = 7 & ~(1 << s.decl)
        start_play(s)
    else:
        s.phase = PH_NAMING


cdef inline void do_name(PState *s, int code) noexcept nogil:
    cdef int r = code - MV_NAME
    s.contract = r
    s.trump = rank_trump(r)
    s.w1 = (s.decl + 1) % 3
    s.w2 = (s.decl + 2) % 3
    if rank_level(r) == 10 and s.p.ten_checked:
        s.whisters = (1 << s.w1) | (1 << s.w2)
        s.defence = DF_OPEN
        s.reveal = s.whisters
        start_play(s)
    elif s.p.stalingrad and r == 0:
        s.whisters = (1 << s.w1) | (1 << s.w2)
        s.defence = DF_CLOSED
        start_play(s)
    else:
        s.phase = PH_WHISTING
        s.wstate = WS_W1
        s.turn = s.w1


cdef inline void do_whist(PState *s, int code) noexcept nogil:
    s.call_who[s.ncalls] = <signed char>s.turn
    s.call_what[s.ncalls] = <signed char>code
    s.ncalls += 1
    if s.wstate == WS_W1:
        s.wstate = WS_W2
        s.turn = s.w2
    elif s.wstate == WS_W2:
        if s.call_what[0] == MV_WHIST:
            if code == MV_WHIST:
                s.whisters = (1 << s.w1) | (1 << s.w2)
                s.defence = DF_CLOSED
                start_play(s)
            else:
                to_defence(s, s.w1)
        elif code == MV_WHIST:
            to_defence(s, s.w2)
        elif code == MV_PASS:
            end_deal(s, OC_PASSED)
        else:
            s.wstate = WS_RETURN
            s.turn = s.w1
    else:
        if code == MV_WHIST:
            to_defence(s, s.w1)
        else:
            end_deal(s, OC_HALF)


cdef inline void do_play(PState *s, int code) noexcept nogil:
    cdef int c = code - MV_PLAY, t = s.turn, j, w, best, cs, k
    s.hand[t] &= ~pbit(c)
    s.play_who[s.nplayed] = <signed char>t
    s.play_card[s.nplayed] = <signed char>c
    if s.nplayed == 0 and s.led < 0:
        s.led = c >> 4
    s.nplayed += 1
    if s.ntricks == 0 and s.nplayed == 1 and s.reveal:
        s.opened = s.reveal
        if s.lone >= 0 and s.defence == DF_OPEN:
            # the open lone whister chooses the passer's cards from now on
            s.ctrl[s.w1 + s.w2 - s.lone] = s.lone
    if s.nplayed < 3:
        s.turn = (t + 1) % 3
        return
    # the trick is complete: the highest trump, else the highest card of the led suit
    w = -1
    best = -1
    for j in range(3):
        cs = s.play_card[j] >> 4
        if s.trump >= 0 and cs == s.trump:
            k = 100 + s.play_card[j]
        elif cs == s.led:
            k = s.play_card[j]
        else:
            k = -1
        if k > best:
            best = k
            w = s.play_who[j]
    s.won[w] += 1
    k = s.ntricks
    s.t_talon[k] = <signed char>s.lead_card
    for j in range(3):
        s.t_who[3 * k + j] = s.play_who[j]
        s.t_card[3 * k + j] = s.play_card[j]
    s.t_win[k] = <signed char>w
    s.ntricks = k + 1
    if s.ntricks == 10:
        s.nplayed = 0
        s.leader = -1
        s.lead_card = -1
        s.led = -1
        end_deal(s, OC_RASPASY if s.kind == KD_RASPASY else (OC_MISERE if s.kind == KD_MISERE else OC_GAME))
        return
    if s.kind == KD_RASPASY and s.p.rtalon != RT_NONE and s.ntricks <= 2:
        if s.ntricks == 1:
            s.talon_up = 2
            start_trick(s, 0 if s.p.rtalon == RT_FIRST_HAND else w, s.talon[1])
        else:
            start_trick(s, 0 if s.p.rtalon == RT_FIRST_HAND else w, -1)
    else:
        start_trick(s, w, -1)


cdef inline void pref_do(PState *s, int code) noexcept nogil:
    """Apply a legal move code (the caller checked it)."""
    if s.phase == PH_PLAY:
        do_play(s, code)
    elif s.phase == PH_AUCTION:
        do_auction(s, code)
    elif s.phase == PH_TALON:
        do_discard(s, code)
    elif s.phase == PH_NAMING:
        do_name(s, code)
    elif s.phase == PH_WHISTING:
        do_whist(s, code)
    else:
        if code == MV_OPEN:
            open_lone(s)
        else:
            s.defence = DF_CLOSED
        start_play(s)
    s.ply += 1


cdef inline int pref_apply(PState *s, int seat, int code) noexcept nogil:
    """Check then apply; the refusal (RF_OK when applied). A refused move changes nothing."""
    cdef int rf = pref_check(s, seat, code)
    if rf == RF_OK:
        pref_do(s, code)
    return rf


cdef inline int pref_random(const PState *s, uint64_t *rng) noexcept nogil:
    """A uniformly random legal move code (the play phase picks from the mask without a list)."""
    cdef int out[MAX_LEGAL]
    cdef int k
    cdef uint64_t m
    if s.phase == PH_PLAY:
        m = play_mask(s)
        k = fast_below(rng, KZP_POPCOUNT(m))
        while k:
            m &= m - 1
            k -= 1
        return MV_PLAY + KZP_CTZ(m)
    k = pref_legal(s, out)
    return out[fast_below(rng, k)]
