"""One version, said the same way everywhere (issue 40: kozyr said 0.2.0 after three releases' worth of change).

Its home is `kozyr.__version__`; pyproject.toml reads it from there (setuptools' dynamic version), `kozyr
--version` prints it, the installed distribution's metadata carries it, and CHANGELOG.md's newest release
heading names it (so a release cannot raise the version without saying what changed, nor the reverse).
"""
from __future__ import annotations

import re
import subprocess
import sys
from importlib import metadata
from pathlib import Path

import pytest

import kozyr

ROOT = Path(__file__).resolve().parent.parent
# `## [0.3.0] - 2026-12-06`, Keep a Changelog's form; `## [Unreleased]` is not a release
RELEASE = re.compile(r"^## \[(\d+\.\d+\.\d+)\] - (\d{4}-\d{2}-\d{2})$", re.MULTILINE)

if sys.version_info >= (3, 11):
    import tomllib
else:   # 3.10: the tomli backport, a dependency there
    import tomli as tomllib


def _changelog() -> str:
    path = ROOT / "CHANGELOG.md"
    if not path.is_file():
        pytest.skip("no CHANGELOG.md beside the tests (an installed wheel's suite run from elsewhere)")
    return path.read_text(encoding="utf-8")


def test_the_changelog_s_newest_release_is_the_version() -> None:
    releases = RELEASE.findall(_changelog())
    assert releases, "CHANGELOG.md has no '## [X.Y.Z] - YYYY-MM-DD' heading"
    assert releases[0][0] == kozyr.__version__, (releases[0], kozyr.__version__)


def test_the_changelog_is_newest_first_and_goes_back_to_0_1() -> None:
    text = _changelog()
    releases = RELEASE.findall(text)
    versions = [tuple(map(int, v.split("."))) for v, _ in releases]
    assert versions == sorted(versions, reverse=True) and len(set(versions)) == len(versions), versions
    assert [d for _, d in releases] == sorted((d for _, d in releases), reverse=True)
    assert versions[-1] == (0, 1, 0)
    sections = set(re.findall(r"^### (.+)$", text, re.MULTILINE))
    assert sections <= {"Added", "Changed", "Deprecated", "Removed", "Fixed", "Security"}, sections


def test_kozyr_version_prints_it() -> None:
    run = subprocess.run([sys.executable, "-m", "kozyr", "--version"], capture_output=True, text=True, timeout=60)
    assert run.returncode == 0 and run.stdout == f"kozyr {kozyr.__version__}\n"


def test_pyproject_takes_the_version_from_kozyr() -> None:
    path = ROOT / "pyproject.toml"
    if not path.is_file():
        pytest.skip("no pyproject.toml beside the tests")
    project = tomllib.loads(path.read_text(encoding="utf-8"))
    assert "version" not in project["project"] and "version" in project["project"]["dynamic"]
    assert project["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "kozyr.__version__"}
    init = (ROOT / "src" / "kozyr" / "__init__.py").read_text(encoding="utf-8")
    assert re.findall(r'^__version__ = "([^"]+)"$', init, re.MULTILINE) == [kozyr.__version__]


def test_the_installed_metadata_says_it() -> None:
    """The metadata of the distribution this kozyr came from (CI's `pip install .`, a wheel). A checkout run
    through PYTHONPATH over an install of another tree has metadata that is not its own: nothing to compare."""
    try:
        dist = metadata.distribution("kozyr")
    except metadata.PackageNotFoundError:
        pytest.skip("kozyr is not installed (run from the source tree)")
    init = Path(str(dist.locate_file("kozyr/__init__.py")))
    if not init.is_file() or init.resolve() != Path(kozyr.__file__).resolve():
        pytest.skip(f"the installed kozyr {dist.version} is another tree's (this one is {kozyr.__file__})")
    assert dist.version == kozyr.__version__
