"""The rules' bots ("The bots" in docs/rules/durak.md) in plain Python, over a `View`.

The oracle for the Cython rungs: `best(view, level, word, params)` sees the
view and nothing else. Rung 1 picks by the word; rungs 2 and 3 are
deterministic, and read their settings from a `Params` (the rules' bots by
default). It is written straight from the rules, costing every card, with no
shortcut: that is what the compiled kernel's shortcuts are checked against.
"""
from __future__ import annotations

import hashlib

from kozyr.durak.moves import DONE, SWAP, TAKE, Move
from kozyr.durak.views import View

__all__ = ["best", "word", "cost", "DEEP_TALON", "CHEAP_POWER"]

DEEP_TALON = 6    # the reference bot's values; a tuned value is a different bot
CHEAP_POWER = 3
TRUMP_COST = 20
# Every setting with the rules' value, written here again (not imported from kozyr.durak.params)
# so that the oracle stays independent of the code it checks; tests compare the two.
SETTINGS = {"DEEP_TALON": DEEP_TALON, "CHEAP_POWER": CHEAP_POWER, "TRUMP_COST": TRUMP_COST, "PAIR_CHEAP": 1,
            "PAIR_DEFEND": 1, "PAIR_ATTACK": -2, "TAKE_BOUT": 2, "HOLD_TRUMPS": 24,
            "VARIANT_PLAY": 15}  # every one of kozyr's ways of playing a table (a mask; only a table reads it)


def _settings(params: object) -> dict[str, int]:
    """The settings from None, a mapping of NAME: value or a `kozyr.durak.Params` (its as_dict)."""
    given = params.as_dict() if hasattr(params, "as_dict") else dict(params or {})  # type: ignore[call-overload]
    out = dict(SETTINGS)
    out.update({str(k).upper(): int(v) for k, v in given.items()})
    return out


def _reference_number(card: int) -> int:
    """1 = AS, 2 = KS, ..., 9 = 6S, 10 = AH, ..., 36 = 6C."""
    return 9 * (card >> 4) + (14 - (card & 15)) + 1


def _power(card: int) -> int:
    return (card & 15) - 6


def word(bot_seed: str, seat: int, ply: int) -> int:
    """First four bytes, big-endian, of SHA-256 of `<bot seed>:<seat + 1>:<ply>`."""
    digest = hashlib.sha256(f"{bot_seed}:{seat + 1}:{ply}".encode("ascii")).digest()
    return int.from_bytes(digest[:4], "big")


def cost(card: int, view: View, pair_adjustment: int, trump_cost: int = TRUMP_COST) -> int:
    """Power, + trump_cost (20) for a trump, + the pair adjustment when the hand holds two or more of its rank."""
    value = _power(card)
    if card >> 4 == view.trump:
        value += trump_cost
    same_rank = sum(1 for c in view.hand if c & 15 == card & 15)
    if same_rank >= 2:
        value += pair_adjustment
    return value


def _cheapest(cards: list[int], view: View, pair_adjustment: int, trump_cost: int) -> int:
    """The card of lowest cost; ties to the card earlier in reference order."""
    return min(cards, key=lambda c: (cost(c, view, pair_adjustment, trump_cost), _reference_number(c)))


def best(view: View, level: int, word: int, params: object = None, *, deep_talon: int | None = None,
         cheap_power: int | None = None) -> Move | None:
    """The move rung `level` (clamped to 1..3) picks from `view.legal`, or None when there is none.

    `params`: a `Params` or a mapping of NAME: value (None: the rules' bots);
    `deep_talon` / `cheap_power` override those two fields (the rules' names).
    """
    p = _settings(params)
    if deep_talon is not None:
        p["DEEP_TALON"] = deep_talon
    if cheap_power is not None:
        p["CHEAP_POWER"] = cheap_power
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
        card = _cheapest(beating, view, p["PAIR_CHEAP"] if level == 2 else p["PAIR_DEFEND"], p["TRUMP_COST"])
        if (level == 3 and card >> 4 == view.trump and _power(card) > p["CHEAP_POWER"]
                and view.talon > p["DEEP_TALON"] and view.bout.size <= p["TAKE_BOUT"] and TAKE in legal):
            return TAKE
        return Move("beat", card)
    attacking = [m.card for m in legal if m.kind == "attack" and m.card is not None]
    if not attacking:
        return DONE if DONE in legal else legal[0]
    card = _cheapest(attacking, view, p["PAIR_CHEAP"] if level == 2 else p["PAIR_ATTACK"], p["TRUMP_COST"])
    if level == 3 and card >> 4 == view.trump and DONE in legal and view.talon > p["HOLD_TRUMPS"]:
        return DONE
    return Move("attack", card)
