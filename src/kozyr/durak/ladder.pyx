"""The ladder: whole deals of bot against bot, played inside C without the GIL.

`ladder(a, b, deals, seed)` plays `deals` deals between two sides (a rung int
1..3, a `Bot`, or any Python callable `view -> Move`), seats alternating, and
returns per-deal numpy arrays plus a summary (`LadderResult`). When both sides
are rungs or Bots every deal runs in C: deal, view, `search.best_move`, apply,
with no Python object touched, so `workers=N` threads run chunks in parallel
and the results are identical to one worker (each deal depends only on its
index). A Python callable takes the slow path through the Game API.

Deal i runs from 1 to `deals`; the arrays hold deal i at index i - 1.
Side `a` sits in engine seat `i % 2` (so b opens deal 1 in seat 0), as the
reference distribution's ladder seats rung `a` in seat i mod 2.

Three ways to deal (every deal replays alone, see `deal_seed` and `replay`):

- `fast=True` (default): the engine's splitmix64 shuffle from the 64-bit
  `deal_seed(seed, i)`; rung-1 words from a splitmix64 mix, keyed per deal and
  seat. Not the spec's shuffle; the quickest source of varied deals.
- `fast=False`: the spec's SHA-256 shuffle of the 32-byte seed
  SHA-256(`<seed>:<i>`), deal number 1; rung-1 words are the spec's, with bot
  seeds `<seed>:<i>:bot1` / `:bot2` for engine seats 0 / 1.
- `reference=True`: the reference distribution's ladder: deal i is the seed
  text `<seed>-<i>` padded with spaces to 32 bytes, deal number 1 (its own
  ladder is seed "ladder": `ladder-1`, `ladder-2`, ...); bot seeds
  `<seed>-<i>:bot1` and `<seed>-<i>:bot2` for reference seats 1 and 2 (engine
  seats 0 and 1), i.e. the unpadded deal seed text, and the spec's words.

A `Bot` keeps its own seed (and word kind, and thresholds) in every deal; the
per-deal bot seeds above are for rung ints. `params` sets DEEP_TALON and
CHEAP_POWER for the rung-int sides (rung 3 reads them; rungs 1, 2 ignore them).
"""
from libc.stdint cimport int8_t, int16_t, int32_t, uint8_t, uint32_t, uint64_t
from libc.string cimport memcpy

from kozyr.durak._engine cimport (
    State, kz_sha256_any, kz_sha256_short, put_uint, st_apply_legal, st_deal_rng, st_deal_seed, st_legal, st_turn,
    st_view_turn,
)
from kozyr.durak._view cimport OUT_DRAW, OUT_NONE, DView
from kozyr.durak.search cimport Params, best_move

import hashlib
import math
import operator
import threading
import time
from collections import namedtuple
from concurrent.futures import ThreadPoolExecutor

import numpy as np

from kozyr.durak.search import CHEAP_POWER, DEEP_TALON, best
from kozyr.durak.types import pad_seed

cdef extern from "_sha256.h" nogil:
    void kz_sha256(const uint8_t *data, size_t len, uint8_t *out)

__all__ = [
    "ladder", "LadderResult", "Rate", "deal_seed", "deal_game", "players", "replay", "a_seat",
    "c_word", "c_fast_word", "PARAMS", "play", "table_bots",
]

cdef enum:
    MODE_FAST = 0
    MODE_SHA = 1
    MODE_REF = 2
    WORDS_DEAL = 0        # rung int: per-deal bot seeds from the ladder
    WORDS_BOT_SHA = 1     # a Bot: the spec's words from its own seed
    WORDS_BOT_FAST = 2    # a Bot(fast=True): the mix keyed by its seed
    TEXT_MAX = 208        # a bot seed (at most 200 bytes) + ":2:"
    WORD_BUF = 232        # + the ply's digits
    PREFIX_MAX = 48       # "<seed>-" or "<seed>:" of a ladder
    DEAL_TEXT = 72        # prefix + the deal index's digits
    MAX_MOVES = 20000     # a deal longer than this is an engine or bot fault

