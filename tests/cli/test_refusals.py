"""The shell's refusal contract (issue 21, item 14): a `KozyrError` is one line and exit 2; a bug is a bug.

Before, `kozyr.cli.main` caught every ValueError, so a bug in kozyr that raised one (an `int()` of the wrong
thing, a numpy complaint) was printed as if it were a refusal of the user's input, and hidden.
"""
from __future__ import annotations

import os
import subprocess
import sys

import pytest
from _cli_run import run

from kozyr.cli import main
from kozyr.errors import KozyrError


def _raising(error: BaseException):   # noqa: ANN202 - a stand-in for a command's work
    def work(*args: object, **kwargs: object) -> None:
        raise error

    return work


def test_a_plain_value_error_is_a_bug_not_a_refusal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("kozyr.cli.durak.ladder", _raising(ValueError("invalid literal for int()")))
    with pytest.raises(ValueError, match="invalid literal"):
        main(["ladder", "3", "2", "--deals", "10"])


def test_a_kozyr_error_is_one_line_and_exit_2(monkeypatch: pytest.MonkeyPatch,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr("kozyr.cli.durak.ladder", _raising(KozyrError("bad_deals", "deals=x is\nwrong")))
    code, out, err = run(capsys, "ladder", "3", "2", "--deals", "10")
    assert code == 2 and out == "" and err == "kozyr ladder: error: deals=x is\\nwrong\n"


def test_from_the_console_a_bug_shows_its_traceback() -> None:
    script = ("import sys, kozyr.cli.durak as d\n"
              "def bug(*a, **k):\n    raise ValueError('a bug in kozyr')\n"
              "d.ladder = bug\n"
              "from kozyr.cli import main\nsys.exit(main(sys.argv[1:]))\n")
    done = subprocess.run([sys.executable, "-c", script, "ladder", "3", "2", "--deals", "10"], capture_output=True,
                          text=True, timeout=120, env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)})
    assert done.returncode == 1 and "Traceback (most recent call last)" in done.stderr
    assert done.stderr.rstrip().endswith("ValueError: a bug in kozyr"), done.stderr[-500:]


def test_a_sheet_with_a_list_for_a_name_is_a_refusal(tmp_path: object, capsys: pytest.CaptureFixture[str]) -> None:
    """Found by the fuzzer once bugs stopped hiding as refusals: `players: [[]]` with a column list was a
    TypeError (unhashable list) inside `pref settle`."""
    import json
    from pathlib import Path

    path = Path(str(tmp_path)) / "s.json"
    path.write_text(json.dumps({"players": [[]], "gora": [None]}))
    code, out, err = run(capsys, "pref", "settle", str(path))
    assert code == 2 and err.count("\n") == 1 and "is not a player name" in err, err


# The commands test_fuzz.py does not reach, with short runs: whatever the values, a refusal or a result.
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

HOSTILE = st.sampled_from(["", "-", "-1", "0", "1", "2", "3", "-1e3", "1e-3", "nan", "inf", "-inf", "1e309",
                           "0.5", "0.04", "9" * 40, "x", "\u0661", "CHEAP_POWER=3", "CHEAP_POWER=3:0:8",
                           "DEEP_TALON=99", "greedy", "search", "random", "hands", "matches", "logistic"])
RUNS = {   # each command with the options that keep it short, then the options the fuzzer may change
    ("tune",): (["--param", "CHEAP_POWER=3", "--iterations", "1", "--deals-per-iteration", "4"],
                ["--a", "--c", "--A", "--alpha", "--gamma", "--rung", "--opponent", "--set", "--seed", "--param",
                 "--deals-per-iteration"]),
    ("sprt", "3", "2"): (["--max-deals", "8", "--batch", "4"],
                         ["--elo0", "--elo1", "--alpha", "--beta", "--model", "--batch", "--max-deals", "--seed",
                          "--set", "--vs-set"]),
    ("hokm", "match"): (["--matches", "1"], ["--bots", "--seed", "--matches"]),
    ("hokm", "sprt"): (["--max-pairs", "2", "--batch", "1", "--bots", "random", "random"],
                       ["--elo0", "--elo1", "--alpha", "--beta", "--model", "--unit", "--batch", "--seed"]),
}
SHORT = {"--iterations", "--deals-per-iteration", "--max-deals", "--batch", "--matches", "--max-pairs"}


@st.composite
def short_runs(draw: st.DrawFn) -> list[str]:
    command = draw(st.sampled_from(sorted(RUNS)))
    base, options = RUNS[command]
    argv = [*command, *base]
    for _ in range(draw(st.integers(1, 3))):
        option = draw(st.sampled_from(options))
        value = draw(HOSTILE)
        if option in SHORT and value.isdigit() and len(value) > 1:
            continue   # hostile, but never a long run
        argv += [option, value, *([draw(HOSTILE)] if option == "--bots" else [])]
    return argv


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(argv=short_runs())
def test_the_other_commands_refuse_in_one_line_or_run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    capsys.readouterr()
    status = main(argv)     # a bug (any exception but a KozyrError) leaves main and fails the test
    err = capsys.readouterr().err
    assert status in (0, 2), (argv, status, err)
    if status == 2:
        lines = [line for line in err.strip("\n").split("\n") if not line.startswith("kozyr tune: seed")]
        assert len(lines) == 1 and "error" in lines[0] and len(lines[0]) < 400, (argv, err)
