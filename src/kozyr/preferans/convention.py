"""Conventions: every house rule of the scoring as one frozen parameter set.

Preferans is played under many local conventions that differ only in numbers
and in a handful of either/or rules.  Rather than fork the scorer, each rule is
a field of :class:`Convention`; Sochi (the default, as the Preferans Code
writes it), Leningrad and Rostov are presets.  Derive a house variant with
``dataclasses.replace(SOCHI, raspasy_cap=3)`` or ``SOCHI.replace(...)``.
"""

from __future__ import annotations

import dataclasses
import enum
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from kozyr.errors import shown
from kozyr.preferans.errors import PreferansError
from kozyr.preferans.numbers import MAX_MAGNITUDE, parse_number

__all__ = [
    "AMOUNTS",
    "WhistType",
    "Responsibility",
    "RaspasyMode",
    "Progression",
    "RaspasyTalon",
    "LoneWhist",
    "PLAY_PARAMS",
    "Convention",
    "SOCHI",
    "LENINGRAD",
    "ROSTOV",
    "PRESETS",
    "checked_convention",
    "convention_named",
]


class WhistType(enum.Enum):
    """How the whists for the defence's tricks are shared when one defender
    whists and the other passes."""

    GREEDY = "greedy"
    """жлобский: the whister writes them all; the passer only gets consolation."""
    HALF_GREEDY = "half-greedy"
    """полужлобский: the passer gets half the whister's share (1/3 : 2/3)."""
    GENTLEMAN = "gentleman"
    """джентльменский / чистый: passer and whister share equally."""


class Responsibility(enum.Enum):
    """What a whister owes for each trick the defence is short of its quota."""

    RESPONSIBLE = "responsible"
    """the contract's value v into gora per trick short."""
    SEMI = "semi"
    """v/2 per trick short."""
    NONE = "none"
    """no penalty."""


class RaspasyMode(enum.Enum):
    """In which column raspasy are paid."""

    GORA = "gora"
    """each trick costs the price p in gora."""
    WHISTS = "whists"
    """the player(s) with the fewest tricks write whists on the others (Rostov)."""


class Progression(enum.Enum):
    """How the raspasy price grows over consecutive raspasy."""

    NONE = "none"  # p, p, p, ...
    ARITHMETIC = "arithmetic"  # p, 2p, 3p, ...
    GEOMETRIC = "geometric"  # p, 2p, 4p, ...


class RaspasyTalon(enum.Enum):
    """How raspasy uses the talon (a play parameter)."""

    FIRST_HAND = "first_hand"
    """the talon cards lead tricks 1 and 2, first hand plays first to both, first hand leads trick 3."""
    WINNER = "winner"
    """as first_hand, but the winner of trick 1 plays first to talon card 2 and the winner of trick 2 leads
    trick 3."""
    NONE = "none"
    """the talon stays face down and unused; first hand leads trick 1 (Rostov)."""


class LoneWhist(enum.Enum):
    """How a lone whister defends (a play parameter)."""

    CHOICE = "choice"
    """the whister says closed or open."""
    OPEN = "open"
    """always open: the whister plays both defending hands."""
    CLOSED = "closed"
    """always closed: each defender plays his own hidden hand."""


PLAY_PARAMS = ("raspasy_talon", "ten_checked", "lone_whist", "stalingrad", "half_whist")
"""The convention's fields the play of a deal reads (the rest are the scorer's), in the order views and
records list them."""


def _refuse(name: str, value: Any, why: str) -> PreferansError:
    return PreferansError("bad_convention", f"convention.{name}: {why}", field=f"convention.{name}", value=value)


AMOUNTS = ("w_pulya", "w_gora", "raspasy_price", "raspasy_whists_per_trick", "raspasy_cap")
"""The convention's exact amounts: each a positive :class:`Fraction` (``raspasy_cap`` may be None)."""


def _amount(name: str, value: Any) -> Fraction:
    """A positive int or Fraction, bounded as :func:`~kozyr.preferans.numbers.parse_number` bounds every
    number kozyr reads.  Text is refused here: a file's text is read by ``parse_number`` first."""
    if isinstance(value, bool) or not isinstance(value, (int, Fraction)):
        raise _refuse(name, value, f"{shown(value)} is not an int or Fraction")
    try:
        return parse_number(f"convention.{name}", value, minimum="positive")
    except PreferansError as exc:
        raise _refuse(name, value, str(exc.fields["why"])) from None