cdef uint64_t MIX_STEP = 0x9E3779B97F4A7C15ULL
cdef uint64_t SEAT_STEP = 0xD1B54A32D192ED03ULL

PARAMS = ("DEEP_TALON", "CHEAP_POWER")
_MODE_NAMES = ("fast", "sha", "reference")


cdef struct Side:
    int level             # 1..3
    Params p
    int words             # WORDS_*
    uint64_t key          # WORDS_BOT_FAST
    int textlen           # WORDS_BOT_SHA: the bot seed's bytes
    unsigned char text[TEXT_MAX]


cdef struct Plan:
    int mode              # MODE_*
    uint64_t key          # MODE_FAST: the base key of the seed
    int prefixlen
    unsigned char prefix[PREFIX_MAX]
    Side side[2]          # a, b


# -- words and keys (C; the Python twins live in kozyr.durak.bots) -------------
cdef inline uint64_t mix64(uint64_t z) noexcept nogil:
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL
    return z ^ (z >> 31)


cdef inline uint32_t fast_word(uint64_t key, int seat, int ply) noexcept nogil:
    return <uint32_t>(mix64(key + ((((<uint64_t>(seat + 1)) << 32) | <uint32_t>ply) * MIX_STEP)) >> 32)


cdef inline uint32_t sha_word(unsigned char *buf, int head, int ply) noexcept nogil:
    """The spec's word: buf holds `<bot seed>:<seat>:` (head bytes); the ply is appended."""
    cdef uint8_t digest[32]
    cdef uint32_t h[8]
    cdef int n = head + put_uint(buf + head, <unsigned long long>ply)
    if n <= 55:
        kz_sha256_short(buf, n, h)
        return h[0]
    kz_sha256(buf, n, digest)
    return ((<uint32_t>digest[0] << 24) | (<uint32_t>digest[1] << 16)
            | (<uint32_t>digest[2] << 8) | <uint32_t>digest[3])


cdef inline int seat_tail(unsigned char *buf, int n, int seat) noexcept nogil:
    """Append `:<seat + 1>:` to the n bytes at buf; the new length."""
    buf[n] = 58
    buf[n + 1] = <unsigned char>(49 + seat)
    buf[n + 2] = 58
    return n + 3


cdef inline int word_head(unsigned char *buf, const unsigned char *text, int n, int seat) noexcept nogil:
    """buf = `<text>:<seat + 1>:`; its length."""
    memcpy(buf, text, n)
    return seat_tail(buf, n, seat)


# -- one deal ------------------------------------------------------------------
cdef struct Outcome:
    int8_t fool           # side: 0 = a, 1 = b, -1 draw
    int32_t moves
    int16_t bouts
    int8_t largest


cdef struct Seat:
    const Side *side
    bint fast             # words from the mix with `key`, else SHA-256 of buf
    uint64_t key
    int head              # buf holds `<bot seed>:<seat + 1>:`, head bytes
    unsigned char buf[WORD_BUF]


cdef inline int bigger_hand(const State *s, int big) noexcept nogil:
    cdef int c0 = s.count[0], c1 = s.count[1]
    if c0 > big:
        big = c0
    return c1 if c1 > big else big


