"""Directed positions for the variants' rules that random play rarely reaches, on every engine.

Each position is written as a deal (every seat's hand, the turn-up, the talon's
front; the cards not written follow in reference order) and a script of
moves; nothing here asks an engine where a position is. Covered: the whole
deck dealt (6N = D: the turn-up held by the last seat, no talon, no
exchange), `target_short` and `not_a_trump` (and a show that is legal where a
transfer is not), `already_shown`, `transfer_closed`, the transfer's target
and the throwers recomputed, the refill order when a transfer made the leader
the defender, the throwers' order, neighbours at 5 seats, teams at 4 seats,
`seat_out`, the first five, and every refusal an option makes.

Planted bugs in four new rules (the refill order, the throwers' order, the
transfer target check, the 6N = D deal) each fail a test here:
`test_a_planted_rule_fails_its_position`.
"""
from __future__ import annotations

import importlib
from typing import Any

import pytest

from kozyr.cards import CardSet, parse_card
from kozyr.durak import Event, IllegalMove, Move, Rules
from kozyr.durak.oracle.reference_variants import Game as Twin

ENGINES = {"twin": "kozyr.durak.oracle.reference_variants", "cython": "kozyr.durak.core.engine"}


@pytest.fixture(params=list(ENGINES), ids=list(ENGINES))
def engine(request: pytest.FixtureRequest) -> Any:
    return importlib.import_module(ENGINES[request.param]).Game


def cards(text: str) -> list[int]:
    return [parse_card(name) for name in text.split()]


