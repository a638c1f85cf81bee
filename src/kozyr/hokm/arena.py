"""Bots at a table: play whole hands and matches, seat by seat.

The arena is the only place where game objects and bots meet. It asks the
match whose turn it is, builds that seat's `View`, and passes the bot's
answer back through the same `choose_trump`/`play` a person would use, so a
bot gets no privileges and an illegal answer is refused like any other.
"""
from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from .bots import Bot
from .config import DEFAULT_CONFIG, HokmConfig
from .hand import Hand
from .match import Match
from .randomness import RandomSource
from .view import Phase

__all__ = ["play_hand", "play_match", "play_pair", "hash_seed"]


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


def play_pair(
    first: Callable[[int], Bot],
    second: Callable[[int], Bot],
    seed: int | str,
    *,
    config: HokmConfig = DEFAULT_CONFIG,
) -> tuple[int, int, tuple[Match, Match]]:
    """Two matches on the same deals with the partnerships swapped, so the cards do not decide.

    Match one seats `first(...)` in seats 0 and 2 and `second(...)` in 1 and 3;
    match two swaps them. Both matches draw their deals from the same seed, so
    hand n of both is dealt from the same shuffled deck (who is hakem may
    differ once the results differ). Each factory gets a seed of its own per
    match. Returns the matches won by `first` (0..2), the hands won by
    `first`, and the two matches.
    """
    matches = []
    won = hands = 0
    for first_team in (0, 1):
        a = first(hash_seed(seed, first_team, "a"))
        b = second(hash_seed(seed, first_team, "b"))
        bots = [a, b, a, b] if first_team == 0 else [b, a, b, a]
        match = play_match(bots, config=config, rng=random.Random(f"pair:{seed}:deal"))
        won += match.winner == first_team
        hands += sum(r.winner == first_team for r in match.results)
        matches.append(match)
    return won, hands, (matches[0], matches[1])


def hash_seed(*parts: object) -> int:
    """A 64-bit seed from any parts, stable across runs and platforms (not Python's salted hash)."""
    return random.Random(":".join(map(str, parts))).getrandbits(64)
