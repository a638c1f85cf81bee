"""The auction: turn order, ladder, misère rules, raspasy."""

from __future__ import annotations

import pytest

from kozyr.preferans import MISERE, AuctionResult, Bidding, PreferansError, parse_contract

P3 = ("A", "B", "C")


def refused(bidding: Bidding, player: str, call: str) -> PreferansError:
    before = bidding.history
    with pytest.raises(PreferansError) as info:
        bidding.call(player, call)
    assert bidding.history == before  # nothing changed
    return info.value


def test_simple_auction() -> None:
    b = Bidding(P3)
    assert b.to_call == "A"
    b.call("A", "6S")
    b.call("B", "6C")
    b.call("C", "pass")
    b.call("A", "6NT")
    b.call("B", "pass")
    assert b.finished
    assert b.result == AuctionResult("A", parse_contract("6NT"))
    assert not b.result.raspasy


def test_all_pass_is_raspasy() -> None:
    b = Bidding(P3, dealer="C")
    assert b.order == ("A", "B", "C")
    for p in ("A", "B", "C"):
        b.pass_(p)
    assert b.result is not None and b.result.raspasy
    assert str(b.result) == "raspasy"


def test_last_to_speak_may_bid_after_two_passes() -> None:
    b = Bidding(P3)
    b.pass_("A")
    b.pass_("B")
    assert not b.finished and b.to_call == "C"
    b.bid("C", "6S")
    assert b.result == AuctionResult("C", parse_contract("6S"))


def test_four_players_dealer_sits_out() -> None:
    b = Bidding(("A", "B", "C", "D"), dealer="B")
    assert b.order == ("C", "D", "A")
    e = refused(b, "B", "6S")
    assert e.code == "not_your_turn" and "'B'" in str(e)


def test_bid_must_be_higher() -> None:
    b = Bidding(P3)
    b.call("A", "7H")
    e = refused(b, "B", "7D")
    assert e.code == "bid_not_higher" and "7♦" in str(e)
    e = refused(b, "B", "7H")
    assert e.code == "bid_not_higher"
    b.call("B", "7NT")


def test_out_of_turn() -> None:
    b = Bidding(P3)
    e = refused(b, "B", "6S")
    assert e.code == "not_your_turn" and "'A'" in str(e)


def test_passed_player_cannot_return() -> None:
    b = Bidding(P3)
    b.pass_("A")
    b.call("B", "6S")
    b.call("C", "6C")
    e = refused(b, "A", "6D")
    assert e.code == "not_your_turn"
    assert b.to_call == "B"


def test_misere_only_as_first_bid() -> None:
    b = Bidding(P3)
    b.call("A", "6S")
    b.call("B", "misere")
    b.call("C", "pass")
    e = refused(b, "A", "misere")
    assert e.code == "misere_after_bid" and "6♠" in str(e)


def test_misere_bidder_may_only_pass() -> None:
    b = Bidding(P3)
    b.call("A", "misere")
    b.call("B", "9S")
    b.call("C", "pass")
    e = refused(b, "A", "9NT")
    assert e.code == "bid_after_misere" and "9NT" in str(e)
    b.pass_("A")
    assert b.result == AuctionResult("B", parse_contract("9S"))


def test_misere_wins() -> None:
    b = Bidding(P3)
    b.call("A", "7S")
    b.call("B", "misere")
    b.pass_("C")
    b.pass_("A")
    assert b.result == AuctionResult("B", MISERE)


def test_misere_not_above_a_nine() -> None:
    b = Bidding(P3)
    b.call("A", "9S")
    assert refused(b, "B", "misere").code == "bid_not_higher"


def test_after_the_auction() -> None:
    b = Bidding(P3)
    b.call("A", "6S")
    b.pass_("B")
    b.pass_("C")
    assert refused(b, "A", "7S").code == "auction_over"


def test_unknown_player_and_contract() -> None:
    b = Bidding(P3)
    e = refused(b, "Z", "6S")
    assert e.code == "unknown_player" and "'Z'" in str(e)
    e = refused(b, "A", "5S")
    assert e.code == "unknown_contract" and "'5S'" in str(e)


def test_minimum_level_after_raspasy() -> None:
    b = Bidding(P3, min_level=7)
    e = refused(b, "A", "6NT")
    assert e.code == "below_minimum" and "6NT" in str(e)
    b.call("A", "misere")  # misère ranks above every eight
    assert parse_contract("6NT") not in b.legal_calls()


def test_legal_calls() -> None:
    b = Bidding(P3)
    assert len(b.legal_calls()) == 1 + 26
    b.call("A", "8NT")
    legal = b.legal_calls()
    assert legal[0] is None and legal[1] == MISERE and len(legal) == 1 + 1 + 10
    b.call("B", "misere")
    b.call("C", "9S")
    assert b.legal_calls() == [None] + [c for c in legal[3:]]  # A: above 9♠, no misère


def test_constructor_refusals() -> None:
    with pytest.raises(PreferansError) as info:
        Bidding(("A", "B"))
    assert info.value.code == "player_count"
    with pytest.raises(PreferansError) as info:
        Bidding(("A", "B", "C", "D"))
    assert info.value.code == "no_dealer"
    with pytest.raises(PreferansError) as info:
        Bidding(P3, min_level=5)
    assert info.value.code == "bad_min_level" and "5" in str(info.value)
