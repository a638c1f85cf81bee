"""The ladder on a Dask cluster: chunks of deals as tasks, merged by index (the `kozyr[dask]` extra).

What travels to a worker: a rung or a `Bot` as plain data; a user's bot
built by a factory as the factory and its knob values (the worker calls the
factory: `sides.Side.__reduce_ex__`), so a factory must be importable on the
workers (a module installed there, or sent with `client.upload_file`; a
factory named by the shell as `<file>.py:attr` is loaded from that path, so the
file must be at the same path on the workers); a plain Python callable
pickled by Dask (a module-level function by its module and name, one defined
in `__main__` or a notebook by value). A `NativeBot` holds C pointers and
travels only as the factory that makes it. A side that cannot travel is
refused before any task is sent.

Past one machine the ladder does not schedule anything itself: it hands chunks
to a `distributed.Client`. A chunk is a `Task`, a small picklable description
(the run's `Job`: its resolved sides, Rules, seed, deal mode and length; and
the chunk's first deal and count); `play_task` runs in a worker process, builds a
`Runner` there, plays the chunk's consecutive deals in C into fresh arrays and
returns `(first, arrays)`. Every deal depends on its index alone, so the
driver's arrays, merged by index, are the arrays of a one-worker local run,
whatever the chunking, the number of workers, the order in which chunks
finish, or a worker dying and its chunks being computed again.

The driver (`run`) keeps a bounded number of chunks in flight (enough to keep
every worker thread busy and the next chunk queued), merges each result into
place (a chunk seen twice is counted once: `Merge`), reports progress in
finished deals, and on Ctrl-C cancels every outstanding future and raises
KeyboardInterrupt("interrupted after N of M deals"); no partial result is
returned. `Batches` is the same for a sequential test: consecutive batches
of one ladder played ahead (a bounded number in flight), handed out in index
order, and the rest cancelled once the test has decided. Dask is imported
only here, and only when a client is given.
"""
from __future__ import annotations

import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from kozyr.durak import _moved
from kozyr.durak.bots.sides import Side
from kozyr.durak.ladder._loop import Runner
from kozyr.durak.ladder.chunks import TASK_CHUNKS, plan
from kozyr.durak.ladder.job import DTYPES, Job
from kozyr.durak.ladder.result import interrupted
from kozyr.errors import KozyrError, shown

__all__ = ["Task", "play_task", "Merge", "Batches", "plan", "run", "threads_of", "RETRIES"]

AHEAD = 2            # chunks in flight per worker thread: one running, one queued behind it
RETRIES = 3          # a chunk whose task raises is tried again; a dead worker's chunks are recomputed anyway
Progress = Callable[[int, int], None]
Arrays = tuple[np.ndarray, ...]


@dataclass(frozen=True)
class Task:
    """One chunk of a run, as sent to a worker: deals first+1 .. first+count of `job` (its sides,
    Rules, seed, deal mode, length, games a deal and a bot's time limit), `job.width` entries a deal.
    The job's length lets the Runner refuse reference seeds that would run past 32 bytes, so a task
    is refused exactly as the local run would be."""

    job: Job
    first: int
    count: int

    @property
    def width(self) -> int:
        return self.job.width


def play_task(task: Task) -> tuple[int, Arrays]:
    """Play one chunk in this (worker) process: (task.first, arrays in `Job.arrays`' layout).

    Module-level so that a worker imports it by name; the Runner is built here,
    never pickled. The arrays are fresh and hold exactly the chunk's entries.
    """
    arrays = task.job.arrays(task.count)
    done = Runner(task.job).chunk(task.first, task.count, *arrays, offset=task.first)
    if done != task.count:   # only a stop() makes a chunk short, and no one stops this Runner
        raise RuntimeError(f"deals {task.first + 1}..{task.first + task.count}: played {done} of {task.count}")
    return task.first, arrays


