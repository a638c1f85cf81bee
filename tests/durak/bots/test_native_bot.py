"""A bot written in Cython (examples/native_bot) plays inside the ladder's nogil loop.

The example is compiled here, against the installed kozyr's .pxd files, and must
make exactly the decisions of the same rule written in Python (played through
the Python-player path), deal for deal; a planted wrong answer is refused.
"""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from _compiled import build

from kozyr.durak import Move, View
from kozyr.durak.ladder import NativeBot, ladder
from kozyr.errors import KozyrError

EXAMPLE = Path(__file__).resolve().parents[3] / "examples" / "native_bot" / "cheapest.pyx"


@pytest.fixture(scope="module")
def cheapest() -> Any:
    return build(EXAMPLE)


def python_cheapest(swap: bool) -> Callable[[View], Move]:
    def play(view: View) -> Move:
        if swap and any(m.kind == "swap" for m in view.legal):
            return next(m for m in view.legal if m.kind == "swap")
        cards = [m for m in view.legal if m.card is not None]
        if cards:
            return min(cards, key=lambda m: (m.card or 0) & 15)   # the first of the lowest rank, in legal order
        return next(m for m in view.legal if m.kind != "swap")
    return play


@pytest.mark.parametrize("swap", [True, False])
def test_the_native_bot_makes_the_python_rules_decisions(cheapest: Any, swap: bool) -> None:
    native = ladder(cheapest.bot(swap), 3, 400, "native", workers=2)
    python = ladder(python_cheapest(swap), 3, 400, "native")
    for name in ("fool", "moves", "bouts", "largest"):
        assert np.array_equal(getattr(native, name), getattr(python, name)), name


def test_a_wrong_capsule_is_refused_at_every_door(cheapest: Any) -> None:
    """The ladder, a native bot's answer from Python (native_move: replay, the terminal game) and the
    batched environment's opponent read a NativeBot's capsules in one place (_capsules.pxd): a
    capsule of another name is one bad_side KozyrError naming the capsule, at each of them."""
    from kozyr.durak import Game
    from kozyr.durak.ladder._loop import native_move

    bot = cheapest.bot()
    wrong = NativeBot(bot.state)                  # the state capsule where the function belongs
    swapped_state = NativeBot(bot.function, bot.function)
    game = Game.from_rng(1)
    assert game.turn is not None
    view = game.view(game.turn)
    for call in (lambda: ladder(wrong, 2, 10), lambda: ladder(swapped_state, 2, 10),
                 lambda: native_move(wrong.function, wrong.state, view, 0),
                 lambda: native_move(swapped_state.function, swapped_state.state, view, 0)):
        with pytest.raises(KozyrError) as err:
            call()
        assert err.value.code == "bad_side" and "is not a capsule named 'kozyr.durak.bot_" in str(err.value)
    from kozyr.durak.learn.vecenv import DurakVecEnv  # compiled, without the rl extra

    for side in (wrong, swapped_state):
        with pytest.raises(KozyrError) as err:
            DurakVecEnv(2, side, seed=0)
        assert err.value.code == "bad_side" and "is not a capsule named 'kozyr.durak.bot_" in str(err.value)


def test_a_native_bot_plays_a_table_in_the_gymnasium_env(cheapest: Any) -> None:
    """Issue 24: a NativeBot sits at any table of DurakGymEnv (called on each seat's compiled view), and each of
    its moves is the Python twin's decision on that view."""
    pytest.importorskip("gymnasium", reason="the RL environments need the rl extra: pip install kozyr[rl]")
    from kozyr.durak import Game, Rules
    from kozyr.durak.learn.env import DurakGymEnv

    rules = Rules(seats=4, variant="perevodnoy")
    env: Any = DurakGymEnv(rules=rules, opponents=[cheapest.bot(True), 2, cheapest.bot(True)], seat=0)
    def twin(view: View) -> Move:   # the example's rule: the lowest attack or beat card, else the first move
        if any(m.kind == "swap" for m in view.legal):
            return next(m for m in view.legal if m.kind == "swap")
        cards = [m for m in view.legal if m.kind in ("attack", "beat")]
        if cards:
            return min(cards, key=lambda m: (m.card or 0) & 15)
        return next(m for m in view.legal if m.kind != "swap")

    moves = 0
    for seed in range(3):
        obs, _ = env.reset(seed=seed)
        done = trunc = False
        while not (done or trunc):
            obs, _, done, trunc, _ = env.step(int(np.flatnonzero(obs["action_mask"])[0]))
        replay: Any = Game.from_order(env.deal.game.order, rules=rules)
        for seat, move in env.deal.game.history:
            if seat in (1, 3):
                assert twin(replay.view(seat)) == move
                moves += 1
            replay.apply(seat, move)
    assert moves > 20
