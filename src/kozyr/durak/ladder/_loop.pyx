"""The ladder's nogil loop: whole deals of any table, dealt, played and scored in C.

`Runner` holds a `Plan` (how to deal, the table's Rules as C, and the run's
resolved sides) that worker threads share read-only, built from a
`kozyr.durak.ladder.job.Job`; `Runner.chunk` plays consecutive deals with the
GIL released and writes their outcomes into numpy arrays. Everything a deal
needs (its shuffle, the rung-1 words, the view handed to the rung) is computed
here from the deal's index alone, so the arrays do not depend on chunking or
workers. Deal i is played `width` times, game q in rotation r (side j in seat
(j + r) % N): at `Rules()` r = (i + q) % 2 (side a in seat i % 2, then the
other with pairs), at a table r = q. `play_seeded` plays one deal from an
explicit seed the same way.

One decision loop, `play_out`, plays every table and every side through the
rules' State. Two rungs 1 to 3 at `Rules()` (the ladder's main job) play in
the duel (_duel.pxd) instead: the rules in the bout's own variables, one copy
of the loop per pairing, the private fast path of the two-seat game (chosen
here, never by a caller). `_duel_agrees`, a test hook, plays deals both ways.

A deal that goes wrong (a user's bot answers a non-move, an illegal move, too
slowly, or raises) stops the chunk; the C loop notes the deal, its game and
rotation, the seat and the ply (a `Fault`), and `Runner.chunk` raises the one
refusal `kozyr.durak.ladder.faults.fault` builds from them and the job, with
the replay that reproduces it.

The rules come in inline from core/rules.pxd, core/deal.pxd and _duel.pxd, the words
from core/seeds.pxd, the bots' decisions from rungs.pxd: no call across modules per
decision.
"""
from libc.stdint cimport int8_t, int16_t, int32_t, uint32_t, uint64_t
from libc.stdlib cimport calloc, free
from libc.string cimport memcpy
from posix.time cimport CLOCK_MONOTONIC, clock_gettime, timespec

from kozyr.durak.core.deal cimport (
    shuffle_rng, shuffle_seed, st_deal_rng, st_deal_rng_table, st_deal_seed, st_deal_seed_table,
)
from kozyr.durak.bots._duel cimport (
    Duel, Player, duel, duel_deal, duel_deal_rng, duel_from_state, duel_into_state, duel_sha_word,
    pw_sequence,
)
from cpython.object cimport PyObject
from kozyr.durak.bots._capsules cimport native_pointers

from kozyr.durak.core.gameview cimport GameView
from kozyr.durak.core.gameview import table_of
from kozyr.durak.core.rules cimport (
    st_apply, st_apply_legal, st_ask, st_legal, st_table_ask, st_turn, st_view, st_view_turn,
)
from kozyr.durak.core.seeds cimport (
    TEXT_MAX, WORD_BUF, fast_word, kz_sha256_any, mix64, put_uint, sha_word, seat_tail, word_head,
)
from kozyr.durak.core.state cimport MAX_MOVES as HARNESS_MOVES, Sink, State, Table
from kozyr.durak.core.view cimport MAX_LEGAL, N_KINDS, OUT_DRAW, OUT_NONE, Ask, DView, TableAsk, bot_fn
from kozyr.durak.bots.rung4 cimport R4Params, R4Scratch, r4_alloc, r4_best, r4_params, r4_release, r4_scratch
from kozyr.durak.bots.rungs cimport RungParams, ask_move, best_move, params_from, table_move
from kozyr.durak.core.engine cimport Game


from kozyr.durak.seeds import DEALS, MIX_STEP as _MIX_STEP, SEAT_STEP as _SEAT_STEP, base_key, prefix
from kozyr.durak.moves import Move
from kozyr.durak.ladder import faults
from kozyr.errors import KozyrError, shown, whole

__all__ = ["Runner", "play_seeded", "rollout", "MAX_MOVES"]

cdef extern from *:
    """
    /* A stop flag written by one thread and read by the loop in another. */
    static inline int kz_flag_get(const int *p) { return __atomic_load_n(p, __ATOMIC_RELAXED); }
    static inline void kz_flag_set(int *p, int v) { __atomic_store_n(p, v, __ATOMIC_RELAXED); }
    """
    int kz_flag_get(const int *p) noexcept nogil
    void kz_flag_set(int *p, int v) noexcept nogil

cdef inline double kz_seconds() noexcept nogil:
    """Seconds on a monotonic clock, for a bot's per-decision time limit."""
    cdef timespec t
    clock_gettime(CLOCK_MONOTONIC, &t)
    return <double>t.tv_sec + 1e-9 * <double>t.tv_nsec

