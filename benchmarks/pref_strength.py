"""Preferans rungs on duplicate deals: rung 2 vs rung 1, rung 3 vs rung 2, rung 3 at all three seats, and
rung 3's decision times by phase. Run: nice python benchmarks/pref_strength.py [DEALS] [WORKERS]"""
from __future__ import annotations

import os
import sys
import time

from kozyr.preferans import Game
from kozyr.preferans.ladder import ladder
from kozyr.preferans.rungs import MonteCarloBot, RulesBot


def show(title: str, r, took: float) -> None:
    print(f"\n{title}: {r.deals} deals x 6 seatings = {r.games} games, {took:.0f} s, "
          f"all-pass {r.raspasy}/{r.games} = {r.raspasy / max(1, r.games):.1%}, outcomes {r.outcomes}")
    for row in r.table():
        print("  ", " | ".join(row))


def times(deals: int) -> None:
    spent: dict[str, list[float]] = {}
    for number in range(1, deals + 1):
        game = Game.from_seed(b"kozyr-preferans-timing".ljust(32), number, players=("A", "B", "C"),
                              dealer=number % 3)
        bots = [MonteCarloBot(number), RulesBot(1), MonteCarloBot(number + 1)]
        while not game.over:
            v = game.view(game.actor)
            t = time.perf_counter()
            m = bots[game.actor](v)
            dt = time.perf_counter() - t
            if isinstance(bots[game.actor], MonteCarloBot):
                spent.setdefault(v.phase, []).append(dt)
            game.apply(game.actor, m)
    print("\nrung 3 decision times (ms): phase, count, mean, p95, max")
    for phase, xs in sorted(spent.items()):
        xs.sort()
        print(f"   {phase:10s} {len(xs):5d} {1000 * sum(xs) / len(xs):7.2f} {1000 * xs[int(0.95 * (len(xs) - 1))]:7.2f}"
              f" {1000 * xs[-1]:7.2f}")


def main() -> None:
    deals = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    workers = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    print("load average", os.getloadavg())
    for title, sides in (("rung 2 vs rung 1", ("rules", "random", "random")),
                         ("rung 3 vs rung 2", ("montecarlo", "rules", "rules")),
                         ("rung 3 at three seats", ("montecarlo", "montecarlo", "montecarlo"))):
        t = time.perf_counter()
        r = ladder(*sides, deals=deals, workers=workers)
        show(title, r, time.perf_counter() - t)
    times(max(10, deals // 5))
    print("load average", os.getloadavg())


if __name__ == "__main__":
    main()
