"""`kozyr pref play`: a game of preferans in a terminal, you in one seat and bots in the others.

The loop is the terminal games' (`kozyr play`, `kozyr hokm play`), on the same screens
(`kozyr.cli._terminal`): the seat on turn acts (you through a key, a bot through its `View`), every move
and event becomes a line of narration (the words are `kozyr.preferans.narration`'s, shared with the web),
and the table is drawn again from your seat's view alone, so the screen can show nothing the rules hide.
On a terminal the table is redrawn in place at 80x24; when stdout is not a terminal the same game prints a
plain transcript and reads keys line by line, so it can be scripted by piping stdin. A key that is not a
legal move only gets a one-line message: nothing changes.

A game is deal after deal until every pulya reaches the target (the sheet closes) or you leave: deal k is
dealt from the game's seed by number k, the dealer rotates left after every deal (raspasy included), and
each deal's minimum bid is the sheet's `next_conditions` (the exit threshold after raspasy). After each deal
the sheet is shown: pulya, gora, whists and the saldo so far. `--save FILE` writes the game's record after
every deal (atomically), which `kozyr pref replay --file` reads back, replaying every deal.

Keys, by phase: in the auction `p` passes and a contract (`6s`, `7nt`, `misere`) bids; with the talon,
two card numbers or names (`3 7`, `7d qs`) discard; naming, a contract (`6h`); whisting, `p` `w` `h`
(pass, whist, half-whist); a lone whister, `c` or `o` (closed, open); in the play, a card number or name.
The full move text (`bid 6S`, `discard QS 7D`) works in every phase. `?` is a hint (`narration.Hinter`, the
web table's too): in the play, your best cards by `analyse`'s mean settlement over the layouts you cannot
see, with their mean whists and tricks and whether the figures are exact or sampled; elsewhere, what rung 3
would do, said to be its choice. `q` leaves the game.
"""
from __future__ import annotations

import argparse
import secrets
import shlex
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rich.cells import cell_len
from rich.text import Text

from kozyr.cards import card_name, suit_of
from kozyr.cli._terminal import (
    HEIGHT,
    WIDTH,
    Draw,
    Look,
    Screen,
    add_look_options,
    ask_until_moved,
    clip,
    play_in_terminal,
    seat_of_four,
    seed_text,
    wrapped,
)
from kozyr.errors import KozyrError, shown
from kozyr.preferans import PRESETS, Game, Sheet
from kozyr.preferans.bots import BOTS, Bot
from kozyr.preferans.game_record import GameRecord
from kozyr.preferans.game_record import save as save_game
from kozyr.preferans.moves import Move, card_word, contract_word
from kozyr.preferans.narration import Hinter, Words, asked, event_lines, outcome_line
from kozyr.preferans.numbers import exact
from kozyr.preferans.record import Record
from kozyr.preferans.views import View

__all__ = ["register", "Session", "render_table", "render_sheet", "hand_on_turn"]

DEFAULT_DELAY = 0.5
DEFAULT_TARGET = 10
MAX_TARGET = 100
LOG_LINES = 3
PHASE_KEYS = {
    "auction": "Keys: p pass, a contract bids (6s 7nt misere)   ? hint   q quit",
    "talon": "Keys: two card numbers or names (3 7, 7d qs) to discard   ? hint   q quit",
    "naming": "Keys: a contract (6h 7nt) names it   ? hint   q quit",
    "whisting": "Keys: p pass, w whist, h half-whist   ? hint   q quit",
    "defence": "Keys: c closed, o open   ? hint   q quit",
    "play": "Keys: a card number or name   ? hint   q quit",
}
SHORT = {"auction": {"p": "pass"}, "whisting": {"p": "pass", "w": "whist", "h": "half-whist"},
         "defence": {"c": "closed", "o": "open"}}


# -- drawing -----------------------------------------------------------------------------------------------------
def hand_on_turn(view: View) -> tuple[int, tuple[int, ...]]:
    """The hand your keys choose from: (its seat, its cards in reference order). Your own hand, except in an
    open defence when the passer's hand is on turn and you, the whister, choose its card."""
    if view.phase == "play" and view.legal:
        card = view.legal[0].arg
        for s in view.controls:
            cards = view.hand if s == view.seat else view.open_hands.get(s)
            if cards is not None and card in cards:
                return s, tuple(cards)
    return view.seat, tuple(view.hand)


