"""The two sides of a ladder: what each may be and how it draws its words.

A side is a rung int (1..3), a `Bot`, or any Python callable `view -> Move`.
`resolve` turns one into a `Side`, the plain description both the C loop
(`_loop.pyx`) and the Python path (`slow.py`) read, so the two agree on
thresholds and words by construction.

Words: a rung int draws per-deal bot seeds from the ladder (see
`kozyr.durak.seeds`: "deal" words); a `Bot` keeps its own seed, SHA-256 words
("sha") or the fast mix ("fast"), in every deal.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Mapping, Optional

from kozyr.durak.bot4 import Rung4Bot
from kozyr.durak.bots import Bot, check_param, check_rung
from kozyr.durak.rung4 import BUDGET, ENDGAME, K, PLAYOUT
from kozyr.durak.rungs import CHEAP_POWER, DEEP_TALON
from kozyr.durak.seeds import fast_key, seed_text
from kozyr.errors import KozyrError, shown

__all__ = ["Side", "resolve", "describe", "params_of", "PARAMS"]

PARAMS = ("DEEP_TALON", "CHEAP_POWER")


@dataclass(frozen=True)
class Side:
    """One side, resolved: its kind, rung and thresholds, and where its words come from."""

    kind: str                      # "rung", "bot" or "callable"
    rung: int = 0                  # 1..3 (0 for a callable)
    deep_talon: int = DEEP_TALON
    cheap_power: int = CHEAP_POWER
    words: str = "deal"            # "deal" (per-deal bot seeds), "sha" or "fast" (a Bot's own seed)
    seed: bytes = b""              # a Bot's seed text
    key: int = 0                   # a fast Bot's 64-bit key
    player: Optional[Callable[[Any], Any]] = None   # a callable side
    k: int = K                     # rung 4: determinizations per decision
    playout: int = PLAYOUT         # rung 4: the playout rung
    endgame: bool = ENDGAME        # rung 4: the exact endgame solver
    budget: int = BUDGET           # rung 4: the solver's node budget


def params_of(params: Optional[Mapping[str, int]]) -> tuple[int, int]:
    """(deep_talon, cheap_power) for rung-int sides from None or a mapping of PARAMS names (any case)."""
    deep, cheap = DEEP_TALON, CHEAP_POWER
    if params is None:
        return deep, cheap
    try:
        items = list(params.items())
    except AttributeError:
        raise KozyrError("bad_param", f"params {shown(params)} is not a mapping of {', '.join(PARAMS)}",
                         value=params) from None
    for name, value in items:
        key = str(name).upper()
        if key not in PARAMS:
            raise KozyrError("bad_param", f"unknown parameter {shown(name)}: expected {' or '.join(PARAMS)}",
                             field=name, value=value)
        check_param(key, value)
        if key == "DEEP_TALON":
            deep = value
        else:
            cheap = value
    return deep, cheap


def resolve(side: object, params: Optional[Mapping[str, int]] = None) -> Side:
    """A `Side` from a rung int, a Bot or a callable; `params` apply to a rung int only."""
    if isinstance(side, Bot):
        if side.fast:
            return Side("bot", side.rung, side.deep_talon, side.cheap_power, "fast", seed_text(side.seed),
                        fast_key(side.seed))
        return Side("bot", side.rung, side.deep_talon, side.cheap_power, "sha", seed_text(side.seed))
    if isinstance(side, Rung4Bot):
        words, key = ("fast", fast_key(side.seed)) if side.fast else ("sha", 0)
        return Side("bot", 4, side.deep_talon, side.cheap_power, words, seed_text(side.seed), key, k=side.k,
                    playout=side.playout, endgame=side.endgame, budget=side.budget)
    if isinstance(side, int) and not isinstance(side, bool):
        deep, cheap = params_of(params)
        if side == 4:              # rung 4 with its default settings (the thresholds for its playouts)
            return Side("rung", 4, deep, cheap)
        return Side("rung", check_rung(side), deep, cheap)
    if callable(side):
        return Side("callable", player=side)
    raise KozyrError("bad_side", f"{shown(side)} is not a rung (1, 2, 3, 4), a Bot or a callable", value=side)


def describe(side: object) -> str:
    """A short name for a side: `rung 3`, the Bot's repr, or the callable's name."""
    if isinstance(side, int) and not isinstance(side, bool):
        return f"rung {side}"
    if isinstance(side, (Bot, Rung4Bot)):
        return repr(side)
    return str(getattr(side, "__name__", None) or shown(side))
