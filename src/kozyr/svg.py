"""Pictures of cards and positions as SVG, for notebooks and the docs.

Every picture is built with the standard library's ElementTree and returned as
text (`<svg ...>...</svg>`), so kozyr needs no drawing package. The pictures do
not depend on the fonts of whoever looks at them: the suits are drawn as paths
(a font may lack ♠♥♦♣, or draw them as emoji), and only the ranks and the labels
are plain text, in the reader's sans-serif.

Notebooks call these through `_repr_svg_`: a `CardSet`, a durak `GameView` or
`View`, a hokm `View`, `Trick` or `CompletedTrick` shows as a picture.

- `cards_svg(cards)`: a row of cards (a `CardSet`, card ints or names).
- `durak_svg(view)`: a durak position as one seat sees it: its hand (the legal
  cards raised when it is on turn), the bout's pairs with the card to beat
  marked, trump and turn-up, talon and heap counts, the other seat's cards as
  backs.
- `durak_record_svg(game_or_record)`: a strip of a whole durak deal, one column
  per bout: who attacked, what beat what, how the bout ended.
- `hokm_trick_svg(trick)`, `hokm_view_svg(view)`: a hokm trick with the seats
  around the table, and a seat's view (its hand, the trick, trump, tricks and
  points).

>>> svg = cards_svg("AS TD 6C")
>>> svg.startswith("<svg") and svg.count('class="card"')
3
"""
from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterable
from typing import Any

from kozyr.cards import SUIT_NAMES, CardSet, card_name, parse_card
from kozyr.errors import KozyrError, shown

__all__ = ["cards_svg", "durak_svg", "durak_record_svg", "hokm_trick_svg", "hokm_view_svg", "SUIT_PATHS"]

SVG_NS = "http://www.w3.org/2000/svg"

# The four suits in a 100 x 100 box, in kozyr's suit order (spades, hearts, diamonds, clubs).
SUIT_PATHS = (
    # spade: an upturned heart on a flared stem
    "M50 2 C72 24 100 40 100 62 C100 78 88 86 76 86 C66 86 58 80 54 72 C55 84 60 92 68 98 L32 98 "
    "C40 92 45 84 46 72 C42 80 34 86 24 86 C12 86 0 78 0 62 C0 40 28 24 50 2 Z",
    # heart
    "M50 96 C22 72 0 52 0 30 C0 12 13 2 27 2 C38 2 46 9 50 20 C54 9 62 2 73 2 C87 2 100 12 100 30 "
    "C100 52 78 72 50 96 Z",
    # diamond
    "M50 0 L90 50 L50 100 L10 50 Z",
    # club: three leaves and a stem, all wound the same way so they merge under the nonzero rule
    "M27 27 A23 23 0 1 0 73 27 A23 23 0 1 0 27 27 Z "
    "M1 60 A23 23 0 1 0 47 60 A23 23 0 1 0 1 60 Z "
    "M53 60 A23 23 0 1 0 99 60 A23 23 0 1 0 53 60 Z "
    "M46 52 C46 76 40 90 30 98 L70 98 C60 90 54 76 54 52 Z",
)
RED, BLACK = "#c8102e", "#1a1a1a"
SUIT_COLOURS = (BLACK, RED, RED, BLACK)
FONT = "DejaVu Sans, Helvetica, Arial, sans-serif"
CARD_W, CARD_H = 44, 62
FELT, INK, MUTED, MARK = "#e8f1e8", "#1a1a1a", "#5a6a5a", "#1f6fd1"


def _rank_text(letters: str) -> str:
    return "10" if letters[0] == "T" else letters[0]


def _card_int(c: Any) -> int:
    if isinstance(c, str):
        return parse_card(c)
    return int(c)


def _cards(cards: Any) -> list[int]:
    """Card ints in the given order; a CardSet (or its text, or a mask) in the set's order."""
    if cards is None:
        return []
    if isinstance(cards, (CardSet, str, int)):
        return list(CardSet(cards))
    return [_card_int(c) for c in cards]


