"""The old import paths of the modules that moved into durak's rooms: each one the same module, with a warning.

Run in a fresh interpreter: the deprecation table answers only the first import of an old name (afterwards
`sys.modules` holds it), and the test must see that first import warn.
"""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

from kozyr.durak._moved import MOVED

PROBE = """
import importlib, importlib.util, json, sys, warnings
import kozyr.durak
seen = {}
for old, new in json.loads(sys.argv[1]).items():
    try:   # a room's module that needs an optional extra (open_spiel, pettingzoo) not installed here
        importlib.util.find_spec(new) and importlib.import_module(new)
    except ModuleNotFoundError as err:
        if not (err.name or "").startswith("kozyr"):
            seen[old] = {"missing": err.name}
            continue
        raise
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        module = importlib.import_module(old)
    same = module is importlib.import_module(new)
    if old.count(".") == 2:   # kozyr.durak.<name>: the package's attribute is the same module
        same = same and getattr(kozyr.durak, old.rsplit(".", 1)[1]) is module
    seen[old] = {"same": same, "name": module.__name__, "spec": module.__spec__.name,
                 "warnings": [(w.category.__name__, str(w.message)) for w in caught]}
print(json.dumps(seen))
"""


@pytest.fixture(scope="module")
def seen() -> dict[str, dict[str, object]]:
    """What importing every old path, in one fresh interpreter, gave."""
    run = subprocess.run([sys.executable, "-c", PROBE, json.dumps(MOVED)], capture_output=True, text=True,
                         timeout=300)
    assert run.returncode == 0, run.stderr
    result: dict[str, dict[str, object]] = json.loads(run.stdout.strip().splitlines()[-1])
    return result


def test_the_table_names_only_modules_that_exist_at_their_new_path() -> None:
    import importlib.util

    for old, new in MOVED.items():
        assert importlib.util.find_spec(new) is not None, new
        assert old != new


@pytest.mark.parametrize("old", sorted(MOVED))
def test_every_old_path_imports_the_new_module_and_warns(old: str, seen: dict[str, dict[str, object]]) -> None:
    new, got = MOVED[old], seen[old]
    if "missing" in got:
        pytest.skip(f"{new} needs {got['missing']}, an optional extra not installed here")
    assert got["same"], f"{old} is not the module at {new}"
    assert got["name"] == new and got["spec"] == new, got
    caught = got["warnings"]
    assert isinstance(caught, list)
    moved = [message for category, message in caught if category == "DeprecationWarning" and old in message]
    assert len(moved) == 1 and new in moved[0], caught


def test_the_new_paths_import_without_a_warning() -> None:
    code = ("import importlib, warnings\nwarnings.simplefilter('error')\n"
            f"for name in {sorted(MOVED.values())!r}:\n"
            "    try:\n"
            "        importlib.import_module(name)\n"
            "    except ModuleNotFoundError as err:   # an optional extra not installed here\n"
            "        if (err.name or '').startswith('kozyr'):\n"
            "            raise\n"
            "import kozyr.durak.bots, kozyr.durak.tuning, kozyr.cli, kozyr.web\n")
    run = subprocess.run([sys.executable, "-W", "error::DeprecationWarning", "-c", code], capture_output=True,
                         text=True, timeout=120)
    assert run.returncode == 0, run.stderr


def test_the_old_modules_that_became_packages_keep_their_names() -> None:
    """`kozyr.durak.bots` and `kozyr.durak.tuning` were modules; the rooms' packages re-export their names."""
    from kozyr.durak.bots import RUNG_NAMES, RUNGS, Bot
    from kozyr.durak.bots.bot import Bot as BotHere
    from kozyr.durak.tuning import optuna_search, sprt, spsa
    from kozyr.durak.tuning.measure import optuna_search as here

    assert Bot is BotHere and RUNGS == (1, 2, 3) and 4 in RUNG_NAMES
    assert optuna_search is here and callable(sprt) and callable(spsa)
    # the names those modules held beyond their __all__, too
    from kozyr.durak.bots import check_rung
    from kozyr.durak.bots.bot import check_rung as rung_here
    from kozyr.durak.tuning import MAX_AGAINST
    from kozyr.durak.tuning.measure import MAX_AGAINST as against_here

    assert check_rung is rung_here and MAX_AGAINST == against_here
    with pytest.raises(ImportError):
        from kozyr.durak.tuning import no_such_name  # noqa: F401


def test_an_unknown_name_is_still_an_import_error() -> None:
    with pytest.raises(ModuleNotFoundError):
        __import__("kozyr.durak.no_such_module")
    import kozyr.durak

    with pytest.raises(AttributeError):
        kozyr.durak.no_such_module  # noqa: B018
