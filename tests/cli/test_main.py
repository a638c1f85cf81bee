"""The `kozyr` console script as a whole: every command reachable, bad arguments one line and exit 2."""
import subprocess
import sys

import pytest

from kozyr.cli import main


def kozyr(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "kozyr.cli", *args], capture_output=True, text=True, timeout=120)


def test_the_main_job_runs() -> None:
    run = kozyr("ladder", "3", "2", "--deals", "2000")
    assert run.returncode == 0, run.stderr
    assert "rung 3" in run.stdout and "draws left out" in run.stdout


def test_every_command_is_listed() -> None:
    run = kozyr("--help")
    for command in ("cards", "ladder", "sweep", "replay", "play", "hokm", "pref"):
        assert command in run.stdout


def test_cards_demo() -> None:
    run = kozyr("cards", "AS TD 6C")
    assert run.returncode == 0 and "CardSet('AS TD 6C')" in run.stdout


@pytest.mark.parametrize("args, named", [
    (["ladder", "3", "5"], "'5'"),
    (["ladder", "3", "2", "--deals", "-5"], "'-5'"),
    (["ladder", "3", "2", "--set", "FOO"], "'FOO'"),
    (["ladder", "3", "2", "--set", "NOPE=3"], "NOPE"),
    (["sweep", "--grid", "DEEP_TALON=x"], "DEEP_TALON='x'"),
    (["replay"], "SEED"),
    (["play", "--level", "7"], "7"),
    (["hokm", "match", "--matches", "-1"], "'-1'"),
    (["pref", "settle"], "FILE"),
    (["cards", "AS QQ"], "'QQ'"),
    (["bogus"], "'bogus'"),
])
def test_bad_arguments_get_one_line_and_status_2(args: list[str], named: str) -> None:
    run = kozyr(*args)
    assert run.returncode == 2
    assert run.stdout == ""
    lines = run.stderr.strip().splitlines()
    assert len(lines) == 1 and "error" in lines[0] and named in lines[0], run.stderr


def test_version_prints_the_version() -> None:
    """Item 15: `kozyr --version` answered 'the following arguments are required: COMMAND'."""
    from kozyr import __version__

    run = kozyr("--version")
    assert run.returncode == 0 and run.stdout.strip() == f"kozyr {__version__}" and run.stderr == ""


