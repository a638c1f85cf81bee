"""`Rules`: which durak a table plays: 2 to 6 seats, 24 to 52 cards, podkidnoy or perevodnoy.

One frozen, validated value names a table. `Rules()` is the two-seat
podkidnoy game with 36 cards, the game kozyr has always played, bit for bit;
every other option set is a variant of it, played by the same engine. The
rules of every option are on the rules page (docs/rules/durak-variants.md).

Options (keyword-only):

========== ============================ ========= ===========================================
option     values                       default   meaning
========== ============================ ========= ===========================================
seats      2, 3, 4, 5, 6                2         seats at the table, clockwise from 0
deck       24, 32, 36, 52               36        ranks from 9, 7, 6 or 2 up to the ace
variant    "podkidnoy", "perevodnoy"    podkidnoy perevodnoy: the defender may transfer the bout
throw_in   "all", "neighbours"          "all"     who may throw in besides the attacker
show_trump False, True                  False     perevodnoy: transfer by showing a trump
first_five False, True                  False     at most five cards before the first discard
swap       True, False                  True      the low-trump exchange for the turn-up
draw       True, False                  True      a draw when the last cards go at once
teams      False, True                  False     partners 0-2(-4) against 1-3(-5); 4 or 6 seats
========== ============================ ========= ===========================================

Refusals, in the rules' order: `bad_options` for an unknown option or a
value out of range (seats apart), then `bad_seats` (seats not a whole number
from 2 to 6, or more seats than the deck can deal six cards to: 24 cards seat
at most 4, 32 at most 5), then `bad_options` for a refused combination
(`show_trump` without perevodnoy; `teams` unless 4 or 6 seats of podkidnoy).
Each names the option (`.field`) and the value (`.value`). They are raised
as `RulesError`: a `kozyr.errors.SettingsError` (a refused setting, not a
refused move), and an `IllegalMove` as well, as they always were.
"""
from __future__ import annotations

import operator
import shlex
from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any

import numpy as np

from kozyr.cards import CardSet
from kozyr.durak.codes import IllegalMove
from kozyr.errors import SettingsError, shown

__all__ = ["Rules", "RulesError", "DECKS", "VARIANTS", "THROW_INS", "MAX_SEATS", "rules_flags"]

DECKS = (24, 32, 36, 52)
VARIANTS = ("podkidnoy", "perevodnoy")
THROW_INS = ("all", "neighbours")
MAX_SEATS = 6
FLAGS = ("show_trump", "first_five", "swap", "draw", "teams")


class RulesError(SettingsError, IllegalMove):
    """A table's options refused (bad_options, bad_seats): a setting, and an IllegalMove as before."""


def _flag(name: str, value: object) -> bool:
    # numpy's bool is a bool by value; 0/1, text and None are not
    if isinstance(value, (bool, np.bool_)):
        return bool(value)
    raise RulesError("bad_options", f"{name}={shown(value)} is not True or False", field=name, value=value)


def _choice(name: str, value: object, allowed: tuple[Any, ...]) -> Any:
    if isinstance(value, str) and value in allowed:
        return value
    if name == "deck" and not isinstance(value, bool):
        try:
            n = operator.index(value)  # type: ignore[arg-type]
        except Exception:  # a float, text or an object whose __index__ raises: not a deck size
            n = None
        if n in allowed:
            return n
    words = ", ".join(str(a) for a in allowed)
    raise RulesError("bad_options", f"{name}={shown(value)} is not one of {words}", field=name, value=value)


