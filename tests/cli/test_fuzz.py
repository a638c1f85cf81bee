"""The shell fuzzed (issue 11): hostile argument vectors for the durak commands, `cards` and `play`.

Every vector goes through `kozyr.cli.main` in-process: no exception may escape
it, the exit status is 0, 2 or 130, and a refusal is exactly one line on
stderr. Runs are kept small (at most 40 deals) so the test takes seconds.
"""
from __future__ import annotations

import io

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kozyr.cli import main
from kozyr.cli._common import LINE_MAX

HOSTILE = st.sampled_from([
    "", " ", "-", "--", "-1", "0", "00", "+3", "1e3", "0x10", "1_0", "3.0", "nan", "inf", "9" * 40, "9" * 5000,
    "\u0661\u0662", "\uff13", "\u00e9", "x" * 33, "x" * 5000, "=", "DEEP_TALON", "DEEP_TALON=", "DEEP_TALON=6",
    "CHEAP_POWER=-1", "CHEAP_POWER=9", "DEEP_TALON=0,6", "DEEP_TALON=,", "deep_talon=24", "AS", "AS KS 6D",
    "QQ", "10\u2666", "\u200b", "/nonexistent/dir/x.png", "/", "\n", "a\nb", "--json",
])
SMALL = st.integers(min_value=-3, max_value=40).map(str)
TEXT = st.text(max_size=40)
VALUE = st.one_of(HOSTILE, SMALL, TEXT)
RUNG = st.one_of(st.sampled_from(["1", "2", "3"]), HOSTILE, TEXT)

FLAGS = {
    "ladder": ["--deals", "--seed", "--workers", "--set", "--json", "--reference", "--sha", "--bogus"],
    "sweep": ["--deals", "--seed", "--workers", "--grid", "--json", "--reference", "--sha", "--plot", "--bogus"],
    "replay": ["--number", "--rungs", "--bogus"],
    "play": ["--level", "--seat", "--seed", "--ascii", "--delay", "--bogus"],
    "cards": ["--bogus"],
}
BARE = {"--json", "--reference", "--sha", "--ascii", "--bogus"}
SEED = st.text(alphabet="abcxyz-:0123456789 ", min_size=1, max_size=20)
VALID = {   # values that pass, so that vectors also reach the commands themselves, not only argparse
    "--deals": st.integers(0, 40).map(str),
    "--seed": SEED,
    "--workers": st.sampled_from(["1", "2"]),
    "--set": st.sampled_from(["DEEP_TALON=6", "CHEAP_POWER=3", "deep_talon=0", "CHEAP_POWER=-1"]),
    "--grid": st.sampled_from(["DEEP_TALON=0,6", "CHEAP_POWER=1,3", "DEEP_TALON=24"]),
    "--number": st.integers(1, 5).map(str),
    "--level": st.sampled_from(["1", "2", "3"]),
    "--seat": st.sampled_from(["0", "1"]),
    "--delay": st.sampled_from(["0", "0.0"]),
    "--plot": st.sampled_from(["/nonexistent/dir/x.png", "/", ""]),   # never a path that can be written
}
CARDS = st.sampled_from(["AS KS 6D", "10\u2666 QH", "", "as,td"])


def _value(flag: str) -> st.SearchStrategy[str]:
    if flag == "--plot":
        return VALID[flag]
    if flag == "--deals":   # hostile, but never a long run
        return st.one_of(VALID[flag], HOSTILE.filter(lambda v: not v.isdigit() or len(v) > 30))
    return st.one_of(VALID[flag], VALID[flag], VALUE)


@st.composite
def argv(draw: st.DrawFn) -> list[str]:
    command = draw(st.sampled_from(sorted(FLAGS)))
    args = [command]
    if command == "ladder":
        args += draw(st.one_of(st.lists(st.sampled_from(["1", "2", "3"]), min_size=2, max_size=2),
                               st.lists(RUNG, min_size=0, max_size=3)))
    elif command == "replay":
        args += draw(st.one_of(st.lists(SEED, min_size=1, max_size=1), st.lists(VALUE, min_size=0, max_size=2)))
    elif command == "cards":
        args += draw(st.one_of(st.lists(CARDS, min_size=0, max_size=1), st.lists(VALUE, min_size=0, max_size=2)))
    for _ in range(draw(st.integers(0, 3))):
        flag = draw(st.sampled_from(FLAGS[command]))
        if flag == "--bogus" and draw(st.booleans()):
            continue
        args.append(flag)
        if flag == "--rungs":
            args += draw(st.one_of(st.lists(st.sampled_from(["1", "2", "3"]), min_size=2, max_size=2),
                                   st.lists(RUNG, min_size=0, max_size=3)))
        elif flag not in BARE:
            args.append(draw(_value(flag)))
    if command in ("ladder", "sweep") and "--deals" not in args:
        args += ["--deals", "7"]  # never the default 20,000 deals
    if command == "sweep" and "--grid" not in args and draw(st.booleans()):
        args += ["--grid", "DEEP_TALON=0,6"]
    if command == "play":
        args += ["--delay", "0"]
    return args


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(args=argv())
def test_every_vector_ends_in_0_2_or_130_with_one_line_errors(args: list[str], capsys: pytest.CaptureFixture[str],
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(""))   # play: end of input at the first prompt
    capsys.readouterr()
    status = main(args)
    out, err = capsys.readouterr()
    assert status in (0, 2, 130), (args, status, err)
    if status == 2:
        lines = err.strip("\n").split("\n")
        assert len(lines) == 1 and lines[0].startswith("kozyr"), (args, err)
        # one line, cut at the shell's one limit (cli/_common.py's LINE_MAX) after the program's prefix
        assert "error" in lines[0] and len(lines[0]) <= LINE_MAX + 40, (args, err[:500])
    else:
        assert "Traceback" not in err, (args, err)
