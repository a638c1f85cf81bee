"""The sequential test on durak deals: batches played by the C loop, judged by kozyr.stats.

The statistics themselves are tested in tests/test_stats.py (hand-computed
LLRs, the error rates by simulation); here: the batches are one ladder (the
counts and fool rates equal a plain paired ladder over the same deals), the
test is reproducible from its seed and independent of workers, and a bot
against itself never accepts H1.
"""
from __future__ import annotations

import json

import pytest

from kozyr.durak import Bot, Params, sprt
from kozyr.durak.ladder import ladder
from kozyr.errors import KozyrError
from kozyr.stats import elo_estimate, llr, sprt_bounds


def test_a_clear_difference_is_decided_fast():
    r = sprt(3, 1, 0, 20, seed="fast", batch=200)
    assert r.decision == "H1" and r.deals <= 600 and r.llr >= r.bounds[1]
    r = sprt(1, 3, 0, 20, seed="fast", batch=200)
    assert r.decision == "H0" and r.llr <= r.bounds[0]


def test_the_batches_are_one_ladder():
    # error rates so small that the test runs to max_deals undecided
    r = sprt(3, 2, 0, 5, alpha=1e-9, beta=1e-9, batch=1000, max_deals=5000, seed="one")
    assert r.decision == "none" and r.deals == 5000
    assert [d for d, _ in r.llr_history] == [1000, 2000, 3000, 4000, 5000]
    whole = ladder(3, 2, 5000, "one", pairs=True)
    assert list(r.counts) == whole.pairs
    assert (r.a_fool.hits, r.b_fool.hits, r.draw.hits) == (whole.a_fools, whole.b_fools, whole.draws)
    assert r.llr == pytest.approx(llr(whole.pairs, 0, 5, "normalized"), abs=1e-12)
    assert r.estimate == elo_estimate(whole.pairs) and r.bounds == sprt_bounds(1e-9, 1e-9)
    single = sprt(3, 2, 0, 5, alpha=1e-9, beta=1e-9, batch=1000, max_deals=3000, seed="one", pairs=False)
    plain = ladder(3, 2, 3000, "one")
    assert list(single.counts) == [plain.a_fools, plain.draws, plain.b_fools]


def test_the_same_seed_replays_the_same_test():
    kw = dict(seed="again", batch=400, model="logistic")
    one, two = sprt(3, 2, 0, 10, **kw), sprt(3, 2, 0, 10, workers=2, **kw)
    assert one.llr_history == two.llr_history and one.counts == two.counts and one.decision == two.decision
    other = sprt(3, 2, 0, 10, seed="else", batch=400, model="logistic")
    assert other.llr_history != one.llr_history
    assert json.loads(json.dumps(one.as_dict(), allow_nan=False))["decision"] == one.decision


def test_a_bot_against_itself_does_not_accept_h1():
    for seed in range(3):
        r = sprt(3, 3, 0, 5, seed=seed, batch=1000)
        assert r.decision == "H0"
        assert r.counts[2] == sum(r.counts)   # same deal, same words: every pair is split


def test_settings_per_side():
    base = sprt(3, 3, 0, 2, seed="s", batch=1000, max_deals=4000, alpha=1e-9, beta=1e-9)
    tuned = sprt(3, 3, 0, 2, seed="s", batch=1000, max_deals=4000, alpha=1e-9, beta=1e-9,
                 params_a={"CHEAP_POWER": 1})
    assert tuned.counts != base.counts and tuned.a == "rung 3 Params(CHEAP_POWER=1)"
    bot = sprt(Bot(3, "x", params=Params(CHEAP_POWER=1)), 3, 0, 2, seed="s", batch=1000, max_deals=4000,
               alpha=1e-9, beta=1e-9)
    assert bot.counts == tuned.counts


@pytest.mark.parametrize("bad", [
    dict(batch=999), dict(max_deals=1001), dict(batch=0), dict(elo0=5, elo1=0), dict(model="glicko"),
    dict(alpha=0.7), dict(pairs="yes"), dict(a=lambda v: None), dict(a=Bot(3, "x"), params_a={"DEEP_TALON": 1}),
    dict(params_b={"NOPE": 1}), dict(deal="slow"), dict(workers=0), dict(seed=1.5), dict(on_batch=3),
])
def test_bad_arguments_are_refused(bad):
    args = dict(a=3, b=2, elo0=0, elo1=5, max_deals=2000)
    args.update(bad)
    with pytest.raises(KozyrError):
        sprt(args.pop("a"), args.pop("b"), args.pop("elo0"), args.pop("elo1"), **args)


def test_ctrl_c_propagates_with_no_result():
    def stop(state, deals):
        raise KeyboardInterrupt("stop")
    with pytest.raises(KeyboardInterrupt, match="interrupted after 200 deals of the test: no decision"):
        sprt(3, 2, 0, 5, batch=200, on_batch=stop)
