"""What one seat may see: `View` and the `Bout` inside it."""
from __future__ import annotations

from abc import ABCMeta
from dataclasses import dataclass

from kozyr.cards import CardSet
from kozyr.durak.events import Result
from kozyr.durak.moves import Move

__all__ = ["View", "Bout"]


@dataclass(frozen=True, slots=True)
class Bout:
    """The bout as both seats see it; pairs are (attack card, beating card or None)."""

    #: The seat attacking in this bout.
    attacker: int
    #: The seat defending.
    defender: int
    #: The most attack cards this bout may hold.
    cap: int
    #: Attack cards on the table.
    size: int
    #: Whether the defender has said take (the attacker may still throw in).
    taken: bool
    #: The oldest attack card not yet beaten, or None.
    to_beat: int | None
    #: Each attack card with the card that beat it (None while unbeaten).
    pairs: tuple[tuple[int, int | None], ...]


@dataclass(frozen=True, slots=True)
class View(metaclass=ABCMeta):
    """What one seat may see, exactly the rules' list and nothing more.

    The reference engine builds these; the compiled engine hands out a
    `GameView` (the same fields, built lazily from its C struct), which is
    registered as a virtual subclass, so `isinstance(game.view(0), View)` holds.
    """

    #: The seat this view belongs to (0 or 1).
    seat: int
    #: The number of events so far in the deal.
    ply: int
    #: `attack`, `defend`, `pile_on` or `over`.
    phase: str
    #: The seat to move, or None once the deal is over.
    turn: int | None
    #: The trump suit, 0..3 (spades, hearts, diamonds, clubs).
    trump: int
    #: The turned-up card while it is still in the talon, else None.
    turnup: int | None
    #: Cards left in the talon, the turn-up included.
    talon: int
    #: Cards beaten off so far (the heap is only ever counted).
    heap: int
    #: This seat's cards, a `CardSet`.
    hand: CardSet
    #: How many cards each seat holds.
    counts: tuple[int, int]
    #: Whether this seat may exchange its trump six for the turn-up now.
    can_swap: bool
    #: This seat's legal moves in the rules' order (empty when it is not on turn).
    legal: tuple[Move, ...]
    #: Whether the deal has ended.
    over: bool
    #: How the deal ended (a `Result`), or None while it runs.
    result: Result | None
    #: The bout on the table, a `Bout`.
    bout: Bout

    def _repr_svg_(self) -> str:
        """The position as a picture, for notebooks (`kozyr.svg.durak_svg`)."""
        from kozyr.svg import durak_svg

        return durak_svg(self)
