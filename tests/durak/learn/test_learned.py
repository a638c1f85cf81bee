"""The learned rung: its C inference is numpy's forward pass, its move legal and deterministic, the shipped
file is the recorded one, it plays at every door, and bad weights or observations are one KozyrError."""
from __future__ import annotations

import hashlib
import importlib.util
import os
import sys
from pathlib import Path

import numpy as np
import pytest

from kozyr.durak import Game, Rules, sprt
from kozyr.durak.bots.sides import resolve
from kozyr.durak.bots.userbots import BotSpec
from kozyr.durak.ladder import ladder, replay
from kozyr.durak.learn.encoding import N_ACTIONS, OBS_SIZE, action_of, observe
from kozyr.durak.learn.learned import (
    FORMAT_VERSION,
    MAX_BYTES,
    SHIPPED,
    SHIPPED_SHA256,
    LearnedBot,
    Weights,
    forward,
    load,
    save,
)
from kozyr.errors import KozyrError

ROOT = Path(__file__).resolve().parents[3]


def random_weights(sizes: tuple[int, ...] = (OBS_SIZE, 48, 32, N_ACTIONS), seed: int = 0) -> Weights:
    rng = np.random.default_rng(seed)
    return Weights(tuple((rng.normal(0, 1 / np.sqrt(a), (a, b)).astype(np.float32),
                          rng.normal(0, 0.1, b).astype(np.float32)) for a, b in zip(sizes[:-1], sizes[1:])))


def positions(deals: int = 25, seed: int = 3) -> list:
    """The views of the seat on turn along random deals (a random legal move each time)."""
    rng = np.random.default_rng(seed)
    views = []
    for d in range(deals):
        game = Game.from_rng(seed * 1000 + d)
        while not game.over:
            seat = game.turn
            assert seat is not None
            view = game.view(seat)
            views.append(view)
            legal = view.legal
            game.apply(seat, legal[int(rng.integers(len(legal)))])
    return views


@pytest.fixture(scope="module")
def views() -> list:
    return positions()


@pytest.fixture(scope="module")
def shipped() -> LearnedBot:
    return LearnedBot()


@pytest.mark.parametrize("which", ["shipped", "random", "one layer"])
def test_the_c_outputs_are_numpys_forward_pass(views, which):
    weights = {"shipped": lambda: load(), "random": random_weights,
               "one layer": lambda: random_weights((OBS_SIZE, N_ACTIONS), 5)}[which]()
    bot = LearnedBot(weights=weights)
    obs = np.stack([observe(v)[0] for v in views])
    assert len(obs) > 1000
    np.testing.assert_allclose(bot.logits(obs), forward(weights, obs), rtol=1e-4, atol=1e-4)
    np.testing.assert_allclose(bot.logits(obs[7]), forward(weights, obs[7:8])[0], rtol=1e-4, atol=1e-4)


@pytest.mark.parametrize("which", ["shipped", "random"])
def test_the_move_is_legal_and_the_best_legal_output(views, which):
    weights = load() if which == "shipped" else random_weights(seed=9)
    bot = LearnedBot(weights=weights)
    checked = 0
    for view in views:
        move = bot(view)
        assert move in view.legal
        if len(view.legal) == 1:
            continue
        obs, mask = observe(view)
        q = np.where(mask == 1, forward(weights, obs[None])[0], -np.inf)
        top = np.sort(q)[-2:]
        if top[1] - top[0] > 1e-3:          # away from a near tie, numpy's argmax is the move
            assert action_of(move) == int(np.argmax(q))
            checked += 1
    assert checked > 500


def test_ties_go_to_the_lowest_action(views):
    zero = Weights(tuple((np.zeros_like(w), np.zeros_like(b)) for w, b in random_weights().layers))
    bot = LearnedBot(weights=zero)
    for view in views[:400]:
        assert action_of(bot(view)) == min(action_of(m) for m in view.legal)


def test_a_python_view_gets_the_same_move_as_the_c_path(views):
    bot = LearnedBot(weights=random_weights(seed=2))
    for view in views[:300]:
        assert bot(view.as_view()) == bot(view)


def test_the_ladder_plays_it_in_c_with_workers_and_replay_agrees():
    bot = LearnedBot(weights=random_weights(seed=4))
    one = ladder(bot, 3, 400, seed="learned", pairs=True)
    two = ladder(bot, 3, 400, seed="learned", pairs=True, workers=2)
    assert np.array_equal(one.fool, two.fool) and np.array_equal(one.moves, two.moves)
    single = ladder(bot, 3, 60, seed="learned")
    for i in (1, 2, 37):
        game = replay(bot, 3, "learned", i)
        assert len(game.history) == single.moves[i - 1]


