"""Shared by the rung-4 tests: random positions."""
from __future__ import annotations

import random

from kozyr.durak import Game
from kozyr.durak.memory import Memory


def play_random(seed: int, steps: int, *, stop=None):
    """A deal of Game.from_rng(seed) after up to `steps` random moves (or until stop(game));
    the game, both seats' memories and every event so far."""
    rnd = random.Random(seed)
    game = Game.from_rng(seed)
    memories = [Memory.start(game.view(0)), Memory.start(game.view(1))]
    events = []
    for _ in range(steps):
        if game.over or (stop is not None and stop(game)):
            break
        seat = game.turn
        assert seat is not None
        for event in game.apply(seat, rnd.choice(game.legal_moves())):
            events.append(event)
            memories[0].update(event)
            memories[1].update(event)
    return game, memories, events
