"""The rungs' settings: every constant of rungs 2, 3 and 4 as one named, tunable value.

The rules' bots are one point of this space (`Params()`, the defaults); a
tuned bot is another. Each field is an int with a range; a value beyond it
would only repeat an end of the range (or make no sense), so it is refused
with a `KozyrError` naming the field. Costs: a card costs its power
(6 = 0 .. ace = 8), plus TRUMP_COST when it is a trump, plus the pair
adjustment of the rung and situation when the hand holds two or more of its
rank; the cheapest card is played, ties to the earlier card of the legal list.

Fields (default, range, the rungs that read it; rung 4 reads the rung-2/3 fields through
its playouts):

- DEEP_TALON (6, -1..24, rung 3): take rather than spend a costly trump while the talon holds more than this.
- CHEAP_POWER (3, -1..8, rung 3): a trump of power above this is costly (-1: every trump; 8: none).
- TRUMP_COST (20, 0..40, rungs 2, 3): the surcharge on a trump's cost (20: any plain card is cheaper).
- PAIR_CHEAP (1, -9..9, rung 2): rung 2's pair adjustment, everywhere.
- PAIR_DEFEND (1, -9..9, rung 3): rung 3's pair adjustment when beating.
- PAIR_ATTACK (-2, -9..9, rung 3): rung 3's pair adjustment when attacking or piling on (keep pairs to throw in).
- TAKE_BOUT (2, 0..6, rung 3): the careful take only while the bout holds at most this many attack cards
  (counting the one to beat; 0: never).
- HOLD_TRUMPS (24, -1..24, rung 3; new, off by default): when piling on (done is legal) and the
  cheapest card is a trump, say done instead while the talon holds more than this (24: never, the
  rules' bot; -1: always keep trumps rather than throw them in).
- K (224, 1..65536, rung 4): the deals rung 4 redeals from what it has seen, per decision, and so
  K x (the legal moves) playouts (224 with BELIEF=100, the two accepted together by the sequential
  test on deal pairs against a panel, and not rejected against the learned rung, within the time
  target of 1 ms a decision; 192 since the tree walks faster and both tests accepted it against
  128; 128 with the tree search when the test accepted the tree against the flat search at 256 in
  the same time a decision; the flat search went from 64 to 128 to 256 by the same test).
- PLAYOUT (3, 1..3, rung 4): the rung that plays both seats out in rung 4's search; the fields
  above are its settings (so they reach rung 4's playouts too).
- ENDGAME (1, 0..1, rung 4): 1 to solve the endgame exactly once the talon is empty, 0 not to.
- BUDGET (20000, 0..2**30, rung 4): the endgame solver's node budget (past it the search decides).
- OPPONENTS (31, 1..31, rung 4): the styles rung 4's playouts give every seat but its own, as a mask
  (1 the playout rung, 2 rung 2, 4 the panel's taker, 8 its trump hoarder; 16: the playout rung
  in every other imagined deal, the others sharing the rest): the imagined deals take them in
  turn, so that the search does not count on one opponent. 31 (all, the playout rung half) since
  it was accepted by the sequential test against 1 (the playout rung alone, rung 4 before:
  docs/strength.md, "The top rung"); 1 keeps that rung 4.
- MICROS (0, 0..60,000,000, rung 4): a time budget per decision in microseconds, K being the most
  deals it plays (0: none, the default: with a budget the move depends on the machine's speed and
  load, so a deal no longer replays move for move).
- TREE (70, 0..400, rung 4): 0 the flat search; else, at two seats, a tree search over the same
  number of playouts (an open-loop information-set Monte Carlo tree search whose UCB has the
  exploration constant TREE / 100; rung4.pxd, r4_tree). At more seats the flat search decides.
  70 since the sequential test accepted it (K = 128) against the flat search (K = 256), and
  kept against 40 and 120 (docs/strength.md, "The top rung").
- IN_TREE (1, 0..2, rung 4): with the tree search, 1 has the other seat play the imagined
  deal's opponent style (OPPONENTS) inside the tree as well, in the deals of a style other
  than the playout rung (in the playout rung's deals it chooses adversarially in the tree, by
  UCB for itself); 2 has it play its model in every deal (the tree then searches the seat's
  own moves); 0 has it choose adversarially in every deal and play its style only past the
  tree's edge. 1 since the sequential test on deal pairs against a panel accepted it against
  0, both against the learned rung and against rungs 2 and 3 and the panel, while head to head
  it lost to 0 (docs/strength.md, "The top rung").
- BELIEF (100, 0..100, rung 4): the share, in %, of the imagined deals made to fit what the other
  seats' choices told (the view's `declined`: a plain card taken, or beaten with a trump, rather
  than beaten in suit): the unseen cards of that suit above it that the draw put in that seat's
  hand go to the talon, but for those the deal's opponent model would keep rather than beat
  with (core/determinize.pxd, dt_build_belief). 100 (every deal) since the sequential test on deal
  pairs against a panel accepted it with K=224 against BELIEF=0 at K=192 (alone, at K=192, it
  came near but was not accepted; docs/strength.md, "Belief"); 0 is rung 4 as it was.
- VARIANT_PLAY (15, 0..15, rungs 2, 3; rung 4 through its playouts): which of kozyr's own ways
  of playing a table other than the two-seat game rungs 2 and 3 use, as a mask (1 show a trump
  rather than beat with one, 2 transfer, 4 a thrower keeps its trumps, 8 power on the table's own
  ranks; docs/rules/durak-variants.md, "kozyr's bots at a table"). 15 (all) is the rules' bot; a
  mask without one way is how that way is measured (benchmarks/variant_play.py: the sequential
  test, a rung with it against the same rung without it). The two-seat game never reads it.
  Its old name TABLE_RULES (a table is a `Rules` of N seats, not these) is taken wherever
  settings are built from names, with a DeprecationWarning, until kozyr 0.5.

`Params` is frozen and hashable; `Params.of(None | Params | mapping)` is how
every API takes them (a mapping of NAME: value, names in any case; an old name of
`OLD_NAMES` is taken for its new one, with a DeprecationWarning).
"""
from __future__ import annotations

