"""What a tuner tunes: settings (`Params` fields) of rung 2 or 3, or the knobs of a user's factory of bots.

`spsa` and `optuna_search` (`kozyr.durak.tuning.measure`) search a `Space`: the names
tuned, their bounds and start values, which of them are whole numbers, and how
a set of values becomes a side that plays. Two kinds, one interface:

- `rung_space`: named `Params` fields of rung 2 or 3; bounds default to each
  field's range (`PARAM_RANGES`); the rest of the rung's settings come from
  `base`;
- `knob_space`: the knobs of a factory `make_bot(**knobs) -> bot` (a
  callable, a `BotFactory`, or a `BotSpec` / "module:attr" text naming one).
  A knob has no range of its own, so each tuned knob needs bounds
  (`bounds={"deep": (0, 24)}`, or `lower`/`upper`); its start defaults to the
  factory's default; it is a whole number when its start is an int. Fixed
  knobs come from `base`. A knob the factory does not take (`bad_knob`), a
  start outside its bounds (`bad_start`) or missing bounds (`bad_bounds`) is
  refused by the knob's name.
"""
from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from kozyr.durak.bots.sides import Side, check_read, resolve
from kozyr.durak.bots.userbots import BotFactory, BotSpec, is_factory
from kozyr.durak.params import PARAM_RANGES, Params, param_name
from kozyr.errors import KozyrError, real, shown

__all__ = ["Space", "space", "rung_space", "knob_space", "is_knob_target"]


@dataclass
class Space:
    """The names a tuner moves, their bounds, start and kind, and the side a set of values plays as.

    `setting(values)` is the whole setting those values make (a full `Params`,
    or every knob of the factory); `factory` is the factory tuned (None for a
    rung); `start_setting` is `setting(start)`.
    """

    names: list[str]
    lower: dict[str, float]
    upper: dict[str, float]
    start: dict[str, float]
    integer: list[str]
    side: Callable[[Mapping[str, float]], Side]
    setting: Callable[[Mapping[str, float]], Any]
    opponent: Callable[[object], Side | None]
    factory: BotFactory | None = None
    what: str = "parameter"

    @property
    def start_setting(self) -> Any:
        return self.setting({n: (round(v) if n in self.integer else v) for n, v in self.start.items()})


def is_knob_target(params: object) -> bool:
    """Whether a tuner's first argument names a factory of bots (rather than Params field names)."""
    if isinstance(params, (BotFactory, BotSpec)):
        return True
    if isinstance(params, str):
        return ":" in params
    return callable(params)


def space(params: object, start: Mapping[str, Any] | None, *, rung: int | None, base: object, lower: object,
          upper: object, bounds: object) -> Space:
    """The Space of `params`: a factory's knobs or the named Params fields of `rung` (default 3)."""
    if is_knob_target(params):
        if rung is not None:
            raise KozyrError("bad_rung", f"rung={shown(rung)}: a factory tunes its own knobs, not a rung's settings",
                             field="rung", value=rung)
        return knob_space(params, start, base=base, lower=lower, upper=upper, bounds=bounds)
    return rung_space(params, start, rung=3 if rung is None else rung, base=base, lower=lower, upper=upper,
                      bounds=bounds)


# -- Params fields of a rung -----------------------------------------------------------------------
def _names(params: object) -> list[str]:
    if isinstance(params, (str, bytes)) or not isinstance(params, Iterable):
        raise KozyrError("bad_params", f"params {shown(params)} is not a list of parameter names (or a factory "
                         "of bots)", field="params", value=params)
    out = []
    for p in params:
        name = param_name(p) if isinstance(p, str) else None
        if name is None:
            raise KozyrError("bad_params", f"unknown parameter {shown(p)}: expected one of {', '.join(PARAM_RANGES)}",
                             field="params", value=p)
        if name in out:
            raise KozyrError("bad_params", f"parameter {name} named twice", field="params", value=p)
        out.append(name)
    if not out:
        raise KozyrError("bad_params", "name at least one parameter to tune", field="params", value=params)
    return out


def _per_name(what: str, value: object, names: list[str], default: Callable[[str], float],
              canon: Callable[[object], str | None] = lambda k: k if isinstance(k, str) else None
              ) -> dict[str, float]:
    """One number for every name, a mapping of some names (the rest default), or None (all default)."""
    if value is None:
        return {n: default(n) for n in names}
    if isinstance(value, Mapping):
        out = {}
        given = {canon(k): v for k, v in value.items()}
        unknown = [k for k in given if k not in names]
        if unknown:
            raise KozyrError(f"bad_{what}", f"{what} {shown(value)} names parameters not tuned: "
                             f"{', '.join(str(k) for k in unknown)}", field=what, value=value)
        for n in names:
            out[n] = real(what, given[n]) if n in given else default(n)
        return out
    return {n: real(what, value) for n in names}


