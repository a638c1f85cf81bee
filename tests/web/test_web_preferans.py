"""Preferans at the web table over HTTP: whole deals and a whole game through the API, the sheet between deals,
refusals that change nothing, and a record that comes (with the seed) only once the game is over."""
from __future__ import annotations

import hashlib
import json
import re
from typing import Any

import pytest
from _served import Table, held

from kozyr.preferans import Sheet
from kozyr.preferans import game_record as preferans_records
from kozyr.web import preferans_table
from kozyr.web.load import Client


def first_preferans_move(state: dict[str, Any]) -> dict[str, Any]:
    """The first thing the page offers: a discard of the first two cards, a card, else the first button."""
    legal = [c["card"] for c in state["hand"] if c["legal"]]
    if state["discard"]:
        return {"move": f"discard {legal[0]} {legal[1]}"}
    if legal:
        return {"move": f"play {legal[0]}"}
    if state["actions"]:
        first = state["actions"][0]
        return {"action": first["action"]} if "action" in first else {"move": first["move"]}
    raise AssertionError(f"nothing offered in phase {state['phase']}")


def new_preferans(client: Client, **fields: Any) -> tuple[str, dict[str, Any]]:
    answer = client.json("POST", "/api/games", {"game": "preferans", **fields})
    return answer["id"], answer["state"]


def play_to_sheet(client: Client, gid: str, state: dict[str, Any], limit: int = 200) -> dict[str, Any]:
    """Your first offered move until the deal is over (the sheet is shown) or the game is."""
    for _ in range(limit):
        if state["phase"] in ("sheet", "over"):
            return state
        state = client.json("POST", f"/api/games/{gid}/move", first_preferans_move(state))["state"]
    raise AssertionError("the deal did not end")


@pytest.mark.parametrize(("seat", "players", "seed", "convention"),
                         [(0, 3, "pref-a", "sochi"), (1, 3, "pref-b", "leningrad"), (2, 4, "pref-c", "rostov"),
                          (3, 4, "pref-d", "sochi")])
def test_a_whole_deal_then_the_sheet_then_the_end(table: Table, seat: int, players: int, seed: str,
                                                   convention: str) -> None:
    client = table.client()
    gid, state = new_preferans(client, seat=seat, players=players, seed=seed, convention=convention, target=10)
    assert state["kind"] == "preferans" and state["deal"] == 1 and not state["over"]
    assert state["view"]["seat"] == seat and state["seed"] is None
    state = play_to_sheet(client, gid, state)
    assert state["phase"] == "sheet" and state["sheet"]["deals"] == 1
    assert [a["action"] for a in state["actions"]] == ["next", "end"]
    assert state["view"]["over"] and "Next deal" in state["status"]
    # the sheet is the engine's: the same deal played by the record's moves scores the same
    table_game = held(table, client, gid)
    assert table_game.sheet.deals[0] == table_game.records[0].to_deal()
    assert client.request("GET", f"/api/games/{gid}/record").status == 409        # the seed deals the next deals
    state = client.json("POST", f"/api/games/{gid}/move", {"action": "next"})["state"]
    assert state["deal"] == 2 and state["dealer"] == seat       # the dealer rotated left: onto you
    state = play_to_sheet(client, gid, state)
    state = client.json("POST", f"/api/games/{gid}/move", {"action": "end"})["state"]
    assert state["over"] and state["phase"] == "over" and state["seed"] == seed
    assert state["verdict"].startswith("You ended the game after 2 deals: your saldo ")
    assert f"--seed {seed}" in state["replay"] and f"--convention {convention}" in state["replay"]
    text = client.request("GET", f"/api/games/{gid}/record").body
    game = preferans_records.loads(text)       # each deal dealt again from its seed and replayed move for move
    assert len(game.records) == 2 and game.records[0].seed == seed.ljust(32).encode()
    # deal k is the engine's deal k of the seed, the first dealer on your right, rotating left
    for k, rec in enumerate(game.records, 1):
        assert rec.number == k and rec.dealer == (seat - 1 + k - 1) % players
    assert dict(game.sheet().settle()) == dict(held(table, client, gid).sheet.settle())
    saved = client.json("POST", f"/api/games/{gid}/save", {})["name"]
    assert saved.startswith("preferans-") and (table.records / saved).read_bytes() == text
    # not replayed at the table yet (kozyr pref replay --file does): one line, the code, no crash
    answer = client.request("POST", f"/api/records/{saved}/replay", {})
    assert answer.status == 400 and json.loads(answer.body)["error"] == "bad_record"


