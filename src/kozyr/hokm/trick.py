"""The trick winner resolver: which card takes a trick, and why.

The rule (spec, "The trick winner resolver"): pick the competing suit first
(trump if any trump is in the trick, else the lead suit; off-suit cards never
win), then compare the configured strength of the competitors, never their
card numbers. A competitor of strength zero or less cannot win; on equal
strength the earlier card stays.

Two entry points:

* `resolve_trick(trick, config)` is a pure function over a complete trick.
  It is the hot path of every simulation, so it validates with a handful of
  bit operations and only falls back to a slow, precise diagnosis when
  something is wrong.
* `Trick.record_winner(config)` is the recording step: it resolves and then
  stores the result on the trick as its current winner. It MUTATES the trick
  (only its `winner` attribute), and calling it twice gives the same answer.

`provisional_winner(trick, config)` is the lenient variant for bots and
displays: it accepts a partial trick (0..4 plays) and returns None while no
card can win yet.

Resolving is not scoring: collecting cards, counting the trick for a team and
passing the lead are separate steps done by `kozyr.hokm.hand.Hand`.
"""
from __future__ import annotations

import enum
from collections.abc import Iterable
from typing import NamedTuple

from kozyr.cards import SUIT_NAMES, card_name
from kozyr.errors import shown
from kozyr.hokm._tables import CARD_BIT, LANE, SUIT_OF
from kozyr.hokm.config import DEFAULT_CONFIG, HokmConfig
from kozyr.hokm.errors import HokmError

__all__ = [
    "Trick",
    "TrickResult",
    "resolve_trick",
    "provisional_winner",
    "team_of",
    "INFER",
]

#: The suits' names in words, for sentences ("spades led, trump hearts"): kozyr.cards.SUIT_NAMES.
SUIT_WORDS = SUIT_NAMES

#: card int -> its bit in a 64-bit mask, for the 52 cards only. A dict lookup
#: both validates a card and yields its bit, in one step.
_CARD_BIT = CARD_BIT
#: seat -> its bit; the four bits together are 15.
_SEAT_BIT: dict[int, int] = {0: 1, 1: 2, 2: 4, 3: 8}
#: Building a TrickResult through tuple.__new__ skips the named tuple's
#: Python-level __new__: a measurable share of the resolver's time.
_new_tuple = tuple.__new__
#: suit -> the 16-bit lane of that suit in a card mask.
_LANE: dict[int, int] = dict(enumerate(LANE))


def team_of(seat: int) -> int:
    """The team of a seat: 0 for seats 0 and 2, 1 for seats 1 and 3."""
    return seat & 1


def _name(card: object) -> str:
    """A readable name for a card, or its repr when it is not a card."""
    if isinstance(card, int) and not isinstance(card, bool) and card in _CARD_BIT:
        return card_name(card)
    return shown(card)


def _suit_name(suit: object) -> str:
    if isinstance(suit, int) and not isinstance(suit, bool) and 0 <= suit <= 3:
        return SUIT_WORDS[suit]
    return shown(suit)


class TrickResult(NamedTuple):
    """Why a trick went where it went, without re-reading any card text.

    An immutable record (a named tuple): the winning seat and its team, the
    lead suit, the trump suit, whether any trump was played, the winning
    card and the configured strength it won with.
    """

    seat: int
    team: int
    lead_suit: int
    trump: int
    trump_played: bool
    card: int
    strength: int

    def explain(self) -> str:
        """One sentence a person can read, e.g. for a log or a tutorial."""
        competing = "trump" if self.trump_played else "the lead suit"
        return (
            f"seat {self.seat} (team {self.team}) wins with {_name(self.card)}: "
            f"{_suit_name(self.lead_suit)} led, trump {_suit_name(self.trump)}, "
            f"{'a trump was' if self.trump_played else 'no trump was'} played, "
            f"so only {competing} competed and {_name(self.card)} had the highest "
            f"strength ({self.strength})"
        )


class _Infer(enum.Enum):
    INFER = "infer"


#: Default for `Trick(lead_suit=...)`: take the lead suit from the first play.
INFER = _Infer.INFER


