"""`kozyr play`: one deal of durak against bots, in a terminal (the screens: `kozyr.cli._terminal`).

The table is the two-seat game unless the table's options say otherwise
(`--seats 4 --variant perevodnoy --throw-in neighbours ...`: `durak_rules`):
at 3 to 6 seats the screen shows every other seat's count, who is out (and in
which place), who attacks and defends, the throwers in their order and whose
turn it is; transfers and shows are narrated. `--level` sets every bot's
rung, `--levels 3,2,2` each bot's, clockwise from your seat. A deal of more
than two seats has no bound of its own; the game stops it, unfinished, after
the harnesses' move cap.

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

`--bot module:attr` (or `<file>.py:attr`, with `--bot-set KNOB=VALUE`) plays a
bot of yours instead of a rung: a callable `view -> Move`, a NativeBot or a
factory (`kozyr.durak.bots.sides`, the one resolver). Its module is imported:
its code runs. An answer that is not a legal move (or an exception) ends the
game with one line naming the bot and the ply.
"""
from __future__ import annotations

import argparse
import secrets
import shlex
import sys
from dataclasses import dataclass
from typing import Any, TextIO

from kozyr.cli._terminal import (
    HEIGHT,
    WIDTH,
    Draw,
    Look,
    Screen,
    delay_seconds,
    key_ranges,
    make_screen,
    replay_lines,
    seed_text,
)
from kozyr.cli.durak_keys import Command, Refusal, legal_keys, move_key, parse_key
from kozyr.cli.durak_render import render_table
from kozyr.cli.durak_rules import add_rules_options, rules_of
from kozyr.cli.durak_sides import knob, label, side, typed

# The engine and the bots, imported here and nowhere else in the terminal game,
# so switching to the plain-Python oracles (kozyr.durak.oracle.reference.Game,
# kozyr.durak.oracle.reference_bots.best) is a change of these lines only.
from kozyr.durak import (
    RESIGN,
    Event,
    Game,  # the compiled engine
    IllegalMove,
    Move,
    Rules,
    Rung4Bot,
    View,
    pad_seed,
)
from kozyr.durak.bots.sides import check_table, describe, resolve, seat_bot
from kozyr.durak.bots.userbots import BotSpec
from kozyr.durak.core.engine import MAX_MOVES
from kozyr.durak.ladder import faults
from kozyr.durak.narration import move_phrase, narrate, verdict
from kozyr.durak.rules import rules_flags
from kozyr.errors import KozyrError, shown
from kozyr.files import check_output

HINT_LEVEL = 4  # the hint is the top rung's analysis of your view: its move, and every move's fool odds
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
    force: bool = False          # --save may replace an existing file
    bot: str | None = None       # a bot of yours (module:attr or <file>.py:attr) instead of the level's rung
    knobs: tuple[tuple[str, Any], ...] = ()   # its --bot-set knobs
    rules: Rules = Rules()       # the table (--seats, --variant ...)
    levels: tuple[int, ...] = ()  # --levels: each bot's rung, clockwise from your seat (empty: --level for all)

    @property
    def bot_seed(self) -> str:
        return f"{self.seed}:bot"

    def seat_seed(self, seat: int) -> str:
        """The rung-1 words' seed of the bot at `seat` (the two-seat game's one bot: `<seed>:bot`)."""
        return self.bot_seed if self.rules.seats == 2 else f"{self.seed}:bot{seat}"

    def seat_level(self, seat: int) -> int:
        """The rung of the bot at `seat`: its --levels entry (clockwise from you), else --level."""
        if not self.levels:
            return self.level
        return self.levels[(seat - self.seat) % self.rules.seats - 1]

    @property
    def side(self) -> Any:
        """What plays against you: the level's rung, or your bot (a BotSpec with its knobs)."""
        return self.level if self.bot is None else BotSpec(self.bot, dict(self.knobs))

    def replay_command(self) -> str:
        table = rules_flags(self.rules)
        table = f" {table}" if table else ""
        if self.bot is None:
            levels = f"--levels {','.join(map(str, self.levels))}" if self.levels else f"--level {self.level}"
            return f"kozyr play --seed {shlex.quote(self.seed)}{table} {levels} --seat {self.seat}"
        knobs = "".join(f" --bot-set {shlex.quote(f'{k}={v}')}" for k, v in self.knobs)
        return (f"kozyr play --seed {shlex.quote(self.seed)}{table} --bot {shlex.quote(typed(self.bot))}{knobs} "
                f"--seat {self.seat}")

    def ending(self, sentence: str) -> list[str]:
        """The last lines: the sentence, then the replay command on lines of 80 columns (`replay_lines`)."""
        return replay_lines(sentence, self.replay_command())


