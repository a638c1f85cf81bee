"""Tuning rung 2's bidding and whisting thresholds by SPSA, on duplicate deals against a fixed field.

SPSA itself knows no game (:func:`kozyr.tune.spsa`); this is the preferans side of it, in the shape of
durak's tuner (:func:`kozyr.durak.spsa`): iterations, deals an iteration, a seed, workers or a Dask client,
a live callback, a result object. What is tuned are :data:`~kozyr.preferans.rungs.RULES_KNOBS`, the named
thresholds of :class:`~kozyr.preferans.rungs.RulesBot`, each within its bounds.

Each iteration k perturbs every tuned knob by +-c_k at once and plays both perturbed bots against the same
fixed ``field`` (default rung 2 as it ships) on the same deals: deals ``k * n + 1 .. (k + 1) * n`` of the
run's seed, each deal three times, the tuned bot in each seat and the field in the two others (the
sequential test's seatings, :func:`kozyr.preferans.ladder.rotations`). A bot's score is its mean gain in
the deal's settlement, in whists a deal, and the objective is half the difference of the two scores: the
two bots meet the same cards and the same opponents, so the cards cancel and what is left is the knobs.
Playing the field rather than each other keeps the target fixed: a knob moves because the bot does better
against a known player, which is what the sequential test then checks.

The same seed gives the same deals, perturbations and trajectory, whatever ``workers`` or ``client``
(the rows of a run are the same however they are played: :mod:`kozyr.preferans.cluster`). Ctrl-C stops
promptly, between deals, and returns the estimate so far with ``stopped`` set: the knobs of the last
finished iteration.
"""
from __future__ import annotations

import hashlib
import math
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from kozyr.errors import KozyrError, real, shown, whole
from kozyr.preferans.convention import SOCHI, Convention
from kozyr.preferans.errors import PreferansError
from kozyr.preferans.ladder import Chunk, check_convention, play_deals, resolve_side, rotations, side_label
from kozyr.preferans.rungs import RULES_KNOBS, RulesBot
from kozyr.tune import SPSAResult, schedule
from kozyr.tune import spsa as _spsa

__all__ = ["spsa", "TuneResult", "RulesFactory", "tuning_seed", "MAX_DEALS_PER_ITERATION"]

MAX_ITERATIONS = 100_000
MAX_DEALS_PER_ITERATION = 100_000


@dataclass(frozen=True)
class RulesFactory:
    """Rung 2 with these knobs as a side of the ladder, the test or the tuner: ``make(seed=...)`` gives a
    :class:`RulesBot`. Plain data, so it travels to worker processes and to a Dask cluster."""

    knobs: tuple[tuple[str, float], ...] = ()

    def __post_init__(self) -> None:
        RulesBot(0, **dict(self.knobs))     # a knob out of its bounds is refused here, not in a worker

    def __call__(self, seed: int | str = 0) -> RulesBot:
        return RulesBot(seed, **dict(self.knobs))

    @property
    def name(self) -> str:
        return "rules(" + ", ".join(f"{k}={v:g}" for k, v in self.knobs) + ")" if self.knobs else "rules"

    @classmethod
    def of(cls, knobs: Mapping[str, float]) -> RulesFactory:
        return cls(tuple(sorted((k, float(v)) for k, v in knobs.items())))


@dataclass(frozen=True)
class TuneResult:
    """A tuning run: ``spsa`` (:class:`kozyr.tune.SPSAResult`: the trajectory, the real estimate, the seed),
    ``knobs`` the tuned thresholds to use (every knob of rung 2, the untuned at their fixed values),
    ``start`` the same at the start, ``field`` the opponents' name, ``deals`` played (each three games a
    bot, two bots an iteration) and ``seconds``; ``stopped`` when Ctrl-C ended it early (``knobs`` are then
    the estimate after the last finished iteration)."""

    spsa: SPSAResult
    knobs: dict[str, float]
    start: dict[str, float]
    field: str
    deals: int
    seconds: float
    stopped: bool = False
    tuned: tuple[str, ...] = ()

    @property
    def bot(self) -> RulesFactory:
        """The tuned rung 2, ready to play (``bot(seed)`` is a RulesBot)."""
        return RulesFactory.of(self.knobs)

    def sprt_command(self, field: str = "rules") -> str:
        """The shell's sequential test of the tuned knobs against ``field`` (default rung 2 as it ships)."""
        sets = " ".join(f"--set {k}={self.knobs[k]:.4g}" for k in sorted(self.knobs)
                        if self.knobs[k] != RULES_KNOBS[k].default)
        return f"kozyr pref sprt rules {field} {sets}".rstrip()

    def as_dict(self) -> dict[str, object]:
        """JSON-ready."""
        return {"knobs": self.knobs, "start": self.start, "field": self.field, "deals": self.deals,
                "seconds": self.seconds, "stopped": self.stopped, "tuned": list(self.tuned),
                "spsa": self.spsa.as_dict()}