def test_the_shell_name_and_the_sequential_test():
    from kozyr.cli.durak_sides import LEARNED_SPEC, side

    assert side("learned") == LEARNED_SPEC
    resolved = resolve(BotSpec(LEARNED_SPEC, {}))
    assert resolved.kind == "native" and isinstance(resolved.player, LearnedBot)
    report = sprt(BotSpec(LEARNED_SPEC, {}), 1, 0, 50, max_deals=2_000, seed="learned")
    assert report.decision == "H1"


def test_another_weights_file_by_the_factorys_knob(tmp_path):
    save(random_weights(seed=6), tmp_path / "w.npz")
    resolved = resolve(BotSpec("kozyr.durak.learn.learned:LearnedBot", {"path": str(tmp_path / "w.npz")}))
    assert resolved.player.weights.sha256() == random_weights(seed=6).sha256()


def test_at_another_table_it_is_a_refusal_not_a_crash():
    four = Rules(seats=4)
    with pytest.raises(KozyrError):
        ladder([LearnedBot(weights=random_weights()), 3, 3, 3], 4, seed=1, rules=four)


def test_the_environments_take_it_as_an_opponent():
    from kozyr.durak.learn.env import opponent_player

    player = opponent_player(LearnedBot(weights=random_weights()), 0)
    game = Game.from_rng(5)
    assert player(game.view(game.turn or 0)) in game.legal_moves()


def test_it_plays_the_openspiel_game_from_the_seats_view():
    pytest.importorskip("pyspiel", reason="OpenSpiel is the optional extra kozyr[rl] (3.11 and later)")
    import pyspiel

    import kozyr.durak.learn.openspiel  # noqa: F401  (registers kozyr_durak)

    bot = LearnedBot(weights=random_weights(seed=3))
    game = pyspiel.load_game("kozyr_durak")
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    while not state.is_terminal():
        player = state.current_player()
        action = action_of(bot(state.deal.game.view(player)))
        obs = np.array(state.observation_tensor(player), dtype=np.float32)
        mask = np.zeros(N_ACTIONS, np.uint8)
        mask[state.legal_actions()] = 1
        from kozyr.durak.learn import _learned

        assert action == _learned.choose(bot.state, obs, mask)    # the OpenSpiel tensor is the observation
        state.apply_action(action)


# -- the shipped file -------------------------------------------------------------------------------

def test_the_shipped_weights_are_the_recorded_ones():
    raw = SHIPPED.read_bytes()
    assert len(raw) <= 2 * 1024 * 1024
    assert hashlib.sha256(raw).hexdigest() == SHIPPED_SHA256, "learned.npz changed: record its new SHA-256"
    weights = load()
    assert weights.sizes == (OBS_SIZE, 256, 128, N_ACTIONS)
    assert all(w.dtype == np.float32 for layer in weights.layers for w in layer)


def test_the_package_data_carries_the_weights():
    text = (ROOT / "pyproject.toml").read_text()
    assert '"kozyr.durak.learn" = ["learned.npz"]' in text


# -- bad input ----------------------------------------------------------------------------------------

def _arrays() -> dict[str, np.ndarray]:
    return random_weights().arrays()


def _mutate(kind: str) -> dict[str, np.ndarray]:
    a = _arrays()
    if kind == "version":
        a["format"] = np.array([FORMAT_VERSION + 1, OBS_SIZE, N_ACTIONS, 3], dtype=np.int64)
    elif kind == "obs size":
        a["format"] = np.array([FORMAT_VERSION, 271, N_ACTIONS, 3], dtype=np.int64)
    elif kind == "no format":
        del a["format"]
    elif kind == "missing layer":
        del a["w2"]
    elif kind == "extra array":
        a["w9"] = np.zeros(3, dtype=np.float32)
    elif kind == "shape":
        a["w1"] = np.zeros((48, 33), dtype=np.float32)
    elif kind == "dtype":
        a["b0"] = a["b0"].astype(np.float64)
    elif kind == "nan":
        a["w0"][3, 4] = np.nan
    elif kind == "too wide":
        a["w0"] = np.zeros((OBS_SIZE, 2000), dtype=np.float32)
        a["b0"] = np.zeros(2000, dtype=np.float32)
        a["w1"] = np.zeros((2000, 32), dtype=np.float32)
    elif kind == "layers":
        a["format"] = np.array([FORMAT_VERSION, OBS_SIZE, N_ACTIONS, 9], dtype=np.int64)
    return a


