"""Worker processes for a ladder with a Python bot: `workers=N` without the GIL in the way.

A Python bot holds the GIL for each of its decisions, so worker threads would
only queue behind one another. With `workers=N` and a Python side the ladder
plays its chunks in N worker processes instead: each builds its own `Runner`
from the same `Job` and plays the chunks it is sent, and the driver merges the
arrays by index. Every deal depends on its index alone, so the arrays (and a
bot's refusal: the lowest failing deal is the one raised, as with one worker)
are those of one worker, however the chunks were split.

Where the platform has it (Linux), a worker is forked: it inherits the sides as
they are, so a lambda, a closure or a bot defined in a notebook plays too.
Elsewhere a worker is spawned and the sides travel by pickle: a function by
its module and name, a factory's side as the factory and its knobs
(`sides.Side.__reduce_ex__`); a side that cannot is refused before any deal.

A bot should answer from its view alone (and its own seeded words): a bot that
keeps state across decisions has one copy of that state per process.

Ctrl-C: the workers ignore SIGINT; the driver, waiting on their pipes, gets
the KeyboardInterrupt, kills every worker (SIGTERM, then SIGKILL after half a
second) and reaps it, so none is left behind. A worker whose driver died
outright finds its pipe closed when it asks for more work, and exits.
"""
from __future__ import annotations

import multiprocessing as mp
import os
import pickle
import signal
import sys
import time
from collections.abc import Callable, Sequence
from multiprocessing.connection import Connection, wait
from typing import Any, cast

import numpy as np

from kozyr.durak.ladder._loop import Runner
from kozyr.durak.ladder.job import Job
from kozyr.durak.ladder.result import interrupted
from kozyr.errors import KozyrError, shown

__all__ = ["run", "start_method", "AHEAD", "KILL_AFTER"]

AHEAD = 2            # chunks sent to a worker before its first result: one playing, one waiting in its pipe
KILL_AFTER = 0.5     # seconds a worker has to go after SIGTERM before it is killed
Progress = Callable[[int, int], None]


def start_method() -> str:
    """How worker processes start here: "fork" on Linux (the sides are inherited), else "spawn"."""
    return "fork" if sys.platform.startswith("linux") and "fork" in mp.get_all_start_methods() else "spawn"


def _portable(err: BaseException) -> BaseException:
    """`err` as something that survives a pipe: itself if it pickles, else a copy with its fields shown."""
    try:
        pickle.dumps(err)
        return err
    except Exception:  # noqa: BLE001 - anything a pickler may raise
        pass
    if isinstance(err, KozyrError):
        fields = {k: v if _pickles(v) else shown(v) for k, v in err.fields.items()}
        return KozyrError(err.code, err.detail, **fields)
    return RuntimeError(f"{type(err).__name__}: {err}")


def _pickles(value: object) -> bool:
    try:
        pickle.dumps(value)
        return True
    except Exception:  # noqa: BLE001
        return False


