"""The ``pref`` command, run in-process through ``kozyr.cli.main`` (the one main)."""

from __future__ import annotations

import argparse
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

import kozyr.preferans
import kozyr.preferans.sheet as sheet_module
from kozyr.cli import main
from kozyr.cli.pref import register
from kozyr.preferans import score_deal
from kozyr.preferans.files import MAX_FILE_BYTES

EXAMPLES = Path(kozyr.preferans.__file__).parent / "examples"

Run = Callable[..., tuple[int, str, str]]


@pytest.fixture
def run(capsys: pytest.CaptureFixture[str]) -> Run:
    """``run("pref", "score", FILE)`` -> (exit status, stdout, stderr)."""

    def go(*argv: str) -> tuple[int, str, str]:
        capsys.readouterr()
        code = main(list(argv))
        out, err = capsys.readouterr()
        return code, out, err

    return go


def test_examples_exist() -> None:
    assert {p.name for p in EXAMPLES.iterdir()} >= {"sheet.toml", "sheet4.json", "deals.toml", "deals.json"}


def test_settle_toml(run: Run) -> None:
    code, out, err = run("pref", "settle", str(EXAMPLES / "sheet.toml"))
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == "convention: sochi"
    assert lines[1].split() == ["player", "pulya", "gora", "whists", "by", "whists", "on", "saldo", "rounded"]
    rows = {line.split()[0]: line.split() for line in lines[2:]}
    assert rows["Anna"][-2:] == ["290/3", "97"]
    assert rows["Boris"][-2:] == ["-664/3", "-221"]
    assert rows["Vera"][-2:] == ["374/3", "124"]


def test_settle_four_players_json(run: Run) -> None:
    code, out, _ = run("pref", "settle", str(EXAMPLES / "sheet4.json"))
    assert code == 0
    rows = {line.split()[0]: line.split() for line in out.splitlines()[2:]}
    assert rows["Anna"][-1] == "-45" and rows["Gleb"][-1] == "15"


def test_score_toml_prints_sheet_after_each_deal(run: Run) -> None:
    code, out, err = run("pref", "score", str(EXAMPLES / "deals.toml"))
    assert code == 0 and err == ""
    assert out.count("\ndeal ") == 6
    assert "deal 3: raspasy" in out and "next deal: minimum level 6, raspasy price 2" in out
    first = out.split("deal 1:")[1].split("deal 2:")[0]
    assert "16/3" in first and "-8/3" in first
    assert out.rstrip().endswith("pulya to 10: open")


def test_score_json_leningrad_four_players(run: Run) -> None:
    code, out, _ = run("pref", "score", str(EXAMPLES / "deals.json"))
    assert code == 0
    assert "convention: leningrad+" in out


def test_unit_option(run: Run) -> None:
    code, out, _ = run("pref", "settle", "--unit", "5", str(EXAMPLES / "sheet.toml"))
    assert code == 0
    rounded = [int(line.split()[-1]) for line in out.splitlines()[2:]]
    assert sum(rounded) == 0 and all(r % 5 == 0 for r in rounded)


@pytest.mark.parametrize(
    "name, content, needle",
    [
        ("bad.json", "{not json", "not valid JSON"),
        ("bad.toml", "players = [", "not valid TOML"),
        ("bad.txt", "{}", "neither .json nor .toml"),
        ("two.json", json.dumps({"players": ["A", "B"], "pulya": {}}), "3 or 4"),
        ("neg.json", json.dumps({"players": ["A", "B", "C"], "gora": {"A": -1}}), "gora['A']: -1 is negative"),
        ("who.json", json.dumps({"players": ["A", "B", "C"], "gora": {"Q": 1}}), "'Q'"),
        ("conv.json", json.dumps({"players": ["A", "B", "C"], "convention": "moscow", "pulya": {}}), "'moscow'"),
        ("deals.json", json.dumps({"players": ["A", "B", "C"], "deals": []}), "kozyr pref score"),
        ("empty.json", json.dumps({"players": ["A", "B", "C"]}), "at least one of pulya"),
    ],
)
def test_settle_bad_input(run: Run, tmp_path: Path, name: str, content: str, needle: str) -> None:
    path = tmp_path / name
    path.write_text(content)
    code, out, err = run("pref", "settle", str(path))
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and needle in err and err.startswith("kozyr pref: error:")


