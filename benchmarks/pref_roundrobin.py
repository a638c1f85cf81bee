"""The preferans round robin: every pair of rungs 1 to 4 on duplicate deals (each deal in all six seatings
of the candidate against two seats of the other), and rung 3 at all three seats (its all-pass rate and
made contracts under Sochi). Writes the table in Markdown to OUT and prints it.
Run: nice python benchmarks/pref_roundrobin.py DEALS WORKERS OUT [FIRST [RUNG]]; with RUNG, only the pairs
that include it (to replay a changed rung's rows), without the three-seat run."""
from __future__ import annotations

import itertools
import os
import sys
import time

from kozyr.files import write_atomic
from kozyr.preferans.ladder import LadderResult, ladder

RUNGS = ("random", "rules", "montecarlo", "inference")
LABEL = {"random": "rung 1 (random)", "rules": "rung 2 (rules)", "montecarlo": "rung 3 (montecarlo)",
         "inference": "rung 4 (inference)"}


def made(r: LadderResult, side: int) -> str:
    s = r.stats[side]
    return f"{s.made} / {s.declared}"


def main() -> None:
    deals, workers, out = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    first = int(sys.argv[4]) if len(sys.argv) > 4 else 5001
    only = sys.argv[5] if len(sys.argv) > 5 else None
    lines = [f"Deals {first} to {first + deals - 1} of the ladder's seed, each in six seatings; Sochi.", "",
             "| candidate | field (two seats) | candidate's whists a deal [95 %] | deals | all-pass | "
             "candidate's contracts made / declared | field's | wall | load |",
             "| --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
    for a, b in itertools.combinations(RUNGS, 2):
        a, b = b, a        # the higher rung is the candidate
        if only is not None and only not in (a, b):
            continue
        load = os.getloadavg()[0]
        t = time.perf_counter()
        r = ladder(a, b, b, deals=deals, first=first, workers=workers)
        took = time.perf_counter() - t
        mean, lo, hi = r.whists_per_deal(0)
        row = (f"| {LABEL[a]} | {LABEL[b]} | {mean:+.2f} [{lo:+.2f}, {hi:+.2f}] | {r.deals} | "
               f"{r.raspasy} of {r.games} ({r.raspasy / max(1, r.games):.1%}) | {made(r, 0)} | {made(r, 1)} | "
               f"{took:.0f} s | {load:.1f} to {os.getloadavg()[0]:.1f} |")
        print(row, flush=True)
        lines.append(row)
    if only is not None:
        write_atomic(out, "\n".join(lines) + "\n")
        return
    load = os.getloadavg()[0]
    t = time.perf_counter()
    r = ladder("montecarlo", "montecarlo", "montecarlo", deals=deals, first=first, workers=workers)
    declared = sum(s.declared for s in r.stats)
    won = sum(s.made for s in r.stats)
    row = (f"\nRung 3 at all three seats: {r.deals} deals, all-pass {r.raspasy} of {r.games} "
           f"({r.raspasy / max(1, r.games):.1%}), contracts made {won} / {declared} "
           f"({won / max(1, declared):.1%}), misère made {sum(s.misere_made for s in r.stats)} / "
           f"{sum(s.misere for s in r.stats)}; {time.perf_counter() - t:.0f} s, load {load:.1f} to "
           f"{os.getloadavg()[0]:.1f}.")
    print(row)
    lines.append(row)
    write_atomic(out, "\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
