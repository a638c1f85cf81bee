"""The ladder's nogil loop: whole deals of bot against bot, dealt, played and scored in C.

`Runner` holds a `Plan` (how to deal, and the two resolved sides) that worker
threads share read-only; `Runner.chunk` plays consecutive deals with the GIL
released and writes their outcomes into numpy arrays. Everything a deal needs
(its shuffle, the rung-1 words, the view handed to the rung) is computed here
from the deal's index alone, so the arrays do not depend on chunking or
workers. `play_seeded` plays one deal from an explicit seed the same way.

The rules come in inline from _rules.pxd and _deal.pxd, the words from
_seeds.pxd, the bots' decisions from rungs.pxd: no call across modules per
decision.
"""
from libc.stdint cimport int8_t, int16_t, int32_t, uint32_t, uint64_t
from libc.stdlib cimport calloc, free
from libc.string cimport memcpy

from kozyr.durak._deal cimport st_deal_rng, st_deal_seed
from kozyr.durak._memory cimport Memory, mem_event, mem_start
from kozyr.durak._rules cimport st_apply, st_apply_legal, st_legal, st_turn, st_view, st_view_turn
from kozyr.durak._seeds cimport (
    TEXT_MAX, WORD_BUF, fast_word, kz_sha256_any, mix64, put_uint, sha_word, seat_tail, word_head,
)
from kozyr.durak._state cimport Sink, State
from kozyr.durak._view cimport OUT_DRAW, OUT_NONE, DView
from kozyr.durak.rung4 cimport R4_TT_BITS, R4Entry, R4Params, R4Scratch, r4_best
from kozyr.durak.rungs cimport RungParams, best_move

import operator

from kozyr.durak.seeds import DEALS, MIX_STEP as _MIX_STEP, SEAT_STEP as _SEAT_STEP, base_key, prefix, seed_text
from kozyr.errors import KozyrError

__all__ = ["Runner", "play_seeded", "MAX_MOVES"]

cdef extern from *:
    """
    /* A stop flag written by one thread and read by the loop in another. */
    static inline int kz_flag_get(const int *p) { return __atomic_load_n(p, __ATOMIC_RELAXED); }
    static inline void kz_flag_set(int *p, int v) { __atomic_store_n(p, v, __ATOMIC_RELAXED); }
    """
    int kz_flag_get(const int *p) noexcept nogil
    void kz_flag_set(int *p, int v) noexcept nogil

cdef enum:
    DEAL_FAST = 0
    DEAL_SHA = 1
    DEAL_REF = 2
    WORDS_DEAL = 0        # rung int: per-deal bot seeds from the ladder
    WORDS_SHA = 1         # a Bot: SHA-256 words from its own seed
    WORDS_FAST = 2        # a Bot(fast=True): the mix keyed by its seed
    PREFIX_MAX = 48       # "<seed>-" or "<seed>:" of a ladder
    DEAL_TEXT = 72        # prefix + the deal index's digits
    MAX_MOVES_C = 20000   # a deal longer than this is an engine or bot fault

MAX_MOVES = MAX_MOVES_C
cdef uint64_t MIX_STEP = _MIX_STEP
cdef uint64_t SEAT_STEP = _SEAT_STEP
cdef dict _WORDS = {"deal": WORDS_DEAL, "sha": WORDS_SHA, "fast": WORDS_FAST}


cdef struct CSide:
    int rung              # 1..4
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
    CSide side[2]         # a, b


cdef struct Outcome:
    int8_t fool           # side: 0 = a, 1 = b, -1 draw
    int32_t moves
    int16_t bouts
    int8_t largest


cdef struct Seat:
    const CSide *side
    bint fast             # words from the mix with `key`, else SHA-256 of buf
    uint64_t key
    int head              # buf holds `<bot seed>:<seat + 1>:`, head bytes
    unsigned char buf[WORD_BUF]
    # rung 4: what this seat has seen, its endgame table and its search key
    Memory mem
    R4Scratch sc
    uint64_t key4