class _Canvas:
    """An <svg> root and the few shapes every picture uses."""

    def __init__(self, width: float, height: float, title: str, background: str | None = FELT) -> None:
        self.root = ET.Element("svg", {
            "xmlns": SVG_NS, "version": "1.1", "width": _n(width), "height": _n(height),
            "viewBox": f"0 0 {_n(width)} {_n(height)}", "font-family": FONT,
        })
        ET.SubElement(self.root, "title").text = title
        if background:
            self.rect(0, 0, width, height, fill=background, rx=8)

    def rect(self, x: float, y: float, w: float, h: float, parent: ET.Element | None = None,
             **attrs: Any) -> ET.Element:
        return ET.SubElement(self.root if parent is None else parent, "rect", _attrs(
            {"x": x, "y": y, "width": w, "height": h, **attrs}))

    def text(self, x: float, y: float, words: str, parent: ET.Element | None = None, size: float = 12,
             **attrs: Any) -> ET.Element:
        el = ET.SubElement(self.root if parent is None else parent, "text", _attrs(
            {"x": x, "y": y, "font-size": size, "fill": INK, **attrs}))
        el.text = words
        return el

    def suit(self, s: int, x: float, y: float, size: float, parent: ET.Element | None = None) -> ET.Element:
        """Suit `s` drawn in a size x size box at (x, y)."""
        if not isinstance(s, int) or not 0 <= s <= 3:
            raise KozyrError("bad_suit", f"suit {shown(s)} is not a suit: expected an int 0..3", value=s)
        # inline paths rather than <use>: every renderer draws them, and each picture stands alone
        return ET.SubElement(self.root if parent is None else parent, "path", {
            "d": SUIT_PATHS[s], "fill": SUIT_COLOURS[s], "class": f"suit-{'SHDC'[s]}",
            "transform": f"translate({_n(x)} {_n(y)}) scale({_n(size / 100)})",
        })

    def card(self, c: int, x: float, y: float, *, mark: bool = False, faint: bool = False,
             rotate: float = 0) -> ET.Element:
        """A face-up card with its top-left corner at (x, y)."""
        letters = card_name(c)                  # a KozyrError (bad_card) for anything but one of the 52
        s, name = int(c) >> 4, _rank_text(letters)
        attrs = {"class": "card", "data-card": letters}
        if rotate:
            attrs["transform"] = f"rotate({_n(rotate)} {_n(x + CARD_W / 2)} {_n(y + CARD_H / 2)})"
        g = ET.SubElement(self.root, "g", attrs)
        ET.SubElement(g, "title").text = f"{'ten' if name == '10' else name} of {SUIT_NAMES[s]}"
        self.rect(x, y, CARD_W, CARD_H, g, rx=5, fill="#ffffff", stroke=MARK if mark else "#777777",
                  **{"stroke-width": 2.5 if mark else 1})
        colour = SUIT_COLOURS[s]
        self.text(x + 4, y + 15, name, g, size=14, fill=colour, **{"font-weight": "bold"})
        self.suit(s, x + 4, y + 19, 11, g)
        self.suit(s, x + CARD_W - 27, y + CARD_H - 29, 23, g)
        if faint:
            self.rect(x, y, CARD_W, CARD_H, g, rx=5, fill="#ffffff", opacity=0.45)
        return g

    def back(self, x: float, y: float, label: str = "", kind: str = "") -> ET.Element:
        """A face-down card (`kind`: whose, for readers of the SVG: other, talon, heap)."""
        g = ET.SubElement(self.root, "g", {"class": f"back {kind}".strip()})
        self.rect(x, y, CARD_W, CARD_H, g, rx=5, fill="#2b4f8c", stroke="#1b2f5c")
        self.rect(x + 4, y + 4, CARD_W - 8, CARD_H - 8, g, rx=3, fill="none", stroke="#9fb6e0")
        if label:
            self.text(x + CARD_W / 2, y + CARD_H / 2 + 5, label, g, size=14, fill="#ffffff",
                      **{"text-anchor": "middle", "font-weight": "bold"})
        return g

    def svg(self) -> str:
        return ET.tostring(self.root, encoding="unicode")


