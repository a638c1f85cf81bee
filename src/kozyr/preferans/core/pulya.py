"""A whole game (пулька) played to its target by random-legal bots at every seat, with the sheet.

Each deal is dealt from the game's seed by its number (deal k uses number k), by the seat left of the
last dealer (the dealer rotates after every deal, raspasy included), under the conditions the sheet
gives for it (`sheet.next_conditions`: the exit threshold after raspasy feeds the deal's `min_level`),
and played to its end in C by uniformly random legal moves; its record becomes the scorer's `Deal`
and goes on the sheet. The game ends when the sheet is closed (every pulya at the target). Random
bots are a soak of the whole path (engine, record, scorer, settlement), not a strength figure.

>>> result = play_game(b"kozyr-preferans-game".ljust(32), players=("A", "B", "C"), target=4, bots=1)
>>> result.sheet.closed, sum(result.settlement.values()) == 0
(True, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from kozyr.errors import shown, whole
from kozyr.preferans.convention import SOCHI, Convention
from kozyr.preferans.core.engine import Game
from kozyr.preferans.deal import check_players
from kozyr.preferans.errors import PreferansError
from kozyr.preferans.record import Record
from kozyr.preferans.sheet import Sheet

__all__ = ["PlayedGame", "play_game", "MAX_DEALS"]

MAX_DEALS = 100_000
"""The most deals play_game may be asked to play."""


@dataclass(frozen=True)
class PlayedGame:
    """A played game: the sheet (closed unless max_deals stopped it), its settlement (saldo by name, summing
    to zero) and every deal's record."""

    sheet: Sheet
    settlement: dict[str, Fraction]
    records: tuple[Record, ...]


def play_game(seed: object, *, players: Sequence[str] = ("A", "B", "C"), convention: Convention = SOCHI,
              target: int = 10, dealer: int = 0, bots: int = 0, pass_rate: float = 0.0,
              max_deals: int = 20_000) -> PlayedGame:
    """Play a whole game to `target` pulya each with random-legal bots at every seat (see the module's
    docstring). `seed` is the game's 32-byte deal seed, `dealer` the first dealer's seat, `bots` the seed of
    the bots' generator (deal k uses `bots` + k), `pass_rate` the chance that a bot passes in the auction
    rather than making a uniformly random legal call (`Game.finish_random`; 0, uniform, almost never gives
    raspasy). The game stops after `max_deals` deals (1..100,000)
    even if the sheet is still open (`result.sheet.closed` says which); Ctrl-C stops it between two deals."""
    names = check_players(players)
    if type(dealer) is not int or not 0 <= dealer < len(names):
        raise PreferansError("bad_dealer", f"dealer: {shown(dealer)} is not a seat 0..{len(names) - 1}",
                             field="dealer", value=dealer)
    limit = whole("max_deals", max_deals, 1, MAX_DEALS)
    bot_seed = whole("bots", bots)
    sheet = Sheet(names, convention, target=target)
    records: list[Record] = []
    d = dealer
    for number in range(1, limit + 1):
        game = Game.from_seed(seed, number, players=names, dealer=d, convention=convention,
                              conditions=sheet.next_conditions)
        game.finish_random(bot_seed + number, pass_rate)
        record = game.record()
        sheet.add(record.to_deal())
        records.append(record)
        if sheet.closed:
            return PlayedGame(sheet, dict(sheet.settle()), tuple(records))
        d = (d + 1) % len(names)
    return PlayedGame(sheet, dict(sheet.settle()), tuple(records))
