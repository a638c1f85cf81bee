"""The sheet: columns from the deals, add/undo/edit, target, refusals leave it as it was."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from kozyr.preferans import SOCHI, Conditions, Deal, PreferansError, Sheet

P3 = ("A", "B", "C")


def made(declarer: str, contract: str = "6S") -> Deal:
    others = [p for p in P3 if p != declarer]
    return Deal(P3, declarer=declarer, contract=contract, calls={o: "pass" for o in others})


def snapshot(sheet: Sheet) -> tuple[object, ...]:
    return (sheet.deals, sheet.pulya, sheet.gora, sheet.whists, dict(sheet.settle()), sheet.next_conditions)


def test_columns_accumulate() -> None:
    sheet = Sheet(P3)
    sheet.add(Deal(P3, declarer="A", contract="6C", calls={"B": "whist", "C": "whist"},
                   tricks={"A": 6, "B": 2, "C": 2}))
    sheet.add(Deal(P3, declarer="B", contract="7S", calls={"C": "whist", "A": "pass"},
                   tricks={"B": 6, "C": 4}))
    assert sheet.pulya == {"A": 2, "B": 0, "C": 0}
    assert sheet.gora == {"A": 0, "B": 4, "C": 0}
    # C: 4 on A; 16 for tricks + 4 consolation on B; A passer gets 4 consolation
    assert sheet.whists == {"A": {"B": 4, "C": 0}, "B": {"A": 4, "C": 0}, "C": {"A": 4, "B": 20}}
    assert sum(sheet.settle().values()) == 0
    assert len(sheet) == 2


def test_undo_and_edit_recompute() -> None:
    sheet = Sheet(P3)
    sheet.add(made("A"))
    empty = snapshot(Sheet(P3))
    one = snapshot(sheet)
    sheet.add(Deal.raspasy({"A": 2, "B": 3, "C": 5}))
    sheet.add(Deal.raspasy({"A": 2, "B": 3, "C": 5}))
    assert sheet.gora == {"A": 0, "B": 3, "C": 9}  # price 1 then 2
    assert sheet.next_conditions == Conditions(6, F(3), 2)
    # editing the first raspasy into a game resets the price of the second
    sheet.edit(1, made("B"))
    assert sheet.gora == {"A": 0, "B": 1, "C": 3}
    assert sheet.pulya["B"] == 2
    assert sheet.undo() == Deal.raspasy({"A": 2, "B": 3, "C": 5})
    sheet.undo()
    assert snapshot(sheet) == one
    sheet.undo()
    assert snapshot(sheet) == empty


def test_refused_edit_leaves_the_sheet() -> None:
    conv = SOCHI.replace(raspasy_exit=(7,))
    sheet = Sheet(P3, conv)
    sheet.add(made("A"))
    sheet.add(made("B", "7S"))
    before = snapshot(sheet)
    # turning deal 0 into raspasy would make deal 1's seven fine, but a six would not be:
    sheet2 = Sheet(P3, conv, deals=[made("A"), made("B", "6S")])
    with pytest.raises(PreferansError) as info:
        sheet2.edit(0, Deal.raspasy({"A": 2, "B": 3, "C": 5}))
    assert info.value.code == "below_minimum" and "deal 1" in str(info.value) and "6♠" in str(info.value)
    assert sheet2.deals == [made("A"), made("B", "6S")]
    # foreign players and bad index
    with pytest.raises(PreferansError) as info:
        sheet.edit(0, Deal(("A", "B", "Z"), declarer="A", contract="6S", calls={"B": "pass", "Z": "pass"}))
    assert info.value.code == "players_mismatch" and "'Z'" in str(info.value)
    with pytest.raises(PreferansError) as info:
        sheet.edit(5, made("A"))
    assert info.value.code == "bad_index" and "5" in str(info.value)
    with pytest.raises(PreferansError) as info:
        sheet.add(made("C"))
        sheet.add(Deal.raspasy({"A": 2, "B": 3, "C": 5}))
        sheet.add(made("A", "6D"))
    assert info.value.code == "below_minimum"
    assert sheet.deals[-1] == Deal.raspasy({"A": 2, "B": 3, "C": 5})
    sheet.undo()
    sheet.undo()
    assert snapshot(sheet) == before


def test_undo_empty() -> None:
    with pytest.raises(PreferansError) as info:
        Sheet(P3).undo()
    assert info.value.code == "empty_sheet"


def test_target_and_closed() -> None:
    sheet = Sheet(P3, target=4)
    assert not sheet.closed
    for p in P3:
        sheet.add(made(p))
    assert not sheet.closed
    for p in ("A", "B"):
        sheet.add(made(p))
    assert not sheet.closed  # C has 2
    sheet.add(made("C", "7S"))
    assert sheet.closed
    assert Sheet(P3).closed is False  # no target, never closed
    with pytest.raises(PreferansError) as info:
        Sheet(P3, target=-3)
    assert info.value.code == "bad_target" and "-3" in str(info.value)


def test_four_player_sheet() -> None:
    p4 = ("A", "B", "C", "D")
    sheet = Sheet(p4)
    sheet.add(Deal(p4, dealer="D", declarer="A", contract="6S", calls={"B": "whist", "C": "whist"},
                   tricks={"A": 5, "B": 3, "C": 2}))
    assert sheet.whists["D"]["A"] == 2  # the dealer's consolation
    assert sum(sheet.settle().values()) == 0
    with pytest.raises(PreferansError) as info:
        sheet.add(Deal(p4, dealer="A", declarer="A", contract="6S", calls={"B": "pass", "C": "pass"}))
    assert info.value.code == "dealer_plays"
    assert len(sheet) == 1
