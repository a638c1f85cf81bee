"""The sheet (пулька): per-player pulya, gora and whist columns kept from the
list of deals.

The sheet keeps the list of deals, each scored once, and after each deal a
snapshot of the running totals (the conditions of the next deal are part of
the scored deal).  Adding a deal scores that deal alone, from the last
snapshot; undoing the last deal drops it and its snapshot; editing deal k
(a misheard trick count is the commonest correction at the table) rescores
deals k..end from the snapshot before k, so the raspasy price and exit
threshold of every later deal follow automatically.  Building a sheet of n
deals therefore costs n scorings, not n²/2.  A refused change leaves the
sheet exactly as it was.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from kozyr.errors import shown
from kozyr.preferans._frozen import FrozenMap
from kozyr.preferans.convention import SOCHI, Convention, checked_convention
from kozyr.preferans.deal import Deal, check_players
from kozyr.preferans.errors import PreferansError
from kozyr.preferans.numbers import show
from kozyr.preferans.scoring import Conditions, Entries, ScoredDeal, score_deal
from kozyr.preferans.settlement import Columns, Number, Settlement, settle

__all__ = ["Sheet"]

ZERO = Fraction(0)


@dataclass(frozen=True)
class _Totals:
    """The columns' running totals after some deal (a snapshot: never changed once made)."""

    pulya: FrozenMap[str, Fraction]
    gora: FrozenMap[str, Fraction]
    whists: FrozenMap[tuple[str, str], Fraction]

    @classmethod
    def zero(cls, players: tuple[str, ...]) -> _Totals:
        return cls(FrozenMap((p, ZERO) for p in players), FrozenMap((p, ZERO) for p in players), FrozenMap())

    def plus(self, entries: Entries) -> _Totals:
        """These totals with one deal's entries added (only the touched cells change)."""
        pulya = self.pulya.to_dict()
        gora = self.gora.to_dict()
        whists = self.whists.to_dict()
        for p, v in entries.pulya.items():
            pulya[p] += v
        for p, v in entries.gora.items():
            gora[p] += v
        for k, v in entries.whists.items():
            whists[k] = whists.get(k, ZERO) + v
        return _Totals(FrozenMap(pulya), FrozenMap(gora), FrozenMap(whists))


class Sheet:
    """A game's sheet.

    ``Sheet(players, convention=SOCHI, target=None, deals=())`` where
    ``players`` is the seating order and ``target`` the pulya each player must
    reach to close the game (None: no target, :attr:`closed` is False).

    >>> sheet = Sheet(["A", "B", "C"])
    >>> _ = sheet.add(Deal.raspasy({"A": 2, "B": 3, "C": 5}))
    >>> _ = sheet.add(Deal.raspasy({"A": 2, "B": 3, "C": 5}))
    >>> sheet.gora, sheet.next_conditions.raspasy_price
    ({'A': Fraction(0, 1), 'B': Fraction(3, 1), 'C': Fraction(9, 1)}, Fraction(3, 1))
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
        self._convention = checked_convention(convention)
        if target is not None:
            if isinstance(target, bool) or not isinstance(target, (int, Fraction)) or target <= 0:
                raise PreferansError("bad_target", f"target: {show(target)} is not a positive number",
                                     field="target", value=target)
        self._target = None if target is None else Fraction(target)
        self._start = _Totals.zero(self._players)
        self._scored: list[ScoredDeal] = []
        self._totals: list[_Totals] = []  # _totals[k]: the columns after deal k
        self._rescore(0, list(deals))

    # --- scoring -----------------------------------------------------------------

    def _rescore(self, start: int, deals: list[Deal]) -> None:
        """Replace deals ``start..`` by ``deals``, each scored once from the snapshot before ``start``.
        All are scored before anything is changed: a refusal propagates and leaves the sheet as it was."""
        cond = self._scored[start - 1].next if start else Conditions.start(self._convention)
        running = self._totals[start - 1] if start else self._start
        scored: list[ScoredDeal] = []
        totals: list[_Totals] = []
        for index, deal in enumerate(deals, start):
            self._check_deal(index, deal)
            try:
                result = score_deal(deal, self._convention, cond)
            except PreferansError as exc:
                raise exc.at(f"deal {index}") from None
            running = running.plus(result.entries)
            scored.append(result)
            totals.append(running)
            cond = result.next
        self._scored[start:] = scored
        self._totals[start:] = totals

    def _check_deal(self, index: int, deal: Deal) -> None:
        if not isinstance(deal, Deal):
            raise PreferansError("bad_deal", f"deal {index}: {shown(deal)} is not a Deal", value=deal)
        if deal.players != self._players:
            raise PreferansError(
                "players_mismatch",
                f"deal {index}: players {list(deal.players)!r} differ from the sheet's {list(self._players)!r}",
                value=deal.players,
            )

    def _index(self, index: int) -> int:
        """``index`` (negative counts from the end) as the position of one of the deals, or ``bad_index``."""
        n = len(self._scored)
        if isinstance(index, bool) or not isinstance(index, int) or not -n <= index < n:
            raise PreferansError("bad_index", f"index: {shown(index)} is not a deal of this sheet (it has {n})",
                                 field="index", value=index)
        return index % n

    # --- changes ---------------------------------------------------------------

    def add(self, deal: Deal) -> ScoredDeal:
        """Append a deal and return it scored (only this deal is scored)."""
        self._rescore(len(self._scored), [deal])
        return self._scored[-1]

    def undo(self) -> Deal:
        """Remove the last deal and return it (nothing is rescored)."""
        if not self._scored:
            raise PreferansError("empty_sheet", "undo: the sheet has no deals")
        self._totals.pop()
        return self._scored.pop().deal

    def edit(self, index: int, deal: Deal) -> ScoredDeal:
        """Replace deal ``index`` and rescore it and every deal after it."""
        index = self._index(index)
        later = [s.deal for s in self._scored[index + 1:]]
        self._rescore(index, [deal, *later])
        return self._scored[index]

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
        return self._as_columns(self._totals[-1] if self._totals else self._start)

    def columns_after(self, index: int) -> Columns:
        """The columns as they stood right after deal ``index`` (kept, not recomputed)."""
        return self._as_columns(self._totals[self._index(index)])

    def _as_columns(self, totals: _Totals) -> Columns:
        return Columns._unchecked(self._players, totals.pulya, totals.gora, totals.whists)

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
        """The saldos of the sheet as it stands (under its own convention unless one is given)."""
        return settle(self.columns, self._convention if convention is None else convention)

    def __repr__(self) -> str:
        return f"Sheet({list(self._players)!r}, convention={self._convention.name!r}, deals={len(self)})"
