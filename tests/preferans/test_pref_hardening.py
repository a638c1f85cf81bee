"""Hardening (issue 11) at the library level: codes for every refusal, ASCII levels, one name per player,
bounded numbers shown as written, wrong-typed convention fields refused by name."""

from __future__ import annotations

import pickle
from fractions import Fraction as F
from typing import Any

import pytest

from kozyr.errors import KozyrError
from kozyr.preferans import SOCHI, Bidding, Columns, Contract, Convention, Deal, PreferansError, Sheet, settle
from kozyr.preferans.numbers import parse_number, show

P3 = ("A", "B", "C")
NFC, NFD = "Jos\u00e9", "Jose\u0301"


def test_preferans_error_is_a_kozyr_error_with_fields() -> None:
    with pytest.raises(KozyrError) as info:
        Deal(P3, declarer="A", contract="6S", calls={"B": "whist", "C": "whist"}, tricks={"A": 6, "B": -2, "C": 6})
    err = info.value
    assert isinstance(err, PreferansError) and isinstance(err, ValueError)
    assert (err.code, err.field, err.value) == ("negative", "tricks", -2)
    assert err.message == str(err) == err.detail
    placed = err.at("deals[3]")
    assert placed.message == "deals[3]: " + err.message and placed.code == err.code and placed.value == -2
    assert placed.at("deal 3").message == "deal 3: " + err.message  # a new place replaces the old one
    again = pickle.loads(pickle.dumps(placed))
    assert type(again) is PreferansError and again.message == placed.message and again.field == "tricks"


@pytest.mark.parametrize("text", ["²S", "٦S", "６S", "06S", "6\u0338S", "006NT", "+6S"])
def test_contract_levels_are_ascii_digits(text: str) -> None:
    """Item 9: '²S' raised a plain ValueError without a code; '٦S', '６S', '06S' read as 6♠."""
    with pytest.raises(PreferansError) as info:
        Contract.parse(text)
    assert info.value.code == "unknown_contract" and repr(text) in str(info.value)


def test_contract_forms_still_read() -> None:
    assert [str(Contract.parse(t)) for t in ("6S", "10 nt", "7♥", "misère")] == ["6S", "10NT", "7H", "misere"]


def test_a_name_typed_two_ways_is_one_player() -> None:
    """Item 17: NFC and NFD spellings of José were two players that print alike."""
    deal = Deal((NFC, "B", "C"), declarer=NFD, contract="6S", calls={"B": "whist", "C": "pass"},
                tricks={NFD: 6, "B": 4})
    assert deal.declarer == NFC and deal.players[0] == NFC and NFC in deal.tricks
    defended = Deal((NFD, "B", "C"), declarer="B", contract="6S", calls={NFD: "whist", "C": "pass"},
                    tricks={"B": 6, NFC: 4}, whist_order=[NFD, "C"])
    assert defended.whisters == (NFC,) and defended.tricks[NFC] == 4
    sheet = Sheet((NFD, "B", "C"))
    sheet.add(deal)  # the sheet's players, given in NFD, are the same seating
    assert sheet.pulya[NFC] == 2
    cols = Columns((NFC, "B", "C"), {NFD: 4}, {}, {NFD: {"B": 3}})
    assert cols.pulya[NFC] == 4 and cols.whist(NFC, "B") == 3
    with pytest.raises(PreferansError) as info:
        Deal((NFC, NFD, "C"), tricks={"C": 10})
    assert info.value.code == "duplicate_player"
    with pytest.raises(PreferansError) as info:
        Columns((NFC, "B", "C"), {NFC: 1, NFD: 2})
    assert info.value.code == "duplicate_player"
    auction = Bidding((NFC, "B", "C"))
    auction.call(NFD, "6S")
    assert auction.history == [(NFC, Contract.parse("6S"))]


@pytest.mark.parametrize("name, char", [
    ("Jo\u200bsé", "U+200B"),   # zero-width space (Cf)
    ("A\u00a0B", "U+00A0"),     # no-break space (Zs other than U+0020)
    ("A\u2028", "U+2028"),      # line separator
    ("A\x07", "U+0007"),        # a control
    ("\u202eA", "U+202E"),      # right-to-left override
])
def test_invisible_characters_in_names_are_refused(name: str, char: str) -> None:
    with pytest.raises(PreferansError) as info:
        Sheet((name, "B", "C"))
    assert info.value.code == "bad_name" and char in str(info.value)


