"""A policy is a side (issue 22, item 6): `observe(view)` is every environment's observation, and a function
`observation -> action` plays in the ladder and the sequential test.

The oracle is `reference_observation` in plain Python, fed either the view's fields or a seat's `Memory` kept
from the events on its own (the memory the environments kept before the view carried it): the environments,
the batched C env and `observe` must all give those floats, for both seats, at every step of many deals.
"""
from __future__ import annotations

import dataclasses
import random
from typing import Any

import _user_bots as ub
import numpy as np
import pytest

from kozyr.cards import CardSet
from kozyr.durak import Game, Rules, View, sprt
from kozyr.durak.ladder import PolicyBot, ladder, policy_side
from kozyr.durak.learn.encoding import (
    LAYOUT,
    N_ACTIONS,
    OBS_SIZE,
    Remembered,
    legal_mask,
    move_of,
    observe,
    reference_observation,
)
from kozyr.errors import KozyrError

pytest.importorskip("pettingzoo", reason="the RL environments need the rl extra: pip install kozyr[rl]")
pytest.importorskip("gymnasium", reason="the RL environments need the rl extra: pip install kozyr[rl]")

from kozyr.durak.learn.env import AGENTS, DurakEnv, DurakGymEnv  # noqa: E402
from kozyr.durak.learn.vecenv import DurakVecEnv  # noqa: E402


def same(obs: np.ndarray, view: Any, memory: Any) -> None:
    """`obs` is observe(view), and the plain-Python reference from the view and from the seat's own memory."""
    np.testing.assert_array_equal(obs, observe(view)[0])
    np.testing.assert_array_equal(obs, reference_observation(view))
    np.testing.assert_array_equal(obs, reference_observation(view, memory))


def test_observe_is_the_pettingzoo_observation_at_every_step_for_both_seats() -> None:
    steps = 0
    for seed in range(40):
        env: Any = DurakEnv()
        env.reset(seed=seed)
        twin = Remembered(Game.from_order(env.deal.game.order))   # its own memories, kept from the events
        rng = random.Random(seed)
        while True:
            for seat, agent in enumerate(AGENTS):
                got = env.observe(agent)
                view = twin.game.view(seat)
                same(got["observation"], view, twin.memories[seat])
                np.testing.assert_array_equal(got["action_mask"], legal_mask(view).view(np.int8))
            steps += 1
            if env.deal.game.over:
                break
            action = int(rng.choice(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])))
            seat = AGENTS.index(env.agent_selection)
            env.step(action)
            twin.apply(seat, move_of(action))
    assert steps > 1500


@pytest.mark.parametrize("opponent", [2, 4])
def test_observe_is_the_gymnasium_observation_at_every_step(opponent: int) -> None:
    steps = 0
    for seed in range(12 if opponent == 2 else 3):
        env = DurakGymEnv(opponent)
        obs, info = env.reset(seed=seed)
        rng = random.Random(seed)
        done = False
        while True:
            deal: Any = env.deal
            same(obs["observation"], deal.game.view(env.seat), deal.memories[env.seat])
            other = 1 - env.seat
            np.testing.assert_array_equal(observe(deal.game.view(other))[0],
                                          reference_observation(deal.game.view(other), deal.memories[other]))
            steps += 1
            if done:
                break
            action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
            obs, _, done, _, _ = env.step(action)
    assert steps > (150 if opponent == 2 else 30)


class Twin:
    """Game i of a DurakVecEnv on the Python engine, with both seats' memories kept from the events."""

    def __init__(self, env: DurakVecEnv, i: int, rung: int) -> None:
        from kozyr.durak import Bot

        state: Any = env._state(i)
        self.seat: int = state["seat"]
        self.bot: Any = Bot(rung, "any")
        self.deal = Remembered(Game.from_order(state["order"]))
        self.opponent()

    def opponent(self) -> None:
        game = self.deal.game
        while not game.over and game.turn == 1 - self.seat:
            self.deal.apply(1 - self.seat, self.bot.choose(game.view(1 - self.seat)))


def test_observe_is_the_batched_c_env_s_observation_at_every_step() -> None:
    n, rung = 24, 3
    env = DurakVecEnv(n, rung, seed=22)
    twins = [Twin(env, i, rung) for i in range(n)]
    seats, deals = set(), 0
    for _ in range(120):
        for i, t in enumerate(twins):
            view = t.deal.game.view(t.seat)
            same(env.observations[i], view, t.deal.memories[t.seat])
            np.testing.assert_array_equal(env.masks[i], observe(view)[1])
            state = env._state(i)
            assert (state["heap"], state["known"]) == (int(view.heap_cards), int(view.known[1 - t.seat]))
            seats.add(t.seat)
        actions = env.random_actions()
        env.step(actions)
        for i, t in enumerate(twins):
            t.deal.apply(t.seat, move_of(int(actions[i])))
            t.opponent()
            if t.deal.game.over:
                twins[i] = Twin(env, i, rung)
                deals += 1
    assert seats == {0, 1} and deals > 40


