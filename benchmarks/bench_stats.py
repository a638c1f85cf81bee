"""The cost of the sequential test's statistics: llr() per call, for both count shapes and both Elo models.

pytest-benchmark:   PYTHONPATH=src python -m pytest benchmarks/bench_stats.py
Script:             PYTHONPATH=src python benchmarks/bench_stats.py [CALLS]
    times CALLS (default 2,000) llr() calls per case and prints microseconds
    per call, plus one SPRT.update on top; the test recomputes the LLR once per
    batch of deals, so this is the whole overhead the statistics add to a run.
"""
from __future__ import annotations

import sys
import time

import pytest
from pytest_benchmark.fixture import BenchmarkFixture

from kozyr.stats import SPRT, elo_estimate, llr

# Durak-like counts after a few thousand deals or pairs: a small edge for side A.
CASES = {
    "trinomial": ([2012, 95, 2205], 0.0, 2.0),
    "pentanomial": ([310, 820, 2410, 902, 337], 0.0, 2.0),
}
MODELS = ("normalized", "logistic")


@pytest.mark.parametrize("model", MODELS)
@pytest.mark.parametrize("shape", list(CASES))
def test_llr(benchmark: BenchmarkFixture, shape: str, model: str) -> None:
    counts, elo0, elo1 = CASES[shape]
    benchmark(llr, counts, elo0, elo1, model)


def test_elo_estimate(benchmark: BenchmarkFixture) -> None:
    benchmark(elo_estimate, CASES["pentanomial"][0])


def per_call_us(fn: object, calls: int) -> float:
    assert callable(fn)
    started = time.perf_counter()
    for _ in range(calls):
        fn()
    return (time.perf_counter() - started) / calls * 1e6


def main(calls: int) -> None:
    print(f"llr(): microseconds per call, mean of {calls:,} calls")
    for shape, (counts, elo0, elo1) in CASES.items():
        for model in MODELS:
            us = per_call_us(lambda c=counts, a=elo0, b=elo1, m=model: llr(c, a, b, m), calls)
            print(f"  {shape:<12} {model:<11} {us:8.1f} us   llr = {llr(counts, elo0, elo1, model):+.4f}")
    deltas = [[3, 8, 24, 8, 3]] * calls

    def updates() -> None:
        t = SPRT(-20, 20)        # symmetric results, symmetric hypotheses: the LLR stays at 0, no decision
        for d in deltas:
            t.update(d)
        assert t.decision is None

    started = time.perf_counter()
    updates()
    print(f"SPRT.update (pentanomial, normalized): {(time.perf_counter() - started) / calls * 1e6:8.1f} us")
    us = per_call_us(lambda: elo_estimate(CASES["pentanomial"][0]), calls)
    print(f"elo_estimate: {us:8.1f} us")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 2000)
