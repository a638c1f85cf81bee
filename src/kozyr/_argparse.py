"""The argument parser every `kozyr` command shares: a bad argument is one line and exit 2.

argparse's default prints the whole usage block before the error; scripts and
people both read one line better. Subparsers inherit the class, so one parser
at the top of the tree is enough.
"""
from __future__ import annotations

import argparse
from typing import NoReturn


class OneLineParser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message}\n")


def count(text: str) -> int:
    """An argparse type: a whole number, 0 or more."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"{text!r} is negative: a count is 0 or more")
    return value


def positive(text: str) -> int:
    """An argparse type: a whole number, 1 or more."""
    value = count(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text!r} must be at least 1")
    return value
