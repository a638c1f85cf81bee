"""The ladder's API: arrays, seating, replay, workers, chunks, the summary, bad input."""
from __future__ import annotations

import json

import numpy as np
import pytest

from kozyr.durak import Params
from kozyr.durak.bots.bot import Bot
from kozyr.durak.ladder import LadderResult, a_seat, deal_game, deal_seed, ladder, play, replay, table_bots
from kozyr.durak.oracle.testing import players
from kozyr.errors import KozyrError
from kozyr.stats import wilson


def _same(r1, r2):
    for name in ("fool", "moves", "bouts", "largest"):
        assert np.array_equal(getattr(r1, name), getattr(r2, name)), name


def test_arrays_have_one_entry_per_deal_and_sane_values():
    r = ladder(3, 2, 5000, 1)
    assert isinstance(r, LadderResult)
    assert r.fool.dtype == np.int8 and r.moves.dtype == np.int32
    assert r.bouts.dtype == np.int16 and r.largest.dtype == np.int8
    assert all(len(x) == 5000 for x in (r.fool, r.moves, r.bouts, r.largest))
    assert set(np.unique(r.fool)) <= {-1, 0, 1}
    assert r.a_fools + r.b_fools + r.draws == 5000
    assert r.moves.min() > 0 and r.bouts.min() > 0 and 6 <= r.largest.min() and r.largest.max() <= 36


@pytest.mark.parametrize("kw", [{}, {"deal": "sha"}, {"deal": "reference"}])
def test_workers_and_chunks_do_not_change_a_single_deal(kw):
    one = ladder(1, 3, 3000, "w", **kw)
    _same(one, ladder(1, 3, 3000, "w", workers=2, chunk=257, **kw))
    _same(one, ladder(1, 3, 3000, "w", workers=3, chunk=1000, **kw))


def test_any_deal_replays_alone():
    for kw in ({}, {"deal": "sha"}, {"deal": "reference"}):
        r = ladder(1, 2, 200, "solo", **kw)
        for i in (1, 2, 99, 200):
            game = replay(1, 2, "solo", i, **kw)
            fool = game.result.fool
            assert r.fool[i - 1] == (-1 if fool is None else int(fool != a_seat(i)))
            assert r.moves[i - 1] == game.moves and r.bouts[i - 1] == game.bouts
        assert deal_game("solo", 7, **kw).order == deal_game("solo", 7, **kw).order


def test_side_a_alternates_seats():
    assert [a_seat(i) for i in range(1, 6)] == [1, 0, 1, 0, 1]
    # rung 3 against rung 1 loses almost never, whichever seat it holds
    r = ladder(3, 1, 2000, 5)
    assert r.a_fools < 0.03 * 2000
    r = ladder(1, 3, 2000, 5)
    assert r.b_fools < 0.03 * 2000


def test_deal_seeds():
    assert deal_seed("ladder", 3, deal="reference") == b"ladder-3".ljust(32)
    assert len(deal_seed("x", 3, "sha")) == 32 and deal_seed("x", 3, "sha") != deal_seed("x", 4, "sha")
    s = deal_seed("x", 3)
    assert isinstance(s, int) and 0 <= s < 1 << 64 and s != deal_seed("x", 4) and s != deal_seed("y", 3)
    with pytest.raises(ValueError):
        deal_seed("x", 0)


def test_bots_play_in_c_and_keep_their_own_seed():
    bot = Bot(1, "alice")
    r = ladder(bot, 2, 300, "b", deal="reference")
    for i in (1, 2, 150):
        game = deal_game("b", i, deal="reference")
        seats = [None, None]
        seats[a_seat(i)] = bot.choose
        seats[1 - a_seat(i)] = players(1, 2, "b", i, deal="reference")[1 - a_seat(i)]
        while not game.over:
            t = game.turn
            game.apply(t, seats[t](game.view(t)))
        assert r.moves[i - 1] == game.moves
    # a Python callable takes the slow path and gives the same arrays
    slow = ladder(lambda v: bot.choose(v), 2, 60, "b", deal="reference")
    _same(slow, ladder(bot, 2, 60, "b", deal="reference"))
    fast_bot = Bot(1, "alice", fast=True)
    _same(ladder(lambda v: fast_bot.choose(v), 3, 60, "f"), ladder(fast_bot, 3, 60, "f"))


TUNED = {"DEEP_TALON": 0, "CHEAP_POWER": 0, "TRUMP_COST": 5, "PAIR_CHEAP": -3, "PAIR_DEFEND": -3,
         "PAIR_ATTACK": 3, "TAKE_BOUT": 6, "HOLD_TRUMPS": -1}


