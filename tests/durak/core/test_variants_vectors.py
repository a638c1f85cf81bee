"""The variants' published vectors A-F, on every engine: shuffled orders, hands, the first bout, whole rung-1 games.

Each deal is played to its end by rung 1 in every seat: the seat s on turn
plays `legal[word mod len(legal)]`, word from SHA-256 of
`<seed text>:<s+1>:<s+1>:<ply>` (the bot seed `<seed text>:<s+1>`, the
two-seat `<seed>:1` form, hashed by `kozyr.durak.seeds.word`). The figures are
the rules page's: move and event counts, the outcome, the losers, the heap,
the seats out in order, the first events as text lines, the log digest of the
whole event log (and, for vector E, every move and every event).

`engine` is the Game under test: the plain-Python twin and the compiled engine.
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any

import pytest

from kozyr.cards import CardSet, card_name, parse_card
from kozyr.durak import Rules, log_digest
from kozyr.durak.seeds import pad_seed, word

ENGINES = {"twin": "kozyr.durak.oracle.reference_variants", "cython": "kozyr.durak.core.engine"}


@pytest.fixture(params=list(ENGINES), ids=list(ENGINES))
def engine(request: pytest.FixtureRequest) -> Any:
    return importlib.import_module(ENGINES[request.param]).Game


@dataclass(frozen=True)
class Vector:
    seed: str
    rules: dict[str, Any]
    order: str
    trump: str
    turnup: str
    talon: int
    attacker: int
    defender: int
    cap: int
    throwers: tuple[int, ...]
    owner: int | None
    hands: tuple[str, ...]
    moves: int
    events: int
    fool: int | None
    losers: tuple[int, ...]
    heap: int
    out: tuple[int, ...]
    digest: str
    lines: tuple[str, ...]              # the first events, one bout a string, "; " between events
    history: tuple[str, ...] = field(default=())   # every move, "seat:move" with " | " between (vector E)


VECTORS = {
    "A": Vector(
        seed="variants-a", rules=dict(seats=4, deck=36),
        order="8C 7S 9D 8S JS 7D AD TD AH QC 8D KS 9C AC QD 9S QH 7H "
              "TC 6C 8H JC KC KH TS JD 6D 7C TH 6S KD JH 6H 9H AS QS",
        trump="S", turnup="TS", talon=12, attacker=1, defender=2, cap=6, throwers=(1, 3, 0), owner=None,
        hands=("JS AH QH 8H 9C 8C", "7S 7H 7D AC QC JC", "AD QD 9D 8D KC TC", "KS 9S 8S KH TD 6C"),
        moves=124, events=188, fool=1, losers=(1,), heap=20, out=(3, 0, 2),
        digest="c95345d3c2b3657e7331624dc88b242b8c9d6993b73600e2ac4b851405329fd3",
        lines=(
            "attack 1 7S; done 1; bout_end taken taken 1 0 3 0; refill 0,1,0,0 11",
            "attack 3 KH; beat 0 JS; done 3; attack 1 JC; attack 3 KS; attack 1 JD; done 2; "
            "bout_end taken done 5 0 1 2; refill 0,2,0,2 7",
            "attack 1 7D; beat 2 8D; attack 1 7H; beat 2 7S; done 1; done 3; done 0; "
            "bout_end beaten done 4 4 2 3; refill 0,2,1,0 4",
        )),
    "B": Vector(
        seed="variants-b36", rules=dict(seats=3, deck=36, variant="perevodnoy", show_trump=True),
        order="KC 8H JS QD 9D 9C 7S 9H TD 7C JC KD 6C TS KS QH 6D 6S "
              "KH TH QC 9S AS 8C 8S 8D AH JD JH 7D TC AD QS AC 6H 7H",
        trump="H", turnup="KH", talon=18, attacker=1, defender=2, cap=6, throwers=(1, 0), owner=None,
        hands=("7S QH QD KC 7C 6C", "TS 9H 8H 9D 6D JC", "KS JS 6S KD TD 9C"),
        moves=132, events=191, fool=2, losers=(2,), heap=20, out=(0, 1),
        digest="ac4ef0e47084ed5db4cab6dec0646fc1359415e547c7e01123889cf4d4c99d2a",
        lines=(
            "attack 1 9D; beat 2 KD; done 1; attack 0 KC; attack 1 9H; "
            "bout_end taken taken 4 0 0 1; refill 1,2,0 15",
            "attack 0 9S; beat 1 TS; done 2; bout_end beaten done 2 2 1 2; refill 1,1,0 13",
            "attack 1 QC; take 2; attack 0 QD; attack 0 QH; bout_end taken taken 3 2 0 1; refill 2,1,0 10",
            "attack 0 AS; beat 1 TH; attack 0 AH; attack 2 TD; bout_end taken taken 4 2 2 0; refill 2,0,0 8",
            "attack 2 JS; show 0 JH 1; transfer 1 JC 2; beat 2 9H; beat 2 QH; attack 0 JH; attack 0 JD; "
            "bout_end taken taken 6 2 0 1; refill 2,0,0 6",
        )),
    "C": Vector(
        seed="variants-c", rules=dict(seats=6, deck=36, throw_in="neighbours", first_five=True, draw=False),
        order="TC AC JS KC QS 8C 7H 6D TS KS 9D 8H KH QC 6H AS KD 6C "
              "7S 7C QH TD AH 6S AD 9H JH 9C TH 8S JC 7D 9S QD JD 8D",
        trump="D", turnup="8D", talon=0, attacker=1, defender=2, cap=5, throwers=(1, 3), owner=1,
        hands=("7S KH 7H AD JC TC", "9H 7D 6D AC QC 7C", "JS TS 9S QH JH 6H", "AS KS QD TD KC 9C",
               "QS AH TH KD JD 9D", "8S 6S 8H 8D 8C 6C"),
        moves=171, events=293, fool=4, losers=(4,), heap=26, out=(5, 0, 3, 2, 1),
        digest="a72b792a18985dd1ed44b0be8d8f87542ad0c0d84544cab70c43fee2a56f1909",
        lines=(
            "attack 1 6D; bout_end taken taken 1 0 3 4; refill 0,0,0,0,0,0 0",
            "attack 3 TD; beat 4 JD; bout_end beaten exhausted 2 2 4 5; refill 0,0,0,0,0,0 0",
            "attack 4 KD; attack 0 KH; bout_end taken taken 2 2 0 1; refill 0,0,0,0,0,0 0",
            "attack 0 7S; take 1; done 0; bout_end taken taken 1 2 2 3; refill 0,0,0,0,0,0 0",
            "attack 2 QH; take 3; attack 4 QS; bout_end taken taken 2 2 4 5; refill 0,0,0,0,0,0 0",
        )),
    "D": Vector(
        seed="variants-d", rules=dict(seats=4, deck=32, teams=True),
        order="7D 7S KS 8S 8D QS AD QD KC 7C AS QC TD 9H TS JD 9S KD "
              "7H KH 8C AH JH JS 9C TH 9D 8H JC QH AC TC",
        trump="C", turnup="9C", talon=8, attacker=1, defender=2, cap=6, throwers=(1, 3), owner=1,
        hands=("9S TD 8D 7D KC 8C", "QS 7S AH 9H KD 7C", "AS KS TS JH 7H AD", "JS 8S KH QD JD QC"),
        moves=63, events=109, fool=None, losers=(1, 3), heap=22, out=(3, 2, 0),
        digest="a5868847ff3c264ff1db296444adb796b62a6e35517426b64372932ad8118f28",
        lines=(
            "attack 1 9H; beat 2 JH; swap 1 9C; done 1; done 3; bout_end beaten done 2 2 2 3; refill 0,1,1,0 6",
            "attack 2 AD; beat 3 QC; done 2; bout_end beaten exhausted 2 4 3 0; refill 0,0,1,1 4",
            "attack 3 KH; beat 0 KC; done 1; bout_end beaten done 2 6 0 1; refill 1,0,0,1 2",
            "attack 0 AC; done 2; bout_end taken done 1 6 2 3; refill 1,0,0,0 1",
        )),
    "E": Vector(
        seed="variants-e", rules=dict(seats=2, deck=24, variant="perevodnoy", show_trump=True),
        order="JS QS JH QH TH AC TD TS AD AS QC KS QD 9C JC TC 9S KC KD KH AH 9H 9D JD",
        trump="D", turnup="QD", talon=12, attacker=0, defender=1, cap=6, throwers=(0,), owner=None,
        hands=("JS JH TH AD TD QC", "AS KS QS TS QH AC"),
        moves=51, events=83, fool=0, losers=(0,), heap=16, out=(1,),
        digest="9b02764a7af76ed25d23e161cc54922ea89254742e119f6f70fde51e7726e8c7",
        lines=(
            "attack 0 TD; take 1; done 0; bout_end taken done 1 0 0 1; refill 1,0 11",
            "attack 0 JS; take 1; done 0; bout_end taken done 1 0 0 1; refill 1,0 10",
            "attack 0 JH; take 1; attack 0 JC; bout_end taken taken 2 0 0 1; refill 2,0 8",
            "attack 0 9C; take 1; done 0; bout_end taken done 1 0 0 1; refill 1,0 7",
            "attack 0 TH; beat 1 JH; done 0; bout_end beaten done 2 2 1 0; refill 1,0 6",
            "attack 1 QS; transfer 0 QC 1; take 1; bout_end taken taken 2 2 0 1; refill 1,0 5",
            "attack 0 KD; take 1; attack 0 KH; done 0; bout_end taken done 2 2 0 1; refill 2,0 3",
            "attack 0 9S; beat 1 KS; attack 0 KC; beat 1 TD; attack 0 9H; beat 1 KH; attack 0 TC; beat 1 JC; "
            "bout_end beaten exhausted 8 10 1 0; refill 3,0 0",
            "attack 1 KD; take 0; bout_end taken taken 1 10 1 0; refill 0,0 0",
            "attack 1 AC; take 0; done 1; bout_end taken done 1 10 1 0; refill 0,0 0",
            "attack 1 9C; beat 0 AD; attack 1 AS; take 0; bout_end taken taken 3 10 1 0; refill 0,0 0",
            "attack 1 QH; beat 0 KD; attack 1 QC; beat 0 AD; done 1; bout_end beaten done 4 14 0 1; refill 0,0 0",
            "attack 0 QD; transfer 1 QS 0; bout_end taken taken 2 14 1 0; refill 0,0 0",
            "attack 1 TS; beat 0 AS; bout_end beaten exhausted 2 16 0 1; refill 0,0 0",
            "attack 0 JD; transfer 1 JS 0; take 0; "
            "bout_end taken taken 2 16 1 0; refill 0,0 0; out 1; game_end fool 0 0",
        ),
        history=(
            "0:attack TD | 1:take | 0:done | 0:attack JS | 1:take | 0:done | 0:attack JH | 1:take",
            "0:attack JC | 0:attack 9C | 1:take | 0:done | 0:attack TH | 1:beat JH | 0:done | 1:attack QS",
            "0:transfer QC | 1:take | 0:attack KD | 1:take | 0:attack KH | 0:done | 0:attack 9S | 1:beat KS",
            "0:attack KC | 1:beat TD | 0:attack 9H | 1:beat KH | 0:attack TC | 1:beat JC | 1:attack KD | 0:take",
            "1:attack AC | 0:take | 1:done | 1:attack 9C | 0:beat AD | 1:attack AS | 0:take | 1:attack QH",
            "0:beat KD | 1:attack QC | 0:beat AD | 1:done | 0:attack QD | 1:transfer QS | 1:attack TS | 0:beat AS",
            "0:attack JD | 1:transfer JS | 0:take",
        )),
    "F": Vector(
        seed="variants-f",
        rules=dict(seats=5, deck=52, variant="perevodnoy", show_trump=True, throw_in="neighbours"),
        order="TC 4S 8H 7H 5H 7C 2C 5S 8C JH KD 2S 2H 7S JD 6C QD JC "
              "9C 4C 5D KC 6D TD AC 3D 8S AH 9D 4H AD AS QC 5C 9S 6H "
              "2D 8D 9H 3C TH 3S JS 4D KS QH 3H KH 7D 6S QS TS",
        trump="D", turnup="AD", talon=22, attacker=0, defender=1, cap=6, throwers=(0, 2), owner=None,
        hands=("KD 5D 3D TC 7C 6C", "8S 4S 2S QD KC 2C", "5S AH 8H 2H 6D JC", "7S 7H TD 9D 9C 8C",
               "JH 5H 4H JD AC 4C"),
        moves=211, events=358, fool=0, losers=(0,), heap=44, out=(1, 3, 4, 2),
        digest="991f49210ae1bb7e1a9d5ae175befad678659a1c2ad6a881cbff184242b4d641",
        lines=(
            "attack 0 6C; take 1; attack 2 6D; bout_end taken taken 2 0 2 3; refill 1,0,1,0,0 20",
            "attack 2 QC; take 3; bout_end taken taken 1 0 4 0; refill 0,0,1,0,0 19",
            "attack 4 JH; beat 0 5D; done 4; bout_end beaten exhausted 2 2 0 1; refill 1,0,0,0,1 17",
            "attack 0 7C; beat 1 6D; done 0; bout_end beaten exhausted 2 4 1 2; refill 1,0,0,0,0 16",
            "attack 1 2C; beat 2 5C; attack 1 2S; take 2; bout_end taken taken 3 4 3 4; refill 0,1,0,0,0 15",
        )),
}
SUITS = "SHDC"


def deal(engine: Any, v: Vector) -> Any:
    return engine.from_seed(pad_seed(v.seed), 1, rules=Rules(**v.rules))


def rung_1(engine: Any, v: Vector) -> Any:
    """The vector's deal played to its end by rung 1 in every seat (bot seed `<seed>:<s+1>`)."""
    game = deal(engine, v)
    while not game.over:
        seat = game.turn
        legal = game.legal_moves()
        assert game.view(seat).legal == legal
        game.apply(seat, legal[word(f"{v.seed}:{seat + 1}", seat, game.ply) % len(legal)])
    return game