import dataclasses
import functools
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from kozyr.durak._moved import warn_old_name
from kozyr.errors import KozyrError, shown, whole

__all__ = ["Params", "PARAM_NAMES", "PARAM_RANGES", "PARAM_RUNGS", "PARAM_DOCS", "OLD_NAMES", "check_value",
           "param_name"]

#: a setting's old name -> its name now (each old name works, with a DeprecationWarning, until kozyr 0.5)
OLD_NAMES: dict[str, str] = {"TABLE_RULES": "VARIANT_PLAY"}


def _new_name(key: str, stacklevel: int) -> str:
    """The setting's name now for an upper-case `key` (an old name warns; any other key is itself)."""
    new = OLD_NAMES.get(key)
    if new is None:
        return key
    warn_old_name(f"the setting {key}", new, stacklevel + 1)
    return new


def _field(default: int, low: int, high: int, rungs: tuple[int, ...], doc: str) -> Any:
    return field(default=default, metadata={"range": (low, high), "rungs": rungs, "doc": doc})


def check_value(name: str, value: object) -> int:
    """`value` as an int within NAME's range, or a KozyrError coded `bad_<name>` (`bad_k`,
    `bad_deep_talon`: `kozyr.errors.whole`, the one range check) naming the field."""
    low, high = PARAM_RANGES[name]
    return whole(name, value, low, high)


