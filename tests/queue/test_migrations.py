"""The store's schema is versioned: a store of schema 1 is migrated to the current one with its data kept."""
from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from kozyr.queue import SCHEMA_VERSION, Store
from kozyr.queue.store import APPLICATION_ID, MIGRATIONS


def _schema_1(path: Path) -> None:
    """A store as the first kozyr with a queue wrote it: schema 1, one run with two committed batches."""
    db = sqlite3.connect(path, isolation_level=None)
    db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    MIGRATIONS[0](db)
    db.execute("PRAGMA user_version = 1")
    db.execute("INSERT INTO runs (game, kind, a, b, spec, sources, state, totals, batches, deals, llr, created) "
               "VALUES ('durak', 'sprt', 'rung 3', 'rung 2', '{}', '{}', 'running', ?, 2, 80, 0.5, 1)",
               ('{"counts": [1]}',))
    for k, llr in ((0, 0.25), (1, 0.5)):
        db.execute("INSERT INTO batches VALUES (1, ?, '{}', 40, ?, 'old:1', 1)", (k, llr))
    db.close()


def _tables(path: Path) -> dict[str, str]:
    db = sqlite3.connect(path)
    out = {name: sql for name, sql in db.execute("SELECT name, sql FROM sqlite_master WHERE sql IS NOT NULL")}
    db.close()
    return out


def test_schema_1_is_migrated_with_its_runs(tmp_path: Path) -> None:
    old = tmp_path / "old.sqlite"
    _schema_1(old)
    with Store(old) as store:
        run = store.get(1)
        assert (run.batches, run.deals, run.llr, run.totals) == (2, 80, 0.5, {"counts": [1]})
        assert run.history == [[40, 0.25], [80, 0.5]]            # filled in from the batches by step 2
        assert [k for k, _, _ in store.batch_rows(1)] == [0, 1]
    db = sqlite3.connect(old)
    assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    db.close()
    fresh = tmp_path / "fresh.sqlite"
    Store(fresh).close()
    assert _tables(old) == _tables(fresh)            # the migrated schema is the one a new store gets


def test_a_migrated_run_goes_on(tmp_path: Path) -> None:
    old = tmp_path / "old.sqlite"
    _schema_1(old)
    with Store(old) as store:
        assert store.claim("me:1", lease=60) is not None
        store.commit_batch(1, 2, "me:1", {}, 40, {"counts": [2]}, 0.75)
        assert store.get(1).history == [[40, 0.25], [80, 0.5], [120, 0.75]]
        assert json.loads(store._db.execute("SELECT history FROM runs").fetchone()[0])[-1] == [120, 0.75]


def test_an_old_store_read_only_is_not_migrated(tmp_path: Path) -> None:
    import pytest

    from kozyr.errors import KozyrError

    old = tmp_path / "old.sqlite"
    _schema_1(old)
    with pytest.raises(KozyrError) as e:
        Store(old, readonly=True)
    assert e.value.code == "bad_store" and "kozyr queue" in e.value.detail
    db = sqlite3.connect(old)
    assert db.execute("PRAGMA user_version").fetchone()[0] == 1
