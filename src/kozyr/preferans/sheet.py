"""The sheet (пулька): per-player pulya, gora and whist columns kept from the
list of deals.

The sheet stores the deals, not the running totals: the totals are a fold of
:func:`~kozyr.preferans.scoring.score_deal` over the deals, so undoing or
editing a deal (a misheard trick count is the commonest correction at the
table) simply recomputes, and the raspasy price and exit threshold of every
later deal follow automatically.  A refused change leaves the sheet exactly as
it was.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction

from .convention import SOCHI, Convention
from .deal import Deal, check_players
from .errors import PreferansError
from .scoring import Conditions, ScoredDeal, score_deal
from .settlement import Columns, Number, Settlement, settle

__all__ = ["Sheet"]

ZERO = Fraction(0)


class Sheet:
    """A game's sheet.

    ``Sheet(players, convention=SOCHI, target=None, deals=())`` where
    ``players`` is the seating order and ``target`` the pulya each player must
    reach to close the game (None: no target, :attr:`closed` is False).
    """

    def __init__(
        self,
        players: Sequence[str],
        convention: Convention = SOCHI,
        *,
        target: Number | None = None,
        deals: Iterable[Deal] = (),
    ) -> None:
        self._players = check_players(players)
        if not isinstance(convention, Convention):
            raise PreferansError("bad_convention", f"convention: {convention!r} is not a Convention")
        self._convention = convention
        if target is not None:
            if isinstance(target, bool) or not isinstance(target, (int, Fraction)) or target <= 0:
                raise PreferansError("bad_target", f"target: {target!r} is not a positive number")
        self._target = None if target is None else Fraction(target)
        self._scored: list[ScoredDeal] = self._recompute(list(deals))

    # --- recomputation ---------------------------------------------------------

    def _recompute(self, deals: list[Deal]) -> list[ScoredDeal]:
        """Score ``deals`` from the start; raise (changing nothing) if one is refused."""
        scored: list[ScoredDeal] = []
        cond = Conditions.start(self._convention)
        for index, deal in enumerate(deals):
            self._check_deal(index, deal)
            try:
                result = score_deal(deal, self._convention, cond)
            except PreferansError as exc:
                raise PreferansError(exc.code, f"deal {index}: {exc.message}") from None
            scored.append(result)
            cond = result.next
        return scored

    def _check_deal(self, index: int, deal: Deal) -> None:
        if not isinstance(deal, Deal):
            raise PreferansError("bad_deal", f"deal {index}: {deal!r} is not a Deal")
        if deal.players != self._players:
            raise PreferansError(
                "players_mismatch",
                f"deal {index}: players {list(deal.players)!r} differ from the sheet's {list(self._players)!r}",
            )

    # --- changes ---------------------------------------------------------------

    def add(self, deal: Deal) -> ScoredDeal:
        """Append a deal and return it scored."""
        self._scored = self._recompute(self.deals + [deal])
        return self._scored[-1]

    def undo(self) -> Deal:
        """Remove the last deal and return it."""
        if not self._scored:
            raise PreferansError("empty_sheet", "undo: the sheet has no deals")
        deals = self.deals
        last = deals.pop()
        self._scored = self._recompute(deals)
        return last

    def edit(self, index: int, deal: Deal) -> ScoredDeal:
        """Replace deal ``index`` and recompute everything after it."""
        deals = self.deals
        if isinstance(index, bool) or not isinstance(index, int) or not -len(deals) <= index < len(deals):
            raise PreferansError("bad_index", f"index: {index!r} is not a deal of this sheet (it has {len(deals)})")
        deals[index] = deal
        scored = self._recompute(deals)
        self._scored = scored
        return scored[index]

    # --- reading ---------------------------------------------------------------

    @property
    def players(self) -> tuple[str, ...]:
        return self._players

    @property
    def convention(self) -> Convention:
        return self._convention

    @property
    def target(self) -> Fraction | None:
        return self._target

    @property
    def deals(self) -> list[Deal]:
        """A copy of the list of deals."""
        return [s.deal for s in self._scored]

    @property
    def scored(self) -> list[ScoredDeal]:
        """Every deal with its entries and conditions."""
        return list(self._scored)

    def __len__(self) -> int:
        return len(self._scored)

    @property
    def next_conditions(self) -> Conditions:
        """Minimum level and raspasy price of the next deal."""
        if not self._scored:
            return Conditions.start(self._convention)
        return self._scored[-1].next

    @property
    def columns(self) -> Columns:
        """Totals of every column."""
        pulya = {p: ZERO for p in self._players}
        gora = {p: ZERO for p in self._players}
        whists: dict[tuple[str, str], Fraction] = {}
        for s in self._scored:
            for p, v in s.entries.pulya.items():
                pulya[p] += v
            for p, v in s.entries.gora.items():
                gora[p] += v
            for k, v in s.entries.whists.items():
                whists[k] = whists.get(k, ZERO) + v
        return Columns(self._players, pulya, gora, whists)

    @property
    def pulya(self) -> dict[str, Fraction]:
        return dict(self.columns.pulya)

    @property
    def gora(self) -> dict[str, Fraction]:
        return dict(self.columns.gora)

    @property
    def whists(self) -> dict[str, dict[str, Fraction]]:
        """``whists[i][j]``: whists i has written on j."""
        cols = self.columns
        return {i: {j: cols.whist(i, j) for j in self._players if j != i} for i in self._players}

    @property
    def closed(self) -> bool:
        """Every player's pulya has reached the target."""
        if self._target is None:
            return False
        target = self._target
        return all(v >= target for v in self.columns.pulya.values())

    def settle(self, convention: Convention | None = None) -> Settlement:
        """The saldos of the sheet as it stands."""
        return settle(self, convention)

    def __repr__(self) -> str:
        return f"Sheet({list(self._players)!r}, convention={self._convention.name!r}, deals={len(self)})"