def _cards_line(cards: Sequence[int], look: Look, lead: str, width: int) -> Text:
    """Cards grouped by suit on one line: `♠ 8 9 10  ♥ Q`, cut to the width."""
    line = Text(lead)
    by_suit: dict[int, list[int]] = {}
    for c in cards:
        by_suit.setdefault(suit_of(c), []).append(c)
    for suit, group in by_suit.items():
        line.append(f" {look.suit(suit)}", style="red" if look.colour and suit in (1, 2) else "")
        for c in group:
            line.append(" " + look.card(c)[:-1])
        line.append(" ")
    if not cards:
        line.append(" (none left)")
    return clip(line, width)


def render_table(view: View, look: Look, words: Words, *, header: str, info: str, log: Sequence[str] = (),
                 status: str = "", keys: str = "", width: int = WIDTH, height: int = HEIGHT) -> list[Text]:
    """The table from `view.seat`: at most height - 1 lines of `width` columns (the prompt takes the last).

    The top says the deal (dealer, pulya so far), the auction, the contract and the whists, the talon and
    the tricks won; then the three hands in play (cards held, the card each put on the trick, open hands
    face up); then the hand your keys choose from, numbered, playable cards bright (in [brackets] without
    colour); then the last lines of narration, the status and the keys. Below 80x24 (down to 40x16) the
    least needed lines of the top go first: blank lines, the header, the auction, the deal's line.
    """
    you = view.seat
    bold = "bold" if look.colour else ""
    top: list[tuple[int, Text]] = [(1, clip(Text(header, style=bold), width)), (3, clip(Text(info), width))]
    calls = [f"{words.seat(s)} {'pass' if c is None else words.contract(c)}" for s, c in view.auction]
    auction = ", ".join(calls) or "-"
    if cell_len(auction) > width - 10:
        auction = "..., " + ", ".join(calls[-6:])
    top.append((2, clip(Text(f"Auction: {auction}"), width)))
    top.append((4, clip(Text(_contract_line(view, words)), width)))
    talon = " ".join(look.card(c) for c in view.talon) or ("face down" if view.phase == "auction"
                                                            or view.params["raspasy_talon"] == "none" else "-")
    won = ", ".join(f"{words.seat(s)} {n}" for s, n in view.won.items())
    trump = "-" if view.trump is None else look.suit(view.trump)
    top.append((5, clip(Text(f"Talon: {talon}   Trump: {trump}   Tricks: {won}"), width)))
    shown_seat, shown_cards = hand_on_turn(view)
    trick = view.trick
    played = dict(trick.plays) if trick is not None else {}
    for s in [a for a in view.active if a != you] + ([you] if you in view.active else []):
        label = words.seat(s)
        held = view.counts.get(s, 0)
        line = Text(f"  {label:<9}{held:>3} card{'s' if held != 1 else ' '}   played: ")
        card = played.get(s)
        line.append("-" if card is None else look.card(card), style=look.card_style(card) if card else "")
        if view.actor is not None and s in _hands_of(view, view.actor) and s == _seat_on_turn(view):
            line.append("   (to play)" if view.phase == "play" else "")
        if view.actor == s and view.phase != "play":
            line.append("   (to act)")
        if s == view.declarer:
            line.append("   declarer")
        top.append((9, clip(line, width)))
        if s in view.open_hands and s != shown_seat:
            top.append((6, _cards_line(tuple(view.open_hands[s]), look, "      open:", width)))
    if trick is not None and trick.talon is not None:
        top.append((7, clip(Text(f"  this trick is led by the talon card {look.card(trick.talon)}"), width)))
    if you not in view.active:
        top.append((8, clip(Text(f"  You deal this deal and sit out (seat {you})."), width)))
    top.append((0, Text("")))
    hand = _hand_lines(view, look, words, shown_seat, shown_cards, width)
    tail = [clip(Text(line, style=style), width) for text, style in ((status, bold), (keys, "")) if text
            for line in text.split("\n")]                       # a hint's status is a few lines
    while top and len(top) + len(hand) + len(tail) > height - 1:   # a small terminal: the least needed go first
        top.remove(min(top, key=lambda item: item[0]))
    lines = [line for _, line in top] + hand
    room = height - 1 - len(lines) - len(tail)
    lines.extend(Text(entry) for entry in wrapped(log, width, min(room, LOG_LINES + 2)))
    return (lines + tail)[:height - 1]


