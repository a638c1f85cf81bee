"""The ladder on a Dask cluster: the same arrays as one local worker, faults, duplicates, Ctrl-C.

The cluster tests need the `kozyr[dask]` extra (dask.distributed) and skip
with that reason without it; the merge and chunk-plan tests do not. Clusters
here are `LocalCluster`s of worker processes, as on a real cluster: every task
is pickled, sent to another interpreter and its arrays sent back.
"""
from __future__ import annotations

import inspect
import logging
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

from kozyr.durak.bots.bot import Bot
from kozyr.durak.bots.sides import resolve
from kozyr.durak.ladder import ladder
from kozyr.durak.ladder.cluster import DTYPES, Batches, Merge, Task, plan, play_task
from kozyr.durak.ladder.job import Job, fool_of
from kozyr.durak.rules import Rules
from kozyr.errors import KozyrError

NAMES = ("fool", "moves", "bouts", "largest")


def two(a: object, b: object, seed: str, deal: str, deals: int) -> Job:
    """The two-seat run of `ladder(a, b, deals, seed, deal=deal)` as a Job."""
    return Job((resolve(a), resolve(b)), Rules(), seed, deal, deals)


def face(arrays: Any) -> list[np.ndarray]:
    """A two-seat run's arrays (losers, moves, bouts, largest) as the LadderResult's (fool first)."""
    return [fool_of(arrays[0]), *arrays[1:]]
COUNTS = ("deals", "a_fools", "b_fools", "draws", "mean_moves", "mean_bouts", "max_largest")
REASON = "the kozyr[dask] extra (dask.distributed) is not installed"


def _distributed() -> Any:
    return pytest.importorskip("distributed", reason=REASON)


def _cluster(distributed: Any, n: int = 2) -> Any:
    return distributed.LocalCluster(n_workers=n, processes=True, threads_per_worker=1, dashboard_address=":0",
                                    silence_logs=logging.CRITICAL, preload=["kozyr.cli._cluster"])


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    distributed = _distributed()
    with _cluster(distributed) as cluster, distributed.Client(cluster) as c:
        yield c


def _same(local: Any, remote: Any) -> None:
    for name in NAMES:
        a, b = getattr(local, name), getattr(remote, name)
        assert a.dtype == b.dtype and np.array_equal(a, b), name
    for name in COUNTS:
        assert getattr(local, name) == getattr(remote, name), name
    timing = {"seconds": 0, "deals_per_second": 0, "cpu_seconds": 0}   # how long, not what
    assert local.summary() | timing == remote.summary() | timing


# -- on a cluster: identical to one local worker -----------------------------------------
@pytest.mark.parametrize("deal", ["fast", "sha", "reference"])
def test_a_cluster_ladder_is_the_local_one_worker_ladder(client: Any, deal: str) -> None:
    local = ladder(3, 2, 3000, "dask", deal=deal)
    _same(local, ladder(3, 2, 3000, "dask", deal=deal, client=client, chunk=400))
    _same(local, ladder(3, 2, 3000, "dask", deal=deal, client=client))   # the default: one chunk of 3000


def test_deal_pairs_on_a_cluster(client: Any) -> None:
    if "pairs" not in inspect.signature(ladder).parameters:
        pytest.skip("this ladder plays no deal pairs yet (ladder(..., pairs=True) lands with the tuning work)")
    local = ladder(3, 2, 2000, "pairs", pairs=True)   # type: ignore[call-arg, unused-ignore]
    remote = ladder(3, 2, 2000, "pairs", pairs=True, client=client, chunk=150)   # type: ignore[call-arg, unused-ignore]
    _same(local, remote)
    assert local.pairs == remote.pairs   # type: ignore[attr-defined, unused-ignore]


@pytest.mark.parametrize("deal", ["fast", "sha"])
def test_a_table_ladder_on_a_cluster_is_the_local_one(client: Any, deal: str) -> None:
    from kozyr.durak import Rules

    rules = Rules(seats=4, variant="perevodnoy", throw_in="neighbours")
    local = ladder([3, 2, 2, Bot(1, "east")], 1500, "table", rules=rules, deal=deal)
    remote = ladder([3, 2, 2, Bot(1, "east")], 1500, "table", rules=rules, deal=deal, client=client, chunk=200)
    for name in ("losers", "moves", "bouts", "largest", "order"):
        a, b = getattr(local, name), getattr(remote, name)
        assert a.dtype == b.dtype and np.array_equal(a, b), name
    timing = {"seconds": 0, "deals_per_second": 0, "cpu_seconds": 0}
    assert local.summary() | timing == remote.summary() | timing


