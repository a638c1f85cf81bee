"""The compiled preferans deal's speed: random whole deals in C, and the Python-level costs.

    PYTHONPATH=src nice python benchmarks/bench_preferans_play.py [--deals 1000000]

Rows (one process, one core, CPU time):
- random whole deals (`random_playouts`: every phase, uniformly random legal moves, the
  fast generator's shuffle) at 3 and 4 players, Sochi and Rostov: deals/s;
- `Game.legal_moves()` from Python (cached Move tuples): ns a call, repeated and just after
  a move; `Game.apply` of a legal move, `Game.view`, and one whole deal played move by move;
- the load average (`uptime`) beside the rows: the machine is shared, so figures move with it.
"""
from __future__ import annotations

import argparse
import functools
import os
import subprocess
import time
import timeit
from collections.abc import Callable

from kozyr.preferans import ROSTOV, SOCHI, Game
from kozyr.preferans.core.playouts import random_playouts


def load() -> str:
    """uptime's load averages."""
    try:
        out = subprocess.run(["uptime"], capture_output=True, text=True, check=False).stdout
    except OSError:
        return "?"
    return out.strip().split("load average:")[-1].strip()


def cpu(fn: Callable[[], object]) -> float:
    t = time.process_time()
    fn()
    return time.process_time() - t


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=1_000_000)
    args = ap.parse_args()
    print(f"load average before: {load()}  (pid {os.getpid()})")
    random_playouts(10_000, 1)
    for players in (3, 4):
        for conv in (SOCHI, ROSTOV):
            run = functools.partial(random_playouts, args.deals, 7, players=players, convention=conv)
            best = min(cpu(run) for _ in range(3))
            print(f"random_playouts {players} players {conv.name:9s}: {args.deals / best:>12,.0f} deals/s "
                  f"({1e9 * best / args.deals:,.0f} ns a deal)")
    seed = b"kozyr-preferans-3".ljust(32)
    g = Game.from_seed(seed, 1, players=("A", "B", "C"), dealer=2)
    n = 1_000_000
    t = min(timeit.repeat(g.legal_moves, number=n, repeat=3)) / n
    print(f"Game.legal_moves() repeated          : {1e9 * t:8.0f} ns")
    fresh_games = [Game.from_seed(seed, 1, players=("A", "B", "C"), dealer=2) for _ in range(100_000)]
    t0 = time.perf_counter()
    for game in fresh_games:
        game.legal_moves()
    t = (time.perf_counter() - t0) / len(fresh_games)
    print(f"Game.legal_moves() first call        : {1e9 * t:8.0f} ns (a new deal's auction list, 27 moves)")
    played = [Game.from_seed(seed, 1, players=("A", "B", "C"), dealer=2) for _ in range(20_000)]
    for game in played:                       # into the play: a list of a few cards, as most decisions are
        for _ in range(10):
            game.apply(game.actor, game.legal_moves()[0])
        game.apply(game.actor, game.legal_moves()[0])
    t0 = time.perf_counter()
    for game in played:
        game.legal_moves()
    t = (time.perf_counter() - t0) / len(played)
    cards = len(played[0].legal_moves())
    print(f"Game.legal_moves() first call, play  : {1e9 * t:8.0f} ns (just after a move, {cards} cards)")
    del fresh_games, played

    def fresh() -> int:
        h = Game.from_seed(seed, 1, players=("A", "B", "C"), dealer=2)
        while not h.over:
            legal = h.legal_moves()
            h.apply(h.actor, legal[0])
        return h.ply

    moves = fresh()
    k = 2000
    t = min(timeit.repeat(fresh, number=k, repeat=3)) / k
    print(f"one whole deal move by move (Python) : {1e6 * t:8.1f} us ({moves} moves, {1e9 * t / moves:,.0f} ns "
          "a move with legal_moves after each)")
    m = g.legal_moves()[1]

    def one_move() -> None:
        h = Game.from_seed(seed, 1, players=("A", "B", "C"), dealer=2)
        h.apply(0, m)

    t0 = min(timeit.repeat(lambda: Game.from_seed(seed, 1, players=("A", "B", "C"), dealer=2), number=20_000,
                           repeat=3)) / 20_000
    t = min(timeit.repeat(one_move, number=20_000, repeat=3)) / 20_000
    print(f"Game.from_seed                       : {1e6 * t0:8.1f} us; Game.apply(seat, Move): "
          f"{1e9 * (t - t0):,.0f} ns")
    t = min(timeit.repeat(lambda: g.view(0), number=20_000, repeat=3)) / 20_000
    print(f"Game.view(seat)                      : {1e6 * t:8.1f} us")
    print(f"load average after: {load()}")


if __name__ == "__main__":
    main()
