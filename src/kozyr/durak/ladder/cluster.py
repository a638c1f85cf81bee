"""The ladder on a Dask cluster: chunks of deals as tasks, merged by index (the `kozyr[dask]` extra).

Past one machine the ladder does not schedule anything itself: it hands chunks
to a `distributed.Client`. A chunk is a `Task`, a small picklable description
(the two resolved `Side`s, the seed, the deal mode, the ladder's length and the
chunk's first deal and count); `play_task` runs in a worker process, builds a
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
returned. Dask is imported only here, and only when a client is given.
"""
from __future__ import annotations

import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from kozyr.durak.ladder._loop import Runner
from kozyr.durak.ladder.sides import Side
from kozyr.errors import KozyrError, shown

__all__ = ["Task", "play_task", "Merge", "plan", "run", "threads_of", "CHUNK_MIN", "CHUNK_MAX", "RETRIES"]

CHUNK_MIN = 8192     # deals a task at least (~10 ms of CPU): a task costs a few ms of scheduling and transfer
CHUNK_MAX = 65536    # deals a task at most (~0.1 s of CPU): progress and the end of a ladder stay prompt
AHEAD = 2            # chunks in flight per worker thread: one running, one queued behind it
RETRIES = 3          # a chunk whose task raises is tried again; a dead worker's chunks are recomputed anyway
DTYPES = (np.int8, np.int32, np.int16, np.int8)   # fool, moves, bouts, largest: the ladder's arrays
Progress = Callable[[int, int], None]
Arrays = tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]


@dataclass(frozen=True)
class Task:
    """One chunk of a ladder, as sent to a worker: deals first+1 .. first+count of `deals`.

    `a` and `b` are resolved sides (rungs or Bots); `deals` is the ladder's
    length, which the Runner needs to refuse reference seeds that would run
    past 32 bytes, so a task is refused exactly as the local run would be.
    `pairs` plays each deal twice, seats swapped (two entries per deal).
    """

    a: Side
    b: Side
    seed: Any
    deal: str
    deals: int
    first: int
    count: int
    pairs: bool = False

    @property
    def width(self) -> int:
        """Array entries per deal index: 2 with pairs, else 1."""
        return 2 if self.pairs else 1


def _runner(task: Task) -> Runner:
    if task.pairs:   # the pairs keyword exists only where the C loop plays deal pairs
        return Runner(task.a, task.b, task.seed, task.deal, task.deals, True)
    return Runner(task.a, task.b, task.seed, task.deal, task.deals)


def play_task(task: Task) -> tuple[int, Arrays]:
    """Play one chunk in this (worker) process: (task.first, (fool, moves, bouts, largest)).

    Module-level so that a worker imports it by name; the Runner is built here,
    never pickled. The arrays are fresh and hold exactly the chunk's entries.
    """
    n = task.count * task.width
    arrays = tuple(np.empty(n, dtype=t) for t in DTYPES)
    done = _runner(task).chunk(task.first, task.count, *arrays, task.first)
    if done != task.count:   # only a stop() makes a chunk short, and no one stops this Runner
        raise RuntimeError(f"deals {task.first + 1}..{task.first + task.count}: played {done} of {task.count}")
    return task.first, arrays  # type: ignore[return-value]


class Merge:
    """The driver's arrays, filled chunk by chunk in any order; a chunk seen twice counts once.

    `add(first, arrays)` copies a chunk's arrays into place and returns how
    many deal indices it added (0 for a chunk already merged); `done` is the
    number of deal indices merged so far, `complete` whether all are.
    """

    def __init__(self, units: int, width: int = 1):
        self.units, self.width = units, width
        self.arrays: Arrays = tuple(np.empty(units * width, dtype=t) for t in DTYPES)  # type: ignore[assignment]
        self.seen: set[int] = set()
        self.done = 0

    def add(self, first: int, arrays: Sequence[np.ndarray]) -> int:
        if first in self.seen:
            return 0
        n = len(arrays[0])
        count = n // self.width
        if (len(arrays) != len(DTYPES) or n % self.width or any(len(x) != n for x in arrays)
                or first < 0 or first + count > self.units):
            raise RuntimeError(f"a chunk at deal {first + 1} with arrays of {[len(x) for x in arrays]} "
                               f"does not fit a ladder of {self.units}")
        at = first * self.width
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


