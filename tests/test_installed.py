"""The wheel under test is the installed one (issue 27): tools/build_wheels.sh runs the whole suite against
each repaired wheel from outside the source tree and sets KOZYR_INSTALLED_WHEEL to the wheel's path.

These checks are what makes that run mean something: kozyr is imported from site-packages, not the
checkout; the licence travels with it; the extensions carry no builder runpath and no debug sections.
Elsewhere (an editable install, the plain `pip install .`) they are skipped, with the reason.
"""
from __future__ import annotations

import os
import shutil
import subprocess
from importlib import metadata
from pathlib import Path

import pytest

import kozyr

ROOT = Path(__file__).resolve().parents[1]
WHEEL = os.environ.get("KOZYR_INSTALLED_WHEEL")
pytestmark = pytest.mark.skipif(not WHEEL, reason="only where tools/build_wheels.sh tests an installed wheel")
PACKAGE = Path(kozyr.__file__).resolve().parent


def _extensions() -> list[Path]:
    found = sorted(PACKAGE.rglob("*.so"))
    assert found, f"no compiled module under {PACKAGE}"
    return found


def test_kozyr_comes_from_the_installed_wheel() -> None:
    assert not PACKAGE.is_relative_to(ROOT), f"kozyr was imported from the checkout: {PACKAGE}"
    assert "site-packages" in PACKAGE.parts
    assert metadata.version("kozyr") == kozyr.__version__
    assert Path(str(WHEEL)).name.startswith(f"kozyr-{kozyr.__version__}-")


def test_the_licence_is_in_the_wheel() -> None:
    files = [str(f) for f in metadata.files("kozyr") or []]
    assert any(f.endswith("LICENSE") for f in files), files[:20]
    assert metadata.metadata("kozyr")["License-Expression"] == "MIT"


@pytest.mark.skipif(shutil.which("readelf") is None, reason="readelf (binutils) is not installed")
def test_the_extensions_carry_no_runpath_and_no_debug_sections() -> None:
    for so in _extensions():
        dynamic = subprocess.run(["readelf", "-d", str(so)], capture_output=True, text=True, check=True).stdout
        assert "RUNPATH" not in dynamic and "RPATH" not in dynamic, f"{so.name}: {dynamic}"
        sections = subprocess.run(["readelf", "-S", "-W", str(so)], capture_output=True, text=True, check=True).stdout
        assert ".debug_info" not in sections, f"{so.name} is not stripped"
