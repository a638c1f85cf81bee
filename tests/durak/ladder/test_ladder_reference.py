"""The ladder against the reference distribution's own numbers.

The reference ladder (deal i = seed `ladder-<i>` padded, deal 1, rung a in
seat i mod 2) over 1,000,000 deals of rung 3 against rung 2: rung 3 is the
fool 461,172 times, rung 2 499,724 times, 39,104 draws, 51.006 decisions and
13.882 bouts a deal. One wrong card choice, shuffle word or forced step in a
million deals moves these counts, so this is the strongest check there is;
the C loop plays it in a few seconds.
"""
from __future__ import annotations

import os

import numpy as np
import pytest
from _compiled import probes

from kozyr.durak import pad_seed
from kozyr.durak.bots.bot import Bot
from kozyr.durak.ladder import a_seat, deal_game, ladder, play
from kozyr.durak.oracle import reference_bots
from kozyr.durak.oracle.reference import Game as RefGame
from kozyr.durak.oracle.testing import players


def test_a_million_reference_deals_match_the_reference_counts():
    r = ladder(3, 2, 1_000_000, "ladder", deal="reference", workers=min(2, os.cpu_count() or 1))
    assert (r.a_fools, r.b_fools, r.draws) == (461_172, 499_724, 39_104)
    assert round(r.mean_moves, 3) == 51.006
    assert round(r.mean_bouts, 3) == 13.882


def test_the_first_reference_deals_follow_the_seating_rule():
    r = ladder(3, 2, 6, "ladder", deal="reference")
    for i in range(1, 7):
        game = RefGame.from_seed(pad_seed(f"ladder-{i}"))
        seat3 = i % 2
        bots = {seat3: 3, 1 - seat3: 2}
        while not game.over:
            t = game.turn
            game.apply(t, reference_bots.best(game.view(t), bots[t], 0))
        fool = game.result.fool
        assert r.fool[i - 1] == (-1 if fool is None else (0 if fool == seat3 else 1))
        assert r.moves[i - 1] == len(game.history)


def test_the_replay_vector_in_c_and_through_the_game_api():
    """Spec vector durak-replay-1: rung 3 (bot seed <seed>:1) vs rung 2 (<seed>:2)."""
    got = play("durak-replay-1", 3, 2)
    assert (got["moves"], got["ply"], got["fool"], got["heap"], got["outcome"]) == (42, 68, 1, 28, "fool")
    for engine in ("cython", "reference"):
        if engine == "cython":
            from kozyr.durak.core.engine import Game
            game = Game.from_seed(pad_seed("durak-replay-1"))
        else:
            game = RefGame.from_seed(pad_seed("durak-replay-1"))
        assert (game.trump, game.turnup, game.turn) == (1, 16 + 6, 0)  # hearts, 6H, seat 0 opens
        bots = (Bot(3, "durak-replay-1:1"), Bot(2, "durak-replay-1:2"))
        while not game.over:
            t = game.turn
            game.apply(t, bots[t].choose(game.view(t)))
        assert (len(game.history), game.ply, game.result.fool, game.heap) == (42, 68, 1, 28)


@pytest.mark.parametrize("a,b", [(1, 1), (1, 3), (2, 1)])
def test_random_rungs_replay_the_reference_bots_move_for_move(a, b):
    """Rung-1 words from the ladder's C SHA-256 equal reference_bots.word on the
    reference engine: whole deals agree in fool, moves and bouts."""
    n = 40
    r = ladder(a, b, n, "ladder", deal="reference")
    for i in range(1, n + 1):
        game = RefGame.from_seed(pad_seed(f"ladder-{i}"))
        rung = {a_seat(i): a, 1 - a_seat(i): b}
        bot_seed = {0: f"ladder-{i}:bot1", 1: f"ladder-{i}:bot2"}
        while not game.over:
            t = game.turn
            view = game.view(t)
            game.apply(t, reference_bots.best(view, rung[t], reference_bots.word(bot_seed[t], t, view.ply)))
        fool = game.result.fool
        want = -1 if fool is None else (0 if fool == a_seat(i) else 1)
        bouts = sum(1 for e in game.events if e.kind == "bout_end")
        assert (r.fool[i - 1], r.moves[i - 1], r.bouts[i - 1]) == (want, len(game.history), bouts), i


def test_the_python_path_replays_the_c_loop_in_every_mode():
    for kw in ({"deal": "reference"}, {"deal": "sha"}, {"deal": "fast"}):
        r = ladder(1, 3, 30, "ladder", **kw)
        for i in (1, 2, 17, 30):
            game = deal_game("ladder", i, **kw)
            seats = players(1, 3, "ladder", i, **kw)
            while not game.over:
                t = game.turn
                game.apply(t, seats[t](game.view(t)))
            fool = game.result.fool
            want = -1 if fool is None else (0 if fool == a_seat(i) else 1)
            assert (r.fool[i - 1], r.moves[i - 1], r.bouts[i - 1]) == (want, game.moves, game.bouts), (kw, i)


def test_largest_hand_is_the_largest_hand_seen():
    r = ladder(3, 1, 25, 9)
    for i in range(1, 26):
        game = deal_game(9, i)
        seats = players(3, 1, 9, i)
        big = 6
        while not game.over:
            t = game.turn
            game.apply(t, seats[t](game.view(t)))
            big = max(big, *(len(h) for h in game.hands))
        assert r.largest[i - 1] == big
    assert np.all(r.largest >= 6)


@pytest.mark.parametrize("deep, cheap", [(6, 3), (-1, -1), (24, 8), (0, 5)])
def test_the_cards_only_view_gives_the_full_views_decisions(deep: int, cheap: int) -> None:
    assert probes().cards_view_agrees(300, 7 + deep, deep, cheap) == 0


def test_the_cards_view_agrees_with_the_full_view_for_random_params():
    # the loops hand rungs 1 to 3 an Ask (the cards part of the view): every setting must read only that
    import random

    from kozyr.durak.params import PARAM_NAMES, PARAM_RANGES

    agree = probes().cards_view_agrees

    rng = random.Random(13)
    for k in range(6):
        params = {n: rng.randint(*PARAM_RANGES[n]) for n in PARAM_NAMES}
        assert agree(100, 40 + k, 6, 3, params) == 0, params
