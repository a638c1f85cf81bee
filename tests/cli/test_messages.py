"""The shell's messages (issue 21, item 13): one line per refusal, in the option's own words.

Before: `kozyr tune` printed its seed line and then refused (two lines for every refusal); `--c inf` was
reported as `a['CHEAP_POWER'] inf is not positive`; `--elo0 -1e3` was read as an option ("expected one
argument"); `kozyr hokm play` drew 80 columns into a 30-column terminal.
"""
from __future__ import annotations

import json
import os
import re
import sys
from pathlib import Path
from typing import Any

import pytest
from _cli_run import run
from rich.cells import cell_len

import kozyr

TUNE = ["tune", "--param", "CHEAP_POWER=3", "--iterations", "2", "--deals-per-iteration", "20"]


@pytest.mark.parametrize("extra, words", [
    (["--deals-per-iteration", "3"], "odd"),
    (["--alpha", "-1"], "alpha -1.0 is not positive"),
    (["--gamma", "-1"], "gamma -1.0 is negative"),
    (["--set", "DEEP_TALON=3", "--rung", "2"], "DEEP_TALON"),
])
def test_tune_refuses_before_its_seed_line(extra: list[str], words: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, *TUNE, *extra)
    lines = err.strip().splitlines()
    assert code == 2 and out == "" and len(lines) == 1 and words in lines[0], err
    assert "seed" not in lines[0]


def test_tune_states_its_seed_once_it_runs(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, *TUNE, "--seed", "7", "--json")
    assert code == 0 and err.startswith("kozyr tune: seed 7, rung 3, self-play") and json.loads(out)


@pytest.mark.parametrize("option", ["--a", "--c", "--A", "--alpha", "--gamma"])
@pytest.mark.parametrize("value", ["inf", "-inf", "nan", "-NaN", "1e999", "-Infinity"])
def test_a_number_that_is_not_finite_is_named_by_its_option(option: str, value: str,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, *TUNE, option, value)
    lines = err.strip().splitlines()
    assert code == 2 and len(lines) == 1, err
    assert f"argument {option}:" in lines[0] and "finite" in lines[0] and "CHEAP_POWER" not in lines[0], lines[0]


@pytest.mark.parametrize("argv", [
    ["sprt", "3", "2", "--max-deals", "8", "--batch", "4", "--json"],
    ["hokm", "sprt", "--bots", "random", "random", "--max-pairs", "2", "--batch", "1"],
])
@pytest.mark.parametrize("value", ["-1e3", "-2.5E+2", "-.5", "-7"])
def test_a_negative_elo_is_a_value(argv: list[str], value: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, *argv, "--elo0", value, "--elo1", "20", "--model", "logistic")
    assert code == 0, err
    if "--json" in argv:
        assert json.loads(out)["elo0"] == float(value)
    else:
        assert f"elo0 {float(value):g}" in out


# -- kozyr hokm play in a small terminal ----------------------------------------------------------------------
def _child_env() -> dict[str, str]:
    env = dict(os.environ)
    root = str(Path(kozyr.__file__).resolve().parent.parent)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (root, env.get("PYTHONPATH", "")) if p)
    env.pop("NO_COLOR", None)
    env.pop("COLUMNS", None)
    env.pop("LINES", None)
    return env


ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
PROMPT = re.compile(r"(Name trump \[s h d c\]|Your card \[([^\]]*)\]): ")


def test_hokm_play_below_the_minimum_is_refused_in_one_line() -> None:
    pexpect: Any = pytest.importorskip("pexpect")
    child = pexpect.spawn(sys.executable, ["-m", "kozyr.cli", "hokm", "play", "--seed", "1"], env=_child_env(),
                          dimensions=(24, 30), encoding="utf-8", timeout=30)
    child.expect(pexpect.EOF)
    child.close()
    text = ANSI.sub("", child.before).replace("\r", "").strip()
    assert child.exitstatus == 2, text
    assert text.splitlines() == ["kozyr hokm: error: the terminal is 30x24: kozyr hokm play needs at least 40x16 "
                                 "(80x24 for the full table)"], text


@pytest.mark.parametrize("lines, columns", [(16, 40), (20, 60)])
def test_hokm_play_in_a_small_terminal_draws_a_compact_table(lines: int, columns: int) -> None:
    pexpect: Any = pytest.importorskip("pexpect")
    child = pexpect.spawn(sys.executable, ["-m", "kozyr.cli", "hokm", "play", "--seed", "3", "--target", "1",
                                           "--delay", "0", "--bots", "greedy", "greedy", "greedy"],
                          env=_child_env(), dimensions=(lines, columns), encoding="utf-8", timeout=60)
    output = []
    for _ in range(200):
        if child.expect([PROMPT, pexpect.EOF]) == 1:
            output.append(child.before)
            break
        output.append(child.before + child.after)
        keys = child.match.group(2)
        child.sendline(re.split(r"[ -]", keys)[0] if keys else "s")
    else:
        pytest.fail("the match did not end in 200 answers")
    child.close()
    text = "".join(output)
    assert child.exitstatus == 0, text[-2000:]
    frames = [ANSI.sub("", f).replace("\r", "") for f in text.split("\x1b[2J")[1:]]
    assert len(frames) > 5
    for frame in frames:
        rows = frame.rstrip("\n").split("\n")
        assert len(rows) <= lines, f"a frame of {len(rows)} lines:\n{frame}"
        assert all(cell_len(row) <= columns for row in rows if "Replay: " not in row), frame
        assert "Tricks" in frame


@pytest.mark.parametrize("width, height", [(40, 16), (60, 20), (79, 24), (80, 18)])
def test_the_compact_hokm_table_fits_every_position(width: int, height: int) -> None:
    """Every position of whole matches, drawn at the size with a long narration, fits with its prompt."""
    import random

    from kozyr.cli._terminal import Look, screen_fits
    from kozyr.cli.hokm_play import Options, Session
    from kozyr.hokm import Phase, RandomBot

    class Small:   # a live screen's size, without a terminal
        log: list[str] = ["Seat 3 plays A♠. Trick to them: seat 3 wins with A♠, the highest spade."] * 6
        live = True

        def __init__(self, look: Look) -> None:
            self.look = look
            self.width = width

    checked = 0
    for seed in range(6):
        for look in (Look(), Look(ascii=True, colour=False)):
            screen: Any = Small(look)
            session = Session(Options(seed=str(seed), target=3, bots=("random", "random", "random")), screen)
            bots = [RandomBot(random.Random(f"{seed}:{s}")) for s in range(4)]
            match = session.match
            while not match.over:
                seat = match.to_act
                assert seat is not None
                view = match.view(seat)
                if seat == session.you:
                    status = "You are hakem: name trump from your five cards." if match.phase is Phase.CHOOSE_TRUMP \
                        else "Follow spades if you can."
                    lines = session.table(status, "Keys: a card number or name   ? hint   q quit")(width, height)
                    assert screen_fits(lines, session.prompt(session.view()), width, height), \
                        [line.plain for line in lines]
                    checked += 1
                if match.phase is Phase.CHOOSE_TRUMP:
                    match.choose_trump(seat, bots[seat].choose_trump(view))
                else:
                    match.play(seat, bots[seat].play(view))
    assert checked > 200