class Trick:
    """The state of one trick: trump, lead suit, plays in order, current winner.

    Mutable on purpose: a coordinator adds plays as they happen and records
    the winner when the trick is complete. `plays` is a list of
    ``(seat, card)`` pairs in play order (the first is the lead).

    `lead_suit` is stored, not recomputed, because that is what a table
    records at the moment of the lead. By default it is taken from the first
    play (or set by the first `add`); pass ``lead_suit=None`` to model a trick
    whose lead suit was never recorded (e.g. rebuilt from incomplete data), or
    an explicit suit. The resolver refuses a missing lead suit and a lead
    suit that disagrees with the first card.

    Building a trick validates nothing, so that any input can be handed to
    the resolver and refused there with a precise code.
    """

    __slots__ = ("trump", "lead_suit", "plays", "winner")

    trump: int
    lead_suit: int | None
    plays: list[tuple[int, int]]
    #: The recorded winner, set by `record_winner`; None until then and again
    #: after each `add` (a recorded winner of fewer cards would be stale).
    winner: TrickResult | None

    def __init__(
        self,
        trump: int,
        plays: Iterable[tuple[int, int]] = (),
        *,
        lead_suit: int | None | _Infer = INFER,
    ) -> None:
        self.trump = trump
        # Pairs given as lists become tuples; anything else is kept as it is
        # for the resolver to refuse (`malformed_play`).
        self.plays = [tuple(p) if isinstance(p, list) else p for p in plays]
        if lead_suit is INFER:
            first = self.plays[0][1] if self.plays and len(self.plays[0]) == 2 else None
            lead_suit = SUIT_OF[first] if first in _CARD_BIT else None
        self.lead_suit = lead_suit
        self.winner = None

    def add(self, seat: int, card: int) -> None:
        """Append a play; the first play also sets the lead suit.

        Clears any recorded winner. No legality check here: following suit
        is the hand's business, validity is the resolver's.
        """
        if not self.plays and self.lead_suit is None and card in _CARD_BIT:
            self.lead_suit = SUIT_OF[card]
        self.plays.append((seat, card))
        self.winner = None

    def record_winner(self, config: HokmConfig = DEFAULT_CONFIG) -> TrickResult:
        """Resolve and store the result as this trick's current winner.

        MUTATES the trick: sets `self.winner`. Idempotent: calling it again
        recomputes and stores an equal result. On a refusal nothing changes
        (a previously recorded winner stays).
        """
        result = resolve_trick(self, config)
        self.winner = result
        return result

    @property
    def cards(self) -> tuple[int, ...]:
        """The cards played so far, in play order."""
        return tuple(c for _, c in self.plays)

    @property
    def seats(self) -> tuple[int, ...]:
        """The seats that have played so far, in play order."""
        return tuple(s for s, _ in self.plays)

    @property
    def leader(self) -> int | None:
        """The seat that led, or None for an empty trick."""
        return self.plays[0][0] if self.plays else None

    def __len__(self) -> int:
        return len(self.plays)

    def __repr__(self) -> str:
        plays = ", ".join(f"({s}, {_name(c)})" for s, c in self.plays)
        return (
            f"Trick(trump={_suit_name(self.trump)}, lead_suit={_suit_name(self.lead_suit)}, "
            f"plays=[{plays}])"
        )

    def _repr_svg_(self) -> str:
        """The trick as a picture, for notebooks (`kozyr.svg.hokm_trick_svg`), who holds it so far outlined."""
        from kozyr.svg import hokm_trick_svg

        try:
            holder = self.winner or provisional_winner(self)
        except HokmError:
            holder = None
        return hokm_trick_svg(self, winner=holder)


def _describe(trick: Trick) -> str:
    plays = " ".join(f"{s}:{_name(c)}" for s, c in trick.plays) or "no plays"
    return f"trick [{plays}]"


def _diagnose(trick: Trick, *, partial: bool) -> HokmError:
    """The precise refusal for a trick the fast path rejected.

    Checks run in a fixed order, so a trick with several faults always gets
    the same code: play count, shape of the plays, trump, seats, cards, then
    the lead suit (missing, not a suit, not the first card's suit).
    """
    plays = trick.plays
    where = _describe(trick) if all(
        isinstance(p, tuple) and len(p) == 2 for p in plays) else shown(plays)
    n = len(plays)
    if n > 4 or (not partial and n != 4):
        need = "at most 4" if partial else "exactly 4"
        return HokmError("incomplete_trick", f"{where} has {n} plays; a trick needs {need}", value=n)
    for p in plays:
        if not (isinstance(p, tuple) and len(p) == 2):
            return HokmError("malformed_play", f"play {shown(p)} is not a (seat, card) pair (in {where})",
                             value=p)
    if trick.trump not in _LANE:
        return HokmError("unknown_suit", f"trump {shown(trick.trump)} of {where} is not a suit 0..3",
                         suit=trick.trump)
    seen_seats: set[int] = set()
    for s, _ in plays:
        if s not in _SEAT_BIT:
            return HokmError("unknown_seat", f"seat {shown(s)} is not a seat 0..3 (in {where})", seat=s)
        if s in seen_seats:
            return HokmError("duplicate_seat", f"seat {s} plays twice in {where}", seat=s)
        seen_seats.add(s)
    seen_cards: set[int] = set()
    for _, c in plays:
        if c not in _CARD_BIT:
            return HokmError("unknown_card", f"{shown(c)} is not a card of the 52-card deck (in {where})",
                             card=c)
        if c in seen_cards:
            return HokmError("duplicate_card", f"card {_name(c)} appears twice in {where}", card=c)
        seen_cards.add(c)
    lead = trick.lead_suit
    if lead is None and not (partial and n == 0):
        return HokmError("missing_lead_suit", f"{where} has no lead suit recorded")
    if lead is not None and lead not in _LANE:
        return HokmError("unknown_suit", f"lead suit {shown(lead)} of {where} is not a suit 0..3", suit=lead)
    if n and SUIT_OF[plays[0][1]] != lead:
        return HokmError(
            "lead_suit_mismatch",
            f"{where} records lead suit {_suit_name(lead)} but the first card is "
            f"{_name(plays[0][1])}",
            suit=lead, card=plays[0][1],
        )
    return HokmError("no_winner", f"no card of {where} can win")  # pragma: no cover


