"""The sequential test: LLRs checked against an independent solver, its properties, its error rates.

The hand-computed cases do not reuse the module's method (a secular equation
solved by Brent, and a fixed-point iteration for normalized Elo): they find
the constrained maximum-likelihood distributions by Newton's method on the
full Lagrange (KKT) system, with the t-value constraint written out exactly,
and require the same LLR to 1e-6.
"""
from __future__ import annotations

import json
import math
from collections.abc import Callable

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.optimize import brentq

from kozyr.errors import KozyrError
from kozyr.stats import (
    SPRT,
    SPRTResult,
    counts_from_scores,
    elo_estimate,
    llr,
    logistic_elo,
    rate,
    run_sprt,
    sprt_bounds,
)

NELO = 800 / math.log(10)


# -- an independent solver -----------------------------------------------------------------
def constrained_mle(p: np.ndarray, a: np.ndarray, model: str, target: float) -> np.ndarray:
    """argmax sum p ln q subject to sum q = 1 and g(q) = 0, by Newton on the KKT equations.

    logistic: g = sum q a - target (target a mean score);
    normalized: g = (m - 1/2) - target * sd, with m and sd the mean and
    standard deviation of q (target a t-value).
    Unknowns (q, lam, nu): p_i / q_i - lam - nu dg/dq_i = 0, sum q = 1, g = 0.
    """
    n = len(p)

    def g_parts(q: np.ndarray) -> tuple[float, np.ndarray, np.ndarray]:
        if model == "logistic":
            return float(q @ a - target), a.copy(), np.zeros((n, n))
        m = q @ a
        v = q @ (a * a) - m * m
        sd = math.sqrt(v)
        dv = a * a - 2 * m * a
        g = m - 0.5 - target * sd
        grad = a - target * dv / (2 * sd)
        hess = target * (np.outer(a, a) / sd + np.outer(dv, dv) / (4 * sd ** 3))
        return float(g), grad, hess

    q, lam, nu = p.copy(), 1.0, 0.0
    for _ in range(200):
        g, grad, hess = g_parts(q)
        residual = np.concatenate([p / q - lam - nu * grad, [q.sum() - 1.0, g]])
        if np.max(np.abs(residual)) < 1e-14:
            break
        jac = np.zeros((n + 2, n + 2))
        jac[:n, :n] = -np.diag(p / q ** 2) - nu * hess
        jac[:n, n] = -1.0
        jac[:n, n + 1] = -grad
        jac[n, :n] = 1.0
        jac[n + 1, :n] = grad
        step = np.linalg.solve(jac, -residual)
        scale = 1.0
        while np.any(q + scale * step[:n] <= 0):
            scale /= 2
        q, lam, nu = q + scale * step[:n], lam + scale * step[n], nu + scale * step[n + 1]
    else:
        raise AssertionError("the KKT Newton iteration did not converge")
    return q


def reference_llr(counts: list[int], elo0: float, elo1: float, model: str) -> float:
    n = np.array([c if c > 0 else 0.001 for c in counts], dtype=float)
    total = n.sum()
    p = n / total
    a = np.arange(len(n)) / (len(n) - 1)

    def target(elo: float) -> float:
        if model == "logistic":
            return 1 / (1 + 10 ** (-elo / 400))
        return elo / NELO * (math.sqrt(2) if len(n) == 5 else 1.0)

    q0 = constrained_mle(p, a, model, target(elo0))
    q1 = constrained_mle(p, a, model, target(elo1))
    return float(total * np.sum(p * (np.log(q1) - np.log(q0))))


CASES = [
    ([100, 800, 120], 0, 2),
    ([2012, 3410, 2205], -1.75, 0.25),
    ([4, 0, 9], 0, 10),                     # a zero count: the prior
    ([0, 13, 0], 0, 5),                     # only draws
    ([31, 410, 2017, 402, 37], 0, 2),
    ([5, 70, 311, 88, 2], 0, 5),
    ([0, 3, 12, 0, 1], -10, 10),            # zeros in a pentanomial
    ([300, 100, 420], 0, 10),
    ([1000, 0, 999], 0, 2),
]


