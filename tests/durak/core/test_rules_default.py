"""`Rules()` is the two-seat game: every door that deals takes it exactly as `None` (the default).

So a caller passes the Rules object it holds straight on, never
`None if rules.two_seat else rules`: the engine gives the same deal, the same
two-seat events and results, the same repr and the same Rules back, move for
move to the end.
"""
from __future__ import annotations

from typing import Any

import numpy as np

from kozyr.durak import Game, Rules
from kozyr.durak.core.engine import random_playouts


def _played(game: Game) -> tuple[Any, ...]:
    """Everything a deal shows, played to its end by the first legal move."""
    start = (game.order, game.rules, repr(game), game.hands, game.talon, game.turn)
    while not game.over:
        turn = game.turn
        assert turn is not None
        game.apply(turn, game.legal_moves()[0])
    return start + (game.events, game.result, game.history, repr(game), game.log_digest())


def test_every_deal_takes_rules_as_none() -> None:
    seed = b"rules-default".ljust(32, b".")
    for number in (1, 2, 99):
        assert _played(Game.from_seed(seed, number, rules=Rules())) == _played(Game.from_seed(seed, number))
    for n in range(20):
        assert _played(Game.from_rng(n, rules=Rules())) == _played(Game.from_rng(n))
        order = Game.from_rng(n).order
        assert _played(Game.from_order(order, rules=Rules())) == _played(Game.from_order(order))
    first = Game.from_seed(seed)
    assert first.turn is not None
    moves = [(first.turn, first.legal_moves()[0])]
    assert _played(Game.replay(seed, moves, rules=Rules())) == _played(Game.replay(seed, moves))


def test_the_bulk_playouts_take_rules_as_none() -> None:
    a: dict[str, Any] = dict(random_playouts(300, 7, rules=Rules()))
    b: dict[str, Any] = dict(random_playouts(300, 7))
    assert a.keys() == b.keys() and all(np.array_equal(a[k], b[k]) for k in a)

