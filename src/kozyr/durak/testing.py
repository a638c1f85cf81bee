"""Testing kozyr's durak engines against each other: the engine contract and the differential driver.

`Engine` is the contract (a `typing.Protocol`) that both `kozyr.durak.Game`
(Cython) and `kozyr.durak.reference.Game` (plain Python) satisfy; the test
suite has mypy check it. `compare_deal` plays one deal through two engines
side by side, and `Differential` is the same driver as a hypothesis state
machine (random deals, legal and illegal attempts, resigns), so a
disagreement shrinks to a short sequence of moves. Use it from your own tests:

    from kozyr.durak.testing import Differential
    TestEngines = Differential.TestCase

`players` gives the Python players of a ladder deal. The compiled test hooks
(a refusal with the bout's cap forced, the C words) are not shipped: the test
suite builds them itself (tests/_native).

hypothesis is needed for `Differential` only (it is in kozyr's test extras).
"""
from __future__ import annotations

import random
from typing import Any, Protocol, runtime_checkable

from kozyr.cards import CardSet
from kozyr.durak import reference
from kozyr.durak.codes import IllegalMove
from kozyr.durak.core.engine import Game as CythonGame
from kozyr.durak.events import Event, Result
from kozyr.durak.ladder.slow import players
from kozyr.durak.moves import Move
from kozyr.durak.views import Bout, View

__all__ = [
    "Engine", "compare_deal", "same_state", "attempt", "seed_of", "players",
    "ALL_MOVES",
]

MoveLike = Move | str


@runtime_checkable
class Engine(Protocol):
    """What a durak engine offers: both kozyr engines satisfy it (mypy checks it in the tests)."""

    def legal_moves(self) -> tuple[Move, ...]: ...
    def apply(self, seat: int, move: MoveLike) -> tuple[Event, ...]: ...
    def refusal(self, seat: int, move: MoveLike) -> str | None: ...
    def view(self, seat: int) -> View: ...
    @property
    def turn(self) -> int | None: ...
    @property
    def phase(self) -> str: ...
    @property
    def over(self) -> bool: ...
    @property
    def result(self) -> Result | None: ...
    @property
    def ply(self) -> int: ...
    @property
    def trump(self) -> int: ...
    @property
    def turnup(self) -> int: ...
    @property
    def order(self) -> tuple[int, ...]: ...
    @property
    def history(self) -> tuple[tuple[int, Move], ...]: ...
    @property
    def events(self) -> tuple[Event, ...]: ...
    @property
    def hands(self) -> tuple[CardSet, CardSet]: ...
    @property
    def talon(self) -> tuple[int, ...]: ...
    @property
    def heap(self) -> int: ...
    @property
    def heap_cards(self) -> CardSet: ...
    @property
    def bout(self) -> Bout: ...
    @property
    def six_owner(self) -> int | None: ...


def _all_moves() -> tuple[Move, ...]:
    moves = []
    for code in range(6 << 6):
        try:
            moves.append(Move.from_code(code))
        except KeyError:
            pass
    return tuple(moves)


ALL_MOVES = _all_moves()
NOT_RESIGN = tuple(m for m in ALL_MOVES if m.kind != "resign")
ODD_SEATS: tuple[Any, ...] = (2, -1, True, None, "0")
ODD_MOVES: tuple[Any, ...] = ("attack", "beat XX", "take AS", "jump", "", "attack 10S", 42, None, "SWAP", "done")


def seed_of(n: int) -> bytes:
    """The reference's published seed family: `durak` and n zero-padded to 27 digits."""
    return b"durak" + str(n).encode("ascii").zfill(27)


def same_state(a: Engine, b: Engine) -> None:
    """Everything visible about the two deals agrees (AssertionError naming what differs)."""
    for name in ("turn", "phase", "over", "result", "ply", "hands", "talon", "heap", "heap_cards", "bout",
                 "six_owner"):
        x, y = getattr(a, name), getattr(b, name)
        assert x == y, f"{name}: {x!r} != {y!r}"
    for seat in (0, 1):
        x, y = a.view(seat), b.view(seat)
        assert x == y, f"view({seat}): {x!r} != {y!r}"


