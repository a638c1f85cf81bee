"""Bots: a rung, its settings (`Params`) and its source of random words, as one object.

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

from kozyr.durak.bots.rungs import best
from kozyr.durak.moves import Move
from kozyr.durak.params import Params
from kozyr.durak.seeds import BotSeed, fast_key, fast_word, seed_text, word
from kozyr.durak.views import View
from kozyr.errors import KozyrError, shown

__all__ = ["Bot", "RUNGS", "RUNG_NAMES"]

RUNGS = (1, 2, 3)
RUNG_NAMES = {1: "random", 2: "cheap", 3: "careful", 4: "search"}   # rung 4 is Rung4Bot (bot4.py)


def check_rung(rung: object) -> int:
    """A rung must be the int 1, 2 or 3."""
    if isinstance(rung, bool) or not isinstance(rung, int) or rung not in RUNGS:
        raise KozyrError("bad_rung", f"unknown rung {shown(rung)}: rungs are 1 (random), 2 (cheap), 3 (careful)",
                         value=rung)
    return rung


@dataclass(frozen=True)
class Bot:
    """A rung (1 random, 2 cheap, 3 careful) with its seed and settings.

    `Bot(1, "alice")` plays the rules' random rung with bot seed "alice";
    `Bot(3, "x", params=Params(DEEP_TALON=9))` is a differently tuned careful
    bot (`params` may also be a mapping of NAME: value; it is stored as a
    `Params`). A Bot is also a plain callable `view -> Move | None`.
    """

    rung: int
    seed: BotSeed
    _: KW_ONLY
    fast: bool = False
    params: Params = Params()

    def __post_init__(self) -> None:
        check_rung(self.rung)
        object.__setattr__(self, "params", Params.of(self.params))
        if not isinstance(self.fast, bool):
            raise KozyrError("bad_fast", f"fast={shown(self.fast)} is not a bool", field="fast", value=self.fast)
        seed_text(self.seed)  # validates

    def word(self, seat: int, ply: int) -> int:
        """The 32-bit word for engine seat 0/1 at `ply`."""
        if self.fast:
            return fast_word(fast_key(self.seed), seat, ply)
        return word(self.seed, seat, ply)

    def choose(self, view: View) -> Move | None:
        """The move this bot plays from `view`; None when it has no legal move."""
        w = self.word(view.seat, view.ply) if self.rung == 1 and view.legal else 0
        return best(view, self.rung, w, self.params)

    __call__ = choose
