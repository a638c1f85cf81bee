"""The games are libraries: they import without the shell's libraries, and never import the shell."""
from __future__ import annotations

import ast
import re
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


# -- durak's rooms --------------------------------------------------------------------------------------
# The vocabulary at the top of kozyr.durak and the private C layer (core/) import no room; bots/ sits on
# them; learn/ on the bots (an environment seats one); the ladder on both; tuning/ and oracle/ on the
# ladder, neither on the other. So a bot never reaches into the runner, and the bots never into learning
# (the learned rung is a name, "kozyr.durak.learn.learned:LearnedBot", resolved when it is asked for).
ROOMS = ("core", "bots", "learn", "ladder", "tuning", "oracle")
MAY_IMPORT = {
    "top": {"top", "core"},
    "core": {"top", "core"},
    "bots": {"top", "core", "bots"},
    "learn": {"top", "core", "bots", "learn"},
    "ladder": {"top", "core", "bots", "learn", "ladder"},
    "tuning": {"top", "core", "bots", "learn", "ladder", "tuning"},
    "oracle": {"top", "core", "bots", "learn", "ladder", "oracle"},
}
# Cython's imports and cimports, and a .pyi's: `from a.b cimport x`, `from a import b`, `cimport a.b`
CYTHON_IMPORT = re.compile(r"^\s*(?:from\s+([\w.]+)\s+c?import\s+\(?([\w\s,]*)|c?import\s+([\w.]+))", re.MULTILINE)


def _durak_imports(path: Path, src: Path = SRC) -> set[str]:
    """Every module under kozyr.durak that `path` (below `src`, a kozyr folder) imports or cimports (a .py
    read by its syntax tree, a .pyx/.pxd/.pyi by its import lines)."""
    if path.suffix == ".py":
        package = ".".join(("kozyr", *path.relative_to(src).parent.parts))
        names = _imported(path, package)
    else:
        names = set()
        for m in CYTHON_IMPORT.finditer(path.read_text(encoding="utf-8")):
            base = m.group(1) or m.group(3)
            names.add(base)
            if m.group(1):
                names.update(f"{base}.{n.strip()}" for n in m.group(2).replace("\n", " ").split(",") if n.strip())
    return {n for n in names if n.startswith("kozyr.durak.")}


def _room(parts: tuple[str, ...]) -> str:
    """The room of a module's path parts below kozyr/durak (or of a dotted name's parts after kozyr.durak)."""
    return parts[0] if len(parts) > 1 and parts[0] in ROOMS else "top"


def durak_room_breaches(root: Path = SRC / "durak") -> list[str]:
    """Every import of a room that the importing module's room may not import (kozyr.durak's own
    __init__, the package's face, re-exports from every room and is not a room)."""
    from kozyr.durak._moved import MOVED

    breaches = []
    for path in sorted(root.rglob("*")):
        if path.suffix not in (".py", ".pyx", ".pxd", ".pyi") or path == root / "__init__.py":
            continue
        here, shown = _room(path.relative_to(root).parts), path.relative_to(root.parent)
        for name in sorted(_durak_imports(path, root.parent)):
            if name in MOVED:
                breaches.append(f"{shown} imports the old path {name}")
                continue
            there = _room(tuple(name.split(".")[2:]))
            if there not in MAY_IMPORT[here]:
                breaches.append(f"{shown} ({here}) imports {name} ({there})")
    return breaches


def test_durak_s_rooms_import_only_the_rooms_below() -> None:
    assert durak_room_breaches() == []


def test_the_room_check_sees_a_bot_reaching_into_the_ladder(tmp_path: Path) -> None:
    """The check bites: a bot that imports the runner, a cimport of the learning room from a bot's kernel,
    a vocabulary module reaching a room, and an old path."""
    import shutil

    root = tmp_path / "kozyr" / "durak"
    shutil.copytree(SRC / "durak", root, ignore=shutil.ignore_patterns("*.so", "*.c", "__pycache__"))
    (root / "bots" / "peek.py").write_text("from kozyr.durak.ladder import ladder\n")
    (root / "bots" / "peek.pxd").write_text("from kozyr.durak.learn._encode cimport enc_obs\n")
    (root / "words.py").write_text("import kozyr.durak.tuning.measure\n")
    (root / "ladder" / "old.py").write_text("from kozyr.durak import reference\n")
    seen = {b.split()[0] for b in durak_room_breaches(root)}
    assert seen == {"durak/bots/peek.py", "durak/bots/peek.pxd", "durak/words.py", "durak/ladder/old.py"}, seen


def test_no_module_of_kozyr_imports_an_old_durak_path() -> None:
    from kozyr.durak._moved import MOVED

    for path in sorted(SRC.rglob("*")):
        if path.suffix in (".py", ".pyx", ".pxd", ".pyi") and path.name != "_moved.py":
            old = sorted(_durak_imports(path) & set(MOVED))
            assert not old, f"{path.relative_to(SRC)} imports {', '.join(old)}"
