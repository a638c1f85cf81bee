"""docs/house.md's tree of modules is written from the source (tools/house.py): it names every module, current."""
from __future__ import annotations

import importlib.util
import re
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[1]
TOOL = ROOT / "tools" / "house.py"
if not TOOL.is_file():   # an installed wheel's suite, run without the source tree
    pytest.skip("no tools/house.py beside the tests", allow_module_level=True)


def _tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("kozyr_house_tool", TOOL)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


house = _tool()


def named(text: str) -> set[str]:
    """The modules the page's written tree names, as paths below src/kozyr (read back from its indentation)."""
    block = text.split(house.BEGIN, 1)[1].split(house.END, 1)[0]
    folders: list[str] = []
    names = set()
    for line in block.splitlines():
        m = re.match(r"^( *)(\S+)", line)
        if not m or line.startswith("```"):
            continue
        depth, word = len(m.group(1)) // 2, m.group(2)
        if depth == 0:
            continue   # the root folder
        folders = folders[:depth - 1]
        if word.endswith("/"):
            folders.append(word.rstrip("/"))
        else:
            names.add("/".join([*folders, word]))
    return names


def test_the_page_names_every_module() -> None:
    want = {str(p.relative_to(house.SRC)) for p in house.modules()}
    got = named(house.PAGE.read_text(encoding="utf-8"))
    assert want - got == set(), "docs/house.md misses modules: run python tools/house.py"
    assert got - want == set(), "docs/house.md names modules that are gone: run python tools/house.py"
    for folder in ("durak/bots", "durak/learn", "durak/ladder", "durak/tuning", "durak/oracle", "web", "cli"):
        assert any(n.startswith(folder + "/") for n in got), folder


def test_the_page_is_current() -> None:
    text = house.PAGE.read_text(encoding="utf-8")
    assert house.page(text) == text, "docs/house.md is not current: run python tools/house.py"


def test_every_module_says_what_it_holds() -> None:
    bare = [str(p.relative_to(house.SRC)) for p in house.modules() if not house.first_line(p)]
    assert bare == [], f"modules without a docstring (or, for a .pxd, a leading comment): {bare}"


def test_the_tree_sees_a_new_module(tmp_path: Path) -> None:
    """The check bites: a module added to a copy of the tree is missing from the page written before it."""
    import shutil

    src = tmp_path / "kozyr"
    shutil.copytree(house.SRC, src, ignore=shutil.ignore_patterns("*.so", "*.c", "__pycache__"))
    before = named(house.page(house.PAGE.read_text(encoding="utf-8"), src))
    (src / "durak" / "bots" / "newbot.py").write_text('"""A bot that is new."""\n')
    after = named(house.page(house.PAGE.read_text(encoding="utf-8"), src))
    assert after - before == {"durak/bots/newbot.py"}
