"""A user's bot: a factory with knobs, and a bot named by `module:attr` or `<file>.py:attr`.

A bot that is not a built-in rung comes in one of three forms, and every door
that takes a rung takes all three (`kozyr.durak.bots.sides.resolve` is the
one place that tells them apart):

- a callable `view -> Move` (a function, a method, an object with `__call__`;
  an RL policy `observation -> action` becomes one with
  `kozyr.durak.learn.policy.policy_side`);
- a `NativeBot` (a C function, played inside the ladder's nogil loop);
- a factory with knobs, `make_bot(**knobs) -> bot`, which is what a tuner
  needs: `spsa` and `optuna_search` build a bot from each set of knob values.

A callable is a factory when it can be called with no argument at all and
takes every parameter by keyword (`def make_bot(deep=6)`, `def make(**knobs)`,
a class whose instances are bots); a callable with a required positional
parameter (`def bot(view)`) is a bot. `BotFactory(make, deep=8)` says it
explicitly and fixes knob values; its knobs are the factory's keyword
parameters, and a knob it does not take is refused by name (`bad_knob`).

A factory travels to other processes (a Dask worker, a worker process on a
platform without fork) as the factory and its knob values, never as the bot it
built: the worker calls the factory again. A factory defined in an importable
module is pickled by reference (the worker must be able to import that module);
one named by the shell as `<file>.py:attr` is loaded again from that path.

`load(spec)` imports a bot named `module:attr` (with the current directory on
the import path, as `python -m` has it) or `<dir>/<file>.py:attr`. Importing a
module runs its code: name only modules you trust. An import error, a missing
attribute, or an attribute that is neither a bot nor a factory is one
`KozyrError` (`bad_bot`).
"""
from __future__ import annotations

import importlib
import importlib.util
import inspect
import os
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from kozyr.errors import KozyrError, shown

__all__ = ["BotFactory", "BotSpec", "is_factory", "load", "knob_value", "spec_name", "expression"]

_KINDS = (inspect.Parameter.POSITIONAL_OR_KEYWORD, inspect.Parameter.KEYWORD_ONLY)


def _signature(fn: object) -> inspect.Signature | None:
    try:
        return inspect.signature(fn)  # type: ignore[arg-type]
    except (TypeError, ValueError):    # a builtin without a signature: a bot, never a factory
        return None


def is_factory(fn: object) -> bool:
    """True when `fn` is a factory of bots: callable with no argument, every parameter by keyword.

    >>> is_factory(lambda deep=6: None), is_factory(lambda view: None), is_factory(lambda **knobs: None)
    (True, False, True)
    """
    if isinstance(fn, BotFactory):
        return True
    if not callable(fn):
        return False
    sig = _signature(fn)
    if sig is None:
        return False
    for p in sig.parameters.values():
        if p.kind is inspect.Parameter.VAR_POSITIONAL or p.kind is inspect.Parameter.POSITIONAL_ONLY:
            return False
        if p.kind in _KINDS and p.default is inspect.Parameter.empty:
            return False
    return True


def _knobs_of(make: Callable[..., Any]) -> tuple[dict[str, Any], bool]:
    """The factory's knobs with their defaults, and whether it takes any other name (**knobs)."""
    sig = _signature(make)
    if sig is None:
        return {}, True
    known = {p.name: p.default for p in sig.parameters.values() if p.kind in _KINDS}
    return known, any(p.kind is inspect.Parameter.VAR_KEYWORD for p in sig.parameters.values())


def spec_name(fn: object) -> str | None:
    """`module:qualname` for a function or class another process could import by that name, else None."""
    module = getattr(fn, "__module__", None)
    qual = getattr(fn, "__qualname__", None)
    if not isinstance(module, str) or not isinstance(qual, str) or module == "__main__" or "<" in qual:
        return None
    return f"{module}:{qual}"


def _plain_name(fn: object) -> str:
    return str(spec_name(fn) or getattr(fn, "__qualname__", None) or getattr(fn, "__name__", None) or shown(fn))


