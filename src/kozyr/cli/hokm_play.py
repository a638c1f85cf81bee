"""`kozyr hokm play`: a match of hokm in a terminal, you in one seat and bots in the other three.

The loop is the same as durak's `kozyr play`: the seat on turn acts (you
through a key, a bot through its `View`), each card becomes a line of
narration, and the table is drawn again from your seat's view alone, so the
screen can show nothing the rules hide. On a terminal the table is redrawn in
place (80x24, colour through rich); when stdout is not a terminal the same
match prints a plain transcript and reads keys line by line, so it can be
scripted by piping stdin. A key that is not a legal move only gets a
message: nothing changes.

Keys: the number shown next to a card (or its name, `AS`, `10h`) plays it;
as hakem, `s`, `h`, `d` or `c` names trump; `?` asks for a hint (what the
search bot would do in your seat); `q` leaves the match.
"""
from __future__ import annotations

import argparse
import random
import secrets
import shlex
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TextIO

from rich.console import Console
from rich.text import Text

from kozyr.cards import parse_card, rank_of, suit_of
from kozyr.cli._terminal import delay_seconds, live_console, look_for, read_line, seed_text
from kozyr.cli.play_render import Look
from kozyr.errors import KozyrError, shown
from kozyr.hokm import BOTS, HokmConfig, IllegalPlay, Match, Phase, SearchBot, TrickResult, View, make_bot
from kozyr.hokm.trick import SUIT_WORDS

__all__ = ["register", "Session", "render_table", "trick_phrase"]

DEFAULT_BOTS = ("greedy", "search", "greedy")  # the seat after you, your partner, the seat before you
DEFAULT_DELAY = 0.5
TRUMP_KEYS = "shdc"  # spades, hearts, diamonds, clubs: kozyr.cards' suit order
LOG_LINES = 5


# -- drawing -----------------------------------------------------------------------------------
def seat_name(seat: int, you: int) -> str:
    """`you`, `partner (seat 2)`, `seat 1`: how the table calls a seat, from your chair."""
    if seat == you:
        return "you"
    if seat == (you + 2) & 3:
        return f"partner (seat {seat})"
    return f"seat {seat}"


def team_name(team: int, you: int) -> str:
    return "us" if team == you & 1 else "them"


def hand_order(view: View) -> list[int]:
    """Your cards sorted by suit (trump first once named), then rank: the numbers you press."""
    trump = view.trump

    def key(c: int) -> tuple[int, int, int]:
        return (0 if suit_of(c) == trump else 1, suit_of(c), -rank_of(c))

    return sorted(view.hand, key=key)


def trick_phrase(result: TrickResult, you: int, look: Look) -> str:
    """Why a trick went where it went: `seat 3 trumps with 7♠`, `you win with A♥, the highest heart`."""
    who = seat_name(result.seat, you)
    card = look.card(result.card)
    if result.trump_played and result.lead_suit != result.trump:
        return f"{who} {'trump' if who == 'you' else 'trumps'} with {card}"
    suit = SUIT_WORDS[result.lead_suit].rstrip("s")
    return f"{who} {'win' if who == 'you' else 'wins'} with {card}, the highest {suit}"