def plan(units: int, threads: int, chunk: int | None = None) -> list[tuple[int, int]]:
    """The chunks (first, count) of a ladder of `units` deal indices on `threads` worker threads.

    Without `chunk`: about 8 chunks per thread (a slow worker or a late one
    then costs at most an eighth of its share), between CHUNK_MIN and
    CHUNK_MAX deals each. Chunking never changes the arrays.

    >>> plan(10, 2, chunk=4)
    [(0, 4), (4, 4), (8, 2)]
    >>> plan(20_000, 2)
    [(0, 8192), (8192, 8192), (16384, 3616)]
    >>> plan(1_000_000, 2)[:2]
    [(0, 62501), (62501, 62501)]
    """
    if chunk is None:
        chunk = max(CHUNK_MIN, min(CHUNK_MAX, units // (8 * threads) + 1))
    return [(first, min(chunk, units - first)) for first in range(0, units, chunk)]


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


def run(client: Any, a: Side, b: Side, units: int, seed: Any, deal: str, *, pairs: bool = False,
        chunk: int | None = None, progress: Progress | None = None, retries: int = RETRIES,
        merge: Merge | None = None) -> Arrays:
    """Play deal indices 1..units of a ladder on the cluster of `client`: (fool, moves, bouts, largest).

    a, b are resolved rung or Bot sides (they travel to the workers as plain
    data; a Python callable or a native bot is refused). The arrays equal a
    one-worker local run's. `progress(done, total)` counts finished array
    entries, from this thread, as chunks are merged. Ctrl-C cancels every outstanding task and raises
    KeyboardInterrupt("interrupted after N of M deals").
    """
    from distributed import as_completed

    client = _client_of(client)
    for side in (a, b):
        if side.kind not in ("rung", "bot"):   # a Python player or a native bot lives in this process only
            raise KozyrError("bad_side", f"a cluster ladder sends its sides to other processes: sides are rung "
                             f"ints or Bots, not a {side.kind} player", value=side.player)
    width = 2 if pairs else 1
    total = units * width
    if merge is None:
        merge = Merge(units, width)
    if units and pairs:   # build one Runner here: a refused seed is refused before any task is sent
        Runner(a, b, seed, deal, units, True)
    elif units:
        Runner(a, b, seed, deal, units)
    threads = threads_of(client)
    parts = iter(plan(units, threads, chunk))
    run_id = uuid.uuid4().hex[:12]
    flight = AHEAD * threads
    pending: set[Any] = set()

    def submit(ready: Any) -> bool:
        for first, count in parts:
            task = Task(a, b, seed, deal, units, first, count, pairs)
            fut = client.submit(play_task, task, key=f"kozyr-ladder-{run_id}-{first}", retries=retries,
                                pure=False)
            pending.add(fut)
            if ready is not None:
                ready.add(fut)
            return True
        return False

    try:
        while len(pending) < flight and submit(None):
            pass
        ready = as_completed(list(pending), with_results=False)
        for fut in ready:
            first, arrays = fut.result()
            pending.discard(fut)
            fut.release()
            if merge.add(first, arrays) and progress is not None:
                progress(merge.done * width, total)
            while len(pending) < flight and submit(ready):
                pass
    except KeyboardInterrupt:
        _cancel(client, pending)
        raise KeyboardInterrupt(f"interrupted after {merge.done * width:,} of {total:,} deals") from None
    except BaseException:
        _cancel(client, pending)
        raise
    if not merge.complete:   # every chunk was submitted and merged, or an exception was raised above
        raise RuntimeError(f"the cluster returned {merge.done:,} of {units:,} deal indices")
    return merge.arrays


def _cancel(client: Any, pending: set[Any]) -> None:
    """Cancel the outstanding tasks; a cluster already gone has nothing left to cancel."""
    if not pending:
        return
    try:
        client.cancel(list(pending), force=True)
    except Exception:  # noqa: BLE001 - the interrupt or the first error is what the caller must see
        pass