cdef int play_out(State *s, Seat *seats, int *largest) noexcept nogil:
    """Play the dealt State to its end; 0, or -1 when a bot had no move or the deal ran away.

    Rungs 2 and 3 get the full view of the seat on turn. Rung 1 reads nothing
    of a view but its legal list (and the ply, for its word), so for it the
    ladder fills just those two fields: the same decision for a third of the
    work. A bot's move comes from the legal list it was shown, so it is applied
    without re-validation (st_apply_legal). Hands grow only when a bout
    closes, so the largest hand is looked at then.
    """
    cdef DView v
    cdef Seat *st
    cdef int t, m, level, bouts = -1, big = bigger_hand(s, 0)
    cdef uint32_t w
    while s.outcome == OUT_NONE:
        t = st_turn(s)
        if s.bouts != bouts:
            bouts = s.bouts
            big = bigger_hand(s, big)
        st = &seats[t]
        level = st.side.level
        if level == 1:
            v.nlegal = st_legal(s, v.legal)
            w = fast_word(st.key, t, s.ply) if st.fast else sha_word(st.buf, st.head, s.ply)
        else:
            st_view_turn(s, &v)
            w = 0
        m = best_move(&v, level, w, &st.side.p)
        if m < 0 or s.moves >= MAX_MOVES:
            return -1
        st_apply_legal(s, t, m)
    largest[0] = bigger_hand(s, big)
    return 0


cdef void bot_words(Seat *st, const Side *side, int seat) noexcept nogil:
    """Words of a Bot: its own seed, in every deal."""
    st.side = side
    st.fast = side.words == WORDS_BOT_FAST
    st.key = side.key
    st.head = word_head(st.buf, side.text, side.textlen, seat) if side.words == WORDS_BOT_SHA else 0


cdef int play_deal(const Plan *pl, long long i, Outcome *out) noexcept nogil:
    """Play deal i (from 1) of the plan; 0, or -1 when a move was refused or the deal ran away."""
    cdef State s
    cdef Seat seats[2]
    cdef int a_seat = <int>(i & 1)
    cdef uint64_t rng, base
    cdef unsigned char text[DEAL_TEXT]
    cdef unsigned char seed32[32]
    cdef int tlen = 0, seat, k, big
    bot_words(&seats[a_seat], &pl.side[0], a_seat)
    bot_words(&seats[1 - a_seat], &pl.side[1], 1 - a_seat)
    if pl.mode == MODE_FAST:
        base = mix64(pl.key + <uint64_t>i * MIX_STEP)
        rng = base
        st_deal_rng(&s, &rng)
    else:
        memcpy(text, pl.prefix, pl.prefixlen)
        tlen = pl.prefixlen + put_uint(text + pl.prefixlen, <unsigned long long>i)
        if pl.mode == MODE_REF:
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
        if pl.mode == MODE_FAST:
            seats[seat].fast = True
            seats[seat].key = mix64(base + <uint64_t>(seat + 1) * SEAT_STEP)
        else:
            # bot seed `<deal text>:bot<seat + 1>`, then `:<seat + 1>:`
            memcpy(seats[seat].buf, text, tlen)
            memcpy(seats[seat].buf + tlen, b":bot", 4)
            seats[seat].buf[tlen + 4] = <unsigned char>(49 + seat)
            seats[seat].head = seat_tail(seats[seat].buf, tlen + 5, seat)
    if play_out(&s, seats, &big) != 0:
        return -1
    out.fool = -1 if s.outcome == OUT_DRAW or s.fool < 0 else <int8_t>(s.fool != a_seat)
    out.moves = s.moves
    out.bouts = <int16_t>s.bouts
    out.largest = <int8_t>big
    return 0


cdef long long play_chunk(const Plan *pl, long long first, long long count, int8_t *fool,
                          int32_t *moves, int16_t *bouts, int8_t *largest) noexcept nogil:
    """Deals first+1 .. first+count into the arrays at 0..count-1; the first failing deal, or 0."""
    cdef long long k
    cdef Outcome o
    for k in range(count):
        if play_deal(pl, first + k + 1, &o) != 0:
            return first + k + 1
        fool[k] = o.fool
        moves[k] = o.moves
        bouts[k] = o.bouts
        largest[k] = o.largest
    return 0


