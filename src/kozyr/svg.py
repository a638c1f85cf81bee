"""Pictures of cards and positions as SVG, for notebooks and the docs.

Every picture is built with the standard library's ElementTree and returned as
text (`<svg ...>...</svg>`), so kozyr needs no drawing package. The pictures do
not depend on the fonts of whoever looks at them (the drawing itself is
`kozyr._draw`, which imports nothing of kozyr, so that the classes can call it): the suits are drawn as paths
(a font may lack ♠♥♦♣, or draw them as emoji), and only the ranks and the labels
are plain text, in the reader's sans-serif.

Notebooks call these through `_repr_svg_`: a `CardSet`, a durak `GameView` or
`View`, a hokm `View`, `Trick` or `CompletedTrick` shows as a picture.

- `cards_svg(cards)`: a row of cards (a `CardSet`, card ints or names).
- `durak_svg(view)`: a durak position as one seat sees it: its hand (the legal
  cards raised when it is on turn), the bout's pairs with the card to beat
  marked, trump and turn-up, talon and heap counts, the other seat's cards as
  backs.
- `durak_record_svg(bouts, trump=, result=)`: a strip of a whole durak deal, one
  column per bout: who attacked, what beat what, how the bout ended
  (`kozyr.durak.records.picture(game_or_record)` draws a Game or a record).
- `hokm_trick_svg(trick)`, `hokm_view_svg(view)`: a hokm trick with the seats
  around the table, and a seat's view (its hand, the trick, trump, tricks and
  points).
- `preferans_svg(view)`: a preferans position as one seat sees it: its hand
  (the playable cards raised), the two other hands in play (backs, or face up
  once open), the trick in progress (with the talon card that leads it in
  raspasy), the talon once turned, the contract, the whists and the tricks won.

>>> svg = cards_svg("AS TD 6C")
>>> svg.startswith("<svg") and svg.count('class="card"')
3
"""
from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterable
from typing import Any

from kozyr._draw import CARD_H, CARD_W, MUTED, RED, SUIT_PATHS, _Canvas, _row_width, cards_row
from kozyr.cards import CardSet, card_name, parse_card
from kozyr.errors import KozyrError, shown

__all__ = ["cards_svg", "durak_svg", "durak_record_svg", "hokm_trick_svg", "hokm_view_svg", "preferans_svg",
           "SUIT_PATHS"]

def _card_int(c: Any) -> int:
    if isinstance(c, str):
        return parse_card(c)
    return int(c)


def _name(c: Any) -> str:
    """The card's letters (`TD`); a KozyrError (bad_card) for anything but one of the 52."""
    return card_name(c)


def _suit(s: Any) -> int:
    if not isinstance(s, int) or isinstance(s, bool) or not 0 <= s <= 3:
        raise KozyrError("bad_suit", f"suit {shown(s)} is not a suit: expected an int 0..3", value=s)
    return s


def _cards(cards: Any) -> list[int]:
    """Card ints in the given order; a CardSet (or its text, or a mask) in the set's order."""
    if cards is None:
        return []
    if isinstance(cards, (CardSet, str, int)):
        return list(CardSet(cards))
    return [_card_int(c) for c in cards]


def cards_svg(cards: Any, *, title: str = "cards") -> str:
    """A row of face-up cards: a `CardSet`, its text (`"AS TD 6C"`), or an iterable of card ints or names."""
    return cards_row([_name(c) for c in _cards(cards)], title)


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
    c.text(20, 36, f"seat {other}", size=13, font_weight="bold")
    c.text(20, 54, f"{n_other} card{'s' * (n_other != 1)}", size=12, fill=MUTED)
    # talon, turn-up and trump, on the left
    if view.turnup is not None:           # crosswise under the talon, its rank showing
        c.card(_name(view.turnup), 46, 130, rotate=90)
    if view.talon > (1 if view.turnup is not None else 0):
        c.back(16, 122, str(view.talon), kind="talon")
    elif view.talon:
        c.text(16, 215, "the turn-up is the last card", size=10, fill=MUTED)
    c.text(16, 112, f"talon {view.talon}", size=12)
    c.text(16, 236, "trump", size=12)
    c.suit(_suit(view.trump), 56, 224, 16)
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
        c.card(_name(attack), x, 118, mark=(attack == bout.to_beat))
        if beat is not None:
            c.card(_name(beat), x + 10, 140)
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
        c.card(_name(card), 140 + i * step, 270 - (10 if up else 0), mark=up)
    c.text(20, 300, f"seat {me}", size=13, font_weight="bold")
    c.text(20, 318, "(this view)", size=11, fill=MUTED)
    return c.svg()


