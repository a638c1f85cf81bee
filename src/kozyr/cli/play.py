"""`kozyr play`: one deal of two-seat durak against a bot, in a terminal.

The program is a loop over the engine: the seat on turn moves (you through a
key, the bot through its rung), the events of the move become a line of
narration, and the table is drawn again from your seat's view, so the screen
can show nothing the rules hide. On a terminal the table is redrawn in place
(80x24, colour through rich; a compact table on a smaller terminal, down to
40x16, and a one-line refusal below that); when stdout is not a terminal the
same game prints a plain transcript and reads keys line by line, so it can be
scripted by piping stdin. Every line is at most 80 columns.

What the table shows beyond the view: after the trump six is exchanged for the
turn-up, the six lies under the talon. Both players saw the exchange, so it is
public; the game remembers it from the `swap` event (never from the engine's
hidden state) and shows "6♦ under the talon" while the talon lasts.

A deal is replayable: the seed text (random unless given) is padded to the
engine's 32 bytes with `pad_seed`, the bot's rung-1 words come from the bot
seed `<seed>:bot`, and the end line prints the command that replays it.
"""
from __future__ import annotations

import argparse
import os
import secrets
import shlex
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TextIO

from rich.console import Console
from rich.text import Text

from kozyr.cli._terminal import delay_seconds, live_console, look_for, read_line, seed_text
from kozyr.cli.play_keys import Command, Refusal, key_summary, legal_keys, move_key, parse_key
from kozyr.cli.play_render import (
    HEIGHT,
    MIN_HEIGHT,
    MIN_WIDTH,
    WIDTH,
    Look,
    move_phrase,
    narrate,
    render_table,
    verdict,
)

# The engine and the bots, imported here and nowhere else in the terminal game,
# so switching to the plain-Python oracles (kozyr.durak.reference.Game,
# kozyr.durak.reference_bots.best) is a change of these lines only.
from kozyr.durak import (
    RESIGN,
    Event,
    Game,  # the compiled engine
    IllegalMove,
    Move,
    View,
    pad_seed,
)
from kozyr.durak.bot4 import Rung4Bot
from kozyr.durak.bots import Bot
from kozyr.durak.rungs import best
from kozyr.errors import KozyrError, shown

HINT_LEVEL = 3  # the hint is the best rung's choice
DEFAULT_LEVEL = 2
DEFAULT_DELAY = 0.6  # seconds a bot move stays on a live screen before the next one


@dataclass(frozen=True)
class Options:
    """One game's settings, parsed from the command line."""

    level: int = DEFAULT_LEVEL
    seat: int = 0
    seed: str = ""
    ascii: bool = False
    delay: float = DEFAULT_DELAY
    save: str | None = None      # write the deal as a game record (JSON) when it ends or you quit

    @property
    def bot_seed(self) -> str:
        return f"{self.seed}:bot"

    def replay_command(self) -> str:
        return f"kozyr play --seed {shlex.quote(self.seed)} --level {self.level} --seat {self.seat}"

    def ending(self, sentence: str) -> list[str]:
        """The last lines: the sentence, then the replay command on a line of its own (80 columns each)."""
        return [sentence, f"Replay: {self.replay_command()}"]


# -- the two screens: live (redrawn in place) and transcript (plain lines) ----

class Screen(Protocol):
    """Where the game shows itself and reads keys; the loop does not know which kind."""

    look: Look
    under: int | None   # the card known to lie under the talon (the trump six after an exchange)

    def show(self, view: View, status: str, keys: str, below: int = 1) -> None: ...
    def tell(self, lines: Sequence[str]) -> None: ...
    def notice(self, view: View, message: str, keys: str) -> None: ...
    def wait(self, view: View) -> None: ...
    def ask(self, prompt: str) -> str | None: ...
    def close(self, lines: Sequence[str]) -> None: ...


