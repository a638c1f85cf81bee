"""What a hokm module's source can reach, for the blindness tests: its imports and the names it uses."""
from __future__ import annotations

import ast
from pathlib import Path


def reach(module: object) -> tuple[set[str], set[str]]:
    """(the modules it imports, relative ones with their dots; every name and attribute it uses)."""
    tree = ast.parse(Path(module.__file__).read_text())  # type: ignore[attr-defined]
    imported = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            imported.add(("." * node.level) + (node.module or ""))
        elif isinstance(node, ast.Import):
            imported.update(a.name for a in node.names)
    names = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}
    names |= {n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute)}
    return imported, names
