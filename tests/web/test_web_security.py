"""What the web table refuses: paths out of its folder, oversized and forged uploads, malformed requests, other
origins and hosts; and the headers it sends. Every refusal is a 4xx with one line, never a traceback."""
from __future__ import annotations

import io
import json
import os
import random
import socket
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from _served import Table, stop

from kozyr.web.app import MAX_BODY, WebApp
from kozyr.web.load import Client, play_durak
from kozyr.web.server import make_server
from kozyr.web.store import MAX_RECORD_BYTES


def one_line_refusal(answer: Any, status: int | tuple[int, ...]) -> dict[str, Any]:
    statuses = (status,) if isinstance(status, int) else status
    assert answer.status in statuses, (answer.status, answer.body[:200])
    data = answer.data
    assert set(data) <= {"error", "message", "state"} and data["error"] and "\n" not in data["message"]
    assert b"Traceback" not in answer.body and b"File \"" not in answer.body
    return data


def saved(client: Client) -> str:
    gid, _ = play_durak(client, rung=1, seed="saved")
    return client.json("POST", f"/api/games/{gid}/save", {})["name"]


# -- the records folder ---------------------------------------------------------------------------------
TRAVERSALS = ["../outside.json", "..%2foutside.json", "%2e%2e%2foutside.json", "..", ".", "/etc/passwd",
              "%2fetc%2fpasswd", ".hidden.json", "a%5cb.json", "x.json%00", "x" * 120 + ".json", "caf%C3%A9.json",
              "record.txt", "..%5c..%5coutside.json", "%252e%252e%252foutside.json", "x.json%0a"]


@pytest.mark.parametrize("name", TRAVERSALS)
def test_nothing_outside_the_records_folder_is_read(table: Table, name: str) -> None:
    client = table.client()
    secret = table.records.parent / "outside.json"
    record = client.json("GET", "/api/session")      # a session; and a record that would replay if read
    gid, _ = play_durak(client, rung=1, seed="outside")
    secret.write_text(json.dumps(client.json("GET", f"/api/games/{gid}/record")), encoding="utf-8")
    answer = client.request("POST", f"/api/records/{name}/replay", {})
    data = one_line_refusal(answer, (400, 404))
    assert data["error"] in ("bad_name", "no_record", "not_found"), data
    assert record is not None


def test_a_link_in_the_folder_is_not_followed(table: Table) -> None:
    client = table.client()
    name = saved(client)
    outside = table.records.parent / "elsewhere.json"
    outside.write_bytes((table.records / name).read_bytes())
    (table.records / "link.json").symlink_to(outside)
    os.mkfifo(table.records / "fifo.json")
    (table.records / "folder.json").mkdir()
    assert [r["name"] for r in client.json("GET", "/api/records")["records"]] == [name]
    for bad in ("link.json", "fifo.json", "folder.json"):
        start = time.perf_counter()
        data = one_line_refusal(client.request("POST", f"/api/records/{bad}/replay", {}), 400)
        assert data["error"] == "bad_file" and time.perf_counter() - start < 5, bad   # a FIFO does not block
    assert client.request("POST", f"/api/records/{name}/replay", {}).status == 201


def test_static_files_are_a_fixed_list(table: Table) -> None:
    client = table.client()
    for path in ("/static/../app.py", "/static/%2e%2e/app.py", "/static/app.py", "/static/", "/static/table.js/",
                 "/static//etc/passwd", "/index.html", "/favicon.ico", "/api", "/api/", "/api/games/x/y"):
        one_line_refusal(client.request("GET", path), (404, 405))
    assert client.request("GET", "/static/table.js").status == 200


def test_saved_records_get_fresh_names_and_never_replace(table: Table) -> None:
    client = table.client()
    names = set()
    for seed in ("twice-1", "twice-2", "twice-3"):
        gid, _ = play_durak(client, rung=1, seed=seed)
        names |= {client.json("POST", f"/api/games/{gid}/save", {})["name"] for _ in range(2)}
    assert len(names) == 3 and sorted(p.name for p in table.records.iterdir()) == sorted(names)
    assert all(json.loads((table.records / n).read_text(encoding="utf-8"))["result"] for n in names)
    one_line_refusal(client.request("POST", f"/api/games/{gid}/save", {"name": "../x.json"}), 400)


