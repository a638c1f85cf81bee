"""The two sides of a ladder: what each may be and how it draws its words.

A side is a rung int (1..4), a `Bot` (or a `Rung4Bot`), a `NativeBot`, or any Python
callable `view -> Move`.
`resolve` turns one into a `Side`, the plain description both the C loop
(`_loop.pyx`) and the Python path (`slow.py`) read, so the two agree on
settings (`Params`) and words by construction.

Words: a rung int draws per-deal bot seeds from the ladder (see
`kozyr.durak.seeds`: "deal" words); a `Bot` keeps its own seed, SHA-256 words
("sha") or the fast mix ("fast"), in every deal.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from kozyr.durak.bot4 import Rung4Bot
from kozyr.durak.bots import Bot, check_rung
from kozyr.durak.params import PARAM_NAMES, Params
from kozyr.durak.rung4 import BUDGET, ENDGAME, PLAYOUT, K
from kozyr.durak.seeds import fast_key, seed_text
from kozyr.errors import KozyrError, shown

__all__ = ["Side", "NativeBot", "resolve", "describe", "PARAMS"]

PARAMS = PARAM_NAMES


@dataclass(frozen=True)
class Side:
    """One side, resolved: its kind, rung and settings, and where its words come from."""

    kind: str                      # "rung", "bot", "callable" or "native"
    rung: int = 0                  # 1..3 (0 for a callable, -1 for a native bot)
    params: Params = Params()
    words: str = "deal"            # "deal" (per-deal bot seeds), "sha" or "fast" (a Bot's own seed)
    seed: bytes = b""              # a Bot's seed text
    key: int = 0                   # a fast Bot's 64-bit key
    player: Any = None             # a callable side, or a NativeBot
    source: object = None          # what was resolved (the Bot itself, for the Python path)
    k: int = K                     # rung 4: determinizations per decision
    playout: int = PLAYOUT         # rung 4: the playout rung
    endgame: bool = ENDGAME        # rung 4: the exact endgame solver
    budget: int = BUDGET           # rung 4: the solver's node budget


class NativeBot:
    """A bot written in C or Cython, played inside the ladder's nogil loop.

    `function` is a PyCapsule named "kozyr.durak.bot_fn" holding a C function
    with the signature `int f(const DView *v, unsigned int word, const void *state)
    noexcept nogil` (`kozyr.durak.native.bot_fn`): it gets the full view of the
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


def resolve(side: object, params: object = None) -> Side:
    """A `Side` from a rung int, a Bot, a NativeBot or a callable; `params` (a Params or a mapping)
    apply to a rung int only."""
    settings = Params.of(params)
    if isinstance(side, Side):
        return side
    if isinstance(side, Bot):
        if side.fast:
            return Side("bot", side.rung, side.params, "fast", seed_text(side.seed), fast_key(side.seed), source=side)
        return Side("bot", side.rung, side.params, "sha", seed_text(side.seed), source=side)
    if isinstance(side, Rung4Bot):
        words, key = ("fast", fast_key(side.seed)) if side.fast else ("sha", 0)
        playouts = Params(DEEP_TALON=side.deep_talon, CHEAP_POWER=side.cheap_power)   # its playout rung's
        return Side("bot", 4, playouts, words, seed_text(side.seed), key, source=side, k=side.k,
                    playout=side.playout, endgame=side.endgame, budget=side.budget)
    if isinstance(side, int) and not isinstance(side, bool):
        if side == 4:              # rung 4: its own fields of Params, and the rest reach its playouts
            return Side("rung", 4, settings, k=settings.K, playout=settings.PLAYOUT, endgame=bool(settings.ENDGAME),
                        budget=settings.BUDGET)
        return Side("rung", check_rung(side), settings)
    if isinstance(side, NativeBot):
        if side.fast:
            return Side("native", -1, words="fast", seed=side.seed, key=fast_key(side.seed), player=side)
        return Side("native", -1, words="sha", seed=side.seed, player=side)
    if callable(side):
        return Side("callable", player=side)
    raise KozyrError("bad_side", f"{shown(side)} is not a rung (1, 2, 3, 4), a Bot or a callable", value=side)


def describe(side: object) -> str:
    """A short name for a side: `rung 3`, the Bot's repr, or the callable's name."""
    if isinstance(side, int) and not isinstance(side, bool):
        return f"rung {side}"
    if isinstance(side, Side):
        if side.kind == "rung":
            changed = side.params.for_rung(side.rung)
            return f"rung {side.rung}" + (f" {side.params!r}" if changed else "")
        return describe(side.source if side.kind == "bot" else side.player)
    if isinstance(side, (Bot, NativeBot, Rung4Bot)):
        return repr(side)
    return str(getattr(side, "__name__", None) or shown(side))
