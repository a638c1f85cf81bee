"""Settlement by the formula, exact, and its display rounding."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from kozyr.preferans import LENINGRAD, SOCHI, Columns, PreferansError, round_to_sum_zero, settle


def test_formula_by_hand() -> None:
    cols = Columns(("A", "B", "C"), {"A": 10, "B": 6, "C": 8}, {"A": 4, "B": 12, "C": 2},
                   {"A": {"B": 30, "C": 10}, "B": {"A": 5}, "C": {"A": 12, "B": 20}})
    s = settle(cols)
    # P̄ = 8, Ḡ = 6
    assert s["A"] == 10 * 2 - 10 * (-2) + (40 - 17)
    assert s["B"] == 10 * (-2) - 10 * 6 + (5 - 50)
    assert s["C"] == 0 - 10 * (-4) + (32 - 10)
    assert sum(s.values()) == 0


def test_leningrad_pulya_weight() -> None:
    cols = Columns(("A", "B", "C"), {"A": 3})
    assert dict(settle(cols, LENINGRAD)) == {"A": 40, "B": -20, "C": -20}
    assert dict(settle(cols, SOCHI)) == {"A": 20, "B": -10, "C": -10}


def test_four_players_divides_by_four() -> None:
    s = settle(({"a": 0, "b": 0, "c": 0, "d": 0}, {"b": 2}, {}))
    assert dict(s) == {"a": 5, "b": -15, "c": 5, "d": 5}


def test_accepts_triples_sheets_and_columns_alike() -> None:
    triple = ({"A": 2, "B": 0, "C": 0}, {"A": 0}, {"B": {"A": 4}, "C": {"A": 4}})
    assert dict(settle(triple)) == {"A": F(16, 3), "B": F(-8, 3), "C": F(-8, 3)}
    assert dict(settle(Columns(("A", "B", "C"), *triple))) == dict(settle(triple))


def test_rounding_keeps_sum_zero() -> None:
    s = settle(({"A": 2, "B": 0, "C": 0}, {}, {"B": {"A": 4}, "C": {"A": 4}}))
    r = s.rounded()
    # 16/3, -8/3, -8/3 floor to 5, -3, -3, each with remainder 1/3: the lost
    # unit goes to the first in seating order
    assert r == {"A": 6, "B": -3, "C": -3}
    assert sum(r.values()) == 0
    assert round_to_sum_zero({"a": F(-263, 2), "b": F(33, 2), "c": F(33, 2), "d": F(197, 2)}) == {
        "a": -131, "b": 17, "c": 16, "d": 98}
    assert round_to_sum_zero({"a": F(7, 3), "b": F(-7, 3)}, 5) == {"a": 0, "b": 0}
    r5 = round_to_sum_zero({"a": F(12), "b": F(-4), "c": F(-8)}, 5)
    assert sum(r5.values()) == 0 and all(v % 5 == 0 for v in r5.values())


def test_settlement_refusals() -> None:
    with pytest.raises(PreferansError) as info:
        settle(({"A": 1, "B": 0, "C": 0}, {"Q": 2}, {}))
    assert info.value.code == "unknown_player" and "'Q'" in str(info.value)
    with pytest.raises(PreferansError) as info:
        settle(({"A": 1, "B": -2, "C": 0}, {}, {}))
    assert info.value.code == "negative" and "-2" in str(info.value) and "pulya['B']" in str(info.value)
    with pytest.raises(PreferansError) as info:
        settle(({"A": 1, "B": 0}, {}, {}))
    assert info.value.code == "player_count"
    with pytest.raises(PreferansError) as info:
        settle(({"A": 1, "B": 0, "C": 0}, {}, {"A": {"A": 3}}))
    assert info.value.code == "self_whist"
    with pytest.raises(PreferansError) as info:
        settle(({"A": 1, "B": 0, "C": 0}, {}, {"A": {"B": -3}}))
    assert info.value.code == "negative" and "whists['A']['B']" in str(info.value)
    with pytest.raises(PreferansError) as info:
        settle("nonsense")  # type: ignore[arg-type]
    assert info.value.code == "bad_source"


def test_settlement_is_a_mapping_equal_to_a_dict() -> None:
    s = settle(({"a": 0, "b": 0, "c": 0, "d": 0}, {"a": 6}, {}))
    assert s == {"a": -45, "b": 15, "c": 15, "d": 15}
    assert list(s) == ["a", "b", "c", "d"] and len(s) == 4
    assert hash(s) == hash(settle(({"a": 0, "b": 0, "c": 0, "d": 0}, {"a": 6}, {})))


@pytest.mark.parametrize("unit", ["abc", None, [1], True, "1e100000000", float("nan"), float("inf"), "0", -2])
def test_a_bad_rounding_unit_is_one_refusal(unit):
    """Text is read as every number kozyr reads (a huge exponent is refused, not computed); any other
    non-number, a bool, nan or infinity is refused as such; every refusal is bad_unit."""
    s = settle(({"A": 1, "B": 2, "C": 3}, {}, {}))
    with pytest.raises(PreferansError) as err:
        s.rounded(unit)
    assert err.value.code == "bad_unit" and "\n" not in str(err.value)


def test_a_rounding_unit_may_be_text_or_a_fraction():
    s = settle(({"A": 1, "B": 2, "C": 3}, {}, {}))
    assert s.rounded("1/2") == s.rounded(F(1, 2)) == s.rounded(0.5)
