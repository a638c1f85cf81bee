"""The Cython engine against the plain-Python reference, move for move.

Both engines are dealt the same seeded deal and driven by the same seeded
random.Random: every legal list, every event, every refusal code, both seats'
views and the whole visible state must agree after every move. Occasional
random (seat, move) attempts, most of them illegal, are thrown at both and must
be refused with the same code (or accepted with the same events).

`compare_deal` is also the driver of benchmarks/differential.py (100,000 deals).
"""
from __future__ import annotations

import random

import pytest

from kozyr.durak import _engine, reference
from kozyr.durak.types import Move


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
ODD_SEATS = (2, -1, True, None, "0")
ODD_MOVES = ("attack", "beat XX", "take AS", "jump", "", "attack 10S", 42, None, "SWAP", "done")


def seed_of(n: int) -> bytes:
    return b"durak" + str(n).encode("ascii").zfill(27)


def same_state(a, b) -> None:
    """Everything visible about the two deals agrees."""
    assert a.turn == b.turn
    assert a.phase == b.phase
    assert a.over == b.over
    assert a.result == b.result
    assert a.ply == b.ply
    assert a.hands == b.hands
    assert a.talon == b.talon
    assert a.heap == b.heap
    assert a.heap_cards == b.heap_cards
    assert a.bout == b.bout
    assert a.six_owner == b.six_owner
    assert a.view(0) == b.view(0)
    assert a.view(1) == b.view(1)


def attempt(a, b, seat, move) -> bool:
    """Throw one (seat, move) at both engines; True if it was applied."""
    try:
        ea = a.apply(seat, move)
    except _engine.IllegalMove as refusal:
        with pytest.raises(_engine.IllegalMove) as ref_refusal:
            b.apply(seat, move)
        assert refusal.code == ref_refusal.value.code, (seat, move, refusal, ref_refusal.value)
        return False
    eb = b.apply(seat, move)
    assert ea == eb, (seat, move)
    return True


def compare_deal(seed: bytes, number: int, rnd: random.Random, *, odd: float = 0.08,
                 resign: float = 0.0005, views: bool = True, oracle=None) -> tuple:
    """Play one deal through both engines side by side; the result and the move count."""
    a = _engine.Game.from_seed(seed, number)
    b = (oracle or reference.Game).from_seed(seed, number)
    assert a.order == b.order
    assert a.trump == b.trump and a.turnup == b.turnup
    if views:
        same_state(a, b)
    while not a.over:
        legal = a.legal_moves()
        assert legal == b.legal_moves()
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


@pytest.mark.parametrize("chunk", range(4))
def test_engines_agree_on_2000_seeded_deals(chunk: int) -> None:
    rnd = random.Random(1000 + chunk)
    outcomes = set()
    for n in range(1 + 500 * chunk, 1 + 500 * (chunk + 1)):
        result, _ = compare_deal(seed_of(n), 1 + n % 3, rnd, views=True)
        outcomes.add(result.outcome)
    assert {"fool", "resign"} <= outcomes


def test_engines_agree_on_the_published_seeds_deal_by_deal() -> None:
    rnd = random.Random(7)
    for n in range(1, 101):
        compare_deal(seed_of(n), 1, rnd, odd=0.0, resign=0.0)


class _SwappedTake(reference.Game):
    """A planted bug: the oracle lists take before the beating cards."""

    def legal_moves(self):
        moves = super().legal_moves()
        return tuple(sorted(moves, key=lambda m: m.kind != "take"))


class _ShortTalon(reference.Game):
    """A planted bug: the refill event reports the talon one card short."""

    def _log(self, event):
        if event.kind == "refill" and event.talon:
            event = type(event)("refill", drawn=event.drawn, talon=event.talon - 1)
        super()._log(event)


@pytest.mark.parametrize("oracle", [_SwappedTake, _ShortTalon])
def test_the_driver_sees_a_planted_difference(oracle) -> None:
    with pytest.raises(AssertionError):
        for n in range(1, 20):
            compare_deal(seed_of(n), 1, random.Random(n), oracle=oracle)
