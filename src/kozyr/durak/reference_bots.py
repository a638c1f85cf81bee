"""The rules' bots ("The bots" in docs/rules/durak.md) in plain Python, over a `View`.

The oracle for the Cython rungs: `best(view, level, word)` sees the view and
nothing else. Rung 1 picks by the word; rungs 2 and 3 are deterministic.
"""
from __future__ import annotations

import hashlib
from typing import Optional

from kozyr.durak.moves import DONE, SWAP, TAKE, Move
from kozyr.durak.views import View

__all__ = ["best", "word", "cost", "DEEP_TALON", "CHEAP_POWER"]

DEEP_TALON = 6    # the reference bot's values; a tuned value is a different bot
CHEAP_POWER = 3


def _reference_number(card: int) -> int:
    """1 = AS, 2 = KS, ..., 9 = 6S, 10 = AH, ..., 36 = 6C."""
    return 9 * (card >> 4) + (14 - (card & 15)) + 1


def _power(card: int) -> int:
    return (card & 15) - 6


def word(bot_seed: str, seat: int, ply: int) -> int:
    """First four bytes, big-endian, of SHA-256 of `<bot seed>:<seat + 1>:<ply>`."""
    digest = hashlib.sha256(f"{bot_seed}:{seat + 1}:{ply}".encode("ascii")).digest()
    return int.from_bytes(digest[:4], "big")


def cost(card: int, view: View, pair_adjustment: int) -> int:
    """Power, +20 for a trump, + the pair adjustment when the hand holds two or more of its rank."""
    value = _power(card)
    if card >> 4 == view.trump:
        value += 20
    same_rank = sum(1 for c in view.hand if c & 15 == card & 15)
    if same_rank >= 2:
        value += pair_adjustment
    return value


def _cheapest(cards: list[int], view: View, pair_adjustment: int) -> int:
    """The card of lowest cost; ties to the card earlier in reference order."""
    return min(cards, key=lambda c: (cost(c, view, pair_adjustment), _reference_number(c)))


def best(view: View, level: int, word: int, *, deep_talon: int = DEEP_TALON,
         cheap_power: int = CHEAP_POWER) -> Optional[Move]:
    """The move rung `level` (clamped to 1..3) picks from `view.legal`, or None when there is none."""
    legal = view.legal
    if not legal:
        return None
    level = max(1, min(3, level))
    if level == 1:
        return legal[word % len(legal)]
    if SWAP in legal:
        return SWAP
    if view.phase == "defend":
        beating = [m.card for m in legal if m.kind == "beat" and m.card is not None]
        if not beating:
            return TAKE
        card = _cheapest(beating, view, +1)  # +1 for rung 2 everywhere and rung 3 defending
        if (level == 3 and card >> 4 == view.trump and _power(card) > cheap_power
                and view.talon > deep_talon and view.bout.size <= 2 and TAKE in legal):
            return TAKE
        return Move("beat", card)
    attacking = [m.card for m in legal if m.kind == "attack" and m.card is not None]
    if not attacking:
        return DONE if DONE in legal else legal[0]
    card = _cheapest(attacking, view, +1 if level == 2 else -2)
    return Move("attack", card)
