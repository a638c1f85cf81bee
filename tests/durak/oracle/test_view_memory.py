"""The public memory in the two-seat oracle's views, held to `kozyr.durak.memory.Memory` and to the truth.

`Memory` (rung 4's memory, mirrored in C) is started from a seat's first view
and fed the public events only; the view's `heap_cards`, the other seat's
`known`, `bottom` and `unseen` must be exactly what it computes, after every
move of many random deals (with resigns). The vocabulary's invariant holds for
every view, the memory never places a card where it is not (the game's hidden
hands and talon are the truth), and every seat's view carries the same
`known` (public knowledge is the same for everyone).
"""
from __future__ import annotations

import random

import pytest

from kozyr.cards import CardSet
from kozyr.durak.memory import Memory
from kozyr.durak.oracle import reference
from kozyr.durak.oracle.testing import seed_of

DECK = CardSet(reference.REFERENCE_ORDER)


def memory_fields(view, memory: Memory):
    """The view's memory fields as Memory writes them (masks, -1 for no bottom)."""
    other = 1 - view.seat
    return (int(view.heap_cards), int(view.known[other]), -1 if view.bottom is None else view.bottom,
            view.unseen)


def expected_fields(view, memory: Memory):
    return memory.heap, memory.known, memory.bottom, memory.unseen(view)


def check_invariant(view, game) -> None:
    """hand + heap + table + the other seats' known + bottom + unseen = the deck, disjoint; the count too."""
    table = CardSet([c for pair in view.bout.pairs for c in pair if c is not None])
    parts = [view.hand, view.heap_cards, table, view.unseen]
    parts += [view.known[s] for s in range(len(view.counts)) if s != view.seat]
    if view.bottom is not None:
        parts.append(CardSet([view.bottom]))
    assert sum(len(p) for p in parts) == len(DECK), "the parts overlap or miss a card"
    union = CardSet()
    for p in parts:
        union |= p
    assert union == DECK
    expected = sum(view.counts[s] - len(view.known[s]) for s in range(len(view.counts)) if s != view.seat)
    expected += view.talon - 1 if view.bottom is not None else view.talon
    assert len(view.unseen) == expected
    # the truth: a known card is in that hand; the bottom is the talon's last card
    for s, cards in enumerate(view.known):
        assert cards <= game.hands[s], f"known[{s}] {cards} is not in the hand {game.hands[s]}"
    assert view.bottom == (game.talon[-1] if game.talon else None)
    assert view.heap_cards == game.heap_cards and len(view.heap_cards) == view.heap


def play(seed: int, *, resign: float = 0.003):
    """One random deal of the oracle, checking both seats' memory after every move; the number of moves."""
    rnd = random.Random(seed)
    game = reference.Game.from_seed(seed_of(seed), 1 + seed % 3)
    memories = [Memory.start(game.view(0)), Memory.start(game.view(1))]
    moves = 0
    while True:
        views = (game.view(0), game.view(1))
        assert views[0].known == views[1].known, "public knowledge differs between the seats"
        for seat in (0, 1):
            assert memory_fields(views[seat], memories[seat]) == expected_fields(views[seat], memories[seat])
            check_invariant(views[seat], game)
        if game.over:
            return moves
        if rnd.random() < resign:
            events = game.apply(rnd.randrange(2), "resign")
        else:
            turn = game.turn
            assert turn is not None
            events = game.apply(turn, rnd.choice(game.legal_moves()))
        moves += 1
        for event in events:
            for memory in memories:
                memory.update(event)


@pytest.mark.parametrize("block", range(10))
def test_the_views_memory_is_rung_4s_memory(block):
    for seed in range(block * 60, block * 60 + 60):
        play(seed)


def test_the_memory_sees_takes_swaps_and_the_last_card():
    """The deals above reach every way a card becomes known (else the comparison proves little)."""
    takes = swaps = last = 0
    for seed in range(200):
        rnd = random.Random(seed)
        game = reference.Game.from_seed(seed_of(seed))
        while not game.over:
            talon = len(game.talon)
            for event in game.apply(game.turn, rnd.choice(game.legal_moves())):
                takes += event.kind == "bout_end" and bool(event.taken) and event.cards > 0
                swaps += event.kind == "swap"
                last += event.kind == "refill" and talon > 0 and event.talon == 0
        known = game.view(0).known
        assert all(k <= h for k, h in zip(known, game.hands, strict=True))
    assert takes > 100 and swaps > 10 and last > 150


def test_out_lists_the_empty_seats_once_the_deal_ends():
    for seed in range(40):
        rnd = random.Random(seed)
        game = reference.Game.from_seed(seed_of(seed))
        while not game.over:
            assert game.view(0).out == ()
            game.apply(game.turn, rnd.choice(game.legal_moves()))
        outs = tuple(e.seat for e in game.events if e.kind == "out")
        assert game.view(0).out == game.view(1).out == outs
        assert outs == tuple(s for s in (0, 1) if not game.hands[s])


def test_the_two_seat_bout_and_rules():
    game = reference.Game.from_seed(seed_of(3))
    view = game.view(0)
    assert view.rules == reference.RULES and view.rules.two_seat
    assert view.bout.leader == view.bout.attacker and view.bout.throwers == (view.bout.attacker,)
    assert view.bout.shown == CardSet()


def test_a_view_written_by_hand_gets_the_two_seat_defaults():
    """A bot's test writes a view by hand: the new fields left out are the two-seat table with no memory."""
    from kozyr.cards import parse_card
    from kozyr.durak import Bout, Rules, View
    bout = Bout(attacker=1, defender=0, cap=6, size=1, taken=False, to_beat=parse_card("9S"),
                pairs=((parse_card("9S"), None),))
    assert bout.leader == 1 and bout.throwers == (1,) and bout.shown == CardSet()
    # its repr leaves the two-seat values out (the two-seat game prints as it always has)
    assert repr(bout) == "Bout(attacker=1, defender=0, cap=6, size=1, taken=False, to_beat=9, pairs=((9, None),))"
    moved = Bout(attacker=1, defender=2, cap=6, size=0, taken=False, to_beat=None, pairs=(), leader=0,
                 throwers=(1, 0), shown=CardSet("7H"))
    assert repr(moved).endswith("pairs=(), leader=0, throwers=(1, 0), shown=CardSet('7H'))")
    hand = CardSet("AS KS 6H 7H 8D 9C")
    view = View(seat=0, ply=1, phase="defend", turn=0, trump=1, turnup=parse_card("TH"), talon=24, heap=0,
                hand=hand, counts=(6, 5), can_swap=False, legal=(), over=False, result=None, bout=bout)
    assert view.rules == Rules() and view.out == () and view.heap_cards == CardSet()
    assert view.known == (CardSet(), CardSet()) and view.bottom == parse_card("TH")
    assert view.unseen == DECK - hand - CardSet("9S TH")
