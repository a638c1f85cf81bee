"""The terminal games' shared plumbing (kozyr.cli._terminal): your turn's key loop and the look options."""
from __future__ import annotations

import argparse
from typing import Any, cast

import pytest

from kozyr.cli._terminal import Screen, add_look_options, ask_until_moved, seat_of_four


class Scripted:
    """A screen that answers from a script (None: the end of input) and records what it was told."""

    def __init__(self, *answers: str | None) -> None:
        self.answers = list(answers)
        self.told: list[str] = []
        self.notices: list[str] = []
        self.prompts: list[str] = []

    def ask(self, prompt: str) -> str | None:
        self.prompts.append(prompt)
        return self.answers.pop(0)

    def tell(self, lines: list[str]) -> None:
        self.told.extend(lines)

    def notice(self, draw: Any, message: str) -> None:
        self.notices.append(message)


def table(message: str) -> Any:
    """The table redrawn with a message (the loop hands it to the screen's notice; here it is the message)."""
    return message


def press(key: str) -> str | None:
    return None if key == "go" else f"{key!r} is not a key here"


def test_the_loop_asks_until_a_key_moves_the_game() -> None:
    screen = Scripted(" x ", "", "go", "never asked")
    assert ask_until_moved(cast(Screen, screen), table, "Your card: ", press, leaving="bye") is True
    assert screen.notices == ["'x' is not a key here", "'' is not a key here"]
    assert screen.prompts == ["Your card: "] * 3 and screen.told == [] and screen.answers == ["never asked"]


def test_the_end_of_input_leaves_after_saying_so() -> None:
    screen = Scripted("x", None)
    assert ask_until_moved(cast(Screen, screen), table, "? ", press, leaving="bye") is False
    assert screen.told == ["bye"] and screen.notices == ["'x' is not a key here"]


def test_the_options() -> None:
    p = argparse.ArgumentParser()
    add_look_options(p, delay=0.25, what="card")
    p.add_argument("--seat", type=seat_of_four, default=0)
    args = p.parse_args(["--ascii", "--seat", "3"])
    assert args.ascii and args.delay == 0.25 and args.seat == 3
    with pytest.raises(SystemExit):
        p.parse_args(["--seat", "4"])
