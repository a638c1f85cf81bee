"""What happened in a deal: its events (`Event`) and how it ended (`Result`).

An event's `text()` is its line in the rules' event log (seats as numbers,
cards by name, `-` for none), and `log_digest(events)` the SHA-256 of those
lines, each followed by a line feed: two engines that agree on a deal agree on
its digest, which is how the rules page publishes whole games in one line.
"""
from __future__ import annotations

import hashlib
from collections.abc import Iterable
from dataclasses import dataclass

from kozyr.cards import card_name

__all__ = ["Event", "Result", "log_digest"]


@dataclass(frozen=True, slots=True)
class Event:
    """One entry of a deal's event log; `ply` is the number of events so far.

    Fields by kind (the rest stay None):
    attack/beat: seat, card. take/done/resign: seat. transfer/show: seat,
    card, to (the new defender). swap: seat, card (the turn-up taken into the
    hand). bout_end: taken, how (BOUT_ENDINGS), cards (table cards moved), heap
    (heap count after), attacker (next attacker), defender (next defender).
    refill: drawn (per seat, a tuple of the table's seats), talon (cards left).
    out: seat. game_end: outcome ('fool', 'draw', 'resign'), fool (the losing
    seat when the losing team is one seat, else None), losers (the seats of
    the losing team in seat order, empty for a draw).

    The two-seat game (`Rules()`) writes its events exactly as it always has:
    without `defender` and `losers`, which are there a fixed function of the
    other fields (the next defender is the other seat; the losers are the fool).
    `text()` writes them all the same.
    """

    kind: str
    seat: int | None = None
    card: int | None = None
    taken: bool | None = None
    how: str | None = None
    cards: int | None = None
    heap: int | None = None
    attacker: int | None = None
    drawn: tuple[int, ...] | None = None
    talon: int | None = None
    outcome: str | None = None
    fool: int | None = None
    to: int | None = None
    defender: int | None = None
    losers: tuple[int, ...] | None = None

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__slots__[1:]
                           if getattr(self, name) is not None)
        return f"Event({self.kind!r}{', ' if fields else ''}{fields})"

    def __str__(self) -> str:
        parts = [self.kind]
        for name in ("seat", "card", "to", "taken", "how", "cards", "heap", "attacker", "defender", "drawn", "talon",
                     "outcome", "fool", "losers"):
            value = getattr(self, name)
            if value is not None or (name == "fool" and self.kind == "game_end"):
                parts.append(f"{name}={card_name(value) if name == 'card' else value}")
        return " ".join(parts)

    def text(self) -> str:
        """The event's line in the rules' log: `attack 1 7S`, `transfer 1 JC 2`,
        `bout_end taken done 5 0 1 2`, `refill 0,2,0,2 7`, `game_end fool 1 1`, ..."""
        kind = self.kind
        if kind in ("attack", "beat", "swap"):
            return f"{kind} {_num(self.seat)} {_card(self.card)}"
        if kind in ("transfer", "show"):
            return f"{kind} {_num(self.seat)} {_card(self.card)} {_num(self.to)}"
        if kind in ("take", "done", "resign", "out"):
            return f"{kind} {_num(self.seat)}"
        if kind == "bout_end":
            defender = self.defender
            if defender is None and self.attacker is not None:   # the two-seat game: the other seat
                defender = 1 - self.attacker
            return (f"bout_end {'taken' if self.taken else 'beaten'} {self.how} {self.cards} {self.heap} "
                    f"{_num(self.attacker)} {_num(defender)}")
        if kind == "refill":
            return f"refill {','.join(str(d) for d in self.drawn or ())} {self.talon}"
        if kind == "game_end":
            losers = self.losers
            if losers is None:                                     # the two-seat game: the fool, if any
                losers = () if self.fool is None else (self.fool,)
            return f"game_end {self.outcome} {_num(self.fool)} {_seats(losers)}"
        raise ValueError(f"unknown event kind {kind!r}")  # an Event is only ever built with a known kind


def _num(value: int | None) -> str:
    return "-" if value is None else str(value)


def _card(value: int | None) -> str:
    return "-" if value is None else card_name(value)


def _seats(value: tuple[int, ...] | None) -> str:
    return ",".join(str(s) for s in value) if value else "-"


def log_digest(events: Iterable[Event]) -> str:
    """The SHA-256 (lowercase hex) of the events' `text()` lines, each followed by a line feed (ASCII)."""
    h = hashlib.sha256()
    for event in events:
        h.update(event.text().encode("ascii") + b"\n")
    return h.hexdigest()


@dataclass(frozen=True, slots=True)
class Result:
    """How a deal ended: outcome 'fool', 'draw' or 'resign'; the fool's seat or None; the losers.

    `losers` are the seats of the losing team in seat order (empty for a draw).
    Left out, it is the fool's seat alone (or nothing for a draw), which is
    every result but a team's loss: `Result("fool", 1)` has losers (1,).
    """

    outcome: str
    fool: int | None
    losers: tuple[int, ...] = None  # type: ignore[assignment]  # filled in __post_init__

    def __post_init__(self) -> None:
        if self.losers is None:
            object.__setattr__(self, "losers", () if self.fool is None else (self.fool,))
