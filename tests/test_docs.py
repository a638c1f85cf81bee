"""The docs site builds cleanly, its examples run, and the repo states its rules in its own words.

The build runs Sphinx with warnings as errors, exactly as a release would, so a
broken cross-reference, a page left out of the toctree or a docstring autodoc
cannot parse fails the suite rather than a later docs job. The tutorials' `>>>`
examples run as doctests, so they cannot drift from the API.
"""
from __future__ import annotations

import doctest
import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
# every page with `>>>` examples: the tutorials, and the guides that took the README's tours (issue 27)
EXAMPLE_PAGES = sorted(p for p in DOCS.rglob("*.md") if "_build" not in p.parts and "\n>>> " in p.read_text("utf-8"))

# The docs toolchain is the `docs` extra; without it there is nothing to build.
MISSING = [name for name in ("sphinx", "myst_parser", "furo") if importlib.util.find_spec(name) is None]


@pytest.mark.slow    # a minute of Sphinx: the quick run leaves it out, --full runs it (CI's main lane)
@pytest.mark.skipif(bool(MISSING), reason=f"the docs extra is not installed (missing {', '.join(MISSING)})")
def test_site_builds_without_warnings(tmp_path: Path) -> None:
    out = subprocess.run(
        [sys.executable, "-m", "sphinx", "-W", "--keep-going", "-q", "-b", "html",
         "-d", str(tmp_path / "doctrees"), str(DOCS), str(tmp_path / "html")],
        capture_output=True, text=True, cwd=ROOT, timeout=300,
    )
    assert out.returncode == 0, f"sphinx failed:\n{out.stdout}\n{out.stderr}"
    html = tmp_path / "html"
    for page in ("index", "rules/durak", "rules/durak-variants", "rules/hokm", "rules/preferans", "tutorials/durak",
                 "tutorials/hokm", "tutorials/preferans", "benchmarks", "api/durak"):
        assert (html / f"{page}.html").is_file(), page
    # autodoc really imported the compiled engine (a failed import is only a warning per object).
    assert 'id="kozyr.durak.Game.legal_moves"' in (html / "api" / "durak.html").read_text(encoding="utf-8")
    _check_the_pages(html)


def _text(page: Path) -> str:
    import html as entities
    import re

    return entities.unescape(re.sub(r"<[^>]+>", " ", page.read_text(encoding="utf-8")))


def _check_the_pages(html: Path) -> None:
    """Issue 27: a page for each thing a user does; no empty "Bases:"; no intro said twice; the fields of
    the view, the C view and the native bot documented; the pictures drawn."""
    import re

    for name in ("install", "engine", "play", "replay", "records", "own-bot", "tuning", "cluster", "rl",
                 "hokm", "preferans", "cards", "pictures", "house"):
        assert (html / f"{name}.html").is_file(), name
    for api_page in sorted((html / "api").glob("*.html")):
        text = api_page.read_text(encoding="utf-8")
        for bases in re.findall(r"<p>Bases:(.*?)</p>", text, re.S):
            assert re.sub(r"<[^>]+>", "", bases).strip(), f"an empty 'Bases:' line in {api_page.name}"
    import kozyr.durak
    import kozyr.hokm
    import kozyr.preferans

    for module, page in ((kozyr.durak, "durak"), (kozyr.hokm, "hokm"), (kozyr.preferans, "preferans")):
        first = " ".join((module.__doc__ or "").split("\n\n", 1)[0].split())
        said = " ".join(_text(html / "api" / f"{page}.html").split())
        times = said.count(first[:60])
        assert times == 1, f"the intro of {module.__name__} is on api/{page} {times} times"
    durak_api = _text(html / "api" / "durak.html")
    assert "The seat this view belongs to" in durak_api and "The oldest attack card not yet beaten" in durak_api
    own_bot = _text(html / "own-bot.html")
    for field in ("legal_kinds", "legal_cards", "to_beat", "can_swap", "bot_fn", "kozyr.durak.bot_state"):
        assert field in own_bot, field
    assert "NativeBot(function, state=None" in " ".join(own_bot.split())
    pictures = (html / "pictures.html").read_text(encoding="utf-8")
    for name in ("durak_view", "durak_record", "hokm_view", "cards"):
        assert f"{name}.svg" in pictures and (html / "_images" / f"{name}.svg").is_file(), name


@pytest.mark.parametrize("page", EXAMPLE_PAGES, ids=[p.relative_to(DOCS).as_posix() for p in EXAMPLE_PAGES])
def test_page_examples_run(page: Path) -> None:
    failures, tried = doctest.testfile(
        str(page), module_relative=False, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE,
    )
    assert tried >= 3
    assert failures == 0


# Build output (never committed, see .gitignore): Cython's generated C copies the docstrings.
BUILD_OUTPUT = {".so", ".pyd", ".o", ".c", ".html", ".pyc"}


def _text_files() -> list[Path]:
    files = [ROOT / "README.md"]
    for top in (ROOT / "src", DOCS):
        for path in sorted(top.rglob("*")):
            skip = path.suffix in BUILD_OUTPUT or {"__pycache__", "_build"} & set(path.parts)
            if path.is_file() and not skip:
                files.append(path)
    return files


def test_no_file_points_outside_the_repo() -> None:
    """The rules are kozyr's own pages: nothing may send a reader to a path outside the repo."""
    offenders = []
    for path in _text_files():
        text = path.read_bytes().decode("utf-8", errors="replace")
        if "shared/" in text:
            offenders.append(path.relative_to(ROOT).as_posix())
    assert not offenders, f"'shared/' appears in {offenders}"
