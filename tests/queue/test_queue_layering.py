"""The queue is a library below the two faces: `kozyr.queue` never imports the shell or the web table."""
from __future__ import annotations

import ast
from pathlib import Path

SRC = Path(__file__).resolve().parents[2] / "src" / "kozyr"


def _imports(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


def test_the_queue_imports_neither_the_shell_nor_the_web() -> None:
    modules = sorted((SRC / "queue").glob("*.py"))
    assert len(modules) >= 4
    for path in modules:
        above = sorted(n for n in _imports(path) if n.split(".")[:2] in (["kozyr", "cli"], ["kozyr", "web"]))
        assert not above, f"{path.name} imports {above}"
