"""The compiled rules (kozyr.preferans.core) on the rules' published vectors and worked deals,
through the low-level CoreDeal (moves as int codes)."""

from __future__ import annotations

import hashlib

import pytest
from _core_examples import (
    CONTRACT,
    DEAL_1,
    DECK1,
    DECK2,
    FOUR,
    FOUR_TALON,
    MISERE,
    RASPASY,
    SEAT,
    VIEW_B_PLY10,
    moves_of,
    pad,
)

from kozyr.cards import parse_card
from kozyr.preferans.core.engine import MOVE_TEXT, CoreDeal, card_name, shuffled

CODE = {text: code for code, text in MOVE_TEXT.items()}
SOCHI = (0, 1, 0, 0, 1)          # first_hand, ten checked, lone whist choice, no Stalingrad, half-whist
PLAYERS = ("A", "B", "C")
SEED = pad("kozyr-preferans-3")


def names(text: str) -> list[int]:
    return [parse_card(w) for w in text.split()]


def mask(text: str) -> int:
    m = 0
    for c in names(text):
        m |= 1 << c
    return m


def new(seed: str, params=SOCHI, dealer: int = 2, players: int = 3, number: int = 1, min_level: int = 6) -> CoreDeal:
    return CoreDeal(pad(seed), number, players, dealer, min_level, params)


def play(deal: CoreDeal, moves) -> None:
    for seat, text in moves:
        rf = deal.apply(seat, CODE[text])
        assert rf == 0, (deal.ply, seat, text, rf)


def test_word_stream_and_shuffles():
    assert hashlib.sha256(SEED + b"preferans:1:0").hexdigest().startswith("f333aaa07c21eff7")
    assert [card_name(c) for c in shuffled(SEED, 1)] == DECK1.split()
    assert [card_name(c) for c in shuffled(SEED, 2)] == DECK2.split()


def test_four_players_dealer_out():
    deal = CoreDeal(SEED, 2, 4, 0, 6, SOCHI)
    assert deal.active == (1, 2, 3)
    for seat, hand in FOUR.items():
        assert deal.hand(seat) == mask(hand)
    assert deal.hand(0) == 0
    assert [card_name(c) for c in deal.order[30:]] == FOUR_TALON.split()
    assert deal.actor == 1
    assert deal.check(0, CODE["pass"]) == 2     # the dealer sits out: not_your_turn


@pytest.mark.parametrize("example", [CONTRACT, MISERE, RASPASY], ids=["contract", "misere", "raspasy"])
def test_worked_deals(example):
    seed, _, hands, talon, won = example
    deal = new(seed)
    for who, hand in hands.items():
        assert deal.hand(SEAT[who]) == mask(hand)
    assert [card_name(c) for c in deal.order[30:]] == talon.split()
    moves = moves_of(example)
    play(deal, moves)
    assert deal.over and deal.ply == len(moves)
    assert deal.won == {SEAT[k]: v for k, v in won.items()}
    assert deal.legal() == ()
    assert [(s, MOVE_TEXT[c]) for s, c in deal.moves] == moves


