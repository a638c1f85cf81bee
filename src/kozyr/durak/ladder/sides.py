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

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from kozyr.durak.bots import Bot, check_param, check_rung
from kozyr.durak.rungs import CHEAP_POWER, DEEP_TALON
from kozyr.durak.seeds import fast_key, seed_text
from kozyr.errors import KozyrError, shown

__all__ = ["Side", "NativeBot", "resolve", "describe", "params_of", "PARAMS"]

PARAMS = ("DEEP_TALON", "CHEAP_POWER")


@dataclass(frozen=True)
class Side:
    """One side, resolved: its kind, rung and thresholds, and where its words come from."""

    kind: str                      # "rung", "bot", "callable" or "native"
    rung: int = 0                  # 1..3 (0 for a callable, -1 for a native bot)
    deep_talon: int = DEEP_TALON
    cheap_power: int = CHEAP_POWER
    words: str = "deal"            # "deal" (per-deal bot seeds), "sha" or "fast" (a Bot's own seed)
    seed: bytes = b""              # a Bot's seed text
    key: int = 0                   # a fast Bot's 64-bit key
    player: Any = None             # a callable side, or a NativeBot


class NativeBot:
    """A bot written in C or Cython, played inside the ladder's nogil loop.

    `function` is a PyCapsule named "kozyr.durak.bot_fn" holding a C function
    with the signature `int f(const DView *v, unsigned int word, const void *state)
    noexcept nogil` (`kozyr.durak._view.bot_fn`): it gets the full view of the
    seat on turn and a 32-bit random word, and answers a move code from
    `v.legal`. `state` is an optional capsule named "kozyr.durak.bot_state"
    with the bot's read-only data (for example its parameters). `seed` gives
    its words, SHA-256 (default) or `fast`, as a `Bot`'s. The ladder checks the
    capsules when it starts and every answer against the legal list. See
    examples/native_bot for a whole bot.
    """

    def __init__(self, function: Any, state: Any = None, *, seed: Any = "native", fast: bool = False,
                 name: str = "native bot") -> None:
        self.function, self.state, self.name = function, state, name
        self.seed, self.fast = seed_text(seed), bool(fast)

    def __repr__(self) -> str:
        return f"NativeBot({self.name!r})"


def params_of(params: Mapping[str, int] | None) -> tuple[int, int]:
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


def resolve(side: object, params: Mapping[str, int] | None = None) -> Side:
    """A `Side` from a rung int, a Bot or a callable; `params` apply to a rung int only."""
    if isinstance(side, Bot):
        if side.fast:
            return Side("bot", side.rung, side.deep_talon, side.cheap_power, "fast", seed_text(side.seed),
                        fast_key(side.seed))
        return Side("bot", side.rung, side.deep_talon, side.cheap_power, "sha", seed_text(side.seed))
    if isinstance(side, int) and not isinstance(side, bool):
        deep, cheap = params_of(params)
        return Side("rung", check_rung(side), deep, cheap)
    if isinstance(side, NativeBot):
        if side.fast:
            return Side("native", -1, words="fast", seed=side.seed, key=fast_key(side.seed), player=side)
        return Side("native", -1, words="sha", seed=side.seed, player=side)
    if callable(side):
        return Side("callable", player=side)
    raise KozyrError("bad_side", f"{shown(side)} is not a rung (1, 2, 3), a Bot or a callable", value=side)


def describe(side: object) -> str:
    """A short name for a side: `rung 3`, the Bot's repr, or the callable's name."""
    if isinstance(side, int) and not isinstance(side, bool):
        return f"rung {side}"
    if isinstance(side, (Bot, NativeBot)):
        return repr(side)
    return str(getattr(side, "__name__", None) or shown(side))
