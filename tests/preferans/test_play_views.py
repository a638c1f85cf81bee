"""What a seat sees: the view's fields phase by phase, the JSON form read back, and blindness: two deals that
differ only in cards a seat cannot see give that seat identical views."""
from __future__ import annotations

import json
import random
from typing import Any

import pytest
from _pref_play import first, new, play_out, random_game, run, to_contract
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kozyr.cards import DECK32
from kozyr.preferans import PreferansError
from kozyr.preferans.moves import Move
from kozyr.preferans.reference import Game as Twin
from kozyr.preferans.shuffle import shuffled_order
from kozyr.preferans.views import VIEW_SCHEMA, View

NULL_UNTIL_AUCTION_ENDS = ("declarer", "bid", "contract", "trump", "trick")


def fields(game: Any, seat: int = 0) -> dict[str, Any]:
    return game.view(seat).to_json()


def test_fields_phase_by_phase_in_a_contract_game(pref_engine: Any) -> None:
    game = new(pref_engine)
    v = fields(game)
    assert v["phase"] == "auction" and all(v[k] is None for k in NULL_UNTIL_AUCTION_ENDS)
    assert v["talon"] == [] and v["calls"] == [] and v["defence"] is None and v["open_hands"] == {}
    assert v["won"] == {"0": 0, "1": 0, "2": 0} and v["tricks"] == [] and v["deal"] is None and not v["over"]
    run(game, "bid 6S", "pass")
    assert fields(game)["auction"] == [[0, "6S"], [1, "pass"]] and fields(game)["bid"] is None
    run(game, "pass")
    v = fields(game, 1)
    assert v["phase"] == "talon" and (v["declarer"], v["bid"]) == (0, "6S") and v["contract"] is None
    assert v["trump"] is None and v["talon"] == ["7C", "7S"] and v["trick"] is None
    assert fields(game, 0)["counts"] == {"0": 12, "1": 10, "2": 10} and len(fields(game, 0)["hand"]) == 12
    run(game, "discard QS 7D")
    v = fields(game, 2)
    assert v["phase"] == "naming" and v["contract"] is None and v["trump"] is None and v["discard"] == []
    assert fields(game, 0)["discard"] == ["QS", "7D"] and fields(game, 0)["counts"]["0"] == 10
    run(game, "name 6D")
    v = fields(game, 1)
    assert v["phase"] == "whisting" and v["contract"] == "6D" and v["trump"] == 2 and v["trick"] is None
    assert v["legal"] == ["pass", "whist"] and fields(game, 2)["legal"] == [] and v["actor"] == 1
    run(game, "whist", "pass")
    v = fields(game, 1)
    assert v["phase"] == "defence" and v["defence"] is None and v["calls"] == [[1, "whist"], [2, "pass"]]
    run(game, "closed")
    v = fields(game, 2)
    assert v["phase"] == "play" and v["trick"] == {"leader": 0, "talon": None, "plays": []}
    assert v["defence"] == "closed" and v["controls"] == [2]
    play_out(game)
    for s in range(3):
        v = fields(game, s)
        assert v["phase"] == "over" and v["actor"] is None and v["trick"] is None and v["legal"] == []
        assert v["over"] and v["deal"] == game.record().to_json()["deal"] and v["contract"] == "6D"
        assert v["trump"] == 2 and v["talon"] == ["7C", "7S"] and len(v["tricks"]) == 10
        assert v["hand"] == [] and v["counts"] == {"0": 0, "1": 0, "2": 0} and v["open_hands"] == {}


@pytest.mark.parametrize(("contract", "trump"), [("6S", 0), ("6C", 3), ("6D", 2), ("6H", 1), ("6NT", None)])
def test_trump_of_each_strain(pref_engine: Any, contract: str, trump: int | None) -> None:
    assert fields(to_contract(new(pref_engine), contract))["trump"] == trump


