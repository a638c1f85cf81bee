"""The test queue: sequential tests, ladders and tunings queued in a SQLite store, played batch by batch.

`Store` (`kozyr.queue.store`) is the file; `kozyr.queue.kinds` says what
each kind of run plays in a batch and how its batches add up;
`run_queue` (`kozyr.queue.runner`) works through the queue, each batch
committed as it completes, so a run survives a crash or Ctrl-C with the
counts it would have had uninterrupted. The shell is `kozyr queue ...`
(`kozyr.cli.queue`) and `kozyr serve` shows the runs (`kozyr.web.runs`).

The package is a library: it imports no command-line code.
"""
from kozyr.queue.kinds import KINDS, summary
from kozyr.queue.runner import run_one, run_queue
from kozyr.queue.store import DEFAULT_STORE, SCHEMA_VERSION, Run, Store

__all__ = ["DEFAULT_STORE", "KINDS", "Run", "SCHEMA_VERSION", "Store", "run_one", "run_queue", "summary"]
