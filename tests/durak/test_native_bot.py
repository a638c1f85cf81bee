"""A bot written in Cython (examples/native_bot) plays inside the ladder's nogil loop.

The example is compiled here, against the installed kozyr's .pxd files, and must
make exactly the decisions of the same rule written in Python (played through
the Python-player path), deal for deal; a planted wrong answer is refused.
"""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from _compiled import build

from kozyr.durak import Move, View
from kozyr.durak.ladder import NativeBot, ladder
from kozyr.errors import KozyrError

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "native_bot" / "cheapest.pyx"


@pytest.fixture(scope="module")
def cheapest() -> Any:
    return build(EXAMPLE)


def python_cheapest(swap: bool) -> Callable[[View], Move]:
    def play(view: View) -> Move:
        if swap and any(m.kind == "swap" for m in view.legal):
            return next(m for m in view.legal if m.kind == "swap")
        cards = [m for m in view.legal if m.card is not None]
        if cards:
            return min(cards, key=lambda m: (m.card or 0) & 15)   # the first of the lowest rank, in legal order
        return next(m for m in view.legal if m.kind != "swap")
    return play


@pytest.mark.parametrize("swap", [True, False])
def test_the_native_bot_makes_the_python_rules_decisions(cheapest: Any, swap: bool) -> None:
    native = ladder(cheapest.bot(swap), 3, 400, "native", workers=2)
    python = ladder(python_cheapest(swap), 3, 400, "native")
    for name in ("fool", "moves", "bouts", "largest"):
        assert np.array_equal(getattr(native, name), getattr(python, name)), name


def test_a_wrong_capsule_is_refused(cheapest: Any) -> None:
    bot = cheapest.bot()
    with pytest.raises(KozyrError):
        ladder(NativeBot(bot.state), 2, 10)
