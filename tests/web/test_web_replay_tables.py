"""A saved record of every table the engine deals replays at its own table: the web replay and `kozyr replay
--file` deal the record's rules and seats and end with the same verdict as the game that was played."""
from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path
from typing import Any

import pytest
from _served import Table

from kozyr.cli import main
from kozyr.durak import Bot, Game, Rules
from kozyr.durak.oracle.testing import all_rules
from kozyr.durak.records import dumps, to_record
from kozyr.errors import KozyrError

# each option value at least once, at a handful of tables (the soak run takes all of them)
COVERING = [Rules(), Rules(draw=False), Rules(deck=24), Rules(deck=52, variant="perevodnoy"),
            Rules(seats=3, deck=24, throw_in="neighbours"), Rules(seats=4, teams=True, swap=False),
            Rules(seats=5, deck=52, variant="perevodnoy", show_trump=True, first_five=True),
            Rules(seats=6, deck=52, teams=True, draw=False), Rules(seats=2, deck=32, variant="perevodnoy",
                                                                   first_five=True, draw=False)]


def played(rules: Rules, seed: str) -> Game:
    game = Game.from_seed(seed.ljust(32).encode(), rules=None if rules.two_seat else rules)
    bots = {s: Bot(1 + s % 3, f"{seed}:{s}") for s in range(rules.seats)}
    while not game.over:
        seat = game.turn
        assert seat is not None
        move = bots[seat].choose(game.view(seat))
        assert move is not None
        game.apply(seat, move)
    return game


def verdict(game: Game) -> str:
    """The words both replays end with (the web summary's `end`, the shell's result line)."""
    r = game.result
    assert r is not None
    if r.fool is not None:
        return f"seat {r.fool} is the fool"
    if r.losers:
        return f"seats {', '.join(map(str, r.losers))} lose"
    return "a draw"


def replayed_in_the_shell(path: Path) -> str:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(["replay", "--file", str(path)])
    assert status == 0, err.getvalue()
    return next(line for line in out.getvalue().splitlines() if line.startswith("result: "))


def check(table: Table, rules: Rules, seed: str) -> None:
    game = played(rules, seed)
    record = to_record(game, seed=seed.ljust(32).encode())
    name = table.app.folder.write("durak", dumps(record))
    client = table.client()
    opened = client.json("POST", f"/api/records/{name}/replay", {})
    summary = opened["summary"]
    assert summary["seats"] == rules.seats and summary["steps"] == game.moves
    assert summary["end"] == verdict(game), (rules, summary["end"])
    last = client.json("GET", f"/api/replays/{opened['replay']}?step={game.moves}&seat={rules.seats - 1}")
    assert last["frame"]["over"] and last["frame"]["verdict"] == verdict(game)
    assert len(last["frame"]["hands"]) == rules.seats - 1
    line = replayed_in_the_shell(table.records / name)
    assert line.startswith(f"result: {verdict(game)}"), (rules, line)


@pytest.mark.parametrize("rules", COVERING, ids=repr)
def test_a_record_replays_at_its_own_table(table: Table, rules: Rules) -> None:
    for k in range(3):
        check(table, rules, f"own-{k}")


def test_a_draw_false_record_is_not_shown_as_a_draw(table: Table) -> None:
    """A two-seat deal without draws whose last cards go at once: seat 0 is the fool, not a draw (Rules() would
    call it one, and its moves are all legal there)."""
    rules = Rules(draw=False)
    for k in range(400):
        game = played(rules, f"nodraw-{k}")
        assert game.result is not None
        same = Game.from_order(game.order)
        try:
            for seat, move in game.history:
                same.apply(seat, move)
        except KozyrError:
            continue
        if same.result is not None and same.result.fool is None and game.result.fool is not None:
            check(table, rules, f"nodraw-{k}")
            return
    pytest.skip("no deal found whose verdict differs without draws")


@pytest.mark.soak
def test_every_table_replays_at_its_own_table(table: Table) -> None:
    tables = all_rules()   # every option set Rules accepts
    assert len(tables) == 912
    for n, rules in enumerate(tables):
        check(table, rules, f"every-{n}")


def test_the_uploaded_record_of_a_table_replays(table: Table) -> None:
    rules = Rules(seats=4, deck=52, variant="perevodnoy")
    game = played(rules, "upload")
    client = table.client()
    opened = client.json("POST", "/api/replays", json.loads(dumps(to_record(game))))
    assert opened["summary"]["seats"] == 4 and opened["summary"]["end"] == verdict(game)
    frame: dict[str, Any] = opened["frame"]
    assert frame["step"] == 0 and len(frame["hands"]) == 3
