"""`--scheduler ADDRESS` (issue 21, item 9): a bad address is one line, and so is a scheduler that never answers.

Before: `tls://127.0.0.1:1` and `ucx://...` were TypeError tracebacks, `inproc://x:1` "not enough values to
unpack"; an HTTP server at the address made a MemoryError traceback (or hung for minutes), and a listener
that never answers hung for ever: Dask's handshake read has no timeout of its own.
"""
from __future__ import annotations

import http.server
import socket
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
from _cli_run import run

from kozyr.cli import _cluster, main


@pytest.mark.parametrize("address, words", [
    ("tls://127.0.0.1:1", "tls://"),
    ("ucx://127.0.0.1:1", "ucx://"),
    ("inproc://x:1", "inproc://"),
    ("ws://127.0.0.1:1", "ws://"),
    ("garbage", "host:port"),
    ("tcp://", "host:port"),
    ("tcp://:8786", "host"),
    ("tcp://host:0", "port"),
    ("tcp://host:99999", "port"),
    ("tcp://host:x", "port"),
    ("tcp://host:8786/path", "host:port"),
    ("tcp://user@host:8786", "host:port"),
    ("tcp://[::1:8786", "host:port"),
    ("host:" + "9" * 5000, "port"),
])
def test_a_bad_address_is_one_line(address: str, words: str, capsys: pytest.CaptureFixture[str]) -> None:
    try:
        code, out, err = run(capsys, "ladder", "3", "2", "--deals", "10", "--scheduler", address)
    except Exception as crash:   # noqa: BLE001 - the old code's tracebacks, shown as a failure
        pytest.fail(f"{address}: {type(crash).__name__}: {crash}")
    lines = err.strip().splitlines()
    assert code == 2 and out == "" and len(lines) == 1 and len(lines[0]) < 300, err
    assert "--scheduler" in lines[0] and words in lines[0], lines[0]


@pytest.mark.parametrize("address, canonical", [
    ("127.0.0.1:8786", "tcp://127.0.0.1:8786"), ("TCP://Host.Example:1", "tcp://host.example:1"),
    (" tcp://[::1]:8786 ", "tcp://[::1]:8786"), ("localhost:08786", "tcp://localhost:8786"),
])
def test_a_good_address_is_read_as_tcp_host_port(address: str, canonical: str) -> None:
    assert _cluster.scheduler_address(address) == canonical


class Quiet(http.server.BaseHTTPRequestHandler):
    def log_message(self, *args: Any) -> None:   # the server's own log would be on the test's stderr
        pass


@pytest.fixture
def http_server() -> Iterator[str]:
    """An HTTP server on 127.0.0.1: it answers, but not as Dask does."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Quiet)
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"tcp://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


@pytest.fixture
def silent_listener() -> Iterator[str]:
    """A socket that accepts connections (the kernel completes them) and never says a word."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(16)
    held: list[socket.socket] = []
    stop = threading.Event()

    def accept() -> None:
        listener.settimeout(0.2)
        while not stop.is_set():
            try:
                held.append(listener.accept()[0])
            except OSError:
                continue

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    yield f"tcp://127.0.0.1:{listener.getsockname()[1]}"
    stop.set()
    thread.join(2)
    for conn in held:
        conn.close()
    listener.close()


TIMEOUT = 1.5   # seconds, for the test; the command's own is _cluster.CONNECT_TIMEOUT (10 s)


@pytest.mark.parametrize("server", ["http_server", "silent_listener"])
def test_a_scheduler_that_is_not_dask_fails_within_the_timeout(server: str, request: pytest.FixtureRequest,
                                                               capsys: pytest.CaptureFixture[str],
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("distributed")
    address = request.getfixturevalue(server)
    monkeypatch.setattr(_cluster, "CONNECT_TIMEOUT", TIMEOUT)
    outcome: list[Any] = []

    def connect() -> None:
        try:
            outcome.append(main(["ladder", "3", "2", "--deals", "10", "--scheduler", address]))
        except BaseException as crash:   # noqa: BLE001 - reported below
            outcome.append(crash)

    began = time.perf_counter()
    worker = threading.Thread(target=connect, daemon=True)
    worker.start()
    worker.join(TIMEOUT + 5)
    took = time.perf_counter() - began
    assert not worker.is_alive(), f"still connecting to {server} after {took:.1f} s (the timeout is {TIMEOUT} s)"
    assert outcome == [2], outcome
    lines = capsys.readouterr().err.strip().splitlines()
    assert len(lines) == 1 and address in lines[0] and "Dask scheduler" in lines[0], lines
    assert took < TIMEOUT + 2, f"{took:.1f} s"
