"""Bots at a table: play whole hands and matches, seat by seat.

The arena is the only place where game objects and bots meet. It asks the
match whose turn it is, builds that seat's `View`, and passes the bot's
answer back through the same `choose_trump`/`play` a person would use, so a
bot gets no privileges and an illegal answer is refused like any other.
"""
from __future__ import annotations

from collections.abc import Sequence

from .bots import Bot
from .config import DEFAULT_CONFIG, HokmConfig
from .hand import Hand
from .match import Match
from .randomness import RandomSource
from .view import Phase

__all__ = ["play_hand", "play_match"]


def _step(game: Hand | Match, bots: Sequence[Bot]) -> None:
    seat = game.to_act
    assert seat is not None
    view = game.view(seat)
    if game.phase is Phase.CHOOSE_TRUMP:
        game.choose_trump(seat, bots[seat].choose_trump(view))
    else:
        game.play(seat, bots[seat].play(view))


def play_hand(hand: Hand, bots: Sequence[Bot]) -> Hand:
    """Play `hand` to its end with `bots[seat]` in each seat; returns it."""
    if len(bots) != 4:
        raise ValueError(f"need 4 bots, one per seat, got {len(bots)}")
    while not hand.over:
        _step(hand, bots)
    return hand


def play_match(
    bots: Sequence[Bot],
    *,
    config: HokmConfig = DEFAULT_CONFIG,
    rng: RandomSource | int | None = None,
) -> Match:
    """Play a whole match with `bots[seat]` in each seat; returns the match."""
    if len(bots) != 4:
        raise ValueError(f"need 4 bots, one per seat, got {len(bots)}")
    match = Match(config=config, rng=rng)
    while not match.over:
        _step(match, bots)
    return match
