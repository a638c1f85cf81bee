"""Shared by the rung-4 tests: random positions, events packed as the C engine packs them."""
from __future__ import annotations

import random

from kozyr.durak import Game
from kozyr.durak.codes import BOUT_ENDINGS, KINDS
from kozyr.durak.memory import Memory

OUTCOMES = (None, "fool", "draw", "resign")
EVENT_KINDS = (*KINDS, "bout_end", "refill", "out", "game_end")   # the C numbering (core/state.pxd)


def pack(event) -> int:
    """An Event as the uint32 of core/state.pxd's layout."""
    kind = event.kind
    if kind in KINDS:
        code = KINDS.index(kind) | event.seat << 4
        return code | (event.card << 8 if kind in ("attack", "beat", "swap") else 0)
    if kind == "bout_end":
        return (EVENT_KINDS.index("bout_end") | int(event.taken) << 4 | BOUT_ENDINGS.index(event.how) << 5
                | event.cards << 8 | event.heap << 16 | event.attacker << 24)
    if kind == "refill":
        return EVENT_KINDS.index("refill") | event.drawn[0] << 4 | event.drawn[1] << 8 | event.talon << 16
    if kind == "out":
        return EVENT_KINDS.index("out") | event.seat << 4
    fool = event.fool + 1 if event.fool is not None else 0
    return EVENT_KINDS.index("game_end") | OUTCOMES.index(event.outcome) << 4 | fool << 8


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
