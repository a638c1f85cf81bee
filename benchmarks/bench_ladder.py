"""Ladder speed: whole deals of bot against bot in C, and the rung kernel from Python.

    PYTHONPATH=src python -m pytest benchmarks/bench_ladder.py --benchmark-only
    PYTHONPATH=src python benchmarks/bench_ladder.py [--deals 1000000]

The pytest-benchmark figures are per 10,000-deal ladder (divide by 10,000 for
one deal, by ~51 decisions for rung 3 vs rung 2, ~81 for rung 1 vs rung 1).
The script is the measured run the README quotes: deals per second by wall
clock and by CPU time of the calling thread (this machine is shared and often
busy, so CPU time is the steadier one-core figure), nanoseconds per decision,
the workers=2 speed-up, and the peak RSS of a million-deal ladder.
"""
from __future__ import annotations

import argparse
import os
import resource
import sys
import time
from typing import Any

import pytest

from kozyr.durak.bots.rungs import best
from kozyr.durak.core.engine import Game, _sha_ni
from kozyr.durak.ladder import ladder

N = 10_000


@pytest.mark.parametrize("a,b,kw", [
    (3, 2, {}), (3, 2, {"deal": "reference"}), (1, 1, {}), (1, 1, {"deal": "reference"}), (2, 2, {}),
], ids=["3v2-fast", "3v2-reference", "1v1-fast", "1v1-reference", "2v2-fast"])
def test_ladder_10k(benchmark: Any, a: int, b: int, kw: dict[str, Any]) -> None:
    r = benchmark(ladder, a, b, N, "bench", **kw)
    assert r.deals == N


def test_ladder_10k_two_workers(benchmark: Any) -> None:
    r = benchmark(ladder, 3, 2, N, "bench", workers=2, chunk=N // 8)
    assert r.deals == N


def test_ladder_10k_in_pairs(benchmark: Any) -> None:
    r = benchmark(ladder, 3, 2, N, "bench", pairs=True)
    assert r.deals == N


@pytest.mark.parametrize("batch", [2000, 10_000])
def test_sprt_10k_in_pairs(benchmark: Any, batch: int) -> None:
    """The sequential test over the very deals of test_ladder_10k_in_pairs (error rates so small that
    it never decides): the difference is what the statistics between batches cost."""
    from kozyr.durak import sprt

    r = benchmark(sprt, 3, 2, 0, 5, alpha=1e-100, beta=1e-100, max_deals=N, batch=batch, seed="bench")
    assert r.deals == N and r.decision == "none"


def test_best_from_python(benchmark: Any) -> None:
    g = Game.from_rng(7)
    view = g.view(g.turn or 0)
    benchmark(best, view, 3, 0)


# -- the measured run ------------------------------------------------------------------
def _measure(a: int, b: int, deals: int, repeat: int = 3, **kw: Any) -> dict[str, float]:
    """Best of `repeat` runs: wall deals/s, CPU deals/s (the process: the ladder plays in a
    worker thread even with workers=1, so the calling thread's own time would be ~0), ns per
    decision."""
    best_wall = best_cpu = 0.0
    moves = 0.0
    for _ in range(repeat):
        c0 = time.process_time()
        r = ladder(a, b, deals, "bench", **kw)
        cpu = time.process_time() - c0
        best_wall = max(best_wall, r.deals_per_second)
        best_cpu = max(best_cpu, deals / cpu if cpu > 0 else 0.0)
        moves = r.mean_moves
    return {"wall": best_wall, "cpu": best_cpu, "ns_per_decision": 1e9 / (best_cpu * moves), "moves": moves}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=300_000, help="deals per timing (default 300000)")
    parser.add_argument("--rss-deals", type=int, default=1_000_000, help="deals for the peak-RSS run")
    args = parser.parse_args(argv)
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores; "
          f"SHA-256 blocks {'with the CPU SHA extensions' if _sha_ni() else 'in portable C'}")
    rows = [
        ("rung 3 vs rung 2, fast deals", 3, 2, {}),
        ("rung 3 vs rung 2, reference mode", 3, 2, {"deal": "reference"}),
        ("rung 1 vs rung 1, fast words", 1, 1, {}),
        ("rung 1 vs rung 1, reference mode", 1, 1, {"deal": "reference"}),
        ("rung 2 vs rung 2, fast deals", 2, 2, {}),
    ]
    print(f"{'one core':36} {'wall deals/s':>13} {'CPU deals/s':>13} {'ns/decision':>12} {'moves':>7}")
    for name, a, b, kw in rows:
        m = _measure(a, b, args.deals, **kw)
        print(f"{name:36} {m['wall']:13,.0f} {m['cpu']:13,.0f} {m['ns_per_decision']:12.1f} {m['moves']:7.2f}")
    ones = [ladder(3, 2, args.deals, "bench") for _ in range(3)]
    twos = [ladder(3, 2, args.deals, "bench", workers=2) for _ in range(3)]
    one = max(ones, key=lambda r: r.deals_per_second or 0)
    two = max(twos, key=lambda r: r.deals_per_second or 0)
    ratio = (two.deals_per_second or 0) / (one.deals_per_second or 1)
    # each worker's CPU time against the wall time: below ~0.9 the cores were not free
    share = min(two.cpu_seconds) / two.seconds if two.cpu_seconds else 0.0
    load = os.getloadavg()[0]
    print(f"workers=2 vs 1 (wall, rung 3 vs rung 2): {two.deals_per_second:,.0f} / {one.deals_per_second:,.0f} "
          f"= {ratio:.2f}x; CPU per worker {', '.join(f'{c:.2f} s' for c in two.cpu_seconds)} "
          f"of {two.seconds:.2f} s wall; load average {load:.2f}")
    if share < 0.9 or load > 1.5:
        print(f"  the machine was busy (each worker had {share:.0%} of a core): this ratio measures the "
              "machine, not the ladder; run it on two free cores")
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    r = ladder(3, 2, args.rss_deals, "bench", workers=2)
    after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(f"{args.rss_deals:,} deals: peak RSS {after / 1024:.1f} MiB (was {before / 1024:.1f} MiB before; "
          f"the per-deal arrays are {sum(x.nbytes for x in (r.fool, r.moves, r.bouts, r.largest)) / 2**20:.1f} MiB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