def test_params_reach_the_rungs_that_read_them():
    base3, base2 = ladder(3, 2, 3000, "p"), ladder(2, 1, 2000, "p")
    for name, value in TUNED.items():  # every field is wired through to the C kernel
        rung = 2 if name == "PAIR_CHEAP" else 3
        base = base2 if rung == 2 else base3
        tuned = ladder(rung, base.b, base.deals, "p", params={name: value})
        assert not np.array_equal(base.moves, tuned.moves), name
        assert tuned.params == {name: value}
    rung3_only = {n: v for n, v in TUNED.items() if n not in ("TRUMP_COST", "PAIR_CHEAP")}
    for name, value in rung3_only.items():   # a setting no side reads is refused (it used to be ignored)
        with pytest.raises(KozyrError) as info:
            ladder(2, 1, 2000, "p", params={name.lower(): value})
        assert info.value.code == "unread_param" and info.value.field == name
    tuned = ladder(3, 2, 3000, "p", params=Params(DEEP_TALON=0, CHEAP_POWER=0))
    _same(tuned, ladder(Bot(3, 0, params={"DEEP_TALON": 0, "CHEAP_POWER": 0}), 2, 3000, "p"))
    # the Python path plays a Bot's settings too
    bot = Bot(3, 0, params=TUNED)
    _same(ladder(lambda v: bot.choose(v), 2, 40, "q"), ladder(bot, 2, 40, "q"))


def test_progress_is_reported_up_to_the_total():
    seen = []
    ladder(2, 2, 10_000, 1, chunk=3000, progress=lambda done, total: seen.append((done, total)))
    assert seen == [(3000, 10_000), (6000, 10_000), (9000, 10_000), (10_000, 10_000)]
    seen.clear()
    ladder(2, 2, 10_000, 1, chunk=3000, workers=2, progress=lambda d, t: seen.append(d))
    assert seen[-1] == 10_000 and seen == sorted(seen)


def test_summary_rates_and_intervals():
    r = ladder(3, 2, 4000, 2)
    n = r.deals
    assert r.a_fool.hits == r.a_fools and r.a_fool.total == n
    p = r.a_fools / n
    assert r.a_fool.rate == pytest.approx(p) and (r.a_fool.low, r.a_fool.high) == wilson(r.a_fools, n)
    assert r.a_fool.low < p < r.a_fool.high
    assert r.a_fool_decided.total == n - r.draws
    assert r.a_fool_decided.rate + r.b_fool_decided.rate == pytest.approx(1)
    assert r.mean_moves == pytest.approx(r.moves.mean()) and r.mean_bouts == pytest.approx(r.bouts.mean())
    assert r.deals_per_second > 0
    s = json.loads(json.dumps(r.summary()))
    assert s["deals"] == n and s["a"] == "rung 3" and s["deal"] == "fast"


def test_zero_deals():
    r = ladder(3, 2, 0)
    assert r.deals == 0 and r.a_fool.rate is None and r.mean_moves is None
    text = json.dumps(r.summary(), allow_nan=False)  # strict JSON: null, never NaN
    assert '"rate": null' in text


@pytest.mark.parametrize("bad", [
    dict(a=0), dict(a=5), dict(a="3"), dict(a=True), dict(deals=-1), dict(deals=2.5), dict(workers=0),
    dict(params={"DEEP": 3}), dict(params={"DEEP_TALON": "x"}), dict(params=[1]), dict(seed=1.5),
    dict(params={"TRUMP_COST": 41}), dict(params={"HOLD_TRUMPS": -2}), dict(pairs=1), dict(pairs=True, deals=11),
    dict(seed="x" * 40, deal="reference"), dict(seed="é"), dict(deal="slow"), dict(chunk=0), dict(chunk=-1),
    dict(workers=10**6), dict(deals=10**12), dict(progress=3),
])
def test_bad_arguments_are_kozyr_errors(bad):
    args = dict(a=3, b=2, deals=10, seed=1)
    args.update(bad)
    with pytest.raises(KozyrError):
        ladder(args.pop("a"), args.pop("b"), args.pop("deals"), args.pop("seed"), **args)


def test_play_and_table_bots():
    bots = table_bots("durak-replay-1", 3, 2)
    assert bots == (Bot(3, "durak-replay-1:1"), Bot(2, "durak-replay-1:2"))
    assert play(b"durak-replay-1".ljust(32), 3, 2) == play("durak-replay-1", 3, 2)
    with pytest.raises(KozyrError):
        play("x", lambda v: None, 2)


def test_a_python_player_plays_in_the_loop_and_its_mistakes_are_named():
    from kozyr.durak import View

    seen = []

    def first(view):
        seen.append(isinstance(view, View) and view.turn == view.seat)
        return str(view.legal[0]) if len(seen) % 2 else view.legal[0]   # text or Move
    r = ladder(first, 2, 50, "py")
    assert r.deals == 50 and all(seen)
    with pytest.raises(KozyrError) as info:
        ladder(lambda view: "take", 2, 10, "py")
    assert info.value.code == "not_legal" and "ply 0" in str(info.value)
    with pytest.raises(KozyrError) as info:   # was the bare ZeroDivisionError: now one refusal naming the deal
        ladder(lambda view: 1 // 0, 2, 10, "py")
    assert info.value.code == "bot_error" and isinstance(info.value.__cause__, ZeroDivisionError)
    with pytest.raises(KozyrError):
        ladder(lambda view: None, 2, 10, "py")