def test_contract_deal_step_by_step():
    deal = new("kozyr-preferans-3")
    moves = moves_of(CONTRACT)
    counts = {0: 27, 1: 26, 3: 66, 4: 25, 5: 2, 6: 2, 7: 2}
    for ply, (seat, text) in enumerate(moves):
        if ply in counts:
            assert len(deal.legal()) == counts[ply], ply
        if ply == 3:
            assert deal.hand(0) == mask("QS 7H 8H 9H TH KH AH 7D 8C QC 7C 7S")
        if ply == 4:
            assert MOVE_TEXT[deal.legal()[0]] == "name 6S" and MOVE_TEXT[deal.legal()[-1]] == "name 10NT"
        if ply == 5:
            assert [MOVE_TEXT[c] for c in deal.legal()] == ["pass", "whist"]
        if ply == 7:
            assert [MOVE_TEXT[c] for c in deal.legal()] == ["closed", "open"]
        if ply == 10:
            assert deal.view_json(1, PLAYERS) == VIEW_B_PLY10
            c_view = deal.view_json(2, PLAYERS)
            assert c_view["controls"] == [2] and c_view["legal"] == []
            assert deal.view_json(0, PLAYERS)["discard"] == ["QS", "7D"]
            assert deal.check(2, CODE["play KS"]) == 2       # the passer chooses nothing after the reveal
        if ply == 19:   # trick 4, A void in diamonds must trump
            assert [MOVE_TEXT[c] for c in deal.legal()] == ["play 7H", "play 8H", "play 9H", "play TH"]
            assert deal.check(0, CODE["play 8C"]) == 13      # must_trump
            assert deal.check(1, CODE["play 7H"]) == 2
        assert deal.apply(seat, CODE[text]) == 0
    record = deal.record_json(PLAYERS, "sochi")
    assert record["deal"] == DEAL_1
    assert record["outcome"] == "game" and record["defence"] == "open"
    assert record["calls"] == {"1": "whist", "2": "pass"} and record["whist_order"] == [1, 2]
    assert record["discard"] == ["QS", "7D"] and record["talon"] == ["7C", "7S"]
    assert record["tricks"] == {"0": 6, "1": 1, "2": 3}
    assert deal.check(0, CODE["pass"]) == 1               # game_over


def test_misere_deal():
    deal = new("kozyr-preferans-50")
    moves = moves_of(MISERE)
    play(deal, moves[:1])
    assert len(deal.legal()) == 11 and MOVE_TEXT[deal.legal()[1]] == "bid 9S"
    assert deal.check(1, CODE["bid 8NT"]) == 7            # bid_not_higher
    play(deal, moves[1:3])
    view = deal.view_json(1, PLAYERS)
    assert view["phase"] == "talon" and view["contract"] == "misere" and view["talon"] == ["KD", "JH"]
    play(deal, moves[3:5])
    view = deal.view_json(0, PLAYERS)
    assert view["defence"] == "open" and sorted(view["open_hands"]) == ["1", "2"] and view["trump"] is None
    play(deal, moves[5:])
    record = deal.record_json(PLAYERS, "sochi")
    assert record["deal"] == {"players": ["A", "B", "C"], "dealer": "C", "raspasy": False, "declarer": "A",
                              "contract": "misere", "calls": None, "tricks": {"A": 0, "B": 5, "C": 5},
                              "open": None, "whist_order": None}
    assert record["calls"] is None and record["outcome"] == "misere"


def test_raspasy_deal_and_the_talon_readings():
    deal = new("kozyr-preferans-28")
    moves = moves_of(RASPASY)
    play(deal, moves[:3])
    view = deal.view_json(0, PLAYERS)
    assert view["talon"] == ["TC"] and view["trick"] == {"leader": 0, "talon": "TC", "plays": []}
    assert deal.legal() == tuple(CODE[f"play {c}"] for c in "7S 9S TS KS 8H TH AH 8D JD QD".split())
    play(deal, moves[3:6])
    assert deal.view_json(2, PLAYERS)["talon"] == ["TC", "7H"] and deal.actor == 0
    play(deal, moves[6:9])
    assert deal.actor == 0                                 # first hand leads trick 3
    play(deal, moves[9:])
    assert deal.record_json(PLAYERS, "sochi")["deal"] == {
        "players": ["A", "B", "C"], "dealer": "C", "raspasy": True, "declarer": None, "contract": None,
        "calls": None, "tricks": {"A": 1, "B": 5, "C": 4}, "open": None, "whist_order": None}
    # under `winner`, B (who took trick 1) plays first to 7H and the winner of trick 2 leads trick 3
    deal = new("kozyr-preferans-28", params=(1, 1, 0, 0, 1))
    play(deal, moves[:6])
    assert deal.actor == 1
    play(deal, [(1, "play 9H"), (2, "play QH"), (0, "play 8H")])
    assert deal.actor == 2
    # Rostov's `none`: the talon stays down, first hand leads
    deal = new("kozyr-preferans-28", params=(2, 1, 0, 0, 1))
    play(deal, moves[:3])
    assert deal.view_json(0, PLAYERS)["talon"] == [] and deal.view_json(0, PLAYERS)["trick"]["talon"] is None
    assert len(deal.legal()) == 10
