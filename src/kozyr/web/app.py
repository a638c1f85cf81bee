"""The web table as a WSGI application: the page, its script, and a small JSON API.

Every request is checked before it reaches a game: the method, the Host
(the table answers only Host names on its allow-list: the loopback names,
the name it is bound to unless that is every interface, and the names given
with ``--allowed-host``; this stops DNS rebinding on every bind), for a
POST the Origin and Fetch metadata (same origin only), a JSON content type
and a Content-Length within the bound, then every field of the body by name
and type. Whatever goes wrong is a JSON answer
``{"error": code, "message": one line}`` with a 4xx status: 400 for a
malformed request, 404 for what is not there (another session's game
included), 409 for a move the rules refuse (the answer carries the unchanged
state) and for the record of a deal still being played (it would show the
hidden cards), 408 for a body that does not arrive in time. The message is
the refusal's own words; its code is in ``error`` and never repeated in it.
An unforeseen error is a 500 with one line, its traceback going to the
server's log only. Nothing from a request is ever evaluated; a record is
data, replayed by the engine.

Every answer says ``Cache-Control: no-store`` (game state is never cached),
``X-Content-Type-Options: nosniff`` and ``Referrer-Policy: no-referrer``, and
the page a content security policy that lets it load only its own script
and style and talk only to its own server.

The API (all JSON; ``<id>`` is a game's or replay's id in this session):

====== ============================== =================================================
GET    /api/session                   what this session shows now, its games, the choices
POST   /api/games                     a new game: durak (rung, seat, seed, rules), hokm or preferans
GET    /api/games/<id>                the game's state (a reload resumes here)
POST   /api/games/<id>/move           your move: {"move": "beat TD"}, {"card": "AS"}, {"trump": "S"};
                                      preferans {"move": "bid 6S"}, between deals {"action": "next"}
GET    /api/games/<id>/hint           the top rung's (search bot's) choice in your seat (preferans: in
                                      the play each card's mean whists over the layouts, else rung 3's)
POST   /api/games/<id>/save           the game record into the records folder
GET    /api/games/<id>/record         the game record, as a download
GET    /api/records                   the records folder, newest first
POST   /api/records/<name>/replay     a replay of a saved record
POST   /api/replays                   a replay of an uploaded record (the body is the record)
POST   /api/watch                     a replay of a ladder's deal: rungs a and b, seed, index, deal
GET    /api/replays/<id>?step=&seat=  one step of a replay
POST   /api/replays/<id>/save         the replayed record into the records folder
GET    /runs, /api/runs ...           the test queue's runs page (`kozyr.web.runs`), read-only
====== ============================== =================================================
"""
from __future__ import annotations

import ipaddress
import json
import re
import secrets
import sys
import traceback
from collections.abc import Callable, Iterable
from http import HTTPStatus
from importlib import resources
from typing import Any, TextIO
from urllib.parse import parse_qs

from kozyr.durak import IllegalMove, Rules
from kozyr.durak import records as durak_records
from kozyr.durak.rules import DECKS, MAX_SEATS, THROW_INS, VARIANTS
from kozyr.errors import KozyrError, shown, whole
from kozyr.hokm import IllegalPlay
from kozyr.hokm import records as hokm_records
from kozyr.preferans import game_record as preferans_records
from kozyr.web import preferans_table, replays
from kozyr.web.durak_table import NAME_CHOICES, RUNG_CHOICES, DurakTable
from kozyr.web.hokm_table import BOT_CHOICES, DEFAULT_BOTS, MAX_TARGET, HokmTable
from kozyr.web.httperror import HttpError
from kozyr.web.preferans_table import PreferansTable, Refused
from kozyr.web.runs import PAGE_PATH, RunsPage
from kozyr.web.sealed import NotOver
from kozyr.web.sessions import Session, Sessions
from kozyr.web.store import MAX_RECORD_BYTES, RecordsFolder, parse_json

__all__ = ["WebApp", "MAX_BODY", "COOKIE", "PAGE_POLICY", "API_POLICY", "LOOPBACK_NAMES", "security_headers",
           "is_loopback"]

COOKIE = "kozyr_session"
MAX_BODY = 16 * 1024            # a request's body, but for an uploaded record (MAX_RECORD_BYTES)
PAGE_POLICY = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
               "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
API_POLICY = "default-src 'none'; frame-ancestors 'none'"
STATIC = {"table.js": "text/javascript; charset=utf-8", "table.css": "text/css; charset=utf-8",
          "runs.js": "text/javascript; charset=utf-8", "runs.css": "text/css; charset=utf-8"}
