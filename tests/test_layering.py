"""The games are libraries: they import without the shell's libraries, and never import the shell."""
from __future__ import annotations

import ast
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


def _imported(path: Path, package: str) -> set[str]:
    """Every module `path` imports, anywhere in it (at the top or inside a function), as absolute names:
    `import a.b`, `from a import b` (both `a` and `a.b`), relative imports resolved against `package`, and
    a literal name given to `importlib.import_module` or `__import__`."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.split(".")[:len(package.split(".")) - node.level + 1]
                base = ".".join(parent + ([base] if base else []))
            names.add(base)
            names.update(f"{base}.{alias.name}" for alias in node.names)
        elif (isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant)
              and isinstance(node.args[0].value, str)
              and getattr(node.func, "attr", getattr(node.func, "id", "")) in ("import_module", "__import__")):
            names.add(node.args[0].value)
    return names


def test_the_web_never_imports_the_shell() -> None:
    """The web table and the terminal are two faces over the same libraries: the web reads the games' words
    from below (`kozyr.durak.narration`, `kozyr.hokm.narration`, `kozyr.cardtext`), never from `kozyr.cli`."""
    modules = sorted((SRC / "web").rglob("*.py"))
    assert modules, "no web modules found"
    for path in modules:
        package = ".".join(("kozyr", *path.relative_to(SRC).parent.parts))
        shell = sorted(n for n in _imported(path, package) if n == "kozyr.cli" or n.startswith("kozyr.cli."))
        assert not shell, f"{path.relative_to(SRC)} imports {', '.join(shell)}"


def test_every_kozyr_error_is_a_kozyr_error() -> None:
    from kozyr.durak import IllegalMove
    from kozyr.errors import KozyrError
    from kozyr.hokm import HokmError
    from kozyr.preferans import PreferansError

    for cls in (IllegalMove, HokmError, PreferansError):
        assert issubclass(cls, KozyrError), cls
    assert issubclass(KozyrError, ValueError)
