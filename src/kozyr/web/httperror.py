"""The web's one refusal type below the handlers: an HTTP status, a code and one line.

Its own module so that the pages the app routes to (the runs page, :mod:`kozyr.web.runs`) can refuse a
request without importing the app that imports them.
"""
from __future__ import annotations

from typing import Any

__all__ = ["HttpError"]


class HttpError(Exception):
    """A request refused before (or instead of) any game work: a status, a code and one line."""

    def __init__(self, code: str, status: int, message: str, state: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.status, self.code, self.message, self.state = status, code, message, state