cdef enum:
    DEAL_FAST = 0
    DEAL_SHA = 1
    DEAL_REF = 2
    WORDS_DEAL = 0        # rung int: per-deal bot seeds from the ladder
    WORDS_SHA = 1         # a Bot: SHA-256 words from its own seed
    WORDS_FAST = 2        # a Bot(fast=True): the mix keyed by its seed
    PREFIX_MAX = 48       # "<seed>-" or "<seed>:" of a ladder
    DEAL_TEXT = 72        # prefix + the deal index's digits
    MAX_MOVES_C = HARNESS_MOVES   # a deal longer than this is an engine or bot fault (core/state.pxd)
    # what went wrong in a deal (Fault.kind, Seat.fault), read by faults.py as FAULTS[kind]
    F_ENGINE = 0          # a rung had no move, a move was refused, memory ran out, rung 4 stopped
    F_ILLEGAL = 1         # a native bot answered a code not in its legal list
    F_SLOW = 2            # a native bot answered after its time limit
    F_PLAYER = 3          # a Python player: non-move, illegal, slow or raised (Runner.error says which)
    F_RUNAWAY = 4         # the deal ran past MAX_MOVES_C moves

MAX_MOVES = MAX_MOVES_C
cdef uint64_t MIX_STEP = _MIX_STEP
cdef uint64_t SEAT_STEP = _SEAT_STEP
cdef dict _WORDS = {"deal": WORDS_DEAL, "sha": WORDS_SHA, "fast": WORDS_FAST}
# Every Move is interned (Move.from_code); a Python player almost always answers with one taken from
# its view's legal list, so the answer is first matched by identity against these, code by code, with no
# Python-level work; only a Move built anew or a text goes the slow way (Move.code, Move.parse).
cdef list _INTERNED = [None] * (N_KINDS << 6)
cdef PyObject *_MOVE_PTR[N_KINDS << 6]
for _code in range(N_KINDS << 6):
    try:
        _INTERNED[_code] = Move.from_code(_code)
    except KeyError:
        pass
    _MOVE_PTR[_code] = <PyObject *>_INTERNED[_code]

cdef struct CSide:
    int rung              # 1..4, 0 for a Python player, -1 for a native bot
    bot_fn native         # rung -1: the bot's C function
    const void *state     # rung -1: its data (or NULL)
    void *player          # rung 0: the Python callable view -> Move (a reference the Runner holds)
    void *runner          # rung 0: the Runner, which keeps the first error a player raised
    double timeout        # rungs 0 and -1: seconds one decision may take (0: no limit)
    RungParams p
    R4Params r4           # rung 4's settings (its playouts' thresholds are p)
    int words             # WORDS_*
    uint64_t key          # WORDS_FAST
    int textlen           # WORDS_SHA: the bot seed's bytes
    unsigned char text[TEXT_MAX]


cdef struct Plan:
    int deal              # DEAL_*
    uint64_t key          # DEAL_FAST: the base key of the seed
    int prefixlen
    unsigned char prefix[PREFIX_MAX]
    Table table           # the Rules as C
    int n                 # seats = sides
    int cap               # the moves after which a deal is stopped
    bint runaway          # the two-seat game: a deal at the cap is an engine or bot fault, not a result
    int width             # games a deal: 1 (two seats, alternating), 2 (both seatings) or n (every rotation)
    bint alternate        # deal i's first game is rotation i % n (else rotation 0)
    bint duel             # two rungs 1 to 3 at the two-seat game: the duel plays them (_duel.pxd)
    CSide side[6]         # side j of the run


cdef struct Outcome:
    int8_t losers         # the losing team's sides as bits (0: a draw; T_CAPPED: capped)
    int32_t moves
    int16_t bouts
    int8_t largest
    int32_t order         # the sides in the order they went out: 3 bits a place (T_NONE: nobody)
    int fault             # a failed deal: F_*, the seat on turn, the ply, a native bot's answer
    int seat
    int ply
    int answer


cdef enum:
    T_CAPPED = -1         # losers of a deal stopped at the harness's move cap: no result
    T_NONE = 7            # a place of the packed out order that nobody took


cdef struct Fault:
    long long deal        # the failed deal's index (from 1); 0: none
    int game              # which of the deal's games (0 .. width - 1)
    int rotation          # its rotation: side j in seat (j + rotation) % n (two seats: side a's seat)
    int kind              # F_*
    int seat              # the seat on turn
    int ply
    int answer            # F_ILLEGAL: the code the native bot answered


cdef struct Seat:
    const CSide *side
    bint fast             # words from the mix with `key`, else SHA-256 of buf
    uint64_t key
    int head              # buf holds `<bot seed>:<seat + 1>:`, head bytes
    unsigned char buf[WORD_BUF]
    int fault             # F_* of this seat's failed decision
    int answer            # the code a native bot answered there
    # rung 4: its endgame table (emptied at every decision) and its search key
    R4Scratch sc
    uint64_t key4


