"""`kozyr hokm play`: whole matches driven through the program's input and output, piped and on a pty."""
from __future__ import annotations

import os
import re
import sys
from typing import Any

import pytest

from kozyr.cli import main
from kozyr.cli._terminal import Look
from kozyr.cli.hokm_play import hand_order, render_table
from kozyr.hokm import GreedyBot, Hand, Trick, resolve_trick
from kozyr.hokm.narration import trick_phrase

pexpect: Any = pytest.importorskip("pexpect")
pytest.importorskip("pexpect.popen_spawn")

# the child imports the kozyr this test process imports (installed, or a built source tree)
ENV = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in sys.path if p), NO_COLOR="", COLUMNS="80", LINES="24")
ENV.pop("NO_COLOR")
PROMPT = re.compile(r"(Name trump \[s h d c\]|Your card \[([\d ]*)\]): ")


def drive(child: Any, *, bad_keys: bool = True) -> str:
    """Answer every prompt with its first offered key until the match ends; the whole output."""
    seen = []
    tried_bad = not bad_keys
    while True:
        index = child.expect([PROMPT, pexpect.EOF], timeout=60)
        seen.append(child.before if isinstance(child.before, str) else child.before.decode())
        if index == 1:
            return "".join(seen)
        prompt = child.match.group(0)
        seen.append(prompt if isinstance(prompt, str) else prompt.decode())
        if not tried_bad:
            tried_bad = True
            asked = prompt
            for key in ("zz", "99", "?"):  # nothing of these may move the game: the same question again
                child.sendline(key)
                child.expect(PROMPT, timeout=60)
                seen.append(child.before if isinstance(child.before, str) else child.before.decode())
                assert child.match.group(0) == asked
                if isinstance(child, pexpect.popen_spawn.PopenSpawn):  # a transcript: the lines in between
                    between = child.before.split(key, 1)[-1].strip().splitlines()
                    assert len(between) == 1 and " plays " not in between[0], between  # just the message
        if child.match.group(2) is not None:
            child.sendline(child.match.group(2).split()[0])
        else:
            child.sendline("h")


def test_a_whole_match_through_a_pipe() -> None:
    child = pexpect.popen_spawn.PopenSpawn(
        [sys.executable, "-m", "kozyr.cli", "hokm", "play", "--seed", "4", "--target", "2",
         "--bots", "greedy", "greedy", "greedy"], env=ENV, encoding="utf-8", timeout=60)
    out = drive(child)
    child.wait()
    assert child.exitstatus == 0, out
    assert "is not a key" in out and "There is no card 99" in out and "Hint: play" in out
    assert re.search(r"You (win|lose) the match \d+-\d+ after \d+ hands?\.\nReplay: kozyr hokm play --seat 0 "
                     r"--bots greedy greedy greedy --target 2 --seed 4", out), out[-2000:]
    assert re.search(r"Trick to (us|them): .* (wins?|trumps?) with ", out)
    assert re.search(r"Hand 1: (We|They) take ", out)   # issue 27: was "us take" / "them take"
    assert "\x1b[" not in out  # a transcript, no terminal codes
    # The same keys give the same transcript: the match is a function of the seed and the keys.
    again = pexpect.popen_spawn.PopenSpawn(
        [sys.executable, "-m", "kozyr.cli", "hokm", "play", "--seed", "4", "--target", "2",
         "--bots", "greedy", "greedy", "greedy"], env=ENV, encoding="utf-8", timeout=60)
    assert drive(again) == out


def test_as_hakem_you_name_trump_from_five_cards() -> None:
    for seed in range(40):
        child = pexpect.popen_spawn.PopenSpawn(
            [sys.executable, "-m", "kozyr.cli", "hokm", "play", "--seed", str(seed), "--target", "1",
             "--bots", "random", "random", "random"], env=ENV, encoding="utf-8", timeout=60)
        first = child.expect([PROMPT, pexpect.EOF])
        assert first == 0
        if child.match.group(0).startswith("Name trump"):
            table = child.before
            hand_lines = [line for line in table.splitlines() if re.match(r"  . {7}", line) and ":" in line]
            assert sum(len(re.findall(r"\d+:", line)) for line in hand_lines) == 5, table
            child.sendline("x")  # not a suit: refused, asked again
            child.expect(PROMPT)
            assert "is not a suit" in child.before
            child.sendline("?")
            child.expect(PROMPT)
            assert "Hint: name " in child.before
            child.sendline("d")
            out = drive(child, bad_keys=False)
            assert "You name trump: " in out and "diamonds" in out
            return
        child.kill(9)
    pytest.fail("no seed in 0..39 made you the first hakem")


def test_a_whole_match_on_a_pseudo_terminal() -> None:
    child = pexpect.spawn(sys.executable, ["-m", "kozyr.cli", "hokm", "play", "--seed", "9", "--target", "1",
                                           "--delay", "0", "--bots", "greedy", "greedy", "greedy"],
                          env=ENV, encoding="utf-8", timeout=60, dimensions=(24, 80))
    out = drive(child)
    child.close()
    assert child.exitstatus == 0, out[-2000:]
    assert "\x1b[" in out  # redrawn in place with terminal codes
    assert re.search(r"You (win|lose) the match", out)


def test_bad_options_are_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (["hokm", "play", "--seat", "4"], ["hokm", "play", "--bots", "greedy", "oracle", "greedy"],
                 ["hokm", "play", "--target", "0"], ["hokm", "play", "--delay", "x"]):
        assert main(argv) == 2
        err = capsys.readouterr().err
        assert len(err.strip().splitlines()) == 1 and "error" in err


def test_table_fits_80_by_24_and_shows_only_your_cards() -> None:
    h = Hand(0, rng=3)
    h.choose_trump(0, GreedyBot().choose_trump(h.view(0)))
    for _ in range(2):
        seat = h.to_act
        assert seat is not None
        h.play(seat, GreedyBot().play(h.view(seat)))
    view = h.view(2)
    lines = render_table(view, Look(ascii=True, colour=False), header="kozyr hokm", seats=["a", "b", "you", "d"],
                         log=["x" * 200] * 9, status="s", keys="k")
    assert len(lines) <= 22 and all(len(line.plain) <= 80 for line in lines)
    text = "\n".join(line.plain for line in lines)
    for c in h.held(0):  # another seat's cards are never drawn
        assert f":{Look(ascii=True).card(c)}" not in text
    numbers = re.findall(r"\[(\d+):", text)  # the legal cards, in brackets without colour
    assert [hand_order(view)[int(n) - 1] for n in numbers] == sorted(
        view.legal, key=lambda c: hand_order(view).index(c))


def test_trick_phrase_says_why() -> None:
    from kozyr.cards import SPADES, parse_card
    t = Trick(SPADES, [(0, parse_card("AC")), (1, parse_card("2S")), (2, parse_card("KD")), (3, parse_card("7S"))])
    assert trick_phrase(resolve_trick(t), 0, Look(ascii=True)) == "seat 3 trumps with 7S"
    t = Trick(SPADES, [(0, parse_card("7C")), (1, parse_card("AC")), (2, parse_card("KD")), (3, parse_card("JC"))])
    assert trick_phrase(resolve_trick(t), 1, Look(ascii=True)) == "you win with AC, the highest club"
