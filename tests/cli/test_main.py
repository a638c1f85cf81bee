"""The `kozyr` console script as a whole: every command reachable, bad arguments one line and exit 2."""
import subprocess
import sys

import pytest


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
