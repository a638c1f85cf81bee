"""Durak as a learning environment: a PettingZoo AEC game of one agent a seat, and a Gymnasium
single-agent game against kozyr bots, at any table (`rules`: 2 to 6 seats, perevodnoy ...).

Both speak `kozyr.durak.learn.encoding`: at the two-seat game 76 discrete actions and
an observation ``{"observation": float32[270], "action_mask": int8[76]}``, as
PettingZoo's classic card games do it; at any other table the sizes of its
layout (`table_encoding(rules)`: transfer and show actions appended, the other
seats' counts and public knowledge in the observation). The reward is paid when
the deal ends: -1 to each seat of the losing team (the fool; a seat that
resigns loses), +1 to every other seat, 0 to all on a draw. A seat that goes
out early waits for the deal's end like the others (a draw can still come).
The two-seat deal always ends; a deal of another table has no bound of its
own (cards can circulate by takes once the talon is empty), so it is truncated
after `max_moves` moves (the harnesses' cap, `MAX_MOVES`), reward 0.

Randomness: `reset(seed=s)` fixes the deal (and, for the single-agent game,
the agent's seat and a random opponent's words); `reset()` without a seed
draws the next deal from the generator the last seeded reset started (from
fresh OS entropy if none was ever seeded, as Gymnasium does). Deals come from
`Game.from_rng` (the fast generator).

Needs the `rl` extra: ``pip install kozyr[rl]`` (pettingzoo, gymnasium).
"""
from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import Env, spaces
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space
from pettingzoo import AECEnv

from kozyr.cards import card_name
from kozyr.durak.bots.sides import resolve, seat_bot
from kozyr.durak.core.engine import MAX_MOVES, Game
from kozyr.durak.learn.encoding import Remembered, TableEncoding, table_encoding
from kozyr.durak.moves import Move
from kozyr.durak.rules import Rules
from kozyr.errors import KozyrError, shown, whole

__all__ = ["DurakEnv", "DurakGymEnv", "DurakVectorEnv", "env", "render_text", "observation_space", "opponent_player",
           "agents"]

AGENTS = ("player_0", "player_1")


def agents(seats: int = 2) -> tuple[str, ...]:
    """The agents of a table: ``player_0`` .. ``player_<seats - 1>``, one a seat."""
    return tuple(f"player_{s}" for s in range(seats))


def observation_space(rules: Rules | Any = None) -> spaces.Dict:
    """The observation space shared by both environments (and the batched one, per game), at the
    table of `rules` (None: the two-seat game)."""
    enc = table_encoding(rules)
    return spaces.Dict({
        "observation": spaces.Box(0.0, 1.0, (enc.obs_size,), np.float32),
        "action_mask": spaces.Box(0, 1, (enc.n_actions,), np.int8),
    })


def _as_dict(obs: np.ndarray, mask: np.ndarray) -> dict[str, np.ndarray]:
    """The observation as the environments hand it out (`observation_space`): the mask viewed as int8."""
    return {"observation": obs, "action_mask": mask.view(np.int8)}


def render_text(game: Game) -> str:
    """The whole position as a few lines of text (every hand: the environment sees everything)."""
    bout = game.bout
    table = "  ".join(card_name(a) + ("/" + card_name(b) if b is not None else "") for a, b in bout.pairs) or "-"
    turnup = game.view(0).turnup
    lines = [
        f"durak  ply {game.ply}  phase {game.phase}  turn {game.turn}  trump {'SHDC'[game.trump]}  "
        f"turn-up {card_name(turnup) if turnup is not None else '-'}  talon {len(game.talon)}  heap {game.heap}",
        f"table (attacker {bout.attacker}): {table}",
    ]
    if not game.rules.two_seat:
        out = " ".join(str(s) for s in game.out) or "-"
        lines.insert(1, f"table {game.rules!r}  leader {bout.leader}  defender {bout.defender}  "
                        f"throwers {' '.join(map(str, bout.throwers))}  out {out}")
    for seat in range(game.seats):
        lines.append(f"player_{seat}: {game.hands[seat] or '-'}")
    if game.over:
        lines.append(f"result: {game.result}")
    return "\n".join(lines)


def _check_render_mode(mode: Any) -> None:
    if mode not in (None, "human", "ansi"):
        raise KozyrError("bad_render_mode", f"render_mode {shown(mode)}: expected None, 'human' or 'ansi'", value=mode)


def _render(deal: Any, mode: str | None) -> str | None:
    """Both environments' render(): the table as text, printed in "human" mode, else returned."""
    if deal is None:
        return None
    text = render_text(deal.game)
    if mode == "human":
        print(text)
        return None
    return text