def _merge_bounds(names: list[str], lower: object, upper: object, bounds: object,
                  canon: Callable[[object], str | None]) -> tuple[object, object]:
    """`bounds={name: (low, high)}` folded into lower/upper mappings (a name bounded twice is refused)."""
    if bounds is None:
        return lower, upper
    if not isinstance(bounds, Mapping):
        raise KozyrError("bad_bounds", f"bounds {shown(bounds)} is not a mapping of name: (low, high)",
                         field="bounds", value=bounds)
    lo = dict(lower) if isinstance(lower, Mapping) else {}
    hi = dict(upper) if isinstance(upper, Mapping) else {}
    if lower is not None and not isinstance(lower, Mapping) or upper is not None and not isinstance(upper, Mapping):
        raise KozyrError("bad_bounds", "give bounds= or one lower/upper for every name, not both", field="bounds",
                         value=bounds)
    for key, pair in bounds.items():
        name = canon(key)
        if name not in names:
            raise KozyrError("bad_bounds", f"bounds name {shown(key)}, which is not tuned (tuned: "
                             f"{', '.join(names)})", field=str(key), value=pair)
        if isinstance(pair, (str, bytes)) or not isinstance(pair, Iterable) or len(list(pair)) != 2:
            raise KozyrError("bad_bounds", f"bounds of {name} {shown(pair)} is not (low, high)", field=name, value=pair)
        if name in lo or name in hi:
            raise KozyrError("bad_bounds", f"{name} is bounded twice (bounds= and lower/upper)", field=name,
                             value=pair)
        lo[name], hi[name] = list(pair)
    return lo, hi


def _check_bounds(names: list[str], lo: dict[str, float], hi: dict[str, float],
                  ranges: Mapping[str, tuple[float, float]] | None) -> None:
    for n in names:
        if ranges is not None:
            low, high = ranges[n]
            for what, v in (("lower", lo[n]), ("upper", hi[n])):
                if not low <= v <= high:
                    raise KozyrError(f"bad_{what}", f"{what} bound {v:g} of {n} is outside its range {low}..{high}",
                                     field=n, value=v)
        if not lo[n] < hi[n]:
            raise KozyrError("bad_upper", f"{n}: upper {hi[n]:g} is not above lower {lo[n]:g}", field=n, value=hi[n])


def _check_start(names: list[str], first: dict[str, float], lo: dict[str, float], hi: dict[str, float],
                 what: str) -> None:
    for n in names:
        if not lo[n] <= first[n] <= hi[n]:
            raise KozyrError("bad_start", f"start {n}={first[n]:g} is outside {lo[n]:g}..{hi[n]:g}", field=n,
                             value=first[n], **{what: n})


def _tuned_rung(rung: object, names: list[str], base: object) -> None:
    """Only rungs 2 and 3 are tuned, on settings they read (`sides.check_read`, the one rule: rung 2
    never reads DEEP_TALON)."""
    if isinstance(rung, bool) or rung not in (2, 3):
        raise KozyrError("bad_rung", f"rung {shown(rung)}: only rungs 2 and 3 have settings to tune",
                         field="rung", value=rung)
    check_read(base, [rung])
    check_read({n: Params().as_dict()[n] for n in names}, [rung])


def rung_space(params: object, start: Mapping[str, Any] | None, *, rung: int, base: object, lower: object,
               upper: object, bounds: object = None) -> Space:
    """The named Params fields of `rung` (2 or 3), bounded by their ranges (or tighter), from `base`."""
    names = _names(params)
    settings = Params.of(base)
    _tuned_rung(rung, names, base)

    def canon(k: object) -> str | None:
        return param_name(k) if isinstance(k, str) else None

    lower, upper = _merge_bounds(names, lower, upper, bounds, canon)
    lo = _per_name("lower", lower, names, lambda n: PARAM_RANGES[n][0], canon)
    hi = _per_name("upper", upper, names, lambda n: PARAM_RANGES[n][1], canon)
    _check_bounds(names, lo, hi, PARAM_RANGES)
    first = _per_name("start", start, names, lambda n: settings.as_dict()[n], canon)

    def side(values: Mapping[str, float]) -> Side:
        return resolve(rung, settings.replace(**{n: int(v) for n, v in values.items()}))

    def setting(values: Mapping[str, float]) -> Params:
        return settings.replace(**{n: int(round(v)) for n, v in values.items()})

    def opponent(value: object) -> Side | None:
        if value is None:
            return None
        if isinstance(value, (Params, Mapping)):
            return _rival(rung, Params.of(value))
        return _rival(value, None)

    return Space(names, lo, hi, first, list(names), side, setting, opponent)


