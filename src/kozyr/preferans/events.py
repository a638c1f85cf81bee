"""What happened at a preferans table: the events ``Game.apply`` returns.

An accepted move returns the events it caused, in the order they happened: the move itself first (``call``,
``discard``, ``named``, ``whist_call``, ``defence``, ``play``), then what followed from it (the auction's end,
a talon card turned, the hands revealed, a trick complete, the deal over).

Events are public: each says only what every seat at the table may know at that moment, so a server may
show every event to every seat. So ``discard`` names who discarded, not the cards, and ``reveal`` carries
the open hands only once they are turned face up. What one seat alone may see is its view.

=============  =====================================================================================
kind           fields
=============  =====================================================================================
call           seat, move (``pass`` or ``bid C``): an auction call
auction_end    seat and contract (the declarer and the winning bid), or neither (raspasy)
talon_shown    cards: the talon cards turned face up by this event (both for a contract or misère; one
               at a time in raspasy led from the talon)
discard        seat: the declarer discarded two cards, face down
named          seat, contract: the final contract
whist_call     seat, move (``pass``, ``whist`` or ``half-whist``)
defence        seat (the lone whister, or None), mode (``open`` or ``closed``): how the defence plays,
               at the start of the play (or the lone whister's move)
reveal         hands: the defenders' hands turned face up after the first card
play           seat (the hand the card left), card, by (the seat that chose it)
trick_end      seat (the winner), number (1..10)
deal_over      outcome (``raspasy``, ``misere``, ``game``, ``passed``, ``half_whist``)
=============  =====================================================================================

>>> str(Event("play", seat=2, card=0x1E, by=1))
'play 2 AH by 1'
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from kozyr.cards import card_name
from kozyr.preferans._frozen import FrozenMap
from kozyr.preferans.contracts import Contract
from kozyr.preferans.moves import Move

__all__ = ["EVENT_KINDS", "Event"]

EVENT_KINDS = ("call", "auction_end", "talon_shown", "discard", "named", "whist_call", "defence", "reveal", "play",
               "trick_end", "deal_over")
"""Every kind of event, in the order a deal can produce them."""


@dataclass(frozen=True, slots=True)
class Event:
    """One event; the fields its kind does not use stay None (see the module's table)."""

    kind: str
    seat: int | None = None
    move: Move | None = None
    contract: Contract | None = None
    cards: tuple[int, ...] | None = None
    card: int | None = None
    by: int | None = None
    mode: str | None = None
    hands: FrozenMap[int, tuple[int, ...]] | None = None
    number: int | None = None
    outcome: str | None = None

    def __repr__(self) -> str:
        names = ("seat", "move", "contract", "cards", "card", "by", "mode", "hands", "number", "outcome")
        fields = ", ".join(f"{n}={getattr(self, n)!r}" for n in names if getattr(self, n) is not None)
        return f"Event({self.kind!r}{', ' if fields else ''}{fields})"

    def __str__(self) -> str:
        """One line, seats as numbers and cards by name: ``call 0 bid 6S``, ``trick_end 1 3``."""
        parts = [self.kind]
        if self.seat is not None:
            parts.append(str(self.seat))
        if self.move is not None:
            parts.append(str(self.move))
        if self.contract is not None:
            parts.append(str(self.contract))
        if self.cards is not None:
            parts.append(" ".join(card_name(c) for c in self.cards))
        if self.card is not None:
            parts.append(card_name(self.card))
        if self.by is not None:
            parts.append(f"by {self.by}")
        if self.mode is not None:
            parts.append(self.mode)
        if self.hands is not None:
            parts.append(" ".join(f"{s}:{','.join(card_name(c) for c in h)}" for s, h in self.hands.items()))
        if self.number is not None:
            parts.append(str(self.number))
        if self.outcome is not None:
            parts.append(self.outcome)
        return " ".join(parts)

    def to_json(self) -> dict[str, Any]:
        """The event as plain JSON types (cards by name, contracts and moves as text, seats as ints, a map
        keyed by seat with decimal keys); fields left None are left out."""
        out: dict[str, Any] = {"kind": self.kind}
        for name in ("seat", "by", "number", "mode", "outcome"):
            value = getattr(self, name)
            if value is not None:
                out[name] = value
        if self.move is not None:
            out["move"] = str(self.move)
        if self.contract is not None:
            out["contract"] = str(self.contract)
        if self.cards is not None:
            out["cards"] = [card_name(c) for c in self.cards]
        if self.card is not None:
            out["card"] = card_name(self.card)
        if self.hands is not None:
            out["hands"] = {str(s): [card_name(c) for c in h] for s, h in self.hands.items()}
        return out
