"""`kozyr hokm play`: a match of hokm in a terminal, you in one seat and bots in the other three.

The loop is the same as durak's `kozyr play`, on the same screens
(`kozyr.cli._terminal`): the seat on turn acts (you through a key, a bot
through its `View`), each card becomes a line of narration, and the table is
drawn again from your seat's view alone, so the screen can show nothing the
rules hide. On a terminal the table is redrawn in place (80x24, colour through
rich; a compact table on a smaller terminal, down to 40x16, and a one-line
refusal below that); when stdout is not a terminal the same match prints a
plain transcript and reads keys line by line, so it can be scripted by piping
stdin. A key that is not a legal move only gets a message: nothing changes.

Keys: the number shown next to a card (or its name, `AS`, `10h`) plays it;
as hakem, `s`, `h`, `d` or `c` names trump; `?` asks for a hint (what the
search bot would do in your seat); `q` leaves the match.
"""
from __future__ import annotations

import argparse
import random
import secrets
import shlex
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rich.cells import cell_len
from rich.text import Text

from kozyr.cards import parse_card, rank_of, suit_of
from kozyr.cli._terminal import (
    HEIGHT,
    WIDTH,
    Draw,
    Look,
    Screen,
    add_look_options,
    ask_until_moved,
    clip,
    key_ranges,
    play_in_terminal,
    replay_lines,
    seat_of_four,
    seed_text,
    wrapped,
)
from kozyr.errors import KozyrError, shown
from kozyr.hokm import BOTS, HokmConfig, IllegalPlay, Match, Phase, SearchBot, View, make_bot
from kozyr.hokm.narration import seat_name, team_name, trick_phrase
from kozyr.hokm.trick import SUIT_WORDS

__all__ = ["register", "Session", "render_table"]

DEFAULT_BOTS = ("greedy", "search", "greedy")  # the seat after you, your partner, the seat before you
DEFAULT_DELAY = 0.5
TRUMP_KEYS = "shdc"  # spades, hearts, diamonds, clubs: kozyr.cards' suit order
LOG_LINES = 5


# -- drawing -----------------------------------------------------------------------------------
def hand_order(view: View) -> list[int]:
    """Your cards sorted by suit (trump first once named), then rank: the numbers you press."""
    trump = view.trump

    def key(c: int) -> tuple[int, int, int]:
        return (0 if suit_of(c) == trump else 1, suit_of(c), -rank_of(c))

    return sorted(view.hand, key=key)


def render_table(view: View, look: Look, *, header: str, seats: Sequence[str], log: Sequence[str] = (),
                 status: str = "", keys: str = "", width: int = WIDTH, height: int = HEIGHT) -> list[Text]:
    """The table from `view.seat`: at most height - 1 lines of `width` columns (the prompt takes the last).

    80x24 is the full table; a smaller size gets the compact one: no header and no blank lines, the seats
    without their bots' names, the hand wrapped to the width, as much narration as fits.
    """
    if width < WIDTH or height < HEIGHT:
        return _compact_table(view, look, log=log, status=status, keys=keys, width=width, height=height)
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
    for seat in _around(you):
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


def _around(you: int) -> tuple[int, int, int, int]:
    """The seats as the table lists them: your partner, the seat after you, the seat before you, you."""
    return (you + 2) & 3, (you + 1) & 3, (you + 3) & 3, you


def _compact_table(view: View, look: Look, *, log: Sequence[str], status: str, keys: str, width: int,
                   height: int) -> list[Text]:
    """The table in less than 80x24 (down to 40x16): every line within `width`, at most height - 1 lines."""
    you = view.seat
    us, them = you & 1, 1 - (you & 1)
    trump = "?" if view.trump is None else look.suit(view.trump)
    top = [
        clip(Text(f"To {view.match_target}: us {view.scores[us]}, them {view.scores[them]}   hand {view.hand_number}"),
             width),
        clip(Text(f"Hakem {seat_name(view.hakem, you)} ({team_name(view.hakem & 1, you)})   trump {trump}"), width),
        clip(Text(f"Tricks: us {view.tricks_won[us]}, them {view.tricks_won[them]} "
                  f"(to {view.config.tricks_to_win})"), width),
    ]
    played = dict(view.trick)
    winning = view.winning.seat if view.winning is not None else None
    for seat in _around(you):
        card = played.get(seat)
        name = "you" if seat == you else f"partner {seat}" if seat == (you + 2) & 3 else f"seat {seat}"
        line = Text(f"{name:<10}{view.cards_held[seat]:>2}  ")
        line.append(look.card(card) if card is not None else "-", style=look.card_style(card) if card else "")
        if seat == winning:
            line.append(" <- winning")
        if seat == view.to_act and view.phase is not Phase.OVER:
            line.append(" (to act)")
        top.append(clip(line, width))
    body = _hand_lines(view, look, width)
    tail = [clip(Text(text, style=style if look.colour else ""), width)
            for text, style in ((status, "bold"), (_short_keys(keys), "")) if text]
    room = height - 1 - len(top) - len(body) - len(tail)
    narration = [Text(entry, style="italic" if look.colour else "") for entry in wrapped(log, width, room)]
    return top + body + narration + tail


