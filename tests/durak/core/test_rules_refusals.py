"""Refusals: every reachable code from a written position, nothing changed, the check order.

The base deal: trump hearts (turn-up 9H); seat 0 holds 6H 7S 7D 9C KS QD (the
trump six: it owns the exchange and, holding the lowest trump, attacks first),
seat 1 holds 8S 8C JD AC TS 7H.

- P0, the start: seat 0 to attack an empty bout.
- P1, after `0 attack 7S`: seat 1 to defend (TS, 8S and 7H beat it).
- P2, after `1 beat 8S`: seat 0 may throw in 7D, say done, or swap.

`bout_full` and `bad_seats` are not reachable through this API (see
test_rules_bouts.py for the cap and the report for bad_seats).
"""
from __future__ import annotations

import pytest

from kozyr.cards import parse_card
from kozyr.durak import CODES, Event, Move, Result
from kozyr.durak.codes import VARIANT_CODES

HAND_0 = "6H 7S 7D 9C KS QD"
HAND_1 = "8S 8C JD AC TS 7H"
TURNUP = "9H"
P1 = "0 attack 7S"
P2 = "0 attack 7S; 1 beat 8S"


@pytest.fixture
def base(deal):
    return deal(HAND_0, HAND_1, TURNUP)


def M(text):
    return Move.parse(text)


def test_the_base_positions(base, run):
    assert base.turn == 0 and base.phase == "attack" and base.six_owner == 0
    assert base.legal_moves() == tuple(map(M, [
        "attack KS", "attack 7S", "attack 6H", "attack QD", "attack 7D", "attack 9C", "swap"]))
    run(base, P1)
    assert base.turn == 1 and base.phase == "defend" and base.bout.to_beat == parse_card("7S")
    assert base.legal_moves() == tuple(map(M, ["beat TS", "beat 8S", "beat 7H", "take"]))
    run(base, "1 beat 8S")
    assert base.turn == 0 and base.phase == "attack"
    assert base.legal_moves() == tuple(map(M, ["attack 7D", "done", "swap"]))


# (position script, seat, move, code): each refused and changing nothing
CASES = [
    # not_your_turn: the other seat, and seats that do not exist
    ("", 1, "attack 8S", "not_your_turn"),
    ("", 2, "attack 7S", "not_your_turn"),
    ("", -1, "attack 7S", "not_your_turn"),
    ("", None, "attack 7S", "not_your_turn"),
    (P1, 0, "attack 7D", "not_your_turn"),
    (P1, 0, "take", "not_your_turn"),
    (P2, 1, "beat 7D", "not_your_turn"),
    # not_legal: unknown or missing kind
    ("", 0, "fly", "not_legal"),
    ("", 0, "", "not_legal"),
    ("", 0, None, "not_legal"),
    ("", 0, 42, "not_legal"),
    (P1, 1, "pass", "not_legal"),
    # wrong_phase
    ("", 0, "beat 7S", "wrong_phase"),
    ("", 0, "take", "wrong_phase"),
    (P1, 1, "attack 8S", "wrong_phase"),
    (P1, 1, "done", "wrong_phase"),
    (P2, 0, "beat 7D", "wrong_phase"),
    (P2, 0, "take", "wrong_phase"),
    # card_not_held, also for a missing or malformed card
    ("", 0, "attack AS", "card_not_held"),
    ("", 0, "attack", "card_not_held"),
    ("", 0, "attack XX", "card_not_held"),
    ("", 0, Move("attack", 2), "card_not_held"),  # the two of spades: no durak card
    (P1, 1, "beat AS", "card_not_held"),
    (P1, 1, "beat", "card_not_held"),
    (P2, 0, "attack 8S", "card_not_held"),  # on the table, not in the hand
    # beats_nothing
    (P1, 1, "beat JD", "beats_nothing"),
    (P1, 1, "beat 8C", "beats_nothing"),
    # rank_not_in_bout
    (P2, 0, "attack KS", "rank_not_in_bout"),
    (P2, 0, "attack 6H", "rank_not_in_bout"),
    # must_attack
    ("", 0, "done", "must_attack"),
    # not_the_six: not the owner; the owner no longer holding it
    (P1, 1, "swap", "not_the_six"),
    ("0 attack 6H; 1 beat 7H", 0, "swap", "not_the_six"),
]


@pytest.mark.parametrize("position, seat, move, code", CASES)
def test_refused_and_nothing_changes(base, run, refuse, position, seat, move, code):
    run(base, position)
    refuse(base, seat, move, code)
    # the position still plays on: a legal move is accepted afterwards
    legal = base.legal_moves()
    assert legal
    base.apply(base.turn, legal[0])


