"""The score SPRT's error rates on known distributions: simulated tests whose true mean sits on H0's
bound accept H1 about alpha of the time, on H1's bound accept H0 about beta of the time."""
from __future__ import annotations

import random

import pytest

from kozyr.preferans import PreferansError
from kozyr.preferans.sprt import ScoreSPRT, sprt


def normal(rng: random.Random, mean: float) -> float:
    return rng.gauss(mean, 30.0)


def skewed(rng: random.Random, mean: float) -> float:
    """Mostly small gains, now and then a failed contract's big loss (mean shifted to ``mean``)."""
    x = rng.gauss(4.0, 12.0) if rng.random() < 0.9 else rng.gauss(-40.0, 25.0)
    return x - (0.9 * 4.0 - 0.1 * 40.0) + mean


def rates(draw, mean: float, runs: int, seed: int) -> dict[str, float]:
    rng = random.Random(seed)
    out = {"H0": 0, "H1": 0, "undecided": 0}
    for _ in range(runs):
        t = ScoreSPRT(0.0, 10.0, alpha=0.05, beta=0.05, min_deals=30, max_deals=5000)
        while t.update(draw(rng, mean)) is None:
            pass
        out[t.decision or "undecided"] += 1
    return {k: v / runs for k, v in out.items()}


@pytest.mark.parametrize("draw", [normal, skewed])
def test_error_rates_near_alpha_and_beta(draw) -> None:
    at_h0 = rates(draw, 0.0, 400, 1)
    at_h1 = rates(draw, 10.0, 400, 2)
    # Wald's bounds are conservative; with 400 runs the sd of a 5% rate is 1.1%
    assert at_h0["H1"] <= 0.05 + 0.035 and at_h1["H0"] <= 0.05 + 0.035
    assert at_h0["H0"] >= 0.85 and at_h1["H1"] >= 0.85
    far = rates(draw, 25.0, 100, 3)
    assert far["H1"] >= 0.98


def test_refusals_and_a_real_run() -> None:
    with pytest.raises(PreferansError) as exc:
        ScoreSPRT(5, 5)
    assert exc.value.code == "bad_bound"
    t = ScoreSPRT(0, 1, min_deals=2)
    t.update(100.0)
    t.update(101.0)
    assert t.decision == "H1"
    with pytest.raises(PreferansError):
        t.update(1.0)
    out = sprt("rules", "random", delta0=0, delta1=20, min_deals=5, max_deals=40)
    assert out.decision == "H1" and out.mean > 20 and 5 <= out.deals <= 40