@pytest.mark.parametrize("name", [" A", "A ", "x" * 41])
def test_padded_or_overlong_names_are_refused(name: str) -> None:
    with pytest.raises(PreferansError) as info:
        Sheet((name, "B", "C"))
    assert info.value.code == "bad_name"


def test_inner_spaces_and_letters_of_any_script_are_fine() -> None:
    assert Sheet(("Anna Maria", "Борис", "ورا")).players == ("Anna Maria", "Борис", "ورا")


@pytest.mark.parametrize("target, text", [(-10, "-10"), (F(-5, 2), "-2.5"), (F(-1, 3), "-1/3"), (0, "0")])
def test_a_bad_target_is_shown_as_written(target: Any, text: str) -> None:
    """Item 17: a negative target was reported as Fraction(-10, 1)."""
    with pytest.raises(PreferansError) as info:
        Sheet(P3, target=target)
    assert info.value.code == "bad_target"
    assert f"target: {text} " in str(info.value) and "Fraction" not in str(info.value)


def test_negative_amounts_are_shown_as_written() -> None:
    with pytest.raises(PreferansError) as info:
        settle(({"A": "-2.5", "B": 0, "C": 0}, {}, {}))  # type: ignore[dict-item]
    assert info.value.code == "negative" and "pulya['A']: -2.5 is negative" in str(info.value)
    with pytest.raises(PreferansError) as info:
        settle(({"A": F(-1, 3), "B": 0, "C": 0}, {}, {}))
    assert "pulya['A']: -1/3 is negative" in str(info.value)


@pytest.mark.parametrize("value, why", [
    ("1e100000000", "exponent"), ("1e-31", "exponent"), ("1" * 31, "digits"), ("1/" + "3" * 30, "digits"),
    (10**15, "out of range"), ("1/1000000000000000", "out of range"), (F(1, 10**15), "out of range"),
    (float("inf"), "whole number"), (2.5, "whole number"), ("1_000", "not a number"), ("0x10", "not a number"),
    (True, "not a number"), ([1], "not a whole number"),
])
def test_numbers_are_bounded(value: Any, why: str) -> None:
    with pytest.raises(PreferansError) as info:
        parse_number("x", value, minimum="any")
    assert info.value.code == "bad_number" and why in str(info.value) and info.value.field == "x"


def test_numbers_in_range_read_exactly() -> None:
    assert parse_number("x", "999999999999999") == 10**15 - 1
    assert parse_number("x", " -2.5 ", minimum="any") == F(-5, 2)
    assert parse_number("x", "1e3") == 1000 and parse_number("x", "25e-1") == F(5, 2)
    assert parse_number("x", 7.0) == 7 and parse_number("x", F(1, 3)) == F(1, 3)
    assert [show(x) for x in (F(-10), F(5, 2), F(1, 3), F(-1, 8), 10**100)] == [
        "-10", "2.5", "1/3", "-0.125", "<a number of 101 digits>"]
    assert show(-(10**100_000)) == "-<a number of about 100000 digits>"
    with pytest.raises(PreferansError) as info:
        Sheet(P3, target=-(10**100_000))
    assert info.value.code == "bad_target" and len(str(info.value)) < 100


@pytest.mark.parametrize("value", [7.0, True, None, "7", [6, 7.0], (), [6, True]])
def test_raspasy_exit_of_the_wrong_type(value: Any) -> None:
    """Item 9: raspasy_exit=7.0 (or True, or None) was a TypeError."""
    with pytest.raises(PreferansError) as info:
        SOCHI.replace(raspasy_exit=value)
    assert info.value.code == "bad_convention" and "raspasy_exit" in str(info.value)
    assert info.value.field == "convention.raspasy_exit"


@pytest.mark.parametrize("changes", [dict(whist_on_success=["greedy"]), dict(raspasy_mode={}), dict(name=5),
                                     dict(gora_factor=10**15), dict(w_pulya=F(10**16)), dict(raspasy_cap=F(1, 10**16))])
def test_other_convention_fields_of_the_wrong_type(changes: dict[str, Any]) -> None:
    with pytest.raises(PreferansError) as info:
        Convention(**changes)
    assert info.value.code == "bad_convention" and next(iter(changes)) in str(info.value)


def test_huge_reprs_are_cut_in_messages() -> None:
    with pytest.raises(PreferansError) as info:
        Contract.parse("6" * 100_000)
    assert len(str(info.value)) < 200
