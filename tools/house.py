"""Write docs/house.md's tree of kozyr's modules from the modules: one line a module, its docstring's first line.

usage: python tools/house.py [--check]

Every .py and .pyx under src/kozyr, and every .pxd without a .pyx of its own
name (the C layer's cimport-only modules), is listed in its folder with the
first line of its docstring (a .pxd's leading comment when it has none). The
page's prose is kept; only the block between the two markers is written.
`--check` writes nothing and exits 1 when the page is not what this would
write (tests/test_house.py runs the same check).
"""
from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src" / "kozyr"
PAGE = ROOT / "docs" / "house.md"
BEGIN = "<!-- the tree below is written by tools/house.py from each module's docstring: do not edit it by hand -->"
END = "<!-- end of the written tree -->"
KINDS = (".py", ".pyx", ".pxd")
# comment and blank lines, then the string (each line matched one way only: no backtracking blow-up)
LEADING_STRING = re.compile(r'\A(?:[ \t]*(?:#[^\n]*)?\n)*[ \t]*[rRuU]?("""|\'\'\')(.*?)\1', re.DOTALL)
LEADING_COMMENT = re.compile(r"\A\s*#\s*(\S[^\n]*)")


def modules(src: Path = SRC) -> list[Path]:
    """Every module under `src`, sorted by path: .py and .pyx files, and .pxd files no .pyx stands beside."""
    found = []
    for path in sorted(src.rglob("*")):
        if path.suffix not in KINDS or "__pycache__" in path.parts or path.name.startswith("."):
            continue
        if path.suffix == ".pxd" and path.with_suffix(".pyx").exists():
            continue
        found.append(path)
    return found


def first_line(path: Path) -> str:
    """The first line of the module's docstring ('' when it has none)."""
    text = path.read_text(encoding="utf-8")
    doc = None
    if path.suffix == ".py":
        doc = ast.get_docstring(ast.parse(text))
    else:
        m = LEADING_STRING.match(text)
        if m:
            doc = m.group(2)
        else:
            c = LEADING_COMMENT.match(text)
            doc = c.group(1) if c else None
    lines = [ln.strip() for ln in (doc or "").strip().splitlines()]
    return lines[0] if lines else ""


def tree(src: Path = SRC) -> str:
    """The written block: the folders as headings in a code block, each module under its folder."""
    out = ["```", f"{src.name}/"]
    folder: tuple[str, ...] = ()
    for path in modules(src):
        parts = path.relative_to(src).parent.parts
        if parts != folder:
            common = 0
            while common < min(len(parts), len(folder)) and parts[common] == folder[common]:
                common += 1
            for depth in range(common, len(parts)):
                out.append("  " * (depth + 1) + parts[depth] + "/")
            folder = parts
        indent = "  " * (len(parts) + 1)
        name = path.name
        out.append(f"{indent}{name:<{max(24 - len(indent), len(name) + 1)}} {first_line(path)}".rstrip())
    out.append("```")
    return "\n".join(out)


def page(text: str, src: Path = SRC) -> str:
    """The page `text` with its written block replaced by the current tree."""
    if BEGIN not in text or END not in text:
        raise SystemExit(f"{PAGE} lacks the markers of the written tree")
    head, rest = text.split(BEGIN, 1)
    _, tail = rest.split(END, 1)
    return f"{head}{BEGIN}\n{tree(src)}\n{END}{tail}"


def main(argv: list[str]) -> int:
    text = PAGE.read_text(encoding="utf-8")
    want = page(text)
    if "--check" in argv:
        if want != text:
            print(f"{PAGE.relative_to(ROOT)} is not current: run python tools/house.py", file=sys.stderr)
            return 1
        return 0
    if want != text:
        PAGE.write_text(want, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
