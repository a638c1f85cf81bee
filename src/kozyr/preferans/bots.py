"""Who plays a preferans seat: a bot is a callable ``view -> Move``.

A bot is handed one seat's :class:`~kozyr.preferans.views.View` and nothing else, so it is blind by
construction: it sees what its seat may see and returns one of ``view.legal``. This module holds rung 1,
the random-legal bot, and the registry :data:`BOTS`, the one place the names a person types are read
(``random``, ``rules`` for rung 2 and ``montecarlo`` for rung 3, both in :mod:`kozyr.preferans.rungs`, and
``inference`` for rung 4, in :mod:`kozyr.preferans.rung4`) by
the terminal game, the web table, the ladder and the sequential test; a bot is made from it as
``BOTS[name](seed)``.

A bot is deterministic from its seed: the same seed and the same views give the same moves, because the
legal list is in canonical order and the choice is drawn from a generator of its own.

>>> from kozyr.preferans import Game
>>> game = Game.from_seed(b"kozyr-preferans-3".ljust(32), 1, players=("A", "B", "C"), dealer=2)
>>> bot = RandomBot(seed=7)
>>> bot(game.view(0)) == RandomBot(seed=7)(game.view(0)) and bot(game.view(0)) in game.legal_moves()
True
"""
from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol

from kozyr.errors import shown
from kozyr.preferans.errors import PreferansError
from kozyr.preferans.moves import Move
from kozyr.preferans.rung4 import InferenceBot
from kozyr.preferans.rungs import MonteCarloBot, RulesBot
from kozyr.preferans.views import View

__all__ = ["Bot", "RandomBot", "BOTS", "RUNGS"]


class Bot(Protocol):
    """Anything that, handed a seat's view on its turn, returns one of ``view.legal``."""

    def __call__(self, view: View) -> Move: ...


class RandomBot:
    """Rung 1: a uniformly random legal move, from a generator seeded by ``seed`` (an int or text).

    Not a player: it bids, whists and discards at random. It exists so that every phase can be played
    against something, and as the floor any stronger bot must beat.
    """

    name = "random"
    rung = 1

    def __init__(self, seed: int | str = 0) -> None:
        if isinstance(seed, bool) or not isinstance(seed, (int, str)):
            raise PreferansError("bad_seed", f"bot seed: {shown(seed)} is not an int or text", field="seed",
                                 value=seed)
        self.seed = seed
        self._rng = random.Random(f"preferans-random:{seed}")

    def __call__(self, view: View) -> Move:
        if not view.legal:
            raise PreferansError("not_your_turn", f"seat {view.seat} has no move to make ({view.phase})",
                                 field="seat", value=view.seat)
        return view.legal[self._rng.randrange(len(view.legal))]

    def __repr__(self) -> str:
        return f"RandomBot(seed={self.seed!r})"


BOTS: dict[str, Callable[[int | str], Bot]] = {"random": RandomBot, "rules": RulesBot, "montecarlo": MonteCarloBot,
                                              "inference": InferenceBot}
"""The bots by the name a person types."""

RUNGS: dict[str, int] = {"random": RandomBot.rung, "rules": RulesBot.rung, "montecarlo": MonteCarloBot.rung,
                         "inference": InferenceBot.rung}
"""Each bot's rung on the ladder of strength (1 is the floor)."""

