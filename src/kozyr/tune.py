"""Tuning bot parameters by measurement: SPSA, the way chess engines tune theirs.

SPSA (simultaneous perturbation stochastic approximation) needs no model of
how a parameter acts: each iteration plays one pair of parameter sets,
`plus` and `minus`, that differ from the current estimate by +-c_k in every
parameter at once (each sign drawn at random), and moves every parameter along
its own sign in proportion to how much better `plus` scored. Because all
parameters move on one measurement, one iteration costs the same however
many parameters there are, which is what makes it the tool of choice where
every measurement is a batch of noisy games (fishtest tunes Stockfish so).

Nothing here knows a game: `objective(plus, minus, k)` plays the games and
returns how much better `plus` did than `minus`.

Gains, at iteration k = 0, 1, ... (the usual Spall exponents alpha = 0.602,
gamma = 0.101):

- perturbation c_k = c / (k + 1)^gamma, per parameter (c is in the
  parameter's own units: about the smallest change whose effect the games
  can see);
- step a_k = a / (A + k + 1)^alpha, with A about 10 % of the iterations so
  that the first steps are not the wildest;
- gradient estimate g_i = result / (2 c_k delta_i) and theta_i += a_k g_i
  (maximising), clipped to [lower, upper].

Integer parameters are kept real between iterations (so that small steps
add up) and rounded, half up, only when handed to the objective; give them
a c of at least 1 or plus and minus round to the same value.
"""
from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

from kozyr.errors import KozyrError, real, shown, whole

__all__ = ["spsa", "SPSAResult", "Params", "schedule"]

Params = dict[str, int | float]
Objective = Callable[[Params, Params, int], float]
Gain = float | Mapping[str, float]


@dataclass(frozen=True)
class SPSAResult:
    """A finished tuning run.

    `trajectory[k]` records iteration k: the gains `c_k` and `a_k`, the signs
    `delta`, the parameter sets played (`plus`, `minus`: integer parameters
    rounded), the objective's `result` and `theta`, the real-valued estimate
    after the step. `theta` is the final real estimate and `final` the one to
    use (integer parameters rounded). The run is a function of its arguments
    and `seed` (and of the objective's own randomness).
    """

    start: dict[str, float]
    theta: dict[str, float]
    final: Params
    trajectory: list[dict[str, Any]]
    seed: int
    iterations: int
    seconds: float

    def as_dict(self) -> dict[str, object]:
        """JSON-ready."""
        return {"start": self.start, "theta": self.theta, "final": self.final, "trajectory": self.trajectory,
                "seed": self.seed, "iterations": self.iterations, "seconds": self.seconds}


def _refuse(name: str, value: object, why: str) -> KozyrError:
    return KozyrError(f"bad_{name}", f"{name} {shown(value)} {why}", field=name, value=value)


def _number(name: str, value: object) -> float:
    """A finite real number (`kozyr.errors.real`, the one check)."""
    return real(name, value)


# The gain schedule's bounds: past them a gain underflows to 0 or a power overflows (Spall's
# exponents are 0.602 and 0.101; an offset A is about a tenth of the iterations)
MAX_EXPONENT = 10.0
MAX_OFFSET = 1e9


def schedule(steps: int, A: object = None, alpha: object = 0.602, gamma: object = 0.101) -> tuple[float, float, float]:
    """The gain schedule's (A, alpha, gamma), checked: A from 0 to 1e9 (default 10 % of `steps`),
    alpha above 0 and gamma from 0, both at most 10; anything else a bad_<name> KozyrError.
    The one check of the schedule: `spsa` and the durak tuners' default gains read it."""
    big_a = 0.1 * steps if A is None else _number("A", A)
    alpha_, gamma_ = _number("alpha", alpha), _number("gamma", gamma)
    for name, given, value, positive, top in (("A", A, big_a, False, MAX_OFFSET),
                                              ("alpha", alpha, alpha_, True, MAX_EXPONENT),
                                              ("gamma", gamma, gamma_, False, MAX_EXPONENT)):
        if positive and value <= 0:
            raise _refuse(name, given, "is not positive")
        if value < 0:
            raise _refuse(name, given, "is negative")
        if value > top:
            raise _refuse(name, given, f"is above {top:g}")
    return big_a, alpha_, gamma_


def _per_parameter(name: str, value: object, names: list[str]) -> dict[str, float]:
    """A number for every parameter, or a mapping with exactly the parameters' names."""
    if isinstance(value, Mapping):
        if set(value) != set(names):
            missing, extra = sorted(set(names) - set(value)), sorted(set(value) - set(names))
            raise _refuse(name, value, f"must name exactly the parameters (missing {missing}, unknown {extra})")
        return {n: _number(f"{name}[{n!r}]", value[n]) for n in names}
    number = _number(name, value)
    return {n: number for n in names}


def _round_half_up(x: float) -> int:
    return math.floor(x + 0.5)


