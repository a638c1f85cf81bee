"""Durak as an OpenSpiel game: ``pyspiel.load_game("kozyr_durak")`` once this module is imported.

The table's options are the game's parameters: ``players`` (the seats, 2 to
6), ``deck``, ``variant``, ``throw_in``, ``show_trump``, ``first_five``,
``swap``, ``draw`` and ``teams``, as `kozyr.durak.Rules` names them
(``pyspiel.load_game("kozyr_durak", {"players": 4, "variant": "perevodnoy"})``);
options `Rules` refuses are refused. Without parameters it is the two-seat
game described below, unchanged. At any other table the deal is D chance
moves (D the deck's cards, indexed as `table_encoding(rules)` indexes them),
the actions are the table's (transfers and shows appended: an action the
table lacks is never legal, and applying it is refused), the observation is
the table's layout, the returns are -1 to each seat of the losing team and +1
to every other (0 to all on a draw: general-sum at 3, 5 or 6 seats without
teams, zero-sum with two seats or two teams), and a deal, which has no bound
of its own at such a table, ends as a draw (returns 0) after `MAX_MOVES`
moves.

A sequential, zero-sum, imperfect-information game of two players with
explicit chance: the deal is 36 chance moves (each picks the next card of the
shuffled order among those left, uniformly), then the players move with the
76 actions of `kozyr.durak.learn.encoding` (resign is never offered, as the engine
never lists it). Returns are +1 / -1 to the non-fool / the fool, 0 / 0 for a
draw, paid at the end.

What a player knows is its view plus its public memory (the heap's cards, the
cards known to be in the other hand, the talon's bottom card): the
observation tensor and the information-state tensor are both the encoding's
270 floats, and the information-state string is the same facts as text with
the ply (so two states share an information state exactly when the player's
view and memory agree; kozyr's memory keeps everything a player can use, not
the full sequence of moves, so the state is not a perfect-recall history).
`resample_from_infostate` builds a state the player cannot tell from this one
with `Game.determinize` (the other hand and the talon order redealt from the
unseen cards), so OpenSpiel's Python ISMCTS bot plays it.

What works with OpenSpiel 2.0.2: the Python `ismcts.ISMCTSBot` and the Python
`mcts.MCTSBot` (use ``step_with_policy``); ``pyspiel.random_sim_test``. The C++
``ISMCTSBot`` cannot run on Python games and the C++ ``MCTSBot.step`` crashes
on them.

Needs the `rl` extra (``pip install kozyr[rl]``: open-spiel).
"""
from __future__ import annotations

import copy
from typing import Any

import numpy as np
import pyspiel

from kozyr.cards import CardSet, card_name
from kozyr.durak.core.engine import MAX_MOVES, Game
from kozyr.durak.learn._encode import legal_actions
from kozyr.durak.learn.encoding import (
    N_ACTIONS,
    Remembered,
    TableEncoding,
    move_of,
    table_encoding,
)
from kozyr.durak.rules import Rules
from kozyr.errors import KozyrError, shown, whole

__all__ = ["GAME_TYPE", "GAME_INFO", "DurakGame", "DurakState", "DurakObserver", "NAME", "IllegalAction"]

NAME = "kozyr_durak"
# A deal is bounded: between two bouts that end on the heap the attacker of
# taken bouts loses a card to the defender each time and draws at most what the
# talon holds, so a deal has well under 200 bouts of at most 16 moves (random
# play averages about 70 moves, rarely beyond 200): 36 chance moves + 3000 is safe.
MAX_GAME_LENGTH = 36 + 3000

# the game's parameters: the options of kozyr.durak.Rules, `players` for its seats; their defaults are Rules()'s
PARAMETERS: dict[str, Any] = {"players": 2, "deck": 36, "variant": "podkidnoy", "throw_in": "all",
                              "show_trump": False, "first_five": False, "swap": True, "draw": True, "teams": False}


