"""Game.view() is a GameView: the rules' fields, equal to the reference's View, lazily built, immutable."""
from __future__ import annotations

import dataclasses
import pickle
import random

import pytest

from kozyr.durak import Game, Move, View, pad_seed
from kozyr.durak.core.gameview import GameView
from kozyr.durak.oracle import reference


def positions(n: int = 40):
    rnd = random.Random(5)
    for k in range(n):
        seed = pad_seed(f"gameview-{k}")
        a, b = Game.from_seed(seed), reference.Game.from_seed(seed)
        while not a.over:
            yield a, b
            move, turn = rnd.choice(a.legal_moves()), a.turn
            assert turn is not None
            a.apply(turn, move)
            b.apply(turn, move)
        yield a, b


def test_the_view_equals_the_reference_view_field_by_field_and_hashes_alike() -> None:
    for a, b in positions():
        for seat in (0, 1):
            mine, theirs = a.view(seat), b.view(seat)
            assert isinstance(mine, GameView) and isinstance(theirs, View)
            assert mine == theirs and theirs == mine
            assert hash(mine) == hash(theirs)
            assert mine.as_view() == theirs
            for field in dataclasses.fields(View):
                assert getattr(mine, field.name) == getattr(theirs, field.name), field.name


def test_int_accessors_match_the_moves() -> None:
    for a, _ in positions(10):
        view = a.view(a.turn if a.turn is not None else 0)
        assert view.legal_codes == tuple(m.code for m in view.legal)
        cards = 0
        for m in view.legal:
            if m.card is not None:
                cards |= 1 << m.card
        assert view.legal_cards == cards


def test_immutable_pickles_and_is_a_snapshot() -> None:
    g = Game.from_seed(pad_seed("durak-one"))
    v = g.view(0)
    with pytest.raises(AttributeError):
        v.ply = 3  # type: ignore[misc]
    assert pickle.loads(pickle.dumps(v)) == v
    before = v.as_view()
    g.apply(0, Move.parse("attack 8H"))
    assert v == before and g.view(0) != before          # the old view did not move with the game
    with pytest.raises(TypeError):
        GameView()  # type: ignore[call-arg]


def test_a_planted_difference_is_seen() -> None:
    g = Game.from_seed(pad_seed("durak-one"))
    v = g.view(0)
    assert v != dataclasses.replace(v.as_view(), heap=v.heap + 1)