def test_observe_reads_a_hand_written_view_and_refuses_what_it_cannot_encode() -> None:
    game: Any = Game.from_rng(7)
    for _ in range(25):
        game.apply(game.turn, game.legal_moves()[0])
    view = game.view(0)
    plain = view.as_view()
    np.testing.assert_array_equal(observe(plain)[0], observe(view)[0])
    assert observe(plain)[0][LAYOUT["heap"]].sum() == len(view.heap_cards) > 0
    out, mask = np.zeros(OBS_SIZE, np.float32), np.zeros(N_ACTIONS, np.uint8)
    assert observe(view, out, mask)[0] is out and mask.any() == bool(view.legal)
    for bad in (game, None, "view"):
        with pytest.raises(KozyrError) as e:
            observe(bad)
        assert e.value.code == "bad_view"
    three = Game.from_rng(1, rules=Rules(seats=3))   # issue 24: another table is encoded in its own layout ...
    before = out.copy()
    with pytest.raises(KozyrError) as e:
        observe(three.view(0), out)                  # ... so the two-seat buffers do not fit it
    assert e.value.code == "bad_buffer" and "float32[361]" in str(e.value)
    np.testing.assert_array_equal(out, before)       # refused, nothing written
    two_of_spades = CardSet(int(plain.hand) | 1 << 2)     # not a durak card
    small_deck = [c for c in plain.hand if c & 15 < 9]    # a 24-card table has no card below 9
    assert small_deck
    for forged in (dataclasses.replace(plain, hand=two_of_spades),
                   dataclasses.replace(plain, rules=Rules(deck=24))):
        with pytest.raises(KozyrError) as e:
            observe(forged)
        assert e.value.code == "bad_view"
    with pytest.raises(KozyrError) as e:
        observe(view, np.zeros(OBS_SIZE, np.float64))
    assert e.value.code == "bad_buffer"
    assert isinstance(plain, View)
    # a GameView is read as it is; one forged from pickled bytes (seat 2, a hand card of rank 2) is refused too
    rebuild, (raw,) = view.__reduce__()
    for offset, value in ((0, 2), (8 * 4, None)):
        forged_raw = bytearray(raw)
        if value is None:        # DView.hand: the uint64 after seat, ply, phase, turn, trump, turnup, talon, heap
            hand = int.from_bytes(forged_raw[offset:offset + 8], "little") | 1 << 2
            forged_raw[offset:offset + 8] = hand.to_bytes(8, "little")
        else:
            forged_raw[offset:offset + 4] = value.to_bytes(4, "little")
        with pytest.raises(KozyrError) as e:
            observe(rebuild(bytes(forged_raw)))
        assert e.value.code == "bad_view"


def view_bot(view: Any) -> Any:
    """The hash policy written as a plain view bot, on the plain-Python reference observation."""
    return move_of(ub.hash_policy(reference_observation(view), legal_mask(view)))


def arrays(r: Any) -> tuple[Any, ...]:
    return tuple(np.asarray(a).tolist() for a in (r.fool, r.moves, r.bouts, r.largest))


@pytest.mark.soak
def test_a_policy_plays_in_the_ladder_as_its_view_bot_does_in_threads_and_processes() -> None:
    policy = policy_side(ub.hash_policy)
    assert isinstance(policy, PolicyBot) and policy_side(policy) is policy
    one = ladder(policy, 2, 1200, "policy")
    assert arrays(one) == arrays(ladder(view_bot, 2, 1200, "policy"))       # observe == the reference in the loop
    assert arrays(one) == arrays(ladder(policy, 2, 1200, "policy", workers=2))
    assert "policy hash_policy" in repr(one)
    swapped = ladder(3, policy, 600, "policy", pairs=True, workers=2)
    assert arrays(swapped) == arrays(ladder(3, view_bot, 600, "policy", pairs=True))


def test_a_policy_plays_in_the_sequential_test() -> None:
    a = sprt(policy_side(ub.hash_policy), 2, 0, 5, seed="pol", batch=400, max_deals=1200)
    b = sprt(view_bot, 2, 0, 5, seed="pol", batch=400, max_deals=1200)
    assert a.deals == b.deals > 0 and a.counts == b.counts and a.decision == b.decision


@pytest.mark.parametrize("workers", [1, 2])
def test_an_illegal_action_is_a_fault_naming_the_deal(workers: int) -> None:
    with pytest.raises(KozyrError) as e:
        ladder(2, policy_side(ub.taking_policy, mask=False), 50, "illegal", workers=workers)
    err: Any = e.value
    assert err.code == "not_legal" and err.deal >= 1 and f"deal {err.deal}" in str(err)
    assert err.move == move_of(72) and "policy taking_policy" in str(err)
    with pytest.raises(KozyrError) as e:
        ladder(policy_side(ub.far_policy), 2, 50, "far", workers=workers)
    err = e.value
    assert err.code == "bot_error" and err.deal == 1 and "action 80" in str(err)
    assert isinstance(err.__cause__, KozyrError) and err.__cause__.code == "bad_action"


def test_a_policy_s_odd_answers_and_arguments_are_refused() -> None:
    game: Any = Game.from_rng(3)
    view = game.view(game.turn)
    for answer in (None, 1.5, "take"):
        with pytest.raises(KozyrError) as e:
            policy_side(lambda obs, mask, a=answer: a)(view)
        assert e.value.code == "bad_action"
    first = move_of(int(np.flatnonzero(legal_mask(view))[0]))
    assert policy_side(lambda obs, mask: np.int64(np.flatnonzero(mask)[0]))(view) == first  # a numpy int
    assert policy_side(lambda obs, mask: np.array(np.flatnonzero(mask)[0]))(view) == first  # a 0-d array
    with pytest.raises(KozyrError) as e:
        policy_side(42)  # type: ignore[arg-type]
    assert e.value.code == "bad_bot"
    with pytest.raises(KozyrError) as e:
        policy_side(ub.hash_policy, mask=1)  # type: ignore[arg-type]
    assert e.value.code == "bad_param"
