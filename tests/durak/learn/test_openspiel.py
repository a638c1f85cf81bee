"""kozyr_durak as an OpenSpiel game: random_sim_test, the observer, resampling, and OpenSpiel's Python bots."""
import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel", reason="the OpenSpiel game needs the rl extra: pip install kozyr[rl]")

from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

import kozyr.durak.learn.openspiel  # noqa: E402,F401  (registers kozyr_durak)
from kozyr.durak import Game  # noqa: E402
from kozyr.durak.learn.encoding import card_index  # noqa: E402
from kozyr.errors import KozyrError  # noqa: E402


@pytest.fixture(scope="module")
def game():
    return pyspiel.load_game("kozyr_durak")


def _dealt(game, seed):
    state = game.new_initial_state()
    for card in Game.from_rng(seed).order:
        assert state.is_chance_node()
        state.apply_action(card_index(card))
    return state


def test_random_sim_test(game):
    pyspiel.random_sim_test(game, num_sims=5, serialize=True, verbose=False)


def test_game_facts(game):
    t = game.get_type()
    assert t.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert game.num_distinct_actions() == 76 and game.max_chance_outcomes() == 36
    assert game.information_state_tensor_shape() == [270] == game.observation_tensor_shape()


def test_chance_deals_the_order_and_play_follows_the_engine(game):
    state = _dealt(game, 3)
    engine = Game.from_rng(3)
    assert state.deal.game.order == engine.order
    rng = np.random.default_rng(0)
    while not state.is_terminal():
        player = state.current_player()
        assert player == engine.turn
        actions = state.legal_actions()
        assert actions == sorted(actions)
        assert sorted(state.action_to_string(player, a) for a in actions) == sorted(map(str, engine.legal_moves()))
        action = int(rng.choice(actions))
        engine.apply(player, state.action_to_string(player, action))
        state.apply_action(action)
        tensor = np.array(state.information_state_tensor(player), dtype=np.float32)
        np.testing.assert_array_equal(tensor, state.deal.observe(player)[0])
    fool = engine.result.fool
    assert state.returns() == ([0.0, 0.0] if fool is None else [(-1.0 if fool == p else 1.0) for p in (0, 1)])


def test_resampling_keeps_what_the_player_knows_and_redeals_the_rest(game):
    state = _dealt(game, 5)
    rng = np.random.default_rng(1)
    for _ in range(25):
        state.apply_action(int(rng.choice(state.legal_actions())))
    player = state.current_player()
    other = 1 - player
    sampler = pyspiel.UniformProbabilitySampler(3, 0.0, 1.0)
    hands = set()
    for _ in range(30):
        twin = state.resample_from_infostate(player, sampler)
        assert twin.information_state_string(player) == state.information_state_string(player)
        assert twin.legal_actions() == state.legal_actions()
        np.testing.assert_array_equal(twin.information_state_tensor(player), state.information_state_tensor(player))
        assert twin.deal.game.hands[player] == state.deal.game.hands[player]
        assert len(twin.deal.game.hands[other]) == len(state.deal.game.hands[other])
        hands.add(int(twin.deal.game.hands[other]))
    assert len(hands) > 10
    with pytest.raises(KozyrError):
        game.new_initial_state().resample_from_infostate(0, sampler)


def test_information_state_hides_the_other_hand(game):
    """Two dealt states that differ only in the other hand give the player the same information state."""
    state = _dealt(game, 8)
    twin = state.resample_from_infostate(0, pyspiel.UniformProbabilitySampler(1, 0.0, 1.0))
    assert twin.deal.game.hands[1] != state.deal.game.hands[1]
    assert twin.information_state_string(0) == state.information_state_string(0)
    assert twin.information_state_string(1) != state.information_state_string(1)


def test_python_ismcts_and_mcts_bots_play(game):
    state = _dealt(game, 11)
    rs = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(1, rs)
    bot = ismcts.ISMCTSBot(game, evaluator, 2.0, 8, random_state=rs)
    sampler = pyspiel.UniformProbabilitySampler(2, 0.0, 1.0)
    bot.set_resampler(lambda st, p: st.resample_from_infostate(p, sampler))
    plain = mcts.MCTSBot(game, 2.0, 8, evaluator, random_state=rs)
    for _ in range(6):
        if state.is_terminal():
            break
        policy, action = (bot if state.current_player() == 0 else plain).step_with_policy(state)
        assert action in state.legal_actions() and abs(sum(p for _, p in policy) - 1.0) < 1e-9
        state.apply_action(int(action))


# -- issue 21 ------------------------------------------------------------------------------------
def test_an_action_outside_legal_actions_is_refused_as_openspiel_refuses_it(game):
    """Item 3: apply_action played 75 (resign) always, negative ids indexed from the end (-2 swap,
    -3 done, -4 take), and duplicate or non-card chance outcomes were stored."""
    state = game.new_initial_state()
    with pytest.raises(pyspiel.SpielError):   # -1 is OpenSpiel's kInvalidAction: refused before it reaches kozyr
        state.apply_action(-1)
    for bad in (-2, 36, 75, 10**6):
        with pytest.raises(pyspiel.SpielError) as info:
            state.apply_action(bad)
        assert isinstance(info.value, KozyrError) and info.value.code == "illegal_action"
        assert "calling ApplyAction with illegal action" in str(info.value)
    state.apply_action(5)
    with pytest.raises(pyspiel.SpielError):   # a card already dealt
        state.apply_action(5)
    assert state.history() == [5] and len(state.chance_outcomes()) == 35
    state = _dealt(game, 3)
    before = (str(state), state.legal_actions(), state.history())
    for bad in (75, -2, -3, -4, -76, 76, *[a for a in range(76) if a not in state.legal_actions()]):
        with pytest.raises(pyspiel.SpielError) as info:
            state.apply_action(bad)
        assert info.value.fields["action"] == bad and info.value.player == state.current_player()
        assert (str(state), state.legal_actions(), state.history()) == before   # nothing changed
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    with pytest.raises(pyspiel.SpielError):
        state.apply_action(72)


def test_a_resampled_state_pickles_and_plays_on(game):
    """Item 8: no state from resample_from_infostate could be pickled (`0 is not a durak card`)."""
    import pickle

    state = _dealt(game, 8)
    for _ in range(9):
        state.apply_action(state.legal_actions()[-1])
    player = state.current_player()
    resampled = state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    for twice in (resampled, resampled.resample_from_infostate(1 - player, pyspiel.UniformProbabilitySampler(0., 1.))):
        for k in range(4):
            back = pickle.loads(pickle.dumps(twice))
            assert str(back) == str(twice) and back.legal_actions() == twice.legal_actions()
            assert back.deal.memories[0] == twice.deal.memories[0] and back.deal.game.hands == twice.deal.game.hands
            if twice.is_terminal():
                break
            twice.apply_action(twice.legal_actions()[k % len(twice.legal_actions())])
    assert pickle.loads(pickle.dumps(state)).deal.game.history == state.deal.game.history
    with pytest.raises(KozyrError) as info:         # a determinized Game alone says why it does not pickle
        pickle.dumps(resampled.deal.game)
    assert info.value.code == "bad_pickle"