# -- the game loop --------------------------------------------------------------

class Session:
    """One deal between you and a bot, played on a screen until it ends or you quit."""

    def __init__(self, options: Options, screen: Screen, side: Any = None) -> None:
        self.options = options
        self.screen = screen
        self.look = screen.look
        self.you = options.seat
        self.header = header_of(options)
        self.under: int | None = None   # the card known to lie under the talon (the trump six after an exchange)
        rules = options.rules
        self.game = Game.from_seed(pad_seed(options.seed), rules=rules)
        self.side = side if side is not None else resolve(options.side)   # the one side resolver (imports your bot)
        check_table([self.side], rules)     # a bot that cannot play this table: refused before the deal is shown
        self.bots: dict[int, Any] = {}
        for seat in range(rules.seats):
            if seat != self.you:
                mine = self.side if self.side.kind != "rung" else options.seat_level(seat)
                self.bots[seat] = seat_bot(mine, options.seat_seed(seat))
        self.bot: Any = self.bots.get(1 - self.you) if rules.seats == 2 else None
        self.quit = False
        self.capped = False

    def view(self) -> View:
        return self.game.view(self.you)

    def table(self, status: str, keys: str) -> Draw:
        """The table from your seat, as a screen draws it at its size: compact (short keys, no header) when
        smaller than 80x24; the header only on a live screen (a transcript prints it once, first)."""
        view = self.view()

        def draw(width: int, height: int) -> list[Any]:
            compact = width < WIDTH or height < HEIGHT
            return render_table(view, self.look, header=self.header if self.screen.live else "", log=self.screen.log,
                                status=status, keys=short_keys(keys) if compact else keys, under=self.under,
                                width=width, height=height)

        return draw

    def run(self) -> int:
        """Play to the end (or to q / end of input); 0 in both cases, the deal's verdict printed last."""
        while not self.game.over and not self.quit:
            if self.game.moves >= MAX_MOVES and not self.options.rules.two_seat:
                self.capped = True
                break
            if self.game.turn == self.you:
                self.your_turn()
            else:
                self.bot_turn()
        self.finish()
        return 0

    def your_turn(self) -> None:
        """Ask until a key does something: a move, a resign or a quit; bad keys only get a message."""
        view = self.view()
        self.screen.show(self.table(your_status(view, self.look), keys_help(view)))
        while True:
            line = self.screen.ask(prompt(view))
            if line is None:
                self.screen.tell(["End of input: leaving the deal unfinished."])
                self.quit = True
                return
            message = self.press(line)
            if message is None:
                return
            self.screen.notice(self.table(message, keys_help(view)), message)

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
        """What the top rung would play here and the key that plays it, then every move's estimated
        fool probability by its key, best first (Rung4Bot.analyse: the search its move comes
        from), in one line of the screen's width (the least promising moves cut when they do not fit).
        Best first is the search's order, by the fool probability plus half the draw probability (and an
        exact endgame value first): a move's draw share follows its fool odds where it rounds to 1% or
        more, so that a move listed before a lower fool figure shows why (`t 43% (4% draw) 2 42%`)."""
        if not view.legal:
            return "No hint: you have no move."
        analysis = Rung4Bot(f"{self.options.seed}:hint").analyse(view)
        move = analysis.best
        line = f"Hint: {move_phrase(move, view, self.look)} (key {move_key(view, move)}). Fool:"
        for estimate in analysis.ranked():
            odds = f" {move_key(view, estimate.move)} {estimate.fool:.0%}"
            if round(100 * estimate.draw) >= 1:
                odds += f" ({estimate.draw:.0%} draw)"
            if len(line) + len(odds) + len(" ...") > WIDTH:
                return line + " ..."
            line += odds
        return line

    def bot_turn(self) -> None:
        """Let the bot on turn move, after the table has stood for a moment on a live screen."""
        seat = self.game.turn
        assert seat is not None
        thinking = "The bot is thinking..." if self.options.rules.seats == 2 else f"Seat {seat} is thinking..."
        self.screen.wait(self.table(thinking, ""))
        view = self.game.view(seat)
        move = faults.ask(self.bots[seat], view)
        if isinstance(move, faults.Answer):   # your bot's mistake (a rung always answers a legal move)
            raise faults.table_fault(move, describe(self.side), seat, view.ply,
                                     f"the deal of seed {self.options.seed!r}", self.options.replay_command())
        self.play(seat, move)

    def play(self, seat: int, move: Move) -> tuple[Event, ...]:
        """Apply a legal move and narrate it from your seat."""
        before = self.view()
        events: tuple[Event, ...] = tuple(self.game.apply(seat, move))
        if any(e.kind == "swap" for e in events):   # public: the low trump now lies under the talon
            self.under = 16 * before.trump + self.options.rules.low_rank
        self.screen.tell(narrate(events, before, self.view(), self.look))
        return events

    def finish(self) -> None:
        """The record saved (with --save), the last table, then the verdict and the command that replays the
        deal, last line. A record that cannot be written (the disk filled during the deal) is refused after
        the verdict, which is never lost with it."""
        refused = None
        if self.options.save:
            from kozyr.durak import records

            try:
                records.save(self.game, self.options.save, seed=pad_seed(self.options.seed),
                             overwrite=self.options.force)
            except KozyrError as err:
                refused = KozyrError(err.code, f"--save: {err.detail}", **err.fields)
        if self.quit:
            self.screen.end(self.table("You left the deal.", ""), self.options.ending("Deal left unfinished."))
        elif self.capped:
            self.screen.end(self.table("Stopped.", ""),
                            self.options.ending(f"Deal stopped unfinished after {self.game.moves} moves."))
        else:
            result = self.game.result
            outcome, fool = (result.outcome, result.fool) if result is not None else (None, None)
            losers = result.losers if result is not None else ()
            said = verdict(outcome, fool, self.you, losers, self.options.rules.seats)
            self.screen.end(self.table("Game over.", ""), self.options.ending(f"{said}."))
        if refused is not None:
            raise refused