class Merge:
    """The driver's arrays, filled chunk by chunk in any order; a chunk seen twice counts once.

    The arrays hold deal indices start+1 .. start+units (`start` 0: a whole
    ladder; a batch of a sequential test starts later). `add(first, arrays)`
    copies a chunk's arrays into place and returns how many deal indices it
    added (0 for a chunk already merged); `done` is the number of deal indices
    merged so far, `complete` whether all are.
    """

    def __init__(self, units: int, width: int = 1, start: int = 0, dtypes: Sequence[Any] = DTYPES):
        self.units, self.width, self.start, self.dtypes = units, width, start, tuple(dtypes)
        self.arrays: Arrays = tuple(np.empty(units * width, dtype=t) for t in self.dtypes)
        self.seen: set[int] = set()
        self.done = 0

    def add(self, first: int, arrays: Sequence[np.ndarray]) -> int:
        if first in self.seen:
            return 0
        n = len(arrays[0])
        count = n // self.width
        if (len(arrays) != len(self.dtypes) or n % self.width or any(len(x) != n for x in arrays)
                or first < self.start or first + count > self.start + self.units):
            raise RuntimeError(f"a chunk at deal {first + 1} with arrays of {[len(x) for x in arrays]} "
                               f"does not fit deals {self.start + 1}..{self.start + self.units}")
        at = (first - self.start) * self.width
        for into, part in zip(self.arrays, arrays, strict=True):
            into[at:at + n] = part
        self.seen.add(first)
        self.done += count
        return count

    @property
    def complete(self) -> bool:
        return self.done == self.units


def threads_of(client: Any) -> int:
    """Worker threads the cluster has now (at least 1, so a cluster still starting gets work queued)."""
    info = client.scheduler_info()
    return max(1, sum(int(w.get("nthreads", 1)) for w in info.get("workers", {}).values()))


def _client_of(client: Any) -> Any:
    try:
        from distributed import Client
    except ImportError:
        raise KozyrError("no_dask", "a cluster needs dask.distributed: pip install 'kozyr[dask]'") from None
    if not isinstance(client, Client):
        raise KozyrError("bad_client", f"client={shown(client)} is not a distributed.Client", field="client",
                         value=client)
    if client.status not in ("running", "newly-created"):
        raise KozyrError("bad_client", f"client {shown(client)} is {client.status}, not running", field="client",
                         value=client)
    return client


def run(client: Any, job: Job, *, chunk: int | None = None, progress: Progress | None = None,
        retries: int = RETRIES) -> Arrays:
    """Play deals 1..job.deals of a run on the cluster of `client`: the arrays (`Job.arrays`' layout) of a
    one-worker local run.

    The job's sides travel to the workers as the module doc says (one that
    cannot is refused here). A bot's refusal is the one a local run raises
    for the same deal (raised when its chunk comes back). `progress(done, total)` counts finished array
    entries, from this thread, as chunks are merged. Ctrl-C cancels every outstanding task and raises
    KeyboardInterrupt("interrupted after N of M deals").
    """
    client = _client_of(client)
    _check(job)
    return _drive(client, lambda first, count: Task(job, first, count), job.deals, job.width, job.dtypes,
                  chunk, progress, retries)


def run_table(client: Any, job: Job, *, chunk: int | None = None, progress: Progress | None = None,
              retries: int = RETRIES) -> Arrays:
    """Deprecated (until kozyr 0.5; warns at each call): `run(client, job, ...)`, the one driver of every table."""
    _moved.warn_renamed("kozyr.durak.ladder.cluster.run_table")
    return run(client, job, chunk=chunk, progress=progress, retries=retries)


def __getattr__(name: str) -> Any:
    """`TableTask`, the old name of `Task`, with its DeprecationWarning (until kozyr 0.5)."""
    return _moved.renamed(__name__, name)