def _checked_move(action: Any, mask: np.ndarray, allow_resign: bool, enc: TableEncoding) -> Move:
    """The Move of an action the mask allows (move_of refuses what is no action at all, and, no_action,
    an action of a kind the table lacks)."""
    move = enc.move_of(action)
    action = int(action)
    if not mask[action] and not (allow_resign and action == 2 * enc.deck + 3):
        raise KozyrError("illegal_action", f"action {action} ({move}) is not legal here: "
                         f"legal are {np.flatnonzero(mask).tolist()}", value=action)
    return move


def _draw_seed(rng: np.random.Generator) -> int:
    return int(rng.integers(0, 2**63))


def _rules(rules: Any) -> Rules:
    return Rules.of(rules)


def _max_moves(value: Any) -> int:
    return whole("max_moves", value, 1)


class DurakEnv(AECEnv):
    """Durak as a PettingZoo AEC environment, one agent a seat (``player_0`` .. ``player_<N-1>``).

    `rules`: the table (a `Rules`, a mapping of options, None for the two-seat
    game). ``allow_resign=True`` accepts the resign action (75 at the two-seat
    game, 2D+3 at a D-card table) from the agent on turn even though the mask
    never shows it. `render()` is text (``render_mode`` "ansi" returns it,
    "human" prints it). `max_moves` truncates a deal of a table other than the
    two-seat game that goes on that long (every agent truncated, reward 0).
    """

    metadata = {"render_modes": ["human", "ansi"], "name": "kozyr_durak_v0", "is_parallelizable": False}

    def __init__(self, render_mode: str | None = None, *, allow_resign: bool = False, rules: Any = None,
                 max_moves: int = MAX_MOVES) -> None:
        super().__init__()
        _check_render_mode(render_mode)
        self.rules = _rules(rules)
        self.max_moves = _max_moves(max_moves)
        self.encoding = table_encoding(self.rules)
        self.render_mode = render_mode
        self.allow_resign = bool(allow_resign)
        self._agents = agents(self.rules.seats)
        self.possible_agents = list(self._agents)
        self._space = observation_space(self.rules)
        self.observation_spaces = {a: self._space for a in self._agents}
        self.action_spaces = {a: spaces.Discrete(self.encoding.n_actions) for a in self._agents}
        self._rng: np.random.Generator | None = None
        self.deal: Remembered | None = None

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    @property
    def _deal(self) -> Remembered:
        if self.deal is None:
            raise KozyrError("not_reset", "call reset() first")
        return self.deal

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        seed = _reset_seed(seed)
        if seed is not None or self._rng is None:
            self._rng = np.random.default_rng(seed)
        self.deal = Remembered(Game.from_rng(_draw_seed(self._rng), rules=self.rules))
        self.agents = list(self._agents)
        self.rewards = {a: 0.0 for a in self._agents}
        self._cumulative_rewards = {a: 0.0 for a in self._agents}
        self.terminations = {a: False for a in self._agents}
        self.truncations = {a: False for a in self._agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self._agents}
        self.agent_selection = self._agents[self.deal.game.turn]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        return _as_dict(*self._deal.observe(self._agents.index(agent)))

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict]:
        self._deal  # noqa: B018 - a KozyrError (not_reset) before reset()
        return super().last(observe)

    def step(self, action: Any) -> None:
        self._deal  # noqa: B018 - a KozyrError (not_reset) before reset()
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self._agents.index(agent)
        deal = self._deal
        _, mask = deal.observe(seat)
        deal.apply(seat, _checked_move(action, mask, self.allow_resign, self.encoding))
        self._cumulative_rewards[agent] = 0.0
        game = deal.game
        if game.over:
            for s, a in enumerate(self._agents):
                self.rewards[a] = deal.reward(s)
                self.terminations[a] = True
        elif game.moves >= self.max_moves and not self.rules.two_seat:
            for a in self._agents:
                self.truncations[a] = True
        else:
            self.agent_selection = self._agents[game.turn]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        return _render(self.deal, self.render_mode)

    def close(self) -> None:
        pass


def env(**kwargs: Any) -> DurakEnv:
    """The PettingZoo habit: ``from kozyr.durak.learn.env import env; e = env()``."""
    return DurakEnv(**kwargs)


def opponent_player(opponent: Any, seed: int, index: int = 0) -> Any:
    """The Python bot of an opponent (`sides.seat_bot`, the one side resolver): a rung int becomes
    a fast-word Bot seeded per deal (4: a `Rung4Bot`), a Bot, a `Rung4Bot`, a NativeBot or a
    callable plays as it is (rung 4, like every rung, decides from the opponent's view alone).
    `index` tells the opponents of a table apart (0: the two-seat game's seed, unchanged)."""
    side = resolve(opponent)
    tag = f"gym-{seed}" if index == 0 else f"gym-{seed}-{index}"
    return seat_bot(side if side.kind != "rung" else side.rung, tag, fast=True)