def render_table(view: View, look: Look, *, header: str, seats: Sequence[str], log: Sequence[str] = (),
                 status: str = "", keys: str = "") -> list[Text]:
    """The table from `view.seat`: 80 columns, at most 22 lines (the prompt takes the rest of 24)."""
    you = view.seat
    lines = [Text(header[:80], style="bold" if look.colour else "")]
    us, them = you & 1, 1 - (you & 1)
    trump = "not named yet" if view.trump is None else f"{look.suit(view.trump)} {SUIT_WORDS[view.trump]}"
    hakem = f"{seat_name(view.hakem, you)} ({team_name(view.hakem & 1, you)})"
    lines.append(Text(f"Match to {view.match_target}: us {view.scores[us]}, them {view.scores[them]}   "
                      f"Hand {view.hand_number}   Hakem: {hakem}   Trump: {trump}"[:80]))
    lines.append(Text(f"Tricks this hand: us {view.tricks_won[us]}, them {view.tricks_won[them]}"
                      f"   (first to {view.config.tricks_to_win} tricks)"))
    lines.append(Text(""))
    played = dict(view.trick)
    winning = view.winning.seat if view.winning is not None else None
    for seat in ((you + 2) & 3, (you + 1) & 3, (you + 3) & 3, you):
        card = played.get(seat)
        shown_card = Text(look.card(card), style=look.card_style(card)) if card is not None else Text("-")
        label = f"{seat_name(seat, you)}, {seats[seat]}" if seat != you else "you"
        held = view.cards_held[seat]
        line = Text(f"  {label:<28} {held:>2} {'card ' if held == 1 else 'cards'}   played: ")
        line.append_text(shown_card)
        if seat == winning:
            line.append("  <- winning")
        if seat == view.to_act and view.phase is not Phase.OVER:
            line.append("  (to act)")
        lines.append(line)
    if view.trick:
        order = ", ".join(f"{seat_name(s, you)} {look.card(c)}" for s, c in view.trick)
        lines.append(Text(f"  this trick: {order}"[:80]))
    else:
        lines.append(Text(""))
    lines.append(Text(""))
    lines.extend(_hand_lines(view, look))
    lines.append(Text(""))
    for entry in list(log)[-LOG_LINES:]:
        lines.append(Text(entry[:80]))
    if status:
        lines.append(Text(status[:80], style="bold" if look.colour else ""))
    if keys:
        lines.append(Text(keys[:80]))
    return lines[:22]


def _hand_lines(view: View, look: Look) -> list[Text]:
    """Your hand, one line per suit; playable cards bright (or in [brackets] without colour)."""
    legal = view.legal
    out = []
    number = 0
    by_suit: dict[int, list[int]] = {}
    for c in hand_order(view):
        by_suit.setdefault(suit_of(c), []).append(c)
    for suit, cards in by_suit.items():
        line = Text(f"  {look.suit(suit)}{' trump' if suit == view.trump else '      '} ")
        for c in cards:
            number += 1
            ok = c in legal
            text = f"{number}:{look.card(c)}"
            if not look.colour:
                text = f"[{text}]" if ok else f" {text} "
            style = (("bold " + look.card_style(c)).strip() if ok else "dim") if look.colour else ""
            line.append(" ")
            line.append(text, style=style)
        out.append(line)
    if not out:
        out.append(Text("  (no cards)"))
    return out


# -- screens -----------------------------------------------------------------------------------
class Screen(Protocol):
    look: Look
    log: list[str]   # narration drawn under the table (a transcript prints it instead and keeps this empty)

    def show(self, lines: list[Text]) -> None: ...
    def tell(self, lines: Sequence[str]) -> None: ...
    def notice(self, lines: list[Text]) -> None: ...
    def ask(self, prompt: str) -> str | None: ...
    def wait(self, lines: list[Text]) -> None: ...
    def close(self, lines: Sequence[str]) -> None: ...


@dataclass
class LiveScreen:
    """A terminal: cleared and drawn again after every card."""

    console: Console
    look: Look
    delay: float
    log: list[str] = field(default_factory=list)

    def show(self, lines: list[Text]) -> None:
        self.console.clear()
        for line in lines:
            self.console.print(line, no_wrap=True, overflow="crop")

    def tell(self, lines: Sequence[str]) -> None:
        self.log.extend(lines)

    def notice(self, lines: list[Text]) -> None:
        """A key did nothing: draw the table again with the message (already told) on it."""
        self.show(lines)

    def wait(self, lines: list[Text]) -> None:
        self.show(lines)
        if self.delay > 0:
            time.sleep(self.delay)

    def ask(self, prompt: str) -> str | None:
        return read_line(prompt, echo=False, out=self.console.file)

    def close(self, lines: Sequence[str]) -> None:
        """The last lines under the final table, left on the screen."""
        for line in lines:
            self.console.print(Text(line, style="bold" if self.look.colour else ""))


