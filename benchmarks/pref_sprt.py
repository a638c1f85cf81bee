"""The sequential test as the preferans strength page's runs played it (before the shell's ``kozyr pref sprt``
had workers of its own): each deal in all six seatings of the candidate and two seats of the field, played
in worker processes; the same sequential test
(:class:`kozyr.preferans.sprt.ScoreSPRT`, the same defaults) fed the same per-deal gains in deal order, so
it decides on the same deal as the shell's serial run then would; the workers only play ahead of it (a batch of
deals at a time, the deals past the decision thrown away). Prints each deal's running state.
Run: nice python benchmarks/pref_sprt.py CANDIDATE FIELD DELTA1 FIRST WORKERS [MAX_DEALS]"""
from __future__ import annotations

import multiprocessing
import os
import sys
import time

from kozyr.preferans.duplicate import PERMUTATIONS, play_deal, resolve_side
from kozyr.preferans.sprt import ScoreSPRT


def gain(args: tuple[str, str, int]) -> float:
    candidate, field, number = args
    makers = [resolve_side(candidate), resolve_side(field), resolve_side(field)]
    total = 0.0
    for seating in PERMUTATIONS:
        _game, gains, _stats = play_deal(makers, number, seating)
        total += float(gains[0])
    return total / 6


def main() -> None:
    candidate, field, delta1, first, workers = (sys.argv[1], sys.argv[2], float(sys.argv[3]), int(sys.argv[4]),
                                                int(sys.argv[5]))
    max_deals = int(sys.argv[6]) if len(sys.argv) > 6 else 2000
    test = ScoreSPRT(0.0, delta1, max_deals=max_deals)
    print(f"{candidate} against {field}, delta1 {delta1}, deals from {first}; load {os.getloadavg()[0]:.1f}",
          flush=True)
    t = time.perf_counter()
    number = first
    with multiprocessing.get_context("fork").Pool(workers) as pool:
        while test.decision is None:
            batch = [(candidate, field, n) for n in range(number, number + workers)]
            for x in pool.map(gain, batch):
                if test.decision is None:
                    test.update(x)
                    print(f"deal {number}: {x:+.2f}; {test.n} deals, mean {test.mean:+.2f}, LLR {test.llr:.3f}",
                          flush=True)
                    number += 1
    print(f"{test.decision}: {test.n} deals, mean gain {test.mean:+.2f} whists a deal, LLR {test.llr:.3f} "
          f"(bounds {test.lower:.3f}, {test.upper:.3f}); {time.perf_counter() - t:.0f} s wall, load "
          f"{os.getloadavg()[0]:.1f}", flush=True)


if __name__ == "__main__":
    main()
