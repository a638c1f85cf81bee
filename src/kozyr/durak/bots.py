"""Bots: a rung, its thresholds and its source of random words, as one object.

A `Bot` is what sits at a seat: `choose(view)` returns the move its rung plays.
Only rung 1 draws on randomness, through a 32-bit word per decision. By
default the word is the spec's: the first four bytes, big-endian, of SHA-256
of the ASCII text `<bot seed>:<seat 1 or 2>:<ply>` (the seat as the
reference distribution numbers it, view.seat + 1), so two bots with the same
seeds replay a reference game move for move. `fast=True` swaps SHA-256 for a
splitmix64 mix of the same three inputs: much cheaper, equally deterministic,
but NOT reference-compatible (a different stream of words).

The ladder (kozyr.durak.ladder) plays Bots inside C with the same words,
computed there with kz_sha256 / the same mix; tests check the two agree.
"""
from __future__ import annotations

import hashlib
from dataclasses import KW_ONLY, dataclass
from typing import Optional, Union

from kozyr.durak.search import CHEAP_POWER, DEEP_TALON, best
from kozyr.durak.types import Move, View

__all__ = ["Bot", "word", "fast_word", "fast_key", "seed_text", "MIX_STEP"]

BotSeed = Union[str, bytes, int]
MASK64 = (1 << 64) - 1
# the splitmix64 increment: odd, irregular bits (the golden ratio * 2^64)
MIX_STEP = 0x9E3779B97F4A7C15
SEED_MAX = 200  # bytes; the C word buffer holds a seed plus ":2:<ply>"


def seed_text(seed: BotSeed) -> bytes:
    """A bot seed as the ASCII bytes the word hashes (an int is written in decimal)."""
    if isinstance(seed, bool):
        raise ValueError(f"bot seed {seed!r} is not text")
    if isinstance(seed, int):
        raw = str(seed).encode("ascii")
    elif isinstance(seed, str):
        try:
            raw = seed.encode("ascii")
        except UnicodeEncodeError:
            raise ValueError(f"bot seed {seed!r} is not ASCII") from None
    elif isinstance(seed, (bytes, bytearray)):
        raw = bytes(seed)
    else:
        raise ValueError(f"bot seed {seed!r} is not text, bytes or an int")
    if len(raw) > SEED_MAX:
        raise ValueError(f"bot seed is {len(raw)} bytes; at most {SEED_MAX}")
    return raw


def word(bot_seed: BotSeed, seat: int, ply: int) -> int:
    """The spec's rung-1 word for engine seat 0/1 (hashed as the reference seat, seat + 1)."""
    if seat not in (0, 1):
        raise ValueError(f"seat {seat!r} is not 0 or 1")
    text = seed_text(bot_seed) + f":{seat + 1}:{ply}".encode("ascii")
    return int.from_bytes(hashlib.sha256(text).digest()[:4], "big")


def mix64(z: int) -> int:
    """The splitmix64 finalizer (the same arithmetic as ladder.pyx's C)."""
    z &= MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31)


def fast_key(bot_seed: BotSeed) -> int:
    """The 64-bit key of a fast bot: the first eight bytes of SHA-256 of its seed."""
    return int.from_bytes(hashlib.sha256(seed_text(bot_seed)).digest()[:8], "big")


def fast_word(key: int, seat: int, ply: int) -> int:
    """The fast word for a 64-bit key, engine seat 0/1 and ply (not the spec's word)."""
    return mix64(key + ((((seat + 1) << 32) | ply) * MIX_STEP)) >> 32


@dataclass(frozen=True)
class Bot:
    """A rung (1 random, 2 cheap, 3 careful) with its seed and thresholds.

    `Bot(1, "alice")` plays the spec's random rung with bot seed "alice";
    `Bot(3, "x", deep_talon=9)` is a differently tuned careful bot. A Bot is
    also a plain callable `view -> Move | None`.
    """

    level: int
    seed: BotSeed
    _: KW_ONLY
    fast: bool = False
    deep_talon: int = DEEP_TALON
    cheap_power: int = CHEAP_POWER

    def __post_init__(self) -> None:
        if isinstance(self.level, bool) or not isinstance(self.level, int):
            raise ValueError(f"bot level {self.level!r} is not an int")
        for name in ("deep_talon", "cheap_power"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or not -(1 << 30) < value < (1 << 30):
                raise ValueError(f"{name} {value!r} is not a small int")
        seed_text(self.seed)  # validates

    @property
    def rung(self) -> int:
        """The level clamped to 1..3, as the spec clamps it."""
        return max(1, min(3, self.level))

    def word(self, seat: int, ply: int) -> int:
        """The 32-bit word for engine seat 0/1 at `ply`."""
        if self.fast:
            return fast_word(fast_key(self.seed), seat, ply)
        return word(self.seed, seat, ply)

    def choose(self, view: View) -> Optional[Move]:
        """The move this bot plays from `view`; None when it has no legal move."""
        w = self.word(view.seat, view.ply) if self.rung == 1 and view.legal else 0
        return best(view, self.rung, w, deep_talon=self.deep_talon, cheap_power=self.cheap_power)

    __call__ = choose
