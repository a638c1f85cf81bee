"""Issue 24, item 5: the RL faces at every table (3, 4, 6 seats, perevodnoy): the actions with transfer and show
appended, the observation of N seats (held to its plain-Python oracle), the PettingZoo and Gymnasium checkers,
N-1 opponents, and the refusals of what a table lacks."""
from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest
from _compiled import hooks

from kozyr.durak import Bot, Game, Move, Rules
from kozyr.durak.learn._encode import legal_actions
from kozyr.durak.learn.encoding import (
    LAYOUT,
    N_ACTIONS,
    OBS_SIZE,
    Remembered,
    action_of,
    legal_mask,
    move_of,
    observe,
    reference_observation,
    table_encoding,
)
from kozyr.errors import KozyrError

pytest.importorskip("pettingzoo", reason="the RL environments need the rl extra: pip install kozyr[rl]")
pytest.importorskip("gymnasium", reason="the RL environments need the rl extra: pip install kozyr[rl]")

from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test, seed_test  # noqa: E402

from kozyr.durak.learn.env import DurakEnv, DurakGymEnv, agents  # noqa: E402

TABLES = [
    Rules(seats=3),
    Rules(seats=4, variant="perevodnoy"),
    Rules(seats=6),
    Rules(seats=3, variant="perevodnoy", show_trump=True),
    Rules(seats=4, teams=True, throw_in="neighbours"),
    Rules(seats=5, deck=52, variant="perevodnoy", show_trump=True),
    Rules(seats=2, deck=24, variant="perevodnoy", show_trump=True),
    Rules(seats=4, deck=24),
]
IDS = [repr(r) for r in TABLES]
KINDS = {"attack": 0, "beat": 1, "take": 2, "done": 3, "swap": 4, "resign": 5, "transfer": 6, "show": 7}


def _opts(rules: Rules) -> int:
    return (1 * (rules.variant == "perevodnoy") | 2 * (rules.throw_in == "neighbours") | 4 * rules.show_trump
            | 8 * rules.first_five | 16 * (not rules.swap) | 32 * (not rules.draw) | 64 * rules.teams)


def test_the_two_seat_actions_are_the_first_rows_of_every_36_card_table() -> None:
    """76 actions keep their numbers; a 36-card perevodnoy table appends 36 transfers, then 36 shows."""
    two = table_encoding(None)
    assert (two.n_actions, two.obs_size, two.layout) == (N_ACTIONS, OBS_SIZE, LAYOUT)
    pere = table_encoding(Rules(seats=4, variant="perevodnoy", show_trump=True))
    assert pere.n_actions == 148 and table_encoding(Rules(seats=3, variant="perevodnoy")).n_actions == 112
    for a in range(76):
        assert pere.move_of(a) == move_of(a) and pere.action_of(move_of(a)) == a
    assert pere.move_of(76) == Move.parse("transfer 6S") and pere.move_of(147) == Move.parse("show AC")
    assert [table_encoding(Rules(deck=d, seats=2, variant="perevodnoy")).n_actions for d in (24, 32, 52)] == \
        [3 * 24 + 4, 3 * 32 + 4, 3 * 52 + 4]
    assert table_encoding(Rules(seats=4, deck=52)).move_of(0) == Move.parse("attack 2S")


@pytest.mark.parametrize("rules", TABLES, ids=IDS)
def test_every_action_round_trips_and_matches_the_c_mapping(rules: Rules) -> None:
    enc = table_encoding(rules)
    n, size, offsets = hooks().table_sizes(rules.seats, rules.deck, _opts(rules))
    assert (n, size) == (enc.n_actions, enc.obs_size)
    assert {k: enc.layout[k].start for k in offsets} == offsets and list(enc.layout) == list(offsets)
    for a in range(enc.n_actions):
        move = enc.move_of(a)
        assert enc.action_of(move) == a
        code = KINDS[move.kind] << 6 | (move.card or 0)
        assert hooks().action_of_code_t(rules.seats, rules.deck, _opts(rules), code) == a
        assert hooks().code_of_action_t(rules.seats, rules.deck, _opts(rules), a) == code