def _rival(side: object, params: object) -> Side:
    """An opponent: a rung with its settings (refused when it does not read them), or any other side as it is."""
    resolved = resolve(side)
    if resolved.kind != "rung":
        return resolved
    return resolve(side, check_read(params, [resolved]))


# -- the knobs of a factory ------------------------------------------------------------------------
def _factory(params: object) -> BotFactory:
    target = BotSpec(params) if isinstance(params, str) else params
    if isinstance(target, BotSpec):
        target = target.open()
    if isinstance(target, BotFactory):
        return target
    if callable(target) and is_factory(target):
        return BotFactory(target)
    raise KozyrError("bad_bot", f"{shown(params)} is a bot, not a factory of bots: nothing to tune (write "
                     "make_bot(**knobs) -> bot)", value=params)


def knob_space(params: object, start: Mapping[str, Any] | None, *, base: object = None, lower: object = None,
               upper: object = None, bounds: object = None) -> Space:
    """The knobs of a factory named in `start` (or in `bounds`), within their bounds, the others from `base`."""
    factory = _factory(params)
    if base is not None:
        if not isinstance(base, Mapping):
            raise KozyrError("bad_base", f"base {shown(base)} is not a mapping of knob: value", field="base",
                             value=base)
        factory = factory.replace(**dict(base))       # an unknown knob is refused by name here
    if start is not None and not isinstance(start, Mapping):
        raise KozyrError("bad_start", f"start {shown(start)} is not a mapping of knob: value", field="start",
                         value=start)
    names = list(start) if start else list(bounds) if isinstance(bounds, Mapping) else []
    if not names and isinstance(lower, Mapping):
        names = list(lower)
    if not names:
        raise KozyrError("bad_start", f"name the knobs of {factory.name} to tune: start={{'knob': value}} and "
                         "bounds={'knob': (low, high)}", field="start", value=start)
    for n in names:
        if not isinstance(n, str) or not factory.takes(n):
            raise KozyrError("bad_knob", f"{factory.base} has no knob {n!r} (its knobs: "
                             f"{', '.join(factory.defaults) or 'none'})", field=str(n), value=n, knob=n)
        if n in factory.knobs:
            raise KozyrError("bad_knob", f"knob {n!r} is tuned and fixed at once (given in base)", field=n, value=n,
                             knob=n)
    lower, upper = _merge_bounds(names, lower, upper, bounds, lambda k: k if isinstance(k, str) else None)

    def unbounded(n: str) -> float:
        raise KozyrError("bad_bounds", f"knob {n!r} has no bounds: give bounds={{{n!r}: (low, high)}}", field=n,
                         value=None, knob=n)
    lo = _per_name("lower", lower, names, unbounded)
    hi = _per_name("upper", upper, names, unbounded)
    _check_bounds(names, lo, hi, None)
    defaults = factory.values()
    first: dict[str, float] = {}
    integer = []
    for n in names:
        value = start[n] if start and n in start else defaults.get(n)
        if value is None:
            raise KozyrError("bad_start", f"knob {n!r} has no default: give its start", field=n, value=None, knob=n)
        if isinstance(value, int) and not isinstance(value, bool):
            integer.append(n)
            if math.ceil(lo[n]) > math.floor(hi[n]):
                raise KozyrError("bad_bounds", f"knob {n!r} is a whole number but {lo[n]:g}..{hi[n]:g} holds none",
                                 field=n, value=(lo[n], hi[n]), knob=n)
        first[n] = real(f"start[{n!r}]", value) if not isinstance(value, bool) else real("start", value)
    _check_start(names, first, lo, hi, "knob")

    def knobs(values: Mapping[str, float]) -> dict[str, Any]:
        return {n: (int(round(v)) if n in integer else float(v)) for n, v in values.items()}

    def side(values: Mapping[str, float]) -> Side:
        return resolve(factory.replace(**knobs(values)))

    def setting(values: Mapping[str, float]) -> dict[str, Any]:
        return {**defaults, **knobs(values)}

    def opponent(value: object) -> Side | None:
        if value is None:
            return None
        if isinstance(value, Params):
            raise KozyrError("bad_side", "opponent: Params are a rung's settings; give opponent=3 or a Bot, or a "
                             "mapping of knobs for the factory", field="opponent", value=value)
        if isinstance(value, Mapping):
            return resolve(factory.replace(**dict(value)))
        return _rival(value, None)

    return Space(names, lo, hi, first, integer, side, setting, opponent, factory=factory, what="knob")
