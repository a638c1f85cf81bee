"""Game records: JSON round trips, the schema, and forged records refused with the move number and code."""
import random

import pytest

from kozyr.durak import Bot, Game, IllegalMove
from kozyr.durak.records import FORMAT, SCHEMA, dumps, from_record, load, loads, save, to_record
from kozyr.errors import KozyrError

SEED = "kozyr records test seed 32 bytes"


def _played(game, steps=None, seed=0):
    rng = random.Random(seed)
    while not game.over and (steps is None or steps > 0):
        game.apply(game.turn, rng.choice(game.legal_moves()))
        steps = None if steps is None else steps - 1
    return game


def test_round_trip_from_a_seed():
    for number in (1, 2, 77):
        game = _played(Game.from_seed(SEED, number), seed=number)
        record = to_record(game, seed=SEED, number=number)
        assert record["format"] == FORMAT and record["deal"] == {"seed": SEED, "number": number}
        assert record["result"] == {"outcome": game.result.outcome, "fool": game.result.fool}
        again = from_record(loads(dumps(record)))
        assert again.history == game.history and again.result == game.result and again.order == game.order


def test_round_trip_from_an_order_unfinished_and_resigned():
    game = _played(Game.from_rng(4), steps=10)
    record = to_record(game)
    assert len(record["deal"]["order"]) == 36 and record["result"] is None
    assert from_record(loads(dumps(record))).history == game.history
    game.apply(1, "resign")
    record = to_record(game)
    assert record["result"] == {"outcome": "resign", "fool": 1}
    assert from_record(loads(dumps(record))).result == game.result


def test_non_utf8_seed_is_recorded_as_hex():
    seed = bytes(range(200, 232))
    game = _played(Game.from_seed(seed), steps=5)
    record = to_record(game, seed=seed)
    assert record["deal"] == {"seed_hex": seed.hex(), "number": 1}
    assert from_record(record).history == game.history


def test_a_seed_that_does_not_deal_the_game_is_refused():
    with pytest.raises(KozyrError) as e:
        to_record(Game.from_rng(1), seed=SEED)
    assert e.value.code == "bad_record"


def test_forged_move_is_refused_with_its_number_and_code():
    game = _played(Game.from_seed(SEED, 3), seed=1)
    record = to_record(game, seed=SEED, number=3)
    forged = loads(dumps(record))
    seat, _ = forged["moves"][4]
    held = {str(c) for c in Game.from_seed(SEED, 3).hands[seat]}
    not_held = next(f"attack {c}" for c in ("6S", "7S", "8S", "9S", "TS", "JS", "QS") if c not in held)
    forged["moves"][0] = [forged["moves"][0][0], not_held]
    with pytest.raises(IllegalMove) as e:
        from_record(forged)
    assert e.value.code == "card_not_held" and e.value.index == 0 and "record move 0" in str(e.value)
    forged = loads(dumps(record))
    forged["moves"][7][0] = 1 - forged["moves"][7][0]       # the wrong seat
    with pytest.raises(IllegalMove) as e:
        from_record(forged)
    assert e.value.code == "not_your_turn" and e.value.index == 7
    forged = loads(dumps(record))
    forged["moves"][3] = [0]
    with pytest.raises(IllegalMove) as e:
        from_record(forged)
    assert e.value.code == "not_legal" and e.value.index == 3


def test_a_forged_result_or_malformed_record_is_refused():
    game = _played(Game.from_rng(2), seed=2)
    record = to_record(game)
    bad = dict(record, result={"outcome": "fool", "fool": 1 - (game.result.fool or 0)})
    with pytest.raises(KozyrError) as e:
        from_record(bad)
    assert e.value.code == "bad_record" and e.value.field == "result"
    cases = [
        ({k: v for k, v in record.items() if k != "moves"}, "moves"),
        (dict(record, extra=1), "extra"),
        (dict(record, format="other/1"), "format"),
        (dict(record, deal={"order": record["deal"]["order"][:35]}), "deal.order"),
        (dict(record, deal={"seed": SEED}), "deal"),
        (dict(record, moves="take"), "moves"),
    ]
    for data, field in cases:
        with pytest.raises(KozyrError) as e:
            from_record(data)
        assert e.value.code == "bad_record" and e.value.field == field, field
    with pytest.raises(KozyrError) as e:
        loads("{not json")
    assert e.value.code == "bad_record"


def test_records_of_bot_games_validate_against_the_schema():
    jsonschema = pytest.importorskip("jsonschema", reason="schema validation needs jsonschema")
    jsonschema.Draft202012Validator.check_schema(SCHEMA)
    bots = (Bot(3, "a"), Bot(1, "b"))
    for number in range(1, 6):
        game = Game.from_seed(SEED, number)
        while not game.over:
            game.apply(game.turn, bots[game.turn].choose(game.view(game.turn)))
        jsonschema.validate(loads(dumps(to_record(game, seed=SEED, number=number))), SCHEMA)
        jsonschema.validate(to_record(game), SCHEMA)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(dict(to_record(game), moves=[[2, "take"]]), SCHEMA)