@dataclass(frozen=True, init=False)
class Rules:
    """The options of one durak table; `Rules()` is the two-seat podkidnoy game with 36 cards."""

    seats: int
    deck: int
    variant: str
    throw_in: str
    show_trump: bool
    first_five: bool
    swap: bool
    draw: bool
    teams: bool

    def __init__(self, *, seats: int = 2, deck: int = 36, variant: str = "podkidnoy", throw_in: str = "all",
                 show_trump: bool = False, first_five: bool = False, swap: bool = True, draw: bool = True,
                 teams: bool = False, **unknown: Any) -> None:
        if unknown:
            name = sorted(unknown)[0]
            raise RulesError("bad_options", f"{shown(name)} is not a durak option: the options are "
                              f"{', '.join(f.name for f in fields(Rules))}", field=name, value=unknown[name])
        values: dict[str, Any] = {
            "deck": _choice("deck", deck, DECKS),
            "variant": _choice("variant", variant, VARIANTS),
            "throw_in": _choice("throw_in", throw_in, THROW_INS),
        }
        for name, value in (("show_trump", show_trump), ("first_five", first_five), ("swap", swap), ("draw", draw),
                            ("teams", teams)):
            values[name] = _flag(name, value)
        values["seats"] = _seats(seats, values["deck"])
        if values["show_trump"] and values["variant"] != "perevodnoy":
            raise RulesError("bad_options", "show_trump=True needs variant='perevodnoy'", field="show_trump",
                              value=True)
        if values["teams"] and (values["seats"] not in (4, 6) or values["variant"] != "podkidnoy"):
            raise RulesError("bad_options", f"teams=True needs 4 or 6 seats of podkidnoy, not {values['seats']} "
                              f"seats of {values['variant']}", field="teams", value=True)
        for name, value in values.items():
            object.__setattr__(self, name, value)

    @classmethod
    def of(cls, value: Rules | Mapping[str, Any] | None) -> Rules:
        """`value` as Rules: a Rules as it is, a mapping of options (a record's, a command's), None for Rules()."""
        if value is None:
            return cls()
        if isinstance(value, Rules):
            return value
        if isinstance(value, Mapping):
            bad = [k for k in value if not isinstance(k, str)]
            if bad:
                raise RulesError("bad_options", f"option name {shown(bad[0])} is not text", field="options",
                                  value=bad[0])
            return cls(**value)
        raise RulesError("bad_options", f"{shown(value)} is not Rules or a mapping of options", field="rules",
                          value=value)

    def as_dict(self) -> dict[str, Any]:
        """Every option by name (what `Rules.of` takes back)."""
        return {f.name: getattr(self, f.name) for f in fields(self)}

    def changed(self) -> dict[str, Any]:
        """The options that differ from `Rules()` (a short form for records and repr)."""
        return {k: v for k, v in self.as_dict().items() if v != getattr(_TWO_SEAT, k)}

    def __repr__(self) -> str:
        return f"Rules({', '.join(f'{k}={v!r}' for k, v in self.changed().items())})"

    @property
    def two_seat(self) -> bool:
        """Whether this is `Rules()`, the two-seat game (the reference contract, and the ladder's duel).
        (Against one Rules() made once: the OpenSpiel game asks at every step, and making Rules() anew
        took most of an ISMCTS decision.)"""
        return self == _TWO_SEAT

    @property
    def low_rank(self) -> int:
        """The deck's lowest rank: 9 for 24 cards, 7 for 32, 6 for 36, 2 for 52."""
        return 15 - self.deck // 4

    @property
    def reference_order(self) -> tuple[int, ...]:
        """The deck's cards in the rules' reference order: spades, hearts, diamonds, clubs, each from the ace
        down to the lowest rank (the rules number them 1..deck in this order; the legal lists follow it)."""
        return _REFERENCE_ORDERS[self.deck]

    @property
    def cards(self) -> CardSet:
        """The deck as a card set."""
        return _DECK_SETS[self.deck]

    @property
    def talon_size(self) -> int:
        """Cards left after the deal (the turn-up included); 0 when six cards a seat use the deck up."""
        return self.deck - 6 * self.seats

    def team(self, seat: int) -> int:
        """The team of `seat`: the seat itself, or seat mod 2 with teams."""
        return seat % 2 if self.teams else seat


_REFERENCE_ORDERS = {deck: tuple(16 * suit + rank for suit in range(4) for rank in range(14, 14 - deck // 4, -1))
                     for deck in DECKS}
_DECK_SETS = {deck: CardSet(order) for deck, order in _REFERENCE_ORDERS.items()}


def _seats(value: object, deck: int) -> int:
    n = None
    if not isinstance(value, bool):
        try:
            n = operator.index(value)  # type: ignore[arg-type]
        except Exception:  # a float, text or an object whose __index__ raises: not a seat count
            n = None
    if n is None or not 2 <= n <= MAX_SEATS:
        raise RulesError("bad_seats", f"seats={shown(value)} is not a whole number from 2 to {MAX_SEATS}",
                          field="seats", value=value)
    if 6 * n > deck:
        raise RulesError("bad_seats", f"{n} seats need {6 * n} cards to deal six each: the deck has {deck}",
                          field="seats", value=value)
    return n


_TWO_SEAT = Rules()   # the two-seat game, made once (Rules.two_seat, Rules.changed)


# flag -> the Rules field it sets, for the on/off options of every durak command that plays a table
_SWITCHES = (("--show-trump", "show_trump"), ("--first-five", "first_five"), ("--no-swap", "swap"),
             ("--no-draw", "draw"), ("--teams", "teams"))


def rules_flags(rules: Rules) -> str:
    """The command-line options that name `rules` (`--seats 4 --variant perevodnoy`; empty for the two-seat
    game): how a replay line, in the terminal or on the web page, names its table. One option per field
    of `Rules`, spelt as the field with dashes (`throw_in` is `--throw-in`), a switch for each flag that
    differs from `Rules()` (`swap=False` is `--no-swap`)."""
    parts: list[str] = []
    changed: dict[str, Any] = rules.changed()
    for name in ("seats", "deck", "variant", "throw_in"):
        if name in changed:
            parts.append(f"--{name.replace('_', '-')} {shlex.quote(str(changed[name]))}")
    for flag, name in _SWITCHES:
        if name in changed:
            parts.append(flag)
    return " ".join(parts)
