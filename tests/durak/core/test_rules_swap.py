"""The trump-six exchange: who may swap, when, what it writes, and who owns the six.

Base deal: trump hearts (turn-up 9H); seat 0 holds 6H 7S 7D 9C KS QD (dealt the
trump six: its owner, and the first attacker), seat 1 holds 8S 8C JD AC TS 7H.
"""
from __future__ import annotations

import pytest

from kozyr.cards import parse_card
from kozyr.durak import Event, Move

HAND_0 = "6H 7S 7D 9C KS QD"
HAND_1 = "8S 8C JD AC TS 7H"
SWAP, TAKE, DONE = Move("swap"), Move("take"), Move("done")


def C(name):
    return parse_card(name)


def M(text):
    return Move.parse(text)


def test_swap_at_the_start(deal, refuse):
    game = deal(HAND_0, HAND_1, "9H")
    assert game.six_owner == 0 and game.view(0).can_swap and not game.view(1).can_swap
    assert game.legal_moves()[-1] == SWAP
    talon = game.talon
    assert game.apply(0, "swap") == (Event("swap", seat=0, card=C("9H")),)
    # the six takes the turn-up's place at the end of the talon; the turn-up goes to the hand
    assert game.talon == talon[:-1] + (C("6H"),) and len(game.talon) == 24
    assert C("9H") in game.hands[0] and C("6H") not in game.hands[0] and len(game.hands[0]) == 6
    # the right is spent; the turn does not end
    assert game.six_owner is None and not game.view(0).can_swap
    assert game.turn == 0 and game.phase == "attack" and game.ply == 1
    assert game.history == ((0, SWAP),)
    assert SWAP not in game.legal_moves() and M("attack 9H") in game.legal_moves()
    # the turn-up has left the talon (it is in a hand): the view no longer shows it
    assert game.view(1).turnup is None and game.view(1).talon == 24
    assert game.turnup == C("9H") and game.trump == 1
    refuse(game, 0, "swap", "not_the_six")


def test_a_possible_swap_stops_exhausted_and_a_swap_can_exhaust(deal, run):
    game = deal(HAND_0, HAND_1, "9H")
    run(game, "0 attack 7S; 1 beat 8S; 0 attack 7D; 1 beat JD")
    # seat 0 holds 6H KS QD 9C: no seven, eight or jack; only the swap keeps the bout open
    assert game.legal_moves() == (DONE, SWAP)
    events = game.apply(0, "swap")
    assert events == (Event("swap", seat=0, card=C("9H")),
                      Event("bout_end", taken=False, how="exhausted", cards=4, heap=4, attacker=1),
                      Event("refill", drawn=(2, 2), talon=20))
    assert game.talon[-1] == C("6H") and game.turn == 1


# Seat 0 beats off a bout, then defends against seat 1 holding TH (drawn).
DEFENCE = (HAND_0, HAND_1, "9H", "6S TH")


def test_swap_in_defence(deal, run):
    game = deal(*DEFENCE)
    run(game, "0 attack 7S; 1 beat 8S; 0 done")
    assert C("TH") in game.hands[1] and C("6S") in game.hands[0]
    assert game.turn == 1 and game.view(0).can_swap and game.view(0).legal == ()
    twin = game.copy()

    # 7H: seat 0's 6H cannot beat it, but the swap is a choice: no automatic take
    assert game.apply(1, "attack 7H") == (Event("attack", seat=1, card=C("7H")),)
    assert game.phase == "defend" and game.legal_moves() == (TAKE, SWAP)
    assert game.apply(0, "swap") == (Event("swap", seat=0, card=C("9H")),)
    assert game.phase == "defend" and game.turn == 0
    assert game.legal_moves() == (M("beat 9H"), TAKE)

    # TH: after the swap 9H cannot beat it either: the defender takes automatically
    twin.apply(1, "attack TH")
    assert twin.legal_moves() == (TAKE, SWAP)
    assert twin.apply(0, "swap") == (Event("swap", seat=0, card=C("9H")),)
    assert twin.phase == "pile_on" and twin.turn == 1 and twin.bout.taken
    assert not any(e.kind == "take" for e in twin.events)
    assert twin.legal_moves() == (M("attack TS"), DONE)


