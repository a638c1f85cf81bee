"""A table left running cannot be worn down: sessions, connections and requests are bounded, and every answer,
the HTTP layer's own included, is one JSON line with the security headers."""
from __future__ import annotations

import io
import json
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from _served import Table, stop

from kozyr.errors import KozyrError
from kozyr.web.app import WebApp
from kozyr.web.server import make_server
from kozyr.web.sessions import Sessions

HEADERS = ("cache-control", "x-content-type-options", "referrer-policy", "x-frame-options",
           "content-security-policy")


def call(app: WebApp, method: str, path: str, body: Any = None, *, addr: str = "127.0.0.1",
         cookie: str | None = None, host: str = "127.0.0.1:8000") -> tuple[int, dict[str, str], Any]:
    """One request straight into the WSGI application: status, headers (lower case), JSON."""
    data = b"" if body is None else json.dumps(body).encode()
    environ = {"REQUEST_METHOD": method, "PATH_INFO": path, "QUERY_STRING": "", "HTTP_HOST": host,
               "REMOTE_ADDR": addr, "wsgi.input": io.BytesIO(data), "CONTENT_LENGTH": str(len(data)),
               "CONTENT_TYPE": "application/json"}
    if cookie:
        environ["HTTP_COOKIE"] = f"kozyr_session={cookie}"
    got: dict[str, Any] = {}

    def start_response(status: str, headers: list[tuple[str, str]]) -> None:
        got["status"], got["headers"] = int(status.split()[0]), {k.lower(): v for k, v in headers}

    body_bytes = b"".join(app(environ, start_response))
    return got["status"], got["headers"], json.loads(body_bytes) if body_bytes.startswith(b"{") else body_bytes


def new_game(app: WebApp, addr: str = "127.0.0.1", cookie: str | None = None) -> tuple[str, str]:
    """A durak game in a new (or the given) session; (token, game id)."""
    status, headers, data = call(app, "POST", "/api/games", {"game": "durak", "rung": 1}, addr=addr, cookie=cookie)
    assert status == 201, data
    token = cookie or headers["set-cookie"].split(";")[0].split("=")[1]
    return token, data["id"]


# -- sessions ---------------------------------------------------------------------------------------------
def test_a_visit_that_makes_nothing_makes_no_session(tmp_path: Path) -> None:
    app = WebApp(str(tmp_path))
    token, gid = new_game(app)
    for i in range(1001):
        path = ("/api/session", "/api/records", f"/api/games/{gid}", "/api/nothing")[i % 4]
        status, headers, _ = call(app, "GET", path, addr=f"10.0.{i // 250}.{i % 250}")
        assert "set-cookie" not in headers and status in (200, 404)
    assert len(app.sessions) == 1
    status, _, data = call(app, "GET", f"/api/games/{gid}", cookie=token)
    assert status == 200 and data["id"] == gid             # the game outlived a thousand visits


def test_one_client_cannot_push_out_another(tmp_path: Path) -> None:
    app = WebApp(str(tmp_path))
    app.sessions = Sessions(limit=12, per_client=4)
    mine = [new_game(app, addr="10.0.0.1") for _ in range(3)]
    for _ in range(30):                                    # a flood of sessions with games from one address
        new_game(app, addr="10.0.0.66")
    assert sum(1 for s in app.sessions._by_token.values() if s.client == "10.0.0.66") == 4
    for token, gid in mine:
        assert call(app, "GET", f"/api/games/{gid}", cookie=token)[0] == 200
    for n in range(8):                                     # many clients: the total holds, the busiest pays
        new_game(app, addr=f"10.0.1.{n}")
    assert len(app.sessions) <= 12
    assert call(app, "GET", f"/api/games/{mine[-1][1]}", cookie=mine[-1][0])[0] == 200


def test_replays_are_bounded_in_bytes(tmp_path: Path) -> None:
    from kozyr.web.load import Client  # noqa: F401  (the same record the page uploads)
    app = WebApp(str(tmp_path))
    app.sessions = Sessions(replay_bytes=20_000)
    token, gid = new_game(app)
    status, _, data = call(app, "POST", "/api/watch", {"a": 1, "b": 2, "seed": "bytes", "index": 1}, cookie=token)
    assert status == 201
    for i in range(2, 40):
        other = call(app, "POST", "/api/watch", {"a": 1, "b": 2, "seed": "bytes", "index": i},
                     addr=f"10.1.0.{i}")
        assert other[0] == 201
    assert app.sessions.bytes <= 20_000
    held = sum(len(s.replays) for s in app.sessions._by_token.values())
    assert 3 <= held < 39
    assert call(app, "GET", f"/api/games/{gid}", cookie=token)[0] == 200       # games are never dropped for it


