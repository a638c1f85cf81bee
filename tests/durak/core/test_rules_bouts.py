"""Bouts: forced positions, every way a bout closes, refill order, the end of a deal.

Each test is a written deal (hands, turn-up, talon front) and a written script;
the expected events are worked out by hand from the spec, not read off an engine.
"""
from __future__ import annotations

from kozyr.cards import parse_card
from kozyr.durak import Event, Move, Result, pad_seed


def C(name):
    return parse_card(name)


def bout_end(taken, how, cards, heap, attacker):
    return Event("bout_end", taken=taken, how=how, cards=cards, heap=heap, attacker=attacker)


def refill(n0, n1, talon):
    return Event("refill", drawn=(n0, n1), talon=talon)


def attack(seat, card):
    return Event("attack", seat=seat, card=C(card))


def beat(seat, card):
    return Event("beat", seat=seat, card=C(card))


# -- automatic take and the taken close --------------------------------------

def test_automatic_take_writes_no_take_event_and_closes_taken(deal):
    # trump hearts, no trump dealt: seat 0 opens. Seat 1 has no spade and no
    # trump, so it cannot beat 6S: it takes automatically; seat 0 has no other
    # six and no swap, so the taken bout closes at once.
    game = deal("6S 7S 8S 9S TS JS", "6D 7D 8D 9D TD JD", "AH", "KC QC")
    assert game.turn == 0
    events = game.apply(0, "attack 6S")
    assert events == (attack(0, "6S"), bout_end(True, "taken", 1, 0, 0), refill(1, 0, 23))
    assert C("6S") in game.hands[1] and len(game.hands[1]) == 7
    assert C("KC") in game.hands[0] and len(game.hands[0]) == 6
    assert game.talon[0] == C("QC")
    # the same attacker attacks next; the cap is min(6, 7)
    assert game.turn == 0 and game.bout.attacker == 0 and game.bout.cap == 6 and game.bout.size == 0


def test_automatic_take_leaves_the_attacker_to_pile_on(deal, run):
    game = deal("6S 6C 6D 8S 9S TS", "7D 8D 9D TD JD QD", "AH")
    assert game.apply(0, "attack 6S") == (attack(0, "6S"),)
    assert game.phase == "pile_on" and game.turn == 0
    assert game.bout.taken and game.bout.to_beat == C("6S") and game.bout.size == 1
    assert game.legal_moves() == (Move.parse("attack 6D"), Move.parse("attack 6C"), Move.parse("done"))
    assert game.view(1).legal == ()
    # a card thrown in after a take is never answered: seat 1 could beat 6D with 7D
    assert game.apply(0, "attack 6D") == (attack(0, "6D"),)
    assert game.phase == "pile_on" and game.turn == 0
    assert game.bout.pairs == ((C("6S"), None), (C("6D"), None))
    # the last six: nothing more to throw, the bout closes taken
    events = game.apply(0, "attack 6C")
    assert events == (attack(0, "6C"), bout_end(True, "taken", 3, 0, 0), refill(3, 0, 21))
    assert {C("6S"), C("6D"), C("6C")} <= set(game.hands[1]) and len(game.hands[1]) == 9


def test_done_in_pile_on_closes_the_taken_bout(deal):
    game = deal("6S 6C 8S 9S TS JS", "6D 7D 8D 9D TD JD", "AH")
    game.apply(0, "attack 6S")
    assert game.phase == "pile_on"
    events = game.apply(0, "done")
    assert events == (Event("done", seat=0), bout_end(True, "done", 1, 0, 0), refill(1, 0, 23))
    assert game.turn == 0 and game.phase == "attack"


# trump clubs (turn-up TC); seat 0 holds 8C, seat 1 9C: seat 0 opens
DEAL_C = ("7S 6H 6D 8C QS KH", "QH 8D 9C KS AH AD", "TC",
          "KD 6S 8S 9S TS JS AS 7H 8H 9H TH JH")


def test_explicit_take_then_taken_close_then_capped(deal, run):
    game = deal(*DEAL_C)
    game.apply(0, "attack 7S")
    assert game.legal_moves() == (Move.parse("beat KS"), Move.parse("beat 9C"), Move("take"))
    # seat 0 holds no seven and no six of clubs: after the take the bout closes
    events = game.apply(1, "take")
    assert events == (Event("take", seat=1), bout_end(True, "taken", 1, 0, 0), refill(1, 0, 23))
    # a hand above six draws nothing; the attacker drew KD
    assert len(game.hands[1]) == 7 and C("KD") in game.hands[0]
    assert game.bout.cap == 6
    events = run(game, "0 attack 6H; 1 beat QH; 0 attack 6D; 1 beat 8D; 0 attack 8C; 1 beat 9C; "
                       "0 attack QS; 1 beat KS; 0 attack KH; 1 beat AH; 0 attack KD; 1 beat AD")
    # at its cap with every card beaten and seat 1 still holding 7S: capped
    assert events[-3:] == (beat(1, "AD"), bout_end(False, "capped", 12, 12, 1), refill(6, 5, 12))
    # refill order: the bout's attacker (seat 0) draws first, then the defender
    assert set(game.hands[0]) == set(map(C, "6S 8S 9S TS JS AS".split()))
    assert set(game.hands[1]) == set(map(C, "7S 7H 8H 9H TH JH".split()))
    assert game.turn == 1 and game.bout.attacker == 1 and game.bout.cap == 6 and game.heap == 12