ID = r"(?P<id>[A-Za-z0-9_-]{1,40})"
# the tables the page offers: every seat count, variant, deck and throw-in rule the engine deals
DURAK_SEATS = list(range(2, MAX_SEATS + 1))
SEED_MAX = 32
LOOPBACK_NAMES = ("localhost", "127.0.0.1", "::1")
HOST_NAME = re.compile(r"[A-Za-z0-9]([A-Za-z0-9.-]{0,251}[A-Za-z0-9])?|\[?[0-9A-Fa-f:.]{2,45}\]?")

StartResponse = Callable[..., Any]


class Request:
    """What a handler reads: the method, path, query, cookie token and (for a POST) the checked JSON body."""

    def __init__(self, environ: dict[str, Any]) -> None:
        self.environ = environ
        self.method = environ.get("REQUEST_METHOD", "GET")
        self.path = environ.get("PATH_INFO", "") or "/"
        self.token = _cookie(environ.get("HTTP_COOKIE", ""))
        self.body: bytes = b""
        self.match: re.Match[str] | None = None

    @property
    def query(self) -> dict[str, list[str]]:
        """The query's fields (at most 8: more is a bad_query refusal, never the server library's 500)."""
        try:
            return parse_qs(self.environ.get("QUERY_STRING", ""), keep_blank_values=True, max_num_fields=8)
        except ValueError:
            raise HttpError("bad_query", 400, "the query has more than 8 fields") from None

    def arg(self, name: str) -> str:
        return self.match.group(name) if self.match else ""

    def json(self) -> dict[str, Any]:
        data = parse_json(self.body, "the request body")
        if not isinstance(data, dict):
            raise HttpError("bad_json", 400, f"the request body is {type(data).__name__}, not a JSON object")
        return data

    def int_query(self, name: str, low: int, high: int, default: int) -> int:
        values = self.query.get(name)
        if not values:
            return default
        if len(values) != 1 or not re.fullmatch(r"-?[0-9]{1,12}", values[0]):
            raise HttpError(f"bad_{name}", 400, f"{name}={shown(values[0] if values else '')} is not a whole number")
        return whole(name, int(values[0]), low, high)


def _cookie(header: str) -> str | None:
    for part in header.split(";"):
        key, _, value = part.strip().partition("=")
        if key == COOKIE:
            return value
    return None


def _fields(body: dict[str, Any], allowed: Iterable[str]) -> None:
    extra = sorted(set(body) - set(allowed))
    if extra:
        raise HttpError("bad_request", 400, f"unknown field {shown(extra[0])}: the fields are "
                        f"{', '.join(sorted(allowed))}")


def _text(body: dict[str, Any], name: str, default: str, limit: int) -> str:
    value = body.get(name, default)
    if not isinstance(value, str) or len(value) > limit or not value.isascii() or not value.isprintable():
        raise HttpError(f"bad_{name}", 400, f"{name} {shown(value)} is not printable ASCII text of at most "
                        f"{limit} characters")
    return value