def _hands_of(view: View, seat: int) -> tuple[int, ...]:
    return (seat,) if seat != view.seat else view.controls


def _seat_on_turn(view: View) -> int | None:
    """The hand on turn in the trick (the next seat after the last card, or the leader)."""
    trick = view.trick
    if trick is None:
        return None
    if not trick.plays:
        return trick.leader
    order = view.active
    return order[(order.index(trick.plays[-1][0]) + 1) % 3]


def _contract_line(view: View, words: Words) -> str:
    if view.phase == "auction":
        return f"Minimum bid: {view.min_level}   First hand: {words.seat(view.active[0])}"
    if view.declarer is None:
        talon = ("the talon leads tricks 1 and 2" if view.params["raspasy_talon"] != "none"
                 else "the talon stays face down")
        return f"Raspasy: no trump, take as few tricks as you can; {talon}"
    text = f"Declarer: {words.seat(view.declarer)}, bid {words.contract(view.bid)}"
    if view.contract is not None:
        text += f", plays {words.contract(view.contract)}"
    if view.calls:
        text += "   Whists: " + ", ".join(f"{words.seat(s)} {c.value}" for s, c in view.calls)
    if view.defence is not None:
        text += f"   ({view.defence})"
    return text


def _hand_lines(view: View, look: Look, words: Words, seat: int, cards: tuple[int, ...], width: int) -> list[Text]:
    """The numbered hand, one line per suit: the numbers are the keys."""
    legal = {m.arg for m in view.legal if m.kind == "play"}
    every = view.phase == "talon" and view.actor == view.seat
    whose = "Your hand" if seat == view.seat else f"{_capital(words.seat(seat))}'s hand, yours to play"
    out = [Text(f"{whose} ({len(cards)} card{'s' * (len(cards) != 1)}):")]
    by_suit: dict[int, list[tuple[int, int]]] = {}
    for number, c in enumerate(cards, 1):
        by_suit.setdefault(suit_of(c), []).append((number, c))
    for suit, group in by_suit.items():
        line = Text(f"  {look.suit(suit)}{' trump' if suit == view.trump else '      '} ")
        for number, c in group:
            ok = c in legal or every
            text = f"{number}:{look.card(c)}"
            if not look.colour:
                text = f"[{text}]" if ok and (legal or every) else f" {text} "
            style = (("bold " + look.card_style(c)).strip() if ok else "dim") if look.colour else ""
            line.append(" ")
            line.append(text, style=style)
        out.append(clip(line, width))
    return out


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def render_sheet(sheet: Sheet, look: Look, words: Words, *, header: str, lines_above: Sequence[str] = (),
                 below: Sequence[str] = (), width: int = WIDTH, height: int = HEIGHT) -> list[Text]:
    """The sheet after a deal: pulya, gora, the whists each player wrote on each other, and the saldo."""
    cols = sheet.columns
    saldo = sheet.settle()
    players = sheet.players
    out = [clip(Text(header, style="bold" if look.colour else ""), width)]
    out.extend(clip(Text(line), width) for line in lines_above)
    out.append(Text(""))
    short = [words.seat(i) for i in range(len(players))]
    out.append(clip(Text(f"  {'':<9}{'':>7}{'':>7}  {'whists written on':^{10 * len(players) - 2}}"), width))
    head = f"  {'':<9}{'pulya':>7}{'gora':>7}" + "".join(f"{n:>10}" for n in short) + f"{'saldo':>10}"
    out.append(clip(Text(head), width))
    for i, p in enumerate(players):
        row = f"  {short[i]:<9}{exact(cols.pulya[p]):>7}{exact(cols.gora[p]):>7}"
        row += "".join(f"{'-' if q == p else exact(cols.whist(p, q)):>10}" for q in players)
        row += f"{exact(saldo[p]):>10}"
        out.append(clip(Text(row), width))
    out.append(Text(""))
    out.extend(clip(Text(line), width) for line in below)
    return out[:height - 1]


# -- the game loop -----------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Options:
    seat: int = 0
    players: int = 3
    bots: str = "random"
    convention: str = "sochi"
    seed: str = "0"
    target: int = DEFAULT_TARGET
    save: str | None = None
    ascii: bool = False
    delay: float = DEFAULT_DELAY

    def replay_command(self) -> str:
        return (f"kozyr pref play --seat {self.seat} --players {self.players} --convention {self.convention} "
                f"--target {self.target} --seed {shlex.quote(self.seed)}")


