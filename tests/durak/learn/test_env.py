"""The PettingZoo and Gymnasium environments: the ecosystems' own checkers, rewards, seeding, refusals."""
import itertools
import random
import sys
from types import SimpleNamespace
from unittest import mock

import numpy as np
import pytest

pytest.importorskip("pettingzoo", reason="the RL environments need the rl extra: pip install kozyr[rl]")
pytest.importorskip("gymnasium", reason="the RL environments need the rl extra: pip install kozyr[rl]")

from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test, performance_benchmark, seed_test  # noqa: E402

from kozyr.durak import Bot, Game, Params  # noqa: E402
from kozyr.durak.bots.bot4 import Rung4Bot  # noqa: E402
from kozyr.durak.learn.encoding import OBS_SIZE, move_of  # noqa: E402
from kozyr.durak.learn.env import AGENTS, DurakEnv, DurakGymEnv, env  # noqa: E402
from kozyr.errors import KozyrError  # noqa: E402


def test_pettingzoo_api_test():
    api_test(DurakEnv(), num_cycles=300)


def test_pettingzoo_seed_test():
    seed_test(env, num_cycles=300)


def test_pettingzoo_performance_benchmark(capsys):
    """The benchmark loops for 5 s of wall time; a fake clock that ticks 10 ms a call keeps it short here
    (the real figure comes from benchmarks/bench_vecenv.py)."""
    module = sys.modules[performance_benchmark.__module__]
    ticks = itertools.count()
    clock = SimpleNamespace(time=lambda: next(ticks) * 0.01)
    with mock.patch.object(module, "time", clock):
        performance_benchmark(DurakEnv())
    assert "turns per second" in capsys.readouterr().out


def _play_aec(e, seed):
    rng = random.Random(seed)
    e.reset(seed=seed)
    total = dict.fromkeys(AGENTS, 0.0)
    for agent in e.agent_iter():
        obs, reward, term, trunc, _ = e.last()
        total[agent] += reward
        assert obs["observation"].shape == (OBS_SIZE,) and obs["observation"].dtype == np.float32
        if term or trunc:
            e.step(None)
        else:
            assert obs["observation"][262] == 1.0          # on turn
            e.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
    return total


def test_aec_rewards_follow_the_result():
    results = set()
    for seed in range(30):
        e = DurakEnv()
        total = _play_aec(e, seed)
        result = e.deal.game.result
        results.add(result.outcome)
        if result.fool is None:
            assert total == {"player_0": 0.0, "player_1": 0.0}
        else:
            assert total[AGENTS[result.fool]] == -1.0 and total[AGENTS[1 - result.fool]] == 1.0
    assert "fool" in results


def test_aec_seeded_reset_fixes_the_deal_and_unseeded_continues():
    a, b = DurakEnv(), DurakEnv()
    a.reset(seed=7)
    b.reset(seed=7)
    assert a.deal.game.order == b.deal.game.order
    a.reset()
    b.reset()
    assert a.deal.game.order == b.deal.game.order
    b.reset(seed=8)
    assert a.deal.game.order != b.deal.game.order


def test_aec_refuses_illegal_actions_and_changes_nothing():
    e = DurakEnv()
    e.reset(seed=3)
    obs = e.observe(e.agent_selection)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    ply = e.deal.game.ply
    with pytest.raises(KozyrError) as err:
        e.step(illegal)
    assert err.value.code == "illegal_action" and e.deal.game.ply == ply
    with pytest.raises(KozyrError) as err:
        e.step(76)
    assert err.value.code == "bad_action"
    with pytest.raises(KozyrError):
        e.step(75)                       # resign is not in the mask unless allowed
    r = DurakEnv(allow_resign=True)
    r.reset(seed=3)
    loser = r.agent_selection
    r.step(75)
    assert r.terminations[loser] and r.rewards[loser] == -1.0


def test_aec_render_is_text():
    e = DurakEnv(render_mode="ansi")
    e.reset(seed=1)
    text = e.render()
    assert "trump" in text and "player_0:" in text and "player_1:" in text


def test_gym_check_env():
    check_env(DurakGymEnv(3, illegal="lose"), skip_render_check=True)
    check_env(DurakGymEnv(1, seat=1, illegal="lose"), skip_render_check=True)


def _play_gym(e, seed):
    rng = random.Random(seed)
    obs, info = e.reset(seed=seed)
    total, steps, done = 0.0, 0, False
    while not done:
        action = rng.choice(np.flatnonzero(obs["action_mask"]).tolist())
        obs, reward, done, trunc, info = e.step(action)
        assert not trunc
        total += reward
        steps += 1
    return total, steps