@dataclass
class TranscriptScreen:
    """A pipe or a file: plain lines in order; the table before each of your turns."""

    out: TextIO
    look: Look
    log: list[str] = field(default_factory=list)

    def show(self, lines: list[Text]) -> None:
        self.out.write("\n" + "\n".join(line.plain.rstrip() for line in lines) + "\n")
        self.out.flush()

    def tell(self, lines: Sequence[str]) -> None:
        for line in lines:
            self.out.write(line + "\n")
        self.out.flush()

    def notice(self, lines: list[Text]) -> None:
        """Nothing: the message is already printed."""

    def wait(self, lines: list[Text]) -> None:
        """Nothing: a transcript shows the table only when you are asked."""

    def ask(self, prompt: str) -> str | None:
        return read_line(prompt, echo=True, out=self.out)

    def close(self, lines: Sequence[str]) -> None:
        self.tell(lines)


# -- the game loop -----------------------------------------------------------------------------
@dataclass(frozen=True)
class Options:
    seat: int = 0
    bots: tuple[str, str, str] = DEFAULT_BOTS
    seed: str = "0"
    target: int = 7
    ascii: bool = False
    delay: float = DEFAULT_DELAY

    def replay_command(self) -> str:
        return (f"kozyr hokm play --seat {self.seat} --bots {' '.join(self.bots)} --target {self.target} "
                f"--seed {shlex.quote(self.seed)}")


