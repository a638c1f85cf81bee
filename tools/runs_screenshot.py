"""Draw docs/images/runs-page.png: the runs page of `kozyr serve` over a small queue, in Debian's Chromium.

    PYTHONPATH=src nice -n 19 python tools/runs_screenshot.py [OUT.png]

It queues five durak sequential tests in a temporary store (rung 3 with CHEAP_POWER 5 against rung 2 and
rung 3, rung 3 against rung 1, rung 1 against rung 3, and one left half played), runs them with
`kozyr.queue.run_queue`, serves the table on a free port and photographs one run's permalink page and the
list. Needs Playwright and Chromium (the `browser` extra and the Debian package).
"""
from __future__ import annotations

import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "web"))
sys.path.insert(0, str(ROOT / "tests" / "queue"))


def main(out: str) -> int:
    from _queue_helpers import queue_sprt
    from _runs_served import served
    from playwright.sync_api import sync_playwright

    from kozyr.queue import Store, run_one, run_queue

    chromium = shutil.which("chromium") or "/usr/bin/chromium"
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "q.sqlite"
        with Store(path) as store:
            shown = queue_sprt(store, a=3, b=2, elo0=0, elo1=10, batch=2000, max_deals=400_000, seed="docs")
            queue_sprt(store, a=3, b=1, elo0=0, elo1=50, batch=200, max_deals=20_000, seed="docs", params_a={})
            queue_sprt(store, a=1, b=3, elo0=0, elo1=50, batch=200, max_deals=20_000, seed="docs")
            queue_sprt(store, elo0=0, elo1=2, batch=10_000, max_deals=1_000_000, seed="docs")
            run_queue(store)
            live = queue_sprt(store, elo0=-13, elo1=-12, batch=2000, max_deals=400_000, seed="live")
            run = store.claim("docs:1", only=live)
            assert run is not None
            run_one(store, run, "docs:1", stop_after=5)
        with served(Path(tmp) / "records", path) as (url, _app), sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
            page = browser.new_page(viewport={"width": 1000, "height": 900})
            page.goto(f"{url}/runs/{shown}")
            page.wait_for_selector("body[data-ready='1']")
            page.wait_for_timeout(500)
            page.screenshot(path=out, full_page=True)
            page.goto(f"{url}/runs")
            page.wait_for_selector("body[data-ready='1']")
            page.screenshot(path=out.replace(".png", "-list.png"), full_page=True)
            browser.close()
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else str(ROOT / "docs" / "images" / "runs-page.png")))
