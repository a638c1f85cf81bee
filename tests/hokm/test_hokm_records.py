"""Hokm game records: a match written and replayed is the same match; every edit that breaks it is refused."""
from __future__ import annotations

import copy
import json
import os
import random
from typing import Any

import pytest

from kozyr.cards import card_name, parse_card
from kozyr.hokm import BOTS, FirstHakem, HokmConfig, HokmError, IllegalPlay, Match, Phase, make_bot
from kozyr.hokm.records import (
    FORMAT,
    SCHEMA,
    dumps,
    from_record,
    load,
    loads,
    plays_of,
    save,
    to_record,
)


def validator() -> Any:
    """The schema's validator (jsonschema, of the test extra; the tests that need it skip without it)."""
    jsonschema = pytest.importorskip("jsonschema", reason="schema validation needs jsonschema")
    jsonschema.Draft202012Validator.check_schema(SCHEMA)
    return jsonschema.Draft202012Validator(SCHEMA)


def played(seed: int, *, target: int = 3, stop: int | None = None, first: str = "ace_deal") -> Match:
    """A match between bots of every kind, to `target` points, or stopped after `stop` actions."""
    rng = random.Random(seed)
    match = Match(config=HokmConfig(match_target=target, first_hakem=FirstHakem(first)),
                  rng=random.Random(f"m{seed}"))
    bots = [make_bot(rng.choice(sorted(set(BOTS) - {"search"})), rng.getrandbits(32)) for _ in range(4)]
    steps = 0
    while not match.over and (stop is None or steps < stop):
        seat = match.to_act
        assert seat is not None
        view = match.view(seat)
        if view.phase is Phase.CHOOSE_TRUMP:
            match.choose_trump(seat, bots[seat].choose_trump(view))
        else:
            match.play(seat, bots[seat].play(view))
        steps += 1
    return match


@pytest.mark.parametrize("seed", range(12))
def test_a_whole_match_replays_as_it_was_played(seed: int) -> None:
    match = played(seed, first="random" if seed % 3 == 0 else "ace_deal")
    record = to_record(match)
    validator().validate(record)
    assert record["format"] == FORMAT and record["result"] == {"scores": list(match.scores), "winner": match.winner}
    replay = from_record(loads(dumps(record)))
    assert replay.over and replay.winner == match.winner and replay.scores == match.scores
    assert replay.ace_deal == match.ace_deal and replay.config == match.config
    assert len(replay.hands) == len(match.hands)
    for mine, theirs in zip(replay.hands, match.hands):
        assert mine.deal_order == theirs.deal_order and mine.hakem == theirs.hakem and mine.trump == theirs.trump
        assert plays_of(mine) == plays_of(theirs) and mine.result == theirs.result
    assert to_record_of(replay) == record


def to_record_of(replay: Any) -> dict[str, Any]:
    """A replay written again (through a Match shell holding the replayed hands)."""
    match = Match.__new__(Match)
    match.config, match.ace_deal, match.hands = replay.config, replay.ace_deal, list(replay.hands)
    match.winner, match._scores = replay.winner, list(replay.scores)
    return to_record(match)


@pytest.mark.parametrize("stop", [0, 1, 2, 7, 30, 60])
def test_an_unfinished_match_replays_to_where_it_stopped(stop: int) -> None:
    match = played(7, target=7, stop=stop)
    record = to_record(match)
    validator().validate(record)
    replay = from_record(record)
    assert replay.winner is None and record["result"] is None
    last = replay.hands[-1]
    assert last.phase is match.hand.phase and plays_of(last) == plays_of(match.hand)
    assert last.view(0) == match.hand.view(0)


def test_the_record_text_is_one_hand_a_line() -> None:
    text = dumps(to_record(played(3)))
    hands = [line for line in text.splitlines() if line.startswith('    {"hakem"')]
    assert len(hands) == len(json.loads(text)["hands"]) and json.loads(text) == to_record(played(3))


