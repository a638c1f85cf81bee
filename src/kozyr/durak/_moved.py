"""Old durak names for one release: the table of modules that moved into rooms, its import hook, the renamed.

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

Names the one path for every table made redundant (`RENAMED`: the ladder's
`TableJob`, `play_table_range`, `replay_table`, the cluster's `TableTask`,
`run_table`, the replay's `table_players` and `table_game`) are kept the
same way, for the same release, in a second table here: a plain alias is
answered by its module's `__getattr__` (`renamed`), a function that forwards
warns at each call (`warn_renamed`), each with a `DeprecationWarning` naming
the new spelling.

Words renamed so that each means one thing (in kozyr "table" is a `Rules` of
N seats and nothing else: rung 4's `Table`, `Game.table`, the setting
`TABLE_RULES`; the panel's `tuned`) keep their old names for the same
release too, each where it lives (a module `__getattr__`, a property, the
settings' own table of old names), all through `warn_old_name`: the one
message, which `warn_renamed` gives as well.
"""
from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import sys
import warnings
from types import ModuleType
from typing import Any

__all__ = ["MOVED", "RENAMED", "install", "renamed", "warn_renamed", "warn_old_name",
           "old_attributes"]

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


#: old dotted name -> its new spelling (a plain alias: the object itself; a function: the call that replaces it)
RENAMED: dict[str, str] = {
    "kozyr.durak.ladder.TableJob": "kozyr.durak.ladder.Job",
    "kozyr.durak.ladder.play_table_range": "kozyr.durak.ladder.play_range(job, first, count, ...)",
    "kozyr.durak.ladder.replay_table": "kozyr.durak.ladder.replay(sides, seed, i, rotation=r, rules=...)",
    "kozyr.durak.ladder.replays.table_players": "kozyr.durak.ladder.replays.seat_players",
    "kozyr.durak.ladder.replays.table_game": "kozyr.durak.ladder.deal_game(seed, i, deal, rules=...)",
    "kozyr.durak.ladder.cluster.TableTask": "kozyr.durak.ladder.cluster.Task",
    "kozyr.durak.ladder.cluster.run_table": "kozyr.durak.ladder.cluster.run(client, job, ...)",
}
#: the plain aliases among them: old dotted name -> (module, name) of the object it is
ALIASES: dict[str, tuple[str, str]] = {
    "kozyr.durak.ladder.TableJob": ("kozyr.durak.ladder.job", "Job"),
    "kozyr.durak.ladder.cluster.TableTask": ("kozyr.durak.ladder.cluster", "Task"),
}


def warn_renamed(old: str, stacklevel: int = 3) -> None:
    """The deprecation message of a renamed name of `RENAMED` (`stacklevel` 3: the line that called the
    function that forwards, or read the alias)."""
    warn_old_name(old, RENAMED[old], stacklevel + 1)


def old_attributes(module: ModuleType, old_names: dict[str, str]) -> None:
    """Give `module` a `__getattr__` (PEP 562; a compiled module's too) that answers each old name of
    `old_names` (old -> new) with the attribute of its new name, warning (`warn_old_name`) at the line that
    read it; any other missing name is missing as before. Installed from outside, so that a bot's source
    the blindness tests read whole stays the view's alone."""

    def __getattr__(name: str) -> Any:
        new = old_names.get(name)
        if new is None:
            raise AttributeError(f"module {module.__name__!r} has no attribute {name!r}")
        warn_old_name(f"{module.__name__}.{name}", f"{module.__name__}.{new}")
        return getattr(module, new)

    module.__getattr__ = __getattr__  # type: ignore[method-assign]


def warn_old_name(old: str, new: str, stacklevel: int = 3) -> None:
    """The one deprecation message of a renamed name: the old name, its new spelling, and when the old goes.
    `stacklevel` is `warnings.warn`'s, counted from here: 3 is the line that called the Python function
    calling this; a compiled (Cython) function adds no frame, so one passes 2 from there."""
    warnings.warn(f"{old} is {new} now; the old name works until kozyr 0.5: use {new}", DeprecationWarning,
                  stacklevel=stacklevel)


def renamed(module: str, name: str) -> Any:
    """A module `__getattr__`'s answer for `name`: a plain alias of `RENAMED`, with its warning (read at the
    caller's line: past this frame and the `__getattr__`), or AttributeError as for any missing name."""
    old = f"{module}.{name}"
    if old not in ALIASES:
        raise AttributeError(f"module {module!r} has no attribute {name!r}")
    # `from package import old` reads the name twice: the import system's probe of a package's fromlist, then
    # the statement's own read; only the second warns, so that one statement is one warning
    if sys._getframe(2).f_code.co_name != "_handle_fromlist":
        warn_renamed(old, stacklevel=4)
    home, attr = ALIASES[old]
    return getattr(importlib.import_module(home), attr)


def warn(old: str, stacklevel: int) -> None:
    """The one deprecation message: the old path, the new one, and when the old goes."""
    warnings.warn(f"{old} moved to {MOVED[old]}; the old path works until kozyr 0.5: import {MOVED[old]}",
                  DeprecationWarning, stacklevel=stacklevel)


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
