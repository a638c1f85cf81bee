"""Refusals: a new deal's checks in their order, a move's checks in their order, and that a refused move
changes nothing (no view, no ply, no record)."""
from __future__ import annotations

import json
from typing import Any

import pytest
from _pref_play import ABC, SEEDS, first, new, play_out, run, to_contract

from kozyr.preferans import SOCHI, Conditions, PreferansError

GOOD = {"seed": SEEDS[3], "number": 1, "players": ABC, "dealer": 2, "conditions": None}


def refused_deal(pref_engine: Any, **changes: Any) -> str:
    args = {**GOOD, **changes}
    with pytest.raises(PreferansError) as info:
        pref_engine.from_seed(args.pop("seed"), args.pop("number"), **args)
    return info.value.code


def test_new_deal_refusals_in_order(pref_engine: Any) -> None:
    bad = {"dealer": 7, "conditions": Conditions(5), "seed": b"short", "number": 0}
    assert refused_deal(pref_engine, players=("A", "B"), **bad) == "player_count"
    assert refused_deal(pref_engine, players=("A", "B", "C", "D", "E"), **bad) == "player_count"
    assert refused_deal(pref_engine, players=("A", "B", "A"), **bad) == "duplicate_player"
    assert refused_deal(pref_engine, **bad) == "bad_dealer"
    for dealer in (3, -1, True, "0", 1.0, None):
        assert refused_deal(pref_engine, dealer=dealer) == "bad_dealer"
    assert refused_deal(pref_engine, players=("A", "B", "C", "D"), dealer=4) == "bad_dealer"
    bad.pop("dealer")
    assert refused_deal(pref_engine, **bad) == "bad_min_level"
    for level in (5, 11, True, 7.0, "7", None):
        assert refused_deal(pref_engine, conditions=Conditions(level)) == "bad_min_level"  # type: ignore[arg-type]
    bad.pop("conditions")
    assert refused_deal(pref_engine, **bad) == "bad_seed"
    for seed in (b"x" * 31, b"x" * 33, "x" * 31, None, 5, "é".ljust(32)):
        assert refused_deal(pref_engine, seed=seed) == "bad_seed"
    for number in (0, -3, True, 1.0, "1", None):
        assert refused_deal(pref_engine, number=number) == "bad_number"
    assert refused_deal(pref_engine, convention="sochi") == "bad_convention"


def snapshot(game: Any) -> str:
    views = [game.view(s).to_json() for s in range(len(game.players))]
    return json.dumps([game.ply, game.phase, game.actor, views, game.record().to_json()], sort_keys=True)


def refused(game: Any, seat: Any, move: Any) -> str:
    before = snapshot(game)
    with pytest.raises(PreferansError) as info:
        game.apply(seat, move)
    assert snapshot(game) == before, "a refused move changed something"
    return info.value.code


def test_game_over_first(pref_engine: Any) -> None:
    game = play_out(new(pref_engine))
    for seat, move in [(0, "pass"), (5, "fold"), (None, None), (1, "play AS")]:
        assert refused(game, seat, move) == "game_over"


def test_not_your_turn_second(pref_engine: Any) -> None:
    game = new(pref_engine)
    for seat in (1, 2, 3, -1, "0", True, False, None, 0.0):
        assert refused(game, seat, "play XX") == "not_your_turn"   # wrong seat, wrong phase, bad word
        assert refused(game, seat, "fold") == "not_your_turn"
    four = new(pref_engine, players=("A", "B", "C", "D"), dealer=0)
    assert refused(four, 0, "pass") == "not_your_turn"


@pytest.mark.parametrize("text", [None, 7, b"pass", "", "   ", "fold", "pass now", "bid", "bid 6S 7S", "discard 7S",
                                  "play", "half whist", "whist please", "name", "open up"])
def test_not_legal_third(pref_engine: Any, text: Any) -> None:
    assert refused(new(pref_engine), 0, text) == "not_legal"