def test_the_docs_show_this_schema():
    import json
    from pathlib import Path

    text = (Path(__file__).resolve().parents[2] / "docs" / "records.md").read_text(encoding="utf-8")
    block = text.split("## The JSON Schema", 1)[1].split("```json", 1)[1].split("```", 1)[0]
    assert json.loads(block) == SCHEMA


def test_save_and_load_files(tmp_path):
    game = _played(Game.from_seed(SEED, 5), seed=5)
    path = tmp_path / "deal.json"
    save(game, str(path), seed=SEED, number=5)
    assert load(str(path)).history == game.history
    with pytest.raises(KozyrError) as e:
        load(str(tmp_path / "missing.json"))
    assert e.value.code == "bad_file"
    with pytest.raises(KozyrError) as e:
        save(game, str(tmp_path / "no" / "dir.json"))
    assert e.value.code == "bad_file"
    path.write_text(path.read_text().replace('"moves": [\n    [', '"moves": [\n    [9, "take"],\n    ['))
    with pytest.raises(IllegalMove) as e:
        load(str(path))
    assert e.value.index == 0


VARIANT_TABLES = [
    {"seats": 4},
    {"seats": 6, "variant": "perevodnoy", "show_trump": True, "draw": False},
    {"seats": 4, "deck": 32, "teams": True},
    {"seats": 3, "deck": 24, "throw_in": "neighbours", "first_five": True, "swap": False},
    {"seats": 2, "deck": 52, "variant": "perevodnoy"},
]


@pytest.mark.parametrize("options", VARIANT_TABLES)
def test_a_variant_record_carries_its_rules_and_replays_to_the_same_events(options):
    from kozyr.durak import Rules
    rules = Rules(**options)
    for number in (1, 2):
        game = _played(Game.from_seed(SEED, number, rules=rules), seed=number)
        for record in (to_record(game, seed=SEED, number=number), to_record(game)):
            assert record["rules"] == rules.as_dict()
            assert record["result"]["losers"] == list(game.result.losers)
            again = from_record(loads(dumps(record)))
            assert again.rules == rules
            assert again.events == game.events and again.result == game.result
            assert again.log_digest() == game.log_digest()
        if "deck" in options:
            assert len(to_record(game)["deal"]["order"]) == options["deck"]


def test_a_two_seat_record_has_no_rules_and_every_table_validates_against_the_schema():
    jsonschema = pytest.importorskip("jsonschema", reason="schema validation needs jsonschema")
    from kozyr.durak import Rules
    game = _played(Game.from_seed(SEED, 1), seed=1)
    record = to_record(game, seed=SEED, number=1)
    assert list(record) == ["format", "kozyr", "deal", "moves", "result"]
    assert set(record["result"]) == {"outcome", "fool"}
    for options in VARIANT_TABLES:
        variant = _played(Game.from_seed(SEED, 3, rules=Rules(**options)), seed=3)
        jsonschema.validate(loads(dumps(to_record(variant, seed=SEED, number=3))), SCHEMA)
        jsonschema.validate(to_record(variant), SCHEMA)
    six = to_record(_played(Game.from_seed(SEED, 3, rules=Rules(seats=6)), seed=3))
    jsonschema.validate(dict(six, moves=[[5, "take"]]), SCHEMA)       # seat 5 exists at six seats
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(dict(six, moves=[[6, "take"]]), SCHEMA)
    with pytest.raises(jsonschema.ValidationError):                  # a two-seat record has no losers
        jsonschema.validate(dict(record, result={"outcome": "fool", "fool": 1, "losers": [1]}), SCHEMA)


def test_a_variant_record_refuses_bad_rules_and_seats_beyond_its_table():
    from kozyr.durak import Rules
    game = _played(Game.from_seed(SEED, 2, rules=Rules(seats=3)), seed=2)
    record = to_record(game, seed=SEED, number=2)
    bad = dict(record, rules=dict(record["rules"], show_trump=True))     # show_trump needs perevodnoy
    with pytest.raises(IllegalMove) as e:
        from_record(bad)
    assert e.value.code == "bad_options" and e.value.field == "show_trump"
    with pytest.raises(KozyrError) as e:
        from_record(dict(record, rules=dict(record["rules"], seats=7)))
    assert e.value.code == "bad_record" and e.value.field == "rules.seats"
    forged = loads(dumps(record))
    forged["moves"][0] = [4, forged["moves"][0][1]]                       # no seat 4 at three seats
    with pytest.raises(IllegalMove) as e:
        from_record(forged)
    assert e.value.code == "not_your_turn" and e.value.index == 0
    # the rules decide the deal: the same record read as another table does not replay
    with pytest.raises(KozyrError):
        from_record(dict(record, rules=dict(record["rules"], seats=4)))
