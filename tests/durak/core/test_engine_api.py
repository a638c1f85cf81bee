"""The Python face of the Cython engine: constructors, properties, copy, size, playouts."""
from __future__ import annotations

import copy
import pickle
import random
import sys
from typing import Any

import numpy as np
import pytest

from kozyr.cards import CardSet, parse_card
from kozyr.durak import Bout, IllegalMove, Move, Result, Rules, View
from kozyr.durak.core.engine import Game, random_playouts
from kozyr.errors import KozyrError

MASK = (1 << 64) - 1


def test_game_cannot_be_built_directly() -> None:
    with pytest.raises(TypeError, match="from_seed"):
        Game()


def test_properties_at_the_deal() -> None:
    g = Game.from_rng(42)
    assert g.phase == "attack" and not g.over and g.result is None and g.ply == 0
    assert g.moves == 0 and g.bouts == 0 and g.turn in (0, 1)
    assert len(g.order) == 36 and len(set(g.order)) == 36
    assert g.turnup == g.order[12] and g.trump == g.turnup >> 4
    assert len(g.talon) == 24 and g.talon[-1] == g.turnup
    assert g.heap == 0 and g.heap_cards == CardSet() and g.bout_cards == CardSet()
    assert isinstance(g.bout, Bout) and g.bout.cap == 6 and g.bout.pairs == () and g.bout.to_beat is None
    assert all(isinstance(h, CardSet) and len(h) == 6 for h in g.hands)
    six = 16 * g.trump + 6
    owner = 0 if six in g.hands[0] else 1 if six in g.hands[1] else None
    assert g.six_owner == owner
    assert "ply=0" in repr(g)


def test_views_show_exactly_their_seat() -> None:
    g = Game.from_rng(7)
    t = g.turn
    assert t is not None
    mine, theirs = g.view(t), g.view(1 - t)
    assert isinstance(mine, View)
    assert mine.legal == g.legal_moves() and theirs.legal == ()
    assert mine.hand == g.hands[t] and theirs.hand == g.hands[1 - t]
    assert mine.counts == theirs.counts == (6, 6)
    assert mine.turnup == g.turnup and mine.talon == 24 and mine.heap == 0
    assert (mine.seat, theirs.seat) == (t, 1 - t)
    bad_seats: list[Any] = [2, -1, None, "0", True]
    for bad in bad_seats:
        with pytest.raises(IllegalMove) as info:
            g.view(bad)
        assert info.value.code == "not_your_turn"


def test_apply_accepts_moves_and_text_alike() -> None:
    a, b = Game.from_rng(3), Game.from_rng(3)
    rnd = random.Random(3)
    while not a.over:
        m = rnd.choice(a.legal_moves())
        seat = a.turn
        assert seat is not None
        text = str(m).upper() if rnd.random() < 0.5 else f"  {m}  "
        assert a.apply(seat, m) == b.apply(seat, text)
    assert a.events == b.events and a.history == b.history
    assert a.history[0][1] is Move.from_code(a.history[0][1].code)


def test_pile_on_pairs_and_to_beat() -> None:
    order = [parse_card(c) for c in "7D 6H 8D 7H 9D 8H TD 9H JD TH 7C JH AC".split()]
    order += [c for c in (16 * s + r for s in range(4) for r in range(14, 5, -1)) if c not in order]
    g = Game.from_order(order)
    assert g.turn == 0
    g.apply(0, "attack 7D")
    # seat 1 cannot beat a diamond without a trump: the automatic take
    assert g.phase == "pile_on" and g.bout.taken
    assert g.bout.pairs == ((parse_card("7D"), None),) and g.bout.to_beat == parse_card("7D")
    assert g.view(1).bout == g.bout


def test_copy_is_independent() -> None:
    g = Game.from_rng(11)
    rnd = random.Random(0)
    for _ in range(10):
        g.apply(g.turn or 0, rnd.choice(g.legal_moves()))
    c = g.copy()
    assert c.events == g.events and c.history == g.history and c.view(0) == g.view(0)
    assert copy.copy(g).events == g.events and copy.deepcopy(g).history == g.history
    c.apply(c.turn or 0, c.legal_moves()[0])
    assert c.ply > g.ply and len(c.history) == len(g.history) + 1
    assert g.events == c.events[:g.ply]


