"""Lookup tables over kozyr.cards' encoding, built once for hokm's hot paths.

kozyr.cards owns the encoding (card ints, suit lanes, the 52-card deck); the
resolver, the hand and the bots run millions of times per search, so they
read these tables (one dict or tuple lookup) instead of calling the checked
functions of kozyr.cards per card. Every table is derived from kozyr.cards,
never written out by hand; `cards_of` lists a mask's cards for the bots and
the search.

    >>> from kozyr.cards import parse_card, HEARTS
    >>> SUIT_OF[parse_card("QH")] == HEARTS, CARD_BIT[parse_card("2S")] == 1 << parse_card("2S")
    (True, True)
"""
from __future__ import annotations

from kozyr.cards import DECK52, SUITS, CardSet, suit_cards, suit_of

__all__ = ["DECK_MASK", "LANE", "SUIT_OF", "CARD_BIT", "cards_of"]

#: The 52 cards as one plain-int mask.
DECK_MASK: int = int(DECK52)
#: suit -> the plain-int mask of its 13 cards (the suit's lane).
LANE: tuple[int, ...] = tuple(int(suit_cards(s)) for s in SUITS)
#: card -> its suit, for the 52 cards only (a lookup both validates and answers).
SUIT_OF: dict[int, int] = {c: suit_of(c) for c in DECK52}
#: card -> its bit in a mask, for the 52 cards only.
CARD_BIT: dict[int, int] = {c: 1 << c for c in DECK52}


def cards_of(mask: int) -> list[int]:
    """The card ints of a mask of the 52 cards, ascending: `CardSet`'s compiled walk over the bits
    (several times faster than a bit loop written in Python, even for a handful of cards)."""
    return list(CardSet(mask))