cdef int rung4_start(Seat *seats, int n, const int *stop) noexcept nogil:
    """Before a deal of n seats (two, or a table's): each rung-4 seat's table, tree pool and key, and the stop
    flag its search looks at (NULL: none); -1 out of memory."""
    cdef int seat
    for seat in range(n):
        r4_scratch(&seats[seat].sc, NULL)       # nothing to free (rung4_end) but what is given below
    for seat in range(n):
        if seats[seat].side.rung != 4:
            continue
        seats[seat].sc.stop = stop
        if r4_alloc(&seats[seat].sc, seats[seat].side.r4.endgame, seats[seat].side.r4.tree != 0) != 0:
            return -1
        if seats[seat].fast:
            seats[seat].key4 = seats[seat].key
        else:
            seats[seat].key4 = ((<uint64_t>sha_word(seats[seat].buf, seats[seat].head, 0) << 32)
                                | sha_word(seats[seat].buf, seats[seat].head, 1))
    return 0


cdef void rung4_end(Seat *seats, int n) noexcept nogil:
    cdef int seat
    for seat in range(n):
        r4_release(&seats[seat].sc)


cdef int seat_move(Seat *st, const State *s, int t) noexcept nogil:
    """The move of seat t when its side is not rung 1 to 3 (both loops, two seats and tables): rung 4
    from its seat's full view; a Python player or a native bot from theirs, the answer checked against
    its legal list. -1 when it has none or went wrong (then the seat's fault says which)."""
    cdef DView v
    cdef int m
    if st.side.rung == 4:
        st_view_turn(s, &v)
        return r4_best(&v, &st.side.r4, st.key4, &st.sc)
    if st.side.rung == 0:
        m = ask_player(st.side, s)
    else:
        m = ask_native(st.side, s, fast_word(st.key, t, s.ply) if st.fast else sha_word(st.buf, st.head, s.ply),
                       &st.answer)
    if m < 0:
        st.fault = F_PLAYER if st.side.rung == 0 else (F_SLOW if m == -2 else F_ILLEGAL)
    return m


cdef inline int biggest_hand(const State *s, int big) noexcept nogil:
    cdef int k
    for k in range(s.n):
        if s.count[k] > big:
            big = s.count[k]
    return big


cdef int play_out(State *s, Seat *seats, int cap, bint runaway, int *largest) noexcept nogil:
    """Play a dealt State to its end through the rules' State, any sides at any table: the one decision
    loop (two rungs 1 to 3 at the two-seat game play in _duel.pxd instead: play_dealt). 0; 1 when it
    reached `cap` moves (stopped there, no result; with `runaway`, the two-seat game, that is a fault
    instead: -1, the seat's fault F_RUNAWAY); -1 when a bot had no move or went wrong (its seat's fault
    says which).

    Rung 1 takes legal[word mod n] of the seat's whole legal list (at a perevodnoy table the list holds
    transfers and shows too); rungs 2 and 3 read only the decision's Ask (st_ask: hand, legal cards, the
    extra move and swap as flags, trump, talon, bout size), and at a table their table rules' facts
    (st_table_ask); the tests' `cards_view_agrees` probe checks the Ask against the rungs on the full
    view, decision by decision. Rung 4 decides from its seat's full view alone (rung4.pxd: the view
    carries the public memory it searches from). Python players and native bots get the full view
    (ask_player, ask_native), their answers checked against the legal list. A bot's move comes from the
    legal list it was shown, so it is applied without re-validation (st_apply_legal). Hands grow only
    when a bout closes, so the largest hand is looked at then.
    """
    cdef Ask a
    cdef TableAsk ta
    cdef Seat *st
    cdef int legal[MAX_LEGAL]
    cdef int t, m, n, rung, bouts = -1, big = biggest_hand(s, 0)
    cdef uint32_t w
    while s.outcome == OUT_NONE:
        t = st_turn(s)
        if s.bouts != bouts:
            bouts = s.bouts
            big = biggest_hand(s, big)
        st = &seats[t]
        rung = st.side.rung
        if rung <= 0 or rung == 4:
            m = seat_move(st, s, t)
        elif rung == 1:
            n = st_legal(s, legal)
            if n <= 0:
                return -1
            w = fast_word(st.key, t, s.ply) if st.fast else sha_word(st.buf, st.head, s.ply)
            m = legal[w % <unsigned int>n]
        else:
            st_ask(s, &a)
            if s.two_seat:
                m = ask_move(&a, rung, 0, &st.side.p)
            else:
                st_table_ask(s, t, &a, &ta)
                m = table_move(&a, &ta, rung, &st.side.p)
        if m < 0:
            return -1
        if s.moves >= cap:
            largest[0] = biggest_hand(s, big)
            if runaway:
                st.fault = F_RUNAWAY
                return -1
            return 1
        st_apply_legal(s, t, m)
    largest[0] = biggest_hand(s, big)
    return 0


cdef inline bint duel_sides(const CSide *a, const CSide *b) noexcept nogil:
    """Two rungs 1 to 3: the pairing the duel plays."""
    return 1 <= a.rung <= 3 and 1 <= b.rung <= 3


