"""The twin's views at every table: the public memory's invariant, the truth, and blindness.

For every seat after every move of random deals over many option sets: hand +
heap_cards + table + the other seats' known + bottom + unseen is the deck,
disjoint, and len(unseen) is the other seats' unknown cards plus the talon
below its bottom card; a known card is in that hand; the bottom card is the
talon's last; every seat's view carries the same public knowledge. And a view
shows only what its seat may see: two deals that differ only in cards hidden
from a seat give that seat identical views until play makes the difference
public (one of those cards played, or an automatic pass or take that differs).
"""
from __future__ import annotations

import random

import pytest

from kozyr.cards import CardSet
from kozyr.durak import Rules
from kozyr.durak.oracle.reference_variants import Game
from kozyr.durak.oracle.testing import all_rules, seed_of

RULES = all_rules()


def on_turn(game: Game) -> int:
    turn = game.turn
    assert turn is not None
    return turn


def check_view(view, game) -> None:
    rules = game.rules
    n = rules.seats
    table = CardSet([c for pair in view.bout.pairs for c in pair if c is not None])
    parts = [view.hand, view.heap_cards, table, view.unseen] + [view.known[s] for s in range(n) if s != view.seat]
    if view.bottom is not None:
        parts.append(CardSet([view.bottom]))
    union = CardSet()
    for p in parts:
        union |= p
    assert sum(len(p) for p in parts) == rules.deck and union == rules.cards
    unknown = sum(view.counts[s] - len(view.known[s]) for s in range(n) if s != view.seat)
    assert len(view.unseen) == unknown + (view.talon - 1 if view.bottom is not None else view.talon)
    assert len(view.counts) == len(view.known) == n and view.rules == rules
    assert all(view.known[s] <= game.hands[s] for s in range(n))
    assert view.bottom == (game.talon[-1] if game.talon else None)
    assert view.hand == game.hands[view.seat] and view.heap_cards == game.heap_cards


@pytest.mark.soak    # volume: the memory invariant over deals at every table (more than a few seconds; --full runs it)
@pytest.mark.parametrize("block", range(4))
def test_the_memory_invariant_at_every_table(block: int) -> None:
    for k in range(block, len(RULES), 12):
        rules = RULES[k]
        rnd = random.Random(k)
        game = Game.from_seed(seed_of(k), 1, rules=rules)
        while True:
            views = [game.view(s) for s in range(rules.seats)]
            for view in views:
                check_view(view, game)
                assert view.known == views[0].known and view.out == views[0].out
            if game.over:
                break
            game.apply(on_turn(game), rnd.choice(game.legal_moves()))


def _hidden_twin(order, rules, seat):
    """The same deal with two non-trump cards of two other seats' hands exchanged (None if there are none)."""
    n = rules.seats
    trump = (order[6 * n] if 6 * n < rules.deck else order[-1]) >> 4
    others = [s for s in range(n) if s != seat]
    for a in others:
        for b in others:
            if a < b:
                pa = next((i for i in range(a, 6 * n, n) if order[i] >> 4 != trump), None)
                pb = next((i for i in range(b, 6 * n, n) if order[i] >> 4 != trump), None)
                if pa is not None and pb is not None:
                    swapped = list(order)
                    swapped[pa], swapped[pb] = swapped[pb], swapped[pa]
                    return tuple(swapped), {order[pa], order[pb]}
    return None, set()


@pytest.mark.parametrize("block", range(3))
def test_cards_hidden_from_a_seat_never_reach_its_view(block: int) -> None:
    compared = 0
    for k in range(block, len(RULES), 9):
        rules = RULES[k]
        if rules.seats < 3:
            continue
        rnd = random.Random(k)
        a = Game.from_seed(seed_of(k), 1, rules=rules)
        seat = k % rules.seats
        order, hidden = _hidden_twin(a.order, rules, seat)
        if order is None:
            continue
        b = Game.from_order(order, rules=rules)
        while not a.over:
            # who is on turn, the events and the bout's cards are public: once the hidden cards change
            # them (an automatic pass or take, a card played) the difference is no longer hidden
            if a.turn != b.turn or a.events != b.events or (a.bout_cards | b.bout_cards) & CardSet(hidden):
                break
            assert a.view(seat) == b.view(seat)
            compared += 1
            move = rnd.choice(a.legal_moves())
            if move not in b.legal_moves():
                break
            a.apply(on_turn(a), move)
            b.apply(on_turn(b), move)
    assert compared > 300


def test_a_seat_out_still_sees_the_table() -> None:
    rules = Rules(seats=3)
    for n in range(1, 60):
        game = Game.from_seed(seed_of(n), 1, rules=rules)
        rnd = random.Random(n)
        while not game.over and not game.out:
            game.apply(on_turn(game), rnd.choice(game.legal_moves()))
        if game.over:
            continue
        (gone,) = game.out
        view = game.view(gone)
        assert view.hand == CardSet() and view.legal == () and view.counts[gone] == 0 and view.out == (gone,)
        return
    raise AssertionError("no deal of three seats had a seat out before its end")
