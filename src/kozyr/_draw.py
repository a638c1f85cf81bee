"""The drawing under `kozyr.svg`: an SVG canvas and the shapes of cards, from card names already read.

It imports nothing of kozyr, so that `CardSet._repr_svg_` (in kozyr.cards, which `kozyr.svg` imports) can
draw with it without an import circle; everything that reads kozyr's objects is `kozyr.svg`.
"""
from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any

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
        # inline paths rather than <use>: every renderer draws them, and each picture stands alone
        return ET.SubElement(self.root if parent is None else parent, "path", {
            "d": SUIT_PATHS[s], "fill": SUIT_COLOURS[s], "class": f"suit-{'SHDC'[s]}",
            "transform": f"translate({_n(x)} {_n(y)}) scale({_n(size / 100)})",
        })

    def card(self, letters: str, x: float, y: float, *, mark: bool = False, faint: bool = False,
             rotate: float = 0) -> ET.Element:
        """A face-up card, named by its letters (`TD`), with its top-left corner at (x, y)."""
        s, name = "SHDC".index(letters[1]), _rank_text(letters)
        attrs = {"class": "card", "data-card": letters}
        if rotate:
            attrs["transform"] = f"rotate({_n(rotate)} {_n(x + CARD_W / 2)} {_n(y + CARD_H / 2)})"
        g = ET.SubElement(self.root, "g", attrs)
        ET.SubElement(g, "title").text = letters
        self.rect(x, y, CARD_W, CARD_H, g, rx=5, fill="#ffffff", stroke=MARK if mark else "#777777",
                  stroke_width=2.5 if mark else 1)
        colour = SUIT_COLOURS[s]
        self.text(x + 4, y + 15, name, g, size=14, fill=colour, font_weight="bold")
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
                      text_anchor="middle", font_weight="bold")
        return g

    def svg(self) -> str:
        return ET.tostring(self.root, encoding="unicode")


def _n(v: float) -> str:
    """A number for an attribute: no trailing '.0'."""
    return f"{v:.2f}".rstrip("0").rstrip(".") if isinstance(v, float) else str(v)


def _attrs(d: dict[str, Any]) -> dict[str, str]:
    """SVG's attributes as text; a keyword's underscores are the attribute's hyphens (`font_weight=` is
    `font-weight`: no SVG attribute has an underscore), so that callers pass them as plain keywords."""
    return {k.replace("_", "-"): _n(v) if isinstance(v, (int, float)) else str(v) for k, v in d.items()}


def _row_width(n: int, step: float) -> float:
    return CARD_W + max(n - 1, 0) * step


def cards_row(names: list[str], title: str = "cards") -> str:
    """A row of face-up cards from their names (`AS`, `TD`), in the order given."""
    step = CARD_W + 6
    width = 12 + _row_width(len(names), step) + 12 if names else 80
    c = _Canvas(width, CARD_H + 20, title, background=None)
    if not names:
        c.text(10, 45, "no cards", size=12, fill=MUTED)
    for i, letters in enumerate(names):
        c.card(letters, 12 + i * step, 10)
    return c.svg()