class Session:
    """One game: you in `options.seat`, bots elsewhere, on a screen, until the pulya closes or you leave."""

    def __init__(self, options: Options, screen: Screen) -> None:
        from kozyr.durak import pad_seed

        self.options = options
        self.screen = screen
        self.look = screen.look
        self.you = options.seat
        n = options.players
        self.names = tuple("you" if s == self.you else f"seat {s}" for s in range(n))
        self.words = Words(self.names, you=self.you, ascii=self.look.ascii)
        self.convention = PRESETS[options.convention]
        self.seed = pad_seed(options.seed)
        self.sheet = Sheet(list(self.names), self.convention, target=options.target)
        self.records: list[Record] = []
        self.first_dealer = (self.you - 1) % n   # so that you are first hand in the first deal
        self.bots: dict[int, Bot] = {s: BOTS[options.bots](f"{options.seed}:{s}") for s in range(n) if s != self.you}
        self.hinter = Hinter(options.seed)
        self.quit = False
        self.game: Game | None = None
        self.header = (f"kozyr preferans   you: seat {self.you}   {self.convention.name}   "
                       f"pulya to {options.target}   seed {options.seed}")

    # -- drawing ----------------------------------------------------------------------------------------------
    def info(self) -> str:
        game = self.game
        assert game is not None
        pulya = ", ".join(f"{self.words.seat(i)} {exact(self.sheet.columns.pulya[p])}"
                          for i, p in enumerate(self.sheet.players))
        return f"Deal {len(self.records) + 1}, dealer: {self.words.seat(game.dealer)}   Pulya: {pulya}"

    def table(self, status: str = "", keys: str = "") -> Draw:
        game = self.game
        assert game is not None
        view = game.view(self.you)
        info = self.info()

        def draw(width: int, height: int) -> list[Text]:
            return render_table(view, self.look, self.words, header=self.header, info=info, log=self.screen.log,
                                status=status, keys=keys, width=width, height=height)

        return draw

    # -- the game ---------------------------------------------------------------------------------------------
    def run(self) -> int:
        n = self.options.players
        while not self.quit and not self.sheet.closed:
            number = len(self.records) + 1
            dealer = (self.first_dealer + number - 1) % n
            self.game = Game.from_seed(self.seed, number, players=self.names, dealer=dealer,
                                       convention=self.convention, conditions=self.sheet.next_conditions)
            self.screen.tell([f"Deal {number}: {self.words.seat(dealer)} deal"
                              f"{'' if dealer == self.you else 's'}; minimum bid "
                              f"{self.game.min_level}."])
            self.play_deal()
            if self.quit:
                break
            self.score_deal()
        self.finish()
        return 0

    def play_deal(self) -> None:
        game = self.game
        assert game is not None
        while not game.over and not self.quit:
            seat = game.actor
            assert seat is not None
            if seat == self.you:
                self.your_turn()
            else:
                self.bot_turn(seat)

    def apply(self, seat: int, move: Move | str) -> None:
        """A move accepted by the engine (it refuses with a KozyrError, changing nothing), narrated."""
        game = self.game
        assert game is not None
        events = game.apply(seat, move)
        view = game.view(self.you)
        lines = event_lines(events, seat, self.words, tricks=view.tricks, trump=view.trump, card=self.look.card)
        self.screen.tell(lines)

    def your_turn(self) -> None:
        game = self.game
        assert game is not None
        view = game.view(self.you)
        status = asked(view.phase, bid=view.bid, words=self.words)
        if view.phase == "play" and len(view.controls) > 1:
            seat, _ = hand_on_turn(view)
            if seat != self.you:
                status = f"Your card from {self.words.seat(seat)}'s open hand."
        keys = PHASE_KEYS.get(view.phase, "")
        self.screen.show(self.table(status, keys))
        if not ask_until_moved(self.screen, lambda message: self.table(message, keys), self.prompt(view),
                               lambda key: self.press(key, view), leaving="End of input: leaving the game unfinished."):
            self.quit = True

    def prompt(self, view: View) -> str:
        if view.phase == "auction":
            bids = [m for m in view.legal if m.kind == "bid"]
            return f"Your call [p, {bids[0].arg} or higher]: " if bids else "Your call [p]: "
        if view.phase == "talon":
            return f"Discard two [1-{len(view.hand)}]: "
        if view.phase == "naming":
            return f"Name [{view.bid} or higher]: "
        if view.phase == "whisting":
            return f"Whist [{' '.join(k for k, v in SHORT['whisting'].items() if Move(v) in view.legal)}]: "
        if view.phase == "defence":
            return "Defence [c o]: "
        _, cards = hand_on_turn(view)
        keys = [str(i) for i, c in enumerate(cards, 1) if Move("play", c) in view.legal]
        return f"Your card [{' '.join(keys)}]: "

    def press(self, key: str, view: View) -> str | None:
        """Act on one key; the one-line message to show when nothing happened (None when the game moved)."""
        lower = key.lower()
        if lower in ("q", "quit"):
            self.quit = True
            return None
        if lower in ("?", "hint"):
            return self.hint(view)
        if not key:
            return f"Nothing typed. {PHASE_KEYS[view.phase].removeprefix('Keys: ')}"
        text = self.move_text(key, view)
        if text.startswith("!"):
            return text[1:]
        try:
            self.apply(self.you, text)
        except KozyrError as refused:
            return f"Not allowed ({refused.code}): {str(refused).rstrip('.')}. Nothing changed."
        return None

    def move_text(self, key: str, view: View) -> str:
        """The move a key stands for, as text for the engine to read (it refuses what is not legal); a
        message starting with `!` when the key means nothing in this phase."""
        words = key.split()
        phase = view.phase
        short = SHORT.get(phase, {})
        if len(words) == 1 and words[0].lower() in short:
            return short[words[0].lower()]
        if phase in ("auction", "naming") and len(words) == 1 and _is_contract(words[0]):
            return f"{'bid' if phase == 'auction' else 'name'} {words[0]}"
        if phase == "talon" and len(words) == 2 and not words[0].lower() == "discard":
            named = [self._card(w, tuple(view.hand)) for w in words]
            bad = [c for c in named if c.startswith("!")]
            return bad[0] if bad else f"discard {named[0]} {named[1]}"
        if phase == "play" and len(words) == 1 and (words[0].isdigit() or _is_card(words[0])):
            card = self._card(words[0], hand_on_turn(view)[1])
            return card if card.startswith("!") else f"play {card}"
        if words and words[0].lower() in ("pass", "bid", "discard", "name", "whist", "half-whist", "closed", "open",
                                          "play"):
            return key
        return f"!{shown(key)} is not a key here. {PHASE_KEYS[phase].removeprefix('Keys: ')}"

    def _card(self, word: str, cards: tuple[int, ...]) -> str:
        """A card number (1..n of the hand shown) or a card word as the card's name; `!message` for a number
        out of range."""
        if word.isdigit():
            n = int(word)
            if not 1 <= n <= len(cards):
                return f"!There is no card {n}: the cards are 1 to {len(cards)}."
            return card_name(cards[n - 1])
        return word

    def hint(self, view: View) -> str:
        """The hint's lines (`narration.Hinter`): in the play `analyse`'s figures for your best cards, else
        rung 3's choice. Its own seed and bot: asking never changes the bots' play. Shown as the status (a
        few lines, which the table makes room for)."""
        _, lines = self.hinter(view, self.words)
        return "\n".join(lines)

    def bot_turn(self, seat: int) -> None:
        game = self.game
        assert game is not None
        view = game.view(seat)
        status = f"{_capital(self.words.seat(seat))} ({self.options.bots} bot) is thinking..."
        self.screen.wait(self.table(status))
        self.apply(seat, self.bots[seat](view))

    def score_deal(self) -> None:
        game = self.game
        assert game is not None
        record = game.record()
        view = game.view(self.you)
        outcome = outcome_line(record.outcome, declarer=record.declarer, contract=record.contract, won=view.won,
                               words=self.words)
        self.screen.tell([outcome])
        scored = self.sheet.add(record.to_deal())
        self.records.append(record)
        if self.options.save:
            save_game(self.game_record(), self.options.save)
            self.screen.tell([f"Saved to {self.options.save}."])
        number = len(self.records)
        above = [f"Deal {number} on the sheet: {record.to_deal().describe()}", outcome]
        nxt = scored.next
        if self.sheet.closed:
            below = ["Every pulya is closed: the game is over."]
        else:
            dealer = (self.first_dealer + number) % self.options.players
            below = [f"Next: deal {number + 1}, {self.words.seat(dealer)} "
                     f"deal{'' if dealer == self.you else 's'}; minimum bid {nxt.min_level}."]
        header = self.header

        def draw(width: int, height: int) -> list[Text]:
            return render_sheet(self.sheet, self.look, self.words, header=header, lines_above=above, below=below,
                                width=width, height=height)

        self.screen.show(draw)
        if self.sheet.closed:
            return
        line = self.screen.ask("Next deal [Enter, q]: ")
        if line is None or line.strip().lower() in ("q", "quit"):
            self.quit = True

    def game_record(self) -> GameRecord:
        return GameRecord(players=self.names, convention=self.convention, target=self.options.target,
                          first_dealer=self.first_dealer, records=tuple(self.records))

    def finish(self) -> None:
        saldo = self.sheet.settle()
        mine = exact(saldo[self.names[self.you]])
        deals = len(self.records)
        verdict = ("The pulya is closed" if self.sheet.closed else "Game left unfinished")
        lines = [f"{verdict} after {deals} deal{'s' * (deals != 1)}: your saldo {mine} "
                 f"({', '.join(f'{self.words.seat(i)} {exact(saldo[p])}' for i, p in enumerate(self.names))}). "
                 f"Replay: {self.options.replay_command()}"]
        if self.game is not None and self.quit and not self.game.over:
            self.screen.end(self.table("You left the game."), lines)
            return
        header = self.header

        def draw(width: int, height: int) -> list[Text]:
            return render_sheet(self.sheet, self.look, self.words, header=header, lines_above=["The sheet:"],
                                width=width, height=height)

        self.screen.end(draw, lines)


