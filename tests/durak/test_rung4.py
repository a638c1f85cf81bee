"""Rung 4: deterministic from its key, blind in behaviour, the same in C and Python, and strong."""
from __future__ import annotations

import random

import pytest
from _rung4_helpers import play_random

from kozyr.durak import Bot, Game, Params
from kozyr.durak.bot4 import Rung4Bot
from kozyr.durak.ladder import ladder
from kozyr.durak.ladder._loop import play_seeded
from kozyr.durak.ladder.sides import resolve
from kozyr.durak.memory import Memory
from kozyr.durak.rung4 import best4
from kozyr.durak.seeds import pad_seed
from kozyr.errors import KozyrError


def _positions(n):
    """(game, memory of the seat on turn) at varied points of random deals, the talon not empty."""
    out = []
    for seed in range(200):
        game, memories, _ = play_random(seed, random.Random(seed).randrange(0, 60))
        if not game.over and game.talon and len(game.legal_moves()) > 1:
            out.append((game, memories[game.turn]))
        if len(out) == n:
            return out
    return out


def test_the_same_view_memory_and_key_give_the_same_move():
    for game, memory in _positions(10):
        view = game.view(game.turn)
        first = best4(view, memory, 99, Params(K=16))
        assert all(best4(view, memory, 99, Params(K=16)) == first for _ in range(3))
        assert first in view.legal


def test_games_that_differ_only_in_hidden_cards_get_the_same_decision():
    """The seat's view and memory are all rung 4 reads: a deal whose other hand and talon order
    differ (but look the same from the seat) gets the same move for the same key."""
    checked = 0
    for game, memory in _positions(12):
        seat = game.turn
        twin = game.determinize(seat, memory, 12345)
        assert twin.view(seat) == game.view(seat)
        if twin.hands[1 - seat] == game.hands[1 - seat] and twin.talon == game.talon:
            continue
        checked += 1
        for key in (1, 2, 3):
            assert (best4(twin.view(seat), memory, key, Params(K=16))
                    == best4(game.view(seat), memory, key, Params(K=16)))
    assert checked >= 8


def test_the_c_loop_plays_the_python_bot_move_for_move():
    """play_seeded (the nogil loop, its own C memory per seat) ends exactly as the Python loop
    with Rung4Bot.see feeding the Python memory: same moves, same fool."""
    for i, (a, b) in enumerate([(Rung4Bot("p", params=Params(K=8)), Bot(3, "q")),
                                (Bot(2, "q"), Rung4Bot("p", fast=False, params=Params(K=8))),
                                (Rung4Bot("p", params=Params(K=4, PLAYOUT=1)),
                                 Rung4Bot("r", params=Params(K=4, ENDGAME=0)))]):
        seed = pad_seed(f"rung4-{i}")
        c = play_seeded(seed, resolve(a), resolve(b))
        game = Game.from_seed(seed)
        bots = [a, b]
        for seat, bot in enumerate(bots):
            if isinstance(bot, Rung4Bot):
                bot.start(game.view(seat))
        while not game.over:
            seat = game.turn
            events = game.apply(seat, bots[seat](game.view(seat)))
            for bot in bots:
                if isinstance(bot, Rung4Bot):
                    bot.see(events)
        assert (c["moves"], c["ply"], c["fool"]) == (game.moves, game.ply, game.result.fool)


def test_rung4_beats_rung3_in_a_short_ladder():
    """A loose bound (rung 3 against itself is near 50 %; the benchmark measures the real figure)."""
    r = ladder(Rung4Bot("suite", params=Params(K=16)), 3, 240, "rung4-suite", workers=2)
    decided = r.a_fools + r.b_fools
    assert decided > 200
    assert r.a_fools / decided < 0.30


def test_a_rung4_ladder_is_deterministic_and_rung_int_4_is_accepted():
    a = ladder(4, 2, 6, "det")
    b = ladder(4, 2, 6, "det")
    assert list(a.fool) == list(b.fool) and list(a.moves) == list(b.moves)


def test_bad_settings_and_memories_are_refused():
    with pytest.raises(KozyrError) as err:
        Rung4Bot("x", params={"K": 0})
    assert err.value.field == "K" and err.value.code == "bad_k"
    with pytest.raises(KozyrError):
        Rung4Bot("x", params={"PLAYOUT": 4})
    with pytest.raises(KozyrError):
        Rung4Bot("x", params={"ENDGAME": True})
    game, memory = _positions(1)[0]
    view = game.view(game.turn)
    with pytest.raises(KozyrError) as err:
        best4(view, Memory.unpacked((1 - view.seat,) + memory.packed()[1:]), 1)
    assert err.value.code == "bad_memory"
    bot = Rung4Bot("x")
    with pytest.raises(KozyrError) as err:
        bot(view)
    assert err.value.code == "no_memory"
    # a Python player plays inside the C loop, whose events feed rung 4's memory
    assert ladder(4, lambda view: view.legal[0], 2, "x").deals == 2
