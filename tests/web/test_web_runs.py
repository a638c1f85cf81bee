"""The runs page over HTTP: the page, the list and its search, a run with its figures and link, the chart, and
refusals in the table's JSON shape under the table's Host check."""
from __future__ import annotations

import http.client
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from _runs_served import served

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "queue"))
from _queue_helpers import queue_sprt  # noqa: E402

from kozyr.queue import Store, run_queue  # noqa: E402


@pytest.fixture
def site(tmp_path: Path) -> Iterator[str]:
    path = tmp_path / "q.sqlite"
    with Store(path) as store:
        done = queue_sprt(store, a=3, b=1, elo0=0, elo1=50, batch=100, max_deals=4000, seed="w")
        run_queue(store)
        queue_sprt(store, a=2, b=2)       # left queued
        assert done == 1
    with served(tmp_path / "records", path) as (url, _app):
        yield url


def get(url: str, path: str, host: str | None = None) -> tuple[int, dict[str, str], bytes]:
    hostport = url.split("//")[1]
    c = http.client.HTTPConnection(hostport, timeout=10)
    c.putrequest("GET", path, skip_host=True)
    c.putheader("Host", host or hostport)
    c.endheaders()
    r = c.getresponse()
    body = r.read()
    return r.status, {k.lower(): v for k, v in r.getheaders()}, body


def as_json(answer: tuple[int, dict[str, str], bytes]) -> Any:
    return json.loads(answer[2])


def test_the_page_and_a_permalink_are_the_runs_page(site: str) -> None:
    for path in ("/runs", "/runs/1"):
        status, headers, body = get(site, path)
        assert status == 200 and headers["content-type"].startswith("text/html")
        assert b"/static/runs.js" in body and "script-src 'self'" in headers["content-security-policy"]
    status, headers, _ = get(site, "/static/runs.js")
    assert status == 200 and headers["content-type"].startswith("text/javascript")


def test_the_list_and_its_search(site: str) -> None:
    runs = as_json(get(site, "/api/runs"))["runs"]
    assert [(r["id"], r["state"]) for r in runs] == [(2, "queued"), (1, "done")]
    assert [r["id"] for r in as_json(get(site, "/api/runs?state=live"))["runs"]] == [2]
    assert [r["id"] for r in as_json(get(site, "/api/runs?state=finished&result=H1"))["runs"]] == [1]
    assert as_json(get(site, "/api/runs?state=finished&result=H0"))["runs"] == []
    assert [r["id"] for r in as_json(get(site, "/api/runs?bot=rung%201"))["runs"]] == [1]


def test_a_run_with_its_figures_and_link(site: str) -> None:
    r = as_json(get(site, "/api/runs/1"))
    assert r["result"] == "H1" and len(r["counts"]) == 5 and r["bounds"] == pytest.approx([-2.944, 2.944], abs=1e-3)
    assert r["normalized"]["elo"] > 0 and r["normalized"]["low"] < r["normalized"]["elo"] < r["normalized"]["high"]
    assert r["share"].startswith("sprt: rung 3(CHEAP_POWER=5) vs rung 1: H1 accepted")
    assert r["share"].endswith(f"{site}/runs/1")
    assert r["history"][-1][0] == r["deals"] and r["sources"]["a"]["kozyr"]


def test_the_chart(site: str) -> None:
    status, headers, body = get(site, "/api/runs/1/chart.svg")
    assert status == 200 and headers["content-type"] == "image/svg+xml"
    svg = body.decode()
    assert svg.startswith("<svg") and 'class="llr"' in svg and svg.count('class="bound"') == 2
    assert "H1 +2.944" in svg


@pytest.mark.parametrize("path, status, code", [
    ("/api/runs/9", 404, "no_run"),
    ("/api/runs?result=maybe", 400, "bad_result"),
    ("/api/runs?state=old", 400, "bad_run_state"),
    ("/api/runs?bot=" + "x" * 61, 400, "bad_search"),
    ("/runs/x", 404, "not_found"),
])
def test_refusals_are_the_tables_json(site: str, path: str, status: int, code: str) -> None:
    got = get(site, path)
    assert got[0] == status and as_json(got)["error"] == code


def test_the_host_check_holds(site: str) -> None:
    got = get(site, "/api/runs/1", host="evil.example")
    assert got[0] == 400 and as_json(got)["error"] == "bad_host"
    got = get(site, "/runs", host="evil.example")
    assert got[0] == 400


def test_the_page_never_writes_the_store(tmp_path: Path) -> None:
    path = tmp_path / "none.sqlite"
    with served(tmp_path / "records", path) as (url, _app):
        assert as_json(get(url, "/api/runs"))["runs"] == []
        assert get(url, "/api/runs/1")[0] == 404
    assert not path.exists()
