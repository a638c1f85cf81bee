"""Table ladder speed: N sides at a table of N seats, every deal played in every rotation, in C.

    PYTHONPATH=src python -m pytest benchmarks/bench_table.py --benchmark-only
    PYTHONPATH=src python benchmarks/bench_table.py [--deals 100000]

A "deal" here is one game: each rotation of a shuffled deal counts as one (a
ladder of D deals at 4 seats plays 4 D games), as the issue's target counts
them: the 4-seat rung-3 table ladder (rung 3 against three rung 2s) at
100,000 deals a second or more on one core, and workers = 2 at 1.8x or more
on free cores. The script prints games per second by wall clock and by the
process's CPU time (the steadier one-core figure on a shared machine), ns a
decision, the workers = 2 ratio, and the load average it ran under.
"""
from __future__ import annotations

import argparse
import os
import time
from typing import Any

import pytest

from kozyr.durak import Rules
from kozyr.durak.ladder import ladder

N = 2_500    # deals: 10,000 games at 4 seats

TABLES = {
    "4-podkidnoy": (Rules(seats=4), [3, 2, 2, 2]),
    "4-perevodnoy": (Rules(seats=4, variant="perevodnoy"), [3, 2, 2, 2]),
    "3-perevodnoy": (Rules(seats=3, variant="perevodnoy"), [3, 2, 2]),
    "6-podkidnoy": (Rules(seats=6), [3, 2, 2, 2, 2, 2]),
    "4-rung1": (Rules(seats=4), [1, 1, 1, 1]),
}


@pytest.mark.parametrize("name", list(TABLES))
def test_table_ladder(benchmark: Any, name: str) -> None:
    rules, sides = TABLES[name]
    r = benchmark(ladder, sides, N, "bench", rules=rules)
    assert r.deals == N


def test_table_ladder_two_workers(benchmark: Any) -> None:
    rules, sides = TABLES["4-podkidnoy"]
    r = benchmark(ladder, sides, N, "bench", rules=rules, workers=2, chunk=N // 8)
    assert r.deals == N


def _measure(rules: Rules, sides: list[int], deals: int, repeat: int = 3, **kw: Any) -> dict[str, float]:
    """Best of `repeat` runs: games/s by wall clock and by the process's CPU time, ns a decision."""
    best_wall = best_cpu = 0.0
    moves = 0.0
    for _ in range(repeat):
        c0 = time.process_time()
        r = ladder(sides, deals, "bench", rules=rules, **kw)
        cpu = time.process_time() - c0
        best_wall = max(best_wall, r.deals_per_second or 0.0)
        best_cpu = max(best_cpu, r.games / cpu if cpu > 0 else 0.0)
        moves = r.mean_moves or 0.0
    return {"wall": best_wall, "cpu": best_cpu, "ns": 1e9 / (best_cpu * moves) if best_cpu and moves else 0.0}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--deals", type=int, default=50_000, help="deals a ladder (games: deals x seats)")
    args = ap.parse_args()
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    for name, (rules, sides) in TABLES.items():
        m = _measure(rules, sides, args.deals)
        print(f"{name:14s} {' '.join(map(str, sides)):12s} {m['wall']:>11,.0f} games/s wall  "
              f"{m['cpu']:>11,.0f} games/s CPU  {m['ns']:6.1f} ns/decision")
    rules, sides = TABLES["4-podkidnoy"]
    one = _measure(rules, sides, args.deals, workers=1, chunk=args.deals // 16)
    two = _measure(rules, sides, args.deals, workers=2, chunk=args.deals // 16)
    print(f"4-podkidnoy workers=2: {two['wall']:,.0f} games/s wall, {two['wall'] / one['wall']:.2f}x workers=1 "
          f"({one['wall']:,.0f})")
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
