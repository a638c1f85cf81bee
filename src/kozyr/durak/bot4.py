"""`Rung4Bot`: rung 4 at a seat, with its seed and settings, and the memory it keeps of one deal.

Rung 4 (kozyr.durak.rung4) decides from the seat's view and what the seat has
seen so far, so unlike the rungs 1..3 a decision needs a `Memory` of the deal
as well as the view. The memory belongs to the deal, not to the bot: a driver
that plays several deals with one bot (the environments, a terminal game)
keeps each deal's memory and endgame `Table` itself and asks
`decide(view, memory, table)`. For a single deal played by hand the bot can
keep them: `start(view)` at the deal, `see(events)` after every move (the
events are public, both seats see them), then `choose(view)`. In the ladder's
C loop the same bot keeps the same memory in C and makes the same decisions
(its draws come from the same key).

Its settings are a `Params`, as a `Bot`'s: K, PLAYOUT, ENDGAME, BUDGET, and
every rung-2/3 setting its playouts read, so a Rung4Bot is the same bot as
rung 4 in the ladder with the same Params, whatever door it enters.
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from kozyr.durak.events import Event
from kozyr.durak.memory import Memory
from kozyr.durak.moves import Move
from kozyr.durak.params import Params
from kozyr.durak.rung4 import Table, best4
from kozyr.durak.seeds import BotSeed, fast_key, seed_text, word
from kozyr.durak.views import View
from kozyr.errors import KozyrError, shown

__all__ = ["Rung4Bot"]


@dataclass(eq=False)
class Rung4Bot:
    """Rung 4 with its seed and settings (`params`: K determinizations, the PLAYOUT rung, the
    ENDGAME switch and its BUDGET, and the rung-2/3 settings of its playouts).

    `Rung4Bot("alice", params=Params(K=16))` (or a mapping of NAME: value).
    `fast=True` (the default) draws from splitmix64 keyed by the seed;
    `fast=False` from the seed's SHA-256 words (plies 0 and 1 of the seat),
    as a `Bot` does.
    """

    # Every field after the seed is keyword-only; each says so itself rather than through a `_: KW_ONLY`
    # marker, which Python 3.10's typing.get_type_hints refuses (and with it the docs' field types).
    seed: BotSeed
    fast: bool = field(default=True, kw_only=True)
    params: Params = field(default=Params(), kw_only=True)
    memory: Memory | None = field(default=None, repr=False, kw_only=True)
    rung = 4

    def __post_init__(self) -> None:
        self.params = Params.of(self.params)
        if not isinstance(self.fast, bool):
            raise KozyrError("bad_fast", f"fast={shown(self.fast)} is not a bool", field="fast", value=self.fast)
        seed_text(self.seed)  # validates
        self._table = Table()

    @property
    def k(self) -> int:
        """Determinizations per decision (params.K)."""
        return self.params.K

    @property
    def playout(self) -> int:
        """The playout rung (params.PLAYOUT)."""
        return self.params.PLAYOUT

    @property
    def endgame(self) -> bool:
        """Whether the endgame is solved exactly (params.ENDGAME)."""
        return bool(self.params.ENDGAME)

    @property
    def budget(self) -> int:
        """The endgame solver's node budget (params.BUDGET)."""
        return self.params.BUDGET

    def key(self, seat: int) -> int:
        """The 64-bit key of the search's draws at seat 0/1 (the C loop's, too)."""
        if self.fast:
            return fast_key(self.seed)
        return (word(self.seed, seat, 0) << 32) | word(self.seed, seat, 1)

    def decide(self, view: View, memory: Memory, table: Table | None = None) -> Move | None:
        """The move rung 4 plays from `view` and that deal's `memory` of the seat (None without a
        legal move); `table` is that deal's endgame table (None: a fresh one). Nothing of the bot
        changes: one bot serves any number of deals at once."""
        return best4(view, memory, self.key(view.seat), self.params, table=table)

    def start(self, view: View) -> None:
        """Begin a deal played with the bot's own memory: the memory from this seat's view at the deal."""
        self.memory = Memory.start(view)
        self._table.clear()

    def see(self, events: Iterable[Event]) -> None:
        """Take in events of the deal (what each applied move returned), in sequence."""
        if self.memory is None:
            raise KozyrError("no_memory", "a Rung4Bot sees events only after start(view) at the deal")
        for event in events:
            self.memory.update(event)

    def choose(self, view: View) -> Move | None:
        """The move rung 4 plays from `view` with the bot's own memory (start, see); None when it has
        no legal move."""
        if self.memory is None or self.memory.seat != view.seat:
            raise KozyrError("no_memory", f"a Rung4Bot plays seat {view.seat} after start(view) of that seat at "
                             "the deal and every event since", field="seat", value=view.seat)
        return self.decide(view, self.memory, self._table)

    __call__ = choose
