"""Tuning a user's knobs (issue 22, item 3): `spsa(make_bot, start=..., bounds=...)` and the same for Optuna.

The guarantees of tests/durak/tuning/test_spsa.py for Params, for a factory's knobs: each iteration's result is
exactly the score of the bots its knob values build on that iteration's deal pairs, whole-number knobs are
played rounded within their bounds and real ones as they are, the same seed gives the same trajectory
(whatever the workers: threads or processes), and the errors name the knob.
"""
from __future__ import annotations

from typing import Any

import _user_bots as ub
import pytest

from kozyr.durak import spsa
from kozyr.durak.ladder import BotFactory, BotSpec, ladder
from kozyr.durak.tuning.measure import optuna_search, pair_scores
from kozyr.errors import KozyrError

TAKER = "_user_bots:make_taker"


def score(a: Any, b: Any, deals: int, seed: str) -> float:
    return float(pair_scores(ladder(a, b, deals, seed, pairs=True).fool).mean())


def test_each_result_is_the_paired_score_of_the_bots_its_knobs_build() -> None:
    r = spsa(ub.make_taker, {"deep": 6, "low": 8}, bounds={"deep": (0, 24), "low": (0, 14)}, iterations=4,
             deals_per_iteration=200, seed=3)
    assert len(r.spsa.trajectory) == 4 and r.deals == 4 * 200
    for step in r.spsa.trajectory:
        assert all(isinstance(v, int) for v in step["plus"].values()) and 0 <= step["plus"]["deep"] <= 24
        want = score(ub.make_taker(**step["plus"]), ub.make_taker(**step["minus"]), 200, f"3/{step['k']}") - 0.5
        assert step["result"] == pytest.approx(want, abs=1e-12)
    assert r.start == {"deep": 6, "low": 8} and r.params == {"deep": r.spsa.final["deep"], "low": r.spsa.final["low"]}
    assert r.bot == BotFactory(ub.make_taker, **r.params)
    assert str(r.as_dict()["bot"]).startswith("_user_bots:make_taker(")


def test_against_an_opponent_with_fixed_knobs_and_a_real_knob() -> None:
    r = spsa(BotSpec(TAKER), {"deep": 6}, base={"low": 10}, lower={"deep": 2}, upper={"deep": 20}, iterations=2,
             deals_per_iteration=200, seed=5, opponent=2)
    for step in r.spsa.trajectory:
        plus, minus = ub.make_taker(low=10, **step["plus"]), ub.make_taker(low=10, **step["minus"])
        seed = f"5/{step['k']}"
        assert step["result"] == pytest.approx((score(plus, 2, 200, seed) - score(minus, 2, 200, seed)) / 2,
                                               abs=1e-12)
    assert r.opponent == "rung 2" and r.params["low"] == 10 and r.deals == 2 * 2 * 200
    real = spsa(ub.make_real, {"scale": 0.5}, bounds={"scale": (0.0, 1.0)}, iterations=3, deals_per_iteration=100,
                seed=2, c={"scale": 0.2}, opponent={"scale": 0.25})    # a mapping: the factory with those knobs
    assert all(isinstance(s["plus"]["scale"], float) for s in real.spsa.trajectory)
    assert real.opponent == "_user_bots:make_real(scale=0.25)"


def test_the_same_seed_replays_the_run_whatever_the_workers() -> None:
    kw: dict[str, Any] = dict(bounds={"deep": (0, 24)}, iterations=4, deals_per_iteration=400, opponent=2)
    one = spsa(TAKER, {"deep": 6}, seed=9, **kw)
    assert one.spsa.trajectory == spsa(ub.make_taker, {"deep": 6}, seed=9, workers=2, **kw).spsa.trajectory
    assert one.spsa.trajectory != spsa(TAKER, {"deep": 6}, seed=10, **kw).spsa.trajectory


@pytest.mark.parametrize("bad,code,knob", [
    (dict(start={"deap": 3}, bounds={"deap": (0, 9)}), "bad_knob", "deap"),
    (dict(start={"deep": 30}, bounds={"deep": (0, 24)}), "bad_start", "deep"),
    (dict(start={"deep": 6}), "bad_bounds", "deep"),
    (dict(start={"deep": 6}, bounds={"deep": (0, 24), "low": (0, 3)}), "bad_bounds", "low"),
    (dict(start={"deep": 6}, bounds={"deep": (9, 2)}), "bad_upper", "deep"),
    (dict(start={"deep": 6}, bounds={"deep": (0, 24)}, base={"lo": 3}), "bad_knob", "lo"),
    (dict(start={"deep": 6}, bounds={"deep": (0, 24)}, base={"deep": 3}), "bad_knob", "deep"),
    (dict(start={"deep": 6}, bounds={"deep": (0.2, 0.7)}), "bad_bounds", "deep"),
    (dict(start={"deep": 6}, bounds={"deep": (0, float("inf"))}), "bad_upper", None),
    (dict(), "bad_start", None),
    (dict(start={"deep": 6}, bounds={"deep": (0, 24)}, rung=3), "bad_rung", None),
])
def test_errors_name_the_knob(bad: dict[str, Any], code: str, knob: str | None) -> None:
    args: dict[str, Any] = dict(iterations=2, deals_per_iteration=20, seed=1)
    args.update(bad)
    with pytest.raises(KozyrError) as info:
        spsa(ub.make_taker, **args)
    assert info.value.code == code
    if knob is not None:
        assert info.value.fields["field"] == knob and knob in str(info.value)


def test_what_is_no_factory_is_refused() -> None:
    for target in (ub.first_legal, "_user_bots:first_legal", "_user_bots:nope"):
        with pytest.raises(KozyrError) as info:
            spsa(target, {"deep": 6}, bounds={"deep": (0, 9)}, iterations=1, deals_per_iteration=20)
        assert info.value.code == "bad_bot"


def test_optuna_tunes_knobs_on_the_same_deals() -> None:
    pytest.importorskip("optuna", reason="optuna is the optional extra kozyr[tune]")
    r = optuna_search(TAKER, {"deep": 6}, bounds={"deep": (0, 24)}, trials=4, deals_per_trial=200, seed=2,
                      opponent=2)
    assert len(r.trials) == 4 and r.trials[0][0] == {"deep": 6}
    for values, got in r.trials:
        assert got == pytest.approx(score(ub.make_taker(**values), 2, 200, "2/optuna"), abs=1e-12)
    assert r.params == {"deep": max(r.trials, key=lambda t: t[1])[0]["deep"], "low": 0}
    assert r.bot == BotFactory(ub.make_taker, deep=r.params["deep"])
    again = optuna_search(ub.make_taker, {"deep": 6}, bounds={"deep": (0, 24)}, trials=4, deals_per_trial=200,
                          seed=2, opponent=2, workers=2)
    assert again.trials == r.trials
    real = optuna_search(ub.make_real, bounds={"scale": (0.0, 1.0)}, trials=3, deals_per_trial=100, seed=1)
    assert real.trials[0][0] == {"scale": 0.5} and all(isinstance(v["scale"], float) for v, _ in real.trials)
    assert real.opponent == "_user_bots:make_real(scale=0.5)"