def _n(v: float) -> str:
    """A number for an attribute: no trailing '.0'."""
    return f"{v:.2f}".rstrip("0").rstrip(".") if isinstance(v, float) else str(v)


def _attrs(d: dict[str, Any]) -> dict[str, str]:
    return {k: _n(v) if isinstance(v, (int, float)) else str(v) for k, v in d.items()}


def _row_width(n: int, step: float) -> float:
    return CARD_W + max(n - 1, 0) * step


def cards_svg(cards: Any, *, title: str = "cards") -> str:
    """A row of face-up cards: a `CardSet`, its text (`"AS TD 6C"`), or an iterable of card ints or names."""
    row = _cards(cards)
    step = CARD_W + 6
    width = 12 + _row_width(len(row), step) + 12 if row else 80
    c = _Canvas(width, CARD_H + 20, title, background=None)
    if not row:
        c.text(10, 45, "no cards", size=12, fill=MUTED)
    for i, card in enumerate(row):
        c.card(card, 12 + i * step, 10)
    return c.svg()


def _fan_step(n: int, room: float, widest: float = CARD_W + 4) -> float:
    """The distance between cards so that n of them fit in `room`."""
    if n <= 1:
        return widest
    return min(widest, (room - CARD_W) / (n - 1))


def _legal_cards(view: Any) -> set[int]:
    return {m.card for m in getattr(view, "legal", ()) if getattr(m, "card", None) is not None}


def durak_svg(view: Any) -> str:
    """A durak position as `view.seat` sees it (a `GameView` or `kozyr.durak.View`)."""
    for name in ("seat", "hand", "bout", "counts", "talon", "heap", "trump"):
        if not hasattr(view, name):
            raise KozyrError("bad_view", f"{shown(view)} is not a durak view (no {name!r})", field="view", value=view)
    width, height = 600, 360
    me, other = view.seat, 1 - view.seat
    c = _Canvas(width, height, f"durak: seat {me}'s view, ply {view.ply}")
    # the other seat: its cards face down, as many as it holds
    n_other = view.counts[other]
    step = _fan_step(n_other, 360, 18)
    for i in range(n_other):
        c.back(150 + i * step, 12, kind="other")
    c.text(20, 36, f"seat {other}", size=13, **{"font-weight": "bold"})
    c.text(20, 54, f"{n_other} card{'s' * (n_other != 1)}", size=12, fill=MUTED)
    # talon, turn-up and trump, on the left
    if view.turnup is not None:           # crosswise under the talon, its rank showing
        c.card(view.turnup, 46, 130, rotate=90)
    if view.talon > (1 if view.turnup is not None else 0):
        c.back(16, 122, str(view.talon), kind="talon")
    elif view.talon:
        c.text(16, 215, "the turn-up is the last card", size=10, fill=MUTED)
    c.text(16, 112, f"talon {view.talon}", size=12)
    c.text(16, 236, "trump", size=12)
    c.suit(view.trump, 56, 224, 16)
    # the heap, on the right
    c.text(width - 90, 112, f"heap {view.heap}", size=12)
    if view.heap:
        for k in range(min(3, view.heap)):
            c.back(width - 80 + 3 * k, 122 + 2 * k, kind="heap")
    # the bout: attack cards with the beating card laid over them
    bout = view.bout
    x0 = 140
    for i, (attack, beat) in enumerate(bout.pairs):
        x = x0 + i * (CARD_W + 18)
        c.card(attack, x, 118, mark=(attack == bout.to_beat))
        if beat is not None:
            c.card(beat, x + 10, 140)
    if not bout.pairs:
        c.text(x0, 160, "the table is empty", size=12, fill=MUTED)
    state = _durak_state(view)
    c.text(x0, 234, state, size=13)
    # this seat's hand, legal cards raised
    hand = list(view.hand)
    legal = _legal_cards(view) if view.turn == me else set()
    step = _fan_step(len(hand), 440, CARD_W + 4)
    for i, card in enumerate(hand):
        up = card in legal
        c.card(card, 140 + i * step, 270 - (10 if up else 0), mark=up)
    c.text(20, 300, f"seat {me}", size=13, **{"font-weight": "bold"})
    c.text(20, 318, "(this view)", size=11, fill=MUTED)
    return c.svg()


