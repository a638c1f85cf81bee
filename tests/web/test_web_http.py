"""The web table over HTTP: whole games through the API, honest state, records, replays and the ladder's deals."""
from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
from typing import Any

import pytest
from _served import Table, start, stop

from kozyr.cards import card_name, pretty
from kozyr.durak import Game, pad_seed
from kozyr.durak.ladder import ladder
from kozyr.durak.records import from_record
from kozyr.hokm.records import from_record as hokm_from_record
from kozyr.web.durak_table import DurakTable
from kozyr.web.load import Client, first_durak_move, first_hokm_move, play_durak, play_hokm


def new_durak(client: Client, **fields: Any) -> tuple[str, dict[str, Any]]:
    answer = client.json("POST", "/api/games", {"game": "durak", **fields})
    return answer["id"], answer["state"]


# -- playing ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("rung", "seat", "seed"), [(1, 0, "a"), (2, 1, "b"), (3, 0, "c"), (4, 1, "d")])
def test_a_whole_durak_deal_is_the_engines_deal(table: Table, rung: int, seat: int, seed: str) -> None:
    client = table.client()
    gid, state = play_durak(client, rung=rung, seat=seat, seed=seed)
    assert state["over"] and state["verdict"] and state["status"] == "Game over."
    record = client.json("GET", f"/api/games/{gid}/record")
    game = from_record(record)                       # the engine replays every move the table applied
    assert game.over and record["deal"] == {"seed": seed.ljust(32), "number": 1}
    assert game.order == Game.from_seed(pad_seed(seed)).order
    you = [m for s, m in game.history if s == seat]
    assert len(you) >= 1 and state["moves"] == game.moves
    assert state["replay"] == f"kozyr play --seed {seed} --level {rung} --seat {seat}"


@pytest.mark.parametrize("seed", ["hidden-1", "hidden-2", "hidden-3", "hidden-4"])
def test_the_state_shows_only_your_seat(table: Table, seed: str) -> None:
    """Right after the deal (and the bot's first moves), no card of the bot's hand that it has not shown is
    anywhere in what the page gets: not drawn, not named, not in the narration."""
    client = table.client()
    gid, state = new_durak(client, rung=2, seat=0, seed=seed)
    assert client.request("GET", f"/api/games/{gid}/record").status == 409     # not while the deal runs
    game = DurakTable(rung=2, seat=0, seed=seed).game                # the same deal, played the same way
    assert game.ply == state["ply"]
    shown = {e.card for e in game.events if e.card is not None}         # played, or the turn-up swapped in
    hidden = [c for c in game.hands[1] if c not in shown]
    assert hidden
    text = json.dumps(state, ensure_ascii=False)
    for c in hidden:
        assert f'data-card="{card_name(c)}"' not in text and pretty(c) not in text, card_name(c)
        assert f'"{card_name(c)}"' not in text
    assert {c["card"] for c in state["hand"]} == {card_name(c) for c in game.hands[0]}


@pytest.mark.parametrize(("seat", "seed"), [(0, 1), (1, 2), (2, 3), (3, 4)])
def test_a_whole_hokm_match_to_one_point(table: Table, seat: int, seed: int) -> None:
    client = table.client()
    gid, state = play_hokm(client, seat=seat, seed=seed, target=1)
    assert state["over"] and state["verdict"].startswith(("You win", "You lose"))
    record = client.json("GET", f"/api/games/{gid}/record")
    replay = hokm_from_record(record)
    assert replay.over and len(replay.hands) == 1 and replay.hands[0].result is not None
    assert any(line.startswith("Hand 1:") for line in state["log"])


