"""The sides of a game of durak: what each may be, what it reads, and how it draws its words.

A side is a rung int (1..4), a `Bot`, a `Rung4Bot`, or a user's bot in any of
its three forms (`kozyr.durak.bots.userbots`): a Python callable
`view -> Move`, a `NativeBot`, or a factory with knobs (`make_bot(**knobs)`,
a `BotFactory`, or a `BotSpec` naming one by `module:attr`). This module is
the one resolver every door uses (the ladder, the sequential test, the tuners,
the cluster, the environments, the batched environment, the terminal game and
replay):

- `resolve` turns a side into a `Side`, the plain description both the C loop
  (`_loop.pyx`) and the Python path (`replays.py`) read, so the two agree on
  settings (`Params`) and words by construction; a factory is built here,
  once, and its `Side` keeps the factory (`origin`) so that another process
  builds the same bot from it;
- `check_read` refuses a setting that no playing side reads (rung 3 never
  reads K: a sweep of K against rung 3 would print identical rows that look
  measured), the one rule of which settings each side reads;
- `seat_bot` is the Python bot that plays a side at one seat (a rung int gets
  a Bot, or a Rung4Bot, with the seed the door gives it).

Words: a rung int draws per-deal bot seeds from the ladder (see
`kozyr.durak.seeds`: "deal" words); a `Bot` or a `NativeBot` keeps its own
seed, SHA-256 words ("sha") or the fast mix ("fast"), in every deal.
"""
from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from kozyr.durak._moved import warn_old_name
from kozyr.durak.bots.bot import RUNG_NAMES, Bot, check_rung
from kozyr.durak.bots.bot4 import Rung4Bot
from kozyr.durak.bots.panel import PANEL
from kozyr.durak.bots.panel import spec as panel_spec
from kozyr.durak.bots.userbots import BotFactory, BotSpec, is_factory
from kozyr.durak.params import PARAM_NAMES, PARAM_RUNGS, Params, param_name
from kozyr.durak.seeds import fast_key, fast_word, seed_text, word
from kozyr.errors import KozyrError, shown

__all__ = ["Side", "NativeBot", "resolve", "describe", "PARAMS", "reads", "check_read", "seat_bot", "RUNG_SIDES",
           "user_bot", "NAMES", "OLD_NAMES", "new_name", "check_table"]

PARAMS = PARAM_NAMES
RUNG_SIDES = (1, 2, 3, 4)
# the sides the shell names by a word, as the factories they stand for (resolve takes them as the shell does)
NAMES = {**{name: panel_spec(name) for name in PANEL}, "learned": "kozyr.durak.learn.learned:LearnedBot"}
#: an old name a person may still type -> its name in NAMES now (works, with a DeprecationWarning, until kozyr 0.5)
OLD_NAMES: dict[str, str] = {"tuned": "spsa3"}


def new_name(name: str) -> str:
    """A side's name now for a name a person typed: an old name (`OLD_NAMES`) warns and gives the new one;
    any other name is itself (`resolve` reads names through this; the shell prints a note instead)."""
    new = OLD_NAMES.get(name)
    if new is None:
        return name
    warn_old_name(f"the panel bot {name!r}", repr(new), 4)
    return new


