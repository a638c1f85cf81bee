"""The examples in the preferans docstrings run and hold (as `pytest --doctest-modules` runs them)."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "kozyr.preferans",
    "kozyr.preferans.errors",
    "kozyr.preferans.numbers",
    "kozyr.preferans.contracts",
    "kozyr.preferans.sheet",
    "kozyr.preferans.settlement",
]


@pytest.mark.parametrize("name", MODULES)
def test_doctests_pass(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0, f"{name} has no examples"
    assert result.failed == 0
