"""The shipped stubs are the API editors see: mypy over the tests must agree with them, and mypy over the
package's own source too (the stubs of its compiled modules against the Python that calls them)."""
import subprocess
import sys
from pathlib import Path

import pytest

# slow: a minute or more of mypy each; the quick run leaves them out, --full runs them (CI's main lane)
pytestmark = pytest.mark.slow

TESTS = Path(__file__).parent
ROOT = TESTS.parent


def _mypy(target: Path) -> subprocess.CompletedProcess[str]:
    """mypy over `target` from the repository root with its pyproject.toml, and no cache to go stale."""
    return subprocess.run(
        [sys.executable, "-m", "mypy", "--no-incremental", "--config-file", str(ROOT / "pyproject.toml"),
         str(target)],
        capture_output=True, text=True, cwd=ROOT,
    )


def test_mypy_accepts_the_tests() -> None:
    run = _mypy(TESTS)
    assert run.returncode == 0, run.stdout + run.stderr


def test_mypy_accepts_the_source() -> None:
    run = _mypy(ROOT / "src")
    assert run.returncode == 0, run.stdout + run.stderr
