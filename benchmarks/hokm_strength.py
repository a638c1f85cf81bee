"""How strong is `SearchBot`? Paired matches against `GreedyBot`, and the time a decision takes.

    PYTHONPATH=src python benchmarks/hokm_strength.py [--pairs 500] [--k 12] [--workers 2] [--seed 0]

Every deal is played twice with the partnerships swapped (`kozyr.hokm.arena.play_pair`:
search in seats 0+2, then in seats 1+3, on the same seeded deals), so the cards
do not decide: 500 pairs are 1,000 matches. It prints the matches and hands the
search pair won with their Wilson intervals (z = 2, `kozyr.stats.rate`), the
pairs split 2-0 / 1-1 / 0-2, and the mean seconds per search decision measured
inside the bot (CPU time of the one process that made it, so it is one core's
cost even when the workers share the machine; single-card plays, which need no
search, are counted apart). Ctrl-C stops it and prints nothing as if complete.
"""
from __future__ import annotations

import argparse
import multiprocessing
import os
import time
from typing import Any

from kozyr.hokm import GreedyBot, SearchBot
from kozyr.hokm.arena import play_pair
from kozyr.hokm.search import DEFAULT_K
from kozyr.stats import rate


class Timed:
    """A bot wrapper that adds up the CPU seconds the bot spends deciding."""

    def __init__(self, bot: Any, clock: dict[str, float]) -> None:
        self.bot, self.clock, self.name = bot, clock, bot.name

    def choose_trump(self, view: Any) -> int:
        start = time.process_time()
        try:
            return self.bot.choose_trump(view)
        finally:
            self.clock["trump_s"] += time.process_time() - start
            self.clock["trumps"] += 1

    def play(self, view: Any) -> int:
        start = time.process_time()
        try:
            return self.bot.play(view)
        finally:
            spent = time.process_time() - start
            if len(view.legal) > 1:
                self.clock["play_s"] += spent
                self.clock["plays"] += 1
            else:
                self.clock["forced"] += 1


def run(job: tuple[int, int, int, int]) -> dict[str, float]:
    """Pairs start..stop-1 of one run: counts and CPU clocks."""
    start, stop, k, seed = job
    clock = {"trump_s": 0.0, "trumps": 0, "play_s": 0.0, "plays": 0, "forced": 0}
    out = {"matches": 0, "won": 0, "hands": 0, "hands_won": 0, "two": 0, "one": 0, "zero": 0}
    for j in range(start, stop):
        won, hands_won, (m1, m2) = play_pair(
            lambda s: Timed(SearchBot(k=k, seed=s), clock), lambda s: GreedyBot(s), f"strength:{seed}:{j}")
        out["matches"] += 2
        out["won"] += won
        out["hands"] += len(m1.results) + len(m2.results)
        out["hands_won"] += hands_won
        out[("zero", "one", "two")[won]] += 1
    return {**out, **clock}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=500, help="deal pairs (2 matches each; default 500)")
    parser.add_argument("--k", type=int, default=DEFAULT_K, help=f"deals per decision (default {DEFAULT_K})")
    parser.add_argument("--workers", type=int, default=2, help="processes (default 2)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    chunk = 5
    jobs = [(i, min(i + chunk, args.pairs), args.k, args.seed) for i in range(0, args.pairs, chunk)]
    total: dict[str, float] = {}
    wall = time.perf_counter()
    with multiprocessing.Pool(args.workers) as pool:
        for part in pool.imap_unordered(run, jobs):
            for key, value in part.items():
                total[key] = total.get(key, 0) + value
            print(f"\r{int(total['matches'])} of {2 * args.pairs} matches", end="", flush=True)
    wall = time.perf_counter() - wall
    print()
    matches, hands = int(total["matches"]), int(total["hands"])
    m, h = rate(int(total["won"]), matches), rate(int(total["hands_won"]), hands)
    print(f"SearchBot(k={args.k}) pair vs GreedyBot pair, {args.pairs} deal pairs = {matches} matches "
          f"(partnerships swapped on the same deals), seed {args.seed}")
    print(f"  matches won: {int(total['won'])}/{matches} = {100 * m.rate:.1f}% "
          f"[{100 * m.low:.1f}, {100 * m.high:.1f}]")
    print(f"  hands won:   {int(total['hands_won'])}/{hands} = {100 * h.rate:.1f}% "
          f"[{100 * h.low:.1f}, {100 * h.high:.1f}] (hands within a match are not independent)")
    print(f"  pairs 2-0 / 1-1 / 0-2: {int(total['two'])} / {int(total['one'])} / {int(total['zero'])}")
    print(f"  seconds per decision (CPU, one core): play {total['play_s'] / max(1, total['plays']) * 1e3:.1f} ms "
          f"over {int(total['plays'])} searched plays ({int(total['forced'])} forced plays not counted), "
          f"trump {total['trump_s'] / max(1, total['trumps']) * 1e3:.1f} ms over {int(total['trumps'])}")
    print(f"  wall {wall:.0f} s with {args.workers} workers; load {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
