"""Contracts: what can be bid, in which order, and what each is worth.

A contract is a level (six to ten) and a strain (a trump suit or no-trump), or
misère.  One value (2, 4, 6, 8, 10; misère 10) serves three purposes on the
sheet: the pulya entry when the contract is made, the gora unit per trick short
when it fails, and the whists per trick taken by a whister.

The bidding ladder, low to high, is ``6♠ 6♣ 6♦ 6♥ 6NT 7♠ … 8NT misère 9♠ … 10NT``:
suits rank spades, clubs, diamonds, hearts, no-trump above them at the same
level, and misère sits between the eights and the nines.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from kozyr.errors import shown
from kozyr.preferans.errors import PreferansError

__all__ = [
    "Strain",
    "Contract",
    "ContractLike",
    "MISERE",
    "LADDER",
    "LEVELS",
    "VALUES",
    "parse_contract",
    "as_contract",
    "defence_quota",
    "whister_shares",
]

LEVELS: tuple[int, ...] = (6, 7, 8, 9, 10)
"""The levels a game contract can have."""

VALUES: dict[int, int] = {6: 2, 7: 4, 8: 6, 9: 8, 10: 10}
"""Value of a game contract by level.  Misère is worth 10."""

MISERE_VALUE = 10

# Tricks the defence must take (responsible whist) against each level, and how
# the quota is shared when both defenders whist: (first to whist, second).
_QUOTA: dict[int, int] = {6: 4, 7: 2, 8: 1, 9: 1, 10: 0}
_SHARES: dict[int, tuple[int, int]] = {6: (2, 2), 7: (1, 1), 8: (0, 1), 9: (0, 1), 10: (0, 0)}


class Strain(enum.Enum):
    """Trump suit or no-trump, in bidding order (spades lowest)."""

    SPADES = "S"
    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    NO_TRUMP = "NT"

    @property
    def order(self) -> int:
        """Rank within a level: 0 for spades … 4 for no-trump."""
        return _STRAIN_ORDER[self]

    @property
    def symbol(self) -> str:
        """The pretty form: ``♠ ♣ ♦ ♥`` or ``NT``."""
        return _STRAIN_SYMBOL[self]


_STRAIN_ORDER = {s: i for i, s in enumerate(Strain)}
_STRAIN_SYMBOL = {
    Strain.SPADES: "♠",
    Strain.CLUBS: "♣",
    Strain.DIAMONDS: "♦",
    Strain.HEARTS: "♥",
    Strain.NO_TRUMP: "NT",
}
_STRAIN_NAMES: dict[str, Strain] = {
    "S": Strain.SPADES, "♠": Strain.SPADES, "♤": Strain.SPADES,
    "C": Strain.CLUBS, "♣": Strain.CLUBS, "♧": Strain.CLUBS,
    "D": Strain.DIAMONDS, "♦": Strain.DIAMONDS, "♢": Strain.DIAMONDS,
    "H": Strain.HEARTS, "♥": Strain.HEARTS, "♡": Strain.HEARTS,
    "NT": Strain.NO_TRUMP, "N": Strain.NO_TRUMP, "БК": Strain.NO_TRUMP,
}
_LEVEL_TEXT = {str(level): level for level in LEVELS}  # "6" ... "10": ASCII, no leading zero
_MISERE_NAMES = {"MISERE", "MISÈRE", "MIZER", "МИЗЕР", "M"}


@dataclass(frozen=True)
class Contract:
    """A game contract (``level`` 6–10 and a ``strain``) or misère (both None).

    Contracts compare by their place on the bidding ladder, so ``max`` and
    ``<`` mean "outbids".  Build them with ``Contract(6, Strain.SPADES)``,
    :data:`MISERE` or :meth:`parse` (``'6S'``, ``'6♠'``, ``'7nt'``, ``'misere'``).
    """

    level: int | None
    strain: Strain | None

    def __post_init__(self) -> None:
        if self.level is None and self.strain is None:
            return
        if (
            not isinstance(self.level, int)
            or isinstance(self.level, bool)
            or self.level not in VALUES
            or not isinstance(self.strain, Strain)
        ):
            raise PreferansError(
                "unknown_contract",
                f"contract: no such contract (level={shown(self.level)}, strain={shown(self.strain)}); "
                "levels are 6-10 with a strain S, C, D, H or NT, or misère",
                field="contract", value=(self.level, self.strain),
            )

    @classmethod
    def parse(cls, text: str) -> Contract:
        """Read ``6S``, ``6♠``, ``10nt``, ``7 NT``, ``misere``/``misère``."""
        return parse_contract(text)

    @property
    def is_misere(self) -> bool:
        return self.level is None

    @property
    def value(self) -> int:
        """Pulya when made, gora per trick short, whists per trick."""
        return MISERE_VALUE if self.level is None else VALUES[self.level]

    @property
    def rank(self) -> int:
        """Position on :data:`LADDER` (0 = 6♠)."""
        if self.level is None or self.strain is None:
            return 15  # misère: just above 8NT
        idx = (self.level - 6) * 5 + _STRAIN_ORDER[self.strain]
        return idx if self.level <= 8 else idx + 1

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Contract):
            return NotImplemented
        return self.rank < other.rank

    def __le__(self, other: object) -> bool:
        if not isinstance(other, Contract):
            return NotImplemented
        return self.rank <= other.rank

    def __gt__(self, other: object) -> bool:
        if not isinstance(other, Contract):
            return NotImplemented
        return self.rank > other.rank

    def __ge__(self, other: object) -> bool:
        if not isinstance(other, Contract):
            return NotImplemented
        return self.rank >= other.rank

    def __str__(self) -> str:
        if self.level is None or self.strain is None:
            return "misere"
        return f"{self.level}{self.strain.value}"

    @property
    def pretty(self) -> str:
        """``6♠``, ``7NT``, ``misère``."""
        if self.level is None or self.strain is None:
            return "misère"
        return f"{self.level}{self.strain.symbol}"

    def __repr__(self) -> str:
        return f"Contract({str(self)!r})"


MISERE = Contract(None, None)
"""Misère: take no trick.  Ranks between 8NT and 9♠."""

LADDER: tuple[Contract, ...] = tuple(
    sorted(
        [Contract(level, strain) for level in LEVELS for strain in Strain] + [MISERE],
        key=lambda c: c.rank,
    )
)
"""Every contract, lowest first: 6♠ … 8NT, misère, 9♠ … 10NT."""

ContractLike = Contract | str


def parse_contract(text: str) -> Contract:
    """Parse a contract's text form; refuse anything else with ``unknown_contract``.

    The level is written in ASCII digits without a leading zero: ``²S``, ``٦S``,
    ``６S`` and ``06S`` are refused rather than read as 6♠.

    >>> parse_contract("7 nt"), parse_contract("6♠"), parse_contract("misère")
    (Contract('7NT'), Contract('6S'), Contract('misere'))
    """
    if not isinstance(text, str):
        raise PreferansError("unknown_contract", f"contract: {shown(text)} is not a contract name",
                             field="contract", value=text)
    s = "".join(text.split()).upper()
    if s in _MISERE_NAMES:
        return MISERE
    digits = s[: len(s) - len(s.lstrip("0123456789"))]
    rest = s[len(digits):]
    if digits in _LEVEL_TEXT and rest in _STRAIN_NAMES:
        return Contract(_LEVEL_TEXT[digits], _STRAIN_NAMES[rest])
    raise PreferansError(
        "unknown_contract",
        f"contract: {shown(text)} is not a contract (expected e.g. 6S, 6♠, 7NT, misere)",
        field="contract", value=text,
    )


def as_contract(value: ContractLike) -> Contract:
    """Accept a :class:`Contract` or its text form."""
    if isinstance(value, Contract):
        return value
    return parse_contract(value)


def defence_quota(contract: Contract) -> int:
    """Tricks the defence as a whole must take under responsible whist
    (4 against a six, 2 against a seven, 1 against an eight or nine, none against
    a ten, which is whisted without responsibility)."""
    if contract.level is None:
        raise PreferansError("misere_quota", "contract: misère is not whisted, it has no quota")
    return _QUOTA[contract.level]


def whister_shares(contract: Contract) -> tuple[int, int]:
    """Each whister's share of the quota when both whist, in the order they
    said whist: 2/2 on a six, 1/1 on a seven, and on an eight or nine the one
    trick is owed by the second to whist."""
    if contract.level is None:
        raise PreferansError("misere_quota", "contract: misère is not whisted, it has no quota")
    return _SHARES[contract.level]
