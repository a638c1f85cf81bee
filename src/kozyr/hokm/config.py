"""The one configuration object of a hokm game.

Everything that varies between tables (how strong each rank is, how many
tricks win a hand, the points table, the match target, how the first hakem is
found) is data here rather than a branch in the engine, so a variant is a new
`HokmConfig`, never a fork of the code. It is frozen and keyword-only so that a
configuration can be shared between hands, hashed, and read at a call site
without guessing what a positional 7 meant.
"""
from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from kozyr.cards import RANKS, SUITS, card, suit_cards
from kozyr.errors import shown
from kozyr.hokm.errors import HokmError

__all__ = [
    "FirstHakem",
    "HokmConfig",
    "DEFAULT_RANK_STRENGTH",
    "DEFAULT_CONFIG",
    "RANKS",
    "SEATS",
    "TEAMS",
    "TOTAL_TRICKS",
]

#: Four seats; partners sit opposite (0 with 2, 1 with 3); play passes to seat + 1.
SEATS = 4
#: Team 0 is seats 0 and 2, team 1 is seats 1 and 3 (team = seat % 2).
TEAMS = 2
#: Tricks in a full hand of 13 cards each.
TOTAL_TRICKS = 13

#: Ace high down to two. The two gets strength 1 (not 0) so every card of the
#: default deck can win; the numbers deliberately differ from the ranks so that
#: code which compares card numbers instead of strengths shows up in tests.
DEFAULT_RANK_STRENGTH: Mapping[int, int] = MappingProxyType({r: r - 1 for r in RANKS})


class FirstHakem(str, enum.Enum):
    """How the first hakem of a match is chosen."""

    #: Cards are turned up one to each seat in turn; the first ace makes its
    #: receiver hakem.
    ACE_DEAL = "ace_deal"
    #: A seat drawn uniformly from the match's random source.
    RANDOM = "random"


def _bad(message: str, name: str, value: object) -> HokmError:
    return HokmError("bad_config", message, field=name, value=value)


def _check_int(name: str, value: object, low: int, high: int | None = None) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise _bad(f"{name}={shown(value)}: expected an int", name, value)
    if value < low or (high is not None and value > high):
        upper = "" if high is None else f"..{high}"
        raise _bad(f"{name}={shown(value)}: expected {low}{upper or ' or more'}", name, value)


@dataclass(frozen=True, kw_only=True)
class HokmConfig:
    """Rules of one table. All fields are keyword-only; the object is frozen.

    rank_strength
        rank (2..14) -> strength, for all 13 ranks. Only strengths are
        compared when resolving a trick, never card numbers. A strength of
        zero or less means a card of that rank can never win a trick. Write a
        variant as ``{**DEFAULT_RANK_STRENGTH, TWO: 0}``.
    tricks_to_win
        A hand ends as soon as a team has this many tricks (1..7, so that a
        13-trick hand always produces a winner).
    points_win, points_kot, points_hakem_kot
        A hand won normally; a kot by the hakem's team (losers took no
        trick); a kot against the hakem's team (hakem-kot). Each at least
        1, so that every match ends.
    match_target
        The first team to reach this many points wins the match; a kot may
        overshoot it.
    first_hakem
        `FirstHakem.ACE_DEAL` (or "ace_deal") or `FirstHakem.RANDOM` ("random").
    """

    rank_strength: Mapping[int, int] = field(default_factory=lambda: DEFAULT_RANK_STRENGTH)
    tricks_to_win: int = 7
    points_win: int = 1
    points_kot: int = 2
    points_hakem_kot: int = 3
    match_target: int = 7
    first_hakem: FirstHakem = FirstHakem.ACE_DEAL
    #: Strength of every card int 0..63 (0 for ints that are not cards): the
    #: resolver's lookup table, derived from rank_strength.
    card_strength: tuple[int, ...] = field(init=False, repr=False, compare=False)
    #: For each suit s, a 64-entry table: the card's strength if it is of
    #: suit s and its strength is positive, else 0. With it the resolver
    #: scores the competing suit's cards in one lookup each, and a card that
    #: does not compete or cannot win scores 0.
    competing_strength: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        table = self.rank_strength
        if not isinstance(table, Mapping):
            raise _bad(f"rank_strength={shown(table)}: expected a mapping rank -> strength", "rank_strength", table)
        keys = set(table)
        if keys != set(RANKS):
            missing = sorted(set(RANKS) - keys)
            extra = sorted(keys - set(RANKS), key=repr)
            raise _bad(
                f"rank_strength must give exactly the ranks 2..14; "
                f"missing {missing}, unexpected {shown(extra)}", "rank_strength", table,
            )
        for rank in RANKS:
            value = table[rank]
            if isinstance(value, bool) or not isinstance(value, int):
                raise _bad(f"rank_strength[{rank}]={shown(value)}: expected an int", "rank_strength", value)
        frozen_table = MappingProxyType({r: int(table[r]) for r in RANKS})
        object.__setattr__(self, "rank_strength", frozen_table)
        _check_int("tricks_to_win", self.tricks_to_win, 1, (TOTAL_TRICKS + 1) // 2)
        _check_int("points_win", self.points_win, 1)
        _check_int("points_kot", self.points_kot, 1)
        _check_int("points_hakem_kot", self.points_hakem_kot, 1)
        _check_int("match_target", self.match_target, 1)
        try:
            method = FirstHakem(self.first_hakem)
        except ValueError:
            raise _bad(
                f"first_hakem={shown(self.first_hakem)}: expected 'ace_deal' or 'random'",
                "first_hakem", self.first_hakem,
            ) from None
        object.__setattr__(self, "first_hakem", method)
        strengths = [0] * 64
        for suit in SUITS:
            for rank in RANKS:
                strengths[card(rank, suit)] = frozen_table[rank]
        object.__setattr__(self, "card_strength", tuple(strengths))
        object.__setattr__(self, "competing_strength", tuple(
            tuple(max(strengths[c], 0) if c in lane else 0 for c in range(64))
            for lane in (suit_cards(s) for s in SUITS)
        ))

    def __hash__(self) -> int:
        return hash((
            tuple(self.rank_strength.items()),
            self.tricks_to_win,
            self.points_win,
            self.points_kot,
            self.points_hakem_kot,
            self.match_target,
            self.first_hakem,
        ))

    def hand_points(self, loser_tricks: int, hakem_team_won: bool) -> int:
        """What a hand scores: `points_win`, or for a kot (the losers took no trick)
        `points_kot` when the hakem's team made it and `points_hakem_kot` when it was swept.

        >>> [DEFAULT_CONFIG.hand_points(lost, hakem_won) for lost, hakem_won in ((3, True), (0, True), (0, False))]
        [1, 2, 3]
        """
        if loser_tricks:
            return self.points_win
        return self.points_kot if hakem_team_won else self.points_hakem_kot

    def strength(self, rank: int) -> int:
        """The configured strength of `rank` (2..14)."""
        return self.rank_strength[rank]

    @property
    def every_rank_can_win(self) -> bool:
        """True when every rank has a positive strength.

        Only then is every trick of a hand guaranteed a winner; `Hand`
        requires it (see `Hand` for why).
        """
        return all(v > 0 for v in self.rank_strength.values())


#: The standard game: A high, 7 tricks, points 1/2/3, match to 7, ace deal.
DEFAULT_CONFIG = HokmConfig()
