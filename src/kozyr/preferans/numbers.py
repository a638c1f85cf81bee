"""Numbers as a scorer writes them: read with bounds, shown as written.

Sheet amounts, the target, the convention's weights and prices and the
display unit are exact :class:`~fractions.Fraction` values.  They arrive from
files and the command line as whole numbers, decimals (``2.5``), fractions
(``'1/3'``) or scientific notation (``'1e3'``), and :class:`Fraction` would
happily build ``Fraction('1e100000000')``, a hundred-million-digit number that
takes forever to make and to print.  So a number is read under explicit
bounds, each a refusal with code ``bad_number``:

- at most :data:`MAX_DIGITS` (30) digits in the text and an exponent of at
  most 30 either way, checked on the text before anything is computed;
- a magnitude below :data:`MAX_MAGNITUDE` (10**15) and a denominator below it
  too: far beyond any real sheet, small enough that sums of thousands of
  deals stay quick.

Messages show a number as a person writes it: ``-10``, ``2.5``, ``1/3``,
never ``Fraction(-10, 1)``.
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any

from kozyr.errors import shown
from kozyr.preferans.errors import PreferansError

__all__ = ["MAX_DIGITS", "MAX_MAGNITUDE", "MAX_EXPONENT", "exact", "parse_number", "show", "written"]

MAX_DIGITS = 30
MAX_EXPONENT = 30
MAX_MAGNITUDE = 10**15

_DECIMAL = re.compile(r"[+-]?(?P<int>[0-9]*)(?:\.(?P<frac>[0-9]*))?(?:[eE](?P<exp>[+-]?[0-9]+))?")
_RATIO = re.compile(r"[+-]?(?P<num>[0-9]+)/(?P<den>[0-9]+)")


def show(value: Any) -> str:
    """A number as a person writes it; anything else as a short repr.

    >>> show(Fraction(-10)), show(Fraction(5, 2)), show(Fraction(1, 3)), show(7), show("x")
    ('-10', '2.5', '1/3', '7', "'x'")
    """
    if isinstance(value, bool) or not isinstance(value, (int, Fraction)):
        return shown(value)
    x = Fraction(value)
    if max(x.numerator.bit_length(), x.denominator.bit_length()) > 200:  # 60+ digits: say how many
        size = max(abs(x.numerator), x.denominator)
        # str() of an int over 4,300 digits raises; the bit length gives the count within one
        digits = len(str(size)) if size.bit_length() < 10_000 else f"about {int(size.bit_length() * 0.30103)}"
        return f"{'-' if x < 0 else ''}<a number of {digits} digits>"
    if x.denominator == 1:
        return str(x.numerator)
    den = x.denominator
    twos = fives = 0
    while den % 2 == 0:
        den //= 2
        twos += 1
    while den % 5 == 0:
        den //= 5
        fives += 1
    if den != 1:
        return f"{x.numerator}/{x.denominator}"
    places = max(twos, fives)
    scaled = abs(x.numerator) * 10**places // x.denominator
    sign = "-" if x < 0 else ""
    whole, part = divmod(scaled, 10**places)
    return f"{sign}{whole}.{part:0{places}d}"


def exact(x: Fraction) -> str:
    """An exact number as a sheet's table and a settlement's repr show it: ``7`` or ``-16/3``, never a
    decimal (a column of thirds and halves reads alike; :func:`show` is for messages).

    >>> exact(Fraction(7)), exact(Fraction(-16, 3)), exact(Fraction(5, 2))
    ('7', '-16/3', '5/2')
    """
    return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"


def _refuse(field: str, value: Any, why: str, code: str = "bad_number") -> PreferansError:
    """A refusal of one number; ``why`` (the message without the field) is kept as a field too."""
    what = f"{written(value)} {why}"
    return PreferansError(code, f"{field}: {what}", field=field, value=value, why=what)


def written(value: Any) -> str:
    """A number-shaped text as written (``1e100000000``), anything else quoted or shortened."""
    if isinstance(value, str):
        text = value.strip()
        shaped = _RATIO.fullmatch(text) or _DECIMAL.fullmatch(text)
        return text if shaped and 0 < len(text) <= 40 else shown(value)
    return show(value)


def _from_text(field: str, value: str) -> Fraction:
    text = value.strip()
    ratio = _RATIO.fullmatch(text)
    if ratio:
        if len(ratio["num"]) + len(ratio["den"]) > MAX_DIGITS:
            raise _refuse(field, value, f"has more than {MAX_DIGITS} digits")
        if int(ratio["den"]) == 0:
            raise _refuse(field, value, "divides by zero")
        return Fraction(text)
    dec = _DECIMAL.fullmatch(text)
    if not dec or not (dec["int"] or dec["frac"]):
        raise _refuse(field, value, "is not a number (write e.g. 12, 2.5 or 1/3)")
    if len(dec["int"]) + len(dec["frac"] or "") > MAX_DIGITS:
        raise _refuse(field, value, f"has more than {MAX_DIGITS} digits")
    exp = dec["exp"]
    if exp is not None and (len(exp.lstrip("+-")) > 3 or abs(int(exp)) > MAX_EXPONENT):
        raise _refuse(field, value, f"has an exponent beyond ±{MAX_EXPONENT}")
    return Fraction(text)


def parse_number(field: str, value: Any, *, minimum: str = "zero") -> Fraction:
    """Read a bounded exact number: an int, a :class:`Fraction`, a float with a whole value
    (JSON writes ``2.0``), or the text of one (``'12'``, ``'2.5'``, ``'1/3'``, ``'1e3'``).

    ``minimum`` is ``"zero"`` (refuse negatives: code ``negative``), ``"positive"``
    (refuse zero and negatives: code ``not_positive``) or ``"any"``.

    >>> parse_number("pulya['A']", "2.5"), parse_number("unit", 5, minimum="positive")
    (Fraction(5, 2), Fraction(5, 1))
    >>> parse_number("pulya['A']", "1e100000000")
    Traceback (most recent call last):
    ...
    kozyr.preferans.errors.PreferansError: pulya['A']: 1e100000000 has an exponent beyond ±30
    """
    if isinstance(value, bool):
        raise _refuse(field, value, "is not a number")
    if isinstance(value, (int, Fraction)):
        number = Fraction(value)
    elif isinstance(value, float):
        if not value.is_integer():  # also nan and inf
            raise _refuse(field, value,
                          "is not a whole number; write a fraction or a decimal as text, like '1/3' or '2.5'")
        number = Fraction(int(value))
    elif isinstance(value, str):
        number = _from_text(field, value)
    else:
        raise _refuse(field, value, "is not a whole number or a fraction like '1/2'")
    if abs(number) >= MAX_MAGNITUDE or number.denominator >= MAX_MAGNITUDE:
        raise _refuse(field, value, "is out of range (at most 15 digits before or after the point)")
    if minimum == "zero" and number < 0:
        raise _refuse(field, value, "is negative", "negative")
    if minimum == "positive" and number <= 0:
        raise _refuse(field, value, "must be positive", "not_positive")
    return number
