"""Seeds and random words: where every deal and every rung-1 decision draws its randomness.

This is the Python twin of `core/seeds.pxd` (the C the ladder and the engine run);
`tests/durak/bots/test_bots_words.py` checks that the two give the same numbers.
Nothing here is random at run time: every value follows from a seed text and
an index, so any deal or decision replays alone.

Three ways to deal a ladder (`DEALS`, the value of every `deal=` argument):

- "fast": the engine's splitmix64 shuffle from the 64-bit `deal_seed(seed, i)`;
  rung-1 words from a splitmix64 mix keyed per deal and seat. Not the
  reference distribution's shuffle; the quickest source of varied deals.
- "sha": the SHA-256 shuffle of the 32-byte seed SHA-256(`<seed>:<i>`), deal
  number 1; rung-1 words are SHA-256 words with bot seeds `<seed>:<i>:bot1` /
  `:bot2` for engine seats 0 / 1.
- "reference": the reference distribution's own ladder: deal i is the seed text
  `<seed>-<i>` padded with spaces to 32 bytes (its ladder is seed "ladder":
  `ladder-1`, `ladder-2`, ...), bot seeds `<seed>-<i>:bot1` / `:bot2`.
"""
from __future__ import annotations

import hashlib

from kozyr.durak.codes import IllegalMove
from kozyr.durak.rules import MAX_SEATS
from kozyr.errors import KozyrError, shown, whole

__all__ = [
    "DEALS", "seed_bytes", "pad_seed", "seed_text", "word", "mix64", "fast_key", "fast_word", "deal_seed", "a_seat",
    "ladder_seed", "MIX_STEP", "SEAT_STEP", "SEED_MAX",
]

BotSeed = str | bytes | int
DEALS = ("fast", "sha", "reference")
MASK64 = (1 << 64) - 1
MIX_STEP = 0x9E3779B97F4A7C15   # the splitmix64 increment (the golden ratio * 2^64)
SEAT_STEP = 0xD1B54A32D192ED03  # separates the two seats' word keys within a deal
SEED_MAX = 200                  # bytes of a bot seed; the C word buffer holds it plus ":2:<ply>"
LADDER_SEED_MAX = 47            # characters of a ladder seed (the C prefix buffer)


def seed_bytes(seed: object, what: str = "seed", *, code: str = "bad_seed", error: type[KozyrError] = KozyrError,
               ints: bool = False, most: int | None = None, size: int | None = None) -> bytes:
    """The bytes a seed stands for: the one seed normaliser of every door (deal seeds, bot seeds,
    ladder seeds, the engine's and the reference's `from_seed`).

    Text must be ASCII and is its own bytes (the rules hash "the ASCII text" of a seed); bytes,
    a bytearray or a memoryview are taken as they are; an int, where `ints`, is its decimal
    digits. Anything else, text that is not ASCII, more than `most` bytes or not exactly `size`
    bytes is an `error` (a KozyrError, or the rules' IllegalMove for no_seed) coded `code`,
    naming `what`.

    >>> seed_bytes("durak-one"), seed_bytes(42, ints=True), seed_bytes(b"\\xff")
    (b'durak-one', b'42', b'\\xff')
    """
    limit = size if size is not None else most
    if isinstance(seed, bool):
        raise error(code, f"{what} {seed!r} is not text or bytes", value=seed)
    if isinstance(seed, str):
        if not seed.isascii():
            raise error(code, f"{what} {shown(seed)} is not ASCII text", value=seed)
        raw = seed.encode("ascii")
    elif isinstance(seed, (bytes, bytearray, memoryview)):
        raw = bytes(seed)
    elif ints and isinstance(seed, int):
        # a number too long for any limit is refused before its digits are written out
        raw = str(seed).encode("ascii") if limit is None or abs(seed) < 10 ** limit else b"x" * (limit + 1)
    else:
        kinds = "text, bytes or an int" if ints else "text or bytes"
        raise error(code, f"{what} {shown(seed)} is not {kinds}", value=seed)
    if size is not None and len(raw) != size:
        raise error(code, f"{what} {shown(raw)} is {len(raw)} bytes, not {size}", value=seed)
    if most is not None and len(raw) > most:
        raise error(code, f"{what} {shown(seed)} is longer than {most} bytes", value=seed)
    return raw


def pad_seed(text: str | bytes) -> bytes:
    """A seed text padded with spaces to the 32 bytes a seed must have (`durak-one` style).

    >>> pad_seed("durak-one")
    b'durak-one                       '
    """
    return seed_bytes(text, "seed", code="no_seed", error=IllegalMove, most=32).ljust(32, b" ")