# -- uploads ------------------------------------------------------------------------------------------------
def test_an_upload_is_bounded_and_validated(table: Table) -> None:
    client = table.client()
    gid, _ = play_durak(client, rung=2, seed="forge")
    record = client.json("GET", f"/api/games/{gid}/record")
    forged = json.loads(json.dumps(record))
    forged["moves"][3][1] = "take" if forged["moves"][3][1] != "take" else "done"
    data = one_line_refusal(client.request("POST", "/api/replays", forged), 400)
    assert "record move 3" in data["message"] or "record move" in data["message"]
    changed = json.loads(json.dumps(record))
    changed["result"] = {"outcome": "draw", "fool": None}
    assert one_line_refusal(client.request("POST", "/api/replays", changed), 400)["error"] == "bad_record"
    assert head_only(table.port, "/api/replays", MAX_RECORD_BYTES + 1).startswith(b"HTTP/1.0 413")
    assert head_only(table.port, "/api/games", MAX_BODY + 1).startswith(b"HTTP/1.0 413")
    assert head_only(table.port, "/api/replays", 10**15).startswith(b"HTTP/1.0 413")
    for raw in (b"{", b"[" * 100_000, b"\xff\xfe", b'{"format": NaN}', b"1" * 5000, b"[]", b'"record"',
                b'{"format": "kozyr-durak-record/1"}', b'{"format": "kozyr-hokm-record/1", "hands": []}',
                b'{"format": "chess"}', json.dumps({"a": [[[[[[[[[[1]]]]]]]]]]}).encode()):
        one_line_refusal(client.request("POST", "/api/replays", raw=raw), 400)
    assert client.request("POST", "/api/replays", record).status == 201


# -- requests -----------------------------------------------------------------------------------------------
BAD_GAMES = [
    {"game": "chess"}, {}, {"game": "durak", "rung": "2"}, {"game": "durak", "rung": 2.0},
    {"game": "durak", "rung": True}, {"game": "durak", "rung": 9}, {"game": "durak", "seat": 2},
    {"game": "durak", "seat": -1}, {"game": "durak", "seed": "\u00e9t\u00e9"}, {"game": "durak", "seed": "x" * 33},
    {"game": "durak", "seed": "tab\there"}, {"game": "durak", "seed": 5},
    {"game": "durak", "rules": {"seats": 3, "teams": True}},
    {"game": "durak", "rules": {"colour": 1}}, {"game": "durak", "rules": "seats=3"},
    {"game": "durak", "rules": {"seats": 9}}, {"game": "durak", "colour": "red"},
    {"game": "hokm", "bots": ["x", "greedy", "greedy"]}, {"game": "hokm", "bots": ["greedy"]},
    {"game": "hokm", "bots": "greedy"}, {"game": "hokm", "target": 0}, {"game": "hokm", "target": 22},
    {"game": "hokm", "seed": -1}, {"game": "hokm", "seed": "x"}, {"game": "hokm", "seed": 2**64},
    {"game": "hokm", "seat": 4}, {"game": "hokm", "seat": None}, {"game": "hokm", "bots": [1, 2, 3]},
    {"game": "preferans", "players": 2}, {"game": "preferans", "players": "3"}, {"game": "preferans", "seat": 3},
    {"game": "preferans", "players": 4, "seat": 4}, {"game": "preferans", "target": 101},
    {"game": "preferans", "target": True}, {"game": "preferans", "convention": ["sochi"]},
    {"game": "preferans", "convention": "moscow"}, {"game": "preferans", "bots": ["random"]},
    {"game": "preferans", "bots": "x"}, {"game": "preferans", "seed": 5}, {"game": "preferans", "seed": "a\nb"},
    {"game": "preferans", "rules": {}},
]


