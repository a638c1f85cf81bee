"""What rung 4's search saw at one decision: each legal move's estimated fool probability.

`Rung4Bot.analyse(view)` (and `kozyr.durak.bots.rung4.analyse(view, key)`) return
an `Analysis`: one `Estimate` per legal move, in the view's legal sequence, from
the very search the bot decides with, so `analysis.best` is the move the bot
plays from that view with the same key and settings, and it is the move of
the smallest `Estimate.rank` (ties to the earlier legal move). This module is
plain data: it holds no game and reads nothing but what it is given.
"""
from __future__ import annotations

from dataclasses import dataclass

from kozyr.durak.moves import Move

__all__ = ["Estimate", "Analysis"]


@dataclass(frozen=True, slots=True)
class Estimate:
    """One legal move as the search saw it.

    `fool` is the estimated probability that the seat (with teams: its team)
    ends the deal on the losing side after this move, `draw` that the deal
    ends in a draw: the share of the `samples` imagined deals (the unseen cards dealt
    anew from the view, every seat played by the playout rung) that ended so.
    `value` is the endgame solver's exact value of the move with best play on
    both sides (1 a win, 0 a draw, -1 a loss), at two seats once the talon is
    empty, where it found one; a move it valued but the flat search did not
    play (`samples` 0) has `fool` and `draw` of that value (a loss: fool 1.0).
    """

    move: Move
    fool: float
    draw: float
    samples: int
    value: int | None = None

    @property
    def loss(self) -> float:
        """What the search minimises: the fool probability plus half the draw probability (its
        score is 2 for a deal not lost, 1 for a draw, 0 for a loss)."""
        return self.fool + self.draw / 2

    @property
    def rank(self) -> tuple[int, float]:
        """What the bot chooses by: a better exact value first (where the solver found
        one), then the smaller `loss`."""
        return (-self.value if self.value is not None else 0, self.loss)

    def __str__(self) -> str:
        exact = "" if self.value is None else f", exact {('loss', 'draw', 'win')[self.value + 1]}"
        return f"{self.move}: fool {self.fool:.1%} of {self.samples}{exact}"


@dataclass(frozen=True, slots=True)
class Analysis:
    """Every legal move of the seat on turn with its `Estimate` (in the view's legal sequence), and
    `best`: the move rung 4 plays from this view with the same key and settings."""

    seat: int
    ply: int
    estimates: tuple[Estimate, ...]
    best: Move

    def of(self, move: Move) -> Estimate:
        """The estimate of one of the legal moves (KeyError for another move)."""
        for e in self.estimates:
            if e.move == move:
                return e
        raise KeyError(move)

    def ranked(self) -> list[Estimate]:
        """The estimates, the bot's choice first (by `Estimate.rank`, ties to the earlier legal move)."""
        return sorted(self.estimates, key=lambda e: e.rank)