def test_wrong_phase_fourth(pref_engine: Any) -> None:
    game = new(pref_engine)
    for text in ("play XX", "play AS", "whist", "half-whist", "discard 7S 7S", "name XYZ", "closed", "open"):
        assert refused(game, 0, text) == "wrong_phase"
    run(game, "bid 6S", "pass", "pass")   # talon
    for text in ("pass", "bid XYZ", "name 6S", "whist", "play QS", "open"):
        assert refused(game, 0, text) == "wrong_phase"
    run(game, "discard QS 7D")   # naming
    for text in ("pass", "bid 7S", "discard 7S 8H", "whist", "play AH", "closed"):
        assert refused(game, 0, text) == "wrong_phase"
    run(game, "name 6H")   # whisting
    for text in ("bid 6S", "name 7S", "closed", "play JH", "discard 8S 9S"):
        assert refused(game, 1, text) == "wrong_phase"
    run(game, "whist", "pass")   # defence
    for text in ("pass", "whist", "play JH", "bid 7S"):
        assert refused(game, 1, text) == "wrong_phase"
    run(game, "open")   # play
    for text in ("pass", "bid 7S", "closed", "whist", "half-whist", "discard 7S 8H", "name 7S"):
        assert refused(game, 0, text) == "wrong_phase"


def test_bid_checks_in_order(pref_engine: Any) -> None:
    game = new(pref_engine)
    assert refused(game, 0, "bid XYZ") == "unknown_contract"
    assert refused(game, 0, "bid 6♠") == "unknown_contract"
    run(game, "bid misere", "bid 9S")
    assert refused(new(pref_engine), 0, "bid 11S") == "unknown_contract"
    game = run(new(pref_engine), "bid misere", "bid 9S", "pass")
    assert [str(m) for m in game.legal_moves()] == ["pass"]   # the misère bidder is still asked
    assert refused(game, 0, "bid 6S") == "bid_after_misere"   # also not higher
    assert refused(game, 0, "bid misere") == "bid_after_misere"
    game = run(new(pref_engine), "bid 6S", "bid 9S", "pass")
    assert refused(game, 0, "bid misere") == "misere_after_bid"   # also not higher than 9S
    game = run(new(pref_engine), "bid 6S", "bid 9S")
    assert refused(game, 2, "bid misere") == "bid_not_higher"   # a fresh bidder's misère over a nine
    assert refused(game, 2, "bid 8NT") == "bid_not_higher"
    game = run(new(pref_engine, min_level=8), "bid 8S")
    assert refused(game, 1, "bid 7NT") == "bid_not_higher"   # also below the minimum
    assert refused(new(pref_engine, min_level=8), 0, "bid 7NT") == "below_minimum"


def test_discard_checks_in_order(pref_engine: Any) -> None:
    game = run(new(pref_engine), "bid 6S", "pass", "pass")
    for text in ("discard 7S 7s", "discard XX 7S", "discard 7S XX", "discard 6C 7S", "discard 10S TS"):
        assert refused(game, 0, text) == "bad_discard"
    assert refused(game, 0, "discard 8S 7S") == "card_not_held"   # 8S is B's
    assert refused(game, 0, "discard QS 8S") == "card_not_held"
    run(game, "discard 7c 7s")   # talon cards may be discarded
    assert game.view(0).to_json()["discard"] == ["7S", "7C"]


def test_name_checks_in_order(pref_engine: Any) -> None:
    game = run(new(pref_engine), "bid 6H", "pass", "pass", "discard QS 7D")
    assert refused(game, 0, "name XYZ") == "unknown_contract"
    assert refused(game, 0, "name misere") == "bad_contract"
    for text in ("name 6S", "name 6C", "name 6D"):
        assert refused(game, 0, text) == "bad_contract"
    assert [str(m) for m in game.legal_moves()][:3] == ["name 6H", "name 6NT", "name 7S"]
    misere = run(new(pref_engine), "bid misere", "pass", "pass", "discard QS 7D")
    assert misere.phase == "play"


