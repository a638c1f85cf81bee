"""The table's options on the command line: `--seats 4 --variant perevodnoy --throw-in neighbours ...`.

One home for the flags that name a `kozyr.durak.Rules`, so every command
that plays a table spells them alike; their values are checked by `Rules`
itself (one `bad_options` or `bad_seats` line, exit 2), never here.
"""
from __future__ import annotations

import argparse
import shlex
from typing import Any

from kozyr.durak.rules import DECKS, THROW_INS, VARIANTS, Rules

__all__ = ["add_rules_arguments", "rules_from", "rules_flags"]

# flag -> (Rules field, the value the flag sets) for the on/off options
_SWITCHES = (("--show-trump", "show_trump", True), ("--first-five", "first_five", True),
             ("--no-swap", "swap", False), ("--no-draw", "draw", False), ("--teams", "teams", True))


def add_rules_arguments(parser: argparse.ArgumentParser) -> None:
    """The table's options (defaults: the two-seat podkidnoy game with 36 cards)."""
    group = parser.add_argument_group("the table (docs: the rules of the variants)")
    group.add_argument("--seats", type=int, metavar="N", default=2, help="seats at the table, 2 to 6 (default 2)")
    group.add_argument("--deck", type=int, choices=DECKS, default=36, help="cards in the deck (default 36)")
    group.add_argument("--variant", choices=VARIANTS, default="podkidnoy",
                       help="podkidnoy, or perevodnoy: the defender may transfer the bout (default podkidnoy)")
    group.add_argument("--throw-in", choices=THROW_INS, default="all",
                       help="who throws in besides the attacker: all, or the defender's neighbours (default all)")
    for flag, name, value in _SWITCHES:
        words = {"show_trump": "perevodnoy: transfer by showing a trump of the rank",
                 "first_five": "at most five cards a bout before the first discard",
                 "swap": "no exchange of the low trump for the turn-up",
                 "draw": "no draw: when the last cards go at once the last defender loses",
                 "teams": "partners 0-2(-4) against 1-3(-5): 4 or 6 seats of podkidnoy"}
        group.add_argument(flag, dest=name, action="store_const", const=value, default=not value, help=words[name])


def rules_from(args: argparse.Namespace) -> Rules:
    """The Rules the flags name (a refused combination is Rules' own refusal: one line, exit 2)."""
    return Rules(seats=args.seats, deck=args.deck, variant=args.variant, throw_in=args.throw_in,
                 show_trump=args.show_trump, first_five=args.first_five, swap=args.swap, draw=args.draw,
                 teams=args.teams)


def rules_flags(rules: Rules) -> str:
    """The flags that name `rules` again (empty for the two-seat game): for a replay line."""
    parts: list[str] = []
    changed: dict[str, Any] = rules.changed()
    for name in ("seats", "deck", "variant", "throw_in"):
        if name in changed:
            parts.append(f"--{name.replace('_', '-')} {shlex.quote(str(changed[name]))}")
    for flag, name, _ in _SWITCHES:
        if name in changed:
            parts.append(flag)
    return " ".join(parts)