def test_bots_with_their_own_seeds_travel_to_the_workers(client: Any) -> None:
    a, b = Bot(3, "north", fast=True), Bot(1, "south")
    _same(ladder(a, b, 2000, 7, deal="sha"), ladder(a, b, 2000, 7, deal="sha", client=client, chunk=300))


def test_a_user_s_bot_travels_to_the_workers(client: Any) -> None:
    """Issue 22: a factory travels as the factory and its knobs (the workers import its module: here sent
    with upload_file), a callable by pickle (a lambda by value), a native bot only as its factory."""
    from pathlib import Path

    from kozyr.durak import sprt, spsa
    from kozyr.durak.ladder import BotFactory, BotSpec

    here = Path(__file__).resolve().parents[1]   # tests/durak, where _user_bots is
    client.upload_file(str(here / "_user_bots.py"))
    import _user_bots as ub

    for side in (BotSpec("_user_bots:make_taker", {"deep": 4}), BotFactory(ub.make_taker, deep=4),
                 lambda view: view.legal[-1]):
        _same(ladder(side, 2, 1200, "user"), ladder(side, 2, 1200, "user", client=client, chunk=300))
    local = sprt(BotFactory(ub.make_taker, deep=4), 2, 0, 5, batch=400, max_deals=1200, seed="u", alpha=1e-9,
                 beta=1e-9)
    remote = sprt(BotFactory(ub.make_taker, deep=4), 2, 0, 5, batch=400, max_deals=1200, seed="u", alpha=1e-9,
                  beta=1e-9, client=client)
    assert remote.counts == local.counts and remote.llr_history == local.llr_history
    kw: dict[str, Any] = dict(bounds={"deep": (0, 24)}, iterations=2, deals_per_iteration=200, seed=3, opponent=2)
    assert spsa(ub.make_taker, {"deep": 6}, client=client, **kw).spsa.trajectory == \
        spsa(ub.make_taker, {"deep": 6}, **kw).spsa.trajectory
    with pytest.raises(KozyrError) as e:   # a fault on a worker comes back as the local one
        ladder(BotFactory(ub.make_rare, what="raise"), 2, 400, "faults", client=client, chunk=50)
    local_err = None
    try:
        ladder(BotFactory(ub.make_rare, what="raise"), 2, 400, "faults")
    except KozyrError as err:
        local_err = err
    assert local_err is not None and (e.value.code, e.value.fields["deal"], e.value.fields["ply"]) == (
        local_err.code, local_err.fields["deal"], local_err.fields["ply"])
    from _compiled import build

    cheapest = build(here.parents[1] / "examples" / "native_bot" / "cheapest.pyx")
    with pytest.raises(KozyrError) as e:   # C pointers: refused before any task is sent
        ladder(cheapest.bot(), 2, 100, client=client)
    assert e.value.code == "bad_side" and "factory" in str(e.value)


@pytest.mark.parametrize("deals,chunk", [(3000, 997), (3000, 1), (1001, 1000), (7, 3), (1, None), (0, None)])
def test_chunks_that_do_not_divide_the_ladder(client: Any, deals: int, chunk: int | None) -> None:
    if chunk == 1:   # a task per deal: keep it short
        deals = 150
    seen: list[int] = []
    r = ladder(1, 3, deals, "odd", client=client, chunk=chunk, progress=lambda done, total: seen.append(done))
    _same(ladder(1, 3, deals, "odd"), r)
    if deals:
        assert seen == sorted(seen) and seen[-1] == deals and len(seen) == len(plan(deals, 2, chunk))


@pytest.mark.soak
def test_a_killed_worker_loses_nothing() -> None:
    """Kill (SIGKILL) the worker holding our chunks mid-ladder: Dask recomputes them, the arrays stand."""
    distributed = _distributed()
    with _cluster(distributed) as cluster, distributed.Client(cluster) as c:
        pids = c.run(os.getpid)
        killed: list[str] = []

        def kill_one(done: int, total: int) -> None:
            if killed:
                return
            busy, held = c.processing(), c.has_what()
            worker = max(pids, key=lambda w: len(busy.get(w, ())) + len(held.get(w, ())))
            assert busy.get(worker) or held.get(worker), "the worker to kill holds none of our chunks"
            os.kill(pids[worker], signal.SIGKILL)
            killed.append(worker)

        r = ladder(3, 3, 4000, "kill", client=c, chunk=100, progress=kill_one)
        assert killed
        recomputed = c.run_on_scheduler(lambda dask_scheduler: sorted({
            key for key, start, finish, *_ in dask_scheduler.transition_log
            if str(key).startswith("kozyr-ladder-") and start in ("memory", "processing")
            and finish in ("released", "waiting")}))
        assert recomputed, "no chunk of the ladder was lost with the worker: the test did not test"
    _same(ladder(3, 3, 4000, "kill"), r)


