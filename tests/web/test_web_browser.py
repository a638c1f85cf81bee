"""The web table in a real browser: Debian's Chromium driven by Playwright plays a whole durak deal, a whole
hokm hand and whole preferans deals (as declarer, and as the lone open whister) by clicking, saves the records,
replays them from the records folder and checks the last screen.

Screenshots go to test-artifacts/web/ (git-ignored; KOZYR_ARTIFACTS moves them). Without Playwright or
Chromium (`.ci/browser` installs both) these tests skip with the reason; the HTTP-level tests still run.
"""
from __future__ import annotations

import os
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from _served import Table

sync_api = pytest.importorskip("playwright.sync_api", reason="the browser tests need Playwright (.ci/browser)")
# Debian's chromium, or its headless shell (what Playwright itself runs headless); KOZYR_CHROMIUM names another
CHROMIUM = (os.environ.get("KOZYR_CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-headless-shell")
            or "/usr/bin/chromium")
if not os.path.exists(CHROMIUM):
    pytest.skip(f"the browser tests need Debian's Chromium at {CHROMIUM} (.ci/browser installs it)",
                allow_module_level=True)

ARTIFACTS = Path(os.environ.get("KOZYR_ARTIFACTS") or Path(__file__).resolve().parents[2] / "test-artifacts") / "web"
MAX_CLICKS = 400


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with sync_api.sync_playwright() as p:
        launched = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield launched
        launched.close()


@pytest.fixture
def page(browser: Any, table: Table) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1100, "height": 1000})
    tab = context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda e: errors.append(str(e)))
    tab.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    tab.goto(table.url + "/")
    tab.wait_for_selector("body[data-ready='1']")
    yield tab
    context.close()
    assert not [e for e in errors if "409" not in e and "400" not in e], errors   # refusals log as failed loads