BAD = ["version", "obs size", "no format", "missing layer", "extra array", "shape", "dtype", "nan", "too wide",
       "layers"]


@pytest.mark.parametrize("kind", BAD)
def test_a_bad_weights_file_is_one_refusal_naming_it(tmp_path, kind):
    path = tmp_path / "bad.npz"
    np.savez(path, **_mutate(kind))
    with pytest.raises(KozyrError) as info:
        LearnedBot(path)
    assert info.value.code == "bad_weights"
    assert "bad.npz" in str(info.value) and "\n" not in str(info.value)


@pytest.mark.parametrize("content", ["truncated", "garbage", "npy", "pickle", "empty", "bomb"])
def test_a_corrupted_file_is_one_refusal(tmp_path, content):
    path = tmp_path / "w.npz"
    save(random_weights(), path)
    raw = path.read_bytes()
    if content == "truncated":
        path.write_bytes(raw[: len(raw) // 2])
    elif content == "garbage":
        path.write_bytes(os.urandom(5000))
    elif content == "npy":
        np.save(path.open("wb"), np.zeros(4))
    elif content == "pickle":
        np.savez(path, format=np.array([{"a": 1}], dtype=object))
    elif content == "bomb":        # 64 MB of zeros, compressed to well under the file bound
        np.savez_compressed(path, **_arrays(), pad=np.zeros(16 * 1024 * 1024, np.float32))
    else:
        path.write_bytes(b"")
    with pytest.raises(KozyrError) as info:
        load(path)
    assert info.value.code == "bad_weights" and "w.npz" in str(info.value)
    assert content != "bomb" or "unpacks" in str(info.value)      # refused before it is unpacked


def test_files_are_read_bounded(tmp_path):
    big = tmp_path / "big.npz"
    with big.open("wb") as f:
        f.truncate(MAX_BYTES + 1)
    with pytest.raises(KozyrError) as info:
        load(big)
    assert info.value.code == "bad_file"
    with pytest.raises(KozyrError) as info:
        load(tmp_path)
    assert info.value.code == "bad_file"
    with pytest.raises(KozyrError) as info:
        load(tmp_path / "missing.npz")
    assert info.value.code == "bad_file"


@pytest.mark.parametrize("obs", [np.zeros(269, np.float32), np.zeros(270, np.float64), np.zeros((2, 3), np.float32),
                                 [0.0] * 270, np.zeros((1, 1, 270), np.float32)])
def test_an_observation_of_the_wrong_size_is_refused(obs):
    with pytest.raises(KozyrError) as info:
        LearnedBot(weights=random_weights()).logits(obs)
    assert info.value.code == "bad_obs"


def test_the_c_builder_checks_shapes_itself():
    from kozyr.durak.learn import _learned

    w = random_weights()
    flat = [a for layer in w.layers for a in layer]
    flat[2] = np.zeros((47, 32), np.float32)          # a chain that does not link
    with pytest.raises(KozyrError) as info:
        _learned.make_net(flat)
    assert info.value.code == "bad_weights"
    with pytest.raises(KozyrError):
        _learned.make_net(flat[:3])
    with pytest.raises(KozyrError):
        _learned.logits(object(), np.zeros(OBS_SIZE, np.float32))


def test_a_learned_bot_pickles_as_its_arrays():
    import pickle

    bot = LearnedBot(weights=random_weights(seed=8))
    again = pickle.loads(pickle.dumps(bot))
    assert again.weights.sha256() == bot.weights.sha256()


# -- the training recipe: a few seconds of it, where the extra is installed ------------------------------

def test_the_training_loop_runs_a_tiny_recipe(tmp_path):
    pytest.importorskip("torch", reason="training needs the optional extra kozyr[train] (PyTorch)")
    script = ROOT / "benchmarks" / "train_learned.py"
    if not script.is_file():
        pytest.skip("benchmarks/train_learned.py is not beside the tests (an installed wheel's run)")
    spec = importlib.util.spec_from_file_location("train_learned", script)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["train_learned"] = module
    spec.loader.exec_module(module)
    first = module.train(module.TINY, tmp_path / "a", quiet=True, bar=False)
    again = module.train(module.TINY, tmp_path / "b", quiet=True, bar=False)
    assert first["weights"].sha256() == again["weights"].sha256()        # the same seed, the same weights
    kept = load(tmp_path / "a" / "learned.npz")
    assert kept.sha256() == first["weights"].sha256()
    assert (tmp_path / "a" / "log.jsonl").read_text().count('"event": "stage"') >= 2