def test_workers_of_the_shell_outlive_a_ctrl_c(client: Any) -> None:
    """The shell's preload: a terminal's Ctrl-C reaches the workers too, and is the driver's to answer."""
    pids = client.run(os.getpid)
    for pid in pids.values():
        os.kill(pid, signal.SIGINT)
    time.sleep(0.5)
    assert client.run(os.getpid) == pids
    _same(ladder(2, 2, 500, "calm"), ladder(2, 2, 500, "calm", client=client, chunk=100))


# -- a sequential test on a cluster ----------------------------------------------------------
def _scores(fool: np.ndarray) -> np.ndarray:
    return np.where(fool == 1, 1.0, np.where(fool == 0, 0.0, 0.5))


@pytest.mark.parametrize("a,b,batch,limit,decision", [(3, 1, 300, 6000, "H1"), (2, 2, 400, 1500, "none")],
                         ids=["decides", "runs-out"])
def test_sprt_on_a_cluster_decides_as_the_local_run(client: Any, a: int, b: int, batch: int, limit: int,
                                                    decision: str) -> None:
    """Batches played ahead, the LLR updated in index order: the same decision after the same deals.

    3 vs 1 decides after its first batch or so (the batches played ahead are
    then cancelled); 2 vs 2 runs out of deals (nothing past the limit is ever
    submitted).
    """
    from kozyr.stats import counts_from_scores, run_sprt

    local = ladder(a, b, limit, "sprt")   # batch k of a local test is this ladder's k-th slice

    def local_batch(first: int, count: int) -> list[int]:
        return counts_from_scores(_scores(local.fool[first:first + count]), pairs=False)

    kw: dict[str, Any] = {"elo0": 0, "elo1": 10, "pairs": False, "batch": batch, "max_units": limit}
    want = run_sprt(local_batch, **kw)
    assert want.decision == decision
    with Batches(client, two(a, b, "sprt", "fast", limit), ahead=3, chunk=128) as batches:
        got = run_sprt(lambda first, count: counts_from_scores(_scores(fool_of(batches(first, count)[0])),
                                                               pairs=False),
                       **kw)
        ahead = batches.outstanding()
        submitted = batches.highest
    assert (got.decision, got.units, got.counts, got.llr_history) == (
        want.decision, want.units, want.counts, want.llr_history)
    assert submitted <= limit
    if want.decision == "none":
        assert got.units == limit and not ahead
    else:
        assert ahead and submitted > got.units
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and any(f.status != "cancelled" for f in ahead):
            time.sleep(0.05)
        assert all(f.status == "cancelled" for f in ahead), [f.status for f in ahead]


def test_batches_out_of_order_and_refused(client: Any) -> None:
    local = ladder(1, 2, 900, "order", deal="sha")
    with Batches(client, two(1, 2, "order", "sha", 900), ahead=2) as batches:
        for first, count in [(0, 100), (100, 100), (500, 50), (550, 350), (0, 1)]:
            got = face(batches(first, count))
            for name, part in zip(NAMES, got, strict=True):
                assert np.array_equal(getattr(local, name)[first:first + count], part), (name, first)
        for first, count in [(-1, 5), (0, 0), (850, 51), (0, 901)]:
            with pytest.raises(KozyrError) as e:
                batches(first, count)
            assert e.value.code == "bad_batch"


def test_refusals(client: Any) -> None:
    with pytest.raises(KozyrError) as e:
        ladder(3, 2, 10, client="tcp://127.0.0.1:8786")
    assert e.value.code == "bad_client"
    with pytest.raises(KozyrError) as e:   # was bad_side: a callable travels now, and its fault comes back
        ladder(lambda view: None, 2, 10, client=client)
    assert e.value.code == "no_move" and e.value.fields["deal"] == 1 and e.value.fields["ply"] == 0
    with pytest.raises(KozyrError) as e:   # refused in the driver, before any task is sent
        ladder(3, 2, 100, "a seed of thirty-one bytes long", deal="reference", client=client)
    assert e.value.code == "bad_seed"


