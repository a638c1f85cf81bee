"""Speed of the compiled engine at other tables than the two-seat game: the variant rows.

    PYTHONPATH=src python benchmarks/bench_variants.py [--deals 200000] [--decisions 200000] [--repeat 3]
    PYTHONPATH=src python -m pytest benchmarks/bench_variants.py --benchmark-only

Three figures, each the best of `--repeat` runs, by CPU time of this process
(the machine is shared: the CPU figure is the steadier one-core number):

- random deals in C (`random_playouts`, the GIL released, one core): deals per
  second and nanoseconds per move, at two seats (the reference point), four
  seats of podkidnoy with 36 cards, six seats of perevodnoy with 36 cards (the
  whole deck dealt) and a few other tables;
- from Python, `legal_moves()` + `apply()` on random deals: nanoseconds per
  decision at four seats against two (the ratio is the figure);
- `view(seat)` of a mid-deal position: nanoseconds per call, at two, four and
  six seats.

The load average is printed with the figures.
"""
from __future__ import annotations

import argparse
import os
import random
import time
import timeit

from kozyr.durak import Game, Rules, random_playouts

PLAYOUT_TABLES = [
    ("2 seats, 36 cards, podkidnoy (Rules())", Rules()),
    ("4 seats, 36 cards, podkidnoy", Rules(seats=4)),
    ("6 seats, 36 cards, perevodnoy", Rules(seats=6, variant="perevodnoy")),
    ("3 seats, 36 cards, podkidnoy", Rules(seats=3)),
    ("4 seats, 36 cards, perevodnoy, show_trump", Rules(seats=4, variant="perevodnoy", show_trump=True)),
    ("4 seats, 32 cards, teams", Rules(seats=4, deck=32, teams=True)),
    ("5 seats, 52 cards, neighbours", Rules(seats=5, deck=52, throw_in="neighbours")),
    ("2 seats, 36 cards, perevodnoy", Rules(variant="perevodnoy")),
]


def playouts(rules: Rules, deals: int, repeat: int) -> tuple[float, float]:
    """(deals per second, ns per move) of random_playouts at this table, best of `repeat` runs."""
    random_playouts(1000, 0, rules=rules)
    best, moves = 0.0, 0
    for r in range(repeat):
        c = time.process_time()
        out = random_playouts(deals, r + 1, rules=rules)
        rate = deals / (time.process_time() - c)
        if rate > best:
            best, moves = rate, int(out["moves"].sum())
    return best, 1e9 / (best * moves / deals)


def decisions(rules: Rules, count: int, repeat: int) -> float:
    """ns per decision of `legal_moves()` + `apply()` from Python on random deals, best of `repeat` runs."""
    rnd = random.Random(1)
    picks = [rnd.getrandbits(30) for _ in range(4096)]
    best = float("inf")
    for r in range(repeat):
        done, seed, j = 0, 1000 * r, 0
        c = time.process_time()
        while done < count:
            game = Game.from_rng(seed, rules=rules)
            seed += 1
            while not game.over:
                legal = game.legal_moves()
                game.apply(game.turn, legal[picks[j & 4095] % len(legal)])
                j += 1
                done += 1
        best = min(best, (time.process_time() - c) / done * 1e9)
    return best


def view_cost(rules: Rules, repeat: int) -> float:
    """ns per `view(seat)` call in a mid-deal position, best of `repeat` timeit runs."""
    rnd = random.Random(2)
    game = Game.from_rng(5, rules=rules)
    for _ in range(12):
        game.apply(game.turn, rnd.choice(game.legal_moves()))
    seat = game.turn
    number = 200_000
    return min(timeit.repeat(lambda: game.view(seat), number=number, repeat=repeat)) / number * 1e9


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200_000, help="deals a playout row")
    parser.add_argument("--decisions", type=int, default=200_000, help="decisions a Python row")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores at the start", flush=True)
    print(f"{'random deals in C, one core':44} {'deals/s':>10} {'ns/move':>8}")
    for name, rules in PLAYOUT_TABLES:
        rate, ns = playouts(rules, args.deals, args.repeat)
        print(f"{name:44} {rate:>10,.0f} {ns:>8.1f}", flush=True)
    two = decisions(Rules(), args.decisions, args.repeat)
    four = decisions(Rules(seats=4), args.decisions, args.repeat)
    print(f"\nlegal_moves() + apply() from Python: {two:,.0f} ns a decision at two seats, {four:,.0f} at four "
          f"seats ({four / two:.2f}x)", flush=True)
    for name, rules in (("two", Rules()), ("four", Rules(seats=4)), ("six", Rules(seats=6))):
        print(f"view(seat) at {name} seats: {view_cost(rules, args.repeat):,.0f} ns", flush=True)
    print(f"load average {os.getloadavg()[0]:.2f} at the end")


# -- the same rows for pytest-benchmark -------------------------------------------------------------

def test_playouts_four_seats(benchmark):  # type: ignore[no-untyped-def]
    benchmark(random_playouts, 1000, 1, Rules(seats=4))


def test_playouts_six_seats_perevodnoy(benchmark):  # type: ignore[no-untyped-def]
    benchmark(random_playouts, 1000, 1, Rules(seats=6, variant="perevodnoy"))


def test_view_four_seats(benchmark):  # type: ignore[no-untyped-def]
    rnd = random.Random(2)
    game = Game.from_rng(5, rules=Rules(seats=4))
    for _ in range(12):
        game.apply(game.turn, rnd.choice(game.legal_moves()))
    benchmark(game.view, game.turn)


if __name__ == "__main__":
    main()