def seed_text(seed: BotSeed) -> bytes:
    """A bot seed as the ASCII bytes its words hash (an int is written in decimal)."""
    return seed_bytes(seed, "bot seed", ints=True, most=SEED_MAX)


def word(bot_seed: BotSeed, seat: int, ply: int) -> int:
    """The rules' rung-1 word: the first four bytes, big-endian, of SHA-256 of
    `<bot seed>:<seat + 1>:<ply>` (engine seat 0/1 is the reference's seat 1/2; at a table of
    more seats, seat s writes s + 1 the same way)."""
    seat = whole("seat", seat, 0, MAX_SEATS - 1)
    text = seed_text(bot_seed) + f":{seat + 1}:{ply}".encode("ascii")
    return int.from_bytes(hashlib.sha256(text).digest()[:4], "big")


def mix64(z: int) -> int:
    """The splitmix64 finalizer (the same arithmetic as `core/seeds.pxd`)."""
    z &= MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31)


def fast_key(bot_seed: BotSeed) -> int:
    """The 64-bit key of a fast bot: the first eight bytes of SHA-256 of its seed."""
    return int.from_bytes(hashlib.sha256(seed_text(bot_seed)).digest()[:8], "big")


def fast_word(key: int, seat: int, ply: int) -> int:
    """The fast word for a 64-bit key, engine seat 0/1 and ply (not the rules' word)."""
    return mix64(key + ((((seat + 1) << 32) | ply) * MIX_STEP)) >> 32


# -- ladders ---------------------------------------------------------------------------
def check_deal(deal: object) -> str:
    """`deal` must be one of DEALS; returned as given."""
    if deal not in DEALS:
        raise KozyrError("bad_deal_mode", f"deal={shown(deal)}: expected one of {', '.join(DEALS)}", value=deal)
    return str(deal)


def ladder_seed(seed: object) -> str:
    """A ladder seed as text: ASCII text or an int, at most LADDER_SEED_MAX characters (the C
    prefix buffer holds them)."""
    if isinstance(seed, bool) or not isinstance(seed, (int, str)):
        raise KozyrError("bad_seed", f"ladder seed {shown(seed)} is not text or an int", value=seed)
    seed_bytes(seed, "ladder seed", ints=True, most=LADDER_SEED_MAX)
    return str(seed)


def ladder_bytes(seed: object) -> bytes:
    """The bytes of a ladder seed (`ladder_seed`: ASCII)."""
    return ladder_seed(seed).encode("ascii")


def check_index(i: object) -> int:
    """A deal index: a whole number from 1 (bad_index)."""
    return whole("index", i, 1)


def base_key(seed: object) -> int:
    """The 64-bit key of a fast ladder: the first eight bytes of SHA-256 of the seed text."""
    return int.from_bytes(hashlib.sha256(ladder_bytes(seed)).digest()[:8], "big")


def prefix(seed: object, deal: str) -> str:
    """`<seed>-` (reference) or `<seed>:` (sha): deal i's text is the prefix and i."""
    return ladder_seed(seed) + ("-" if deal == "reference" else ":")


def deal_key(seed: object, i: int) -> int:
    """Deal i's 64-bit key in a fast ladder (its shuffle's splitmix64 state)."""
    return mix64((base_key(seed) + check_index(i) * MIX_STEP) & MASK64)


def seat_key(key: int, seat: int) -> int:
    """The rung-1 word key of engine seat 0/1 within a fast deal of key `key`."""
    return mix64((key + (seat + 1) * SEAT_STEP) & MASK64)


def deal_seed(seed: object, i: int, deal: str = "fast") -> int | bytes:
    """Deal i's seed: a 64-bit int for `Game.from_rng` (fast), else 32 bytes for `Game.from_seed`."""
    check_index(i)
    check_deal(deal)
    if deal == "fast":
        return deal_key(seed, i)
    text = prefix(seed, deal) + str(i)
    if deal == "reference":
        return pad_seed(text)
    return hashlib.sha256(text.encode("ascii")).digest()


def bot_seed(seed: object, i: int, seat: int, deal: str) -> str:
    """The bot seed of a rung in engine seat 0/1 of deal i (sha and reference ladders)."""
    return f"{prefix(seed, deal)}{check_index(i)}:bot{seat + 1}"


def a_seat(i: int) -> int:
    """The engine seat side `a` takes in deal i (from 1): i % 2."""
    return check_index(i) % 2