@pytest.mark.parametrize("body", BAD_GAMES, ids=[json.dumps(b)[:40] for b in BAD_GAMES])
def test_every_field_of_a_new_game_is_checked(table: Table, body: dict[str, Any]) -> None:
    client = table.client()
    one_line_refusal(client.request("POST", "/api/games", body), 400)
    assert client.json("GET", "/api/session")["games"] == []


def test_the_request_itself_is_checked(table: Table) -> None:
    client = table.client()
    client.json("GET", "/api/session")
    good = json.dumps({"game": "durak"}).encode()
    cases = [
        ({"Content-Type": "text/plain"}, good, 415),
        ({"Content-Type": "application/x-www-form-urlencoded"}, b"game=durak", 415),
        ({"Origin": "http://evil.example"}, good, 403),
        ({"Origin": "null"}, good, 403),
        ({"Sec-Fetch-Site": "cross-site"}, good, 403),
        ({"Sec-Fetch-Site": "same-site"}, good, 403),
        ({"Host": "evil.example"}, good, 400),
        ({"Host": "127.0.0.1.evil.example:80"}, good, 400),
    ]
    for headers, raw, status in cases:
        one_line_refusal(client.request("POST", "/api/games", raw=raw, headers=headers), status)
    one_line_refusal(client.request("GET", "/", headers={"Host": "rebound.example"}), 400)
    for method in ("PUT", "DELETE", "PATCH"):
        one_line_refusal(client.request(method, "/api/games", raw=good), 405)
    one_line_refusal(client.request("GET", "/api/games"), 405)
    one_line_refusal(client.request("POST", "/"), 405)
    assert client.json("GET", "/api/session")["games"] == []
    ok = client.request("POST", "/api/games", raw=good, headers={"Origin": f"http://127.0.0.1:{table.port}",
                                                                   "Sec-Fetch-Site": "same-origin"})
    assert ok.status == 201