@pytest.mark.parametrize(
    "deal, needle",
    [
        ({"declarer": "A", "contract": "6S", "calls": {"B": "whist", "C": "whist"},
          "tricks": {"A": 6, "B": 2, "C": 1}}, "deal 2: tricks"),   # issue 27: was deals[1], 0-based
        ({"declarer": "A", "contract": "8S", "calls": {"B": "pass", "C": "half-whist"}}, "half-whist"),
        ({"declarer": "A", "contract": "5S", "calls": {"B": "pass", "C": "pass"}}, "'5S'"),
        ({"declarer": "A", "contract": "6S", "calls": {"B": "pass", "C": "pass"}, "bogus": 1}, "'bogus'"),
    ],
)
def test_score_bad_deal(run: Run, tmp_path: Path, deal: dict[str, object], needle: str) -> None:
    good = {"raspasy": True, "tricks": {"A": 2, "B": 4, "C": 4}}
    path = tmp_path / "deals.json"
    path.write_text(json.dumps({"players": ["A", "B", "C"], "deals": [good, deal]}))
    code, out, err = run("pref", "score", str(path))
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and needle in err


def test_missing_file(run: Run) -> None:
    code, _, err = run("pref", "score", "/nonexistent/deals.toml")
    assert code == 2 and "cannot be read" in err


def test_register_wires_into_a_parent_parser() -> None:
    parser = argparse.ArgumentParser(prog="kozyr")
    register(parser.add_subparsers(dest="command"))
    args = parser.parse_args(["pref", "settle", str(EXAMPLES / "sheet4.json")])
    assert callable(args.func)
    assert args.func(args) == 0


def test_usage_error_exit_status(run: Run) -> None:
    code, _, err = run("pref", "frobnicate")
    assert code == 2 and "invalid choice" in err


def test_convention_table_in_toml(run: Run, tmp_path: Path) -> None:
    path = tmp_path / "deals.toml"
    path.write_text(
        'players = ["A", "B", "C"]\n'
        'convention = {preset = "sochi", raspasy_progression = "geometric", raspasy_cap = "4", '
        'raspasy_exit = [6, 7, 7]}\n'
        + '[[deals]]\nraspasy = true\ntricks = {A = 2, B = 4, C = 4}\n' * 4
    )
    code, out, _ = run("pref", "score", str(path))
    assert code == 0
    assert "next deal: minimum level 7, raspasy price 4" in out
    assert "(price 4)" in out and "(price 8)" not in out
    path.write_text('players = ["A", "B", "C"]\nconvention = {preset = "sochi", colour = "red"}\n')
    code, _, err = run("pref", "score", str(path))
    assert code == 2 and "convention.colour" in err


# --- hardening (issue 11): bounded input, one-line refusals, Ctrl-C ------------------------------------


def refused(run: Run, *argv: str) -> str:
    """Run, expect exit 2 with nothing on stdout and exactly one error line on stderr; that line."""
    code, out, err = run(*argv)
    assert code == 2, (code, out, err)
    assert out == ""
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("kozyr pref") and "error:" in lines[0], err
    return lines[0]


def write(tmp_path: Path, name: str, doc: object) -> str:
    path = tmp_path / name
    path.write_text(doc if isinstance(doc, str) else json.dumps(doc), encoding="utf-8")
    return str(path)


SHEET = {"players": ["Anna", "Boris", "Vera"], "pulya": {"Anna": 2}}


def deals_doc(n: int, **top: object) -> dict[str, object]:
    """n deals that cycle through a made game, a failed one with whists and a raspasy."""
    cycle = [
        {"declarer": "A", "contract": "6S", "calls": {"B": "whist", "C": "pass"}, "tricks": {"A": 6, "B": 4}},
        {"declarer": "B", "contract": "7H", "calls": {"C": "whist", "A": "whist"}, "tricks": {"B": 6, "C": 2, "A": 2}},
        {"raspasy": True, "tricks": {"A": 2, "B": 3, "C": 5}},
    ]
    return {"players": ["A", "B", "C"], "deals": [cycle[i % 3] for i in range(n)], **top}


@pytest.mark.parametrize("amount, needle", [
    ("1e100000000", "pulya['Anna']: 1e100000000 has an exponent beyond"),
    ("1" * 40, "more than 30 digits"),
    (10**20, "out of range"),
    ("1/0", "divides by zero"),
    ("٦", "is not a number"),
    ("NaN", "is not a number"),
])
def test_numbers_in_files_are_bounded(run: Run, tmp_path: Path, amount: object, needle: str) -> None:
    """Item 3: Fraction('1e100000000') would take forever; refused at once on the text."""
    line = refused(run, "pref", "settle", write(tmp_path, "s.json", {**SHEET, "pulya": {"Anna": amount}}))
    assert needle in line