def test_an_action_of_a_kind_the_table_lacks_is_refused_no_action() -> None:
    pod = table_encoding(Rules(seats=4))
    with pytest.raises(KozyrError) as e:
        pod.action_of("transfer 7S")
    assert e.value.code == "no_action" and "podkidnoy" in str(e.value)
    with pytest.raises(KozyrError) as e:
        pod.move_of(pod.n_actions)                   # 76: a transfer at a 36-card table
    assert e.value.code == "no_action" and "transfer" in str(e.value)
    no_show = table_encoding(Rules(seats=3, variant="perevodnoy"))
    with pytest.raises(KozyrError) as e:
        no_show.move_of(no_show.n_actions)
    assert e.value.code == "no_action" and "show_trump is off" in str(e.value)
    with pytest.raises(KozyrError) as e:
        action_of("transfer 7S")                     # the two-seat game has no transfer
    assert e.value.code == "no_action"
    bads: list[Any] = [-1, 148, 1.0, True]
    for bad in bads:
        with pytest.raises(KozyrError) as e:
            pod.move_of(bad)
        assert e.value.code == "bad_action"
    env: Any = DurakEnv(rules=Rules(seats=4))
    env.reset(seed=1)
    ply = env.deal.game.ply
    with pytest.raises(KozyrError) as e:
        env.step(76)
    assert e.value.code == "no_action" and env.deal.game.ply == ply


def _play_random(rules: Rules, seed: int, check: Any) -> int:
    game: Any = Game.from_rng(seed, rules=rules)
    rng = random.Random(seed)
    steps = 0
    while True:
        for seat in range(rules.seats):
            check(game.view(seat))
        if game.over or steps > 600:
            return steps
        game.apply(game.turn, rng.choice(game.legal_moves()))
        steps += 1


@pytest.mark.parametrize("rules", TABLES, ids=IDS)
def test_observe_is_its_plain_python_oracle_for_every_seat_at_every_step(rules: Rules) -> None:
    enc = table_encoding(rules)
    kinds: set[str] = set()

    def check(view: Any) -> None:
        obs, mask = observe(view)
        assert obs.shape == (enc.obs_size,) and mask.shape == (enc.n_actions,)
        np.testing.assert_array_equal(obs, reference_observation(view))
        np.testing.assert_array_equal(obs, observe(view.as_view())[0])          # a plain View, copied to C
        np.testing.assert_array_equal(mask, legal_mask(view))
        assert mask.sum() == len(view.legal)
        assert obs[enc.layout["hand"]].sum() == len(view.hand)
        kinds.update(m.kind for m in view.legal)

    steps = sum(_play_random(rules, seed, check) for seed in range(6))
    assert steps > 100
    if rules.variant == "perevodnoy":
        assert "transfer" in kinds
    if rules.show_trump:
        assert "show" in kinds


def test_the_observation_shows_the_other_seats_relative_to_the_observer() -> None:
    """Seat s's plane k of `known` is seat s+1+k's, its `counts` list the seats clockwise from it, and the
    bout's seats are one-hot relative to it: a planted swap of two seats' planes would show here."""
    rules = Rules(seats=4, variant="perevodnoy")
    enc = table_encoding(rules)
    lay = enc.layout
    game: Any = Game.from_rng(11, rules=rules)
    rng = random.Random(3)
    seen_known = 0
    while not game.over:
        for me in range(4):
            view = game.view(me)
            obs = observe(view)[0]
            known = obs[lay["known"]].reshape(3, 36)
            counts = obs[lay["counts"]]
            for k in range(3):
                other = (me + 1 + k) % 4
                assert sorted(int(i) for i in np.flatnonzero(known[k])) == \
                    sorted(enc.card_index(c) for c in view.known[other])
                assert counts[3 + k] == np.float32(view.counts[other] / 36)
                seen_known += len(view.known[other])
            if game.turn is not None:
                assert obs[lay["turn"]][(game.turn - me) % 4] == 1.0
                assert obs[lay["defender"]][(view.bout.defender - me) % 4] == 1.0
            for seat in view.out:
                assert obs[lay["out"]][(seat - me) % 4] == 1.0
        game.apply(game.turn, rng.choice(game.legal_moves()))
    assert seen_known > 0


def test_legal_actions_of_a_game_are_its_masks_actions() -> None:
    for rules in TABLES[:4]:
        game: Any = Game.from_rng(2, rules=rules)
        rng = random.Random(2)
        for _ in range(60):
            if game.over:
                break
            assert legal_actions(game) == np.flatnonzero(legal_mask(game.view(game.turn))).tolist()
            game.apply(game.turn, rng.choice(game.legal_moves()))


