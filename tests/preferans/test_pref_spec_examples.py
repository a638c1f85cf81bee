"""Every worked example of the preferans rules (docs/rules/preferans.md), one test each, exact saldos."""

from __future__ import annotations

from fractions import Fraction as F

from kozyr.preferans import LENINGRAD, Deal, Sheet, settle

PLAYERS = ("D", "W1", "W2")


def saldo_of(deal: Deal, sheet: Sheet | None = None) -> tuple[F, ...]:
    if sheet is None:
        sheet = Sheet(PLAYERS)
    sheet.add(deal)
    s = sheet.settle()
    return tuple(s[p] for p in PLAYERS)


def test_six_clubs_both_whist_made() -> None:
    deal = Deal(PLAYERS, declarer="D", contract="6C",
                calls={"W1": "whist", "W2": "whist"}, tricks={"D": 6, "W1": 2, "W2": 2})
    sheet = Sheet(PLAYERS)
    sheet.add(deal)
    assert sheet.pulya == {"D": 2, "W1": 0, "W2": 0}
    assert sheet.whists["W1"]["D"] == 4 and sheet.whists["W2"]["D"] == 4
    assert saldo_of(deal) == (F(16, 3), F(-8, 3), F(-8, 3))


def test_six_spades_both_whist_one_down() -> None:
    deal = Deal(PLAYERS, declarer="D", contract="6♠",
                calls={"W1": "whist", "W2": "whist"}, tricks={"D": 5, "W1": 3, "W2": 2})
    sheet = Sheet(PLAYERS)
    sheet.add(deal)
    assert sheet.gora["D"] == 2
    assert sheet.whists["W1"]["D"] == 8 and sheet.whists["W2"]["D"] == 6
    assert saldo_of(deal) == (F(-82, 3), F(44, 3), F(38, 3))


def test_lone_whister_greedy_two_short_of_quota() -> None:
    deal = Deal(PLAYERS, declarer="D", contract="6C",
                calls={"W1": "whist", "W2": "pass"}, tricks={"D": 8, "W1": 2, "W2": 0})
    sheet = Sheet(PLAYERS)
    sheet.add(deal)
    assert sheet.pulya["D"] == 2 and sheet.gora["W1"] == 4
    assert sheet.whists["W1"]["D"] == 4 and sheet.whists["W2"]["D"] == 0
    assert saldo_of(deal) == (F(68, 3), F(-88, 3), F(20, 3))


def test_half_whist_on_a_six() -> None:
    deal = Deal(PLAYERS, declarer="D", contract="6S", calls={"W1": "pass", "W2": "half-whist"})
    sheet = Sheet(PLAYERS)
    sheet.add(deal)
    assert sheet.pulya["D"] == 2 and sheet.whists["W2"]["D"] == 4
    assert saldo_of(deal) == (F(28, 3), F(-20, 3), F(-8, 3))


def test_leningrad_six_made_both_pass() -> None:
    deal = Deal(PLAYERS, declarer="D", contract="6S", calls={"W1": "pass", "W2": "pass"})
    assert saldo_of(deal, Sheet(PLAYERS, LENINGRAD)) == (F(80, 3), F(-40, 3), F(-40, 3))


def test_four_players_six_points_of_gora() -> None:
    s = settle(({"a": 0, "b": 0, "c": 0, "d": 0}, {"a": 6}, {}))
    assert dict(s) == {"a": -45, "b": 15, "c": 15, "d": 15}