@pytest.mark.parametrize("model", ["normalized", "logistic"])
@pytest.mark.parametrize("counts, elo0, elo1", CASES)
def test_llr_matches_an_independent_kkt_solution(counts: list[int], elo0: float, elo1: float, model: str) -> None:
    assert llr(counts, elo0, elo1, model) == pytest.approx(reference_llr(counts, elo0, elo1, model), abs=1e-6)


def test_the_independent_solver_meets_its_constraint() -> None:
    """Guards the guard: the KKT solution really has the hypothesised t-value and mean."""
    p = np.array([0.1, 0.2, 0.4, 0.2, 0.1])
    a = np.arange(5) / 4
    q = constrained_mle(p, a, "normalized", 0.05)
    m = q @ a
    assert (m - 0.5) / math.sqrt(q @ (a * a) - m * m) == pytest.approx(0.05, abs=1e-12)
    assert constrained_mle(p, a, "logistic", 0.53) @ a == pytest.approx(0.53, abs=1e-12)


def test_known_figures() -> None:
    """Figures fixed once (from the independent solver) so a change of method shows at once."""
    assert llr([100, 800, 120], 0, 2) == pytest.approx(0.2310272983, abs=1e-8)
    assert sprt_bounds() == pytest.approx((-math.log(19), math.log(19)))
    assert sprt_bounds(0.05, 0.1) == pytest.approx((math.log(0.1 / 0.95), math.log(0.9 / 0.05)))


# -- properties ---------------------------------------------------------------------------
counts3 = st.lists(st.integers(0, 400), min_size=3, max_size=3)
counts5 = st.lists(st.integers(0, 400), min_size=5, max_size=5)
elos = st.floats(-40, 40, allow_nan=False)
models = st.sampled_from(["normalized", "logistic"])


@settings(max_examples=60, deadline=None)
@given(st.one_of(counts3, counts5), elos, models)
def test_llr_is_zero_for_equal_hypotheses(counts: list[int], elo: float, model: str) -> None:
    assert llr(counts, elo, elo, model) == 0.0


@settings(max_examples=60, deadline=None)
@given(st.one_of(counts3, counts5), elos, elos, models)
def test_llr_is_antisymmetric(counts: list[int], elo0: float, elo1: float, model: str) -> None:
    assert llr(counts, elo1, elo0, model) == pytest.approx(-llr(counts, elo0, elo1, model), abs=1e-9)


@settings(max_examples=80, deadline=None)
@given(st.one_of(counts3, counts5), st.floats(-20, 20), st.floats(0.5, 20), models)
def test_a_loss_turned_into_a_win_raises_the_llr(counts: list[int], elo0: float, gap: float, model: str) -> None:
    if counts[0] == 0:
        counts = [1] + counts[1:]
    better = [counts[0] - 1] + counts[1:-1] + [counts[-1] + 1]
    assert llr(better, elo0, elo0 + gap, model) > llr(counts, elo0, elo0 + gap, model)


# -- error rates by simulation --------------------------------------------------------------
def pentanomial_with_nelo(elo: float) -> np.ndarray:
    """A pair distribution whose normalized Elo is `elo`.

    Built by tilting a symmetric durak-like shape (many 1-1 pairs) with
    weights exp(h * a_i), a_i = i/4 the pair's score, and solving for h so
    that the per-pair t-value (mu - 1/2) / sd equals elo / (800 / ln 10) * sqrt 2.
    """
    base = np.array([0.08, 0.2, 0.44, 0.2, 0.08])
    a = np.arange(5) / 4
    want = elo / NELO * math.sqrt(2)

    def tilted(h: float) -> np.ndarray:
        w = base * np.exp(h * a)
        return w / w.sum()

    def gap(h: float) -> float:
        q = tilted(h)
        m = q @ a
        return float((m - 0.5) / math.sqrt(q @ (a * a) - m * m) - want)

    return tilted(brentq(gap, -20, 20, xtol=1e-14))