@pytest.mark.parametrize("unit, needle", [("1e100000000", "exponent"), ("0", "positive"), ("-5", "-5"),
                                          ("x", "'x'"), ("9" * 31, "digits")])
def test_unit_is_bounded(run: Run, unit: str, needle: str) -> None:
    line = refused(run, "pref", "settle", "--unit", unit, str(EXAMPLES / "sheet.toml"))
    assert "--unit" in line and needle in line


def test_unit_accepts_decimals(run: Run) -> None:
    code, out, _ = run("pref", "settle", "--unit", "2.5", str(EXAMPLES / "sheet.toml"))
    assert code == 0 and "195/2" in out


def test_a_device_behind_a_json_name_is_refused(run: Run, tmp_path: Path) -> None:
    """Item 3: a .json symlink to /dev/zero read forever; a FIFO would block the open."""
    link = tmp_path / "zero.json"
    link.symlink_to("/dev/zero")
    assert "not a regular file" in refused(run, "pref", "score", str(link))
    fifo = tmp_path / "pipe.toml"
    os.mkfifo(fifo)
    assert "not a regular file" in refused(run, "pref", "settle", str(fifo))
    folder = tmp_path / "folder.json"
    folder.mkdir()
    assert "not a regular file" in refused(run, "pref", "settle", str(folder))


def test_a_file_over_the_size_limit_is_refused(run: Run, tmp_path: Path) -> None:
    path = tmp_path / "big.json"
    with open(path, "wb") as f:
        f.write(b'{"players": ["A", "B", "C"], "deals": []}')
        f.write(b" " * MAX_FILE_BYTES)
    assert "larger than 10 MiB" in refused(run, "pref", "score", str(path))