cdef inline int bigger_hand(const State *s, int big) noexcept nogil:
    cdef int c0 = s.count[0], c1 = s.count[1]
    if c0 > big:
        big = c0
    return c1 if c1 > big else big


cdef int rung4_start(const State *s, Seat *seats) noexcept nogil:
    """Before a deal: each rung-4 seat's memory from its first view, its table and key; -1 out of memory."""
    cdef DView v
    cdef int seat
    for seat in range(2):
        seats[seat].sc.tt = NULL
    for seat in range(2):
        if seats[seat].side.rung != 4:
            continue
        st_view(s, seat, &v)
        mem_start(&seats[seat].mem, &v)
        seats[seat].sc.gen = 1
        seats[seat].sc.nodes = 0
        seats[seat].sc.budget = 0
        seats[seat].sc.aborted = 0
        if seats[seat].side.r4.endgame:
            seats[seat].sc.tt = <R4Entry *>calloc(1 << R4_TT_BITS, sizeof(R4Entry))
            if seats[seat].sc.tt == NULL:
                return -1
        if seats[seat].fast:
            seats[seat].key4 = seats[seat].key
        else:
            seats[seat].key4 = ((<uint64_t>sha_word(seats[seat].buf, seats[seat].head, 0) << 32)
                                | sha_word(seats[seat].buf, seats[seat].head, 1))
    return 0


cdef void rung4_end(Seat *seats) noexcept nogil:
    free(seats[0].sc.tt)
    free(seats[1].sc.tt)
    seats[0].sc.tt = NULL
    seats[1].sc.tt = NULL


cdef int play_out(State *s, Seat *seats, int *largest) noexcept nogil:
    """Play the dealt State to its end; 0, or -1 when a bot had no move or the deal ran away.

    Rung 4 decides from its seat's view and memory (rung4.pxd); with a rung-4
    seat in the deal every move is applied with its events (st_apply into a
    Sink), and each rung-4 seat's memory takes them in: the events are public,
    both seats see them. The memory never reads the State.

    Rungs 2 and 3 get the full view of the seat on turn. Rung 1 reads nothing
    of a view but its legal list (and the ply, for its word), so for it the
    loop fills just those two fields: the same decision for a third of the
    work. A bot's move comes from the legal list it was shown, so it is applied
    without re-validation (st_apply_legal). Hands grow only when a bout
    closes, so the largest hand is looked at then.
    """
    cdef DView v
    cdef Seat *st
    cdef Sink sink
    cdef int t, m, rung, bouts = -1, big = bigger_hand(s, 0), i, seat
    cdef bint events = seats[0].side.rung == 4 or seats[1].side.rung == 4
    cdef uint32_t w
    while s.outcome == OUT_NONE:
        t = st_turn(s)
        if s.bouts != bouts:
            bouts = s.bouts
            big = bigger_hand(s, big)
        st = &seats[t]
        rung = st.side.rung
        if rung == 1:
            v.nlegal = st_legal(s, v.legal)
            w = fast_word(st.key, t, s.ply) if st.fast else sha_word(st.buf, st.head, s.ply)
        else:
            st_view_turn(s, &v)
            w = 0
        if rung == 4:
            m = r4_best(&v, &st.mem, &st.side.r4, st.key4, &st.sc)
        else:
            m = best_move(&v, rung, w, &st.side.p)
        if m < 0 or s.moves >= MAX_MOVES_C:
            return -1
        if events:
            if st_apply(s, t, m, &sink) != 0:
                return -1
            for seat in range(2):
                if seats[seat].side.rung == 4:
                    for i in range(sink.n):
                        mem_event(&seats[seat].mem, sink.ev[i])
        else:
            st_apply_legal(s, t, m)
    largest[0] = bigger_hand(s, big)
    return 0


cdef void bot_words(Seat *st, const CSide *side, int seat) noexcept nogil:
    """Words of a Bot: its own seed, in every deal."""
    st.side = side
    st.fast = side.words == WORDS_FAST
    st.key = side.key
    st.head = word_head(st.buf, side.text, side.textlen, seat) if side.words == WORDS_SHA else 0


