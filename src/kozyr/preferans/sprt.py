"""A sequential test of a preferans bot against a field, on duplicate deals scored in whists.

Durak's SPRT counts wins and losses (a pentanomial of deal pairs); a preferans deal ends in a real number
of whists, so the statistic here is the candidate's per-deal gain X (its mean over the six seatings of the
deal, see :mod:`kozyr.preferans.ladder`, the field taking the two other seats). The X of different deals
are independent, and with the heavy tails a few failed contracts give them, their mean is still close to
normal after a few dozen deals. So this is the normal-approximation GSPRT on the mean: H0 "the mean gain
is at most ``delta0`` whists a deal" against H1 "at least ``delta1``", with the log-likelihood ratio of a
normal mean of unknown variance, the variance replaced by its running estimate s²:

    LLR = (delta1 - delta0) / s² * sum_i (X_i - (delta0 + delta1) / 2)

compared with Wald's bounds (:func:`kozyr.stats.sprt_bounds`). The estimate of s² is poor on few deals, so
no decision is taken before ``min_deals``; a test that reaches ``max_deals`` stops undecided. The error
rates this gives on known distributions (normal, and a skewed mixture like preferans scores) are checked
by simulation in tests/preferans/test_pref_sprt.py.
"""
from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from kozyr.errors import shown
from kozyr.preferans.convention import SOCHI, Convention
from kozyr.preferans.errors import PreferansError
from kozyr.preferans.ladder import SEED, Chunk, check_convention, play_deals, resolve_side, rotations, side_label
from kozyr.stats import sprt_bounds

__all__ = ["ScoreSPRT", "SPRTOutcome", "sprt"]


class ScoreSPRT:
    """The running test; feed per-deal gains with :meth:`update` until :attr:`decision` is set."""

    def __init__(self, delta0: float, delta1: float, *, alpha: float = 0.05, beta: float = 0.05,
                 min_deals: int = 30, max_deals: int | None = None) -> None:
        for what, v in (("delta0", delta0), ("delta1", delta1)):
            if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v):
                raise PreferansError("bad_bound", f"{what}: {shown(v)} is not a number", field=what, value=v)
        if not delta1 > delta0:
            raise PreferansError("bad_bound", f"delta1: {delta1} is not above delta0 {delta0}", field="delta1",
                                 value=delta1)
        self.delta0, self.delta1 = float(delta0), float(delta1)
        self.lower, self.upper = sprt_bounds(alpha, beta)
        self.min_deals = min_deals
        self.max_deals = max_deals
        self.n = 0
        self.total = 0.0
        self.squares = 0.0
        self.llr = 0.0
        self.decision: str | None = None

    def update(self, x: float) -> str | None:
        """Add one deal's gain; the decision ("H0", "H1", or None to play on)."""
        if self.decision is not None:
            raise PreferansError("decided", "sprt: the test has decided; the error rates hold only if play stops",
                                 field="sprt")
        self.n += 1
        self.total += x
        self.squares += x * x
        if self.n < 2:
            return None
        mean = self.total / self.n
        var = max((self.squares - self.n * mean * mean) / (self.n - 1), 1e-12)
        mid = (self.delta0 + self.delta1) / 2
        self.llr = (self.delta1 - self.delta0) / var * (self.total - self.n * mid)
        if self.n >= self.min_deals:
            if self.llr >= self.upper:
                self.decision = "H1"
            elif self.llr <= self.lower:
                self.decision = "H0"
        if self.decision is None and self.max_deals is not None and self.n >= self.max_deals:
            self.decision = "undecided"
        return self.decision

    @property
    def mean(self) -> float:
        return self.total / self.n if self.n else 0.0


@dataclass(frozen=True)
class SPRTOutcome:
    """The test's end: the decision, deals played, the mean gain a deal and the final LLR; ``stopped``
    when Ctrl-C cut it short."""

    decision: str | None
    deals: int
    mean: float
    llr: float
    bounds: tuple[float, float]
    stopped: bool


def sprt(candidate: Any, field: Any, *, delta0: float = 0.0, delta1: float = 10.0, alpha: float = 0.05,
         beta: float = 0.05, max_deals: int = 2000, min_deals: int = 30, first: int = 1, seed: bytes = SEED,
         convention: Convention | str = SOCHI, workers: int = 1, client: Any = None, batch: int | None = None,
         names: tuple[str, str] | None = None,
         progress: Callable[[ScoreSPRT], None] | None = None) -> SPRTOutcome:
    """Play duplicate deals of ``candidate`` against two seats of ``field`` until the test decides whether
    the candidate gains at least ``delta1`` whists a deal (H1) or at most ``delta0`` (H0).

    A deal is played three times, the candidate in each seat (:func:`~kozyr.preferans.ladder.rotations`: the
    six seatings of durak's table are these three twice), and its score is the candidate's mean gain. With
    ``workers`` > 1 or a ``client`` (a ``distributed.Client``: the deals are played on its Dask cluster)
    deals are played ``batch`` at a time ahead of the test (default 8 a worker) and fed to it in deal order,
    so the decision, the deals and the mean are those of one worker; the deals played past the decision
    are dropped. Ctrl-C stops with ``stopped`` set. A bot that raises or answers an illegal move stops the
    test with one refusal naming the deal and seat (``bot_error``, ``not_legal``)."""
    convention = check_convention(convention)
    for what, v in (("max_deals", max_deals), ("min_deals", min_deals), ("first", first), ("workers", workers)):
        if isinstance(v, bool) or not isinstance(v, int) or v < 1:
            raise PreferansError("bad_count", f"{what}: {shown(v)} is not a positive int", field=what, value=v)
    if batch is not None and (isinstance(batch, bool) or not isinstance(batch, int) or batch < 1):
        raise PreferansError("bad_count", f"batch: {shown(batch)} is not a positive int", field="batch", value=batch)
    test = ScoreSPRT(delta0, delta1, alpha=alpha, beta=beta, min_deals=min_deals, max_deals=max_deals)
    resolve_side(candidate)
    resolve_side(field)
    labels = names if names is not None else (side_label(candidate), side_label(field))
    if batch is not None:
        size = batch
    elif client is not None:
        size = 32
    else:
        size = 1 if workers == 1 else 8 * workers
    number = first
    stopped = False
    try:
        while test.decision is None and not stopped:
            count = min(size, max_deals - test.n)
            chunk = Chunk((candidate, field), labels, number, count, seed, convention, rotations())
            arrays, done, stopped = play_deals(chunk, workers=workers, client=client)
            for d in range(done):
                test.update(float(arrays.gains[d, 0]))
                if progress is not None:
                    progress(test)
                if test.decision is not None:
                    break
            number += count
    except KeyboardInterrupt:
        stopped = True
    return SPRTOutcome(test.decision, test.n, test.mean, test.llr, (test.lower, test.upper), stopped)