# -- the Host allow-list ------------------------------------------------------------------------------------
@pytest.mark.parametrize("bind", ["0.0.0.0", "::", "192.0.2.7", "127.0.0.1", "localhost", "::1"])
def test_every_bind_checks_the_host(tmp_path: Path, bind: str) -> None:
    app = WebApp(str(tmp_path), host=bind)
    status, _, data = call(app, "GET", "/api/session", host="evil.example:8000")
    assert status == 400 and data["error"] == "bad_host"
    for name in ("127.0.0.1:8000", "localhost", "[::1]:8000"):
        assert call(app, "GET", "/api/session", host=name)[0] == 200, name
    if bind == "192.0.2.7":
        assert call(app, "GET", "/api/session", host="192.0.2.7:8000")[0] == 200


def test_an_allowed_host_is_answered(tmp_path: Path) -> None:
    app = WebApp(str(tmp_path), host="0.0.0.0", allowed_hosts=["table.lan"])
    assert call(app, "GET", "/api/session", host="table.lan:8000")[0] == 200
    assert call(app, "GET", "/api/session", host="TABLE.LAN")[0] == 200
    assert call(app, "GET", "/api/session", host="table.lan.evil.example")[0] == 400
    with pytest.raises(KozyrError) as info:
        WebApp(str(tmp_path), host="0.0.0.0", allowed_hosts=["bad name"])
    assert info.value.code == "bad_host"


def test_an_empty_host_is_refused(tmp_path: Path) -> None:
    with pytest.raises(KozyrError) as info:
        WebApp(str(tmp_path), host="")
    assert info.value.code == "bad_host"
    run = subprocess.run([sys.executable, "-m", "kozyr", "serve", "--host", "", "--port", "0", "--records",
                          str(tmp_path)], capture_output=True, text=True, timeout=60)
    assert run.returncode == 2 and "--host" in run.stderr
    assert len(run.stderr.strip().splitlines()) == 1


