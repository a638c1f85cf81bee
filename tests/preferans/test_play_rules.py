"""The rules of the play, one at a time: raspasy and the talon, the checked ten, Stalingrad, the lone whist,
half-whist and its return, both defenders passing, four players."""
from __future__ import annotations

from typing import Any

import pytest
from _pref_play import ABC, first, new, play_out, run, to_contract

from kozyr.preferans import LENINGRAD, ROSTOV, SOCHI, Deal, LoneWhist, PreferansError, RaspasyTalon, Sheet

EX3_TRICK_1 = ("play AH", "play 9C", "play 7C")   # example 3: B wins trick 1 with 9C


def names(moves: Any) -> list[str]:
    return [str(m) for m in moves]


# --- raspasy -------------------------------------------------------------------------------------------


def test_raspasy_first_hand(pref_engine: Any) -> None:
    game = run(new(pref_engine, seed=28), "pass", "pass", "pass", *EX3_TRICK_1)
    assert game.actor == 0   # first hand plays first to talon card 2 as well
    trick = game.view(2).trick
    assert trick.leader == 0 and trick.talon == 16 + 7 and trick.plays == ()


def test_raspasy_winner(pref_engine: Any) -> None:
    conv = SOCHI.replace(raspasy_talon=RaspasyTalon.WINNER)
    game = run(new(pref_engine, seed=28, convention=conv), "pass", "pass", "pass", *EX3_TRICK_1)
    assert game.actor == 1   # B won trick 1 and plays first to 7H
    view = game.view(0).to_json()
    assert view["trick"] == {"leader": 1, "talon": "7H", "plays": []} and view["talon"] == ["TC", "7H"]
    assert names(game.legal_moves()) == ["play 9H", "play KH"]
    run(game, "play 9H")
    run(game, first(game))
    run(game, first(game))
    winner = game.view(0).tricks[1].winner
    assert game.view(0).trick.leader == winner and game.actor == winner and game.view(0).trick.talon is None
    play_out(game)
    assert game.record().outcome == "raspasy"


def test_raspasy_without_the_talon(pref_engine: Any) -> None:
    for conv in (SOCHI.replace(raspasy_talon="none"), ROSTOV):
        game = run(new(pref_engine, seed=28, convention=conv), "pass", "pass", "pass")
        view = game.view(0).to_json()
        assert view["talon"] == [] and view["trick"] == {"leader": 0, "talon": None, "plays": []}
        assert len(game.legal_moves()) == 10   # first hand leads anything
        while not game.over:
            run(game, first(game))
            assert game.view(1).to_json()["talon"] == []
        doc = game.record().to_json()
        assert doc["talon"] == ["TC", "7H"] and all(t["talon"] is None for t in game.view(0).to_json()["tricks"])


def test_raspasy_talon_card_2_is_shown_when_trick_1_ends(pref_engine: Any) -> None:
    game = run(new(pref_engine, seed=28), "pass", "pass", "pass", "play AH", "play 9C")
    assert game.view(0).to_json()["talon"] == ["TC"]
    events = game.apply(2, "play 7C")
    assert [e.kind for e in events] == ["play", "trick_end", "talon_shown"]
    assert game.view(0).to_json()["talon"] == ["TC", "7H"]


def test_exit_threshold_raises_the_minimum(pref_engine: Any) -> None:
    game = new(pref_engine, min_level=7)
    legal = names(game.legal_moves())
    assert legal[:2] == ["pass", "bid 7S"] and "bid misere" in legal and len(legal) == 1 + 21
    assert game.view(0).min_level == 7
    with pytest.raises(PreferansError) as info:
        game.apply(0, "bid 6NT")
    assert info.value.code == "below_minimum"


# --- the checked ten and Stalingrad ----------------------------------------------------------------------


def test_checked_ten(pref_engine: Any) -> None:
    game = to_contract(new(pref_engine), "10NT")
    assert game.phase == "play" and game.actor == 0
    view = game.view(1).to_json()
    assert view["calls"] == [] and view["defence"] == "open" and view["open_hands"] == {}
    run(game, first(game))
    assert set(game.view(0).to_json()["open_hands"]) == {"1", "2"}
    assert game.actor == 1 and game.view(1).controls == (1,) and game.view(2).controls == (2,)
    run(game, first(game))
    assert game.actor == 2   # each defender plays his own hand
    play_out(game)
    record = game.record().to_json()
    assert record["calls"] == {"1": "whist", "2": "whist"} and record["deal"]["open"] is True
    assert record["whist_order"] == [1, 2] and record["outcome"] == "game"
    deal = game.record().to_deal()
    assert deal.whisters == ("B", "C") and deal.open


def test_ten_whisted_when_not_checked(pref_engine: Any) -> None:
    game = to_contract(new(pref_engine, convention=SOCHI.replace(ten_checked=False)), "10S")
    assert game.phase == "whisting" and names(game.legal_moves()) == ["pass", "whist"]
    run(game, "pass")
    assert names(game.legal_moves()) == ["pass", "whist"]   # never a half-whist on a ten
    with pytest.raises(PreferansError) as info:
        game.apply(2, "half-whist")
    assert info.value.code == "bad_call"


