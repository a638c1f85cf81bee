"""The ``pref`` command, run in-process through ``kozyr.cli.main`` (the one main)."""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from pathlib import Path

import pytest

import kozyr.preferans
from kozyr.cli import main
from kozyr.cli.pref import register

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
          "tricks": {"A": 6, "B": 2, "C": 1}}, "deals[1]: tricks"),
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
