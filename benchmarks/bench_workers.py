"""Two workers against one, by wall clock: a Python bot's ladder (worker processes) and a table ladder (threads).

    PYTHONPATH=src python benchmarks/bench_workers.py [--deals 200000] [--rounds 3]

A Python bot holds the GIL for its decisions, so `workers=2` plays it in two processes; a ladder of
rungs plays in two threads of the nogil loop. Each row runs workers=1 and workers=2 in turn, `--rounds`
times, and compares the best wall-clock time of each: the targets are 1.8x or more on free cores, so the
script prints the load average before and after (on a busy machine the ratio says more of the load).
"""
from __future__ import annotations

import argparse
import os
import sys
import time

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")   # numpy's BLAS pool would spin beside the workers

from kozyr.durak import Rules, View  # noqa: E402
from kozyr.durak.ladder import ladder  # noqa: E402
from kozyr.durak.moves import Move  # noqa: E402


def middle(view: View) -> Move:
    """A trivial Python bot: the middle move of its legal list."""
    return view.legal[len(view.legal) // 2]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200_000)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args(argv)
    print("load average before: {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()))
    rows = (("a Python bot against rung 2 (processes)", (middle, 2), {}),
            ("rung 3 against three rung 2s, 4 seats (threads)", ([3, 2, 2, 2],), {"rules": Rules(seats=4)}))
    for label, sides, kw in rows:
        best: dict[int, float] = {}
        for _ in range(args.rounds):
            for workers in (1, 2):
                t0 = time.perf_counter()
                ladder(*sides, args.deals, seed="workers", workers=workers, **kw)
                best[workers] = min(best.get(workers, float("inf")), time.perf_counter() - t0)
        print(f"{label:50} workers=1 {best[1]:6.2f} s  workers=2 {best[2]:6.2f} s  {best[1] / best[2]:.2f}x")
    print("load average after: {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
