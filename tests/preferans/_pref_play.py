"""Helpers of the play tests: scripted starts, random legal play, and the checks every position passes."""
from __future__ import annotations

import random
from typing import Any

from kozyr.cards import DECK32
from kozyr.preferans import SOCHI, Conditions, Convention

SEEDS = {n: f"kozyr-preferans-{n}".ljust(32).encode("ascii") for n in (3, 28, 50)}
"""The worked examples' seeds, padded with spaces to 32 bytes."""

ABC = ("A", "B", "C")


def new(pref_engine: Any, *, seed: int = 3, number: int = 1, players: tuple[str, ...] = ABC, dealer: int = 2,
        convention: Convention = SOCHI, min_level: int | None = None) -> Any:
    conditions = None if min_level is None else Conditions(min_level)
    return pref_engine.from_seed(SEEDS[seed], number, players=players, dealer=dealer, convention=convention,
                            conditions=conditions)


def run(game: Any, *moves: str) -> Any:
    """Apply moves, each by the actor."""
    for text in moves:
        game.apply(game.actor, text)
    return game


def first(game: Any) -> str:
    return str(game.legal_moves()[0])


def play_out(game: Any, rng: random.Random | None = None) -> Any:
    """Play to the end: random legal moves (the first legal move when rng is None)."""
    while not game.over:
        legal = game.legal_moves()
        game.apply(game.actor, legal[0] if rng is None else rng.choice(legal))
    return game


def to_contract(game: Any, contract: str, *, bid: str = "6S") -> Any:
    """First hand bids `bid`, the others pass, he discards his first two cards and names `contract`."""
    run(game, f"bid {bid}", "pass", "pass")
    run(game, first(game))
    return run(game, f"name {contract}")


def conserved(game: Any) -> None:
    """Every card is in exactly one place: a hand, the discard, a trick (played), or the talon (not taken)."""
    views = [game.view(s) for s in range(len(game.players))]
    last = views[0]
    played = [c for t in last.tricks for _, c in t.plays] + ([c for _, c in last.trick.plays] if last.trick else [])
    hands = [c for s in game.active for c in game.hand(s)]
    declarer = last.declarer
    discard = list(views[declarer].discard) if declarer is not None else []
    taken = declarer is not None and last.phase != "auction"
    talon = [] if taken else [c for c in DECK32 if c not in hands and c not in played]
    everything = hands + discard + played + talon
    assert len(everything) == 32 and set(everything) == set(DECK32), (len(everything), last.phase)
    if declarer is None:
        assert len(talon) == 2
    for s in game.active:
        assert views[0].counts[s] == len(game.hand(s))


CONVENTIONS = (
    SOCHI,
    SOCHI.replace(raspasy_talon="winner", lone_whist="open"),
    SOCHI.replace(raspasy_talon="none", lone_whist="closed", stalingrad=True),
    SOCHI.replace(ten_checked=False, half_whist=False),
)
"""Conventions that between them set every play parameter both ways."""


def pick(game: Any, rng: random.Random) -> Any:
    """A random legal move, passing often in the auction so that every kind of deal comes up."""
    legal = game.legal_moves()
    if game.phase == "auction" and rng.random() < 0.6:
        return legal[0]
    return rng.choice(legal)


def random_game(pref_engine: Any, rng: random.Random, *, moves: int | None = None) -> Any:
    """A random deal (seed, number, 3 or 4 players, dealer, convention, minimum level), played by random legal
    moves to the end or for `moves` moves."""
    players = ("A", "B", "C", "D")[: rng.choice((3, 4))]
    game = pref_engine.from_seed(bytes(rng.randrange(256) for _ in range(32)), rng.randrange(1, 10 ** 6),
                            players=players, dealer=rng.randrange(len(players)), convention=rng.choice(CONVENTIONS),
                            conditions=Conditions(rng.choice((6, 6, 7, 8))))
    while not game.over and (moves is None or game.ply < moves):
        game.apply(game.actor, pick(game, rng))
    return game