def test_pickle_round_trip() -> None:
    g = Game.from_seed(b"p" * 32)
    rnd = random.Random(2)
    for _ in range(25):
        g.apply(g.turn or 0, rnd.choice(g.legal_moves()))
    h = pickle.loads(pickle.dumps(g))
    assert h.events == g.events and h.history == g.history and h.view(0) == g.view(0)
    assert h.view(1) == g.view(1) and h.talon == g.talon and h.ply == g.ply


def test_a_game_stays_under_one_kibibyte() -> None:
    # __sizeof__ counts the object (State inline) and the malloc'd move log; there is no other storage
    g = Game.from_rng(1)
    assert sys.getsizeof(g) < 1024
    rnd = random.Random(1)
    largest = 0
    for n in range(300):
        g = Game.from_rng(n)
        while not g.over:
            g.apply(g.turn or 0, rnd.choice(g.legal_moves()))
        largest = max(largest, sys.getsizeof(g))
    assert largest < 1024


def test_from_rng_takes_any_int() -> None:
    assert Game.from_rng(-1).order == Game.from_rng(MASK).order
    assert Game.from_rng(1 << 64).order == Game.from_rng(0).order
    assert Game.from_rng(1).order != Game.from_rng(2).order


def _splitmix(state: int) -> tuple[int, int]:
    state = (state + 0x9E3779B97F4A7C15) & MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return state, z ^ (z >> 31)


def test_random_playouts_are_python_level_deals_played_in_c() -> None:
    """random_playouts(n, seed) deal i is Game.from_rng(seed + i), its moves the
    legal list's k-th with k from the documented splitmix64 choice stream."""
    n, seed = 150, 77
    out = random_playouts(n, seed)
    assert set(out) == {"fool", "losers", "capped", "moves", "bouts", "ply"}
    assert out["losers"].dtype == np.uint8 and out["capped"].dtype == np.bool_ and not out["capped"].any()
    assert out["fool"].dtype == np.int8 and out["moves"].dtype == np.int32 and out["bouts"].dtype == np.int32
    assert out["fool"].shape == (n,)
    state = seed ^ 0xD1B54A32D192ED03
    for i in range(n):
        g = Game.from_rng(seed + i)
        while not g.over:
            legal = g.legal_moves()
            state, word = _splitmix(state)
            g.apply(g.turn or 0, legal[((word >> 32) * len(legal)) >> 32])
        r = g.result
        assert r is not None
        assert (int(out["fool"][i]), int(out["moves"][i]), int(out["bouts"][i]), int(out["ply"][i])) == \
            (-1 if r.fool is None else r.fool, len(g.history), g.bouts, g.ply), i
        assert int(out["losers"][i]) == sum(1 << s for s in r.losers), i
    again = random_playouts(n, seed)
    assert (again["fool"] == out["fool"]).all() and (again["moves"] == out["moves"]).all()
    assert (again["bouts"] == out["bouts"]).all()
    assert len(random_playouts(0, 1)["fool"]) == 0
    with pytest.raises(ValueError):
        random_playouts(-1, 1)


def test_results_are_shared_values() -> None:
    g = Game.from_rng(5)
    g.apply(1, "resign")
    assert g.result == Result("resign", 1)
    assert g.result is g.result


@pytest.mark.parametrize("rules", [Rules(), Rules(seats=4), Rules(seats=3, deck=52, variant="perevodnoy")])
def test_a_determinized_game_refuses_to_pickle_and_a_dealt_one_pickles(rules: Rules) -> None:
    """A copy drawn by determinize was never dealt (it has no order and move log to replay): pickling it
    is a bad_pickle refusal, at every table, while the dealt game pickles with its rules."""
    g = Game.from_rng(5, rules=rules)
    rnd = random.Random(5)
    for _ in range(12):
        seat = g.turn
        assert seat is not None
        g.apply(seat, rnd.choice(g.legal_moves()))
    h = pickle.loads(pickle.dumps(g))
    assert h.rules == rules and h.history == g.history and h.view(0) == g.view(0)
    copy = g.determinize(0, 7)
    with pytest.raises(KozyrError) as info:
        pickle.dumps(copy)
    assert info.value.code == "bad_pickle"