@pytest.mark.parametrize("rules", [Rules(seats=3), Rules(seats=4, variant="perevodnoy", show_trump=True),
                                   Rules(seats=6)], ids=["3", "4-perevodnoy", "6"])
def test_pettingzoo_api_and_seed_tests_at_n_seats(rules: Rules) -> None:
    api_test(DurakEnv(rules=rules), num_cycles=200)
    seed_test(lambda: DurakEnv(rules=rules), num_cycles=200)
    e = DurakEnv(rules=rules)
    assert e.possible_agents == list(agents(rules.seats))


@pytest.mark.parametrize("rules", [Rules(seats=3), Rules(seats=4, variant="perevodnoy"), Rules(seats=6),
                                   Rules(seats=4, teams=True)], ids=["3", "4-perevodnoy", "6", "4-teams"])
def test_aec_rewards_follow_the_losers_and_observations_are_observe(rules: Rules) -> None:
    for seed in range(8):
        e: Any = DurakEnv(rules=rules)
        e.reset(seed=seed)
        rng = random.Random(seed)
        total = dict.fromkeys(e.possible_agents, 0.0)
        for agent in e.agent_iter():
            obs, reward, term, trunc, _ = e.last()
            total[agent] += reward
            seat = e.possible_agents.index(agent)
            np.testing.assert_array_equal(obs["observation"], reference_observation(e.deal.game.view(seat)))
            if term or trunc:
                e.step(None)
            else:
                assert e.deal.game.turn == seat
                e.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
        result = e.deal.game.result
        for seat, agent in enumerate(e.possible_agents):
            want = 0.0 if not result.losers else (-1.0 if seat in result.losers else 1.0)
            assert total[agent] == want


def test_aec_truncates_a_deal_at_max_moves() -> None:
    e: Any = DurakEnv(rules=Rules(seats=4), max_moves=5)
    e.reset(seed=1)
    for agent in e.agent_iter():
        _, _, term, trunc, _ = e.last()
        e.step(None if term or trunc else int(np.flatnonzero(e.observe(agent)["action_mask"])[0]))
    assert e.deal.game.moves == 5 and all(e.truncations.values()) and not e.deal.game.over


@pytest.mark.parametrize("rules", [Rules(seats=3), Rules(seats=4, variant="perevodnoy", show_trump=True),
                                   Rules(seats=6)], ids=["3", "4-perevodnoy", "6"])
def test_gym_check_env_at_n_seats(rules: Rules) -> None:
    check_env(DurakGymEnv(3, rules=rules, illegal="lose"), skip_render_check=True)
    check_env(DurakGymEnv(1, rules=rules, seat=rules.seats - 1, illegal="lose"), skip_render_check=True)


def test_gym_opponents_sit_clockwise_from_the_agent_and_play_their_rung() -> None:
    """opponents[k] plays seat agent+1+k: each opponent's every move is its rung's move from its own view."""
    rules = Rules(seats=4, variant="perevodnoy")
    calls: list[int] = []

    def first(view: Any) -> Any:
        calls.append(view.seat)
        return view.legal[0]

    e: Any = DurakGymEnv(rules=rules, opponents=[2, first, 3], seat=1)
    for seed in range(4):
        obs, info = e.reset(seed=seed)
        rng = random.Random(seed)
        done = trunc = False
        while not (done or trunc):
            np.testing.assert_array_equal(obs["observation"], observe(e.deal.game.view(1))[0])
            obs, reward, done, trunc, _ = e.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
        result = e.deal.game.result
        assert reward == (0.0 if not result.losers else (-1.0 if 1 in result.losers else 1.0))
        replay: Any = Game.from_order(e.deal.game.order, rules=rules)
        bots = {2: Bot(2, "x"), 4 % 4: Bot(3, "x")}
        for seat, move in e.deal.game.history:
            if seat in bots:
                assert bots[seat].choose(replay.view(seat)) == move
            elif seat == 3:
                assert replay.view(3).legal[0] == move
            replay.apply(seat, move)
    assert set(calls) == {3}