@dataclass(frozen=True, kw_only=True)
class Convention:
    """All scoring parameters.  Keyword-only and frozen: a convention is a value.

    Deal values
      ``gora_factor``, ``whist_factor``, ``consolation_factor`` multiply the
      contract's value in the gora entries of a played contract (the declarer's
      failure, a failed misère, a whister's shortfall), in the whists for tricks
      (half-whist included) and in the consolation.  Leningrad doubles all three.
    Whist
      ``whist_on_success`` / ``whist_on_failure``: how one whister and one
      passer share (:class:`WhistType`), depending on whether the declarer made.
      ``responsibility``: responsible, semi-responsible, none.
      ``cap_whister_penalty``: with two whisters the penalty is charged to the
      whister below his share but never exceeds the defence's whole shortfall;
      False gives the uncapped per-whister reading (each whister below his share
      pays for all the tricks he is short, still only if the defence as a whole
      fell short).
      ``split_closed``: with two whisters and closed cards the defence's tricks
      are split equally between them (the seed calculator's rule).
      ``consolation_dealer``: in a 4-player game the dealer, who sits out, also
      writes consolation when the declarer fails.
      ``half_whist``: whether half-whist (on six and seven) is allowed at all.
    Play (the engine's parameters; :data:`PLAY_PARAMS`)
      ``raspasy_talon``: how raspasy uses the talon (:class:`RaspasyTalon`).
      ``ten_checked``: a ten is checked: no whisting, both defenders count as
      whisting (without responsibility) and play open.
      ``lone_whist``: a lone whister chooses closed or open, or the mode is
      fixed (:class:`LoneWhist`).
      ``stalingrad``: a six of spades is whisted by both defenders, closed,
      without whisting.
    Raspasy
      ``raspasy_mode`` gora or whists; ``raspasy_price`` the first price p;
      ``raspasy_progression`` and ``raspasy_cap`` how p grows over consecutive
      raspasy; ``raspasy_amnesty`` whether the fewest tricks are subtracted
      (the player with the fewest writes nothing); ``raspasy_zero_bonus``
      whether a player with no tricks writes p into pulya;
      ``raspasy_whists_per_trick`` whists per trick (times p) in whists mode;
      ``raspasy_exit`` the minimum bid level of the deal after the first,
      second, … consecutive raspasy (the last entry repeats): ``(6,)`` means no
      threshold, ``(7,)`` "exit with a seven", ``(6, 7, 7)`` the 6-7-7 rule.
    Settlement
      ``w_pulya`` (w_P) and ``w_gora`` (w_G): whists per point.
    """

    name: str = "custom"
    w_pulya: Fraction = Fraction(10)
    w_gora: Fraction = Fraction(10)
    gora_factor: int = 1
    whist_factor: int = 1
    consolation_factor: int = 1
    whist_on_success: WhistType = WhistType.GREEDY
    whist_on_failure: WhistType = WhistType.GREEDY
    responsibility: Responsibility = Responsibility.RESPONSIBLE
    cap_whister_penalty: bool = True
    split_closed: bool = False
    consolation_dealer: bool = True
    half_whist: bool = True
    raspasy_mode: RaspasyMode = RaspasyMode.GORA
    raspasy_price: Fraction = Fraction(1)
    raspasy_progression: Progression = Progression.ARITHMETIC
    raspasy_cap: Fraction | None = None
    raspasy_amnesty: bool = True
    raspasy_zero_bonus: bool = True
    raspasy_whists_per_trick: Fraction = Fraction(5)
    raspasy_exit: tuple[int, ...] = (6,)
    raspasy_talon: RaspasyTalon = RaspasyTalon.FIRST_HAND
    ten_checked: bool = True
    lone_whist: LoneWhist = LoneWhist.CHOICE
    stalingrad: bool = False

    def __post_init__(self) -> None:
        """Check every field, one kind of rule at a time; a bad value is one refusal naming the field."""
        if not isinstance(self.name, str):
            raise _refuse("name", self.name, f"{shown(self.name)} is not a name")
        self._check_amounts()
        self._check_enums()
        self._check_flags()
        self._check_exit()

    def _check_amounts(self) -> None:
        for name in AMOUNTS:
            value = getattr(self, name)
            if value is not None or name != "raspasy_cap":  # no cap is the one amount that may be None
                object.__setattr__(self, name, _amount(name, value))
        for name in ("gora_factor", "whist_factor", "consolation_factor"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < MAX_MAGNITUDE:
                raise _refuse(name, value, f"{shown(value)} is not a non-negative int below 10**15")

    def _check_enums(self) -> None:
        set_ = object.__setattr__
        enums: dict[str, type[enum.Enum]] = {
            "whist_on_success": WhistType,
            "whist_on_failure": WhistType,
            "responsibility": Responsibility,
            "raspasy_mode": RaspasyMode,
            "raspasy_progression": Progression,
            "raspasy_talon": RaspasyTalon,
            "lone_whist": LoneWhist,
        }
        for name, kind in enums.items():
            value = getattr(self, name)
            if not isinstance(value, kind):
                try:
                    set_(self, name, kind(value))
                except (ValueError, TypeError):  # TypeError: an unhashable value such as a list
                    allowed = ", ".join(str(m.value) for m in kind)
                    raise _refuse(name, value, f"{shown(value)} is not one of {allowed}") from None

    def _check_flags(self) -> None:
        for name in ("cap_whister_penalty", "split_closed", "consolation_dealer", "half_whist",
                     "raspasy_amnesty", "raspasy_zero_bonus", "ten_checked", "stalingrad"):
            value = getattr(self, name)
            if not isinstance(value, bool):
                raise _refuse(name, value, f"{shown(value)} is not a bool (true or false)")

    def _check_exit(self) -> None:
        """A level 6-10 or a non-empty sequence of them (not 7.0, not true, not a string)."""
        exit_ = self.raspasy_exit
        if isinstance(exit_, int) and not isinstance(exit_, bool):
            exit_ = (exit_,)
        if not isinstance(exit_, (tuple, list)) or not exit_ or len(exit_) > 100 or any(
            isinstance(x, bool) or not isinstance(x, int) or x not in (6, 7, 8, 9, 10) for x in exit_
        ):
            raise _refuse("raspasy_exit", self.raspasy_exit,
                          f"{shown(self.raspasy_exit)} must be a level 6-10 or a list of them")
        object.__setattr__(self, "raspasy_exit", tuple(exit_))

    def replace(self, **changes: Any) -> Convention:
        """A copy with some fields changed (``dataclasses.replace``)."""
        return dataclasses.replace(self, **changes)

    @property
    def play_params(self) -> dict[str, str | bool]:
        """The five play parameters by name, as JSON values (enums by their value): what a deal's view and
        record show of the convention.

        >>> SOCHI.play_params
        {'raspasy_talon': 'first_hand', 'ten_checked': True, 'lone_whist': 'choice', 'stalingrad': False,
         'half_whist': True}
        """
        out: dict[str, str | bool] = {}
        for name in PLAY_PARAMS:
            value = getattr(self, name)
            out[name] = value.value if isinstance(value, enum.Enum) else value
        return out

    def raspasy_price_at(self, n: int) -> Fraction:
        """Price of a trick on the n-th consecutive raspasy (n ≥ 1)."""
        if n < 1:
            raise PreferansError("bad_streak", f"raspasy streak: {n} must be at least 1", value=n)
        if self.raspasy_progression is Progression.NONE:
            price = self.raspasy_price
        elif self.raspasy_progression is Progression.ARITHMETIC:
            price = self.raspasy_price * n
        else:
            price = self.raspasy_price * 2 ** (n - 1)
        if self.raspasy_cap is not None:
            price = min(price, self.raspasy_cap)
        return price

    def exit_level_after(self, streak: int) -> int:
        """Minimum game level for the deal after ``streak`` consecutive raspasy
        (6 when the previous deal was a game)."""
        if streak <= 0:
            return 6
        return self.raspasy_exit[min(streak, len(self.raspasy_exit)) - 1]


SOCHI = Convention(name="sochi")
"""Sochi as the Preferans Code writes it: w_P = w_G = 10, greedy whist,
responsible whist, consolation for the dealer too, raspasy in gora with
amnesty and the zero-trick bonus, price 1-2-3.  Play: raspasy led from the talon by first hand, the ten checked,
the lone whister's choice of open or closed, no Stalingrad."""

LENINGRAD = Convention(
    name="leningrad",
    w_pulya=Fraction(20),
    gora_factor=2,
    whist_factor=2,
    consolation_factor=2,
    whist_on_failure=WhistType.GENTLEMAN,
    responsibility=Responsibility.SEMI,
)
"""Leningrad: a pulya point is 20 whists; gora, whists and consolation doubled;
semi-responsible whist; gentleman whist when the declarer fails."""

ROSTOV = Convention(
    name="rostov",
    whist_on_success=WhistType.GENTLEMAN,
    whist_on_failure=WhistType.GENTLEMAN,
    responsibility=Responsibility.SEMI,
    raspasy_mode=RaspasyMode.WHISTS,
    raspasy_amnesty=False,
    raspasy_talon=RaspasyTalon.NONE,
)
"""Rostov: semi-responsible, gentleman whist; raspasy in whists (the player
with the fewest tricks writes 5 whists per trick taken by each other).  Raspasy
are played without the talon."""

PRESETS: dict[str, Convention] = {"sochi": SOCHI, "leningrad": LENINGRAD, "rostov": ROSTOV}


def checked_convention(value: object) -> Convention:
    """``value`` if it is a :class:`Convention`, else ``bad_convention`` (the sheet and settle check it here)."""
    if not isinstance(value, Convention):
        raise PreferansError("bad_convention", f"convention: {shown(value)} is not a Convention",
                             field="convention", value=value)
    return value


def convention_named(name: str) -> Convention:
    """A preset by name (case-insensitive)."""
    try:
        return PRESETS[name.strip().lower()]
    except (KeyError, AttributeError):
        raise PreferansError(
            "unknown_convention",
            f"convention: {shown(name)} is not one of {', '.join(PRESETS)}",
            field="convention", value=name,
        ) from None
