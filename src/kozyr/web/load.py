"""A client of the web table that plays whole games over HTTP, and a load run of many at once.

`Client` is a browser without the page: it keeps the session cookie and
speaks the table's JSON API. `play_durak` and `play_hokm` play one game to
its end by always taking the first legal move the state offers (a human
that clicks the leftmost live card), checking every answer. `load` plays
`games` of them at once, one thread and one session each, against a running
server, and measures every request: the requests per second and the 50th
and 99th percentile latencies (`LoadResult`). The run is bounded: at most
`MAX_REQUESTS_PER_GAME` requests a game and `deadline` seconds in all.

    python -m kozyr.web.load --port 8000 --games 50
"""
from __future__ import annotations

import argparse
import http.client
import json
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

__all__ = ["Client", "Answer", "play_durak", "play_hokm", "load", "LoadResult", "MAX_REQUESTS_PER_GAME"]

MAX_REQUESTS_PER_GAME = 2000


@dataclass(frozen=True)
class Answer:
    status: int
    headers: dict[str, str]
    body: bytes

    @property
    def data(self) -> Any:
        return json.loads(self.body.decode("utf-8"))


class Client:
    """One browser session against the table at host:port (the cookie is kept from the first answer)."""

    def __init__(self, host: str = "127.0.0.1", port: int = 8000, timeout: float = 60.0) -> None:
        self.host, self.port, self.timeout = host, port, timeout
        self.cookie: str | None = None
        self.latencies: list[float] = []
        self.statuses: dict[int, int] = {}

    def request(self, method: str, path: str, body: Any = None, *, raw: bytes | None = None,
                headers: dict[str, str] | None = None) -> Answer:
        """One request; `body` is sent as JSON (or `raw` as it is). Every answer is returned, 4xx included."""
        sent = dict(headers or {})
        data = raw if raw is not None else (None if body is None else json.dumps(body).encode("utf-8"))
        if method == "POST":
            sent.setdefault("Content-Type", "application/json")
            data = data if data is not None else b"{}"
        if self.cookie is not None:
            sent.setdefault("Cookie", self.cookie)
        start = time.perf_counter()
        conn = http.client.HTTPConnection(self.host, self.port, timeout=self.timeout)
        try:
            conn.request(method, path, body=data, headers=sent)
            response = conn.getresponse()
            answer = Answer(response.status, {k.lower(): v for k, v in response.getheaders()}, response.read())
        finally:
            conn.close()
        self.latencies.append(time.perf_counter() - start)
        self.statuses[answer.status] = self.statuses.get(answer.status, 0) + 1
        cookie = answer.headers.get("set-cookie")
        if cookie:
            self.cookie = cookie.split(";")[0]
        return answer

    def json(self, method: str, path: str, body: Any = None, expect: int | tuple[int, ...] = (200, 201)) -> Any:
        """The JSON of an answer that must have status `expect` (an AssertionError naming it otherwise)."""
        answer = self.request(method, path, body)
        wanted = (expect,) if isinstance(expect, int) else expect
        if answer.status not in wanted:
            raise AssertionError(f"{method} {path} answered {answer.status}: {answer.body[:300]!r}")
        return answer.data


def first_durak_move(state: dict[str, Any]) -> dict[str, Any]:
    """The move a first-legal-move player makes: the first live card of the hand, else the first live button."""
    for card in state["hand"]:
        if card["moves"]:
            return {"move": card["moves"][0]}
    for action in state["actions"]:
        if action["legal"] and action["move"] != "resign":
            return {"move": action["move"]}
    raise AssertionError(f"no legal move offered at ply {state['ply']}")


def first_hokm_move(state: dict[str, Any]) -> dict[str, Any]:
    for trump in state["trumps"]:
        if trump["legal"]:
            return {"trump": trump["suit"]}
    for card in state["hand"]:
        if card["legal"]:
            return {"card": card["card"]}
    raise AssertionError(f"no legal card offered in hand {state['hand_number']}")


def _play(client: Client, new: dict[str, Any], choose: Callable[[dict[str, Any]], dict[str, Any]]
          ) -> tuple[str, dict[str, Any]]:
    answer = client.json("POST", "/api/games", new)
    gid, state = answer["id"], answer["state"]
    for _ in range(MAX_REQUESTS_PER_GAME):
        if state["over"]:
            return gid, state
        state = client.json("POST", f"/api/games/{gid}/move", choose(state))["state"]
    raise AssertionError(f"game {gid} did not end within {MAX_REQUESTS_PER_GAME} moves")


