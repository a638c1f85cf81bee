"""The shell's names for the sides of a durak game: a rung int, a panel bot, or a user's bot as `module:attr`.

The learned rung (`kozyr.durak.learn.learned`) is named `learned`, which stands for
its factory `kozyr.durak.learn.learned:LearnedBot` (`--bot-set path=FILE` plays
another weights file).

A panel bot (`kozyr.durak.bots.panel`: taker, shedder, hoarder, spsa3) is named by
its short name, which stands for its `module:attr` text (`kozyr ladder taker 3`);
an old name (`tuned`, now `spsa3`) is taken with a one-line note on stderr until kozyr 0.5.

Every durak command that takes a rung takes a user's bot in the same place
(`kozyr ladder mybots:make_bot 2`, `kozyr sprt`, `kozyr tune`, `kozyr play
--bot`, `kozyr replay --rungs`). The text is only checked for its form while
the arguments are parsed; the bot is imported when the command runs
(`kozyr.durak.bots.sides.resolve` of a `BotSpec`), so an import error, a
missing attribute or an attribute that is not a bot is one line and exit 2,
like every refusal. Importing a module runs its code.

Knobs: `--bot-set KNOB=VALUE` (repeatable) sets a knob of the user's bot when
one side is a user's bot, of side a's when both are; `--vs-bot-set` sets side
b's then. A value is a whole number, a real number, true/false, or text
(`userbots.knob_value`). `--timeout SECONDS` limits each decision of a user's
bot (off by default).
"""
from __future__ import annotations

import argparse
import math
import sys
from typing import Any

from kozyr.durak import RUNG_NAMES
from kozyr.durak.bots.panel import PANEL
from kozyr.durak.bots.panel import spec as panel_spec
from kozyr.durak.bots.sides import OLD_NAMES
from kozyr.durak.bots.userbots import BotSpec, knob_value
from kozyr.errors import shown

__all__ = ["side", "knob", "add_knob_options", "add_timeout", "sides_of", "label", "is_bot", "rungs_of",
           "SIDE_HELP", "typed"]

SIDES = (1, 2, 3, 4)
LEARNED, LEARNED_SPEC = "learned", "kozyr.durak.learn.learned:LearnedBot"
SIDE_HELP = ("a rung (1 random, 2 cheap, 3 careful, 4 search), the learned rung (learned), a panel bot ("
             + ", ".join(PANEL) + ") or a bot of yours: module:attr or <file>.py:attr")


def side(text: str) -> int | str:
    """An argparse type: a rung int, a panel bot's name (`taker`: `kozyr.durak.bots.panel`), or `module:attr` /
    `<file>.py:attr` text (imported when the command runs)."""
    stripped = text.strip()
    try:
        value = int(stripped)
    except ValueError:
        value = None
    if value is not None:
        if value not in SIDES:
            names = ", ".join(f"{r} ({RUNG_NAMES[r]})" for r in SIDES)
            raise argparse.ArgumentTypeError(f"unknown rung {shown(text)}: rungs are {names}")
        return value
    if stripped in OLD_NAMES:      # a panel bot's old name: a one-line note, then its new name
        print(f"kozyr: the panel bot {stripped!r} is {OLD_NAMES[stripped]!r} now; the old name works until "
              f"kozyr 0.5", file=sys.stderr)
        stripped = OLD_NAMES[stripped]
    if stripped in PANEL:          # a panel bot by its short name: the panel's own module:attr
        return panel_spec(stripped)
    if stripped == LEARNED:        # the learned rung (kozyr.durak.learn.learned): its factory, as a user's bot's
        return LEARNED_SPEC
    where, colon, attr = stripped.rpartition(":")
    if not colon or not where or not attr:
        names = ", ".join(f"{r} ({RUNG_NAMES[r]})" for r in SIDES)
        raise argparse.ArgumentTypeError(f"unknown side {shown(text)}: a side is a rung ({names}), learned, a "
                                         f"panel bot ({', '.join(PANEL)}) or a bot of yours, module:attr or "
                                         "<file>.py:attr")
    return stripped


