"""Bots of a user's, for the tests: importable by name (`_user_bots:make_taker`), as a user's module is.

Each is a plain function of the view (or a factory of one); none keeps state between decisions, so a
ladder of them gives the same arrays in one process or in several.
"""
from __future__ import annotations

import time
from typing import Any

from kozyr.durak import Move

TAKE, DONE, SWAP = Move("take"), Move("done"), Move("swap")


def make_taker(deep: int = 6, low: int = 0) -> Any:
    """Cheapest card first; take rather than beat with a trump while the talon holds more than `deep`;
    `low` (0..14) makes it keep plain cards of rank below `low` out of a pile-on."""

    def bot(view: Any) -> Move:
        if SWAP in view.legal:
            return SWAP
        trump = view.trump

        def cost(move: Move) -> tuple[bool, int]:
            assert move.card is not None
            return (move.card >> 4 == trump, move.card & 15)

        cards = sorted((m for m in view.legal if m.card is not None), key=cost)
        if view.phase == "defend":
            if not cards:
                return TAKE
            if cards[0].card >> 4 == trump and view.talon > deep:
                return TAKE
            return cards[0]
        plain = [m for m in cards if m.card >> 4 != trump]
        if view.phase == "pile_on" and DONE in view.legal:
            plain = [m for m in plain if m.card & 15 >= low]
        if plain:
            return plain[0]
        if DONE in view.legal:
            return DONE
        return cards[0] if cards else view.legal[0]

    return bot


def make_real(scale: float = 0.5) -> Any:
    """A factory with a real-valued knob: beat with a trump only when the talon is below 24 * scale."""
    taker = {}

    def bot(view: Any) -> Move:
        deep = int(24 * scale)
        if deep not in taker:
            taker[deep] = make_taker(deep)
        return taker[deep](view)

    return bot


def first_legal(view: Any) -> Move:
    """The first legal move: a plain bot (a callable view -> Move)."""
    return view.legal[0]


def make_faulty(after: int = 20, what: str = "raise", seconds: float = 0.0) -> Any:
    """A bot that plays first_legal until ply `after`, then does `what`: raise, none (answers None),
    number (answers 42), text (answers 'fly'), illegal (answers a legal move of the other kind), slow."""

    def bot(view: Any) -> Any:
        if view.ply < after:
            return view.legal[0]
        if what == "raise":
            raise ZeroDivisionError("the bot divided by zero")
        if what == "none":
            return None
        if what == "number":
            return 42
        if what == "text":
            return "fly"
        if what == "illegal":
            return DONE if TAKE in view.legal else TAKE
        if what == "slow":
            time.sleep(seconds)
            return view.legal[0]
        raise AssertionError(what)

    return bot


def sleepy(view: Any) -> Move:
    """A slow bot: 3 ms a decision."""
    time.sleep(0.003)
    return view.legal[0]


NOT_A_BOT = 42


def make_rare(what: str = "raise") -> Any:
    """first_legal, but `what` (as make_faulty) in the rare position where the talon is out and this seat holds
    fourteen cards or more: a fault deep inside some deal, not the first."""
    faulty = make_faulty(0, what)

    def bot(view: Any) -> Any:
        if view.talon == 0 and view.counts[view.seat] >= 14 and view.phase == "defend":
            return faulty(view)
        return view.legal[0]

    return bot


# Policies `observation, mask -> action` (kozyr.durak.ladder.policy_side), importable by name as a user's are.
_WEIGHTS = __import__("numpy").random.default_rng(22).normal(size=270)


def hash_policy(obs: Any, mask: Any) -> int:
    """A legal action picked by a fixed random projection of the whole observation: any change in any part
    of the observation changes some decision."""
    import numpy as np

    legal = np.flatnonzero(mask)
    return int(legal[int(abs(float(obs @ _WEIGHTS)) * 1000) % len(legal)])


def taking_policy(obs: Any) -> int:
    """Always `take` (action 72), legal or not: a policy that goes wrong once it attacks."""
    return 72


def far_policy(obs: Any, mask: Any) -> int:
    """Action 80, which is no action."""
    return 80
