"""`kozyr serve`'s server: the standard library's WSGI server, one thread a connection, bounded.

Why the standard library: the table is a handful of JSON calls whose work is
the engine's (compiled, or CPU-bound Python), so an asynchronous framework
would buy nothing and a dependency would be one more thing to install;
`wsgiref` speaks plain HTTP/1.0 (one request a connection), and
`socketserver.ThreadingMixIn` gives each connection its own thread, so a
bot's search in one game does not hold up the page of another. The
application is plain WSGI (`kozyr.web.app.WebApp`), so any WSGI server can
serve it instead.

Bounds, so that a table left running cannot be worn down:

- at most `MAX_CONNECTIONS` connections are served at once; one more is
  answered 503 at once and closed (it never gets a thread);
- the whole request, head and body, must arrive within `REQUEST_DEADLINE`
  seconds of the connection: every read waits only for what is left of it,
  so a client trickling a byte at a time is cut off at the deadline (408)
  and cannot hold its thread for ever; a connection that sends nothing for
  `TIMEOUT` seconds is closed as well;
- the request line and headers are bounded by `http.server`, the bodies by
  the application.

Every answer, the HTTP layer's own included (a request line too long, too
many or too long headers, a line that is not HTTP, a deadline passed), is
an HTTP/1.0 answer with the table's security headers and a JSON one-liner
``{"error": code, "message": line}``.
"""
from __future__ import annotations

import io
import json
import signal
import socket
import sys
import threading
import time
from http import HTTPStatus
from socketserver import ThreadingMixIn
from typing import Any, TextIO, cast
from wsgiref.simple_server import ServerHandler, WSGIRequestHandler, WSGIServer

from kozyr.web.app import API_POLICY, WebApp, is_loopback, security_headers

__all__ = ["make_server", "serve", "DEFAULT_HOST", "DEFAULT_PORT", "TIMEOUT", "REQUEST_DEADLINE",
           "MAX_CONNECTIONS", "answer"]

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000
TIMEOUT = 30.0              # the longest silence of a connection (and of a write)
REQUEST_DEADLINE = 10.0     # the whole request, head and body, from the connection's start
MAX_CONNECTIONS = 256       # served at once; each holds one thread (200 slow clients leave room for 50 players)
# what the HTTP layer's own refusals are called in the JSON (the application names its own)
_CODES = {400: "bad_request", 408: "timeout", 411: "bad_length", 413: "too_large", 414: "too_large",
          431: "too_large", 500: "internal", 501: "bad_method", 503: "busy", 505: "bad_request"}


def answer(status: int, message: str, code: str | None = None) -> bytes:
    """A whole HTTP/1.0 answer: `status`, the security headers, the JSON one-liner; the connection closes."""
    body = json.dumps({"error": code or _CODES.get(status, "bad_request"), "message": " ".join(message.split())},
                      ensure_ascii=False).encode("utf-8")
    try:
        phrase = HTTPStatus(status).phrase
    except ValueError:
        phrase = "Error"
    headers = [("Server", "kozyr"), ("Content-Type", "application/json; charset=utf-8"),
               ("Content-Length", str(len(body))), ("Connection", "close"), *security_headers(API_POLICY)]
    head = f"HTTP/1.0 {status} {phrase}\r\n" + "".join(f"{k}: {v}\r\n" for k, v in headers) + "\r\n"
    return head.encode("latin-1") + body


class _DeadlineReader(io.RawIOBase):
    """A connection's bytes, each read waiting at most until the request's deadline (and `idle` seconds)."""

    def __init__(self, sock: socket.socket, deadline: float, idle: float) -> None:
        super().__init__()
        self.sock, self.deadline, self.idle = sock, deadline, idle

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        left = self.deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError("the request did not arrive in time")
        self.sock.settimeout(min(left, self.idle))
        try:
            return self.sock.recv_into(buffer)
        finally:
            self.sock.settimeout(self.idle)      # the answer is written with the plain idle bound


class _Server(ThreadingMixIn, WSGIServer):
    daemon_threads = True          # Ctrl-C stops the server without waiting for open connections
    request_queue_size = 128       # 50 clients at once queue here rather than being refused
    max_connections = MAX_CONNECTIONS
    refused = 0                    # connections answered 503 (the cap was reached)

    def server_activate(self) -> None:
        super().server_activate()
        self.slots = threading.BoundedSemaphore(self.max_connections)

    def process_request(self, request: Any, client_address: Any) -> None:
        if not self.slots.acquire(blocking=False):     # the cap: answered at once, never a thread
            self.refused += 1
            try:
                request.setblocking(False)
                request.send(answer(503, f"the table is serving {self.max_connections} connections: try again"))
            except OSError:
                pass
            self.shutdown_request(request)
            return
        try:
            super().process_request(request, client_address)
        except BaseException:
            self.slots.release()
            raise

    def process_request_thread(self, request: Any, client_address: Any) -> None:
        try:
            super().process_request_thread(request, client_address)
        finally:
            self.slots.release()

    def handle_error(self, request: Any, client_address: Any) -> None:
        # a connection reset or a timeout while answering: nothing to tell a client that has gone
        if not isinstance(sys.exc_info()[1], OSError):
            super().handle_error(request, client_address)