class BotFactory:
    """A factory of bots and the knob values it builds with: `BotFactory(make_bot, deep=8)`.

    `make(**knobs)` must return a bot (a callable `view -> Move`, a `NativeBot`
    or a `Bot`). `knobs` holds only the values given; the rest take the
    factory's own defaults (`defaults`). `spec` is the text the shell named it
    by (`mybots:make_bot`, `examples/mybots.py:make_bot`), kept for messages and so that
    another process loads it the same way. A knob the factory does not take is
    refused here (`bad_knob`, naming it and the knobs it has).
    """

    __slots__ = ("make", "knobs", "spec")
    make: Callable[..., Any]
    knobs: dict[str, Any]
    spec: str | None

    def __init__(self, make: Callable[..., Any], knobs: Mapping[str, Any] | None = None, *, spec: str | None = None,
                 **more: Any) -> None:
        if isinstance(make, BotFactory):
            knobs = {**make.knobs, **(knobs or {})}
            spec = spec or make.spec
            make = make.make
        if not callable(make):
            raise KozyrError("bad_bot", f"{shown(make)} is not callable: a factory makes bots", value=make)
        given = {**(knobs or {}), **more}
        for name in given:
            if not isinstance(name, str):
                raise KozyrError("bad_knob", f"knob {shown(name)} is not a name", field="knob", value=name)
        known, open_ = _knobs_of(make)
        for name in given:
            if name not in known and not open_:
                have = ", ".join(known) or "none"
                raise KozyrError("bad_knob", f"{_plain_name(make)} has no knob {name!r} (its knobs: {have})",
                                 field=name, value=given[name], knob=name)
        object.__setattr__(self, "make", make)
        object.__setattr__(self, "knobs", dict(given))
        object.__setattr__(self, "spec", spec)

    @property
    def defaults(self) -> dict[str, Any]:
        """The factory's knobs and their default values (what `make()` alone would use)."""
        return {n: v for n, v in _knobs_of(self.make)[0].items() if v is not inspect.Parameter.empty}

    def takes(self, name: str) -> bool:
        """Whether the factory takes the knob `name`."""
        known, open_ = _knobs_of(self.make)
        return open_ or name in known

    def values(self) -> dict[str, Any]:
        """Every knob's value this factory builds with: its defaults, then the values given."""
        return {**self.defaults, **self.knobs}

    def replace(self, **knobs: Any) -> BotFactory:
        """The same factory with more (or other) knob values."""
        return BotFactory(self.make, {**self.knobs, **knobs}, spec=self.spec)

    def build(self) -> Any:
        """The bot: `make(**knobs)`; an exception in the factory is one `bad_bot` naming it."""
        try:
            bot = self.make(**self.knobs)
        except (KeyboardInterrupt, SystemExit):
            raise
        except BaseException as err:
            raise KozyrError("bad_bot", f"{self.name} raised {type(err).__name__}: {err}", value=self.name) from err
        if not callable(bot):   # a NativeBot is callable too (on a compiled engine's view)
            raise KozyrError("bad_bot", f"{self.name} returned {shown(bot)}, not a bot (a callable view -> Move "
                             "or a NativeBot)", value=bot)
        return bot

    @property
    def base(self) -> str:
        """The factory's own name: the shell's spec, or module:qualname."""
        return self.spec or _plain_name(self.make)

    @property
    def name(self) -> str:
        """`mybots:make_bot(deep=8)`: the factory and the knob values given."""
        if not self.knobs:
            return self.base
        return f"{self.base}({', '.join(f'{k}={v!r}' for k, v in self.knobs.items())})"

    def __repr__(self) -> str:
        return f"BotFactory({self.name})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, BotFactory):
            return NotImplemented
        return self.make is other.make and dict(self.knobs) == dict(other.knobs)

    def __hash__(self) -> int:
        return hash((id(self.make), tuple(sorted(self.knobs.items(), key=lambda kv: kv[0]))))

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"a BotFactory is frozen: use replace(**knobs) (not {name})")

    def __reduce__(self) -> tuple[Any, ...]:
        if self.spec is not None and _is_path(self.spec):      # a file named by the shell: load it again there
            return (_from_spec, (self.spec, dict(self.knobs)))
        return (_rebuild, (self.make, dict(self.knobs), self.spec))


def _rebuild(make: Callable[..., Any], knobs: dict[str, Any], spec: str | None) -> BotFactory:
    return BotFactory(make, knobs, spec=spec)


def _from_spec(spec: str, knobs: dict[str, Any]) -> BotFactory:
    found = load(spec)
    return BotFactory(found, knobs, spec=spec)