def _reset_seed(seed: Any) -> int | None:
    """A reset's seed: None, or a whole number from 0 (numpy ints too), else a bad_seed KozyrError."""
    return None if seed is None else whole("seed", seed, 0)


def _opponent_sides(opponent: Any, opponents: Any, rules: Rules) -> tuple[Any, ...]:
    """The N-1 opponents of a table, clockwise from the agent: `opponents` (a list of N-1 sides) or
    `opponent` at every other seat. Each is resolved (a bad side is refused here); every side plays
    every table, rung 4 included."""
    n = rules.seats
    if opponents is None:
        sides: tuple[Any, ...] = (opponent,) * (n - 1)
    elif isinstance(opponents, (str, bytes)) or not hasattr(opponents, "__len__"):
        raise KozyrError("bad_side", f"opponents {shown(opponents)}: expected a list of {n - 1} sides, one for "
                         f"each other seat of the {n}-seat table", value=opponents)
    else:
        sides = tuple(opponents)
        if len(sides) != n - 1:
            raise KozyrError("bad_side", f"opponents: {len(sides)} sides for the {n - 1} other seats of a {n}-seat "
                             "table", value=len(sides))
    for side in sides:
        opponent_player(side, 0)
    return sides


class DurakGymEnv(Env):
    """One seat of durak against kozyr opponents, as a Gymnasium environment, at any table.

    `opponent`: a rung int (1 random, 2 cheap, 3 careful, 4 searching), a
    `Bot`, a `Rung4Bot`, a `NativeBot`, or a callable ``view -> Move``, each
    playing from its own seat's view, at every other seat; or `opponents`, a
    list of N-1 such sides, the first at the seat after the agent's
    (clockwise), the next after that... `rules`: the table (None: the
    two-seat game). `seat`: the agent's seat, 0..N-1, or None for a random
    seat each deal. The opponents move inside `step` until the agent is on
    turn again or the deal is over. `illegal`: what an action outside the mask
    does: "raise" (a KozyrError, nothing changes) or "lose" (the deal ends at
    once as the agent's loss, reward -1, ``info["illegal"]`` set: for agents
    trained without masks). A deal of a table other than the two-seat game
    that reaches `max_moves` moves is truncated (reward 0).
    """

    metadata = {"render_modes": ["human", "ansi"]}

    def __init__(self, opponent: Any = 3, *, seat: int | None = None, illegal: str = "raise",
                 render_mode: str | None = None, rules: Any = None, opponents: Any = None,
                 max_moves: int = MAX_MOVES) -> None:
        self.rules = _rules(rules)
        n = self.rules.seats
        if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n):
            raise KozyrError("bad_seat", f"seat {shown(seat)}: expected "
                             f"{'0, 1' if n == 2 else f'a seat from 0 to {n - 1}'} or None (random)", value=seat)
        if illegal not in ("raise", "lose"):
            raise KozyrError("bad_param", f"illegal={shown(illegal)}: expected 'raise' or 'lose'", value=illegal)
        _check_render_mode(render_mode)
        self.max_moves = _max_moves(max_moves)
        self.opponents = _opponent_sides(opponent, opponents, self.rules)   # validates (sides.resolve)
        self.opponent = opponent if opponents is None else self.opponents
        self.encoding = table_encoding(self.rules)
        self.seat_choice = seat
        self.illegal = illegal
        self.render_mode = render_mode
        self.observation_space = observation_space(self.rules)
        self.action_space = spaces.Discrete(self.encoding.n_actions)
        self.deal: Remembered | None = None
        self.seat = 0
        self._players: dict[int, Any] = {}
        self._forfeit = False
        self._truncated = False

    @property
    def _player(self) -> Any:
        """The two-seat game's one opponent bot (the other seat's)."""
        return self._players.get(1 - self.seat)

    @property
    def _deal(self) -> Remembered:
        if self.deal is None:
            raise KozyrError("not_reset", "call reset() before step()")
        return self.deal

    def _obs(self) -> dict[str, np.ndarray]:
        return _as_dict(*self._deal.observe(self.seat))

    def _opponent_moves(self) -> None:
        deal = self._deal
        game = deal.game
        while not game.over and game.turn != self.seat:
            if game.moves >= self.max_moves and not self.rules.two_seat:
                self._truncated = True
                return
            other = game.turn
            move = self._players[other](game.view(other))
            if move is None:
                raise KozyrError("bad_side", f"the opponent at seat {other} returned no move at ply {game.ply}")
            deal.apply(other, move)

    def reset(self, *, seed: int | None = None, options: dict | None = None) -> tuple[dict, dict]:
        super().reset(seed=_reset_seed(seed))
        self._forfeit = False
        n = self.rules.seats
        while True:   # a deal the opponents finish before the agent moves (one may resign) is dealt again
            deal_seed = _draw_seed(self.np_random)
            self.seat = int(self.np_random.integers(0, n)) if self.seat_choice is None else self.seat_choice
            self._players = {(self.seat + 1 + k) % n: opponent_player(side, deal_seed, k)
                             for k, side in enumerate(self.opponents)}
            self._truncated = False
            deal = self.deal = Remembered(Game.from_rng(deal_seed, rules=self.rules))
            self._opponent_moves()
            if not deal.game.over and not self._truncated:
                return self._obs(), {"seat": self.seat}

    def step(self, action: Any) -> tuple[dict, float, bool, bool, dict]:
        deal = self._deal
        game = deal.game
        if game.over or self._forfeit or self._truncated:
            raise KozyrError("game_over", "the deal is over: call reset()")
        _, mask = deal.observe(self.seat)
        info: dict[str, Any] = {}
        try:
            move = _checked_move(action, mask, False, self.encoding)
        except KozyrError as e:
            if self.illegal == "raise" or e.code != "illegal_action":
                raise
            self._forfeit = True
            return self._obs(), -1.0, True, False, {"illegal": int(action)}
        deal.apply(self.seat, move)
        if game.moves >= self.max_moves and not self.rules.two_seat and not game.over:
            self._truncated = True
        else:
            self._opponent_moves()
        if self.render_mode == "human":
            self.render()
        if game.over:
            return self._obs(), deal.reward(self.seat), True, False, info
        return self._obs(), 0.0, False, self._truncated, info

    def render(self) -> str | None:
        return _render(self.deal, self.render_mode)


