"""The build (issue 11, item 4): the checked build is what KOZYR_DEBUG=1 asks for, and says so at run time.

Cython regenerates C by timestamps only, so before, `KOZYR_DEBUG=1 pip install .`
in a tree built before reused the unchecked C without a word. setup.py now
keeps the mode of the last generation and regenerates when it changes;
`kozyr.build_info()` asks the compiled code itself whether bounds are checked.
"""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import kozyr

ROOT = Path(__file__).resolve().parents[1]


def test_build_info_describes_this_build() -> None:
    info = kozyr.build_info()
    assert set(info) == {"kozyr", "commit", "repaired", "debug", "cython", "sha_ni"}
    checked = os.environ.get("KOZYR_DEBUG", "") not in ("", "0")
    assert info["debug"] is checked      # the normal build (and CI's) is the fast one
    assert isinstance(info["sha_ni"], bool)
    major, minor, micro = str(info["cython"]).split(".")
    assert int(major) >= 3 and minor.isdigit() and micro.isdigit()


def _tree(tmp: Path) -> Path:
    """A tree with setup.py and the cards module alone (the smallest thing setup.py builds)."""
    for name in ("setup.py", "pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, tmp / name)
    pkg = tmp / "src" / "kozyr"
    pkg.mkdir(parents=True)
    for name in ("__init__.py", "errors.py", "cards.pyx", "cards.pxd", "_bits.h"):
        shutil.copy(ROOT / "src" / "kozyr" / name, pkg / name)
    return tmp


def _setup(tree: Path, *args: str, debug: bool) -> None:
    env = {k: v for k, v in os.environ.items() if k != "KOZYR_DEBUG"}
    if debug:
        env["KOZYR_DEBUG"] = "1"
    run = subprocess.run([sys.executable, "setup.py", *args], cwd=tree, env=env, capture_output=True, text=True,
                         timeout=600)
    assert run.returncode == 0, run.stderr[-2000:]


def _checked(tree: Path) -> bool:
    probe = "import kozyr.cards as c; print(c._build_facts()['debug'])"
    run = subprocess.run([sys.executable, "-c", probe], cwd=tree, capture_output=True, text=True, timeout=60,
                         env={**os.environ, "PYTHONPATH": str(tree / "src")})
    assert run.returncode == 0, run.stderr
    return run.stdout.strip() == "True"


@pytest.mark.slow    # compiles the engine twice: the quick run leaves it out, --full runs it (CI's main lane)
def test_switching_on_the_checked_build_regenerates_the_c(tmp_path: Path) -> None:
    tree = _tree(tmp_path)
    _setup(tree, "--name", debug=False)                  # a tree whose C was generated for the fast build
    assert (tree / "src" / "kozyr" / "cards.c").exists()
    _setup(tree, "build_ext", "--inplace", debug=True)   # then the checked build is asked for
    assert _checked(tree), "KOZYR_DEBUG=1 reused the unchecked generated C"
