"""At `Rules()` the variants' twin is the two-seat game: in lockstep with the two-seat oracle, move for move.

Both plain-Python engines are dealt the same seeded deal and handed the same
random moves (occasional resigns, garbage probes that both must refuse with
the same code and without a change, a refusal sweep of every (seat, kind,
card) on a sample of positions); after every move the legal lists, both
seats' views (bout and public memory included), every event field, the result
and the visible state must be identical, and the rules' invariants hold.
Then `durak-replay-1` is played by kozyr's rung 3 against rung 2 in lockstep.

A twin with a planted bug (the refill order at two seats) is caught.
"""
from __future__ import annotations

import random
from collections import Counter

import pytest

from kozyr.durak import Rules
from kozyr.durak.oracle import reference, reference_bots
from kozyr.durak.oracle.reference_variants import Game as Twin
from kozyr.durak.oracle.testing import TwoSeatOracle, compare_table_deal, same_table_state, seed_of
from kozyr.durak.seeds import pad_seed

DEALS = 800     # the suite's share: benchmarks/variants_soak.py --lockstep 3300 plays the long run
CHUNKS = 4


@pytest.mark.soak
@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_the_twin_is_the_two_seat_oracle(chunk: int) -> None:
    rnd = random.Random(23_000 + chunk)
    outcomes: Counter[str] = Counter()
    size = DEALS // CHUNKS
    for n in range(1 + size * chunk, 1 + size * (chunk + 1)):
        run = compare_table_deal(Rules(), seed_of(n), 1 + n % 3, rnd, engine=Twin, oracle=TwoSeatOracle,
                                 resign=0.002, sweep=0.005)
        assert not run.capped and run.result is not None
        outcomes[run.result.outcome] += 1
    assert outcomes["fool"] > size * 0.6 and outcomes["resign"] > 10, outcomes


def test_durak_replay_1_in_lockstep() -> None:
    """Rung 3 (seat 0, bot seed `durak-replay-1:1`) against rung 2 (seat 1): the published deal."""
    seed = pad_seed("durak-replay-1")
    twin, oracle = Twin.from_seed(seed), reference.Game.from_seed(seed)
    levels, bot_seeds = (3, 2), ("durak-replay-1:1", "durak-replay-1:2")
    while not twin.over:
        seat = twin.turn
        assert seat is not None
        view = twin.view(seat)
        assert view == oracle.view(seat)
        move = reference_bots.best(view, levels[seat], reference_bots.word(bot_seeds[seat], seat, view.ply))
        assert move is not None
        assert twin.apply(seat, move) == oracle.apply(seat, move)
        same_table_state(twin, oracle)
    assert (len(twin.history), len(twin.events), twin.heap) == (42, 68, 28)
    result = twin.result
    assert result is not None and result == oracle.result and result.fool == 1 and result.losers == (1,)
    assert twin.events == oracle.events


class DefenderDrawsFirst(Twin):
    """A planted bug: the bout's defender draws first (the rules: the leader first, the defender last)."""

    def _refill_order(self, leader, defender):
        order = super()._refill_order(leader, defender)
        return [order[-1]] + order[:-1]


def test_the_lockstep_sees_a_planted_refill_order() -> None:
    with pytest.raises(AssertionError):
        for n in range(1, 100):
            compare_table_deal(Rules(), seed_of(n), 1, random.Random(n), engine=DefenderDrawsFirst,
                               oracle=TwoSeatOracle)
