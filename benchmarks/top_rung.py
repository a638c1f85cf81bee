"""The top rung's table: rung 4's fool rate against rungs 2 and 3 and every panel bot, on deal pairs.

    PYTHONPATH=src python benchmarks/top_rung.py [--deals 2000] [--panel-deals 1000] [--workers 2]
        [--seed top] [--set NAME=VALUE ...] [--against 3 2 taker shedder hoarder spsa3] [--timing DEALS]

Rung 4 with the settings `--set` gives (Params fields, e.g. `--set OPPONENTS=1`
for the playouts of one model, the old rung 4) plays each opponent on deal
pairs (each deal twice with the seats swapped: `ladder(..., pairs=True)`),
`--deals` deals against a rung and `--panel-deals` against a panel bot (a
Python side: slower; `--workers` processes). Printed per opponent: rung 4's
fool rate among the decided deals with its 2-sigma Wilson interval, the
decided and drawn deals, the wall time, rung 4's mean time a decision (the
run's CPU seconds over rung 4's decisions, counting the opponent's: an upper
bound) and the load average. `--timing DEALS` first times rung 4's decisions
one by one (`best4` on the view, from Python: its call included) over DEALS
deals against rung 3, and prints the mean, the median and the 99th percentile.
docs/strength.md, "The top rung", shows it.
"""
from __future__ import annotations

import argparse
import os
import time

import numpy as np

from kozyr.durak import Bot, Game
from kozyr.durak.bots.bot4 import Rung4Bot
from kozyr.durak.bots.panel import PANEL
from kozyr.durak.ladder import ladder
from kozyr.durak.params import Params, param_name


def opponent(name: str) -> object:
    """A rung int or a panel bot by its name (the ladder plays a panel bot as a Python side)."""
    return int(name) if name.isdigit() else PANEL[name]


def timing(params: Params, deals: int) -> None:
    """Rung 4's time a decision, one decision at a time, against rung 3 (Game.from_rng deals)."""
    me, other = Rung4Bot("timing", params=params), Bot(3, "timing")
    times = []
    for k in range(deals):
        game = Game.from_rng(k)
        while not game.over:
            seat = game.turn
            view = game.view(seat)
            if seat == k % 2:
                t0 = time.perf_counter()
                move = me(view)
                times.append(time.perf_counter() - t0)
            else:
                move = other(view)
            game.apply(seat, move)
    ms = np.array(times) * 1e3
    print(f"time a decision over {len(ms):,} decisions of {deals} deals: mean {ms.mean():.3f} ms, median "
          f"{np.median(ms):.3f} ms, p99 {np.percentile(ms, 99):.3f} ms, max {ms.max():.2f} ms; "
          f"load {os.getloadavg()[0]:.2f}", flush=True)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--deals", type=int, default=2000, help="deals against a rung (even: deal pairs)")
    ap.add_argument("--panel-deals", type=int, default=1000, help="deals against a panel bot (even)")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--seed", default="top")
    ap.add_argument("--set", action="append", default=[], metavar="NAME=VALUE", help="a rung-4 setting")
    ap.add_argument("--against", nargs="*", default=["3", "2", *PANEL])
    ap.add_argument("--timing", type=int, default=0, metavar="DEALS", help="time decisions over DEALS deals first")
    args = ap.parse_args(argv)
    values = {}
    for item in args.set:
        name, _, value = item.partition("=")
        values[param_name(name) or name] = int(value)
    params = Params.of(values)
    if args.timing:
        timing(params, args.timing)
    print(f"rung 4 with {params!r}: its fool rate among decided deals (2-sigma), deal pairs, seed {args.seed!r}")
    for name in args.against:
        side = opponent(name)
        deals = args.deals if isinstance(side, int) else args.panel_deals
        t0, c0 = time.perf_counter(), time.process_time()
        r = ladder(4, side, deals, args.seed, params=params, pairs=True, workers=args.workers)
        wall = time.perf_counter() - t0
        cpu = sum(r.cpu_seconds) if r.cpu_seconds else time.process_time() - c0
        mine = int(np.sum(r.moves)) / 2     # about half the decisions are rung 4's
        f = r.a_fool_decided
        print(f"  vs {name:8s} {100 * (f.rate or 0):5.1f} % [{100 * (f.low or 0):4.1f}, {100 * (f.high or 0):4.1f}]  "
              f"{r.a_fools + r.b_fools:,} decided, {r.draws} drawn of {r.deals:,}; {wall:6.1f} s wall, "
              f"<= {1e3 * cpu / max(mine, 1):.2f} ms a decision; load {os.getloadavg()[0]:.2f}", flush=True)


if __name__ == "__main__":
    main()