def _serve(conn: Connection, job: Job) -> None:
    """A worker: play each chunk (first, count) it is sent, answer (first, arrays, cpu) or an error."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)   # Ctrl-C is the driver's to handle
    try:
        runner = Runner(job)
    except BaseException as err:  # noqa: BLE001 - reported to the driver, which raises it
        conn.send(("error", -1, _portable(err), None))
        return
    while True:
        try:
            task = conn.recv()
        except (EOFError, OSError):   # the driver is gone
            return
        if task is None:
            return
        first, count = task
        arrays = job.arrays(count)
        c0 = time.process_time()
        try:
            runner.chunk(first, count, *arrays, offset=first)
        except BaseException as err:  # noqa: BLE001
            cause = err.__cause__
            conn.send(("error", first, _portable(err), None if cause is None else _portable(cause)))
            continue
        conn.send(("ok", first, arrays, time.process_time() - c0))


class _Pool:
    """The driver's side of N workers: their processes, pipes and what each has been sent."""

    def __init__(self, job: Job, workers: int) -> None:
        # by literal name, so that the stubs know its Process (for any str they give a BaseContext without one)
        ctx = mp.get_context("fork") if start_method() == "fork" else mp.get_context("spawn")
        if ctx.get_start_method() != "fork":
            for side in job.sides:
                try:
                    pickle.dumps(side)
                except Exception as err:  # noqa: BLE001
                    raise KozyrError("bad_side", f"{shown(side)} cannot be sent to worker processes "
                                     f"({type(err).__name__}: {err}): define the bot at module level, or play "
                                     "with workers=1", value=side) from None
        self.procs: list[Any] = []
        self.conns: list[Connection] = []
        self.sent: dict[Connection, list[int]] = {}
        try:
            for _ in range(workers):
                here, there = ctx.Pipe(duplex=True)
                proc = ctx.Process(target=_serve, args=(there, job), daemon=True, name="kozyr-ladder")
                proc.start()
                there.close()
                self.procs.append(proc)
                self.conns.append(here)
                self.sent[here] = []
        except BaseException:
            self.kill()
            raise

    def send(self, conn: Connection, first: int, count: int) -> None:
        conn.send((first, count))
        self.sent[conn].append(first)

    def close(self) -> None:
        """Tell every worker to finish, and reap it."""
        for conn in self.conns:
            try:
                conn.send(None)
            except OSError:
                pass
        for proc in self.procs:
            proc.join(KILL_AFTER * 4)
        self.kill()

    def kill(self) -> None:
        """Stop every worker now (SIGTERM, then SIGKILL) and reap it: none is left behind."""
        for proc in self.procs:
            if proc.is_alive():
                proc.terminate()
        deadline = time.monotonic() + KILL_AFTER
        for proc in self.procs:
            proc.join(max(0.0, deadline - time.monotonic()))
            if proc.is_alive():
                proc.kill()
                proc.join()
        for conn in self.conns:
            conn.close()
        self.procs, self.conns = [], []


def run(job: Job, parts: Sequence[tuple[int, int]], workers: int, out: Sequence[np.ndarray], offset: int,
        total: int, progress: Progress | None, per: int) -> list[float]:
    """Play the chunks `parts` (first, count) of `job` in `workers` processes into the arrays `out`
    (`job.arrays`' layout; deal first at index (first - offset) * per); the CPU seconds each
    worker spent playing. Ctrl-C kills the workers and raises KeyboardInterrupt("interrupted after N
    of M deals"); a failing deal raises its refusal, the lowest failing deal's as with one worker."""
    todo = list(parts)
    counts = dict(todo)
    workers = max(1, min(workers, len(todo)))
    pool = _Pool(job, workers)
    cpu = {id(c): 0.0 for c in pool.conns}
    done = 0
    failure: tuple[int, BaseException] | None = None
    ahead = iter(todo)
    try:
        for conn in pool.conns:
            for _ in range(AHEAD):
                nxt = next(ahead, None)
                if nxt is not None:
                    pool.send(conn, *nxt)
        while any(pool.sent[c] for c in pool.conns):
            if failure is not None and not any(f < failure[0] for c in pool.conns for f in pool.sent[c]):
                break   # nothing below the failing chunk is still playing: its refusal is the one to raise
            # wait returns some of the objects it is given: here our Connections
            for conn in cast("list[Connection]", wait([c for c in pool.conns if pool.sent[c]], timeout=0.25)):
                try:
                    status, first, payload, extra = conn.recv()
                except (EOFError, OSError):
                    raise RuntimeError("a ladder worker process died (killed, or out of memory)") from None
                if status == "error" and first < 0:
                    raise payload
                pool.sent[conn].remove(first)
                if status == "error":
                    if extra is not None:
                        payload.__cause__ = extra
                    if failure is None or first < failure[0]:
                        failure = (first, payload)
                    continue
                at = (first - offset) * per
                for into, part in zip(out, payload, strict=True):
                    into[at:at + len(part)] = part
                cpu[id(conn)] += extra
                done += counts[first] * per
                if progress is not None:
                    progress(done, total)
                if failure is None:
                    nxt = next(ahead, None)
                    if nxt is not None:
                        pool.send(conn, *nxt)
    except KeyboardInterrupt:
        pool.kill()
        raise interrupted(done, total) from None
    except BaseException:
        pool.kill()
        raise
    if failure is not None:
        pool.kill()
        raise failure[1]
    pool.close()
    return sorted(cpu.values(), reverse=True)


def alive_children() -> list[int]:
    """The pids of this process's living ladder workers (for tests: none after a run)."""
    return [p.pid for p in mp.active_children() if p.name == "kozyr-ladder" and p.pid is not None
            and p.pid != os.getpid()]