def table_order(rules: Rules, hands: list[str], turnup: str, talon: str = "") -> tuple[int, ...]:
    """The shuffled order dealing hands[s] to seat s (six cards, written in dealing order), the turn-up
    at position 6N (or, with the whole deck dealt, as seat N-1's last card), then the talon's front."""
    n = rules.seats
    dealt = [cards(h) for h in hands]
    assert len(dealt) == n and all(len(h) == 6 for h in dealt)
    order = [dealt[k % n][k // n] for k in range(6 * n)]
    up = parse_card(turnup)
    if 6 * n == rules.deck:
        assert order[-1] == up, "with the whole deck dealt the turn-up is seat N-1's last card"
    else:
        order += [up] + cards(talon)
    order += [c for c in rules.reference_order if c not in order]
    assert len(order) == rules.deck and len(set(order)) == rules.deck, "a written deal repeats a card"
    return tuple(order)


def play(game: Any, text: str) -> tuple[Event, ...]:
    """`"0 attack 9S; 1 beat TS"`: apply each move; the events of all of them."""
    events: list[Event] = []
    for item in text.split(";"):
        if item.strip():
            seat, move = item.split(None, 1)
            events += game.apply(int(seat), move)
    return tuple(events)


def lines(events: tuple[Event, ...]) -> str:
    return "; ".join(e.text() for e in events)


def refuse(game: Any, seat: Any, move: Any, code: str) -> None:
    """`move` by `seat` is refused with `code`, by refusal() and apply() alike, and nothing changes."""
    before = (game.history, game.ply, game.hands, game.talon, game.bout, game.legal_moves(),
              tuple(game.view(s) for s in range(len(game.hands))))
    assert game.refusal(seat, move) == code
    with pytest.raises(IllegalMove) as info:
        game.apply(seat, move)
    assert info.value.code == code, f"{move!r} by {seat!r}: {info.value}"
    assert before == (game.history, game.ply, game.hands, game.talon, game.bout, game.legal_moves(),
                      tuple(game.view(s) for s in range(len(game.hands))))


def M(text: str) -> Move:
    return Move.parse(text)


# -- the whole deck dealt, a short target, a show where a transfer is refused ---------------

WHOLE = Rules(seats=4, deck=24, variant="perevodnoy", show_trump=True)
# Trump diamonds: the turn-up AD is seat 3's last card. Seat 0 holds the low trump 9D and attacks.
WHOLE_HANDS = ["9S 9C 9D TD TH AS", "TS TC 9H JS KS JH", "QS QH KH AH JD KD", "QD QC JC KC AC AD"]
# Bout 1: seat 0 plays five cards and keeps AS; seat 1 picks up seven (the take is automatic:
# nothing beats TD). Bout 2: seat 2 leads QS against seat 3, whose target (seat 0) holds one card.
WHOLE_SCRIPT = "0 attack 9S; 1 beat TS; 0 attack 9C; 1 beat TC; 0 attack TD; 0 attack 9D; 0 attack TH"


def whole_deal(engine: Any) -> Any:
    return engine.from_order(table_order(WHOLE, WHOLE_HANDS, "AD"), rules=WHOLE)


def test_the_whole_deck_dealt(engine) -> None:
    game = whole_deal(engine)
    assert game.trump == 2 and game.turnup == parse_card("AD") and game.talon == ()
    assert parse_card("AD") in game.hands[3] and game.hands == tuple(CardSet(h) for h in WHOLE_HANDS)
    assert (game.turn, game.bout.attacker, game.bout.defender, game.bout.throwers) == (0, 0, 1, (0, 2, 3))
    view = game.view(1)
    assert view.turnup is None and view.talon == 0 and view.bottom is None
    # the turn-up was shown to fix the trump: everyone knows seat 3 holds it
    assert view.known == (CardSet(), CardSet(), CardSet(), CardSet("AD"))
    assert parse_card("AD") not in view.unseen and len(view.unseen) == 6 + 6 + 5
    # seat 0 owns the low trump 9D, but no talon means no exchange
    assert game.six_owner == 0 and not game.view(0).can_swap and Move("swap") not in game.legal_moves()
    refuse(game, 0, "swap", "talon_shut")


def test_target_short_and_a_legal_show(engine) -> None:
    game = whole_deal(engine)
    assert lines(play(game, WHOLE_SCRIPT)) == (
        "attack 0 9S; beat 1 TS; attack 0 9C; beat 1 TC; attack 0 TD; attack 0 9D; attack 0 TH; "
        "bout_end taken taken 7 0 2 3; refill 0,0,0,0 0")
    assert [len(h) for h in game.hands] == [1, 11, 6, 6]
    assert game.view(0).known[1] == CardSet("9S TS 9C TC TD 9D TH")
    play(game, "2 attack QS")
    # seat 3 defends QS; its target, seat 0, holds one card: a transfer would need two, a show one
    assert game.legal_moves() == (M("beat AD"), M("beat QD"), M("show QD"), M("take"))
    refuse(game, 3, "transfer QC", "target_short")
    refuse(game, 3, "show QC", "not_a_trump")
    refuse(game, 3, "show KC", "not_a_trump")          # not a trump, checked before the rank
    refuse(game, 3, "show AD", "rank_not_in_bout")
    refuse(game, 3, "transfer JC", "rank_not_in_bout")
    refuse(game, 3, "transfer QH", "card_not_held")
    refuse(game, 3, "show", "card_not_held")
    # the show passes the defence to seat 0 (cap min(6, 1)); it beats with its last card and is out
    events = play(game, "3 show QD")
    assert lines(events) == "show 3 QD 0"
    bout = game.bout
    assert (bout.leader, bout.attacker, bout.defender, bout.cap, bout.throwers) == (2, 3, 0, 1, (3, 1, 2))
    assert bout.shown == CardSet("QD") and game.view(1).known[3] == CardSet("QD AD")
    assert lines(play(game, "0 beat AS")) == "beat 0 AS; bout_end beaten spent 2 2 1 2; refill 0,0,0,0 0; out 0"
    assert game.view(2).out == (0,) and game.turn == 1 and game.bout.throwers == (1, 3)
    refuse(game, 0, "resign", "seat_out")
    refuse(game, 0, "attack AS", "seat_out")
    refuse(game, 4, "resign", "not_your_turn")
    assert game.view(3).known[3] == CardSet("QD AD")   # the shown trump is still known to be there


# -- already_shown, transfer_closed: two seats of perevodnoy with show -------------------

SHOW2 = Rules(variant="perevodnoy", show_trump=True)
# Trump hearts (turn-up 9H); seat 0 holds the low trump 6H and attacks.
SHOW2_HANDS = ["6H 7S 7C KS QD 9C", "7H 8S JD AC TS 8C"]


def test_already_shown(engine) -> None:
    game = engine.from_order(table_order(SHOW2, SHOW2_HANDS, "9H"), rules=SHOW2)
    play(game, "0 attack 7S")
    assert game.legal_moves() == (M("beat TS"), M("beat 8S"), M("beat 7H"), M("transfer 7H"), M("show 7H"),
                                  M("take"))
    assert lines(play(game, "1 show 7H; 0 transfer 7C")) == "show 1 7H 0; transfer 0 7C 1"
    # seat 1 defends again in the same bout: 7H was shown in it, and may not be shown again
    assert M("show 7H") not in game.legal_moves() and M("transfer 7H") in game.legal_moves()
    refuse(game, 1, "show 7H", "already_shown")
    assert game.bout.shown == CardSet("7H") and game.bout.leader == 0
    # once an attack card is answered the transfer is closed; the shown trump may still beat
    play(game, "1 beat 8S")
    refuse(game, 1, "transfer 7H", "transfer_closed")
    refuse(game, 1, "show 7H", "transfer_closed")
    refuse(game, 1, "transfer 8C", "transfer_closed")   # closed is checked before the rank
    assert game.legal_moves() == (M("beat 7H"), M("beat AC"), M("beat 8C"), M("take"))


def test_a_show_of_a_trump_answered_later_is_no_show(engine) -> None:
    """`not_a_trump` before `transfer_closed`: the order of the show's checks."""
    game = engine.from_order(table_order(SHOW2, SHOW2_HANDS, "9H"), rules=SHOW2)
    play(game, "0 attack 7S; 1 beat 8S; 0 attack 7C")
    refuse(game, 1, "show 8C", "not_a_trump")
    refuse(game, 1, "show 7H", "transfer_closed")


# -- the transfer's target, the throwers, the refill when the leader defends --------------

PEREVOD3 = Rules(seats=3, deck=24, variant="perevodnoy")
# Trump hearts (turn-up AH, talon JS JD JC KH AC AH); seat 0 holds the low trump 9H and attacks.
PEREVOD3_HANDS = ["9S 9H TS TC TD JH", "9C QS KS AS QC KC", "9D TH QD KD AD QH"]
PEREVOD3_TALON = "JS JD JC KH AC"


def test_transfers_pass_the_defence_on_and_the_leader_draws_last(engine) -> None:
    game = engine.from_order(table_order(PEREVOD3, PEREVOD3_HANDS, "AH", PEREVOD3_TALON), rules=PEREVOD3)
    assert game.bout.throwers == (0, 2)
    events = play(game, "0 attack 9S; 1 transfer 9C")
    assert lines(events) == "attack 0 9S; transfer 1 9C 2"
    bout = game.bout
    assert (bout.leader, bout.attacker, bout.defender, bout.cap, bout.throwers) == (0, 1, 2, 6, (1, 0))
    assert game.legal_moves() == (M("beat QH"), M("beat TH"), M("transfer 9D"), M("take"))
    play(game, "2 transfer 9D")
    bout = game.bout
    # the defence comes back to the leader; the cap is his five cards
    assert (bout.leader, bout.attacker, bout.defender, bout.cap, bout.throwers) == (0, 2, 0, 5, (2, 1))
    assert game.legal_moves() == (M("beat TS"), M("beat JH"), M("beat 9H"), M("transfer 9H"), M("take"),
                                  M("swap"))
    events = play(game, "0 beat TS; 0 beat TC; 0 beat TD")
    assert game.turn == 2 and game.legal_moves() == (M("attack TH"), M("done"))   # the round restarts
    events += play(game, "2 attack TH; 0 beat JH")
    # seats 2 and 1 have nothing to add: the bout closes exhausted; the leader (now the defender) draws
    # last: seat 1 one card, seat 2 two, seat 0 the last three, the turn-up AH among them
    assert lines(events[-2:]) == "bout_end beaten exhausted 8 8 0 1; refill 3,1,2 0"
    assert game.hands == (CardSet("9H KH AC AH"), CardSet("QS KS AS QC KC JS"), CardSet("QD KD AD QH JD JC"))
    assert game.view(1).known == (CardSet("AH"), CardSet(), CardSet())
    assert (game.turn, game.bout.defender, game.bout.throwers) == (0, 1, (0, 2))


# -- the throwers' order, neighbours, teams ---------------------------------------------

FOUR = Rules(seats=4)
# Trump clubs (turn-up AC); seat 1 holds the lowest trump 6C and attacks seat 2.
FOUR_HANDS = ["8D 8H 9D QS KH JD", "6C 7H 7S 9S TS JS", "AS KS 8S AH AD 7C", "7D 9H TD QH QD KD"]


def test_the_throwers_go_clockwise_from_the_attacker(engine) -> None:
    game = engine.from_order(table_order(FOUR, FOUR_HANDS, "AC"), rules=FOUR)
    assert (game.turn, game.bout.defender, game.bout.throwers) == (1, 2, (1, 3, 0))
    play(game, "1 attack 7H; 2 beat AH; 1 done")
    assert game.turn == 3                     # clockwise after the attacker, the defender skipped
    refuse(game, 0, "attack QS", "not_your_turn")
    play(game, "3 attack 7D")                 # 7 on the table: seat 3 throws in; seat 2 answers
    assert game.turn == 2 and game.legal_moves() == (M("beat AD"), M("beat 7C"), M("take"))
    play(game, "2 take")
    assert game.turn == 1                     # after a take every thrower has one turn, the attacker first
    # seat 1 stops; seats 3 and 0 have no 7 or ace: they pass by themselves and the bout closes
    events = play(game, "1 done")
    assert lines(events) == "done 1; bout_end taken taken 3 0 3 0; refill 0,1,0,1 10"
    assert (game.turn, game.bout.defender, game.bout.throwers) == (3, 0, (3, 1, 2))


FIVE_NEIGHBOURS = Rules(seats=5, throw_in="neighbours")
# Trump spades (turn-up AS); seat 0 holds the lowest trump 6S and attacks seat 1.
FIVE_HANDS = ["6S 7H 9D JC QH KD", "8H TD JH 7C 8C 9C", "TH 7D 8D JD QD KH", "TC QC KC 9H AH 6D",
              "7S 8S 9S TS JS QS"]


@pytest.mark.parametrize("throw_in, throwers", [("neighbours", (0, 2)), ("all", (0, 2, 3, 4))])
def test_neighbours_at_five_seats(engine, throw_in, throwers) -> None:
    rules = Rules(seats=5, throw_in=throw_in)
    game = engine.from_order(table_order(rules, FIVE_HANDS, "AS"), rules=rules)
    assert (game.turn, game.bout.defender, game.bout.throwers) == (0, 1, throwers)
    play(game, "0 attack 7H; 1 beat 8H; 0 done")
    assert game.turn == 2                     # seat 2 (next to the defender) holds an 8
    if throw_in == "neighbours":
        play(game, "2 done")                  # the round is over: seats 3 and 4 may not throw in
        # the defender attacks next; seat 2's neighbours holding cards are seats 1 and 3
        assert game.turn == 1 and game.bout.defender == 2 and game.bout.throwers == (1, 3)
        assert game.events[-2].text() == "bout_end beaten done 2 2 1 2"
    else:
        play(game, "2 done")
        assert game.turn == 4                 # seat 3 has no 7 or 8 (passes by itself); seat 4 holds 7S 8S
        refuse(game, 3, "attack TC", "not_your_turn")


TEAMS = Rules(seats=4, teams=True)


def test_teams_at_four_seats(engine) -> None:
    game = engine.from_order(table_order(TEAMS, FOUR_HANDS, "AC"), rules=TEAMS)
    # seat 1 attacks seat 2; seat 0 is seat 2's partner: only seat 3 throws in with the attacker
    assert (game.turn, game.bout.defender, game.bout.throwers) == (1, 2, (1, 3))
    play(game, "1 attack 7H; 2 beat AH; 1 done")
    assert game.turn == 3
    refuse(game, 0, "attack 7S", "not_your_turn")
    events = play(game, "3 done")
    assert lines(events) == "done 3; bout_end beaten done 2 2 2 3; refill 0,1,1,0 10"
    assert (game.turn, game.bout.defender, game.bout.throwers) == (2, 3, (2, 0))


def test_the_first_five(engine) -> None:
    rules = Rules(first_five=True)
    game = engine.from_order(table_order(rules, SHOW2_HANDS, "9H"), rules=rules)
    assert game.bout.cap == 5
    play(game, "0 attack 7S; 1 beat 8S; 0 done")
    assert game.heap == 2 and game.bout.cap == 6     # after the first discard the limit is six again


# -- every refusal an option makes -------------------------------------------------------

@pytest.mark.parametrize("rules, seat, move", [
    (Rules(seats=3), 1, "transfer 7C"),                          # podkidnoy has no transfer
    (Rules(seats=3, variant="perevodnoy"), 1, "show 7C"),        # no show without show_trump
    (Rules(seats=3, variant="perevodnoy"), 1, Move("show", parse_card("7C"))),
    (Rules(seats=3, swap=False), 0, "swap"),                     # no exchange with swap off
    (Rules(seats=3), 2, "transfer"),                             # before the seat's turn and card
])
def test_a_kind_the_options_do_not_have_is_not_legal(engine, rules, seat, move) -> None:
    hands = ["6C 7S 8H 9D TS JH", "7C 7D 8S QH KH AH", "9S TH JD QS KS AD"]
    game = engine.from_order(table_order(rules, hands, "AC"), rules=rules)
    if seat == 1:
        play(game, "0 attack 7S")
    refuse(game, seat, move, "not_legal")
    kind = move.kind if isinstance(move, Move) else move.split()[0]
    assert all(m.kind != kind for m in game.legal_moves())


def test_swap_off_tracks_no_owner(engine) -> None:
    hands = ["6C 7S 8H 9D TS JH", "7C 7D 8S QH KH AH", "9S TH JD QS KS AD"]
    on, off = Rules(seats=3), Rules(seats=3, swap=False)
    assert engine.from_order(table_order(on, hands, "AC"), rules=on).legal_moves()[-1] == Move("swap")
    game = engine.from_order(table_order(off, hands, "AC"), rules=off)
    assert game.six_owner is None and Move("swap") not in game.legal_moves() and not game.view(0).can_swap


@pytest.mark.parametrize("rules, code, field", [
    ({"seats": 7}, "bad_seats", "seats"),
    ({"seats": 5, "deck": 24}, "bad_seats", "seats"),
    ({"deck": 40}, "bad_options", "deck"),
    ({"variant": "podkidnoy", "show_trump": True}, "bad_options", "show_trump"),
    ({"seats": 5, "teams": True}, "bad_options", "teams"),
    ({"seats": 4, "variant": "perevodnoy", "teams": True}, "bad_options", "teams"),
    ({"colour": "red"}, "bad_options", "colour"),
    ("seats=4", "bad_options", "rules"),
])
def test_a_refused_table_is_refused_before_the_seed(engine, rules, code, field) -> None:
    for build in (lambda: engine.from_seed(b"short", 0, rules=rules),
                  lambda: engine.from_order([], rules=rules)):
        with pytest.raises(IllegalMove) as info:
            build()
        assert info.value.code == code and info.value.fields.get("field") == field


def test_the_seed_then_the_deal_number(engine) -> None:
    with pytest.raises(IllegalMove) as info:
        engine.from_seed(b"short", 0, rules=Rules(seats=4))
    assert info.value.code == "no_seed"
    with pytest.raises(IllegalMove) as info:
        engine.from_seed(b"x" * 32, 0, rules=Rules(seats=4))
    assert info.value.code == "bad_deal"


# -- planted bugs in the new rules fail their positions ----------------------------------

class DefenderDrawsFirst(Twin):
    def _refill_order(self, leader, defender):
        order = super()._refill_order(leader, defender)
        return [order[-1]] + order[:-1]


class ThrowersAnticlockwise(Twin):
    def _compute_throwers(self):
        throwers = super()._compute_throwers()
        return throwers[:1] + throwers[:0:-1]


class TargetOneShort(Twin):
    def _target_takes(self, attack_cards):
        return super()._target_takes(attack_cards - 1)


class WholeDeckTurnupFirst(Twin):
    def _deal(self, order):
        hands, turnup, talon = super()._deal(order)
        return hands, (order[0] if not talon else turnup), talon


PLANTED = {
    "refill order": (DefenderDrawsFirst, test_transfers_pass_the_defence_on_and_the_leader_draws_last),
    "thrower order": (ThrowersAnticlockwise, test_the_throwers_go_clockwise_from_the_attacker),
    "transfer target": (TargetOneShort, test_target_short_and_a_legal_show),
    "6N = D deal": (WholeDeckTurnupFirst, test_the_whole_deck_dealt),
}


@pytest.mark.parametrize("plant", list(PLANTED))
def test_a_planted_rule_fails_its_position(plant) -> None:
    planted, test = PLANTED[plant]
    test(Twin)                                     # the position holds on the twin
    with pytest.raises((AssertionError, IllegalMove)):
        test(planted)                              # and fails on the planted rule
