"""What each of kozyr's ways of playing a table (rungs 2 and 3) is worth: the sequential test at a table of its shape.

    PYTHONPATH=src python benchmarks/variant_play.py [--max-deals 400000]

Each row plays `kozyr.durak.sprt(candidate, field, 0, 5, rules=...)` (normalized
Elo bounds [0, 5], alpha = beta = 0.05; games counted as deals x seats) with
the setting `Params.VARIANT_PLAY` choosing which ways (a mask: 1 show, 2
transfer, 4 thrower, 8 power) the candidate (side 0, `params_a`) and the field
(every other side, `params_b`) play: "rung 3 with the rule against rung 3
without it" gives the candidate every rule and the field every rule but that
one. The last rows are the issue's targets: rung 3 against three rung 2s
at 4 seats podkidnoy, and against two rung 2s at 3 seats perevodnoy, every
rule on. The script prints one line a run with its result and the load
average it ran under (a run's decision does not depend on the load; its
time does).
"""
from __future__ import annotations

import argparse
import os
import time

from kozyr.durak import Params, Rules
from kozyr.durak.tuning.measure import sprt

SHOW, TRANSFER, THROWER, POWER, ALL = 1, 2, 4, 8, 15

RUNS = [
    # (what, candidate, field, rules, candidate's mask, field's mask)
    ("show: rung 3 with against without", 3, 3, Rules(seats=3, variant="perevodnoy", show_trump=True), ALL,
     ALL & ~SHOW),
    ("show: rung 2 with against without", 2, 2, Rules(seats=3, variant="perevodnoy", show_trump=True), ALL,
     ALL & ~SHOW),
    ("transfer: rung 3 with against without", 3, 3, Rules(seats=4, variant="perevodnoy"), ALL, ALL & ~TRANSFER),
    ("transfer: rung 3 with against without", 3, 3, Rules(seats=3, variant="perevodnoy"), ALL, ALL & ~TRANSFER),
    ("transfer: rung 2 with against without", 2, 2, Rules(seats=4, variant="perevodnoy"), ALL, ALL & ~TRANSFER),
    ("thrower: rung 3 with against without", 3, 3, Rules(seats=4), ALL, ALL & ~THROWER),
    ("thrower: rung 3 with against without", 3, 3, Rules(seats=3, throw_in="neighbours"), ALL, ALL & ~THROWER),
    ("thrower: rung 3 with against without", 3, 3, Rules(seats=4, teams=True), ALL, ALL & ~THROWER),
    ("power: rung 3 with against without", 3, 3, Rules(seats=3, deck=52), ALL, ALL & ~POWER),
    ("power: rung 3 with against without", 3, 3, Rules(seats=3, deck=24), ALL, ALL & ~POWER),
    ("power: rung 3 with against without", 3, 3, Rules(deck=24), ALL, ALL & ~POWER),
    ("target: rung 3 against rung 2s", 3, 2, Rules(seats=4), ALL, ALL),
    ("target: rung 3 against rung 2s", 3, 2, Rules(seats=3, variant="perevodnoy"), ALL, ALL),
]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--max-deals", type=int, default=400_000, help="games at most a run (default 400000)")
    ap.add_argument("--batch", type=int, default=20_000, help="games between two looks at the LLR")
    args = ap.parse_args()
    for what, a, b, rules, mine, theirs in RUNS:
        t0 = time.perf_counter()
        r = sprt(a, b, 0, 5, rules=rules, seed="rules", batch=args.batch, max_deals=args.max_deals,
                 params_a=Params(VARIANT_PLAY=mine), params_b=Params(VARIANT_PLAY=theirs))
        ne = r.normalized
        load = os.getloadavg()[0]
        print(f"{what:40s} {rules!r:55s} {r.decision:4s} LLR {r.llr:+7.2f} {r.deals:>8,} games  "
              f"nElo {ne.elo:+6.1f} [{ne.low:+6.1f}, {ne.high:+6.1f}]  fool {r.a_fool.rate:.4f} vs "
              f"{r.b_fool.rate:.4f}  {time.perf_counter() - t0:5.1f} s  load {load:.2f}")


if __name__ == "__main__":
    main()
