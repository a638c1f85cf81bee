"""Drawing the durak table of `kozyr play`, from a seat's view alone (its words: `kozyr.durak.narration`).

Everything here is a pure function of a `View` (and the events of a move), so
it can be tested on views built by hand and cannot show what the seat may not
see: the bot's cards are drawn as backs because the view holds only a count.
The table is a list of rich `Text` lines that fits 80x24 with the prompt; the
same lines print as plain text (`.plain`) when colour is off. A smaller
terminal (down to `kozyr.cli._terminal.MIN_WIDTH` x `MIN_HEIGHT`) gets a
compact table: no header and no blank lines, hand rows wrapped to the width,
as much narration as fits.
"""
from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len
from rich.text import Text

from kozyr.cards import suit_of
from kozyr.cli._terminal import HEIGHT, RED_SUITS, WIDTH, Look, clip, wrapped
from kozyr.durak import View
from kozyr.durak.narration import hand_order, seat_list, verb

LOG_LINES = 4  # narration lines kept on the live screen


# -- the table ----------------------------------------------------------------

def render_table(
    view: View,
    look: Look,
    *,
    header: str = "",
    log: Sequence[str] = (),
    status: str = "",
    keys: str = "",
    under: int | None = None,
    width: int = WIDTH,
    height: int = HEIGHT,
) -> list[Text]:
    """The whole screen above the prompt for the seat of `view`: at most height - 1 lines of `width` columns.

    `under` is the card known to lie under the talon (the trump six after an
    exchange, which both players saw); it is shown while the talon lasts.
    Below 80x24 the table is compact (see the module's note).
    """
    compact = width < WIDTH or height < HEIGHT
    gap = [] if compact else [Text()]
    top: list[Text] = []
    if header and not compact:
        top += [clip(Text(header, style="bold" if look.colour else ""), width), Text()]
    many = len(view.counts) > 2
    if many:     # a table of 3 to 6: a line for every two other seats, the talon, the bout and its throwers
        gap = []
        body = [*_seat_lines(view, look, width), clip(_talon_line(view, look, under), width)]
        body += [clip(line, width) for line in _bout_lines_many(view, look, compact)]
        body += _hand_lines(view, look, width)
    else:
        body = [_opponent_line(view, look, width), clip(_talon_line(view, look, under), width), *gap]
        body += [clip(line, width) for line in _bout_lines(view, look, compact)]
        body += [*gap, *_hand_lines(view, look, width)]
    tail: list[Text] = [*gap] if status or keys else []
    if status:
        tail.append(clip(Text(status, style="bold" if look.colour else ""), width))
    if keys:
        tail.append(clip(Text(keys, style="dim" if look.colour else ""), width))
    entries = list(log[-LOG_LINES:])
    if many and not compact:   # as much narration as the seats' lines leave room for
        room = height - 1 - len(top) - len(body) - len(tail) - 1
        entries = list(log[-room:]) if room > 0 else []
    if compact:   # re-wrap the narration to the width, keep the newest lines that fit above the prompt
        entries = wrapped(log, width, height - 1 - len(top) - len(body) - len(tail))
    middle = ([*gap] if entries else []) + [clip(Text(e, style="italic" if look.colour else ""), width)
                                            for e in entries]
    return top + body + middle + tail


def _opponent_line(view: View, look: Look, width: int = WIDTH) -> Text:
    """The bot's hand as backs and a count: the view has no faces to show."""
    other = 1 - view.seat
    n = view.counts[other]
    line = Text("The bot  ")
    line.append(look.back * min(n, 36, max(0, width - 32)), style="blue" if look.colour else "")
    line.append(f"  {n} card{'s' if n != 1 else ''}")
    if view.turn == other:
        line.append("  (to play)", style="dim" if look.colour else "")
    return line


def _seat_lines(view: View, look: Look, width: int = WIDTH) -> list[Text]:
    """Every other seat clockwise from yours, two a line: its count, its part in the bout, whether it is out
    (and in which place), and an arrow at the seat on turn."""
    n = len(view.counts)
    me = view.seat
    bout = view.bout
    places = {seat: k + 1 for k, seat in enumerate(view.out)}
    items: list[Text] = []
    for k in range(1, n):
        seat = (me + k) % n
        item = Text(f"Seat {seat}")
        if view.rules.teams:
            item.append("+" if view.rules.team(seat) == view.rules.team(me) else "")
        if seat in places:
            item.append(f" out ({_ordinal(places[seat])})", style="dim" if look.colour else "")
        else:
            count = view.counts[seat]
            item.append(f" {look.back * min(count, 6)} {count}", style="blue" if look.colour else "")
            if not view.over and seat == bout.attacker:
                item.append(" attacks")
            elif not view.over and seat == bout.defender:
                item.append(" defends")
        if view.turn == seat:
            item.append(" <" if look.ascii else " ◀", style="bold" if look.colour else "")
        items.append(item)
    lines = []
    for i in range(0, len(items), 2):
        line = Text()
        for j, item in enumerate(items[i:i + 2]):
            if j:
                line.append(" " * max(2, 38 - cell_len(line.plain)))
            line.append_text(item)
        lines.append(clip(line, width))
    return lines


