"""Bots: a rung, its thresholds and its source of random words, as one object.

A `Bot` is what sits at a seat: `choose(view)` returns the move its rung plays.
Only rung 1 draws on randomness, through a 32-bit word per decision. By
default the word is the rules' one: the first four bytes, big-endian, of
SHA-256 of the ASCII text `<bot seed>:<seat 1 or 2>:<ply>` (the seat as the
reference distribution numbers it, view.seat + 1), so two bots with the same
seeds replay a reference game move for move. `fast=True` swaps SHA-256 for a
splitmix64 mix of the same three inputs: much cheaper, equally deterministic,
but NOT reference-compatible (a different stream of words). The words are
`kozyr.durak.seeds.word` / `fast_word`; the ladder computes the same in C.
"""
from __future__ import annotations

from dataclasses import KW_ONLY, dataclass
from typing import Optional

from kozyr.durak.moves import Move
from kozyr.durak.rungs import CHEAP_POWER, DEEP_TALON, PARAM_RANGES, best
from kozyr.durak.seeds import BotSeed, fast_key, fast_word, seed_text, word
from kozyr.durak.views import View
from kozyr.errors import KozyrError, shown

__all__ = ["Bot", "RUNGS", "RUNG_NAMES"]

RUNGS = (1, 2, 3)
RUNG_NAMES = {1: "random", 2: "cheap", 3: "careful"}


def check_rung(rung: object) -> int:
    """A rung must be the int 1, 2 or 3."""
    if isinstance(rung, bool) or not isinstance(rung, int) or rung not in RUNGS:
        raise KozyrError("bad_rung", f"unknown rung {shown(rung)}: rungs are 1 (random), 2 (cheap), 3 (careful)",
                         value=rung)
    return rung


def check_param(name: str, value: object) -> int:
    """A rung-3 setting: an int within its range (`rungs.PARAM_RANGES`, by upper-case name)."""
    low, high = PARAM_RANGES[name.upper()]
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise KozyrError("bad_param", f"{name}={shown(value)}: expected an int from {low} to {high}",
                         field=name, value=value)
    return value


@dataclass(frozen=True)
class Bot:
    """A rung (1 random, 2 cheap, 3 careful) with its seed and thresholds.

    `Bot(1, "alice")` plays the rules' random rung with bot seed "alice";
    `Bot(3, "x", deep_talon=9)` is a differently tuned careful bot. A Bot is
    also a plain callable `view -> Move | None`.
    """

    rung: int
    seed: BotSeed
    _: KW_ONLY
    fast: bool = False
    deep_talon: int = DEEP_TALON
    cheap_power: int = CHEAP_POWER

    def __post_init__(self) -> None:
        check_rung(self.rung)
        check_param("deep_talon", self.deep_talon)
        check_param("cheap_power", self.cheap_power)
        if not isinstance(self.fast, bool):
            raise KozyrError("bad_param", f"fast={shown(self.fast)} is not a bool", field="fast", value=self.fast)
        seed_text(self.seed)  # validates

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