def trinomial_with_logistic_elo(elo: float, draws: float = 0.1) -> np.ndarray:
    """[L, D, W] probabilities with the given draw rate and the mean score 1 / (1 + 10^(-elo/400))."""
    s = 1 / (1 + 10 ** (-elo / 400))
    w = s - draws / 2
    return np.array([1 - draws - w, draws, w])


def decisions(probs: np.ndarray, elo0: float, elo1: float, model: str, runs: int, seed: int) -> dict[str, int]:
    rng = np.random.default_rng(seed)
    pairs = len(probs) == 5
    seen = {"H0": 0, "H1": 0, "none": 0}
    for _ in range(runs):
        def play(first: int, count: int) -> list[int]:
            return [int(c) for c in rng.multinomial(count, probs)]
        seen[run_sprt(play, elo0=elo0, elo1=elo1, model=model, pairs=pairs, batch=50,
                      max_units=200_000).decision] += 1
    return seen


@pytest.mark.soak
def test_error_rates_of_the_normalized_pentanomial_test() -> None:
    elo0, elo1, runs = 0.0, 30.0, 300
    assert pentanomial_with_nelo(elo1) @ (np.arange(5) / 4) > 0.5
    at_h0 = decisions(pentanomial_with_nelo(elo0), elo0, elo1, "normalized", runs, seed=1)
    at_h1 = decisions(pentanomial_with_nelo(elo1), elo0, elo1, "normalized", runs, seed=2)
    assert at_h0["none"] == at_h1["none"] == 0
    assert at_h0["H1"] <= 2 * 0.05 * runs, at_h0     # false positives: at most about alpha
    assert at_h1["H0"] <= 2 * 0.05 * runs, at_h1     # false negatives: at most about beta


def test_error_rates_of_the_logistic_trinomial_test() -> None:
    elo0, elo1, runs = 0.0, 40.0, 300
    at_h0 = decisions(trinomial_with_logistic_elo(elo0), elo0, elo1, "logistic", runs, seed=3)
    at_h1 = decisions(trinomial_with_logistic_elo(elo1), elo0, elo1, "logistic", runs, seed=4)
    assert at_h0["H1"] <= 2 * 0.05 * runs, at_h0
    assert at_h1["H0"] <= 2 * 0.05 * runs, at_h1


# -- the estimate ---------------------------------------------------------------------------
def test_estimate_by_hand() -> None:
    e = elo_estimate([100, 800, 120])
    mu = (800 * 0.5 + 120) / 1020
    var = (100 * mu ** 2 + 800 * (0.5 - mu) ** 2 + 120 * (1 - mu) ** 2) / 1020
    half = 1.959964 * math.sqrt(var / 1020)
    assert e.n == 1020
    assert e.score == pytest.approx(mu, abs=1e-12)
    assert (e.score_low, e.score_high) == pytest.approx((mu - half, mu + half), abs=1e-12)
    assert e.elo == pytest.approx(-400 * math.log10(1 / mu - 1), abs=1e-9)
    assert e.elo_low == pytest.approx(-400 * math.log10(1 / (mu - half) - 1), abs=1e-9)


def test_estimate_of_pairs_is_per_deal() -> None:
    e = elo_estimate([0, 0, 10, 0, 10])     # ten 1-1 pairs, ten 2-0 pairs: 3/4 per deal
    assert e.n == 20
    assert e.score == pytest.approx(0.75, abs=1e-3)


def test_estimate_of_a_clean_sweep_is_clamped_and_of_nothing_is_null() -> None:
    e = elo_estimate([0, 0, 50])
    assert e.elo == pytest.approx(logistic_elo(0.999)) and e.score_high == 1.0
    assert elo_estimate([0, 0, 0]) == (None, None, None, None, None, None, 0)
    assert json.loads(json.dumps(elo_estimate([0, 0, 0]).as_dict()))["elo"] is None


