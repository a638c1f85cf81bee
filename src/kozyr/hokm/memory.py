"""Public memory: what every seat at the table can know from the play so far.

A player who watches the cards remembers two things that matter: which cards
are gone (played) and which seat has shown out of a suit (failed to follow
the lead, so it is void in that suit for the rest of the hand). Both follow
from the public record alone: the completed tricks and the current trick of
a seat's `View`. `Memory.from_view` reads nothing else; in particular it never
sees another seat's hand, so a bot that plans from it cannot cheat.

Add the seat's own hand and you get the cards it cannot see (`unseen`), and
how many of them each other seat holds (`View.cards_held`): exactly what a
determinized search has to deal out.

    >>> from kozyr.hokm import Hand, GreedyBot, play_hand
    >>> from kozyr.cards import CardSet
    >>> h = Hand(0, rng=7)
    >>> h.choose_trump(0, GreedyBot().choose_trump(h.view(0)))
    >>> for _ in range(8):                      # two tricks, greedy bots everywhere
    ...     s = h.to_act
    ...     _ = h.play(s, GreedyBot().play(h.view(s)))
    >>> m = Memory.from_view(h.view(0))
    >>> len(m.played), m.played == h.played
    (8, True)
    >>> m.unseen(h.view(0).hand) == CardSet(int(h.held(1)) | int(h.held(2)) | int(h.held(3)))
    True
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from kozyr.cards import SUITS, CardSet
from kozyr.hokm._tables import CARD_BIT, DECK_MASK, SUIT_OF
from kozyr.hokm.view import View

__all__ = ["Memory", "voids_from_plays"]


def voids_from_plays(tricks: Iterable[Iterable[tuple[int, int]]]) -> tuple[int, int, int, int]:
    """Per seat, the suits it is known to be void in, as a 4-bit set (bit s = suit s).

    A seat that plays a card of another suit than the one led has no card of
    the led suit left (following is compulsory), so it stays void in it for
    the rest of the hand. `tricks` are the plays of each trick in order, the
    first being the lead; the current, unfinished trick may be among them.

    >>> from kozyr.cards import parse_card as c
    >>> voids_from_plays([[(0, c("AC")), (1, c("2C")), (2, c("5H")), (3, c("KC"))]])
    (0, 0, 8, 0)
    """
    voids = [0, 0, 0, 0]
    for plays in tricks:
        lead = None
        for seat, card in plays:
            suit = SUIT_OF[card]
            if lead is None:
                lead = suit
            elif suit != lead:
                voids[seat] |= 1 << lead
    return (voids[0], voids[1], voids[2], voids[3])


@dataclass(frozen=True, slots=True)
class Memory:
    """The public record of the hand so far: cards played and known voids.

    `played` is every card played this hand (including the current trick),
    `voids[seat]` the 4-bit set of suits that seat has shown out of.
    """

    played: CardSet
    voids: tuple[int, int, int, int]

    @classmethod
    def from_view(cls, view: View) -> Memory:
        """Build the memory from a view's completed tricks and current trick only."""
        tricks = [t.plays for t in view.completed]
        tricks.append(view.trick)
        played = 0
        for plays in tricks:
            for _, card in plays:
                played |= CARD_BIT[card]
        return cls(CardSet(played), voids_from_plays(tricks))

    def is_void(self, seat: int, suit: int) -> bool:
        """Has `seat` shown out of `suit` this hand?"""
        return bool(self.voids[seat] >> suit & 1)

    def void_suits(self, seat: int) -> tuple[int, ...]:
        """The suits `seat` is known to be void in, in suit order."""
        return tuple(s for s in SUITS if self.voids[seat] >> s & 1)

    def unseen(self, own: CardSet) -> CardSet:
        """The cards a seat holding `own` cannot see: in the other three hands."""
        return CardSet(DECK_MASK & ~int(self.played) & ~int(own))