# -- the pieces, without a cluster ---------------------------------------------------------
def test_a_chunk_merged_twice_counts_once() -> None:
    tasks = [Task(two(3, 2, "dup", "fast", 900), first, count) for first, count in plan(900, 1, 250)]
    results = [play_task(t) for t in tasks]
    merge = Merge(900)
    added = [merge.add(*results[2]), merge.add(*results[0]), merge.add(*results[2]), merge.add(*results[1])]
    assert added == [250, 250, 0, 250] and merge.done == 750 and not merge.complete
    assert merge.add(*results[3]) == 150 and merge.complete and merge.add(*results[0]) == 0
    local = ladder(3, 2, 900, "dup")
    for name, got in zip(NAMES, face(merge.arrays), strict=True):
        assert np.array_equal(getattr(local, name), got), name


def test_a_task_plays_its_chunk_into_fresh_arrays() -> None:
    first, arrays = play_task(Task(two(1, 3, "fresh", "sha", 5000), 4321, 17))
    assert first == 4321 and [x.dtype for x in arrays] == [np.dtype(t) for t in DTYPES]
    local = ladder(1, 3, 5000, "fresh", deal="sha")
    for name, got in zip(NAMES, face(arrays), strict=True):
        assert np.array_equal(getattr(local, name)[4321:4338], got), name


def test_merge_refuses_a_chunk_that_does_not_fit() -> None:
    merge = Merge(10)
    with pytest.raises(RuntimeError):
        merge.add(8, tuple(np.zeros(5, dtype=t) for t in DTYPES))
    assert merge.done == 0 and not merge.seen


def test_plan_covers_every_deal_once() -> None:
    for units, threads, chunk in [(0, 1, None), (1, 4, None), (10_000, 3, None), (10_000, 2, 999), (5, 1, 7)]:
        parts = plan(units, threads, chunk)
        covered = [i for first, count in parts for i in range(first, first + count)]
        assert covered == list(range(units))


# -- the shell ---------------------------------------------------------------------------------
def _kozyr(*args: str, **kw: Any) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "kozyr.cli", *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, **kw)


def test_the_cli_prints_the_local_table_apart_from_the_timing_line() -> None:
    _distributed()
    runs = []
    for extra in ((), ("--cluster", "local:2")):
        proc = _kozyr("ladder", "3", "2", "--deals", "3000", "--sha", *extra)
        out, err = proc.communicate(timeout=120)
        assert proc.returncode == 0 and err == "", err
        runs.append(out.splitlines())
    local, remote = runs
    assert local[:-1] == remote[:-1]
    assert local[-1].endswith("1 worker)") and remote[-1].endswith("Dask LocalCluster of 2 processes)")


@pytest.mark.parametrize("when,group", [("playing", False), ("playing", True), ("starting", True)],
                         ids=["playing-process", "playing-process-group", "starting-process-group"])
@pytest.mark.soak
def test_ctrl_c_on_a_cluster_ladder(when: str, group: bool) -> None:
    """SIGINT to the command (or, like a terminal's Ctrl-C, to its whole process group): 130 and one line.

    "playing": once the workers are busy with the ladder; "starting": as soon
    as the worker processes exist, while the cluster is (most likely) still
    starting, when the Ctrl-C is held until the start is over.
    """
    psutil = pytest.importorskip("psutil", reason=REASON)
    _distributed()
    proc = _kozyr("ladder", "3", "2", "--deals", "40000000", "--cluster", "local:2", start_new_session=group)
    deadline = time.monotonic() + 90
    need = 1.2 if when == "playing" else 0.0   # CPU seconds each worker has used: starting takes about 0.5
    while time.monotonic() < deadline and proc.poll() is None:
        try:
            workers = [p for p in psutil.Process(proc.pid).children(recursive=True)
                       if any("spawn_main" in part for part in p.cmdline())]
            if len(workers) == 2 and all(sum(p.cpu_times()[:2]) >= need for p in workers):
                break
        except psutil.Error:   # a process came and went while we looked
            pass
        time.sleep(0.1)
    start = time.monotonic()
    if group:
        os.killpg(proc.pid, signal.SIGINT)
    else:
        proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    took = time.monotonic() - start
    assert proc.returncode == 130, err
    assert out == "" and len(err.splitlines()) == 1, err
    if when == "playing":
        assert err.startswith("kozyr ladder: interrupted after ") and err.rstrip().endswith(" of 40,000,000 deals")
    else:
        assert err.startswith("kozyr ladder: interrupted "), err
    assert took < 10, f"{took:.1f} s from Ctrl-C to exit"