@dataclass(frozen=True)
class Side:
    """One side, resolved: its kind, rung and settings, and where its words come from.

    `params` holds every setting the side plays with (rung 4's K, PLAYOUT,
    ENDGAME and BUDGET among them: their one home)."""

    kind: str                      # "rung", "bot", "callable" or "native"
    rung: int = 0                  # 1..4 (0 for a callable, -1 for a native bot)
    params: Params = Params()
    words: str = "deal"            # "deal" (per-deal bot seeds), "sha" or "fast" (a Bot's own seed)
    seed: bytes = b""              # a Bot's seed text
    key: int = 0                   # a fast Bot's 64-bit key
    player: Any = None             # a callable side, or a NativeBot
    source: object = None          # what was resolved (the Bot itself, for the Python path)
    origin: object = None          # the BotFactory or BotSpec a user's bot was built from (None: none)
    name: str = ""                 # how messages name a user's bot ("" : describe's default)

    @property
    def user(self) -> bool:
        """A user's bot (a Python callable, a native bot, or one built by a factory), not a built-in rung."""
        return self.kind in ("callable", "native") or self.origin is not None

    def __reduce_ex__(self, protocol: Any) -> Any:
        """A side built by a factory travels as its factory (the other process builds the bot again);
        any other side as its fields."""
        if self.origin is not None:
            return (resolve, (self.origin,))
        return super().__reduce_ex__(protocol)


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

    A NativeBot is also a Python callable `view -> Move` on a view of the
    compiled engine (a `GameView`): replay, the terminal game and the
    environments call it so, with the same words as the C loop.
    """

    def __init__(self, function: Any, state: Any = None, *, seed: Any = "native", fast: bool = False,
                 name: str = "native bot") -> None:
        self.function, self.state, self.name = function, state, name
        self.seed, self.fast = seed_text(seed), bool(fast)
        self._key = fast_key(self.seed) if self.fast else 0

    def __call__(self, view: Any) -> Any:
        """The bot's move on `view` (a GameView of the seat on turn), or None for no move."""
        from kozyr.durak.bots._native import native_move

        w = fast_word(self._key, view.seat, view.ply) if self.fast else word(self.seed, view.seat, view.ply)
        return native_move(self.function, self.state, view, w)

    def __repr__(self) -> str:
        return f"NativeBot({self.name!r})"


def resolve(side: object, params: object = None) -> Side:
    """A `Side` from a rung int, a Bot, a Rung4Bot, a NativeBot, a callable `view -> Move`, a
    factory (a `BotFactory`, a `BotSpec`, or a callable taking knobs by keyword only:
    `userbots.is_factory`), which is built here, or a name the shell takes (`NAMES`: a panel bot,
    ``learned``; a panel bot's old name, `OLD_NAMES`, with a DeprecationWarning; or
    ``module:attr`` / ``<file>.py:attr``); `params` (a Params or a mapping) apply to a
    rung int only (a Bot carries its own)."""
    settings = Params.of(params)
    if isinstance(side, Side):
        return side
    if isinstance(side, int) and not isinstance(side, bool):
        if side == 4:
            return Side("rung", 4, settings)
        if side not in RUNG_NAMES:
            raise KozyrError("bad_rung", f"unknown rung {shown(side)}: rungs are "
                             f"{', '.join(f'{r} ({n})' for r, n in RUNG_NAMES.items())}", value=side)
        return Side("rung", check_rung(side), settings)
    if isinstance(side, str) and side not in NAMES and ":" not in side:
        side = new_name(side)      # a panel bot's old name warns and reads as its new one
    if isinstance(side, str) and (side in NAMES or ":" in side):
        return resolve(BotSpec(NAMES.get(side, side), {}))
    if isinstance(side, BotSpec):
        made = side.open()
        if isinstance(made, BotFactory):
            return _built(made, side)
        return dataclasses.replace(_bot_side(made, side), origin=side, name=side.spec)
    if isinstance(side, BotFactory) or (callable(side) and not isinstance(side, (Bot, Rung4Bot, NativeBot))
                                         and is_factory(side)):
        factory = side if isinstance(side, BotFactory) else BotFactory(side)
        return _built(factory, factory)
    return _bot_side(side, side)


def check_table(sides: Iterable[Side], rules: Any) -> None:
    """Refuse, before anything is played, a side whose bot says it cannot play at `rules`' table: a bot
    with a `plays(rules)` method (the learned rung: the tables its network speaks) names them in `tables`."""
    for side in sides:
        player = side.player if side.kind in ("native", "callable") else None
        plays = getattr(player, "plays", None)
        if callable(plays) and not plays(rules):
            raise KozyrError("bad_side", f"{describe(side)} plays only {getattr(player, 'tables', 'its own tables')},"
                             f" not {rules!r}", field="side", value=describe(side))


def _built(factory: BotFactory, origin: object) -> Side:
    """The side of the bot a factory builds, keeping the factory (`origin`) and its name."""
    return dataclasses.replace(_bot_side(factory.build(), factory), origin=origin, name=factory.name)


