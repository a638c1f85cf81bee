"""The long soak of the variants: every option set, many deals, two engines side by side.

    PYTHONPATH=src python benchmarks/variants_soak.py --deals-per-set 30 --pair cython
    PYTHONPATH=src python benchmarks/variants_soak.py --lockstep 3300

Deal d of option set k (k in the order of kozyr.durak.oracle.testing.all_rules(), the
912 valid tables) uses the seed `durak` + (100 k + d) zero-padded to 27 digits,
deal number 1 + d % 3, and moves from random.Random(100 k + d). The driver is
kozyr.durak.oracle.testing.compare_table_deal, the one the test suite runs: the same
legal lists, events, views (with --views) and refusals after every move,
garbage probes, resigns, a refusal sweep on a share of positions, and the
rules' invariants. --pair twin-copy plays the twin against its own copies,
cython the compiled engine against the twin. --lockstep N instead plays N deals
of the two-seat table, the twin against the two-seat oracle.

A deal that reaches MOVE_CAP moves is stopped and counted apart. Ctrl-C stops
the run at once and prints what was done. Prints the totals, the longest deal,
the outcomes and the CPU time with the load average.
"""
from __future__ import annotations

import argparse
import os
import random
import sys
import time
from collections import Counter

from kozyr.durak import Rules
from kozyr.durak.core.engine import Game as CythonGame
from kozyr.durak.oracle import testing as driver
from kozyr.durak.oracle.reference_variants import Game as Twin

PAIRS = {
    "twin-copy": dict(engine=Twin, oracle=Twin, copies=0.05),
    "cython": dict(engine=CythonGame, oracle=Twin),
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals-per-set", type=int, default=10)
    parser.add_argument("--pair", choices=list(PAIRS), default="twin-copy")
    parser.add_argument("--views", action=argparse.BooleanOptionalAction, default=True,
                        help="compare every seat's view after every move (default on)")
    parser.add_argument("--sweep", type=float, default=0.01, help="share of positions swept through refusal()")
    parser.add_argument("--lockstep", type=int, default=0, metavar="N",
                        help="instead: N two-seat deals, the twin against the two-seat oracle")
    args = parser.parse_args(argv)
    outcomes: Counter[str] = Counter()
    deals = moves = capped = longest = 0
    started = time.process_time()
    try:
        if args.lockstep:
            for n in range(1, args.lockstep + 1):
                run = driver.compare_table_deal(Rules(), driver.seed_of(n), 1 + n % 3, random.Random(n),
                                                engine=Twin, oracle=driver.TwoSeatOracle, resign=0.002,
                                                sweep=args.sweep, views=args.views)
                deals, moves, longest = deals + 1, moves + run.moves, max(longest, run.moves)
                capped += run.capped
                outcomes[run.result.outcome if run.result else "capped"] += 1
        else:
            for k, rules in enumerate(driver.all_rules()):
                for d in range(args.deals_per_set):
                    n = 100 * k + d
                    run = driver.compare_table_deal(rules, driver.seed_of(n), 1 + d % 3, random.Random(n),
                                                    sweep=args.sweep, views=args.views, **PAIRS[args.pair])
                    deals, moves, longest = deals + 1, moves + run.moves, max(longest, run.moves)
                    capped += run.capped
                    outcomes[run.result.outcome if run.result else "capped"] += 1
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
    seconds = time.process_time() - started
    what = "lockstep at Rules()" if args.lockstep else f"{args.pair}, {args.deals_per_set} deals a set"
    print(f"{what}: {deals:,} deals, {moves:,} moves, longest {longest}, capped {capped} (cap {driver.MOVE_CAP})")
    print("outcomes: " + ", ".join(f"{k} {v:,}" for k, v in sorted(outcomes.items())))
    print(f"{seconds:.1f} s CPU ({1e3 * seconds / max(deals, 1):.1f} ms a deal), load average "
          + " ".join(f"{x:.2f}" for x in os.getloadavg()))
    return 0 if capped == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
