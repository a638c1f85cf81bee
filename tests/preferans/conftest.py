"""Fixtures for the preferans play tests: the engines under test and the worked examples' tables.

`engine` is a `Game` class: the plain-Python twin (`kozyr.preferans.reference.Game`) and, once it is built,
the compiled one. Every play test takes `engine`, so a second implementation joins every test by one line in
`ENGINES`. A missing engine is an error, never a skip: a skip would hide it in CI.
"""
from __future__ import annotations

import importlib
from typing import Any

import pytest

ENGINES = {
    "twin": ("kozyr.preferans.reference", "Game"),
    "compiled": ("kozyr.preferans.core.engine", "Game"),
}


@pytest.fixture(params=list(ENGINES), ids=list(ENGINES), scope="session")
def engine(request: pytest.FixtureRequest) -> Any:
    module, name = ENGINES[request.param]
    return getattr(importlib.import_module(module), name)