@dataclass(frozen=True)
class Params:
    """The settings of rungs 2, 3 and 4; `Params()` is the rules' bots (see the module doc for each field).

    >>> Params(CHEAP_POWER=1)
    Params(CHEAP_POWER=1)
    >>> Params.of({"deep_talon": 9}).DEEP_TALON, Params().TRUMP_COST
    (9, 20)
    """

    DEEP_TALON: int = _field(6, -1, 24, (3, 4), "take rather than spend a costly trump while the talon holds more")
    CHEAP_POWER: int = _field(3, -1, 8, (3, 4), "a trump of power (6 = 0 .. ace = 8) above this is costly")
    TRUMP_COST: int = _field(20, 0, 40, (2, 3, 4), "the surcharge on a trump's cost")
    PAIR_CHEAP: int = _field(1, -9, 9, (2, 4), "rung 2's pair adjustment, everywhere")
    PAIR_DEFEND: int = _field(1, -9, 9, (3, 4), "rung 3's pair adjustment when beating")
    PAIR_ATTACK: int = _field(-2, -9, 9, (3, 4), "rung 3's pair adjustment when attacking or piling on")
    TAKE_BOUT: int = _field(2, 0, 6, (3, 4), "the careful take only while the bout holds at most this many attacks")
    HOLD_TRUMPS: int = _field(24, -1, 24, (3, 4), "piling on, keep a trump (say done) while the talon holds more "
                                                "(24: never, the rules' bot)")
    K: int = _field(224, 1, 1 << 16, (4,), "rung 4: the deals it redeals from what it has seen, per decision")
    PLAYOUT: int = _field(3, 1, 3, (4,), "rung 4: the rung that plays its redealt deals out")
    ENDGAME: int = _field(1, 0, 1, (4,), "rung 4: 1 to solve the endgame exactly once the talon is empty")
    BUDGET: int = _field(20000, 0, 1 << 30, (4,), "rung 4: the endgame solver's node budget")
    OPPONENTS: int = _field(31, 1, 31, (4,), "rung 4: its playouts' opponent styles (1 the playout rung, 2 rung 2, "
                                            "4 a taker, 8 a hoarder; a mask)")
    MICROS: int = _field(0, 0, 60_000_000, (4,), "rung 4: a time budget per decision in microseconds (0: none, "
                                                "deterministic)")
    TREE: int = _field(70, 0, 400, (4,), "rung 4: 0 the flat search; else a tree search at two seats, its UCB "
                                       "exploration constant x 100")
    IN_TREE: int = _field(1, 0, 2, (4,), "rung 4's tree search: 1 the other seat plays the imagined deal's opponent "
                                       "style inside the tree too, 2 its model in every deal, 0 only past its edge")
    BELIEF: int = _field(100, 0, 100, (4,), "rung 4: the share (in percent) of its imagined deals made to fit the "
                                           "other seats' choices (what they declined to beat in suit)")
    VARIANT_PLAY: int = _field(15, 0, 15, (2, 3, 4), "at a table: kozyr's ways of playing it rungs 2 and 3 use "
                                                    "(1 show, 2 transfer, 4 thrower, 8 power; a mask, 15 all)")

    @property
    def TABLE_RULES(self) -> int:
        """VARIANT_PLAY's old name (warns; works until kozyr 0.5)."""
        warn_old_name("kozyr.durak.Params.TABLE_RULES", "kozyr.durak.Params.VARIANT_PLAY")
        return self.VARIANT_PLAY

    def __post_init__(self) -> None:
        for f in dataclasses.fields(self):
            object.__setattr__(self, f.name, check_value(f.name, getattr(self, f.name)))

    @classmethod
    def of(cls, params: object = None) -> Params:
        """None (the defaults), a Params, or a mapping of NAME: value (names in any case)."""
        if params is None:
            return cls()
        if isinstance(params, Params):
            return params
        if not isinstance(params, Mapping):
            raise KozyrError("bad_param", f"params {shown(params)} is not a Params or a mapping of NAME: value",
                             value=params)
        values: dict[str, Any] = {}
        for name, value in params.items():
            key = _new_name(str(name).strip().upper(), 3)
            if key not in PARAM_RANGES:
                raise KozyrError("bad_param", f"unknown parameter {shown(name)}: expected one of "
                                 f"{', '.join(PARAM_NAMES)}", field=str(name), value=value)
            values[key] = value
        return cls(**values)

    def replace(self, **changes: Any) -> Params:
        """A copy with some fields changed (names in any case), validated."""
        return Params.of({**self.as_dict(), **{k.upper(): v for k, v in changes.items()}})

    def as_dict(self) -> dict[str, int]:
        """Every field, NAME: value (JSON-ready)."""
        return {n: getattr(self, n) for n in PARAM_NAMES}

    def changed(self) -> dict[str, int]:
        """The fields that differ from the defaults."""
        return {n: v for n, v in self.as_dict().items() if v != _DEFAULTS[n]}

    def for_rung(self, rung: int) -> dict[str, int]:
        """The changed fields that rung `rung` reads (what a table should show)."""
        return {n: v for n, v in self.changed().items() if rung in PARAM_RUNGS[n]}

    def as_tuple(self) -> tuple[int, ...]:
        """The values in field order: what the C kernels' structs are filled from (rungs 2 and 3
        read the first eight and the last, VARIANT_PLAY; rung 4 the nine between)."""
        return tuple(getattr(self, n) for n in PARAM_NAMES)

    def __repr__(self) -> str:
        return "Params(" + ", ".join(f"{k}={v}" for k, v in self.changed().items()) + ")"


_FIELDS = dataclasses.fields(Params)
PARAM_NAMES: tuple[str, ...] = tuple(f.name for f in _FIELDS)
PARAM_RANGES: dict[str, tuple[int, int]] = {f.name: f.metadata["range"] for f in _FIELDS}
PARAM_RUNGS: dict[str, tuple[int, ...]] = {f.name: f.metadata["rungs"] for f in _FIELDS}
PARAM_DOCS: dict[str, str] = {f.name: f.metadata["doc"] for f in _FIELDS}
_DEFAULTS: dict[str, int] = {f.name: f.default for f in _FIELDS}  # type: ignore[misc]


def param_name(text: object) -> str | None:
    """NAME for a field name in any case (an old name of `OLD_NAMES`: its new one, with a
    DeprecationWarning), or None."""
    key = _new_name(str(text).strip().upper(), 3)
    return key if key in PARAM_RANGES else None


def _old_keywords(init: Any) -> Any:
    """Params' dataclass __init__, taking an old setting name of `OLD_NAMES` as a keyword too
    (with a DeprecationWarning): `Params(TABLE_RULES=13)` still builds, until kozyr 0.5."""

    @functools.wraps(init)
    def __init__(self: Params, *args: Any, **kwargs: Any) -> None:
        for old in OLD_NAMES.keys() & kwargs.keys():
            new = _new_name(old, 3)
            if new in kwargs:
                raise KozyrError("bad_param", f"the setting {new} is given twice: as {new} and as its old name {old}",
                                 field=old, value=kwargs[old])
            kwargs[new] = kwargs.pop(old)
        init(self, *args, **kwargs)

    return __init__


Params.__init__ = _old_keywords(Params.__init__)  # type: ignore[method-assign]