cdef class _Runner:
    """A Plan held by Python, so that worker threads can share it read-only."""
    cdef Plan plan

    def chunk(self, long long first, long long count, int8_t[::1] fool, int32_t[::1] moves,
              int16_t[::1] bouts, int8_t[::1] largest):
        cdef long long bad
        with nogil:
            bad = play_chunk(&self.plan, first, count, &fool[first], &moves[first],
                             &bouts[first], &largest[first])
        if bad:
            raise RuntimeError(f"deal {bad}: a bot's move was refused or the deal ran past "
                               f"{MAX_MOVES} moves (an engine or bot fault)")
        return count


# -- words from Python (the same C code; tests compare them with hashlib) ------
def c_word(bot_seed, int seat, int ply):
    """The spec's word computed by the ladder's C (kz_sha256); seat is the engine seat 0/1."""
    from kozyr.durak.bots import seed_text
    cdef bytes raw = seed_text(bot_seed)
    cdef unsigned char buf[WORD_BUF]
    cdef const unsigned char *p = raw
    if seat not in (0, 1) or ply < 0:
        raise ValueError("seat must be 0 or 1 and ply at least 0")
    return sha_word(buf, word_head(buf, p, len(raw), seat), ply)


def c_fast_word(key, int seat, int ply):
    """The fast word computed by the ladder's C; key is a 64-bit int."""
    if seat not in (0, 1) or ply < 0:
        raise ValueError("seat must be 0 or 1 and ply at least 0")
    return fast_word(<uint64_t>(operator.index(key) & 0xFFFFFFFFFFFFFFFF), seat, ply)


# -- seeds -----------------------------------------------------------------------
def _seed_str(seed):
    if isinstance(seed, bool):
        raise ValueError(f"ladder seed {seed!r} is not text or an int")
    if isinstance(seed, int):
        return str(seed)
    if isinstance(seed, str):
        if not seed.isascii():
            raise ValueError(f"ladder seed {seed!r} is not ASCII")
        return seed
    raise ValueError(f"ladder seed {seed!r} is not text or an int")


def _mode(reference, fast):
    return MODE_REF if reference else (MODE_FAST if fast else MODE_SHA)


def _prefix(seed, mode):
    return _seed_str(seed) + ("-" if mode == MODE_REF else ":")


def _base_key(seed):
    return int.from_bytes(hashlib.sha256(_seed_str(seed).encode("ascii")).digest()[:8], "big")


def _mix(z):
    from kozyr.durak.bots import mix64 as py_mix
    return py_mix(z)


def _check_index(i):
    if isinstance(i, bool) or not isinstance(i, int) or i < 1:
        raise ValueError(f"deal index {i!r} is not an int from 1")


def deal_seed(seed, i, *, reference=False, fast=True):
    """Deal i's seed: a 64-bit int for `Game.from_rng` (fast), else 32 bytes for `Game.from_seed`."""
    _check_index(i)
    mode = _mode(reference, fast)
    if mode == MODE_FAST:
        return _mix((_base_key(seed) + i * MIX_STEP) & 0xFFFFFFFFFFFFFFFF)
    text = _prefix(seed, mode) + str(i)
    if mode == MODE_REF:
        return pad_seed(text)
    return hashlib.sha256(text.encode("ascii")).digest()


def a_seat(i):
    """The engine seat side `a` takes in deal i (from 1): i % 2."""
    _check_index(i)
    return i % 2


def deal_game(seed, i, *, reference=False, fast=True, engine=None):
    """A fresh Game of deal i; `engine` is a Game class (the Cython one by default,
    or kozyr.durak.reference.Game, which deals from seeds only)."""
    if engine is None:
        from kozyr.durak._engine import Game as engine
    ds = deal_seed(seed, i, reference=reference, fast=fast)
    return engine.from_rng(ds) if isinstance(ds, int) else engine.from_seed(ds, 1)