def _durak_state(view: Any) -> str:
    if view.over:
        r = view.result
        if r is None or r.fool is None:
            return "over: a draw"
        return f"over: seat {r.fool} is the fool" + (" (resigned)" if r.outcome == "resign" else "")
    bout = view.bout
    who = "you" if view.turn == view.seat else f"seat {view.turn}"
    doing = {"attack": "to attack", "defend": "to beat or take", "pile_on": "to throw in or say done"}
    text = f"{who} {doing.get(view.phase, view.phase)}; seat {bout.attacker} attacks"
    if bout.taken:
        text += ", the defender takes"
    return text


def _bouts(game: Any) -> list[dict[str, Any]]:
    """The bouts of a deal from its events: attacker, pairs and how each ended (the last may be open)."""
    bouts: list[dict[str, Any]] = []
    cur: dict[str, Any] | None = None
    for e in game.events:
        if e.kind == "attack":
            if cur is None:
                cur = {"attacker": e.seat, "pairs": [], "how": None, "taken": False}
            cur["pairs"].append([e.card, None])
        elif e.kind == "beat" and cur is not None:
            for pair in reversed(cur["pairs"]):
                if pair[1] is None:
                    pair[1] = e.card
                    break
        elif e.kind == "bout_end" and cur is not None:
            cur["how"], cur["taken"] = e.how, bool(e.taken)
            bouts.append(cur)
            cur = None
        elif e.kind == "resign" and cur is not None:
            cur["how"] = "resigned"
    if cur is not None:
        bouts.append(cur)
    return bouts