class Session:
    """One match: you in `options.seat`, bots elsewhere, on a screen, until it ends or you leave."""

    def __init__(self, options: Options, screen: Screen) -> None:
        self.options = options
        self.screen = screen
        self.look = screen.look
        self.you = options.seat
        self.match = Match(config=HokmConfig(match_target=options.target), rng=random.Random(f"play:{options.seed}"))
        self.names = ["you"] * 4
        self.bots: dict[int, Any] = {}
        for i, name in enumerate(options.bots, 1):
            seat = (self.you + i) & 3
            self.names[seat] = name
            self.bots[seat] = make_bot(name, random.Random(f"play:{options.seed}:{seat}"))
        self.hinter = SearchBot(seed=random.Random(f"play:{options.seed}:hint"))
        self.quit = False
        self.header = (f"kozyr hokm   you: seat {self.you} (team {self.you & 1}+{(self.you & 1) + 2})   "
                       f"seed {options.seed}")

    def view(self) -> View:
        return self.match.view(self.you)

    def table(self, status: str = "", keys: str = "") -> list[Text]:
        return render_table(self.view(), self.look, header=self.header, seats=self.names, log=self.screen.log,
                            status=status, keys=keys)

    def run(self) -> int:
        m = self.match
        self.screen.tell([f"First hakem: {seat_name(m.first_hakem, self.you)} "
                          f"(the first ace dealt: {self.look.card(m.ace_deal[-1][1])})"] if m.ace_deal else [])
        while not m.over and not self.quit:
            seat = m.to_act
            assert seat is not None
            if seat == self.you:
                self.your_turn()
            else:
                self.bot_turn(seat)
        self.finish()
        return 0

    # -- you ------------------------------------------------------------------------------------
    def your_turn(self) -> None:
        view = self.view()
        choosing = view.phase is Phase.CHOOSE_TRUMP
        status = ("You are hakem: name trump from your five cards." if choosing
                  else "Your lead." if not view.trick else
                  f"Follow {SUIT_WORDS[view.lead_suit or 0]} if you can.")
        keys = ("Keys: s h d c name trump   ? hint   q quit" if choosing
                else "Keys: a card number or name   ? hint   q quit")
        self.screen.show(self.table(status, keys))
        while True:
            line = self.screen.ask(self.prompt(view))
            if line is None:
                self.screen.tell(["End of input: leaving the match unfinished."])
                self.quit = True
                return
            message = self.press(line.strip(), view)
            if message is None:
                return
            self.screen.tell([message])
            self.screen.notice(self.table(message, keys))

    def prompt(self, view: View) -> str:
        if view.phase is Phase.CHOOSE_TRUMP:
            return f"Name trump [{' '.join(TRUMP_KEYS)}]: "
        order = hand_order(view)
        keys = [str(i) for i, c in enumerate(order, 1) if c in view.legal]
        return f"Your card [{' '.join(keys)}]: "

    def press(self, key: str, view: View) -> str | None:
        """Act on one key; the message to show when nothing happened (None when the game moved)."""
        lower = key.lower()
        if lower in ("q", "quit"):
            self.quit = True
            return None
        if lower in ("?", "hint"):
            return self.hint(view)
        if view.phase is Phase.CHOOSE_TRUMP:
            if len(lower) != 1 or lower not in TRUMP_KEYS:
                return f"{shown(key)} is not a suit: press s, h, d or c (or ? for a hint)."
            suit = TRUMP_KEYS.index(lower)
            self.match.choose_trump(self.you, suit)
            self.screen.tell([f"You name trump: {self.look.suit(suit)} {SUIT_WORDS[suit]}."])
            return None
        card = self._card(key, view)
        if isinstance(card, str):
            return card
        try:
            self.play(self.you, card)
        except IllegalPlay as refused:
            return f"Not allowed ({refused.code}): {refused.detail}. Nothing changed."
        return None

    def _card(self, key: str, view: View) -> int | str:
        order = hand_order(view)
        if key.isdigit():
            n = int(key)
            if not 1 <= n <= len(order):
                return f"There is no card {n}: your cards are 1 to {len(order)}."
            return order[n - 1]
        try:
            return int(parse_card(key))
        except (ValueError, KozyrError):
            return f"{shown(key)} is not a key: a card number, a card name (AS, 10h), ? or q."

    def hint(self, view: View) -> str:
        if view.phase is Phase.CHOOSE_TRUMP:
            suit = self.hinter.choose_trump(view)
            return f"Hint: name {SUIT_WORDS[suit]} (key {TRUMP_KEYS[suit]})."
        card = self.hinter.play(view)
        return f"Hint: play {self.look.card(card)} (key {hand_order(view).index(card) + 1})."

    # -- the bots ---------------------------------------------------------------------------------
    def bot_turn(self, seat: int) -> None:
        bot = self.bots[seat]
        view = self.match.view(seat)
        self.screen.wait(self.table(f"{seat_name(seat, self.you)} ({self.names[seat]}) is thinking..."))
        if view.phase is Phase.CHOOSE_TRUMP:
            suit = bot.choose_trump(view)
            self.match.choose_trump(seat, suit)
            self.screen.tell([f"{seat_name(seat, self.you).capitalize()} is hakem and names trump: "
                              f"{self.look.suit(suit)} {SUIT_WORDS[suit]}."])
        else:
            self.play(seat, bot.play(view))

    def play(self, seat: int, card: int) -> None:
        """A legal card from `seat`, narrated; the trick's winner and the hand's end when they come."""
        hands_before = len(self.match.results)
        result = self.match.play(seat, card)
        who = seat_name(seat, self.you)
        lines = [f"{who.capitalize()} {'play' if who == 'you' else 'plays'} {self.look.card(card)}."]
        if result is not None:
            tricks = self._tricks_after(hands_before)
            lines.append(f"Trick to {team_name(result.team, self.you)}: {trick_phrase(result, self.you, self.look)}"
                         f". Tricks: us {tricks[self.you & 1]}, them {tricks[1 - (self.you & 1)]}.")
        if len(self.match.results) > hands_before:
            r = self.match.results[-1]
            kind = "a hakem-kot" if r.hakem_kot else "a kot" if r.kot else "the hand"
            us = self.you & 1
            taker = "We take" if r.winner == self.you & 1 else "They take"
            lines.append(f"Hand {hands_before + 1}: {taker} {kind} "
                         f"{r.tricks[r.winner]}-{r.tricks[1 - r.winner]}, +{r.points}. "
                         f"Match: us {self.match.scores[us]}, them {self.match.scores[1 - us]}.")
            if not self.match.over:
                lines.append(f"Next hakem: {seat_name(r.next_hakem, self.you)}.")
        self.screen.tell(lines)

    def _tricks_after(self, hands_before: int) -> tuple[int, int]:
        if len(self.match.results) > hands_before:
            return self.match.results[-1].tricks
        return self.match.hand.tricks_won

    def finish(self) -> None:
        m = self.match
        us = self.you & 1
        if self.quit:
            self.screen.show(self.table("You left the match."))
            self.screen.close([f"Match left unfinished at us {m.scores[us]}, them {m.scores[1 - us]}. "
                              f"Replay: {self.options.replay_command()}"])
            return
        self.screen.show(self.table("Match over."))
        verdict = "You win the match" if m.winner == us else "You lose the match"
        hands = len(m.results)
        self.screen.close([f"{verdict} {m.scores[us]}-{m.scores[1 - us]} after {hands} hand{'s' * (hands != 1)}. "
                          f"Replay: {self.options.replay_command()}"])


