"""Rates, intervals and the sequential test: the statistics every game and command shares.

One interval for every rate kozyr reports: the Wilson score interval with
z = 2 ("2 sigma", about 95 %). Unlike the normal approximation it stays
inside 0..1 and does not collapse to zero width at 0 % or 100 %, which
matters for fool rates near 1 % and for a bot that wins every match.

"Is bot A stronger than bot B?" is decided the way chess-engine testing
decides it: a generalized sequential probability ratio test (GSPRT) over deal
results, stopped as soon as the evidence is strong enough, so that a clear
difference costs few deals and a close one is not called by luck. The games
only produce scores (1 when B is the fool, 1/2 for a draw, 0 when A is the
fool); everything from the counts on lives here and knows no game:

- `counts_from_scores` turns per-deal scores, or per-pair sums of a deal
  played twice with the seats swapped, into trinomial `[L, D, W]` or
  pentanomial `[P0..P4]` counts;
- `llr` is the log-likelihood ratio of those counts between two Elo
  hypotheses, `sprt_bounds` the thresholds it is compared with;
- `SPRT` is the running test and `run_sprt` the driver every game uses;
- `elo_estimate` is the score and logistic Elo with a 95 % interval, and
  `normalized_elo` the normalized Elo (the t-value's scale) with its interval;
- `decide` runs the test on counts alone (no games played);
- `elo_fit` fits one logistic Elo scale to a whole round robin (Bradley-Terry
  maximum likelihood), and `round_robin_elo` adds bootstrap intervals over
  deal pairs.

The mathematics (fixed so that any correct implementation agrees to 1e-6):
a zero count is replaced by 0.001, so that no outcome has probability zero;
outcome i of k+1 has the per-deal score a_i = i/k and the empirical
probability p_i = n_i/N. Under a hypothesis the closest distribution q in
likelihood is the multinomial MLE under a linear constraint,
q_i = p_i / (1 + x b_i), with x the root of sum p_i b_i / (1 + x b_i) = 0 on
the interval where every denominator stays positive (found by Brent's
method). For logistic Elo e the constraint is the mean score
s = 1 / (1 + 10^(-e/400)), b_i = a_i - s. For normalized Elo it is the
t-value t = e / (800 / ln 10), (mean - 1/2) / sd, per deal (times sqrt 2 per
pair): that constraint is not linear, so b_i = a_i - 1/2 - t sd (1 + ((m -
a_i)/sd)^2) / 2 is linearised at the current estimate (mean m, sd), starting
from the uniform distribution, for at most 10 steps or until no probability
moves by more than 1e-9. LLR = N sum p_i (ln q1_i - ln q0_i).
"""
from __future__ import annotations

import math
import operator
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple, Union

import numpy as np

from kozyr.errors import KozyrError, real, shown, whole

__all__ = [
    "Rate", "rate", "wilson", "Z",
    "MODELS", "PRIOR", "Estimate", "llr", "sprt_bounds", "elo_estimate", "logistic_elo",
    "SPRT", "SPRTResult", "run_sprt", "counts_from_scores", "NormalizedElo", "normalized_elo", "decide",
    "EloFit", "elo_fit", "round_robin_elo", "MAX_GROUP", "SHAPES", "group_of",
]

Z = 2.0


class Rate(NamedTuple):
    """hits of total as a rate with its interval [low, high]; all None when total is 0."""

    rate: float | None
    low: float | None
    high: float | None
    hits: int
    total: int

    def as_dict(self) -> dict[str, object]:
        """JSON-ready (no NaN: an empty rate is null)."""
        return self._asdict()


