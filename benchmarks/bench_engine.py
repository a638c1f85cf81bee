"""Durak engine speed: legal generation, apply, a whole random deal, dealing by seed.

    PYTHONPATH=src python -m pytest benchmarks/bench_engine.py --benchmark-only

The Python-level figures include the call and the tuple of cached Move/Event
objects; `test_playouts_in_c` is whole deals in C with the GIL released (divide
by 1000 deals, about 81 decisions each).
"""
import random

import pytest

from kozyr.durak.core.engine import Game, random_playouts

SEED = b"bench".ljust(32, b".")


def _midgame(n: int = 1, steps: int = 12) -> Game:
    """A position a dozen random moves into a deal, the attacker or defender on turn."""
    g = Game.from_rng(n)
    rnd = random.Random(n)
    for _ in range(steps):
        g.apply(g.turn, rnd.choice(g.legal_moves()))
    assert not g.over
    return g


def test_legal_moves(benchmark):  # type: ignore[no-untyped-def]
    g = _midgame()
    benchmark(g.legal_moves)


def test_legal_moves_opening(benchmark):  # type: ignore[no-untyped-def]
    g = Game.from_rng(3)           # six attack cards and maybe a swap
    benchmark(g.legal_moves)


def test_apply(benchmark):  # type: ignore[no-untyped-def]
    g = _midgame()
    seat, move = g.turn, g.legal_moves()[0]

    def setup():  # type: ignore[no-untyped-def]
        return (g.copy(), seat, move), {}

    benchmark.pedantic(lambda game, s, m: game.apply(s, m), setup=setup, rounds=20000)


def test_copy(benchmark):  # type: ignore[no-untyped-def]
    benchmark(_midgame().copy)


def test_view(benchmark):  # type: ignore[no-untyped-def]
    g = _midgame()
    benchmark(g.view, g.turn)


def test_whole_deal_python_loop(benchmark):  # type: ignore[no-untyped-def]
    rnd = random.Random(5)
    picks = [rnd.getrandbits(30) for _ in range(4096)]
    counter = iter(range(1 << 62))

    def deal():  # type: ignore[no-untyped-def]
        g = Game.from_rng(next(counter))
        j = 0
        while not g.over:
            legal = g.legal_moves()
            g.apply(g.turn, legal[picks[j & 4095] % len(legal)])
            j += 1
        return g

    benchmark(deal)


def test_playouts_in_c(benchmark):  # type: ignore[no-untyped-def]
    benchmark(random_playouts, 1000, 1)


def test_deal_by_seed(benchmark):  # type: ignore[no-untyped-def]
    benchmark(Game.from_seed, SEED, 7)


def test_deal_by_rng(benchmark):  # type: ignore[no-untyped-def]
    benchmark(Game.from_rng, 12345)


@pytest.mark.parametrize("moves", [40])
def test_replay(benchmark, moves):  # type: ignore[no-untyped-def]
    g = Game.from_seed(SEED)
    rnd = random.Random(2)
    while not g.over and len(g.history) < moves:
        g.apply(g.turn, rnd.choice(g.legal_moves()))
    benchmark(Game.replay, SEED, g.history)
