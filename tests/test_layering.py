"""The games are libraries: they import without the shell's libraries, and never import the shell."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import kozyr

SRC = Path(kozyr.__file__).resolve().parent
GAMES = ("durak", "hokm", "preferans")
# A meta-path hook that makes these imports fail, as if they were not installed.
BLOCK = """
import importlib.abc, sys
class Block(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split('.')[0] in {'rich', 'matplotlib', 'scipy'}:
            raise ImportError(f'{name} is blocked')
        return None
sys.meta_path.insert(0, Block())
"""


def test_the_games_import_without_rich_matplotlib_or_scipy() -> None:
    code = BLOCK + "import kozyr.durak, kozyr.hokm, kozyr.preferans, kozyr.durak.ladder, kozyr.stats, kozyr.errors\n"
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr


def test_the_block_bites() -> None:
    run = subprocess.run([sys.executable, "-c", BLOCK + "import kozyr.cli\n"], capture_output=True, text=True)
    assert run.returncode != 0 and "blocked" in run.stderr


def test_no_game_module_imports_the_shell() -> None:
    for game in GAMES:
        for path in (SRC / game).rglob("*.py*"):
            if path.suffix not in (".py", ".pyx", ".pxd", ".pyi"):
                continue
            text = path.read_text(encoding="utf-8")
            for word in ("import argparse", "from rich", "import rich", "kozyr.cli"):
                assert word not in text, f"{path.relative_to(SRC)} has {word!r}"


def test_every_kozyr_error_is_a_kozyr_error() -> None:
    from kozyr.durak import IllegalMove
    from kozyr.errors import KozyrError
    from kozyr.hokm import HokmError
    from kozyr.preferans import PreferansError

    for cls in (IllegalMove, HokmError, PreferansError):
        assert issubclass(cls, KozyrError), cls
    assert issubclass(KozyrError, ValueError)
