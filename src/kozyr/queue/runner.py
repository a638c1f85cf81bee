"""Working through the queue: claim a run, play its next batch, commit it, until the run decides.

A runner claims one run at a time (`Store.claim`), so two runners on one
store play different runs, never one batch twice. It plays batch k (k = the
batches the run has committed: a resumed run starts where its last committed
batch ended), then commits the batch and the run's new totals in one
transaction, which renews its claim. A batch in play when the process dies
(or is stopped with Ctrl-C) is lost whole and replayed by the next runner on
the same deals, so the counts at the decision are those of a run never
stopped.

Between batches the runner reads the run again: a run cancelled meanwhile
(`kozyr queue cancel`) is left at once. A refusal from the games (a bot that
raises, a source that changed since the run was queued) fails that run with
its one line and the runner goes on with the next.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kozyr.errors import KozyrError
from kozyr.queue.kinds import changed_source, kind_of
from kozyr.queue.store import DEFAULT_KEEP, LEASE_SECONDS, Run, Store, runner_name

__all__ = ["run_queue", "run_one"]

Report = Callable[[Run], None]


def run_one(store: Store, run: Run, owner: str, *, client: Any = None, report: Report | None = None,
            lease: float = LEASE_SECONDS, stop_after: int | None = None) -> Run:
    """Play the claimed `run` batch by batch to its end (or until it is cancelled, or `stop_after` batches
    were committed by this call); the run as the store then holds it."""
    kind = kind_of(run.game, run.kind)
    changed = changed_source(run.sources)
    if changed is not None:
        store.fail(run.id, owner, changed)
        return store.get(run.id)
    played = 0
    while True:
        current = store.get(run.id)
        if current.state != "running" or current.owner != owner:
            return current                       # cancelled, or taken over after a lapsed lease
        k = current.batches
        try:
            payload, deals = kind.play(current.spec, k, client)
        except KozyrError as e:
            store.fail(run.id, owner, f"batch {k}: {e.detail} [{e.code}]")
            return store.get(run.id)
        totals = kind.merge(current.totals, payload)
        llr, result = kind.verdict(current.spec, totals)
        try:
            done = store.commit_batch(run.id, k, owner, payload, deals, totals, llr, lease=lease, result=result)
        except KozyrError as e:
            if e.code == "lease_lost":
                return store.get(run.id)
            raise
        played += 1
        if report is not None:
            report(done)
        if done.state != "running" or (stop_after is not None and played >= stop_after):
            return done


def run_queue(store: Store, *, client: Any = None, owner: str | None = None, once: bool = False,
              only: int | None = None, report: Report | None = None, keep: int = DEFAULT_KEEP,
              lease: float = LEASE_SECONDS) -> list[Run]:
    """Work through the queue until nothing waits (with `once`, one run; with `only`, that run); the runs
    finished or left, in order. Ctrl-C releases the run in play (its committed batches kept) and propagates."""
    me = owner or runner_name()
    out: list[Run] = []
    while True:
        run = store.claim(me, lease=lease, only=only)
        if run is None:
            return out
        try:
            end = run_one(store, run, me, client=client, report=report, lease=lease)
        except BaseException:
            store.release(run.id, me)
            raise
        if end.owner == me:
            store.release(run.id, me)
        out.append(end)
        store.compact(keep)
        if once or only is not None:
            return out