def test_exhausted(deal):
    game = deal(*DEAL_C)
    game.apply(0, "attack 7S")
    # seat 0 holds no seven and no nine: the bout closes exhausted
    events = game.apply(1, "beat 9C")
    assert events == (beat(1, "9C"), bout_end(False, "exhausted", 2, 2, 1), refill(1, 1, 22))
    assert C("KD") in game.hands[0] and C("6S") in game.hands[1]  # attacker first
    assert game.turn == 1 and game.bout.attacker == 1 and game.heap == 2


def test_done_in_attack_beats_the_bout_off(deal):
    game = deal(*DEAL_C)
    game.apply(0, "attack 6H")
    game.apply(1, "beat QH")
    assert game.legal_moves() == (Move.parse("attack QS"), Move.parse("attack 6D"), Move("done"))
    events = game.apply(0, "done")
    assert events == (Event("done", seat=0), bout_end(False, "done", 2, 2, 1), refill(1, 1, 22))


def test_taken_bout_closes_at_its_cap_with_cards_left_to_throw(burned, run):
    # the endgame of the burn deal (talon empty), trump clubs
    game = burned("9D 9S 9H 7C 8S TH", "6S 7S 8H TD JH 6C")
    assert game.turn == 0 and game.talon == () and game.heap == 24
    run(game, "0 attack 6S; 1 take")
    assert game.legal_moves() == (Move.parse("attack 6C"), Move("done"))
    assert run(game, "0 done")[-2:] == (bout_end(True, "done", 1, 24, 0), refill(0, 0, 0))
    events = run(game, "0 attack 6C; 1 beat 7C; 0 attack 7S; 1 beat 8S; 0 attack 8H; 1 beat TH; 0 done")
    assert events[-2:] == (bout_end(False, "done", 6, 30, 1), refill(0, 0, 0))
    # seat 0 holds TD JH: the bout opens with cap min(6, 2) = 2
    assert set(game.hands[0]) == {C("TD"), C("JH")}
    assert game.bout.attacker == 1 and game.bout.cap == 2
    assert game.apply(1, "attack 9S") == (attack(1, "9S"),)  # seat 0 cannot beat it: automatic take
    assert game.phase == "pile_on"
    assert game.legal_moves() == (Move.parse("attack 9H"), Move.parse("attack 9D"), Move("done"))
    # the second card reaches the cap: the bout closes though 9D could follow
    assert game.apply(1, "attack 9H") == (attack(1, "9H"), bout_end(True, "taken", 2, 30, 1), refill(0, 0, 0))
    assert set(game.hands[1]) == {C("9D"), C("6S")} and len(game.hands[0]) == 4
    assert game.turn == 1 and game.bout.cap == 4 and not game.over


def test_taken_bout_at_its_cap_closes_even_when_the_attacker_could_swap(engine, run):
    # A played deal (seed `cap-3577`): before the last move seat 0 piles on a
    # taken bout of five cards, holding the trump six it drew (the turn-up 8S
    # still in the talon). Rule 1 lists the cap on its own: the sixth card
    # closes the bout; the swap would only have stopped the "nothing to add" close.
    game = engine.Game.from_seed(pad_seed("cap-3577"))
    run(game, "1 attack 6C; 0 beat QC; 1 done; 0 attack TH; 1 take; 0 attack 9D; 1 take; "
              "0 attack 9C; 0 attack JD; 1 beat JS; 1 attack AC; 0 take; 1 attack TC; 0 take; "
              "1 attack TH; 1 attack 9S; 0 take; 1 attack 9D; 1 attack 9C; 1 attack TS; 0 beat AS; "
              "0 attack 9D; 1 beat KS; 0 attack KC; 1 take; 0 attack 9S; 0 attack KH; 0 attack 9H")
    assert game.turnup == C("8S") and game.talon[-1] == C("8S")
    assert game.phase == "pile_on" and game.turn == 0 and game.bout.size == 5 and game.bout.cap == 6
    assert game.six_owner == 0 and C("6S") in game.hands[0] and game.view(0).can_swap
    assert game.legal_moves() == (Move.parse("attack KD"), Move.parse("attack 9C"), Move("done"), Move("swap"))
    events = game.apply(0, "attack KD")
    assert events == (attack(0, "KD"), bout_end(True, "taken", 7, 6, 0), refill(1, 0, 12))
    assert game.turn == 0 and game.phase == "attack" and game.bout.size == 0