@dataclass(frozen=True)
class BotSpec:
    """A bot named by text, as the shell names it: `module:attr` or `<file>.py:attr`, with knob values.

    `resolve` loads it (`load`): a factory becomes a `BotFactory` with these
    knobs; a bot given knobs is refused (`bad_knob`: it has none).
    """

    spec: str
    knobs: Mapping[str, Any] = field(default_factory=dict)

    def open(self) -> Any:
        """The factory (a BotFactory) or the bot this spec names."""
        found = load(self.spec)
        if is_factory(found):
            return BotFactory(found, dict(self.knobs), spec=self.spec)
        if self.knobs:
            name = next(iter(self.knobs))
            raise KozyrError("bad_knob", f"{self.spec} is a bot, not a factory: it takes no knobs "
                             f"(given {name}={self.knobs[name]!r})", field=name, value=self.knobs[name], knob=name)
        return found


def _is_path(spec: str) -> bool:
    where = spec.rpartition(":")[0]
    return where.endswith(".py") or "/" in where or os.sep in where


def load(spec: object) -> Any:
    """The object `spec` names: `module:attr` (dots allowed in both) or `<dir>/<file>.py:attr`.

    The module is imported with the current directory first on the import path
    (as `python -m` has it); a file is loaded as a module of its own name. Its
    code runs. Refusals (`bad_bot`, one line): no colon, an import that fails,
    a missing attribute, an attribute that is not callable.
    """
    if not isinstance(spec, str) or spec.count(":") < 1:
        raise KozyrError("bad_bot", f"{shown(spec)} does not name a bot: write module:attr or <file>.py:attr",
                         value=spec)
    where, _, attr = spec.rpartition(":")
    if not where or not attr or not all(part.isidentifier() for part in attr.split(".")):
        raise KozyrError("bad_bot", f"{shown(spec)} does not name a bot: write module:attr or <file>.py:attr",
                         value=spec)
    if _is_path(spec):
        module = _load_file(spec, where)
    else:
        module = _import(spec, where)
    found: Any = module
    for part in attr.split("."):
        try:
            found = getattr(found, part)
        except AttributeError:
            raise KozyrError("bad_bot", f"{spec}: {where} has no attribute {attr!r}", value=spec) from None
    if not callable(found):
        raise KozyrError("bad_bot", f"{spec} is {shown(found)}, not a bot (a callable view -> Move, a NativeBot) "
                         "or a factory of bots", value=spec)
    return found


def _import(spec: str, name: str) -> Any:
    here = os.getcwd()
    if here not in sys.path and "" not in sys.path:
        sys.path.insert(0, here)
    try:
        return importlib.import_module(name)
    except (KeyboardInterrupt, SystemExit):
        raise
    except BaseException as err:
        file = f"path/to/{name.replace('.', '/')}.py:{spec.rpartition(':')[2]}"
        raise KozyrError("bad_bot", f"{spec}: cannot import {name}: {type(err).__name__}: {err} (module:attr "
                         f"imports from the current folder, {here}, and the Python path; a file elsewhere is "
                         f"{file})", value=spec) from err


def _load_file(spec: str, where: str) -> Any:
    path = Path(where).expanduser()
    if not path.is_file():
        raise KozyrError("bad_bot", f"{spec}: no file {where}", value=spec)
    name = f"kozyr_user_{path.stem}_{abs(hash(str(path.resolve()))):x}"
    if name in sys.modules:
        return sys.modules[name]
    loader = importlib.util.spec_from_file_location(name, path)
    if loader is None or loader.loader is None:
        raise KozyrError("bad_bot", f"{spec}: {where} is not a Python file", value=spec)
    module = importlib.util.module_from_spec(loader)
    sys.modules[name] = module
    try:
        loader.loader.exec_module(module)
    except (KeyboardInterrupt, SystemExit):
        del sys.modules[name]
        raise
    except BaseException as err:
        del sys.modules[name]
        raise KozyrError("bad_bot", f"{spec}: cannot load {where}: {type(err).__name__}: {err}",
                         value=spec) from err
    return module


def knob_value(text: str) -> Any:
    """A knob's value from the shell's `KNOB=VALUE`: a whole number, a real number, True/False, else the text.

    >>> knob_value("6"), knob_value("0.5"), knob_value("true"), knob_value("wide")
    (6, 0.5, True, 'wide')
    """
    t = text.strip()
    for kind in (int, float):
        try:
            return kind(t)
        except ValueError:
            pass
    if t.lower() in ("true", "false"):
        return t.lower() == "true"
    return t


def expression(obj: object) -> str | None:
    """Python text that names `obj` for a replay call (`mybots.make_bot`), or None when nothing does."""
    name = spec_name(obj)
    return None if name is None else name.replace(":", ".")