def _game_type(rules: Rules | None) -> pyspiel.GameType:
    """The registered type (rules None: any table, 2 to 6 players), or one table's (its utility)."""
    zero = rules is None or rules.seats == 2 or rules.teams
    return pyspiel.GameType(
        short_name=NAME,
        long_name="kozyr durak" + (" (two-seat podkidnoy by default; players, deck, variant ... as parameters)"
                                   if rules is None else f" {rules!r}"),
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM if zero else pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=6,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=dict(PARAMETERS),
    )


GAME_TYPE = _game_type(None)
GAME_INFO = pyspiel.GameInfo(
    num_distinct_actions=N_ACTIONS,
    max_chance_outcomes=36,
    num_players=2,
    min_utility=-1.0,
    max_utility=1.0,
    utility_sum=0.0,
    max_game_length=MAX_GAME_LENGTH,
)


def rules_of(params: dict | None) -> Rules:
    """The Rules a game's parameters name (`players` is the seats); an unknown parameter or a refused
    option is Rules' own refusal (bad_options, bad_seats)."""
    options = dict(params or {})
    seats = options.pop("players", 2)
    return Rules.of({"seats": seats, **options})


class DurakGame(pyspiel.Game):
    """The OpenSpiel face of kozyr's durak engine, at the table its parameters name."""

    def __init__(self, params: dict | None = None) -> None:
        self.rules = rules_of(params)
        self.encoding: TableEncoding = table_encoding(self.rules)
        if self.rules.two_seat:
            super().__init__(GAME_TYPE, GAME_INFO, params or {})
            return
        zero = self.rules.seats == 2 or self.rules.teams
        info = pyspiel.GameInfo(
            num_distinct_actions=self.encoding.n_actions,
            max_chance_outcomes=self.rules.deck,
            num_players=self.rules.seats,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0 if zero else None,
            max_game_length=self.rules.deck + MAX_MOVES,
        )
        super().__init__(_game_type(self.rules), info, params or {})

    def new_initial_state(self) -> DurakState:
        return DurakState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> DurakObserver:
        if params:
            raise KozyrError("bad_param", f"kozyr_durak's observer takes no parameters, not {params!r}")
        perfect_recall = bool(iig_obs_type and iig_obs_type.perfect_recall)
        return DurakObserver(perfect_recall, self.rules)


class IllegalAction(KozyrError, pyspiel.SpielError):
    """An action outside `legal_actions()` (or, at a chance node, not a card still to deal):
    OpenSpiel's own refusal (a `pyspiel.SpielError`, with the message OpenSpiel's
    `ApplyActionWithLegalityCheck` gives) and kozyr's (a KozyrError coded illegal_action, with the
    player and the action as fields). Nothing changes."""


