"""Whole deals of `kozyr play` driven through its real input and output.

Three ways in, as a person or a script would come: a pseudo-terminal
(pexpect: the live, redrawn screen), a pipe (a subprocess whose stdout is not a
terminal: the plain transcript) and `main(argv)` with stdin/stdout patched.
Each answers every prompt with the first key the prompt offers, reading the
keys from the prompt itself, so the script follows whatever the deal does.
"""
from __future__ import annotations

import io
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from rich.cells import cell_len

import kozyr
from kozyr.cli import main as kozyr_main


def main(argv: list[str]) -> int:
    """`kozyr play ARGV` in this process; the exit status."""
    return kozyr_main(["play", *argv])

PROMPT = re.compile(r"Your move \[([^\]]*)\]: ")
PROMPT_AT_END = re.compile(r"Your move \[([^\]]*)\]: $")
VERDICT = re.compile(r"^(You are the fool|The bot is the fool|You resigned: you are the fool"
                     r"|A draw: nobody is the fool)\.\n"
                     r"Replay: kozyr play --seed \S+ --level [123] --seat [01]$")
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
PROGRAM = "import sys; from kozyr.cli import main; sys.exit(main(['play', *sys.argv[1:]]))"
CASES = [("play-1", 1, 0), ("play-2", 2, 1), ("play-3", 3, 0), ("durak-one", 3, 1)]


def child_env(**extra: str) -> dict[str, str]:
    """The current environment, with the directory kozyr was imported from first on PYTHONPATH.

    Nothing is hard-coded: run from a checkout that is src/, run against the
    installed package it is site-packages, and the child imports the same kozyr.
    """
    env = dict(os.environ)
    root = str(Path(kozyr.__file__).resolve().parent.parent)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (root, env.get("PYTHONPATH", "")) if p)
    env.pop("NO_COLOR", None)
    env.update(extra)
    return env


def first_key(keys: str) -> str:
    """The first key a prompt offers; numbers come as ranges, `1-6 9 t`."""
    return keys.split()[0].split("-")[0]


def last_line(text: str) -> str:
    """The verdict and the replay line: the last two lines, joined by a newline."""
    return "\n".join(ANSI.sub("", text).replace("\r", "").rstrip().splitlines()[-2:])


# -- a pseudo-terminal -------------------------------------------------------------

def play_on_a_pty(args: list[str], env: dict[str, str] | None = None, size: tuple[int, int] = (24, 80)) -> str:
    pexpect: Any = pytest.importorskip("pexpect")
    child = pexpect.spawn(sys.executable, ["-c", PROGRAM, "--delay", "0", *args], env=env or child_env(),
                          dimensions=size, encoding="utf-8", timeout=30)
    output = []
    try:
        for _ in range(400):
            if child.expect([PROMPT, pexpect.EOF]) == 1:
                output.append(child.before)
                break
            output.append(child.before + child.after)
            child.sendline(first_key(child.match.group(1)))
        else:
            pytest.fail("the deal did not end in 400 moves")
    finally:
        child.close(force=True)
    assert child.exitstatus == 0, output[-1]
    return "".join(output)


def screens(output: str) -> list[str]:
    """The live screen's frames: the text between clear-screen escapes."""
    return [ANSI.sub("", frame).replace("\r", "") for frame in output.split("\x1b[2J")[1:]]


@pytest.mark.parametrize("seed,level,seat", CASES)
def test_a_whole_deal_on_a_pseudo_terminal(seed: str, level: int, seat: int) -> None:
    output = play_on_a_pty(["--seed", seed, "--level", str(level), "--seat", str(seat)])
    assert VERDICT.match(last_line(output)), last_line(output)
    frames = screens(output)
    assert len(frames) > 5, "the table was not redrawn in place"
    for frame in frames:
        lines = frame.rstrip("\n").split("\n")
        assert len(lines) <= 24, f"a frame of {len(lines)} lines"
        assert all(cell_len(line) <= 80 for line in lines), frame
    assert "\x1b[" in output and "♠" in output + "♥♦♣" and "Your hand" in frames[0]


@pytest.mark.parametrize("lines, columns", [(20, 60), (16, 40)])
def test_a_small_terminal_gets_a_compact_table(lines: int, columns: int) -> None:
    """Item 18: in 60x20 the header and narration wrapped and a large hand scrolled the table away."""
    output = play_on_a_pty(["--seed", "play-2", "--level", "2", "--seat", "1"], size=(lines, columns))
    assert VERDICT.match(last_line(output)), last_line(output)
    frames = screens(output)
    assert len(frames) > 5
    for frame in frames:
        rows = frame.rstrip("\n").split("\n")
        assert len(rows) <= lines, f"a frame of {len(rows)} lines"   # the table and the prompt
        # the replay command cannot be cut; the terminal wraps it on a screen narrower than it
        assert all(cell_len(row) <= columns for row in rows if not row.startswith("Replay: ")), frame
        assert rows[0].startswith("The bot") and "Your hand" in frame


