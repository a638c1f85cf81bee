"""Every table, engine against engine: the seeded soak over all 912 option sets and the hypothesis state machine.

The driver is `kozyr.durak.oracle.testing` (`compare_table_deal`, `TableDifferential`):
after every move the legal lists, events, every seat's view and the visible
state agree, garbage probes get the same refusal and change nothing, a sample
of positions has every (seat, kind, card) swept through `refusal`, and the
rules' invariants hold (card conservation, the cap, one seat on turn, the
throwers, a legal move in every live position, the refill to six, a
well-defined loser).

Pairs: `twin-copy` plays the variants' twin against itself, replacing the
second game by its `copy()` now and then (so copies, refusals and invariants
are checked in every option set); `cython` plays the compiled engine against
the twin. The soak here deals every option set a few times (the long soak is
benchmarks/variants_soak.py). Planted bugs in the twin's new rules are caught.
"""
from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

from kozyr.durak import Rules
from kozyr.durak.core.engine import Game as CythonGame
from kozyr.durak.oracle.reference_variants import Game as Twin
from kozyr.durak.oracle.testing import MOVE_CAP, TableDifferential, all_rules, compare_table_deal, seed_of

PAIRS: dict[str, dict[str, Any]] = {
    "twin-copy": dict(engine=Twin, oracle=Twin, copies=0.05),
    "cython": dict(engine=CythonGame, oracle=Twin),
}
# deals of every option set in the suite: three in all (the long soak is the benchmark's)
DEALS_PER_SET = {"twin-copy": 1, "cython": 2}
RULES = all_rules()
CHUNKS = 8


def test_there_are_912_option_sets() -> None:
    # 17 (seats, deck) pairs the deck can deal six cards a seat to; without teams 3 variants
    # (podkidnoy, perevodnoy with and without show) x 2 throw-ins x 8 (first_five, swap, draw): 816;
    # teams: 4 seats of any deck and 6 seats of 36 or 52, podkidnoy, 2 x 8 each: 96
    assert len(RULES) == len(set(RULES)) == 912 and Rules() in RULES
    assert {(r.seats, r.deck) for r in RULES} == {(n, d) for d in (24, 32, 36, 52) for n in range(2, 7) if 6 * n <= d}
    assert sum(r.teams for r in RULES) == 96 and sum(r.show_trump for r in RULES) == 272
    assert sum(r.variant == "perevodnoy" for r in RULES) == 544


@pytest.mark.soak
@pytest.mark.parametrize("chunk", range(CHUNKS))
@pytest.mark.parametrize("pair", list(PAIRS))
def test_soak_every_option_set(pair: str, chunk: int) -> None:
    outcomes: Counter[str] = Counter()
    longest = 0
    for k in range(chunk, len(RULES), CHUNKS):
        rules = RULES[k]
        for d in range(DEALS_PER_SET[pair]):
            rnd = random.Random(k * 100 + d)
            run = compare_table_deal(rules, seed_of(k * 100 + d), 1 + d, rnd, sweep=0.005, **PAIRS[pair])
            assert not run.capped, f"{rules!r} deal {d} reached {MOVE_CAP} moves"
            assert run.result is not None
            outcomes[run.result.outcome] += 1
            longest = max(longest, run.moves)
    assert outcomes["fool"] > 50, outcomes
    assert longest < MOVE_CAP // 2


class TwinMachine(TableDifferential):
    engine = Twin
    oracle = Twin


class CythonMachine(TableDifferential):
    engine = CythonGame
    oracle = Twin


MACHINE_SETTINGS = settings(max_examples=50, stateful_step_count=30, deadline=None,
                            suppress_health_check=[HealthCheck.too_slow])
TestTwinMachine = TwinMachine.TestCase
TestTwinMachine.settings = MACHINE_SETTINGS
TestCythonMachine = CythonMachine.TestCase
TestCythonMachine.settings = MACHINE_SETTINGS


# -- planted bugs in the new rules: the driver sees each -------------------------------

class ThrowersAnticlockwise(Twin):
    """Planted: the throwers after the attacker counter-clockwise (the rules: clockwise)."""

    def _compute_throwers(self):
        throwers = super()._compute_throwers()
        return throwers[:1] + throwers[:0:-1]


class DefenderDrawsFirst(Twin):
    """Planted: the bout's defender draws first (the rules: the leader first, the defender last)."""

    def _refill_order(self, leader, defender):
        order = super()._refill_order(leader, defender)
        return [order[-1]] + order[:-1]


class TargetOneShort(Twin):
    """Planted: the transfer target check one card short (min(L, hand) >= table, not table + 1)."""

    def _target_takes(self, attack_cards):
        return super()._target_takes(attack_cards - 1)


class WholeDeckTurnupFirst(Twin):
    """Planted: when the whole deck is dealt, the turn-up is the first card dealt (the rules: the last)."""

    def _deal(self, order):
        hands, turnup, talon = super()._deal(order)
        return hands, (order[0] if not talon else turnup), talon


PLANTS = {
    "thrower order": (ThrowersAnticlockwise, Rules(seats=4)),
    "refill order": (DefenderDrawsFirst, Rules(seats=3)),
    "transfer target": (TargetOneShort, Rules(seats=3, variant="perevodnoy")),
    "6N = D deal": (WholeDeckTurnupFirst, Rules(seats=4, deck=24)),
}


@pytest.mark.parametrize("plant", list(PLANTS))
def test_the_driver_sees_a_planted_rule(plant: str) -> None:
    planted, rules = PLANTS[plant]
    with pytest.raises(AssertionError):
        for n in range(1, 200):
            compare_table_deal(rules, seed_of(n), 1, random.Random(n), engine=planted, oracle=Twin)


@pytest.mark.soak
def test_the_state_machine_sees_a_planted_rule() -> None:
    class Planted(TableDifferential):
        engine = ThrowersAnticlockwise
        oracle = Twin
        option_sets = tuple(r for r in RULES if r.seats >= 4 and r.throw_in == "all" and not r.teams)
    case = Planted.TestCase
    case.settings = settings(max_examples=60, stateful_step_count=30, deadline=None, database=None,
                             report_multiple_bugs=False, suppress_health_check=[HealthCheck.too_slow])
    with pytest.raises(AssertionError):
        case("runTest").runTest()