def your_status(view: View, look: Look) -> str:
    """What you are asked to do, in a sentence."""
    bout = view.bout
    has_card = any(m.card is not None for m in view.legal)
    if view.phase == "defend":
        target = look.card(bout.to_beat) if bout.to_beat is not None else "the card"
        passes = [m.kind for m in view.legal if m.kind in ("transfer", "show")]
        if passes:
            how = " or ".join(w for k, w in (("transfer", "p<number> to transfer"), ("show", "s<number> to show"))
                              if k in passes)
            beat = f"Beat {target}, " if any(m.kind == "beat" for m in view.legal) else ""
            return f"{beat}{how}, or t to take."
        has_card = any(m.kind == "beat" for m in view.legal)
        return f"Beat {target}, or t to take." if has_card else f"Nothing of yours beats {target}: t to take."
    room = bout.cap - bout.size
    if view.phase == "pile_on":
        more = f"up to {room} more" if has_card else "nothing fits"
        taker = "The bot" if len(view.counts) == 2 else f"Seat {bout.defender}"
        return f"{taker} takes: throw in cards ({more}), then d when done."
    if bout.size == 0:
        return "Your attack: lead any card."
    if not has_card:
        return "Nothing to throw in: d when done."
    return "Throw in a card of a rank on the table, or d when done."


