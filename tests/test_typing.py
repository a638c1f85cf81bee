"""The shipped stubs are the API editors see: mypy over the tests must agree with them."""
import subprocess
import sys
from pathlib import Path

TESTS = Path(__file__).parent


def test_mypy_accepts_the_tests() -> None:
    run = subprocess.run(
        [sys.executable, "-m", "mypy", "--no-incremental", "--config-file", str(TESTS.parent / "pyproject.toml"),
         str(TESTS)],
        capture_output=True, text=True, cwd=TESTS.parent,
    )
    assert run.returncode == 0, run.stdout + run.stderr
