"""The runner: a run played batch by batch to its decision; stopped and resumed, killed and resumed, and two
runners on one store, all reaching the counts of a run never stopped."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from _queue_helpers import outcome, queue_sprt

import kozyr
from kozyr.queue import Store, run_one, run_queue
from kozyr.queue.kinds import durak_test
from kozyr.queue.store import runner_name

# the kozyr this test imports (the source tree in place, or the installed package in CI's venvs and wheel
# lanes), first on the runner's path, then this process's own path
SRC = os.pathsep.join([str(Path(kozyr.__file__).resolve().parents[1]), *(p for p in sys.path if p)])


def _uninterrupted(path: Path, **kw: Any) -> int:
    with Store(path) as store:
        rid = queue_sprt(store, **kw)
        run_queue(store)
    return rid


def test_a_run_plays_to_its_limit_and_its_llr_is_the_librarys(tmp_path: Path) -> None:
    rid = _uninterrupted(tmp_path / "q.sqlite")
    totals, batches, deals, history, result, payloads = outcome(tmp_path / "q.sqlite", rid)
    assert (batches, deals, result) == (6, 240, "none")
    assert sum(totals["counts"]) == 120 and [sum(p["counts"]) for p in payloads] == [20] * 6
    assert len({tuple(p["counts"]) for p in payloads}) > 1          # batches play different deals
    with Store(tmp_path / "q.sqlite", readonly=True) as store:
        run = store.get(rid)
    assert history[-1] == [240, pytest.approx(durak_test(run.spec, totals).llr)]
    assert [d for d, _ in history] == [40, 80, 120, 160, 200, 240]


def test_a_strong_candidate_is_accepted_and_a_weak_one_refused(tmp_path: Path) -> None:
    with Store(tmp_path / "q.sqlite") as store:
        strong = queue_sprt(store, a=3, b=1, elo0=0, elo1=50, batch=100, max_deals=4000)
        weak = queue_sprt(store, a=1, b=3, elo0=0, elo1=50, batch=100, max_deals=4000)
        run_queue(store)
        assert (store.get(strong).result, store.get(weak).result) == ("H1", "H0")
        assert store.get(strong).deals < 4000


def test_stopped_between_batches_and_resumed_the_counts_are_the_same(tmp_path: Path) -> None:
    whole = _uninterrupted(tmp_path / "whole.sqlite")
    path = tmp_path / "parts.sqlite"
    with Store(path) as store:
        rid = queue_sprt(store)
        for owner in ("a:1", "b:2", "c:3"):         # three runners in turn, two batches each
            run = store.claim(owner, lease=60)
            assert run is not None
            run_one(store, run, owner, stop_after=2)
            store.release(rid, owner)
        assert store.claim("d:4") is None
        assert [o for _, _, o in store.batch_rows(rid)] == ["a:1", "a:1", "b:2", "b:2", "c:3", "c:3"]
    assert outcome(path, rid) == outcome(tmp_path / "whole.sqlite", whole)


def test_ctrl_c_in_a_batch_loses_that_batch_only(tmp_path: Path) -> None:
    whole = _uninterrupted(tmp_path / "whole.sqlite")
    path = tmp_path / "parts.sqlite"
    seen: list[int] = []

    def stop_in_third(run: object) -> None:
        seen.append(1)
        if len(seen) == 3:
            raise KeyboardInterrupt

    with Store(path) as store:
        rid = queue_sprt(store)
        with pytest.raises(KeyboardInterrupt):
            run_queue(store, report=stop_in_third)
        run = store.get(rid)
        assert (run.batches, run.owner, run.state) == (3, None, "running")   # released, three batches kept
        run_queue(store)
    assert outcome(path, rid) == outcome(tmp_path / "whole.sqlite", whole)


def _runner(store: Path) -> subprocess.Popen[bytes]:
    env = {**os.environ, "PYTHONPATH": SRC}
    return subprocess.Popen([sys.executable, "-m", "kozyr", "queue", "run", "--store", str(store)], env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


@pytest.mark.soak
def test_the_worker_killed_mid_run_resumes_to_identical_counts(tmp_path: Path) -> None:
    # bounds about the variant's own Elo: no decision within the run's deals, so every batch is played
    spec: dict[str, Any] = {"batch": 2000, "max_deals": 60_000, "seed": "kill", "elo0": -13.0, "elo1": -12.0}
    whole = _uninterrupted(tmp_path / "whole.sqlite", **spec)
    path = tmp_path / "killed.sqlite"
    with Store(path) as store:
        rid = queue_sprt(store, **spec)
    worker = _runner(path)
    deadline = time.monotonic() + 60
    try:
        while time.monotonic() < deadline:
            assert worker.poll() is None, "the runner ended before it was killed"
            with Store(path, readonly=True) as store:
                if store.get(rid).batches >= 3:
                    break
            time.sleep(0.02)
    finally:
        worker.send_signal(signal.SIGKILL)           # no clean-up: the claim is left behind, a batch half played
        worker.wait(10)
    with Store(path, readonly=True) as store:
        killed = store.get(rid)
    assert killed.state == "running" and killed.owner is not None and 3 <= killed.batches < 30
    with Store(path) as store:
        run_queue(store)                             # the dead runner's claim is taken at once (same machine)
    assert outcome(path, rid) == outcome(tmp_path / "whole.sqlite", whole)


@pytest.mark.soak
def test_two_runners_on_one_store_never_play_a_batch_twice(tmp_path: Path) -> None:
    path, alone = tmp_path / "two.sqlite", tmp_path / "alone.sqlite"
    ids = []
    for p in (path, alone):
        with Store(p) as store:
            ids = [queue_sprt(store, batch=400, max_deals=8000, seed=f"s{i}") for i in range(4)]
    with Store(alone) as store:
        run_queue(store)
    runners = [_runner(path), _runner(path)]
    for r in runners:
        assert r.wait(120) == 0
    with Store(path, readonly=True) as store:
        owners = set()
        for rid in ids:
            rows = store.batch_rows(rid)
            assert [k for k, _, _ in rows] == list(range(20))
            assert len({o for _, _, o in rows}) == 1          # one runner a run
            owners |= {o for _, _, o in rows}
            assert store.get(rid).state == "done"
    for rid in ids:
        assert outcome(path, rid) == outcome(alone, rid)
    assert runner_name() not in owners


def test_a_run_cancelled_while_it_plays_stops_after_its_batch(tmp_path: Path) -> None:
    with Store(tmp_path / "q.sqlite") as store:
        rid = queue_sprt(store)

        def cancel_after_first(run: object) -> None:
            store.cancel(rid)

        done = run_queue(store, report=cancel_after_first)
        assert [r.state for r in done] == ["cancelled"] and store.get(rid).batches == 1


def test_a_bot_whose_source_changed_fails_its_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    bot = tmp_path / "mybot.py"
    bot.write_text("from kozyr.durak import Bot\n\ndef make_bot():\n    return Bot(2)\n")
    from kozyr.queue.kinds import side_source

    with Store(tmp_path / "q.sqlite") as store:
        spec: dict[str, Any] = {"sides": {"a": {"bot": f"{bot}:make_bot", "knobs": {}}, "b": {"rung": 2, "params": {}}},
                "elo0": -2.0, "elo1": 2.0, "alpha": 0.05, "beta": 0.05, "model": "normalized", "batch": 40,
                "max_deals": 80, "seed": "src", "deal": "fast", "timeout": None, "workers": 1}
        rid = store.add("durak", "sprt", "mybot", "rung 2", spec, {k: side_source(v) for k, v in spec["sides"].items()})
        assert len(store.get(rid).sources["a"]["sha256"]) == 64
        bot.write_text(bot.read_text() + "# changed\n")
        run_queue(store)
        run = store.get(rid)
        assert run.state == "failed" and "changed since the run was queued" in (run.error or "")
        assert run.batches == 0


@pytest.mark.soak
def test_a_run_on_a_dask_cluster_reaches_the_local_counts(tmp_path: Path) -> None:
    pytest.importorskip("distributed", reason="the cluster needs kozyr[dask]")
    spec: dict[str, Any] = {"batch": 400, "max_deals": 2400, "seed": "dask"}
    local = _uninterrupted(tmp_path / "local.sqlite", **spec)
    path = tmp_path / "dask.sqlite"
    with Store(path) as store:
        rid = queue_sprt(store, **spec)
    env = {**os.environ, "PYTHONPATH": SRC}
    done = subprocess.run([sys.executable, "-m", "kozyr", "queue", "run", "--cluster", "local:1", "--store", str(path)],
                          env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert "Dask LocalCluster of 1 process" in done.stdout
    assert outcome(path, rid) == outcome(tmp_path / "local.sqlite", local)


@pytest.mark.soak
def test_ctrl_c_stops_a_runner_promptly_and_keeps_its_batches(tmp_path: Path) -> None:
    path = tmp_path / "q.sqlite"
    with Store(path) as store:
        rid = queue_sprt(store, batch=10_000, max_deals=1_000_000, seed="int", elo0=-13.0, elo1=-12.0)
    worker = _runner(path)
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            assert worker.poll() is None, "the runner ended before Ctrl-C"
            with Store(path, readonly=True) as store:
                if store.get(rid).batches >= 2:
                    break
            time.sleep(0.02)
        worker.send_signal(signal.SIGINT)
        stopped = time.monotonic()
        assert worker.wait(10) == 130
        assert time.monotonic() - stopped < 5
    finally:
        if worker.poll() is None:
            worker.kill()
    with Store(path, readonly=True) as store:
        run = store.get(rid)
    assert run.state == "running" and run.owner is None and run.batches >= 2    # released, its batches kept