def _ordinal(k: int) -> str:
    return f"{k}{({1: 'st', 2: 'nd', 3: 'rd'}.get(k if k < 20 else k % 10, 'th'))}"


def _bout_lines_many(view: View, look: Look, compact: bool = False) -> list[Text]:
    """The bout at a table of more than two: who attacks and defends, the throwers in their order, the
    trumps shown, then the cards as columns (the two-seat rows)."""
    bout = view.bout
    you = view.seat
    n = len(view.counts)
    if view.over:
        return [Text("Bout: none, the deal is over")]
    head = Text(f"Bout: {verb(bout.attacker, you, 'attack', 'attacks', n)}, "
                f"{verb(bout.defender, you, 'defend', 'defends', n).lower() if bout.defender != you else 'you defend'}"
                f"   {bout.size} of {bout.cap} cards")
    if bout.taken:
        head.append(f"   {verb(bout.defender, you, 'take', 'takes', n).lower()}",
                    style="bold yellow" if look.colour else "")
    order = Text(f"Throwers: {seat_list(bout.throwers, you)}")
    if bout.leader != bout.attacker:
        order.append(f"; led by {'you' if bout.leader == you else f'seat {bout.leader}'}")
    if bout.shown:
        order.append("; shown " + " ".join(look.card(c) for c in bout.shown))
    rows = _bout_lines(view, look, compact)[1:]
    return [head, order, *rows]


def _talon_line(view: View, look: Look, under: int | None = None) -> Text:
    """Trump, the turn-up while it is still the talon's last card (or the six exchanged for it), counts."""
    line = Text("Trump ")
    line.append(look.suit(view.trump), style="red" if look.colour and view.trump in RED_SUITS else "")
    if view.turnup is not None:
        line.append("   turn-up ")
        line.append(look.card(view.turnup), style=look.card_style(view.turnup))
    elif under is not None and view.talon > 0:
        line.append("   ")
        line.append(look.card(under), style=look.card_style(under))
        line.append(" under the talon")
    line.append(f"   talon {view.talon}   heap {view.heap}")
    return line


def _bout_lines(view: View, look: Look, compact: bool = False) -> list[Text]:
    """The bout as columns: attack cards on one row, their beating cards under them."""
    bout = view.bout
    you = view.seat
    attacks = "you attack" if bout.attacker == you else "the bot attacks"
    defends = "you defend" if bout.defender == you else "the bot defends"
    head = Text(f"Bout: {attacks}, {defends}   {bout.size} of {bout.cap} cards" if not compact
                else f"Bout {bout.size}/{bout.cap}: {attacks}")
    if bout.taken:
        head.append(f"   {'you take' if bout.defender == you else 'the bot takes'}",
                    style="bold yellow" if look.colour else "")
    if view.over:
        return [Text("Bout: none, the deal is over")]
    if not bout.pairs:
        return [head, Text("  attack  (no cards yet)"), Text("  beaten")]
    attack = Text("  attack ")
    beaten = Text("  beaten ")
    to_beat = None if bout.taken else bout.to_beat  # a taken bout has nothing left to beat
    for card, answer in bout.pairs:
        marked = card == to_beat
        attack.append(" ")
        mark = "reverse bold" if marked and look.colour else ""
        attack.append(f"{look.card(card):<4}", style=_join(look.card_style(card), mark))
        beaten.append(" ")
        if answer is not None:
            beaten.append(f"{look.card(answer):<4}", style=look.card_style(answer))
        else:
            arrow = f"{'^^' if look.ascii else '▲▲':<4}" if marked else "    "
            beaten.append(arrow, style="bold" if look.colour else "")
    if to_beat is not None:
        beaten.append(f"  {'^^' if look.ascii else '▲▲'} to beat: {look.card(to_beat)}")
    return [head, attack, beaten]


def _hand_lines(view: View, look: Look, width: int = WIDTH) -> list[Text]:
    """Your hand numbered in table order, one row per suit (wrapped at `width`); playable cards bright."""
    order = hand_order(view.hand, view.trump)
    playable = {m.card for m in view.legal if m.card is not None}
    head = Text(f"Your hand  {len(order)} card{'s' if len(order) != 1 else ''}")
    if view.can_swap and view.turnup is not None:
        six = 16 * view.trump + 6
        head.append(f"   x: exchange {look.card(six)} for {look.card(view.turnup)}",
                    style="bold green" if look.colour else "")
    lines = [clip(head, width)]
    row: Text | None = None
    current = -1
    for number, card in enumerate(order, 1):
        item = 4 + len(str(number)) + cell_len(look.card(card))
        if suit_of(card) != current or (row is not None and cell_len(row.plain) + item > width):
            current = suit_of(card)
            row = Text(" ")
            lines.append(row)
        assert row is not None
        can = card in playable
        label = f"{number}:{look.card(card)}"
        if look.colour:
            row.append(" ")
            row.append(f"{number}:", style="bold cyan" if can else "dim")
            row.append(look.card(card), style=_join(look.card_style(card), "bold" if can else "dim"))
            row.append(" ")
        else:
            row.append(f" [{label}]" if can else f"  {label} ")
    return lines


def _join(*styles: str) -> str:
    return " ".join(s for s in styles if s)


__all__ = ["render_table"]