cdef int play_deal(const Plan *pl, long long i, Outcome *out) noexcept nogil:
    """Play deal i (from 1) of the plan; 0, or -1 when a move was refused or the deal ran away."""
    cdef State s
    cdef Seat seats[2]
    cdef int a_seat = <int>(i & 1)
    cdef uint64_t rng, base = 0
    cdef unsigned char text[DEAL_TEXT]
    cdef unsigned char seed32[32]
    cdef int tlen = 0, seat, k, big
    bot_words(&seats[a_seat], &pl.side[0], a_seat)
    bot_words(&seats[1 - a_seat], &pl.side[1], 1 - a_seat)
    if pl.deal == DEAL_FAST:
        base = mix64(pl.key + <uint64_t>i * MIX_STEP)
        rng = base
        st_deal_rng(&s, &rng)
    else:
        memcpy(text, pl.prefix, pl.prefixlen)
        tlen = pl.prefixlen + put_uint(text + pl.prefixlen, <unsigned long long>i)
        if pl.deal == DEAL_REF:
            memcpy(seed32, text, tlen)
            for k in range(tlen, 32):
                seed32[k] = 32
        else:
            kz_sha256_any(text, tlen, seed32)
        st_deal_seed(&s, seed32, 1)
    # rung ints draw their words from per-deal bot seeds
    for seat in range(2):
        if seats[seat].side.words != WORDS_DEAL:
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
    if rung4_start(&s, seats) != 0:
        rung4_end(seats)
        return -1
    k = play_out(&s, seats, &big)
    rung4_end(seats)
    if k != 0:
        return -1
    out.fool = -1 if s.outcome == OUT_DRAW or s.fool < 0 else <int8_t>(s.fool != a_seat)
    out.moves = s.moves
    out.bouts = <int16_t>s.bouts
    out.largest = <int8_t>big
    return 0


cdef long long play_chunk(const Plan *pl, long long first, long long count, int8_t *fool,
                          int32_t *moves, int16_t *bouts, int8_t *largest, const int *stop) noexcept nogil:
    """Deals first+1 .. first+count into the arrays at 0..count-1; the first failing deal, 0,
    or -1 when *stop was set (checked before every deal)."""
    cdef long long k
    cdef Outcome o
    for k in range(count):
        if kz_flag_get(stop):
            return -1
        if play_deal(pl, first + k + 1, &o) != 0:
            return first + k + 1
        fool[k] = o.fool
        moves[k] = o.moves
        bouts[k] = o.bouts
        largest[k] = o.largest
    return 0


cdef int fill_side(CSide *cs, object side) except -1:
    """Copy a resolved `sides.Side` (rung or Bot) into its C form."""
    cdef bytes raw = side.seed
    cs.rung = side.rung
    cs.p.deep_talon = side.deep_talon
    cs.p.cheap_power = side.cheap_power
    cs.r4.k = side.k
    cs.r4.playout = side.playout
    cs.r4.endgame = side.endgame
    cs.r4.budget = side.budget
    cs.r4.p = cs.p
    cs.words = _WORDS[side.words]
    cs.key = <uint64_t>side.key
    cs.textlen = len(raw)
    if cs.textlen:
        memcpy(cs.text, <const unsigned char *>raw, cs.textlen)
    return 0