def _no_winner(trick: Trick, suit: int, trump_played: bool) -> HokmError:
    why = "trump was played" if trump_played else "no trump was played"
    return HokmError(
        "no_winner",
        f"no card of {_describe(trick)} can win: {why}, and every "
        f"{_suit_name(suit)} card in it has configured strength 0 or less",
        suit=suit,
    )


def resolve_trick(trick: Trick, config: HokmConfig = DEFAULT_CONFIG) -> TrickResult:
    """The winner of a complete trick. Pure: reads `trick`, changes nothing.

    Refuses (HokmError, see `TRICK_CODES`) a trick without exactly four
    plays, without a lead suit, with a lead suit that is not the first card's,
    with a seat or card twice, with a seat or card that does not exist, and a
    trick that no card can win because every competitor has strength <= 0
    (`no_winner`). Seats need not come in rotation order: the resolver only
    needs distinct seats; turn order is the hand's business.
    """
    plays = trick.plays
    if len(plays) != 4:
        raise _diagnose(trick, partial=False)
    # Typed as int: the check below (SUIT_OF[c0] == lead) refuses None and non-suits.
    lead: int = trick.lead_suit  # type: ignore[assignment]
    trump = trick.trump
    try:
        (s0, c0), (s1, c1), (s2, c2), (s3, c3) = plays
        mask = _CARD_BIT[c0] | _CARD_BIT[c1] | _CARD_BIT[c2] | _CARD_BIT[c3]
        seats = _SEAT_BIT[s0] | _SEAT_BIT[s1] | _SEAT_BIT[s2] | _SEAT_BIT[s3]
        trump_lane = _LANE[trump]
        ok = seats == 15 and mask.bit_count() == 4 and SUIT_OF[c0] == lead
    except (KeyError, TypeError, ValueError):
        ok = False
    if not ok:
        raise _diagnose(trick, partial=False)
    trump_played = mask & trump_lane != 0
    suit = trump if trump_played else lead
    # One lookup per card: its strength if it competes and can win, else 0.
    key = config.competing_strength[suit]
    values = (key[c0], key[c1], key[c2], key[c3])
    best = max(values)
    if best <= 0:
        raise _no_winner(trick, suit, trump_played)
    # index() finds the first card of the best strength: the earlier card
    # stays on a tie.
    seat, card = plays[values.index(best)]
    return _new_tuple(TrickResult, (seat, seat & 1, lead, trump, trump_played, card, best))


def provisional_winner(
    trick: Trick, config: HokmConfig = DEFAULT_CONFIG
) -> TrickResult | None:
    """Who holds a trick so far: the lenient resolver for bots and displays.

    Accepts 0..4 plays. A missing lead suit is taken from the first play.
    Returns None for an empty trick and while no card played so far can win.
    Still refuses what cannot be a trick at all (unknown or repeated seats
    and cards, more than four plays, a lead suit contradicting the first
    card), because a display of nonsense helps nobody.
    """
    plays = trick.plays
    if not plays:
        if trick.trump not in _LANE:
            raise _diagnose(trick, partial=True)
        return None
    if trick.lead_suit is None:
        inferred = Trick(trick.trump, plays, lead_suit=INFER)
        if inferred.lead_suit is None:  # the first play is no card: say why
            raise _diagnose(trick, partial=True)
        trick = inferred
        plays = trick.plays
    lead = trick.lead_suit
    assert lead is not None  # recorded or inferred above
    trump = trick.trump
    try:
        mask = 0
        seats = 0
        for s, c in plays:
            mask |= _CARD_BIT[c]
            seats |= _SEAT_BIT[s]
        n = len(plays)
        ok = (n <= 4 and seats.bit_count() == n and mask.bit_count() == n
              and SUIT_OF[plays[0][1]] == lead)
        trump_lane = _LANE[trump]
    except (KeyError, TypeError, ValueError):
        ok = False
    if not ok:
        raise _diagnose(trick, partial=True)
    trump_played = mask & trump_lane != 0
    key = config.competing_strength[trump if trump_played else lead]
    values = [key[c] for _, c in plays]
    best = max(values)
    if best <= 0:
        return None
    seat, card = plays[values.index(best)]
    return TrickResult(seat, seat & 1, lead, trump, trump_played, card, best)