def wilson(hits: int, total: int, z: float = Z) -> tuple[float, float]:
    """The Wilson score interval of hits/total (z = 2: about 95 %).

    >>> [round(x, 4) for x in wilson(50, 100)]
    [0.4019, 0.5981]
    >>> wilson(10, 10)[1]
    1.0
    """
    if total <= 0:
        raise KozyrError("bad_total", f"an interval needs at least one trial, not {shown(total)}", field="total",
                         value=total)
    p = hits / total
    denom = 1 + z * z / total
    centre = (p + z * z / (2 * total)) / denom
    half = z * math.sqrt(p * (1 - p) / total + z * z / (4 * total * total)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def rate(hits: int, total: int, z: float = Z) -> Rate:
    """hits/total with its Wilson interval; `Rate(None, None, None, 0, 0)` for no trials.

    >>> rate(1, 4)
    Rate(rate=0.25, low=0.0442..., high=0.7057..., hits=1, total=4)
    """
    hits, total = int(hits), int(total)
    if not 0 <= hits <= total:
        raise KozyrError("bad_hits", f"a rate needs 0 <= hits <= total, not {hits} of {total}", field="hits",
                         value=hits)
    if total == 0:
        return Rate(None, None, None, 0, 0)
    low, high = wilson(hits, total, z)
    return Rate(hits / total, low, high, hits, total)


# -- the sequential test -----------------------------------------------------------------
MODELS = ("normalized", "logistic")
PRIOR = 0.001          # replaces a zero count: no outcome gets probability zero
Z95 = 1.959964         # the two-sided 95 % normal quantile of the Elo interval
NELO_PER_T = 800 / math.log(10)   # normalized Elo per unit of t-value (per deal)
_T_STEPS = 10          # the normalized-Elo fixed point: at most this many steps ...
_T_MOVE = 1e-9         # ... or until no probability moves by more than this
Counts = Union[Sequence[float], "np.ndarray[Any, Any]"]  # a list, tuple or numpy array of counts
_SHAPES = {3: "trinomial [L, D, W]", 5: "pentanomial [P0, P1, P2, P3, P4]"}
MAX_GROUP = 12         # games grouped into one unit at most: a gauntlet's deal at a 6-seat table (6 by a, 6 by b)
MAX_WIDTH = 4 * 6 * (6 - 1) + 1   # outcomes of a unit at most: a 6-seat table's deal in the table test (121)
SHAPES = tuple(range(3, MAX_WIDTH + 1, 2))   # the lengths counts may have: 3, 5, 7, .., MAX_WIDTH
for _w in SHAPES[2:]:
    _SHAPES[_w] = f"[G0 .. G{_w - 1}], units scored 0, 1/{_w - 1}, .., 1"


def group_of(counts: Sequence[Any]) -> int:
    """The games a unit of these counts holds by default: 1 for trinomial, 2 for pentanomial, (w - 1) / 2 for w
    entries (a caller whose units hold otherwise, the table's sequential test, says so: `group=`)."""
    return (len(counts) - 1) // 2


def _group(group: object, counts: Sequence[Any]) -> int:
    return group_of(counts) if group is None else whole("group", group, 1, MAX_GROUP)


class Estimate(NamedTuple):
    """The mean score per deal and its logistic Elo, each with a 95 % interval; None fields for n = 0.

    `n` is the number of units the counts hold: deals (trinomial) or pairs (pentanomial).
    """

    score: float | None
    score_low: float | None
    score_high: float | None
    elo: float | None
    elo_low: float | None
    elo_high: float | None
    n: int

    def as_dict(self) -> dict[str, object]:
        """JSON-ready (no NaN: an estimate of nothing is null)."""
        return self._asdict()


def _real(name: str, value: object) -> float:
    """A finite real number, or a KozyrError naming `name` (`kozyr.errors.real`, the one check)."""
    return real(name, value)


def _model(model: object) -> str:
    if model not in MODELS:
        raise KozyrError("bad_model", f"model {shown(model)} is unknown: use 'normalized' or 'logistic'",
                         field="model", value=model)
    return str(model)


def _error_rate(name: str, value: object) -> float:
    number = _real(name, value)
    if not 0.0 < number < 0.5:
        raise KozyrError(f"bad_{name}", f"{name} {shown(value)} is outside (0, 0.5): it is an error rate",
                         field=name, value=value)
    return number


def _shape(counts: object, allowed: Sequence[int] = SHAPES) -> list[Any]:
    """counts as a list of length 3 or 5, or 2g + 1 for units of g games (or only the lengths `allowed`),
    or a bad_counts KozyrError."""
    if isinstance(counts, (str, bytes)) or not hasattr(counts, "__len__") or not hasattr(counts, "__iter__"):
        raise KozyrError("bad_counts", f"counts {shown(counts)} is not a sequence of counts",
                         field="counts", value=counts)
    values = list(counts)
    if len(values) not in allowed:
        want = " or ".join(f"{n} ({_SHAPES[n]})" for n in allowed)
        raise KozyrError("bad_counts", f"counts {shown(counts)} has {len(values)} entries, not {want}",
                         field="counts", value=counts)
    return values


def _real_counts(counts: object) -> list[float]:
    """Counts that may be fractional (llr and elo_estimate accept them): finite and 0 or more."""
    values = _shape(counts)
    out = []
    for v in values:
        if isinstance(v, bool) or not isinstance(v, (int, float, np.integer, np.floating)) \
                or not math.isfinite(float(v)) or float(v) < 0:
            raise KozyrError("bad_counts", f"counts {shown(counts)}: {shown(v)} is not a count (a number, 0 or more)",
                             field="counts", value=counts)
        out.append(float(v))
    return out


def _int_counts(counts: object, length: int) -> list[int]:
    """Whole counts of exactly `length` entries, each 0 or more (what the running test accepts)."""
    values = _shape(counts, (length,))
    out = []
    for v in values:
        try:
            if isinstance(v, bool):
                raise TypeError
            n = operator.index(v)
        except TypeError:
            raise KozyrError("bad_counts", f"counts {shown(counts)}: {shown(v)} is not a whole number",
                             field="counts", value=counts) from None
        if n < 0:
            raise KozyrError("bad_counts", f"counts {shown(counts)}: {n} is negative",
                             field="counts", value=counts)
        out.append(n)
    return out


def _distribution(counts: list[float]) -> tuple[float, list[float], list[float]]:
    """N, the empirical probabilities p_i (zero counts replaced by PRIOR) and the scores a_i = i/k."""
    n = [c if c > 0 else PRIOR for c in counts]
    total = sum(n)
    k = len(n) - 1
    return total, [c / total for c in n], [i / k for i in range(k + 1)]


def _mean_var(p: Sequence[float], a: Sequence[float]) -> tuple[float, float]:
    mu = sum(pi * ai for pi, ai in zip(p, a, strict=True))
    return mu, sum(pi * (ai - mu) ** 2 for pi, ai in zip(p, a, strict=True))


def _secular(p: Sequence[float], b: Sequence[float], what: str) -> float:
    """The root x of sum p_i b_i / (1 + x b_i) = 0 where every 1 + x b_i > 0.

    The function falls from +inf to -inf across the open interval
    (-1/max b, -1/min b), so one root exists exactly when b has both signs;
    without that no distribution meets the hypothesis (`what` names it).
    """
    bmax, bmin = max(b), min(b)
    if not (bmax > 0 > bmin):
        raise KozyrError("bad_elo", f"{what} is out of reach: no distribution of these outcomes has it",
                         field="elo", value=what)
    lo, hi = -1.0 / bmax, -1.0 / bmin

    def f(x: float) -> float:
        return sum(pi * bi / (1.0 + x * bi) for pi, bi in zip(p, b, strict=True))

    # Step in from the ends until the signs show: a rare outcome (p_i near PRIOR / N) only
    # dominates very close to its pole.
    eps = (hi - lo) * 1e-9
    while True:
        left = max(lo + eps, math.nextafter(lo, hi))
        right = min(hi - eps, math.nextafter(hi, lo))
        if (f(left) > 0 and f(right) < 0) or eps < (hi - lo) * 1e-300:
            break
        eps *= 1e-3
    from scipy.optimize import brentq  # imported here: `import kozyr.durak` should not pay for scipy

    return float(brentq(f, left, right, xtol=1e-15, maxiter=200))


def _mle_mean(p: Sequence[float], a: Sequence[float], s: float, what: str) -> list[float]:
    """The distribution closest in likelihood to p whose mean score is s."""
    b = [ai - s for ai in a]
    x = _secular(p, b, what)
    return [pi / (1.0 + x * bi) for pi, bi in zip(p, b, strict=True)]


def _mle_t(p: Sequence[float], a: Sequence[float], t: float, what: str) -> list[float]:
    """The distribution closest in likelihood to p whose t-value (mean - 1/2) / sd is t."""
    q = [1.0 / len(a)] * len(a)
    for _ in range(_T_STEPS):
        m, var = _mean_var(q, a)
        sd = math.sqrt(var)
        b = [ai - 0.5 - t * sd * (1.0 + ((m - ai) / sd) ** 2) / 2.0 for ai in a]
        x = _secular(p, b, what)
        new = [pi / (1.0 + x * bi) for pi, bi in zip(p, b, strict=True)]
        moved = max(abs(u - v) for u, v in zip(new, q, strict=True))
        q = new
        if moved <= _T_MOVE:
            break
    return q


def _hypothesis(p: list[float], a: list[float], elo: float, model: str, group: int = 1) -> list[float]:
    what = f"{model} Elo {elo:g}"
    if model == "logistic":
        s = 1.0 / (1.0 + 10.0 ** (-elo / 400.0)) if abs(elo) < 1e5 else (1.0 if elo > 0 else 0.0)
        return _mle_mean(p, a, s, what)
    t = elo / NELO_PER_T
    if group > 1:
        t *= math.sqrt(group)   # the hypothesis is stated per deal; a pair is two deals, a unit `group` deals
    return _mle_t(p, a, t, what)


def llr(counts: Counts, elo0: float, elo1: float, model: str = "normalized", group: int | None = None) -> float:
    """The log-likelihood ratio of H1 (Elo elo1) against H0 (Elo elo0) given the counts.

    counts: trinomial `[L, D, W]` (deals scored 0, 1/2, 1 for side A) or
    pentanomial `[P0, .., P4]` (pairs by their sum times 2). model:
    "normalized" (Elo as a t-value, the default: its bounds mean the same
    whatever the draw rate) or "logistic" (Elo as the expected score).
    elo0 == elo1 is allowed here (the ratio is 0); the running test refuses it.
    Counts of another odd length w hold units scored 0, 1/(w-1), .., 1;
    `group` is the deals a unit holds (default 1 for 3 counts, else
    (w - 1) / 2), which scales the normalized hypothesis as a pair's sqrt 2.

    >>> round(llr([100, 800, 120], 0, 2), 4)
    0.231
    >>> round(llr([10, 90, 800, 110, 12], 0, 5, "logistic"), 4)
    0.9493
    """
    values = _real_counts(counts)
    e0, e1 = _real("elo0", elo0), _real("elo1", elo1)
    model = _model(model)
    g = _group(group, values)
    total, p, a = _distribution(values)
    q0 = _hypothesis(p, a, e0, model, g)
    q1 = _hypothesis(p, a, e1, model, g)
    return total * sum(pi * (math.log(u) - math.log(v)) for pi, u, v in zip(p, q1, q0, strict=True))


def sprt_bounds(alpha: float = 0.05, beta: float = 0.05) -> tuple[float, float]:
    """(lower, upper): accept H0 when the LLR is at or below lower, H1 at or above upper.

    alpha is the chance of accepting H1 when H0 holds, beta of accepting H0 when H1 holds.

    >>> [round(x, 4) for x in sprt_bounds()]
    [-2.9444, 2.9444]
    """
    a, b = _error_rate("alpha", alpha), _error_rate("beta", beta)
    return math.log(b / (1.0 - a)), math.log((1.0 - b) / a)


def logistic_elo(score: float) -> float:
    """The logistic Elo difference of a mean score, -400 log10(1/score - 1), score clamped to [0.001, 0.999].

    The clamp keeps a clean sweep finite (about +-1200).

    >>> logistic_elo(0.5) == 0, round(logistic_elo(0.75), 2), round(logistic_elo(1.0), 1)
    (True, 190.85, 1199.8)
    """
    s = min(max(float(score), 0.001), 0.999)
    return -400.0 * math.log10(1.0 / s - 1.0)


def elo_estimate(counts: Counts) -> Estimate:
    """The mean score per deal and the logistic Elo of the counts, each with its 95 % interval.

    The interval is mu +- 1.959964 sqrt(var / N) in score (var the variance
    of a unit's per-deal score, N the units with zero counts replaced by
    0.001, as in `llr`), shown clamped to [0, 1] and mapped through
    `logistic_elo`. Counts of nothing give None fields.

    >>> e = elo_estimate([100, 800, 120])
    >>> round(e.score, 4), round(e.elo, 2), round(e.elo_low, 2), round(e.elo_high, 2), e.n
    (0.5098, 6.81, -3.08, 16.72, 1020)
    """
    values = _real_counts(counts)
    units = sum(values)
    n = int(units) if float(units).is_integer() else units
    if units <= 0:
        return Estimate(None, None, None, None, None, None, 0)
    total, p, a = _distribution(values)
    mu, var = _mean_var(p, a)
    half = Z95 * math.sqrt(var / total)
    low, high = max(0.0, mu - half), min(1.0, mu + half)
    return Estimate(mu, low, high, logistic_elo(mu), logistic_elo(low), logistic_elo(high), n)  # type: ignore[arg-type]


class NormalizedElo(NamedTuple):
    """Normalized Elo with its 95 % interval; None fields for n = 0 (or counts with no spread).

    `n` is the number of units (deals or pairs) the counts hold.
    """

    elo: float | None
    low: float | None
    high: float | None
    n: int

    def as_dict(self) -> dict[str, object]:
        """JSON-ready (no NaN)."""
        return self._asdict()


def normalized_elo(counts: Counts, group: int | None = None) -> NormalizedElo:
    """The normalized Elo of the counts with its 95 % interval: the model of `llr(model="normalized")`.

    The t-value per deal is (mu - 1/2) / sd, sd the standard deviation of a
    unit's per-deal score (for pairs divided by sqrt 2, the hypothesis being
    stated per deal; divided by sqrt `group` for units of `group` deals, as
    `llr`); normalized Elo is t * 800 / ln 10. The interval maps
    mu +- 1.959964 sqrt(var / N) through the same scale (sd held fixed), with
    the counts as `elo_estimate` reads them (zero counts replaced by 0.001).

    >>> e = normalized_elo([100, 800, 120])
    >>> round(e.elo, 2), round(e.low, 2), round(e.high, 2), e.n
    (14.68, -6.64, 36.0, 1020)
    """
    values = _real_counts(counts)
    units = sum(values)
    n = int(units) if float(units).is_integer() else units
    if units <= 0:
        return NormalizedElo(None, None, None, 0)
    total, p, a = _distribution(values)
    mu, var = _mean_var(p, a)
    if var <= 0:
        return NormalizedElo(None, None, None, n)  # type: ignore[arg-type]
    g = _group(group, values)
    sd = math.sqrt(var) * (math.sqrt(g) if g > 1 else 1.0)
    half = Z95 * math.sqrt(var / total)
    scale = NELO_PER_T / sd
    return NormalizedElo((mu - 0.5) * scale, (mu - half - 0.5) * scale, (mu + half - 0.5) * scale, n)  # type: ignore[arg-type]


class SPRT:
    """A running sequential test: feed it batches of counts until it decides.

    `pairs=True` takes pentanomial counts (deal pairs with the seats swapped:
    the first-attacker and seat advantage cancel), `pairs=False` trinomial
    counts of single deals. After each `update` the LLR is compared with
    `bounds`: at or above the upper bound the test accepts H1 (A is at least
    elo1 stronger), at or below the lower one H0 (A is at most elo0), and
    `decision` is "H1", "H0" or None (play on). A decided test takes no more
    counts: the error rates hold only if play stops at the decision.

    >>> t = SPRT(0, 10, model="logistic", pairs=False)
    >>> t.update([300, 100, 420]); round(t.llr, 3), t.decision, t.units
    (3.548, 'H1', 820)
    """

    def __init__(self, elo0: float, elo1: float, *, alpha: float = 0.05, beta: float = 0.05,
                 model: str = "normalized", pairs: bool = True, group: int | None = None,
                 width: int | None = None) -> None:
        e0, e1 = _real("elo0", elo0), _real("elo1", elo1)
        if not e0 < e1:
            raise KozyrError("bad_elo", f"elo0 {e0:g} is not below elo1 {e1:g}: H1 must claim more than H0",
                             field="elo0", value=elo0)
        if not isinstance(pairs, (bool, np.bool_)):
            raise KozyrError("bad_pairs", f"pairs {shown(pairs)} is not True or False", field="pairs", value=pairs)
        self.model = _model(model)
        self.bounds = sprt_bounds(alpha, beta)
        self.group = (2 if pairs else 1) if group is None else whole("group", group, 1, MAX_GROUP)
        if width is None:
            width = 2 * self.group + 1
        elif whole("width", width, 3, MAX_WIDTH) % 2 == 0:
            raise KozyrError("bad_width", f"width={width} is even: a unit's outcomes are 0, 1/(w-1), .., 1 for odd w",
                             field="width", value=width)
        # Both hypotheses must be reachable at all: an absurd Elo fails here, not mid-run.
        llr([1] * width, e0, e1, self.model, self.group)
        self.elo0, self.elo1 = e0, e1
        self.alpha, self.beta = float(alpha), float(beta)
        self.pairs = bool(pairs) if group is None else self.group > 1
        self.counts: tuple[int, ...] = (0,) * width
        self.llr = 0.0
        self.units = 0
        self.history: list[tuple[int, float]] = []
        self.decision: str | None = None

    def update(self, counts_delta: Counts) -> None:
        """Add a batch of counts (5 when pairs, else 3; the width given), recompute the LLR and decide; refused
        after a decision."""
        if self.decision is not None:
            raise KozyrError("sprt_decided", f"the test has already accepted {self.decision}: it takes no more counts",
                             field="counts", value=counts_delta)
        delta = _int_counts(counts_delta, len(self.counts))
        counts = tuple(c + d for c, d in zip(self.counts, delta, strict=True))
        value = llr(counts, self.elo0, self.elo1, self.model, self.group)
        self.counts, self.llr, self.units = counts, value, sum(counts)
        self.history.append((self.units, value))
        lower, upper = self.bounds
        self.decision = "H1" if value >= upper else "H0" if value <= lower else None

    def estimate(self) -> Estimate:
        """The score and logistic Elo of the counts so far, with 95 % intervals."""
        return elo_estimate(self.counts)

    def as_dict(self) -> dict[str, object]:
        """JSON-ready (no NaN): the hypotheses, the counts, the LLR and its history, the estimate."""
        return {
            "elo0": self.elo0, "elo1": self.elo1, "alpha": self.alpha, "beta": self.beta,
            "model": self.model, "pairs": self.pairs, "bounds": list(self.bounds),
            "counts": list(self.counts), "units": self.units, "llr": self.llr,
            "decision": self.decision, "history": [[u, v] for u, v in self.history],
            "estimate": self.estimate().as_dict(),
        }

    def __repr__(self) -> str:
        return (f"SPRT(elo0={self.elo0:g}, elo1={self.elo1:g}, model={self.model!r}, pairs={self.pairs}, "
                f"units={self.units}, llr={self.llr:.3f}, decision={self.decision!r})")


@dataclass(frozen=True)
class SPRTResult:
    """A finished test: decision "H1", "H0" or "none" (max_units reached first) and how it got there.

    `llr_history` holds (units so far, LLR) after every batch; `units` are
    deals or pairs; `seconds` is wall time including the play.
    """

    decision: str
    llr: float
    llr_history: list[tuple[int, float]]
    counts: tuple[int, ...]
    units: int
    estimate: Estimate
    bounds: tuple[float, float]
    seconds: float
    elo0: float
    elo1: float
    alpha: float
    beta: float
    model: str
    pairs: bool
    group: int = 0     # games a unit groups (1 deals, 2 pairs, g a deal played in g rotations); 0: from pairs

    def __post_init__(self) -> None:
        if not self.group:
            object.__setattr__(self, "group", 2 if self.pairs else 1)

    def as_dict(self) -> dict[str, object]:
        """JSON-ready (no NaN)."""
        return {
            "group": self.group, "decision": self.decision, "llr": self.llr, "units": self.units,
            "counts": list(self.counts),
            "bounds": list(self.bounds), "elo0": self.elo0, "elo1": self.elo1, "alpha": self.alpha,
            "beta": self.beta, "model": self.model, "pairs": self.pairs, "seconds": self.seconds,
            "estimate": self.estimate.as_dict(), "llr_history": [[u, v] for u, v in self.llr_history],
        }


def run_sprt(play_batch: Callable[[int, int], Counts], *, elo0: float, elo1: float,
             alpha: float = 0.05, beta: float = 0.05, model: str = "normalized", pairs: bool = True,
             batch: int, max_units: int, on_batch: Callable[[SPRT], None] | None = None,
             group: int | None = None, width: int | None = None) -> SPRTResult:
    """Play batches until the sequential test decides or max_units are played: the driver every game uses.

    `play_batch(first_index, count)` plays units (pairs when `pairs`, else
    deals) first_index .. first_index + count - 1 and returns their counts
    (see `counts_from_scores`); the indices let the caller derive each unit's
    seed, so a run is reproducible and a batch is never played twice. The
    counts must add up to `count`. `on_batch(state)` is called after every
    batch (for a live line). A KeyboardInterrupt from play_batch or on_batch
    propagates: an interrupted test has no result.

    >>> flip = lambda first, count: [count // 4, count // 2, count - count // 4 - count // 2]
    >>> r = run_sprt(flip, elo0=0, elo1=5, pairs=False, batch=100, max_units=1000)
    >>> r.decision, r.units, len(r.llr_history)
    ('none', 1000, 10)
    """
    state = SPRT(elo0, elo1, alpha=alpha, beta=beta, model=model, pairs=pairs, group=group, width=width)
    size = whole("batch", batch, 1)
    limit = whole("max_units", max_units, 1)
    if on_batch is not None and not callable(on_batch):
        raise KozyrError("bad_on_batch", f"on_batch {shown(on_batch)} is not callable", field="on_batch",
                         value=on_batch)
    if not callable(play_batch):
        raise KozyrError("bad_play_batch", f"play_batch {shown(play_batch)} is not callable",
                         field="play_batch", value=play_batch)
    started = time.perf_counter()
    while state.decision is None and state.units < limit:
        count = min(size, limit - state.units)
        delta = _int_counts(play_batch(state.units, count), len(state.counts))
        if sum(delta) != count:
            raise KozyrError("bad_batch_counts",
                             f"play_batch({state.units}, {count}) returned counts {delta} for {sum(delta)} units, "
                             f"not {count}", field="counts", value=delta)
        state.update(delta)
        if on_batch is not None:
            on_batch(state)
    return SPRTResult(
        decision=state.decision or "none", llr=state.llr, llr_history=list(state.history), counts=state.counts,
        units=state.units, estimate=state.estimate(), bounds=state.bounds, seconds=time.perf_counter() - started,
        elo0=state.elo0, elo1=state.elo1, alpha=state.alpha, beta=state.beta, model=state.model, pairs=state.pairs,
        group=state.group,
    )


def decide(counts: Counts, elo0: float, elo1: float, *, alpha: float = 0.05, beta: float = 0.05,
           model: str = "normalized", group: int | None = None) -> SPRTResult:
    """The sequential test's verdict on counts alone (no games played): trinomial `[L, D, W]` or
    pentanomial `[P0, .., P4]`, as if they were one batch; decision "none" when the LLR lies
    between the bounds.

    >>> r = decide([10, 90, 800, 110, 12], 0, 5, model="logistic")
    >>> r.decision, round(r.llr, 4), r.units
    ('none', 0.9493, 1022)
    """
    values = _shape(counts)
    g = _group(group, values)
    whole_counts = _int_counts(values, len(values))
    units = sum(whole_counts)
    if units <= 0:
        raise KozyrError("bad_counts", f"counts {shown(counts)} hold no units: nothing to decide",
                         field="counts", value=counts)
    return run_sprt(lambda first, count: whole_counts, elo0=elo0, elo1=elo1, alpha=alpha, beta=beta, model=model,
                    pairs=g > 1, batch=units, max_units=units, group=g, width=len(values))


def counts_from_scores(scores: Any, pairs: bool, group: int | None = None) -> list[int]:
    """Trinomial or pentanomial counts from side A's scores, so that games only produce scores.

    pairs=False: one score per deal, 0, 0.5 or 1 -> `[L, D, W]`.
    pairs=True: one sum per pair, 0, 0.5, 1, 1.5 or 2 -> `[P0, .., P4]`
    (index = sum x 2); an array of shape (n, 2), the two deals of each pair,
    is summed per row first. Lists and numpy arrays are accepted.

    >>> counts_from_scores([1, 0.5, 0.5, 0, 1], pairs=False)
    [1, 2, 2]
    >>> counts_from_scores([[1, 0.5], [0, 0], [0.5, 0.5]], pairs=True)
    [1, 0, 1, 1, 0]

    group=g (1 to MAX_GROUP; pairs is then ignored): units of g games, one sum per unit (0, 0.5, .., g), or
    an array of shape (n, g) summed per row -> `[G0, .., G2g]` (index = sum x 2): a deal played in each of
    the g rotations of a table.

    >>> counts_from_scores([[1, 1, 0], [0.5, 0.5, 0.5]], pairs=True, group=3)
    [0, 0, 0, 1, 1, 0, 0]
    """
    if not isinstance(pairs, (bool, np.bool_)):
        raise KozyrError("bad_pairs", f"pairs {shown(pairs)} is not True or False", field="pairs", value=pairs)
    g = (2 if pairs else 1) if group is None else whole("group", group, 1, MAX_GROUP)
    try:
        arr = np.asarray(scores, dtype=float)
    except (TypeError, ValueError):
        raise KozyrError("bad_scores", f"scores {shown(scores)} are not numbers", field="scores",
                         value=scores) from None
    if g > 1 and arr.ndim == 2 and arr.shape[1] == g:
        arr = arr.sum(axis=1)
    if arr.ndim != 1:
        unit = "deal" if g == 1 else "pair (or two per pair)" if g == 2 else f"group (or {g} per group)"
        raise KozyrError("bad_scores", f"scores of shape {arr.shape} are not one score per {unit}",
                         field="scores", value=scores)
    top = 2 * g
    twice = arr * 2
    ok = np.isfinite(twice) & (twice == np.round(twice)) & (twice >= 0) & (twice <= top)
    if not ok.all():
        bad = arr[~ok][0]
        allowed = ("0, 0.5 or 1 (a deal's score)" if g == 1 else "0, 0.5, 1, 1.5 or 2 (a pair's sum)" if g == 2
                   else f"a multiple of 0.5 from 0 to {g} (a group's sum)")
        raise KozyrError("bad_scores", f"score {bad:g} is not {allowed}", field="scores", value=float(bad))
    return [int(c) for c in np.bincount(twice.astype(np.int64), minlength=top + 1)]


# -- a round robin's ratings: one Elo scale fitted to every pairing at once ------------------------
ELO_C = math.log(10.0) / 400.0   # the logistic scale: a 400-point gap is odds of 10 to 1


class EloFit(NamedTuple):
    """Ratings fitted to a round robin, mean 0, with their intervals (from `round_robin_elo`).

    `elo[i]` is player i's maximum-likelihood rating; `low[i]`, `high[i]` the
    2.5th and 97.5th percentiles of the bootstrap's ratings (about 2 sigma);
    `replicates` the bootstrap samples fitted, `dropped` those left out
    because in them some group of players scored nothing (or everything)
    against the rest, where no finite rating exists.
    """

    elo: tuple[float, ...]
    low: tuple[float, ...]
    high: tuple[float, ...]
    replicates: int
    dropped: int

    def as_dict(self) -> dict[str, object]:
        """JSON-ready."""
        return {k: list(v) if isinstance(v, tuple) else v for k, v in self._asdict().items()}


def _score_matrices(score: Any, games: Any) -> tuple[np.ndarray, np.ndarray]:
    s = np.asarray(score, dtype=float)
    n = np.asarray(games, dtype=float)
    if s.ndim != 2 or s.shape[0] != s.shape[1] or n.shape != s.shape or s.shape[0] < 2:
        raise KozyrError("bad_scores", f"a round robin's scores and games must be two square matrices of the same "
                         f"size, at least 2 x 2 (got {s.shape} and {n.shape})", field="scores", value=s.shape)
    if not (np.isfinite(s).all() and np.isfinite(n).all()) or (s < 0).any() or (n < 0).any() \
            or not np.allclose(n, n.T) or (s > n + 1e-9).any() or not np.allclose(s + s.T, n):
        raise KozyrError("bad_scores", "a round robin's games must be symmetric, and each pairing's two scores "
                         "non-negative and summing to its games", field="scores", value=None)
    return s, n


def _reachable(edges: np.ndarray) -> bool:
    """Whether every player reaches every other along edges i -> j (edges[i, j] true)."""
    k = len(edges)
    for start in range(k):
        seen, todo = {start}, [start]
        while todo:
            i = todo.pop()
            for j in np.flatnonzero(edges[i]):
                if int(j) not in seen:
                    seen.add(int(j))
                    todo.append(int(j))
        if len(seen) < k:
            return False
    return True


def elo_fit(score: Any, games: Any) -> tuple[float, ...]:
    """The Bradley-Terry (logistic Elo) maximum-likelihood ratings of a round robin, mean 0.

    `score[i][j]` is what player i scored against player j (1 a win, 1/2 a
    draw), `games[i][j]` how many games they played (symmetric; the diagonal
    0). The model: i scores against j with probability 1 / (1 + 10^(-(r_i -
    r_j)/400)) per game; the ratings maximise the likelihood of every score at
    once (Newton's method with step halving; the log-likelihood is concave).
    A finite maximum exists only when every player, along a chain of pairings
    in which each scored something, reaches every other: otherwise KozyrError
    `bad_scores` says so (a group that never scored has no finite rating).

    >>> [round(r, 1) for r in elo_fit([[0, 75], [25, 0]], [[0, 100], [100, 0]])]
    [95.4, -95.4]
    """
    s, n = _score_matrices(score, games)
    if not _reachable((s > 0) & (n > 0)):
        raise KozyrError("bad_scores", "no finite ratings: some group of players scored nothing against the rest",
                         field="scores", value=None)
    k = len(s)
    wins = s.sum(axis=1)
    r: np.ndarray = np.zeros(k)   # of any shape to mypy: numpy's stubs type np.zeros(k) one way or another by version

    def loglik(x: np.ndarray) -> float:
        d = ELO_C * (x[:, None] - x[None, :])
        return float(-(s * np.logaddexp(0.0, -d)).sum())    # s_ij ln p_ij summed over ordered pairs

    here = loglik(r)
    for _ in range(200):
        d = ELO_C * (r[:, None] - r[None, :])
        p = 1.0 / (1.0 + np.exp(-d))
        grad = ELO_C * (wins - (n * p).sum(axis=1))
        w = ELO_C * ELO_C * n * p * (1.0 - p)
        info = np.diag(w.sum(axis=1)) - w + 1.0 / k   # minus the Hessian, its null direction (all ones) pinned
        step = np.linalg.solve(info, grad)
        step -= step.mean()
        t = 1.0
        while t > 1e-6:
            there = loglik(r + t * step)
            if there >= here - 1e-12:
                break
            t /= 2
        r, here = r + t * step, loglik(r + t * step)
        if np.abs(t * step).max() < 1e-9:
            break
    return tuple(float(x) for x in r - r.mean())


def round_robin_elo(pairs: Any, players: int, *, bootstrap: int = 400, rng: object = 0) -> EloFit:
    """Ratings of a round robin played on deal pairs, with bootstrap intervals over the deal pairs.

    `pairs` maps (i, j), i != j, to the pentanomial counts `[P0..P4]` of
    player i's pair scores against player j (`LadderResult.pairs`): each pair
    is one deal played twice with the seats swapped, worth 0 .. 2 points to
    i. Each pairing is given once (either order). The ratings are `elo_fit`
    of the points and games; the interval resamples each pairing's deal
    pairs with replacement (a multinomial draw of its pentanomial counts),
    `bootstrap` times, refits, and takes the 2.5th and 97.5th percentiles, so
    that a pair's two correlated games stay together. `rng` seeds numpy's
    generator (the intervals are reproducible).
    """
    players = whole("players", players, 2, 10_000)
    bootstrap = whole("bootstrap", bootstrap, 0, 1_000_000)
    counts: dict[tuple[int, int], np.ndarray] = {}
    for key, value in dict(pairs).items():
        i, j = key
        i, j = whole("player", i, 0, players - 1), whole("player", j, 0, players - 1)
        if i == j or (i, j) in counts or (j, i) in counts:
            raise KozyrError("bad_scores", f"pairing ({i}, {j}) is a player against itself or given twice",
                             field="pairs", value=key)
        counts[(i, j)] = np.asarray(_int_counts(value, 5), dtype=np.int64)

    def matrices(table: dict[tuple[int, int], np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
        s, n = np.zeros((players, players)), np.zeros((players, players))
        for (i, j), c in table.items():
            points = float(np.dot(c, np.arange(5))) / 2.0
            games = 2.0 * float(c.sum())
            s[i, j] += points
            s[j, i] += games - points
            n[i, j] += games
            n[j, i] += games
        return s, n

    best = elo_fit(*matrices(counts))
    gen = np.random.default_rng(rng)  # type: ignore[arg-type]
    samples, dropped = [], 0
    for _ in range(bootstrap):
        drawn = {key: gen.multinomial(int(c.sum()), c / c.sum()) if c.sum() else c for key, c in counts.items()}
        try:
            samples.append(elo_fit(*matrices(drawn)))
        except KozyrError:
            dropped += 1
    if samples:
        arr = np.asarray(samples)
        low, high = np.percentile(arr, 2.5, axis=0), np.percentile(arr, 97.5, axis=0)
    else:
        low = high = np.asarray(best)
    return EloFit(best, tuple(float(x) for x in low), tuple(float(x) for x in high), len(samples), dropped)
