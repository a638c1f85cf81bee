"""The batched C environment: every game replayed on the Python engine with the Python encoder and the Python rung."""
import numpy as np
import pytest

from kozyr.durak import Bot, Game, Params, Rung4Bot
from kozyr.durak.learn.encoding import Remembered, move_of
from kozyr.durak.learn.vecenv import DurakVecEnv
from kozyr.errors import KozyrError


class Twin:
    """Game i of a DurakVecEnv, followed on the Python engine: the agent's actions in, the rung's moves by Bot."""

    def __init__(self, env, i, bot):
        state = env._state(i)
        self.seat = state["seat"]
        self.bot = bot
        self.deal = Remembered(Game.from_order(state["order"]))
        self.opponent()

    def opponent(self):
        game = self.deal.game
        while not game.over and game.turn == 1 - self.seat:
            self.deal.apply(1 - self.seat, self.bot.choose(game.view(1 - self.seat)))

    def step(self, action):
        self.deal.apply(self.seat, move_of(action))
        self.opponent()


def _learned():
    from kozyr.durak.learn.learned import LearnedBot

    return LearnedBot()


@pytest.mark.parametrize("rung", [2, 3, "learned"])
def test_every_step_matches_the_python_engine(rung):
    """(the learned rung: a native opponent, moving in C on its full view, as LearnedBot moves in Python)"""
    n = 16
    bot = _learned() if rung == "learned" else Bot(rung, "any")
    env = DurakVecEnv(n, bot if rung == "learned" else rung, seed=5)
    twins = [Twin(env, i, bot) for i in range(n)]
    deals = 0
    for _ in range(150):
        for i, t in enumerate(twins):
            obs, mask = t.deal.observe(t.seat)
            np.testing.assert_array_equal(env.observations[i], obs)
            np.testing.assert_array_equal(env.masks[i], mask)
        actions = env.random_actions()
        env.step(actions)
        for i, t in enumerate(twins):
            t.step(int(actions[i]))
            game = t.deal.game
            assert bool(env.terminated[i]) == game.over
            if game.over:
                fool = game.result.fool
                assert env.rewards[i] == (0.0 if fool is None else (-1.0 if fool == t.seat else 1.0))
                twins[i] = Twin(env, i, bot)
                deals += 1
            else:
                assert env.rewards[i] == 0.0
    assert deals > 30


def test_seeded_runs_repeat_and_seats_vary():
    a, b = DurakVecEnv(64, 3, seed=9), DurakVecEnv(64, 3, seed=9)
    for _ in range(50):
        np.testing.assert_array_equal(a.observations, b.observations)
        acts = a.random_actions()
        assert (acts == b.random_actions()).all()
        a.step(acts)
        b.step(acts)
        np.testing.assert_array_equal(a.rewards, b.rewards)
    assert set(a.seats().tolist()) == {0, 1}
    assert set(DurakVecEnv(64, 3, seed=1, seat=1).seats().tolist()) == {1}
    c = DurakVecEnv(64, 3, seed=10)
    assert not np.array_equal(c.observations, DurakVecEnv(64, 3, seed=9).observations)


def test_a_bad_action_is_refused_and_nothing_moves():
    env = DurakVecEnv(8, 3, seed=2)
    before = env.observations.copy()
    plies = [env._state(i)["ply"] for i in range(8)]
    actions = env.random_actions()
    actions[5] = int(np.flatnonzero(env.masks[5] == 0)[0])
    with pytest.raises(KozyrError) as e:
        env.step(actions)
    assert e.value.code == "illegal_action" and "game 5" in str(e.value)
    assert [env._state(i)["ply"] for i in range(8)] == plies
    np.testing.assert_array_equal(env.observations, before)
    for bad in (np.zeros(7, dtype=np.int64), np.full(8, 76), np.zeros(8, dtype=np.float64)):
        with pytest.raises(KozyrError):
            env.step(bad)


def test_arguments_are_checked():
    for kwargs in ({"n": 0}, {"n": 4, "opponent": 5}, {"n": 4, "opponent": len}, {"n": 4, "seat": 2}):
        with pytest.raises(KozyrError):
            DurakVecEnv(**kwargs)
    assert DurakVecEnv(4, Bot(3, "x", params=Params(DEEP_TALON=9))).rung == 3
    from kozyr.durak import Rules

    with pytest.raises(KozyrError):           # a native opponent plays the two-seat game only
        DurakVecEnv(4, _learned(), rules=Rules(seats=3))
    assert DurakVecEnv(4, _learned()).rung == -1