# -- every edit that breaks a rule or the arithmetic is refused, naming it --------------------------------------
def finished() -> dict[str, Any]:
    record = to_record(played(11, target=3))
    assert len(record["hands"]) >= 2
    return record


def edited(change: Any) -> dict[str, Any]:
    record = copy.deepcopy(finished())
    change(record)
    return record


def swap_play(record: dict[str, Any]) -> None:
    """The second play of hand 1 is a card its seat does not hold (the next seat's first card)."""
    plays = record["hands"][0]["plays"]
    plays[1][1] = plays[2][1]


def out_of_turn(record: dict[str, Any]) -> None:
    plays = record["hands"][0]["plays"]
    plays[1][0] = (plays[1][0] + 1) % 4


def off_suit(record: dict[str, Any]) -> None:
    """A play that does not follow suit though the seat can: found by a search of hand 1."""
    hand = record["hands"][0]
    for i, (seat, name) in enumerate(hand["plays"]):
        if i % 4 == 0:
            continue
        lead = hand["plays"][i - i % 4][1][1]
        if name[1] == lead:
            later = [p for p in hand["plays"][i + 1:] if p[0] == seat and p[1][1] != lead]
            if later:
                j = hand["plays"].index(later[0])
                hand["plays"][i][1], hand["plays"][j][1] = later[0][1], name
                return
    raise AssertionError("no play to put off suit")


CASES = [
    ("a card not held", swap_play, IllegalPlay, "card_not_held", None),
    ("out of turn", out_of_turn, IllegalPlay, "not_your_turn", None),
    ("off suit", off_suit, IllegalPlay, "must_follow_suit", None),
    ("a play after the hand ended", lambda r: r["hands"][0]["plays"].append(r["hands"][0]["plays"][0]),
     IllegalPlay, "game_over", None),
    ("a hand result changed", lambda r: r["hands"][0]["result"].__setitem__("points", 9), HokmError, "bad_record",
     "hands[0].result"),
    ("the match result changed", lambda r: r.__setitem__("result", {"scores": [0, 0], "winner": 0}), HokmError,
     "bad_record", "result"),
    ("the wrong hakem", lambda r: r["hands"][1].__setitem__("hakem", (r["hands"][1]["hakem"] + 1) % 4), HokmError,
     "bad_record", "hands[1].hakem"),
    ("a card twice in a deck", lambda r: r["hands"][0]["deck"].__setitem__(0, r["hands"][0]["deck"][1]), HokmError,
     "bad_record", "hands[0].deck"),
    ("a deck of 51", lambda r: r["hands"][0]["deck"].pop(), HokmError, "bad_record", "hands[0].deck"),
    ("a bad trump", lambda r: r["hands"][0].__setitem__("trump", "X"), HokmError, "bad_record", "hands[0].trump"),
    ("plays before trump", lambda r: r["hands"][0].__setitem__("trump", None), HokmError, "bad_record",
     "hands[0].trump"),
    ("a hand after the match", lambda r: r["hands"].append(copy.deepcopy(r["hands"][-1])), HokmError, "bad_record",
     None),
    ("an unknown field", lambda r: r.__setitem__("extra", 1), HokmError, "bad_record", "record.extra"),
    ("a missing field", lambda r: r.pop("ace_deal"), HokmError, "bad_record", "record.ace_deal"),
    ("the format", lambda r: r.__setitem__("format", "kozyr-durak-record/1"), HokmError, "bad_record", "format"),
    ("a config out of range", lambda r: r["config"].__setitem__("points_win", 0), HokmError, "bad_record",
     "config.points_win"),
    ("a config of the wrong type", lambda r: r["config"].__setitem__("match_target", 3.0), HokmError, "bad_record",
     "config.match_target"),
    ("a rank that never wins", lambda r: r["config"]["rank_strength"].__setitem__(0, 0), HokmError, "bad_record",
     "config"),
    ("the ace deal out of turn", lambda r: r["ace_deal"][0].__setitem__(0, (r["ace_deal"][0][0] + 2) % 4),
     HokmError, "bad_record", None),
    ("the ace deal stops late", lambda r: r["ace_deal"].append([(r["ace_deal"][-1][0] + 1) % 4, "2C"]), HokmError,
     "bad_record", None),
    ("a seat that is a bool", lambda r: r["hands"][0]["plays"][0].__setitem__(0, True), HokmError, "bad_record",
     "hands[0].plays[0]"),
    ("a card that is not a card", lambda r: r["hands"][0]["plays"][0].__setitem__(1, "1X"), HokmError,
     "bad_record", "hands[0].plays[0]"),
    ("no hands", lambda r: r.__setitem__("hands", []), HokmError, "bad_record", "hands"),
]