def test_talon_shut(burned, refuse):
    # turn-up 7C; seat 0 draws the trump six 6C from the talon in the burn's
    # last refill (so owns it) and then the turn-up: the talon is shut.
    game = burned("6S 7S 8H 9D TH 8S", "6C 9S 9H TD JH 7C")
    assert game.turn == 0 and game.talon == () and game.six_owner == 0
    assert parse_card("6C") in game.hands[0]
    assert game.view(0).can_swap is False
    assert Move("swap") not in game.legal_moves()
    refuse(game, 0, "swap", "talon_shut")
    refuse(game, 1, "swap", "not_your_turn")
    game.apply(0, "attack 9H")
    assert game.turn == 1 and game.phase == "defend"
    refuse(game, 1, "swap", "not_the_six")  # not the owner, and the talon shut too: the six check first


def test_game_over(base, run, refuse):
    run(base, P1)
    assert base.apply(1, "resign") == (Event("resign", seat=1), Event("game_end", outcome="resign", fool=1))
    for seat, move in [(0, "attack 7D"), (1, "take"), (0, "resign"), (1, "resign"), (0, "fly"), (7, "fly"),
                       (None, None), (0, "swap")]:
        refuse(base, seat, move, "game_over")


def test_every_code_has_a_case():
    reached = {case[3] for case in CASES} | {"talon_shut", "game_over", "no_seed", "bad_deal"}
    # bout_full: a bout at its cap always closes before its attacker moves;
    # bad_seats: the API has no seat count to get wrong.
    assert set(CODES) - set(VARIANT_CODES) - reached == {"bout_full", "bad_seats"}


# The first failing check wins: game_over; not_your_turn for a seat that does
# not exist; not_legal; (resign accepted); not_your_turn; wrong_phase; by kind.
ORDER_CASES = [
    ("", 5, "fly", "not_your_turn"),            # a missing seat before an unknown kind
    ("", 5, "resign", "not_your_turn"),         # ... even for resign
    ("", 1, "fly", "not_legal"),                # unknown kind before not on turn
    ("", 1, "beat AS", "not_your_turn"),        # not on turn before phase and card
    ("", 1, "attack", "not_your_turn"),         # ... a missing card too
    ("", 0, "beat AS", "wrong_phase"),          # phase before the card
    (P1, 1, "attack AS", "wrong_phase"),
    (P1, 1, "attack", "wrong_phase"),
    (P2, 0, "attack AS", "card_not_held"),      # the card before its rank
    (P1, 1, "beat 6S", "card_not_held"),        # the card before what it beats
    (P1, 1, "swap", "not_the_six"),
    (P2, 1, "done", "not_your_turn"),
    ("", 0, "done", "must_attack"),
    # perevodnoy's kinds: the two-seat podkidnoy table has neither (not_legal, before the turn)
    ("", 1, "transfer 7S", "not_legal"),
    (P1, 1, "transfer 8S", "not_legal"),
    (P1, 1, Move("show", parse_card("7H")), "not_legal"),
    (P1, 1, "transfer", "not_legal"),
    ("", 5, "show 7S", "not_your_turn"),
]


@pytest.mark.parametrize("position, seat, move, code", ORDER_CASES)
def test_first_failing_check_wins(base, run, refuse, position, seat, move, code):
    run(base, position)
    refuse(base, seat, move, code)


def test_game_over_is_checked_first(base, refuse):
    base.apply(0, "resign")
    refuse(base, 5, "fly", "game_over")
    refuse(base, 1, "beat AS", "game_over")


@pytest.mark.parametrize("seat", [0, 1])
@pytest.mark.parametrize("position", ["", P1, P2, "0 attack 7S; 1 take"])
def test_resign_on_turn_or_not(base, run, position, seat):
    run(base, position)
    bout, hands, history = base.bout, base.hands, base.history
    ply = base.ply
    events = base.apply(seat, Move("resign"))
    assert events == (Event("resign", seat=seat), Event("game_end", outcome="resign", fool=seat))
    assert base.result == Result("resign", seat)
    assert base.over and base.phase == "over" and base.turn is None and base.ply == ply + 2
    assert base.legal_moves() == () and base.view(0).legal == () and base.view(1).legal == ()
    assert base.view(seat).result == Result("resign", seat) and base.view(1 - seat).over
    assert base.history == history + ((seat, Move("resign")),)
    assert base.hands == hands and base.bout == bout  # no out events, nothing moved
    assert not any(e.kind == "out" for e in base.events)


def test_a_refused_move_on_a_copy_leaves_the_original(base, refuse, snapshot):
    twin = base.copy()
    before = snapshot(base)
    refuse(twin, 0, "attack AS", "card_not_held")
    twin.apply(0, "attack 7S")
    assert snapshot(base) == before
    assert twin.turn == 1 and base.turn == 0
