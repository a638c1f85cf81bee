"""Contract values, the ladder and the text forms."""

from __future__ import annotations

import pytest

from kozyr.preferans import LADDER, MISERE, Contract, PreferansError, Strain, parse_contract


def test_values() -> None:
    assert [Contract.parse(f"{n}S").value for n in range(6, 11)] == [2, 4, 6, 8, 10]
    assert MISERE.value == 10
    assert all(c.value == Contract(c.level, Strain.HEARTS).value for c in LADDER if c.level is not None)


def test_ladder_order() -> None:
    text = " ".join(c.pretty for c in LADDER)
    assert text == (
        "6♠ 6♣ 6♦ 6♥ 6NT 7♠ 7♣ 7♦ 7♥ 7NT 8♠ 8♣ 8♦ 8♥ 8NT misère "
        "9♠ 9♣ 9♦ 9♥ 9NT 10♠ 10♣ 10♦ 10♥ 10NT"
    )
    assert all(a < b for a, b in zip(LADDER, LADDER[1:], strict=False))
    assert parse_contract("8NT") < MISERE < parse_contract("9S")
    assert max(LADDER) == parse_contract("10NT")


@pytest.mark.parametrize(
    "text, expected",
    [("6S", "6S"), ("6♠", "6S"), ("7nt", "7NT"), ("7 NT", "7NT"), ("10♥", "10H"), ("8d", "8D"),
     ("misere", "misere"), ("Misère", "misere"), ("9♣", "9C")],
)
def test_parse(text: str, expected: str) -> None:
    assert str(parse_contract(text)) == expected


def test_text_round_trip() -> None:
    for c in LADDER:
        assert Contract.parse(str(c)) == c
        assert Contract.parse(c.pretty) == c


@pytest.mark.parametrize("text", ["5S", "11NT", "6X", "", "six spades", "6", "NT"])
def test_unknown_contract_refused(text: str) -> None:
    with pytest.raises(PreferansError) as info:
        parse_contract(text)
    assert info.value.code == "unknown_contract"
    assert repr(text) in str(info.value)


def test_constructor_refuses_bad_level() -> None:
    with pytest.raises(PreferansError) as info:
        Contract(5, Strain.SPADES)
    assert info.value.code == "unknown_contract" and "5" in str(info.value)
    assert isinstance(info.value, ValueError)
