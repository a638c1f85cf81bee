"""The play parameters of a Convention as the C core's ints (core/state.pxd's PParams)."""

from __future__ import annotations

from typing import Any

__all__ = ["params_of", "RASPASY_TALON", "LONE_WHIST"]

RASPASY_TALON = ("first_hand", "winner", "none")
LONE_WHIST = ("choice", "open", "closed")


def params_of(convention: Any) -> tuple[int, int, int, int, int]:
    """(raspasy_talon, ten_checked, lone_whist, stalingrad, half_whist) as ints; None is Sochi."""
    if convention is None:
        from kozyr.preferans.convention import SOCHI

        convention = SOCHI
    return (
        RASPASY_TALON.index(getattr(convention, "raspasy_talon", "first_hand")),
        int(bool(getattr(convention, "ten_checked", True))),
        LONE_WHIST.index(getattr(convention, "lone_whist", "choice")),
        int(bool(getattr(convention, "stalingrad", False))),
        int(bool(convention.half_whist)),
    )
