"""The `kozyr` console script: one argparse tree, each game adding its own commands."""
from __future__ import annotations

import argparse
import sys
from importlib import import_module
from typing import Optional, Sequence

from kozyr._argparse import OneLineParser

# Each of these modules adds its commands with `register(subparsers)`.
_GAME_COMMANDS = ("kozyr.durak.cli", "kozyr.durak.terminal", "kozyr.hokm.cli", "kozyr.preferans.cli")


def _cards_demo(args: argparse.Namespace) -> int:
    from kozyr.cards import DECK36, CardSet

    hand = CardSet(args.cards)
    print(f"hand      {hand!r}  ({len(hand)} cards, mask {int(hand):#018x})")
    print(f"pretty    {hand.pretty()}")
    for s, name in enumerate(("spades", "hearts", "diamonds", "clubs")):
        if hand.suit(s):
            print(f"{name:9} {hand.suit(s)}  highest {hand.suit(s).pretty().split()[-1]}")
    print(f"not held  {len(DECK36 - hand)} of the 36-card durak deck")
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = OneLineParser(prog="kozyr", description="Trump card games: durak, hokm, preferans.")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    cards = commands.add_parser("cards", help="show a set of cards in kozyr's encoding")
    cards.add_argument("cards", nargs="?", default="AS TD 6C KH 9H", help="card names, e.g. 'AS TD 6C'")
    cards.set_defaults(func=_cards_demo)
    for module in _GAME_COMMANDS:
        import_module(module).register(commands)
    return parser


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.func(args))
    except ValueError as err:
        parser.exit(2, f"kozyr: error: {err}\n")
    return 0  # unreachable; keeps mypy content


if __name__ == "__main__":
    sys.exit(main())
