"""Run the `kozyr` command in-process for a test: (exit status, stdout, stderr)."""
from __future__ import annotations

import pytest

from kozyr import cli


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        code = cli.main(list(argv))
    except SystemExit as stop:
        code = int(stop.code or 0)
    out, err = capsys.readouterr()
    return code, out, err
