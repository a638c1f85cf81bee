"""Helpers for the queue's tests: a tiny durak sequential test, queued, and the figures a run ends with."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from kozyr.queue import Store
from kozyr.queue.kinds import side_name, side_source

# Rung 3 with CHEAP_POWER 5 against rung 3 (3): about as strong, so no decision within a few thousand deals
# and a run plays every batch; not the same bot, so the batches' counts differ (a bot against itself scores
# every pair 1 - 1, whatever the deals, and a test of resumed counts could not tell one batch from another).
VARIANT = {"CHEAP_POWER": 5}


def sprt_spec(*, a: int = 3, b: int = 3, batch: int = 40, max_deals: int = 240, seed: str = "t",
              elo0: float = -2.0, elo1: float = 2.0, params_a: dict[str, int] | None = None) -> dict[str, Any]:
    if params_a is None:
        params_a = VARIANT if a == 3 else {}
    return {"sides": {"a": {"rung": a, "params": dict(params_a)}, "b": {"rung": b, "params": {}}}, "elo0": elo0,
            "elo1": elo1,
            "alpha": 0.05, "beta": 0.05, "model": "normalized", "batch": batch, "max_deals": max_deals, "seed": seed,
            "deal": "fast", "timeout": None, "workers": 1}


def queue_sprt(store: Store, **kw: Any) -> int:
    spec = sprt_spec(**kw)
    sides = spec["sides"]
    return store.add("durak", "sprt", side_name(sides["a"]), side_name(sides["b"]), spec,
                     {k: side_source(v) for k, v in sides.items()})


def outcome(path: Path, run_id: int) -> tuple[Any, ...]:
    """What must not depend on how the run was played: totals, batches, deals, LLR history, result."""
    with Store(path, readonly=True) as store:
        run = store.get(run_id)
        payloads = [p for _, p, _ in store.batch_rows(run_id)]
    return run.totals, run.batches, run.deals, run.history, run.result, payloads
