"""Benchmarks for kozyr.preferans: scoring deals, recomputing a sheet, settling.

pytest-benchmark:   PYTHONPATH=src python -m pytest benchmarks/bench_preferans.py
Throughput script:  PYTHONPATH=src python benchmarks/bench_preferans.py [N]
    builds N (default 20,000) random legal deals, scores them one by one,
    recomputes a sheet of 200 deals (what an edit costs) and settles it,
    and prints deals per second.  Exact Fractions are the point, not speed:
    the figure shows that an edit of a whole evening's sheet is instant.
"""
from __future__ import annotations

import random
import sys
import time

from pytest_benchmark.fixture import BenchmarkFixture

from kozyr.preferans import LADDER, SOCHI, Deal, Sheet, score_deal, settle

PLAYERS = ("A", "B", "C")
GAMES = [c for c in LADDER if not c.is_misere]


def random_deals(n: int, seed: int = 0) -> list[Deal]:
    """Legal deals: games with every kind of defence, misères and raspasy."""
    rng = random.Random(seed)
    deals: list[Deal] = []
    while len(deals) < n:
        kind = rng.random()
        split = sorted(rng.sample(range(11), 2))
        tricks = dict(zip(PLAYERS, (split[0], split[1] - split[0], 10 - split[1]), strict=True))
        if kind < 0.15:
            deals.append(Deal.raspasy(tricks))
            continue
        declarer = rng.choice(PLAYERS)
        defenders = [p for p in PLAYERS if p != declarer]
        if kind < 0.2:
            deals.append(Deal(PLAYERS, declarer=declarer, contract="misere", tricks=tricks))
            continue
        contract = rng.choice(GAMES)
        calls = dict(zip(defenders, rng.choice([("whist", "whist"), ("whist", "pass"), ("pass", "pass")]), strict=True))
        deals.append(Deal(PLAYERS, declarer=declarer, contract=contract, calls=calls, tricks=tricks))
    return deals


def test_score_deals(benchmark: BenchmarkFixture) -> None:
    deals = random_deals(1000)
    benchmark(lambda: [score_deal(d, SOCHI) for d in deals])


def test_recompute_sheet(benchmark: BenchmarkFixture) -> None:
    deals = random_deals(200, seed=1)
    benchmark(lambda: Sheet(PLAYERS, SOCHI, deals=deals).settle())


def main(n: int) -> None:
    deals = random_deals(n)
    t0 = time.perf_counter()
    for d in deals:
        score_deal(d, SOCHI)
    t1 = time.perf_counter()
    print(f"score_deal: {n / (t1 - t0):,.0f} deals/s ({(t1 - t0) / n * 1e6:.1f} µs per deal)")
    evening = deals[:200]
    t0 = time.perf_counter()
    sheet = Sheet(PLAYERS, SOCHI, deals=evening)
    saldo = settle(sheet)
    t1 = time.perf_counter()
    print(f"sheet of 200 deals recomputed and settled in {(t1 - t0) * 1e3:.1f} ms; saldos {dict(saldo.rounded())}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20_000)