def _is_contract(word: str) -> bool:
    return contract_word(word) is not None


def _is_card(word: str) -> bool:
    return card_word(word) is not None


# -- command line --------------------------------------------------------------------------------------------------
def _target(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = 0
    if not 1 <= value <= MAX_TARGET:
        raise argparse.ArgumentTypeError(f"target {shown(text)} is not 1 to {MAX_TARGET} pulya points")
    return value


def run(args: argparse.Namespace) -> int:
    if args.seat >= args.players:
        raise KozyrError("bad_seat", f"seat {args.seat} is not a seat of a {args.players}-player game "
                         f"(0 to {args.players - 1})", field="seat", value=args.seat)
    seed = args.seed if args.seed is not None else secrets.token_hex(6)
    options = Options(seat=args.seat, players=args.players, bots=args.bots, convention=args.convention, seed=seed,
                      target=args.target, save=args.save, ascii=args.ascii, delay=args.delay)
    return play_in_terminal(lambda screen: Session(options, screen), options, program="kozyr pref play",
                            symbols="\u2660\u2665\u2666\u2663\u00e8")


def register(commands: Any) -> argparse.ArgumentParser:
    """Add `play` to the `kozyr pref` sub-commands."""
    p: argparse.ArgumentParser = commands.add_parser(
        "play", help="play preferans against bots in the terminal",
        description="Play a game of preferans to the pulya target: you in one seat, bots in the others. "
                    "The hint key ? gives a random legal move, labelled so: it does not ask the bots yet.")
    p.add_argument("--seat", type=seat_of_four, default=0, metavar="SEAT",
                   help="your seat, 0 to players - 1 (default 0)")
    p.add_argument("--players", type=int, choices=(3, 4), default=3,
                   help="3 or 4 (with 4 the dealer sits out each deal) (default 3)")
    p.add_argument("--bots", choices=sorted(BOTS), default="random",
                   help="the bots at the other seats: random (rung 1, a random legal move), rules (rung 2: a hand "
                        "count for bidding, the whist quota, plain play) or montecarlo (rung 3: rung 2's bidding, "
                        "each card and whist by its mean settlement over the layouts its view allows) "
                        "(default random)")
    p.add_argument("--convention", choices=sorted(PRESETS), default="sochi", help="the rules (default sochi)")
    p.add_argument("--seed", type=seed_text, metavar="TEXT", default=None,
                   help="the game's seed text, at most 32 ASCII bytes (default: random, printed at the end)")
    p.add_argument("--target", type=_target, default=DEFAULT_TARGET,
                   help=f"the pulya each player must reach, 1 to {MAX_TARGET} (default {DEFAULT_TARGET})")
    p.add_argument("--save", metavar="FILE", default=None,
                   help="write the game's record to FILE after every deal (kozyr pref replay --file reads it)")
    add_look_options(p, delay=DEFAULT_DELAY, what="move")
    p.set_defaults(func=run, parser=p)
    return p
