"""The runs page of `kozyr serve`: the test queue's runs, live, each with a permalink (`/runs/<id>`).

The page reads the queue's SQLite store read-only (`kozyr.queue.Store`,
`readonly=True`: opened per request, never written, a missing file an empty
queue), so a runner (`kozyr queue run`) commits batches while the page
watches, and the page cannot change a run. Its API, under the table's own
checks (Host allow-list, the query bound, the JSON error shape):

====== ============================== ==================================================
GET    /runs, /runs/<id>              the page (the second is a run's permalink)
GET    /api/runs?bot=&result=&state=  runs newest first: queued and running, or finished
                                      ones whose side names contain `bot`, with `result`
GET    /api/runs/<id>                 a run: settings, source hashes, counts, LLR and its
                                      bounds, Elo and interval, the share() block with the link
GET    /api/runs/<id>/chart.svg       the LLR against deals, with the bounds (drawn here)
====== ============================== ==================================================
"""
from __future__ import annotations

import math
import re
from collections.abc import Callable
from typing import Any

from kozyr.errors import KozyrError, shown
from kozyr.queue import DEFAULT_STORE, Store, summary
from kozyr.queue.store import FINISHED, STATES
from kozyr.web.httperror import HttpError

__all__ = ["RunsPage", "chart", "PAGE_PATH", "MAX_LISTED"]

PAGE_PATH = re.compile(r"/runs(/[0-9]{1,12})?")
MAX_LISTED = 200
RESULTS = ("H0", "H1", "none", "played")
SEARCH_MAX = 60


class RunsPage:
    """The runs page's handlers over the store at `path` (`routes()` are added to the table's)."""

    def __init__(self, path: str | None = None) -> None:
        self.path = path or DEFAULT_STORE

    def routes(self) -> list[tuple[str, str, Callable[..., Any]]]:
        return [("GET", r"/api/runs", self.list_runs),
                ("GET", r"/api/runs/(?P<run>[0-9]{1,12})", self.run),
                ("GET", r"/api/runs/(?P<run>[0-9]{1,12})/chart\.svg", self.chart)]

    def _open(self) -> Store:
        return Store(self.path, readonly=True)

    def list_runs(self, request: Any, session: Any) -> dict[str, Any]:

        q = request.query
        text = _one(q, "bot")
        if len(text) > SEARCH_MAX or not text.isascii() or not text.isprintable():
            raise HttpError("bad_search", 400, f"bot {shown(text)} is not printable ASCII text of at most {SEARCH_MAX} "
                            "characters")
        result = _one(q, "result")
        if result and result not in RESULTS + FINISHED:
            raise HttpError("bad_result", 400, f"result {shown(result)} is not one of {', '.join(RESULTS + FINISHED)}")
        state = _one(q, "state") or "all"
        if state not in ("all", "live", "finished"):
            raise HttpError("bad_run_state", 400, f"state {shown(state)} is not all, live or finished")
        states = {"all": STATES, "live": ("queued", "running"), "finished": FINISHED}[state]
        with self._open() as store:
            runs = store.runs(states=states, text=text, result=result, limit=MAX_LISTED)
        return {"runs": [_row(r) for r in runs]}     # the store's path stays on the server

    def _get(self, request: Any) -> Any:

        with self._open() as store:
            try:
                return store.get(request.arg("run"))
            except KozyrError as e:
                if e.code == "no_run":
                    raise HttpError("no_run", 404, e.detail) from None
                raise

    def run(self, request: Any, session: Any) -> dict[str, Any]:
        run = self._get(request)
        host = request.environ.get("HTTP_HOST", "127.0.0.1")
        return summary(run, f"http://{host}/runs/{run.id}")

    def chart(self, request: Any, session: Any) -> tuple[int, bytes, list[tuple[str, str]]]:
        run = self._get(request)
        s = summary(run)
        return 200, chart(run.history, s.get("bounds")).encode("utf-8"), [("Content-Type", "image/svg+xml")]


def _one(query: dict[str, list[str]], name: str) -> str:
    values = query.get(name) or [""]
    return values[-1].strip()


def _row(run: Any) -> dict[str, Any]:
    return {"id": run.id, "game": run.game, "kind": run.kind, "a": run.a, "b": run.b, "state": run.state,
            "result": run.result, "deals": run.deals, "batches": run.batches, "llr": run.llr,
            "created": run.created, "finished": run.finished}


def chart(history: list[list[float]], bounds: list[float] | None, width: int = 640, height: int = 280) -> str:
    """An SVG of the LLR against deals (a point a batch), with the test's two bounds as dashed lines."""
    left, right, top, bottom = 56, 16, 16, 36
    xs = [p[0] for p in history] or [0]
    ys = [p[1] for p in history] or [0.0]
    lo, hi = (bounds or [min(ys + [-1.0]), max(ys + [1.0])])
    ymin, ymax = min(min(ys), lo) * 1.1, max(max(ys), hi) * 1.1
    if ymax - ymin < 1e-9:
        ymin, ymax = ymin - 1, ymax + 1
    xmax = max(max(xs), 1)

    def px(x: float) -> float:
        return left + (width - left - right) * x / xmax

    def py(y: float) -> float:
        return top + (height - top - bottom) * (ymax - y) / (ymax - ymin)

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{width}" '
             f'height="{height}" role="img" aria-label="LLR against deals">',
             f'<rect x="0" y="0" width="{width}" height="{height}" fill="#fff"/>',
             f'<line x1="{left}" y1="{py(0):.1f}" x2="{width - right}" y2="{py(0):.1f}" stroke="#999"/>',
             f'<line x1="{left}" y1="{top}" x2="{left}" y2="{height - bottom}" stroke="#333"/>',
             f'<line x1="{left}" y1="{height - bottom}" x2="{width - right}" y2="{height - bottom}" stroke="#333"/>']
    if bounds:
        for b, name, color in ((bounds[1], "H1", "#1b6e2a"), (bounds[0], "H0", "#b00020")):
            parts.append(f'<line class="bound" x1="{left}" y1="{py(b):.1f}" x2="{width - right}" y2="{py(b):.1f}" '
                         f'stroke="{color}" stroke-dasharray="6 4"/>')
            parts.append(f'<text x="{width - right - 4}" y="{py(b) - 4:.1f}" text-anchor="end" font-size="12" '
                         f'fill="{color}">{name} {b:+.3f}</text>')
    for y in sorted({round(v, 1) for v in (ymin / 1.1, 0.0, ymax / 1.1)}):
        parts.append(f'<text x="{left - 6}" y="{py(y) + 4:.1f}" text-anchor="end" font-size="11">{y:+.1f}</text>')
    parts.append(f'<text x="{left}" y="{height - 12}" font-size="11">0</text>')
    parts.append(f'<text x="{width - right}" y="{height - 12}" text-anchor="end" font-size="11">{xmax:,.0f} deals'
                 '</text>')
    parts.append(f'<text x="14" y="{top + (height - top - bottom) / 2:.0f}" font-size="11" '
                 f'transform="rotate(-90 14 {top + (height - top - bottom) / 2:.0f})" text-anchor="middle">LLR</text>')
    if history:
        points = " ".join(f"{px(0):.1f},{py(0):.1f}".split() + [f"{px(x):.1f},{py(y):.1f}" for x, y in history
                                                                 if math.isfinite(y)])
        parts.append(f'<polyline class="llr" points="{points}" fill="none" stroke="#1f6fd1" stroke-width="2"/>')
    parts.append("</svg>")
    return "".join(parts)
