"""Bots: the rung-1 word (spec and fast), Bot.choose, and the rungs' strength.

The word is computed three ways that must agree: the ladder's C (kz_sha256),
hashlib in kozyr.durak.bots.bot, and the oracle reference_bots.word.
"""
from __future__ import annotations

import random

import pytest
from _compiled import probes

from kozyr.durak import pad_seed
from kozyr.durak.bots.bot import Bot
from kozyr.durak.ladder import ladder
from kozyr.durak.oracle import reference_bots
from kozyr.durak.oracle.reference import Game as RefGame
from kozyr.durak.params import Params
from kozyr.durak.seeds import fast_key, fast_word, mix64, word
from kozyr.errors import KozyrError


@pytest.mark.soak    # volume: every word of many deals three ways (more than a few seconds; --full runs it)
def test_the_word_is_sha256_of_seed_seat_ply_three_ways():
    rng = random.Random(3)
    seeds = ["", "a", "ladder-1:bot1", "x" * 63, "y" * 64, "z" * 119, "w" * 200, "durak-replay-1:2"]
    for _ in range(300):
        seeds.append("".join(rng.choice("abc:-0123456789 ") for _ in range(rng.randint(0, 80))))
    for s in seeds:
        for seat in (0, 1):
            ply = rng.choice([0, 1, 9, 10, 99, 12345, rng.randint(0, 10**6)])
            want = reference_bots.word(s, seat, ply)
            assert word(s, seat, ply) == want
            assert probes().c_word(s, seat, ply) == want
    assert word("durak-replay-1:1", 0, 0) == int.from_bytes(
        __import__("hashlib").sha256(b"durak-replay-1:1:1:0").digest()[:4], "big")


@pytest.mark.soak
def test_the_fast_word_is_the_same_in_c_and_python_and_differs_from_the_spec():
    rng = random.Random(4)
    for _ in range(2000):
        key, seat, ply = rng.getrandbits(64), rng.randint(0, 1), rng.randint(0, 5000)
        assert probes().c_fast_word(key, seat, ply) == fast_word(key, seat, ply) < 1 << 32
    assert mix64(0) == 0 and mix64(1) != 1
    bot = Bot(1, "s", fast=True)
    assert bot.word(0, 5) == fast_word(fast_key("s"), 0, 5) != Bot(1, "s").word(0, 5)


def test_bot_choose_is_best_with_its_word():
    game = RefGame.from_seed(pad_seed("durak-one"))
    bots = (Bot(1, "p:1"), Bot(1, "p:2"))
    while not game.over:
        t = game.turn
        view = game.view(t)
        want = reference_bots.best(view, 1, reference_bots.word("p:" + str(t + 1), t, view.ply))
        got = bots[t].choose(view)
        assert got == want == bots[t](view)
        game.apply(t, got)
    assert Bot(3, 1).choose(game.view(0)) is None


def test_bot_arguments():
    assert Bot(3, "s").rung == 3
    tuned = Bot(3, 12, fast=True, params={"deep_talon": 9, "CHEAP_POWER": 2})
    assert tuned.params == Params(DEEP_TALON=9, CHEAP_POWER=2) and Bot(3, "s").params == Params()
    for bad in (dict(rung="3"), dict(rung=True), dict(rung=7), dict(rung=0), dict(seed=1.5), dict(seed="é"),
                dict(seed="x" * 201), dict(params={"DEEP_TALON": "6"}), dict(params={"CHEAP_POWER": 1 << 40}),
                dict(params={"NOPE": 1}), dict(params=[3]), dict(fast=1)):
        args = dict(rung=3, seed="s")
        args.update(bad)
        with pytest.raises(KozyrError) as info:
            Bot(args.pop("rung"), args.pop("seed"), **args)
        assert info.value.code in ("bad_rung", "bad_seed", "bad_param", "bad_fast", "bad_deep_talon", "bad_cheap_power")
    with pytest.raises(TypeError):
        Bot(3, "s", True)  # fast is keyword-only


@pytest.mark.parametrize("high", [2, 3])
def test_the_higher_rungs_beat_the_random_rung(high):
    for a, b in ((high, 1), (1, high)):
        r = ladder(a, b, 20_000, "strength")
        fools = r.a_fools if a == high else r.b_fools
        assert fools / r.deals < 0.03


def test_rung_3_edges_out_rung_2():
    r = ladder(3, 2, 20_000, "acceptance")
    rate = r.a_fool_decided
    assert 0.45 <= rate.rate <= 0.50
    assert rate.high - rate.rate < 0.01 and rate.rate - rate.low < 0.01
    assert 0.45 <= rate.low and rate.high <= 0.50
