"""Bots that play hokm from a `View` and nothing else.

A bot is any object with `choose_trump(view) -> suit` and
`play(view) -> card`. It is handed one seat's `View` (its own cards and public
information); this module imports nothing that could reach another hand.

* `RandomBot` names a uniformly random trump and plays a uniformly random
  legal card: the floor any strategy must clear.
* `GreedyBot` plays one trick at a time: win the trick as cheaply as
  possible, never overtake a partner who is already winning, otherwise
  throw the cheapest card (the lowest non-trump when void), and lead from
  its longest side suit (its top card if nobody else can beat it, else its
  lowest; with only trumps left, the same rule within trump). As hakem it
  names the suit in which its five cards are longest, breaking ties by total
  strength.

The bots by name (`BOTS`, `make_bot`) live in `kozyr.hokm.roster`, which
knows `SearchBot` too: the search builds on these bots, so this module
imports nothing of it.
"""
from __future__ import annotations

from typing import Protocol

from kozyr.cards import SUITS
from kozyr.hokm._tables import LANE, SUIT_OF, cards_of
from kozyr.hokm.randomness import RandomSource, choice, make_rng, randbelow
from kozyr.hokm.trick import TrickResult
from kozyr.hokm.view import View

__all__ = ["Bot", "RandomBot", "GreedyBot"]

_LANE = LANE


class Bot(Protocol):
    """Anything that can take a seat: it sees only its `View`."""

    name: str

    def choose_trump(self, view: View) -> int:
        """The trump suit to name (called for the hakem, holding five cards)."""
        ...

    def play(self, view: View) -> int:
        """A card from `view.legal`."""
        ...


class RandomBot:
    """Uniformly random trump and uniformly random legal cards."""

    name = "random"

    def __init__(self, rng: RandomSource | int | None = None) -> None:
        self._rng = make_rng(rng)

    def choose_trump(self, view: View) -> int:
        return randbelow(self._rng, 4)

    def play(self, view: View) -> int:
        return choice(self._rng, cards_of(int(view.legal)))


class GreedyBot:
    """Wins each trick as cheaply as it can; see the module docstring.

    Deterministic: the same view always gives the same card. The `rng`
    argument is accepted (and ignored) so that every bot can be built the
    same way.
    """

    name = "greedy"

    def __init__(self, rng: RandomSource | int | None = None) -> None:
        del rng

    def choose_trump(self, view: View) -> int:
        strength = view.config.card_strength
        hand = int(view.hand)

        def key(suit: int) -> tuple[int, int, int]:
            cards = cards_of(hand & _LANE[suit])
            return (len(cards), sum(strength[c] for c in cards), -suit)

        return max(SUITS, key=key)

    def play(self, view: View) -> int:
        legal = cards_of(int(view.legal))
        if len(legal) == 1:
            return legal[0]
        trump = view.trump
        strength = view.config.card_strength

        def cheap(c: int) -> tuple[bool, int, int]:
            # Cheapest first: any non-trump before any trump, then by strength.
            return (SUIT_OF[c] == trump, strength[c], c)

        if not view.trick:
            return self._lead(view, legal)
        winning = view.winning
        if winning is not None and winning.seat == view.partner:
            return min(legal, key=cheap)
        takers = [c for c in legal if _beats(c, winning, trump, strength)]
        if takers:
            return min(takers, key=cheap)
        return min(legal, key=cheap)

    @staticmethod
    def _lead(view: View, legal: list[int]) -> int:
        strength = view.config.card_strength
        hand = int(view.legal)  # when leading, every held card is legal
        trump = view.trump
        side = [s for s in SUITS if s != trump and hand & _LANE[s]]
        suit = max(side, key=lambda s: (
            (hand & _LANE[s]).bit_count(),
            max(strength[c] for c in cards_of(hand & _LANE[s])),
            -s,
        )) if side else trump
        assert suit is not None
        mine = cards_of(hand & _LANE[suit])
        top = max(mine, key=lambda c: (strength[c], c))
        unseen = _LANE[suit] & ~int(view.played) & ~hand
        if all(strength[c] < strength[top] for c in cards_of(unseen)):
            return top
        return min(mine, key=lambda c: (strength[c], c))


def _beats(card: int, winning: TrickResult | None, trump: int | None,
           strength: tuple[int, ...]) -> bool:
    """Would `card`, played now, take the trick from the current winner?"""
    if strength[card] <= 0:
        return False
    if winning is None:
        return True
    if SUIT_OF[card] == SUIT_OF[winning.card]:
        return strength[card] > winning.strength
    return SUIT_OF[card] == trump and not winning.trump_played