def tuning_seed(seed: int) -> bytes:
    """The 32-byte deal seed of a tuning run from its int seed (its deals are no ladder's)."""
    return hashlib.sha256(f"kozyr-preferans-spsa:{seed}".encode("ascii")).digest()


def _names(knobs: object) -> list[str]:
    if knobs is None:
        return list(RULES_KNOBS)
    many = [knobs] if isinstance(knobs, str) else knobs
    if not isinstance(many, Sequence) or not many:
        raise PreferansError("bad_knob", f"knobs: {shown(knobs)} is not a list of rung 2's knobs "
                             f"({', '.join(RULES_KNOBS)})", field="knobs", value=knobs)
    out: list[str] = []
    for k in many:
        if k not in RULES_KNOBS or k in out:
            raise PreferansError("bad_knob", f"knobs: {shown(k)} is not one of rung 2's knobs "
                                 f"({', '.join(RULES_KNOBS)}) or is named twice", field="knobs", value=knobs)
        out.append(k)
    return out


def _values(what: str, given: object, default: Callable[[str], float]) -> dict[str, float]:
    """Every knob's value: ``given`` (a mapping of some knobs) over the defaults, each checked."""
    if given is None:
        given = {}
    if not isinstance(given, Mapping):
        raise PreferansError("bad_knob", f"{what}: {shown(given)} is not a mapping of knob to value", field=what,
                             value=given)
    for k in given:
        if k not in RULES_KNOBS:
            raise PreferansError("bad_knob", f"{what}: {shown(k)} is not one of rung 2's knobs "
                                 f"({', '.join(RULES_KNOBS)})", field=what, value=given)
    out = {k: real(what, given[k]) if k in given else default(k) for k in RULES_KNOBS}
    RulesBot(0, **out)   # each within its bounds, else bad_knob
    return out


def _bounds(given: object, names: list[str]) -> tuple[dict[str, float], dict[str, float]]:
    lo = {k: RULES_KNOBS[k].low for k in names}
    hi = {k: RULES_KNOBS[k].high for k in names}
    if given is None:
        return lo, hi
    if not isinstance(given, Mapping):
        raise KozyrError("bad_bounds", f"bounds: {shown(given)} is not a mapping of knob to (low, high)",
                         field="bounds", value=given)
    for k, pair in given.items():
        if k not in names or not isinstance(pair, (tuple, list)) or len(pair) != 2:
            raise KozyrError("bad_bounds", f"bounds: {shown(k)}: {shown(pair)} is not (low, high) for a tuned knob",
                             field="bounds", value=given)
        low, high = real("bounds", pair[0]), real("bounds", pair[1])
        if not RULES_KNOBS[k].low <= low < high <= RULES_KNOBS[k].high:
            raise KozyrError("bad_bounds", f"bounds: {k} ({low:g}, {high:g}) is not an interval within "
                             f"{RULES_KNOBS[k].low:g} .. {RULES_KNOBS[k].high:g}", field="bounds", value=given)
        lo[k], hi[k] = low, high
    return lo, hi


