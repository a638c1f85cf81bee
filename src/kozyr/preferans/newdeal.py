"""The inputs of a new deal, checked once for both engines.

The compiled :class:`~kozyr.preferans.core.engine.Game` and its plain-Python twin
(:mod:`kozyr.preferans.reference`) take the same inputs and must refuse the same bad ones with the same
codes, in the same order: the table (``player_count`` or ``duplicate_player``, ``bad_dealer``,
``bad_min_level``), then the seed (``bad_seed``), the deal number (``bad_number``) and the convention
(``bad_convention``). Both call :func:`checked_deal` before building anything, so the order is one
function's, and a bad input changes nothing.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from kozyr.errors import shown
from kozyr.preferans.convention import Convention
from kozyr.preferans.deal import check_players
from kozyr.preferans.errors import PreferansError
from kozyr.preferans.shuffle import checked_number, checked_seed

__all__ = ["checked_table", "checked_convention", "checked_deal", "FIRST_MIN_LEVEL"]

FIRST_MIN_LEVEL = 6
"""The minimum bid of a deal given no conditions: a first deal's (``Conditions.start``: no exit threshold
yet, under every convention)."""

_NAMES: dict[tuple[str, ...], tuple[str, ...]] = {}   # a tuple of names -> check_players' answer (pure)


def checked_table(players: Sequence[str], dealer: object, conditions: Any) -> tuple[tuple[str, ...], int, int]:
    """(names, dealer, minimum level) of a new deal: the players checked (their answer cached, since a
    ladder deals to the same names thousands of times), the dealer a seat of theirs, the conditions'
    ``min_level`` 6 to 10 (6 without conditions)."""
    key = tuple(players) if type(players) is tuple and all(type(p) is str for p in players) else None
    names = _NAMES.get(key) if key is not None else None
    if names is None:
        names = check_players(players)
        if key is not None:
            if len(_NAMES) > 256:
                _NAMES.clear()
            _NAMES[key] = names
    n = len(names)
    if type(dealer) is not int or not 0 <= dealer < n:
        raise PreferansError("bad_dealer", f"dealer: {shown(dealer)} is not a seat 0..{n - 1}", field="dealer",
                             value=dealer)
    level = FIRST_MIN_LEVEL if conditions is None else getattr(conditions, "min_level", None)
    if type(level) is not int or not 6 <= level <= 10:
        raise PreferansError("bad_min_level", f"conditions.min_level: {shown(level)} is not a level 6-10",
                             field="min_level", value=level)
    return names, dealer, level


def checked_convention(convention: object) -> Convention:
    """The convention, if it is one; else ``bad_convention``."""
    if not isinstance(convention, Convention):
        raise PreferansError("bad_convention", f"convention: {shown(convention)} is not a Convention",
                             field="convention", value=convention)
    return convention


def checked_deal(seed: object, number: object, players: Sequence[str], dealer: object, conditions: Any,
                 convention: object) -> tuple[tuple[str, ...], int, int, bytes, int, Convention]:
    """Every input of ``Game.from_seed``, checked in the module docstring's order: (names, dealer, minimum
    level, the seed's 32 bytes, the deal number, the convention)."""
    names, d, level = checked_table(players, dealer, conditions)
    raw = checked_seed(seed)
    num = checked_number(number)
    return names, d, level, raw, num, checked_convention(convention)
