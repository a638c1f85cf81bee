"""The `table` fixture: a web table on 127.0.0.1 for one test, stopped afterwards (its log must hold no traceback)."""
from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from _served import Table, start


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    served, server, thread = start(tmp_path / "records")
    yield served
    server.shutdown()            # type: ignore[attr-defined]
    server.server_close()        # type: ignore[attr-defined]
    thread.join(5)
    assert "Traceback" not in served.log.getvalue(), served.log.getvalue()
