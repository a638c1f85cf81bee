"""A web table with a test queue behind it, served on 127.0.0.1 for the runs page's tests."""
from __future__ import annotations

import io
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from kozyr.web.app import WebApp
from kozyr.web.server import make_server


@contextmanager
def served(records: Path, queue: Path) -> Iterator[tuple[str, Any]]:
    """(the base URL, the app) while a server answers there."""
    app = WebApp(str(records), log=io.StringIO(), queue=str(queue))
    server = make_server(app, "127.0.0.1", 0)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}", app
    finally:
        server.shutdown()
        server.server_close()
        thread.join(5)