@pytest.mark.parametrize(("contract", "whisting"), [("6S", False), ("6C", True), ("7S", True)])
def test_stalingrad(pref_engine: Any, contract: str, whisting: bool) -> None:
    game = to_contract(new(pref_engine, convention=SOCHI.replace(stalingrad=True)), contract)
    assert (game.phase == "whisting") is whisting
    if whisting:
        return
    view = game.view(2).to_json()
    assert view["calls"] == [] and view["defence"] == "closed"
    run(game, first(game))
    assert game.view(1).to_json()["open_hands"] == {}
    play_out(game)
    doc = game.record().to_json()
    assert doc["calls"] == {"1": "whist", "2": "whist"} and doc["deal"]["open"] is False
    assert doc["defence"] == "closed"


def test_stalingrad_off_whists_a_six_of_spades(pref_engine: Any) -> None:
    assert to_contract(new(pref_engine), "6S").phase == "whisting"


# --- the lone whist ----------------------------------------------------------------------------------------


def lone(pref_engine: Any, mode: LoneWhist | str = "choice", calls: tuple[str, ...] = ("whist", "pass")) -> Any:
    return run(to_contract(new(pref_engine, convention=SOCHI.replace(lone_whist=mode)), "6H"), *calls)


def test_lone_whist_closed_by_choice(pref_engine: Any) -> None:
    game = lone(pref_engine)
    assert game.phase == "defence" and game.actor == 1
    run(game, "closed")
    assert game.view(0).defence == "closed"
    run(game, first(game))
    assert game.view(1).open_hands == {} and game.actor == 1
    run(game, first(game))
    assert game.actor == 2 and game.view(2).controls == (2,)   # the passer plays his own hidden hand
    play_out(game)
    deal = game.record().to_deal()
    assert not deal.open and dict((p, c.value) for p, c in deal.calls.items()) == {"B": "whist", "C": "pass"}


@pytest.mark.parametrize("mode", ["open", "closed"])
def test_lone_whist_fixed(pref_engine: Any, mode: str) -> None:
    game = lone(pref_engine, mode)
    assert game.phase == "play" and game.view(1).defence == mode and game.actor == 0
    run(game, first(game))
    assert bool(game.view(0).open_hands) is (mode == "open")
    play_out(game)
    assert game.record().to_deal().open is (mode == "open")
    assert "closed" not in [str(m) for _, m in game.record().moves]


def test_lone_whister_second_defender(pref_engine: Any) -> None:
    game = lone(pref_engine, "open", ("pass", "whist"))
    run(game, first(game))
    view = game.view(2)
    assert view.controls == (2, 1) and game.view(1).controls == (1,)
    assert game.actor == 2   # C chooses B's card
    with pytest.raises(PreferansError) as info:
        game.apply(1, first(game))
    assert info.value.code == "not_your_turn"
    assert game.view(1).legal == () and names(game.view(2).legal) == names(game.legal_moves())
    play_out(game)
    doc = game.record().to_json()
    assert doc["calls"] == {"1": "pass", "2": "whist"} and doc["whist_order"] == [1, 2]


def test_open_passer_in_first_hand_plays_the_blind_card_himself(pref_engine: Any) -> None:
    # C declares: W1 is A (first hand), W2 is B. A passes, B whists and plays open.
    game = run(new(pref_engine), "pass", "pass", "bid 6S")
    run(game, first(game))
    run(game, "name 6S", "pass", "whist", "open")
    assert game.actor == 0 and game.view(0).legal   # the passer chooses the first card
    events = game.apply(0, first(game))
    assert [e.kind for e in events] == ["play", "reveal"] and events[0].by == 0
    assert game.view(1).controls == (1, 0) and game.view(0).controls == (0,)
    chosen_for_a = 0
    while not game.over:
        trick = game.view(1).trick
        hand = (trick.leader + len(trick.plays)) % 3   # seats 0, 1, 2 are a0, a1, a2 here
        assert game.actor == (1 if hand == 0 else hand)
        chosen_for_a += hand == 0
        run(game, first(game))
    assert chosen_for_a == 9


# --- whisting outcomes --------------------------------------------------------------------------------------


def test_both_pass(pref_engine: Any) -> None:
    game = to_contract(new(pref_engine), "6H")
    events = run(game, "pass").apply(2, "pass")
    assert [e.kind for e in events] == ["whist_call", "deal_over"]
    assert game.over and game.actor is None and game.legal_moves() == ()
    doc = game.record().to_json()
    assert doc["outcome"] == "passed" and doc["tricks"] is None and doc["defence"] is None
    assert doc["deal"] == {"players": ["A", "B", "C"], "dealer": "C", "raspasy": False, "declarer": "A",
                           "contract": "6H", "calls": {"B": "pass", "C": "pass"}, "tricks": None, "open": False,
                           "whist_order": ["B", "C"]}
    for s in range(3):   # nothing more is revealed
        view = game.view(s).to_json()
        assert view["open_hands"] == {} and view["trick"] is None and view["over"]
        assert view["discard"] == ([] if s else view["discard"]) and view["deal"] == doc["deal"]