def _params_of(params):
    """(deep_talon, cheap_power) from None or a mapping of PARAMS names (any case)."""
    deep, cheap = DEEP_TALON, CHEAP_POWER
    if params is None:
        return deep, cheap
    try:
        items = list(params.items())
    except AttributeError:
        raise ValueError(f"params {params!r} is not a mapping of {', '.join(PARAMS)}") from None
    for name, value in items:
        key = str(name).upper()
        if key not in PARAMS:
            raise ValueError(f"unknown parameter {name!r}: expected {' or '.join(PARAMS)}")
        if isinstance(value, bool) or not isinstance(value, int) or not -(1 << 30) < value < (1 << 30):
            raise ValueError(f"parameter {name} = {value!r} is not a small int")
        if key == "DEEP_TALON":
            deep = value
        else:
            cheap = value
    return deep, cheap


def _kind(side):
    """'rung', 'bot' or 'callable'; ValueError for anything else."""
    from kozyr.durak.bots import Bot
    if isinstance(side, bool):
        raise ValueError(f"{side!r} is not a rung, a Bot or a callable")
    if isinstance(side, int):
        if not 1 <= side <= 3:
            raise ValueError(f"unknown rung {side!r}: rungs are 1, 2 and 3")
        return "rung"
    if isinstance(side, Bot):
        return "bot"
    if callable(side):
        return "callable"
    raise ValueError(f"{side!r} is not a rung, a Bot or a callable")


def players(a, b, seed, i, *, reference=False, fast=True, params=None):
    """The two Python players (engine seats 0, 1) of deal i: the slow path's view of the
    same sides, with the same words as the C loop."""
    from kozyr.durak.bots import fast_word as py_fast_word, word as py_word
    mode = _mode(reference, fast)
    deep, cheap = _params_of(params)
    sat = a_seat(i)
    by_seat = [None, None]
    by_seat[sat], by_seat[1 - sat] = a, b
    if mode == MODE_FAST:
        rng = _mix((_base_key(seed) + i * MIX_STEP) & 0xFFFFFFFFFFFFFFFF)
    out = []
    for seat, side in enumerate(by_seat):
        kind = _kind(side)
        if kind != "rung":
            out.append(side)
            continue
        level = side
        if mode == MODE_FAST:
            key = _mix((rng + (seat + 1) * SEAT_STEP) & 0xFFFFFFFFFFFFFFFF)
            words = (lambda ply, key=key, seat=seat: py_fast_word(key, seat, ply))
        else:
            bot_seed = f"{_prefix(seed, mode)}{i}:bot{seat + 1}"
            words = (lambda ply, s=bot_seed, seat=seat: py_word(s, seat, ply))

        def play(view, level=level, words=words):
            w = words(view.ply) if level == 1 and view.legal else 0
            return best(view, level, w, deep_talon=deep, cheap_power=cheap)
        out.append(play)
    return tuple(out)


def _play_python(game, seats):
    """Play a game to its end with two Python players; (moves, bouts, largest)."""
    big = 6
    moves = 0
    while not game.over:
        t = game.turn
        view = game.view(t)
        big = max(big, view.counts[0], view.counts[1])
        move = seats[t](view)
        if move is None:
            raise RuntimeError(f"the player in seat {t} returned no move at ply {view.ply}")
        game.apply(t, move)
        moves += 1
        if moves > MAX_MOVES:
            raise RuntimeError(f"the deal ran past {MAX_MOVES} moves")
    final = game.view(0)
    big = max(big, final.counts[0], final.counts[1])
    bouts = sum(1 for e in game.events if e.kind == "bout_end")
    return moves, bouts, big


def replay(a, b, seed, i, *, reference=False, fast=True, params=None, engine=None):
    """Deal i of a ladder played again alone through the Python Game API; the finished Game.

    Its history is the deal move by move; the C loop's arrays for deal i
    (fool side, moves, bouts, largest hand) follow from it.
    """
    game = deal_game(seed, i, reference=reference, fast=fast, engine=engine)
    _play_python(game, players(a, b, seed, i, reference=reference, fast=fast, params=params))
    return game