def _bot_side(side: object, given: object) -> Side:
    """The side of a bot (a Bot, a Rung4Bot, a NativeBot or a callable: never a factory again)."""
    if isinstance(side, Bot):
        if side.fast:
            return Side("bot", side.rung, side.params, "fast", seed_text(side.seed), fast_key(side.seed), source=side)
        return Side("bot", side.rung, side.params, "sha", seed_text(side.seed), source=side)
    if isinstance(side, Rung4Bot):
        words, key = ("fast", fast_key(side.seed)) if side.fast else ("sha", 0)
        return Side("bot", 4, side.params, words, seed_text(side.seed), key, source=side)
    if isinstance(side, NativeBot):
        if side.fast:
            return Side("native", -1, words="fast", seed=side.seed, key=fast_key(side.seed), player=side)
        return Side("native", -1, words="sha", seed=side.seed, player=side)
    if callable(side):
        return Side("callable", player=side)
    if given is not side:
        raise KozyrError("bad_bot", f"{describe(given)} made {shown(side)}, not a bot", value=side)
    raise KozyrError("bad_side", f"{shown(side)} is not a rung (1, 2, 3, 4), a name ({', '.join(NAMES)}), a Bot, "
                     "a Rung4Bot, a NativeBot, a callable view -> Move, a factory of bots or its module:attr",
                     value=side)


def user_bot(spec: str, knobs: Mapping[str, Any] | None = None) -> Side:
    """The side a user's bot named by text plays as (`module:attr` or `<file>.py:attr`, with knob values)."""
    return resolve(BotSpec(spec, dict(knobs or {})))


def reads(side: Side) -> frozenset[str]:
    """The settings a resolved side takes from a door's `params`: a rung int reads the fields of
    its rung (`Params`' table: rung 4 reads them all, through its playouts); a Bot, a Rung4Bot, a
    native bot or a callable reads none (a Bot carries its own)."""
    if side.kind != "rung":
        return frozenset()
    return frozenset(n for n in PARAM_NAMES if side.rung in PARAM_RUNGS[n])


def check_read(params: object, sides: Iterable[object]) -> Params:
    """`params` as a Params, refused (KozyrError unread_param, naming the first such setting) when
    it sets a setting that none of `sides` reads: the one rule of every door (the ladder, the
    sequential test, the tuners, and the shell's --set and --grid). A mapping counts every name
    it gives; a Params the fields it changes."""
    settings = Params.of(params)
    if isinstance(params, Mapping):
        names = [param_name(n) or str(n) for n in params]
    else:
        names = list(settings.changed())
    resolved = [resolve(s) for s in sides]
    read = frozenset().union(*(reads(s) for s in resolved))
    for name in names:
        if name not in read:
            readers = " or ".join(f"rung {r}" for r in PARAM_RUNGS[name])
            playing = ", ".join(describe(s) for s in resolved) or "no side"
            raise KozyrError("unread_param", f"{name}: only {readers} reads it, and no such side plays "
                             f"({playing}); a Bot carries its own settings", field=name,
                             value=settings.as_dict()[name])
    return settings


def seat_bot(side: object, seed: object, *, fast: bool = False, params: object = None) -> Any:
    """The Python bot that plays `side` at one seat: a rung int becomes `Bot(rung, seed)` (rung
    4: `Rung4Bot(seed)`; `fast` picks the fast words for rungs 1..3, rung 4 always draws fast)
    with `params`; a Bot, a Rung4Bot, a NativeBot (callable on a compiled engine's view) or a
    callable plays as it is, and a factory plays the bot it builds."""
    resolved = resolve(side, params)
    if resolved.kind == "rung":
        if resolved.rung == 4:
            return Rung4Bot(seed, params=resolved.params)  # type: ignore[arg-type]
        return Bot(resolved.rung, seed, fast=fast, params=resolved.params)  # type: ignore[arg-type]
    return resolved.source if resolved.kind == "bot" else resolved.player


def describe(side: object) -> str:
    """A short name for a side: `rung 3`, the Bot's repr, a factory with its knobs
    (`mybots:make_bot(deep=8)`), or the callable's name."""
    if isinstance(side, int) and not isinstance(side, bool):
        return f"rung {side}"
    if isinstance(side, (BotFactory, BotSpec)):
        return side.name if isinstance(side, BotFactory) else side.spec
    if isinstance(side, Side):
        if side.name:
            return side.name
        if side.kind == "rung":
            changed = side.params.for_rung(side.rung)
            return f"rung {side.rung}" + (f" {side.params!r}" if changed else "")
        return describe(side.source if side.kind == "bot" else side.player)
    if isinstance(side, (Bot, NativeBot, Rung4Bot)):
        return repr(side)
    return str(getattr(side, "__name__", None) or shown(side))
