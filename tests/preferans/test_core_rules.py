"""The compiled rules (CoreDeal, int move codes) phase by phase: the auction against the scorer's
own Bidding, whisting with the half-whist and its return, the checked ten, Stalingrad, the lone
whister's modes, open play's control, four players, refusals that change nothing."""

from __future__ import annotations

import random

import pytest
from _core_examples import pad

from kozyr.preferans import LADDER, Bidding, PreferansError
from kozyr.preferans.core.engine import MOVE_TEXT, REFUSALS, CoreDeal

CODE = {text: code for code, text in MOVE_TEXT.items()}
RF = {name: i for i, name in enumerate(REFUSALS) if name}
SOCHI = (0, 1, 0, 0, 1)
PLAYERS4 = ("A", "B", "C", "D")


def deal_with(params=SOCHI, seed="kozyr-preferans-3", number=1, players=3, dealer=2, min_level=6) -> CoreDeal:
    return CoreDeal(pad(seed), number, players, dealer, min_level, params)


def texts(deal: CoreDeal) -> list[str]:
    return [MOVE_TEXT[c] for c in deal.legal()]


def do(deal: CoreDeal, *moves: str) -> None:
    for text in moves:
        actor = deal.actor
        assert actor is not None
        assert deal.apply(actor, CODE[text]) == 0, (deal.ply, text, texts(deal)[:5])


def views(deal: CoreDeal, n: int = 3) -> list:
    names = PLAYERS4[:n]
    return [deal.view_json(s, names) for s in range(n)] + [deal.record_json(names, "x"), deal.legal()]


def to_whisting(params=SOCHI, contract="6S", **kw) -> CoreDeal:
    """C (seat 2, a2) declares after two passes; first hand A is W1, B is W2."""
    deal = deal_with(params, **kw)
    do(deal, "pass", "pass", "bid 6S")
    do(deal, MOVE_TEXT[deal.legal()[0]], "name " + contract)
    return deal


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("min_level", [6, 7, 8, 10])
def test_auction_matches_bidding(players, min_level):
    """Random auctions: the legal calls, every bid's refusal code and the end equal Bidding's."""
    rng = random.Random(players * 100 + min_level)
    names = PLAYERS4[:players]
    for number in range(1, 60):
        dealer = rng.randrange(players)
        deal = deal_with(number=number, players=players, dealer=dealer, min_level=min_level)
        bidding = Bidding(names, dealer=names[dealer], min_level=min_level)
        while deal.phase == "auction":
            who = bidding.to_call
            assert names[deal.actor] == who
            want = [0] + [8 + LADDER.index(c) for c in bidding.legal_calls()[1:]]
            assert list(deal.legal()) == want
            for r, contract in enumerate(LADDER):
                try:
                    bidding._check_bid(who, contract)
                    code = None
                except PreferansError as e:
                    code = e.code
                assert REFUSALS[deal.check(deal.actor, 8 + r)] == code
            # mostly low bids, so that auctions run long; passes and misère too
            legal = deal.legal()
            pick = legal[0]
            if rng.random() >= 0.3 and len(legal) > 1:
                pick = legal[min(len(legal) - 1, rng.choice([1, 1, 2, 3]))]
            if 8 + 15 in legal and rng.random() < 0.2:
                pick = 8 + 15
            deal.apply(deal.actor, pick)
            bidding.call(who, None if pick == 0 else LADDER[pick - 8])
        result = bidding.result
        view = deal.view_json(deal.active[0], names)
        assert [[names[s], c] for s, c in view["auction"]] == [
            [p, "pass" if c is None else str(c)] for p, c in bidding.history]
        if result.raspasy:
            assert deal.phase == "play" and view["declarer"] is None
        else:
            assert deal.phase == "talon" and names[view["declarer"]] == result.declarer
            assert view["bid"] == str(result.contract)
            assert len(deal.legal()) == 66


def test_misere_bidder_must_pass_and_the_third_seat_bids_after_two_passes():
    deal = deal_with()
    do(deal, "bid misere", "bid 9S", "pass")
    assert deal.actor == 0 and texts(deal) == ["pass"]   # A, who bid misère, is asked and must pass
    assert deal.check(0, CODE["bid 9C"]) == RF["bid_after_misere"]
    assert deal.check(0, CODE["bid misere"]) == RF["bid_after_misere"]
    do(deal, "pass")                                     # B declares 9S
    assert deal.phase == "talon" and deal.actor == 1
    deal = deal_with()
    do(deal, "pass", "pass")
    assert deal.phase == "auction" and deal.actor == 2
    do(deal, "bid 7H")
    assert deal.phase == "talon" and deal.actor == 2