class _Server6(_Server):
    address_family = socket.AF_INET6


class _ServerHandler(ServerHandler):
    """wsgiref's handler with the table's answer for an error it catches itself (the app never raises)."""

    error_status = "500 Internal Server Error"
    error_headers = [("Content-Type", "application/json; charset=utf-8"), *security_headers(API_POLICY)]
    error_body = json.dumps({"error": "internal", "message": "internal error (the server's log has the "
                                                             "details)"}).encode()


class _Handler(WSGIRequestHandler):
    timeout = TIMEOUT
    deadline = REQUEST_DEADLINE
    server_version = "kozyr"
    quiet = True

    def setup(self) -> None:
        super().setup()
        self.rfile = io.BufferedReader(_DeadlineReader(self.connection, time.monotonic() + self.deadline,
                                                       self.timeout))

    def handle(self) -> None:
        """One request (HTTP/1.0: one a connection); a request that does not arrive in time is a 408."""
        try:
            self.raw_requestline = self.rfile.readline(65537)
            if len(self.raw_requestline) > 65536:
                self.requestline, self.request_version, self.command = "", "HTTP/1.0", ""
                self.send_error(414, "the request line is longer than 65,536 bytes")
                return
            if not self.parse_request():      # an answer was sent (send_error)
                return
            handler = _ServerHandler(self.rfile, cast(Any, self.wfile), self.get_stderr(), self.get_environ(),
                                     multithread=False)
            handler.request_handler = self    # type: ignore[attr-defined]
            handler.run(self.server.get_app())    # type: ignore[attr-defined]
        except TimeoutError:
            self.close_connection = True
            try:
                self.wfile.write(answer(408, f"the request did not arrive within {self.deadline:g} seconds"))
            except OSError:
                pass

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        """The HTTP layer's own refusal, as every answer of the table: headers and a JSON one-liner."""
        self.log_error("code %d, message %s", code, message)
        self.close_connection = True
        try:
            self.wfile.write(answer(code, message or HTTPStatus(code).phrase))
        except (OSError, ValueError):
            pass

    def log_message(self, format: str, *args: Any) -> None:
        if not self.quiet:
            super().log_message(format, *args)


def make_server(app: Any, host: str = DEFAULT_HOST, port: int = DEFAULT_PORT, *, quiet: bool = True,
                timeout: float = TIMEOUT, deadline: float = REQUEST_DEADLINE,
                max_connections: int = MAX_CONNECTIONS) -> _Server:
    """A threaded WSGI server for `app` bound to host:port (port 0: a free port; `server.server_port`),
    serving at most `max_connections` at once, each request within `deadline` seconds."""
    handler = type("Handler", (_Handler,), {"quiet": quiet, "timeout": timeout, "deadline": deadline})
    base = _Server6 if ":" in host else _Server
    server_class = type(base.__name__, (base,), {"max_connections": max_connections})
    server = server_class((host.strip("[]"), port), handler)
    server.set_app(app)
    return server


def _stop(signum: int, frame: Any) -> None:
    raise KeyboardInterrupt(f"signal {signum}")


def serve(host: str = DEFAULT_HOST, port: int = DEFAULT_PORT, records: str = "kozyr-records", *,
          quiet: bool = True, out: TextIO | None = None, err: TextIO | None = None,
          allowed_hosts: tuple[str, ...] = (), queue: str | None = None) -> int:
    """Serve the web table until Ctrl-C (or SIGTERM, as a service manager stops it); prints its address first.
    0 when stopped so. A bind to anything but the loopback is warned of on `err` (stderr): every machine
    that reaches this one can then play, and only Host names in the allow-list are answered."""
    from kozyr.errors import KozyrError

    out = out if out is not None else sys.stdout
    err = err if err is not None else sys.stderr
    app = WebApp(records, host=host, allowed_hosts=allowed_hosts, queue=queue)   # bad_host for '' and a bad name
    try:
        server = make_server(app, host, port, quiet=quiet)
    except OSError as e:
        raise KozyrError("bad_address", f"cannot listen on {host}:{port} ({e.strerror or e})", field="port",
                         value=port) from None
    if not is_loopback(host):
        err.write(f"kozyr serve: warning: listening on {host}, not the loopback: any machine that reaches this "
                  f"one can play here; the table answers only the Host names {', '.join(sorted(app.allowed))} "
                  "(--allowed-host adds one)\n")
        err.flush()
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
