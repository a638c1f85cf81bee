"""The ladder rows of two kozyr builds, measured alternately in one run: the ratio is the figure.

    python benchmarks/compare_builds.py OLD_SRC NEW_SRC [--deals 300000] [--repeat 3]

OLD_SRC and NEW_SRC are `src` folders of two checkouts built in place
(`python setup.py build_ext --inplace`), e.g. the previous release and this
one. Each measurement runs in its own process (so the two builds never share
an interpreter) and the two builds take turns row by row, so a busy machine
slows both alike; the best of `--repeat` runs counts (CPU time of the process: the
playing threads; numpy's BLAS pool is held to one thread so that its start-up spin
does not count). The machine's load average is printed with the table.
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys

ROWS = [
    ("rung 3 vs rung 2, fast deals", 3, 2, "fast"),
    ("rung 3 vs rung 2, reference mode", 3, 2, "reference"),
    ("rung 1 vs rung 1, fast words", 1, 1, "fast"),
    ("rung 1 vs rung 1, reference mode", 1, 1, "reference"),
    ("rung 2 vs rung 2, fast deals", 2, 2, "fast"),
    # tables (builds from 0.3 on): rung 3 against a field of rung 2s, every rotation of a deal; games/s
    ("3 seats: rung 3 v 2 x rung 2, games", 3, 2, "fast", "3"),
    ("4 seats perevodnoy: 3 v 3 x 2, games", 3, 2, "fast", "4:perevodnoy"),
]

PROBE = r"""
import sys, time
from kozyr.durak.ladder import ladder
a, b, deal, n = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3], int(sys.argv[4])
if len(sys.argv) > 5:   # a table "SEATS[:VARIANT]": a against a field of b, n // SEATS deals in every rotation
    from kozyr.durak import Rules
    seats, _, variant = sys.argv[5].partition(":")
    rules = Rules(seats=int(seats), **({"variant": variant} if variant else {}))
    sides, deals = [a] + [b] * (rules.seats - 1), max(1, n // rules.seats)
    ladder(sides, 10, "bench", rules=rules, deal=deal)
    c0 = time.process_time()
    ladder(sides, deals, "bench", rules=rules, deal=deal)
    print(deals * rules.seats / (time.process_time() - c0))
    sys.exit(0)
try:
    kw = {"deal": deal}
    ladder(a, b, 10, "bench", **kw)
except TypeError:  # a build from before deal= (reference=/fast= booleans)
    kw = {"reference": deal == "reference", "fast": deal == "fast"}
c0 = time.process_time()
r = ladder(a, b, n, "bench", **kw)
print(n / (time.process_time() - c0))
"""


def measure(src: str, a: int, b: int, deal: str, deals: int, table: str = "") -> float:
    # numpy's BLAS thread pool spins for a moment after import; its threads' CPU time would count
    # against the ladder in process_time, so the probe runs with a one-thread pool (no BLAS is used)
    env = dict(os.environ, PYTHONPATH=src, OPENBLAS_NUM_THREADS="1", OMP_NUM_THREADS="1")
    out = subprocess.run([sys.executable, "-c", PROBE, str(a), str(b), deal, str(deals), *([table] if table else [])],
                         env=env,
                         capture_output=True, text=True, check=True)
    return float(out.stdout.strip())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("old", help="src folder of the first build (the baseline)")
    parser.add_argument("new", help="src folder of the second build")
    parser.add_argument("--deals", type=int, default=300_000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args(argv)
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores at the start")
    print(f"{'one core, CPU deals/s':36} {'old':>10} {'new':>10} {'new/old':>8}")
    for name, a, b, deal, *table in ROWS:
        best = {"old": 0.0, "new": 0.0}
        for _ in range(args.repeat):
            for which in ("old", "new"):
                best[which] = max(best[which], measure(getattr(args, which), a, b, deal, args.deals, *table))
        print(f"{name:36} {best['old']:>10,.0f} {best['new']:>10,.0f} {best['new'] / best['old']:>8.3f}")
    print(f"load average {os.getloadavg()[0]:.2f} at the end")
    return 0


if __name__ == "__main__":
    sys.exit(main())
