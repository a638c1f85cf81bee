"""Every published figure has one home, the table at the top of docs/benchmarks.md, and the pages that
quote it say it as it stands there (issue 40: docs/own-bot.md still quoted 55,000 deals/s for a Python bot
after the README's 130,000, and the README's set-up times were a release old).

The table's columns: figure, value, measured in, quoted in (paths from the repository root). A page quoting a
figure must hold its value verbatim (line breaks read as spaces); no page but the benchmarks page, which keeps
the history of its measurements, may hold a figure that one of today's replaced.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
HOME = ROOT / "docs" / "benchmarks.md"
HEADING = "## The figures other pages quote"
# Figures that pages once quoted and a measurement replaced: the last release's Python-bot rate, the set-up
# times before the build used both cores without debug information and the suite its two workers, and a
# table-ladder rate the tables page did not measure.
RETIRED = ("about 55,000 deals", "about 345,000", "about a minute on two cores", "run the tests; about three minutes",
           "two to three minutes")


def _flat(text: str) -> str:
    return " ".join(text.split())


def figures() -> list[tuple[str, str, list[str]]]:
    """(figure, value, quoting pages) of each row of the home table."""
    if not HOME.is_file():
        pytest.skip("no docs/ beside the tests (an installed wheel's suite run from elsewhere)")
    text = HOME.read_text(encoding="utf-8")
    assert HEADING in text, f"{HOME.name} has no '{HEADING}' section"
    section = text.split(HEADING, 1)[1].split("\n## ", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith("| ") and not line.startswith("| ---")]
    out = []
    for row in rows[1:]:     # the first is the header
        cells = [c.strip() for c in row.strip().strip("|").split(" | ")]
        assert len(cells) == 4, row
        figure, value, _measured, quoted = cells
        out.append((figure, value, [p.strip() for p in quoted.split(",")]))
    return out


def test_the_home_table_is_there_and_whole() -> None:
    rows = figures()
    assert len(rows) >= 15
    for figure, value, pages in rows:
        assert value and re.search(r"\d", value), (figure, value)
        assert pages and all((ROOT / page).is_file() for page in pages), (figure, pages)


@pytest.mark.parametrize("page", ["README.md", "docs/install.md", "docs/own-bot.md", "docs/tables.md",
                                  "docs/rl.md", "docs/preferans-strength.md"])
def test_each_page_quotes_the_figures_as_they_stand(page: str) -> None:
    rows = [(figure, value) for figure, value, pages in figures() if page in pages]
    assert rows, f"no figure is quoted in {page}"
    said = _flat((ROOT / page).read_text(encoding="utf-8"))
    wrong = [(figure, value) for figure, value in rows if _flat(value) not in said]
    assert not wrong, f"{page} does not say: {wrong}"


def test_no_page_says_a_retired_figure() -> None:
    figures()
    pages = [ROOT / "README.md"] + sorted(p for p in (ROOT / "docs").rglob("*.md")
                                          if "_build" not in p.parts and p != HOME)
    found = [(p.relative_to(ROOT).as_posix(), old) for p in pages for old in RETIRED
             if old in _flat(p.read_text(encoding="utf-8"))]
    assert not found, found
