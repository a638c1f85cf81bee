"""Type stubs for the compiled double-dummy solver (kozyr.preferans.core.solver)."""

from collections.abc import Sequence
from typing import SupportsIndex

from kozyr.cards import CardSet

KINDS: tuple[str, str, str]
TALON_RULES: tuple[str, str]

Hands = Sequence[SupportsIndex | CardSet]
Trick = Sequence[tuple[int, int]]

class Solver:
    def __init__(self, log2_entries: int = 19) -> None: ...
    def solve(
        self,
        hands: Hands,
        *,
        to_play: int,
        trump: int | None = None,
        kind: str = "game",
        declarer: int | None = None,
        seat: int | None = None,
        trick: Trick = (),
        won: int = 0,
        talon: Sequence[int] | None = None,
        talon_rule: str = "first_hand",
    ) -> int: ...
    def move_values(
        self,
        hands: Hands,
        *,
        to_play: int,
        trump: int | None = None,
        kind: str = "game",
        declarer: int | None = None,
        seat: int | None = None,
        trick: Trick = (),
        won: int = 0,
        talon: Sequence[int] | None = None,
        talon_rule: str = "first_hand",
    ) -> dict[int, int]: ...
    def layouts(
        self,
        hand: SupportsIndex | CardSet,
        pool: SupportsIndex | CardSet,
        *,
        hand_at: int = 0,
        to_play: int,
        trump: int | None = None,
        kind: str = "game",
        declarer: int | None = None,
        seat: int | None = None,
        start: int = 0,
        stop: int | None = None,
    ) -> dict[int, int]: ...
    @property
    def nodes(self) -> int: ...

def solve(
    hands: Hands,
    *,
    to_play: int,
    trump: int | None = None,
    kind: str = "game",
    declarer: int | None = None,
    seat: int | None = None,
    trick: Trick = (),
    won: int = 0,
    talon: Sequence[int] | None = None,
    talon_rule: str = "first_hand",
) -> int: ...
def move_values(
    hands: Hands,
    *,
    to_play: int,
    trump: int | None = None,
    kind: str = "game",
    declarer: int | None = None,
    seat: int | None = None,
    trick: Trick = (),
    won: int = 0,
    talon: Sequence[int] | None = None,
    talon_rule: str = "first_hand",
) -> dict[int, int]: ...