def _drive(client: Any, make: Callable[[int, int], Any], units: int, width: int, dtypes: Sequence[Any],
           chunk: int | None, progress: Progress | None, retries: int) -> Arrays:
    """The driver of `run`: tasks `make(first, count)` for the chunks, merged by index."""
    from distributed import as_completed

    total = units * width
    merge = Merge(units, width, dtypes=dtypes)
    threads = threads_of(client)
    parts = iter(plan(units, threads, chunk, TASK_CHUNKS))
    run_id = uuid.uuid4().hex[:12]
    flight = AHEAD * threads
    pending: set[Any] = set()
    starts: dict[Any, int] = {}
    failure = _Lowest()

    def submit(ready: Any) -> bool:
        for first, count in parts:
            task = make(first, count)
            fut = client.submit(play_task, task, key=f"kozyr-ladder-{run_id}-{first}", retries=retries,
                                pure=False)
            pending.add(fut)
            starts[fut] = first
            if ready is not None:
                ready.add(fut)
            return True
        return False

    try:
        while len(pending) < flight and submit(None):
            pass
        ready = as_completed(list(pending), with_results=False)
        for fut in ready:
            if fut.status == "cancelled":   # above a failing chunk: its result no longer matters
                continue
            pending.discard(fut)
            if not failure.take(fut, starts[fut]):
                first, arrays = fut.result()
                fut.release()
                if merge.add(first, arrays) and progress is not None:
                    progress(merge.done * width, total)
            if failure.error is not None:
                _cancel(client, {f for f in pending if starts[f] > failure.first})
                pending = {f for f in pending if starts[f] < failure.first}
                if not pending:
                    break
                continue
            while len(pending) < flight and submit(ready):
                pass
        failure.raise_it()
    except KeyboardInterrupt:
        _cancel(client, pending)
        raise interrupted(merge.done * width, total) from None
    except BaseException:
        _cancel(client, pending)
        raise
    if not merge.complete:   # every chunk was submitted and merged, or an exception was raised above
        raise RuntimeError(f"the cluster returned {merge.done:,} of {units:,} deal indices")
    return merge.arrays


def _check(job: Job) -> None:
    """Refuse what a worker would refuse, here, before any task is sent: a side that cannot travel
    (a native bot not made by a factory, a callable that does not pickle) or a seed that does not fit."""
    for side in job.sides:
        _travels(side)
    if job.deals:   # the Runner refuses a reference seed that would not fit its longest deal text
        Runner(job)


def _travels(side: Side) -> None:
    """Refuse a side that cannot be sent to a worker process (the module doc says what travels)."""
    from kozyr.durak.bots.sides import describe

    if side.origin is None and side.kind in ("rung", "bot"):
        return                     # plain data
    if side.origin is None and side.kind == "native":
        raise KozyrError("bad_side", f"{describe(side)}: a native bot holds C pointers and cannot be sent to the "
                         "cluster's workers: give the factory that makes it (module:attr), which they call",
                         value=side.player)
    thing = side.origin if side.origin is not None else side.player
    try:
        from distributed.protocol.pickle import dumps
    except ImportError:   # an older distributed: cloudpickle, which it uses
        import cloudpickle
        dumps = cloudpickle.dumps
    try:
        dumps(thing)
    except Exception as err:  # noqa: BLE001 - whatever the pickler raises, the side cannot travel
        raise KozyrError("bad_side", f"{describe(side)} cannot be sent to the cluster's workers "
                         f"({type(err).__name__}: {err}): define it in a module the workers can import",
                         value=thing) from None


