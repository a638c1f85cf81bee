"""Old durak names for one release: the table of modules that moved into rooms, its import hook, and `renamed`.

Release 0.4 put durak's modules into rooms (`bots/`, `learn/`, `tuning/`,
`oracle/`). Every old import path keeps working for one minor release: the
finder below, installed on `sys.meta_path` by `kozyr.durak`, answers an old
name with the module at its new path (the same module object, so a class
imported either way is one class) and warns with a `DeprecationWarning` that
names the new path. One table, not a file per old module: when the release
that drops the old paths comes, this file goes and nothing else changes.

`kozyr.durak.bots` and `kozyr.durak.tuning` were modules and are now the
rooms' packages, which re-export the names those modules held; they need no
entry here.

Names renamed in place (a class, a property, a keyword, a setting, a bot's
name: "table" now means a `Rules` of N seats and nothing else) keep working
for the same release; each old name calls `renamed`, so that they all say
the same thing.
"""
from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import sys
import warnings
from types import ModuleType
from typing import Any

__all__ = ["MOVED", "install", "renamed"]

#: old dotted module path -> new dotted module path
MOVED: dict[str, str] = {
    "kozyr.durak.rungs": "kozyr.durak.bots.rungs",
    "kozyr.durak.rung4": "kozyr.durak.bots.rung4",
    "kozyr.durak.bot4": "kozyr.durak.bots.bot4",
    "kozyr.durak.panel": "kozyr.durak.bots.panel",
    "kozyr.durak.analysis": "kozyr.durak.bots.analysis",
    "kozyr.durak._duel": "kozyr.durak.bots._duel",
    "kozyr.durak.ladder.sides": "kozyr.durak.bots.sides",
    "kozyr.durak.ladder.userbots": "kozyr.durak.bots.userbots",
    "kozyr.durak.encoding": "kozyr.durak.learn.encoding",
    "kozyr.durak._encode": "kozyr.durak.learn._encode",
    "kozyr.durak.env": "kozyr.durak.learn.env",
    "kozyr.durak.vecenv": "kozyr.durak.learn.vecenv",
    "kozyr.durak.openspiel": "kozyr.durak.learn.openspiel",
    "kozyr.durak.learned": "kozyr.durak.learn.learned",
    "kozyr.durak._learned": "kozyr.durak.learn._learned",
    "kozyr.durak.ladder.policy": "kozyr.durak.learn.policy",
    "kozyr.durak.tuned": "kozyr.durak.tuning.space",
    "kozyr.durak.reference": "kozyr.durak.oracle.reference",
    "kozyr.durak.reference_variants": "kozyr.durak.oracle.reference_variants",
    "kozyr.durak.reference_bots": "kozyr.durak.oracle.reference_bots",
    "kozyr.durak.testing": "kozyr.durak.oracle.testing",
    "kozyr.durak.checks": "kozyr.durak.oracle.checks",
    "kozyr.durak.ladder.slow": "kozyr.durak.ladder.replays",
    "kozyr.durak.ladder.table": "kozyr.durak.ladder.job",
}


def warn(old: str, stacklevel: int) -> None:
    """The one deprecation message: the old path, the new one, and when the old goes."""
    warnings.warn(f"{old} moved to {MOVED[old]}; the old path works until kozyr 0.5: import {MOVED[old]}",
                  DeprecationWarning, stacklevel=stacklevel)


def renamed(old: str, new: str, stacklevel: int = 3) -> None:
    """The one deprecation message for a renamed name: the old name, the new one, and when the old goes.
    `stacklevel` is `warnings.warn`'s, counted from here: 3 points at the line that called the Python
    function calling this; a compiled (Cython) function adds no frame, so one passes 2."""
    warnings.warn(f"{old} is now {new}; the old name works until kozyr 0.5: use {new}", DeprecationWarning,
                  stacklevel=stacklevel)


class _Alias(importlib.abc.Loader):
    """Loads an old name as the module already at its new path (importing that first)."""

    def __init__(self, old: str) -> None:
        self.old = old
        self.spec: Any = None

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType:
        module = importlib.import_module(MOVED[self.old])
        self.spec = module.__spec__
        return module

    def exec_module(self, module: ModuleType) -> None:
        # the import system stamped the old spec on the module: give it back its own, so the module
        # keeps one name (pickles, reloads and tracebacks see the new path)
        module.__spec__ = self.spec
        # the warning points at the importing line: past `warn` and this frame (the import system's own
        # frames between here and there are skipped by `warnings` itself)
        warn(self.old, stacklevel=3)


class MovedFinder(importlib.abc.MetaPathFinder):
    """Finds the old paths of `MOVED` (and nothing else) on `sys.meta_path`."""

    def find_spec(self, fullname: str, path: Any, target: Any = None) -> importlib.machinery.ModuleSpec | None:
        if fullname not in MOVED:
            return None
        return importlib.machinery.ModuleSpec(fullname, _Alias(fullname))


def install() -> None:
    """Put the finder first on `sys.meta_path`, once (importing `kozyr.durak` again adds nothing)."""
    if not any(isinstance(f, MovedFinder) for f in sys.meta_path):
        sys.meta_path.insert(0, MovedFinder())