class DurakState(pyspiel.State):
    """A deal being dealt (the first 36 moves are chance) or played.

    A state pickles as the steps that made it from the initial state: its actions and, for a
    state from `resample_from_infostate`, the resample (player and redeal key) among them;
    unpickling takes the same steps again, so a resampled state comes back as the same deal.
    """

    def __init__(self, game: DurakGame) -> None:
        super().__init__(game)
        self.rules: Rules = game.rules
        self.encoding: TableEncoding = game.encoding
        self.order: list[int] = []
        self.deal: Remembered | None = None
        self.steps: list[int | tuple[str, int, int]] = []

    def _capped(self) -> bool:
        """A deal of a table other than the two-seat game stops (a draw) at the move cap."""
        return self.deal is not None and self.deal.game.moves >= MAX_MOVES and not self.rules.two_seat \
            and not self.deal.game.over

    # -- pyspiel's State API --------------------------------------------------
    def current_player(self) -> int:
        if self.deal is None:
            return pyspiel.PlayerId.CHANCE
        turn = self.deal.game.turn
        return pyspiel.PlayerId.TERMINAL if turn is None or self._capped() else turn

    def _legal_actions(self, player: int) -> list[int]:
        if self.deal is None or self.deal.game.turn != player or self._capped():
            return []
        return legal_actions(self.deal.game)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        dealt = {self.encoding.card_index(c) for c in self.order}
        left = [i for i in range(self.rules.deck) if i not in dealt]
        p = 1.0 / len(left)
        return [(i, p) for i in left]

    def _refuse(self, action: Any) -> IllegalAction:
        player = self.current_player()
        try:
            what = self._action_to_string(player, action)
        except Exception:  # not an action at all: named by its number
            what = shown(action)
        return IllegalAction("illegal_action", f"Current player {player} calling ApplyAction with illegal action "
                             f"({shown(action)}): {what}", player=player, action=action)

    def _apply_action(self, action: int) -> None:
        """Apply a legal action (a chance outcome: a card not dealt yet); anything else is refused
        with IllegalAction and changes nothing."""
        if isinstance(action, bool) or not isinstance(action, (int, np.integer)):
            raise self._refuse(action)
        action = int(action)
        enc = self.encoding
        if self.deal is None:
            if not 0 <= action < self.rules.deck or enc.index_card(action) in self.order:
                raise self._refuse(action)
            self.order.append(enc.index_card(action))
            if len(self.order) == self.rules.deck:
                self.deal = Remembered(Game.from_order(self.order, rules=self.rules))
            self.steps.append(action)
            return
        game = self.deal.game
        if game.over or self._capped() or action not in legal_actions(game):
            raise self._refuse(action)
        self.deal.apply(game.turn, _MOVES[action] if self.rules.two_seat else enc.move_of(action))
        self.steps.append(action)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {card_name(self.encoding.index_card(action))}"
        return str(self.encoding.move_of(action))

    def is_terminal(self) -> bool:
        return self.deal is not None and (self.deal.game.over or self._capped())

    def returns(self) -> list[float]:
        if self.deal is None or self._capped():
            return [0.0] * self.rules.seats
        return [self.deal.reward(s) for s in range(self.rules.seats)]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> DurakState:
        """A state `player_id` cannot tell from this one: the other hand and the talon redealt.

        `probability_sampler` is called for two uniform floats in [0, 1) that
        seed the redeal (OpenSpiel passes a `UniformProbabilitySampler`).
        """
        if self.deal is None or self.deal.game.over:
            raise KozyrError("bad_state", "resample_from_infostate needs a deal in play (after the 36 chance moves)")
        rng = int(probability_sampler() * 2**32) << 32 | int(probability_sampler() * 2**32)
        return self._resampled(player_id, rng)

    def _resampled(self, player_id: int, rng: int) -> DurakState:
        if self.deal is None or self.deal.game.over:
            raise KozyrError("bad_state", "resample_from_infostate needs a deal in play (after the 36 chance moves)")
        state = DurakState(self.get_game())
        state.order = list(self.order)     # the dealt order as this player might have seen it: only its part counts
        if self.rules.two_seat:
            game = self.deal.game.determinize(player_id, self.deal.memories[player_id], rng)
            state.deal = Remembered(game, (copy.copy(self.deal.memories[0]), copy.copy(self.deal.memories[1])))
        else:   # the view carries every seat's public memory
            state.deal = Remembered(self.deal.game.determinize(player_id, rng))
        state.steps = [*self.steps, ("resample", int(player_id), rng)]
        return state

    def __reduce__(self) -> tuple[Any, ...]:
        if self.rules.two_seat:
            return (_restore, (list(self.steps),))
        return (_restore, (list(self.steps), self.get_game().get_parameters()))

    def __str__(self) -> str:
        if self.deal is None:
            return "dealing: " + " ".join(card_name(c) for c in self.order)
        game = self.deal.game
        hands = " | ".join(str(h) for h in game.hands)
        table = " ".join(card_name(a) + ("/" + card_name(b) if b is not None else "") for a, b in game.bout.pairs)
        text = f"ply {game.ply} {game.phase} turn {game.turn} trump {'SHDC'[game.trump]} hands {hands} table {table}"
        if not self.rules.two_seat:
            text += f" attacker {game.bout.attacker} defender {game.bout.defender} out {list(game.out)}"
        return text

    def __deepcopy__(self, memo: dict) -> DurakState:
        state = DurakState(self.get_game())
        state.order = list(self.order)
        state.deal = None if self.deal is None else self.deal.copy()
        state.steps = list(self.steps)
        return state


