"""What one seat may know: the only thing a bot is ever handed.

A `View` is a frozen snapshot built by the hand (or match) for one seat. It
holds that seat's own cards and public information (trump, the cards on the
table, every card already played, trick and match scores, how many cards each
seat holds) and nothing else: no other hand, no undealt card, no reference
back to the game object. Bots that only read a `View` cannot cheat, and the
tests check exactly that.
"""
from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import NamedTuple

from kozyr.cards import CardSet
from kozyr.hokm.config import HokmConfig
from kozyr.hokm.trick import TrickResult

__all__ = ["Phase", "View", "CompletedTrick"]


class Phase(str, enum.Enum):
    """Where a hand (or match) stands."""

    #: The hakem has seen five cards and must name trump.
    CHOOSE_TRUMP = "choose_trump"
    #: Cards are being played.
    PLAY = "play"
    #: The hand (or the match) has ended; every move is refused.
    OVER = "over"


class CompletedTrick(NamedTuple):
    """A trick that has been played out: the plays in order and the result."""

    plays: tuple[tuple[int, int], ...]
    result: TrickResult

    def _repr_svg_(self) -> str:
        """The trick as a picture, for notebooks (`kozyr.svg.hokm_trick_svg`)."""
        from kozyr.svg import hokm_trick_svg

        return hokm_trick_svg(self)


@dataclass(frozen=True, slots=True)
class View:
    """One seat's knowledge of the game at one moment."""

    seat: int
    phase: Phase
    hakem: int
    #: None while the hakem is still choosing.
    trump: int | None
    #: The seat to act, or None when the hand or match is over.
    to_act: int | None
    #: This seat's own cards (five for everyone while trump is being chosen).
    hand: CardSet
    #: What this seat may play now (empty when it is not its turn).
    legal: CardSet
    #: The current trick's plays so far, in order, as (seat, card).
    trick: tuple[tuple[int, int], ...]
    lead_suit: int | None
    #: Who holds the current trick so far (None if it is empty).
    winning: TrickResult | None
    #: Tricks taken this hand, by team (team = seat % 2).
    tricks_won: tuple[int, int]
    #: Every trick already played out this hand, in order.
    completed: tuple[CompletedTrick, ...]
    #: Every card that has been played this hand, including the current trick.
    played: CardSet
    #: How many cards each seat holds (public: everyone can count).
    cards_held: tuple[int, int, int, int]
    #: Match points by team, the match target, and which hand this is (1-based).
    scores: tuple[int, int]
    match_target: int
    hand_number: int
    config: HokmConfig

    @property
    def team(self) -> int:
        """This seat's team (0 for seats 0 and 2, 1 for seats 1 and 3)."""
        return self.seat & 1

    @property
    def partner(self) -> int:
        """The seat opposite."""
        return (self.seat + 2) & 3

    @property
    def my_turn(self) -> bool:
        return self.to_act == self.seat

    def _repr_svg_(self) -> str:
        """The seat's view as a picture, for notebooks (`kozyr.svg.hokm_view_svg`)."""
        from kozyr.svg import hokm_view_svg

        return hokm_view_svg(self)