class WebApp:
    """The WSGI application of one web table: its sessions (in memory) and its records folder (on the disk).

    `host` is the address the server is bound to. The table answers only
    requests whose Host is on its allow-list (`allowed`): the loopback names,
    `host` itself unless it is every interface (0.0.0.0, ::), and
    `allowed_hosts`. An empty `host` (every interface, said by nothing) is
    refused: say 0.0.0.0 or :: for that.
    """

    def __init__(self, records: str, *, host: str = "127.0.0.1", allowed_hosts: Iterable[str] = (),
                 log: TextIO | None = None, queue: str | None = None) -> None:
        self.allowed = _allow_list(host, allowed_hosts)
        self.folder = RecordsFolder(records)
        self.sessions = Sessions()
        self.log = log if log is not None else sys.stderr
        self.page = _static("index.html")
        self.runs = RunsPage(queue)            # the test queue's runs page (kozyr.web.runs), read-only
        self.runs_page = _static("runs.html")
        self.static = {name: _static(name) for name in STATIC}
        self.routes: list[tuple[str, re.Pattern[str], Callable[[Request, Session], Any]]] = [
            (m, re.compile(p), h) for m, p, h in (
                ("GET", r"/api/session", self.session_state),
                ("POST", r"/api/games", self.new_game),
                ("GET", rf"/api/games/{ID}", self.game_state),
                ("POST", rf"/api/games/{ID}/move", self.move),
                ("GET", rf"/api/games/{ID}/hint", self.hint),
                ("POST", rf"/api/games/{ID}/save", self.save_game),
                ("GET", rf"/api/games/{ID}/record", self.download),
                ("GET", r"/api/records", self.list_records),
                ("POST", r"/api/records/(?P<name>[^/]{1,200})/replay", self.replay_file),
                ("POST", r"/api/replays", self.upload),
                ("POST", r"/api/watch", self.watch),
                ("GET", rf"/api/replays/{ID}", self.frame),
                ("POST", rf"/api/replays/{ID}/save", self.save_replay),
                *self.runs.routes(),
            )]

    # -- WSGI -------------------------------------------------------------------------------------
    def __call__(self, environ: dict[str, Any], start_response: StartResponse) -> list[bytes]:
        request = Request(environ)
        cookie: str | None = None
        try:
            self._check_host(environ)
            _ = request.query            # more than 8 fields: bad_query, on every path
            if request.path == "/" or request.path.startswith("/static/") or PAGE_PATH.fullmatch(request.path):
                return self._file(request, start_response)
            handler = self._route(request)
            if request.method == "POST":
                self._check_post(request)
            session = self.sessions.get(request.token)
            fresh = session is None
            if session is None:        # kept (and a cookie set) only once it holds something
                session = self.sessions.new(str(environ.get("REMOTE_ADDR", "")))
            status, payload, extra = _result(handler(request, session))
            if fresh and session.holds:
                self.sessions.keep(session)
                cookie = session.token
        except HttpError as e:
            status, payload, extra = e.status, {"error": e.code, "message": e.message}, []
            if e.state is not None:
                payload["state"] = e.state
        except NotOver as e:                        # the record of a deal still being played
            status, payload, extra = 409, {"error": e.code, "message": _line(e.detail)}, []
        except KozyrError as e:                     # a value the games refuse
            status, payload, extra = 400, {"error": e.code, "message": _line(e.detail)}, []
        except Exception:   # a bug: one line to the browser, the traceback to the server's log only
            self.log.write(f"kozyr serve: error in {request.method} {request.path}\n{traceback.format_exc()}")
            self.log.flush()
            status, payload, extra = 500, {"error": "internal", "message": "internal error (the server's log "
                                           "has the details); nothing was changed on purpose"}, []
        return self._send(start_response, status, payload, extra, cookie)

    def _send(self, start_response: StartResponse, status: int, payload: Any, extra: list[tuple[str, str]],
              cookie: str | None) -> list[bytes]:
        if isinstance(payload, bytes):
            body = payload
        else:
            body = json.dumps(payload, ensure_ascii=False).encode("utf-8")
            extra = [("Content-Type", "application/json; charset=utf-8"), *extra]
        headers = [*extra, ("Content-Length", str(len(body))), *_security_headers(API_POLICY)]
        if cookie is not None:
            headers.append(("Set-Cookie", f"{COOKIE}={cookie}; Path=/; HttpOnly; SameSite=Strict"))
        start_response(f"{status} {HTTPStatus(status).phrase}", headers)
        return [body]

    def _file(self, request: Request, start_response: StartResponse) -> list[bytes]:
        if request.method != "GET":
            raise HttpError("bad_method", 405, f"{request.method} is not allowed on {request.path}")
        if request.path == "/":
            body, kind, policy = self.page, "text/html; charset=utf-8", PAGE_POLICY
        elif not request.path.startswith("/static/"):     # /runs and a run's permalink: one page
            body, kind, policy = self.runs_page, "text/html; charset=utf-8", PAGE_POLICY
        else:
            name = request.path[len("/static/"):]
            if name not in self.static:
                raise HttpError("not_found", 404, f"no file {shown(request.path)}")
            body, kind, policy = self.static[name], STATIC[name], API_POLICY
        start_response("200 OK", [("Content-Type", kind), ("Content-Length", str(len(body))),
                                  *_security_headers(policy)])
        return [body]

    def _route(self, request: Request) -> Callable[[Request, Session], Any]:
        allowed = []
        for method, pattern, handler in self.routes:
            found = pattern.fullmatch(request.path)
            if found:
                if method == request.method:
                    request.match = found
                    return handler
                allowed.append(method)
        if allowed:
            raise HttpError("bad_method", 405, f"{request.method} is not allowed on {request.path}: use "
                            f"{' or '.join(allowed)}")
        raise HttpError("not_found", 404, f"no such page or API: {shown(request.path)}")

    def _check_host(self, environ: dict[str, Any]) -> None:
        host = environ.get("HTTP_HOST", "")
        if _host_name(host) not in self.allowed:
            raise HttpError("bad_host", 400, f"Host {shown(host)} is not this server (it answers to "
                            f"{', '.join(sorted(self.allowed))}; kozyr serve --allowed-host adds a name)")

    def _check_post(self, request: Request) -> None:
        env = request.environ
        site = env.get("HTTP_SEC_FETCH_SITE")
        if site is not None and site not in ("same-origin", "none"):
            raise HttpError("bad_origin", 403, f"a {site} request may not change this table")
        origin = env.get("HTTP_ORIGIN")
        if origin is not None and origin != f"http://{env.get('HTTP_HOST', '')}":
            raise HttpError("bad_origin", 403, f"Origin {shown(origin)} is not this server")
        kind = env.get("CONTENT_TYPE", "").split(";")[0].strip().lower()
        if kind != "application/json":
            raise HttpError("bad_content_type", 415, f"the body must be application/json, not {shown(kind)}")
        length = env.get("CONTENT_LENGTH", "")
        if not re.fullmatch(r"[0-9]+", length or ""):
            raise HttpError("bad_length", 411, "a POST needs a Content-Length")
        limit = MAX_RECORD_BYTES if request.path == "/api/replays" else MAX_BODY
        if len(length) > 12 or int(length) > limit:
            raise HttpError("too_large", 413, f"a body of {shown(length, 24)} bytes is more than the {limit:,} "
                            "read here")
        stream = env["wsgi.input"]
        chunks, left = [], int(length)
        while left:
            try:
                chunk = stream.read(min(left, 65536))
            except OSError:      # the server's deadline for the whole request passed (or the client went)
                raise HttpError("timeout", 408, "the body did not arrive in time") from None
            if not chunk:
                raise HttpError("bad_length", 400, "the body is shorter than its Content-Length")
            chunks.append(chunk)
            left -= len(chunk)
        request.body = b"".join(chunks)

    # -- the session --------------------------------------------------------------------------------
    def session_state(self, request: Request, session: Session) -> dict[str, Any]:
        """What a page (re)loading shows: the game or replay it showed last, and what can be chosen."""
        current: dict[str, Any] | None = None
        now = session.current or {}
        if "game" in now and session.game(now["game"]) is not None:
            current = {"game": now["game"], "state": self._state(session.game(now["game"]))}
        elif "replay" in now and session.replay(now["replay"]) is not None:
            replay = session.replay(now["replay"])
            current = {"replay": now["replay"], "summary": replay.summary(),
                       "frame": replay.frame(now["step"], now["seat"])}
        with session.lock:
            games = [{"id": gid, **table.summary()} for gid, table in session.games.items()]
        return {"current": current, "games": games, "choices": {
            "durak": {"rungs": list(RUNG_CHOICES), "names": list(NAME_CHOICES), "seats": DURAK_SEATS,
                      "variants": list(VARIANTS), "decks": list(DECKS), "throw_ins": list(THROW_INS)},
            "hokm": {"bots": list(BOT_CHOICES), "default_bots": list(DEFAULT_BOTS), "max_target": MAX_TARGET},
            "preferans": {"bots": list(preferans_table.BOT_CHOICES), "players": list(preferans_table.PLAYERS),
                          "conventions": list(preferans_table.CONVENTIONS),
                          "max_target": preferans_table.MAX_TARGET, "target": preferans_table.DEFAULT_TARGET},
            "watch": {"rungs": list(replays.LADDER_RUNGS), "deals": ["fast", "sha", "reference"]},
        }}

    # -- games ----------------------------------------------------------------------------------------
    def new_game(self, request: Request, session: Session) -> tuple[int, dict[str, Any]]:
        body = request.json()
        kind = body.get("game")
        if kind == "durak":
            _fields(body, ("game", "rung", "seat", "seed", "rules"))
            rules_value = body.get("rules")
            if rules_value is not None and not isinstance(rules_value, dict):
                raise HttpError("bad_options", 400, f"rules {shown(rules_value)} is not an object of options")
            rules = Rules.of(rules_value)                            # bad_options / bad_seats
            drawn = secrets.token_hex(16)      # 128 bits: the commitment the page shows cannot be searched back
            seed = _text(body, "seed", drawn, SEED_MAX) or drawn
            table: Any = DurakTable(rung=body.get("rung", 2), seat=body.get("seat", 0), seed=seed, rules=rules)
        elif kind == "hokm":
            _fields(body, ("game", "seat", "seed", "target", "bots"))
            given = body.get("seed")   # a whole number (HokmTable refuses anything else), unlike durak's text
            table = HokmTable(seat=body.get("seat", 0), target=body.get("target", 7),
                              seed=secrets.randbelow(2**63) if given is None else given,
                              bots=body.get("bots", DEFAULT_BOTS))
        elif kind == "preferans":
            _fields(body, ("game", "seat", "players", "seed", "target", "convention", "bots"))
            drawn = secrets.token_hex(16)      # 128 bits, as durak's: the seed deals every deal of the game
            seed = _text(body, "seed", drawn, SEED_MAX) or drawn
            table = PreferansTable(seat=body.get("seat", 0), players=body.get("players", 3), seed=seed,
                                   target=body.get("target", preferans_table.DEFAULT_TARGET),
                                   convention=body.get("convention", "sochi"), bots=body.get("bots", "random"))
        else:
            raise HttpError("bad_game", 400, f"game {shown(kind)} is not 'durak', 'hokm' or 'preferans'")
        gid = session.add_game(table)
        return 201, {"id": gid, "state": self._state(table)}

    def _table(self, request: Request, session: Session) -> Any:
        table = session.game(request.arg("id"))
        if table is None:
            raise HttpError("no_game", 404, f"no game {shown(request.arg('id'))} in this session")
        return table

    def _state(self, table: Any) -> dict[str, Any]:
        with table.lock:
            return dict(table.state())

    def game_state(self, request: Request, session: Session) -> dict[str, Any]:
        table = self._table(request, session)
        with session.lock:
            session.current = {"game": request.arg("id")}
        return {"id": request.arg("id"), "state": self._state(table)}

    def move(self, request: Request, session: Session) -> dict[str, Any]:
        table = self._table(request, session)
        body = request.json()
        with table.lock:
            try:
                table.act(body)
            except (IllegalMove, IllegalPlay, Refused) as e:   # the rules refuse it: 409, with the unchanged state
                raise HttpError(e.code, 409, _line(e.detail), table.state()) from None
            except KozyrError as e:                     # not a move at all: 400, with the unchanged state
                raise HttpError(e.code, 400, _line(e.detail), table.state()) from None
            return {"id": request.arg("id"), "state": table.state()}

    def hint(self, request: Request, session: Session) -> dict[str, Any]:
        table = self._table(request, session)
        with table.lock:
            return {"hint": table.hint()}

    def _record_text(self, kind: str, record: Any) -> str:
        if kind == "preferans":
            return preferans_records.dumps(record)
        return (durak_records if kind == "durak" else hokm_records).dumps(record)

    def save_game(self, request: Request, session: Session) -> tuple[int, dict[str, Any]]:
        table = self._table(request, session)
        _fields(request.json(), ())
        with table.lock:
            text = self._record_text(table.kind, table.record())
        return 201, {"name": self._write(table.kind, text)}

    def _write(self, kind: str, text: str) -> str:
        """Save a record in the folder; a full folder is a 507 (folder_full), not a bad request."""
        try:
            return self.folder.write(kind, text)
        except KozyrError as e:
            if e.code == "folder_full":
                raise HttpError(e.code, 507, _line(e.detail)) from None
            raise

    def download(self, request: Request, session: Session) -> tuple[int, bytes, list[tuple[str, str]]]:
        table = self._table(request, session)
        with table.lock:
            text = self._record_text(table.kind, table.record())
        name = f"{table.kind}-{request.arg('id')}.json"
        return 200, text.encode("utf-8"), [("Content-Type", "application/json; charset=utf-8"),
                                           ("Content-Disposition", f'attachment; filename="{name}"')]

    # -- records and replays ----------------------------------------------------------------------------
    def list_records(self, request: Request, session: Session) -> dict[str, Any]:
        return {"records": self.folder.list()}

    def _read(self, data: Any, title: str) -> Any:
        """A replay of a record; a record whose moves the rules refuse is a bad request (400), not a refused move."""
        try:
            return replays.read_record(data, title)
        except (IllegalMove, IllegalPlay) as e:
            raise HttpError(e.code, 400, f"the record is refused: {_line(e.detail)}") from None

    def _open(self, session: Session, replay: Any) -> tuple[int, dict[str, Any]]:
        cost = len(json.dumps(replay.record, separators=(",", ":")))     # what the store's byte bound counts
        rid = session.add_replay(replay, cost)
        return 201, {"replay": rid, "summary": replay.summary(), "frame": replay.frame(0, 0)}

    def replay_file(self, request: Request, session: Session) -> tuple[int, dict[str, Any]]:
        name = request.arg("name")
        _fields(request.json(), ())
        return self._open(session, self._read(self.folder.read(name), f"record {name}"))

    def upload(self, request: Request, session: Session) -> tuple[int, dict[str, Any]]:
        return self._open(session, self._read(request.json(), "an uploaded record"))

    def watch(self, request: Request, session: Session) -> tuple[int, dict[str, Any]]:
        body = request.json()
        _fields(body, ("a", "b", "seed", "index", "deal"))
        seed = _text(body, "seed", "ladder", 47)
        return self._open(session, replays.watch(body.get("a", 3), body.get("b", 2), seed, body.get("index", 1),
                                                 body.get("deal", "fast")))

    def _replay(self, request: Request, session: Session) -> Any:
        replay = session.replay(request.arg("id"))
        if replay is None:
            raise HttpError("no_replay", 404, f"no replay {shown(request.arg('id'))} in this session")
        return replay

    def frame(self, request: Request, session: Session) -> dict[str, Any]:
        replay = self._replay(request, session)
        step = request.int_query("step", 0, replay.steps, 0)
        seat = request.int_query("seat", 0, replay.seats - 1, 0)
        with session.lock:
            session.current = {"replay": request.arg("id"), "step": step, "seat": seat}
        return {"replay": request.arg("id"), "summary": replay.summary(), "frame": replay.frame(step, seat)}

    def save_replay(self, request: Request, session: Session) -> tuple[int, dict[str, Any]]:
        replay = self._replay(request, session)
        _fields(request.json(), ())
        return 201, {"name": self._write(replay.kind, self._record_text(replay.kind, replay.record))}


