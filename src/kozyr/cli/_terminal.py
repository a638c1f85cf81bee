"""What the two terminal games (`kozyr play`, `kozyr hokm play`) share: reading a line, the
`--delay` option, how to draw on a given output (Unicode suits and colour, or not) and the console
a live screen draws with."""
from __future__ import annotations

import argparse
import os
import sys
from typing import Any, TextIO

from rich.console import Console

from kozyr.cli.play_render import Look
from kozyr.errors import shown


def read_line(prompt: str, *, echo: bool, out: Any) -> str | None:
    """One line from stdin after the prompt; None at the end of input.

    A transcript echoes the line, because piped input is not echoed by anyone
    and the transcript should read as the game was played.
    """
    out.write(prompt)
    out.flush()
    line = sys.stdin.readline()
    if not line:
        out.write("\n")
        out.flush()
        return None
    if echo:
        out.write(line if line.endswith("\n") else line + "\n")
        out.flush()
    return line.rstrip("\r\n")


def delay_seconds(text: str) -> float:
    """`--delay`: seconds a bot's move stays on screen, 0 to 10."""
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 <= value <= 10:
        raise argparse.ArgumentTypeError(f"delay {shown(text)} is not 0 to 10 seconds")
    return value


def look_for(out: TextIO, *, ascii: bool, symbols: str) -> Look:
    """How to draw on `out`: plain (letters for suits, no colour) when asked, under NO_COLOR, or when
    the output cannot encode `symbols` (the suits and whatever else the game draws); colour only on
    a terminal."""
    plain = ascii or bool(os.environ.get("NO_COLOR")) or not _can_write(out, symbols)
    return Look(ascii=plain, colour=out.isatty() and not plain)


def live_console(out: TextIO, look: Look, width: int) -> Console:
    """The rich console of a live screen: colour only as `look` allows, and the game's text printed as
    it is (no markup, emoji codes or highlighting read into it)."""
    return Console(file=out, no_color=not look.colour, highlight=False, markup=False, emoji=False, width=width)


def _can_write(out: TextIO, symbols: str) -> bool:
    try:
        symbols.encode(getattr(out, "encoding", None) or "ascii")
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def seed_text(text: str) -> str:
    """`--seed` of both terminal games (kozyr play, kozyr hokm play): ASCII text of at most 32 bytes,
    the durak rules' seed (a hokm match seeds its generators from the same text)."""
    from kozyr.durak import pad_seed

    try:
        pad_seed(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"seed {shown(text)} is not ASCII text of at most 32 bytes") from None
    return text
