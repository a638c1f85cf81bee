"""`Rung4Bot`: rung 4 at a seat, with its seed and settings: a plain callable `view -> Move`.

Rung 4 (kozyr.durak.bots.rung4) decides from the seat's view alone, as rungs 1 to 3
do: the view carries what the seat has seen of the deal (its public memory:
the heap's cards, the cards known to be in each other hand, the talon's bottom
card, the unseen cards), so the bot keeps nothing of a deal and one bot plays
any number of deals, at any seat of any table, in any sequence: the same view
gives the same move. `analyse(view)` shows the search behind the move: each
legal move's estimated fool probability with its sample count. In the
ladder's C loop the same bot makes the same decisions (its draws come from
the same key).

Its settings are a `Params`, as a `Bot`'s: K, PLAYOUT, ENDGAME, BUDGET,
OPPONENTS (the models of the other seats in its playouts), MICROS (a time
budget a decision, off by default: with it a move depends on the clock), and
every rung-2/3 setting its playouts read, so a Rung4Bot is the same bot as
rung 4 in the ladder with the same Params, whatever door it enters.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from threading import local

from kozyr.durak.bots.analysis import Analysis
from kozyr.durak.bots.rung4 import Scratch, analyse, best4
from kozyr.durak.moves import Move
from kozyr.durak.params import Params
from kozyr.durak.seeds import BotSeed, fast_key, seed_text, word
from kozyr.durak.views import View
from kozyr.errors import KozyrError, shown

__all__ = ["Rung4Bot"]


class _Scratches(local):
    """Each thread's search scratch for one bot (best4 empties it at every decision), kept only so
    as not to allocate one per decision; per thread, as one search uses it at a time."""

    scratch: Scratch | None = None


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
    rung = 4

    def __post_init__(self) -> None:
        self.params = Params.of(self.params)
        if not isinstance(self.fast, bool):
            raise KozyrError("bad_fast", f"fast={shown(self.fast)} is not a bool", field="fast", value=self.fast)
        seed_text(self.seed)  # validates
        self._scratches = _Scratches()

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

    def __call__(self, view: View) -> Move | None:
        """The move rung 4 plays from `view` (None without a legal move). Nothing of the bot
        changes: the move depends on the view, the seed and the settings alone."""
        return best4(view, self.key(_seat(view)), self.params, scratch=self._scratch())

    choose = __call__       # a Bot's name for it too

    def analyse(self, view: View) -> Analysis:
        """Each legal move of the seat on turn with its estimated fool probability and sample
        count (`kozyr.durak.bots.analysis.Analysis`), from the very search this bot decides with: the
        same key and settings, so `analysis.best` is `self(view)`. A method of the bot rather
        than a free function so that the analysis cannot drift from the bot's play (a hint shown
        to a person is the move this bot would make, and why). A view whose seat is not on turn
        is a not_your_turn KozyrError; a forged view a bad_view one."""
        return analyse(view, self.key(_seat(view)), self.params, scratch=self._scratch())

    def _scratch(self) -> Scratch | None:
        """This thread's Scratch (made once: the endgame solver's transposition table and the tree
        search's pool), or None when the settings need neither."""
        scratch = self._scratches.scratch
        if scratch is None and (self.params.ENDGAME or self.params.TREE):
            scratch = self._scratches.scratch = Scratch()
        return scratch


def _seat(view: View) -> int:
    """The view's seat, which the key belongs to: an object without one is a bad_view KozyrError
    (the search then checks the rest of the view)."""
    try:
        return view.seat
    except AttributeError:
        raise KozyrError("bad_view", f"{shown(view)} is not a View: it has no seat", field="view",
                         value=view) from None