def play_durak(client: Client, *, rung: int = 1, seat: int = 0, seed: str = "load",
               rules: dict[str, Any] | None = None) -> tuple[str, dict[str, Any]]:
    """A whole durak deal, first legal move every turn, at the table of `rules` (None: two seats); (game id,
    final state)."""
    new: dict[str, Any] = {"game": "durak", "rung": rung, "seat": seat, "seed": seed}
    if rules is not None:
        new["rules"] = rules
    return _play(client, new, first_durak_move)


def play_hokm(client: Client, *, seat: int = 0, seed: int = 0, target: int = 1,
              bots: tuple[str, str, str] = ("greedy", "random", "greedy")) -> tuple[str, dict[str, Any]]:
    """A whole hokm match to `target` points, first legal card every turn; (game id, final state)."""
    return _play(client, {"game": "hokm", "seat": seat, "seed": seed, "target": target, "bots": list(bots)},
                 first_hokm_move)


@dataclass(frozen=True)
class LoadResult:
    games: int
    requests: int
    errors: tuple[str, ...]
    seconds: float
    p50: float
    p99: float
    statuses: tuple[tuple[int, int], ...] = ()

    @property
    def per_second(self) -> float:
        return self.requests / self.seconds if self.seconds else 0.0

    def line(self) -> str:
        refused = sum(n for status, n in self.statuses if status in (408, 503))
        return (f"{self.games} games at once: {self.requests:,} requests in {self.seconds:.2f} s = "
                f"{self.per_second:,.0f} requests/s; latency p50 {self.p50 * 1000:.1f} ms, p99 "
                f"{self.p99 * 1000:.1f} ms; {refused} refused (408/503); {len(self.errors)} errors")


def percentile(values: list[float], q: float) -> float:
    """The q-th percentile (0..100) by the nearest rank."""
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = max(1, min(len(ordered), int(-(-q * len(ordered) // 100))))
    return ordered[rank - 1]


def load(host: str = "127.0.0.1", port: int = 8000, *, games: int = 50, deadline: float = 120.0,
         hokm_every: int = 5) -> LoadResult:
    """`games` games played at once against the table (every `hokm_every`-th a hokm match, the rest durak)."""
    clients = [Client(host, port, timeout=deadline) for _ in range(games)]
    errors: list[str] = []
    lock = threading.Lock()
    start_line = threading.Barrier(games)

    def one(i: int) -> None:
        try:
            start_line.wait(timeout=deadline)
            if hokm_every and i % hokm_every == hokm_every - 1:
                play_hokm(clients[i], seed=i, seat=i % 4)
            else:
                play_durak(clients[i], rung=1 + i % 3, seat=i % 2, seed=f"load-{i}")
        except Exception as e:  # every failure is counted and named, none stops the others
            with lock:
                errors.append(f"game {i}: {type(e).__name__}: {e}")

    threads = [threading.Thread(target=one, args=(i,), daemon=True) for i in range(games)]
    began = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join(max(0.0, deadline - (time.perf_counter() - began)))
    seconds = time.perf_counter() - began
    if any(t.is_alive() for t in threads):
        errors.append(f"{sum(t.is_alive() for t in threads)} games still running after {deadline} s")
    latencies = [x for c in clients for x in c.latencies]
    statuses: dict[int, int] = {}
    for c in clients:
        for status, n in c.statuses.items():
            statuses[status] = statuses.get(status, 0) + n
    return LoadResult(games=games, requests=len(latencies), errors=tuple(errors), seconds=seconds,
                      p50=percentile(latencies, 50), p99=percentile(latencies, 99),
                      statuses=tuple(sorted(statuses.items())))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m kozyr.web.load", description=__doc__.split("\n\n")[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--deadline", type=float, default=120.0)
    args = parser.parse_args(argv)
    result = load(args.host, args.port, games=args.games, deadline=args.deadline)
    print(result.line())
    for error in result.errors[:10]:
        print("  " + error)
    return 1 if result.errors else 0


if __name__ == "__main__":
    raise SystemExit(main())