def spsa(objective: Objective, start: Mapping[str, float], *, lower: Gain, upper: Gain,
         integer: Iterable[str] = (), iterations: int, a: Gain, c: Gain, A: float | None = None,
         alpha: float = 0.602, gamma: float = 0.101, seed: int,
         callback: Callable[[dict[str, Any]], None] | None = None) -> SPSAResult:
    """Maximise a measured objective over the parameters in `start` by SPSA.

    objective(plus, minus, k) plays parameter set `plus` against `minus`
    (dicts name -> value, integer parameters as ints) and returns how much
    better `plus` did: positive when plus is better, 0 for a tie, on the
    scale of a score difference, for example the mean score of plus per deal
    over deal pairs minus 1/2 (so within -1/2 .. 1/2). The step is
    a_k * result / (2 c_k), so with that scale a parameter moves about
    a_k / (2 c_k) times the score edge; pick `a` from the move you want.
    lower, upper, a and c are one number for every parameter or a mapping
    with every parameter's name. A defaults to 10 % of the iterations.
    `callback(step)` sees each iteration's record (for a live line). A
    KeyboardInterrupt from the objective or the callback propagates: an
    interrupted run has no result.

    A toy objective where a larger x always scores better climbs to the upper bound:

    >>> better_x = lambda plus, minus, k: (plus["x"] - minus["x"]) / 100
    >>> result = spsa(better_x, {"x": 1.0}, lower=0, upper=10, iterations=20, a=200, c=1, seed=1)
    >>> result.final, len(result.trajectory), result.trajectory[0]["theta"]["x"] > 1.0
    ({'x': 10.0}, 20, True)
    """
    if not callable(objective):
        raise _refuse("objective", objective, "is not callable")
    if callback is not None and not callable(callback):
        raise _refuse("callback", callback, "is not callable")
    if not isinstance(start, Mapping) or not start:
        raise _refuse("start", start, "is not a non-empty mapping of parameter names to values")
    names = list(start)
    for n in names:
        if not isinstance(n, str) or not n:
            raise _refuse("start", start, f"has the name {shown(n)}: parameter names are non-empty strings")
    theta0 = {n: _number(f"start[{n!r}]", start[n]) for n in names}
    lo, hi = _per_parameter("lower", lower, names), _per_parameter("upper", upper, names)
    if isinstance(integer, (str, bytes)) or not isinstance(integer, Iterable):
        raise _refuse("integer", integer, "is not a collection of parameter names")
    ints = set(integer)
    if not ints <= set(names):
        raise _refuse("integer", integer, f"names unknown parameters {sorted(map(str, ints - set(names)))}")
    for n in names:
        if not lo[n] < hi[n]:
            raise _refuse("upper", upper, f"is not above lower for {n!r} ({lo[n]:g} .. {hi[n]:g})")
        if not lo[n] <= theta0[n] <= hi[n]:
            raise _refuse("start", start, f"puts {n!r} = {theta0[n]:g} outside {lo[n]:g} .. {hi[n]:g}")
        if n in ints and math.ceil(lo[n]) > math.floor(hi[n]):
            raise _refuse("integer", integer, f"includes {n!r} but {lo[n]:g} .. {hi[n]:g} holds no whole number")
    steps = whole("iterations", iterations, 1)
    a_ = _per_parameter("a", a, names)
    c_ = _per_parameter("c", c, names)
    for n in names:
        if a_[n] <= 0:
            raise _refuse("a", a, f"is not positive for {n!r}")
        if c_[n] <= 0:
            raise _refuse("c", c, f"is not positive for {n!r}")
    big_a, alpha_, gamma_ = schedule(steps, A, alpha, gamma)
    seed_ = whole("seed", seed, 0)

    def clip(n: str, x: float) -> float:
        return min(max(x, lo[n]), hi[n])

    def played(values: dict[str, float]) -> Params:
        out: Params = {}
        for n, x in values.items():
            if n in ints:
                out[n] = min(max(_round_half_up(x), math.ceil(lo[n])), math.floor(hi[n]))
            else:
                out[n] = x
        return out

    rng = np.random.default_rng(seed_)
    theta = dict(theta0)
    trajectory: list[dict[str, Any]] = []
    started = time.perf_counter()
    for k in range(steps):
        c_k = {n: c_[n] / (k + 1) ** gamma_ for n in names}
        a_k = {n: a_[n] / (big_a + k + 1) ** alpha_ for n in names}
        signs = rng.integers(0, 2, size=len(names)) * 2 - 1
        delta = {n: int(s) for n, s in zip(names, signs, strict=True)}
        plus = played({n: clip(n, theta[n] + c_k[n] * delta[n]) for n in names})
        minus = played({n: clip(n, theta[n] - c_k[n] * delta[n]) for n in names})
        result = objective(dict(plus), dict(minus), k)
        if isinstance(result, bool) or not isinstance(result, (int, float, np.integer, np.floating)) \
                or not math.isfinite(float(result)):
            raise KozyrError("bad_objective", f"objective returned {shown(result)} at iteration {k}: "
                             "it must return a finite number (how much better plus scored than minus)",
                             field="objective", value=result)
        r = float(result)
        theta = {n: clip(n, theta[n] + a_k[n] * r / (2 * c_k[n] * delta[n])) for n in names}
        step = {"k": k, "c_k": c_k, "a_k": a_k, "delta": delta, "plus": plus, "minus": minus,
                "result": r, "theta": dict(theta)}
        trajectory.append(step)
        if callback is not None:
            callback(step)
    return SPSAResult(start=theta0, theta=theta, final=played(theta), trajectory=trajectory, seed=seed_,
                      iterations=steps, seconds=time.perf_counter() - started)
