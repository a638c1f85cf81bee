"""SPSA and Optuna over durak settings: the objective is a paired ladder, and a run replays from its seed.

kozyr.tune's own algorithm is tested in tests/test_tune.py; here: each
iteration's result is exactly the score of the bots it names on that
iteration's deal pairs, integer settings are played rounded within their
bounds, the same seed gives the same trajectory, and bad input is refused.
"""
from __future__ import annotations

import pytest

from kozyr.durak import Params, spsa
from kozyr.durak.ladder import ladder
from kozyr.durak.tuning.measure import optuna_search, pair_scores
from kozyr.errors import KozyrError


def _score(a, b, deals, seed):
    r = ladder(a, b, deals, seed, pairs=True)
    return float(pair_scores(r.fool).mean())


def _bot(values):
    from kozyr.durak import Bot
    return Bot(3, "t", params=Params.of(values))


def test_each_result_is_the_paired_score_of_plus_against_minus():
    r = spsa(["CHEAP_POWER", "deep_talon"], {"CHEAP_POWER": 8, "DEEP_TALON": 0}, iterations=4,
             deals_per_iteration=400, seed=3)
    assert len(r.spsa.trajectory) == 4 and r.deals == 4 * 400
    for step in r.spsa.trajectory:
        assert set(step["plus"]) == {"CHEAP_POWER", "DEEP_TALON"}
        assert all(isinstance(v, int) for v in step["plus"].values())
        want = _score(_bot(step["plus"]), _bot(step["minus"]), 400, f"3/{step['k']}") - 0.5
        assert step["result"] == pytest.approx(want, abs=1e-12)
    assert r.start == Params(CHEAP_POWER=8, DEEP_TALON=0)
    assert r.params == Params.of(r.spsa.final) and -1 <= r.params.CHEAP_POWER <= 8


def test_against_an_opponent_the_result_is_half_the_score_difference():
    r = spsa(["CHEAP_POWER"], {"CHEAP_POWER": 3}, iterations=2, deals_per_iteration=200, seed=5, opponent=2,
             lower={"CHEAP_POWER": 0}, upper={"CHEAP_POWER": 6})
    for step in r.spsa.trajectory:
        seed = f"5/{step['k']}"
        want = (_score(_bot(step["plus"]), 2, 200, seed) - _score(_bot(step["minus"]), 2, 200, seed)) / 2
        assert step["result"] == pytest.approx(want, abs=1e-12)
        assert 0 <= step["plus"]["CHEAP_POWER"] <= 6
    assert r.opponent == "rung 2" and r.deals == 2 * 2 * 200


def test_the_same_seed_replays_the_run():
    kw = dict(iterations=6, deals_per_iteration=200)
    one = spsa(["PAIR_ATTACK", "TAKE_BOUT"], seed=9, **kw)
    two = spsa(["PAIR_ATTACK", "TAKE_BOUT"], seed=9, workers=2, **kw)
    assert one.spsa.trajectory == two.spsa.trajectory and one.params == two.params
    assert spsa(["PAIR_ATTACK", "TAKE_BOUT"], seed=10, **kw).spsa.trajectory != one.spsa.trajectory


def test_a_fixed_setting_stays_and_rung_2_tunes_its_own():
    r = spsa(["PAIR_CHEAP"], rung=2, base={"TRUMP_COST": 18}, iterations=2, deals_per_iteration=200, seed=1)
    assert r.params.TRUMP_COST == 18 and r.start.PAIR_CHEAP == 1
    for bad in (dict(base={"DEEP_TALON": 9}), dict(params=["DEEP_TALON"])):   # rung 2 never reads DEEP_TALON
        args = dict(params=["PAIR_CHEAP"], rung=2, iterations=2, deals_per_iteration=200, seed=1)
        args.update(bad)
        with pytest.raises(KozyrError) as info:
            spsa(args.pop("params"), **args)
        assert info.value.code == "unread_param" and info.value.field == "DEEP_TALON"


@pytest.mark.parametrize("bad", [
    dict(params=["NOPE"]), dict(params="CHEAP_POWER"), dict(params=[]), dict(params=["DEEP_TALON", "deep_talon"]),
    dict(start={"CHEAP_POWER": 12}), dict(upper={"CHEAP_POWER": 12}), dict(lower={"CHEAP_POWER": 5},
                                                                              upper={"CHEAP_POWER": 4}),
    dict(deals_per_iteration=201), dict(iterations=0), dict(rung=1), dict(seed=-1), dict(seed="x"),
    dict(A="x"), dict(c=0), dict(a=-1), dict(opponent=lambda v: None), dict(start={"DEEP_TALON": 3}),
    dict(start={"CHEAP_POWER": "3"}), dict(lower={"CHEAP_POWER": float("nan")}), dict(c={"CHEAP_POWER": True}),
])
def test_bad_arguments_are_refused(bad):
    args = dict(params=["CHEAP_POWER"], iterations=2, deals_per_iteration=20, seed=1)
    args.update(bad)
    with pytest.raises(KozyrError):
        spsa(args.pop("params"), **args)


def test_optuna_scores_every_trial_on_the_same_deals():
    optuna = pytest.importorskip("optuna", reason="optuna is the optional extra kozyr[tune]")
    r = optuna_search(["CHEAP_POWER"], {"CHEAP_POWER": 3}, trials=4, deals_per_trial=200, seed=2, opponent=2)
    assert r.version == optuna.__version__ and len(r.trials) == 4 and r.trials[0][0] == {"CHEAP_POWER": 3}
    for values, score in r.trials:
        assert score == pytest.approx(_score(_bot(values), 2, 200, "2/optuna"), abs=1e-12)
    assert r.score == max(s for _, s in r.trials) and r.params.CHEAP_POWER in [v["CHEAP_POWER"] for v, _ in r.trials]
    again = optuna_search(["CHEAP_POWER"], {"CHEAP_POWER": 3}, trials=4, deals_per_trial=200, seed=2, opponent=2)
    assert again.trials == r.trials


def test_ctrl_c_propagates_with_no_result():
    def stop(step):
        raise KeyboardInterrupt
    with pytest.raises(KeyboardInterrupt, match="interrupted after 200 deals of the tuning run: no result"):
        spsa(["CHEAP_POWER"], iterations=5, deals_per_iteration=200, seed=1, callback=stop)