def test_the_game_ends_by_itself_when_the_sheet_closes(table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    """Random bots seldom make a contract, so a real pulya takes hundreds of deals: here the sheet closes
    after its first deal, and the table must end the game by itself (no Next deal), seed and record shown."""

    class ClosesAfterOne(Sheet):
        @property
        def closed(self) -> bool:
            return len(self.deals) >= 1

    monkeypatch.setattr(preferans_table, "Sheet", ClosesAfterOne)
    client = table.client()
    gid, state = new_preferans(client, seed="close-1", target=1)
    state = play_to_sheet(client, gid, state)
    assert state["over"] and state["phase"] == "over" and state["sheet"]["closed"] and state["actions"] == []
    assert state["verdict"].startswith("Every pulya is closed after 1 deal: your saldo ")
    assert state["seed"] == "close-1" and "Every pulya is closed: the game is over." in state["log"]
    assert len(preferans_records.loads(client.request("GET", f"/api/games/{gid}/record").body).records) == 1
    refused_after = client.request("POST", f"/api/games/{gid}/move", {"action": "next"})
    assert refused_after.status == 400 and json.loads(refused_after.body)["error"] == "game_over"


def test_a_game_stops_at_the_tables_bound_of_deals(table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(preferans_table, "MAX_DEALS", 2)
    client = table.client()
    gid, state = new_preferans(client, seed="bounded")
    state = play_to_sheet(client, gid, state)
    assert state["phase"] == "sheet"
    state = client.json("POST", f"/api/games/{gid}/move", {"action": "next"})["state"]
    state = play_to_sheet(client, gid, state)
    assert state["over"] and not state["sheet"]["closed"] and state["sheet"]["deals"] == 2
    assert state["verdict"].startswith("The game stopped at the table's limit after 2 deals")
    assert len(preferans_records.loads(client.request("GET", f"/api/games/{gid}/record").body).records) == 2


def test_the_bound_of_deals_keeps_the_record_readable() -> None:
    """MAX_DEALS deals of the largest of 30 deals' records, with a fifth to spare, fit what the records folder
    reads back."""
    from kozyr.web.store import MAX_RECORD_BYTES
    game = preferans_table.PreferansTable(seat=0, seed="sizes")
    sizes: list[int] = []
    while len(sizes) < 30:
        state = game.state()
        if state["phase"] == "sheet":
            game.ended = True
            sizes.append(len(preferans_records.dumps(game.record())) - sum(sizes))
            game.ended = False
            game.act({"action": "next"})
        else:
            game.act(first_preferans_move(state))
    assert 1000 < max(sizes) and preferans_table.MAX_DEALS * max(sizes) * 1.2 <= MAX_RECORD_BYTES


def refused(client: Client, gid: str, body: Any, status: int, code: str) -> dict[str, Any]:
    before = client.json("GET", f"/api/games/{gid}")["state"]
    answer = client.request("POST", f"/api/games/{gid}/move", body)
    data = json.loads(answer.body)
    assert answer.status == status and data["error"] == code, (body, answer.status, data)
    assert "\n" not in data["message"] and code not in data["message"]
    assert data["state"] == before and client.json("GET", f"/api/games/{gid}")["state"] == before
    return data


def test_refusals_are_one_line_with_the_code_and_change_nothing(table: Table) -> None:
    client = table.client()
    gid, state = new_preferans(client, seed="refusals", seat=0)
    assert state["phase"] == "auction" and state["view"]["actor"] == 0
    refused(client, gid, {"move": "bid 5S"}, 400, "unknown_contract")             # no such contract
    refused(client, gid, {"move": "play AS"}, 409, "wrong_phase")                  # the rules refuse it
    refused(client, gid, {"move": "whist"}, 409, "wrong_phase")
    refused(client, gid, {"move": 7}, 400, "bad_move")
    refused(client, gid, {"move": "bid 6S" * 10}, 400, "bad_move")
    refused(client, gid, {"card": "AS"}, 400, "bad_request")
    refused(client, gid, {"action": "next"}, 400, "wrong_phase")                  # the deal is being played
    refused(client, gid, {"action": "leave"}, 400, "bad_request")
    state = play_to_sheet(client, gid, state)
    refused(client, gid, {"move": "pass"}, 400, "wrong_phase")                    # between deals
    client.json("POST", f"/api/games/{gid}/move", {"action": "end"})
    refused(client, gid, {"action": "next"}, 400, "game_over")


@pytest.mark.parametrize(("fields", "code"), [
    ({"seat": 3}, "bad_seat"), ({"players": 5}, "bad_players"), ({"target": 0}, "bad_target"),
    ({"target": "ten"}, "bad_target"), ({"convention": "moscow"}, "unknown_convention"),
    ({"bots": "genius"}, "unknown_bot"), ({"seed": "x" * 33}, "bad_seed"), ({"seed": "жар"}, "bad_seed"),
    ({"rung": 2}, "bad_request")])
def test_a_new_game_refuses_bad_fields(table: Table, fields: dict[str, Any], code: str) -> None:
    client = table.client()
    answer = client.request("POST", "/api/games", {"game": "preferans", **fields})
    data = json.loads(answer.body)
    assert answer.status == 400 and data["error"] == code and "\n" not in data["message"], data
    assert client.cookie is None                   # nothing made, no session kept


def test_the_session_offers_preferans(table: Table) -> None:
    choices = table.client().json("GET", "/api/session")["choices"]["preferans"]
    assert choices["bots"] and "random" in choices["bots"] and choices["players"] == [3, 4]
    assert set(choices["conventions"]) >= {"sochi", "leningrad", "rostov"}


def test_the_hint_is_rung_3s_choice_outside_the_play(table: Table) -> None:
    """In the auction the hint is rung 3's call, from a rung-3 bot of the hint's own seed, said to be so."""
    from kozyr.preferans.rungs import MonteCarloBot

    client = table.client()
    gid, state = new_preferans(client, seed="hint")
    hint = client.json("GET", f"/api/games/{gid}/hint")["hint"]
    move = MonteCarloBot("hint:hint")(held(table, client, gid).game.view(state["view"]["seat"]))
    assert hint["move"] == str(move) and hint["move"] in state["view"]["legal"]
    assert hint["lines"] == [hint["text"]] and hint["text"].startswith("Hint (rung 3): rung 3 would ")
    client.json("POST", f"/api/games/{gid}/move", {"move": hint["move"]})


def test_the_hint_in_the_play_is_the_analysis_best_first(table: Table) -> None:
    """Once you have a card to play (past raspasy's talon-led tricks), the hint lists your best legal cards
    by `analyse`'s mean settlement, with its figures; the hinted move is the first of them. The position is
    the first whose listed cards' figures differ."""
    from kozyr.preferans.analysis import analyse
    from kozyr.preferans.narration import HINT_LIMIT, HINT_SAMPLES, analysis_lines

    client = table.client()
    gid, state = new_preferans(client, seed="hint-play", target=10)
    for _ in range(200):
        if state["phase"] == "play" and any(c["legal"] for c in state["hand"]):
            hint = client.json("GET", f"/api/games/{gid}/hint")["hint"]
            figures = re.findall(r"([+-]\d+\.\d\d) whists", hint["text"])
            if hint["text"].startswith("Hint (analysis") and len(set(figures)) >= 2:    # an order that can be wrong
                break
        state = client.json("POST", f"/api/games/{gid}/move", first_preferans_move(state))["state"]
    else:
        raise AssertionError("no play position with figures")
    game = held(table, client, gid)
    view = game.game.view(game.you)
    a = analyse(view, limit=HINT_LIMIT, samples=HINT_SAMPLES, seed=game.hinter.sampling)
    ranked = sorted(a.moves, key=lambda m: -m.mean_whists)
    assert hint["lines"] == analysis_lines(a, game.words) and hint["text"] == "\n".join(hint["lines"])
    assert hint["move"] == str(ranked[0].move) and hint["move"] in state["view"]["legal"]
    assert ranked[0].mean_whists == max(m.mean_whists for m in a.moves)
    assert 2 <= len(hint["lines"]) <= 4
    for line, m in zip(hint["lines"][1:], ranked, strict=False):       # best first, each with its own figures
        assert isinstance(m.move.arg, int) and f" play {game.words.card(m.move.arg)} " in line
        assert f"{float(m.mean_whists):+.2f} whists, {float(m.mean_tricks):.2f} tricks" in line


def test_the_seed_is_committed_to_and_the_record_waits_for_the_end(table: Table) -> None:
    client = table.client()
    gid, state = new_preferans(client)
    seed = held(table, client, gid).seed
    assert len(seed) == 32 and state["commitment"] == hashlib.sha256(seed.encode()).hexdigest()
    for path in (f"/api/games/{gid}", f"/api/games/{gid}/hint", "/api/session"):
        assert seed not in client.request("GET", path).body.decode()
    answer = client.request("GET", f"/api/games/{gid}/record")
    assert answer.status == 409 and json.loads(answer.body)["error"] == "not_over"
    assert client.request("POST", f"/api/games/{gid}/save", {}).status == 409
    assert table.app.folder.list() == []


def test_a_session_keeps_at_most_its_bound_of_preferans_games(table: Table) -> None:
    from kozyr.web.sessions import MAX_GAMES

    client = table.client()
    ids = [new_preferans(client, seed=f"g{i}")[0] for i in range(MAX_GAMES + 2)]
    assert client.request("GET", f"/api/games/{ids[0]}").status == 404          # the oldest went first
    assert client.request("GET", f"/api/games/{ids[-1]}").status == 200
    assert len(client.json("GET", "/api/session")["games"]) == MAX_GAMES


def test_a_move_body_beyond_the_bound_is_refused_unread(table: Table) -> None:
    from kozyr.web.app import MAX_BODY

    client = table.client()
    gid, state = new_preferans(client, seed="big")
    answer = client.request("POST", f"/api/games/{gid}/move", {"move": "pass", "pad": "x" * MAX_BODY})
    assert answer.status == 413 and json.loads(answer.body)["error"] == "too_large"
    assert client.json("GET", f"/api/games/{gid}")["state"] == state
    other = table.client()                                   # another session: not there
    assert other.request("GET", f"/api/games/{gid}").status == 404
    assert other.request("POST", f"/api/games/{gid}/move", {"move": "pass"}).status == 404