class DurakVectorEnv(VectorEnv):
    """`kozyr.durak.learn.vecenv.DurakVecEnv` as a Gymnasium `VectorEnv` (same-step auto-reset).

    Observations are ``{"observation": float32 (n, 270), "action_mask": int8 (n, 76)}`` at the
    two-seat game, the table's sizes at another (`rules`, with `opponents` as `DurakVecEnv` takes
    them); actions an int array of n. ``truncated`` marks a deal of such a table stopped at the move
    cap (never at the two-seat game). A finished deal is dealt again within the step
    that ended it, so the returned row is the next deal's first observation
    (``metadata["autoreset_mode"]`` is SAME_STEP; no ``final_obs`` is kept: the
    deal's end leaves no decision to bootstrap from). ``infos["seat"]`` is the
    agent's seat in each game's current deal. With ``copy=False`` the arrays are
    the C env's own, overwritten by the next step.
    """

    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP}

    def __init__(self, num_envs: int, opponent: Any = 3, *, seed: int | None = None, seat: int | None = None,
                 copy: bool = True, rules: Any = None, opponents: Any = None) -> None:
        from kozyr.durak.learn.vecenv import DurakVecEnv

        # `seed` as DurakVecEnv takes it: the first reset() without a seed deals from it
        self.core = DurakVecEnv(num_envs, opponent, 0 if seed is None else seed, seat=seat, rules=rules,
                                opponents=opponents)
        self._first_seed = seed
        self.num_envs = num_envs
        self.copy = bool(copy)
        self.single_observation_space = observation_space(self.core.rules)
        self.single_action_space = spaces.Discrete(table_encoding(self.core.rules).n_actions)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._seeded = False

    def _obs(self) -> dict[str, np.ndarray]:
        obs, mask = self.core.observations, self.core.masks
        if self.copy:
            obs, mask = obs.copy(), mask.copy()
        return _as_dict(obs, mask)

    def reset(self, *, seed: int | list[int] | None = None, options: dict | None = None) -> tuple[dict, dict]:
        if isinstance(seed, (list, tuple)):
            seed = seed[0] if seed else None
        if seed is None and not self._seeded:
            seed = self._first_seed if self._first_seed is not None else int(np.random.default_rng().integers(0, 2**63))
        self._seeded = True
        self.core.reset(seed)
        return self._obs(), {"seat": self.core.seats()}

    def step(self, actions: Any) -> tuple[dict, np.ndarray, np.ndarray, np.ndarray, dict]:
        _, _, rewards, terminated = self.core.step(np.asarray(actions))
        rewards = rewards.astype(np.float64) if self.copy else rewards
        terminated = terminated.copy() if self.copy else terminated
        truncated = self.core.truncated.copy() if self.copy else self.core.truncated
        return self._obs(), rewards, terminated, truncated, {"seat": self.core.seats()}