@dataclass
class LiveScreen:
    """A terminal: the table is cleared and drawn again after every move, narration kept below it."""

    console: Console
    look: Look
    header: str
    delay: float
    log: list[str] = field(default_factory=list)
    under: int | None = None

    def show(self, view: View, status: str, keys: str, below: int = 1) -> None:
        """Clear and draw the table, leaving `below` lines under it (the prompt, or the two ending lines)."""
        width, height = terminal_size(self.console.file)
        width, height = min(width, WIDTH), min(height, HEIGHT)
        if width < WIDTH or height < HEIGHT:   # compact: the table gives up narration to leave room below
            keys = short_keys(keys)
            height -= below - 1
        self.console.clear()
        for line in render_table(view, self.look, header=self.header, log=self.log, status=status, keys=keys,
                                 under=self.under, width=width, height=height):
            self.console.print(line, no_wrap=True, overflow="crop")

    def tell(self, lines: Sequence[str]) -> None:
        self.log.extend(lines)

    def notice(self, view: View, message: str, keys: str) -> None:
        self.show(view, message, keys)

    def wait(self, view: View) -> None:
        """Show the table while the bot is on turn, long enough for a person to see the last move."""
        self.show(view, "The bot is thinking...", "")
        if self.delay > 0:
            time.sleep(self.delay)

    def ask(self, prompt: str) -> str | None:
        return read_line(prompt, echo=False, out=self.console.file)

    def close(self, lines: Sequence[str]) -> None:
        for line in lines:
            self.console.print(Text(line, style="bold" if self.look.colour else ""), soft_wrap=True)


@dataclass
class TranscriptScreen:
    """A pipe or a file: plain lines in order, the table printed before each of your turns."""

    out: TextIO
    look: Look
    header: str
    under: int | None = None

    def __post_init__(self) -> None:
        self._print(self.header[:WIDTH])

    def _print(self, text: str = "") -> None:
        self.out.write(text + "\n")
        self.out.flush()

    def show(self, view: View, status: str, keys: str, below: int = 1) -> None:
        self._print()
        for line in render_table(view, self.look, status=status, keys=keys, under=self.under):
            self._print(line.plain.rstrip())

    def tell(self, lines: Sequence[str]) -> None:
        for line in lines:
            self._print(line)

    def notice(self, view: View, message: str, keys: str) -> None:
        self._print(message)

    def wait(self, view: View) -> None:
        """Nothing: a transcript shows the table only when you are asked to move."""

    def ask(self, prompt: str) -> str | None:
        return read_line(prompt, echo=True, out=self.out)

    def close(self, lines: Sequence[str]) -> None:
        for line in lines:
            self._print(line)


# -- the game loop --------------------------------------------------------------