def test_gym_refuses_what_a_table_cannot_seat() -> None:
    four = Rules(seats=4)
    for bad in ([2, 3], [2, 3, 3, 3], "233"):
        with pytest.raises(KozyrError) as e:
            DurakGymEnv(rules=four, opponents=bad)
        assert e.value.code == "bad_side"
    with pytest.raises(KozyrError) as e:
        DurakGymEnv(rules=four, opponents=[2, 9, 3])
    assert e.value.code == "bad_rung"
    with pytest.raises(KozyrError) as e:
        DurakGymEnv(3, rules=four, seat=4)
    assert e.value.code == "bad_seat"
    DurakGymEnv(3, rules=four, seat=3)


def test_rung_4_plays_at_a_table() -> None:
    """Rung 4 deals every hidden hand: it sits at any table as an opponent, from its own view."""
    e: Any = DurakGymEnv(4, rules=Rules(seats=3, variant="perevodnoy"))
    obs, _ = e.reset(seed=1)
    for _ in range(200):
        obs, _, done, truncated, _ = e.step(int(np.flatnonzero(obs["action_mask"])[0]))
        if done or truncated:
            break
    assert done or truncated


def test_remembered_rewards_and_copies_at_n_seats() -> None:
    deal = Remembered(Game.from_rng(4, rules=Rules(seats=3)))
    assert deal.memories == () and deal.reward(0) == 0.0
    deal.apply(deal.game.turn, "resign")
    losers = deal.game.result.losers
    assert [deal.reward(s) for s in range(3)] == [-1.0 if s in losers else 1.0 for s in range(3)]
    assert deal.copy().game.result == deal.game.result


# -- the batched C environment at a table ---------------------------------------------------------------------

class TableTwin:
    """Game i of a table DurakVecEnv on the Python engine: the agent's moves from the env's actions, every
    other seat's from its rung (2 or 3: no words) on its view."""

    def __init__(self, env: Any, i: int, rungs: dict[int, int]) -> None:
        state: Any = env._state(i)
        self.seat: int = state["seat"]
        n = env.rules.seats
        self.bots = {(self.seat + k) % n: Bot(r, "any") for k, r in rungs.items()}
        self.game: Any = Game.from_order(state["order"], rules=env.rules)
        self.others()

    def others(self) -> None:
        game = self.game
        while not game.over and game.turn != self.seat:
            game.apply(game.turn, self.bots[game.turn].choose(game.view(game.turn)))


@pytest.mark.parametrize("rules", [Rules(seats=4, variant="perevodnoy"), Rules(seats=3),
                                   Rules(seats=6, deck=52, variant="perevodnoy", show_trump=True),
                                   Rules(swap=False, draw=False)],
                         ids=["4-perevodnoy", "3", "6-52-show", "2-no-swap"])
def test_the_batched_env_at_a_table_is_observe_of_its_twin_at_every_step(rules: Rules) -> None:
    """At every table, the two-seat 36-card podkidnoy ones with other options in the two-seat layout."""
    from kozyr.durak.learn.vecenv import DurakVecEnv

    n = 16
    rungs = {k: (2 if k % 2 else 3) for k in range(1, rules.seats)}
    env = DurakVecEnv(n, seed=5, rules=rules, opponents=[rungs[k] for k in range(1, rules.seats)])
    enc = table_encoding(rules)
    assert env.observations.shape == (n, enc.obs_size) and env.masks.shape == (n, enc.n_actions)
    twins = [TableTwin(env, i, rungs) for i in range(n)]
    deals, seats, rewards = 0, set(), set()
    for _ in range(60):
        for i, t in enumerate(twins):
            view = t.game.view(t.seat)
            np.testing.assert_array_equal(env.observations[i], observe(view)[0])
            np.testing.assert_array_equal(env.masks[i], observe(view)[1])
            seats.add(t.seat)
        actions = env.random_actions()
        env.step(actions)
        for i, t in enumerate(twins):
            t.game.apply(t.seat, enc.move_of(int(actions[i])))
            t.others()
            assert bool(env.terminated[i]) == t.game.over and not env.truncated[i]
            if t.game.over:
                losers = t.game.result.losers
                assert env.rewards[i] == (0.0 if not losers else (-1.0 if t.seat in losers else 1.0))
                assert env.lengths[i] == sum(1 for s, _ in t.game.history if s == t.seat)
                rewards.add(float(env.rewards[i]))
                twins[i] = TableTwin(env, i, rungs)
                deals += 1
    assert deals > 10 and len(seats) == rules.seats and -1.0 in rewards