cdef inline void duel_players(const Seat *seats, Player *pl) noexcept nogil:
    cdef int seat
    for seat in range(2):
        pl[seat].rung = seats[seat].side.rung
        pl[seat].p = &seats[seat].side.p
        pl[seat].fast = seats[seat].fast
        pl[seat].key = seats[seat].key
        pl[seat].head = seats[seat].head
        pl[seat].buf = <unsigned char *>seats[seat].buf
        pl[seat].sha = duel_sha_word


cdef int play_dealt(State *s, Seat *seats, int *largest, const int *stop) noexcept nogil:
    """Play a dealt two-seat State to its end (play_seeded, and the tests' duel check): two rungs 1 to 3
    in the specialised duel, any other pairing through play_out; 0, or -1 (a bot had no move, the deal
    ran away, rung 4's table could not be allocated, or `stop` (NULL: none) stopped rung 4's search)."""
    cdef Player pl[2]
    cdef Duel g
    cdef State dealt
    cdef int k
    if duel_sides(seats[0].side, seats[1].side):
        duel_players(seats, pl)
        dealt = s[0]
        duel_from_state(&g, s)
        k = duel(&g, seats[0].side.rung, seats[1].side.rung, &pl[0], &pl[1])
        if k != 0:
            # an engine fault (never, in a correct engine): the general loop plays the deal
            # again, so that the State and the seats say where and what it was
            s[0] = dealt
            play_out(s, seats, MAX_MOVES_C, True, largest)
            return -1
        duel_into_state(&g, s)
        largest[0] = g.big
        return 0
    if rung4_start(seats, 2, stop) != 0:
        rung4_end(seats, 2)
        return -1
    k = play_out(s, seats, MAX_MOVES_C, True, largest)
    rung4_end(seats, 2)
    return 0 if k == 0 else -1


cdef void bot_words(Seat *st, const CSide *side, int seat) noexcept nogil:
    """Words of a Bot: its own seed, in every deal."""
    st.side = side
    st.fault = F_ENGINE
    st.fast = side.words == WORDS_FAST
    st.key = side.key
    st.head = word_head(st.buf, side.text, side.textlen, seat) if side.words == WORDS_SHA else 0


cdef int deal_text(const Plan *pl, long long i, unsigned char *text, unsigned char *seed32,
                   uint64_t *base) noexcept nogil:
    """What deal i (from 1) of the plan is dealt from: in the fast mode the base key (*base),
    else the deal's text (its length returned) and its 32-byte seed."""
    cdef int tlen, k
    if pl.deal == DEAL_FAST:
        base[0] = mix64(pl.key + <uint64_t>i * MIX_STEP)
        return 0
    memcpy(text, pl.prefix, pl.prefixlen)
    tlen = pl.prefixlen + put_uint(text + pl.prefixlen, <unsigned long long>i)
    if pl.deal == DEAL_REF:
        memcpy(seed32, text, tlen)
        for k in range(tlen, 32):
            seed32[k] = 32
    else:
        kz_sha256_any(text, tlen, seed32)
    return tlen


cdef void deal_words(const Plan *pl, int r, Seat *seats, const unsigned char *text, int tlen,
                     uint64_t base) noexcept nogil:
    """Each seat's words in a deal (text and base from deal_text), rotation r: side j in seat (j + r) % n
    (at two seats, side a in seat r)."""
    cdef int seat, j, n = pl.n
    for seat in range(n):
        j = seat - r
        if j < 0:
            j += n
        bot_words(&seats[seat], &pl.side[j], seat)
        # rung ints draw their words from per-deal bot seeds; rungs 2 and 3 read no words (they
        # choose by their settings alone), so theirs are not made: in a deal of rung 3 against
        # rung 2 that was a fifth of the deal's own work besides the shuffle
        if seats[seat].side.words != WORDS_DEAL or 2 <= seats[seat].side.rung <= 3:
            continue
        if pl.deal == DEAL_FAST:
            seats[seat].fast = True
            seats[seat].key = mix64(base + <uint64_t>(seat + 1) * SEAT_STEP)
        else:
            # bot seed `<deal text>:bot<seat + 1>`, then `:<seat + 1>:`
            memcpy(seats[seat].buf, text, tlen)
            memcpy(seats[seat].buf + tlen, b":bot", 4)
            seats[seat].buf[tlen + 4] = <unsigned char>(49 + seat)
            seats[seat].head = seat_tail(seats[seat].buf, tlen + 5, seat)


cdef void deal_for(const Plan *pl, long long i, int r, State *s, Seat *seats) noexcept nogil:
    """Deal i (from 1) of the plan into s, and each seat's words, with rotation r. They depend on i
    alone: every rotation plays the same cards."""
    cdef uint64_t rng, base = 0
    cdef unsigned char text[DEAL_TEXT]
    cdef unsigned char seed32[32]
    cdef int tlen = deal_text(pl, i, text, seed32, &base)
    if pl.deal == DEAL_FAST:
        rng = base
        st_deal_rng_table(s, &pl.table, &rng)
    else:
        st_deal_seed_table(s, &pl.table, seed32, b"1", 1)
    deal_words(pl, r, seats, text, tlen, base)