# -- the running test -----------------------------------------------------------------------
def test_sprt_accumulates_and_decides() -> None:
    t = SPRT(0, 10, model="logistic", pairs=False)
    assert (t.llr, t.units, t.decision, t.counts) == (0.0, 0, None, (0, 0, 0))
    t.update([30, 10, 42])
    t.update(np.array([270, 90, 378]))
    assert t.counts == (300, 100, 420) and t.units == 820
    assert t.llr == pytest.approx(llr([300, 100, 420], 0, 10, "logistic"))
    assert [u for u, _ in t.history] == [82, 820]
    assert t.decision == "H1"
    with pytest.raises(KozyrError) as e:
        t.update([1, 0, 0])
    assert e.value.code == "sprt_decided"
    assert t.counts == (300, 100, 420) and len(t.history) == 2
    data = json.loads(json.dumps(t.as_dict(), allow_nan=False))
    assert data["decision"] == "H1" and data["history"][-1][0] == 820


def test_sprt_accepts_h0() -> None:
    t = SPRT(0, 5, pairs=True)
    t.update([90, 230, 400, 120, 20])
    assert t.llr <= t.bounds[0] and t.decision == "H0"


@pytest.mark.parametrize("delta, pairs", [
    ([1, 2, 3], True), ([1, 2, 3, 4, 5], False), ([1, -1, 0], False), ([1, 0.5, 0], False),
    ([True, 0, 0], False), ("abc", False), (5, False), ([1, None, 0], False),
])
def test_sprt_refuses_bad_counts_and_changes_nothing(delta: object, pairs: bool) -> None:
    t = SPRT(0, 5, pairs=pairs)
    t.update([0] * len(t.counts))
    before = (t.counts, t.llr, list(t.history))
    with pytest.raises(KozyrError) as e:
        t.update(delta)  # type: ignore[arg-type]
    assert e.value.code == "bad_counts"
    assert (t.counts, t.llr, t.history) == before


@pytest.mark.parametrize("kwargs, code", [
    ({"elo0": 5, "elo1": 5}, "bad_elo"), ({"elo0": 5, "elo1": 0}, "bad_elo"),
    ({"elo0": float("nan"), "elo1": 1}, "bad_elo0"), ({"elo0": 0, "elo1": "5"}, "bad_elo1"),
    ({"elo0": 0, "elo1": 5, "alpha": 0.5}, "bad_alpha"), ({"elo0": 0, "elo1": 5, "alpha": 0}, "bad_alpha"),
    ({"elo0": 0, "elo1": 5, "beta": -0.1}, "bad_beta"), ({"elo0": 0, "elo1": 5, "model": "bayes"}, "bad_model"),
    ({"elo0": 0, "elo1": 5, "pairs": "yes"}, "bad_pairs"), ({"elo0": 0, "elo1": 5000}, "bad_elo"),
])
def test_sprt_refuses_bad_settings(kwargs: dict[str, object], code: str) -> None:
    with pytest.raises(KozyrError) as e:
        SPRT(**kwargs)  # type: ignore[arg-type]
    assert e.value.code == code


def test_llr_refusals() -> None:
    for counts in ([1, 2], [1, 2, 3, 4], [1, -2, 3], [1, float("inf"), 3]):
        with pytest.raises(KozyrError) as e:
            llr(counts, 0, 5)
        assert e.value.code == "bad_counts"
    with pytest.raises(KozyrError) as e:
        llr([1, 2, 3], 0, 5, model="elo")
    assert e.value.code == "bad_model"


# -- the driver -----------------------------------------------------------------------------
def test_run_sprt_plays_consecutive_batches_until_a_decision() -> None:
    calls: list[tuple[int, int]] = []
    seen: list[int] = []
    rng = np.random.default_rng(5)
    probs = trinomial_with_logistic_elo(60)

    def play(first: int, count: int) -> list[int]:
        calls.append((first, count))
        return [int(c) for c in rng.multinomial(count, probs)]

    result = run_sprt(play, elo0=0, elo1=10, model="logistic", pairs=False, batch=40, max_units=100_000,
                      on_batch=lambda state: seen.append(state.units))
    assert isinstance(result, SPRTResult) and result.decision == "H1"
    assert calls[0] == (0, 40) and all(b[0] == a[0] + a[1] for a, b in zip(calls, calls[1:], strict=False))
    assert seen == [u for u, _ in result.llr_history] and result.units == seen[-1] == sum(result.counts)
    assert result.llr >= result.bounds[1] and result.llr == result.llr_history[-1][1]
    assert result.estimate == elo_estimate(result.counts)
    assert json.loads(json.dumps(result.as_dict(), allow_nan=False))["decision"] == "H1"


