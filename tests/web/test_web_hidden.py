"""Nothing the table answers during a deal determines a hidden card: not the state, not any route.

The seed would (it deals every hand and the talon again), so during a deal the
page gets only its commitment, the seed's SHA-256; the seed, the record
download and the save come once the deal is over, and the commitment lets the
player check the seed afterwards. The twin tests deal two tables that differ
only in cards no seat has seen and ask every route of both: the answers must
be the same.
"""
from __future__ import annotations

import hashlib
import json
import re
from typing import Any

import pytest
from _served import Table, held
from test_web_preferans import first_preferans_move

from kozyr.durak import Game
from kozyr.durak.records import to_record
from kozyr.preferans import reference
from kozyr.preferans.shuffle import shuffled_order
from kozyr.web import durak_table, preferans_table
from kozyr.web.durak_table import DurakTable
from kozyr.web.load import Client, first_durak_move, first_hokm_move


def every_route(client: Client, gid: str) -> dict[str, Any]:
    """What each route answers about game `gid` now (status and body), the session's summary included."""
    out: dict[str, Any] = {}
    for method, path in (("GET", f"/api/games/{gid}"), ("GET", f"/api/games/{gid}/hint"),
                         ("GET", f"/api/games/{gid}/record"), ("POST", f"/api/games/{gid}/save"),
                         ("GET", "/api/session"), ("GET", "/api/records")):
        answer = client.request(method, path, {} if method == "POST" else None)
        out[f"{method} {path}"] = (answer.status, answer.body.decode("utf-8"))
    return out


def commitment(seed: str) -> str:
    return hashlib.sha256(seed.encode("ascii")).hexdigest()


@pytest.mark.parametrize("given", [None, "chosen-by-me"])
def test_a_durak_seed_is_committed_to_and_shown_only_at_the_end(table: Table, given: str | None) -> None:
    client = table.client()
    new: dict[str, Any] = {"game": "durak", "rung": 1, "seat": 0}
    if given is not None:
        new["seed"] = given
    answer = client.json("POST", "/api/games", new)
    gid, state = answer["id"], answer["state"]
    seed = held(table, client, gid).seed    # the server's own copy
    assert not state["over"]
    assert state["seed"] is None and state["commitment"] == commitment(seed) and state["replay"] is None
    for route, (status, body) in every_route(client, gid).items():
        assert seed not in body and seed.ljust(32) not in body, route
        if route.endswith(("/record", "/save")):
            assert status == 409 and json.loads(body)["error"] == "not_over", route
    assert table.app.folder.list() == []                    # nothing was saved
    while not state["over"]:
        state = client.json("POST", f"/api/games/{gid}/move", first_durak_move(state))["state"]
    assert state["seed"] == seed and hashlib.sha256(state["seed"].encode()).hexdigest() == state["commitment"]
    assert seed in state["replay"]
    record = client.json("GET", f"/api/games/{gid}/record")
    assert record["deal"]["seed"] == seed.ljust(32)
    client.json("POST", f"/api/games/{gid}/save", {})


def test_a_drawn_seed_cannot_be_guessed_from_its_commitment(table: Table) -> None:
    client = table.client()
    durak = client.json("POST", "/api/games", {"game": "durak"})
    hokm = client.json("POST", "/api/games", {"game": "hokm"})
    assert re.fullmatch(r"[0-9a-f]{32}", held(table, client, durak["id"]).seed)          # 128 bits
    seeds = [held(table, client, hokm["id"]).seed] + [
        held(table, client, client.json("POST", "/api/games", {"game": "hokm"})["id"]).seed for _ in range(4)]
    assert max(seeds) >= 2**40 and max(seeds) < 2**63        # not a number below a million


def test_a_hokm_seed_is_committed_to_and_shown_only_at_the_end(table: Table) -> None:
    client = table.client()
    answer = client.json("POST", "/api/games", {"game": "hokm", "target": 1})
    gid, state = answer["id"], answer["state"]
    seed = held(table, client, gid).seed
    assert state["seed"] is None and state["commitment"] == commitment(str(seed)) and state["replay"] is None
    for route, (status, body) in every_route(client, gid).items():
        assert f"--seed {seed}" not in body and f'"seed": {seed}' not in body, route
        if route.endswith(("/record", "/save")):
            assert status == 409 and json.loads(body)["error"] == "not_over", route
    while not state["over"]:
        state = client.json("POST", f"/api/games/{gid}/move", first_hokm_move(state))["state"]
    assert state["seed"] == seed and state["commitment"] == commitment(str(seed))
    client.json("GET", f"/api/games/{gid}/record")