def _seed_and_text(seed):
    """(32 seed bytes, the seed's text for bot seeds): text is padded, bytes are stripped."""
    if isinstance(seed, str):
        return pad_seed(seed), seed.encode("ascii")
    if isinstance(seed, (bytes, bytearray)) and len(seed) == 32:
        return bytes(seed), bytes(seed).rstrip(b" ")
    raise ValueError(f"seed {seed!r} is not text (padded to 32 bytes) or 32 bytes")


def table_bots(seed, a, b):
    """The two Bots of `play`/`kozyr replay`: rung ints become Bot(rung, '<seed>:<seat + 1>')."""
    from kozyr.durak.bots import Bot
    _, text = _seed_and_text(seed)
    out = []
    for seat, side in enumerate((a, b)):
        kind = _kind(side)
        if kind == "callable":
            raise ValueError("play() runs in C: sides are rung ints or Bots")
        if kind == "rung":
            name = text + b":" + str(seat + 1).encode("ascii")
            out.append(Bot(side, name.decode("ascii") if name.isascii() else name))
        else:
            out.append(side)
    return tuple(out)


def play(seed, a, b, *, number=1):
    """One deal from an explicit seed, played in C: side a in seat 0, b in seat 1.

    `seed` is text (padded with spaces to 32 bytes) or 32 bytes; rung ints play
    with the bot seeds `<seed>:1` and `<seed>:2`, as the spec's replay vectors
    do. Returns a dict: outcome, fool (seat or None), moves, ply, bouts, heap,
    largest.
    """
    cdef State s
    cdef Seat seats[2]
    cdef Plan plan
    cdef int big = 0, bad
    cdef bytes raw
    cdef unsigned int num
    raw, _ = _seed_and_text(seed)
    if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number < (1 << 32):
        raise ValueError(f"deal number {number!r} is not an int from 1")
    num = number
    bots = table_bots(seed, a, b)
    _fill_side(&plan.side[0], bots[0], DEEP_TALON, CHEAP_POWER)
    _fill_side(&plan.side[1], bots[1], DEEP_TALON, CHEAP_POWER)
    cdef const unsigned char *sp = raw
    with nogil:
        st_deal_seed(&s, sp, num)
        bot_words(&seats[0], &plan.side[0], 0)
        bot_words(&seats[1], &plan.side[1], 1)
        bad = play_out(&s, seats, &big)
    if bad:
        raise RuntimeError("a bot's move was refused or the deal ran away (an engine or bot fault)")
    return {
        "outcome": ("running", "fool", "draw", "resign")[s.outcome],
        "fool": None if s.fool < 0 else s.fool,
        "moves": s.moves, "ply": s.ply, "bouts": s.bouts, "heap": s.heap, "largest": big,
    }


# -- the summary ---------------------------------------------------------------
Rate = namedtuple("Rate", "rate low high hits total")
Rate.__doc__ = "A rate hits/total with its 2-sigma interval [low, high] (normal approximation)."


def _rate(count, total):
    if total <= 0:
        return Rate(math.nan, math.nan, math.nan, int(count), int(total))
    p = count / total
    half = 2.0 * math.sqrt(p * (1.0 - p) / total)
    return Rate(p, max(0.0, p - half), min(1.0, p + half), int(count), int(total))


def _describe(side):
    if isinstance(side, int):
        return f"rung {side}"
    return repr(side) if _kind(side) == "bot" else getattr(side, "__name__", repr(side))