def test_random_agent_loses_most_deals_to_rung_3():
    env = DurakVecEnv(256, 3, seed=4)
    total = lost = 0
    for _ in range(400):
        env.step(env.random_actions())
        total += int(env.terminated.sum())
        lost += int((env.rewards < 0).sum())
    assert total > 1000 and lost > 0.6 * total


def test_gymnasium_vector_wrapper():
    pytest.importorskip("gymnasium", reason="the Gymnasium wrapper needs the rl extra: pip install kozyr[rl]")
    from kozyr.durak.learn.env import DurakVectorEnv

    v = DurakVectorEnv(8, 3)
    obs, info = v.reset(seed=3)
    assert v.observation_space.contains(obs) and info["seat"].shape == (8,)
    for _ in range(100):
        obs, rew, term, trunc, info = v.step(v.core.random_actions())
        assert v.observation_space.contains(obs) and rew.shape == term.shape == trunc.shape == (8,)
    w = DurakVectorEnv(8, 3)
    np.testing.assert_array_equal(w.reset(seed=3)[0]["observation"], v.reset(seed=3)[0]["observation"])


# -- issue 21 ------------------------------------------------------------------------------------
def test_concurrent_use_is_refused_and_the_env_stays_whole():
    """Item 7: stepped from 3 threads, the env raised the "cannot happen" RuntimeError on most steps
    and stayed broken. Now a call that finds another thread inside is a KozyrError (busy), and a
    thread whose call goes through steps a whole env."""
    import threading

    env = DurakVecEnv(512, 3, 5)
    errors, done = [], []
    start = threading.Barrier(3)

    def work():
        start.wait()
        for _ in range(300):
            try:
                env.step(env.random_actions())
                done.append(1)
            except KozyrError as err:
                errors.append(err.code)
            except Exception as err:  # noqa: BLE001 - what the test is about
                errors.append(repr(err))

    threads = [threading.Thread(target=work) for _ in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert set(errors) <= {"busy", "illegal_action"}, set(errors)
    assert done
    for _ in range(200):       # still whole: every game steps on its mask, as a fresh env does
        env.step(env.random_actions())
    for i in range(0, 512, 97):
        state = env._state(i)
        game = Game.from_order(state["order"])
        assert len(state["order"]) == 36 and game.ply == 0


def test_every_index_and_buffer_is_checked():
    """Item 7 and 11: `_state(10**7)` segfaulted; a wrong out= buffer or an odd seed raised numpy's or
    Cython's errors."""
    env = DurakVecEnv(4, 2, 1)
    for bad in (10**7, 4, -1, 1.5, "0", True):
        with pytest.raises(KozyrError) as info:
            env._state(bad)
        assert info.value.code == "bad_game"
    assert env._state(3)["seat"] in (0, 1)
    for out in (np.zeros(4, np.int32), np.zeros(5, np.int64), np.zeros((4, 1), np.int64), [0, 0, 0, 0],
                np.zeros(8, np.int64)[::2]):
        with pytest.raises(KozyrError) as info:
            env.random_actions(out)
        assert info.value.code == "bad_buffer"
    out = np.zeros(4, np.int64)
    assert env.random_actions(out) is out
    for seed in ("x", 1.5, None.__class__):
        with pytest.raises(KozyrError) as info:
            env.reset(seed)
        assert info.value.code == "bad_seed"
    for n in (0, 1.0, "4", 1 << 23):
        with pytest.raises(KozyrError) as info:
            DurakVecEnv(n)
        assert info.value.code == "bad_n"
    for bad in (4, lambda view: None, Rung4Bot("x")):
        with pytest.raises(KozyrError) as info:
            DurakVecEnv(2, bad)
        assert info.value.code in ("bad_side", "bad_rung")


def test_the_gymnasium_wrapper_takes_a_seed_as_the_c_env_does():
    """Issue 27: `DurakVectorEnv(..., seed=)` was a TypeError; the first reset() deals from it."""
    pytest.importorskip("gymnasium", reason="the Gymnasium wrapper needs the rl extra: pip install kozyr[rl]")
    from kozyr.durak.learn.env import DurakVectorEnv

    core = DurakVecEnv(8, 3, seed=11)
    obs, _ = DurakVectorEnv(8, 3, seed=11).reset()
    np.testing.assert_array_equal(obs["observation"], core.observations)
    again, _ = DurakVectorEnv(8, 3, seed=11).reset()
    np.testing.assert_array_equal(again["observation"], obs["observation"])
    other, _ = DurakVectorEnv(8, 3, seed=12).reset()
    assert not np.array_equal(other["observation"], obs["observation"])