def test_run_sprt_stops_at_max_units_with_no_decision() -> None:
    calls: list[tuple[int, int]] = []

    def play(first: int, count: int) -> list[int]:
        calls.append((first, count))
        return [0, count // 2, 0, count - count // 2, 0]   # a mean of exactly 1/2

    result = run_sprt(play, elo0=-50, elo1=50, batch=30, max_units=100)
    assert result.decision == "none" and result.units == 100
    assert calls == [(0, 30), (30, 30), (60, 30), (90, 10)]


def test_run_sprt_lets_ctrl_c_through() -> None:
    def play(first: int, count: int) -> list[int]:
        if first >= 20:
            raise KeyboardInterrupt
        return [0, count, 0]

    with pytest.raises(KeyboardInterrupt):
        run_sprt(play, elo0=0, elo1=5, pairs=False, batch=10, max_units=1000)


@pytest.mark.parametrize("play, kwargs, code", [
    (lambda f, c: [0, c, 0], {"batch": 0}, "bad_batch"),
    (lambda f, c: [0, c, 0], {"max_units": -1}, "bad_max_units"),
    (lambda f, c: [0, c, 0], {"batch": 2.5}, "bad_batch"),
    (lambda f, c: [0, c + 1, 0], {}, "bad_batch_counts"),
    (lambda f, c: [0, c], {}, "bad_counts"),
    (lambda f, c: [0, c, 0], {"on_batch": 3}, "bad_on_batch"),
])
def test_run_sprt_refusals(play: Callable[[int, int], list[int]], kwargs: dict[str, object], code: str) -> None:
    args: dict[str, object] = {"elo0": 0, "elo1": 5, "pairs": False, "batch": 10, "max_units": 100}
    args.update(kwargs)
    with pytest.raises(KozyrError) as e:
        run_sprt(play, **args)  # type: ignore[arg-type]
    assert e.value.code == code


# -- scores to counts -----------------------------------------------------------------------
def test_counts_from_scores() -> None:
    assert counts_from_scores([], pairs=False) == [0, 0, 0]
    assert counts_from_scores(np.array([1.0, 0.5, 0.5, 0.0]), pairs=False) == [1, 2, 1]
    assert counts_from_scores([2, 1.5, 1, 1, 0.5, 0], pairs=True) == [1, 1, 2, 1, 1]
    assert counts_from_scores(np.array([[1, 1], [0.5, 0], [1, 0]]), pairs=True) == [0, 1, 1, 0, 1]
    for scores, pairs in (([0.25], False), ([1.5], False), ([-0.5], True), ([2.5], True),
                          ([float("nan")], False), (["x"], False), ([[1, 2, 3]], False)):
        with pytest.raises(KozyrError) as e:
            counts_from_scores(scores, pairs=pairs)
        assert e.value.code == "bad_scores"


def test_rates_are_unchanged() -> None:
    r = rate(1, 4)
    assert r.hits == 1 and r.total == 4 and r.low is not None and r.high is not None and r.low < 0.25 < r.high


def test_a_rate_or_interval_of_impossible_counts_is_a_kozyr_error():
    from kozyr.errors import KozyrError
    from kozyr.stats import wilson

    for call, code in ((lambda: rate(5, 3), "bad_hits"), (lambda: rate(-1, 3), "bad_hits"),
                       (lambda: wilson(0, 0), "bad_total")):
        with pytest.raises(KozyrError) as err:
            call()
        assert err.value.code == code


# -- issue 22: normalized Elo with its interval, and a decision from counts alone ------------------
@pytest.mark.parametrize("counts", [[869, 535, 1854, 566, 1176], [100, 800, 120], [5, 20, 50, 30, 10],
                                    [0, 3, 40, 9, 1], [300, 100, 420]])
def test_normalized_elo_is_the_normalized_model_s_maximum_likelihood(counts: list[int]) -> None:
    """The normalized Elo the sequential test's model gives the counts the highest likelihood: the LLR
    between two hypotheses at equal distance from it is zero, and it falls off on either side. (Without the
    sqrt 2 of a pair, the pentanomial estimate sat 41 % too far out and these LLRs were far from zero.)"""
    from kozyr.stats import normalized_elo

    e = normalized_elo(counts)
    assert e.elo is not None and e.low is not None and e.high is not None
    elo, low, high = e.elo, e.low, e.high
    assert low < elo < high and e.n == sum(counts)
    assert abs(llr(counts, elo - 0.25, elo + 0.25)) < 1e-4
    assert llr(counts, elo - 2, elo - 1) > 0 > llr(counts, elo + 1, elo + 2)
    est = elo_estimate(counts)   # the interval is the score's, mapped: its ends are as far from the estimate
    assert est.score_high is not None and est.score is not None
    assert (high - elo) / (elo - low) == pytest.approx(1.0, rel=1e-9)
    assert (est.score_high - est.score) == pytest.approx((high - elo) / (elo - 0) * (est.score - 0.5), rel=1e-6)


def test_normalized_elo_of_nothing_is_empty() -> None:
    from kozyr.stats import normalized_elo

    assert normalized_elo([0, 0, 0]) == (None, None, None, 0)
    assert normalized_elo([0, 0, 7, 0, 0]).elo is not None     # the prior gives every count a little spread


def test_a_decision_from_counts_alone_is_the_running_test_s() -> None:
    from kozyr.stats import decide

    for counts, model in (([869, 535, 1854, 566, 1176], "normalized"), ([300, 100, 420], "logistic"),
                          ([10, 90, 800, 110, 12], "logistic")):
        r = decide(counts, 0, 5, model=model)
        t = SPRT(0, 5, model=model, pairs=len(counts) == 5)
        t.update(counts)
        assert (r.decision, r.llr, r.units, r.counts) == (t.decision or "none", t.llr, t.units, tuple(counts))
    with pytest.raises(KozyrError) as info:
        decide([0, 0, 0, 0, 0], 0, 5)
    assert info.value.code == "bad_counts"


# -- the round robin's ratings ----------------------------------------------------------------------
def _expected(ratings: list[float], games: float) -> tuple[np.ndarray, np.ndarray]:
    """Every pairing's expected score under the model: the data whose maximum-likelihood fit is `ratings`."""
    r = np.asarray(ratings, dtype=float)
    p = 1.0 / (1.0 + 10.0 ** (-(r[:, None] - r[None, :]) / 400.0))
    n = np.full((len(r), len(r)), games)
    np.fill_diagonal(n, 0.0)
    return n * p, n


def test_elo_fit_recovers_the_ratings_of_expected_scores() -> None:
    from kozyr.stats import elo_fit

    truth = [-600.0, 0.0, 40.0, 95.0, 300.0]
    s, n = _expected(truth, 1000)
    fit = elo_fit(s, n)
    centred = np.asarray(truth) - np.mean(truth)
    assert np.allclose(fit, centred, atol=1e-6), fit
    assert abs(sum(fit)) < 1e-9
    # against scipy's general optimiser on the same likelihood (an independent maximisation)
    from scipy.optimize import minimize

    def negll(x: np.ndarray) -> float:
        d = math.log(10) / 400 * (x[:, None] - x[None, :])
        return float((s * np.logaddexp(0.0, -d)).sum())

    other = minimize(negll, np.zeros(5), method="BFGS").x
    assert np.allclose(fit, other - other.mean(), atol=0.05)


def test_elo_fit_of_a_sparse_round_robin_and_of_draws() -> None:
    from kozyr.stats import elo_fit

    s = np.array([[0, 60, 0], [40, 0, 55], [0, 45, 0]], dtype=float)   # 0 and 2 never met
    n = np.array([[0, 100, 0], [100, 0, 100], [0, 100, 0]], dtype=float)
    r = elo_fit(s, n)
    assert r[0] > r[1] > r[2]
    assert r[0] - r[1] == pytest.approx(-400 * math.log10(1 / 0.6 - 1), abs=1e-6)   # a chain: each link alone
    assert elo_fit([[0, 50], [50, 0]], [[0, 100], [100, 0]]) == (0.0, 0.0)


@pytest.mark.parametrize("score,games,why", [
    ([[0, 100], [0, 0]], [[0, 100], [100, 0]], "scored nothing"),                     # a clean sweep
    ([[0, 10, 0], [10, 0, 0], [0, 0, 0]], [[0, 20, 0], [20, 0, 0], [0, 0, 0]], "scored nothing"),  # 2 plays no one
    ([[0, 60], [30, 0]], [[0, 100], [100, 0]], "summing"),
    ([[0, 1, 2]], [[0, 1, 2]], "square"),
    ([[0, -1], [1, 0]], [[0, 0], [0, 0]], "non-negative"),
])
def test_elo_fit_refuses_scores_without_finite_ratings(score: object, games: object, why: str) -> None:
    from kozyr.stats import elo_fit

    with pytest.raises(KozyrError, match=why) as info:
        elo_fit(score, games)
    assert info.value.code == "bad_scores"


def test_round_robin_elo_reads_pentanomials_and_bootstraps_over_pairs() -> None:
    from kozyr.stats import elo_fit, round_robin_elo

    pairs = {(0, 1): [10, 5, 50, 15, 20], (1, 2): [30, 0, 60, 0, 10], (2, 0): [40, 2, 50, 3, 5]}
    fit = round_robin_elo(pairs, 3, bootstrap=300, rng=7)
    s = np.zeros((3, 3))
    for (i, j), c in pairs.items():
        pts = sum(k * v for k, v in enumerate(c)) / 2
        s[i, j], s[j, i] = pts, 2 * sum(c) - pts
    n = np.full((3, 3), 200.0)
    np.fill_diagonal(n, 0)
    assert fit.elo == elo_fit(s, n)
    assert fit.replicates == 300 and fit.dropped == 0
    assert all(lo < e < hi for lo, e, hi in zip(fit.low, fit.elo, fit.high, strict=True))
    assert fit == round_robin_elo(pairs, 3, bootstrap=300, rng=7)            # reproducible
    # the pairs' spread sets the width: the same points all in 1-of-2 pairs (P2) give a narrower interval
    even = {(0, 1): [0, 0, 100, 0, 0], (1, 2): [0, 0, 100, 0, 0], (2, 0): [0, 0, 100, 0, 0]}
    spread = {(0, 1): [50, 0, 0, 0, 50], (1, 2): [50, 0, 0, 0, 50], (2, 0): [50, 0, 0, 0, 50]}
    narrow, wide = round_robin_elo(even, 3, bootstrap=200), round_robin_elo(spread, 3, bootstrap=200)
    assert narrow.high[0] - narrow.low[0] == 0 < wide.high[0] - wide.low[0]
    none = round_robin_elo(pairs, 3, bootstrap=0)
    assert none.low == none.elo == none.high and none.replicates == 0
    assert json.loads(json.dumps(fit.as_dict()))["elo"] == list(fit.elo)


def test_round_robin_elo_refuses_bad_pairings() -> None:
    from kozyr.stats import round_robin_elo

    for pairs, players, code in (({(0, 0): [1, 1, 1, 1, 1]}, 2, "bad_scores"),
                                 ({(0, 1): [1, 1, 1, 1, 1], (1, 0): [1, 1, 1, 1, 1]}, 2, "bad_scores"),
                                 ({(0, 2): [1, 1, 1, 1, 1]}, 2, "bad_player"),
                                 ({(0, 1): [1, 1, 1]}, 2, "bad_counts"),
                                 ({(0, 1): [1, 1, 1, 1, 1]}, 1, "bad_players")):
        with pytest.raises(KozyrError) as info:
            round_robin_elo(pairs, players)
        assert info.value.code == code, (pairs, players)