def test_half_whist_checks(pref_engine: Any) -> None:
    game = to_contract(new(pref_engine), "6H")
    assert refused(game, 1, "half-whist") == "bad_call"   # W1
    run(game, "whist")
    assert refused(game, 2, "half-whist") == "bad_call"   # after W1's whist
    game = run(to_contract(new(pref_engine), "6H"), "pass", "half-whist")
    assert refused(game, 1, "half-whist") == "bad_call"   # W1 at the return
    game = run(to_contract(new(pref_engine), "8H"), "pass")
    assert refused(game, 2, "half-whist") == "bad_call"   # on an eight
    game = run(to_contract(new(pref_engine, convention=SOCHI.replace(half_whist=False)), "6H"), "pass")
    assert refused(game, 2, "half-whist") == "bad_call"


def test_play_checks_in_order(pref_engine: Any) -> None:
    game = run(new(pref_engine), "bid 6S", "pass", "pass", "discard QS 7D", "name 6H", "whist", "pass", "open")
    assert refused(game, 0, "play ZZ") == "card_not_held"
    assert refused(game, 0, "play 6C") == "card_not_held"
    assert refused(game, 0, "play 8S") == "card_not_held"   # B's card
    assert refused(game, 0, "play QS") == "card_not_held"   # discarded
    run(game, "play AH")
    assert refused(game, 1, "play 8S") == "must_follow"     # B holds JH QH
    assert refused(game, 1, "play KS") == "card_not_held"   # C's card, not B's hand on turn
    assert refused(game, 2, "play JH") == "not_your_turn"   # the passer after the reveal
    run(game, "play JH")
    assert refused(game, 1, "play JH") == "card_not_held"   # played already
    assert refused(game, 1, "play QH") == "card_not_held"   # B's own card, but C's hand is on turn
    run(game, "play 8D")
    # trick 4 of example 1: A void in diamonds must trump
    run(game, "play KH", "play QH", "play 9D", "play 7C", "play AC", "play 9C", "play AD", "play JD")
    assert refused(game, 0, "play 8C") == "must_trump"
    assert refused(game, 0, "play 7S") == "must_trump"
    assert [str(m) for m in game.legal_moves()] == ["play 7H", "play 8H", "play 9H", "play TH"]


def test_raspasy_talon_suit_must_be_followed(pref_engine: Any) -> None:
    game = run(new(pref_engine, seed=28), "pass", "pass", "pass", "play AH")   # A void in clubs: any card
    assert refused(game, 1, "play AS") == "must_follow"   # B holds clubs: the talon card's suit
    assert [str(m) for m in game.legal_moves()] == ["play 8C", "play 9C", "play AC"]


def test_move_objects_are_checked_alike(pref_engine: Any) -> None:
    from kozyr.preferans.moves import Move

    game = new(pref_engine)
    assert refused(game, 0, Move.parse("play AS")) == "wrong_phase"
    assert refused(game, 1, Move.parse("pass")) == "not_your_turn"
    game.apply(0, Move.parse("bid 6s"))
    assert game.ply == 1 and first(game) == "pass"


def test_a_given_order_must_be_the_32_cards() -> None:
    """The twin deals from a chosen order for the blindness tests (the compiled engine only from a seed)."""
    from kozyr.preferans.reference import Game as pref_engine
    from kozyr.preferans.shuffle import REFERENCE_ORDER

    table: dict[str, Any] = {"players": ABC, "dealer": 2}
    assert pref_engine._from_order(REFERENCE_ORDER, **table).phase == "auction"
    short = REFERENCE_ORDER[:-1]
    bad: list[Any] = [short, short + (6,), ("7S",) * 32, None, short + (7,)]
    for order in bad:
        with pytest.raises(PreferansError) as info:
            pref_engine._from_order(order, **table)
        assert info.value.code == "bad_order"
    with pytest.raises(PreferansError) as info:
        pref_engine._from_order(REFERENCE_ORDER, **table).record()
    assert info.value.code == "bad_seed"
