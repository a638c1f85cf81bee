"""How fast the preferans double-dummy solver answers: whole deals, every first move, every layout.

    PYTHONPATH=src nice python benchmarks/bench_preferans_solver.py [--deals 400] [--layouts 20000]

Three figures, each on one core (one Solver, one thread), with the load average beside them (the
machines here are shared, so a figure means little without it). Wall-clock time and this process's
CPU time are both shown: on a loaded machine the CPU time is the closer figure for an idle core
(it still pays for caches shared with the other jobs).

1. Random full 10-trick deals (a contract with any trump or none, a misere, raspasy; any leader,
   any declarer): the time to solve the deal (its value at the start) and, separately, to value every
   legal first card; median, p90 and largest. A fresh Solver per kind of figure; the table is kept
   between deals as a bot's thread would keep it.
2. One fixed declarer hand and all C(20, 10) = 184,756 layouts of the defenders' 20 cards (the
   declarer on lead, the problem a declarer faces before the first lead): every layout solved, or,
   with --layouts N, N of them in ten contiguous runs of the enumeration at random places, and the
   total extrapolated (said so in the output).
   The table is kept across layouts: entries are exact bounds of position shapes, valid for all.
"""

from __future__ import annotations

import argparse
import itertools
import os
import random
import statistics
import time
from collections.abc import Iterable

from kozyr.preferans.core.solver import Solver

DECK = [16 * s + r for s in range(4) for r in range(7, 15)]


def mask(cards: list[int] | tuple[int, ...]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f} {five:.2f} {fifteen:.2f}"


def quantiles(times: list[float]) -> str:
    """Median, p90 and largest of times in seconds, shown in ms."""
    times = sorted(times)
    p90 = times[min(len(times) - 1, int(0.9 * len(times)))]
    return (f"median {statistics.median(times) * 1e3:7.3f} ms   p90 {p90 * 1e3:7.3f} ms   "
            f"max {times[-1] * 1e3:7.3f} ms   (n={len(times)})")


def random_deals(count: int, seed: int) -> list[dict]:
    rng = random.Random(seed)
    out = []
    for i in range(count):
        cards = rng.sample(DECK, 30)
        hands = [mask(cards[j * 10:(j + 1) * 10]) for j in range(3)]
        kind = ("game", "game", "misere", "raspasy")[i % 4]
        trump = rng.choice((None, 0, 1, 2, 3)) if kind == "game" else None
        who = {"seat": rng.randrange(3)} if kind == "raspasy" else {"declarer": rng.randrange(3)}
        out.append({"hands": hands, "to_play": rng.randrange(3), "trump": trump, "kind": kind, **who})
    return out


def bench_deals(count: int, seed: int) -> None:
    deals = random_deals(count, seed)
    for what in ("solve", "move_values"):
        solver = Solver()
        by_kind: dict[str, list[float]] = {}
        for d in deals:
            kw = dict(d)
            hands = kw.pop("hands")
            call = solver.solve if what == "solve" else solver.move_values
            t = time.perf_counter()
            c = time.process_time()
            call(hands, **kw)
            dc = time.process_time() - c
            dt = time.perf_counter() - t
            label = d["kind"] if d["kind"] != "game" else ("game NT" if d["trump"] is None else "game trump")
            for key in (label, "all", "game" if d["kind"] == "game" else "-"):
                by_kind.setdefault(key, []).append(dt)
                by_kind.setdefault("cpu " + key, []).append(dc)
        print(f"full deals, {what} (wall clock, then this process's CPU time):   [{load()}]")
        for label in ("all", "game", "game trump", "game NT", "misere", "raspasy"):
            if label in by_kind:
                print(f"  {label:11s} wall {quantiles(by_kind[label])}")
                print(f"  {'':11s} cpu  {quantiles(by_kind['cpu ' + label])}")


def bench_layouts(declarer_hand: tuple[int, ...], trump: int | None, limit: int | None, seed: int) -> None:
    rest = [c for c in DECK if c not in declarer_hand]
    rng = random.Random(seed)
    rest = rng.sample(rest, 20)          # 20 of the 22 unseen cards: the talon's two are out of play
    out_of_play = [c for c in DECK if c not in declarer_hand and c not in rest]
    total = 184_756
    layouts: Iterable[tuple[int, ...]] = itertools.combinations(range(20), 10)
    if limit is not None and limit < total:
        # contiguous runs of the enumeration at random places, as the whole sweep meets them (neighbouring
        # layouts share most of their positions, which the table exploits)
        runs = 10
        starts = sorted(rng.sample(range(total - limit // runs), runs))
        everything = list(itertools.combinations(range(20), 10))
        layouts = [x for s in starts for x in everything[s:s + limit // runs]]
    dmask = mask(declarer_hand)
    solver = Solver()
    histogram: dict[int, int] = {}
    done = 0
    t = time.perf_counter()
    cpu = time.process_time()
    for pick in layouts:
        west = mask([rest[i] for i in pick])
        east = mask(rest) & ~west
        v = solver.solve([dmask, west, east], to_play=0, trump=trump, kind="game", declarer=0)
        histogram[v] = histogram.get(v, 0) + 1
        done += 1
    dt = time.perf_counter() - t
    dc = time.process_time() - cpu
    names = " ".join("..23456789TJQKA"[c & 15] + "SHDC"[c >> 4] for c in declarer_hand)
    gone = " ".join("..23456789TJQKA"[c & 15] + "SHDC"[c >> 4] for c in out_of_play)
    trump_name = "NT" if trump is None else "SHDC"[trump]
    print(f"all layouts: declarer {names}, trump {trump_name}, out of play {gone}, declarer leads   [{load()}]")
    if done == total:
        print(f"  {done} layouts in {dt:.1f} s wall, {dc:.1f} s CPU ({dc / done * 1e6:.0f} us CPU a layout)")
    else:
        print(f"  {done} of {total} layouts (ten contiguous runs of the enumeration at random places) in "
              f"{dt:.2f} s wall, {dc:.2f} s CPU ({dt / done * 1e6:.0f} us wall, {dc / done * 1e6:.0f} us CPU a "
              f"layout); extrapolated to all: {dt / done * total:.1f} s wall, {dc / done * total:.1f} s CPU")
    print("  tricks: " + ", ".join(f"{k}: {histogram[k]}" for k in sorted(histogram)))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--deals", type=int, default=400)
    ap.add_argument("--layouts", type=int, default=None, help="solve this many layouts and extrapolate")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    bench_deals(args.deals, args.seed)
    # a hard no-trump problem: a long suit with holes and scattered honours
    def c(name: str) -> int:
        return 16 * "SHDC".index(name[1]) + "..23456789TJQKA".index(name[0])
    hand = tuple(sorted(c(n) for n in "AS KS 9S 8S AH QH 7H KD 9D AC".split()))
    bench_layouts(hand, None, args.layouts, args.seed)
    bench_layouts(hand, 0, args.layouts, args.seed)


if __name__ == "__main__":
    main()
