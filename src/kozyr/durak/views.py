"""What one seat may see: `View` and the `Bout` inside it."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

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
    to_beat: Optional[int]
    pairs: tuple[tuple[int, Optional[int]], ...]


@dataclass(frozen=True, slots=True)
class View:
    """What one seat may see, exactly the rules' list and nothing more."""

    seat: int
    ply: int
    phase: str
    turn: Optional[int]
    trump: int
    turnup: Optional[int]
    talon: int
    heap: int
    hand: CardSet
    counts: tuple[int, int]
    can_swap: bool
    legal: tuple[Move, ...]
    over: bool
    result: Optional[Result]
    bout: Bout
