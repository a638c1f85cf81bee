"""Rung 4 at a table of more than two seats: its fool rate among rung 3s, and its time a decision.

    PYTHONPATH=src python benchmarks/bench_rung4_tables.py [--deals 300] [--seats 4] [--k 64]
        [--variant podkidnoy] [--throw-in all] [--teams]

Every deal is played once per seat with the sides rotated (the duplicate idea:
rung 4 sits every seat on the same shuffled deal, rung 3 the others), through
the Python `Game` with the bots as callables on each seat's view (the same
moves the C loop would make). The row gives rung 4's fool rate (with teams:
its team's losing rate) over the decided plays with its 2-sigma Wilson
interval (kozyr.stats.rate), beside the fair share (1/seats; 1/2 with teams),
the draws and the plays stopped at the move cap. Every rung-4 decision with a
choice is timed (CPU time of this thread, the steadier one-core figure on a
shared machine, and wall clock): mean and 99th percentile. The load average
is printed with the figures.
"""
from __future__ import annotations

import argparse
import os
import time
from collections.abc import Callable

import numpy as np

from kozyr.durak import Bot, Game, Move, Params, Rules, View
from kozyr.durak.bots.bot4 import Rung4Bot
from kozyr.stats import rate

CAP = 5000      # moves: a play longer than this is counted apart (cards can circulate once the talon is out)


def play(rules: Rules, deal: int, seat4: int, bot4: Callable[[View], Move | None], rung3: list[Bot],
         cpu: list[int], wall: list[int]) -> tuple[bool | None, int]:
    """One play of deal `deal` with rung 4 in seat4: (rung 4's side lost, None for a draw or a cap;
    the moves)."""
    game = Game.from_rng(deal, rules=rules)
    while not game.over and game.moves < CAP:
        seat = game.turn
        view = game.view(seat)
        if seat == seat4:
            c0, w0 = time.thread_time_ns(), time.perf_counter_ns()
            move = bot4(view)
            assert move is not None
            if len(view.legal) > 1:
                cpu.append(time.thread_time_ns() - c0)
                wall.append(time.perf_counter_ns() - w0)
        else:
            move = rung3[seat].choose(view)
        game.apply(seat, move)
    result = game.result
    if result is None or result.outcome == "draw":
        return None, game.moves
    return seat4 in result.losers, game.moves


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=300)
    ap.add_argument("--seats", type=int, default=4)
    ap.add_argument("--k", type=int, default=64)
    ap.add_argument("--variant", default="podkidnoy")
    ap.add_argument("--throw-in", default="all")
    ap.add_argument("--teams", action="store_true")
    ap.add_argument("--control", action="store_true",
                    help="rung 3 in the measured seat too (the check: about the fair share)")
    ap.add_argument("--seed", type=int, default=0, help="the first deal's rng (deals seed .. seed + deals - 1)")
    args = ap.parse_args()
    rules = Rules(seats=args.seats, variant=args.variant, throw_in=args.throw_in, teams=args.teams)
    bot4 = Rung4Bot("bench-tables", params=Params(K=args.k))
    if args.control:
        bot4 = Bot(3, "bench-tables-control").choose     # type: ignore[assignment]
    rung3 = [Bot(3, f"bench-tables-3-{s}") for s in range(args.seats)]
    cpu: list[int] = []
    wall: list[int] = []
    lost = decided = draws = capped = 0
    start = time.perf_counter()
    load0 = os.getloadavg()
    for deal in range(args.seed, args.seed + args.deals):
        for seat4 in range(args.seats):
            loss, moves = play(rules, deal, seat4, bot4, rung3, cpu, wall)
            if moves >= CAP:
                capped += 1
            elif loss is None:
                draws += 1
            else:
                decided += 1
                lost += loss
    elapsed = time.perf_counter() - start
    load1 = os.getloadavg()
    r = rate(lost, decided)
    fair = 0.5 if args.teams else 1 / args.seats
    who = "rung 3 (control)" if args.control else f"rung 4 (K={args.k})"
    print(f"{rules!r}: {who} among rung 3s, {args.deals} deals x {args.seats} rotations")
    print(f"  fool rate {100 * r.rate:.2f}% [{100 * r.low:.2f}, {100 * r.high:.2f}] of {decided} decided plays "
          f"(fair share {100 * fair:.1f}%); draws {draws}, capped {capped}")
    c, w = np.array(cpu) / 1e6, np.array(wall) / 1e6
    print(f"  time a decision with a choice ({len(c)}): CPU mean {c.mean():.3f} ms, p99 {np.percentile(c, 99):.3f} ms;"
          f" wall mean {w.mean():.3f} ms, p99 {np.percentile(w, 99):.3f} ms")
    print(f"  {elapsed:.0f} s; load average {load0[0]:.2f} before, {load1[0]:.2f} after")


if __name__ == "__main__":
    main()