cdef class Runner:
    """A Plan held by Python, so that worker threads can share it read-only.

    `Runner(a, b, seed, deal, deals)` with a, b resolved `Side`s (rungs or Bots).
    """
    cdef Plan plan
    cdef int stopped

    def __init__(self, a, b, seed, str deal, long long deals):
        cdef bytes pre
        self.plan.deal = DEALS.index(deal)
        self.plan.key = 0
        self.plan.prefixlen = 0
        if self.plan.deal == DEAL_FAST:
            self.plan.key = <uint64_t>base_key(seed)
        else:
            pre = prefix(seed, deal).encode("ascii")
            if self.plan.deal == DEAL_REF and len(pre) + len(str(max(deals, 1))) > 32:
                raise KozyrError("bad_seed", f"reference seeds '{pre.decode()}<i>' up to deal {deals} "
                                 f"exceed 32 bytes; use a shorter seed", field="seed", value=seed)
            self.plan.prefixlen = len(pre)
            memcpy(self.plan.prefix, <const unsigned char *>pre, len(pre))
        fill_side(&self.plan.side[0], a)
        fill_side(&self.plan.side[1], b)
        self.stopped = 0

    def stop(self):
        """Make every running and later `chunk` return before its next deal."""
        kz_flag_set(&self.stopped, 1)

    def chunk(self, long long first, long long count, int8_t[::1] fool, int32_t[::1] moves,
              int16_t[::1] bouts, int8_t[::1] largest):
        """Play deals first+1 .. first+count into the arrays at first..first+count-1; count
        (0 when stopped: the arrays are then not filled)."""
        cdef long long bad
        if count <= 0 or first < 0 or first + count > fool.shape[0]:
            if count <= 0:
                return 0
            raise KozyrError("bad_chunk", f"deals {first + 1}..{first + count} do not fit arrays of {fool.shape[0]}")
        with nogil:
            bad = play_chunk(&self.plan, first, count, &fool[first], &moves[first],
                             &bouts[first], &largest[first], &self.stopped)
        if bad < 0:
            return 0
        if bad:
            raise RuntimeError(f"deal {bad}: a bot's move was refused or the deal ran past "
                               f"{MAX_MOVES_C} moves (an engine or bot fault)")
        return count


def play_seeded(bytes seed32, a, b, unsigned int number=1):
    """One deal of the 32-byte seed played in C: side a (a resolved Bot side) in seat 0, b in seat 1.

    A dict: outcome, fool (seat or None), moves, ply, bouts, heap, largest.
    """
    cdef State s
    cdef Seat seats[2]
    cdef Plan plan
    cdef int big = 0, bad
    cdef const unsigned char *sp = seed32
    if len(seed32) != 32:
        raise KozyrError("no_seed", f"a seed is 32 bytes, not {len(seed32)}", value=seed32)
    fill_side(&plan.side[0], a)
    fill_side(&plan.side[1], b)
    with nogil:
        st_deal_seed(&s, sp, number)
        bot_words(&seats[0], &plan.side[0], 0)
        bot_words(&seats[1], &plan.side[1], 1)
        bad = rung4_start(&s, seats)
        if bad == 0:
            bad = play_out(&s, seats, &big)
        rung4_end(seats)
    if bad:
        raise RuntimeError("a bot's move was refused or the deal ran away (an engine or bot fault)")
    return {
        "outcome": ("running", "fool", "draw", "resign")[s.outcome],
        "fool": None if s.fool < 0 else s.fool,
        "moves": s.moves, "ply": s.ply, "bouts": s.bouts, "heap": s.heap, "largest": big,
    }


# -- the C words seen from Python (kozyr.durak.testing compares them with seeds.py) --
def _c_word(bot_seed, int seat, int ply):
    """The rules' word computed by the C (SHA-256); seat is the engine seat 0/1."""
    cdef bytes raw = seed_text(bot_seed)
    cdef unsigned char buf[WORD_BUF]
    cdef const unsigned char *p = raw
    if seat not in (0, 1) or ply < 0:
        raise KozyrError("bad_seat", "seat must be 0 or 1 and ply at least 0", value=(seat, ply))
    return sha_word(buf, word_head(buf, p, len(raw), seat), ply)


def _c_fast_word(key, int seat, int ply):
    """The fast word computed by the C; key is a 64-bit int."""
    if seat not in (0, 1) or ply < 0:
        raise KozyrError("bad_seat", "seat must be 0 or 1 and ply at least 0", value=(seat, ply))
    return fast_word(<uint64_t>(operator.index(key) & 0xFFFFFFFFFFFFFFFF), seat, ply)
