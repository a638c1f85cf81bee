"""The sheet: columns from the deals, add/undo/edit, target, refusals leave it as it was."""

from __future__ import annotations

from fractions import Fraction as F
from typing import cast

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import kozyr.preferans.sheet as sheet_module
from kozyr.preferans import (
    LADDER,
    SOCHI,
    Columns,
    Conditions,
    Convention,
    Deal,
    PreferansError,
    Sheet,
    score_deal,
    settle,
)

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


# --- each deal is scored once; incremental == from scratch ------------------------------------------------


def counting(monkeypatch: pytest.MonkeyPatch) -> list[Deal]:
    """Count the sheet's calls of the scoring function."""
    calls: list[Deal] = []

    def counted(deal: Deal, *args: object, **kwargs: object) -> object:
        calls.append(deal)
        return score_deal(deal, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(sheet_module, "score_deal", counted)
    return calls


def test_each_deal_is_scored_once(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = counting(monkeypatch)
    deals = [made(P3[i % 3]) if i % 4 else Deal.raspasy({"A": 2, "B": 3, "C": 5}) for i in range(300)]
    sheet = Sheet(P3)
    for deal in deals:
        sheet.add(deal)
        _ = sheet.columns, sheet.closed, sheet.next_conditions, sheet.settle()  # reading scores nothing
    assert len(calls) == 300  # linear: the old sheet rescored from the start, 300 * 301 / 2 calls
    calls.clear()
    sheet.edit(290, made("C"))
    assert calls == [made("C"), *deals[291:]]  # the edited deal and those after it, nothing before
    calls.clear()
    sheet.undo()
    assert calls == []
    Sheet(P3, deals=deals)
    assert len(calls) == 300
    calls.clear()
    for i in range(len(sheet)):
        sheet.columns_after(i)
    assert calls == []


CONVENTIONS = [SOCHI, SOCHI.replace(raspasy_exit=(6, 7)), SOCHI.replace(raspasy_progression="geometric", raspasy_cap=3)]


@st.composite
def any_deal(draw: st.DrawFn) -> Deal:
    split = sorted(draw(st.lists(st.integers(0, 10), min_size=2, max_size=2)))
    tricks = dict(zip(P3, (split[0], split[1] - split[0], 10 - split[1]), strict=True))
    if draw(st.booleans()):
        return Deal.raspasy(tricks)
    declarer = draw(st.sampled_from(P3))
    defenders = [p for p in P3 if p != declarer]
    contract = draw(st.sampled_from(LADDER))
    if contract.is_misere:
        return Deal(P3, declarer=declarer, contract=contract, tricks=tricks)
    calls = draw(st.sampled_from([("whist", "whist"), ("whist", "pass"), ("pass", "pass")]))
    return Deal(P3, declarer=declarer, contract=contract, calls=dict(zip(defenders, calls, strict=True)), tricks=tricks)


def from_scratch(conv: Convention, deals: list[Deal]) -> tuple[Columns, Conditions, list[Columns]]:
    """A plain left fold of score_deal: the columns, the next conditions, the columns after each deal."""
    cond = Conditions.start(conv)
    pulya = {p: F(0) for p in P3}
    gora = {p: F(0) for p in P3}
    whists: dict[tuple[str, str], F] = {}
    after = []
    for deal in deals:
        scored = score_deal(deal, conv, cond)
        for p, v in scored.entries.pulya.items():
            pulya[p] += v
        for p, v in scored.entries.gora.items():
            gora[p] += v
        for k, v in scored.entries.whists.items():
            whists[k] = whists.get(k, F(0)) + v
        cond = scored.next
        after.append(Columns(P3, pulya, gora, whists))
    return Columns(P3, pulya, gora, whists), cond, after


ops = st.one_of(
    st.tuples(st.just("add"), any_deal()),
    st.tuples(st.just("undo"), st.none()),
    st.tuples(st.just("edit"), st.tuples(st.integers(0, 30), any_deal())),
)


@settings(deadline=None, max_examples=60)
@given(st.sampled_from(CONVENTIONS), st.lists(ops, max_size=25))
def test_incremental_equals_from_scratch(conv: Convention, steps: list[tuple[str, object]]) -> None:
    sheet = Sheet(P3, conv)
    deals: list[Deal] = []
    for op, arg in steps:
        wanted = list(deals)
        if op == "add":
            wanted.append(arg)  # type: ignore[arg-type]
        elif op == "undo":
            if not wanted:
                continue
            wanted.pop()
        else:
            index, deal = cast(tuple[int, Deal], arg)
            if index >= len(wanted):
                continue
            wanted[index] = deal
        try:
            expected = from_scratch(conv, wanted)
        except PreferansError as refusal:
            before = snapshot(sheet)
            with pytest.raises(PreferansError) as info:
                sheet.add(arg) if op == "add" else sheet.edit(*arg)  # type: ignore[misc, arg-type]
            assert info.value.code == refusal.code
            assert snapshot(sheet) == before  # a refused change leaves the sheet as it was
            continue
        if op == "add":
            sheet.add(arg)  # type: ignore[arg-type]
        elif op == "undo":
            sheet.undo()
        else:
            sheet.edit(*arg)  # type: ignore[misc]
        deals = wanted
        columns, cond, after = expected
        assert sheet.deals == deals
        assert sheet.columns == columns and sheet.next_conditions == cond
        assert [sheet.columns_after(i) for i in range(len(deals))] == after
        assert sheet.settle() == settle(columns, conv)
