"""How long rung 3 (``montecarlo``) and rung 4 (``inference``) take a decision, by kind: the median, p90
and largest CPU time of each (the process's own, so the shared machine's load does not inflate it),
over whole deals in which the measured bot holds two seats and rung 3 the third.
Run: nice python benchmarks/pref_decisions.py [DEALS]  (the load average is printed beside it)."""
from __future__ import annotations

import os
import sys
import time

from kozyr.preferans import Game
from kozyr.preferans.bots import BOTS

KINDS = {"auction": "bidding", "talon": "the discard", "naming": "naming", "whisting": "whisting",
         "defence": "open or closed", "play": "a card in the play"}
SEED = b"kozyr-preferans-timing".ljust(32)


def measure(name: str, deals: int) -> dict[str, list[float]]:
    spent: dict[str, list[float]] = {}
    for number in range(1, deals + 1):
        game = Game.from_seed(SEED, number, players=("A", "B", "C"), dealer=number % 3)
        bots = [BOTS[name](number), BOTS["montecarlo"](number + 1), BOTS[name](number + 2)]
        while not game.over:
            seat = game.actor
            assert seat is not None
            view = game.view(seat)
            t = time.process_time()
            move = bots[seat](view)
            dt = time.process_time() - t
            if seat != 1:
                spent.setdefault(view.phase, []).append(dt)
            game.apply(seat, move)
    return spent


def q(xs: list[float], f: float) -> float:
    return xs[min(len(xs) - 1, int(f * len(xs)))]


def main() -> None:
    deals = int(sys.argv[1]) if len(sys.argv) > 1 else 30
    print(f"load average at the start {os.getloadavg()[0]:.1f}")
    for name in ("montecarlo", "inference"):
        spent = measure(name, deals)
        print(f"\n{name}, {deals} deals: | decision | count | median | p90 | largest |")
        for phase, label in KINDS.items():
            xs = sorted(spent.get(phase, []))
            if xs:
                print(f"| {label} | {len(xs)} | {1000 * q(xs, 0.5):.1f} ms | {1000 * q(xs, 0.9):.1f} ms "
                      f"| {1000 * xs[-1]:.1f} ms |")
    print(f"\nload average at the end {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
