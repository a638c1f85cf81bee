"""The runs page in a real browser (Debian's Chromium driven by Playwright): the queue and the finished runs,
the search, a run's permalink with its chart, figures and the block to paste, and a live run's counts
moving while the page is open. Skips, with the reason, without Playwright or Chromium (`.ci/browser`)."""
from __future__ import annotations

import os
import shutil
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from _runs_served import served

sync_api = pytest.importorskip("playwright.sync_api", reason="the browser tests need Playwright (.ci/browser)")
CHROMIUM = (os.environ.get("KOZYR_CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-headless-shell")
            or "/usr/bin/chromium")
if not os.path.exists(CHROMIUM):
    pytest.skip(f"the browser tests need Debian's Chromium at {CHROMIUM} (.ci/browser installs it)",
                allow_module_level=True)

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "queue"))
from _queue_helpers import queue_sprt  # noqa: E402

from kozyr.queue import Store, run_one, run_queue  # noqa: E402

ARTIFACTS = Path(os.environ.get("KOZYR_ARTIFACTS") or Path(__file__).resolve().parents[2] / "test-artifacts") / "web"


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with sync_api.sync_playwright() as p:
        launched = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield launched
        launched.close()


@pytest.fixture
def site(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    path = tmp_path / "q.sqlite"
    with Store(path) as store:
        queue_sprt(store, a=3, b=1, elo0=0, elo1=50, batch=100, max_deals=4000, seed="b")     # 1: H1
        queue_sprt(store, a=1, b=3, elo0=0, elo1=50, batch=100, max_deals=4000, seed="b")     # 2: H0
        run_queue(store)
        queue_sprt(store, batch=40, max_deals=4000, seed="live")                              # 3: waits
    with served(tmp_path / "records", path) as (url, _app):
        yield url, path


def open_page(browser: Any, url: str) -> tuple[Any, Any, list[str]]:
    context = browser.new_context(viewport={"width": 1000, "height": 900})
    tab = context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda e: errors.append(str(e)))
    tab.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    tab.goto(url)
    tab.wait_for_selector("body[data-ready='1']")
    return context, tab, errors


def test_the_list_the_search_and_a_permalink(browser: Any, site: tuple[str, Path]) -> None:
    url, _ = site
    context, tab, errors = open_page(browser, url + "/runs")
    assert tab.locator("#queue tbody tr").count() == 1
    assert tab.get_attribute("#queue tbody tr", "data-run") == "3"
    assert [tab.get_attribute(f"#finished tbody tr:nth-child({i})", "data-run") for i in (1, 2)] == ["2", "1"]
    tab.select_option("#search-result", "H1")
    tab.click("#search button")
    tab.wait_for_selector("#finished tbody tr:only-child[data-run='1']")
    tab.fill("#search-bot", "rung 4")
    tab.select_option("#search-result", "")
    tab.click("#search button")
    tab.wait_for_selector("#finished tbody:not(:has(tr))", state="attached")
    tab.goto(url + "/runs/1")
    tab.wait_for_selector("body[data-ready='1']")
    assert "H1" in tab.inner_text("#run-state")
    tab.wait_for_function("() => document.getElementById('chart').naturalWidth > 0")
    share = tab.inner_text("#share")
    assert share.startswith("sprt: rung 3(CHEAP_POWER=5) vs rung 1: H1 accepted")
    assert share.strip().endswith(url + "/runs/1")
    figures = tab.inner_text("#figures")
    assert "normalized Elo" in figures and "LLR" in figures and "counts" in figures
    assert "kozyr" in tab.inner_text("#sources")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    tab.screenshot(path=str(ARTIFACTS / "runs-page.png"), full_page=True)
    context.close()
    assert not errors, errors


def test_a_live_run_moves_on_the_page(browser: Any, site: tuple[str, Path]) -> None:
    url, path = site
    context, tab, errors = open_page(browser, url + "/runs/3")
    assert tab.get_attribute("body", "data-batches") == "0"
    go, stop = threading.Event(), threading.Event()

    def runner() -> None:
        with Store(path) as store:
            run = store.claim("browser:1", only=3)
            assert run is not None
            while not stop.is_set() and store.get(3).batches < 20:
                run_one(store, store.get(3), "browser:1", stop_after=1)
                go.set()
                stop.wait(0.3)

    thread = threading.Thread(target=runner, daemon=True)
    thread.start()
    try:
        assert go.wait(20)
        tab.wait_for_selector("body:not([data-batches='0'])", timeout=20_000)    # the page polled the new batch
        assert "running" in tab.inner_text("#run-state")
        assert "deals" in tab.inner_text("#figures")
    finally:
        stop.set()
        thread.join(20)
    context.close()
    assert not errors, errors