def knob(text: str) -> tuple[str, Any]:
    """An argparse type: `deep=6` -> ('deep', 6)."""
    if text.count("=") < 1:
        raise argparse.ArgumentTypeError(f"{shown(text)} is not KNOB=VALUE (e.g. deep=6)")
    name, _, value = text.partition("=")
    name = name.strip()
    if not name.isidentifier():
        raise argparse.ArgumentTypeError(f"{shown(text)}: {shown(name)} is not a knob's name")
    return name, knob_value(value)


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{shown(text)} is not a number of seconds") from None
    if not math.isfinite(value) or value <= 0:
        raise argparse.ArgumentTypeError(f"{shown(text)} is not a number of seconds above 0")
    return value


def add_knob_options(p: argparse.ArgumentParser, vs: bool = True) -> None:
    """--bot-set (and, with `vs`, --vs-bot-set) and --timeout."""
    p.add_argument("--bot-set", action="append", type=knob, metavar="KNOB=VALUE",
                   help="a knob of your bot's factory (repeatable; side a's when both sides are your bots)")
    if vs:
        p.add_argument("--vs-bot-set", action="append", type=knob, metavar="KNOB=VALUE",
                       help="a knob of side b's factory when both sides are your bots (repeatable)")
    add_timeout(p)


def add_timeout(p: argparse.ArgumentParser) -> None:
    p.add_argument("--timeout", type=_seconds, default=None, metavar="SECONDS",
                   help="refuse a decision of your bot that takes longer (default: no limit)")


def is_bot(value: object) -> bool:
    """Whether a parsed side is a user's bot (text), not a rung int."""
    return isinstance(value, str)


def _knobs(pairs: list[tuple[str, Any]] | None, option: str, parser: Any) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for name, value in pairs or []:
        if name in out:
            parser.error(f"{option} {name} given twice")
        out[name] = value
    return out


def sides_of(args: argparse.Namespace, values: list[object]) -> list[object]:
    """The parsed sides with their knobs: rung ints as they are, a user's bot as a `BotSpec`; --bot-set
    and --vs-bot-set given where no user's bot takes them is an error (one line, exit 2)."""
    parser = args.parser
    first = _knobs(getattr(args, "bot_set", None), "--bot-set", parser)
    second = _knobs(getattr(args, "vs_bot_set", None), "--vs-bot-set", parser)
    bots = [k for k, v in enumerate(values) if is_bot(v)]
    given: dict[int, dict[str, Any]] = {}
    if len(bots) == 1:
        if second:
            parser.error("--vs-bot-set is for side b when both sides are bots of yours; use --bot-set")
        given[bots[0]] = first
    elif len(bots) >= 2:
        given[bots[0]], given[bots[1]] = first, second
    elif first or second:
        parser.error(f"{'--bot-set' if first else '--vs-bot-set'} sets a knob of a bot of yours, and no side is one "
                     "(a side is module:attr or <file>.py:attr)")
    return [BotSpec(v, given.get(k, {})) if is_bot(v) else v for k, v in enumerate(values)]  # type: ignore[arg-type]


def rungs_of(values: list[object]) -> set[int]:
    """The rung ints among parsed sides (what --set may set)."""
    return {v for v in values if isinstance(v, int)}


def label(value: object) -> str:
    """`rung 3 (careful)`, `the learned rung`, or the bot's text; a bot's knobs follow in parentheses."""
    if isinstance(value, int):
        return f"rung {value} ({RUNG_NAMES[value]})"
    if isinstance(value, BotSpec):
        name = "the learned rung" if value.spec == LEARNED_SPEC else value.spec
        if not value.knobs:
            return name
        return f"{name}({', '.join(f'{k}={v!r}' for k, v in value.knobs.items())})"
    if value == LEARNED_SPEC:
        return "the learned rung"
    return str(value)


def typed(spec: str) -> str:
    """What a person types for a parsed side's text: `learned` for the learned rung, a panel bot's short name,
    else the text itself (a replay command reads as it was asked for)."""
    if spec == LEARNED_SPEC:
        return LEARNED
    short = spec.rpartition(":")[2]
    return short if short in PANEL and spec == panel_spec(short) else spec
