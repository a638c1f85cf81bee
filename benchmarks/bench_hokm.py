"""Benchmarks for kozyr.hokm: the trick resolver and whole hands.

pytest-benchmark:   PYTHONPATH=src python -m pytest benchmarks/bench_hokm.py
Throughput script:  PYTHONPATH=src python benchmarks/bench_hokm.py [N]
    times N (default 1,000,000) resolutions of pre-built random tricks in one
    loop and prints tricks per second (the issue asks for >= 500,000/s in pure
    Python), then times whole random hands and greedy-vs-random matches.
"""
from __future__ import annotations

import random
import sys
import time

from pytest_benchmark.fixture import BenchmarkFixture

from kozyr.hokm import (
    GreedyBot,
    Hand,
    Match,
    Phase,
    RandomBot,
    Trick,
    play_match,
    resolve_trick,
)
from kozyr.hokm.hand import DECK


def random_tricks(n: int, seed: int = 0) -> list[Trick]:
    """n complete, valid tricks with random cards, seats order and trump."""
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        cards = rng.sample(DECK, 4)
        leader = rng.randrange(4)
        out.append(Trick(rng.randrange(4), [((leader + i) % 4, c) for i, c in enumerate(cards)]))
    return out


def resolve_all(tricks: list[Trick]) -> int:
    total = 0
    for t in tricks:
        total += resolve_trick(t).seat
    return total


def random_hand(seed: int) -> Hand:
    """A whole hand with uniformly random trump and legal cards."""
    rng = random.Random(seed)
    h = Hand(seed % 4, rng=rng)
    h.choose_trump(h.hakem, rng.randrange(4))
    while not h.over:
        seat = h.to_act
        assert seat is not None
        legal = list(h.legal_moves(seat))
        h.play(seat, legal[rng.randrange(len(legal))])
    return h


def random_match(seed: int) -> Match:
    rng = random.Random(seed)
    m = Match(rng=seed)
    while not m.over:
        seat = m.to_act
        assert seat is not None
        if m.phase is Phase.CHOOSE_TRUMP:
            m.choose_trump(seat, rng.randrange(4))
        else:
            legal = list(m.legal_moves(seat))
            m.play(seat, legal[rng.randrange(len(legal))])
    return m


# -- pytest-benchmark --------------------------------------------------------------
TRICKS = random_tricks(10_000)


def test_bench_resolve_10000_tricks(benchmark: BenchmarkFixture) -> None:
    benchmark(resolve_all, TRICKS)


def test_bench_random_hand(benchmark: BenchmarkFixture) -> None:
    seeds = iter(range(10**9))
    benchmark(lambda: random_hand(next(seeds)))


def test_bench_random_match(benchmark: BenchmarkFixture) -> None:
    seeds = iter(range(10**9))
    benchmark(lambda: random_match(next(seeds)))


def test_bench_greedy_vs_random_match(benchmark: BenchmarkFixture) -> None:
    seeds = iter(range(10**9))

    def one() -> Match:
        i = next(seeds)
        g, r = GreedyBot(), RandomBot(i)
        return play_match([g, r, g, r], rng=i)

    benchmark(one)


# -- the throughput script ------------------------------------------------------------
def main(argv: list[str]) -> int:
    n = int(argv[1]) if len(argv) > 1 else 1_000_000
    distinct = random_tricks(10_000)
    tricks = (distinct * (n // len(distinct) + 1))[:n]
    resolve_all(tricks[:10_000])  # warm up
    best = best_cpu = float("inf")
    for _ in range(3):
        started, started_cpu = time.perf_counter(), time.process_time()
        resolve_all(tricks)
        best = min(best, time.perf_counter() - started)
        best_cpu = min(best_cpu, time.process_time() - started_cpu)
    # CPU time is reported too: on a shared, loaded machine wall time also
    # counts the time other processes held the core.
    print(f"resolve_trick: {n:,} tricks in {best:.3f} s wall, {best_cpu:.3f} s CPU (best of 3) = "
          f"{n / best:,.0f} tricks/s wall, {n / best_cpu:,.0f} tricks/s CPU, "
          f"{1e9 * best / n:.0f} ns/trick")

    hands = 2_000
    started = time.perf_counter()
    plays = 0
    for seed in range(hands):
        h = random_hand(seed)
        plays += 4 * len(h.completed)
    elapsed = time.perf_counter() - started
    print(f"random hands:  {hands:,} hands in {elapsed:.3f} s = {hands / elapsed:,.0f} hands/s, "
          f"{1e6 * elapsed / plays:.1f} us/play")

    matches = 300
    started = time.perf_counter()
    for i in range(matches):
        g, r = GreedyBot(), RandomBot(i)
        play_match([g, r, g, r], rng=i)
    elapsed = time.perf_counter() - started
    print(f"greedy vs random matches: {matches} in {elapsed:.3f} s = "
          f"{matches / elapsed:,.0f} matches/s")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
