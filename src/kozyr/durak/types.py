"""The vocabulary of a durak deal, shared by the Cython engine and `reference.py`.

Both engines speak in these objects, so that the differential tests compare
them with `==` and callers never learn which engine answered. A move is also a
small int code (`kind << 6 | card`) inside C; `Move.code` / `Move.from_code`
convert between the two.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from kozyr.cards import CardSet, card_name, parse_card

# Move kinds in code order: the int code of a move is KIND_INDEX << 6 | card.
KINDS = ("attack", "beat", "take", "done", "swap", "resign")
CARD_KINDS = frozenset({"attack", "beat"})
PHASES = ("attack", "defend", "pile_on", "over")

# The reference's 14 refusal codes; a C engine returns 1 + the index here.
CODES = (
    "no_seed", "bad_deal", "bad_seats", "game_over", "not_your_turn",
    "wrong_phase", "not_legal", "card_not_held", "beats_nothing",
    "rank_not_in_bout", "bout_full", "must_attack", "not_the_six", "talon_shut",
)

# How a bout can close; "taken" is the automatic close of a taken bout, a
# `done` in pile_on closes it with how="done" and taken=True.
BOUT_ENDINGS = ("done", "taken", "exhausted", "spent", "capped")


class IllegalMove(ValueError):
    """A refused move, deal or replay; `.code` is one of CODES. Nothing changed."""

    def __init__(self, code: str, message: str) -> None:
        if code not in CODES:
            raise ValueError(f"unknown refusal code {code!r}")
        super().__init__(f"{code}: {message}")
        self.code = code


@dataclass(frozen=True, slots=True)
class Move:
    """One move: `attack AS`, `beat TD`, `take`, `done`, `swap`, `resign`."""

    kind: str
    card: Optional[int] = None

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"unknown move kind {self.kind!r}: expected one of {', '.join(KINDS)}")
        if (self.kind in CARD_KINDS) != (self.card is not None):
            raise ValueError(f"move {self.kind!r} {'needs' if self.kind in CARD_KINDS else 'takes no'} card")
        if self.card is not None:
            card_name(self.card)  # validates

    def __str__(self) -> str:
        return self.kind if self.card is None else f"{self.kind} {card_name(self.card)}"

    def __repr__(self) -> str:
        return f"Move.parse({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> "Move":
        """The move written as `attack AS`, `beat 10♦`, `take`, ...; ValueError names bad text."""
        if not isinstance(text, str):
            raise ValueError(f"{text!r} is not a move")
        words = text.split()
        try:
            if len(words) == 2 and words[0].lower() in CARD_KINDS:
                return cls(words[0].lower(), parse_card(words[1]))
            if len(words) == 1 and words[0].lower() in KINDS and words[0].lower() not in CARD_KINDS:
                return cls(words[0].lower())
        except ValueError:
            pass
        raise ValueError(f"{text!r} is not a move: expected 'attack AS', 'beat TD', 'take', 'done', 'swap' or 'resign'")

    @property
    def code(self) -> int:
        return KINDS.index(self.kind) << 6 | (self.card or 0)

    @staticmethod
    def from_code(code: int) -> "Move":
        return _BY_CODE[code]


_BY_CODE: dict[int, Move] = {}
for _kind in KINDS:
    if _kind in CARD_KINDS:
        for _card in range(64):
            if 2 <= (_card & 15) <= 14:
                _m = Move(_kind, _card)
                _BY_CODE[_m.code] = _m
    else:
        _m = Move(_kind)
        _BY_CODE[_m.code] = _m

TAKE, DONE, SWAP, RESIGN = Move("take"), Move("done"), Move("swap"), Move("resign")


def attack(card: int | str) -> Move:
    return Move("attack", parse_card(card) if isinstance(card, str) else card)


def beat(card: int | str) -> Move:
    return Move("beat", parse_card(card) if isinstance(card, str) else card)


@dataclass(frozen=True, slots=True)
class Event:
    """One entry of a deal's event log; `ply` is the number of events so far.

    Fields by kind (the rest stay None):
    attack/beat: seat, card. take/done/resign: seat. swap: seat, card (the
    turn-up taken into the hand). bout_end: taken, how (BOUT_ENDINGS), cards
    (table cards moved), heap (heap count after), attacker (next attacker).
    refill: drawn (per seat), talon (cards left). out: seat. game_end:
    outcome ('fool', 'draw', 'resign'), fool (seat or None).
    """

    kind: str
    seat: Optional[int] = None
    card: Optional[int] = None
    taken: Optional[bool] = None
    how: Optional[str] = None
    cards: Optional[int] = None
    heap: Optional[int] = None
    attacker: Optional[int] = None
    drawn: Optional[tuple[int, int]] = None
    talon: Optional[int] = None
    outcome: Optional[str] = None
    fool: Optional[int] = None

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__slots__[1:]
                           if getattr(self, name) is not None)
        return f"Event({self.kind!r}{', ' if fields else ''}{fields})"

    def __str__(self) -> str:
        parts = [self.kind]
        for name in ("seat", "card", "taken", "how", "cards", "heap", "attacker", "drawn", "talon", "outcome", "fool"):
            value = getattr(self, name)
            if value is not None or (name == "fool" and self.kind == "game_end"):
                parts.append(f"{name}={card_name(value) if name == 'card' else value}")
        return " ".join(parts)


@dataclass(frozen=True, slots=True)
class Result:
    """How a deal ended: outcome 'fool', 'draw' or 'resign'; the fool's seat or None."""

    outcome: str
    fool: Optional[int]


@dataclass(frozen=True, slots=True)
class Bout:
    """The bout as both seats see it; pairs are (attack card, beating card or None)."""

    attacker: int
    defender: int
    cap: int
    size: int
    taken: bool
    to_beat: Optional[int]
    pairs: tuple[tuple[int, Optional[int]], ...]


@dataclass(frozen=True, slots=True)
class View:
    """What one seat may see, exactly the spec's list and nothing more."""

    seat: int
    ply: int
    phase: str
    turn: Optional[int]
    trump: int
    turnup: Optional[int]
    talon: int
    heap: int
    hand: CardSet
    counts: tuple[int, int]
    can_swap: bool
    legal: tuple[Move, ...]
    over: bool
    result: Optional[Result]
    bout: Bout


def pad_seed(text: str | bytes) -> bytes:
    """A seed text padded with spaces to the 32 bytes a seed must have (`durak-one` style)."""
    raw = text.encode("ascii") if isinstance(text, str) else bytes(text)
    if len(raw) > 32:
        raise IllegalMove("no_seed", f"seed {raw!r} is longer than 32 bytes")
    return raw.ljust(32, b" ")
