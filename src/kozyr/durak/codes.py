"""The durak enumerations and the refusal: move kinds, phases, bout endings, refusal codes.

This file is the single source of these lists. The C engine numbers them the
same way (MV_*, PH_*, HOW_*, R_* in the .pxd files); `tests/durak/test_codes.py`
checks the compiled values against these tuples, so the two sides cannot
drift apart.
"""
from __future__ import annotations

from typing import Any

from kozyr.errors import KozyrError

__all__ = ["KINDS", "CARD_KINDS", "PHASES", "CODES", "VARIANT_CODES", "BOUT_ENDINGS", "OUTCOMES", "IllegalMove"]

# Move kinds in code order: the int code of a move is KIND_INDEX << 6 | card. The first six are
# the two-seat game's; `transfer` and `show` exist in perevodnoy only (kozyr.durak.rules.Rules).
KINDS = ("attack", "beat", "take", "done", "swap", "resign", "transfer", "show")
CARD_KINDS = frozenset({"attack", "beat", "transfer", "show"})
PHASES = ("attack", "defend", "pile_on", "over")

# The reference's 14 refusal codes, then the variants' six; the C engine returns 1 + the index here.
CODES = (
    "no_seed", "bad_deal", "bad_seats", "game_over", "not_your_turn",
    "wrong_phase", "not_legal", "card_not_held", "beats_nothing",
    "rank_not_in_bout", "bout_full", "must_attack", "not_the_six", "talon_shut",
    # the variants (2 to 6 seats, perevodnoy): an option refused, a move by a seat that is out, a
    # transfer or show once an attack card is answered, a target that cannot take the table, a show
    # of a non-trump, a show of a card already shown in this bout
    "bad_options", "seat_out", "transfer_closed", "target_short", "not_a_trump", "already_shown",
)
# The codes only a variant table can give (the two-seat game never refuses with these).
VARIANT_CODES = CODES[14:]

# How a bout can close; "taken" is the automatic close of a taken bout, a
# `done` in pile_on closes it with how="done" and taken=True.
BOUT_ENDINGS = ("done", "taken", "exhausted", "spent", "capped")

# How a deal ends (the C engine's OUT_* are 1 + the index; 0 while it runs).
OUTCOMES = ("fool", "draw", "resign")


class IllegalMove(KozyrError):
    """A refused move, deal or replay; `.code` is one of CODES. Nothing changed.

    `str(e)` is `"<code>: <detail>"`; `.detail` is the message alone, and the
    structured fields say what was refused (for example `seat`, `move`, `ply`,
    and `index` for the move of a replay).
    """

    def __init__(self, code: str, message: str, **fields: Any) -> None:
        if code not in CODES:
            raise KozyrError("unknown_code", f"unknown refusal code {code!r}", value=code)
        super().__init__(code, message, **fields)
        self.args = (f"{code}: {message}",)

    def __str__(self) -> str:
        return f"{self.code}: {self.detail}"
