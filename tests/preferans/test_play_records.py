"""Records: the JSON form and its schema, files written atomically and read bounded, replay on load, and
forged records refused with a code."""
from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from _pref_deals import EXAMPLE_1
from _pref_play import SEEDS, new, random_game, run

from kozyr.preferans import ROSTOV, SOCHI, Game, PreferansError
from kozyr.preferans.record import FORMAT, SCHEMA, Record, dumps, load, loads, save
from kozyr.schema import mismatch

KEYS = {"seed", "number", "players", "dealer", "convention", "min_level", "moves", "talon", "discard", "declarer",
        "bid", "contract", "calls", "whist_order", "defence", "tricks", "outcome", "deal"}


def example_1(pref_engine: Any) -> Any:
    game = new(pref_engine)
    for seat, text in EXAMPLE_1:
        game.apply(seat, text)
    return game


def test_keys_and_schema(pref_engine: Any) -> None:
    doc = example_1(pref_engine).record().to_json()
    assert set(doc) == KEYS and mismatch(doc, SCHEMA) is None
    early = run(new(pref_engine), "bid 6S", "pass").record().to_json()
    assert set(early) == KEYS and early["outcome"] is None and early["deal"] is None
    assert early["moves"] == [[0, "bid 6S"], [1, "pass"]] and mismatch(early, SCHEMA) is None
    with pytest.raises(PreferansError) as info:
        run(new(pref_engine), "bid 6S").record().to_deal()
    assert info.value.code == "deal_not_over"


def test_read_back_replays(pref_engine: Any) -> None:
    record = example_1(pref_engine).record()
    assert Record.from_json(json.loads(json.dumps(record.to_json())), game=pref_engine) == record
    early = run(new(pref_engine), "bid 6S", "pass").record()
    assert Record.from_json(early.to_json(), game=pref_engine) == early   # a deal in progress reads back too


def test_file_round_trip(pref_engine: Any, tmp_path: Path) -> None:
    for seed in range(20):
        game = random_game(pref_engine, random.Random(seed))
        path = tmp_path / f"deal{seed}.json"
        save(game.record(), path)
        assert load(path, game=pref_engine) == game.record()
    text = (tmp_path / "deal0.json").read_text()
    assert json.loads(text)["format"] == FORMAT
    with pytest.raises(PreferansError) as info:
        save(game.record(), tmp_path / "deal0.json", overwrite=False)
    assert info.value.code == "bad_file"


def test_custom_convention_keeps_its_name(pref_engine: Any) -> None:
    house = SOCHI.replace(name="house", stalingrad=True, raspasy_talon="winner")
    game = random_game(pref_engine, random.Random(5))
    game = pref_engine.from_seed(SEEDS[3], 1, players=("A", "B", "C"), dealer=2, convention=house)
    run(game, "pass", "pass")
    back = loads(dumps(game.record()), game=pref_engine)
    assert back.convention.name == "house" and back.convention.stalingrad and back.convention.play_params == \
        house.play_params
    rostov = pref_engine.from_seed(SEEDS[3], 1, players=("A", "B", "C"), dealer=2, convention=ROSTOV)
    assert loads(dumps(rostov.record()), game=pref_engine).convention == ROSTOV


def forge(doc: dict[str, Any], path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    doc = json.loads(json.dumps(doc))
    place = doc
    for step in path[:-1]:
        place = place[step]
    if value is KeyError:
        del place[path[-1]]
    else:
        place[path[-1]] = value
    return doc


FORGERIES = [
    (("moves", 9, 1), "play 7S"),              # a card A does not hold at that point
    (("moves", 3, 1), "discard QS 8S"),        # a card the declarer does not hold
    (("moves", 5, 0), 2),                      # the wrong seat
    (("moves", 4, 1), "name 6C"),              # a legal raise whose trump makes a later play illegal
    (("moves", 4, 1), "name 7H"),              # legal, but the rest no longer fits
    (("moves",), []),                          # no moves, yet an outcome
    (("tricks", "0"), 7),
    (("outcome",), "passed"),
    (("deal", "tricks", "A"), 7),
    (("deal", "open"), False),
    (("calls", "1"), "half-whist"),
    (("discard",), ["7S", "7C"]),
    (("talon",), ["7S", "7C"]),
    (("declarer",), 1),
    (("seed",), "00" * 32),
    (("seed",), "ab"),
    (("seed",), "G" * 64),
    (("number",), 0),
    (("number",), 2),
    (("players",), ["A", "B"]),
    (("players",), ["A", "B", "D"]),
    (("dealer",), 0),
    (("dealer",), 5),
    (("min_level",), 7),
    (("convention", "lone_whist"), "closed"),
    (("convention", "lone_whist"), "sideways"),
    (("convention", "preset"), 3),
    (("convention", "extra"), True),
    (("extra",), 1),
    (("moves",), KeyError),
    (("deal",), KeyError),
    (("moves", 0), [0, "bid 6S", "x"]),
    (("moves", 0, 1), 7),
]


@pytest.mark.parametrize(("path", "value"), FORGERIES, ids=[f"{'.'.join(map(str, p))}={v!r}"[:40]
                                                           for p, v in FORGERIES])
def test_forged_records_are_refused(pref_engine: Any, path: tuple[Any, ...], value: Any) -> None:
    doc = example_1(pref_engine).record().to_json()
    with pytest.raises(PreferansError) as info:
        Record.from_json(forge(doc, path, value), game=pref_engine)
    assert info.value.code == "bad_record"


def test_a_refused_move_is_named(pref_engine: Any) -> None:
    doc = forge(example_1(pref_engine).record().to_json(), ("moves", 9, 1), "play 7S")
    with pytest.raises(PreferansError) as info:
        Record.from_json(doc, game=pref_engine)
    assert "moves[9]" in str(info.value) and "card_not_held" in str(info.value)


@pytest.mark.parametrize("text", ["", "[]", "{}", '{"format": "kozyr-durak-record/1"}', "not json",
                                  '{"format": "kozyr-preferans-record/1"}', '{"a": 1, "a": 2}', "[" * 500])
def test_bad_files_are_refused(pref_engine: Any, text: str) -> None:
    with pytest.raises(PreferansError) as info:
        loads(text, game=pref_engine)
    assert info.value.code in ("bad_record", "bad_file")


def test_a_file_too_large_or_missing(tmp_path: Path) -> None:
    big = tmp_path / "big.json"
    big.write_bytes(b" " * (11 * 1024 * 1024))
    for path in (big, tmp_path / "missing.json", tmp_path):
        with pytest.raises(PreferansError) as info:
            load(path, game=Game)
        assert info.value.code == "bad_file"
