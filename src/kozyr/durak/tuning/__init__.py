"""Measuring and tuning bots: the sequential test, SPSA and Optuna over any side.

`measure` plays the deals and runs the statistics (`sprt`, `spsa`,
`optuna_search`); `space` says what a tuner tunes (rung settings or the knobs
of a user's factory). The public names of `measure` are re-exported here,
where `kozyr.durak.tuning` (the module that held them before the rooms) found
them; any other name that module held (`MAX_AGAINST`, ...) is read from
`measure` on demand.
"""
from typing import Any

from kozyr.durak.tuning import measure
from kozyr.durak.tuning.measure import (
    OptunaResult,
    SprtReport,
    TuneResult,
    duel_counts,
    gauntlet_counts,
    optuna_search,
    pair_scores,
    rotation_counts,
    share,
    sprt,
    sprt_counts,
    spsa,
    table_field,
    table_scores,
)

__all__ = ["sprt", "SprtReport", "gauntlet_counts", "duel_counts", "rotation_counts", "table_scores", "table_field",
           "spsa", "TuneResult", "optuna_search", "OptunaResult", "pair_scores", "share", "sprt_counts"]


def __getattr__(name: str) -> Any:
    """A name the module `kozyr.durak.tuning` held before the rooms and `__all__` does not list: `measure`'s."""
    try:
        return getattr(measure, name)
    except AttributeError:
        raise AttributeError(f"module 'kozyr.durak.tuning' has no attribute {name!r}") from None
