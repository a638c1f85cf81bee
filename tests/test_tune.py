"""SPSA: it finds a known optimum through noise, replays from its seed, plays integers as integers."""
from __future__ import annotations

import json
import math
from typing import Any

import numpy as np
import pytest

from kozyr.errors import KozyrError
from kozyr.tune import Params, spsa

LOWER = {"x": 0.0, "y": -20.0}
UPPER = {"x": 100.0, "y": 20.0}


def noisy_match(seed: int, noise: float = 0.05) -> Any:
    """A synthetic objective with its optimum at x = 70, y = -5.

    A side's strength is -((x - 70)/50)^2 - ((y + 5)/10)^2; the result of
    plus against minus is half the strength difference (a score edge) plus
    Gaussian noise from its own seeded generator, like a batch of deals.
    """
    rng = np.random.default_rng(seed)

    def strength(p: Params) -> float:
        return -(((p["x"] - 70) / 50) ** 2 + ((p["y"] + 5) / 10) ** 2)

    def objective(plus: Params, minus: Params, k: int) -> float:
        return 0.5 * (strength(plus) - strength(minus)) + float(rng.normal(0, noise))

    return objective


def tune(run: int, **changes: Any) -> Any:
    """SPSA on `noisy_match` with seed `run` (noise seed 1000 + run); `changes` override any argument."""
    args: dict[str, Any] = {"lower": LOWER, "upper": UPPER, "integer": ["y"], "iterations": 300,
                            "a": {"x": 1500, "y": 60}, "c": {"x": 10, "y": 2}, "seed": run}
    args.update(changes)
    objective = args.pop("objective") if "objective" in changes else noisy_match(1000 + run)
    start = args.pop("start", {"x": 10.0, "y": 15})
    return spsa(objective, start, **args)


@pytest.mark.parametrize("seed", range(5))
def test_spsa_finds_the_optimum_from_a_bad_start(seed: int) -> None:
    result = tune(seed)
    assert abs(result.final["x"] - 70) < 4, result.final
    assert abs(result.final["y"] - (-5)) <= 1, result.final
    assert isinstance(result.final["y"], int) and isinstance(result.final["x"], float)
    assert result.start == {"x": 10.0, "y": 15.0} and len(result.trajectory) == 300


def test_same_seed_same_run_and_another_seed_another() -> None:
    one, two = tune(7), tune(7)
    assert one.trajectory == two.trajectory and one.final == two.final
    other = tune(8, objective=noisy_match(1007))      # same noise, other signs
    assert [s["delta"] for s in other.trajectory] != [s["delta"] for s in one.trajectory]


def test_the_first_step_by_hand() -> None:
    """theta_1 = theta_0 + a / (A + 1)^alpha * result / (2 c delta), A = 10 % of the iterations."""
    result = spsa(lambda plus, minus, k: 0.25, {"x": 50.0, "y": 0.0}, lower=-1000, upper=1000,
                  iterations=40, a=3.0, c={"x": 2.0, "y": 0.5}, seed=3)
    first = result.trajectory[0]
    for name, c in (("x", 2.0), ("y", 0.5)):
        d = first["delta"][name]
        assert d in (-1, 1)
        assert first["plus"][name] == pytest.approx(result.start[name] + c * d)
        assert first["minus"][name] == pytest.approx(result.start[name] - c * d)
        assert first["theta"][name] == pytest.approx(result.start[name] + 3.0 / 5 ** 0.602 * 0.25 / (2 * c * d))
    second = result.trajectory[1]
    assert second["c_k"]["x"] == pytest.approx(2.0 / 2 ** 0.101)
    assert second["a_k"]["x"] == pytest.approx(3.0 / 6 ** 0.602)


def test_integer_parameters_are_played_as_ints_within_bounds() -> None:
    seen: list[Params] = []

    def objective(plus: Params, minus: Params, k: int) -> float:
        seen.extend([plus, minus])
        return (plus["n"] - minus["n"]) * 0.3 + (plus["r"] - minus["r"]) * 0.01

    result = spsa(objective, {"n": 2.0, "r": 0.5}, lower={"n": 0.5, "r": 0.0}, upper={"n": 6.5, "r": 1.0},
                  integer={"n"}, iterations=60, a=2.0, c={"n": 1.5, "r": 0.4}, seed=11)
    assert seen and all(type(p["n"]) is int and 1 <= p["n"] <= 6 for p in seen)
    assert all(type(p["r"]) is float and 0.0 <= p["r"] <= 1.0 for p in seen)
    assert any(not float(s["theta"]["n"]).is_integer() for s in result.trajectory)   # real between iterations
    assert result.final["n"] == 6 and type(result.final["n"]) is int          # pushed to the top, rounded down
    json.dumps(result.as_dict(), allow_nan=False)


def test_callback_sees_every_step_and_ctrl_c_propagates() -> None:
    steps: list[int] = []
    tune(1, iterations=12, callback=lambda step: steps.append(step["k"]))
    assert steps == list(range(12))

    def interrupted(plus: Params, minus: Params, k: int) -> float:
        if k == 3:
            raise KeyboardInterrupt
        return 0.0

    with pytest.raises(KeyboardInterrupt):
        tune(1, objective=interrupted)


@pytest.mark.parametrize("changes, code", [
    ({"objective": 5}, "bad_objective"),
    ({"objective": lambda p, m, k: float("nan")}, "bad_objective"),
    ({"objective": lambda p, m, k: "better"}, "bad_objective"),
    ({"start": {}}, "bad_start"),
    ({"start": [("x", 1.0)]}, "bad_start"),
    ({"start": {"x": 10.0, "y": "15"}}, "bad_start['y']"),
    ({"start": {"x": 150.0, "y": 0}}, "bad_start"),
    ({"lower": {"x": 0.0}}, "bad_lower"),
    ({"upper": {"x": 100.0, "y": -30.0}}, "bad_upper"),
    ({"upper": math.inf}, "bad_upper"),
    ({"integer": "y"}, "bad_integer"),
    ({"integer": ["z"]}, "bad_integer"),
    ({"iterations": 0}, "bad_iterations"),
    ({"iterations": 10.0}, "bad_iterations"),
    ({"a": -1.0}, "bad_a"),
    ({"a": {"x": 1.0}}, "bad_a"),
    ({"c": 0}, "bad_c"),
    ({"c": {"x": 1.0, "y": None}}, "bad_c['y']"),
    ({"A": -5}, "bad_A"),
    ({"alpha": 0}, "bad_alpha"),
    ({"alpha": 1e40}, "bad_alpha"),     # a power that overflows: refused, not an OverflowError
    ({"A": 1e300}, "bad_A"),
    ({"gamma": 11}, "bad_gamma"),
    ({"gamma": float("nan")}, "bad_gamma"),
    ({"seed": -1}, "bad_seed"),
    ({"seed": "x"}, "bad_seed"),
    ({"callback": "print"}, "bad_callback"),
])
def test_bad_arguments_are_refused_by_name(changes: dict[str, Any], code: str) -> None:
    with pytest.raises(KozyrError) as e:
        tune(0, **changes)
    assert e.value.code == code
    assert code.removeprefix("bad_").split("[")[0] in str(e.value)


def test_an_integer_parameter_needs_a_whole_number_in_its_range() -> None:
    with pytest.raises(KozyrError) as e:
        spsa(lambda p, m, k: 0.0, {"n": 0.5}, lower=0.2, upper=0.8, integer=["n"], iterations=5, a=1, c=1, seed=0)
    assert e.value.code == "bad_integer"
