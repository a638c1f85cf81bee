"""The pictures on the page: every drawing the web table shows comes through these functions.

They hand the views to `kozyr.svg` (the package's one drawing module) and
nothing else, so the table draws exactly what the seat's view holds. The
page makes the cards of your hand clickable by their ``data-card``
attribute, which `kozyr.svg` writes on every card it draws.
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from kozyr.durak.records import picture
from kozyr.svg import cards_svg, durak_svg, hokm_trick_svg, hokm_view_svg

__all__ = ["durak_view", "durak_deal", "hokm_view", "hokm_trick", "cards"]


def durak_view(view: Any) -> str:
    """A durak position as the view's seat sees it."""
    return durak_svg(view)


def durak_deal(game: Any) -> str:
    """A whole durak deal, one column per bout (a Game or a record)."""
    return picture(game)


def hokm_view(view: Any) -> str:
    """A hokm seat's view: its hand, the trick on the table, trump, tricks and points."""
    return hokm_view_svg(view)


def hokm_trick(trick: Any, seat: int) -> str:
    """A finished hokm trick, `seat` at the bottom."""
    return hokm_trick_svg(trick, seat=seat)


def cards(held: Iterable[int], title: str) -> str:
    """A row of face-up cards (a hand shown in a replay)."""
    return cards_svg(list(held), title=title)
