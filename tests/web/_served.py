"""A web table served on 127.0.0.1 for the tests: a free port, a fresh records folder."""
from __future__ import annotations

import io
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kozyr.web.app import WebApp
from kozyr.web.load import Client
from kozyr.web.server import _Server, make_server


@dataclass
class Table:
    app: WebApp
    port: int
    records: Path
    log: io.StringIO

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def client(self) -> Client:
        return Client("127.0.0.1", self.port, timeout=30)


def start(records: Path) -> tuple[Table, _Server, threading.Thread]:
    log = io.StringIO()
    app = WebApp(str(records), log=log)
    server = make_server(app, "127.0.0.1", 0)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    return Table(app, server.server_port, records, log), server, thread




def held(table: Table, client: Client, gid: str) -> Any:
    """The server's own game `gid` of `client`'s session (the test looks behind the API: the deal itself)."""
    assert client.cookie is not None
    session = table.app.sessions.get(client.cookie.split("=", 1)[1])
    assert session is not None
    return session.game(gid)


def stop(server: _Server, thread: threading.Thread) -> None:
    server.shutdown()
    server.server_close()
    thread.join(5)