cdef void duel_deal_for(const Plan *pl, long long i, int r, Duel *g, Seat *seats) noexcept nogil:
    """deal_for for the duel: the same deal, shuffled by power straight into g (no State)."""
    cdef uint64_t rng, base = 0
    cdef unsigned char text[DEAL_TEXT]
    cdef unsigned char seed32[32]
    cdef int cards[36]
    cdef int tlen = deal_text(pl, i, text, seed32, &base)
    if pl.deal == DEAL_FAST:
        rng = base
        duel_deal_rng(g, &rng)                        # shuffle_rng and duel_deal in one pass
    else:
        pw_sequence(cards)
        shuffle_seed(cards, 36, seed32, b"1", 1)      # deal number 1 of the seed, as st_deal_seed(.., 1)
        duel_deal(g, cards)
    deal_words(pl, r, seats, text, tlen, base)


cdef int failed_at(const State *s, const Seat *seats, int n, Outcome *out) noexcept nogil:
    """Where and what went wrong in a deal that stopped (the State as it stopped) into *out; -1."""
    out.seat = st_turn(s)
    out.ply = s.ply
    out.fault = seats[out.seat].fault if 0 <= out.seat < n else F_ENGINE
    out.answer = seats[out.seat].answer if 0 <= out.seat < n else -1
    return -1


cdef int play_rotation(const Plan *pl, long long i, int r, Outcome *out, const int *stop) noexcept nogil:
    """Deal i (from 1) with rotation r (side j in seat (j + r) % n) into *out; 0, or -1 when a bot went
    wrong (where and what in *out) or `stop` stopped a rung-4 search. Two rungs 1 to 3 at the two-seat
    game play in the duel, which knows the fool but not the order of going out: the plan asks for it
    only when no one reads the order."""
    cdef State s
    cdef Seat seats[6]
    cdef Player players[2]
    cdef Duel g
    cdef int big = 0, k, seat, side, n = pl.n, bits = 0
    cdef uint32_t order = 0
    if pl.duel:
        duel_deal_for(pl, i, r, &g, seats)
        duel_players(seats, players)
        if duel(&g, seats[0].side.rung, seats[1].side.rung, &players[0], &players[1]) != 0:
            # an engine fault (never, in a correct engine): the general loop plays the deal again,
            # so that the State and the seats say where and what it was
            deal_for(pl, i, r, &s, seats)
            play_out(&s, seats, pl.cap, True, &big)
            return failed_at(&s, seats, 2, out)
        out.losers = 0 if g.outcome == OUT_DRAW else <int8_t>(1 << (g.fool ^ r))
        out.order = 0
        out.moves = g.moves
        out.bouts = <int16_t>g.bouts
        out.largest = <int8_t>g.big
        return 0
    deal_for(pl, i, r, &s, seats)
    if rung4_start(seats, n, stop) != 0:
        rung4_end(seats, n)
        out.fault, out.seat, out.ply, out.answer = F_ENGINE, st_turn(&s), s.ply, -1
        return -1
    k = play_out(&s, seats, pl.cap, pl.runaway, &big)
    rung4_end(seats, n)
    if k < 0:
        return failed_at(&s, seats, n, out)
    if k > 0:
        bits = T_CAPPED
    else:
        for seat in range(n):
            if (s.losers >> seat) & 1:
                side = seat - r
                if side < 0:
                    side += n
                bits |= 1 << side
    for k in range(6):
        if k < s.nout:
            side = s.outs[k] - r
            if side < 0:
                side += n
        else:
            side = T_NONE
        order |= (<uint32_t>side) << (3 * k)
    out.losers = <int8_t>bits
    out.order = <int32_t>order
    out.moves = s.moves
    out.bouts = <int16_t>s.bouts
    out.largest = <int8_t>big
    return 0


cdef long long play_chunk(const Plan *pl, long long first, long long count, int8_t *losers,
                          int32_t *moves, int16_t *bouts, int8_t *largest, int32_t *order,
                          const int *stop, Fault *fault) noexcept nogil:
    """Deals first+1 .. first+count into the arrays from 0, `width` games a deal: deal first+1+k's game q
    (rotation (i % n + q) % n when the plan alternates, else q) at k * width + q; `order` NULL when no
    one reads it. The first failing deal (described in *fault), 0, or -1 when *stop was set (checked
    before every game)."""
    cdef long long k, i, at
    cdef int q, r, start
    cdef Outcome o
    for k in range(count):
        i = first + k + 1
        start = <int>(i % pl.n) if pl.alternate else 0
        for q in range(pl.width):
            if kz_flag_get(stop):
                return -1
            r = start + q
            if r >= pl.n:
                r -= pl.n
            if play_rotation(pl, i, r, &o, stop) != 0:
                if kz_flag_get(stop):
                    return -1
                fault.deal = i
                fault.game = q
                fault.rotation = r
                fault.kind = o.fault
                fault.seat = o.seat
                fault.ply = o.ply
                fault.answer = o.answer
                return i
            at = k * pl.width + q
            losers[at] = o.losers
            moves[at] = o.moves
            bouts[at] = o.bouts
            largest[at] = o.largest
            if order != NULL:
                order[at] = o.order
    return 0


