"""Names and paths that kozyr's comments, docstrings and docs mention exist (issue 21, item 18).

A comment that points at a module or a file after it moved sends the next reader nowhere; nine such stale
pointers had gathered. This test reads the comments and docstrings of every source, test and benchmark, and
every docs page, for dotted names beginning `kozyr.` and for file paths, and fails on one that does not
exist, so the next stale pointer fails the suite the day it goes stale. (Code is left out: a path in a test's
code is often a file the test makes.)
"""
from __future__ import annotations

import ast
import importlib
import io
import re
import tokenize
import warnings
from pathlib import Path

import pytest

import kozyr

PACKAGE = Path(kozyr.__file__).resolve().parent
ROOT = PACKAGE.parents[1]
TREES = ("src/kozyr", "tests", "benchmarks", "docs", "examples")
SUFFIXES = {".py", ".pyx", ".pxd", ".pyi", ".md", ".toml"}
DOTTED = re.compile(r"(?<![\w./-])kozyr(?:\.[A-Za-z_]\w*)+")
PATH = re.compile(r"(?<![\w./:-])(?:[\w-]+/)*[\w-]+\.(?:py|pyx|pxd|pyi|md|toml|h)\b(?![\w/-])")
# Names that are not modules: the PyCapsule names of native bots (the ladder's C loop checks them).
CAPSULES = {"kozyr.durak.bot_fn", "kozyr.durak.bot_state"}
# Pages a module promises and the work in progress has not written yet: each must still be missing (once it
# is written, its line here goes), and no other missing path passes.
PROMISED: dict[str, str] = {}


def _files() -> list[Path]:
    out = []
    for tree in TREES:
        for path in sorted((ROOT / tree).rglob("*")):
            if path.suffix in SUFFIXES and path.is_file() and not {"_build", "__pycache__"} & set(path.parts):
                out.append(path)
    return [p for p in out if p != Path(__file__).resolve()]   # this file names stale pointers on purpose


def _prose(path: Path) -> str:
    """What a file says to its reader: a docs page whole; of code, the comments and docstrings."""
    text = path.read_text(encoding="utf-8")
    if path.suffix in (".md", ".toml"):
        return text
    if path.suffix in (".pyx", ".pxd"):   # Cython: the comments and the triple-quoted strings
        return "\n".join(re.findall(r"#[^\n]*|\"\"\"[\s\S]*?\"\"\"", text))
    parts = [tok.string for tok in tokenize.generate_tokens(io.StringIO(text).readline) if tok.type == tokenize.COMMENT]
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            doc = ast.get_docstring(node, clean=False)
            if doc:
                parts.append(doc)
    return "\n".join(parts)


def _cimport_only(parts: list[str]) -> Path | None:
    """A module known to Cython only (a .pxd without a .pyx): its file."""
    base = PACKAGE.parent.joinpath(*parts)
    if base.with_suffix(".pxd").exists() and not base.with_suffix(".pyx").exists():
        return base.with_suffix(".pxd")
    return None


def _exists(name: str) -> bool:
    """Whether a dotted name is a kozyr module, or a name in one (a class, a function, a constant, a method)."""
    if name in CAPSULES:
        return True
    parts = name.split(".")
    for cut in range(len(parts), 0, -1):
        pxd = _cimport_only(parts[:cut])
        if pxd is not None:   # cimport-only: the next name is declared in the .pxd
            return cut == len(parts) or re.search(rf"\b{re.escape(parts[cut])}\b", pxd.read_text()) is not None
        try:
            with warnings.catch_warnings():   # an old path the changelog names (it warns, and still exists)
                warnings.simplefilter("ignore", DeprecationWarning)
                obj = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        for attr in parts[cut:]:
            if not hasattr(obj, attr):
                return False
            obj = getattr(obj, attr)
        return True
    return False


NAMES = {f.name for tree in TREES for f in (ROOT / tree).rglob("*") if f.is_file()} | {
    f.name for f in ROOT.glob("*") if f.is_file()}


def _path_exists(text: str, where: Path) -> bool:
    if "/" not in text:   # a bare file name: some file of the project has it
        return text in NAMES
    for base in (ROOT, PACKAGE, PACKAGE.parent, where.parent, *(p for p in PACKAGE.rglob("*") if p.is_dir())):
        if (base / text).exists():
            return True
    return False


def _strip_links(text: str) -> str:
    return re.sub(r"https?://\S+", "", text)


@pytest.mark.slow
def test_every_dotted_kozyr_name_mentioned_exists() -> None:
    stale = []
    for path in _files():
        for name in sorted(set(DOTTED.findall(_strip_links(_prose(path))))):
            if not name.endswith((".py", ".pyx", ".pxd", ".pyi")) and not _exists(name):
                stale.append(f"{path.relative_to(ROOT)}: {name}")
    assert not stale, "names that do not exist:\n" + "\n".join(stale)


@pytest.mark.slow
def test_every_file_path_mentioned_exists() -> None:
    stale = []
    for path in _files():
        for found in sorted(set(PATH.findall(_strip_links(_prose(path))))):
            if not found.startswith("kozyr.") and not _path_exists(found, path) and found not in PROMISED:
                stale.append(f"{path.relative_to(ROOT)}: {found}")
    assert not stale, "paths that do not exist:\n" + "\n".join(stale)


def test_a_promised_page_is_still_to_be_written() -> None:
    written = [page for page in PROMISED if (ROOT / page).exists()]
    assert not written, f"written now, so take them out of PROMISED: {written}"


@pytest.mark.parametrize("name, real", [("kozyr.cli.play", False), ("kozyr.cli.durak_play.Session.run", True),
                                        ("kozyr.durak.core.state", True), ("kozyr.durak.core.state.nope_never", False),
                                        ("kozyr.hokm.bots.make_bot", False), ("kozyr.hokm.roster.make_bot", True)])
def test_the_check_itself(name: str, real: bool) -> None:
    assert _exists(name) is real
