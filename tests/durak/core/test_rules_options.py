"""`Rules`, the options of a table: defaults, refusals in the rules' order, and the vocabulary the variants add.

The order of the option refusals is part of the rules: `bad_options` for an
unknown option or a value out of range (seats apart), then `bad_seats`, then
`bad_options` for a refused combination.
"""
from __future__ import annotations

import hashlib

import numpy as np
import pytest

from kozyr.durak import CODES, KINDS, Event, Game, IllegalMove, Move, Result, Rules, log_digest
from kozyr.errors import KozyrError


def refusal(**options: object) -> tuple[str, str | None]:
    with pytest.raises(IllegalMove) as info:
        Rules(**options)  # type: ignore[arg-type]
    return info.value.code, info.value.fields.get("field")


def test_the_default_is_the_two_seat_game() -> None:
    r = Rules()
    assert (r.seats, r.deck, r.variant, r.throw_in) == (2, 36, "podkidnoy", "all")
    assert (r.show_trump, r.first_five, r.swap, r.draw, r.teams) == (False, False, True, True, False)
    assert r.two_seat and r.low_rank == 6 and r.talon_size == 24 and repr(r) == "Rules()"
    assert not Rules(seats=3).two_seat
    assert Rules(seats=4) == Rules.of({"seats": 4}) and hash(Rules(seats=4)) == hash(Rules.of({"seats": 4}))
    assert Rules.of(None) == Rules() and Rules.of(Rules(deck=52)) == Rules(deck=52)
    assert Rules.of(Rules(seats=5, deck=52).as_dict()) == Rules(seats=5, deck=52)


@pytest.mark.parametrize("deck, low, most", [(24, 9, 4), (32, 7, 5), (36, 6, 6), (52, 2, 6)])
def test_each_deck_seats_as_many_as_it_can_deal_six(deck: int, low: int, most: int) -> None:
    assert Rules(deck=deck).low_rank == low
    assert Rules(deck=deck, seats=most).talon_size == deck - 6 * most
    if most < 6:
        assert refusal(deck=deck, seats=most + 1) == ("bad_seats", "seats")


def test_bad_values_are_refused_naming_the_option() -> None:
    assert refusal(seats=7) == ("bad_seats", "seats")
    assert refusal(seats=1) == ("bad_seats", "seats")
    assert refusal(seats="4") == ("bad_seats", "seats")
    assert refusal(seats=4.0) == ("bad_seats", "seats")
    assert refusal(seats=True) == ("bad_seats", "seats")
    assert refusal(seats=10**100) == ("bad_seats", "seats")
    assert refusal(deck=40) == ("bad_options", "deck")
    assert refusal(deck="36") == ("bad_options", "deck")
    assert refusal(deck=36.0) == ("bad_options", "deck")
    assert refusal(variant="podkidnoi") == ("bad_options", "variant")
    assert refusal(throw_in="left") == ("bad_options", "throw_in")
    assert refusal(draw=1) == ("bad_options", "draw")
    assert refusal(swap="on") == ("bad_options", "swap")
    assert refusal(colour="red") == ("bad_options", "colour")
    numpy_options: dict[str, object] = {"seats": np.int64(4), "deck": np.int32(24), "teams": np.bool_(True)}
    assert Rules(**numpy_options) == Rules(seats=4, deck=24, teams=True)  # type: ignore[arg-type]


def test_refused_combinations() -> None:
    assert refusal(show_trump=True) == ("bad_options", "show_trump")
    assert refusal(teams=True) == ("bad_options", "teams")
    assert refusal(teams=True, seats=5) == ("bad_options", "teams")
    assert refusal(teams=True, seats=4, variant="perevodnoy") == ("bad_options", "teams")
    assert Rules(teams=True, seats=6).team(5) == 1 and Rules(seats=6).team(5) == 5
    assert Rules(show_trump=True, variant="perevodnoy").show_trump


def test_the_order_of_the_option_refusals() -> None:
    # a value out of range before bad_seats; bad_seats before a refused combination
    assert refusal(seats=9, deck=40) == ("bad_options", "deck")
    assert refusal(seats=9, variant="x") == ("bad_options", "variant")
    assert refusal(seats=9, show_trump=True) == ("bad_seats", "seats")
    assert refusal(seats=5, deck=24, teams=True) == ("bad_seats", "seats")


def test_a_rules_value_is_frozen_and_refusals_are_kozyr_errors() -> None:
    r = Rules(seats=3)
    with pytest.raises(AttributeError):
        r.seats = 4  # type: ignore[misc]
    with pytest.raises(KozyrError):
        Rules.of([("seats", 3)])  # type: ignore[arg-type]
    with pytest.raises(KozyrError):
        Rules.of({3: 3})  # type: ignore[dict-item]


def test_the_variants_add_two_move_kinds_and_six_codes_after_the_two_seat_ones() -> None:
    assert KINDS[:6] == ("attack", "beat", "take", "done", "swap", "resign")
    assert KINDS[6:] == ("transfer", "show")
    assert CODES[:14][-1] == "talon_shut" and CODES[14:] == (
        "bad_options", "seat_out", "transfer_closed", "target_short", "not_a_trump", "already_shown")
    assert Move.parse("transfer 7h") == Move("transfer", 16 + 7) and str(Move.parse("SHOW 7S")) == "show 7S"
    assert Move.from_code(Move.parse("show 7S").code) == Move.parse("show 7S")
    with pytest.raises(KozyrError):
        Move("transfer")


def test_event_text_is_the_rules_log_line() -> None:
    assert Event("attack", seat=1, card=16 * 0 + 7).text() == "attack 1 7S"
    assert Event("transfer", seat=1, card=16 * 3 + 11, to=2).text() == "transfer 1 JC 2"
    assert Event("show", seat=0, card=16 * 1 + 11, to=1).text() == "show 0 JH 1"
    assert Event("bout_end", taken=True, how="done", cards=5, heap=0, attacker=1, defender=2).text() == \
        "bout_end taken done 5 0 1 2"
    assert Event("refill", drawn=(0, 2, 0, 2), talon=7).text() == "refill 0,2,0,2 7"
    assert Event("game_end", outcome="fool", fool=None, losers=(1, 3)).text() == "game_end fool - 1,3"
    assert Event("game_end", outcome="draw", fool=None, losers=()).text() == "game_end draw - -"
    assert Result("fool", 1).losers == (1,) and Result("draw", None).losers == ()
    assert Result("fool", None, (1, 3)).losers == (1, 3)


def test_the_two_seat_log_and_its_digest() -> None:
    # the two-seat game writes its events as it always has (no defender, no losers); the text has both
    g = Game.from_seed(b"durak-replay-1".ljust(32), 1)
    while g.turn is not None:
        g.apply(g.turn, g.legal_moves()[0])
    assert g.result is not None
    ends = [e for e in g.events if e.kind == "bout_end"]
    assert ends and all(e.defender is None and e.text().endswith(f" {e.attacker} {1 - (e.attacker or 0)}")
                        for e in ends)
    last = g.events[-1]
    assert last.kind == "game_end" and last.losers is None
    assert last.text() == f"game_end fool {g.result.fool} {g.result.fool}"
    lines = [e.text() for e in g.events]
    assert log_digest(g.events) == hashlib.sha256("".join(x + "\n" for x in lines).encode()).hexdigest()