def test_the_batched_env_refuses_what_a_table_cannot_seat() -> None:
    from kozyr.durak.learn.vecenv import DurakVecEnv

    four = Rules(seats=4)
    for kwargs, code in (({"opponents": [2, 3]}, "bad_side"), ({"opponents": [2, 4, 3]}, "bad_side"),
                         ({"seat": 4}, "bad_seat"), ({"opponents": "233"}, "bad_side")):
        with pytest.raises(KozyrError) as e:
            DurakVecEnv(4, rules=four, **kwargs)
        assert e.value.code == code, kwargs
    with pytest.raises(KozyrError) as e:
        DurakVecEnv(4, opponents=[2])             # the two-seat game takes one opponent
    assert e.value.code == "bad_side"
    env = DurakVecEnv(4, rules=four, seat=3)
    assert set(env.seats().tolist()) == {3}
    actions = env.random_actions()
    actions[2] = 76                                  # a transfer: the podkidnoy table has 76 actions
    before = env.observations.copy()
    with pytest.raises(KozyrError) as e:
        env.step(actions)
    assert e.value.code == "illegal_action" and "game 2" in str(e.value)
    np.testing.assert_array_equal(env.observations, before)


def test_the_gymnasium_vector_env_at_a_table() -> None:
    from kozyr.durak.learn.env import DurakVectorEnv

    rules = Rules(seats=4, variant="perevodnoy")
    venv: Any = DurakVectorEnv(8, 3, seed=2, rules=rules)
    obs, info = venv.reset()
    enc = table_encoding(rules)
    assert obs["observation"].shape == (8, enc.obs_size) and venv.single_action_space.n == enc.n_actions
    for _ in range(30):
        actions = np.array([np.flatnonzero(m)[0] for m in obs["action_mask"]])
        obs, rewards, terminated, truncated, info = venv.step(actions)
        assert truncated.shape == (8,) and not truncated.any()


def test_a_policy_side_plays_a_table_in_its_layout() -> None:
    """A PolicyBot at 4 seats of perevodnoy reads the table's observation and answers the table's actions: a
    policy that transfers whenever it can plays transfers (actions from 76 on), each a legal move."""
    from kozyr.durak.ladder import policy_side

    rules = Rules(seats=4, variant="perevodnoy")
    enc = table_encoding(rules)

    def transfer_first(obs: np.ndarray, mask: np.ndarray) -> int:
        assert obs.shape == (enc.obs_size,) and mask.shape == (enc.n_actions,)
        legal = np.flatnonzero(mask)
        return int(legal[-1] if legal[-1] >= 2 * 36 + 4 else legal[0])

    bot = policy_side(transfer_first)
    transfers = 0
    for seed in range(6):
        game: Any = Game.from_rng(seed, rules=rules)
        while not game.over and game.moves < 400:
            view = game.view(game.turn)
            move = bot(view)
            assert move in view.legal
            transfers += move.kind == "transfer"
            game.apply(game.turn, move)
    assert transfers > 0


def test_render_shows_every_hand_and_the_table_at_n_seats() -> None:
    e: Any = DurakEnv(render_mode="ansi", rules=Rules(seats=4, variant="perevodnoy"))
    e.reset(seed=2)
    text = e.render()
    assert all(f"player_{s}:" in text for s in range(4)) and "throwers" in text and "variant='perevodnoy'" in text


def test_describe_reads_a_table_observation_back_by_part() -> None:
    rules = Rules(seats=3, variant="perevodnoy")
    game: Any = Game.from_rng(2, rules=rules)
    rng = random.Random(0)
    for _ in range(30):
        game.apply(game.turn, rng.choice(game.legal_moves()))
    view = game.view(1)
    from kozyr.cards import card_name
    from kozyr.durak.learn.encoding import describe

    seen = describe(observe(view)[0], rules)
    assert sorted(seen["hand"]) == sorted(card_name(c) for c in view.hand)
    assert [sorted(k) for k in seen["known"]] == [sorted(card_name(c) for c in view.known[(1 + r) % 3])
                                                  for r in (1, 2)]
    assert seen["turn"][(view.turn - 1) % 3] == 1.0 and len(seen["out"]) == 3
