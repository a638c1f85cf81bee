"""Rung 2's thresholds as knobs and the SPSA tuner over them: the knobs move the play the way their names
say, an iteration's result is the duplicate difference of the two perturbed bots against the field, the
run is a function of its seed (workers or not), Ctrl-C keeps the estimate, refusals (the shell:
tests/cli/test_pref_tools_cli.py)."""
from __future__ import annotations

import math
from typing import Any

import pytest

from kozyr.errors import KozyrError
from kozyr.preferans import PreferansError
from kozyr.preferans.convention import SOCHI
from kozyr.preferans.ladder import Chunk, ladder, play_chunk, rotations
from kozyr.preferans.rungs import RULES_KNOBS, RulesBot
from kozyr.preferans.tuning import RulesFactory, spsa, tuning_seed


def test_the_defaults_are_todays_rules() -> None:
    assert RulesBot().knobs == {k: knob.default for k, knob in RULES_KNOBS.items()}
    assert RulesFactory.of({}).name == "rules"
    # rung 2 with its defaults spelled out plays rung 2's games: three equal sides tie to the whist
    r = ladder(RulesFactory.of({k: knob.default for k, knob in RULES_KNOBS.items()}), "rules", "rules", deals=4)
    assert [s.score for s in r.stats] == pytest.approx([0.0, 0.0, 0.0], abs=1e-9)


def test_each_knob_moves_the_play_its_way() -> None:
    keen = ladder(RulesFactory.of({"whist": -2.0, "margin": -2.0}), "rules", "rules", deals=12)
    shy = ladder(RulesFactory.of({"whist": 3.0, "margin": 3.0}), "rules", "rules", deals=12)
    assert keen.stats[0].whist_calls > shy.stats[0].whist_calls
    assert keen.stats[0].declared > shy.stats[0].declared
    assert shy.stats[0].whist_decisions > 0      # it was asked, and passed


def test_refusals() -> None:
    knobs: list[dict[str, Any]] = [{"margin": 9}, {"whist": "1"}, {"naming": math.nan}, {"misere": True}]
    for kwargs in knobs:
        with pytest.raises(PreferansError) as exc:
            RulesBot(**kwargs)
        assert exc.value.code == "bad_knob" and str(next(iter(kwargs))) in str(exc.value)
    cases: tuple[tuple[dict[str, Any], str], ...] = (
        ({"knobs": ["nerve"]}, "bad_knob"), ({"knobs": ["whist", "whist"]}, "bad_knob"),
        ({"start": {"margin": 7}}, "bad_knob"), ({"bounds": {"margin": (5, 6)}}, "bad_bounds"),
        ({"start": {"margin": 2.5}, "bounds": {"margin": (0, 1)}}, "bad_start"),
        ({"iterations": 0}, "bad_iterations"), ({"deals_per_iteration": 0}, "bad_deals_per_iteration"),
        ({"c": -1}, "bad_c"), ({"field": "nobody"}, "bad_bot"), ({"workers": 0}, "bad_count"))
    for kwargs, code in cases:
        with pytest.raises(KozyrError) as err:
            spsa(**kwargs)
        assert err.value.code == code, kwargs


def _score(knobs: dict[str, float], first: int, deals: int, seed: int) -> float:
    """The tuned bot's mean gain against rung 2 on the deals, counted here by hand from the ladder's rows."""
    bot = RulesFactory.of(knobs)
    _, rows = play_chunk(Chunk((bot, "rules"), ("t", "rules"), first, deals, tuning_seed(seed), SOCHI, rotations()))
    return sum(float(x) for x in rows.gains[:, 0]) / deals


def test_an_iteration_is_half_the_duplicate_difference_against_the_field() -> None:
    r = spsa(["margin", "whist"], iterations=2, deals_per_iteration=3, seed=5, c=1.0)
    assert r.deals == 2 * 2 * 3 and len(r.spsa.trajectory) == 2 and not r.stopped
    fixed = {k: knob.default for k, knob in RULES_KNOBS.items()}
    for k, step in enumerate(r.spsa.trajectory):
        plus, minus = {**fixed, **step["plus"]}, {**fixed, **step["minus"]}
        want = (_score(plus, 3 * k + 1, 3, 5) - _score(minus, 3 * k + 1, 3, 5)) / 2
        assert step["result"] == pytest.approx(want, abs=1e-9)
        assert all(RULES_KNOBS[n].low <= v <= RULES_KNOBS[n].high for n, v in step["theta"].items())
    assert r.knobs["naming"] == RULES_KNOBS["naming"].default and set(r.tuned) == {"margin", "whist"}
    assert r.knobs["margin"] == r.spsa.theta["margin"]


def test_a_run_is_a_function_of_its_seed_whatever_the_workers() -> None:
    one = spsa(["whist"], iterations=2, deals_per_iteration=2, seed=3)
    again = spsa(["whist"], iterations=2, deals_per_iteration=2, seed=3)
    two = spsa(["whist"], iterations=2, deals_per_iteration=2, seed=3, workers=2)
    assert one.spsa.trajectory == again.spsa.trajectory == two.spsa.trajectory
    assert one.knobs == two.knobs


class Stopper:
    """A field that raises KeyboardInterrupt (as Ctrl-C would) on its n-th move."""

    name = "stopper"

    def __init__(self, n: int) -> None:
        self.n, self.calls = n, 0

    def __call__(self, view):
        self.calls += 1
        if self.calls == self.n:
            raise KeyboardInterrupt
        return RulesBot()(view)


def test_ctrl_c_stops_with_the_estimate_so_far() -> None:
    seen: list[dict[str, Any]] = []
    r = spsa(["whist"], iterations=50, deals_per_iteration=2, seed=1, field=Stopper(400), callback=seen.append)
    assert r.stopped and 0 < r.spsa.iterations < 50 and len(seen) == r.spsa.iterations
    assert r.knobs["whist"] == seen[-1]["theta"]["whist"]
