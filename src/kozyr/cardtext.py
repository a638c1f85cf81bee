"""How cards look as text, for every game's words: `10♦` with suit symbols, or `10D` in letters.

The narration of each game (`kozyr.durak.narration`, `kozyr.hokm.narration`) writes cards through a
`CardText`, so the terminal and the web table say the same sentences; the terminal's `Look` adds only what
belongs to a screen (colour), on top of this.
"""
from __future__ import annotations

from dataclasses import dataclass

from kozyr.cards import SUIT_LETTERS, SUIT_SYMBOLS, pretty, suit_of

__all__ = ["CardText", "SYMBOLS"]


@dataclass(frozen=True)
class CardText:
    """Cards and suits as text: Unicode suit symbols, or the letters S H D C when `ascii` (a terminal or a
    file that cannot write the symbols)."""

    ascii: bool = False

    def card(self, c: int) -> str:
        """A card as text: `10♦`, or `10D` in ASCII."""
        text = pretty(c)
        return text[:-1] + SUIT_LETTERS[suit_of(c)] if self.ascii else text

    def suit(self, s: int) -> str:
        return SUIT_LETTERS[s] if self.ascii else SUIT_SYMBOLS[s]

    @property
    def back(self) -> str:
        return "#" if self.ascii else "\u25ae"  # a card back: '#', or a black vertical rectangle


SYMBOLS = CardText()
"""Cards with suit symbols: how the web page writes them."""