@pytest.mark.parametrize(("what", "change", "kind", "code", "field"), CASES, ids=[c[0] for c in CASES])
def test_an_edited_record_is_refused(what: str, change: Any, kind: type, code: str, field: str | None) -> None:
    record = edited(change)
    with pytest.raises(kind) as refused:
        from_record(record)
    error: Any = refused.value
    assert error.code == code, (what, error)
    if field is not None:
        assert error.field == field, (what, error.fields)
    if kind is IllegalPlay:
        assert error.hand == 1 and isinstance(error.index, int)
    assert "\n" not in str(error)


def test_the_schema_refuses_what_it_can_see() -> None:
    """The schema catches the edits that need no replay (the replay catches the rest)."""
    checker = validator()
    for what, change, _, _, _ in CASES:
        record = edited(change)
        if what in ("a missing field", "an unknown field", "the format", "a deck of 51", "a bad trump",
                    "a seat that is a bool", "a card that is not a card", "no hands"):
            assert not checker.is_valid(record), what


def test_not_a_record() -> None:
    data: Any
    for data in (None, [], "x", 3):
        with pytest.raises(HokmError) as refused:
            from_record(data)
        assert refused.value.code == "bad_record"
    for text in ("{", "[" * 100_000, b"\xff\xfe"):
        with pytest.raises(HokmError) as refused:
            loads(text)
        assert refused.value.code == "bad_record"
    with pytest.raises(HokmError) as refused:
        to_record("a match")  # type: ignore[arg-type]
    assert refused.value.code == "bad_record"


# -- files: written whole, read bounded -----------------------------------------------------------------------
def test_save_and_load(tmp_path: Any) -> None:
    match = played(5)
    path = str(tmp_path / "m.json")
    save(match, path)
    assert load(path).scores == match.scores
    assert [p for p in os.listdir(tmp_path)] == ["m.json"]      # no temporary file left behind


def test_a_failed_write_leaves_the_old_record(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    path = str(tmp_path / "m.json")
    save(played(5), path)
    before = open(path, encoding="utf-8").read()

    def full(fd: int, data: Any) -> int:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "write", full)
    with pytest.raises(HokmError) as refused:
        save(played(6), path)
    monkeypatch.undo()
    assert refused.value.code == "bad_file" and "No space left" in str(refused.value)
    assert open(path, encoding="utf-8").read() == before and os.listdir(tmp_path) == ["m.json"]


def test_load_refuses_what_is_not_a_record_file(tmp_path: Any) -> None:
    big = tmp_path / "big.json"
    big.write_bytes(b" " * (1024 * 1024 + 1))
    fifo = tmp_path / "fifo.json"
    os.mkfifo(fifo)
    for path in (str(big), str(fifo), str(tmp_path), str(tmp_path / "missing.json")):
        with pytest.raises(HokmError) as refused:
            load(path)
        assert refused.value.code == "bad_file", path
    with pytest.raises(HokmError) as refused:
        save(played(1), str(tmp_path))
    assert refused.value.code == "bad_file"


def test_card_names_round_trip() -> None:
    record = to_record(played(2))
    assert all(card_name(parse_card(c)) == c for hand in record["hands"] for c in hand["deck"])
