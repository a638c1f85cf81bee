"""`kozyr hokm match` through `main(argv)` and through `register`."""
from __future__ import annotations

import argparse

import pytest

from kozyr.cli.hokm import main, register, run_matches, wilson


def test_match_reports_rates_with_intervals(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["hokm", "match", "--bots", "greedy", "random", "--matches", "20", "--seed", "5"]) == 0
    out = capsys.readouterr().out
    assert "greedy vs random, 20 matches, seed 5" in out
    assert "won matches: 20/20 = 100.0%  (2-sigma: " in out
    assert "won hands:" in out and "2-sigma" in out


def test_same_seed_same_report() -> None:
    assert run_matches("greedy", "random", 6, 1) == run_matches("greedy", "random", 6, 1)
    assert run_matches("random", "random", 6, 1) != run_matches("random", "random", 6, 2)


def test_sides_alternate() -> None:
    # random vs random: the first bot is team 0 in even matches, team 1 in odd.
    counts = run_matches("random", "random", 2, 0)
    assert counts["matches"] == 2 and counts["hands"] > 0


@pytest.mark.parametrize("argv", [
    ["hokm", "match", "--bots", "greedy", "oracle"],
    ["hokm", "match", "--matches", "0"],
    ["hokm", "match", "--matches", "ten"],
    ["hokm", "match", "--seed", "x"],
    ["hokm", "match", "--bots", "greedy"],
    ["hokm", "match", "--frobnicate"],
    ["hokm"],
    ["chess"],
])
def test_bad_arguments_one_line_exit_2(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert len(captured.err.strip().splitlines()) == 1 and "error" in captured.err


def test_register_sets_func_on_a_callers_parser(capsys: pytest.CaptureFixture[str]) -> None:
    parser = argparse.ArgumentParser(prog="kozyr")
    register(parser.add_subparsers(dest="command"))
    args = parser.parse_args(["hokm", "match", "--matches", "2", "--seed", "1"])
    assert args.func(args) == 0
    assert "2 matches" in capsys.readouterr().out


def test_wilson_interval() -> None:
    lo, hi = wilson(50, 100)
    assert lo == pytest.approx(0.4019, abs=1e-3) and hi == pytest.approx(0.5981, abs=1e-3)
    lo, hi = wilson(100, 100)
    assert hi == 1.0 and 0.95 < lo < 1.0