class Session:
    """One deal between you and a bot, played on a screen until it ends or you quit."""

    def __init__(self, options: Options, screen: Screen) -> None:
        self.options = options
        self.screen = screen
        self.look = screen.look
        self.you = options.seat
        self.game = Game.from_seed(pad_seed(options.seed))
        self.bot: Any = Bot(options.level, options.bot_seed) if options.level < 4 else Rung4Bot(options.bot_seed)
        if isinstance(self.bot, Rung4Bot):  # rung 4 remembers the deal: it watches from the deal on
            self.bot.start(self.game.view(1 - self.you))
        self.quit = False

    def view(self) -> View:
        return self.game.view(self.you)

    def run(self) -> int:
        """Play to the end (or to q / end of input); 0 in both cases, the deal's verdict printed last."""
        while not self.game.over and not self.quit:
            if self.game.turn == self.you:
                self.your_turn()
            else:
                self.bot_turn()
        self.finish()
        return 0

    def your_turn(self) -> None:
        """Ask until a key does something: a move, a resign or a quit; bad keys only get a message."""
        view = self.view()
        self.screen.show(view, your_status(view, self.look), keys_help(view))
        while True:
            line = self.screen.ask(prompt(view))
            if line is None:
                self.screen.tell(["End of input: leaving the deal unfinished."])
                self.quit = True
                return
            message = self.press(line)
            if message is None:
                return
            self.screen.notice(view, message, keys_help(view))

    def press(self, line: str) -> str | None:
        """Act on one line typed at your prompt; the message to show if the deal did not move."""
        view = self.view()
        choice = parse_key(line, view, self.look.card)
        if isinstance(choice, Refusal):
            return choice.message
        if isinstance(choice, Command):
            if choice.name == "hint":
                return self.hint(view)
            if choice.name == "quit":
                self.quit = True
                return None
            answer = self.screen.ask("Resign and be the fool? [y/N]: ")
            if answer is None or answer.strip().lower() not in ("y", "yes"):
                return "Not resigned: the deal goes on."
            choice = RESIGN
        try:
            self.play(self.you, choice)
        except IllegalMove as refused:  # the keys offer only legal moves; a refusal still changes nothing
            return f"Refused by the rules ({refused.code}): nothing changed."
        return None

    def hint(self, view: View) -> str:
        """What the best rung would play here, and the key that plays it."""
        move = best(view, HINT_LEVEL, 0)
        if move is None:
            return "No hint: you have no move."
        return f"Hint: {move_phrase(move, view, self.look)} (key {move_key(view, move)})."

    def bot_turn(self) -> None:
        """Let the bot move, after the table has stood for a moment on a live screen."""
        seat = 1 - self.you
        self.screen.wait(self.view())
        move = self.bot.choose(self.game.view(seat))
        if move is None:  # the engine never leaves a seat on turn without a move
            raise RuntimeError(f"the bot has no move at ply {self.game.ply}")
        self.play(seat, move)

    def play(self, seat: int, move: Move) -> tuple[Event, ...]:
        """Apply a legal move and narrate it from your seat."""
        before = self.view()
        events: tuple[Event, ...] = tuple(self.game.apply(seat, move))
        if any(e.kind == "swap" for e in events):   # public: the trump six now lies under the talon
            self.screen.under = 16 * before.trump + 6
        if isinstance(self.bot, Rung4Bot):
            self.bot.see(events)
        self.screen.tell(narrate(events, before, self.view(), self.look))
        return events

    def finish(self) -> None:
        """The last table, then the verdict and the command that replays the deal, last line."""
        if self.options.save:
            from kozyr.durak.records import save

            save(self.game, self.options.save, seed=pad_seed(self.options.seed))
        view = self.view()
        if self.quit:
            self.screen.show(view, "You left the deal.", "", below=2)
            self.screen.close(self.options.ending("Deal left unfinished."))
            return
        result = self.game.result
        outcome, fool = (result.outcome, result.fool) if result is not None else (None, None)
        self.screen.show(view, "Game over.", "", below=2)
        self.screen.close(self.options.ending(f"{verdict(outcome, fool, self.you)}."))


def your_status(view: View, look: Look) -> str:
    """What you are asked to do, in a sentence."""
    bout = view.bout
    has_card = any(m.card is not None for m in view.legal)
    if view.phase == "defend":
        target = look.card(bout.to_beat) if bout.to_beat is not None else "the card"
        return f"Beat {target}, or t to take." if has_card else f"Nothing of yours beats {target}: t to take."
    room = bout.cap - bout.size
    if view.phase == "pile_on":
        more = f"up to {room} more" if has_card else "nothing fits"
        return f"The bot takes: throw in cards ({more}), then d when done."
    if bout.size == 0:
        return "Your attack: lead any card."
    if not has_card:
        return "Nothing to throw in: d when done."
    return "Throw in a card of a rank on the table, or d when done."


def keys_help(view: View) -> str:
    """The keys by name; which numbers are playable shows in the hand itself."""
    names = {"t": "t take", "d": "d done", "x": "x exchange"}
    keys = legal_keys(view)
    moves = (["a card number"] if any(k.isdigit() for k in keys) else []) + [names[k] for k in keys if k in names]
    return f"Keys: {', '.join(moves)}   ? hint  r resign  q quit"


def short_keys(keys: str) -> str:
    """The keys line for a narrow screen: `Keys: 1-9 t d  ? r q`."""
    if not keys:
        return keys
    short = {"a card number": "number", "t take": "t", "d done": "d", "x exchange": "x"}
    moves = keys.split("   ")[0].removeprefix("Keys: ").split(", ")
    return "Keys: " + " ".join(short.get(m, m) for m in moves if m) + "  ? hint r resign q quit"


