"""`kozyr cards`: show a set of cards in kozyr's encoding (a quick look at `kozyr.cards`)."""
from __future__ import annotations

import argparse
from typing import Any

from kozyr.cards import DECK36, SUIT_NAMES, CardSet


def _cards_demo(args: argparse.Namespace) -> int:
    hand = CardSet(args.cards)
    print(f"hand      {hand!r}  ({len(hand)} cards, mask {int(hand):#018x})")
    print(f"pretty    {hand.pretty()}")
    for s, name in enumerate(SUIT_NAMES):
        if hand.suit(s):
            print(f"{name:9} {hand.suit(s)}  highest {hand.suit(s).pretty().split()[-1]}")
    print(f"not held  {len(DECK36 - hand)} of the 36-card durak deck")
    return 0


def register(subparsers: Any) -> None:
    p = subparsers.add_parser(
        "cards", help="show a set of cards in kozyr's encoding",
        description="Show a set of cards as kozyr holds it: its CardSet, the 64-bit mask (a card is the int "
                    "16*suit + rank, bit 16*suit + rank of the mask), the cards with suit symbols, each suit's "
                    "highest card, and how many of the 36-card durak deck it leaves. Names are rank then suit: "
                    "AS, TD (or 10D), 6C, 2H; lower case and the suit symbols are read too (docs/cards.md).")
    p.add_argument("cards", nargs="?", default="AS TD 6C KH 9H", help="card names, e.g. 'AS TD 6C'")
    p.set_defaults(func=_cards_demo, parser=p)
