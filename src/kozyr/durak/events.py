"""What happened in a deal: its events (`Event`) and how it ended (`Result`)."""
from __future__ import annotations

from dataclasses import dataclass

from kozyr.cards import card_name

__all__ = ["Event", "Result"]


@dataclass(frozen=True, slots=True)
class Event:
    """One entry of a deal's event log; `ply` is the number of events so far.

    Fields by kind (the rest stay None):
    attack/beat: seat, card. take/done/resign: seat. swap: seat, card (the
    turn-up taken into the hand). bout_end: taken, how (BOUT_ENDINGS), cards
    (table cards moved), heap (heap count after), attacker (next attacker).
    refill: drawn (per seat), talon (cards left). out: seat. game_end:
    outcome ('fool', 'draw', 'resign'), fool (seat or None).
    """

    kind: str
    seat: int | None = None
    card: int | None = None
    taken: bool | None = None
    how: str | None = None
    cards: int | None = None
    heap: int | None = None
    attacker: int | None = None
    drawn: tuple[int, int] | None = None
    talon: int | None = None
    outcome: str | None = None
    fool: int | None = None

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__slots__[1:]
                           if getattr(self, name) is not None)
        return f"Event({self.kind!r}{', ' if fields else ''}{fields})"

    def __str__(self) -> str:
        parts = [self.kind]
        for name in ("seat", "card", "taken", "how", "cards", "heap", "attacker", "drawn", "talon", "outcome", "fool"):
            value = getattr(self, name)
            if value is not None or (name == "fool" and self.kind == "game_end"):
                parts.append(f"{name}={card_name(value) if name == 'card' else value}")
        return " ".join(parts)


@dataclass(frozen=True, slots=True)
class Result:
    """How a deal ended: outcome 'fool', 'draw' or 'resign'; the fool's seat or None."""

    outcome: str
    fool: int | None
