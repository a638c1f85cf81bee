"""The long differential run: the Cython engine against reference.py on many seeded deals.

    PYTHONPATH=src python benchmarks/differential.py --deals 100000

Deal n uses the seed `durak` + n zero-padded to 27 digits, deal number 1 + n % 3,
and moves chosen by random.Random(--seed); every legal list, event, refusal code
and result must agree (the driver is kozyr.durak.oracle.testing.compare_deal, the
same one the test suite runs). --views also compares both seats' views and the visible state after
every move (about three times slower).
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter

from kozyr.durak.oracle import testing as driver


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--start", type=int, default=1, help="first seed number")
    parser.add_argument("--views", action="store_true", help="compare views and state after every move")
    args = parser.parse_args(argv)
    rnd = random.Random(args.seed)
    outcomes: Counter = Counter()
    moves = 0
    t0 = time.perf_counter()
    for i, n in enumerate(range(args.start, args.start + args.deals), 1):
        try:
            result, count = driver.compare_deal(driver.seed_of(n), 1 + n % 3, rnd, views=args.views)
        except AssertionError:
            print(f"DISAGREEMENT on seed number {n}, deal {1 + n % 3}", file=sys.stderr)
            raise
        outcomes[result.outcome if result.fool is None else f"{result.outcome} {result.fool}"] += 1
        moves += count
        if i % 10_000 == 0:
            print(f"  {i} deals agree ({time.perf_counter() - t0:.0f} s)", flush=True)
    dt = time.perf_counter() - t0
    print(f"{args.deals} deals, {moves} moves: the engines agree on every legal list, event, "
          f"refusal and result ({dt:.1f} s)")
    print("outcomes:", dict(sorted(outcomes.items())))
    return 0


if __name__ == "__main__":
    sys.exit(main())
