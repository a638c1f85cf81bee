"""The three worked deals move by move: every legal-list count the tables give, the winners of the tricks,
a seat's whole view at one point, the records, and the saldo through the sheet."""
from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

import pytest
from _pref_deals import (
    EXAMPLE_1,
    EXAMPLE_1_LEGAL,
    EXAMPLE_1_WINNERS,
    EXAMPLE_2,
    EXAMPLE_2_LEGAL,
    EXAMPLE_2_WINNERS,
    EXAMPLE_3,
    EXAMPLE_3_LEGAL,
    EXAMPLE_3_WINNERS,
    VIEW_B_PLY10,
)
from _pref_play import ABC, SEEDS

from kozyr.preferans import Deal, Sheet

EXAMPLES = {
    1: (3, EXAMPLE_1, EXAMPLE_1_LEGAL, EXAMPLE_1_WINNERS, 38, {0: 6, 1: 1, 2: 3},
        Deal(ABC, dealer="C", declarer="A", contract="6H", calls={"B": "whist", "C": "pass"},
             tricks={"A": 6, "B": 1, "C": 3}, open=True, whist_order=("B", "C")),
        {"A": Fraction(16, 3), "B": Fraction(4, 3), "C": Fraction(-20, 3)}),
    2: (50, EXAMPLE_2, EXAMPLE_2_LEGAL, EXAMPLE_2_WINNERS, 34, {0: 0, 1: 5, 2: 5},
        Deal(ABC, dealer="C", declarer="A", contract="misere", tricks={"A": 0, "B": 5, "C": 5}),
        {"A": Fraction(200, 3), "B": Fraction(-100, 3), "C": Fraction(-100, 3)}),
    3: (28, EXAMPLE_3, EXAMPLE_3_LEGAL, EXAMPLE_3_WINNERS, 33, {0: 1, 1: 5, 2: 4},
        Deal.raspasy({"A": 1, "B": 5, "C": 4}, players=ABC, dealer="C"),
        {"A": Fraction(70, 3), "B": Fraction(-50, 3), "C": Fraction(-20, 3)}),
}


def start(pref_engine: Any, seed: int) -> Any:
    return pref_engine.from_seed(SEEDS[seed], 1, players=ABC, dealer=2)


@pytest.mark.parametrize("example", sorted(EXAMPLES))
def test_worked_deal(pref_engine: Any, example: int) -> None:
    seed, moves, counts, winners, length, won, deal, saldo = EXAMPLES[example]
    game = start(pref_engine, seed)
    for ply, (seat, text) in enumerate(moves, start=1):
        assert game.actor == seat, (ply, text)
        legal = [str(m) for m in game.legal_moves()]
        assert text in legal, (ply, text, legal)
        if ply in counts:
            assert len(legal) == counts[ply], (ply, legal)
        game.apply(seat, text)
        assert game.ply == ply
    assert game.over and game.ply == length and game.actor is None
    last = game.view(0)
    assert [t.winner for t in last.tricks] == winners
    assert dict(last.won) == won
    record = game.record()
    assert record.to_deal() == deal
    sheet = Sheet(list(ABC))
    sheet.add(record.to_deal())
    assert dict(sheet.settle()) == saldo


def test_example_1_view_of_b_after_ply_10(pref_engine: Any) -> None:
    game = start(pref_engine, 3)
    for seat, text in EXAMPLE_1[:10]:
        game.apply(seat, text)
    assert game.view(1).to_json() == VIEW_B_PLY10
    c, a = game.view(2).to_json(), game.view(0).to_json()
    assert c["controls"] == [2] and c["legal"] == [] and a["discard"] == ["QS", "7D"]
    assert c["open_hands"] == VIEW_B_PLY10["open_hands"]


def test_example_1_steps(pref_engine: Any) -> None:
    game = start(pref_engine, 3)
    for seat, text in EXAMPLE_1[:3]:
        game.apply(seat, text)
    for s in (0, 1, 2):   # the talon is turned face up for all at the call that ends the auction
        assert game.view(s).to_json()["talon"] == ["7C", "7S"]
    game.apply(0, "discard 7d qs")   # lenient input, recorded canonically
    assert sorted(game.hand(0)) == sorted(game.view(0).hand)
    assert " ".join(game.view(0).to_json()["hand"]) == "7S 7H 8H 9H TH KH AH 7C 8C QC"
    names = [str(m) for m in game.legal_moves()]
    assert names[0] == "name 6S" and names[-1] == "name 10NT" and "name misere" not in names
    game.apply(0, "name 6H")
    assert [str(m) for m in game.legal_moves()] == ["pass", "whist"]
    game.apply(1, "whist")
    assert [str(m) for m in game.legal_moves()] == ["pass", "whist"]
    game.apply(2, "pass")
    assert game.phase == "defence" and [str(m) for m in game.legal_moves()] == ["closed", "open"]
    assert game.view(1).defence is None
    game.apply(1, "open")
    assert game.view(1).defence == "open" and game.view(1).open_hands == {}   # revealed after the first card
    assert game.record().to_json()["moves"][3] == [0, "discard QS 7D"]