def twin_orders(seed: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Two deals of the same seed that differ in the two talon cards drawn last before the turn-up: no seat
    sees either until the talon is nearly done."""
    order = list(Game.from_seed(seed.ljust(32).encode()).order)
    twin = list(order)
    twin[-2], twin[-3] = twin[-3], twin[-2]
    return tuple(order), tuple(twin)


def deal_as(monkeypatch: pytest.MonkeyPatch, order: tuple[int, ...]) -> None:
    real = Game

    class Dealt:
        @staticmethod
        def from_seed(*args: Any, **kwargs: Any) -> Any:
            return real.from_order(order)

    monkeypatch.setattr(durak_table, "Game", Dealt)
    # the record names the deal by its order (the seed would not deal it)
    monkeypatch.setattr(durak_table, "to_record", lambda game, seed=None: to_record(game))


def answers(table: Table, monkeypatch: pytest.MonkeyPatch, order: tuple[int, ...], moves: int) -> list[Any]:
    """Every route's answers at the start and after each of `moves` moves of yours, ids taken out."""
    deal_as(monkeypatch, order)
    client = table.client()
    answer = client.json("POST", "/api/games", {"game": "durak", "rung": 2, "seat": 0, "seed": "twin"})
    gid, state = answer["id"], answer["state"]
    seen = []
    for _ in range(moves):
        routes = every_route(client, gid)
        seen.append({k.replace(gid, "ID"): (s, b.replace(gid, "ID")) for k, (s, b) in routes.items()})
        if state["over"]:
            break
        state = client.json("POST", f"/api/games/{gid}/move", first_durak_move(state))["state"]
    return seen


@pytest.mark.parametrize("seed", ["twin-1", "twin-2", "twin-3"])
def test_twin_deals_answer_the_same_on_every_route(table: Table, monkeypatch: pytest.MonkeyPatch, seed: str) -> None:
    one, two = twin_orders(seed)
    assert one != two
    first = answers(table, monkeypatch, one, 4)
    second = answers(table, monkeypatch, two, 4)
    assert len(first) == len(second) >= 2
    for a, b in zip(first, second, strict=True):
        for route in a:
            if route.startswith("GET /api/session") or route.startswith("GET /api/records"):
                continue            # the session lists both games; the folder is shared
            assert a[route] == b[route], route


def test_the_table_keeps_the_seed_it_committed_to() -> None:
    t = DurakTable(rung=1, seat=0, seed="abc")
    assert t.state()["commitment"] == commitment("abc")


# -- preferans -------------------------------------------------------------------------------------------------
PREFERANS_PHASES = ("auction", "talon", "naming", "whisting", "defence")   # before any card is played


def preferans_twins(seed: str, talon: bool = False) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Deal 1 of `seed` (you in seat 0 of three, seat 2 dealing) and the same deal with one card of seat 1's
    hand and one of seat 2's swapped: cards you never see before they are played. With `talon`, a talon card
    and one of seat 2's are swapped instead: hidden from everybody until the auction ends."""
    order = list(shuffled_order(seed.ljust(32).encode(), 1))
    game = reference.Game._from_order(order, players=("you", "seat 1", "seat 2"), dealer=2)
    held_cards = set(game.hand(0)) | set(game.hand(1)) | set(game.hand(2))
    a = min(c for c in order if c not in held_cards) if talon else min(game.hand(1))
    b = max(game.hand(2))
    twin = [b if c == a else a if c == b else c for c in order]
    return tuple(order), tuple(twin)


def preferans_answers(table: Table, monkeypatch: pytest.MonkeyPatch, order: tuple[int, ...], moves: int,
                      phases: tuple[str, ...] = ()) -> list[Any]:
    """Every route's answers at the start and after each of `moves` moves of yours while the deal is in
    `phases` (all of them when empty), ids taken out."""

    class Dealt:
        @staticmethod
        def from_seed(seed: Any, number: Any, **kwargs: Any) -> Any:
            return reference.Game._from_order(order, **kwargs)

    monkeypatch.setattr(preferans_table, "Game", Dealt)
    client = table.client()
    answer = client.json("POST", "/api/games", {"game": "preferans", "seat": 0, "seed": "twin"})
    gid, state = answer["id"], answer["state"]
    assert held(table, client, gid).game.hand(1) == reference.Game._from_order(
        order, players=("you", "seat 1", "seat 2"), dealer=2).hand(1)
    seen = []
    for _ in range(moves):
        if (phases and state["phase"] not in phases) or len(state["view"]["tricks"]) >= 8:
            break           # (a deal from a given order has no seed: it cannot be scored, so not finished)
        routes = every_route(client, gid)
        seen.append({k.replace(gid, "ID"): (s, b.replace(gid, "ID")) for k, (s, b) in routes.items()})
        state = client.json("POST", f"/api/games/{gid}/move", first_preferans_move(state))["state"]
    return seen


@pytest.mark.parametrize("seed", ["twin-1", "twin-2", "twin-3", "twin-4"])
def test_preferans_twin_deals_answer_the_same_on_every_route(table: Table, monkeypatch: pytest.MonkeyPatch,
                                                            seed: str) -> None:
    one, two = preferans_twins(seed)
    assert one != two
    first = preferans_answers(table, monkeypatch, one, 12, PREFERANS_PHASES)
    second = preferans_answers(table, monkeypatch, two, 12, PREFERANS_PHASES)
    assert len(first) == len(second) >= 1
    for a, b in zip(first, second, strict=True):
        assert a == b


@pytest.mark.parametrize("seed", ["twin-1", "twin-2", "twin-3", "twin-4"])
def test_preferans_talon_twins_answer_the_same_through_the_auction(table: Table, monkeypatch: pytest.MonkeyPatch,
                                                                  seed: str) -> None:
    one, two = preferans_twins(seed, talon=True)
    assert one != two
    first = preferans_answers(table, monkeypatch, one, 12, ("auction",))
    second = preferans_answers(table, monkeypatch, two, 12, ("auction",))
    assert len(first) == len(second) >= 1
    for a, b in zip(first, second, strict=True):
        assert a == b


def test_preferans_twins_differ_once_the_cards_are_played(table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    """The twin test can fail: played on through the tricks, the two deals' answers part (the swapped cards
    show)."""
    one, two = preferans_twins("twin-1")
    first = preferans_answers(table, monkeypatch, one, 60, (*PREFERANS_PHASES, "play"))
    second = preferans_answers(table, monkeypatch, two, 60, (*PREFERANS_PHASES, "play"))
    assert first != second