def test_hokm_names_trump_and_refuses_off_suit(table: Table) -> None:
    client = table.client()
    for seed in range(40):          # a seed where you are the first hakem, so trump is yours to name
        answer = client.json("POST", "/api/games", {"game": "hokm", "seat": 0, "seed": seed, "target": 1})
        if answer["state"]["phase"] == "choose_trump":
            break
    else:
        raise AssertionError("no seed made seat 0 hakem")
    gid, state = answer["id"], answer["state"]
    assert all(t["legal"] for t in state["trumps"]) and not any(c["legal"] for c in state["hand"])
    refused = client.request("POST", f"/api/games/{gid}/move", {"card": state["hand"][0]["card"]})
    assert refused.status == 409 and refused.data["error"] == "wrong_phase"
    state = client.json("POST", f"/api/games/{gid}/move", {"trump": "h"})["state"]
    assert state["trump"] == "H" and len(state["hand"]) == 13
    while not state["over"]:
        illegal = [c for c in state["hand"] if not c["legal"]]
        if state["to_act"] == 0 and illegal:
            before = client.json("GET", f"/api/games/{gid}")["state"]
            refused = client.request("POST", f"/api/games/{gid}/move", {"card": illegal[0]["card"]})
            assert refused.status == 409 and refused.data["error"] == "must_follow_suit"
            assert refused.data["state"] == before == client.json("GET", f"/api/games/{gid}")["state"]
            break
        state = client.json("POST", f"/api/games/{gid}/move", first_hokm_move(state))["state"]
    else:
        raise AssertionError("no position where a card had to be refused")


def test_a_refused_move_is_one_line_and_changes_nothing(table: Table) -> None:
    client = table.client()
    gid, state = new_durak(client, rung=1, seat=0, seed="refuse")
    held = {c["card"] for c in state["hand"]}
    absent = next(f"{r}{s}" for s in "SHDC" for r in "6789TJQKA" if f"{r}{s}" not in held)
    tries = [({"move": f"attack {absent}"}, 409, "card_not_held"), ({"move": "beat"}, 400, "bad_move"),
             ({"move": "fly away"}, 400, "bad_move"), ({"move": 7}, 400, "bad_move"),
             ({"move": "attack AS", "extra": 1}, 409, None)]
    for body, status, code in tries:
        before = client.json("GET", f"/api/games/{gid}")["state"]
        answer = client.request("POST", f"/api/games/{gid}/move", body)
        if code is None:
            continue
        assert answer.status == status, (body, answer.body)
        assert answer.data["error"] == code and "\n" not in answer.data["message"]
        assert answer.data["state"] == before == client.json("GET", f"/api/games/{gid}")["state"]


def test_the_hint_is_a_legal_move(table: Table) -> None:
    client = table.client()
    gid, state = new_durak(client, rung=2, seat=0, seed="hint")
    for _ in range(6):
        if state["over"]:
            break
        hint = client.json("GET", f"/api/games/{gid}/hint")["hint"]
        legal = {m for c in state["hand"] for m in c["moves"]} | {a["move"] for a in state["actions"] if a["legal"]}
        assert hint["move"] in legal and hint["text"].startswith("Hint (search, rung 4)")
        state = client.json("POST", f"/api/games/{gid}/move", {"move": hint["move"]})["state"]
    answer = client.json("POST", "/api/games", {"game": "hokm", "seed": 9, "target": 1})
    hint = client.json("GET", f"/api/games/{answer['id']}/hint")["hint"]
    legal = {c["card"] for c in answer["state"]["hand"] if c["legal"]} | \
        {t["suit"] for t in answer["state"]["trumps"] if t["legal"]}
    assert (hint.get("card") or hint.get("trump")) in legal


def test_resign(table: Table) -> None:
    client = table.client()
    gid, state = new_durak(client, rung=2, seat=0, seed="resign")
    state = client.json("POST", f"/api/games/{gid}/move", {"move": "resign"})["state"]
    assert state["over"] and state["verdict"] == "You resigned: you are the fool."
    answer = client.request("POST", f"/api/games/{gid}/move", first_durak_move_or_take(state))
    assert answer.status == 409 and answer.data["error"] == "game_over"