def test_naming_list_and_refusals():
    deal = deal_with()
    do(deal, "bid 6S", "bid 6H", "pass", "pass")      # A, B, C, then A passes: B declares
    assert deal.phase == "talon" and deal.actor == 1
    assert deal.check(1, CODE["discard 7H 8H"]) == RF["card_not_held"]
    assert deal.check(1, CODE["name 7S"]) == RF["wrong_phase"]
    do(deal, MOVE_TEXT[deal.legal()[-1]])
    assert texts(deal)[:3] == ["name 6H", "name 6NT", "name 7S"] and "name misere" not in texts(deal)
    assert deal.check(1, CODE["name 6D"]) == RF["bad_contract"]
    assert deal.check(1, CODE["name misere"]) == RF["bad_contract"]


@pytest.mark.parametrize("contract, offered", [("6S", True), ("7NT", True), ("8S", False), ("9H", False)])
def test_half_whist_offered_on_six_and_seven_only(contract, offered):
    deal = to_whisting(contract=contract)
    assert deal.actor == 0 and texts(deal) == ["pass", "whist"]
    assert deal.check(0, CODE["half-whist"]) == RF["bad_call"]
    do(deal, "pass")
    assert texts(deal) == (["pass", "whist", "half-whist"] if offered else ["pass", "whist"])
    off = to_whisting(params=(0, 1, 0, 0, 0), contract=contract)
    do(off, "pass")
    assert texts(off) == ["pass", "whist"] and off.check(1, CODE["half-whist"]) == RF["bad_call"]


def test_half_whist_stands_and_its_return():
    deal = to_whisting()
    do(deal, "pass", "half-whist")
    assert deal.actor == 0 and texts(deal) == ["pass", "whist"]
    do(deal, "pass")
    rec = deal.record_json(("A", "B", "C"), "sochi")
    assert deal.over and rec["outcome"] == "half_whist" and rec["tricks"] is None and rec["defence"] is None
    assert rec["calls"] == {"0": "pass", "1": "half-whist"} and rec["whist_order"] == [0, 1]
    assert rec["deal"]["open"] is False and rec["deal"]["tricks"] is None
    deal = to_whisting()
    do(deal, "pass", "half-whist", "whist")
    assert deal.phase == "defence" and deal.actor == 0
    assert deal.view_json(2, ("A", "B", "C"))["calls"] == [[0, "pass"], [1, "half-whist"], [0, "whist"]]
    do(deal, "closed")
    while not deal.over:
        do(deal, MOVE_TEXT[deal.legal()[0]])
    rec = deal.record_json(("A", "B", "C"), "sochi")
    assert rec["calls"] == {"0": "whist", "1": "pass"} and rec["deal"]["open"] is False
    assert rec["outcome"] == "game" and sum(rec["tricks"].values()) == 10


def test_both_pass_ends_the_deal():
    deal = to_whisting()
    do(deal, "pass", "pass")
    rec = deal.record_json(("A", "B", "C"), "sochi")
    assert rec["outcome"] == "passed" and rec["calls"] == {"0": "pass", "1": "pass"} and rec["tricks"] is None
    assert deal.check(0, CODE["pass"]) == RF["game_over"] and deal.actor is None


def test_two_whisters_play_closed():
    deal = to_whisting()
    do(deal, "whist", "whist")
    assert deal.phase == "play" and deal.actor == 0
    do(deal, MOVE_TEXT[deal.legal()[0]])
    assert deal.view_json(1, ("A", "B", "C"))["open_hands"] == {}
    assert deal.view_json(1, ("A", "B", "C"))["defence"] == "closed"


@pytest.mark.parametrize("params, phase, defence", [
    ((0, 1, 0, 0, 1), "defence", None), ((0, 1, 1, 0, 1), "play", "open"), ((0, 1, 2, 0, 1), "play", "closed")])
def test_lone_whist_modes(params, phase, defence):
    deal = to_whisting(params)
    do(deal, "pass", "whist")
    view = deal.view_json(1, ("A", "B", "C"))
    assert deal.phase == phase and view["defence"] == defence
    if phase == "defence":
        assert deal.actor == 1 and texts(deal) == ["closed", "open"]


def test_open_passer_in_first_hand_plays_the_blind_card_then_the_whister_chooses():
    deal = to_whisting()                     # A (a0) W1 passes, B whists alone and opens
    do(deal, "pass", "whist", "open")
    assert deal.actor == 0 and deal.view_json(0, ("A", "B", "C"))["open_hands"] == {}
    do(deal, MOVE_TEXT[deal.legal()[0]])     # A's blind card: then both defending hands turn up
    v = deal.view_json(2, ("A", "B", "C"))
    assert sorted(v["open_hands"]) == ["0", "1"] and v["controls"] == [2]
    assert deal.view_json(1, ("A", "B", "C"))["controls"] == [1, 0]
    assert deal.view_json(0, ("A", "B", "C"))["controls"] == [0]
    # from now on A's cards are chosen by B
    while not deal.over:
        assert deal.actor in (1, 2)
        do(deal, MOVE_TEXT[deal.legal()[-1]])
    assert deal.record_json(("A", "B", "C"), "sochi")["deal"]["open"] is True


