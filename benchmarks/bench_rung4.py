"""Rung 4's strength and speed: the measured run the README quotes.

    PYTHONPATH=src python benchmarks/bench_rung4.py [--deals 2000] [--workers 2]

Strength: ladders in the C loop, rung 4 (K = 64 unless said) against rungs 3,
2 and 1, and K = 16 against K = 64; seats alternate deal by deal (deal i
seats side a in engine seat i mod 2; the deals are the ladder's fast deals).
Each row gives side a's fool rate over decided deals with its 2-sigma Wilson
interval (kozyr.stats.rate) and the deals played.

Speed: rung 4 (K = 64) against rung 3 in a Python loop, every rung-4 decision
timed (wall clock and CPU time of this thread; the machine is shared, so the
CPU time is the steadier one-core figure): mean and 99th percentile per
decision (the ones with a choice: a single legal move costs nothing) and per
deal. The load average is printed with the figures.
"""
from __future__ import annotations

import argparse
import os
import time

import numpy as np

from kozyr.durak import Bot, Game, Params
from kozyr.durak.bots.bot4 import Rung4Bot
from kozyr.durak.ladder import ladder
from kozyr.stats import rate


def _fmt(r) -> str:
    return f"{100 * r.rate:5.2f}% [{100 * r.low:5.2f}, {100 * r.high:5.2f}]"


def strength(deals: int, workers: int) -> None:
    rows = [
        ("rung 4 (K=64) vs rung 3", Rung4Bot("bench-a", params=Params(K=64)), 3, deals),
        ("rung 4 (K=64, no endgame solver) vs rung 3", Rung4Bot("bench-a", params=Params(K=64, ENDGAME=0)), 3, deals),
        ("rung 4 (K=64) vs rung 2", Rung4Bot("bench-a", params=Params(K=64)), 2, deals // 2),
        ("rung 4 (K=64) vs rung 1", Rung4Bot("bench-a", params=Params(K=64)), 1, deals // 4),
        ("rung 4 (K=16) vs rung 4 (K=64)", Rung4Bot("bench-a", params=Params(K=16)),
         Rung4Bot("bench-b", params=Params(K=64)), deals // 2),
        ("rung 4 (K=16) vs rung 3", Rung4Bot("bench-a", params=Params(K=16)), 3, deals // 2),
    ]
    print(f"{'matchup':46} {'deals':>6} {'decided':>7}  {'a fool of decided (2 sigma)':28} {'draws':>5} "
          f"{'wall s':>7} {'cpu s':>7}")
    for name, a, b, n in rows:
        t0, c0 = time.perf_counter(), time.process_time()
        r = ladder(a, b, n, "rung4-bench", workers=workers)
        wall, cpu = time.perf_counter() - t0, time.process_time() - c0
        decided = r.a_fools + r.b_fools
        print(f"{name:46} {n:6d} {decided:7d}  {_fmt(rate(r.a_fools, decided)):28} {n - decided:5d} "
              f"{wall:7.1f} {cpu:7.1f}", flush=True)


def speed(deals: int) -> None:
    wall, cpu, deal_wall, deal_cpu = [], [], [], []
    for i in range(deals):
        game = Game.from_rng(10_000 + i)
        me = i % 2
        bot4, bot3 = Rung4Bot("bench-speed", params=Params(K=64)), Bot(3, "bench-speed")
        dw = dc = 0.0
        while not game.over:
            seat = game.turn
            view = game.view(seat)
            if seat == me:
                t0, c0 = time.perf_counter(), time.thread_time()
                move = bot4(view)
                w, c = time.perf_counter() - t0, time.thread_time() - c0
                dw += w
                dc += c
                if len(view.legal) > 1:
                    wall.append(w)
                    cpu.append(c)
            else:
                move = bot3(view)
            game.apply(seat, move)
        deal_wall.append(dw)
        deal_cpu.append(dc)
    for name, xs in (("per decision (a choice), wall", wall), ("per decision (a choice), CPU", cpu),
                     ("per deal, wall", deal_wall), ("per deal, CPU", deal_cpu)):
        a = np.asarray(xs) * 1000
        print(f"{name:32} n={len(a):6d}  mean {a.mean():7.3f} ms   p99 {np.percentile(a, 99):7.3f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000, help="deals of the rung 4 vs rung 3 ladder")
    parser.add_argument("--speed-deals", type=int, default=100, help="deals timed decision by decision")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    print(f"load average before: {os.getloadavg()}  cores: {os.cpu_count()}", flush=True)
    speed(args.speed_deals)
    print(f"load average: {os.getloadavg()}", flush=True)
    strength(args.deals, args.workers)
    print(f"load average after: {os.getloadavg()}")


if __name__ == "__main__":
    main()