def test_gym_plays_whole_deals_against_each_kind_of_opponent():
    calls = []

    def cheapest(view):
        calls.append(view.seat)
        return view.legal[0]

    for opponent in (1, 2, 3, 4, Bot(3, "x"), Rung4Bot("y", params=Params(K=8)), cheapest):
        e = DurakGymEnv(opponent)
        for seed in range(5):
            total, steps = _play_gym(e, seed)
            game = e.deal.game
            assert game.over and steps >= 1
            fool = game.result.fool
            assert total == (0.0 if fool is None else (-1.0 if fool == e.seat else 1.0))
    assert calls and set(calls) <= {0, 1}


def test_gym_opponent_moves_are_the_rung_s_moves():
    """Replaying the agent's and the opponent's moves: every opponent move is what rung 3 plays from its view."""
    e = DurakGymEnv(3, seat=0)
    _play_gym(e, 11)
    game = Game.from_order(e.deal.game.order)
    bot = Bot(3, "any")
    for seat, move in e.deal.game.history:
        if seat == 1:
            assert bot.choose(game.view(1)) == move
        game.apply(seat, move)
    assert game.over


def test_gym_refusals():
    with pytest.raises(KozyrError):
        DurakGymEnv(7)
    with pytest.raises(KozyrError):
        DurakGymEnv(3, seat=2)
    with pytest.raises(KozyrError):
        DurakGymEnv(3, illegal="ignore")
    e = DurakGymEnv(3)
    obs, _ = e.reset(seed=2)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    with pytest.raises(KozyrError) as err:
        e.step(illegal)
    assert err.value.code == "illegal_action"
    lose = DurakGymEnv(3, illegal="lose")
    obs, _ = lose.reset(seed=2)
    _, reward, done, _, info = lose.step(illegal)
    assert reward == -1.0 and done and info["illegal"] == illegal
    with pytest.raises(KozyrError):
        lose.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert str(move_of(illegal))


# -- issue 21 ------------------------------------------------------------------------------------
def _first_legal_run(e, seed, interleave=None):
    """Reset `e` with `seed` and play the first legal action to the end; the observations, rewards
    and the deal's history. `interleave` (another env) takes a step between two of e's."""
    obs, _ = e.reset(seed=seed)
    seen = [obs["observation"].copy()]
    rewards = []
    while True:
        action = int(np.flatnonzero(obs["action_mask"])[0])
        obs, reward, done, _, _ = e.step(action)
        seen.append(obs["observation"].copy())
        rewards.append(reward)
        if interleave is not None and not interleave.deal.game.over:
            mask = interleave._obs()["action_mask"]
            interleave.step(int(np.flatnonzero(mask)[0]))
        if done:
            return seen, rewards, e.deal.game.history


def test_one_rung4_bot_shared_by_two_environments_plays_each_deal_from_its_own_view():
    """Item 1: `bot = Rung4Bot("s"); a, b = DurakGymEnv(bot), DurakGymEnv(bot); a.reset(seed=5);
    b.reset(seed=6)` put deal 6's memory into the shared bot, and a's opponent decided from the wrong
    deal (or raised). Rung 4 now decides from the view alone: a and b play exactly as two unshared bots."""
    shared = Rung4Bot("s", params=Params(K=8))
    a, b = DurakGymEnv(shared, seat=0), DurakGymEnv(shared, seat=0)
    b.reset(seed=6)
    alone = _first_legal_run(DurakGymEnv(Rung4Bot("s", params=Params(K=8)), seat=0), 5)
    got = _first_legal_run(a, 5, interleave=b)          # b moves between a's steps, from the same bot
    assert got[2] == alone[2] and got[1] == alone[1]
    assert all(np.array_equal(x, y) for x, y in zip(got[0], alone[0], strict=True))
    assert not hasattr(shared, "memory")                 # nothing of a deal is kept in the bot


def test_stepping_before_reset_and_odd_seeds_are_kozyr_errors():
    """Item 11: DurakEnv.step() before reset() raised AttributeError; odd seeds raised numpy's or
    gymnasium's errors."""
    for make in (DurakEnv, DurakGymEnv):
        e = make()
        with pytest.raises(KozyrError) as info:
            e.step(0)
        assert info.value.code == "not_reset"
        for seed in (-1, 1.5, "x", True, 2.0**70):
            with pytest.raises(KozyrError) as info:
                e.reset(seed=seed)
            assert info.value.code == "bad_seed", seed
        e.reset(seed=np.int64(3))                          # a numpy int is a whole number
    with pytest.raises(KozyrError) as info:
        DurakEnv().last()
    assert info.value.code == "not_reset"
