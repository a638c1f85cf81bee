"""How a ladder is cut into chunks of consecutive deals: one vocabulary for threads and tasks.

A ladder's deals depend on their index alone, so chunking never changes the
arrays; it only trades overhead against promptness. Two kinds of chunk exist,
and each has its own named sizes here (their one home):

- a thread chunk (`THREAD_CHUNKS`): what one local worker thread plays
  between two looks at Ctrl-C and progress (256 to 8,192 deals, well under a
  tenth of a second each);
- a task chunk (`TASK_CHUNKS`): what one Dask task plays on a worker process
  (8,192 to 65,536 deals: a task costs a few milliseconds of scheduling and
  transfer, so it must hold enough play to pay for them).

`plan` cuts a ladder with either.
"""
from __future__ import annotations

from dataclasses import dataclass

__all__ = ["ChunkSizes", "THREAD_CHUNKS", "TASK_CHUNKS", "PER_THREAD", "plan"]

PER_THREAD = 8     # chunks per thread without an explicit size: a slow or late thread costs an eighth of its share


@dataclass(frozen=True)
class ChunkSizes:
    """The smallest and largest chunk (in deal indices) a plan makes without an explicit size."""

    low: int
    high: int


THREAD_CHUNKS = ChunkSizes(256, 8192)       # a local worker thread's chunk
TASK_CHUNKS = ChunkSizes(8192, 65536)       # a Dask task's chunk (~10 ms to ~0.1 s of CPU)


def plan(units: int, threads: int, chunk: int | None = None,
         sizes: ChunkSizes = THREAD_CHUNKS) -> list[tuple[int, int]]:
    """The chunks (first, count) of a ladder of `units` deal indices on `threads` threads.

    `chunk` fixes the size; without it, about PER_THREAD chunks per thread,
    between `sizes.low` and `sizes.high` deal indices each (THREAD_CHUNKS
    for a local ladder's threads, TASK_CHUNKS for cluster tasks).

    >>> plan(10, 2, chunk=4)
    [(0, 4), (4, 4), (8, 2)]
    >>> plan(20_000, 2, sizes=TASK_CHUNKS)
    [(0, 8192), (8192, 8192), (16384, 3616)]
    >>> plan(1_000_000, 2, sizes=TASK_CHUNKS)[:2]
    [(0, 62501), (62501, 62501)]
    >>> plan(20_000, 2)[:2]
    [(0, 1251), (1251, 1251)]
    """
    if chunk is None:
        chunk = max(sizes.low, min(sizes.high, units // (PER_THREAD * threads) + 1))
    return [(first, min(chunk, units - first)) for first in range(0, units, chunk)]