def terminal_size(out: Any) -> tuple[int, int]:
    """(columns, lines) of the terminal behind `out`; 80x24 when it cannot be asked."""
    try:
        size = os.get_terminal_size(out.fileno())
    except (AttributeError, OSError, ValueError):
        return WIDTH, HEIGHT
    return size.columns or WIDTH, size.lines or HEIGHT


def prompt(view: View) -> str:
    """The prompt lists the keys of your legal moves (`1-3 5 t`), so a script can read what it may answer."""
    return f"Your move [{key_summary(legal_keys(view))}]: "


# -- command line ----------------------------------------------------------------

def _level(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"level {shown(text)} is not 1, 2, 3 or 4") from None
    if value not in (1, 2, 3, 4):
        raise argparse.ArgumentTypeError(f"level {value} is not 1, 2, 3 or 4")
    return value


def _seat(text: str) -> int:
    if text not in ("0", "1"):
        raise argparse.ArgumentTypeError(f"seat {shown(text)} is not 0 or 1")
    return int(text)


def configure(parser: argparse.ArgumentParser) -> None:
    """The `play` options, on either the `kozyr` subcommand or the standalone parser of `main`."""
    parser.description = "Play one deal of two-seat durak against a bot."
    parser.add_argument("--level", type=_level, metavar="{1,2,3,4}", default=DEFAULT_LEVEL,
                        help="the bot's rung: 1 random, 2 cheap, 3 careful, 4 search (default 2)")
    parser.add_argument("--seat", type=_seat, metavar="{0,1}", default=0, help="your seat, 0 or 1 (default 0)")
    parser.add_argument("--seed", type=seed_text, metavar="TEXT", default=None,
                        help="the deal's seed text, at most 32 ASCII bytes (default: random, printed at the end)")
    parser.add_argument("--ascii", action="store_true", help="plain output: suits as S H D C, no colour")
    parser.add_argument("--delay", type=delay_seconds, metavar="SECONDS", default=DEFAULT_DELAY,
                        help=f"seconds each bot move stays on screen on a terminal (default {DEFAULT_DELAY})")
    parser.add_argument("--save", metavar="FILE", default=None,
                        help="write the deal as a game record (JSON; kozyr replay --file reads it) when it ends")
    parser.set_defaults(func=run)


def register(subparsers: Any) -> argparse.ArgumentParser:
    """Add the `play` command to the `kozyr` console script's subparsers."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "play", help="play a deal of durak against a bot in the terminal")
    configure(parser)
    return parser


def options_from(args: argparse.Namespace) -> Options:
    seed = args.seed if args.seed is not None else secrets.token_hex(6)
    return Options(level=args.level, seat=args.seat, seed=seed, ascii=args.ascii, delay=args.delay,
                   save=getattr(args, "save", None))


def make_screen(options: Options, out: TextIO) -> Screen:
    """A live screen on a terminal, a transcript otherwise; ASCII and colour as asked and possible."""
    live = out.isatty()
    look = look_for(out, ascii=options.ascii, symbols="\u2660\u2665\u2666\u2663\u25ae\u25b2")
    header = f"kozyr durak   you (seat {options.seat}) against the level {options.level} bot   seed {options.seed}"
    if not live:
        return TranscriptScreen(out=out, look=look, header=header)
    width, height = terminal_size(out)
    if width < MIN_WIDTH or height < MIN_HEIGHT:
        raise KozyrError("small_terminal", f"the terminal is {width}x{height}: kozyr play needs at least "
                         f"{MIN_WIDTH}x{MIN_HEIGHT} (80x24 for the full table)", value=(width, height))
    console = live_console(out, look, width=max(width, MIN_WIDTH))
    return LiveScreen(console=console, look=look, header=header, delay=options.delay)


def run(args: argparse.Namespace) -> int:
    """The `play` command: one deal on stdin/stdout; Ctrl-C ends it with the replay line."""
    options = options_from(args)
    session = Session(options, make_screen(options, sys.stdout))
    try:
        return session.run()
    except KeyboardInterrupt:
        sys.stdout.write("\n" + "\n".join(options.ending("Interrupted.")) + "\n")
        return 130