def test_pref_score_scores_each_deal_once(run: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Item 3: the old command scored every deal twice and rebuilt the sheet from the start on each add
    (quadratic: 500 deals 12-19 s). Counting calls proves linear work without timing anything."""
    calls = []

    def counted(*args: object, **kwargs: object) -> object:
        calls.append(1)
        return score_deal(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(sheet_module, "score_deal", counted)
    code, out, _ = run("pref", "score", write(tmp_path, "d.json", deals_doc(300)))
    assert code == 0 and out.count("\ndeal ") == 300
    assert len(calls) == 300


@pytest.mark.parametrize("flag", ["false", "no", "yes", 1, 0, None])
def test_raspasy_must_be_a_real_boolean(run: Run, tmp_path: Path, flag: object) -> None:
    """Item 5: raspasy = "false" was read as true (bool of a non-empty string)."""
    doc = {"players": ["A", "B", "C"], "deals": [{"raspasy": flag, "tricks": {"A": 2, "B": 3, "C": 5}}]}
    line = refused(run, "pref", "score", write(tmp_path, "d.json", doc))
    assert "deal 1: raspasy:" in line and "true or false" in line


def test_open_must_be_a_real_boolean(run: Run, tmp_path: Path) -> None:
    doc = deals_doc(1)
    doc["deals"] = [{**doc["deals"][0], "open": "false"}]  # type: ignore[index]
    line = refused(run, "pref", "score", write(tmp_path, "d.json", doc))
    assert "deal 1: open: 'false' is not true or false" in line


def test_score_refuses_a_sheet(run: Run) -> None:
    """Item 6: `pref score sheet.toml` printed all-zero balances with exit 0."""
    line = refused(run, "pref", "score", str(EXAMPLES / "sheet.toml"))
    assert "pulya" in line and "kozyr pref settle" in line


def test_score_needs_deals(run: Run, tmp_path: Path) -> None:
    assert "needs deals" in refused(run, "pref", "score", write(tmp_path, "d.json", {"players": ["A", "B", "C"]}))
    code, out, _ = run("pref", "score", write(tmp_path, "e.json", {"players": ["A", "B", "C"], "deals": []}))
    assert code == 0 and "balances:" in out


@pytest.mark.parametrize("name, text", [
    ("deep.json", "[" * 1000),
    ("deep2.json", '{"players": ' + "[" * 100000),
    ("deep.toml", "a = " + "[" * 1000),
    ("deep2.toml", "a = " + "{b = " * 1000),
    ("nested.json", '{"players": ' + "[" * 40 + "]" * 40 + "}"),  # parses, but deeper than any sheet
])
def test_deep_nesting_is_one_line(run: Run, tmp_path: Path, name: str, text: str) -> None:
    """Item 9: a thousand "[" made a RecursionError traceback.

    The unclosed files are not valid documents either: which of the two refusals a parser reaches
    first depends on it (Python 3.12's json reads 1,000 levels and then finds the end of the text),
    so for them either one line will do; the closed, parseable one must be refused for its depth."""
    for command in ("settle", "score"):
        line = refused(run, "pref", command, write(tmp_path, name, text))
        if name == "nested.json":
            assert "more than 32 deep" in line
        else:
            assert "more than 32 deep" in line or "not valid" in line, line


@pytest.mark.parametrize("value", [7.0, True, None, "7", [6, "7"], [], {"x": 1}, [6] * 101])
def test_raspasy_exit_of_the_wrong_type_is_one_line(run: Run, tmp_path: Path, value: object) -> None:
    """Item 9: raspasy_exit = 7.0 (or true, or null) was a TypeError traceback."""
    doc = deals_doc(1, convention={"preset": "sochi", "raspasy_exit": value})
    assert "convention.raspasy_exit" in refused(run, "pref", "score", write(tmp_path, "d.json", doc))


@pytest.mark.parametrize("key, value", [("whist_on_success", [1]), ("half_whist", "no"), ("gora_factor", 10**20),
                                        ("name", 5), ("preset", ["sochi"]), ("w_pulya", "1e999")])
def test_other_convention_fields_of_the_wrong_type(run: Run, tmp_path: Path, key: str, value: object) -> None:
    doc = deals_doc(1, convention={"preset": "sochi", key: value})
    assert f"convention.{key}" in refused(run, "pref", "score", write(tmp_path, "d.json", doc))


def test_names_typed_two_ways_are_one_player(run: Run, tmp_path: Path) -> None:
    """Item 17: José in NFC and in NFD were two players that print alike."""
    nfc, nfd = "Jos\u00e9", "Jose\u0301"
    doc = {"players": [nfc, "B", "C"], "deals": [
        {"declarer": nfd, "contract": "6S", "calls": {"B": "pass", "C": "pass"}}]}
    code, out, _ = run("pref", "score", write(tmp_path, "d.json", doc))
    assert code == 0 and "deal 1: José 6♠" in out
    assert "duplicate" not in out
    line = refused(run, "pref", "settle", write(tmp_path, "s.json", {"players": [nfc, nfd, "C"], "pulya": {}}))
    assert "listed twice" in line
    line = refused(run, "pref", "settle", write(tmp_path, "z.json", {"players": ["Jo\u200bsé", "B", "C"], "pulya": {}}))
    assert "U+200B" in line
    line = refused(run, "pref", "settle", write(tmp_path, "n.json", {"players": ["A\u00a0B", "B", "C"], "pulya": {}}))
    assert "U+00A0" in line


@pytest.mark.parametrize("target, shown_as", [(-10, "target: -10 "), ("-2.5", "target: -2.5 "),
                                              ("-1/3", "target: -1/3 "), (0, "target: 0 ")])
def test_numbers_are_shown_as_written(run: Run, tmp_path: Path, target: object, shown_as: str) -> None:
    """Item 17: a negative target was reported as Fraction(-10, 1)."""
    line = refused(run, "pref", "score", write(tmp_path, "d.json", deals_doc(1, target=target)))
    assert shown_as in line and "Fraction" not in line


def test_ctrl_c_propagates_to_main(run: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Nothing in pref catches KeyboardInterrupt: main reports it in one line, exit 130, no partial sheet."""
    calls = []

    def interrupted(*args: object, **kwargs: object) -> object:
        calls.append(1)
        if len(calls) == 100:
            raise KeyboardInterrupt
        return score_deal(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(sheet_module, "score_deal", interrupted)
    code, out, err = run("pref", "score", write(tmp_path, "d.json", deals_doc(500)))
    assert code == 130 and out == "" and len(err.splitlines()) == 1
    assert len(calls) == 100


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_ctrl_c_stops_a_long_score_promptly(tmp_path: Path) -> None:
    """A real SIGINT to `kozyr pref score` of 20,000 deals (several seconds of work) ends it with status 130."""
    path = write(tmp_path, "d.json", deals_doc(20_000))
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in sys.path if p)}
    # the imports first, then a line on stderr, then the command: on a loaded machine a fixed sleep could
    # land the SIGINT in numpy's import, before the command runs (issue 27: CI runs suites side by side)
    start = ("import runpy, sys; import kozyr.cli; sys.argv = ['kozyr', *sys.argv[1:]]; "
             "print('ready', file=sys.stderr, flush=True); runpy.run_module('kozyr.cli', run_name='__main__')")
    proc = subprocess.Popen([sys.executable, "-c", start, "pref", "score", path], stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, text=True, env=env)
    assert proc.stderr is not None and proc.stderr.readline().strip() == "ready"
    time.sleep(0.5)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=30)
    assert proc.returncode == 130, err
    assert len(err.splitlines()) == 1 and "Traceback" not in err


