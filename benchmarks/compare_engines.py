"""The same random deals through the C playout, the Cython Python API and reference.py.

    PYTHONPATH=src python benchmarks/compare_engines.py --deals 2000

Deal i is `Game.from_rng(seed + i)` in every engine (the reference gets the same
order through `from_order`), which is also the deal `random_playouts(n, seed)`
plays. The two Python-level loops choose `legal[pick % len(legal)]` from one
pre-drawn list of random picks, so they play identical games (checked); the C
playout chooses with its own generator, so its games differ but its deals are
the same. Times are CPU time of this process (time.process_time), which is
less disturbed by other work on a shared machine than wall time; both are
printed. Ratios measured in one run are the figures that count.
"""
from __future__ import annotations

import argparse
import random
import sys
import time

from kozyr.durak.core import engine as _engine

try:
    from kozyr.durak.oracle import reference
except ImportError:  # pragma: no cover - the reference is part of the package
    reference = None


def play_python_level(make, orders, picks):
    """Play every deal with legal_moves()/apply(); (decisions, results)."""
    j = 0
    n = len(picks)
    decisions = 0
    results = []
    for order in orders:
        g = make(order)
        while not g.over:
            legal = g.legal_moves()
            g.apply(g.turn, legal[picks[j % n] % len(legal)])
            j += 1
        decisions += len(g.history)
        results.append(g.result)
    return decisions, results


def timed(fn, *args):
    c0, w0 = time.process_time(), time.perf_counter()
    out = fn(*args)
    return out, time.process_time() - c0, time.perf_counter() - w0


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000, help="deals for the Python-level loops")
    parser.add_argument("--c-deals", type=int, default=200_000, help="deals for the C playout")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-reference", action="store_true")
    args = parser.parse_args(argv)

    rows = []

    # C: whole deals in C, GIL released
    out, cpu, wall = timed(_engine.random_playouts, args.c_deals, args.seed)
    dec = int(out["moves"].sum())
    rows.append(("C random_playouts", args.c_deals, dec, cpu, wall))

    orders = [_engine.Game.from_rng(args.seed + i).order for i in range(args.deals)]
    rnd = random.Random(args.seed)
    picks = [rnd.getrandbits(30) for _ in range(1 << 16)]

    (dec_cy, res_cy), cpu, wall = timed(play_python_level, _engine.Game.from_order, orders, picks)
    rows.append(("Cython Game, Python loop", args.deals, dec_cy, cpu, wall))

    if reference is not None and not args.no_reference:
        (dec_ref, res_ref), cpu, wall = timed(play_python_level, reference.Game.from_order, orders, picks)
        rows.append(("reference.py, Python loop", args.deals, dec_ref, cpu, wall))
        assert (dec_cy, res_cy) == (dec_ref, res_ref), "the two Python-level loops played different games"

    print(f"{'engine':28} {'deals':>8} {'decisions':>10} {'deals/s':>12} {'ns/decision':>12} {'(wall deals/s)':>15}")
    for name, deals, dec, cpu, wall in rows:
        print(f"{name:28} {deals:8d} {dec:10d} {deals / cpu:12,.0f} {cpu / dec * 1e9:12,.0f} {deals / wall:15,.0f}")
    ns = {name: cpu / dec * 1e9 for name, _, dec, cpu, _ in rows}
    print()
    print(f"decisions per deal: C {rows[0][2] / rows[0][1]:.1f}, Python loops {dec_cy / args.deals:.1f}")
    cy = ns["Cython Game, Python loop"]
    print(f"C playout vs Cython Python loop: {cy / ns['C random_playouts']:.1f}x per decision")
    if len(rows) == 3:
        ref = ns["reference.py, Python loop"]
        print(f"Cython Python loop vs reference.py: {ref / cy:.1f}x per decision (identical games)")
        print(f"C playout vs reference.py: {ref / ns['C random_playouts']:.0f}x per decision")
    return 0


if __name__ == "__main__":
    sys.exit(main())
