"""The queue's store: runs and batches, the claim, one commit a batch, cancel, compaction, bad files."""
from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from _queue_helpers import queue_sprt

from kozyr.errors import KozyrError
from kozyr.queue import SCHEMA_VERSION, Store
from kozyr.queue.store import APPLICATION_ID, HISTORY_POINTS, thin


def test_a_new_store_is_a_kozyr_queue_in_wal_mode(tmp_path: Path) -> None:
    path = tmp_path / "q.sqlite"
    with Store(path) as store:
        rid = queue_sprt(store)
        assert store.get(rid).state == "queued"
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
    assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_claim_commit_and_the_one_writer(tmp_path: Path) -> None:
    with Store(tmp_path / "q.sqlite") as store:
        rid = queue_sprt(store)
        run = store.claim("host:1", lease=60)
        assert run is not None and run.id == rid and run.owner == "host:1"
        assert store.claim("elsewhere:2", lease=60) is None            # claimed, lease alive: nothing for a second
        totals = {"counts": [0, 1, 2, 1, 0], "a_fools": 3, "b_fools": 3, "draws": 2, "group": 2, "deals": 8}
        store.commit_batch(rid, 0, "host:1", {"counts": [0, 1, 2, 1, 0]}, 8, totals, 0.1)
        with pytest.raises(KozyrError) as e:                             # another runner cannot commit to it
            store.commit_batch(rid, 1, "elsewhere:2", {}, 8, totals, 0.2)
        assert e.value.code == "lease_lost"
        with pytest.raises(KozyrError) as e:                             # nor can a batch be committed twice
            store.commit_batch(rid, 0, "host:1", {}, 8, totals, 0.2)
        assert e.value.code == "lease_lost"
        run = store.get(rid)
        assert (run.batches, run.deals, run.history) == (1, 8, [[8, 0.1]])
        assert len(store.batch_rows(rid)) == 1


def test_a_lapsed_lease_is_taken_over(tmp_path: Path) -> None:
    with Store(tmp_path / "q.sqlite") as store:
        rid = queue_sprt(store)
        assert store.claim("far:1", lease=-1) is not None                 # a claim that has already lapsed
        again = store.claim("far:2", lease=60)
        assert again is not None and again.id == rid and again.owner == "far:2"


def test_a_dead_runner_on_this_machine_is_taken_over_at_once(tmp_path: Path) -> None:
    import socket
    import subprocess
    import sys

    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    with Store(tmp_path / "q.sqlite") as store:
        queue_sprt(store)
        assert store.claim(f"{socket.gethostname()}:{dead.stdout.strip()}", lease=3600) is not None
        assert store.claim("me:1") is not None


def test_cancel(tmp_path: Path) -> None:
    with Store(tmp_path / "q.sqlite") as store:
        rid = queue_sprt(store)
        assert store.cancel(rid).state == "cancelled"
        with pytest.raises(KozyrError) as e:
            store.cancel(rid)
        assert e.value.code == "run_finished"
        with pytest.raises(KozyrError) as e:
            store.cancel(99)
        assert e.value.code == "no_run"
        with pytest.raises(KozyrError) as e:
            store.get("x")
        assert e.value.code == "bad_run"
        assert store.claim("me:1") is None


def test_search_by_bot_and_result(tmp_path: Path) -> None:
    with Store(tmp_path / "q.sqlite") as store:
        one = queue_sprt(store, a=3, b=2)
        two = queue_sprt(store, a=2, b=1)
        store.claim("me:1", only=one)
        store.commit_batch(one, 0, "me:1", {}, 2, {"counts": [0] * 5}, 3.1, result="H1")
        assert [r.id for r in store.runs(text="RUNG 2")] == [two, one]
        assert [r.id for r in store.runs(text="rung 1")] == [two]
        assert [r.id for r in store.runs(result="H1")] == [one]
        assert [r.id for r in store.runs(states=("queued",))] == [two]


