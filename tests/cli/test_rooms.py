"""The shell's rooms (issue 21, item 18): no import circle, the runners in the library, one screen family,
module names that say which game they serve.

Before: `cli/hokm.py` and `cli/hokm_play.py` imported each other (one of the imports hidden in a function),
so did `hokm/bots.py` and `hokm/search.py`; the hokm match and SPRT runners lived in the shell, out of reach
of a program; the two terminal games each wrote their live and transcript screens (about 100 lines twice);
the durak game's three modules and the tuning command served durak only and their names did not say so
(they are `cli/durak_play.py`, `cli/durak_keys.py`, `cli/durak_render.py` and `cli/durak_tune.py` now).
"""
from __future__ import annotations

import ast
import re
from pathlib import Path

import kozyr

SRC = Path(kozyr.__file__).resolve().parent
GAMES = ("durak", "hokm", "preferans")


def _module(path: Path) -> str:
    parts = list(path.relative_to(SRC.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _modules() -> dict[str, Path]:
    return {_module(p): p for p in sorted(SRC.rglob("*")) if p.suffix in (".py", ".pyx")}


def _imports(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """The kozyr modules `name` imports, at the top or inside a function (`from a import b` is a.b when b is a
    module; a package is not imported by its own submodules' names)."""
    text = path.read_text(encoding="utf-8")
    found: set[str] = set()
    if path.suffix == ".pyx":   # Cython: the import lines, read as text
        for base, names, plain in re.findall(r"^\s*(?:from\s+([\w.]+)\s+c?import\s+\(?([\w, \n]+)|c?import\s+([\w.]+))",
                                             text, re.M):
            found |= {f"{base}.{n.strip()}" for n in names.replace("\n", " ").split(",")} | {base} if base else {plain}
    else:
        package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.Import):
                found |= {a.name for a in node.names}
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    up = package.split(".")[:len(package.split(".")) - node.level + 1]
                    base = ".".join(up + ([node.module] if node.module else []))
                subs = {f"{base}.{a.name}" for a in node.names}
                found |= subs if subs <= set(modules) else subs | {base}
    return {m for m in found if m in modules and m != name and not name.startswith(m + ".")}


def test_no_module_of_kozyr_imports_itself_round_a_circle() -> None:
    modules = _modules()
    graph = {name: _imports(name, path, modules) for name, path in modules.items()}
    circles: list[list[str]] = []
    state: dict[str, int] = {}
    path: list[str] = []

    def visit(node: str) -> None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                circles.append(path[path.index(nxt):] + [nxt])
            elif nxt not in state:
                visit(nxt)
        path.pop()
        state[node] = 2

    for node in sorted(graph):
        if node not in state:
            visit(node)
    assert not circles, "import circles: " + "; ".join(" -> ".join(c) for c in circles)


def test_the_hokm_runners_live_in_the_library() -> None:
    from kozyr.hokm import arena

    assert callable(arena.run_matches) and callable(arena.sprt_batch)
    shell = (SRC / "cli" / "hokm.py").read_text(encoding="utf-8")
    for word in ("Match(", "Hand(", "make_bot(", "play_match(", "play_hand(", "random.Random("):
        assert word not in shell, f"cli/hokm.py plays hokm itself ({word})"
    assert arena.run_matches("greedy", "random", 2, 1)["matches"] == 2


def _body_lines(path: Path) -> list[str]:
    """A module's code lines, stripped, without blank lines, comments, imports, docstring-only lines and plain
    copies of an argument into an attribute (`self.look = screen.look`: every class starts so)."""
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        text = line.strip()
        if (text and not text.startswith(("#", "import ", "from ", '"""', "@")) and len(text) > 12
                and not re.fullmatch(r"self\.\w+ = [\w.]+", text)):
            out.append(text)
    return out


RUN = 6   # lines in a row, found in both games' modules, that count as code written twice


def test_the_two_terminal_games_share_their_screens() -> None:
    games = [SRC / "cli" / f"{game}_play.py" for game in ("durak", "hokm", "pref")]
    for path in games:
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"^class \w*Screen\b", text, re.M), f"{path.name} defines a screen of its own"
        assert "make_screen(" in text or "play_in_terminal(" in text, \
            f"{path.name} does not make its screen with kozyr.cli._terminal"
    for one, other in ((0, 1), (0, 2), (1, 2)):
        a, b = _body_lines(games[one]), _body_lines(games[other])
        runs = {tuple(a[i:i + RUN]) for i in range(len(a) - RUN + 1)}
        twice = [b[i:i + RUN] for i in range(len(b) - RUN + 1) if tuple(b[i:i + RUN]) in runs]
        assert not twice, f"code written in {games[one].name} and {games[other].name}: {twice[:3]}"


def test_a_shell_module_that_serves_one_game_is_named_after_it() -> None:
    prefixes = {"durak": ("durak",), "hokm": ("hokm",), "preferans": ("pref",)}
    for path in sorted((SRC / "cli").glob("*.py")):
        if path.name.startswith("_"):
            continue
        text = path.read_text(encoding="utf-8")
        served = {g for g in GAMES if re.search(rf"^\s*(?:from|import) kozyr\.{g}\b", text, re.M)}
        if len(served) == 1:
            (game,) = served
            assert path.stem.startswith(prefixes[game]), f"cli/{path.name} serves {game} only: name it so"
