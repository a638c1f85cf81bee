"""The web table as a user leaves it running: players, slow clients and a flood of visits against `kozyr serve`.

    nice python benchmarks/web_load.py [--games 50] [--trickle 200] [--visits 1000] [--runs 1]

Each run starts `kozyr serve --port 0` on 127.0.0.1 in a process of its own (a fresh records folder)
and measures three phases, each bounded in requests and in time (`--deadline` seconds a phase):

1. `--games` players at once (`kozyr.web.load`: one thread and one session each, four in five durak
   deals against rungs 1 to 3, one in five a hokm match to one point);
2. the same players again, beside `--trickle` idle connections that each send a request head one byte a
   second and never finish it (each is cut off by the server's whole-request deadline and comes back);
3. `--visits` GETs without a cookie from 20 threads (the page, /api/session, /api/records), after which
   one player's game made before the flood must still be there.

For each phase it prints the requests, the 50th and 99th percentile latency, what was refused (408s and
503s, and connections the server cut), and the load average before and after, since this machine is
shared; then the server's peak resident memory (VmHWM). The client runs in this process, so client and
server share the machine's cores. A benchmark, never a timed test.
"""
from __future__ import annotations

import argparse
import http.client
import os
import select
import socket
import subprocess
import sys
import tempfile
import threading
import time
from typing import Any

from kozyr.web.load import Client, load, percentile, play_durak


def peak_rss(pid: int) -> str:
    """The process's peak resident memory (VmHWM), while it runs."""
    try:
        with open(f"/proc/{pid}/status", encoding="ascii") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return f"{int(line.split()[1]) / 1024:.0f} MB"
    except OSError:
        pass
    return "unknown"


def threads_of(pid: int) -> int:
    try:
        with open(f"/proc/{pid}/status", encoding="ascii") as f:
            for line in f:
                if line.startswith("Threads:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return -1


class Trickle:
    """`count` connections that each send a request head one byte a second; cut off, they connect again."""

    def __init__(self, port: int, count: int) -> None:
        self.port, self.count = port, count
        self.stop = threading.Event()
        self.answers: dict[str, int] = {}
        self.lock = threading.Lock()
        self.threads = [threading.Thread(target=self.one, daemon=True) for _ in range(count)]

    def note(self, what: str) -> None:
        with self.lock:
            self.answers[what] = self.answers.get(what, 0) + 1

    def one(self) -> None:
        head = b"GET /api/session HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: " + b"a" * 10_000
        while not self.stop.is_set():
            answer = b""
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=30) as s:
                    for byte in head:
                        if self.stop.wait(1.0):
                            return
                        if select.select([s], [], [], 0)[0]:      # the server answered (and closes)
                            answer = s.recv(64)
                            break
                        s.send(bytes([byte]))
            except OSError as e:
                self.note(type(e).__name__)
                continue
            self.note(answer.split(b" ")[1].decode() if answer.startswith(b"HTTP/") else "closed")

    def __enter__(self) -> Trickle:
        for t in self.threads:
            t.start()
            time.sleep(0.005)
        return self

    def __exit__(self, *exc: Any) -> None:
        self.stop.set()
        for t in self.threads:
            t.join(5)


def visits(port: int, count: int, deadline: float) -> tuple[list[float], dict[str, int]]:
    """`count` cookie-less GETs from 20 threads; latencies and what was answered (or set a cookie)."""
    latencies: list[float] = []
    seen: dict[str, int] = {}
    lock = threading.Lock()
    paths = ("/", "/api/session", "/api/records")
    began = time.perf_counter()

    def one(k: int) -> None:
        for i in range(k, count, 20):
            if time.perf_counter() - began > deadline:
                return
            start = time.perf_counter()
            try:
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
                conn.request("GET", paths[i % 3])
                response = conn.getresponse()
                response.read()
                conn.close()
                what = str(response.status) + (" cookie" if response.getheader("Set-Cookie") else "")
            except OSError as e:
                what = type(e).__name__
            with lock:
                latencies.append(time.perf_counter() - start)
                seen[what] = seen.get(what, 0) + 1

    threads = [threading.Thread(target=one, args=(k,), daemon=True) for k in range(20)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(deadline)
    return latencies, seen


def loadavg() -> str:
    return f"{os.getloadavg()[0]:.2f}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--trickle", type=int, default=200)
    parser.add_argument("--visits", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--deadline", type=float, default=120.0)
    args = parser.parse_args()
    for run in range(1, args.runs + 1):
        with tempfile.TemporaryDirectory() as records:
            server = subprocess.Popen([sys.executable, "-m", "kozyr.cli", "serve", "--port", "0", "--records",
                                       records], stdout=subprocess.PIPE, text=True)
            try:
                line = server.stdout.readline() if server.stdout else ""
                port = int(line.split("127.0.0.1:")[1].split("/")[0])
                before = loadavg()
                result = load("127.0.0.1", port, games=args.games, deadline=args.deadline)
                print(f"run {run}, 1. {result.line()}; load average {before} -> {loadavg()}")
                before = loadavg()
                with Trickle(port, args.trickle) as slow:
                    began = time.perf_counter()
                    time.sleep(3)                       # the slow clients are in before the players come
                    held = threads_of(server.pid)
                    result = load("127.0.0.1", port, games=args.games, deadline=args.deadline)
                    time.sleep(max(0.0, 15 - (time.perf_counter() - began)))   # past the request deadline
                print(f"run {run}, 2. beside {args.trickle} trickling connections ({held} server threads): "
                      f"{result.line()}; the trickling connections were answered {dict(sorted(slow.answers.items()))}"
                      f"; load average {before} -> {loadavg()}")
                for error in result.errors[:3]:
                    print("    " + error)
                keeper = Client("127.0.0.1", port)
                gid, _ = play_durak(keeper, rung=1, seed="keeper")
                before = loadavg()
                began = time.perf_counter()
                latencies, seen = visits(port, args.visits, args.deadline)
                seconds = time.perf_counter() - began
                kept = keeper.request("GET", f"/api/games/{gid}").status
                print(f"run {run}, 3. {len(latencies):,} cookie-less GETs in {seconds:.2f} s: p50 "
                      f"{percentile(latencies, 50) * 1000:.1f} ms, p99 {percentile(latencies, 99) * 1000:.1f} ms; "
                      f"answers {dict(sorted(seen.items()))}; a game made before them answers {kept}; "
                      f"load average {before} -> {loadavg()}")
                print(f"run {run}: server peak RSS {peak_rss(server.pid)}")
            finally:
                server.terminate()         # SIGTERM: a background job may ignore Ctrl-C (SIGINT)
                server.wait(30)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
