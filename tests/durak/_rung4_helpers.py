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


def assert_the_c_loop_plays_as_python(pairs, prefix: str) -> None:
    """For each (a, b) of sides (bots), play_seeded (the ladder's nogil loop, rung 4 on the C view)
    ends the deal of seed `<prefix>-<i>` exactly as the Python loop calling the same bots on the
    Python views: the same moves, ply and fool."""
    from kozyr.durak.bots.sides import resolve
    from kozyr.durak.ladder._loop import play_seeded
    from kozyr.durak.seeds import pad_seed

    for i, (a, b) in enumerate(pairs):
        seed = pad_seed(f"{prefix}-{i}")
        c = play_seeded(seed, resolve(a), resolve(b))
        game = Game.from_seed(seed)
        bots = [a, b]
        while not game.over:
            seat = game.turn
            assert seat is not None
            game.apply(seat, bots[seat](game.view(seat)))
        assert game.result is not None
        assert (c["moves"], c["ply"], c["fool"]) == (game.moves, game.ply, game.result.fool)


def hidden_card_twins_agree(positions, params) -> int:
    """For each (game, view) of the seat on turn, a twin deal redealt from that view (the other
    hand and the talon drawn anew) gets the same best4 move and analysis for two keys; the number
    of positions whose twin's other hand differs (those checked)."""
    from kozyr.durak.bots.rung4 import analyse, best4

    checked = 0
    for game, view in positions:
        seat = game.turn
        twin = game.determinize(seat, 4242)
        assert twin.view(seat) == view
        if twin.hands[1 - seat] == game.hands[1 - seat]:
            continue
        checked += 1
        for key in (1, 2):
            assert best4(twin.view(seat), key, params) == best4(view, key, params)
            assert analyse(twin.view(seat), key, params) == analyse(view, key, params)
    return checked


def choice_positions(n, *, talon=None, seed0=0, steps=None, stop=None):
    """n positions with a choice to make, as (game, view of the seat on turn): deals of play_random
    for seeds from seed0, each after `steps` random moves (a seed's own random 0 to 89 unless
    given) or until stop(game); talon True or False keeps only positions with or without one."""
    import random

    out = []
    for seed in range(seed0, seed0 + 3000):
        game, _, _ = play_random(seed, random.Random(seed).randrange(0, 90) if steps is None else steps, stop=stop)
        if game.over or len(game.legal_moves()) < 2 or (talon is not None and bool(game.talon) != talon):
            continue
        out.append((game, game.view(game.turn)))
        if len(out) == n:
            break
    return out
