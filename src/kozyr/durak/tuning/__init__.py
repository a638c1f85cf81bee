"""Measuring and tuning bots: the sequential test, SPSA and Optuna over any side.

`measure` plays the deals and runs the statistics (`sprt`, `spsa`,
`optuna_search`); `space` says what a tuner tunes (rung settings or the knobs
of a user's factory). The public names of `measure` are re-exported here,
where `kozyr.durak.tuning` (the module that held them before the rooms) found
them.
"""
from kozyr.durak.tuning.measure import (
    OptunaResult,
    SprtReport,
    TuneResult,
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

__all__ = ["sprt", "SprtReport", "gauntlet_counts", "rotation_counts", "table_scores", "table_field", "spsa",
           "TuneResult", "optuna_search", "OptunaResult", "pair_scores", "share", "sprt_counts"]
