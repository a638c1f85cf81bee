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

    attacker: int
    defender: int
    cap: int
    size: int
    taken: bool
    to_beat: int | None
    pairs: tuple[tuple[int, int | None], ...]


@dataclass(frozen=True, slots=True)
class View(metaclass=ABCMeta):
    """What one seat may see, exactly the rules' list and nothing more.

    The reference engine builds these; the compiled engine hands out a
    `GameView` (the same fields, built lazily from its C struct), which is
    registered as a virtual subclass, so `isinstance(game.view(0), View)` holds.
    """

    seat: int
    ply: int
    phase: str
    turn: int | None
    trump: int
    turnup: int | None
    talon: int
    heap: int
    hand: CardSet
    counts: tuple[int, int]
    can_swap: bool
    legal: tuple[Move, ...]
    over: bool
    result: Result | None
    bout: Bout

    def _repr_svg_(self) -> str:
        """The position as a picture, for notebooks (`kozyr.svg.durak_svg`)."""
        from kozyr.svg import durak_svg

        return durak_svg(self)