def test_an_unreachable_scheduler_is_one_line(monkeypatch: pytest.MonkeyPatch, capsys: Any) -> None:
    _distributed()
    from kozyr.cli import _cluster, main

    monkeypatch.setattr(_cluster, "CONNECT_TIMEOUT", "1s")
    assert main(["ladder", "3", "2", "--deals", "10", "--scheduler", "tcp://127.0.0.1:9"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("kozyr ladder: error: --scheduler tcp://127.0.0.1:9: cannot reach the Dask cluster")
    assert len(err.splitlines()) == 1


@pytest.mark.parametrize("args", [["--cluster", "local:0"], ["--cluster", "4"], ["--cluster", "remote:2"],
                                  ["--scheduler", "nowhere"], ["--cluster", "local:2", "--scheduler", "h:1"]])
def test_bad_cluster_options_are_one_line(args: list[str], capsys: Any) -> None:
    from kozyr.cli import main

    assert main(["ladder", "3", "2", *args]) == 2
    err = capsys.readouterr().err
    assert err.startswith("kozyr ladder: error: argument --") and len(err.splitlines()) == 1


def test_durak_sprt_with_a_client_is_the_local_test(client: Any) -> None:
    """kozyr.durak.sprt(client=...): deal pairs played on the cluster, the same decision, deals and LLRs."""
    from kozyr.durak.tuning.measure import sprt

    kw: dict[str, Any] = {"seed": "sprt-cluster", "batch": 400, "max_deals": 4000}
    local = sprt(3, 2, 0, 5, **kw)
    remote = sprt(3, 2, 0, 5, client=client, **kw)
    assert (remote.decision, remote.deals, remote.counts, remote.llr_history) == (
        local.decision, local.deals, local.counts, local.llr_history)


def test_spsa_with_a_client_is_the_local_run(client: Any) -> None:
    """kozyr.durak.spsa(client=...): every iteration's deal pairs on the cluster, the same trajectory."""
    from kozyr.durak.tuning.measure import spsa

    kw: dict[str, Any] = {"start": {"CHEAP_POWER": 6}, "iterations": 3, "deals_per_iteration": 400, "seed": 5}
    local = spsa(["CHEAP_POWER"], **kw)
    remote = spsa(["CHEAP_POWER"], client=client, **kw)
    assert remote.spsa.theta == local.spsa.theta and remote.params == local.params


def test_spsa_against_a_panel_with_a_client_is_the_local_run(client: Any) -> None:
    """A panel (opponent=[...]) on a cluster: each opponent's deal pairs there, the same trajectory."""
    from kozyr.durak.tuning.measure import spsa

    kw: dict[str, Any] = {"start": {"CHEAP_POWER": 6}, "iterations": 2, "deals_per_iteration": 200, "seed": 5,
                          "opponent": [2, 1]}
    local = spsa(["CHEAP_POWER"], **kw)
    remote = spsa(["CHEAP_POWER"], client=client, **kw)
    assert remote.spsa.trajectory == local.spsa.trajectory and remote.opponent == "rung 2 / rung 1"


def test_the_table_test_the_gauntlet_and_table_tuning_on_a_cluster_are_the_local_runs(client: Any) -> None:
    """One job for every table: the sequential test at a table, the gauntlet (against=, at two seats and at a
    table) and SPSA at a table play their batches on the cluster and decide as the local runs do."""
    from kozyr.durak.tuning import sprt, spsa

    kw: dict[str, Any] = {"seed": "table-cluster", "batch": 120, "max_deals": 600, "rules": Rules(seats=3)}
    local, remote = sprt(3, 2, 0, 5, **kw), sprt(3, 2, 0, 5, client=client, **kw)
    assert (remote.decision, remote.deals, remote.counts, remote.llr_history) == (
        local.decision, local.deals, local.counts, local.llr_history)
    gauntlets: list[dict[str, Any]] = [
        {"seed": "gauntlet-cluster", "batch": 200, "max_deals": 800, "against": [2, 1]},
        {"seed": "gauntlet-table", "batch": 180, "max_deals": 720, "against": [2, 1], "rules": Rules(seats=3)}]
    for kw in gauntlets:
        local, remote = sprt(3, 2, 0, 5, **kw), sprt(3, 2, 0, 5, client=client, **kw)
        assert (remote.decision, remote.deals, remote.counts, remote.llr_history) == (
            local.decision, local.deals, local.counts, local.llr_history)
    kw = {"start": {"CHEAP_POWER": 6}, "iterations": 2, "deals_per_iteration": 120, "seed": 5,
          "rules": Rules(seats=3)}
    tuned, remote_tuned = spsa(["CHEAP_POWER"], **kw), spsa(["CHEAP_POWER"], client=client, **kw)
    assert remote_tuned.spsa.trajectory == tuned.spsa.trajectory
