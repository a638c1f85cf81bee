"""Properties of the settlement and of the scoring, checked with hypothesis."""

from __future__ import annotations

from fractions import Fraction as F

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kozyr.preferans import (
    LADDER,
    LENINGRAD,
    ROSTOV,
    SOCHI,
    Columns,
    Convention,
    Deal,
    Sheet,
    WhistType,
    round_to_sum_zero,
    settle,
)

NAMES = ("A", "B", "C", "D")
CONVENTIONS = [SOCHI, LENINGRAD, ROSTOV, SOCHI.replace(w_pulya=F(15), w_gora=F(7))]

amounts = st.fractions(min_value=0, max_value=200, max_denominator=6)


@st.composite
def columns(draw: st.DrawFn) -> Columns:
    n = draw(st.sampled_from([3, 4]))
    players = NAMES[:n]
    pulya = {p: draw(amounts) for p in players}
    gora = {p: draw(amounts) for p in players}
    whists = {i: {j: draw(amounts) for j in players if j != i} for i in players}
    return Columns(players, pulya, gora, whists)


@pytest.mark.slow    # a hundred sheets each: the quick run leaves it out, --full runs it
@settings(deadline=None)  # exact Fractions; CI machines are noisy
@given(columns(), st.sampled_from(CONVENTIONS))
def test_saldos_sum_to_zero(cols: Columns, conv: Convention) -> None:
    s = settle(cols, conv)
    assert sum(s.values()) == 0
    r = s.rounded()
    assert sum(r.values()) == 0
    assert all(abs(r[p] - s[p]) < 1 for p in cols.players)


@settings(deadline=None)  # exact Fractions; CI machines are noisy
@given(st.dictionaries(st.sampled_from(NAMES), amounts.map(lambda x: x - 100), min_size=3),
       st.sampled_from([F(1), F(5), F(1, 2)]))
def test_largest_remainder_rounding(values: dict[str, F], unit: F) -> None:
    total = sum(values.values(), F(0))
    shift = F(round(total / unit)) * unit - total  # make the sum a multiple of the unit
    first = next(iter(values))
    values[first] += shift
    r = round_to_sum_zero(values, unit)
    assert sum(r.values()) == sum(values.values())
    assert all((v / unit).denominator == 1 and abs(v - values[k]) < unit for k, v in r.items())


@pytest.mark.slow    # a hundred sheets each: the quick run leaves it out, --full runs it
@settings(deadline=None)  # exact Fractions; CI machines are noisy
@given(columns(), st.sampled_from(CONVENTIONS))
def test_amnesty_changes_nothing(cols: Columns, conv: Convention) -> None:
    low = min(cols.gora.values())
    amnestied = Columns(cols.players, cols.pulya, {p: g - low for p, g in cols.gora.items()}, cols.whists)
    assert settle(amnestied, conv) == settle(cols, conv)


@pytest.mark.slow    # a hundred sheets each: the quick run leaves it out, --full runs it
@settings(deadline=None)  # exact Fractions; CI machines are noisy
@given(columns(), st.sampled_from(CONVENTIONS), amounts)
def test_closing_the_pulya_into_gora_changes_nothing(cols: Columns, conv: Convention, extra: F) -> None:
    target = max(cols.pulya.values()) + extra
    # each point missing from the pulya is written into gora at the pulya's price
    gora = {p: cols.gora[p] + (target - cols.pulya[p]) * conv.w_pulya / conv.w_gora for p in cols.players}
    closed = Columns(cols.players, {p: target for p in cols.players}, gora, cols.whists)
    assert settle(closed, conv) == settle(cols, conv)


@pytest.mark.slow    # a hundred sheets each: the quick run leaves it out, --full runs it
@settings(deadline=None)  # exact Fractions; CI machines are noisy
@given(columns(), st.sampled_from([SOCHI, SOCHI.replace(w_pulya=F(20), w_gora=F(20))]))
def test_closing_literally_when_points_are_equal(cols: Columns, conv: Convention) -> None:
    target = max(cols.pulya.values())
    gora = {p: cols.gora[p] + target - cols.pulya[p] for p in cols.players}
    closed = Columns(cols.players, {p: target for p in cols.players}, gora, cols.whists)
    assert settle(closed, conv) == settle(cols, conv)


