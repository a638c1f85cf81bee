"""Browser sessions: each has its own games and replays, and nothing of another's.

A session is named by a random token (``secrets.token_urlsafe``) that the
browser keeps in an HttpOnly, SameSite=Strict cookie; its games and replays
are found only through it, so a game id from another session is simply not
there (a 404, never someone else's deal). The store is bounded: at most
`MAX_SESSIONS` sessions (the one idle longest is dropped first) and, in a
session, at most `MAX_GAMES` games and `MAX_REPLAYS` replays (the oldest
goes first). Sessions live in the server's memory: a restart ends them, and
a saved record (on the disk) is what outlives it.
"""
from __future__ import annotations

import re
import secrets
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

__all__ = ["Session", "Sessions", "MAX_SESSIONS", "MAX_GAMES", "MAX_REPLAYS", "TOKEN"]

MAX_SESSIONS = 1000
MAX_GAMES = 16
MAX_REPLAYS = 16
TOKEN = re.compile(r"[A-Za-z0-9_-]{16,64}")


def new_id() -> str:
    return secrets.token_urlsafe(12)


@dataclass
class Session:
    """One browser's games and replays, and what its page shows now (`current`), so a reload resumes it."""

    token: str
    games: OrderedDict[str, Any] = field(default_factory=OrderedDict)
    replays: OrderedDict[str, Any] = field(default_factory=OrderedDict)
    current: dict[str, Any] | None = None
    seen: float = field(default_factory=time.monotonic)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add_game(self, table: Any) -> str:
        with self.lock:
            gid = new_id()
            self.games[gid] = table
            while len(self.games) > MAX_GAMES:
                self.games.popitem(last=False)
            self.current = {"game": gid}
            return gid

    def add_replay(self, replay: Any) -> str:
        with self.lock:
            rid = new_id()
            self.replays[rid] = replay
            while len(self.replays) > MAX_REPLAYS:
                self.replays.popitem(last=False)
            self.current = {"replay": rid, "step": 0, "seat": 0}
            return rid

    def game(self, gid: str) -> Any:
        with self.lock:
            return self.games.get(gid)

    def replay(self, rid: str) -> Any:
        with self.lock:
            return self.replays.get(rid)


class Sessions:
    """Every session of a server, by token, bounded."""

    def __init__(self, limit: int = MAX_SESSIONS) -> None:
        self._by_token: OrderedDict[str, Session] = OrderedDict()
        self._lock = threading.Lock()
        self.limit = limit

    def get(self, token: str | None) -> Session | None:
        if token is None or not TOKEN.fullmatch(token):
            return None
        with self._lock:
            session = self._by_token.get(token)
            if session is not None:
                self._by_token.move_to_end(token)
                session.seen = time.monotonic()
            return session

    def new(self) -> Session:
        with self._lock:
            session = Session(secrets.token_urlsafe(24))
            self._by_token[session.token] = session
            while len(self._by_token) > self.limit:
                self._by_token.popitem(last=False)
            return session

    def __len__(self) -> int:
        return len(self._by_token)