def keys_help(view: View) -> str:
    """The keys by name; which numbers are playable shows in the hand itself."""
    names = {"t": "t take", "d": "d done", "x": "x exchange"}
    keys = legal_keys(view)
    moves = (["a card number"] if any(k.isdigit() for k in keys) else [])
    moves += [w for p, w in (("p", "p# transfer"), ("s", "s# show")) if any(k[0] == p for k in keys)]
    moves += [names[k] for k in keys if k in names]
    return f"Keys: {', '.join(moves)}   ? hint  r resign  q quit"


def short_keys(keys: str) -> str:
    """The keys line for a narrow screen: `Keys: 1-9 t d  ? r q`."""
    if not keys:
        return keys
    short = {"a card number": "number", "t take": "t", "d done": "d", "x exchange": "x", "p# transfer": "p#",
             "s# show": "s#"}
    moves = keys.split("   ")[0].removeprefix("Keys: ").split(", ")
    return "Keys: " + " ".join(short.get(m, m) for m in moves if m) + "  ? hint r resign q quit"


def prompt(view: View) -> str:
    """The prompt lists the keys of your legal moves (`1-3 5 t`), so a script can read what it may answer."""
    return f"Your move [{key_ranges(legal_keys(view))}]: "


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
    if text not in ("0", "1", "2", "3", "4", "5"):
        raise argparse.ArgumentTypeError(f"seat {shown(text)} is not 0 or 1 (0 to 5 at a table of more)")
    return int(text)


def _levels(text: str) -> tuple[int, ...]:
    """`--levels 3,2,2`: a rung for each bot, clockwise from your seat."""
    return tuple(_level(part.strip()) for part in text.split(","))


def _bot(text: str) -> str:
    """`--bot`: module:attr or <file>.py:attr (only its form here; it is imported when the game starts)."""
    value = side(text)
    if isinstance(value, int):
        raise argparse.ArgumentTypeError(f"--bot {shown(text)}: a rung is --level; --bot names a bot of yours, "
                                         "module:attr or <file>.py:attr")
    return value


def configure(parser: argparse.ArgumentParser) -> None:
    """The `play` options, on either the `kozyr` subcommand or the standalone parser of `main`."""
    parser.description = "Play one deal of durak against bots (two seats unless --seats says more)."
    parser.add_argument("--level", type=_level, metavar="{1,2,3,4}", default=None,
                        help="the bots' rung: 1 random, 2 cheap, 3 careful, 4 search (default 2)")
    parser.add_argument("--levels", type=_levels, metavar="R,R,...", default=None,
                        help="a rung for each bot, clockwise from your seat (--seats N: N-1 of them)")
    parser.add_argument("--bot", type=_bot, metavar="MODULE:ATTR", default=None,
                        help="play a bot of yours instead: module:attr or <file>.py:attr (imported: its code runs)")
    parser.add_argument("--bot-set", action="append", type=knob, metavar="KNOB=VALUE",
                        help="a knob of your bot's factory (repeatable)")
    parser.add_argument("--seat", type=_seat, metavar="SEAT", default=0,
                        help="your seat, 0 or 1 (0 to N-1 with --seats N; default 0)")
    parser.add_argument("--seed", type=seed_text, metavar="TEXT", default=None,
                        help="the deal's seed text, at most 32 ASCII bytes (default: random, printed at the end)")
    parser.add_argument("--ascii", action="store_true", help="plain output: suits as S H D C, no colour")
    parser.add_argument("--delay", type=delay_seconds, metavar="SECONDS", default=DEFAULT_DELAY,
                        help=f"seconds each bot move stays on screen on a terminal (default {DEFAULT_DELAY})")
    parser.add_argument("--save", metavar="FILE", default=None,
                        help="write the deal as a game record (JSON; kozyr replay --file reads it) when it ends "
                             "(the path is checked first; an existing file is kept unless --force)")
    parser.add_argument("--force", action="store_true", help="let --save replace an existing file")
    add_rules_options(parser)
    parser.set_defaults(func=run)