def spsa(knobs: object = None, start: Mapping[str, float] | None = None, *, iterations: int = 20,
         deals_per_iteration: int = 16, field: Any = "rules", a: object = None, c: object = None,
         A: float | None = None, alpha: float = 0.602, gamma: float = 0.101, seed: int = 0,
         bounds: Mapping[str, tuple[float, float]] | None = None, convention: Convention | str = SOCHI,
         workers: int = 1, client: Any = None,
         callback: Callable[[dict[str, Any]], None] | None = None) -> TuneResult:
    """Tune rung 2's ``knobs`` (names of :data:`~kozyr.preferans.rungs.RULES_KNOBS`; default all) by SPSA
    against ``field`` (a side as the ladder reads it: default ``"rules"``, rung 2 as it ships).

    ``start`` gives some knobs' start values (the rest at their defaults; untuned knobs stay there);
    ``bounds`` narrows a tuned knob's range (default the knob's own). ``c`` is the perturbation (default a
    tenth of each range), ``a`` the step gain (default c² (A + 1)^alpha / 5: an edge of one whist a deal
    moves a knob by c / 10 at first; on 16 deals an iteration's result is typically a few whists), ``A``
    10 % of the iterations by default; one number for every knob or a mapping. ``callback(step)`` sees each
    iteration's record (``plus``, ``minus``, ``result`` in whists a deal, ``theta``). ``workers`` > 1 plays
    each half of an iteration in processes, ``client`` on a Dask cluster; the trajectory is the same.
    Refusals: ``bad_knob``, ``bad_bounds``, ``bad_iterations``, ``bad_deals_per_iteration``, ``bad_count``
    (workers), ``bad_bot`` (the field), ``bad_<gain>``.

    >>> r = spsa(["whist"], iterations=1, deals_per_iteration=1, seed=3)
    >>> sorted(r.knobs), r.deals, r.stopped
    (['margin', 'misere', 'naming', 'whist'], 2, False)
    """
    steps = whole("iterations", iterations, 1, MAX_ITERATIONS)
    per = whole("deals_per_iteration", deals_per_iteration, 1, MAX_DEALS_PER_ITERATION)
    seed_ = whole("seed", seed, 0)
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise PreferansError("bad_count", f"workers: {shown(workers)} is not a positive int", field="workers",
                             value=workers)
    names = _names(knobs)
    fixed = _values("start", start, lambda k: RULES_KNOBS[k].default)
    lo, hi = _bounds(bounds, names)
    for k in names:
        if not lo[k] <= fixed[k] <= hi[k]:
            raise KozyrError("bad_start", f"start {k}={fixed[k]:g} is outside {lo[k]:g}..{hi[k]:g}", field=k,
                             value=fixed[k])
    convention = check_convention(convention)
    resolve_side(field)
    big_a, alpha_, _gamma = schedule(steps, A, alpha, gamma)
    cs = _gain("c", c, names, lambda k: (hi[k] - lo[k]) / 10)
    gains = _gain("a", a, names, lambda k: cs[k] ** 2 * (big_a + 1) ** alpha_ / 5)
    deal_seed = tuning_seed(seed_)
    field_name = side_label(field)
    played = [0]

    def score(values: Mapping[str, float], k: int) -> float:
        bot = RulesFactory.of({**fixed, **values})
        chunk = Chunk((bot, field), (bot.name, field_name), k * per + 1, per, deal_seed, convention, rotations())
        arrays, done, stopped = play_deals(chunk, workers=workers, client=client)
        played[0] += done
        if stopped:
            raise KeyboardInterrupt
        return math.fsum(arrays.gains[:, 0].tolist()) / per

    def objective(plus: dict[str, Any], minus: dict[str, Any], k: int) -> float:
        return (score(plus, k) - score(minus, k)) / 2

    steps_seen: list[dict[str, Any]] = []

    def record(step: dict[str, Any]) -> None:
        steps_seen.append(step)
        if callback is not None:
            callback(step)

    began = time.perf_counter()
    first = {k: fixed[k] for k in names}
    stopped = False
    try:
        result = _spsa(objective, first, lower=lo, upper=hi, iterations=steps, a=gains, c=cs, A=A, alpha=alpha,
                       gamma=gamma, seed=seed_, callback=record)
    except KeyboardInterrupt:
        stopped = True
        theta = dict(steps_seen[-1]["theta"]) if steps_seen else dict(first)
        result = SPSAResult(start=first, theta=theta, final=dict(theta), trajectory=steps_seen, seed=seed_,
                            iterations=len(steps_seen), seconds=time.perf_counter() - began)
    final = {**fixed, **{k: float(result.final[k]) for k in names}}
    return TuneResult(spsa=result, knobs=final, start=dict(fixed), field=field_name, deals=played[0],
                      seconds=time.perf_counter() - began, stopped=stopped, tuned=tuple(names))


def _gain(name: str, value: object, names: list[str], default: Callable[[str], float]) -> dict[str, float]:
    """A gain for every tuned knob: one number, a mapping naming exactly the tuned knobs, or the default."""
    if value is None:
        return {k: default(k) for k in names}
    if isinstance(value, Mapping):
        if set(value) != set(names):
            raise KozyrError(f"bad_{name}", f"{name}: {shown(value)} does not name exactly the tuned knobs "
                             f"({', '.join(names)})", field=name, value=value)
        out = {k: real(name, value[k]) for k in names}
    else:
        number = real(name, value)
        out = {k: number for k in names}
    for k, v in out.items():
        if v <= 0:
            raise KozyrError(f"bad_{name}", f"{name}: {v:g} for {k} is not positive", field=name, value=value)
    return out
