"""Durak as a learning environment: a PettingZoo AEC game of two agents, and a Gymnasium
single-agent game against a kozyr bot.

Both speak `kozyr.durak.encoding`: 76 discrete actions and an observation
``{"observation": float32[270], "action_mask": int8[76]}``, as PettingZoo's
classic card games do it. The reward is +1 to the seat that is not the fool,
-1 to the fool, 0 to both on a draw (a seat that resigns is the fool), paid
when the deal ends; there is no truncation (a deal always ends).

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
from kozyr.durak.core.engine import Game
from kozyr.durak.encoding import N_ACTIONS, OBS_SIZE, RESIGN, Remembered, move_of
from kozyr.durak.ladder.sides import resolve, seat_bot
from kozyr.durak.moves import Move
from kozyr.errors import KozyrError, shown, whole

__all__ = ["DurakEnv", "DurakGymEnv", "DurakVectorEnv", "env", "render_text", "observation_space", "opponent_player"]

AGENTS = ("player_0", "player_1")


def observation_space() -> spaces.Dict:
    """The observation space shared by both environments (and the batched one, per game)."""
    return spaces.Dict({
        "observation": spaces.Box(0.0, 1.0, (OBS_SIZE,), np.float32),
        "action_mask": spaces.Box(0, 1, (N_ACTIONS,), np.int8),
    })


def _as_dict(obs: np.ndarray, mask: np.ndarray) -> dict[str, np.ndarray]:
    """The observation as the environments hand it out (`observation_space`): the mask viewed as int8."""
    return {"observation": obs, "action_mask": mask.view(np.int8)}


def render_text(game: Game) -> str:
    """The whole position as a few lines of text (both hands: the environment sees everything)."""
    bout = game.bout
    table = "  ".join(card_name(a) + ("/" + card_name(b) if b is not None else "") for a, b in bout.pairs) or "-"
    turnup = game.view(0).turnup
    lines = [
        f"durak  ply {game.ply}  phase {game.phase}  turn {game.turn}  trump {'SHDC'[game.trump]}  "
        f"turn-up {card_name(turnup) if turnup is not None else '-'}  talon {len(game.talon)}  heap {game.heap}",
        f"table (attacker {bout.attacker}): {table}",
    ]
    for seat in (0, 1):
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


def _checked_move(action: Any, mask: np.ndarray, allow_resign: bool) -> Move:
    """The Move of an action the mask allows (move_of refuses what is no action at all)."""
    move = move_of(action)
    action = int(action)
    if not mask[action] and not (allow_resign and action == RESIGN):
        raise KozyrError("illegal_action", f"action {action} ({move}) is not legal here: "
                         f"legal are {np.flatnonzero(mask).tolist()}", value=action)
    return move


def _draw_seed(rng: np.random.Generator) -> int:
    return int(rng.integers(0, 2**63))


class DurakEnv(AECEnv):
    """Two-seat durak as a PettingZoo AEC environment (agents ``player_0``, ``player_1``).

    ``allow_resign=True`` accepts action 75 (resign) from the agent on turn
    even though the mask never shows it. `render()` is text (``render_mode``
    "ansi" returns it, "human" prints it).
    """

    metadata = {"render_modes": ["human", "ansi"], "name": "kozyr_durak_v0", "is_parallelizable": False}

    def __init__(self, render_mode: str | None = None, *, allow_resign: bool = False) -> None:
        super().__init__()
        _check_render_mode(render_mode)
        self.render_mode = render_mode
        self.allow_resign = bool(allow_resign)
        self.possible_agents = list(AGENTS)
        self._space = observation_space()
        self.observation_spaces = {a: self._space for a in AGENTS}
        self.action_spaces = {a: spaces.Discrete(N_ACTIONS) for a in AGENTS}
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
        self.deal = Remembered(Game.from_rng(_draw_seed(self._rng)))
        self.agents = list(AGENTS)
        self.rewards = {a: 0.0 for a in AGENTS}
        self._cumulative_rewards = {a: 0.0 for a in AGENTS}
        self.terminations = {a: False for a in AGENTS}
        self.truncations = {a: False for a in AGENTS}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in AGENTS}
        self.agent_selection = AGENTS[self.deal.game.turn]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        return _as_dict(*self._deal.observe(AGENTS.index(agent)))

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict]:
        self._deal  # noqa: B018 - a KozyrError (not_reset) before reset()
        return super().last(observe)

    def step(self, action: Any) -> None:
        self._deal  # noqa: B018 - a KozyrError (not_reset) before reset()
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = AGENTS.index(agent)
        deal = self._deal
        _, mask = deal.observe(seat)
        deal.apply(seat, _checked_move(action, mask, self.allow_resign))
        self._cumulative_rewards[agent] = 0.0
        game = deal.game
        if game.over:
            for s, a in enumerate(AGENTS):
                self.rewards[a] = deal.reward(s)
                self.terminations[a] = True
        else:
            self.agent_selection = AGENTS[game.turn]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        return _render(self.deal, self.render_mode)

    def close(self) -> None:
        pass


def env(**kwargs: Any) -> DurakEnv:
    """The PettingZoo habit: ``from kozyr.durak.env import env; e = env()``."""
    return DurakEnv(**kwargs)


def opponent_player(opponent: Any, seed: int) -> Any:
    """The Python bot of an opponent (`sides.seat_bot`, the one side resolver): a rung int becomes
    a fast-word Bot seeded per deal (4: a `Rung4Bot`), a Bot, a `Rung4Bot` or a callable plays as it
    is (rung 4, like every rung, decides from the opponent's view alone)."""
    side = resolve(opponent)
    if side.kind == "native":
        raise KozyrError("bad_side", f"opponent {shown(opponent)} is a native bot, which plays in the ladder's "
                         "C loop only", value=opponent)
    return seat_bot(side if side.kind != "rung" else side.rung, f"gym-{seed}", fast=True)


def _reset_seed(seed: Any) -> int | None:
    """A reset's seed: None, or a whole number from 0 (numpy ints too), else a bad_seed KozyrError."""
    return None if seed is None else whole("seed", seed, 0)


class DurakGymEnv(Env):
    """One seat of durak against a kozyr opponent, as a Gymnasium environment.

    `opponent`: a rung int (1 random, 2 cheap, 3 careful, 4 searching), a
    `Bot`, a `Rung4Bot`, or a callable ``view -> Move``, each playing from the
    opponent seat's view. `seat`: the agent's seat, 0 or 1, or None for a
    random seat each deal. The opponent moves inside `step` until the agent is
    on turn again or the deal is over. `illegal`: what an action outside the
    mask does: "raise" (a KozyrError, nothing changes) or "lose" (the deal ends
    at once as the agent's loss, reward -1, ``info["illegal"]`` set: for
    agents trained without masks).
    """

    metadata = {"render_modes": ["human", "ansi"]}

    def __init__(self, opponent: Any = 3, *, seat: int | None = None, illegal: str = "raise",
                 render_mode: str | None = None) -> None:
        opponent_player(opponent, 0)  # validates (sides.resolve)
        if seat is not None and (isinstance(seat, bool) or seat not in (0, 1)):
            raise KozyrError("bad_seat", f"seat {shown(seat)}: expected 0, 1 or None (random)", value=seat)
        if illegal not in ("raise", "lose"):
            raise KozyrError("bad_param", f"illegal={shown(illegal)}: expected 'raise' or 'lose'", value=illegal)
        _check_render_mode(render_mode)
        self.opponent = opponent
        self.seat_choice = seat
        self.illegal = illegal
        self.render_mode = render_mode
        self.observation_space = observation_space()
        self.action_space = spaces.Discrete(N_ACTIONS)
        self.deal: Remembered | None = None
        self.seat = 0
        self._player: Any = None
        self._forfeit = False

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
        other = 1 - self.seat
        while not game.over and game.turn == other:
            move = self._player(game.view(other))
            if move is None:
                raise KozyrError("bad_side", f"the opponent returned no move at ply {game.ply}")
            deal.apply(other, move)

    def reset(self, *, seed: int | None = None, options: dict | None = None) -> tuple[dict, dict]:
        super().reset(seed=_reset_seed(seed))
        self._forfeit = False
        while True:   # a deal the opponent finishes before the agent moves (it may resign) is dealt again
            deal_seed = _draw_seed(self.np_random)
            self.seat = int(self.np_random.integers(0, 2)) if self.seat_choice is None else self.seat_choice
            self._player = opponent_player(self.opponent, deal_seed)
            deal = self.deal = Remembered(Game.from_rng(deal_seed))
            self._opponent_moves()
            if not deal.game.over:
                return self._obs(), {"seat": self.seat}

    def step(self, action: Any) -> tuple[dict, float, bool, bool, dict]:
        deal = self._deal
        game = deal.game
        if game.over or self._forfeit:
            raise KozyrError("game_over", "the deal is over: call reset()")
        _, mask = deal.observe(self.seat)
        info: dict[str, Any] = {}
        try:
            move = _checked_move(action, mask, False)
        except KozyrError as e:
            if self.illegal == "raise" or e.code != "illegal_action":
                raise
            self._forfeit = True
            return self._obs(), -1.0, True, False, {"illegal": int(action)}
        deal.apply(self.seat, move)
        self._opponent_moves()
        if self.render_mode == "human":
            self.render()
        if game.over:
            return self._obs(), deal.reward(self.seat), True, False, info
        return self._obs(), 0.0, False, False, info

    def render(self) -> str | None:
        return _render(self.deal, self.render_mode)


class DurakVectorEnv(VectorEnv):
    """`kozyr.durak.vecenv.DurakVecEnv` as a Gymnasium `VectorEnv` (same-step auto-reset).

    Observations are ``{"observation": float32 (n, 270), "action_mask": int8 (n, 76)}``;
    actions an int array of n. A finished deal is dealt again within the step
    that ended it, so the returned row is the next deal's first observation
    (``metadata["autoreset_mode"]`` is SAME_STEP; no ``final_obs`` is kept: the
    deal's end leaves no decision to bootstrap from). ``infos["seat"]`` is the
    agent's seat in each game's current deal. With ``copy=False`` the arrays are
    the C env's own, overwritten by the next step.
    """

    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP}

    def __init__(self, num_envs: int, opponent: Any = 3, *, seed: int | None = None, seat: int | None = None,
                 copy: bool = True) -> None:
        from kozyr.durak.vecenv import DurakVecEnv

        # `seed` as DurakVecEnv takes it: the first reset() without a seed deals from it
        self.core = DurakVecEnv(num_envs, opponent, 0 if seed is None else seed, seat=seat)
        self._first_seed = seed
        self.num_envs = num_envs
        self.copy = bool(copy)
        self.single_observation_space = observation_space()
        self.single_action_space = spaces.Discrete(N_ACTIONS)
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
        return self._obs(), rewards, terminated, np.zeros(self.num_envs, dtype=np.bool_), {"seat": self.core.seats()}