def _short_keys(keys: str) -> str:
    """The keys line for a narrow screen: `Keys: number or name  ? hint  q quit`."""
    words = " ".join(keys.replace("a card number or name", "number or name").split())
    return words.replace(" ? hint", "  ? hint").replace(" q quit", "  q quit")


def _hand_lines(view: View, look: Look, width: int = WIDTH) -> list[Text]:
    """Your hand, one line per suit (a long suit wrapped at `width`); playable cards bright (or in [brackets]
    without colour)."""
    legal = view.legal
    out = []
    number = 0
    by_suit: dict[int, list[int]] = {}
    for c in hand_order(view):
        by_suit.setdefault(suit_of(c), []).append(c)
    narrow = width < WIDTH
    for suit, cards in by_suit.items():
        mark = (" *" if suit == view.trump else "  ") if narrow else (" trump" if suit == view.trump else "      ")
        lead = f"{look.suit(suit)}{mark}" if narrow else f"  {look.suit(suit)}{mark} "
        line = Text(lead)
        for c in cards:
            number += 1
            ok = c in legal
            text = f"{number}:{look.card(c)}"
            if not look.colour:
                text = f"[{text}]" if ok else f" {text} "
            if cell_len(line.plain) + 1 + cell_len(text) > width:   # a long suit goes on under itself
                out.append(line)
                line = Text(" " * cell_len(lead))
            style = (("bold " + look.card_style(c)).strip() if ok else "dim") if look.colour else ""
            line.append(" ")
            line.append(text, style=style)
        out.append(line)
    if not out:
        out.append(Text("  (no cards)"))
    return out


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

    def table(self, status: str = "", keys: str = "") -> Draw:
        """The table from your seat, as a screen draws it at its size (compact below 80x24)."""
        view = self.view()

        def draw(width: int, height: int) -> list[Text]:
            return render_table(view, self.look, header=self.header, seats=self.names, log=self.screen.log,
                                status=status, keys=keys, width=width, height=height)

        return draw

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
        if not ask_until_moved(self.screen, lambda message: self.table(message, keys), self.prompt(view),
                               lambda key: self.press(key, view),
                               leaving="End of input: leaving the match unfinished."):
            self.quit = True

    def prompt(self, view: View) -> str:
        """The keys of your legal moves, spelled out (`1 2 5`), or as ranges (`1-13`) where they would not fit."""
        if view.phase is Phase.CHOOSE_TRUMP:
            return f"Name trump [{' '.join(TRUMP_KEYS)}]: "
        order = hand_order(view)
        keys = [str(i) for i, c in enumerate(order, 1) if c in view.legal]
        spelled = f"Your card [{' '.join(keys)}]: "
        return spelled if len(spelled) < self.screen.width else f"Your card [{key_ranges(keys)}]: "

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
            self.screen.end(self.table("You left the match."),
                            replay_lines(f"Match left unfinished at us {m.scores[us]}, them {m.scores[1 - us]}.",
                                         self.options.replay_command()))
            return
        verdict = "You win the match" if m.winner == us else "You lose the match"
        hands = len(m.results)
        self.screen.end(self.table("Match over."),
                        replay_lines(f"{verdict} {m.scores[us]}-{m.scores[1 - us]} after {hands} "
                                     f"hand{'s' * (hands != 1)}.", self.options.replay_command()))


# -- command line ------------------------------------------------------------------------------
def _target(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = 0
    if not 1 <= value <= 21:
        raise argparse.ArgumentTypeError(f"target {shown(text)} is not 1 to 21 points")
    return value


def run(args: argparse.Namespace) -> int:
    seed = args.seed if args.seed is not None else secrets.token_hex(6)
    options = Options(seat=args.seat, bots=tuple(args.bots), seed=seed, target=args.target,
                      ascii=args.ascii, delay=args.delay)
    return play_in_terminal(lambda screen: Session(options, screen), options, program="kozyr hokm play",
                            symbols="\u2660\u2665\u2666\u2663")


def register(commands: Any) -> argparse.ArgumentParser:
    """Add `play` to the `kozyr hokm` sub-commands."""
    p: argparse.ArgumentParser = commands.add_parser(
        "play", help="play a match of hokm against bots in the terminal",
        description="Play a match of hokm: you in one seat, bots in the other three.")
    p.add_argument("--seat", type=seat_of_four, default=0, metavar="{0,1,2,3}", help="your seat (default 0)")
    p.add_argument("--bots", nargs=3, choices=sorted(BOTS), default=list(DEFAULT_BOTS),
                   metavar=("NEXT", "PARTNER", "PREVIOUS"),
                   help="the bots after you in play order: the next seat, your partner, the seat before "
                        f"you, from {', '.join(sorted(BOTS))} (default: {' '.join(DEFAULT_BOTS)})")
    p.add_argument("--seed", type=seed_text, metavar="TEXT", default=None,
                   help="the match's seed text, at most 32 ASCII bytes, as kozyr play's (default: random, "
                        "printed at the end)")
    p.add_argument("--target", type=_target, default=7, help="points that win the match, 1 to 21 (default 7)")
    add_look_options(p, delay=DEFAULT_DELAY, what="card")
    p.set_defaults(func=run, parser=p)
    return p
