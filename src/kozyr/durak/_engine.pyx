"""The durak engine: two-seat Podkidnoy over 64-bit card masks.

The rules are `noexcept nogil` C functions over a plain `State` struct (see
_engine.pxd, cimported by the ladder); `Game` is a thin Python wrapper that
speaks the vocabulary of `kozyr.durak.types`; it keeps the State and a packed
move log, and rebuilds the event log on demand by replaying the moves. `random_playouts` plays whole deals in C with the GIL released.

The contract is shared/spec/durak.md; `kozyr.durak.reference` is the same rules
in plain Python, and the two are played side by side in the tests.

Choices where the spec is silent (the same in reference.py, checked by the
differential test):
- A bout opens at the deal and right after each refill; its cap is then
  min(6, defender's hand). When the deal ends at a close, the bout left in the
  view is that freshly opened one (next attacker, empty table); a resign leaves
  the bout as it was.
- `Bout.to_beat` is the oldest attack card without a beating card in every
  phase (in pile_on: the card the defender did not beat).
- A taken bout at its cap closes even when the attacker could swap; the swap
  stops only the "nothing to add" close (and the automatic take, exhausted).
- Six ownership: dealt (none when the turn-up is the six), drawn from the
  talon (also as its last card, harmless: the turn-up is gone by then), spent
  by the swap, cleared when a taken bout hands the attacker's six to the
  defender. Beaten off, the six goes to the heap and the right is moot.
- `moves` counts every move a player applied, resign included.
- Move text: `Move.parse`; `attack`/`beat` with a missing or malformed card is
  card_not_held (after the seat, turn and phase checks); other unparsable text
  or a non-move object is not_legal. A seat that is not 0 or 1 (bools
  included) is not_your_turn. A str seed is UTF-8 and must be 32 bytes.
- `seats=` (keyword, default 2) exists only to give `bad_seats` a meaning;
  `bout_full` cannot be reached by play (a bout at its cap closes at once), so
  the tests reach it through `_probe`.
- `from_rng` and `random_playouts` deal with splitmix64, NOT the spec's
  SHA-256 shuffle: fast and varied, not reference-compatible.
"""
from cpython.mem cimport PyMem_Free, PyMem_Realloc
from cpython.ref cimport Py_INCREF
from cpython.tuple cimport PyTuple_New, PyTuple_SET_ITEM
from libc.stdint cimport uint8_t, uint16_t, uint32_t, uint64_t
from libc.string cimport memcpy

from kozyr.cards cimport (
    KZ_DECK36, CardSet, above, card_bit, highest_card, lowest_card, popcount, suit_mask,
)
from kozyr.durak._view cimport (
    MAX_LEGAL, MV_ATTACK, MV_BEAT, MV_DONE, MV_RESIGN, MV_SWAP, MV_TAKE, OUT_DRAW, OUT_FOOL,
    OUT_NONE, OUT_RESIGN, PH_ATTACK, PH_DEFEND, PH_OVER, PH_PILE_ON, DView,
)

import operator

import numpy as np

cimport numpy as cnp

from kozyr.cards import card_name, parse_card
from kozyr.durak.types import (
    BOUT_ENDINGS, CODES, KINDS, PHASES, Bout, Event, IllegalMove, Move, Result, View,
)

cnp.import_array()

__all__ = ["Game", "IllegalMove", "random_playouts", "shuffled_order"]

cdef extern from "_sha256.h" nogil:
    void kz_sha256(const uint8_t *data, size_t len, uint8_t *out)


# -- refusal codes: 1 + the index in types.CODES ---------------------------
cdef enum:
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

cdef uint64_t DECK36 = KZ_DECK36


