"""Every refusal names the field and the bad value, and changes nothing."""

from __future__ import annotations

from typing import Any

import pytest

from kozyr.preferans import SOCHI, Convention, Deal, PreferansError, Sheet

P3 = ("A", "B", "C")
BASE: dict[str, Any] = dict(declarer="A", contract="6S", calls={"B": "whist", "C": "whist"},
                            tricks={"A": 6, "B": 2, "C": 2})


def refusal(players: Any = P3, **changes: Any) -> PreferansError:
    kw = dict(BASE)
    kw.update(changes)
    with pytest.raises(PreferansError) as info:
        Deal(players, **kw)
    assert isinstance(info.value, ValueError)
    return info.value


@pytest.mark.parametrize(
    "changes, code, needles",
    [
        (dict(tricks={"A": 6, "B": 2, "C": 1}), "tricks_total", ["tricks", "9", "'C': 1"]),
        (dict(tricks={"A": 7, "B": 2, "C": 2}), "tricks_total", ["tricks", "11"]),
        (dict(tricks={"A": 10, "B": -2, "C": 2}), "negative", ["tricks['B']", "-2"]),
        (dict(tricks={"A": 6, "B": 2.5, "C": 1.5}), "bad_number", ["tricks['B']", "2.5"]),
        (dict(tricks={"A": 6, "B": 2, "Q": 2}), "unknown_player", ["tricks", "'Q'"]),
        (dict(contract="5S"), "unknown_contract", ["contract", "'5S'"]),
        (dict(contract="6Z"), "unknown_contract", ["contract", "'6Z'"]),
        (dict(declarer="Q"), "unknown_player", ["declarer", "'Q'"]),
        (dict(calls={"B": "whist", "Q": "whist"}), "unknown_player", ["calls", "'Q'"]),
        (dict(calls=[("B", "whist"), ("B", "pass")]), "duplicate_defender", ["calls", "'B'", "twice"]),
        (dict(whist_order=("B", "B")), "duplicate_defender", ["whist_order", "'B'", "twice"]),
        (dict(whist_order=("B", "Q")), "unknown_player", ["whist_order", "'Q'"]),
        (dict(whist_order=("B",)), "bad_whist_order", ["whist_order", "['B']"]),
        (dict(calls={"B": "whist"}), "missing_call", ["calls", "'C'"]),
        (dict(calls={"B": "whist", "C": "maybe"}), "bad_call", ["calls['C']", "'maybe'"]),
        (dict(calls={"A": "whist", "B": "whist", "C": "whist"}), "declarer_call", ["calls", "'A'"]),
        (dict(contract="8S", calls={"B": "pass", "C": "half-whist"}, tricks=None), "half_whist_level",
         ["calls", "'C'", "8♠"]),
        (dict(contract="10NT", calls={"B": "pass", "C": "half-whist"}, tricks=None), "half_whist_level",
         ["calls", "10NT"]),
        (dict(calls={"B": "half-whist", "C": "pass"}, tricks=None), "half_whist_order", ["calls", "'B'"]),
        (dict(calls={"B": "whist", "C": "half-whist"}, tricks=None), "half_whist_order", ["calls", "'C'"]),
        (dict(tricks=None), "no_tricks", ["tricks", "6♠"]),
        (dict(contract="misere", calls={"B": "whist", "C": "pass"}), "calls_not_allowed", ["calls", "misère"]),
        (dict(contract=None), "no_contract", ["contract"]),
        (dict(open="yes"), "bad_open", ["open", "'yes'"]),
    ],
)
def test_deal_refusals(changes: dict[str, Any], code: str, needles: list[str]) -> None:
    err = refusal(**changes)
    assert err.code == code, err
    for needle in needles:
        assert needle in str(err), (needle, str(err))


@pytest.mark.parametrize(
    "players, code, needle",
    [
        (("A", "B"), "player_count", "2 players"),
        (("A", "B", "C", "D", "E"), "player_count", "5 players"),
        (("A", "B", "A"), "duplicate_player", "'A'"),
        (("A", "", "C"), "bad_players", "''"),
        ("ABC", "bad_players", "'ABC'"),
    ],
)
def test_player_refusals(players: Any, code: str, needle: str) -> None:
    err = refusal(players)
    assert err.code == code and needle in str(err)


def test_four_player_refusals() -> None:
    p4 = ("A", "B", "C", "D")
    assert refusal(p4).code == "no_dealer"
    err = refusal(p4, dealer="Z")
    assert err.code == "unknown_player" and "dealer" in str(err) and "'Z'" in str(err)
    err = refusal(p4, dealer="A")
    assert err.code == "dealer_plays" and "'A'" in str(err)
    err = refusal(p4, dealer="D", tricks={"A": 6, "B": 2, "D": 2})
    assert err.code == "dealer_plays" and "tricks" in str(err) and "'D'" in str(err)
    err = refusal(p4, dealer="D", calls={"B": "whist", "C": "whist", "D": "pass"})
    assert err.code == "dealer_plays" and "'D'" in str(err)


def test_raspasy_refusals() -> None:
    with pytest.raises(PreferansError) as info:
        Deal.raspasy({"A": 3, "B": 3, "C": 3})
    assert info.value.code == "tricks_total" and "9" in str(info.value)
    with pytest.raises(PreferansError) as info:
        Deal(P3)
    assert info.value.code == "no_tricks"
    with pytest.raises(PreferansError) as info:
        Deal(P3, calls={"B": "whist"}, tricks={"A": 10})
    assert info.value.code == "calls_not_allowed"


def test_convention_refusals() -> None:
    with pytest.raises(PreferansError) as info:
        Convention(w_pulya=0)  # type: ignore[arg-type]
    assert info.value.code == "bad_convention" and "w_pulya" in str(info.value)
    with pytest.raises(PreferansError) as info:
        SOCHI.replace(whist_on_success="stingy")
    assert info.value.code == "bad_convention" and "'stingy'" in str(info.value)
    with pytest.raises(PreferansError) as info:
        SOCHI.replace(raspasy_exit=(5,))
    assert info.value.code == "bad_convention" and "raspasy_exit" in str(info.value)
    # enum values may be given by name
    assert SOCHI.replace(whist_on_success="gentleman").whist_on_success.value == "gentleman"


def test_refused_add_leaves_sheet() -> None:
    sheet = Sheet(P3)
    sheet.add(Deal(P3, **BASE))
    before = (sheet.deals, sheet.pulya, sheet.gora, sheet.whists)
    with pytest.raises(PreferansError):
        sheet.add("6S by A")  # type: ignore[arg-type]
    with pytest.raises(PreferansError):
        sheet.add(Deal(("A", "B", "D"), declarer="A", contract="6S", calls={"B": "pass", "D": "pass"}))
    assert (sheet.deals, sheet.pulya, sheet.gora, sheet.whists) == before
