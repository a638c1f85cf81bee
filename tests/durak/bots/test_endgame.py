"""The endgame solver (rung4.solve) against plain exhaustive search once the talon is empty."""
from __future__ import annotations

import random

import pytest
from _rung4_helpers import play_random
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kozyr.durak.bots.rung4 import Scratch, solve
from kozyr.errors import KozyrError

SMALL = 8     # cards left in play: both hands and the table


def _value(game, seat, memo=None):
    """Exact minimax value for `seat` (1 win, 0 draw, -1 loss): every legal move, no pruning
    (positions met twice are looked up: the same hands and bout have the same value)."""
    if game.over:
        fool = game.result.fool
        return 0 if fool is None else (-1 if fool == seat else 1)
    memo = {} if memo is None else memo
    key = (game.hands, game.bout)
    if key not in memo:
        values = []
        for move in game.legal_moves():
            child = game.copy()
            child.apply(child.turn, move)
            values.append(_value(child, seat, memo))
        memo[key] = max(values) if game.turn == seat else min(values)
    return memo[key]


def _in_play(game):
    return len(game.hands[0]) + len(game.hands[1]) + len(game.bout_cards)


def _small(seed, limit=SMALL):
    """A running deal with an empty talon and at most `limit` cards in play, or None."""
    game, _, _ = play_random(seed, 400, stop=lambda g: not g.talon and _in_play(g) <= limit)
    if game.over or game.talon or _in_play(game) > limit:
        return None
    return game


SCRATCH = Scratch()   # shared by every example: an entry stored wrongly in one search misleads the next


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(st.integers(0, 2**32 - 1), st.sampled_from([0, 1]))
def test_the_solver_agrees_with_exhaustive_search(seed, seat):
    found = _small(seed)
    if found is None:
        return
    game = found
    memo = {}
    solved = solve(game.view(seat), scratch=SCRATCH)
    assert solved is not None
    value, move = solved
    assert value == _value(game, seat, memo)
    if game.turn == seat:
        child = game.copy()
        child.apply(seat, move)
        assert _value(child, seat, memo) == value, "the solver's move keeps the value"
    else:
        assert move is None
    # and every position one move on, from the same seat's view
    for other in game.legal_moves():
        child = game.copy()
        child.apply(child.turn, other)
        if not child.over:
            assert solve(child.view(seat), scratch=SCRATCH)[0] == _value(child, seat, memo)


def test_enough_small_positions_are_found():
    assert sum(_small(seed) is not None for seed in range(60)) > 20


@pytest.mark.parametrize("seed", range(40))
def test_a_position_reported_won_is_never_lost(seed):
    found = _small(seed, 12)
    if found is None:
        return
    game = found
    seat = game.turn
    if solve(game.view(seat), budget=10**7)[0] != 1:
        return
    rnd = random.Random(seed)
    scratch = Scratch()
    for _ in range(3):
        g = game.copy()
        while not g.over:
            if g.turn == seat:
                value, move = solve(g.view(seat), budget=10**7, scratch=scratch)
                assert value == 1
            else:
                move = rnd.choice(g.legal_moves())
            g.apply(g.turn, move)
        assert g.result.fool == 1 - seat


def test_the_solver_refuses_a_talon_and_reports_a_spent_budget():
    game, _, _ = play_random(4, 6)
    with pytest.raises(KozyrError) as err:
        solve(game.view(0))
    assert err.value.field == "talon"
    for seed in range(100):
        found = _small(seed, 36)
        if found and _in_play(found) >= 12:
            game = found
            break
    assert solve(game.view(0), budget=3) is None


def test_one_scratch_for_both_seats_keeps_their_values_apart():
    """Regression (hypothesis seed 15 found it): the bout's shape was hashed as
    `attacker + 2 * cap + 16 * taken + 1`, or'ed with 1 and xor'ed with `seat << 1`, so
    (attacker 1, cap c) and (attacker 0, cap c + 1), and one seat's key with the other's, were
    one key: seat 0's values, read back by seat 1's search, turned a lost position into a won one.
    Deterministic: deal 1987's endgame, solved for seat 0 and then for seat 1 in one Scratch."""
    game = _small(1987)
    scratch = Scratch()
    for seat in (0, 1):
        assert solve(game.view(seat), scratch=scratch)[0] == _value(game, seat)
    assert [_value(game, seat) for seat in (0, 1)] == [1, -1]   # the position the test is about