def shot(page: Any, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def answered(page: Any, click: Any) -> None:
    """Click, then wait until the page has drawn the server's answer (by selectors: the page's content security
    policy refuses the string evaluation that Playwright's wait_for_function needs, as it should)."""
    before = page.get_attribute("body", "data-done") or ""
    click()
    page.wait_for_selector(f"body:not([data-done='{before}'])[data-busy='0']", state="attached")


def play_by_clicking(page: Any) -> int:
    """Click the first live card of your hand (or the first live button) until the game is over."""
    clicks = 0
    while page.get_attribute("#game", "data-over") == "0":
        assert clicks < MAX_CLICKS, "the game did not end"
        card = page.locator("#picture g.hand-card.legal").first
        if card.count():
            answered(page, card.click)
        else:
            live = page.locator("#actions button:not([disabled]):not(#act-resign)").first
            assert live.count(), f"nothing to click: {page.inner_text('#status')}"
            answered(page, live.click)
        clicks += 1
    return clicks


def save_and_replay(page: Any, name: str) -> str:
    """Save the record, open it from the records tab, step back and forth, go to the end; the last screen."""
    answered(page, lambda: page.click("#save"))
    message = page.inner_text("#message")
    assert message.startswith("Saved as ") and message.endswith(" in the records folder.")
    record = message.removeprefix("Saved as ").removesuffix(" in the records folder.")
    answered(page, lambda: page.click("nav button[data-tab='records']"))
    answered(page, lambda: page.click(f"#records tr[data-name='{record}'] button"))
    assert page.is_visible("#replay") and not page.is_visible("#game")
    assert page.get_attribute("#replay", "data-step") == "0"
    answered(page, lambda: page.click("#forward"))
    answered(page, lambda: page.click("#forward"))
    assert page.get_attribute("#replay", "data-step") == "2"
    answered(page, lambda: page.click("#back"))
    assert page.get_attribute("#replay", "data-step") == "1"
    marks = page.locator("#marks button")
    assert marks.count() >= 2
    answered(page, marks.nth(1).click)
    assert int(page.get_attribute("#replay", "data-step") or 0) > 1
    shot(page, f"{name}-replay-middle")
    answered(page, lambda: page.click("#last"))
    steps = page.get_attribute("#replay", "data-steps")
    assert page.get_attribute("#replay", "data-step") == steps and int(steps or 0) > 5
    assert page.is_disabled("#forward") and page.is_disabled("#last")
    shot(page, f"{name}-replay-end")
    return page.inner_text("#replay-verdict")


def test_a_whole_durak_deal_by_clicking_then_its_replay(page: Any, table: Table) -> None:
    page.select_option("#durak-rung", "2")
    page.fill("#durak-seed", "browser-1")
    answered(page, lambda: page.click("#durak-deal"))
    assert page.is_visible("#game") and "seed browser-1" in page.inner_text("#game-title")
    greyed = page.locator("#picture g.hand-card.greyed").count()
    legal = page.locator("#picture g.hand-card.legal").count()
    assert legal + greyed == 6 and legal >= 1
    shot(page, "durak-start")

    # a typed move the rules refuse: one line on the page, and nothing changes
    ply = page.get_attribute("#game", "data-ply")
    page.fill("#move-text", "beat 6S" if "Beat" not in page.inner_text("#status") else "attack 6S")
    answered(page, lambda: page.click("#move-go"))
    message = page.inner_text("#message")
    assert message.startswith("Refused (") and message.endswith("Nothing changed.") and "\n" not in message
    assert page.get_attribute("#game", "data-ply") == ply

    # a hint, then a reload resumes the same deal at the same ply
    answered(page, lambda: page.click("#hint"))
    assert page.inner_text("#hint-text").startswith(("Hint (search, rung 4)", "No hint"))
    page.reload()
    page.wait_for_selector("body[data-ready='1']")
    assert page.get_attribute("#game", "data-ply") == ply and page.is_visible("#game")

    clicks = play_by_clicking(page)
    verdict = page.inner_text("#verdict")
    assert clicks >= 3 and verdict in ("You are the fool.", "The bot is the fool.", "A draw: nobody is the fool.")
    assert page.inner_text("#status") == "Game over." and page.locator("#log li").count() >= clicks
    shot(page, "durak-end")

    end = save_and_replay(page, "durak")
    want = {"You are the fool.": "seat 0 is the fool", "The bot is the fool.": "seat 1 is the fool",
            "A draw: nobody is the fool.": "a draw"}[verdict]
    assert end == want


def test_a_whole_hokm_hand_by_clicking_then_its_replay(page: Any, table: Table) -> None:
    page.click("nav button[data-tab='hokm']")
    page.fill("#hokm-target", "1")
    page.fill("#hokm-seed", "3")
    answered(page, lambda: page.click("#hokm-deal"))
    assert page.get_attribute("#game", "data-kind") == "hokm"
    shot(page, "hokm-start")
    clicks = play_by_clicking(page)
    verdict = page.inner_text("#verdict")
    assert verdict.startswith(("You win the match", "You lose the match")) and verdict.endswith("after 1 hand.")
    assert clicks >= 7
    shot(page, "hokm-end")
    end = save_and_replay(page, "hokm")
    us = "team 0 wins" if verdict.startswith("You win") else "team 1 wins"
    assert end.startswith(us)


def test_watch_deal_4711_and_upload_its_record(page: Any, table: Table, tmp_path: Path) -> None:
    page.click("nav button[data-tab='watch']")
    page.fill("#watch-index", "4711")
    answered(page, lambda: page.click("#watch-go"))
    assert "deal 4,711 of the fast ladder 'ladder'" in page.inner_text("#replay-title")
    answered(page, lambda: page.click("#last"))
    end = page.inner_text("#replay-verdict")
    assert end.endswith("is the fool") or end == "a draw"
    shot(page, "watch-4711")
    answered(page, lambda: page.click("#replay-save"))
    name = page.inner_text("#message").removeprefix("Saved as ").removesuffix(" in the records folder.")
    upload = tmp_path / "deal-4711.json"
    upload.write_bytes((table.records / name).read_bytes())
    answered(page, lambda: page.click("nav button[data-tab='records']"))
    answered(page, lambda: page.set_input_files("#upload", str(upload)))
    assert "an uploaded record" in page.inner_text("#replay-title")
    bad = tmp_path / "forged.json"
    bad.write_text(upload.read_text(encoding="utf-8").replace('"result": {', '"result": {"x": 1, ', 1),
                   encoding="utf-8")
    answered(page, lambda: page.set_input_files("#upload", str(bad)))
    assert page.inner_text("#message").startswith("Not replayed (bad_record)")


def play_preferans_deal(page: Any, prefer: str) -> tuple[set[str], list[str]]:
    """Click through one preferans deal: with the talon, two cards then the discard button; else a live card;
    else the first live button matching `prefer`, or the first live button. The phases and statuses seen."""
    phases: set[str] = set()
    statuses: list[str] = []
    clicks = 0
    while page.get_attribute("#game", "data-phase") not in ("sheet", "over"):
        assert clicks < MAX_CLICKS, "the deal did not end"
        phases.add(page.get_attribute("#game", "data-phase") or "")
        statuses.append(page.inner_text("#status"))
        cards = page.locator("#picture g.hand-card.legal")
        if page.get_attribute("#game", "data-phase") == "talon":
            names = list(dict.fromkeys(cards.nth(i).get_attribute("data-card") for i in range(cards.count())))
            assert len(names) == 12 and page.is_disabled("#pref-discard")     # the talon is drawn in the hand too
            for name in names[:2]:          # chosen on the page: no request until the button
                page.locator(f"#picture g.hand-card.legal[data-card='{name}']").first.click()
            assert page.locator("#picture g.hand-card.chosen").count() >= 2 and not page.is_disabled("#pref-discard")
            shot(page, "preferans-discard")
            answered(page, lambda: page.click("#pref-discard"))
            assert page.inner_text("#log").endswith("You discard two cards face down.")
        elif cards.count():
            answered(page, cards.first.click)
        else:
            chosen = page.locator(f"#actions button:not([disabled]):is({prefer})")
            live = chosen if chosen.count() else page.locator("#actions button:not([disabled])")
            assert live.count(), f"nothing to click: {page.inner_text('#status')}"
            answered(page, live.first.click)
        clicks += 1
    return phases, statuses


def start_preferans(page: Any, seed: str) -> None:
    page.click("nav button[data-tab='preferans']")
    page.fill("#pref-seed", seed)
    page.fill("#pref-target", "10")
    answered(page, lambda: page.click("#pref-deal"))
    assert page.get_attribute("#game", "data-kind") == "preferans" and f"seed {seed}" in page.inner_text("#game-title")
    assert not page.is_hidden("#sheet") and page.get_attribute("#game", "data-phase") == "auction"


def test_a_whole_preferans_deal_by_clicking_as_declarer(page: Any, table: Table) -> None:
    """Bid whenever you may (with this seed you win the auction), take the talon, discard two by clicking, name,
    play the ten tricks; the sheet; then end the game: the seed, the command and the record come."""
    start_preferans(page, "browser-pref-0")
    shot(page, "preferans-start")
    phases, _ = play_preferans_deal(page, "[id^='pref-bid-']")
    assert {"auction", "talon", "naming", "play"} <= phases, phases
    assert page.get_attribute("#game", "data-phase") == "sheet" and "Next deal" in page.inner_text("#status")
    log = page.inner_text("#log")
    assert "Trick 10: " in log and "The deal is over." in log
    assert "The sheet after 1 deal" in page.inner_text("#sheet-caption")
    assert page.locator("#sheet tbody tr").count() == 3 and page.is_disabled("#save")
    shot(page, "preferans-sheet")
    answered(page, lambda: page.click("#pref-end"))
    assert page.get_attribute("#game", "data-over") == "1" and page.inner_text("#status") == "Game over."
    assert page.inner_text("#verdict").startswith("You ended the game after 1 deal: your saldo ")
    assert "--seed browser-pref-0" in page.inner_text("#replay-line") and not page.is_hidden("#download")
    answered(page, lambda: page.click("#save"))
    assert page.inner_text("#message").startswith("Saved as preferans-")
    shot(page, "preferans-end")


def test_a_whole_preferans_deal_by_clicking_as_the_lone_open_whister(page: Any, table: Table) -> None:
    """Pass, then whist alone and play open (with this seed): you play the passer's open hand too. A refused
    typed move is one line; a reload resumes; after the deal, the next deal is dealt."""
    start_preferans(page, "browser-whist-0")
    ply = page.get_attribute("#game", "data-ply")
    page.fill("#move-text", "play AS")
    answered(page, lambda: page.click("#move-go"))
    message = page.inner_text("#message")
    assert message.startswith("Refused (wrong_phase)") and message.endswith("Nothing changed.")
    assert page.get_attribute("#game", "data-ply") == ply
    page.reload()
    page.wait_for_selector("body[data-ready='1']")
    assert page.get_attribute("#game", "data-ply") == ply and page.get_attribute("#game", "data-kind") == "preferans"
    phases, statuses = play_preferans_deal(page, "#pref-whist, #pref-open")
    assert {"auction", "whisting", "defence", "play"} <= phases, phases
    assert any(s.startswith("Your card from seat ") and s.endswith("'s open hand.") for s in statuses), statuses
    assert re.search(r"You play \S+ from seat [12]'s hand\.", page.inner_text("#log"))   # the passer's card
    shot(page, "preferans-whist-sheet")
    answered(page, lambda: page.click("#pref-next"))
    assert "deal 2" in page.inner_text("#game-title") and page.get_attribute("#game", "data-phase") == "auction"