# -- the burn: spent bouts, the end of a deal ---------------------------------

DRAW_END = ("7C 8S 9S 9H TD JH", "6S 7S 8H 9D TH 6C")


def test_spent_is_checked_before_capped(unburned, run):
    game = unburned(*DRAW_END)
    assert game.trump == 3 and game.turnup == C("6C") and game.turn == 0
    assert game.six_owner is None  # the turn-up is the six: no owner
    events = run(game, "0 attack 6H; 1 beat QH; 0 attack 6D; 1 beat 8D; 0 attack 8C; 1 beat 9C; "
                       "0 attack QS; 1 beat KS; 0 attack KH; 1 beat AH; 0 attack KD")
    assert game.bout.size == 6 == game.bout.cap
    # the sixth beat empties seat 1's hand at the cap: spent, not capped
    events = game.apply(1, "beat AD")
    assert events == (beat(1, "AD"), bout_end(False, "spent", 12, 12, 1), refill(6, 6, 12))
    assert set(game.hands[0]) == set(map(C, "TC JC AS QC KC AC".split()))
    assert set(game.hands[1]) == set(map(C, "7H 7D JS TS QD JD".split()))
    events = run(game, "1 attack 7H; 0 beat TC; 1 attack 7D; 0 beat JC; 1 attack JS; 0 beat AS; "
                       "1 attack TS; 0 beat QC; 1 attack QD; 0 beat KC; 1 attack JD; 0 beat AC")
    # seat 1 attacked this bout, so it draws first; seat 0 draws the last six, the turn-up last
    assert events[-2:] == (bout_end(False, "spent", 12, 24, 0), refill(6, 6, 0))
    assert set(game.hands[1]) == set(map(C, DRAW_END[0].split()))
    assert set(game.hands[0]) == set(map(C, DRAW_END[1].split()))
    assert game.talon == () and game.view(0).turnup is None and game.view(0).talon == 0
    assert game.turn == 0 and not game.over and game.bout.cap == 6


def test_a_draw(burned, run):
    game = burned(*DRAW_END)
    events = run(game, "0 attack 6C; 1 beat 7C; 0 attack 6S; 1 beat 8S; 0 attack 7S; 1 beat 9S; "
                       "0 attack 8H; 1 beat 9H; 0 attack 9D; 1 beat TD; 0 attack TH")
    assert not game.over
    events = game.apply(1, "beat JH")
    assert events == (beat(1, "JH"), bout_end(False, "spent", 12, 36, 1), refill(0, 0, 0),
                      Event("out", seat=0), Event("out", seat=1),
                      Event("game_end", outcome="draw", fool=None))
    assert game.result == Result("draw", None) and game.over and game.turn is None and game.phase == "over"
    assert game.heap == 36 and game.hands == (game.hands[0], game.hands[1]) and not any(game.hands)
    assert game.legal_moves() == () and game.view(0).result == Result("draw", None)
    # the bout left in view: the next attacker's, empty, cap from the empty hand
    assert game.bout.size == 0 and game.bout.pairs == () and game.bout.attacker == 1


def test_a_fool_after_a_taken_bout(burned, run):
    game = burned(*DRAW_END)
    events = run(game, "0 attack 6C; 1 beat 7C; 0 attack 6S; 1 beat 8S; 0 attack 7S; 1 beat 9S; "
                       "0 attack 8H; 1 beat 9H; 0 attack 9D; 1 beat TD; 0 done")
    assert events[-2:] == (bout_end(False, "done", 10, 34, 1), refill(0, 0, 0))
    assert not game.over and game.bout.cap == 1  # seat 0 holds TH only
    # seat 0 cannot beat JH with TH: automatic take; seat 1, empty, has nothing to add
    events = game.apply(1, "attack JH")
    assert events == (attack(1, "JH"), bout_end(True, "taken", 1, 34, 1), refill(0, 0, 0),
                      Event("out", seat=1), Event("game_end", outcome="fool", fool=0))
    assert game.result == Result("fool", 0) and set(game.hands[0]) == {C("TH"), C("JH")}


def test_a_fool_when_the_attacker_is_out_after_a_take(burned, run):
    game = burned(*DRAW_END)
    run(game, "0 attack 6C; 1 beat 7C; 0 attack 6S; 1 beat 8S; 0 attack 7S; 1 beat 9S; "
              "0 attack 8H; 1 beat 9H; 0 attack 9D; 1 beat TD; 0 attack TH")
    # seat 0 has played its last card; seat 1 takes instead of beating with JH:
    # the bout is at its cap, it closes taken, seat 0 is out and seat 1 the fool
    events = game.apply(1, "take")
    assert events == (Event("take", seat=1), bout_end(True, "taken", 11, 24, 0), refill(0, 0, 0),
                      Event("out", seat=0), Event("game_end", outcome="fool", fool=1))
    assert game.result == Result("fool", 1) and len(game.hands[1]) == 12 and not game.hands[0]
