"""A hokm record is read as strictly as a durak one: a whole number is an int (not a bool, not a float), and
a record is bounded in hands, plays and strings before anything is replayed."""
from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest

from kozyr.errors import KozyrError
from kozyr.hokm import HokmConfig, Match, Phase, make_bot, records
from kozyr.hokm.records import dumps, from_record, loads, to_record


def played(target: int, seed: int = 5) -> dict[str, Any]:
    match = Match(config=HokmConfig(match_target=target), rng=random.Random(seed))
    bots = [make_bot("random", random.Random(seed * 10 + s)) for s in range(4)]
    while not match.over:
        seat = match.to_act
        assert seat is not None
        view = match.view(seat)
        if view.phase is Phase.CHOOSE_TRUMP:
            match.choose_trump(seat, bots[seat].choose_trump(view))
        else:
            match.play(seat, bots[seat].play(view))
    return json.loads(dumps(to_record(match)))


RECORD = played(3)


def seat_as_float(r: dict[str, Any]) -> None:
    first = r["hands"][0]["plays"][0][0]
    r["hands"][0]["plays"][0][0] = float(first)


def ace_seat_as_bool(r: dict[str, Any]) -> None:
    r["ace_deal"][0][0] = bool(r["ace_deal"][0][0]) if r["ace_deal"][0][0] in (0, 1) else float(r["ace_deal"][0][0])


def points_as_true(r: dict[str, Any]) -> None:
    if r["hands"][0]["result"]["points"] == 1:
        r["hands"][0]["result"]["points"] = True
    else:
        r["hands"][0]["result"]["points"] = float(r["hands"][0]["result"]["points"])


def winner_as_float(r: dict[str, Any]) -> None:
    r["result"]["winner"] = float(r["result"]["winner"])


def hakem_as_float(r: dict[str, Any]) -> None:
    r["hands"][0]["hakem"] = float(r["hands"][0]["hakem"])


def tricks_as_float(r: dict[str, Any]) -> None:
    r["hands"][0]["result"]["tricks"][0] = float(r["hands"][0]["result"]["tricks"][0])


def score_as_float(r: dict[str, Any]) -> None:
    r["result"]["scores"][0] = float(r["result"]["scores"][0])


def target_as_float(r: dict[str, Any]) -> None:
    r["config"]["match_target"] = float(r["config"]["match_target"])


def kot_as_true(r: dict[str, Any]) -> None:
    r["config"]["points_win"] = True


def long_version(r: dict[str, Any]) -> None:
    r["kozyr"] = "0.2.0" + "x" * 100_000


EDITS = [seat_as_float, ace_seat_as_bool, points_as_true, winner_as_float, hakem_as_float, tricks_as_float,
         score_as_float, target_as_float, kot_as_true, long_version]


@pytest.mark.parametrize("edit", EDITS, ids=[e.__name__ for e in EDITS])
def test_a_number_of_the_wrong_type_is_refused_not_a_crash(edit: Any) -> None:
    record = copy.deepcopy(RECORD)
    edit(record)
    with pytest.raises(KozyrError) as info:
        from_record(loads(json.dumps(record)))
    assert info.value.code == "bad_record" and "\n" not in str(info.value)
    assert len(str(info.value)) < 400


def test_the_record_itself_still_replays() -> None:
    assert from_record(copy.deepcopy(RECORD)).over


def test_a_record_is_bounded_in_hands() -> None:
    long = played(70, seed=2)
    most = getattr(records, "MAX_HANDS", 128)
    assert len(long["hands"]) > most
    with pytest.raises(KozyrError) as info:
        from_record(long)
    assert info.value.code == "bad_record" and f"at most {most} hands" in str(info.value)
