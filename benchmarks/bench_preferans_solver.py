"""How fast the preferans double-dummy solver answers: whole deals by kind, and every layout of a problem.

    PYTHONPATH=src nice -n 19 python benchmarks/bench_preferans_solver.py [--deals 200] [--layouts 20000]
        [--full N] [--out benchmarks/results/pref_solver.md]

Everything on one core (one Solver, one thread), with the load average beside each figure: the machines
here are shared, so a figure means little without it. Times are this process's CPU time (on a loaded
machine the closer figure for an idle core; it still pays for caches shared with the other jobs).

1. Random full 10-trick deals, solved from the first lead (any leader, any declarer), per kind: a
   contract with a trump, a no-trump contract, a misere, raspasy from an ordinary lead (the guarantee of
   a random seat), and raspasy from trick 1 with the talon leading tricks 1 and 2 (the "first_hand"
   rule). Median, p90 and largest over the deals. One Solver a kind, its table kept between deals as a
   bot's thread keeps it.
2. Problems: one seat's hand, the two cards out of play (talon or discard), and all C(20, 10) =
   184,756 layouts of the other two hands' 20 cards, each solved from the first lead (`Solver.layouts`,
   the table shared by every layout). With --full N every layout of the first N problems is solved;
   the others solve --layouts of them in ten contiguous runs of the enumeration at places spread over
   it, and the total is extrapolated (the output says which).

The result is printed and written (atomically) as a markdown snippet to --out.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from collections.abc import Callable

from kozyr.files import write_atomic
from kozyr.preferans.core.solver import Solver

DECK = [16 * s + r for s in range(4) for r in range(7, 15)]
TOTAL = 184_756
RANKS = "..23456789TJQKA"
SUITS = "SHDC"


def mask(cards: list[int] | tuple[int, ...]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def card(name: str) -> int:
    return 16 * SUITS.index(name[1]) + RANKS.index(name[0])


def names(m: int) -> str:
    return " ".join(RANKS[c & 15] + SUITS[c >> 4] for c in DECK if (m >> c) & 1)


def load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"{one:.1f} {five:.1f} {fifteen:.1f}"


# -- 1. random deals by kind ------------------------------------------------------------------------

KINDS = ("contract, a trump", "contract, no-trump", "misere", "raspasy", "raspasy with the talon")


def random_position(kind: str, rng: random.Random) -> dict:
    cards = rng.sample(DECK, 32)
    hands = [mask(cards[j * 10:(j + 1) * 10]) for j in range(3)]
    kw: dict = {"to_play": rng.randrange(3)}
    if kind.startswith("contract"):
        kw.update(kind="game", declarer=rng.randrange(3), trump=rng.randrange(4) if "trump" in kind else None)
    elif kind == "misere":
        kw.update(kind="misere", declarer=rng.randrange(3))
    else:
        kw.update(kind="raspasy", seat=rng.randrange(3))
        if "talon" in kind:
            kw.update(talon=cards[30:32], talon_rule="first_hand")
    return {"hands": hands, **kw}


def time_deals(kind: str, count: int, seed: int) -> tuple[list[float], str]:
    rng = random.Random(f"{seed}-{kind}")
    solver = Solver()
    times = []
    before = load()
    for _ in range(count):
        pos = random_position(kind, rng)
        hands = pos.pop("hands")
        t = time.process_time()
        solver.solve(hands, **pos)
        times.append(time.process_time() - t)
    return times, f"{before} → {load()}"


def ms(x: float) -> str:
    return f"{x * 1e3:.2f} ms"


def stats(times: list[float]) -> tuple[str, str, str]:
    s = sorted(times)
    return ms(statistics.median(s)), ms(s[min(len(s) - 1, int(0.9 * len(s)))]), ms(s[-1])


# -- 2. problems: every layout ----------------------------------------------------------------------

PROBLEMS = [
    # (label, the seat's hand, out of play, trump (None: no-trump), kind, who leads: 0 the seat, 1 or 2 the others)
    ("no-trump, holes in spades, scattered honours", "AS KS 9S 8S AH QH 7H KD 9D AC", "9H JC", None, "game", 0),
    ("the same hand, spades trump", "AS KS 9S 8S AH QH 7H KD 9D AC", "9H JC", 0, "game", 0),
    ("no-trump, two long suits with holes, the defender on the left leads", "AS QS TS 9S AD QD JD 9D KH 8H",
     "7C 8C", None, "game", 1),
    ("a misere with two holes (the catchers lead)", "7S 9S JS 8H TH 7D 8D 9D 7C QC", "AS KS", None, "misere", 1),
]


def run_problem(label: str, hand_text: str, out_text: str, trump: int | None, kind: str, leader: int,
                sample: int | None, seed: int) -> dict:
    hand = mask([card(n) for n in hand_text.split()])
    out = mask([card(n) for n in out_text.split()])
    pool = mask(DECK) & ~hand & ~out
    solver = Solver()
    hist: dict[int, int] = {}
    before = load()
    t = time.process_time()
    if sample is None or sample >= TOTAL:
        done = TOTAL
        hist = solver.layouts(hand, pool, to_play=leader, trump=trump, kind=kind)
    else:
        runs, per = 10, sample // 10
        rng = random.Random(seed)
        done = 0
        for k in range(runs):
            start = rng.randrange(k * TOTAL // runs, (k + 1) * TOTAL // runs - per)
            part = solver.layouts(hand, pool, to_play=leader, trump=trump, kind=kind, start=start, stop=start + per)
            for v, n in part.items():
                hist[v] = hist.get(v, 0) + n
            done += per
    cpu = time.process_time() - t
    return {"label": label, "hand": hand_text, "out": out_text, "trump": "no-trump" if trump is None else
            SUITS[trump], "kind": kind, "leader": leader, "done": done, "cpu": cpu, "total": cpu / done * TOTAL,
            "hist": dict(sorted(hist.items())), "load": f"{before} → {load()}"}


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--deals", type=int, default=200, help="random deals a kind (default 200)")
    ap.add_argument("--layouts", type=int, default=20000, help="layouts a problem, extrapolated (default 20000)")
    ap.add_argument("--full", type=int, default=0, metavar="N",
                    help="solve all 184,756 layouts of the first N problems (the others are sampled)")
    ap.add_argument("--problems", type=int, default=len(PROBLEMS), help="how many of the problems to run")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", default=os.path.join(os.path.dirname(__file__), "results", "pref_solver.md"))
    args = ap.parse_args(argv)
    say: Callable[[str], None] = print
    lines = ["| kind | median | p90 | largest | deals | load average |", "| --- | --- | --- | --- | --- | --- |"]
    contracts: list[float] = []
    for kind in KINDS:
        times, ld = time_deals(kind, args.deals, args.seed)
        med, p90, big = stats(times)
        lines.append(f"| {kind} | {med} | {p90} | {big} | {len(times)} | {ld} |")
        say(lines[-1])
        if kind.startswith("contract"):
            contracts += times
            if len(contracts) > len(times):
                med, p90, big = stats(contracts)
                lines.append(f"| contract, either (the two rows above together) | {med} | {p90} | {big} | "
                             f"{len(contracts)} | |")
                say(lines[-1])
    lines += ["", "| problem | the seat's hand | out of play | leads | layouts solved | CPU, all 184,756 | "
              "tricks: layouts | load average |", "| --- | --- | --- | --- | --- | --- | --- | --- |"]
    for i, p in enumerate(PROBLEMS[:args.problems]):
        r = run_problem(*p, sample=None if i < args.full else args.layouts, seed=args.seed)
        lead = "the seat" if r["leader"] == 0 else ("left" if r["leader"] == 1 else "right") + " defender"
        total = f"{r['total']:.1f} s" + ("" if r["done"] == TOTAL else " (extrapolated)")
        hist = ", ".join(f"{k}: {n}" for k, n in r["hist"].items())
        lines.append(f"| {r['label']} | {r['hand']} | {r['out']} | {lead} | {r['done']:,} | {total} | {hist} | "
                     f"{r['load']} |")
        say(lines[-1])
    text = ("The preferans double-dummy solver, one core, CPU time (`benchmarks/bench_preferans_solver.py"
            f" --deals {args.deals} --layouts {args.layouts}" + (f" --full {args.full}" if args.full else "")
            + "`).\n\n"
            + "\n".join(lines) + "\n")
    write_atomic(args.out, text)
    say(f"written to {args.out}")


if __name__ == "__main__":
    main()
