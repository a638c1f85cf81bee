"""Browser sessions: each has its own games and replays, and nothing of another's.

A session is named by a random token (``secrets.token_urlsafe``) that the
browser keeps in an HttpOnly, SameSite=Strict cookie; its games and replays
are found only through it, so a game id from another session is simply not
there (a 404, never someone else's deal).

A session exists only once it holds something: a visit that makes nothing
(a page load, a look at the records, a thousand requests without a cookie)
makes no session and sets no cookie, so it cannot push out anybody's game.
The store is bounded three ways:

- at most `MAX_PER_CLIENT` sessions of one client (its address); its own
  idlest session goes first when it makes one more;
- at most `MAX_SESSIONS` in all; when full, the idlest session of the client
  holding the most goes first, so a client that floods the table pays for it
  and the one-game visitors keep their games;
- in a session, at most `MAX_GAMES` games and `MAX_REPLAYS` replays (the
  oldest goes first), and in all sessions at most `MAX_REPLAY_BYTES` bytes of
  replayed records (the oldest replay anywhere goes first: a replay is a view
  of a record, opened again in one click; a game is never dropped for it).

Sessions live in the server's memory: a restart ends them, and a saved record
(on the disk) is what outlives it.
"""
from __future__ import annotations

import re
import secrets
import threading
import time
from collections import Counter, OrderedDict
from dataclasses import dataclass, field
from typing import Any

__all__ = ["Session", "Sessions", "MAX_SESSIONS", "MAX_PER_CLIENT", "MAX_GAMES", "MAX_REPLAYS", "MAX_REPLAY_BYTES",
           "TOKEN"]

MAX_SESSIONS = 1000
MAX_PER_CLIENT = 64
MAX_GAMES = 16
MAX_REPLAYS = 16
MAX_REPLAY_BYTES = 4 * 1024 * 1024      # of record JSON held as replays, every session together (a replay holds
#                                         about 32 bytes of memory a byte of hokm record: some 130 MB at most)
TOKEN = re.compile(r"[A-Za-z0-9_-]{16,64}")


def new_id() -> str:
    return secrets.token_urlsafe(12)


@dataclass
class Session:
    """One browser's games and replays, and what its page shows now (`current`), so a reload resumes it.
    `client` is the address it was made from; `costs` the bytes of each replay's record."""

    token: str
    client: str = ""
    games: OrderedDict[str, Any] = field(default_factory=OrderedDict)
    replays: OrderedDict[str, Any] = field(default_factory=OrderedDict)
    costs: dict[str, int] = field(default_factory=dict)
    current: dict[str, Any] | None = None
    seen: float = field(default_factory=time.monotonic)
    lock: threading.Lock = field(default_factory=threading.Lock)
    store: Sessions | None = None           # set once the session is kept (Sessions.keep)

    def add_game(self, table: Any) -> str:
        with self.lock:
            gid = new_id()
            self.games[gid] = table
            while len(self.games) > MAX_GAMES:
                self.games.popitem(last=False)
            self.current = {"game": gid}
            return gid

    def add_replay(self, replay: Any, cost: int = 0) -> str:
        """Keep `replay` (its record `cost` bytes); the store's byte bound is applied when the session is kept."""
        with self.lock:
            rid = new_id()
            self.replays[rid] = replay
            self.costs[rid] = cost
            while len(self.replays) > MAX_REPLAYS:
                old, _ = self.replays.popitem(last=False)
                self.costs.pop(old, None)
            self.current = {"replay": rid, "step": 0, "seat": 0}
        if self.store is not None:
            self.store.account(self, rid)
        return rid

    def drop_replay(self, rid: str) -> None:
        with self.lock:
            self.replays.pop(rid, None)
            self.costs.pop(rid, None)
            if self.current and self.current.get("replay") == rid:
                self.current = None

    def game(self, gid: str) -> Any:
        with self.lock:
            return self.games.get(gid)

    def replay(self, rid: str) -> Any:
        with self.lock:
            return self.replays.get(rid)

    @property
    def holds(self) -> bool:
        """Whether the session holds anything worth a cookie: a game or a replay."""
        return bool(self.games or self.replays)


class Sessions:
    """Every session of a server, by token, bounded (the module's note)."""

    def __init__(self, limit: int = MAX_SESSIONS, per_client: int = MAX_PER_CLIENT,
                 replay_bytes: int = MAX_REPLAY_BYTES) -> None:
        self._by_token: OrderedDict[str, Session] = OrderedDict()     # the idlest first
        self._replays: OrderedDict[tuple[str, str], int] = OrderedDict()   # (token, replay id): bytes, oldest first
        self._lock = threading.Lock()
        self.limit, self.per_client, self.replay_bytes = limit, per_client, replay_bytes
        self.bytes = 0

    def get(self, token: str | None) -> Session | None:
        if token is None or not TOKEN.fullmatch(token):
            return None
        with self._lock:
            session = self._by_token.get(token)
            if session is not None:
                self._by_token.move_to_end(token)
                session.seen = time.monotonic()
            return session

    @staticmethod
    def new(client: str = "") -> Session:
        """A session not kept yet: it is kept (`keep`) once it holds something."""
        return Session(secrets.token_urlsafe(24), client=client)

    def keep(self, session: Session) -> None:
        """Keep `session` (it now holds a game or a replay), dropping others by the bounds."""
        with self._lock:
            session.store = self
            self._by_token[session.token] = session
            self._by_token.move_to_end(session.token)
            mine = [t for t, s in self._by_token.items() if s.client == session.client]
            for token in mine[:max(0, len(mine) - self.per_client)]:
                self._drop(token)
            while len(self._by_token) > self.limit:
                busiest = Counter(s.client for s in self._by_token.values()).most_common(1)[0][0]
                self._drop(next(t for t, s in self._by_token.items() if s.client == busiest))
        for rid in list(session.replays):
            self.account(session, rid)

    def account(self, session: Session, rid: str) -> None:
        """Count replay `rid` of a kept session, then drop the oldest replays anywhere beyond the byte bound."""
        with self._lock:
            self._forget_gone()
            key = (session.token, rid)
            if key not in self._replays and rid in session.costs and session.token in self._by_token:
                self._replays[key] = session.costs[rid]
                self.bytes += session.costs[rid]
            while self.bytes > self.replay_bytes and len(self._replays) > 1:
                (token, old), cost = self._replays.popitem(last=False)
                self.bytes -= cost
                owner = self._by_token.get(token)
                if owner is not None:
                    owner.drop_replay(old)

    def _forget_gone(self) -> None:
        """Stop counting replays a session dropped itself (its own MAX_REPLAYS) or whose session went."""
        for key in [k for k in self._replays if k[0] not in self._by_token
                    or k[1] not in self._by_token[k[0]].replays]:
            self.bytes -= self._replays.pop(key)

    def _drop(self, token: str) -> None:
        session = self._by_token.pop(token)
        session.store = None
        for rid in list(session.replays):
            cost = self._replays.pop((token, rid), None)
            if cost is not None:
                self.bytes -= cost

    def __len__(self) -> int:
        return len(self._by_token)