def durak_record_svg(game: Any, *, per_row: int = 8) -> str:
    """A strip of a whole durak deal: one column per bout (a `Game`, or a record dict of
    `kozyr.durak.records`, which is replayed first)."""
    if isinstance(game, dict):
        from kozyr.durak.records import from_record

        game = from_record(game)
    if not hasattr(game, "events") or not hasattr(game, "trump"):
        raise KozyrError("bad_game", f"{shown(game)} is not a durak Game or record", field="game", value=game)
    bouts = _bouts(game)
    col_w, step = CARD_W + 34, 46
    rows = max(1, -(-len(bouts) // per_row))
    deepest = [max((len(b["pairs"]) for b in bouts[r * per_row:(r + 1) * per_row]), default=1) for r in range(rows)]
    row_h = [48 + (d - 1) * step + CARD_H + 10 + 24 for d in deepest]
    width = 20 + min(per_row, max(len(bouts), 1)) * col_w + 10
    height = 44 + sum(row_h) + 6
    c = _Canvas(max(width, 320), height, "durak: a deal, bout by bout")
    c.text(14, 24, "trump", size=13)
    c.suit(game.trump, 56, 11, 16)
    result = getattr(game, "result", None)
    end = "not over" if result is None else ("a draw" if result.fool is None else f"seat {result.fool} is the fool")
    c.text(84, 24, f"{len(bouts)} bouts; {end}", size=13)
    y = 44
    for r in range(rows):
        for j, b in enumerate(bouts[r * per_row:(r + 1) * per_row]):
            x = 20 + j * col_w
            c.text(x, y + 12, f"{r * per_row + j + 1}. seat {b['attacker']}", size=11, **{"font-weight": "bold"})
            for k, (attack, beat) in enumerate(b["pairs"]):
                c.card(attack, x, y + 20 + k * step)
                if beat is not None:
                    c.card(beat, x + 20, y + 30 + k * step)
            bottom = y + 20 + (len(b["pairs"]) - 1) * step + CARD_H + 10 + 16
            how = b["how"] or "open"
            label = "taken" if b["taken"] else ("open" if how == "open" else "beaten off")
            el = c.text(x, bottom, label, size=11, fill=RED if b["taken"] else MUTED)
            ET.SubElement(el, "title").text = f"bout {r * per_row + j + 1} ended: {how}"
        y += row_h[r]
    return c.svg()


# -- hokm ------------------------------------------------------------------------------------------

def _hokm_plays(trick: Any) -> tuple[list[tuple[int, int]], Any, int | None]:
    """(plays, winner or None, trump or None) of a hokm Trick, CompletedTrick or a view's trick."""
    plays = [(int(s), int(card)) for s, card in trick.plays]
    winner = getattr(trick, "winner", None) or getattr(trick, "result", None)
    if winner is None and plays:
        from kozyr.hokm.trick import provisional_winner

        try:
            winner = provisional_winner(trick)      # who holds an unfinished trick so far
        except KozyrError:
            winner = None
    trump = getattr(trick, "trump", None)
    if trump is None and winner is not None:
        trump = winner.trump
    return plays, winner, trump


def hokm_trick_svg(trick: Any, *, seat: int = 0) -> str:
    """A hokm trick (a `Trick` or a `CompletedTrick`) around the table, `seat` at the bottom."""
    if not hasattr(trick, "plays"):
        raise KozyrError("bad_trick", f"{shown(trick)} is not a hokm trick", field="trick", value=trick)
    plays, winner, trump = _hokm_plays(trick)
    c = _Canvas(340, 300, "hokm: a trick")
    _draw_trick(c, plays, winner, seat, 170, 145)
    if trump is not None:
        c.text(12, 24, "trump", size=12)
        c.suit(trump, 54, 12, 15)
    if winner is not None:
        c.text(12, 290, f"seat {winner.seat} (team {winner.team}) takes it", size=12)
    return c.svg()


def _draw_trick(c: _Canvas, plays: Iterable[tuple[int, int]], winner: Any, seat: int, cx: float, cy: float) -> None:
    # bottom, right, top, left relative to `seat` (play passes to seat + 1, counter-clockwise on screen)
    spots = ((0, 1), (1, 0), (0, -1), (-1, 0))
    for s, card in plays:
        dx, dy = spots[(s - seat) % 4]
        x = cx - CARD_W / 2 + dx * (CARD_W + 26)
        y = cy - CARD_H / 2 + dy * (CARD_H / 2 + 16)
        c.card(card, x, y, mark=winner is not None and winner.seat == s)
        lx = cx + dx * (CARD_W * 1.5 + 60)
        ly = cy + dy * (CARD_H + 28) + 4
        c.text(lx, ly, f"seat {s}", size=11, fill=MUTED, **{"text-anchor": "middle"})


def hokm_view_svg(view: Any) -> str:
    """A hokm seat's view: its hand (legal cards raised), the current trick, trump, tricks and points."""
    for name in ("seat", "hand", "trick", "tricks_won", "scores"):
        if not hasattr(view, name):
            raise KozyrError("bad_view", f"{shown(view)} is not a hokm view (no {name!r})", field="view", value=view)
    width, height = 640, 400
    c = _Canvas(width, height, f"hokm: seat {view.seat}'s view")
    _draw_trick(c, view.trick, view.winning, view.seat, 320, 150)
    c.text(14, 24, "trump", size=12)
    if view.trump is not None:
        c.suit(view.trump, 56, 12, 15)
    else:
        c.text(56, 24, "not named yet", size=12, fill=MUTED)
    c.text(14, 44, f"hakem: seat {view.hakem}", size=12)
    us, them = view.seat & 1, 1 - (view.seat & 1)
    c.text(width - 14, 24, f"tricks: us {view.tricks_won[us]}, them {view.tricks_won[them]}", size=12,
           **{"text-anchor": "end"})
    c.text(width - 14, 44, f"points: us {view.scores[us]}, them {view.scores[them]} (to {view.match_target})",
           size=12, **{"text-anchor": "end"})
    hand = list(view.hand)
    legal = set(view.legal) if view.to_act == view.seat else set()
    step = _fan_step(len(hand), width - 40, CARD_W + 2)
    x0 = (width - _row_width(len(hand), step)) / 2
    for i, card in enumerate(hand):
        up = card in legal
        c.card(card, x0 + i * step, 318 - (10 if up else 0), mark=up)
    return c.svg()