def _durak_state(view: Any) -> str:
    if view.over:
        r = view.result
        if r is None or r.fool is None:
            return "over: a draw"
        return f"over: seat {r.fool} is the fool" + (" (resigned)" if r.outcome == "resign" else "")
    bout = view.bout
    who = "your move" if view.turn == view.seat else f"seat {view.turn} to move"
    doing = {"attack": "attack", "defend": "beat or take", "pile_on": "throw in or say done"}
    text = f"{who}: {doing.get(view.phase, view.phase)}; seat {bout.attacker} attacks"
    if bout.taken:
        text += ", the defender takes"
    return text


def durak_record_svg(bouts: Any, *, trump: int, result: Any = None, per_row: int = 8) -> str:
    """A strip of a whole durak deal: one column per bout. `bouts` as `kozyr.durak.records.bouts(game)` reads
    them (attacker, pairs, how, taken); `records.picture(game or record)` draws a Game or a record this way."""
    try:
        bouts = [b for b in bouts if hasattr(b, "pairs") and hasattr(b, "attacker")] if bouts is not None else None
    except TypeError:
        bouts = None
    if bouts is None:
        raise KozyrError("bad_game", "the strip is drawn from a deal's bouts: kozyr.durak.records.bouts(game)",
                         field="bouts")
    col_w, step = CARD_W + 34, 46
    rows = max(1, -(-len(bouts) // per_row))
    deepest = [max((len(b.pairs) for b in bouts[r * per_row:(r + 1) * per_row]), default=1) for r in range(rows)]
    row_h = [48 + (d - 1) * step + CARD_H + 10 + 24 for d in deepest]
    width = 20 + min(per_row, max(len(bouts), 1)) * col_w + 10
    height = 44 + sum(row_h) + 6
    c = _Canvas(max(width, 320), height, "durak: a deal, bout by bout")
    c.text(14, 24, "trump", size=13)
    c.suit(_suit(trump), 56, 11, 16)
    end = "not over" if result is None else ("a draw" if result.fool is None else f"seat {result.fool} is the fool")
    c.text(84, 24, f"{len(bouts)} bouts; {end}", size=13)
    y = 44
    for r in range(rows):
        for j, b in enumerate(bouts[r * per_row:(r + 1) * per_row]):
            x = 20 + j * col_w
            c.text(x, y + 12, f"{r * per_row + j + 1}. seat {b.attacker}", size=11, font_weight="bold")
            for k, (attack, beat) in enumerate(b.pairs):
                c.card(_name(attack), x, y + 20 + k * step)
                if beat is not None:
                    c.card(_name(beat), x + 20, y + 30 + k * step)
            bottom = y + 20 + (len(b.pairs) - 1) * step + CARD_H + 10 + 16
            how = b.how or "open"
            label = "taken" if b.taken else ("open" if how == "open" else "beaten off")
            el = c.text(x, bottom, label, size=11, fill=RED if b.taken else MUTED)
            ET.SubElement(el, "title").text = f"bout {r * per_row + j + 1} ended: {how}"
        y += row_h[r]
    return c.svg()


# -- hokm ------------------------------------------------------------------------------------------

def _hokm_plays(trick: Any) -> tuple[list[tuple[int, int]], Any, int | None]:
    """(plays, winner or None, trump or None) of a hokm Trick, CompletedTrick or a view's trick."""
    plays = [(int(s), int(card)) for s, card in trick.plays]
    winner = getattr(trick, "winner", None) or getattr(trick, "result", None)
    trump = getattr(trick, "trump", None)
    if trump is None and winner is not None:
        trump = winner.trump
    return plays, winner, trump


def hokm_trick_svg(trick: Any, *, seat: int = 0, winner: Any = None) -> str:
    """A hokm trick (a `Trick` or a `CompletedTrick`) around the table, `seat` at the bottom; the winning
    card outlined (the trick's recorded winner, or `winner`: `Trick._repr_svg_` passes who holds it so far)."""
    if not hasattr(trick, "plays"):
        raise KozyrError("bad_trick", f"{shown(trick)} is not a hokm trick", field="trick", value=trick)
    plays, recorded, trump = _hokm_plays(trick)
    winner = recorded or winner
    c = _Canvas(340, 300, "hokm: a trick")
    _draw_trick(c, plays, winner, seat, 170, 145)
    if trump is not None:
        c.text(12, 24, "trump", size=12)
        c.suit(_suit(trump), 54, 12, 15)
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
        c.card(_name(card), x, y, mark=winner is not None and winner.seat == s)
        lx = cx + dx * (CARD_W * 1.5 + 60)
        ly = cy + dy * (CARD_H + 28) + 4
        c.text(lx, ly, f"seat {s}", size=11, fill=MUTED, text_anchor="middle")


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
        c.suit(_suit(view.trump), 56, 12, 15)
    else:
        c.text(56, 24, "not named yet", size=12, fill=MUTED)
    c.text(14, 44, f"hakem: seat {view.hakem}", size=12)
    us, them = view.seat & 1, 1 - (view.seat & 1)
    c.text(width - 14, 24, f"tricks: us {view.tricks_won[us]}, them {view.tricks_won[them]}", size=12,
           text_anchor="end")
    c.text(width - 14, 44, f"points: us {view.scores[us]}, them {view.scores[them]} (to {view.match_target})",
           size=12, text_anchor="end")
    hand = list(view.hand)
    legal = set(view.legal) if view.to_act == view.seat else set()
    step = _fan_step(len(hand), width - 40, CARD_W + 2)
    x0 = (width - _row_width(len(hand), step)) / 2
    for i, card in enumerate(hand):
        up = card in legal
        c.card(_name(card), x0 + i * step, 318 - (10 if up else 0), mark=up)
    return c.svg()


# -- preferans -------------------------------------------------------------------------------------

def _fan(c: _Canvas, cards: list[int], x: float, y: float, room: float, *,
         raised: set[int] | frozenset[int] = frozenset(), widest: float = CARD_W + 4) -> None:
    step = _fan_step(len(cards), room, widest)
    for i, card in enumerate(cards):
        up = card in raised
        c.card(_name(card), x + i * step, y - (10 if up else 0), mark=up)


def _backs(c: _Canvas, n: int, x: float, y: float, room: float, kind: str) -> None:
    step = _fan_step(n, room, 14)
    for i in range(n):
        c.back(x + i * step, y, kind=kind)


def _contract_words(view: Any) -> str:
    if view.phase == "auction":
        calls = ", ".join(f"{s}: {'pass' if k is None else str(k)}" for s, k in view.auction[-6:])
        return f"auction (seat: call) {calls}" if calls else f"auction, minimum {view.min_level}"
    if view.declarer is None:
        return "raspasy: no trump, fewest tricks"
    named = "" if view.contract is None else f", plays {view.contract}"
    return f"seat {view.declarer}: bid {view.bid}{named}"


def preferans_svg(view: Any) -> str:
    """A preferans position as `view.seat` sees it (a `kozyr.preferans.views.View`): only what the view holds,
    so a picture can show no hidden card."""
    for name in ("seat", "hand", "active", "counts", "open_hands", "trick", "talon", "won", "phase"):
        if not hasattr(view, name):
            raise KozyrError("bad_view", f"{shown(view)} is not a preferans view (no {name!r})", field="view",
                             value=view)
    width, height = 640, 420
    me = view.seat
    c = _Canvas(width, height, f"preferans: seat {me}'s view, ply {view.ply}, {view.phase}")
    active = list(view.active)
    others = [s for s in active if s != me] if me in active else active[:2]
    # the top line: the contract, trump, whists; the tricks won on the right
    c.text(14, 22, _contract_words(view), size=12)
    c.text(14, 40, "trump", size=12)
    if view.trump is not None:
        c.suit(_suit(view.trump), 54, 28, 14)
    else:
        unnamed = view.phase == "auction" or (view.declarer is not None and view.contract is None)
        c.text(54, 40, "not named yet" if unnamed else "none", size=12, fill=MUTED)
    if view.calls:
        c.text(140, 40, "whists: " + ", ".join(f"seat {s} {k.value}" for s, k in view.calls)
               + (f" ({view.defence})" if view.defence else ""), size=12)
    won = ", ".join(f"seat {s} {n}" for s, n in view.won.items())
    c.text(width - 14, 22, f"tricks: {won}", size=12, text_anchor="end")
    c.text(width - 14, 40, f"dealer: seat {view.dealer}", size=12, fill=MUTED, text_anchor="end")
    # the other two hands: the next seat on the left, the one after it on the right
    for k, s in enumerate(others[:2]):
        x = 14 if k == 0 else width / 2 + 10
        room = width / 2 - 24
        held = view.counts.get(s, 0)
        mark = " (declarer)" if s == view.declarer else ""
        c.text(x, 66, f"seat {s}{mark}: {held} card{'s' * (held != 1)}", size=12, font_weight="bold")
        if s in view.open_hands:
            _fan(c, list(view.open_hands[s]), x, 76, room, widest=CARD_W + 2)
        else:
            _backs(c, held, x, 76, room, "other")
    # the talon cards turned face up so far, on the left
    trick = view.trick
    if view.talon:
        c.text(14, 176, "talon", size=12, fill=MUTED)
        _fan(c, list(view.talon), 14, 184, 2 * CARD_W + 6)
    # the trick in progress: each card under the seat it left (left, right, bottom), a talon lead at the top
    if trick is not None:
        cx, cy = width / 2, 212
        spot = {others[0]: (-1, 0)} if others else {}
        if len(others) > 1:
            spot[others[1]] = (1, 0)
        spot[me] = (0, 1)
        if trick.talon is not None:
            c.card(_name(trick.talon), cx - CARD_W / 2, cy - CARD_H - 22, faint=True)
            c.text(cx + CARD_W / 2 + 6, cy - CARD_H / 2 - 10, "talon lead", size=11, fill=MUTED)
        for s, card in trick.plays:
            dx, dy = spot.get(s, (0, 1))
            c.card(_name(card), cx - CARD_W / 2 + dx * (CARD_W + 26), cy - CARD_H / 2 + dy * 30 + 10)
        if not trick.plays:
            c.text(cx, cy + 10, f"seat {trick.leader} to lead", size=12, fill=MUTED, text_anchor="middle")
    # this seat's hand: the cards it may play raised
    hand = list(view.hand)
    legal = {m.arg for m in view.legal if getattr(m, "kind", None) == "play"}
    if hand:
        step = _fan_step(len(hand), width - 40, CARD_W + 4)
        _fan(c, hand, (width - _row_width(len(hand), step)) / 2, 330, width - 40, raised=legal)
    else:
        c.text(width / 2, 360, "no cards: this seat deals and sits out", size=12, fill=MUTED, text_anchor="middle")
    c.text(14, 410, f"seat {me} (this view)" + (" - declarer" if me == view.declarer else ""), size=12,
           font_weight="bold")
    if view.discard:
        c.text(width - 14, 410, "discarded: " + " ".join(card_name(x) for x in view.discard), size=12,
               text_anchor="end")
    return c.svg()