class LadderResult:
    """Per-deal arrays and the summary of one ladder.

    Arrays (index k is deal k + 1): `fool` int8 (0 = side a was the fool,
    1 = side b, -1 a draw), `moves` int32 (decisions), `bouts` int16,
    `largest` int8 (the largest hand either seat held). Rates are `Rate`
    tuples with a 2-sigma interval: `a_fool`/`b_fool` over all deals,
    `a_fool_decided`/`b_fool_decided` with draws left out.
    """

    def __init__(self, a, b, seed, mode, fool, moves, bouts, largest, seconds):
        self.a, self.b, self.seed, self.mode = a, b, seed, mode
        self.fool, self.moves, self.bouts, self.largest = fool, moves, bouts, largest
        self.seconds = seconds
        n = len(fool)
        self.deals = n
        self.a_fools = int(np.count_nonzero(fool == 0))
        self.b_fools = int(np.count_nonzero(fool == 1))
        self.draws = n - self.a_fools - self.b_fools
        decided = self.a_fools + self.b_fools
        self.a_fool = _rate(self.a_fools, n)
        self.b_fool = _rate(self.b_fools, n)
        self.draw_rate = _rate(self.draws, n)
        self.a_fool_decided = _rate(self.a_fools, decided)
        self.b_fool_decided = _rate(self.b_fools, decided)
        self.mean_moves = float(moves.mean()) if n else math.nan
        self.mean_bouts = float(bouts.mean()) if n else math.nan
        self.max_largest = int(largest.max()) if n else 0
        self.deals_per_second = n / seconds if seconds > 0 else math.inf

    def a_seat(self, i):
        """The engine seat side a held in deal i (from 1)."""
        return a_seat(i)

    def summary(self):
        """The summary as plain JSON-ready values."""
        def rate(r):
            return {"rate": r.rate, "low": r.low, "high": r.high, "hits": r.hits, "total": r.total}
        return {
            "a": _describe(self.a), "b": _describe(self.b), "seed": str(self.seed), "mode": self.mode,
            "deals": self.deals, "a_fools": self.a_fools, "b_fools": self.b_fools, "draws": self.draws,
            "a_fool": rate(self.a_fool), "b_fool": rate(self.b_fool),
            "a_fool_decided": rate(self.a_fool_decided), "b_fool_decided": rate(self.b_fool_decided),
            "mean_moves": self.mean_moves, "mean_bouts": self.mean_bouts,
            "max_largest": self.max_largest, "seconds": self.seconds,
            "deals_per_second": self.deals_per_second,
        }

    def __repr__(self):
        return (f"<LadderResult {_describe(self.a)} vs {_describe(self.b)}: {self.deals} deals, "
                f"a fool {self.a_fool_decided.rate:.2%} of decided, b {self.b_fool_decided.rate:.2%}, "
                f"{self.draws} draws, {self.mean_moves:.2f} moves, {self.deals_per_second:,.0f} deals/s>")


# -- the ladder ------------------------------------------------------------------
cdef int _fill_side(Side *sd, object side, int deep, int cheap) except -1:
    from kozyr.durak.bots import fast_key, seed_text
    cdef bytes raw
    if _kind(side) == "rung":
        sd.level = side
        sd.p.deep_talon = deep
        sd.p.cheap_power = cheap
        sd.words = WORDS_DEAL
        sd.key = 0
        sd.textlen = 0
        return 0
    sd.level = side.rung
    sd.p.deep_talon = side.deep_talon
    sd.p.cheap_power = side.cheap_power
    raw = seed_text(side.seed)
    sd.textlen = len(raw)
    memcpy(sd.text, <const unsigned char *>raw, len(raw))
    if side.fast:
        sd.words = WORDS_BOT_FAST
        sd.key = <uint64_t>fast_key(side.seed)
    else:
        sd.words = WORDS_BOT_SHA
        sd.key = 0
    return 0