@pytest.mark.parametrize("name", list(VECTORS))
def test_the_deal(engine, name):
    v = VECTORS[name]
    game = deal(engine, v)
    assert " ".join(card_name(c) for c in game.order) == " ".join(v.order.split())
    assert game.trump == SUITS.index(v.trump) and game.turnup == parse_card(v.turnup)
    assert len(game.talon) == v.talon
    assert game.hands == tuple(CardSet(h) for h in v.hands)
    # the hands as the page writes them: in reference order
    for hand, text in zip(game.hands, v.hands, strict=True):
        assert " ".join(card_name(c) for c in sorted(hand, key=lambda c: (c >> 4, -(c & 15)))) == text
    bout = game.bout
    assert (game.turn, bout.leader, bout.attacker, bout.defender, bout.cap, bout.throwers) == (
        v.attacker, v.attacker, v.attacker, v.defender, v.cap, v.throwers)
    assert game.six_owner == v.owner
    if v.talon:
        assert game.talon[-1] == game.turnup
    else:   # the whole deck dealt: the turn-up is seat N-1's last card
        assert game.turnup in game.hands[-1] and game.view(0).turnup is None


@pytest.mark.parametrize("name", list(VECTORS))
def test_the_rung_1_game(engine, name):
    v = VECTORS[name]
    game = rung_1(engine, v)
    result = game.result
    assert (len(game.history), len(game.events)) == (v.moves, v.events)
    assert (result.outcome, result.fool, result.losers) == ("fool", v.fool, v.losers)
    assert game.heap == v.heap
    assert tuple(e.seat for e in game.events if e.kind == "out") == v.out
    assert game.view(0).out == v.out
    lines = [e.text() for e in game.events]
    first = [line for bout in v.lines for line in bout.split("; ")]
    assert lines[:len(first)] == first
    assert log_digest(game.events) == v.digest
    if v.history:
        moves = [item.strip() for row in v.history for item in row.split("|")]
        assert [f"{s}:{m}" for s, m in game.history] == moves
        assert len(lines) == len(first) == v.events   # vector E lists every event


@pytest.mark.parametrize("name", list(VECTORS))
def test_the_rung_1_game_replays(engine, name):
    v = VECTORS[name]
    game = rung_1(engine, v)
    again = engine.replay(pad_seed(v.seed), game.history, 1, rules=Rules(**v.rules))
    assert again.events == game.events and again.result == game.result


def test_the_bot_seed_form():
    """The word of the vectors is the two-seat `<seed>:1` form: SHA-256 of `<seed>:<s+1>:<s+1>:<ply>`."""
    import hashlib
    for seat in range(6):
        text = f"variants-a:{seat + 1}:{seat + 1}:17".encode("ascii")
        assert word(f"variants-a:{seat + 1}", seat, 17) == int.from_bytes(hashlib.sha256(text).digest()[:4], "big")
