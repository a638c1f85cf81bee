"""The preferans ladder, the sequential test and the tuner on a Dask cluster (the ``kozyr[dask]`` extra).

A run's deals are cut into chunks (:class:`~kozyr.preferans.duplicate.Chunk`: the sides as given, the seed,
the convention, the seatings, a range of deal numbers), each handed to ``client.submit`` and played by
:func:`~kozyr.preferans.duplicate.play_chunk` in a worker process. A deal depends on its number alone, so the
rows that come back, put in place by deal number, are the arrays one local worker fills, whatever the
chunking, the number of workers, the order chunks finish in, or a worker dying and its chunk being played
again (a chunk seen twice is put in place once).

What travels: rung names and ``module:attr`` specs as text (a worker imports the module: it must be
importable there, and a ``<file>.py:attr`` must be at the same path), a Python callable pickled by Dask (a
module-level function by name, one defined in ``__main__`` by value). A side that does not pickle is
refused before any task is sent (``bad_side``). A bot's refusal (``bot_error``, ``not_legal``) is raised
as a local run raises it: the one of the lowest deal.

At most ``AHEAD`` chunks a worker thread are in flight. Ctrl-C cancels every outstanding task and keeps the
deals finished from the first (a ladder says so with ``stopped``); Dask is imported only here, and only
when a client is given. Durak's cluster (:mod:`kozyr.durak.ladder.cluster`) does the same for its C loop's
arrays; the two share the shape, not code, since the rows and the tasks differ.
"""
from __future__ import annotations

import uuid
from dataclasses import replace
from typing import Any

import numpy as np

from kozyr.errors import KozyrError, shown
from kozyr.preferans.duplicate import Arrays, Chunk, empty_arrays, play_chunk

__all__ = ["run_chunks", "client_of", "chunks_of", "AHEAD", "RETRIES", "CHUNK_DEALS"]

AHEAD = 2            # chunks in flight per worker thread: one running, one queued behind it
RETRIES = 3          # a chunk whose task raises is tried again; a dead worker's chunk is played again anyway
CHUNK_DEALS = 8      # deals a chunk at most: a preferans deal is milliseconds to seconds, so chunks stay short


def client_of(client: Any) -> Any:
    """The client, checked: a running ``distributed.Client`` (``no_dask`` without the extra, else
    ``bad_client``)."""
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


def _travels(chunk: Chunk) -> None:
    """Refuse a side that cannot be sent to a worker (the module's docstring says what travels)."""
    try:
        from distributed.protocol.pickle import dumps
    except ImportError:   # an older distributed: cloudpickle, which it uses
        import cloudpickle
        dumps = cloudpickle.dumps
    for side, name in zip(chunk.sides, chunk.names, strict=True):
        if isinstance(side, str):
            continue
        try:
            dumps(side)
        except Exception as err:  # noqa: BLE001 - whatever the pickler raises, the side cannot travel
            raise KozyrError("bad_side", f"side {name}: {shown(side)} cannot be sent to the cluster's workers "
                             f"({type(err).__name__}: {err}): define it in a module the workers can import",
                             field="side", value=side) from None


def chunks_of(chunk: Chunk, size: int = CHUNK_DEALS) -> list[Chunk]:
    """The run cut into chunks of at most ``size`` consecutive deals."""
    return [replace(chunk, first=chunk.first + k, count=min(size, chunk.count - k))
            for k in range(0, chunk.count, size)]


def _threads(client: Any) -> int:
    info = client.scheduler_info()
    return max(1, sum(int(w.get("nthreads", 1)) for w in info.get("workers", {}).values()))


def run_chunks(client: Any, chunk: Chunk, *, size: int = CHUNK_DEALS,
               retries: int = RETRIES) -> tuple[Arrays, int, bool]:
    """Play the chunk's deals on the cluster of ``client``: (arrays, deals finished from the first, stopped),
    as :func:`kozyr.preferans.ladder.play_deals` returns them locally."""
    from distributed import as_completed

    client = client_of(client)
    _travels(chunk)
    arrays = empty_arrays(chunk.count, len(chunk.sides), len(chunk.seatings))
    finished = np.zeros(chunk.count, bool)
    parts = iter(chunks_of(chunk, size))
    run_id = uuid.uuid4().hex[:12]
    flight = AHEAD * _threads(client)
    pending: dict[Any, int] = {}
    failures: dict[int, BaseException] = {}

    def submit(ready: Any) -> bool:
        part = next(parts, None)
        if part is None:
            return False
        fut = client.submit(play_chunk, part, key=f"kozyr-preferans-{run_id}-{part.first}", retries=retries,
                            pure=False)
        pending[fut] = part.first
        if ready is not None:
            ready.add(fut)
        return True

    try:
        while len(pending) < flight and submit(None):
            pass
        ready = as_completed(list(pending), with_results=False)
        for fut in ready:
            first = pending.pop(fut, None)
            if first is None or fut.status == "cancelled":
                continue
            if fut.status == "error":
                failures[first] = fut.exception()
                _cancel(client, [f for f, at in pending.items() if at > first])
                pending = {f: at for f, at in pending.items() if at < first}
                if not pending:
                    break
                continue
            at_first, rows = fut.result()
            fut.release()
            at = at_first - chunk.first
            if not finished[at]:
                n = len(rows.gains)
                for into, part_rows in zip(arrays, rows, strict=True):
                    into[at:at + n] = part_rows
                finished[at:at + n] = True
            if not failures:
                while len(pending) < flight and submit(ready):
                    pass
    except KeyboardInterrupt:
        _cancel(client, list(pending))
        done = int(np.argmin(finished)) if not finished.all() else chunk.count
        return arrays, done, True
    except BaseException:
        _cancel(client, list(pending))
        raise
    if failures:
        raise failures[min(failures)]
    if not finished.all():
        raise RuntimeError(f"the cluster returned {int(finished.sum()):,} of {chunk.count:,} deals")
    return arrays, chunk.count, False


def _cancel(client: Any, futures: list[Any]) -> None:
    """Cancel the outstanding tasks; a cluster already gone has nothing left to cancel."""
    if not futures:
        return
    try:
        client.cancel(futures, force=True)
    except Exception:  # noqa: BLE001 - the interrupt or the first error is what the caller must see
        pass