@pytest.mark.parametrize(("contract", "offered"), [("6H", True), ("7NT", True), ("8S", False), ("9NT", False)])
def test_half_whist_offered_on_six_and_seven(pref_engine: Any, contract: str, offered: bool) -> None:
    game = run(to_contract(new(pref_engine), contract, bid="6S"), "pass")
    assert ("half-whist" in names(game.legal_moves())) is offered
    off = run(to_contract(new(pref_engine, convention=SOCHI.replace(half_whist=False)), contract), "pass")
    assert "half-whist" not in names(off.legal_moves())


def test_half_whist_stands(pref_engine: Any) -> None:
    game = run(to_contract(new(pref_engine), "6H"), "pass", "half-whist")
    assert game.actor == 1 and names(game.legal_moves()) == ["pass", "whist"]   # W1 speaks again
    run(game, "pass")
    doc = game.record().to_json()
    assert doc["outcome"] == "half_whist" and doc["calls"] == {"1": "pass", "2": "half-whist"}
    assert doc["tricks"] is None and doc["deal"]["open"] is False
    assert game.view(0).to_json()["calls"] == [[1, "pass"], [2, "half-whist"], [1, "pass"]]
    sheet = Sheet(list(ABC))
    sheet.add(game.record().to_deal())
    assert sum(sheet.settle().values()) == 0 and sheet.pulya["A"] == 2


def test_half_whist_returned(pref_engine: Any) -> None:
    game = run(to_contract(new(pref_engine), "7S"), "pass", "half-whist", "whist")
    assert game.phase == "defence" and game.actor == 1
    assert game.view(2).to_json()["calls"] == [[1, "pass"], [2, "half-whist"], [1, "whist"]]
    run(game, "open")
    play_out(game)
    doc = game.record().to_json()
    assert doc["calls"] == {"1": "whist", "2": "pass"} and doc["outcome"] == "game"
    assert doc["deal"]["calls"] == {"B": "whist", "C": "pass"} and doc["deal"]["open"] is True


# --- four players ----------------------------------------------------------------------------------------------


def test_four_players_the_dealer_sits_out(pref_engine: Any) -> None:
    game = new(pref_engine, seed=3, number=2, players=("A", "B", "C", "D"), dealer=0)
    assert game.active == (1, 2, 3) and game.actor == 1
    view = game.view(0).to_json()
    assert view["hand"] == [] and view["controls"] == [] and view["legal"] == []
    assert set(view["counts"]) == {"1", "2", "3"} and set(view["won"]) == {"1", "2", "3"}
    with pytest.raises(PreferansError) as info:
        game.apply(0, "pass")
    assert info.value.code == "not_your_turn"
    run(game, "bid 6S", "pass", "pass")
    assert game.view(0).to_json()["talon"] == ["QS", "TH"] and game.actor == 1
    run(game, first(game))
    run(game, "name 6S", "whist", "whist")
    play_out(game)
    for s in range(4):
        assert (game.view(s).controls == ()) is (s == 0)
    deal = game.record().to_deal()
    assert deal.players == ("A", "B", "C", "D") and deal.dealer == "A" and deal.active == ("B", "C", "D")
    sheet = Sheet(["A", "B", "C", "D"])
    sheet.add(deal)
    assert sum(sheet.settle().values()) == 0


def test_four_players_raspasy_record(pref_engine: Any) -> None:
    game = play_out(run(new(pref_engine, players=("A", "B", "C", "D"), dealer=3), "pass", "pass", "pass"))
    assert game.active == (0, 1, 2)
    deal = game.record().to_deal()
    assert deal == Deal.raspasy({"A": game.view(0).won[0], "B": game.view(0).won[1], "C": game.view(0).won[2]},
                                players=("A", "B", "C", "D"), dealer="D")


def test_presets_play_parameters() -> None:
    for conv in (SOCHI, LENINGRAD):
        assert conv.play_params == {"raspasy_talon": "first_hand", "ten_checked": True, "lone_whist": "choice",
                                    "stalingrad": False, "half_whist": True}
    assert ROSTOV.play_params["raspasy_talon"] == "none"


@pytest.mark.parametrize(("field", "value"), [("raspasy_talon", "both"), ("raspasy_talon", None),
                                              ("lone_whist", "dark"), ("lone_whist", 1), ("ten_checked", 1),
                                              ("stalingrad", "yes"), ("ten_checked", None)])
def test_play_parameters_out_of_range(field: str, value: object) -> None:
    with pytest.raises(PreferansError) as info:
        SOCHI.replace(**{field: value})
    assert info.value.code == "bad_convention" and info.value.field == f"convention.{field}"
    assert SOCHI.replace(raspasy_talon="winner").raspasy_talon is RaspasyTalon.WINNER
