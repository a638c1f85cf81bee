"""The one refusal type of the preferans package.

Every refusal is a :class:`PreferansError`, a :class:`ValueError`, so callers
that only care about "bad input" can catch ``ValueError``; callers that want to
react to a particular rule read ``.code``.  The message names the offending
field and value, because a scorer keeping a sheet at the table needs to know
which number he mistyped, not just that something is wrong.
"""

from __future__ import annotations

__all__ = ["PreferansError"]


class PreferansError(ValueError):
    """A refused input.  ``code`` is a short stable identifier, ``message`` says
    which field held which bad value.  The object refused is left unchanged."""

    code: str
    message: str

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    def __repr__(self) -> str:
        return f"PreferansError({self.code!r}, {self.message!r})"
