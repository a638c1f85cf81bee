"""How a run is run, checked once: the seed, the deal mode, workers, chunk, a bot's time limit, the cluster
client and the progress callback, as one frozen value.

`ladder`, `sprt`, `spsa` and `optuna_search` take these as keyword arguments
(as they always have) and build one `RunOptions` from them at their door; the
value is checked there, in one place, and forwarded as it is to whatever plays
(a batch of the sequential test, a round of SPSA, an Optuna trial). A caller
may build one itself and pass it as `options=`; the keywords it also gives
then must be left at their defaults (one source for each value). The shell
builds one from its common options.

"Options", not "settings": a rung's settings are `Params` (what a bot reads);
these say how the deals are run, never how a bot plays.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import Any

from kozyr.durak.ladder.faults import check_timeout
from kozyr.durak.seeds import check_deal, ladder_seed
from kozyr.errors import KozyrError, shown, whole

__all__ = ["RunOptions", "MAX_WORKERS", "MAX_CHUNK"]

MAX_WORKERS = 256
MAX_CHUNK = 10**9
Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class RunOptions:
    """How a run is run (every field keyword-only, checked when made): `seed` (text or a whole number:
    the ladder's deals), `deal` ("fast", "sha" or "reference"), `workers` (local threads, or processes
    for a Python bot: 1..256), `chunk` (deals a chunk, None: chosen), `timeout` (seconds a decision of a
    user's bot may take, None: no limit), `client` (a `distributed.Client`: play on its cluster, checked
    when first used), `progress` (a callable (done, total), or None).

    >>> RunOptions(seed="s", workers=2).workers
    2
    >>> RunOptions(workers=0)
    Traceback (most recent call last):
    kozyr.errors.KozyrError: workers=0 is outside 1..256
    """

    seed: Any = 0
    deal: str = "fast"
    workers: int = 1
    chunk: int | None = None
    timeout: float | None = None
    client: Any = None
    progress: Progress | None = None

    def __post_init__(self) -> None:
        # the order in which a run's doors have always checked them: a value wrong twice names the first
        object.__setattr__(self, "workers", whole("workers", self.workers, 1, MAX_WORKERS))
        if self.chunk is not None:
            object.__setattr__(self, "chunk", whole("chunk", self.chunk, 1, MAX_CHUNK))
        check_deal(self.deal)
        ladder_seed(self.seed)
        object.__setattr__(self, "timeout", check_timeout(self.timeout))
        if self.progress is not None and not callable(self.progress):
            raise KozyrError("bad_progress", f"progress={shown(self.progress)} is not callable",
                             value=self.progress)

    @classmethod
    def of(cls, options: object = None, **given: Any) -> RunOptions:
        """The options of a run from its door's keywords (`given`, the door's values, defaults included)
        and, when the caller passed one, its `options` (a RunOptions): a keyword not at its default beside
        `options` is refused (bad_options), so each value has one source."""
        if options is None:
            return cls(**given)
        if not isinstance(options, RunOptions):
            raise KozyrError("bad_run_options", f"options={shown(options)} is not a RunOptions", field="options",
                             value=options)
        defaults = {f.name: f.default for f in fields(cls)}
        clash = sorted(k for k, v in given.items() if v is not defaults[k] and v != defaults[k])
        if clash:
            raise KozyrError("bad_run_options", f"{', '.join(clash)} given beside options=: give each value once",
                             field="options", value=clash)
        return options