def test_fields_in_misere_and_raspasy(pref_engine: Any) -> None:
    game = run(new(pref_engine, seed=50), "bid misere", "pass", "pass")
    v = fields(game, 2)
    assert v["contract"] == "misere" and v["bid"] == "misere" and v["trump"] is None and v["calls"] == []
    run(game, "discard JH KD")
    v = fields(game, 1)
    assert v["phase"] == "play" and v["defence"] == "open" and v["trump"] is None and v["open_hands"] == {}
    game = run(new(pref_engine, seed=28), "pass", "pass", "pass")
    v = fields(game, 1)
    assert v["declarer"] is None and v["bid"] is None and v["contract"] is None and v["defence"] is None
    play_out(game)
    v = fields(game, 1)
    assert v["declarer"] is None and v["defence"] is None and v["calls"] == [] and v["trick"] is None


def test_open_hands_shrink_and_stay_when_empty(pref_engine: Any) -> None:
    game = to_contract(new(pref_engine), "10NT")
    run(game, first(game))
    sizes = []
    while not game.over:
        sizes.append(sorted(len(h) for h in fields(game)["open_hands"].values()))
        run(game, first(game))
    assert sizes[0] == [10, 10] and max(sizes[-1]) <= 1
    assert fields(game)["open_hands"] == {"1": [], "2": []}


def test_views_of_bad_seats(pref_engine: Any) -> None:
    game = new(pref_engine)
    for seat in (3, -1, "0", True, None):
        with pytest.raises(PreferansError) as info:
            game.view(seat)
        assert info.value.code == "bad_seat"


# --- the JSON form ----------------------------------------------------------------------------------------


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2 ** 32), st.integers(0, 70))
def test_view_json_reads_back(pref_engine: Any, seed: int, moves: int) -> None:
    from kozyr.schema import mismatch

    game = random_game(pref_engine, random.Random(seed), moves=moves)
    for s in range(len(game.players)):
        view = game.view(s)
        doc = json.loads(json.dumps(view.to_json()))
        assert mismatch(doc, VIEW_SCHEMA) is None
        assert View.from_json(doc) == view


@pytest.mark.parametrize(("key", "value"), [
    ("hand", ["9S", "8S"]), ("hand", ["8S", "8S"]), ("legal", ["PASS"]), ("seat", 4), ("phase", "bidding"),
    ("talon", ["7C", "7S", "8S"]), ("counts", {"0": -1}), ("open_hands", {"x": []}), ("extra", 1),
    ("trick", {"leader": 0, "plays": []}), ("auction", [[0, "6s"]]), ("deal", {"players": ["A"]}),
    ("calls", [[1, "half whist"]]), ("won", {"0": 1.0}),
])
def test_forged_view_json_is_refused(pref_engine: Any, key: str, value: Any) -> None:
    game = run(new(pref_engine), "bid 6S", "pass")
    doc = game.view(0).to_json()
    doc[key] = value
    with pytest.raises(PreferansError) as info:
        View.from_json(doc)
    assert info.value.code == "bad_view"
    missing = game.view(0).to_json()
    del missing["ply"]
    with pytest.raises(PreferansError):
        View.from_json(missing)


# --- blindness --------------------------------------------------------------------------------------------
# These deal from a chosen order, which only the twin can (`Game._from_order`); the compiled engine's views are
# the twin's, as JSON, after every move of thousands of deals (the lockstep test), so its blindness follows.


def hidden_from(game: Any, seat: int) -> set[int]:
    """The cards `seat` may not see now, by the rules (not by what its view shows): all but its own hand (and
    discard, for the declarer), the cards played, the talon cards turned so far and the defenders' hands once
    an open defence is revealed. The view is read only for public facts: the declarer, the defence, the
    tricks."""
    view = game.view(seat)
    record = game.record()
    seen = set(game.hand(seat)) if seat in game.active else set()
    seen |= {c for t in view.tricks for _, c in t.plays}
    seen |= {c for _, c in view.trick.plays} if view.trick else set()
    t1, t2 = record.talon
    if game.phase != "auction":
        if view.declarer is not None:
            seen |= {t1, t2}
        elif game.convention.raspasy_talon.value != "none":
            seen |= {t1, t2} if view.tricks else {t1}
    if seat == view.declarer:
        seen |= set(record.discard)
    started = bool(view.tricks) or bool(view.trick and view.trick.plays)
    if view.defence == "open" and started:
        for t in game.active:
            if t != view.declarer:
                seen |= set(game.hand(t))
    return set(DECK32) - seen