def _runner(a, b, seed, mode, deep, cheap, deals):
    cdef _Runner r = _Runner()
    cdef bytes prefix
    r.plan.mode = mode
    r.plan.key = 0
    r.plan.prefixlen = 0
    if mode == MODE_FAST:
        r.plan.key = <uint64_t>_base_key(seed)
    else:
        prefix = _prefix(seed, mode).encode("ascii")
        longest = len(prefix) + len(str(max(deals, 1)))
        if mode == MODE_REF and longest > 32:
            raise ValueError(f"reference seeds '{prefix.decode()}<i>' up to deal {deals} "
                             f"exceed 32 bytes; use a shorter seed")
        if len(prefix) > PREFIX_MAX:
            raise ValueError(f"ladder seed {seed!r} is longer than {PREFIX_MAX - 1} characters")
        r.plan.prefixlen = len(prefix)
        memcpy(r.plan.prefix, <const unsigned char *>prefix, len(prefix))
    _fill_side(&r.plan.side[0], a, deep, cheap)
    _fill_side(&r.plan.side[1], b, deep, cheap)
    return r


def _chunks(deals, workers, chunk):
    if chunk is None:
        chunk = max(2048, min(1 << 16, deals // (16 * workers) + 1))
    return [(first, min(chunk, deals - first)) for first in range(0, deals, chunk)]


def ladder(a, b, deals, seed=0, *, reference=False, fast=True, workers=1, params=None,
           progress=None, chunk=None):
    """Play `deals` deals of side a against side b; a `LadderResult`.

    a, b: rung ints 1..3, `Bot`s (both: the C loop) or callables view -> Move
    (the slow Python path, one thread). Deal i (1..deals) seats a in engine
    seat i % 2. `progress(done, total)` is called from the calling thread after
    every chunk of deals. `workers` threads share the chunks; the arrays do not
    depend on workers or chunking.
    """
    if isinstance(deals, bool) or not isinstance(deals, int) or deals < 0:
        raise ValueError(f"deals must be an int at least 0, not {deals!r}")
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise ValueError(f"workers must be an int at least 1, not {workers!r}")
    mode = _mode(reference, fast)
    deep, cheap = _params_of(params)
    kinds = (_kind(a), _kind(b))
    _seed_str(seed)
    fool = np.empty(deals, dtype=np.int8)
    moves = np.empty(deals, dtype=np.int32)
    bouts = np.empty(deals, dtype=np.int16)
    largest = np.empty(deals, dtype=np.int8)
    start = time.perf_counter()
    if "callable" in kinds:
        _ladder_python(a, b, deals, seed, reference, fast, params, progress, fool, moves, bouts, largest)
    else:
        runner = _runner(a, b, seed, mode, deep, cheap, deals)
        parts = _chunks(deals, workers, chunk)
        done = 0
        if workers == 1:
            for first, count in parts:
                done += runner.chunk(first, count, fool, moves, bouts, largest)
                if progress is not None:
                    progress(done, deals)
        else:
            with ThreadPoolExecutor(max_workers=workers, thread_name_prefix="kozyr-ladder") as pool:
                futures = [pool.submit(runner.chunk, first, count, fool, moves, bouts, largest)
                           for first, count in parts]
                for fut in futures:
                    done += fut.result()
                    if progress is not None:
                        progress(done, deals)
    seconds = time.perf_counter() - start
    return LadderResult(a, b, seed, _MODE_NAMES[mode], fool, moves, bouts, largest, seconds)


def _ladder_python(a, b, deals, seed, reference, fast, params, progress, fool, moves, bouts, largest):
    step = max(1, min(1000, deals // 100 + 1))
    for k in range(deals):
        i = k + 1
        game = deal_game(seed, i, reference=reference, fast=fast)
        seats = players(a, b, seed, i, reference=reference, fast=fast, params=params)
        moves[k], bouts[k], largest[k] = _play_python(game, seats)
        result = game.result
        if result.fool is None:
            fool[k] = -1
        else:
            fool[k] = 0 if result.fool == a_seat(i) else 1
        if progress is not None and (i % step == 0 or i == deals):
            progress(i, deals)