def register(subparsers: Any) -> argparse.ArgumentParser:
    """Add the `play` command to the `kozyr` console script's subparsers."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "play", help="play a deal of durak against a bot in the terminal")
    configure(parser)
    return parser


def options_from(args: argparse.Namespace) -> Options:
    """The game's options; a --save path that cannot take the record is refused here, before the deal."""
    seed = args.seed if args.seed is not None else secrets.token_hex(6)
    save, force = getattr(args, "save", None), bool(getattr(args, "force", False))
    if save is not None:
        check_output(save, label=f"--save {save!r}", overwrite=force, exists_hint=": give --force to replace it")
    bot = getattr(args, "bot", None)
    knobs: dict[str, Any] = {}
    for name, value in getattr(args, "bot_set", None) or []:
        if name in knobs:
            raise KozyrError("bad_knob", f"--bot-set {name} given twice", field=name, value=value)
        knobs[name] = value
    if bot is not None and args.level is not None:
        raise KozyrError("bad_side", "--level and --bot both name the bot you play: give one", value=bot)
    if bot is None and knobs:
        raise KozyrError("bad_knob", "--bot-set sets a knob of your bot: name it with --bot module:attr",
                         field=next(iter(knobs)), value=knobs)
    level = DEFAULT_LEVEL if args.level is None else args.level
    rules = rules_of(args) if hasattr(args, "seats") else Rules()
    if args.seat >= rules.seats:
        raise KozyrError("bad_seat", f"--seat {args.seat}: the table has seats 0 to {rules.seats - 1}",
                         value=args.seat)
    levels = getattr(args, "levels", None) or ()
    if levels:
        if args.level is not None or bot is not None:
            raise KozyrError("bad_side", "--levels names every bot's rung: give it without --level or --bot",
                             value=",".join(map(str, levels)))
        if len(levels) != rules.seats - 1:
            raise KozyrError("bad_side", f"--levels gives {len(levels)} rungs for the {rules.seats - 1} bots of a "
                             f"{rules.seats}-seat table", value=",".join(map(str, levels)))
    return Options(level=level, seat=args.seat, seed=seed, ascii=args.ascii, delay=args.delay, save=save,
                   force=force, bot=bot, knobs=tuple(knobs.items()), rules=rules, levels=tuple(levels))


def header_of(options: Options) -> str:
    rules = options.rules
    if rules.seats == 2 and rules.two_seat:
        against = f"the level {options.level} bot" if options.bot is None else label(options.bot)
        return f"kozyr durak   you (seat {options.seat}) against {against}   seed {options.seed}"
    if options.bot is not None:
        against = label(options.bot)
    elif options.levels:
        against = "levels " + ",".join(map(str, options.levels))
    else:
        against = f"level {options.level} bots"
    table = f"{rules.seats} seats {rules.variant}" + (" teams" if rules.teams else "") + \
        (f" {rules.deck} cards" if rules.deck != 36 else "")
    return f"kozyr durak   {table}   you (seat {options.seat}), {against}   seed {options.seed}"


def screen_for(options: Options, out: TextIO) -> Screen:
    """A live screen on a terminal, a transcript otherwise (`kozyr.cli._terminal.make_screen`)."""
    return make_screen(out, program="kozyr play", ascii=options.ascii, symbols="\u2660\u2665\u2666\u2663\u25ae\u25b2",
                       delay=options.delay, header=header_of(options))


def run(args: argparse.Namespace) -> int:
    """The `play` command: one deal on stdin/stdout; Ctrl-C ends it with the replay line."""
    options = options_from(args)
    side = resolve(options.side)      # your bot imported (a refusal is one line) before the screen opens
    session = Session(options, screen_for(options, sys.stdout), side)
    try:
        return session.run()
    except KeyboardInterrupt:
        sys.stdout.write("\n" + "\n".join(options.ending("Interrupted.")) + "\n")
        return 130
