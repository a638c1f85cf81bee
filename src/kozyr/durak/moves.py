"""A durak move: `attack AS`, `beat TD`, `take`, `done`, `swap`, `resign`; in perevodnoy `transfer 7H`, `show 7S`.

Both engines speak in these objects, so that the differential tests compare
them with `==`. Inside C a move is the int code `kind << 6 | card`;
`Move.code` and `Move.from_code` convert between the two.
"""
from __future__ import annotations

from dataclasses import dataclass

from kozyr.cards import card_name, parse_card
from kozyr.durak.codes import CARD_KINDS, KINDS
from kozyr.errors import KozyrError, shown

__all__ = ["Move", "TAKE", "DONE", "SWAP", "RESIGN", "attack", "beat", "transfer", "show", "move_of_code"]

@dataclass(frozen=True, slots=True)
class Move:
    """One move: `attack AS`, `beat TD`, `take`, `done`, `swap`, `resign`, `transfer 7H`, `show 7S`."""

    kind: str
    card: int | None = None

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise KozyrError("bad_move", f"unknown move kind {shown(self.kind)}: expected one of {', '.join(KINDS)}",
                             value=self.kind)
        if (self.kind in CARD_KINDS) != (self.card is not None):
            needs = "needs" if self.kind in CARD_KINDS else "takes no"
            raise KozyrError("bad_move", f"move {self.kind!r} {needs} card", value=self.card)
        if self.card is not None:
            card_name(self.card)  # validates

    def __str__(self) -> str:
        return self.kind if self.card is None else f"{self.kind} {card_name(self.card)}"

    def __repr__(self) -> str:
        return f"Move.parse({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> Move:
        """The move written as `attack AS`, `beat 10♦`, `take`, ...; a KozyrError names bad text."""
        if not isinstance(text, str):
            raise KozyrError("bad_move", f"{shown(text)} is not a move", value=text)
        words = text.split()
        try:
            if len(words) == 2 and words[0].lower() in CARD_KINDS:
                return cls(words[0].lower(), parse_card(words[1]))
            if len(words) == 1 and words[0].lower() in KINDS and words[0].lower() not in CARD_KINDS:
                return cls(words[0].lower())
        except ValueError:
            pass
        raise KozyrError("bad_move", f"{shown(text)} is not a move: expected 'attack AS', 'beat TD', 'take', "
                         "'done', 'swap', 'resign', 'transfer 7H' or 'show 7S'", value=text)

    @property
    def code(self) -> int:
        return KINDS.index(self.kind) << 6 | (self.card or 0)

    @staticmethod
    def from_code(code: int) -> Move:
        return _BY_CODE[code]


def move_of_code(code: int) -> Move | None:
    """The Move a move code names, or None when it names none: how a native bot's raw answer (any C
    int) is read, in one place for the Python path (`bots._native.native_move`) and the ladder's
    refusal of it (`ladder.faults.native_answer`). Every kind's codes count, transfer and show too."""
    return _BY_CODE.get(code)


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


def transfer(card: int | str) -> Move:
    return Move("transfer", parse_card(card) if isinstance(card, str) else card)


def show(card: int | str) -> Move:
    return Move("show", parse_card(card) if isinstance(card, str) else card)