def test_swap_is_listed_last_in_defence(deal, run):
    game = deal(*DEFENCE)
    run(game, "0 attack 7S; 1 beat 8S; 0 done; 1 attack 8C")
    # beating cards in reference order, take, swap
    assert game.legal_moves() == (M("beat 6H"), M("beat 9C"), TAKE, SWAP)


def test_drawing_the_six_makes_the_owner(deal, run):
    # nobody is dealt 6H; seat 1 (holding 7H, the lowest trump) attacks first,
    # so it draws first, and it draws the six
    game = deal("7S 7D 9C KS QD 6D", HAND_1, "9H", "6H 6S")
    assert game.six_owner is None and game.turn == 1
    run(game, "1 attack 8C; 0 beat 9C; 1 done")
    assert C("6H") in game.hands[1] and C("6S") in game.hands[0]
    assert game.six_owner == 1
    # the view says so whether or not the seat is on turn, and only to that seat
    assert game.turn == 0 and game.view(1).can_swap and game.view(1).legal == ()
    assert not game.view(0).can_swap and SWAP not in game.legal_moves()
    game.apply(0, "attack 7S")
    assert game.legal_moves()[-2:] == (TAKE, SWAP)


def test_a_defender_taking_back_its_own_six_keeps_the_right(deal, run):
    game = deal("7S 7D 9C KS QD 6D", HAND_1, "9H", "6H 6S")
    run(game, "1 attack 8C; 0 beat 9C; 1 done; 0 attack 7S; 1 beat 6H; 0 attack 7D; 1 take")
    assert game.phase == "pile_on" and game.six_owner == 1
    events = game.apply(0, "done")
    assert events[1] == Event("bout_end", taken=True, how="done", cards=3, heap=2, attacker=0)
    assert {C("7S"), C("6H"), C("7D")} <= set(game.hands[1])
    assert game.six_owner == 1 and game.view(1).can_swap


def test_an_attacker_losing_its_six_in_a_taken_bout_loses_the_right(deal, run, refuse):
    game = deal(HAND_0, HAND_1, "9H")
    game.apply(0, "attack 6H")
    # seat 1 could beat with 7H but takes; seat 0 holds no six and no swap: the bout closes
    events = game.apply(1, "take")
    assert events[:2] == (Event("take", seat=1),
                          Event("bout_end", taken=True, how="taken", cards=1, heap=0, attacker=0))
    assert C("6H") in game.hands[1]
    # picking the six up never makes the defender its owner
    assert game.six_owner is None
    assert not game.view(0).can_swap and not game.view(1).can_swap
    game.apply(0, "attack 7S")
    assert SWAP not in game.legal_moves()
    refuse(game, 1, "swap", "not_the_six")


def test_an_owner_whose_six_is_beaten_off_cannot_swap(deal, run, refuse):
    game = deal(HAND_0, HAND_1, "9H")
    run(game, "0 attack 6H; 1 beat 7H; 0 done")
    assert C("6H") in game.heap_cards and game.heap == 2
    assert not game.view(0).can_swap and not game.view(1).can_swap


@pytest.mark.parametrize("script", ["", "0 attack 7S", "0 attack 7S; 1 beat 8S"])
def test_swap_only_on_turn(deal, run, refuse, script):
    game = deal(HAND_0, HAND_1, "9H")
    run(game, script)
    if game.turn == 0:
        assert game.legal_moves()[-1] == SWAP
    else:
        assert game.view(0).can_swap and game.view(0).legal == ()
        refuse(game, 0, "swap", "not_your_turn")
