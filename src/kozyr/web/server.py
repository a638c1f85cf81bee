"""`kozyr serve`'s server: the standard library's WSGI server, one thread a request, on 127.0.0.1.

Why the standard library: the table is a handful of JSON calls whose work is
the engine's (compiled, or CPU-bound Python), so an asynchronous framework
would buy nothing and a dependency would be one more thing to install;
`wsgiref` speaks plain HTTP/1.0, and `socketserver.ThreadingMixIn` gives each
request its own thread, so a bot's search in one game does not hold up the
page of another. The application is plain WSGI (`kozyr.web.app.WebApp`), so
any WSGI server can serve it instead.

Bounds: a connection that sends nothing for `TIMEOUT` seconds is closed (a
slow client cannot hold a thread for ever), the request line and headers are
bounded by `http.server`, and the bodies by the application.
"""
from __future__ import annotations

import signal
import socket
import sys
import threading
from socketserver import ThreadingMixIn
from typing import Any, TextIO
from wsgiref.simple_server import WSGIRequestHandler, WSGIServer

from kozyr.web.app import WebApp

__all__ = ["make_server", "serve", "DEFAULT_HOST", "DEFAULT_PORT", "TIMEOUT"]

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000
TIMEOUT = 30.0


class _Server(ThreadingMixIn, WSGIServer):
    daemon_threads = True          # Ctrl-C stops the server without waiting for open connections
    request_queue_size = 128       # 50 clients at once queue here rather than being refused


class _Server6(_Server):
    address_family = socket.AF_INET6


class _Handler(WSGIRequestHandler):
    timeout = TIMEOUT
    server_version = "kozyr"
    quiet = True

    def log_message(self, format: str, *args: Any) -> None:
        if not self.quiet:
            super().log_message(format, *args)


def make_server(app: Any, host: str = DEFAULT_HOST, port: int = DEFAULT_PORT, *, quiet: bool = True,
                timeout: float = TIMEOUT) -> _Server:
    """A threaded WSGI server for `app` bound to host:port (port 0: a free port; `server.server_port`)."""
    handler = type("Handler", (_Handler,), {"quiet": quiet, "timeout": timeout})
    server_class = _Server6 if ":" in host else _Server
    server = server_class((host.strip("[]"), port), handler)
    server.set_app(app)
    return server


def _stop(signum: int, frame: Any) -> None:
    raise KeyboardInterrupt(f"signal {signum}")


def serve(host: str = DEFAULT_HOST, port: int = DEFAULT_PORT, records: str = "kozyr-records", *,
          quiet: bool = True, out: TextIO | None = None) -> int:
    """Serve the web table until Ctrl-C (or SIGTERM, as a service manager stops it); prints its address first.
    0 when stopped so."""
    out = out if out is not None else sys.stdout
    app = WebApp(records, host=host)
    try:
        server = make_server(app, host, port, quiet=quiet)
    except OSError as e:
        from kozyr.errors import KozyrError

        raise KozyrError("bad_address", f"cannot listen on {host}:{port} ({e.strerror or e})", field="port",
                         value=port) from None
    # SIGTERM stops it as Ctrl-C does; set before the address is printed, which is when a caller may send it
    previous = signal.signal(signal.SIGTERM, _stop) if threading.current_thread() is threading.main_thread() else None
    shown_host = f"[{host.strip('[]')}]" if ":" in host else host
    try:                   # a Ctrl-C or SIGTERM right after the address is printed stops the server all the same
        out.write(f"kozyr serve: the table is at http://{shown_host}:{server.server_port}/ "
                  f"(records in {app.folder.root}); Ctrl-C stops it\n")
        out.flush()
        server.serve_forever(poll_interval=0.25)
    except KeyboardInterrupt:
        out.write("kozyr serve: stopped\n")
        out.flush()
    finally:
        server.server_close()
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)
    return 0
