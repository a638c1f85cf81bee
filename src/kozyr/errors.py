"""The one root of every refusal kozyr raises: `KozyrError`.

Every game refuses bad input the same way: a `KozyrError` (a `ValueError`, so
code that already catches bad values keeps working) with a short stable
`.code` that a program branches on, a message that names the offending input
for a person, and the offending input itself in structured fields, so that no
caller ever has to parse a message. A refused operation changes nothing.

The games' own errors (`kozyr.durak.IllegalMove`, `kozyr.hokm.HokmError`,
`kozyr.preferans.PreferansError`) derive from it; the command line catches
this one class and prints its message as one line.
"""
from __future__ import annotations

import math
import numbers
import operator
from typing import Any

__all__ = ["KozyrError", "SettingsError", "shown", "whole", "real"]

SHOWN_MAX = 60


def shown(value: Any, limit: int = SHOWN_MAX) -> str:
    """`repr(value)` cut to `limit` characters, so that a 5,000-digit input makes a short message.

    >>> shown("x" * 100, 12)
    "'xxxxxxx...(102 chars)"
    """
    if isinstance(value, int) and value.bit_length() > 3 * limit:  # a big int: its repr may be refused or huge
        digits = int(value.bit_length() * 0.30103) + 1
        return f"<{type(value).__name__} of about {digits:,} digits>"
    try:
        text = repr(value)
    except Exception:  # a value whose repr raises must not turn a refusal into a crash
        text = f"<{type(value).__name__} object>"
    if len(text) <= limit:
        return text
    return f"{text[:limit - 4]}...({len(text)} chars)"


def _code(name: str) -> str:
    """The code of a range check on `name`: `bad_<name>` in lower case (`K` is `bad_k`)."""
    return "bad_" + name.lower()


def _why(n: float | int, low: float | int | None, high: float | int | None, text: str) -> str:
    if high is None:
        return f"{text} is below {low:,}"
    if low is None:
        return f"{text} is above {high:,}"
    return f"{text} is outside {low:,}..{high:,}"


def whole(name: str, value: object, low: int | None = None, high: int | None = None) -> int:
    """`value` as an int in low..high (None: no bound on that side), or a `KozyrError` coded
    `bad_<name>` (in lower case) naming it, with the fields `field` (name) and `value`. Any
    integer type is taken (`operator.index`: numpy ints too); a bool, a float, text, or an
    object whose `__index__` raises is not a whole number. This is the one range check of
    whole numbers at every door of kozyr; `real` is its twin for real numbers.

    >>> whole("deals", 10, 1)
    10
    >>> whole("batch", 0, 1)
    Traceback (most recent call last):
    ...
    kozyr.errors.KozyrError: batch=0 is below 1
    """
    try:
        if isinstance(value, bool):
            raise TypeError
        n = operator.index(value)  # type: ignore[arg-type]
    except Exception:  # not an integer, or an __index__ that raises: a refusal, never a crash
        raise KozyrError(_code(name), f"{name}={shown(value)} is not a whole number",
                         field=name, value=value) from None
    if (low is not None and n < low) or (high is not None and n > high):
        raise KozyrError(_code(name), _why(n, low, high, f"{name}={shown(n)}" if abs(n) >= 10**18 else f"{name}={n:,}"),
                         field=name, value=value)
    return n


def real(name: str, value: object, low: float | None = None, high: float | None = None) -> float:
    """`value` as a finite float in low..high (None: no bound on that side), or a `KozyrError`
    coded `bad_<name>` (in lower case) naming it: the twin of `whole` for real numbers. Any
    real number type is taken (int, float, numpy numbers); a bool, text, a complex number, NaN,
    an infinity or an int too large for a float is not a finite number.

    >>> real("elo0", -1e3)
    -1000.0
    >>> real("c", float("inf"))
    Traceback (most recent call last):
    ...
    kozyr.errors.KozyrError: c=inf is not a finite number
    """
    number = math.nan
    if isinstance(value, numbers.Real) and not isinstance(value, bool):
        try:
            number = float(value)
        except (OverflowError, ValueError, TypeError):   # a 5,000-digit int, or a float() that raises
            pass
    if not math.isfinite(number):
        raise KozyrError(_code(name), f"{name}={shown(value)} is not a finite number", field=name, value=value)
    if (low is not None and number < low) or (high is not None and number > high):
        raise KozyrError(_code(name), _why(number, low, high, f"{name}={number:g}"), field=name, value=value)
    return number


class KozyrError(ValueError):
    """A refusal: `.code` says what kind, the message which input; nothing was changed.

    Extra keyword arguments are kept as attributes (and in `.fields`), for
    example the offending `value`, the `field` or `move` it came from.

    >>> e = KozyrError("bad_deals", "deals -1 is below 0", field="deals", value=-1)
    >>> e.code, e.field, e.value, str(e)
    ('bad_deals', 'deals', -1, 'deals -1 is below 0')
    """

    code: str
    detail: str

    def __init__(self, code: str, message: str, **fields: Any) -> None:
        # a message made from another refusal's str() (which may start with its code) says the code once:
        # the code is in .code, and the doors that show both (the shell, the web table) add it themselves
        prefix = f"{code}: "
        while isinstance(message, str) and message.startswith(prefix):
            message = message[len(prefix):]
        super().__init__(message)
        self.code = code
        self.detail = message
        self.fields = fields
        for name, value in fields.items():
            setattr(self, name, value)

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (type(self), self.code, self.detail, self.fields))

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.code!r}, {self.detail!r})"


def _rebuild(cls: type[KozyrError], code: str, detail: str, fields: dict[str, Any]) -> KozyrError:
    """Unpickle a KozyrError (or subclass) without calling a subclass's own __init__."""
    err: KozyrError = KozyrError.__new__(cls)
    KozyrError.__init__(err, code, detail, **fields)
    return err


class SettingsError(KozyrError):
    """A refused setting: a table's options (`kozyr.durak.Rules`) or another configuration value, as opposed to
    a refused move. Its `.code` is the setting's (``bad_options``, ``bad_seats``, ...); durak's `Rules`
    raises it as a `kozyr.durak.IllegalMove` too, so code that caught those refusals as one still does."""