def test_compaction_keeps_the_store_bounded(tmp_path: Path) -> None:
    with Store(tmp_path / "q.sqlite") as store:
        runs = []
        for _ in range(3):
            rid = queue_sprt(store)
            store.claim("me:1", only=rid)
            for k in range(HISTORY_POINTS + 20):
                store.commit_batch(rid, k, "me:1", {"k": k}, 2, {"counts": [k]}, k / 100,
                                   result="none" if k == HISTORY_POINTS + 19 else None)
            runs.append(rid)
        live = queue_sprt(store)
        store.claim("me:1", only=live)
        store.commit_batch(live, 0, "me:1", {"k": 0}, 2, {"counts": [0]}, 0.0)
        deleted = store.compact(keep=1)
        assert deleted == 2 * (HISTORY_POINTS + 20)
        rows = store._db.execute("SELECT run, count(*) FROM batches GROUP BY run").fetchall()
        assert dict(rows) == {runs[2]: HISTORY_POINTS + 20, live: 1}       # the newest finished run, the live one
        old = store.get(runs[0])
        assert len(old.history) == HISTORY_POINTS and old.history[-1] == [2 * (HISTORY_POINTS + 20),
                                                                             (HISTORY_POINTS + 19) / 100]
        assert old.totals == {"counts": [HISTORY_POINTS + 19]} and old.result == "none"   # the figures stay
        assert store.compact(keep=1) == 0


def test_a_long_run_keeps_a_bounded_history(tmp_path: Path) -> None:
    with Store(tmp_path / "q.sqlite") as store:
        rid = queue_sprt(store)
        store.claim("me:1", only=rid)
        for k in range(2 * HISTORY_POINTS + 1):
            store.commit_batch(rid, k, "me:1", {}, 2, {"counts": [k]}, float(k))
        run = store.get(rid)
        assert len(run.history) == HISTORY_POINTS and run.history[-1] == [2 * (2 * HISTORY_POINTS + 1),
                                                                           2.0 * HISTORY_POINTS]
        assert run.batches == 2 * HISTORY_POINTS + 1           # every batch is still there, only the chart thinned


def test_thin_keeps_the_ends() -> None:
    points = [[i, i] for i in range(1000)]
    t = thin(points, 10)
    assert len(t) == 10 and t[0] == [0, 0] and t[-1] == [999, 999]


@pytest.mark.parametrize("content, code", [
    (b"this is not a database at all, just text" * 100, "bad_store"),
    (b"SQLite format 3\x00" + b"\xff" * 4000, "bad_store"),
])
def test_a_corrupt_file_is_one_refusal_and_stays_as_it_was(tmp_path: Path, content: bytes, code: str) -> None:
    path = tmp_path / "q.sqlite"
    path.write_bytes(content)
    for readonly in (False, True):
        with pytest.raises(KozyrError) as e:
            Store(path, readonly=readonly)
        assert e.value.code == code and "\n" not in str(e.value)
    assert path.read_bytes() == content


def test_a_foreign_sqlite_file_is_refused_untouched(tmp_path: Path) -> None:
    path = tmp_path / "other.sqlite"
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE notes (text TEXT)")
    db.commit()
    db.close()
    before = path.read_bytes()
    for readonly in (False, True):
        with pytest.raises(KozyrError) as e:
            Store(path, readonly=readonly)
        assert e.value.code == "foreign_store"
    assert path.read_bytes() == before


def test_a_newer_schema_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "q.sqlite"
    Store(path).close()
    db = sqlite3.connect(path)
    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    db.commit()
    db.close()
    with pytest.raises(KozyrError) as e:
        Store(path)
    assert e.value.code == "store_too_new"


def test_a_missing_store_read_only_is_an_empty_queue(tmp_path: Path) -> None:
    store = Store(tmp_path / "none.sqlite", readonly=True)
    assert store.runs() == []
    with pytest.raises(KozyrError) as e:
        store.get(1)
    assert e.value.code == "no_run"
    assert not (tmp_path / "none.sqlite").exists()


def test_a_folder_is_not_a_store(tmp_path: Path) -> None:
    with pytest.raises(KozyrError) as e:
        Store(tmp_path)
    assert e.value.code == "bad_store"