class Batches:
    """Consecutive batches of one ladder, played on the cluster ahead of their use: the sequential tests' seam.

    `batches(first, count)` returns the arrays (`Job.arrays`' layout)
    of deal indices first+1 .. first+count, as a local run plays them. From
    the first call on, the next `ahead` batches of the same size are already
    submitted, so the workers play on while the caller looks at a batch; a
    sequential test asks for its batches in index order and so sees exactly
    the batches of a local run, and decides at the same one. `close()` (or
    the end of a `with` block) cancels what is still outstanding: the test
    has decided. No deal index past `limit` is ever submitted. A call out of
    the expected order is served too (what was played ahead is dropped).
    """

    def __init__(self, client: Any, job: Job, *, ahead: int | None = None, chunk: int | None = None,
                 retries: int = RETRIES):
        self.client = _client_of(client)
        _check(job)
        self.job, self.limit = job, job.deals
        self.chunk, self.retries = chunk, retries
        self.threads = threads_of(self.client)
        self.ahead = max(1, ahead if ahead is not None else AHEAD * self.threads)
        self.queue: dict[int, tuple[int, list[Any]]] = {}   # first -> (count, futures), in index order
        self.next = 0        # the next batch to play ahead starts at this deal index
        self.highest = 0     # the highest deal index ever submitted (never past limit)
        self.size = 0
        self.run_id = uuid.uuid4().hex[:12]
        self.serial = 0

    def _submit(self, first: int, count: int) -> list[Any]:
        self.highest = max(self.highest, first + count)
        futures = []
        for start, n in plan(count, self.threads, self.chunk, TASK_CHUNKS):
            task = Task(self.job, first + start, n)
            self.serial += 1   # a key names one submission: a chunk asked again is a new task, never an old result
            futures.append(self.client.submit(play_task, task, key=f"kozyr-ladder-{self.run_id}-{self.serial}",
                                              retries=self.retries, pure=False))
        return futures

    def _top_up(self) -> None:
        while len(self.queue) < self.ahead and self.next < self.limit:
            count = min(self.size, self.limit - self.next)
            self.queue[self.next] = (count, self._submit(self.next, count))
            self.next += count

    def outstanding(self) -> list[Any]:
        """The futures of the batches played ahead and not yet handed out."""
        return [fut for _, futures in self.queue.values() for fut in futures]

    def __call__(self, first: int, count: int) -> Arrays:
        from distributed import as_completed

        if not (isinstance(first, int) and isinstance(count, int) and first >= 0 and count >= 1
                and first + count <= self.limit):
            raise KozyrError("bad_batch", f"a batch of {shown(count)} deals from index {shown(first)} is not "
                             f"within the {self.limit:,} deals of this test", value=(first, count))
        entry = self.queue.pop(first, None)
        if entry is None or entry[0] != count:   # not the batch played ahead: start again from here
            self.close()
            entry = (count, self._submit(first, count))
            self.size, self.next = count, first + count
        self._top_up()
        merge = Merge(count, self.job.width, start=first, dtypes=self.job.dtypes)
        failure = _Lowest()
        try:
            for fut in as_completed(entry[1], with_results=False):
                if not failure.take(fut, entry[1].index(fut)):
                    merge.add(*fut.result())
                    fut.release()
            failure.raise_it()
        except BaseException:
            _cancel(self.client, set(entry[1]))
            self.close()
            raise
        if not merge.complete:
            raise RuntimeError(f"the cluster returned {merge.done:,} of the {count:,} deals from index {first}")
        return merge.arrays

    def close(self) -> None:
        """Cancel every batch played ahead and not handed out."""
        _cancel(self.client, set(self.outstanding()))
        self.queue.clear()

    def __enter__(self) -> Batches:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class _Lowest:
    """The failing chunk with the lowest first deal: the refusal a one-worker run raises (chunks finish in
    any order on a cluster). `take(fut, first)` keeps its error if it is the lowest yet and says whether it
    failed; `raise_it()` raises the one kept."""

    def __init__(self) -> None:
        self.first = -1
        self.error: BaseException | None = None

    def take(self, fut: Any, first: int) -> bool:
        if fut.status != "error":
            return False
        err = fut.exception()
        if self.error is None or first < self.first:
            self.first, self.error = first, err
        return True

    def raise_it(self) -> None:
        if self.error is not None:
            raise self.error


def _cancel(client: Any, pending: set[Any]) -> None:
    """Cancel the outstanding tasks; a cluster already gone has nothing left to cancel."""
    if not pending:
        return
    try:
        client.cancel(list(pending), force=True)
    except Exception:  # noqa: BLE001 - the interrupt or the first error is what the caller must see
        pass
