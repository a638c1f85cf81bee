"""What the table keeps sealed while a deal is played: the seed (it deals every hidden card) and the record.

While a durak deal or a hokm match runs, the page gets the seed's commitment
(`commitment`: the SHA-256 of the seed's text, in hex) and nothing that
determines a hidden card; the seed, the terminal command and the record
(download or save) come once it is over, and the player can then check the
seed against the commitment. A record asked for earlier is a `NotOver`
refusal (``not_over``, a 409 at the web table).
"""
from __future__ import annotations

import hashlib

from kozyr.errors import KozyrError

__all__ = ["NotOver", "commitment"]


class NotOver(KozyrError):
    """The record (or the seed) of a deal that is still being played: it would show every hidden card."""


def commitment(seed: str) -> str:
    """The SHA-256 of a seed's text (UTF-8), in hex: what the page shows of the seed while its deal is played.

    >>> commitment("abc")[:16]
    'ba7816bf8f01cfea'
    """
    return hashlib.sha256(seed.encode("utf-8")).hexdigest()