def _restore(steps: list[Any], params: dict | None = None) -> DurakState:
    """Unpickle a DurakState: the same steps again from the initial state of the game of `params`
    (a bad step is a KozyrError coded bad_pickle)."""
    state: DurakState = pyspiel.load_game(NAME, dict(params or {})).new_initial_state()
    if not isinstance(steps, list):
        raise KozyrError("bad_pickle", f"pickled steps {shown(steps)} are not a list", value=steps)
    for i, step in enumerate(steps):
        try:
            if isinstance(step, tuple) and len(step) == 3 and step[0] == "resample":
                state = state._resampled(whole("player", step[1], 0, state.rules.seats - 1), whole("rng", step[2]))
            else:
                state.apply_action(step)
        except (KozyrError, TypeError) as err:
            raise KozyrError("bad_pickle", f"pickled step {i} ({shown(step)}) does not replay: {err}",
                             index=i, value=step) from None
    return state


_MOVES = [move_of(a) for a in range(N_ACTIONS)]


class DurakObserver:
    """OpenSpiel's Python observer: the encoding's floats (270 at the two-seat game, the table's layout at
    any other) and the same facts as text."""

    def __init__(self, perfect_recall: bool, rules: Rules | None = None) -> None:
        self.perfect_recall = perfect_recall
        self.rules = Rules.of(rules)
        enc = table_encoding(self.rules)
        self.tensor = np.zeros(enc.obs_size, np.float32)
        self.dict = {"observation": self.tensor}
        self._mask = np.zeros(enc.n_actions, np.uint8)

    def _mine(self, state: DurakState, player: int) -> list[int]:
        """The cards of `player` dealt so far (seat s takes positions s, s + N, ... of the first 6N)."""
        n = self.rules.seats
        return [c for i, c in enumerate(state.order[:6 * n]) if i % n == player]

    def set_from(self, state: DurakState, player: int) -> None:
        if state.deal is None:
            self.tensor.fill(0.0)
            enc = table_encoding(self.rules)
            for card in self._mine(state, player):
                self.tensor[enc.card_index(card)] = 1.0   # the hand plane comes first
            return
        state.deal.observe(player, self.tensor, self._mask)

    def string_from(self, state: DurakState, player: int) -> str:
        if state.deal is None:
            mine = [card_name(c) for c in self._mine(state, player)]
            return f"p{player} dealing {len(state.order)} hand {' '.join(mine)}"
        game = state.deal.game
        view = game.view(player)
        table = " ".join(card_name(a) + ("/" + card_name(b) if b is not None else "") for a, b in view.bout.pairs)
        if self.rules.two_seat:
            memory = state.deal.memories[player]
            text = (f"p{player} {view.phase} turn {view.turn} trump {'SHDC'[view.trump]} "
                    f"turnup {card_name(view.turnup) if view.turnup is not None else '-'} talon {view.talon} "
                    f"counts {view.counts[0]} {view.counts[1]} attacker {view.bout.attacker} cap {view.bout.cap} "
                    f"swap {int(view.can_swap)} hand {view.hand} "
                    f"table {table} heap {CardSet(memory.heap) or '-'} known {CardSet(memory.known) or '-'}")
        else:
            bout = view.bout
            known = " ".join(f"{s}:{view.known[s] or '-'}" for s in range(self.rules.seats) if s != player)
            text = (f"p{player} {view.phase} turn {view.turn} trump {'SHDC'[view.trump]} "
                    f"turnup {card_name(view.turnup) if view.turnup is not None else '-'} talon {view.talon} "
                    f"counts {' '.join(map(str, view.counts))} out {' '.join(map(str, view.out)) or '-'} "
                    f"leader {bout.leader} attacker {bout.attacker} defender {bout.defender} "
                    f"throwers {' '.join(map(str, bout.throwers))} cap {bout.cap} shown {bout.shown or '-'} "
                    f"swap {int(view.can_swap)} hand {view.hand} table {table} heap {view.heap_cards or '-'} "
                    f"known {known}")
        if self.perfect_recall:
            text += f" ply {view.ply}"
        return text


pyspiel.register_game(GAME_TYPE, DurakGame)