def test_checked_ten_and_stalingrad():
    deal = to_whisting(contract="10NT")
    assert deal.phase == "play" and deal.view_json(0, ("A", "B", "C"))["calls"] == []
    do(deal, MOVE_TEXT[deal.legal()[0]])
    v = deal.view_json(2, ("A", "B", "C"))
    assert v["defence"] == "open" and sorted(v["open_hands"]) == ["0", "1"] and v["controls"] == [2]
    assert deal.actor == 1                    # each defender plays his own hand
    unchecked = to_whisting(params=(0, 0, 0, 0, 1), contract="10S")
    assert unchecked.phase == "whisting"
    do(unchecked, "pass")
    assert texts(unchecked) == ["pass", "whist"]
    st = to_whisting(params=(0, 1, 0, 1, 1), contract="6S")
    assert st.phase == "play" and st.view_json(0, ("A", "B", "C"))["defence"] == "closed"
    while not st.over:
        do(st, MOVE_TEXT[st.legal()[0]])
    rec = st.record_json(("A", "B", "C"), "x")
    assert rec["calls"] == {"0": "whist", "1": "whist"} and rec["deal"]["open"] is False
    assert to_whisting(params=(0, 1, 0, 1, 1), contract="6C").phase == "whisting"


def test_refused_moves_change_nothing():
    rng = random.Random(5)
    for number in range(1, 40):
        players = 3 + number % 2
        deal = deal_with(number=number, players=players, dealer=number % players,
                         params=(number % 3, number % 2, number % 3, (number // 3) % 2, 1))
        while not deal.over:
            before = views(deal, players)
            for _ in range(6):
                seat = rng.choice([deal.actor, deal.actor, rng.randrange(-1, players + 1)])
                code = rng.choice([rng.randrange(0, 1200), rng.choice(list(MOVE_TEXT))])
                want = deal.check(seat, code)
                if want:
                    assert deal.apply(seat, code) == want
                    assert views(deal, players) == before
            deal.apply(deal.actor, rng.choice(deal.legal()))
        assert deal.apply(deal.active[0], 0) == RF["game_over"]


def test_four_players_dealer_sits_out():
    deal = deal_with(players=4, dealer=3)
    assert deal.active == (0, 1, 2) and deal.actor == 0
    assert deal.check(3, 0) == RF["not_your_turn"]
    v = deal.view_json(3, PLAYERS4)
    assert v["hand"] == [] and v["controls"] == [] and v["legal"] == [] and sorted(v["counts"]) == ["0", "1", "2"]


def test_random_deals_keep_the_cards():
    rng = random.Random(11)
    for number in range(1, 80):
        players = 3 + number % 2
        deal = deal_with(number=number, players=players, dealer=rng.randrange(players),
                         params=(rng.randrange(3), rng.randrange(2), rng.randrange(3), rng.randrange(2), 1))
        while not deal.over:
            v = deal.view_json(deal.actor, PLAYERS4[:players])
            played = sum(len(t["plays"]) for t in v["tricks"]) + len(v["trick"]["plays"] if v["trick"] else [])
            held = sum(v["counts"].values())
            assert held + played + (2 if v["phase"] in ("naming", "whisting", "defence", "play") and
                                    v["declarer"] is not None else 0) + (
                2 if v["declarer"] is None or v["phase"] == "auction" else 0) == 32
            assert v["legal"] == texts(deal) and len(v["legal"]) > 0
            deal.apply(deal.actor, rng.choice(deal.legal()))
        rec = deal.record_json(PLAYERS4[:players], "x")
        if rec["tricks"] is not None:
            assert sum(rec["tricks"].values()) == 10


def test_the_core_json_is_the_games():
    """CoreDeal's own JSON forms (written from the rules' tables, checked on the worked deal above) equal the
    shared View's and Record's JSON of the compiled Game over random deals of every parameter."""
    from kozyr.preferans import ROSTOV, SOCHI, Game
    from kozyr.preferans.convention import LoneWhist, RaspasyTalon

    rng = random.Random(3)
    for number in range(1, 60):
        players = PLAYERS4[:3 + number % 2]
        conv = rng.choice([SOCHI, ROSTOV]).replace(
            raspasy_talon=rng.choice(list(RaspasyTalon)), lone_whist=rng.choice(list(LoneWhist)),
            ten_checked=rng.random() < 0.5, stalingrad=rng.random() < 0.5)
        game = Game.from_seed(pad("kozyr-preferans-3"), number, players=players, dealer=rng.randrange(len(players)),
                              convention=conv)
        while True:
            for s in range(len(players)):
                assert game.core.view_json(s, players) == game.view(s).to_json()
            if game.over:
                break
            legal = game.legal_moves()
            pick = legal[0] if legal[0].kind == "pass" and rng.random() < 0.5 else rng.choice(legal)
            game.apply(game.actor, pick)
        assert game.core.record_json(players, conv.name) == game.record().to_json()
