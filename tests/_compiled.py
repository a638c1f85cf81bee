"""Build the tests' own compiled modules (tests/_native/*.pyx) against the installed kozyr, once a session.

kozyr ships no code that exists only for its tests: the hooks into the engine's
C (tests/_native/probes.pyx and tests/_native/hooks.pyx, the C enum numbering in
tests/_native/enums.pyx) and
the native-bot example are compiled here, with Cython and the C compiler the
test extra brings, against the .pxd files kozyr installs, exactly as a user's
native bot is. A build failure is a test error, never a skip.
"""
from __future__ import annotations

import functools
import importlib.util
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from types import ModuleType

NATIVE = Path(__file__).resolve().parent / "_native"


@functools.cache
def _where() -> Path:
    return Path(tempfile.mkdtemp(prefix="kozyr-native-"))


@functools.cache
def build(source: Path) -> ModuleType:
    """Cythonize and compile one .pyx file in a scratch folder; the imported module."""
    where = _where() / source.stem
    where.mkdir()
    shutil.copy(source, where / source.name)
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in sys.path if p))
    run = subprocess.run([sys.executable, "-m", "Cython.Build.Cythonize", "-i", "-q", source.name],
                         cwd=where, capture_output=True, text=True, env=env)
    if run.returncode != 0:
        raise AssertionError(f"building {source.name} failed:\n{run.stdout}{run.stderr}")
    built = next(where.glob(f"{source.stem}*.so"), None) or next(where.glob(f"{source.stem}*.pyd"))
    spec = importlib.util.spec_from_file_location(source.stem, built)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def probes() -> ModuleType:
    """tests/_native/probes.pyx: probe, c_word, c_fast_word, cards_view_agrees, memory_replay."""
    return build(NATIVE / "probes.pyx")


def hooks() -> ModuleType:
    """tests/_native/hooks.pyx: cheapest_ways, pw1_table, action_of_code, code_of_action, table_sizes,
    action_of_code_t, code_of_action_t, fast_deal_agrees (the hooks that once shipped in kozyr's modules)."""
    return build(NATIVE / "hooks.pyx")


def enums() -> ModuleType:
    """tests/_native/enums.pyx: C_ENUMS, the C numbering of codes.py's names."""
    return build(NATIVE / "enums.pyx")
