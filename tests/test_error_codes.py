"""The table of refusal codes (issue 21, item 14): `kozyr.refusals` lists every code kozyr raises, the docs show it.

The source is read for every code a refusal is made with (a string literal given to KozyrError or a game's
error class, or to the few helpers that make them, plus the rules' code lists); the registry must hold
exactly those, with the parts of kozyr that raise each; docs/api/errors.md must show `markdown()`.
"""
from __future__ import annotations

import re
from collections import defaultdict
from pathlib import Path

from kozyr.refusals import AREAS, FAMILIES, REFUSALS, markdown

# the checkout's sources, not the installed package: an installed kozyr (the README's `pip install .`, a
# wheel) carries no .pyx, and the docs are not beside it
ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src" / "kozyr"
DOCS = ROOT / "docs" / "api" / "errors.md"

# What makes a refusal, and the code it gets: None takes the first string argument as the code.
MAKERS = {
    "KozyrError": None, "IllegalMove": None, "HokmError": None, "IllegalPlay": None, "PreferansError": None,
    "error": None, "refuse": None, "HttpError": None, "NotOver": None, "BotCheckError": None,
}
HELPERS = {   # (file, function) -> the code it makes ("bad_<field>": from its first argument)
    ("durak/records.py", "_bad"): "bad_record",
    ("hokm/config.py", "_bad"): "bad_config",
    ("tune.py", "_refuse"): "bad_<field>",
    ("preferans/convention.py", "_refuse"): "bad_convention",
    ("preferans/numbers.py", "_refuse"): "bad_number",
    ("cli/_cluster.py", "_bad_address"): "bad_scheduler",
}
CALL = re.compile(r"\b(\w+)\(\s*(f?)\"([^\"\n]*)\"")
CODE_LIKE = re.compile(r"[\"']((?:bad|no|unknown|not|missing|duplicate)_[a-z_]+)[\"']")


def _area(path: Path) -> str:
    parts = path.relative_to(SRC).parts
    return {"cli": "shell"}.get(parts[0], parts[0]) if len(parts) > 1 else "kozyr"


def _raised() -> tuple[dict[str, set[str]], dict[str, set[str]], set[str]]:
    """(code -> areas) of the codes written out, (f-string pattern -> areas), every code-like string literal."""
    codes: dict[str, set[str]] = defaultdict(set)
    patterns: dict[str, set[str]] = defaultdict(set)
    literals: set[str] = set()
    for path in sorted(SRC.rglob("*")):
        if path.suffix not in (".py", ".pyx") or path.name == "refusals.py":
            continue
        rel = path.relative_to(SRC).as_posix()
        lines = [line for line in path.read_text(encoding="utf-8").splitlines()
                 if not line.lstrip().startswith((">>>", "..."))]   # doctests show refusals, they raise none
        text = "\n".join(lines)
        literals |= set(CODE_LIKE.findall(text))
        for fn, f, first in CALL.findall(text):
            helper = HELPERS.get((rel, fn))
            if helper is not None:
                code = helper
                if fn == "_refuse" and rel == "preferans/numbers.py":
                    continue   # its code is the default or a later argument: read below
            elif fn in MAKERS and re.fullmatch(r"[a-z_{}]+", first):
                code = first
            else:
                continue
            if f and "{" in code:
                patterns[code].add(_area(path))
            elif code == "bad_<field>":
                patterns["bad_{field}"].add(_area(path))
            else:
                codes[code].add(_area(path))
    numbers = (SRC / "preferans" / "numbers.py").read_text(encoding="utf-8")
    for code in ["bad_number", *re.findall(r'_refuse\([^\n]*, "(\w+)"\)', numbers)]:
        codes[code].add("preferans")
    from kozyr.durak import CODES
    from kozyr.durak.ladder.faults import CODES as BOT_FAULTS
    from kozyr.hokm import CONFIG_CODES, PLAY_CODES, TRICK_CODES

    for code in [*CODES, *BOT_FAULTS.values()]:   # the rules' codes, and what a bot can do wrong in a deal
        codes[code].add("durak")
    for code in CONFIG_CODES | PLAY_CODES | TRICK_CODES:
        codes[code].add("hokm")
    return codes, patterns, literals


def _areas(text: str) -> set[str]:
    return set(text.split(", "))


def test_every_code_raised_is_listed_with_where_it_is_raised() -> None:
    codes, patterns, _ = _raised()
    missing = sorted(set(codes) - set(REFUSALS))
    assert not missing, f"codes raised but not in kozyr.refusals.REFUSALS: {missing}"
    wrong = {c: (sorted(codes[c]), REFUSALS[c][0]) for c in codes if codes[c] != _areas(REFUSALS[c][0])}
    assert not wrong, f"codes whose areas differ (raised in, listed as): {wrong}"
    for pattern in patterns:
        matches = [c for c in REFUSALS if re.fullmatch(re.sub(r"\{\w+\}", r"\\w+", pattern), c)]
        assert pattern.startswith("bad_{") or matches, f"a code made as {pattern!r} matches no listed code"
    field_areas = set().union(*(a for p, a in patterns.items() if p.startswith("bad_{")))
    assert field_areas == _areas(FAMILIES["bad_<field>"][0]), field_areas


def test_every_code_listed_is_still_raised() -> None:
    codes, patterns, _ = _raised()
    made = [re.sub(r"\{\w+\}", r"\\w+", p) for p in patterns if not p.startswith("bad_{")]
    stale = sorted(c for c in REFUSALS if c not in codes and not any(re.fullmatch(m, c) for m in made))
    assert not stale, f"codes listed in kozyr.refusals but raised nowhere: {stale}"


def test_every_code_like_string_in_the_source_is_a_listed_code() -> None:
    """A safety net for a refusal made through a helper this test does not know: a string that looks like a
    code (bad_..., no_..., unknown_...) and is not listed."""
    _, _, literals = _raised()
    stray = sorted(c for c in literals if c not in REFUSALS and not c.endswith("_"))
    assert not stray, f"code-like strings that are no listed code: {stray}"


def test_the_registry_is_well_formed() -> None:
    for code, (areas, meaning) in {**REFUSALS, **FAMILIES}.items():
        assert re.fullmatch(r"[a-z_<>]+", code), code
        assert _areas(areas) <= set(AREAS) and areas == ", ".join(a for a in AREAS if a in _areas(areas)), code
        assert meaning and "\n" not in meaning and len(meaning) < 200 and not meaning.endswith("."), code


def test_the_docs_page_shows_the_table() -> None:
    page = DOCS.read_text(encoding="utf-8")
    start = "<!-- the table of codes: kozyr.refusals.markdown() -->\n"
    assert start in page, f"{DOCS} lacks the marker {start!r}"
    shown = page.split(start, 1)[1].split("\n\n", 1)[0] + "\n"
    assert shown == markdown(), (
        "docs/api/errors.md is not kozyr.refusals.markdown(): write it again with\n"
        "python -c \"from kozyr.refusals import markdown; print(markdown(), end='')\"")