def twin_order(order: tuple[int, ...], hidden: set[int], rng: random.Random,
               *, by_suit: bool) -> tuple[tuple[int, ...], dict[int, int]]:
    """`order` with the hidden cards shuffled among their own positions (within each suit when `by_suit`), and
    the permutation (card -> the card in its place in the twin)."""
    out = list(order)
    groups = [[p for p, c in enumerate(order) if c in hidden and (not by_suit or c >> 4 == s)]
              for s in (range(4) if by_suit else [0])]
    for places in groups:
        cards = [order[p] for p in places]
        rng.shuffle(cards)
        for p, c in zip(places, cards):
            out[p] = c
    return tuple(out), {a: b for a, b in zip(order, out)}


def translated(move: Move, swap: dict[int, int]) -> Move:
    """A move with its hidden cards replaced (only a discard can name a card another seat cannot see)."""
    if move.kind == "discard":
        a, b = move.cards
        return Move("discard", (min(swap[a], swap[b]), max(swap[a], swap[b])))
    return move


def check_blind(game: Any, seat: int, rng: random.Random, *, by_suit: bool) -> bool:
    """Replay `game`'s moves on its own deal and on a twin deal whose cards hidden from `seat` are shuffled:
    `seat`'s views agree at every ply. False when the twin refuses a move (a shuffle across suits can make a
    hidden hand's earlier play illegal), which only a shuffle across suits may do."""
    record = game.record()
    order = shuffled_order(record.seed, record.number)
    hidden = hidden_from(game, seat)
    other, swap = twin_order(order, hidden, rng, by_suit=by_suit)
    assert all(a == b or a in hidden for a, b in zip(order, other))
    level = type("Level", (), {"min_level": game.min_level})()
    table = {"players": game.players, "dealer": game.dealer, "convention": game.convention, "conditions": level}
    probe, twin = Twin._from_order(order, **table), Twin._from_order(other, **table)
    assert probe.view(seat) == twin.view(seat)
    for s, move in record.moves:
        probe.apply(s, move)
        try:
            twin.apply(s, translated(move, swap))
        except PreferansError:
            assert not by_suit, "a suit-preserving twin refused a move"
            return False
        assert probe.view(seat).to_json() == twin.view(seat).to_json(), (s, str(move))
    return True


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2 ** 32), st.integers(0, 70), st.integers(0, 3), st.booleans())
def test_a_view_is_blind_to_what_its_seat_cannot_see(seed: int, moves: int, who: int, by_suit: bool) -> None:
    rng = random.Random(seed)
    game = random_game(Twin, rng, moves=moves)
    check_blind(game, who % len(game.players), rng, by_suit=by_suit)


OPEN_STARTS = {
    "misere": ("bid misere", "pass", "pass", "discard QS 7D"),
    "checked ten": ("bid 6S", "pass", "pass", "discard QS 7D", "name 10NT"),
    "open lone whist": ("bid 6S", "pass", "pass", "discard QS 7D", "name 6H", "pass", "whist", "open"),
}


@pytest.mark.parametrize("start", sorted(OPEN_STARTS))
def test_open_hands_are_hidden_until_the_first_card(start: str) -> None:
    for k in range(8):
        rng = random.Random(k)
        game = run(new(Twin), *OPEN_STARTS[start])
        for seat in range(3):
            assert check_blind(game, seat, rng, by_suit=True)
        run(game, first(game))
        for seat in range(3):
            assert check_blind(game, seat, rng, by_suit=True)