def _result(value: Any) -> tuple[int, Any, list[tuple[str, str]]]:
    if isinstance(value, tuple):
        if len(value) == 3:
            return value
        return value[0], value[1], []
    return 200, value, []


def _line(text: str) -> str:
    return " ".join(text.split())


def _security_headers(policy: str) -> list[tuple[str, str]]:
    return [
        ("Cache-Control", "no-store"),
        ("X-Content-Type-Options", "nosniff"),
        ("Referrer-Policy", "no-referrer"),
        ("X-Frame-Options", "DENY"),
        ("Cross-Origin-Opener-Policy", "same-origin"),
        ("Cross-Origin-Resource-Policy", "same-origin"),
        ("Content-Security-Policy", policy),
    ]


def _host_name(host: str) -> str:
    """The name of a Host header, without its port and brackets, in lower case."""
    host = host.strip().lower()
    if host.startswith("["):
        return host[1:].split("]", 1)[0]
    if host.count(":") == 1:
        return host.split(":", 1)[0]
    return host


def _allow_list(host: str, allowed_hosts: Iterable[str]) -> frozenset[str]:
    """The Host names a table bound to `host` answers (WebApp's note); bad_host for '' or a name that is not one."""
    if not isinstance(host, str) or not host.strip():
        raise KozyrError("bad_host", f"host {shown(host)} is not an address: give 127.0.0.1 (this machine), or "
                         "0.0.0.0 or :: for every interface", field="host", value=host)
    names = set(LOOPBACK_NAMES)
    bound = _host_name(host if ":" not in host.strip("[]") else f"[{host.strip('[]')}]")
    if bound not in ("0.0.0.0", "::"):
        names.add(bound)
    for name in allowed_hosts:
        if not isinstance(name, str) or not HOST_NAME.fullmatch(name):
            raise KozyrError("bad_host", f"allowed host {shown(name)} is not a host name or address",
                             field="allowed_hosts", value=name)
        names.add(name.strip("[]").lower())
    return frozenset(names)


def security_headers(policy: str) -> list[tuple[str, str]]:
    """The headers of every answer (the HTTP layer's own refusals included): no caching, no sniffing, no
    referrer, no framing, and `policy` as the content security policy."""
    return _security_headers(policy)


def is_loopback(host: str) -> bool:
    """Whether `host` is this machine only (localhost or a loopback address)."""
    return _is_loopback(host)


def _is_loopback(host: str) -> bool:
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def _static(name: str) -> bytes:
    return resources.files("kozyr.web").joinpath("static", name).read_bytes()
