"""Scoring one deal: from a :class:`~kozyr.preferans.deal.Deal` to sheet entries.

The scorer is a pure function of the deal, the convention and the conditions
the deal was played under (the raspasy price and the minimum game level, which
depend on how many raspasy came just before).  It returns the entries (pulya,
gora, whists by whom on whom) and the conditions of the next deal, so a sheet
is a left fold of :func:`score_deal` over its list of deals.

All amounts are :class:`fractions.Fraction`: half-greedy whist and
semi-responsible whist produce thirds and halves, and rounding a sheet entry
would make the settlement disagree with itself.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction

from kozyr.errors import shown
from kozyr.preferans._frozen import FrozenMap
from kozyr.preferans.contracts import Contract, defence_quota, whister_shares
from kozyr.preferans.convention import SOCHI, Convention, RaspasyMode, Responsibility, WhistType
from kozyr.preferans.deal import Deal
from kozyr.preferans.errors import PreferansError

__all__ = ["Conditions", "Entries", "ScoredDeal", "score_deal"]

ZERO = Fraction(0)


@dataclass(frozen=True)
class Conditions:
    """What a deal is played under: the lowest game level that may be bid
    (the raspasy exit threshold), the price of a trick if it is passed out, and
    how many raspasy in a row came just before it."""

    min_level: int = 6
    raspasy_price: Fraction = Fraction(1)
    raspasy_streak: int = 0

    @classmethod
    def start(cls, convention: Convention = SOCHI) -> Conditions:
        """Conditions of the first deal of a game (or of any deal after a game)."""
        return cls(6, convention.raspasy_price_at(1), 0)

    def after(self, deal: Deal, convention: Convention) -> Conditions:
        """Conditions of the deal that follows ``deal``."""
        if deal.is_raspasy:
            streak = self.raspasy_streak + 1
            return Conditions(
                convention.exit_level_after(streak), convention.raspasy_price_at(streak + 1), streak
            )
        return Conditions.start(convention)


@dataclass(frozen=True)
class Entries:
    """What one deal writes on the sheet.  ``whists[(i, j)]`` is what player i
    writes on player j.  Only non-zero entries are kept."""

    pulya: FrozenMap[str, Fraction] = field(default_factory=FrozenMap)
    gora: FrozenMap[str, Fraction] = field(default_factory=FrozenMap)
    whists: FrozenMap[tuple[str, str], Fraction] = field(default_factory=FrozenMap)

    def whists_on(self, target: str) -> Fraction:
        """Total whists written on ``target`` in this deal."""
        return sum((v for (_, j), v in self.whists.items() if j == target), ZERO)

    def whists_by(self, writer: str) -> Fraction:
        """Total whists ``writer`` wrote in this deal."""
        return sum((v for (i, _), v in self.whists.items() if i == writer), ZERO)


class _Ledger:
    """Accumulates entries while a deal is scored."""

    def __init__(self, players: tuple[str, ...]) -> None:
        self.players = players
        self.pulya: dict[str, Fraction] = {}
        self.gora: dict[str, Fraction] = {}
        self.whists: dict[tuple[str, str], Fraction] = {}

    def to_pulya(self, who: str, amount: Fraction | int) -> None:
        if amount:
            self.pulya[who] = self.pulya.get(who, ZERO) + amount

    def to_gora(self, who: str, amount: Fraction | int) -> None:
        if amount:
            self.gora[who] = self.gora.get(who, ZERO) + amount

    def whist(self, writer: str, target: str, amount: Fraction | int) -> None:
        if amount:
            key = (writer, target)
            self.whists[key] = self.whists.get(key, ZERO) + amount

    def entries(self) -> Entries:
        order = {p: i for i, p in enumerate(self.players)}

        def by_seat(d: Mapping[str, Fraction]) -> FrozenMap[str, Fraction]:
            return FrozenMap((p, d[p]) for p in self.players if d.get(p))

        whists = FrozenMap(
            (k, self.whists[k])
            for k in sorted(self.whists, key=lambda k: (order[k[0]], order[k[1]]))
            if self.whists[k]
        )
        return Entries(by_seat(self.pulya), by_seat(self.gora), whists)


@dataclass(frozen=True)
class ScoredDeal:
    """A deal with its entries, the conditions it was played under and the
    conditions of the next deal."""

    deal: Deal
    entries: Entries
    conditions: Conditions
    next: Conditions


def score_deal(
    deal: Deal,
    convention: Convention = SOCHI,
    conditions: Conditions | None = None,
) -> ScoredDeal:
    """Score one deal.  ``conditions`` default to those of a first deal."""
    if not isinstance(deal, Deal):
        raise PreferansError("bad_deal", f"deal: {shown(deal)} is not a Deal", value=deal)
    cond = conditions if conditions is not None else Conditions.start(convention)
    ledger = _Ledger(deal.players)
    if deal.contract is None:
        _score_raspasy(deal, convention, cond, ledger)
    else:
        contract = deal.contract
        if contract.level is not None and contract.level < cond.min_level:
            raise PreferansError(
                "below_minimum",
                f"contract: {contract.pretty} is below the minimum level {cond.min_level} "
                f"required after {cond.raspasy_streak} raspasy",
            )
        if contract.is_misere:
            _score_misere(deal, contract, convention, ledger)
        else:
            _score_game(deal, contract, convention, ledger)
    return ScoredDeal(deal, ledger.entries(), cond, cond.after(deal, convention))


def _score_misere(deal: Deal, contract: Contract, conv: Convention, ledger: _Ledger) -> None:
    assert deal.declarer is not None
    taken = deal.tricks[deal.declarer]
    if taken == 0:
        ledger.to_pulya(deal.declarer, contract.value)
    else:
        ledger.to_gora(deal.declarer, conv.gora_factor * contract.value * taken)


def _score_game(deal: Deal, contract: Contract, conv: Convention, ledger: _Ledger) -> None:
    declarer = deal.declarer
    assert declarer is not None and contract.level is not None
    v = contract.value
    level = contract.level
    half = deal.half_whister
    whisters = deal.whisters

    if half is not None:
        if not conv.half_whist:
            raise PreferansError(
                "half_whist_not_allowed",
                f"calls: half-whist by {half!r}, but convention {conv.name!r} has no half-whist",
                field="calls", value=half,
            )
        # No play: the contract counts as made; the half-whister writes whists
        # for half the defence's quota (2 tricks on a six, 1 on a seven).
        ledger.to_pulya(declarer, v)
        ledger.whist(half, declarer, conv.whist_factor * v * Fraction(defence_quota(contract), 2))
        return
    if not whisters:
        ledger.to_pulya(declarer, v)  # both passed: no play, no whists
        return

    taken = deal.tricks[declarer]
    defence = 10 - taken
    made = taken >= level
    if made:
        ledger.to_pulya(declarer, v)
    else:
        short = level - taken
        ledger.to_gora(declarer, conv.gora_factor * v * short)
        consolers = list(deal.defenders)
        if len(deal.players) == 4 and conv.consolation_dealer and deal.dealer is not None:
            consolers.append(deal.dealer)
        for who in consolers:
            ledger.whist(who, declarer, conv.consolation_factor * v * short)

    rate = {
        Responsibility.RESPONSIBLE: Fraction(conv.gora_factor * v),
        Responsibility.SEMI: Fraction(conv.gora_factor * v, 2),
        Responsibility.NONE: ZERO,
    }[conv.responsibility]
    quota = defence_quota(contract)

    if len(whisters) == 2:
        if conv.split_closed and not deal.open:
            credited = {w: Fraction(defence, 2) for w in whisters}
        else:
            credited = {w: Fraction(deal.tricks[w]) for w in whisters}
        for w in whisters:
            ledger.whist(w, declarer, conv.whist_factor * v * credited[w])
        shortfall = quota - defence
        if shortfall > 0 and rate:
            for w, share in zip(whisters, whister_shares(contract), strict=True):
                own = share - credited[w]
                if own > 0:
                    owed = min(own, Fraction(shortfall)) if conv.cap_whister_penalty else own
                    ledger.to_gora(w, rate * owed)
        return

    # One whister, one passer: the whister plays for the whole defence.
    (whister,) = whisters
    (passer,) = [p for p in deal.defenders if p != whister]
    total = Fraction(conv.whist_factor * v * defence)
    kind = conv.whist_on_success if made else conv.whist_on_failure
    if kind is WhistType.GREEDY:
        ledger.whist(whister, declarer, total)
    elif kind is WhistType.HALF_GREEDY:
        ledger.whist(whister, declarer, total * Fraction(2, 3))
        ledger.whist(passer, declarer, total * Fraction(1, 3))
    else:
        ledger.whist(whister, declarer, total / 2)
        ledger.whist(passer, declarer, total / 2)
    shortfall = quota - defence
    if shortfall > 0 and rate:
        ledger.to_gora(whister, rate * shortfall)


def _score_raspasy(deal: Deal, conv: Convention, cond: Conditions, ledger: _Ledger) -> None:
    price = cond.raspasy_price
    tricks = {p: deal.tricks[p] for p in deal.active}
    fewest = min(tricks.values())
    base = fewest if conv.raspasy_amnesty else 0
    if conv.raspasy_mode is RaspasyMode.GORA:
        for p, t in tricks.items():
            ledger.to_gora(p, price * (t - base))
    else:
        winners = [p for p, t in tricks.items() if t == fewest]
        for w in winners:
            for p, t in tricks.items():
                if t != fewest:
                    ledger.whist(w, p, conv.raspasy_whists_per_trick * price * (t - base))
    if conv.raspasy_zero_bonus:
        for p, t in tricks.items():
            if t == 0:
                ledger.to_pulya(p, price)
