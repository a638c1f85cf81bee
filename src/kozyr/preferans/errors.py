"""The one refusal type of the preferans package.

Every refusal is a :class:`PreferansError`, a :class:`kozyr.errors.KozyrError`
(and so a :class:`ValueError`): callers that only care about "bad input" catch
``ValueError`` or ``KozyrError``; callers that want to react to a particular
rule read ``.code``, and the offending input is in structured fields
(``.field``, ``.value``, ...) rather than only in the text.  The message names
the offending field and value, because a scorer keeping a sheet at the table
needs to know which number he mistyped, not just that something is wrong.
"""

from __future__ import annotations

from typing import Any

from kozyr.errors import KozyrError

__all__ = ["PreferansError"]


class PreferansError(KozyrError):
    """A refused input.  ``code`` is a short stable identifier, ``message`` says
    which field held which bad value.  The object refused is left unchanged.

    ``field`` and ``value`` name the offending input where there is one (else None).
    ``reason`` is the message without the place it happened at; :meth:`at`
    gives the same refusal placed (``deal 4: ...``), so that a caller that
    knows the place better (a file's ``deal 4``, counted from 1, rather than the sheet's
    ``deal 3``) re-places it without reading the text.

    >>> e = PreferansError("negative", "tricks['B']: -2 is negative", field="tricks", value=-2)
    >>> e.code, e.field, e.value, e.message
    ('negative', 'tricks', -2, "tricks['B']: -2 is negative")
    >>> e.at("deal 4").message, e.at("deal 4").at("deals[4]").message
    ("deal 4: tricks['B']: -2 is negative", "deals[4]: tricks['B']: -2 is negative")
    """

    reason: str
    place: str | None
    field: str | None
    value: Any

    def __init__(self, code: str, message: str, **fields: Any) -> None:
        fields.setdefault("reason", message)
        fields.setdefault("place", None)
        fields.setdefault("field", None)
        fields.setdefault("value", None)
        super().__init__(code, message, **fields)

    @property
    def message(self) -> str:
        """The whole message (the same as ``str(error)`` and ``.detail``)."""
        return self.detail

    def at(self, place: str) -> PreferansError:
        """The same refusal, its message prefixed by ``place`` (replacing any earlier place)."""
        fields = dict(self.fields)
        fields["place"] = place
        return type(self)(self.code, f"{place}: {self.reason}", **fields)

    def __repr__(self) -> str:
        return f"PreferansError({self.code!r}, {self.message!r})"