# --- fuzz: random argument vectors and file contents through kozyr.cli.main ---------------------------

NAMES = ["A", "B", "C", "D", "José", "Jose\u0301", "Jo\u200bsé", "", " A"]
KEYS = ["players", "deals", "pulya", "gora", "whists", "convention", "target", "dealer", "declarer", "contract",
        "calls", "tricks", "open", "whist_order", "raspasy", "preset", "raspasy_exit", "raspasy_cap", "w_pulya",
        "whist_on_success", "half_whist", "gora_factor", "name", *NAMES]
NUMBERS = st.one_of(
    st.integers(-10**30, 10**30), st.floats(allow_nan=True, allow_infinity=True), st.sampled_from([7.0, 2.5, 10**20]),
    st.sampled_from(["1e100000000", "-10", "2.5", "1/3", "1/0", "٦", "6S", "²S", "06S", "9" * 40, "1e-40", "NaN"]),
)
WORDS = ["whist", "pass", "half-whist", "misere", "raspasy", "sochi", "rostov", "leningrad", "geometric",
         "true", "false"]
SCALARS = st.one_of(st.none(), st.booleans(), NUMBERS, st.sampled_from(NAMES + WORDS), st.text(max_size=8))
JSON_VALUES = st.recursive(
    SCALARS,
    lambda inner: st.one_of(st.lists(inner, max_size=5), st.dictionaries(st.sampled_from(KEYS), inner, max_size=5)),
    max_leaves=30,
)


def mostly(good: st.SearchStrategy[object], bad: st.SearchStrategy[object] = JSON_VALUES) -> st.SearchStrategy[object]:
    """The right kind of value three times in four, anything at all otherwise."""
    return st.one_of(good, good, good, bad)


@st.composite
def documents(draw: st.DrawFn, command: str) -> dict[str, object]:
    """Near-valid deal and sheet files (mostly the kind the command reads): the right keys, values drawn
    from the right kind or from anything."""
    players = draw(st.sampled_from([["A", "B", "C"], ["A", "B", "C", "D"], NAMES[4:7], ["A", "B"]]))
    doc: dict[str, object] = {"players": draw(mostly(st.just(players)))}
    if draw(mostly(st.just(command == "score"), st.booleans())):
        deal = st.fixed_dictionaries({}, optional={
            "declarer": st.sampled_from(players), "contract": st.sampled_from(["6S", "7NT", "misere", "8D", "10H"]),
            "calls": st.dictionaries(st.sampled_from(players), st.sampled_from(["whist", "pass", "half-whist"])),
            "tricks": st.dictionaries(st.sampled_from(players), st.integers(-1, 11)),
            "raspasy": mostly(st.booleans(), SCALARS), "dealer": st.sampled_from(players),
            "open": mostly(st.booleans(), SCALARS), "whist_order": st.lists(st.sampled_from(players), max_size=3)})
        doc["deals"] = draw(mostly(st.lists(mostly(deal), max_size=6)))
    else:
        for column in ("pulya", "gora", "whists"):
            if draw(st.booleans()):
                doc[column] = draw(mostly(st.dictionaries(st.sampled_from(players), NUMBERS, max_size=4)))
    if draw(st.booleans()):
        doc["target"] = draw(NUMBERS)
    if draw(mostly(st.just(True), st.just(False))):
        doc["convention"] = draw(mostly(st.fixed_dictionaries({}, optional={
            key: st.one_of(SCALARS, JSON_VALUES) for key in ("preset", "raspasy_exit", "raspasy_cap", "w_pulya",
                                                             "half_whist", "whist_on_success", "gora_factor", "name",
                                                             "colour")})))
    return doc


