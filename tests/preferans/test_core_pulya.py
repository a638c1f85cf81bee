"""A whole game with random-legal bots at every seat and the sheet (kozyr.preferans.core.pulya)."""

from __future__ import annotations

import pytest

from kozyr.errors import KozyrError
from kozyr.preferans import ROSTOV, SOCHI, Sheet
from kozyr.preferans.core.engine import Game
from kozyr.preferans.core.pulya import play_game
from kozyr.preferans.record import Record

SEED = b"kozyr-preferans-game".ljust(32)


@pytest.mark.parametrize("players, convention, dealer, pass_rate", [
    (("A", "B", "C"), SOCHI, 1, 0.0), (("A", "B", "C", "D"), ROSTOV, 3, 0.0),
    (("A", "B", "C"), SOCHI.replace(raspasy_exit=(7, 8)), 2, 0.7)])
def test_a_whole_game_closes_and_settles(players, convention, dealer, pass_rate):
    result = play_game(SEED, players=players, convention=convention, target=4, dealer=dealer, bots=7,
                       pass_rate=pass_rate)
    sheet, records = result.sheet, result.records
    assert sheet.closed and len(sheet) == len(records)
    assert all(v >= 4 for v in sheet.pulya.values())
    assert sum(result.settlement.values()) == 0 and result.settlement == dict(sheet.settle())
    replay = Sheet(players, convention)
    for k, record in enumerate(records):
        # deal k + 1, dealt by the seat left of the last dealer, at the sheet's conditions
        assert record.number == k + 1 and record.dealer == (dealer + k) % len(players)
        assert record.min_level == replay.next_conditions.min_level
        assert record.outcome is not None and record.convention == convention
        replay.add(record.to_deal())
    assert replay.columns == sheet.columns
    raised = [r.min_level for r in records if r.min_level > 6]
    if pass_rate:
        assert any(r.outcome == "raspasy" for r in records)
    if convention.raspasy_exit != (6,):
        assert raised, "an exit threshold after raspasy should have raised some deal's min_level"
    # the records replay move for move on the compiled engine
    for record in records[:15]:
        assert Record.from_json(record.to_json(), game=Game).to_json() == record.to_json()


def test_the_same_seeds_give_the_same_game():
    a = play_game(SEED, target=3, bots=2)
    b = play_game(SEED, target=3, bots=2)
    assert [r.to_json() for r in a.records] == [r.to_json() for r in b.records]
    assert a.settlement == b.settlement


def test_bad_inputs():
    for kwargs, code in [({"dealer": 3}, "bad_dealer"), ({"dealer": True}, "bad_dealer"),
                         ({"max_deals": 0}, None), ({"players": ("A", "A", "B")}, "duplicate_player"),
                         ({"target": 0}, "bad_target"), ({"pass_rate": 1.5}, "bad_pass_rate"),
                         ({"pass_rate": "x"}, "bad_pass_rate")]:
        with pytest.raises(KozyrError) as info:
            play_game(SEED, **kwargs)
        if code is not None:
            assert info.value.code == code
    stopped = play_game(SEED, max_deals=3, target=1000)
    assert not stopped.sheet.closed and len(stopped.records) == len(stopped.sheet) == 3
    with pytest.raises(KozyrError) as info:
        play_game(b"short", target=2)
    assert info.value.code == "bad_seed"
