"""Random legal play (hypothesis): cards are conserved, ply counts the moves, only the actor has moves, the
events are the move's, every deal ends with a record the sheet scores, and replaying the record's moves
gives the same deal."""
from __future__ import annotations

import json
import random
from typing import Any

import pytest
from _pref_play import conserved, pick, random_game
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kozyr.preferans import Conditions, Sheet
from kozyr.preferans.events import EVENT_KINDS
from kozyr.preferans.record import OUTCOMES

FIRST_EVENT = {"pass": ("call", "whist_call"), "bid": ("call",), "discard": ("discard",), "name": ("named",),
               "whist": ("whist_call",), "half-whist": ("whist_call",), "closed": ("defence",),
               "open": ("defence",), "play": ("play",)}


def replay(pref_engine: Any, game: Any) -> Any:
    record = game.record()
    again = pref_engine.from_seed(record.seed, record.number, players=record.players, dealer=record.dealer,
                             convention=record.convention, conditions=Conditions(record.min_level))
    for seat, move in record.moves:
        again.apply(seat, str(move))
    return again


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2 ** 32))
def test_random_legal_play(pref_engine: Any, seed: int) -> None:
    rng = random.Random(seed)
    game = random_game(pref_engine, rng, moves=0)
    n = len(game.players)
    conserved(game)
    while not game.over:
        actor, ply = game.actor, game.ply
        legal = game.legal_moves()
        assert legal and list(legal) == sorted(legal, key=lambda m: m.code)
        for s in range(n):
            assert game.view(s).legal == (legal if s == actor else ())
        move = pick(game, rng)
        events = game.apply(actor, move)
        assert game.ply == ply + 1 and events and all(e.kind in EVENT_KINDS for e in events)
        assert events[0].kind in FIRST_EVENT[move.kind]
        json.dumps([e.to_json() for e in events])
        conserved(game)
    assert game.actor is None and game.legal_moves() == ()
    record = game.record()
    assert record.outcome in OUTCOMES and events[-1].kind == "deal_over" and events[-1].outcome == record.outcome
    sheet = Sheet(list(game.players), convention=game.convention)
    sheet.add(record.to_deal())
    assert sum(sheet.settle().values()) == 0
    again = replay(pref_engine, game)
    assert again.record().to_json() == record.to_json()
    assert all(again.view(s).to_json() == game.view(s).to_json() for s in range(n))
    if record.tricks is not None:
        assert sum(record.tricks.values()) == 10


@pytest.mark.soak
def test_random_legal_play_soak(pref_engine: Any) -> None:
    outcomes: dict[str, int] = {}
    for seed in range(2000):
        game = random_game(pref_engine, random.Random(seed))
        outcome = game.record().outcome
        outcomes[outcome] = outcomes.get(outcome, 0) + 1
        assert replay(pref_engine, game).record().to_json() == game.record().to_json()
    assert set(outcomes) == set(OUTCOMES), outcomes
