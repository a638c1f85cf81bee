"""The deals of a duplicate run, played: a chunk of deal numbers in every seating, into per-deal rows.

A preferans deal decides much by its cards, so kozyr's ladder, sequential test and tuner all play each deal
in several seatings (:class:`Chunk` ``seatings``, seat -> side index) and score a side by its mean gain over
them. This module owns that shared step: a side resolved to a maker ``seed -> bot`` (:func:`resolve_side`),
one game of a seating (:func:`play_deal`), and a chunk of deals played into :class:`Arrays` rows
(:func:`play_chunk`), which worker processes and Dask workers import by name. The ladder
(:mod:`kozyr.preferans.ladder`) sums the rows into its figures; the cluster driver
(:mod:`kozyr.preferans.cluster`) sends chunks out; neither imports the other's run logic.
"""
from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, NamedTuple

import numpy as np

from kozyr.errors import shown
from kozyr.preferans.bots import BOTS
from kozyr.preferans.convention import SOCHI, Convention
from kozyr.preferans.core.engine import Game
from kozyr.preferans.errors import PreferansError
from kozyr.preferans.moves import Move
from kozyr.preferans.sheet import Sheet
from kozyr.preferans.views import View

__all__ = ["SEED", "NAMES", "PERMUTATIONS", "SideStats", "Arrays", "Chunk", "OUTCOMES", "TALLIES",
           "resolve_side", "empty_arrays", "rotations", "play_deal", "play_chunk"]

SEED = b"kozyr-preferans-ladder".ljust(32)
PERMUTATIONS = tuple(itertools.permutations(range(3)))
NAMES = ("A", "B", "C")


def resolve_side(side: object) -> Callable[[int], Callable[[View], Move]]:
    """A side as a maker ``seed -> bot``: a rung's name, a ``module:attr`` spec, a factory or a bot."""
    if isinstance(side, str):
        if side in BOTS:
            rung = BOTS[side]
            return lambda seed: rung(seed)
        if ":" not in side:
            raise PreferansError("bad_bot", f"side: {shown(side)} is not a rung ({', '.join(BOTS)}) "
                                 "nor module:attr", field="side", value=side)
        from kozyr.durak.bots.userbots import load
        side = load(side)
    if not callable(side):
        raise PreferansError("bad_bot", f"side: {shown(side)} is not callable", field="side", value=side)
    from kozyr.durak.bots.userbots import is_factory
    if is_factory(side) or isinstance(side, type):
        made = side
        return lambda seed: _made(made, seed)
    bot = side
    return lambda seed: bot


def _made(make: Callable[..., Any], seed: int) -> Any:
    try:
        return make(seed=seed)
    except TypeError:
        return make()


@dataclass
class SideStats:
    """One side's tallies over the games it sat in (six a deal)."""

    score: float = 0.0              # sum over deals of the deal's mean gain (whists)
    squares: float = 0.0            # sum of squares of the per-deal gains, for the interval
    declared: int = 0
    made: int = 0
    misere: int = 0
    misere_made: int = 0
    whist_calls: int = 0
    whist_decisions: int = 0

    def add(self, other: SideStats) -> None:
        for f in ("score", "squares", "declared", "made", "misere", "misere_made", "whist_calls",
                  "whist_decisions"):
            setattr(self, f, getattr(self, f) + getattr(other, f))


OUTCOMES = ("raspasy", "misere", "game", "passed", "half_whist", "?")
"""How a game can end, in the order of the outcome codes a chunk's arrays hold."""
TALLIES = ("declared", "made", "misere", "misere_made", "whist_calls", "whist_decisions")
"""A side's counts per deal, in the order of a chunk's tally array."""


class Arrays(NamedTuple):
    """What a chunk of deals leaves, one row a deal: ``gains[d, i]`` side i's mean gain over the deal's
    seatings (whists), ``tallies[d, i]`` its :data:`TALLIES`, ``outcomes[d, g]`` game g's :data:`OUTCOMES`
    code. A deal depends on its number alone, so rows merged by deal number are the arrays of one worker."""

    gains: np.ndarray
    tallies: np.ndarray
    outcomes: np.ndarray


def empty_arrays(deals: int, sides: int, seatings: int) -> Arrays:
    return Arrays(np.zeros((deals, sides), np.float64), np.zeros((deals, sides, len(TALLIES)), np.int64),
                  np.zeros((deals, seatings), np.int8))


@dataclass(frozen=True)
class Chunk:
    """Deals ``first`` .. ``first + count - 1`` of ``seed``, each in every seating of ``seatings`` (seat ->
    side index), as sent to a worker process or a Dask worker: plain data, the sides as given (rung names,
    ``module:attr`` specs, picklable callables), resolved where it plays (:func:`play_chunk`)."""

    sides: tuple[Any, ...]
    names: tuple[str, ...]
    first: int
    count: int
    seed: bytes
    convention: Convention
    seatings: tuple[tuple[int, ...], ...] = PERMUTATIONS