# -- the reference order ---------------------------------------------------
cdef int REF_CARD[36]       # reference number - 1 -> kozyr card: AS KS .. 6S AH .. 6C
cdef int _i
for _i in range(36):
    REF_CARD[_i] = 16 * (_i // 9) + 14 - _i % 9


# -- events ----------------------------------------------------------------
cdef inline uint32_t ev_move(int kind, int seat, int card) noexcept nogil:
    return <uint32_t>kind | (<uint32_t>seat << 4) | (<uint32_t>card << 8)


# -- the generator (not reference-compatible) --------------------------------
cdef uint64_t fast_next(uint64_t *rng) noexcept nogil:
    cdef uint64_t z
    rng[0] += 0x9E3779B97F4A7C15ULL
    z = rng[0]
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL
    return z ^ (z >> 31)


cdef int fast_below(uint64_t *rng, int n) noexcept nogil:
    return <int>(((fast_next(rng) >> 32) * <uint64_t>n) >> 32)


# -- dealing -----------------------------------------------------------------
cdef void st_deal_order(State *s, const int *order36) noexcept nogil:
    cdef int i, c, t
    cdef uint64_t tr, lo0, lo1
    s.hand[0] = 0
    s.hand[1] = 0
    for i in range(36):
        s.order[i] = <unsigned char>order36[i]
    for i in range(12):
        s.hand[i & 1] |= card_bit(order36[i])
    s.turnup = order36[12]
    s.trump = s.turnup >> 4
    s.six = 16 * s.trump + 6
    s.six_owner = -1
    if s.hand[0] & card_bit(s.six):
        s.six_owner = 0
    elif s.hand[1] & card_bit(s.six):
        s.six_owner = 1
    s.talon_last = s.turnup
    s.drawn = 0
    s.swapped = 0
    s.heap = 0
    s.heap_cards = 0
    s.table = 0
    s.ranks = 0
    s.bout.size = 0
    s.bout.to_beat = -1
    s.nbeat = 0
    s.bout.taken = 0
    s.count[0] = 6
    s.count[1] = 6
    for i in range(6):
        s.bout.attack[i] = -1
        s.bout.beat[i] = -1
    # first attacker: the lowest trump; seat 0 when neither holds one
    tr = suit_mask(s.trump)
    lo0 = s.hand[0] & tr
    lo1 = s.hand[1] & tr
    s.bout.attacker = 0
    if lo1 and (not lo0 or lowest_card(lo1) < lowest_card(lo0)):
        s.bout.attacker = 1
    s.bout.defender = 1 - s.bout.attacker
    s.bout.cap = 6
    s.ply = 0
    s.moves = 0
    s.bouts = 0
    s.outcome = OUT_NONE
    s.fool = -1


cdef void _deal_seed_text(State *s, const unsigned char *seed32, const char *num, int numlen) noexcept nogil:
    """The spec's shuffle, the deal number given as its decimal text."""
    cdef uint8_t msg[32 + 5 + 40 + 1 + 12]
    cdef uint8_t digest[32]
    cdef uint32_t words[8]
    cdef int cards[36]
    cdef int i, j, n, t, head, used = 8
    cdef unsigned int block = 0, b
    cdef uint32_t w
    cdef uint64_t limit
    cdef char digits[12]
    for i in range(36):
        cards[i] = REF_CARD[i]
    memcpy(msg, seed32, 32)
    memcpy(msg + 32, b"deal:", 5)
    memcpy(msg + 37, num, numlen)
    msg[37 + numlen] = 58  # ':'
    head = 38 + numlen
    i = 35
    while i >= 1:
        n = i + 1
        limit = (<uint64_t>4294967296ULL // <uint64_t>n) * <uint64_t>n
        while True:
            if used == 8:
                # digest of seed + "deal:<number>:<block>", as eight big-endian words
                b = block
                t = 0
                while True:
                    digits[t] = <char>(48 + b % 10)
                    t += 1
                    b //= 10
                    if b == 0:
                        break
                for j in range(t):
                    msg[head + j] = <uint8_t>digits[t - 1 - j]
                if head + t <= 55:
                    kz_sha256_short(msg, head + t, words)
                else:
                    kz_sha256(msg, head + t, digest)
                    for j in range(8):
                        words[j] = ((<uint32_t>digest[4 * j] << 24) | (<uint32_t>digest[4 * j + 1] << 16)
                                    | (<uint32_t>digest[4 * j + 2] << 8) | <uint32_t>digest[4 * j + 3])
                block += 1
                used = 0
            w = words[used]
            used += 1
            if <uint64_t>w < limit:
                break
        j = <int>(w % <uint32_t>n)
        t = cards[i]
        cards[i] = cards[j]
        cards[j] = t
        i -= 1
    st_deal_order(s, cards)


cdef void st_deal_seed(State *s, const unsigned char *seed32, unsigned int number) noexcept nogil:
    cdef unsigned char text[24]
    _deal_seed_text(s, seed32, <const char *>text, put_uint(text, number))


cdef void st_deal_rng(State *s, uint64_t *rng) noexcept nogil:
    cdef int cards[36]
    cdef int i, j, t
    for i in range(36):
        cards[i] = REF_CARD[i]
    i = 35
    while i >= 1:
        j = fast_below(rng, i + 1)
        t = cards[i]
        cards[i] = cards[j]
        cards[j] = t
        i -= 1
    st_deal_order(s, cards)


# -- the position ------------------------------------------------------------
cdef int st_phase(const State *s) noexcept nogil:
    return _phase(s)


cdef bint st_can_swap(const State *s, int seat) noexcept nogil:
    if seat != 0 and seat != 1:
        return 0
    return _can_swap(s, seat)


cdef int st_talon(const State *s) noexcept nogil:
    return 24 - s.drawn


cdef inline int _kth_in_ref_order(uint64_t m, int k) noexcept nogil:
    """The k-th card (from 0) of m in the reference order."""
    cdef uint64_t r = lanes_reversed(m)
    while k:
        r ^= card_bit(highest_card(r))
        k -= 1
    return highest_card(r) ^ 48


# -- moving ------------------------------------------------------------------
cdef int st_apply(State *s, int seat, int move, Sink *sink) noexcept nogil:
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
    phase = _phase(s)
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


cdef inline int _random_legal(const State *s, uint64_t *rng) noexcept nogil:
    """A uniformly random legal move of the seat on turn: st_legal(s)[k], k uniform,
    found without writing the list. The deal must be running."""
    cdef uint64_t m
    cdef bint sw, extra
    cdef int kind, other, ncard, k
    if not s.bout.taken and s.nbeat < s.bout.size:
        m = _beat_mask(s)
        sw = _can_swap(s, s.bout.defender)
        kind = MV_BEAT
        other = MV_TAKE
        extra = m != 0 or sw
    else:
        m = _attack_mask(s)
        sw = _can_swap(s, s.bout.attacker)
        kind = MV_ATTACK
        other = MV_DONE
        extra = s.bout.size > 0 and (m != 0 or sw)
    ncard = popcount(m)
    k = fast_below(rng, ncard + extra + sw)
    if k < ncard:
        return (kind << 6) | _kth_in_ref_order(m, k)
    if extra and k == ncard:
        return other << 6
    return MV_SWAP << 6


# -- bulk playouts -------------------------------------------------------------
def random_playouts(Py_ssize_t n, seed=0):
    """Play n whole deals with uniformly random legal moves, in C without the GIL.

    Deal i is `Game.from_rng(seed + i)` (the fast generator, not the spec's
    shuffle); the moves are chosen uniformly among the legal ones (by index in
    the reference order) from a second splitmix64 stream seeded by `seed`.
    Returns {'fool': int8 (seat, -1 for a draw), 'moves': int32, 'bouts': int32,
    'ply': int32 (events, counted without writing any)}.
    """
    if n < 0:
        raise ValueError(f"n must be at least 0, not {n}")
    cdef uint64_t base = <uint64_t>(operator.index(seed) & 0xFFFFFFFFFFFFFFFF)
    cdef cnp.ndarray fool_a = np.empty(n, dtype=np.int8)
    cdef cnp.ndarray moves_a = np.empty(n, dtype=np.int32)
    cdef cnp.ndarray bouts_a = np.empty(n, dtype=np.int32)
    cdef cnp.ndarray ply_a = np.empty(n, dtype=np.int32)
    cdef signed char[::1] fool = fool_a
    cdef int[::1] moves = moves_a
    cdef int[::1] bouts = bouts_a
    cdef int[::1] ply = ply_a
    cdef State s
    cdef uint64_t deal_rng, choice = base ^ 0xD1B54A32D192ED03ULL
    cdef Py_ssize_t i
    with nogil:
        for i in range(n):
            deal_rng = base + <uint64_t>i
            st_deal_rng(&s, &deal_rng)
            while s.outcome == OUT_NONE:
                st_apply_legal(&s, st_turn(&s), _random_legal(&s, &choice))
            fool[i] = <signed char>s.fool
            moves[i] = s.moves
            bouts[i] = s.bouts
            ply[i] = s.ply
    return {"fool": fool_a, "moves": moves_a, "bouts": bouts_a, "ply": ply_a}


# -- the Python face -----------------------------------------------------------
cdef list _MOVES = [None] * 384            # move code -> cached Move
for _code in range(384):
    try:
        _MOVES[_code] = Move.from_code(_code)
    except KeyError:
        pass
cdef dict _KIND_INDEX = {k: i for i, k in enumerate(KINDS)}
cdef dict _EVENTS = {}                      # packed event -> cached Event
cdef tuple _RESULTS = (
    Result("fool", 0), Result("fool", 1), Result("draw", None), Result("resign", 0), Result("resign", 1),
)
cdef tuple _OUTCOMES = (None, "fool", "draw", "resign")


cdef object _make_event(uint32_t e):
    cdef int kind = e & 15
    if kind <= EV_RESIGN:
        seat = (e >> 4) & 1
        if kind == EV_ATTACK or kind == EV_BEAT or kind == EV_SWAP:
            return Event(KINDS[kind], seat=seat, card=<int>((e >> 8) & 63))
        return Event(KINDS[kind], seat=seat)
    if kind == EV_BOUT_END:
        return Event("bout_end", taken=bool((e >> 4) & 1), how=BOUT_ENDINGS[(e >> 5) & 7],
                     cards=<int>((e >> 8) & 255), heap=<int>((e >> 16) & 255),
                     attacker=<int>((e >> 24) & 1))
    if kind == EV_REFILL:
        return Event("refill", drawn=(<int>((e >> 4) & 15), <int>((e >> 8) & 15)),
                     talon=<int>((e >> 16) & 255))
    if kind == EV_OUT:
        return Event("out", seat=<int>((e >> 4) & 1))
    fool = <int>((e >> 8) & 3) - 1
    return Event("game_end", outcome=_OUTCOMES[(e >> 4) & 3], fool=None if fool < 0 else fool)


cdef list _EVENTS_LOW = [None] * 16384     # the same for packed events below 2**14 (every move event)


cdef inline object _event(uint32_t e):
    if e < 16384:
        obj = _EVENTS_LOW[e]
        if obj is None:
            obj = _make_event(e)
            _EVENTS_LOW[e] = obj
        return obj
    obj = _EVENTS.get(e)
    if obj is None:
        obj = _make_event(e)
        _EVENTS[e] = obj
    return obj


cdef int _move_code(object move) except -2:
    """The code of a Move or move text; -1 for an unknown or missing kind (not_legal).

    A card kind with a missing or malformed card gets card 0, which no hand
    holds (card_not_held); a card-less kind with a card is not_legal.
    """
    cdef int k, card
    if isinstance(move, Move):
        k = _KIND_INDEX[(<object>move).kind]
        c = (<object>move).card
        return (k << 6) | (c if c is not None else 0)
    if not isinstance(move, str):
        return -1
    words = move.split()
    if not words:
        return -1
    k = _KIND_INDEX.get(words[0].lower(), -1)
    if k < 0:
        return -1
    if k == MV_ATTACK or k == MV_BEAT:
        card = 0
        if len(words) == 2:
            try:
                c = parse_card(words[1])
                if 0 <= c < 64:
                    card = c
            except ValueError:
                pass
        return (k << 6) | card
    if len(words) != 1:
        return -1
    return k << 6


cdef inline int _seat_index(object seat):
    """0 or 1, or 2 for anything that is not a seat."""
    if seat is 0 or seat is 1:            # small-int fast path
        return <int>seat
    if isinstance(seat, bool):            # True is not seat 1
        return 2
    try:
        i = operator.index(seat)
    except Exception:
        return 2
    return i if i == 0 or i == 1 else 2


cdef inline tuple _moves_tuple(const int *codes, int n):
    cdef tuple t = PyTuple_New(n)
    cdef int i
    cdef object m
    for i in range(n):
        m = _MOVES[codes[i]]
        Py_INCREF(m)
        PyTuple_SET_ITEM(t, i, m)
    return t


cdef _check_seats(seats):
    if seats is not 2 and (isinstance(seats, bool) or seats != 2):
        raise IllegalMove("bad_seats", f"{seats!r} seats: this durak is played by exactly two")


def _probe(Game game, seat, move, int cap):
    """Test hook: the refusal code st_apply gives on a copy of the position with
    the bout's cap set to `cap`, or None if it would apply. The forced positions
    close a bout as soon as it reaches its cap, so `bout_full` cannot be reached
    by play; this is how the tests see that check and its place in the order."""
    cdef State t = game.st
    t.bout.cap = cap
    cdef int r = st_apply(&t, _seat_index(seat), _move_code(move), NULL)
    return CODES[r - 1] if r else None


cdef Game _new_game():
    cdef Game g = Game.__new__(Game)
    g._reserve(1)
    return g


cdef str _refusal_text(const State *s, seat, move):
    cdef int t = st_turn(s)
    where = (f"at ply {s.ply}, phase {PHASES[_phase(s)]}, "
             + ("deal over" if t < 0 else f"seat {t} on turn"))
    what = str(move) if isinstance(move, (Move, str)) else repr(move)
    return f"{what!r} by seat {seat!r} refused {where}"


def _sha_ni(allow=None):
    """Test hook: whether dealing compresses SHA-256 blocks with the CPU's SHA
    extensions; `allow=False` forces the portable code (True: back to the
    run-time choice). The ladder's own copy is not affected."""
    if allow is not None:
        kz_sha_ni_allow(1 if allow else 0)
    return bool(kz_sha_ni_used())


def shuffled_order(seed, number=1):
    """The 36 cards of deal `number` (from 1) of a 32-byte seed, in shuffled order."""
    return Game.from_seed(seed, number).order


def _rebuild(order, log):
    """Unpickle: deal the order, replay the packed move log (seat << 9 | code)."""
    cdef Game g = Game.from_order(order)
    cdef int h
    for x in log:
        h = x
        if st_apply(&g.st, h >> 9, h & 511, NULL):
            raise ValueError(f"pickled move {x} does not replay")
        if g.nhist == g.hcap:
            g._reserve(g.nhist + 1)
        g.hist[g.nhist] = <uint16_t>h
        g.nhist += 1
    return g


cdef class Game:
    """One deal of two-seat durak; build it with from_seed, from_order or from_rng.

    `legal_moves()` lists the moves of the seat on turn in the reference order,
    `apply(seat, move)` plays one (raising IllegalMove on a refusal, which
    changes nothing) and returns its events; forced positions resolve
    themselves. `view(seat)` is what that seat may see.
    """

    def __cinit__(self):
        self.hist = NULL
        self.nhist = 0
        self.hcap = 0

    def __dealloc__(self):
        PyMem_Free(self.hist)

    def __init__(self, *args, **kwargs):
        raise TypeError("build a Game with Game.from_seed(seed), Game.from_order(cards) or Game.from_rng(seed)")

    cdef int _reserve(self, int nhist) except -1:
        cdef int cap
        cdef void *p
        if nhist > self.hcap:
            cap = self.hcap * 2 if self.hcap else 64
            while cap < nhist:
                cap *= 2
            p = PyMem_Realloc(self.hist, cap * sizeof(uint16_t))
            if p == NULL:
                raise MemoryError()
            self.hist = <uint16_t *>p
            self.hcap = cap
        return 0

    # -- constructors ---------------------------------------------------------
    @staticmethod
    def from_seed(seed, number=1, *, seats=2):
        """The spec's deal: a 32-byte seed (bytes, or text encoded UTF-8) and a deal number from 1.

        Refusals in the spec's order: no_seed, bad_deal, bad_seats (seats must be 2).
        """
        cdef bytes raw
        if isinstance(seed, str):
            try:
                raw = seed.encode("utf-8")
            except UnicodeError:
                raise IllegalMove("no_seed", f"seed {seed!r} cannot be encoded") from None
        elif isinstance(seed, (bytes, bytearray, memoryview)):
            raw = bytes(seed)
        else:
            raise IllegalMove("no_seed", f"seed {seed!r} is not bytes or text")
        if len(raw) != 32:
            raise IllegalMove("no_seed", f"seed {raw!r} is {len(raw)} bytes, not 32")
        if isinstance(number, bool) or not isinstance(number, int) or number < 1:
            raise IllegalMove("bad_deal", f"deal number {number!r} is not an integer from 1")
        cdef bytes num = str(int(number)).encode("ascii")
        if len(num) > 40:
            raise IllegalMove("bad_deal", f"deal number {number!r} has more than 40 digits")
        _check_seats(seats)
        cdef Game g = _new_game()
        cdef const unsigned char *sp = raw
        cdef const char *np_ = num
        _deal_seed_text(&g.st, sp, np_, len(num))
        return g

    @staticmethod
    def from_order(cards, *, seats=2):
        """A deal from 36 distinct durak cards in shuffled order (ints or names)."""
        cdef int order[36]
        cdef uint64_t seen = 0
        cdef int i, c
        try:
            items = list(cards)
        except TypeError:
            raise ValueError(f"{cards!r} is not a sequence of 36 cards") from None
        if len(items) != 36:
            raise ValueError(f"a deal needs 36 cards, got {len(items)}")
        for i, x in enumerate(items):
            if isinstance(x, str):
                x = parse_card(x)
            if isinstance(x, bool) or not isinstance(x, int) or not 0 <= x < 64 or not (DECK36 >> <int>x) & 1:
                raise ValueError(f"position {i}: {x!r} is not a durak card (ranks 6..A)")
            c = x
            if (seen >> c) & 1:
                raise ValueError(f"position {i}: card {card_name(c)} appears twice")
            seen |= card_bit(c)
            order[i] = c
        _check_seats(seats)
        cdef Game g = _new_game()
        st_deal_order(&g.st, order)
        return g

    @staticmethod
    def from_rng(seed, *, seats=2):
        """A deal from the fast splitmix64 generator (NOT the spec's shuffle)."""
        cdef uint64_t rng = <uint64_t>(operator.index(seed) & 0xFFFFFFFFFFFFFFFF)
        _check_seats(seats)
        cdef Game g = _new_game()
        st_deal_rng(&g.st, &rng)
        return g

    @staticmethod
    def replay(seed, moves, number=1):
        """Deal from the seed and apply (seat, move) pairs; IllegalMove at the first refusal."""
        cdef Game g = Game.from_seed(seed, number)
        for i, pair in enumerate(moves):
            try:
                seat, move = pair
            except (TypeError, ValueError):
                raise IllegalMove("not_legal", f"replay move {i}: {pair!r} is not a (seat, move) pair") from None
            try:
                g.apply(seat, move)
            except IllegalMove as e:
                raise IllegalMove(e.code, f"replay move {i}: {str(e).split(': ', 1)[1]}") from None
        return g

    def copy(self):
        """An independent copy of this deal, logs included."""
        cdef Game g = Game.__new__(Game)
        g._reserve(max(self.nhist, 1))
        g.st = self.st
        memcpy(g.hist, self.hist, self.nhist * sizeof(uint16_t))
        g.nhist = self.nhist
        return g

    def __reduce__(self):
        """Pickle as the dealt order and the move log (replayed on load)."""
        return (_rebuild, (self.order, tuple([self.hist[i] for i in range(self.nhist)])))

    def __copy__(self):
        return self.copy()

    def __deepcopy__(self, memo):
        return self.copy()

    def __sizeof__(self):
        return type(self).__basicsize__ + self.hcap * sizeof(uint16_t)

    # -- playing --------------------------------------------------------------
    def legal_moves(self):
        """The moves of the seat on turn, in the reference order (empty when over)."""
        cdef int codes[MAX_LEGAL]
        cdef int n = st_legal(&self.st, codes)
        return _moves_tuple(codes, n)

    def apply(self, seat, move):
        """Play `move` (a Move or its text) for `seat`; the events it wrote. IllegalMove on refusal."""
        cdef int code = _move_code(move)
        cdef int s = _seat_index(seat)
        cdef Sink sink
        cdef int r = st_apply(&self.st, s, code, &sink)
        cdef int i
        cdef tuple out
        cdef object e
        if r:
            raise IllegalMove(CODES[r - 1], _refusal_text(&self.st, seat, move))
        if self.nhist == self.hcap:
            self._reserve(self.nhist + 1)
        self.hist[self.nhist] = <uint16_t>((s << 9) | code)
        self.nhist += 1
        out = PyTuple_New(sink.n)
        for i in range(sink.n):
            e = _event(sink.ev[i])
            Py_INCREF(e)
            PyTuple_SET_ITEM(out, i, e)
        return out

    def view(self, seat):
        """What `seat` (0 or 1) may see."""
        cdef int s = _seat_index(seat)
        cdef DView v
        cdef int i
        if s > 1:
            raise IllegalMove("not_your_turn", f"seat {seat!r} does not exist: seats are 0 and 1")
        st_view(&self.st, s, &v)
        pairs = tuple([(v.bout.attack[i], v.bout.beat[i] if v.bout.beat[i] >= 0 else None)
                       for i in range(v.bout.size)])
        bout = Bout(v.bout.attacker, v.bout.defender, v.bout.cap, v.bout.size, bool(v.bout.taken),
                    v.bout.to_beat if v.bout.to_beat >= 0 else None, pairs)
        return View(
            seat=s, ply=v.ply, phase=PHASES[v.phase], turn=v.turn if v.turn >= 0 else None,
            trump=v.trump, turnup=v.turnup if v.turnup >= 0 else None, talon=v.talon, heap=v.heap,
            hand=CardSet.wrap(v.hand), counts=(v.count[0], v.count[1]), can_swap=bool(v.can_swap),
            legal=_moves_tuple(v.legal, v.nlegal), over=bool(v.over), result=self.result, bout=bout,
        )

    # -- properties -----------------------------------------------------------
    @property
    def turn(self):
        """The seat on turn, None when the deal is over."""
        cdef int t = st_turn(&self.st)
        return None if t < 0 else t

    @property
    def phase(self):
        return PHASES[_phase(&self.st)]

    @property
    def over(self):
        return self.st.outcome != OUT_NONE

    @property
    def result(self):
        """Result(outcome, fool) once the deal is over, else None."""
        if self.st.outcome == OUT_NONE:
            return None
        if self.st.outcome == OUT_FOOL:
            return _RESULTS[self.st.fool]
        if self.st.outcome == OUT_DRAW:
            return _RESULTS[2]
        return _RESULTS[3 + self.st.fool]

    @property
    def ply(self):
        """Events so far."""
        return self.st.ply

    @property
    def moves(self):
        """Moves applied by the players (forced steps are not moves)."""
        return self.st.moves

    @property
    def bouts(self):
        """Bouts closed."""
        return self.st.bouts

    @property
    def trump(self):
        return self.st.trump

    @property
    def turnup(self):
        """The turn-up card (known to the engine even once drawn)."""
        return self.st.turnup

    @property
    def order(self):
        """The 36 cards in the shuffled order as dealt."""
        return tuple([self.st.order[i] for i in range(36)])

    @property
    def history(self):
        """The applied moves as (seat, Move)."""
        return tuple([(self.hist[i] >> 9, _MOVES[self.hist[i] & 511]) for i in range(self.nhist)])

    @property
    def events(self):
        """Every event so far, rebuilt by replaying the move log from the dealt order."""
        cdef State t
        cdef Sink sink
        cdef int order[36]
        cdef int i, j, h
        for i in range(36):
            order[i] = self.st.order[i]
        st_deal_order(&t, order)
        out = []
        for i in range(self.nhist):
            h = self.hist[i]
            if st_apply(&t, h >> 9, h & 511, &sink):
                raise RuntimeError("the move log does not replay")  # cannot happen
            for j in range(sink.n):
                out.append(_event(sink.ev[j]))
        return tuple(out)

    @property
    def hands(self):
        return (CardSet.wrap(self.st.hand[0]), CardSet.wrap(self.st.hand[1]))

    @property
    def talon(self):
        """The cards left in the talon, in draw order (the turn-up or the swapped six last)."""
        return tuple([_talon_card(&self.st, k) for k in range(self.st.drawn, 24)])

    @property
    def heap(self):
        return self.st.heap

    @property
    def heap_cards(self):
        return CardSet.wrap(self.st.heap_cards)

    @property
    def table(self):
        """Every card on the table."""
        return CardSet.wrap(self.st.table)

    @property
    def bout(self):
        cdef int i
        cdef State *s = &self.st
        pairs = tuple([(s.bout.attack[i], s.bout.beat[i] if s.bout.beat[i] >= 0 else None) for i in range(s.bout.size)])
        return Bout(s.bout.attacker, s.bout.defender, s.bout.cap, s.bout.size, bool(s.bout.taken),
                    s.bout.attack[s.nbeat] if s.nbeat < s.bout.size else None, pairs)

    @property
    def six_owner(self):
        """The seat holding the right to exchange the trump six, or None."""
        return None if self.st.six_owner < 0 else self.st.six_owner

    def __repr__(self):
        t = st_turn(&self.st)
        return (f"<durak Game ply={self.st.ply} phase={PHASES[_phase(&self.st)]} "
                f"turn={None if t < 0 else t} result={self.result}>")