def head_only(port: int, path: str, length: int) -> bytes:
    """The answer to a POST that announces `length` bytes and sends none: the server answers without reading."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
        s.sendall(f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                  f"Content-Length: {length}\r\n\r\n".encode())
        answer = s.recv(65536)
    assert b"Traceback" not in answer
    return answer


def test_a_post_without_a_length_is_refused(table: Table) -> None:
    with socket.create_connection(("127.0.0.1", table.port), timeout=10) as s:
        s.sendall(b"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                  b"Transfer-Encoding: chunked\r\n\r\n5\r\n{...}\r\n0\r\n\r\n")
        answer = s.recv(65536)
    assert answer.startswith(b"HTTP/1.0 411") and b"Traceback" not in answer


def test_a_silent_connection_is_closed(tmp_path: Path) -> None:
    server = make_server(WebApp(str(tmp_path)), "127.0.0.1", 0, timeout=0.5)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    try:
        with socket.create_connection(("127.0.0.1", server.server_port), timeout=10) as s:
            start = time.perf_counter()
            answer = s.recv(4096)                          # a 408 from the server, not our timeout
            assert answer.startswith(b"HTTP/1.0 408 ") and b'"error": "timeout"' in answer, answer
            assert s.recv(100) == b""                      # then closed
            assert time.perf_counter() - start < 5
    finally:
        stop(server, thread)


def test_the_headers(table: Table) -> None:
    client = table.client()
    page = client.request("GET", "/")
    policy = page.headers["content-security-policy"]
    assert "script-src 'self'" in policy and "default-src 'none'" in policy and "unsafe" not in policy
    assert "frame-ancestors 'none'" in policy and "connect-src 'self'" in policy
    assert "set-cookie" not in client.request("GET", "/api/session").headers     # a visit makes no session
    cookie = client.request("POST", "/api/games", {"game": "durak"}).headers["set-cookie"]
    assert "HttpOnly" in cookie and "SameSite=Strict" in cookie and "Path=/" in cookie
    for answer in (page, client.request("GET", "/static/table.js"), client.request("GET", "/api/session"),
                   client.request("GET", "/api/nothing"), client.request("POST", "/api/games", {"game": 1})):
        assert answer.headers["cache-control"] == "no-store"
        assert answer.headers["x-content-type-options"] == "nosniff"
        assert answer.headers["referrer-policy"] == "no-referrer"
        assert answer.headers["x-frame-options"] == "DENY"
        assert "content-security-policy" in answer.headers
    assert client.request("GET", "/static/table.js").headers["content-type"].startswith("text/javascript")


def test_no_code_from_a_request_is_run(table: Table, tmp_path: Path) -> None:
    client = table.client()
    gid = client.json("POST", "/api/games", {"game": "durak", "seed": "x"})["id"]
    marker = tmp_path / "ran"
    for text in (f"__import__('os').system('touch {marker}')", f"attack {{open('{marker}','w')}}", "${7*7}",
                 "<script>alert(1)</script>"):
        answer = client.request("POST", f"/api/games/{gid}/move", {"move": text})
        one_line_refusal(answer, 400)
        assert "<script>" not in answer.data["message"] or answer.headers["content-type"].startswith(
            "application/json")
    assert not marker.exists()


def test_fuzzed_requests_are_refused_not_crashed(table: Table) -> None:
    rng = random.Random(28)
    client = table.client()
    gid = client.json("POST", "/api/games", {"game": "durak", "seed": "fuzz"})["id"]
    hid = client.json("POST", "/api/games", {"game": "hokm", "seed": 1})["id"]
    pid = client.json("POST", "/api/games", {"game": "preferans", "seed": "fuzz"})["id"]
    values: list[Any] = [None, True, 0, -1, 2**70, 1.5, float("1e308"), "", "x", "attack AS", "AS", "S", [], {},
                         [1, 2], {"a": 1}, "\u0000", "\ud7ff" * 10, "9" * 400, "preferans", "pass", "bid 6S",
                         "play AS", "discard AS KS", "next", "end"]
    keys = ["game", "move", "card", "trump", "rung", "seat", "seed", "rules", "bots", "target", "a", "b", "index",
            "deal", "name", "step", "action", "players", "convention"]
    paths = ["/api/games", f"/api/games/{gid}/move", f"/api/games/{hid}/move", f"/api/games/{pid}/move",
             f"/api/games/{gid}/save",
             "/api/watch", "/api/replays", "/api/records/x.json/replay"]
    for _ in range(300):
        body = {rng.choice(keys): rng.choice(values) for _ in range(rng.randint(0, 4))}
        path = rng.choice(paths)
        answer = client.request("POST", path, body)
        assert answer.status < 500, (path, body, answer.body[:300])
        if answer.status >= 400:
            one_line_refusal(answer, answer.status)
    for _ in range(100):
        raw = bytes(rng.getrandbits(8) for _ in range(rng.randint(0, 64)))
        answer = client.request("POST", rng.choice(paths), raw=raw)
        assert 400 <= answer.status < 500
        one_line_refusal(answer, answer.status)
    for _ in range(100):
        junk = "".join(rng.choice("abc/._-%0%2e?=&x") for _ in range(rng.randint(1, 30)))
        answer = client.request("GET", "/api/" + junk)
        assert answer.status < 500, junk


def test_a_bug_is_a_500_with_one_line_and_the_traceback_in_the_log(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    log = io.StringIO()
    app = WebApp(str(tmp_path), log=log)
    server = make_server(app, "127.0.0.1", 0)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    try:
        def broken(self: object, request: object, session: object) -> None:
            raise RuntimeError("a planted bug")

        monkeypatch.setattr(WebApp, "list_records", broken)
        app.routes = [(m, p, getattr(app, h.__name__, h)) for m, p, h in app.routes]   # the runs page: its own
        answer = Client("127.0.0.1", server.server_port).request("GET", "/api/records")
        data = one_line_refusal(answer, 500)
        assert data["error"] == "internal" and "planted" not in data["message"]
        assert "RuntimeError: a planted bug" in log.getvalue() and "Traceback" in log.getvalue()
    finally:
        stop(server, thread)
