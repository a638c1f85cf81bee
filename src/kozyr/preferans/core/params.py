"""The play parameters of a Convention as the C core's ints (core/state.pxd's PParams)."""

from __future__ import annotations

from kozyr.preferans.convention import SOCHI, Convention
from kozyr.preferans.errors import PreferansError

__all__ = ["params_of", "RASPASY_TALON", "LONE_WHIST"]

RASPASY_TALON = ("first_hand", "winner", "none")
LONE_WHIST = ("choice", "open", "closed")


def params_of(convention: Convention | None) -> tuple[int, int, int, int, int]:
    """(raspasy_talon, ten_checked, lone_whist, stalingrad, half_whist) as the core's ints; None is Sochi.
    A Convention checked its fields when it was built; anything else is bad_convention."""
    if convention is None:
        convention = SOCHI
    if not isinstance(convention, Convention):
        raise PreferansError("bad_convention", f"convention: {type(convention).__name__} is not a Convention",
                             field="convention")
    p = convention.play_params
    return (RASPASY_TALON.index(str(p["raspasy_talon"])), int(bool(p["ten_checked"])),
            LONE_WHIST.index(str(p["lone_whist"])), int(bool(p["stalingrad"])), int(bool(p["half_whist"])))
