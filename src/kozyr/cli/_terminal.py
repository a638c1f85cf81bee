"""The screens of the two terminal games (`kozyr play`, `kozyr hokm play`): one family, written once.

A game's loop does not know where it is shown. It hands its screen a `Draw`
(a function of the width and height it may use, returning the table's lines
above the prompt), narration lines, messages and prompts; the screen is one
of two kinds:

- `LiveScreen`, on a terminal: the table is cleared and drawn again after
  every move, narration kept in `log` for the table to show, in colour when
  allowed. The full table is 80x24; a smaller terminal gets the game's
  compact table (the draw is called with the smaller size), down to
  `MIN_WIDTH` x `MIN_HEIGHT`; below that `make_screen` refuses in one line.
- `TranscriptScreen`, on a pipe or a file: plain lines in order, the table
  printed before each of your turns at 80 columns, narration printed as it
  comes, keys read line by line and echoed, so a game can be scripted.

Also here: the closing replay command, wrapped between options (`replay_lines`);
how cards look on a screen (`Look`: the library's card text, in colour or not),
reading a line, the `--delay` option, the terminal's size and the key list
of a prompt (`key_ranges`).
"""
from __future__ import annotations

import argparse
import os
import shlex
import sys
import textwrap
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TextIO

from rich.cells import cell_len
from rich.console import Console
from rich.text import Text

from kozyr.cards import suit_of
from kozyr.cardtext import CardText
from kozyr.errors import KozyrError, shown

__all__ = ["WIDTH", "HEIGHT", "MIN_WIDTH", "MIN_HEIGHT", "Look", "Draw", "Screen", "LiveScreen", "TranscriptScreen",
           "make_screen", "read_line", "delay_seconds", "look_for", "live_console", "terminal_size", "key_ranges",
           "clip", "wrapped", "screen_fits", "replay_lines", "play_in_terminal", "ask_until_moved", "add_look_options",
           "seat_of_four"]

WIDTH = 80
HEIGHT = 24
MIN_WIDTH = 40   # below this a live screen is refused
MIN_HEIGHT = 16  # the compact tables with a full hand, status, keys and the prompt

RED_SUITS = (1, 2)  # hearts, diamonds

Draw = Callable[[int, int], list[Text]]
"""A table to show: (width, height) -> its lines, at most height - 1 of them (the prompt takes the last)."""


@dataclass(frozen=True)
class Look(CardText):
    """How to draw: cards as text (`kozyr.cardtext.CardText`: Unicode suits or the letters S H D C), with
    colour or without.

    Plain output (ASCII, or no colour) marks the cards you may play with
    brackets, because dimming is invisible there.
    """

    colour: bool = True

    def card_style(self, c: int) -> str:
        return "red" if self.colour and suit_of(c) in RED_SUITS else ""


# -- the two screens -------------------------------------------------------------------------------------------
class Screen(Protocol):
    """Where a game shows itself and reads keys; the loop does not know which kind."""

    look: Look
    log: list[str]   # narration for the table to draw (a transcript prints it instead and keeps this empty)

    @property
    def live(self) -> bool: ...
    @property
    def width(self) -> int: ...
    def show(self, draw: Draw, below: int = 1) -> None: ...
    def tell(self, lines: Sequence[str]) -> None: ...
    def notice(self, draw: Draw, message: str) -> None: ...
    def wait(self, draw: Draw) -> None: ...
    def ask(self, prompt: str) -> str | None: ...
    def close(self, lines: Sequence[str]) -> None: ...
    def end(self, draw: Draw, lines: Sequence[str]) -> None: ...


