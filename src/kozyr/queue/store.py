"""The queue's store: one SQLite file (standard library), WAL mode, a versioned schema, one writer a run.

Why SQLite: a queue is a few rows a batch, read by a web page while a runner
writes them; SQLite gives that in one file with nothing to install, and WAL
mode lets readers (the runs page, `kozyr queue ls`) read while a runner
commits, never blocking it.

The file says it is kozyr's: `PRAGMA application_id` holds `APPLICATION_ID`
and `PRAGMA user_version` the schema's version. A file that is not SQLite
(or is damaged), a SQLite file of another program, and a store written by a
newer kozyr are each one `KozyrError` (`bad_store`, `foreign_store`,
`store_too_new`), and nothing is written to them. An older schema is brought
up to date by `MIGRATIONS`, each step in one transaction.

Tables (schema version 2):

- `runs`: one row a run: its kind and game, its settings (`spec`, JSON), the
  sides' names and provenance (`sources`: source hashes and knobs), its
  state (queued, running, done, cancelled, failed), the merged `totals` of
  its committed batches (JSON), the LLR after each batch (`history`: at
  most 2 x HISTORY_POINTS points, thinned evenly beyond that), its
  result, and the claim: `owner` and `lease` (a runner's name and the time
  its claim lapses).
- `batches`: one row a committed batch `(run, k)`, its payload (the counts
  it played) and the runner that played it. The primary key is what makes a
  batch committed at most once.

One writer a run: a runner claims a run (`claim`) by writing its name and a
lease into the run's row inside an IMMEDIATE transaction, and commits a batch
(`commit_batch`) only while the claim is still its own, in the same
transaction as the batch row and the run's new totals. A second runner sees
the claim and takes another run; a runner that died is recognised by its
lapsed lease, or at once when it ran on this machine and its process is gone.

Bounded: the per-batch rows of finished runs beyond the newest `keep` are
deleted (`compact`); a run keeps its totals and its LLR history (thinned to
`HISTORY_POINTS`), which is all the runs page and `share()` read.
"""
from __future__ import annotations

import json
import os
import socket
import sqlite3
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kozyr.errors import KozyrError, shown

__all__ = ["Store", "Run", "APPLICATION_ID", "SCHEMA_VERSION", "MIGRATIONS", "DEFAULT_STORE", "STATES",
           "FINISHED", "HISTORY_POINTS", "DEFAULT_KEEP", "LEASE_SECONDS", "runner_name"]

APPLICATION_ID = 0x4B5A5251          # "KZRQ": the file is a kozyr queue
SCHEMA_VERSION = 2
DEFAULT_STORE = "kozyr-queue.sqlite"
STATES = ("queued", "running", "done", "cancelled", "failed")
FINISHED = ("done", "cancelled", "failed")
HISTORY_POINTS = 400                 # (deals, LLR) points a compacted run keeps for its chart
DEFAULT_KEEP = 50                    # finished runs whose per-batch rows are kept
LEASE_SECONDS = 120.0                # a claim lapses this long after the runner's last commit
BUSY_MS = 10_000                     # how long a writer waits for another's transaction


def _v1(db: sqlite3.Connection) -> None:
    """Schema 1: runs and their batches."""
    db.execute("""CREATE TABLE runs (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        game TEXT NOT NULL, kind TEXT NOT NULL, a TEXT NOT NULL, b TEXT NOT NULL,
        spec TEXT NOT NULL, sources TEXT NOT NULL,
        state TEXT NOT NULL DEFAULT 'queued', result TEXT, error TEXT,
        totals TEXT, batches INTEGER NOT NULL DEFAULT 0, deals INTEGER NOT NULL DEFAULT 0, llr REAL,
        created REAL NOT NULL, started REAL, finished REAL,
        owner TEXT, lease REAL)""")
    db.execute("""CREATE TABLE batches (
        run INTEGER NOT NULL REFERENCES runs(id), k INTEGER NOT NULL,
        payload TEXT NOT NULL, deals INTEGER NOT NULL, llr REAL, owner TEXT NOT NULL, committed REAL NOT NULL,
        PRIMARY KEY (run, k))""")


