"""The Cython rungs against the plain-Python oracle (reference_bots) on many views.

Views come from real deals played by the reference engine (every decision of
every seat on turn), and from the same views perturbed (talon count, bout size,
hand) to push the rung-3 take rule and the pair adjustment across their edges.
Every rung, random words and a spread of settings are tried on each view: the
rules' values, random `Params` over every field's whole range, and settings
near the edge where the kernel's fast path (any plain card cheaper than any
trump) stops holding, so that the full costing is checked too.
"""
from __future__ import annotations

import dataclasses
import random

import pytest

from kozyr.cards import CardSet
from kozyr.durak import Params, pad_seed
from kozyr.durak.bots.rungs import best
from kozyr.durak.oracle import reference_bots
from kozyr.durak.oracle.reference import Game
from kozyr.durak.params import PARAM_NAMES, PARAM_RANGES, PARAM_RUNGS

DURAK = [16 * s + r for s in range(4) for r in range(6, 15)]


def _views(deals: int, rng: random.Random):
    """Every on-turn view of `deals` reference deals with a mix of rungs playing."""
    for d in range(deals):
        game = Game.from_seed(pad_seed(f"search-diff-{d}"))
        levels = (rng.randint(1, 3), rng.randint(1, 3))
        while not game.over:
            seat = game.turn
            assert seat is not None
            view = game.view(seat)
            yield view
            move = reference_bots.best(view, levels[seat], rng.getrandbits(32))
            assert move is not None
            game.apply(seat, move)


def _perturbed(view, rng: random.Random):
    """The view with a different talon count, bout size and extra hand cards."""
    extra = CardSet(rng.sample(DURAK, rng.randint(0, 8)))
    bout = view.bout
    bout = dataclasses.replace(bout, size=rng.randint(max(1, bout.size - 1), min(6, bout.size + 2)))
    return dataclasses.replace(view, talon=rng.randint(0, 24), hand=view.hand | extra, bout=bout)


def random_params(rng: random.Random) -> Params:
    """The rules' bot, any point of the whole space, or one near the fast path's edge."""
    pick = rng.randrange(3)
    if pick == 0:
        return Params()
    values = {n: rng.randint(*PARAM_RANGES[n]) for n in PARAM_NAMES}
    if pick == 2:  # 8 + max(pair, 0) vs TRUMP_COST + min(pair, 0): plain and trump costs overlap or tie
        values["TRUMP_COST"] = rng.randint(0, 12)
        for n in ("PAIR_CHEAP", "PAIR_DEFEND", "PAIR_ATTACK"):
            values[n] = rng.randint(-3, 3)
    return Params(**values)


def _agree(view, rng: random.Random) -> int:
    checked = 0
    for level in (-1, 0, 1, 2, 3, 4, 9):
        word = rng.getrandbits(32)
        params = random_params(rng)
        want = reference_bots.best(view, level, word, params)
        got = best(view, level, word, params)
        assert got == want, (view, level, word, params)
        checked += 1
    return checked


def test_rungs_agree_with_the_oracle_on_played_views():
    rng = random.Random(6)
    n = sum(_agree(v, rng) for v in _views(150, rng))
    assert n > 40_000


def test_rungs_agree_with_the_oracle_on_perturbed_views():
    rng = random.Random(7)
    n = 0
    for view in _views(60, rng):
        for _ in range(3):
            n += _agree(_perturbed(view, rng), rng)
    assert n > 40_000


def test_the_defaults_are_the_spec_bot():
    p = Params()
    assert (p.DEEP_TALON, p.CHEAP_POWER, p.TRUMP_COST) == (reference_bots.DEEP_TALON, reference_bots.CHEAP_POWER,
                                                         reference_bots.TRUMP_COST) == (6, 3, 20)
    assert (p.PAIR_CHEAP, p.PAIR_DEFEND, p.PAIR_ATTACK, p.TAKE_BOUT, p.HOLD_TRUMPS) == (1, 1, -2, 2, 24)
    # the oracle's own copy of the rules' values (rungs 2 and 3; the rest is rung 4's)
    assert reference_bots.SETTINGS == {n: v for n, v in p.as_dict().items() if 4 not in PARAM_RUNGS[n] or
                                       set(PARAM_RUNGS[n]) & {2, 3}}


def test_no_legal_move_is_none():
    game = Game.from_seed(pad_seed("durak-one"))
    idle = game.view(1 - game.turn)
    assert idle.legal == ()
    for level in (1, 2, 3):
        assert best(idle, level, 5) is None


def test_a_word_outside_32_bits_is_refused():
    game = Game.from_seed(pad_seed("durak-one"))
    view = game.view(game.turn)
    with pytest.raises(ValueError):
        best(view, 1, 1 << 32)
    with pytest.raises(ValueError):
        best(view, 1, -1)