cdef inline int ask_native(const CSide *side, const State *s, unsigned int word, int *raw) noexcept nogil:
    """A native bot's move on the full view of the seat on turn (its answer also in *raw); -1
    unless it is in the legal list, -2 when it came after the side's time limit."""
    cdef DView v
    cdef int m, i
    cdef double t0 = 0
    st_view_turn(s, &v)
    if side.timeout > 0:
        t0 = kz_seconds()
    m = side.native(&v, word, side.state)
    raw[0] = m
    if side.timeout > 0 and kz_seconds() - t0 > side.timeout:
        return -2
    for i in range(v.nlegal):
        if v.legal[i] == m:
            return m
    return -1


cdef int ask_player(const CSide *side, const State *s) noexcept with gil:
    """A Python player's move in the position: its code, checked against the legal list of
    the view it was shown; -1 after storing what went wrong in the Runner (`faults.Answer`: a
    non-move, a move that is not legal, an answer after the time limit, or what the player
    raised). The player gets a GameView (built in a struct copy)."""
    cdef DView v
    cdef int code = -1, i
    cdef Runner runner = <Runner>side.runner
    cdef double t0 = 0, took
    st_view_turn(s, &v)
    move = None
    try:
        if side.timeout > 0:
            t0 = kz_seconds()
        move = (<object>side.player)(GameView.wrap(&v))
        if side.timeout > 0:
            took = kz_seconds() - t0
            if took > side.timeout:
                runner.fail(faults.Answer("slow", move, seconds=took))
                return -1
        for i in range(v.nlegal):
            if <PyObject *>move is _MOVE_PTR[v.legal[i]]:
                return v.legal[i]
        if isinstance(move, Move):
            code = (<object>move).code
        elif isinstance(move, str):
            try:
                code = (<object>Move.parse(move)).code
            except KozyrError:
                runner.fail(faults.Answer("no_move", move))
                return -1
        else:
            runner.fail(faults.Answer("no_move", move))
            return -1
        for i in range(v.nlegal):
            if v.legal[i] == code:
                return code
        runner.fail(faults.Answer("not_legal", move))
        return -1
    except BaseException as err:
        runner.fail(faults.Answer("raised", move, error=err))
        return -1


cdef int fill_side(CSide *cs, object side, Runner runner, double timeout=0) except -1:
    """Copy a resolved `sides.Side` (rung, Bot, native bot or Python player) into its C form;
    `timeout` (seconds, 0: none) limits each decision of a native bot or a Python player."""
    cdef bytes raw = side.seed
    cs.player = NULL
    cs.native = NULL
    cs.state = NULL
    cs.runner = <void *>runner
    cs.timeout = timeout if side.kind in ("callable", "native") else 0
    if side.kind == "callable":
        runner.players.append(side.player)
        cs.player = <void *>side.player
    elif side.kind == "native":
        runner.players.append(side.player)   # the NativeBot keeps its capsules alive
        native_pointers(side.player.function, side.player.state, &cs.native, &cs.state)
    cs.rung = side.rung
    values = side.params.as_tuple()
    params_from(&cs.p, values)
    r4_params(&cs.r4, values)
    cs.words = _WORDS[side.words]
    cs.key = <uint64_t>side.key
    cs.textlen = len(raw)
    if cs.textlen:
        memcpy(cs.text, <const unsigned char *>raw, cs.textlen)
    return 0