@dataclass
class LiveScreen:
    """A terminal: the table is cleared and drawn again after every move, narration kept for it in `log`."""

    console: Console
    look: Look
    delay: float
    log: list[str] = field(default_factory=list)

    @property
    def live(self) -> bool:
        return True

    def size(self) -> tuple[int, int]:
        """The width and height the table may use now: the terminal's, at most 80x24."""
        width, height = terminal_size(self.console.file)
        return min(width, WIDTH), min(height, HEIGHT)

    @property
    def width(self) -> int:
        return self.size()[0]

    def show(self, draw: Draw, below: int = 1) -> None:
        """Clear and draw the table, leaving `below` lines under it (the prompt, or the last lines).

        A compact table gives up rows for the lines below; the full one has room for two.
        """
        width, height = self.size()
        if width < WIDTH or height < HEIGHT:
            height -= below - 1
        self.console.clear()
        for line in draw(width, height):
            self.console.print(line, no_wrap=True, overflow="crop")

    def tell(self, lines: Sequence[str]) -> None:
        self.log.extend(lines)

    def notice(self, draw: Draw, message: str) -> None:
        """A key did nothing: the table again, the message in it (the draw shows it as the status)."""
        self.show(draw)

    def wait(self, draw: Draw) -> None:
        """Show the table while a bot is on turn, long enough for a person to see the last move."""
        self.show(draw)
        if self.delay > 0:
            time.sleep(self.delay)

    def ask(self, prompt: str) -> str | None:
        return read_line(prompt, echo=False, out=self.console.file)

    def close(self, lines: Sequence[str]) -> None:
        """The last lines under the final table, left on the screen (wrapped by the terminal, not cut)."""
        for line in lines:
            self.console.print(Text(line, style="bold" if self.look.colour else ""), soft_wrap=True)

    def end(self, draw: Draw, lines: Sequence[str]) -> None:
        """The final table with room under it for `lines` as the terminal wraps them, then the lines."""
        columns = max(1, terminal_size(self.console.file)[0])
        rows = sum(max(1, -(-cell_len(line) // columns)) for line in lines)
        self.show(draw, below=max(1, rows))
        self.close(lines)


@dataclass
class TranscriptScreen:
    """A pipe or a file: plain lines in order, the table printed before each of your turns.

    `header`, when given, is printed once at the start.
    """

    out: TextIO
    look: Look
    header: str = ""
    log: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        if self.header:
            self._print(self.header[:WIDTH])

    @property
    def live(self) -> bool:
        return False

    @property
    def width(self) -> int:
        return WIDTH

    def _print(self, text: str = "") -> None:
        self.out.write(text + "\n")
        self.out.flush()

    def show(self, draw: Draw, below: int = 1) -> None:
        self._print()
        for line in draw(WIDTH, HEIGHT):
            self._print(line.plain.rstrip())

    def tell(self, lines: Sequence[str]) -> None:
        for line in lines:
            self._print(line)

    def notice(self, draw: Draw, message: str) -> None:
        self._print(message)

    def wait(self, draw: Draw) -> None:
        """Nothing: a transcript shows the table only when you are asked to move."""

    def ask(self, prompt: str) -> str | None:
        return read_line(prompt, echo=True, out=self.out)

    def close(self, lines: Sequence[str]) -> None:
        self.tell(lines)

    def end(self, draw: Draw, lines: Sequence[str]) -> None:
        self.show(draw)
        self.close(lines)


def make_screen(out: TextIO, *, program: str, ascii: bool, symbols: str, delay: float, header: str = "") -> Screen:
    """A live screen on a terminal, a transcript otherwise (`header` printed at its start); ASCII and colour as
    asked and possible. A terminal below MIN_WIDTH x MIN_HEIGHT is a KozyrError small_terminal naming `program`."""
    look = look_for(out, ascii=ascii, symbols=symbols)
    if not out.isatty():
        return TranscriptScreen(out=out, look=look, header=header)
    width, height = terminal_size(out)
    if width < MIN_WIDTH or height < MIN_HEIGHT:
        raise KozyrError("small_terminal", f"the terminal is {width}x{height}: {program} needs at least "
                         f"{MIN_WIDTH}x{MIN_HEIGHT} ({WIDTH}x{HEIGHT} for the full table)", value=(width, height))
    return LiveScreen(console=live_console(out, look, width=max(width, MIN_WIDTH)), look=look, delay=delay)


# -- the parts ----------------------------------------------------------------------------------------------------
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


def terminal_size(out: Any) -> tuple[int, int]:
    """(columns, lines) of the terminal behind `out`; 80x24 when it cannot be asked."""
    try:
        size = os.get_terminal_size(out.fileno())
    except (AttributeError, OSError, ValueError):
        return WIDTH, HEIGHT
    return size.columns or WIDTH, size.lines or HEIGHT


def key_ranges(keys: Sequence[str]) -> str:
    """Keys as a prompt lists them: runs of numbers as ranges, `1-6 9 t x`, so even 36 fit a line."""
    numbers = [int(k) for k in keys if k.isdigit()]
    parts: list[str] = []
    start = None
    for i, n in enumerate(numbers):
        if start is None:
            start = n
        if i + 1 == len(numbers) or numbers[i + 1] != n + 1:
            parts.append(str(n) if n == start else f"{start}-{n}")
            start = None
    return " ".join(parts + [k for k in keys if not k.isdigit()])


def clip(text: Text, width: int = WIDTH) -> Text:
    """A line cut to the screen width, so a long seed or message cannot wrap the table."""
    if cell_len(text.plain) > width:
        text.truncate(width - 1, overflow="ellipsis")
    return text


def wrapped(log: Sequence[str], width: int, room: int) -> list[str]:
    """The newest narration that fits `room` lines of `width` columns, each entry wrapped to the width."""
    lines = [part for entry in log for part in textwrap.wrap(entry, width) or [""]]
    return lines[len(lines) - room:] if room > 0 else []


def screen_fits(lines: Sequence[Text], prompt: str = "", width: int = WIDTH, height: int = HEIGHT) -> bool:
    """Whether the lines plus the prompt line fit a terminal of width x height (80x24 by default)."""
    texts = [t.plain for t in lines] + ([prompt] if prompt else [])
    return len(texts) <= height and all(cell_len(t) <= width for t in texts)


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


def _option_words(command: str) -> list[str]:
    """A command's words with each option kept beside its value (`--seats 4`), so a wrapped line never parts them."""
    words: list[str] = []
    for word in shlex.split(command):
        quoted = shlex.quote(word)
        if words and words[-1].startswith("--") and " " not in words[-1] and not word.startswith("--"):
            words[-1] += " " + quoted
        else:
            words.append(quoted)
    return words


def replay_lines(sentence: str, command: str, width: int = WIDTH) -> list[str]:
    r"""A game's last lines: `sentence`, then `Replay: command` on a line of its own. A command longer than
    `width` goes on lines of its own joined by backslashes, broken only between options, so a terminal of
    `width` columns never wraps it mid-word and the lines paste back into a shell as one command.

    >>> replay_lines("Over.", "kozyr hokm play --seat 0 --bots greedy greedy greedy --target 2 --seed 4", 40)
    ['Over.', 'Replay:', 'kozyr hokm play --seat 0 --bots greedy \\', '  greedy greedy --target 2 --seed 4']
    """
    line = f"Replay: {command}"
    if len(line) <= width:
        return [sentence, line]
    lines, current = [sentence, "Replay:"], ""
    for word in _option_words(command):
        if current and len(current) + 1 + len(word) + 2 > width:
            lines.append(current + " \\")
            current = "  " + word
        else:
            current = f"{current} {word}" if current else word
    return [*lines, current]


# -- the terminal games' shared plumbing --------------------------------------------------------
class Played(Protocol):
    """A terminal game's session: `run()` plays it to the end and returns the exit status."""

    def run(self) -> int: ...


class Replayable(Protocol):
    """A terminal game's options: the screen's look, and the command that plays the same game again."""

    @property
    def ascii(self) -> bool: ...

    @property
    def delay(self) -> float: ...

    def replay_command(self) -> str: ...


def play_in_terminal(session: Callable[[Screen], Played], options: Replayable, *, program: str,
                     symbols: str) -> int:
    """The `run` of a terminal game (`kozyr hokm play`, `kozyr pref play`): the screen on stdout, the
    session on it, and Ctrl-C ending the game with its replay line and exit status 130."""
    screen = make_screen(sys.stdout, program=program, ascii=options.ascii, symbols=symbols, delay=options.delay)
    played = session(screen)
    try:
        return played.run()
    except KeyboardInterrupt:
        sys.stdout.write("\n" + "\n".join(replay_lines("Interrupted.", options.replay_command())) + "\n")
        return 130


def ask_until_moved(screen: Screen, table: Callable[[str], Draw], prompt: str,
                    press: Callable[[str], str | None], *, leaving: str) -> bool:
    """Your turn's key loop: ask, act on the key (`press` returns None once the game moved, else the
    one-line message to show, redrawing the table with it), again until a key moves the game. False at
    the end of input, after saying `leaving`."""
    while True:
        line = screen.ask(prompt)
        if line is None:
            screen.tell([leaving])
            return False
        message = press(line.strip())
        if message is None:
            return True
        screen.notice(table(message), message)


def seat_of_four(text: str) -> int:
    """An argparse type: `--seat` of a four-chair table, 0 to 3 (a game of three refuses seat 3 itself)."""
    if text not in ("0", "1", "2", "3"):
        raise argparse.ArgumentTypeError(f"seat {shown(text)} is not 0, 1, 2 or 3")
    return int(text)


def add_look_options(p: argparse.ArgumentParser, *, delay: float, what: str) -> None:
    """`--ascii` and `--delay SECONDS`, as every terminal game takes them (`what`: a bot's move, card...)."""
    p.add_argument("--ascii", action="store_true", help="suits as S H D C, no colour")
    p.add_argument("--delay", type=delay_seconds, default=delay, metavar="SECONDS",
                   help=f"seconds each bot {what} stays on a terminal (default {delay})")