def toml_text(value: object) -> str:
    """A value as TOML inline text (None and odd floats give invalid TOML, which is refused: also fine)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{json.dumps(str(k))} = {toml_text(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(toml_text(v) for v in value) + "]"
    if isinstance(value, str):
        return json.dumps(value)
    return "null" if value is None else repr(value)


@st.composite
def file_contents(draw: st.DrawFn, command: str) -> tuple[str, bytes]:
    kind = draw(st.sampled_from(["json", "json", "json", "toml", "toml", "bytes", "nested", "json-any"]))
    if kind == "json":
        return ".json", json.dumps(draw(documents(command))).encode()
    if kind == "json-any":
        return ".json", json.dumps(draw(JSON_VALUES)).encode()
    if kind == "toml":
        doc = draw(documents(command))
        return ".toml", "\n".join(f"{json.dumps(k)} = {toml_text(v)}" for k, v in doc.items()).encode()
    if kind == "nested":
        depth = draw(st.integers(1, 3000))
        if draw(st.booleans()):
            return ".json", (draw(st.sampled_from(["[", '{"a": '])) * depth).encode()
        return ".toml", ("x = " + draw(st.sampled_from(["[", "{b = "])) * depth).encode()
    return draw(st.sampled_from([".json", ".toml", ".txt"])), draw(st.binary(max_size=200))


# Argument text without control characters: argparse itself echoes an unrecognised argument as it is, so a
# newline inside an argument splits argparse's own message (kozyr.cli._common.OneLineParser, not pref's code).
ARG_TEXT = st.text(st.characters(blacklist_categories=("Cc", "Cs")), max_size=6)
ARGS = st.lists(st.one_of(st.sampled_from(["--unit", "--help", "-h", "1e100000000", "2.5", "0", "-1", "x", "--",
                                           "settle", "score", "FILE", "--bogus"]), ARG_TEXT), max_size=4)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(command=st.sampled_from(["settle", "score", "settle", "score", "frob"]), data=st.data(),
       extra=st.one_of(st.just([]), ARGS),
       unit=st.one_of(st.none(), st.sampled_from(["1", "5", "1e100000000", "1/3", "0.5", "-2", "٦", "9" * 50])))
@pytest.mark.soak
def test_fuzz_pref_never_tracebacks(capsys: pytest.CaptureFixture[str], command: str, data: st.DataObject,
                                    extra: list[str], unit: str | None) -> None:
    """Whatever the arguments and the file: exit 0 or 2, no exception out of main, errors in exactly one line."""
    suffix, contents = data.draw(file_contents(command), label="file")
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "input" + suffix)
        with open(path, "wb") as f:
            f.write(contents)
        argv = ["pref", command, *(["--unit", unit] if unit is not None else []),
                *[path if a == "FILE" else a for a in extra], path]
        capsys.readouterr()
        code = main(argv)
        out, err = capsys.readouterr()
    event(f"exit {code}" + (f" {command}" if code == 0 else ""))
    assert code in (0, 2), (argv, code, err)
    if code == 2:
        assert err.count("\n") == 1 and err.endswith("\n") and "error:" in err, err
        assert "Traceback" not in err
    else:
        assert err == ""


def test_errors_number_the_deals_as_the_output_does(run: Run, tmp_path: Path) -> None:
    """Issue 27: the output says `deal 1:`, `deal 2:`...; a refusal said `deals[1]` for the second deal."""
    good = {"raspasy": True, "tricks": {"A": 2, "B": 4, "C": 4}}
    path = tmp_path / "deals.json"
    path.write_text(json.dumps({"players": ["A", "B", "C"], "deals": [good, good]}))
    code, out, _ = run("pref", "score", str(path))
    assert code == 0 and "deal 1: " in out and "deal 2: " in out and "deal 3: " not in out
    for bad in ({"raspasy": True, "tricks": {"A": 2, "B": 4, "C": 5}},          # refused by the deal itself
                {"dealer": "Q", "raspasy": True, "tricks": {"A": 2, "B": 4, "C": 4}}):
        path.write_text(json.dumps({"players": ["A", "B", "C"], "deals": [good, good, bad]}))
        code, out, err = run("pref", "score", str(path))
        assert code == 2 and out == "" and ": deal 3: " in err and "deals[" not in err, err