cdef class Runner:
    """A run's Plan held by Python, so that worker threads can share it read-only: the one runner of
    every table.

    `Runner(job)` with a `kozyr.durak.ladder.job.Job` (its resolved sides, Rules, seed, deal mode,
    length, games a deal, a bot's time limit and the move cap). `chunk` plays deals into four arrays
    (losers, moves, bouts, largest) and, when the job keeps it, a fifth (order), `job.width` entries a
    deal; a deal that goes wrong raises the refusal `faults.fault` builds from the job. Two rungs 1 to 3
    at `Rules()` play in the duel (_duel.pxd) when the order of going out is not kept: the private fast
    path of the two-seat game, with the same arrays.
    """
    cdef Plan plan
    cdef int stopped
    cdef public object error       # what the first failing Python player did (a faults.Answer)
    cdef list players              # the Python players, kept alive while the Plan points at them
    cdef readonly bint python      # a side is a Python player: chunks hold the GIL throughout
    cdef readonly object job
    cdef readonly bint order       # chunks take and fill a fifth array, the order of going out
    cdef readonly int seats

    def __init__(self, job):
        cdef bytes pre
        cdef int j
        sides = tuple(job.sides)
        n, deck, opts = table_of(job.rules)
        if not 2 <= n <= 6 or len(sides) != n:
            raise KozyrError("bad_sides", f"{len(sides)} sides for a table of {n} seats", value=len(sides))
        self.job = job
        self.seats = n
        self.order = bool(job.order)
        self.plan.n = n
        self.plan.cap = max(1, min(job.cap, MAX_MOVES_C))
        self.plan.runaway = job.rules.two_seat
        self.plan.width = job.width
        self.plan.alternate = job.alternate
        if not 1 <= self.plan.width <= n:
            raise RuntimeError(f"{self.plan.width} games a deal at a table of {n} seats")   # a Job never asks it
        self.plan.table.seats, self.plan.table.deck, self.plan.table.opts = n, deck, opts
        self.plan.deal = DEALS.index(job.deal)
        self.plan.key = 0
        self.plan.prefixlen = 0
        if self.plan.deal == DEAL_FAST:
            self.plan.key = <uint64_t>base_key(job.seed)
        else:
            pre = prefix(job.seed, job.deal).encode("ascii")
            if self.plan.deal == DEAL_REF and len(pre) + len(str(max(job.deals, 1))) > 32:
                raise KozyrError("bad_seed", f"reference seeds '{pre.decode()}<i>' up to deal {job.deals} "
                                 f"exceed 32 bytes; use a shorter seed", field="seed", value=job.seed)
            self.plan.prefixlen = len(pre)
            memcpy(self.plan.prefix, <const unsigned char *>pre, len(pre))
        self.players = []
        self.error = None
        for j in range(n):
            fill_side(&self.plan.side[j], sides[j], self, job.timeout or 0)
        self.plan.duel = (job.rules.two_seat and not self.order and self.plan.cap == MAX_MOVES_C
                          and duel_sides(&self.plan.side[0], &self.plan.side[1]))
        self.stopped = 0
        self.python = any(side.kind == "callable" for side in sides)

    def fail(self, answer):
        """Keep what a Python player did wrong (the first time only: the deal stops there)."""
        if self.error is None:
            self.error = answer

    def stop(self):
        """Make every running and later `chunk` return before its next game."""
        kz_flag_set(&self.stopped, 1)

    def chunk(self, long long first, long long count, int8_t[::1] losers, int32_t[::1] moves,
              int16_t[::1] bouts, int8_t[::1] largest, int32_t[::1] order=None, *, long long offset=0):
        """Play deals first+1 .. first+count into the arrays from index (first - offset) * width; count
        (0 when stopped: the arrays are then not filled). `order` is given exactly when the job keeps it."""
        cdef long long bad, w = self.plan.width
        cdef long long at = (first - offset) * w
        cdef int32_t *op = NULL
        cdef Fault f
        if (order is not None) != self.order:
            raise KozyrError("bad_chunk", "the order array is given exactly when the job keeps the order")
        if count <= 0:
            return 0
        if first < offset or at + count * w > losers.shape[0] or moves.shape[0] < losers.shape[0] \
                or bouts.shape[0] < losers.shape[0] or largest.shape[0] < losers.shape[0] \
                or (order is not None and order.shape[0] < losers.shape[0]):
            raise KozyrError("bad_chunk", f"deals {first + 1}..{first + count} do not fit arrays of "
                             f"{losers.shape[0]}")
        if order is not None:
            op = &order[at]
        f.deal = 0
        if self.python:
            # A Python player's every decision needs the GIL: holding it for the chunk saves taking
            # it per decision (a mutex and a condition signal each time). Other threads still run:
            # the player's own bytecode hands the GIL over at the interpreter's switch interval.
            bad = play_chunk(&self.plan, first, count, &losers[at], &moves[at], &bouts[at], &largest[at], op,
                             &self.stopped, &f)
        else:
            with nogil:
                bad = play_chunk(&self.plan, first, count, &losers[at], &moves[at], &bouts[at], &largest[at],
                                 op, &self.stopped, &f)
        if bad < 0:
            return 0
        if bad:
            answer, self.error = self.error, None
            if f.kind == F_ILLEGAL:
                answer = faults.native_answer(f.answer)
            raise faults.fault(faults.FAULTS[f.kind], answer, self.job, f.deal, f.game, f.rotation, f.seat, f.ply,
                               self.plan.cap)
        return count


def play_seeded(bytes seed32, a, b, unsigned int number=1, names=None):
    """One deal of the 32-byte seed played in C: side a (a resolved Bot side) in seat 0, b in seat 1.

    A dict: outcome, fool (seat or None), moves, ply, bouts, heap, largest. `names` (two
    resolved sides, default a and b) are the sides a bot's refusal names (a rung int rather
    than the Bot it plays as), so that its replay names them as the caller did.
    """
    cdef State s
    cdef Seat seats[2]
    cdef Plan plan
    cdef int big = 0, bad
    cdef const unsigned char *sp = seed32
    if len(seed32) != 32:
        raise KozyrError("no_seed", f"a seed is 32 bytes, not {len(seed32)}", value=seed32)
    cdef Runner holder = Runner.__new__(Runner)
    holder.players = []
    fill_side(&plan.side[0], a, holder)
    fill_side(&plan.side[1], b, holder)
    with nogil:
        st_deal_seed(&s, sp, number)
        bot_words(&seats[0], &plan.side[0], 0)
        bot_words(&seats[1], &plan.side[1], 1)
        bad = play_dealt(&s, seats, &big, NULL)
    if bad:
        t = st_turn(&s)
        kind = seats[t].fault if 0 <= t <= 1 else F_ENGINE
        answer = faults.native_answer(seats[t].answer) if kind == F_ILLEGAL else holder.error
        raise faults.seeded_fault(faults.FAULTS[kind], answer, names or (a, b), seed32, number, t, s.ply,
                                  MAX_MOVES_C)
    return {
        "outcome": ("running", "fool", "draw", "resign")[s.outcome],
        "fool": None if s.fool < 0 else s.fool,
        "moves": s.moves, "ply": s.ply, "bouts": s.bouts, "heap": s.heap, "largest": big,
    }