def first_durak_move_or_take(state: dict[str, Any]) -> dict[str, Any]:
    return {"move": "take"} if state["over"] else first_durak_move(state)


# -- sessions ------------------------------------------------------------------------------------------------
def test_each_session_has_its_own_games_and_a_reload_resumes(table: Table) -> None:
    alice, bob = table.client(), table.client()
    gid, state = new_durak(alice, rung=2, seed="alice")
    state = alice.json("POST", f"/api/games/{gid}/move", first_durak_move(state))["state"]
    again = alice.json("GET", "/api/session")                   # a reload: the same cookie
    assert again["current"] == {"game": gid, "state": state}
    assert bob.json("GET", "/api/session")["current"] is None
    for method, path, body in (("GET", f"/api/games/{gid}", None), ("POST", f"/api/games/{gid}/move", {"move": "take"}),
                               ("GET", f"/api/games/{gid}/hint", None), ("POST", f"/api/games/{gid}/save", {}),
                               ("GET", f"/api/games/{gid}/record", None)):
        answer = bob.request(method, path, body)
        assert answer.status == 404 and answer.data["error"] == "no_game", path
    assert alice.json("GET", f"/api/games/{gid}")["state"] == state
    forged = Client("127.0.0.1", table.port)
    forged.cookie = "kozyr_session=" + "A" * 32
    assert forged.request("GET", f"/api/games/{gid}").status == 404


def test_a_session_keeps_at_most_so_many_games(table: Table) -> None:
    from kozyr.web.sessions import MAX_GAMES

    client = table.client()
    ids = [new_durak(client, rung=1, seed=f"g{i}")[0] for i in range(MAX_GAMES + 2)]
    games = client.json("GET", "/api/session")["games"]
    assert [g["id"] for g in games] == ids[2:]
    assert client.request("GET", f"/api/games/{ids[0]}").status == 404


# -- records and replays ----------------------------------------------------------------------------------
def test_save_list_and_replay_survive_a_restart(tmp_path: Any) -> None:
    records = tmp_path / "records"
    served, server, thread = start(records)
    client = served.client()
    gid, final = play_durak(client, rung=2, seed="keep")
    name = client.json("POST", f"/api/games/{gid}/save", {})["name"]
    hid, _ = play_hokm(client, seed=5)
    hname = client.json("POST", f"/api/games/{hid}/save", {})["name"]
    stop(server, thread)
    assert sorted(p.name for p in records.iterdir()) == sorted([name, hname])   # no temporary file left

    served, server, thread = start(records)                          # a new server, the same folder
    try:
        client = served.client()
        listed = [r["name"] for r in client.json("GET", "/api/records")["records"]]
        assert sorted(listed) == sorted([name, hname])
        opened = client.json("POST", f"/api/records/{name}/replay", {})
        summary, frame = opened["summary"], opened["frame"]
        assert summary["kind"] == "durak" and summary["steps"] == final["moves"] and frame["step"] == 0
        last = client.json("GET", f"/api/replays/{opened['replay']}?step={summary['steps']}")["frame"]
        assert last["over"] and last["verdict"] == summary["end"]
        opened = client.json("POST", f"/api/records/{hname}/replay", {})
        assert opened["summary"]["kind"] == "hokm" and opened["summary"]["end"].startswith("team ")
    finally:
        stop(server, thread)


