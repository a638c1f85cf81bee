"""Small things a new user tripped on (issue 27, item 6): `python -m kozyr`, the help and the docs
agreeing on the rungs, one seed format and one hint key in both terminal games, and the wording."""
from __future__ import annotations

import re
import subprocess
import sys
from itertools import cycle, islice
from pathlib import Path

import pytest

from kozyr.cli.durak_keys import Command, parse_key
from kozyr.durak import Game, pad_seed

ROOT = Path(__file__).resolve().parents[2]


def _kozyr(*argv: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "kozyr", *argv], input=stdin, capture_output=True, text=True,
                          timeout=300, env={"NO_COLOR": "1", "COLUMNS": "80", "LINES": "24", "PATH": "/usr/bin:/bin"})


def test_python_dash_m_kozyr_is_the_kozyr_command() -> None:
    run = _kozyr("--help")
    assert run.returncode == 0, run.stderr
    assert run.stdout.startswith("usage: kozyr") and "ladder" in run.stdout


def test_the_help_and_the_docs_list_every_rung() -> None:
    sprt = _kozyr("sprt", "--help").stdout
    assert "4 search" in " ".join(sprt.split())
    play = _kozyr("play", "--help").stdout
    assert "--level {1,2,3,4}" in play
    for page in ("docs/play.md", "docs/tutorials/durak.md"):
        text = (ROOT / page).read_text(encoding="utf-8")
        levels = set(re.findall(r"--level 1\.\.(\d)", text))
        assert levels == {"4"}, (page, levels)


def test_one_hint_key_in_both_games() -> None:
    view = Game.from_seed(pad_seed("hint")).view(0)
    assert parse_key("?", view) == Command("hint")
    run = _kozyr("play", "--seed", "hint", stdin="?\nq\n")
    assert "Hint:" in run.stdout and "? hint" in run.stdout, run.stdout[-800:]
    run = _kozyr("hokm", "play", "--seed", "hint", "--target", "1", stdin="?\nq\n")
    assert "Hint:" in run.stdout and "? hint" in run.stdout, run.stdout[-800:]


def test_one_seed_format_in_both_games() -> None:
    """Both take the seed as text (at most 32 ASCII bytes) and print a replay command that quotes it."""
    durak = _kozyr("play", "--seed", "a b", stdin="q\n")
    hokm = _kozyr("hokm", "play", "--seed", "a b", "--target", "1", stdin="q\n")
    assert "--seed 'a b'" in durak.stdout.splitlines()[-1]
    assert "--seed 'a b'" in hokm.stdout.splitlines()[-1], hokm.stdout[-400:]
    for argv in (["play"], ["hokm", "play"]):
        bad = _kozyr(*argv, "--seed", "é" * 40)
        assert bad.returncode == 2 and "is not ASCII text of at most 32 bytes" in bad.stderr


def test_a_hokm_match_in_words() -> None:
    """'(a hand is 7 tricks)', '1 hands' and 'them take' read right."""
    keys = list(islice(cycle(["s"] + [str(n) for n in range(1, 14)]), 14 * 60))
    run = _kozyr("hokm", "play", "--seed", "words", "--target", "1", "--bots", "greedy", "greedy", "greedy",
                 stdin="\n".join(keys) + "\n")
    out = run.stdout
    assert run.returncode == 0, run.stderr
    assert "(first to 7 tricks)" in out and "a hand is" not in out
    assert re.search(r"after 1 hand\.\s+Replay", out), out[-400:]   # the replay line wraps at 80 columns
    assert re.search(r"Hand 1: (We|They) take ", out) and not re.search(r"\b(us|them) take\b", out)
    assert not re.search(r"\b1 cards\b", out)


@pytest.mark.parametrize("keys", ["r\ny\n", "\n".join(["1", "t", "d"] * 80) + "\n"])
def test_the_durak_verdict_is_said_once(keys: str) -> None:
    out = _kozyr("play", "--seed", "demo", "--level", "3", stdin=keys).stdout
    verdicts = [line for line in out.splitlines() if line.endswith("the fool.") or line.startswith("A draw")]
    assert len(verdicts) == 1, verdicts



def test_replay_file_shows_the_deal_bout_by_bout(tmp_path: Path) -> None:
    """`kozyr replay --file` showed only the move list: now the trump, both hands as dealt, and each bout
    with what beat what and how it ended, cards written `10♠` where the output can show the suits."""
    from kozyr.cards import pretty
    from kozyr.durak import Bot
    from kozyr.durak.records import bouts, save

    game = Game.from_seed(pad_seed("replay-words"), 3)
    dealt = [sorted(game.hands[s], key=lambda c: (c >> 4, c & 15)) for s in (0, 1)]
    players = (Bot(3, "a"), Bot(2, "b"))
    while game.turn is not None:
        move = players[game.turn].choose(game.view(game.turn))
        assert move is not None
        game.apply(game.turn, move)
    path = tmp_path / "deal.json"
    save(game, str(path), seed=pad_seed("replay-words"), number=3)
    run = subprocess.run([sys.executable, "-m", "kozyr", "replay", "--file", str(path)], capture_output=True,
                         text=True, encoding="utf-8", timeout=120,
                         env={"PYTHONIOENCODING": "utf-8", "PATH": "/usr/bin:/bin"})
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    assert "trump " + "♠♥♦♣"[game.trump] in lines[0]
    for seat in (0, 1):
        assert lines[1 + seat] == f"  seat {seat} was dealt {' '.join(pretty(c) for c in dealt[seat])}"
    played = bouts(game)
    bout_lines = [line for line in lines if re.match(r"^\s+\d+\. seat [01] attacks: ", line)]
    assert len(bout_lines) == len(played)
    for line, bout in zip(bout_lines, played):
        first, beat = bout.pairs[0]
        said = f"{pretty(first)} beaten by {pretty(beat)}" if beat is not None else f"{pretty(first)} unbeaten"
        assert f"attacks: {said}" in line
        assert line.endswith(f"taken by seat {1 - bout.attacker}" if bout.taken else ")") or "beaten off" in line
    assert lines[-1].startswith("result: ")