@pytest.mark.parametrize("args, rule", [
    (["replay", "x", "--number", "-1"], "expected a whole number, 1 or more"),
    (["replay", "x", "--number", "0"], "expected a whole number, 1 or more"),
    (["ladder", "3", "2", "--workers", "0"], "expected a whole number, 1 or more"),
    (["ladder", "3", "2", "--deals", "-1"], "expected a whole number, 0 or more"),
    (["ladder", "3", "2", "--deals", "9" * 5000], "expected a whole number, 0 or more"),
    (["ladder", "3", "2", "--deals", "\u0661\u0662"], "expected a whole number, 0 or more"),
    (["hokm", "match", "--matches", "0"], "expected a whole number, 1 or more"),
])
def test_count_arguments_say_one_rule(args: list[str], rule: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Item 14: `--number -1` said 'a count is 0 or more' and `--number 0` 'must be at least 1'."""
    assert main(args) == 2
    lines = capsys.readouterr().err.strip().splitlines()
    assert len(lines) == 1 and rule in lines[0] and len(lines[0]) < 200, lines


@pytest.mark.parametrize("args", [
    ["replay", "x" * 5000],
    ["replay", "x", "--number", "9" * 5000],
    ["ladder", "3", "2", "--seed", "s" * 5000, "--deals", "1"],
    ["ladder", "3", "2", "--set", "DEEP_TALON=" + "7" * 5000],
    ["play", "--seed", "y" * 5000],
    ["play", "--level", "3" * 5000],
    ["cards", "Q" * 5000],
])
def test_a_5000_character_input_makes_a_short_message(args: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    """Item 14: a 5,000-digit seed produced one enormous line; inputs in messages are cut."""
    assert main(args) == 2
    err = capsys.readouterr().err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and len(lines[0]) < 250, err[:300]


@pytest.mark.parametrize("args", [
    ["replay", "durak-replay-1"],
    ["ladder", "3", "2", "--deals", "300"],
    ["ladder", "3", "2", "--deals", "300", "--json"],
    ["cards", "AS KS"],
    ["play", "--seed", "pipe", "--ascii"],
])
def test_a_closed_stdout_is_quiet_for_every_command(args: list[str]) -> None:
    """Item 11: `kozyr replay durak-replay-1 | head -2` ended in a BrokenPipeError traceback.

    The reader is gone before the first write, so every write fails: a pipe into
    `head` is a race that short outputs win (they fit the pipe's buffer).
    """
    import os

    read, write = os.pipe()
    os.close(read)     # nobody will read: every write fails with EPIPE
    try:
        run = subprocess.run([sys.executable, "-m", "kozyr.cli", *args], stdout=write, stderr=subprocess.PIPE,
                             stdin=subprocess.DEVNULL, text=True, timeout=120)
    finally:
        os.close(write)
    assert run.returncode == 0, run.stderr
    assert run.stderr == ""


def test_sweep_checks_the_plot_path_before_playing(capsys: pytest.CaptureFixture[str],
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """Item 10: `--plot /nonexistent/dir/x.png` played the whole sweep, then died with FileNotFoundError."""
    pytest.importorskip("matplotlib")
    played: list[object] = []

    def run_ladder(*args: object, **kwargs: object) -> None:
        played.append(args)
        raise AssertionError("a deal was played before the --plot path was checked")

    monkeypatch.setattr("kozyr.cli.durak.ladder", run_ladder)
    status = main(["sweep", "--deals", "40000000", "--grid", "DEEP_TALON=1,6", "--plot", "/nonexistent/dir/x.png"])
    err = capsys.readouterr().err
    assert status == 2 and not played
    assert len(err.strip().splitlines()) == 1 and "/nonexistent/dir" in err


@pytest.mark.parametrize("extra", [["--json"], []])
def test_zero_deals_give_null_not_nan(extra: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    """Item 12: `ladder --deals 0 --json` emitted NaN (invalid JSON) and the table said 'nan moves'."""
    import json

    assert main(["ladder", "3", "2", "--deals", "0", *extra]) == 0
    out = capsys.readouterr().out
    assert "nan" not in out.lower()
    if extra:
        def refuse(name: str) -> None:
            raise AssertionError(f"{name} in JSON")

        summary = json.loads(out, parse_constant=refuse)
        assert summary["deals"] == 0


def test_a_rich_table_shows_markup_as_text(monkeypatch: pytest.MonkeyPatch,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    """A cell such as a player's name '[/bold]' is text, not rich markup (on a terminal too)."""
    from kozyr.cli import _common

    monkeypatch.setattr(_common, "plain", lambda: False)
    _common.print_table("t [b]x[/b]", ["name", "n"], [["[/bold]", "1"]], ["[red]note"])
    out = capsys.readouterr().out
    assert "[/bold]" in out and "[red]note" in out


def _every_parser():
    """(words, parser) for the top parser and every command and subcommand under it."""
    import argparse

    from kozyr.cli import build_parser

    todo = [((), build_parser())]
    while todo:
        words, parser = todo.pop()
        yield words, parser
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                todo += [((*words, name), sub) for name, sub in action.choices.items()]


def test_every_help_page_formats() -> None:
    """argparse %-formats help strings when it prints them: a stray percent sign in one (a setting's
    doc reaches several commands' help) made `kozyr sprt --help` raise."""
    pages = 0
    for words, parser in _every_parser():
        assert parser.format_help(), words
        pages += 1
    assert pages > 10