def rotations(sides: int = 2) -> tuple[tuple[int, ...], ...]:
    """A candidate (side 0) against a field (side 1 in the two other seats): the three seatings that put the
    candidate in each seat. The six permutations of (candidate, field, field) are these three twice over
    (the two field seats swap a bot for the same bot), so a deal's mean is the same at half the games."""
    if sides != 2:
        raise ValueError("rotations: a candidate and a field")
    return ((0, 1, 1), (1, 0, 1), (1, 1, 0))


def play_deal(makers: Sequence[Callable[[int], Callable[[View], Move]]], number: int, seating: Sequence[int], *,
              seed: bytes = SEED, convention: Convention = SOCHI,
              names: Sequence[str] | None = None) -> tuple[Game, list[Fraction], list[SideStats]]:
    """One game: deal ``number`` with seat i played by side ``seating[i]``; the game, each side's gain (a
    side in two seats gains both), and each side's tallies. A bot that raises stops the game with
    ``bot_error``, one that answers a move not in its view's legal list with ``not_legal``: both name the
    deal, the seat and the side (``names``)."""
    game = Game.from_seed(seed, number, players=NAMES, dealer=number % 3, convention=convention)
    bots = [makers[seating[s]](number * 8 + s) for s in range(3)]
    sides = len(makers)
    stats = [SideStats() for _ in range(sides)]
    while not game.over:
        seat = game.actor
        assert seat is not None
        view = game.view(seat)
        side = seating[seat]
        move = _answer(bots[seat], view, number, seat, names[side] if names is not None else f"side {side}")
        if view.phase == "whisting" and move.kind in ("whist", "half-whist", "pass"):
            stats[side].whist_decisions += 1
            stats[side].whist_calls += move.kind != "pass"
        game.apply(seat, move)
    deal = game.record().to_deal()
    sheet = Sheet(NAMES, convention)
    sheet.add(deal)
    saldo = sheet.settle()
    gains = [Fraction(0)] * sides
    for s in range(3):
        gains[seating[s]] += saldo[NAMES[s]]
    if deal.declarer is not None and deal.contract is not None:
        side = seating[NAMES.index(deal.declarer)]
        level = deal.contract.level
        tricks = deal.tricks.get(deal.declarer, 0) if deal.tricks else 0
        if level is None:
            stats[side].misere += 1
            stats[side].misere_made += tricks == 0
        else:
            stats[side].declared += 1
            stats[side].made += (not deal.whisters) or deal.half_whister is not None or tricks >= level
    return game, gains, stats


def _answer(bot: Callable[[View], Move], view: View, number: int, seat: int, name: str) -> Move:
    """The bot's move, or one refusal naming the deal, the seat and the side: the run stops there."""
    try:
        move = bot(view)
    except Exception as err:   # a user's bot may raise anything; Ctrl-C (KeyboardInterrupt) passes
        raise PreferansError("bot_error", f"deal {number}, seat {seat} ({name}): the bot raised "
                             f"{type(err).__name__}: {err}", field="bot", value=name) from err
    if not isinstance(move, Move) or move not in view.legal:
        raise PreferansError("not_legal", f"deal {number}, seat {seat} ({name}): the bot answered {shown(move)}, "
                             f"not one of the {len(view.legal)} legal moves of its view ({view.phase})",
                             field="bot", value=name)
    return move


def play_chunk(chunk: Chunk, arrays: Arrays | None = None, done: list[int] | None = None) -> tuple[int, Arrays]:
    """Play a chunk's deals in this process: (its first deal, its arrays). With ``arrays`` given, rows are
    written into them, and ``done[0]`` counts the deals finished, so a Ctrl-C between deals leaves the
    finished ones in place (:func:`_run`). Module-level, so a worker imports it by name."""
    makers = [resolve_side(s) for s in chunk.sides]
    out = arrays if arrays is not None else empty_arrays(chunk.count, len(chunk.sides), len(chunk.seatings))
    width = len(chunk.seatings)
    for d in range(chunk.count):
        number = chunk.first + d
        total = [Fraction(0)] * len(chunk.sides)
        for g, seating in enumerate(chunk.seatings):
            game, gains, stats = play_deal(makers, number, seating, seed=chunk.seed, convention=chunk.convention,
                                           names=chunk.names)
            outcome = game.record().outcome or "?"
            out.outcomes[d, g] = OUTCOMES.index(outcome) if outcome in OUTCOMES else len(OUTCOMES) - 1
            for i in range(len(chunk.sides)):
                total[i] += gains[i]
                out.tallies[d, i] += [getattr(stats[i], t) for t in TALLIES]
        out.gains[d] = [float(t / width) for t in total]
        if done is not None:
            done[0] += 1
    return chunk.first, out
