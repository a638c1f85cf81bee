"""Rungs 2 and 3 at a table other than the two-seat game: kozyr's own rules, each checked where it applies.

The positions are those random play reaches at the table (rung 1 in every
seat, seeded); at every decision a rule speaks to, the rung's answer must be
the rule's. The two-seat rungs are untouched (the duel's differential tests,
the reference replays and the million-deal ladder hold them to the
reference); here, in addition, a two-seat view never reaches the variant play (table_move).
"""
from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

from kozyr.durak import Bot, Game, Move, Params, Rules
from kozyr.durak.bots.rungs import best

R3, R2 = Bot(3, "three"), Bot(2, "two")
P = Params()


def _positions(rules: Rules, deals: int, keep: Callable[[Any], bool]) -> Iterator[Any]:
    """Views of the seat on turn that `keep` accepts, over `deals` deals of random play at the table."""
    walker = Bot(1, "walk")
    for seed in range(deals):
        g = Game.from_rng(1000 + seed, rules=rules)
        while not g.over and g.moves < 2000:
            t = g.turn
            assert t is not None
            view = g.view(t)
            if not _kinds(view, "swap") and keep(view):   # the exchange comes first, at every table
                yield view
            move = walker(view)
            assert move is not None
            g.apply(t, move)


def _power(card: int, deck: int) -> int:
    """Rung 3's power of a card at a table: the 36-card scale (rank - 6) but with 52 cards, where it is
    measured from the lowest rank in play and scaled to 0 .. 8."""
    if deck != 52:
        return (card & 15) - 6
    return ((card & 15) - 2) * 8 // 12


def _kinds(view: Any, kind: str) -> list[Move]:
    return [m for m in view.legal if m.kind == kind]


def test_both_rungs_show_rather_than_beat_with_a_trump() -> None:
    rules = Rules(seats=3, variant="perevodnoy", show_trump=True)
    seen = plain = 0
    for view in _positions(rules, 100, lambda v: bool(_kinds(v, "show"))):
        shows = _kinds(view, "show")
        plain_beats = [m for m in _kinds(view, "beat") if (m.card or 0) >> 4 != view.trump]
        for bot in (R2, R3):
            move = bot(view)
            if plain_beats:    # a plain beat costs less than the sight of a trump: the rung's own choice
                assert move is not None and move.kind != "show"
            else:
                assert move == min(shows, key=lambda m: m.card or 0), view
        plain += bool(plain_beats)
        seen += 1
    assert seen >= 20 and 0 < plain < seen


def test_transfers_with_a_plain_card() -> None:
    rules = Rules(seats=4, variant="perevodnoy")
    seen = plain_and_beat = 0
    for view in _positions(rules, 80, lambda v: bool(_kinds(v, "transfer"))):
        trump = view.trump
        plain = [m for m in _kinds(view, "transfer") if (m.card or 0) >> 4 != trump]
        beats = _kinds(view, "beat")
        three, two = R3(view), R2(view)
        if not plain:   # a trump is never spent on a transfer: the two-seat rung's beat or take
            assert three is not None and three.kind in ("beat", "take") and two is not None
            assert two.kind in ("beat", "take")
            continue
        seen += 1
        # rung 3 hands the bout on rather than beat or take, with a plain card of the rank
        assert three is not None and three.kind == "transfer" and three in plain
        # rung 2 only when it would otherwise take
        assert two is not None
        if beats:
            plain_and_beat += 1
            assert two.kind == "beat"
        else:
            assert two.kind == "transfer" and two in plain
    assert seen >= 20 and plain_and_beat >= 5


def test_a_thrower_who_is_not_the_attacker_keeps_its_trumps_while_the_talon_lasts() -> None:
    rules = Rules(seats=4)

    def throwing(v: Any) -> bool:
        return v.phase != "defend" and v.seat != v.bout.attacker and bool(_kinds(v, "attack"))

    seen = trumps = 0
    for view in _positions(rules, 60, throwing):
        attacks = _kinds(view, "attack")
        has_trump = any((m.card or 0) >> 4 == view.trump for m in attacks)
        three = R3(view)
        assert three is not None
        if view.talon > 0 and has_trump:
            trumps += 1
            assert three.kind in ("attack", "done")
            assert three.kind == "done" or (three.card or 0) >> 4 != view.trump
            plain = [m for m in attacks if (m.card or 0) >> 4 != view.trump]
            assert (three.kind == "attack") == bool(plain)
        else:   # the two-seat rung's throw-in
            assert three == best(view, 3, 0, P) or three.kind in ("attack", "done")
        seen += 1
    assert seen >= 50 and trumps >= 10


@pytest.mark.parametrize("deck", [24, 52])
def test_a_costly_trump_is_measured_on_the_deck_s_own_ranks(deck: int) -> None:
    rules = Rules(seats=2, deck=deck)

    def beating_with_a_trump_only(v: Any) -> bool:
        beats = _kinds(v, "beat")
        return bool(beats) and all((m.card or 0) >> 4 == v.trump for m in beats) and bool(_kinds(v, "take"))

    seen = takes = 0
    for view in _positions(rules, 120, beating_with_a_trump_only):
        cheapest = best(view, 3, 0, Params(TAKE_BOUT=0))    # the card it beats with when it does not take
        assert cheapest is not None and cheapest.kind == "beat"
        costly = _power(cheapest.card or 0, deck) > P.CHEAP_POWER
        take = costly and view.talon > P.DEEP_TALON and view.bout.size <= P.TAKE_BOUT
        three = R3(view)
        assert three is not None and three.kind == ("take" if take else "beat"), (view, cheapest)
        takes += take
        seen += 1
    assert seen >= 20 and takes >= 3


def test_the_power_scales() -> None:
    # 52 cards: 2 and 3 = 0, eight 4, king 7, ace 8; 24, 32 and 36 cards: rank - 6, as at two seats
    assert [_power(16 + r, 52) for r in (2, 3, 8, 13, 14)] == [0, 0, 4, 7, 8]
    assert [_power(16 + r, 24) for r in range(9, 15)] == [3, 4, 5, 6, 7, 8]


def test_the_two_seat_game_never_reaches_the_variant_play() -> None:
    # at the two-seat game a thrower is always the attacker and no transfer exists; a rung's answer on any
    # view is the two-seat rung's: rung 3 takes to save a queen of trumps (power 6 > CHEAP_POWER) early
    seen = 0
    for view in _positions(Rules(), 40, lambda v: v.phase == "defend" and bool(_kinds(v, "beat"))):
        assert R3(view) == best(view, 3, 0, P)
        seen += 1
    assert seen >= 50
