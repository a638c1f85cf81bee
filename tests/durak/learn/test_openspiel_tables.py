"""Issue 24, item 5: the OpenSpiel game at any table: the options as game parameters, random_sim_test at
several option sets, the table's actions and observation, resampling from the view, pickling, refusals."""
from __future__ import annotations

import pickle
from typing import Any

import numpy as np
import pytest

from kozyr.durak import Game, Rules
from kozyr.durak.learn.encoding import observe, table_encoding
from kozyr.errors import KozyrError

pyspiel: Any = pytest.importorskip("pyspiel", reason="the OpenSpiel game needs the rl extra: pip install kozyr[rl]")

import kozyr.durak.learn.openspiel  # noqa: E402,F401  (registers the game)

OPTION_SETS = [
    {"players": 3},
    {"players": 4, "variant": "perevodnoy"},
    {"players": 6},
    {"players": 3, "variant": "perevodnoy", "show_trump": True, "deck": 52},
    {"players": 4, "teams": True, "throw_in": "neighbours"},
    {"players": 2, "deck": 24, "variant": "perevodnoy", "show_trump": True},
]


def _rules(params: dict) -> Rules:
    p = dict(params)
    return Rules(seats=p.pop("players"), **p)


@pytest.mark.parametrize("params", OPTION_SETS, ids=[str(p) for p in OPTION_SETS])
def test_random_sim_test_at_every_option_set(params: dict) -> None:
    game = pyspiel.load_game("kozyr_durak", params)
    rules = _rules(params)
    enc = table_encoding(rules)
    assert game.num_players() == rules.seats and game.num_distinct_actions() == enc.n_actions
    assert game.max_chance_outcomes() == rules.deck and game.observation_tensor_shape() == [enc.obs_size]
    zero = rules.seats == 2 or rules.teams
    assert game.get_type().utility == (pyspiel.GameType.Utility.ZERO_SUM if zero else
                                       pyspiel.GameType.Utility.GENERAL_SUM)
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)


def _dealt(game: Any, seed: int) -> Any:
    rng = np.random.default_rng(seed)
    state = game.new_initial_state()
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        state.apply_action(int(rng.choice([a for a, _ in outcomes])))
    return state


def test_a_four_seat_perevodnoy_deal_follows_the_engine_and_pays_the_losers() -> None:
    game = pyspiel.load_game("kozyr_durak", {"players": 4, "variant": "perevodnoy"})
    rules = Rules(seats=4, variant="perevodnoy")
    enc = table_encoding(rules)
    for seed in range(4):
        state = _dealt(game, seed)
        twin: Any = Game.from_order(state.deal.game.order, rules=rules)
        rng = np.random.default_rng(seed)
        while not state.is_terminal():
            player = state.current_player()
            assert player == twin.turn
            legal = state.legal_actions()
            assert legal == sorted(enc.action_of(m) for m in twin.legal_moves())
            for p in range(4):
                np.testing.assert_array_equal(np.asarray(state.observation_tensor(p)), observe(twin.view(p))[0])
            action = int(rng.choice(legal))
            state.apply_action(action)
            twin.apply(player, enc.move_of(action))
        losers = twin.result.losers
        assert state.returns() == [0.0 if not losers else (-1.0 if s in losers else 1.0) for s in range(4)]


def test_an_action_the_table_lacks_is_refused_and_changes_nothing() -> None:
    game = pyspiel.load_game("kozyr_durak", {"players": 4})
    state = _dealt(game, 1)
    before = str(state)
    with pytest.raises(pyspiel.SpielError) as e:
        state.apply_action(76)               # a transfer: the 4-seat podkidnoy table has none
    assert isinstance(e.value, KozyrError) and e.value.code == "illegal_action"
    assert str(state) == before


def test_bad_parameters_are_refused() -> None:
    for params, code in (({"players": 7}, "bad_seats"), ({"players": 4, "show_trump": True}, "bad_options"),
                         ({"players": 5, "deck": 24}, "bad_seats"), ({"players": 3, "teams": True}, "bad_options")):
        with pytest.raises(Exception) as e:
            pyspiel.load_game("kozyr_durak", params)
        assert code in str(e.value) or getattr(e.value, "code", None) == code


def test_resample_keeps_what_the_player_sees_and_pickles_at_four_seats() -> None:
    game = pyspiel.load_game("kozyr_durak", {"players": 4, "variant": "perevodnoy"})
    state = _dealt(game, 5)
    rng = np.random.default_rng(1)
    for _ in range(25):
        state.apply_action(int(rng.choice(state.legal_actions())))
    player = state.current_player()
    for k in range(5):
        other = state._resampled(player, 1000 + k)
        assert other.information_state_string(player) == state.information_state_string(player)
        np.testing.assert_array_equal(np.asarray(other.observation_tensor(player)),
                                      np.asarray(state.observation_tensor(player)))
        assert other.legal_actions() == state.legal_actions()
    again = pickle.loads(pickle.dumps(state))
    assert str(again) == str(state) and again.get_game().num_players() == 4
    resampled = pickle.loads(pickle.dumps(state._resampled(player, 7)))
    assert resampled.information_state_string(player) == state.information_state_string(player)


def test_the_rl_page_figures() -> None:
    """docs/rl.md's four-seat perevodnoy game (shown there, not run: 3.10 has no OpenSpiel)."""
    game = pyspiel.load_game("kozyr_durak", {"players": 4, "variant": "perevodnoy"})
    assert (game.num_players(), game.num_distinct_actions(), game.observation_tensor_shape()) == (4, 112, [404])
