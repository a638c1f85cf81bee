"""The Cython engine against the plain-Python reference, move for move.

Both engines are dealt the same seeded deal and driven by the same seeded
random.Random: every legal list, every event, every refusal code, both seats'
views and the whole visible state must agree after every move. Occasional
random (seat, move) attempts, most of them illegal, are thrown at both and must
be refused with the same code (or accepted with the same events).

The driver lives in `kozyr.durak.oracle.testing` (`compare_deal`, and `Differential`, the same
driver as a hypothesis state machine that shrinks a disagreement); it is also the
driver of benchmarks/differential.py (100,000 deals).
"""
from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, settings

from kozyr.durak.oracle import reference
from kozyr.durak.oracle.testing import Differential, compare_deal, seed_of


@pytest.mark.soak
@pytest.mark.parametrize("chunk", range(4))
def test_engines_agree_on_2000_seeded_deals(chunk: int) -> None:
    rnd = random.Random(1000 + chunk)
    outcomes = set()
    for n in range(1 + 500 * chunk, 1 + 500 * (chunk + 1)):
        result, _ = compare_deal(seed_of(n), 1 + n % 3, rnd, views=True)
        assert result is not None
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


TestDifferentialMachine = Differential.TestCase
TestDifferentialMachine.settings = settings(max_examples=60, stateful_step_count=25, deadline=None,
                                            suppress_health_check=[HealthCheck.too_slow])


@pytest.mark.soak
@pytest.mark.parametrize("oracle", [_SwappedTake, _ShortTalon])
def test_the_state_machine_sees_a_planted_difference(oracle) -> None:
    class Planted(Differential):
        pass
    Planted.oracle = oracle
    case = Planted.TestCase
    case.settings = settings(max_examples=40, stateful_step_count=25, deadline=None, database=None,
                             report_multiple_bugs=False,
                             suppress_health_check=[HealthCheck.too_slow])
    with pytest.raises(AssertionError):
        case("runTest").runTest()