# -- command line ------------------------------------------------------------------------------
def _seat(text: str) -> int:
    if text not in ("0", "1", "2", "3"):
        raise argparse.ArgumentTypeError(f"seat {shown(text)} is not 0, 1, 2 or 3")
    return int(text)


def _target(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = 0
    if not 1 <= value <= 21:
        raise argparse.ArgumentTypeError(f"target {shown(text)} is not 1 to 21 points")
    return value


def make_screen(options: Options, out: TextIO) -> Screen:
    live = out.isatty()
    look = look_for(out, ascii=options.ascii, symbols="\u2660\u2665\u2666\u2663")
    if not live:
        return TranscriptScreen(out=out, look=look)
    console = live_console(out, look, width=max(80, Console(file=out).width))
    return LiveScreen(console=console, look=look, delay=options.delay)


def run(args: argparse.Namespace) -> int:
    seed = args.seed if args.seed is not None else secrets.token_hex(6)
    options = Options(seat=args.seat, bots=tuple(args.bots), seed=seed, target=args.target,
                      ascii=args.ascii, delay=args.delay)
    session = Session(options, make_screen(options, sys.stdout))
    try:
        return session.run()
    except KeyboardInterrupt:
        sys.stdout.write(f"\nInterrupted. Replay: {options.replay_command()}\n")
        return 130


def register(commands: Any) -> argparse.ArgumentParser:
    """Add `play` to the `kozyr hokm` sub-commands."""
    p: argparse.ArgumentParser = commands.add_parser(
        "play", help="play a match of hokm against bots in the terminal",
        description="Play a match of hokm: you in one seat, bots in the other three.")
    p.add_argument("--seat", type=_seat, default=0, metavar="{0,1,2,3}", help="your seat (default 0)")
    p.add_argument("--bots", nargs=3, choices=sorted(BOTS), default=list(DEFAULT_BOTS),
                   metavar=("NEXT", "PARTNER", "PREVIOUS"),
                   help="the bots after you in play order: the next seat, your partner, the seat before "
                        f"you, from {', '.join(sorted(BOTS))} (default: {' '.join(DEFAULT_BOTS)})")
    p.add_argument("--seed", type=seed_text, metavar="TEXT", default=None,
                   help="the match's seed text, at most 32 ASCII bytes, as kozyr play's (default: random, "
                        "printed at the end)")
    p.add_argument("--target", type=_target, default=7, help="points that win the match, 1 to 21 (default 7)")
    p.add_argument("--ascii", action="store_true", help="suits as S H D C, no colour")
    p.add_argument("--delay", type=delay_seconds, default=DEFAULT_DELAY, metavar="SECONDS",
                   help=f"seconds each bot card stays on a terminal (default {DEFAULT_DELAY})")
    p.set_defaults(func=run, parser=p)
    return p
