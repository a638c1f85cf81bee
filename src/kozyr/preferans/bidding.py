"""The auction (торговля).

Players speak in turn, starting left of the dealer; with four players the
dealer sits out.  Each call is a pass or a bid strictly above the highest so
far on the ladder.  A player who passes is out of the auction.  Misère may only
be a player's first bid, and after bidding misère a player may only pass.  The
auction ends when one bidder is left (he is the declarer with his last bid) or
when everybody passed without a bid (raspasy).

Bids below the exit threshold after raspasy (``min_level``) are refused;
misère is never below it (it ranks above every eight).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from kozyr.errors import shown
from kozyr.preferans.contracts import LADDER, MISERE, Contract, ContractLike, as_contract
from kozyr.preferans.deal import check_players, checked_dealer, known_player
from kozyr.preferans.errors import PreferansError

__all__ = ["Bidding", "AuctionResult", "PASS"]

PASS = "pass"
"""The pass call (``None`` is accepted as well)."""

CallLike = Contract | str | None


@dataclass(frozen=True)
class AuctionResult:
    """The outcome: the declarer and the winning bid, or raspasy (both None).
    The declarer may still raise the contract after taking the talon."""

    declarer: str | None
    contract: Contract | None

    @property
    def raspasy(self) -> bool:
        return self.contract is None

    def __str__(self) -> str:
        if self.contract is None:
            return "raspasy"
        return f"{self.declarer} {self.contract.pretty}"


class Bidding:
    """An auction in progress.  ``Bidding(players, dealer=None, min_level=6)``.

    ``call(player, '6S')`` or ``call(player, 'pass')`` (also :meth:`bid` and
    :meth:`pass_`).  An illegal call raises :class:`PreferansError` and changes
    nothing.
    """

    def __init__(self, players: Sequence[str], *, dealer: str | None = None, min_level: int = 6) -> None:
        names = check_players(players)
        dealer = checked_dealer(names, dealer)
        if isinstance(min_level, bool) or min_level not in (6, 7, 8, 9, 10):
            raise PreferansError("bad_min_level", f"min_level: {shown(min_level)} is not a level 6-10",
                                 field="min_level", value=min_level)
        if dealer is None:
            order = names
        else:
            i = names.index(dealer)
            after = names[i + 1:] + names[:i + 1]
            order = tuple(p for p in after if not (len(names) == 4 and p == dealer))
        self._players = names
        self._order = order  # bidders in speaking order
        self._min_level = min_level
        self._history: list[tuple[str, Contract | None]] = []
        self._passed: set[str] = set()
        self._bids: dict[str, list[Contract]] = {p: [] for p in order}
        self._turn = 0  # index into _order

    # --- reading ---------------------------------------------------------------

    @property
    def order(self) -> tuple[str, ...]:
        """The bidders in speaking order (the dealer left out with 4 players)."""
        return self._order

    @property
    def history(self) -> list[tuple[str, Contract | None]]:
        """Every call so far: (player, bid) with None for a pass."""
        return list(self._history)

    @property
    def highest(self) -> Contract | None:
        bids = [c for _, c in self._history if c is not None]
        return bids[-1] if bids else None

    @property
    def high_bidder(self) -> str | None:
        for who, c in reversed(self._history):
            if c is not None:
                return who
        return None

    @property
    def finished(self) -> bool:
        in_play = [p for p in self._order if p not in self._passed]
        if self.highest is None:
            return not in_play
        return in_play == [self.high_bidder]

    @property
    def to_call(self) -> str | None:
        """Who speaks next (None when the auction is over)."""
        return None if self.finished else self._order[self._turn]

    @property
    def result(self) -> AuctionResult | None:
        """None while the auction goes on."""
        if not self.finished:
            return None
        return AuctionResult(self.high_bidder, self.highest)

    def legal_calls(self) -> list[Contract | None]:
        """Every call the player to speak may make (None is pass)."""
        who = self.to_call
        if who is None:
            return []
        calls: list[Contract | None] = [None]
        for c in LADDER:
            try:
                self._check_bid(who, c)
            except PreferansError:
                continue
            calls.append(c)
        return calls

    # --- calls -------------------------------------------------------------------

    def call(self, player: str, call: CallLike) -> None:
        """Make a call: a bid (a :class:`Contract` or text) or a pass."""
        player = known_player("player", player, self._players)
        if self.finished:
            raise PreferansError("auction_over", f"call by {player!r}: the auction is over ({self.result})")
        expected = self._order[self._turn]
        if player != expected:
            raise PreferansError("not_your_turn", f"call by {player!r}: it is {expected!r}'s turn")
        contract: Contract | None
        if call is None or (isinstance(call, str) and call.strip().lower() in ("pass", "пас")):
            contract = None
        else:
            contract = as_contract(call)
            self._check_bid(player, contract)
        self._history.append((player, contract))
        if contract is None:
            self._passed.add(player)
        else:
            self._bids[player].append(contract)
        self._advance()

    def bid(self, player: str, contract: ContractLike) -> None:
        self.call(player, as_contract(contract))

    def pass_(self, player: str) -> None:
        self.call(player, None)

    def _check_bid(self, player: str, contract: Contract) -> None:
        own = self._bids[player]
        if own and MISERE in own:
            raise PreferansError(
                "bid_after_misere", f"bid {contract.pretty} by {player!r}: after misère a player may only pass"
            )
        if contract.is_misere and own:
            raise PreferansError(
                "misere_after_bid",
                f"bid misère by {player!r}: misère must be a player's first bid (he bid {own[-1].pretty})",
            )
        high = self.highest
        if high is not None and contract <= high:
            raise PreferansError(
                "bid_not_higher", f"bid {contract.pretty} by {player!r}: not above {high.pretty}"
            )
        if contract.level is not None and contract.level < self._min_level:
            raise PreferansError(
                "below_minimum",
                f"bid {contract.pretty} by {player!r}: below the minimum level {self._min_level}",
            )

    def _advance(self) -> None:
        if self.finished:
            return
        n = len(self._order)
        for step in range(1, n + 1):
            j = (self._turn + step) % n
            if self._order[j] not in self._passed:
                self._turn = j
                return

    def __repr__(self) -> str:
        calls = ", ".join(f"{p}: {'pass' if c is None else c.pretty}" for p, c in self._history)
        return f"Bidding([{calls}])"