def test_a_bind_beyond_the_loopback_is_warned_of(tmp_path: Path) -> None:
    server = subprocess.Popen([sys.executable, "-m", "kozyr", "serve", "--host", "0.0.0.0", "--port", "0",
                               "--records", str(tmp_path), "--allowed-host", "table.lan"],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert server.stdout is not None and server.stderr is not None
        line = server.stdout.readline()
        warning = server.stderr.readline()
    finally:
        server.terminate()
        server.wait(30)
    assert "http://0.0.0.0:" in line
    assert warning.startswith("kozyr serve: warning:") and "table.lan" in warning


# -- connections and requests --------------------------------------------------------------------------------
@pytest.fixture
def served(tmp_path: Path) -> Iterator[Any]:
    server = make_server(WebApp(str(tmp_path)), "127.0.0.1", 0, timeout=1.0)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    yield server
    stop(server, thread)


def raw(port: int, data: bytes, *, wait: float = 10) -> bytes:
    with socket.create_connection(("127.0.0.1", port), timeout=wait) as s:
        s.sendall(data)
        chunks: list[bytes] = []
        while True:
            chunk = s.recv(65536)
            if not chunk:
                return b"".join(chunks)
            chunks.append(chunk)


def json_answer(answer: bytes, status: int) -> dict[str, Any]:
    head, _, body = answer.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    assert lines[0].startswith(f"HTTP/1.0 {status} "), lines[0]
    headers = {k.lower(): v.strip() for k, _, v in (line.partition(":") for line in lines[1:])}
    for name in HEADERS:
        assert name in headers, (name, lines)
    assert headers["content-type"].startswith("application/json")
    data = json.loads(body)
    assert set(data) == {"error", "message"} and "\n" not in data["message"] and b"Traceback" not in body
    return data


@pytest.mark.parametrize(("request_bytes", "status"), [
    (b"GARBAGE\r\n\r\n", 400),
    (b"GET / HTTP/1.1 extra words\r\n\r\n", 400),
    (b"GET / HTTP/2.0\r\nHost: 127.0.0.1\r\n\r\n", 505),
    (b"GET /" + b"a" * 70000 + b" HTTP/1.1\r\n\r\n", 414),
    (b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n" + b"".join(b"X-%d: 1\r\n" % i for i in range(120)) + b"\r\n", 431),
    (b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Long: " + b"a" * 70000 + b"\r\n\r\n", 431),
    (b"GET /api/session?" + b"&".join(b"f%d=1" % i for i in range(9)) + b" HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
     400),
])
def test_the_http_layers_own_answers_are_json_with_the_headers(served: Any, request_bytes: bytes,
                                                               status: int) -> None:
    json_answer(raw(served.server_port, request_bytes), status)


def test_a_body_shorter_than_its_length_is_a_408(served: Any) -> None:
    answer = raw(served.server_port, b"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: "
                 b"application/json\r\nContent-Length: 40\r\n\r\n{\"game\": ")
    assert json_answer(answer, 408)["error"] == "timeout"


def test_a_trickling_client_is_cut_off_at_the_deadline(tmp_path: Path) -> None:
    server = make_server(WebApp(str(tmp_path)), "127.0.0.1", 0, timeout=5.0, deadline=1.0)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    try:
        with socket.create_connection(("127.0.0.1", server.server_port), timeout=10) as s:
            start = time.perf_counter()
            for byte in b"GET /api/session HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: " + b"a" * 100:
                try:
                    s.send(bytes([byte]))
                except OSError:
                    break
                time.sleep(0.05)
                if time.perf_counter() - start > 4:
                    break
            s.settimeout(10)
            answer = s.recv(65536)
            assert time.perf_counter() - start < 4           # the deadline, not the byte-to-byte timeout
        assert json_answer(answer, 408)["error"] == "timeout"
    finally:
        stop(server, thread)


def test_connections_are_capped(tmp_path: Path) -> None:
    server = make_server(WebApp(str(tmp_path)), "127.0.0.1", 0, timeout=5.0, max_connections=2)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    try:
        idle = [socket.create_connection(("127.0.0.1", server.server_port), timeout=10) for _ in range(2)]
        time.sleep(0.3)
        answer = raw(server.server_port, b"GET /api/session HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        assert json_answer(answer, 503)["error"] == "busy"
        for s in idle:
            s.close()
        time.sleep(0.3)
        assert raw(server.server_port, b"GET /api/session HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n").startswith(
            b"HTTP/1.0 200 ")
        assert threading.active_count() < 20
    finally:
        stop(server, thread)


def test_a_served_table_still_plays(table: Table) -> None:
    from kozyr.web.load import play_durak
    gid, state = play_durak(table.client(), rung=1, seed="bounds")
    assert state["over"]


# -- the records folder ----------------------------------------------------------------------------------------
def test_the_same_record_is_written_once(table: Table) -> None:
    from kozyr.web.load import play_durak
    client = table.client()
    gid, _ = play_durak(client, rung=1, seed="once")
    names = {client.json("POST", f"/api/games/{gid}/save", {})["name"] for _ in range(5)}
    assert len(names) == 1 and [p.name for p in table.records.iterdir()] == list(names)


def test_the_records_folder_is_bounded_in_count_and_bytes(tmp_path: Path) -> None:
    from kozyr.web import store
    folder = store.RecordsFolder(str(tmp_path))
    most = getattr(store, "MAX_RECORDS", 1000)
    for i in range(most):
        (tmp_path / f"durak-old-{i}.json").write_text("{}")
    with pytest.raises(KozyrError) as info:
        folder.write("durak", '{"n": 1}')
    assert info.value.code == "folder_full" and f"{most:,} records" in str(info.value)
    for i in range(most):
        (tmp_path / f"durak-old-{i}.json").unlink()
    limit = getattr(store, "MAX_FOLDER_BYTES", 64 * 1024 * 1024)
    with (tmp_path / "big.json").open("wb") as f:
        f.truncate(limit - 10)
    with pytest.raises(KozyrError) as info:
        folder.write("durak", '{"n": 123456789}')
    assert info.value.code == "folder_full"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["big.json"]


def test_a_full_folder_is_a_507_at_the_table(table: Table) -> None:
    from kozyr.web.load import play_durak
    client = table.client()
    gid, _ = play_durak(client, rung=1, seed="full")
    table.app.folder.max_records = 0
    answer = client.request("POST", f"/api/games/{gid}/save", {})
    assert answer.status == 507 and answer.data["error"] == "folder_full"


@pytest.mark.parametrize("where", ["/proc/self", "/proc", "/sys/kernel"])
def test_a_records_folder_that_cannot_be_written_is_refused(where: str) -> None:
    with pytest.raises(KozyrError) as info:
        WebApp(where)
    assert info.value.code == "bad_file" and "\n" not in str(info.value)


def test_an_overlong_durak_record_is_refused_before_its_replay(tmp_path: Path) -> None:
    from kozyr.durak.ladder.replays import MAX_MOVES
    app = WebApp(str(tmp_path))
    record = {"format": "kozyr-durak-record/1", "kozyr": "0.2.0", "deal": {"seed": "x" * 32, "number": 1},
              "moves": [[0, "take"]] * (MAX_MOVES + 1), "result": None}
    status, _, data = call(app, "POST", "/api/replays", record)
    assert status == 400 and data["error"] == "bad_record" and f"{MAX_MOVES:,}" in data["message"]


def test_a_durak_records_version_string_is_bounded(tmp_path: Path) -> None:
    app = WebApp(str(tmp_path))
    record: dict[str, Any] = {"format": "kozyr-durak-record/1", "kozyr": "0.2.0" + "x" * 100_000,
              "deal": {"seed": "x" * 32, "number": 1}, "moves": [], "result": None}
    status, _, data = call(app, "POST", "/api/replays", record)
    assert status == 400 and data["error"] == "bad_record" and "kozyr version" in data["message"]
