"""The view's `declined` memory, and the imagined deals that fit it (`determinize(..., believe=True)`).

`declined[s]` is what seat s's choices told: the plain attack cards it took, or
beat with a trump, since it last drew. The differential tests hold the engine's
field to the plain-Python engines'; here it is held to its meaning. Rungs 2 and
3 beat in suit whenever they can, so a seat of theirs never holds an unseen
card of a declined suit above the declined card: the doubted cards
(`doubted` below) are never in its hand, at every view of many deals, at two
seats and at bigger tables. A deal drawn with `believe=True` keeps what the
view shows (the hands' counts, the known cards, the bottom card) and puts no
doubted card in another hand while the talon has room for it.
"""
from __future__ import annotations

import dataclasses
import random

import pytest

from kozyr.cards import CardSet
from kozyr.durak import Bot, Game, Rules
from kozyr.durak.bots.rung4 import best4
from kozyr.durak.memory import Memory
from kozyr.durak.oracle.testing import seed_of
from kozyr.errors import KozyrError

TABLES = [Rules(), Rules(seats=3), Rules(seats=4, variant="perevodnoy"), Rules(seats=2, deck=52)]


def doubted(view, seat: int) -> int:
    """The unseen cards seat `seat` holds none of if it beats in suit when it can (the search's reading)."""
    cards = 0
    for u in view.declined[seat]:
        suit = u >> 4
        cards |= (0xFFFF << 16 * suit) & ~((1 << (u + 1)) - 1)
    return cards & int(view.unseen)


def play(rules: Rules, deal: int, level: int):
    """Yield (game, view of every seat) after every move of one deal of rung `level` at every seat."""
    game = Game.from_seed(seed_of(7000 + deal), rules=rules)
    bots = [Bot(level, f"d{deal}-{s}") for s in range(rules.seats)]
    for _ in range(2000):
        views = [game.view(s) for s in range(rules.seats)]
        yield game, views
        if game.over:
            return
        turn = game.turn
        assert turn is not None
        move = bots[turn](views[turn])
        assert move is not None
        game.apply(turn, move)


@pytest.mark.parametrize("rules", TABLES, ids=str)
def test_rungs_two_and_three_never_hold_what_they_declined(rules):
    told = 0
    for deal in range(24):
        for game, views in play(rules, deal, 2 + deal % 2):
            for view in views:
                for s in range(rules.seats):
                    if s == view.seat:
                        continue
                    told += doubted(view, s) != 0
                    assert not int(game.hands[s]) & doubted(view, s), (deal, view.ply, s)
    assert told > 100    # the check had something to hold


def test_declined_is_the_same_in_every_seat_view_and_public():
    """Public memory: every seat's view tells the same `declined`; only plain cards seen on the table."""
    for deal in range(12):
        for _game, views in play(Rules(seats=3), deal, 3):
            assert len({v.declined for v in views}) == 1
            for view in views:
                for cards in view.declined:
                    assert not cards & view.unseen
                    assert all(c >> 4 != view.trump for c in cards)


def test_a_take_or_a_trump_declines_and_a_draw_clears():
    """Random play at two seats (one card to answer at a time): a take declines the plain card the seat
    was to answer, a trump beating a plain card declines that card, and a seat that drew holds nothing
    declined."""
    takes = trumps = clears = 0
    for deal in range(40):
        game = Game.from_seed(seed_of(8000 + deal))
        rnd = random.Random(deal)
        while not game.over:
            before = game.view(game.turn)
            seat = before.seat
            move = rnd.choice([m for m in before.legal if m.kind != "resign"])
            events = game.apply(seat, move)
            after = game.view(seat)
            refilled = any(e.kind == "refill" for e in events)
            if move.kind == "take":
                unanswered = [a for a, b in before.bout.pairs if b is None]
                assert len(unanswered) == 1    # the throw-ins come after the take
                if unanswered[0] >> 4 != before.trump:
                    assert unanswered[0] in after.declined[seat]
                    takes += 1
            if move.kind == "beat" and move.card >> 4 == before.trump:
                attack = next(a for a, b in before.bout.pairs if b is None)
                if attack >> 4 != before.trump:
                    trumps += 1
                    assert attack in after.declined[seat] or refilled
            for e in events:
                if e.kind == "refill":
                    for s, drawn in enumerate(e.drawn):
                        if drawn:
                            assert not after.declined[s]
                            clears += 1
            if not refilled:
                for s in (0, 1):     # nothing else clears a seat's entry
                    assert before.declined[s] <= after.declined[s]
    assert takes > 20 and trumps > 20 and clears > 100


def test_a_believed_deal_fits_the_view_and_the_choices():
    checked = moved = 0
    for deal in range(16):
        for game, views in play(Rules(), deal, 3):
            for view in views:
                other = 1 - view.seat
                bad = doubted(view, other)
                if not bad or view.talon < 3:
                    continue
                for k in range(4):
                    plain = game.determinize(view.seat, 1000 * deal + k)
                    fit = game.determinize(view.seat, 1000 * deal + k, believe=True)
                    assert fit.hands[view.seat] == view.hand
                    assert len(fit.hands[other]) == view.counts[other]
                    assert view.known[other] <= fit.hands[other]
                    assert fit.talon[-1] == plain.talon[-1] and len(fit.talon) == view.talon
                    # the same cards are unseen in both; the doubted ones left the other hand where the talon had room
                    pool = int(fit.hands[other]) | int(CardSet(fit.talon[:-1]))
                    assert pool == int(plain.hands[other]) | int(CardSet(plain.talon[:-1]))
                    room = len(CardSet(fit.talon[:-1]) - CardSet(bad)) - (16 * view.trump + 6 in fit.talon[:-1])
                    if room >= len(CardSet(bad)):
                        assert not int(fit.hands[other]) & bad
                    checked += 1
                    moved += bool(int(plain.hands[other]) & bad)
    assert checked > 50 and moved > 5


def test_believe_takes_the_view_alone():
    game = Game.from_seed(seed_of(9000))
    with pytest.raises(TypeError, match="believe=True draws from the view"):
        game.determinize(0, Memory.start(game.view(0)), 1, believe=True)


def test_a_forged_declined_is_refused():
    """A trump, an unseen card, or one entry short: a bad_view naming `declined`, before any search."""
    game = Game.from_seed(seed_of(9001))
    view = game.view(game.turn).as_view()
    unseen = next(iter(view.unseen))
    for forged in [(CardSet([16 * view.trump + 14]), CardSet()), (CardSet([unseen]), CardSet()), (CardSet(),)]:
        with pytest.raises(KozyrError, match="declined"):
            best4(dataclasses.replace(view, declined=forged), 1)
