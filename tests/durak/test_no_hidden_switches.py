"""No hidden switches and no test hooks in what kozyr ships: settings are arguments, hooks are the tests' own.

A process global that a benchmark flips (the ways of playing a table rungs 2
and 3 use used to be one) changes every later ladder of the process without a
trace in its arguments or its records; it is now `Params.VARIANT_PLAY`, a
setting like any other. The functions that exist only for the tests are compiled from
tests/_native/hooks.pyx (tests/_compiled.py), not shipped. Optuna's log level
is the caller's own: a study leaves it as it found it.
"""
from __future__ import annotations

import importlib
import re
from pathlib import Path

import numpy as np
import pytest

from kozyr.durak import Bot, Params, Rules
from kozyr.durak.ladder import ladder

# the source tree beside the tests (an installed kozyr ships no .pyx), as tests/durak/bots/test_blind.py reads it
SRC = Path(__file__).resolve().parents[2] / "src" / "kozyr"

# the hooks moved to tests/_native/hooks.pyx, by the module that shipped them
MOVED = {
    "kozyr.durak.bots.rungs": ("_cheapest_ways", "_pw1_table"),
    "kozyr.durak.learn._encode": ("_action_of_code", "_code_of_action", "_action_of_code_t", "_code_of_action_t",
                            "table_sizes"),
    "kozyr.durak.ladder._loop": ("_fast_deal_agrees", "_table_rules"),
}
# hooks still shipped, a new one fails here: the first three read their module's private C (the ladder's
# Runner and its plan, the batched environment's slots, rung 4's scratch), which no .pxd exposes to another
# extension; the last two are library code too (kozyr.build_info reads them), _sha_ni a switch of the deal's
# SHA-256 code that a test flips
STILL_SHIPPED = {("durak/ladder/_loop.pyx", "_duel_agrees"), ("durak/learn/vecenv.pyx", "_state"),
                 ("durak/bots/rung4.pyx", "_playouts_general"), ("cards.pyx", "_build_facts"),
                 ("durak/core/engine.pyx", "_sha_ni")}
HOOK = re.compile(r"\bdef (\w+)\([^)]*\)[^:]*:\s*\n\s*(?:r?\"\"\")\s*(?:A |The )?(?:test|measurement) hook",
                  re.IGNORECASE)


@pytest.mark.parametrize("module", sorted(MOVED))
def test_the_moved_hooks_are_not_shipped(module: str) -> None:
    shipped = importlib.import_module(module)
    assert not [name for name in MOVED[module] if hasattr(shipped, name)]


def test_no_other_hook_ships() -> None:
    found = set()
    for path in sorted(SRC.rglob("*.pyx")):
        for name in HOOK.findall(path.read_text(encoding="utf-8")):
            found.add((path.relative_to(SRC).as_posix(), name))
    assert found == STILL_SHIPPED


def test_the_scan_sees_a_planted_hook() -> None:
    planted = 'def _peek(int x):\n    """Test hook: the secret."""\n    return x\n'
    assert HOOK.findall(planted) == ["_peek"]
    assert HOOK.findall('    def _q(self, bint on):\n        """A test hook: q."""\n') == ["_q"]


def test_the_ladder_reads_no_process_global() -> None:
    text = (SRC / "durak" / "ladder" / "_loop.pyx").read_text(encoding="utf-8")
    assert not re.search(r"^\s*global\s", text, re.MULTILINE)


# -- the variant play: a setting of the side that plays it ---------------------------------------------


def test_variant_play_is_a_setting_of_the_side_at_a_table() -> None:
    rules = Rules(seats=3, variant="perevodnoy")
    every = ladder([3, 2, 2], 200, "tr", rules=rules)
    # the candidate alone without the transfer rule: its games change, the field's settings do not
    without = ladder([Bot(3, "c", params=Params(VARIANT_PLAY=15 & ~2)), 2, 2], 200, "tr", rules=rules)
    with_it = ladder([Bot(3, "c"), 2, 2], 200, "tr", rules=rules)
    assert not np.array_equal(without.moves, with_it.moves)
    # the C loop and the Python path play the setting alike (a callable side plays through the Game API)
    bot = Bot(3, "c", params=Params(VARIANT_PLAY=13))
    c = ladder([bot, 2, 2], 20, "tr", rules=rules)
    python = ladder([lambda view: bot(view), 2, 2], 20, "tr", rules=rules)
    assert np.array_equal(c.losers, python.losers) and np.array_equal(c.moves, python.moves)
    assert not np.array_equal(c.moves, ladder([Bot(3, "c"), 2, 2], 20, "tr", rules=rules).moves)
    # and a ladder after it is the ladder before it: nothing was left switched
    assert np.array_equal(every.moves, ladder([3, 2, 2], 200, "tr", rules=rules).moves)


def test_the_two_seat_game_never_reads_variant_play() -> None:
    a = ladder(3, 2, 400, "tr")
    b = ladder(3, 2, 400, "tr", params={"VARIANT_PLAY": 0})
    assert np.array_equal(a.fool, b.fool) and np.array_equal(a.moves, b.moves)


def test_variant_play_is_checked_as_every_setting() -> None:
    from kozyr.errors import KozyrError

    for bad in (-1, 16):
        with pytest.raises(KozyrError) as info:
            Params(VARIANT_PLAY=bad)
        assert info.value.code == "bad_variant_play"
    with pytest.raises(KozyrError) as info:
        ladder(1, 1, 2, params={"VARIANT_PLAY": 3})
    assert info.value.code == "unread_param"   # rung 1 reads no VARIANT_PLAY


# -- Optuna's log level --------------------------------------------------------------------------------


@pytest.mark.parametrize("level", ["DEBUG", "ERROR"])
def test_a_study_leaves_optunas_log_level_as_it_found_it(level: str) -> None:
    optuna = pytest.importorskip("optuna", reason="optuna is the optional extra kozyr[tune]")
    from kozyr.durak.tuning.measure import optuna_search

    before = optuna.logging.get_verbosity()
    try:
        optuna.logging.set_verbosity(getattr(optuna.logging, level))
        optuna_search(["CHEAP_POWER"], {"CHEAP_POWER": 3}, trials=2, deals_per_trial=20, seed=1, opponent=2)
        assert optuna.logging.get_verbosity() == getattr(optuna.logging, level)
    finally:
        optuna.logging.set_verbosity(before)