def _v2(db: sqlite3.Connection) -> None:
    """Schema 2: each run keeps its LLR history itself (so its batches can be compacted away), filled in
    from the batches of the runs made under schema 1; an index for the queue's order."""
    db.execute("ALTER TABLE runs ADD COLUMN history TEXT NOT NULL DEFAULT '[]'")
    rows = db.execute("SELECT run, k, deals, llr FROM batches ORDER BY run, k").fetchall()
    by: dict[int, list[list[float]]] = {}
    done: dict[int, int] = {}
    for run, _k, deals, llr in rows:
        done[run] = done.get(run, 0) + deals
        if llr is not None:
            by.setdefault(run, []).append([done[run], llr])
    for run, points in by.items():
        db.execute("UPDATE runs SET history = ? WHERE id = ?", (json.dumps(points), run))
    db.execute("CREATE INDEX runs_by_state ON runs(state, id)")


#: MIGRATIONS[v] takes a store of schema v to v + 1 (v = 0: an empty file).
MIGRATIONS: tuple[Callable[[sqlite3.Connection], None], ...] = (_v1, _v2)


def runner_name() -> str:
    """This process as a claim names it: host and pid."""
    return f"{socket.gethostname()}:{os.getpid()}"


def _alive_here(owner: str) -> bool | None:
    """Whether the runner `owner` is alive: True/False when it ran on this machine, None elsewhere."""
    host, _, pid = owner.rpartition(":")
    if host != socket.gethostname() or not pid.isdigit():
        return None
    try:
        os.kill(int(pid), 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


@dataclass(frozen=True)
class Run:
    """One run as the store holds it (the JSON columns decoded)."""

    id: int
    game: str
    kind: str
    a: str
    b: str
    spec: dict[str, Any]
    sources: dict[str, Any]
    state: str
    result: str | None
    error: str | None
    totals: dict[str, Any] | None
    batches: int
    deals: int
    llr: float | None
    created: float
    started: float | None
    finished: float | None
    owner: str | None
    lease: float | None
    history: list[list[float]]

    def as_dict(self) -> dict[str, Any]:
        return {k: getattr(self, k) for k in self.__dataclass_fields__}


_COLUMNS = ("id, game, kind, a, b, spec, sources, state, result, error, totals, batches, deals, llr, created, "
            "started, finished, owner, lease, history")


def _run(row: tuple[Any, ...]) -> Run:
    values = list(row)
    for i in (5, 6, 19):
        values[i] = json.loads(values[i])
    values[10] = None if values[10] is None else json.loads(values[10])
    return Run(*values)


class Store:
    """A queue's SQLite file. `Store(path)` opens (or, unless `readonly`, creates) it and checks it is a
    kozyr queue of a schema this kozyr reads, migrating an older one; `readonly` never writes (the web page
    opens it so; a missing file is then an empty queue)."""

    def __init__(self, path: str | os.PathLike[str] = DEFAULT_STORE, *, readonly: bool = False) -> None:
        self.path = Path(path)
        self.readonly = readonly
        self.db: sqlite3.Connection | None = None
        if readonly and not self.path.exists():
            return
        if self.path.exists() and not self.path.is_file():
            raise KozyrError("bad_store", f"queue store {str(self.path)!r} is not a regular file", field="store",
                             value=str(self.path))
        try:
            if readonly:
                db = sqlite3.connect(f"{self.path.resolve().as_uri()}?mode=ro", uri=True, timeout=BUSY_MS / 1000,
                                     isolation_level=None, check_same_thread=False)
            else:
                db = sqlite3.connect(self.path, timeout=BUSY_MS / 1000, isolation_level=None)
        except sqlite3.Error as e:
            raise self._bad(e) from None
        self.db = db
        try:
            self._open()
        except sqlite3.DatabaseError as e:
            db.close()
            self.db = None
            raise self._bad(e) from None
        except BaseException:
            db.close()
            self.db = None
            raise

    def _bad(self, e: BaseException) -> KozyrError:
        return KozyrError("bad_store", f"queue store {str(self.path)!r} is not a readable SQLite file ({e})",
                          field="store", value=str(self.path))

    def _open(self) -> None:
        db = self._db
        db.execute(f"PRAGMA busy_timeout = {BUSY_MS}")
        app = db.execute("PRAGMA application_id").fetchone()[0]
        version = db.execute("PRAGMA user_version").fetchone()[0]
        tables = db.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
        if app != APPLICATION_ID and (app != 0 or tables or version):
            raise KozyrError("foreign_store", f"{str(self.path)!r} is a SQLite file of another program, not a kozyr "
                             "queue (give another --store)", field="store", value=str(self.path))
        if version > SCHEMA_VERSION:
            raise KozyrError("store_too_new", f"queue store {str(self.path)!r} has schema {version}, newer than "
                             f"this kozyr's {SCHEMA_VERSION}: upgrade kozyr to read it", field="store",
                             value=str(self.path))
        if self.readonly:
            if version < SCHEMA_VERSION:
                raise KozyrError("bad_store", f"queue store {str(self.path)!r} "
                                 f"has schema {version}: run any `kozyr queue` command on it once to bring it to "
                                 f"{SCHEMA_VERSION}", field="store", value=str(self.path))
            self.check()
            return
        db.execute("PRAGMA journal_mode = WAL")
        # WAL with synchronous NORMAL: a commit survives the process dying (the runner killed), and a power cut
        # loses at most the last commits, never the file; FULL would fsync every batch
        db.execute("PRAGMA synchronous = NORMAL")
        db.execute("PRAGMA foreign_keys = ON")
        self.migrate(version)
        self.check()

    def migrate(self, version: int) -> None:
        """Bring a store of schema `version` to SCHEMA_VERSION, one transaction a step."""
        for v in range(version, SCHEMA_VERSION):
            with self.write():
                if v == 0:
                    self._db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
                MIGRATIONS[v](self._db)
                self._db.execute(f"PRAGMA user_version = {v + 1}")

    def check(self) -> None:
        """A kozyr queue has its two tables: a file that claims to be one and has not is damaged."""
        names = {r[0] for r in self._db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        if not {"runs", "batches"} <= names:
            raise KozyrError("bad_store", f"queue store {str(self.path)!r} is damaged: its tables are missing",
                             field="store", value=str(self.path))

    @property
    def _db(self) -> sqlite3.Connection:
        if self.db is None:
            raise KozyrError("bad_store", f"queue store {str(self.path)!r} does not exist", field="store",
                             value=str(self.path))
        return self.db

    def close(self) -> None:
        if self.db is not None:
            self.db.close()
            self.db = None

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @contextmanager
    def write(self) -> Iterator[sqlite3.Connection]:
        """One IMMEDIATE transaction (the write lock taken at its start, so a claim and its check are one)."""
        db = self._db
        db.execute("BEGIN IMMEDIATE")
        try:
            yield db
        except BaseException:
            db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")

    # -- runs ------------------------------------------------------------------------------------------
    def add(self, game: str, kind: str, a: str, b: str, spec: dict[str, Any], sources: dict[str, Any]) -> int:
        """Queue a run; its id."""
        with self.write() as db:
            cur = db.execute("INSERT INTO runs (game, kind, a, b, spec, sources, created) VALUES (?, ?, ?, ?, ?, ?, ?)",
                             (game, kind, a, b, json.dumps(spec, sort_keys=True), json.dumps(sources, sort_keys=True),
                              time.time()))
            return int(cur.lastrowid or 0)

    def get(self, run_id: object) -> Run:
        rid = _run_id(run_id)
        if self.db is None:
            raise KozyrError("no_run", f"no run {rid} in the queue (the store {str(self.path)!r} is empty)",
                             field="run", value=rid)
        row = self._db.execute(f"SELECT {_COLUMNS} FROM runs WHERE id = ?", (rid,)).fetchone()
        if row is None:
            raise KozyrError("no_run", f"no run {rid} in the queue", field="run", value=rid)
        return _run(row)

    def runs(self, *, states: tuple[str, ...] = STATES, text: str = "", result: str = "",
             limit: int = 200) -> list[Run]:
        """Runs, newest first: in `states`, whose sides' names contain `text` (either side, any case), with
        `result` (H0, H1, none, or a state) when given."""
        if self.db is None:
            return []
        sql = f"SELECT {_COLUMNS} FROM runs WHERE state IN ({', '.join('?' * len(states))})"
        args: list[Any] = list(states)
        if text:
            sql += " AND (instr(lower(a), ?) > 0 OR instr(lower(b), ?) > 0)"
            args += [text.lower(), text.lower()]
        if result:
            sql += " AND (result = ? OR state = ?)"
            args += [result, result]
        sql += " ORDER BY id DESC LIMIT ?"
        args.append(limit)
        return [_run(r) for r in self._db.execute(sql, args)]

    def batch_rows(self, run_id: int) -> list[tuple[int, dict[str, Any], str]]:
        """(k, payload, owner) of a run's committed batches, in order."""
        return [(k, json.loads(p), o) for k, p, o in
                self._db.execute("SELECT k, payload, owner FROM batches WHERE run = ? ORDER BY k", (run_id,))]

    def cancel(self, run_id: object) -> Run:
        """Cancel a queued or running run (a runner on it stops after its batch in play); finished: no_change."""
        rid = _run_id(run_id)
        with self.write() as db:
            run = self.get(rid)
            if run.state in FINISHED:
                raise KozyrError("run_finished", f"run {rid} is already {run.state}: nothing to cancel",
                                 field="run", value=rid)
            db.execute("UPDATE runs SET state = 'cancelled', finished = ? WHERE id = ?", (time.time(), rid))
        return self.get(rid)

    # -- the claim --------------------------------------------------------------------------------------
    def claim(self, owner: str, *, lease: float = LEASE_SECONDS, only: int | None = None) -> Run | None:
        """Claim the oldest run waiting (queued, or running under a claim that lapsed or whose runner is gone
        from this machine) for `owner`; None when there is none. With `only`, that run or None."""
        now = time.time()
        with self.write() as db:
            sql = f"SELECT {_COLUMNS} FROM runs WHERE state IN ('queued', 'running')"
            args: list[Any] = []
            if only is not None:
                sql += " AND id = ?"
                args.append(only)
            for row in db.execute(sql + " ORDER BY id", args).fetchall():
                run = _run(row)
                if run.owner is not None and run.owner != owner:
                    alive = _alive_here(run.owner)
                    if alive or (alive is None and (run.lease or 0) > now):
                        continue
                db.execute("UPDATE runs SET state = 'running', owner = ?, lease = ?, started = coalesce(started, ?) "
                           "WHERE id = ?", (owner, now + lease, now, run.id))
                return self.get(run.id)
        return None

    def release(self, run_id: int, owner: str) -> None:
        """Give up a claim (Ctrl-C, an error): the run waits for the next runner, its batches kept."""
        with self.write() as db:
            db.execute("UPDATE runs SET owner = NULL, lease = NULL WHERE id = ? AND owner = ?", (run_id, owner))

    def commit_batch(self, run_id: int, k: int, owner: str, payload: dict[str, Any], deals: int,
                     totals: dict[str, Any], llr: float | None, *, lease: float = LEASE_SECONDS,
                     result: str | None = None) -> Run:
        """Commit batch k of a run claimed by `owner`, with the run's new totals, in one transaction; with
        `result` the run is done. `lease_lost` when the claim is no longer `owner`'s (another runner took it,
        or it was cancelled): nothing is written. A batch k already committed is `lease_lost` too: a batch is
        committed once."""
        now = time.time()
        with self.write() as db:
            run = self.get(run_id)
            if run.owner != owner or run.state != "running":
                why = "it was cancelled" if run.state == "cancelled" else f"it is {run.state}, claimed by {run.owner}"
                raise KozyrError("lease_lost", f"run {run_id}: batch {k} not committed: {why}", field="run",
                                 value=run_id)
            if k != run.batches:
                raise KozyrError("lease_lost", f"run {run_id}: batch {k} not committed: the run has "
                                 f"{run.batches} batches committed", field="run", value=run_id)
            db.execute("INSERT INTO batches (run, k, payload, deals, llr, owner, committed) "
                       "VALUES (?, ?, ?, ?, ?, ?, ?)", (run_id, k, json.dumps(payload), deals, llr, owner, now))
            history = run.history + ([[run.deals + deals, llr]] if llr is not None else [])
            if len(history) > 2 * HISTORY_POINTS:     # a run of many small batches: the chart needs no more
                history = thin(history)
            db.execute("UPDATE runs SET totals = ?, batches = ?, deals = ?, llr = ?, history = ?, lease = ? "
                       "WHERE id = ?", (json.dumps(totals), k + 1, run.deals + deals, llr, json.dumps(history),
                                        now + lease, run_id))
            if result is not None:
                db.execute("UPDATE runs SET state = 'done', result = ?, finished = ?, owner = NULL, lease = NULL "
                           "WHERE id = ?", (result, now, run_id))
        return self.get(run_id)

    def fail(self, run_id: int, owner: str, error: str) -> None:
        """A run whose batch raised a refusal (a bot that fails, say): failed, with its one line."""
        with self.write() as db:
            db.execute("UPDATE runs SET state = 'failed', error = ?, finished = ?, owner = NULL, lease = NULL "
                       "WHERE id = ? AND owner = ?", (error, time.time(), run_id, owner))

    # -- bounds --------------------------------------------------------------------------------------------
    def compact(self, keep: int = DEFAULT_KEEP) -> int:
        """Delete the per-batch rows of the finished runs beyond the newest `keep` (thinning their LLR history
        to HISTORY_POINTS); the number of rows deleted."""
        if keep < 0:
            raise KozyrError("bad_keep", f"keep={keep} is negative", field="keep", value=keep)
        with self.write() as db:
            old = [r[0] for r in db.execute("SELECT id FROM runs WHERE state IN ('done', 'cancelled', 'failed') "
                                            "ORDER BY id DESC LIMIT -1 OFFSET ?", (keep,))]
            deleted = 0
            for rid in old:
                deleted += db.execute("DELETE FROM batches WHERE run = ?", (rid,)).rowcount
                history = json.loads(db.execute("SELECT history FROM runs WHERE id = ?", (rid,)).fetchone()[0])
                if len(history) > HISTORY_POINTS:
                    db.execute("UPDATE runs SET history = ? WHERE id = ?", (json.dumps(thin(history)), rid))
        return deleted

    def checkpoint(self) -> None:
        """Fold the write-ahead log into the file (a runner that has finished leaves one file of its true size)."""
        if self.db is not None and not self.readonly:
            self.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")

    def size(self) -> int:
        """Bytes on the disk: the file and its write-ahead log."""
        return sum(p.stat().st_size for p in (self.path, Path(f"{self.path}-wal")) if p.exists())


def thin(points: list[Any], most: int = HISTORY_POINTS) -> list[Any]:
    """At most `most` of `points`, evenly spaced, the first and the last kept."""
    if len(points) <= most:
        return list(points)
    step = (len(points) - 1) / (most - 1)
    return [points[round(i * step)] for i in range(most)]


def _run_id(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, str)) or not str(value).isdigit() or int(value) < 1:
        raise KozyrError("bad_run", f"run {shown(value)} is not a run number (1, 2, ...)", field="run", value=value)
    return int(value)
