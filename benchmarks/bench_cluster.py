"""The ladder on a Dask cluster against local threads, and what one task costs (the `kozyr[dask]` extra).

    PYTHONPATH=src python benchmarks/bench_cluster.py [--deals 200000] [--repeat 3]
    PYTHONPATH=src python -m pytest benchmarks/bench_cluster.py --benchmark-only

The script is the measured run docs/cluster.md quotes: rung 3 against rung 2
(fast deals), best of `--repeat` runs, by wall clock, for `workers=1` and
`workers=2` local threads and for a `LocalCluster` of 1 and 2 worker processes
(one thread each; the cluster's start is timed apart and not counted), with
the CPU seconds the run used (this process, which holds a LocalCluster's
scheduler, plus the workers): on a busy machine the steadier figure. Then
the overhead of one task: a ladder of the same deals cut into many small
chunks against the same ladder in few large ones, on the 2-process cluster;
the difference in wall time over the difference in tasks is what one more
task adds (submit, schedule, build the Runner, send the arrays back, merge).
Every cluster run is checked against the local one-worker arrays.

The machine is shared and often busy: the script prints `os.getloadavg()`
with the table; compare rows of one run, not runs of different days.
"""
from __future__ import annotations

import argparse
import logging
import os
import time
from typing import Any

import numpy as np
import pytest

from kozyr.durak.ladder import ladder

N = 10_000


def _local_cluster(n: int) -> Any:
    from distributed import LocalCluster

    return LocalCluster(n_workers=n, processes=True, threads_per_worker=1, dashboard_address=":0",
                        silence_logs=logging.CRITICAL)


@pytest.fixture(scope="module")
def client() -> Any:
    distributed = pytest.importorskip("distributed", reason="the kozyr[dask] extra is not installed")
    with _local_cluster(2) as cluster, distributed.Client(cluster) as c:
        yield c


def test_ladder_10k_on_two_processes(benchmark: Any, client: Any) -> None:
    r = benchmark(ladder, 3, 2, N, "bench", client=client)
    assert r.deals == N


# -- the measured run ------------------------------------------------------------------
def _cpu(c: Any = None) -> float:
    """CPU seconds used so far by this process (driver, and a LocalCluster's scheduler) and c's workers."""
    used = time.process_time()
    if c is not None:
        used += sum(c.run(lambda: time.process_time()).values())
    return used


def _best(repeat: int, run: Any, c: Any = None) -> tuple[float, float, Any]:
    """(best wall seconds, CPU seconds of that run, its result)."""
    best, cpu, result = float("inf"), 0.0, None
    for _ in range(repeat):
        c0 = _cpu(c)
        start = time.perf_counter()
        result = run()
        wall = time.perf_counter() - start
        if wall < best:
            best, cpu = wall, _cpu(c) - c0
    return best, cpu, result


def _same(a: Any, b: Any) -> None:
    for name in ("fool", "moves", "bouts", "largest"):
        assert np.array_equal(getattr(a, name), getattr(b, name)), name


def main() -> None:
    from distributed import Client

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=200_000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--overhead-deals", type=int, default=20_000)
    args = parser.parse_args()
    deals, repeat = args.deals, args.repeat
    print(f"rung 3 vs rung 2, {deals:,} fast deals, best of {repeat}; cpus {os.cpu_count()}, "
          f"load average at start {os.getloadavg()[0]:.1f}")
    rows: list[tuple[str, float, float, str, str]] = []
    reference = None
    for workers in (1, 2):
        seconds, cpu, r = _best(repeat, lambda w=workers: ladder(3, 2, deals, "bench", workers=w))
        reference = reference or r
        rows.append((f"local, workers={workers} (threads)", seconds, cpu, "-", "-"))
    overhead = None
    for n in (1, 2):
        start = time.perf_counter()
        with _local_cluster(n) as cluster, Client(cluster) as c:
            started = time.perf_counter() - start
            ladder(3, 2, 2_000, "warm-up", client=c)   # the workers import kozyr once
            seconds, cpu, r = _best(repeat, lambda c=c: ladder(3, 2, deals, "bench", client=c), c)
            _same(reference, r)
            tasks = -(-deals // r_chunk(deals, n))
            rows.append((f"LocalCluster, {n} process{'es' if n > 1 else ''}", seconds, cpu, f"{started:.1f} s",
                         f"{tasks}"))
            if n == 2:
                overhead = _overhead(c, args.overhead_deals, repeat)
        time.sleep(0.5)
    width = max(len(r[0]) for r in rows)
    print(f"{'run':{width}}  {'seconds':>8}  {'deals/s':>9}  {'CPU s':>6}  {'start':>7}  tasks")
    for name, seconds, cpu, start_text, tasks in rows:
        print(f"{name:{width}}  {seconds:8.2f}  {deals / seconds:9,.0f}  {cpu:6.2f}  {start_text:>7}  {tasks}")
    if overhead is not None:
        small, large, n_small, n_large, per = overhead
        print(f"overhead per task ({args.overhead_deals:,} deals on 2 processes): {n_small} tasks {small:.2f} s, "
              f"{n_large} tasks {large:.2f} s -> {1000 * per:.2f} ms a task")
    print(f"load average at the end {os.getloadavg()[0]:.1f}")


def r_chunk(deals: int, threads: int) -> int:
    """The chunk the cluster driver picks for this ladder (`chunks.plan` with task chunks)."""
    from kozyr.durak.ladder.chunks import TASK_CHUNKS, plan

    return plan(deals, threads, sizes=TASK_CHUNKS)[0][1]


def _overhead(c: Any, deals: int, repeat: int) -> tuple[float, float, int, int, float]:
    small_chunk, large_chunk = 20, deals // 4
    small, _, _ = _best(repeat, lambda: ladder(3, 2, deals, "bench", client=c, chunk=small_chunk))
    large, _, _ = _best(repeat, lambda: ladder(3, 2, deals, "bench", client=c, chunk=large_chunk))
    n_small, n_large = -(-deals // small_chunk), -(-deals // large_chunk)
    # the wall time one more task adds to a ladder on this cluster (the driver handles tasks one by one)
    return small, large, n_small, n_large, (small - large) / (n_small - n_large)


if __name__ == "__main__":
    main()
