"""The shell's table options: `--seats 4 --variant perevodnoy --throw-in neighbours ...` as one `Rules`.

Every durak command that plays a table takes the same options, one for each
option of `kozyr.durak.Rules` (the rules page says what each means); without
any of them the command plays the two-seat game, `Rules()`. The value is
checked by `Rules` itself (the one home of the options' rules), so a refused
combination (`--teams` at 3 seats, `--show-trump` in podkidnoy) is one line and
exit 2, like every refusal. The same options written back from a `Rules` (for a
replay line) are `kozyr.durak.rules.rules_flags`, which the web table uses too.
"""
from __future__ import annotations

import argparse

from kozyr.durak.rules import DECKS, THROW_INS, VARIANTS, Rules

__all__ = ["add_rules_options", "rules_of", "describe_rules"]


def add_rules_options(p: argparse.ArgumentParser) -> None:
    """Add the table's options (default: the two-seat podkidnoy game with 36 cards)."""
    g = p.add_argument_group("the table (default: two seats, podkidnoy, 36 cards)")
    g.add_argument("--seats", type=int, default=2, help="seats at the table, 2 to 6 (default 2)")
    g.add_argument("--deck", type=int, default=36, choices=DECKS, help="cards in the deck (default 36)")
    g.add_argument("--variant", default="podkidnoy", choices=VARIANTS, help="podkidnoy (default) or perevodnoy")
    g.add_argument("--throw-in", default="all", choices=THROW_INS,
                   help="who throws in besides the attacker: all (default) or the defender's neighbours")
    g.add_argument("--show-trump", action="store_true", help="perevodnoy: transfer by showing a trump of the rank")
    g.add_argument("--first-five", action="store_true", help="at most five cards a bout before the first discard")
    g.add_argument("--no-swap", action="store_true", help="no low-trump exchange")
    g.add_argument("--no-draw", action="store_true", help="no draws: the last defender's team loses")
    g.add_argument("--teams", action="store_true", help="partners 0-2(-4) against 1-3(-5): 4 or 6 seats, podkidnoy")


def rules_of(args: argparse.Namespace) -> Rules:
    """The table the options name (a KozyrError, one line, for a table the rules refuse)."""
    return Rules(seats=args.seats, deck=args.deck, variant=args.variant, throw_in=args.throw_in,
                 show_trump=args.show_trump, first_five=args.first_five, swap=not args.no_swap,
                 draw=not args.no_draw, teams=args.teams)


def describe_rules(rules: Rules) -> str:
    """`4 seats, perevodnoy, 36 cards, throw-in neighbours`: the table in a note."""
    parts = [f"{rules.seats} seats", rules.variant, f"{rules.deck} cards"]
    if rules.throw_in != "all":
        parts.append(f"throw-in {rules.throw_in}")
    parts += [name.replace("_", " ") for name in ("show_trump", "first_five", "teams") if getattr(rules, name)]
    parts += [f"no {name}" for name in ("swap", "draw") if not getattr(rules, name)]
    return ", ".join(parts)