def attempt(a: Engine, b: Engine, seat: Any, move: Any) -> bool:
    """Throw one (seat, move) at both engines; True if it was applied. They must agree,
    and `refusal` must predict `apply` in both."""
    code_a, code_b = a.refusal(seat, move), b.refusal(seat, move)
    assert code_a == code_b, f"refusal({seat!r}, {move!r}): {code_a} != {code_b}"
    try:
        ea = a.apply(seat, move)
    except IllegalMove as refused:
        assert refused.code == code_a, f"apply refused {refused.code}, refusal() said {code_a}"
        try:
            b.apply(seat, move)
        except IllegalMove as ref_refused:
            assert refused.code == ref_refused.code, (seat, move, refused, ref_refused)
            return False
        raise AssertionError(
            f"({seat!r}, {move!r}) refused by one engine ({refused.code}), applied by the other") from None
    assert code_a is None, f"apply accepted ({seat!r}, {move!r}), refusal() said {code_a}"
    eb = b.apply(seat, move)
    assert ea == eb, f"({seat!r}, {move!r}): events {ea} != {eb}"
    return True


def compare_deal(seed: bytes, number: int, rnd: random.Random, *, odd: float = 0.08, resign: float = 0.0005,
                 views: bool = True, engine: Any = None, oracle: Any = None) -> tuple[Result | None, int]:
    """Play one deal through two engines side by side (the Cython engine and the reference by
    default), choosing moves with `rnd`; the result and the number of moves."""
    a = (engine or CythonGame).from_seed(seed, number)
    b = (oracle or reference.Game).from_seed(seed, number)
    assert a.order == b.order
    assert a.trump == b.trump and a.turnup == b.turnup
    if views:
        same_state(a, b)
    while not a.over:
        legal = a.legal_moves()
        assert legal == b.legal_moves(), f"legal moves {legal} != {b.legal_moves()}"
        assert legal, "a running deal always has a seat with a choice"
        r = rnd.random()
        if r < odd:
            # a random attempt: usually refused, sometimes legal; both must agree
            u = rnd.random()
            seat = rnd.choice(ODD_SEATS) if u < 0.1 else rnd.randrange(2)
            move = rnd.choice(ODD_MOVES) if u > 0.9 else rnd.choice(NOT_RESIGN)
            attempt(a, b, seat, move)
        elif r < odd + resign:
            assert attempt(a, b, rnd.randrange(2), rnd.choice(("resign", Move("resign"))))
        else:
            assert attempt(a, b, a.turn, rnd.choice(legal))
        if views:
            same_state(a, b)
        else:
            assert a.ply == b.ply and a.turn == b.turn
    assert a.events == b.events
    assert a.history == b.history
    assert a.result == b.result
    # the finished deal refuses everything with game_over, in both
    assert not attempt(a, b, 0, "take")
    return a.result, len(a.history)


def _machine() -> Any:
    """Build the state machine class (hypothesis is imported only when it is asked for)."""
    from hypothesis import strategies as st
    from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

    class Differential(RuleBasedStateMachine):
        """Two engines dealt the same deal and handed the same moves must agree after every step.

        Subclass and set `engine`/`oracle` to compare other implementations
        (for example one with a planted bug, to see the driver catch it).
        """

        engine: Any = CythonGame
        oracle: Any = reference.Game

        def __init__(self) -> None:
            super().__init__()
            self.a: Any = None
            self.b: Any = None

        @initialize(n=st.integers(1, 10**6), number=st.integers(1, 3))
        def deal(self, n: int, number: int) -> None:
            self.a = self.engine.from_seed(seed_of(n), number)
            self.b = self.oracle.from_seed(seed_of(n), number)
            assert self.a.order == self.b.order

        @precondition(lambda self: not self.a.over)
        @rule(picks=st.lists(st.integers(0, 47), min_size=1, max_size=12))
        def play_legal(self, picks: list[int]) -> None:
            for k in picks:
                if self.a.over:
                    break
                legal = self.a.legal_moves()
                assert legal == self.b.legal_moves(), f"legal moves {legal} != {self.b.legal_moves()}"
                assert attempt(self.a, self.b, self.a.turn, legal[k % len(legal)])

        @rule(seat=st.sampled_from((0, 1, *ODD_SEATS)), move=st.sampled_from(NOT_RESIGN + ODD_MOVES))
        def try_anything(self, seat: Any, move: Any) -> None:
            attempt(self.a, self.b, seat, move)

        @precondition(lambda self: not self.a.over and self.a.ply > 30)
        @rule(seat=st.integers(0, 1))
        def resign(self, seat: int) -> None:
            assert attempt(self.a, self.b, seat, "resign")

        @invariant()
        def agree(self) -> None:
            if self.a is not None:
                same_state(self.a, self.b)
                if self.a.over:
                    assert self.a.events == self.b.events and self.a.history == self.b.history

    return Differential


def __getattr__(name: str) -> Any:
    if name == "Differential":
        machine = _machine()
        globals()["Differential"] = machine
        return machine
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