def rollout(game, rung, params=None):
    """Play a copy of `game` to its end in C with rung `rung` (2 or 3) at every seat, each deciding
    from its own full view as the rung does everywhere (best_move: at a table, its table rules); the
    seats on the losing side, as a tuple (empty for a draw, and for a deal still running after
    MAX_MOVES moves, which only tables with transfers reach). The game itself does not change.

    A search's leaf evaluation in microseconds rather than a Python loop's milliseconds
    (benchmarks/openspiel_vs_rungs.py: OpenSpiel's ISMCTS with rung playouts on its determinized
    deals). `params` (a `Params`, a mapping, or None: the rules' bots) are the rung's settings."""
    from kozyr.durak.params import Params

    cdef State s
    cdef RungParams p
    cdef DView v
    cdef int m, t, level
    if not isinstance(game, Game):
        raise KozyrError("bad_game", f"a rollout plays a Game, not {shown(game)}", field="game", value=game)
    if type(rung) is not int or rung not in (2, 3):
        raise KozyrError("bad_rung", f"a rollout plays rung 2 or 3 (the rungs without words), not {shown(rung)}",
                         field="rung", value=rung)
    level = rung
    params_from(&p, Params.of(params).as_tuple())
    s = (<Game>game).st
    with nogil:
        while s.outcome == OUT_NONE and s.moves < MAX_MOVES_C:
            t = st_turn(&s)
            st_view_turn(&s, &v)
            m = best_move(&v, level, 0, &p)
            if m < 0:
                break
            st_apply_legal(&s, t, m)
    return tuple(seat for seat in range(s.n) if (s.losers >> seat) & 1)


cdef inline bint same_end(const State *s, const State *t, int big1, int big2) noexcept nogil:
    """Two plays of one deal ended alike, as far as the ladder, play_seeded and the tests read them."""
    return not (s.outcome != t.outcome or s.fool != t.fool or s.moves != t.moves or s.bouts != t.bouts
                or s.ply != t.ply or s.heap != t.heap or s.hand[0] != t.hand[0] or s.hand[1] != t.hand[1]
                or s.count[0] != t.count[0] or s.count[1] != t.count[1] or s.drawn != t.drawn
                or s.six_owner != t.six_owner or s.swapped != t.swapped or s.talon_last != t.talon_last
                or big1 != big2)


def _duel_agrees(job, long long first, long long count):
    """Test hook: deals first+1 .. first+count of a two-seat `job` (a `kozyr.durak.ladder.job.Job` of
    side a against side b, resolved rung or Bot sides, rungs 1 to 3; a in seat i % 2; built by the caller,
    since the job's module imports this one), each played three times: by the specialised duel as the runner deals it (by
    power, no State), by the duel from a dealt State (play_dealt, as play_seeded plays), and by the
    general loop; the deal indices where the States differ in outcome, fool, moves, bouts, ply, heap,
    hands, counts, talon or largest hand (an empty list when they agree)."""
    cdef Runner runner = Runner(job)
    cdef State s, t, u
    cdef Seat seats[2]
    cdef Player players[2]
    cdef Duel g
    cdef long long i
    cdef int big1 = 0, big2 = 0, big3 = 0, r1, r2, r3, r
    bad = []
    if not runner.plan.duel:
        raise KozyrError("bad_side", "the duel plays rungs 1 to 3 at Rules() only")
    for i in range(first + 1, first + count + 1):
        r = <int>(i & 1)
        deal_for(&runner.plan, i, r, &t, seats)
        s = t
        u = t
        r2 = play_out(&t, seats, MAX_MOVES_C, True, &big2)
        deal_for(&runner.plan, i, r, &u, seats)
        r3 = play_dealt(&u, seats, &big3, NULL)
        duel_deal_for(&runner.plan, i, r, &g, seats)
        duel_players(seats, players)
        r1 = duel(&g, seats[0].side.rung, seats[1].side.rung, &players[0], &players[1])
        duel_into_state(&g, &s)
        big1 = g.big
        if r1 != r2 or r3 != r2 or not same_end(&s, &t, big1, big2) or not same_end(&u, &t, big3, big2):
            bad.append(i)
    return bad
