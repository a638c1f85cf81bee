"""What the two plain-Python twins share that is not a rule: the deal's inputs, replay's loop, read-only faces.

`reference` (the two-seat game) and `reference_variants` (every table) write
the rules twice on purpose: two implementations that agree are the evidence
the Cython engine is held to. What is not a rule is written once, here: the
seed's 32 bytes, the deal number's range, the SHA-256 word stream the shuffle
draws from, the whole-number test that order, seat and deal checks start
from, the loop that replays (seat, move) pairs, and the read-only properties
over a game's state. Neither twin imports the other.
"""
from __future__ import annotations

import operator
from collections.abc import Iterable
from typing import Any, Protocol, TypeVar

from kozyr.cards import CardSet
from kozyr.durak.codes import IllegalMove
from kozyr.durak.events import Event, Result
from kozyr.durak.moves import Move
from kozyr.durak.seeds import seed_bytes
from kozyr.errors import shown

__all__ = ["MAX_DEAL_DIGITS", "seed_of", "deal_number", "index_of", "seat_index", "replay_moves",
           "Faces"]

MAX_DEAL_DIGITS = 40


def seed_of(seed: object) -> bytes:
    """The 32 bytes of a deal seed (`kozyr.durak.seeds.seed_bytes`, the one normaliser)."""
    return seed_bytes(seed, "seed", code="no_seed", error=IllegalMove, size=32)


def index_of(value: object) -> int | None:
    """`value` as a whole number through `operator.index` (numpy ints are whole), or None: a bool, an object
    without `__index__`, or one whose `__index__` raises (the engine agrees on each)."""
    if isinstance(value, bool):
        return None
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except Exception:
        return None


def deal_number(number: object) -> int:
    """A deal number from 1 with at most `MAX_DEAL_DIGITS` digits; else IllegalMove bad_deal."""
    whole = index_of(number)
    if whole is None or whole < 1:
        raise IllegalMove("bad_deal", f"deal number {shown(number)} is not an integer from 1")
    if whole >= 10 ** MAX_DEAL_DIGITS:
        raise IllegalMove("bad_deal", f"deal number {shown(number)} has more than {MAX_DEAL_DIGITS} digits")
    return whole


def seat_index(seat: object, seats: int) -> int | None:
    """0..seats-1 for a seat that exists, else None."""
    s = index_of(seat)
    return s if s is not None and 0 <= s < seats else None


class _Plays(Protocol):
    def apply(self, seat: int, move: Any) -> tuple[Event, ...]: ...


G = TypeVar("G", bound=_Plays)


def replay_moves(game: G, moves: Iterable[object]) -> G:
    """`game` after `moves` ((seat, move) pairs) applied in turn; IllegalMove at the first refused one,
    naming its index (and, for an item that is no pair, the item)."""
    for i, item in enumerate(moves):
        pair: Any = item
        try:
            seat, move = pair
        except (TypeError, ValueError):
            raise IllegalMove("not_legal", f"replay item {i} {shown(item)} is not a (seat, move) pair",
                              index=i, value=item) from None
        try:
            game.apply(seat, move)
        except IllegalMove as refusal:
            raise IllegalMove(refusal.code, f"replay move {i}: {refusal.detail}",
                              **{**refusal.fields, "index": i}) from None
    return game


class Faces:
    """The read-only properties both twins' `Game` show over the same private state."""

    _result: Result | None
    _events: list[Event]
    _history: list[tuple[int, Move]]
    _trump: int
    _turnup: int
    _order: tuple[int, ...]
    _talon: list[int]
    _heap: list[int]
    _owner: int | None

    @property
    def result(self) -> Result | None:
        return self._result

    @property
    def ply(self) -> int:
        return len(self._events)

    @property
    def trump(self) -> int:
        return self._trump

    @property
    def turnup(self) -> int:
        return self._turnup

    @property
    def order(self) -> tuple[int, ...]:
        return self._order

    @property
    def history(self) -> tuple[tuple[int, Move], ...]:
        return tuple(self._history)

    @property
    def events(self) -> tuple[Event, ...]:
        return tuple(self._events)

    @property
    def talon(self) -> tuple[int, ...]:
        return tuple(self._talon)

    @property
    def heap(self) -> int:
        return len(self._heap)

    @property
    def heap_cards(self) -> CardSet:
        return CardSet(self._heap)

    @property
    def six_owner(self) -> int | None:
        """The seat holding the right to exchange the low trump, or None."""
        return self._owner