def test_replay_steps_forward_back_and_to_a_bout(table: Table) -> None:
    client = table.client()
    gid, _ = play_durak(client, rung=3, seed="steps")
    record = client.json("GET", f"/api/games/{gid}/record")
    game = from_record(record)
    opened = client.json("POST", "/api/replays", record)
    rid, summary = opened["replay"], opened["summary"]
    assert summary["steps"] == game.moves and summary["seats"] == 2
    bouts = [m["step"] for m in summary["marks"]]
    again, ends = Game.from_order(game.order), []
    for n, (s, m) in enumerate(game.history, 1):
        if any(e.kind == "bout_end" for e in again.apply(s, m)) and n < game.moves:
            ends.append(n)
    assert bouts == [0, *ends] and len(bouts) > 3
    for step in (1, summary["steps"] // 2, bouts[-1], summary["steps"], 0):
        frame = client.json("GET", f"/api/replays/{rid}?step={step}&seat=1")["frame"]
        replayed = Game.from_order(game.order)
        for s, m in game.history[:step]:
            replayed.apply(s, m)
        assert frame["step"] == step and frame["seat"] == 1
        assert frame["picture"] == __import__("kozyr.svg", fromlist=["durak_svg"]).durak_svg(replayed.view(1))
        assert [h["count"] for h in frame["hands"]] == [len(replayed.hands[0])]
    for query in ("step=-1", f"step={summary['steps'] + 1}", "step=x", "seat=2", "step=1&step=2", "step=" + "9" * 40):
        answer = client.request("GET", f"/api/replays/{rid}?{query}")
        assert answer.status == 400, query


def test_a_hokm_replay_shows_every_hand_face_up(table: Table) -> None:
    client = table.client()
    gid, _ = play_hokm(client, seed=8, target=3)
    record = client.json("GET", f"/api/games/{gid}/record")
    opened = client.json("POST", "/api/replays", record)
    rid, summary = opened["replay"], opened["summary"]
    hands = [m for m in summary["marks"] if m["label"].startswith("hand") and "trick" not in m["label"]]
    assert len(hands) == len(record["hands"]) >= 2
    frame = client.json("GET", f"/api/replays/{rid}?step={hands[1]['step']}&seat=2")["frame"]
    assert frame["mark"] == "hand 2" and [h["seat"] for h in frame["hands"]] == [0, 1, 3]
    assert all(h["count"] == 5 for h in frame["hands"])          # the second deal: five cards each so far
    end = client.json("GET", f"/api/replays/{rid}?step={summary['steps']}")["frame"]
    assert end["over"] and end["verdict"] == summary["end"]


def test_watch_deal_4711_of_a_ladder(table: Table) -> None:
    client = table.client()
    played = ladder(3, 2, 4711, seed="ladder")
    for index in (1, 2, 4711):
        opened = client.json("POST", "/api/watch", {"a": 3, "b": 2, "seed": "ladder", "index": index})
        summary = opened["summary"]
        assert summary["steps"] == int(played.moves[index - 1]), index
        fool = int(played.fool[index - 1])     # 0 side a, 1 side b, -1 a draw; side a sits in seat index % 2
        want = "a draw" if fool < 0 else f"seat {(index % 2) if fool == 0 else 1 - index % 2} is the fool"
        assert summary["end"] == want, index
    name = client.json("POST", f"/api/replays/{opened['replay']}/save", {})["name"]
    again = client.json("POST", f"/api/records/{name}/replay", {})["summary"]
    assert again["steps"] == summary["steps"] and again["end"] == summary["end"]
    # rung 4 decides from its view alone: the watch replays its ladder deals too (it was refused)
    fours = ladder(4, 2, 3, seed="ladder4")
    for index in (1, 3):
        summary = client.json("POST", "/api/watch", {"a": 4, "b": 2, "seed": "ladder4", "index": index})["summary"]
        assert summary["steps"] == int(fours.moves[index - 1]), index
    for body in ({"a": 5, "b": 2}, {"a": 0, "b": 2}, {"a": 3, "b": 2, "index": 0}, {"a": 3, "b": 2, "deal": "slow"},
                 {"a": "3", "b": 2}, {"a": 3, "b": 2, "seed": ""}, {"a": 3, "b": 2, "seed": 5},
                 {"a": 3, "b": 2, "index": 2.5}, {"a": 3, "b": 2, "what": 1}):
        answer = client.request("POST", "/api/watch", body)
        assert answer.status == 400 and "\n" not in answer.data["message"], body


# -- the command -------------------------------------------------------------------------------------------
def test_kozyr_serve_prints_its_address_and_listens_on_the_loopback(tmp_path: Any) -> None:
    # SIGINT as the terminal sends it: default in the child even when this run is a background job (which
    # ignores SIGINT, and Python then leaves it ignored)
    proc = subprocess.Popen([sys.executable, "-m", "kozyr.cli", "serve", "--port", "0", "--records",
                             str(tmp_path / "r")], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        line = proc.stdout.readline() if proc.stdout else ""
        assert line.startswith("kozyr serve: the table is at http://127.0.0.1:"), line
        port = int(line.split("127.0.0.1:")[1].split("/")[0])
        client = Client("127.0.0.1", port)
        page = client.request("GET", "/")
        assert page.status == 200 and b"/static/table.js" in page.body
        assert (tmp_path / "r").is_dir()
        out = subprocess.run(["ss", "-ltnp"], capture_output=True, text=True).stdout
        mine = [row for row in out.splitlines() if f"pid={proc.pid}," in row]
        if mine:                               # ss names the process's sockets: one, on 127.0.0.1
            assert len(mine) == 1 and f"127.0.0.1:{port}" in mine[0], mine
    finally:
        proc.send_signal(2)                    # Ctrl-C
        try:
            out, err = proc.communicate(timeout=10)
        finally:
            proc.kill()
    assert proc.returncode == 0 and "stopped" in out and "Traceback" not in err


def test_sigterm_stops_kozyr_serve(tmp_path: Any) -> None:
    proc = subprocess.Popen([sys.executable, "-m", "kozyr.cli", "serve", "--port", "0", "--records",
                             str(tmp_path / "r")], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert (proc.stdout.readline() if proc.stdout else "").startswith("kozyr serve: the table is at")
        proc.terminate()
        out, err = proc.communicate(timeout=10)
    finally:
        proc.kill()
    assert proc.returncode == 0 and "stopped" in out and "Traceback" not in err


def test_kozyr_serve_refuses_a_bad_port() -> None:
    for args in (["--port", "70000"], ["--port", "-1"], ["--port", "x"]):
        run = subprocess.run([sys.executable, "-m", "kozyr.cli", "serve", *args], capture_output=True, text=True,
                             timeout=30)
        assert run.returncode == 2 and len(run.stderr.strip().splitlines()) == 1, (args, run.stderr)


def test_a_busy_port_is_one_line(table: Table) -> None:
    start = time.perf_counter()
    run = subprocess.run([sys.executable, "-m", "kozyr.cli", "serve", "--port", str(table.port)], capture_output=True,
                         text=True, timeout=30)
    assert run.returncode == 2 and "cannot listen" in run.stderr and len(run.stderr.strip().splitlines()) == 1
    assert time.perf_counter() - start < 30


def test_the_durak_table_comes_from_rules(table: Table) -> None:
    """The table's seats and options are one Rules value: the two-seat game, written out or not, is the two-seat
    game; every other table the engine deals is dealt (issue 24), and the page is offered every option."""
    client = table.client()
    choices = client.json("GET", "/api/session")["choices"]["durak"]
    assert choices["seats"] == [2, 3, 4, 5, 6] and choices["variants"] == ["podkidnoy", "perevodnoy"]
    assert choices["decks"] == [24, 32, 36, 52] and choices["throw_ins"] == ["all", "neighbours"]
    rules: dict[str, Any]
    for rules in ({}, {"seats": 2}, {"seats": 2, "deck": 36, "variant": "podkidnoy", "swap": True}):
        _, state = new_durak(client, rung=1, seed="rules", rules=rules)
        assert state["seats"] == 2 and state["rules"] == {}
    for rules in ({"seats": 4}, {"variant": "perevodnoy"}, {"deck": 52}):
        _, state = new_durak(client, rung=1, seed="rules", rules=rules)
        assert state["rules"] == rules and state["seats"] == rules.get("seats", 2)