def test_example_1_record_json(pref_engine: Any) -> None:
    game = start(pref_engine, 3)
    for seat, text in EXAMPLE_1:
        game.apply(seat, text)
    doc = game.record().to_json()
    assert doc["deal"] == {"players": ["A", "B", "C"], "dealer": "C", "raspasy": False, "declarer": "A",
                           "contract": "6H", "calls": {"B": "whist", "C": "pass"},
                           "tricks": {"A": 6, "B": 1, "C": 3}, "open": True, "whist_order": ["B", "C"]}
    assert doc["seed"] == SEEDS[3].hex() and doc["number"] == 1 and doc["dealer"] == 2
    assert doc["convention"] == {"preset": "sochi", "raspasy_talon": "first_hand", "ten_checked": True,
                                 "lone_whist": "choice", "stalingrad": False, "half_whist": True}
    assert doc["talon"] == ["7C", "7S"] and doc["discard"] == ["QS", "7D"]
    assert (doc["declarer"], doc["bid"], doc["contract"]) == (0, "6S", "6H")
    assert doc["calls"] == {"1": "whist", "2": "pass"} and doc["whist_order"] == [1, 2]
    assert doc["defence"] == "open" and doc["tricks"] == {"0": 6, "1": 1, "2": 3} and doc["outcome"] == "game"
    assert doc["moves"] == [[s, t] for s, t in EXAMPLE_1] and doc["min_level"] == 6
    json.dumps(doc)


def test_example_2_misere(pref_engine: Any) -> None:
    game = start(pref_engine, 50)
    for seat, text in EXAMPLE_2[:3]:
        game.apply(seat, text)
    view = game.view(1).to_json()
    assert view["phase"] == "talon" and view["contract"] == "misere" and view["talon"] == ["KD", "JH"]
    game.apply(0, "discard JH KD")
    assert game.phase == "play" and game.view(0).defence == "open" and game.view(0).open_hands == {}
    game.apply(0, "play 7C")
    for s in (0, 1, 2):
        v = game.view(s).to_json()
        assert set(v["open_hands"]) == {"1", "2"} and v["controls"] == [s] and v["trump"] is None
    assert game.actor == 1   # each defender plays his own hand
    for seat, text in EXAMPLE_2[5:]:
        game.apply(seat, text)
    doc = game.record().to_json()
    assert doc["calls"] is None and doc["whist_order"] is None and doc["outcome"] == "misere"
    assert doc["deal"]["open"] is None and doc["defence"] == "open"


def test_example_3_raspasy(pref_engine: Any) -> None:
    game = start(pref_engine, 28)
    game.apply(0, "pass")
    game.apply(1, "pass")
    assert game.view(0).to_json()["talon"] == []
    game.apply(2, "pass")
    view = game.view(2).to_json()
    assert view["phase"] == "play" and view["talon"] == ["TC"] and view["declarer"] is None
    assert view["trick"] == {"leader": 0, "talon": "TC", "plays": []} and view["contract"] is None
    for seat, text in EXAMPLE_3[3:6]:
        game.apply(seat, text)
    view = game.view(0).to_json()
    assert view["talon"] == ["TC", "7H"] and view["trick"] == {"leader": 0, "talon": "7H", "plays": []}
    assert view["tricks"] == [{"talon": "TC", "plays": [[0, "AH"], [1, "9C"], [2, "7C"]], "winner": 1}]
    for seat, text in EXAMPLE_3[6:9]:
        game.apply(seat, text)
    assert game.view(0).to_json()["trick"] == {"leader": 0, "talon": None, "plays": []}   # first hand leads 3
    for seat, text in EXAMPLE_3[9:]:
        game.apply(seat, text)
    doc = game.record().to_json()
    assert doc["outcome"] == "raspasy" and doc["declarer"] is None and doc["discard"] == []
    assert doc["talon"] == ["TC", "7H"] and doc["calls"] is None and doc["defence"] is None