def test_a_terminal_below_the_minimum_is_refused_in_one_line() -> None:
    pexpect: Any = pytest.importorskip("pexpect")
    child = pexpect.spawn(sys.executable, ["-c", PROGRAM, "--seed", "tiny"], env=child_env(), dimensions=(12, 30),
                          encoding="utf-8", timeout=30)
    child.expect(pexpect.EOF)
    child.close()
    text = ANSI.sub("", child.before).replace("\r", "").strip()
    assert child.exitstatus == 2, text
    assert text.splitlines() == ["kozyr play: error: the terminal is 30x12: kozyr play needs at least 40x16 "
                                 "(80x24 for the full table)"]


def test_ascii_and_no_color_on_a_terminal_have_no_colour_and_no_suit_symbols() -> None:
    for args, env in ((["--ascii"], child_env()), ([], child_env(NO_COLOR="1"))):
        output = play_on_a_pty(["--seed", "plain", "--level", "2", *args], env)
        styles = [code for code in re.findall(r"\x1b\[([0-9;]*)m", output) if code not in ("", "0")]
        assert styles == [], f"colour codes with {args or 'NO_COLOR'}: {styles[:5]}"
        assert not set(ANSI.sub("", output)) & set("♠♥♦♣▮▲"), args
        assert VERDICT.match(last_line(output))


# -- a pipe ---------------------------------------------------------------------------

def play_through_a_pipe(args: list[str], bad: tuple[str, ...] = ()) -> str:
    """Run the program with stdout a pipe; answer each prompt (after the bad keys, if any)."""
    proc = subprocess.Popen([sys.executable, "-c", PROGRAM, *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, env=child_env(), text=True, encoding="utf-8", bufsize=0)
    assert proc.stdin is not None and proc.stdout is not None
    seen = ""
    try:
        while True:
            ch = proc.stdout.read(1)
            if not ch:
                break
            seen += ch
            if ch == " " and (match := PROMPT_AT_END.search(seen[-120:])):
                answers = [*bad, first_key(match.group(1))]
                proc.stdin.write("\n".join(answers) + "\n")
                proc.stdin.flush()
                # the bad keys answered their own prompts: skip those prompts
                for _ in bad:
                    seen += read_until_prompt(proc.stdout)
    finally:
        proc.stdin.close()
        assert proc.wait(timeout=30) == 0, proc.stderr.read() if proc.stderr else ""
    return seen


def read_until_prompt(stream: Any) -> str:
    text = ""
    while not PROMPT.search(text):
        ch = stream.read(1)
        if not ch:
            break
        text += ch
    return text


@pytest.mark.parametrize("seed,level,seat", CASES)
def test_a_whole_deal_through_a_pipe_is_a_plain_transcript(seed: str, level: int, seat: int) -> None:
    transcript = play_through_a_pipe(["--seed", seed, "--level", str(level), "--seat", str(seat)])
    assert VERDICT.match(last_line(transcript)), last_line(transcript)
    assert "\x1b" not in transcript, "escape codes in a transcript"
    assert transcript.count("Your hand") >= 5


def test_bad_keys_through_a_pipe_change_nothing() -> None:
    """The same deal with bad keys before every answer narrates the same moves and ends the same."""
    args = ["--seed", "bad-keys-pipe", "--level", "1", "--seat", "1"]
    clean = play_through_a_pipe(args)
    noisy = play_through_a_pipe(args, bad=("zz", "99", "", "?"))
    assert last_line(noisy) == last_line(clean)

    def moves(text: str) -> list[str]:
        return [line for line in text.splitlines() if line.startswith(("You ", "The bot ", "Bout "))]
    assert moves(noisy) == moves(clean)
    assert noisy.count("'zz' is not a key") == clean.count("Your move")


# -- main(argv) with patched stdio ----------------------------------------------------------

class PromptReader(io.StringIO):
    """A stdin that answers the last prompt written to `out` with its first key."""

    def __init__(self, out: io.StringIO) -> None:
        super().__init__()
        self.out = out
        self.answered = 0

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        prompts = PROMPT.findall(self.out.getvalue())
        assert len(prompts) == self.answered + 1, "asked for input without a new prompt"
        self.answered += 1
        return first_key(prompts[-1]) + "\n"


@pytest.mark.parametrize("seed,level,seat", CASES)
def test_a_whole_deal_through_main(seed: str, level: int, seat: int, monkeypatch: pytest.MonkeyPatch) -> None:
    out = io.StringIO()
    monkeypatch.setattr("sys.stdout", out)
    monkeypatch.setattr("sys.stdin", PromptReader(out))
    assert main(["--seed", seed, "--level", str(level), "--seat", str(seat)]) == 0
    assert VERDICT.match(last_line(out.getvalue())), last_line(out.getvalue())


def test_the_same_seed_replays_the_same_deal(monkeypatch: pytest.MonkeyPatch) -> None:
    runs = []
    for _ in range(2):
        out = io.StringIO()
        monkeypatch.setattr("sys.stdout", out)
        monkeypatch.setattr("sys.stdin", PromptReader(out))
        assert main(["--seed", "replay-me", "--level", "1"]) == 0
        runs.append(out.getvalue())
    assert runs[0] == runs[1]


@pytest.mark.parametrize("argv", [["--level", "5"], ["--seat", "3"]])
def test_bad_arguments_from_the_console(argv: list[str]) -> None:
    run = subprocess.run([sys.executable, "-c", PROGRAM, *argv], capture_output=True, text=True, env=child_env(),
                         timeout=30)
    assert run.returncode == 2
    assert len(run.stderr.splitlines()) == 1 and run.stdout == ""
