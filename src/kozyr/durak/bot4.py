"""`Rung4Bot`: rung 4 at a seat, with the memory it keeps of the deal.

Rung 4 (kozyr.durak.rung4) decides from the seat's view and what the seat has
seen so far, so unlike the rungs 1..3 a rung-4 bot is not a function of the
view alone: it keeps a `Memory`, started from the view at the deal (`start`)
and fed every event of the deal (`see`; the events are public, both seats
see them). In the ladder's C loop the same bot keeps the same memory in C and
makes the same decisions (its draws come from the same key).

"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from kozyr.durak.events import Event
from kozyr.durak.memory import Memory
from kozyr.durak.moves import Move
from kozyr.durak.params import PARAM_RANGES as RUNG_RANGES
from kozyr.durak.params import Params
from kozyr.durak.rung4 import BUDGET, ENDGAME, PARAM_RANGES, PLAYOUT, K, Table, best4
from kozyr.durak.seeds import BotSeed, fast_key, seed_text, word
from kozyr.durak.views import View
from kozyr.errors import KozyrError, shown

__all__ = ["Rung4Bot"]


def _setting(name: str, value: object, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise KozyrError("bad_param", f"{name}={shown(value)}: expected an int from {low} to {high}",
                         field=name, value=value)
    return value


@dataclass(eq=False)
class Rung4Bot:
    """Rung 4 with its seed and settings: K determinizations, the playout rung, the endgame switch.

    `fast=True` (the default) draws from splitmix64 keyed by the seed;
    `fast=False` from the seed's SHA-256 words (plies 0 and 1 of the seat),
    as a `Bot` does. The rung-3 thresholds apply to the playouts.
    """

    # Every field after the seed is keyword-only; each says so itself rather than through a `_: KW_ONLY`
    # marker, which Python 3.10's typing.get_type_hints refuses (and with it the docs' field types).
    seed: BotSeed
    k: int = field(default=K, kw_only=True)
    playout: int = field(default=PLAYOUT, kw_only=True)
    endgame: bool = field(default=ENDGAME, kw_only=True)
    budget: int = field(default=BUDGET, kw_only=True)
    fast: bool = field(default=True, kw_only=True)
    deep_talon: int = field(default=Params().DEEP_TALON, kw_only=True)
    cheap_power: int = field(default=Params().CHEAP_POWER, kw_only=True)
    memory: Memory | None = field(default=None, repr=False, kw_only=True)
    rung = 4

    def __post_init__(self) -> None:
        _setting("k", self.k, *PARAM_RANGES["K"])
        _setting("playout", self.playout, *PARAM_RANGES["PLAYOUT"])
        _setting("budget", self.budget, *PARAM_RANGES["BUDGET"])
        _setting("deep_talon", self.deep_talon, *RUNG_RANGES["DEEP_TALON"])
        _setting("cheap_power", self.cheap_power, *RUNG_RANGES["CHEAP_POWER"])
        for name in ("endgame", "fast"):
            if not isinstance(getattr(self, name), bool):
                raise KozyrError("bad_param", f"{name}={shown(getattr(self, name))} is not a bool", field=name)
        seed_text(self.seed)  # validates
        self._table = Table()

    def key(self, seat: int) -> int:
        """The 64-bit key of the search's draws at seat 0/1 (the C loop's, too)."""
        if self.fast:
            return fast_key(self.seed)
        return (word(self.seed, seat, 0) << 32) | word(self.seed, seat, 1)

    def start(self, view: View) -> None:
        """Begin a deal: the memory from this seat's view at the deal."""
        self.memory = Memory.start(view)
        self._table.clear()

    def see(self, events: Iterable[Event]) -> None:
        """Take in events of the deal (what each applied move returned), in sequence."""
        if self.memory is None:
            raise KozyrError("no_memory", "a Rung4Bot sees events only after start(view) at the deal")
        for event in events:
            self.memory.update(event)

    def choose(self, view: View) -> Move | None:
        """The move rung 4 plays from `view`; None when it has no legal move."""
        if self.memory is None or self.memory.seat != view.seat:
            raise KozyrError("no_memory", f"a Rung4Bot plays seat {view.seat} after start(view) of that seat at "
                             "the deal and every event since", field="seat", value=view.seat)
        return best4(view, self.memory, self.key(view.seat), k=self.k, playout=self.playout, endgame=self.endgame,
                     budget=self.budget, deep_talon=self.deep_talon, cheap_power=self.cheap_power,
                     table=self._table)

    __call__ = choose