@pytest.mark.slow    # a hundred sheets each: the quick run leaves it out, --full runs it
@settings(deadline=None)  # exact Fractions; CI machines are noisy
@given(columns(), st.sampled_from(CONVENTIONS))
def test_textbook_method_agrees(cols: Columns, conv: Convention) -> None:
    """Close the pulya into gora, amnesty, each other player writes w_G·G_i/N
    on player i, then net every pair: the same saldos as the formula."""
    players = cols.players
    n = len(players)
    target = max(cols.pulya.values())
    gora = {p: cols.gora[p] + (target - cols.pulya[p]) * conv.w_pulya / conv.w_gora for p in players}
    low = min(gora.values())
    gora = {p: g - low for p, g in gora.items()}
    written = {(i, j): cols.whist(i, j) for i in players for j in players if i != j}
    for i in players:
        for j in players:
            if j != i:
                written[(j, i)] += conv.w_gora * gora[i] / n
    textbook = {i: F(0) for i in players}
    for a_idx, a in enumerate(players):
        for b in players[a_idx + 1:]:
            net = written[(a, b)] - written[(b, a)]  # b owes a this many
            textbook[a] += net
            textbook[b] -= net
    assert textbook == dict(settle(cols, conv))


# --- scoring properties ---------------------------------------------------------------


@st.composite
def played_deals(draw: st.DrawFn) -> Deal:
    n = draw(st.sampled_from([3, 4]))
    players = NAMES[:n]
    dealer = draw(st.sampled_from(players))
    active = [p for p in players if p != dealer] if n == 4 else list(players)
    declarer = draw(st.sampled_from(active))
    contract = draw(st.sampled_from([c for c in LADDER if not c.is_misere]))
    defenders = [p for p in active if p != declarer]
    calls = draw(st.sampled_from([("whist", "whist"), ("whist", "pass"), ("pass", "whist")]))
    taken = draw(st.integers(0, 10))
    first = draw(st.integers(0, 10 - taken))
    tricks = {declarer: taken, defenders[0]: first, defenders[1]: 10 - taken - first}
    return Deal(players, dealer=dealer, declarer=declarer, contract=contract,
                calls=dict(zip(defenders, calls, strict=True)), tricks=tricks, open=draw(st.booleans()))


@settings(deadline=None)  # exact Fractions; CI machines are noisy
@given(played_deals(), st.sampled_from(CONVENTIONS), st.sampled_from(list(WhistType)),
       st.sampled_from(list(WhistType)))
def test_whist_type_only_moves_whists_between_defenders(
    deal: Deal, base: Convention, on_success: WhistType, on_failure: WhistType
) -> None:
    reference = Sheet(deal.players, base.replace(whist_on_success=WhistType.GREEDY, whist_on_failure=WhistType.GREEDY))
    varied = Sheet(deal.players, base.replace(whist_on_success=on_success, whist_on_failure=on_failure))
    reference.add(deal)
    varied.add(deal)
    assert deal.declarer is not None
    assert varied.settle()[deal.declarer] == reference.settle()[deal.declarer]
    assert varied.pulya == reference.pulya and varied.gora == reference.gora
    on_d = {p: varied.whists[p].get(deal.declarer, F(0)) for p in deal.players if p != deal.declarer}
    on_d_ref = {p: reference.whists[p].get(deal.declarer, F(0)) for p in deal.players if p != deal.declarer}
    assert sum(on_d.values()) == sum(on_d_ref.values())
    if len(deal.whisters) == 2:
        assert on_d == on_d_ref  # with two whisters the whist type plays no part


@settings(deadline=None, max_examples=50)
@given(st.lists(played_deals().filter(lambda d: len(d.players) == 3), max_size=6), st.sampled_from(CONVENTIONS))
def test_sheet_saldo_is_sum_of_deal_saldos(deals: list[Deal], conv: Convention) -> None:
    sheet = Sheet(NAMES[:3], conv, deals=deals)
    total = {p: F(0) for p in NAMES[:3]}
    for d in deals:
        one = Sheet(NAMES[:3], conv, deals=[d]).settle()
        for p in total:
            total[p] += one[p]
    assert dict(sheet.settle()) == total
    assert sum(total.values()) == 0
