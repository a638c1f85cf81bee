"""Every module's doctests run: the examples in docstrings are part of the test suite.

This walks the installed package (compiled modules included), the same code the
rest of the suite tests, rather than the source tree, whose Cython modules are
not importable without a build.
"""
from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import kozyr

# __main__ modules run the program when imported; they hold no doctests
MODULES = sorted(m.name for m in pkgutil.walk_packages(kozyr.__path__, "kozyr.") if not m.name.endswith("__main__"))
FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
# modules of an optional extra: their doctests run where the extra is installed (CI installs it)
EXTRAS = {"kozyr.durak.learn.env": ("pettingzoo", "rl"), "kozyr.durak.learn.openspiel": ("pyspiel", "rl")}


def test_the_walk_finds_the_package() -> None:
    for name in ("kozyr.cards", "kozyr.stats", "kozyr.durak.ladder", "kozyr.hokm", "kozyr.preferans", "kozyr.cli"):
        assert name in MODULES


@pytest.mark.parametrize("name", MODULES)
def test_module_doctests(name: str) -> None:
    if name in EXTRAS:
        pytest.importorskip(EXTRAS[name][0], reason=f"{name} needs the {EXTRAS[name][1]} extra")
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=FLAGS, verbose=False, report=True)
    assert result.failed == 0, f"{result.failed} of {result.attempted} doctest examples failed in {name}"


def test_a_failing_example_is_caught() -> None:
    import types

    planted = types.ModuleType("planted")
    planted.__doc__ = ">>> 1 + 1\n3\n"
    assert doctest.testmod(planted, optionflags=FLAGS, report=False).failed == 1
