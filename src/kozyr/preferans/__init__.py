"""Preferans: the play of a deal (auction, talon, whist, the ten tricks) and its
scoring. :class:`Game` deals from a seed and plays a deal on the compiled core
(kozyr.preferans.core), with a plain-Python twin (kozyr.preferans.reference)
that the tests play beside it; contracts and bidding, deal scoring, the sheet and
the settlement are pure Python, in exact arithmetic (:class:`fractions.Fraction`).

Every house rule is a field of
:class:`Convention`; :data:`SOCHI` (default), :data:`LENINGRAD` and
:data:`ROSTOV` are presets.

>>> sheet = Sheet(["A", "B", "C"])
>>> _ = sheet.add(Deal(["A", "B", "C"], declarer="A", contract="6C",
...                    calls={"B": "whist", "C": "whist"}, tricks={"A": 6, "B": 2, "C": 2}))
>>> dict(sheet.settle())
{'A': Fraction(16, 3), 'B': Fraction(-8, 3), 'C': Fraction(-8, 3)}
"""

from kozyr.preferans.bidding import PASS, AuctionResult, Bidding
from kozyr.preferans.contracts import (
    LADDER,
    MISERE,
    VALUES,
    Contract,
    Strain,
    defence_quota,
    parse_contract,
    whister_shares,
)
from kozyr.preferans.convention import (
    LENINGRAD,
    PRESETS,
    ROSTOV,
    SOCHI,
    Convention,
    LoneWhist,
    Progression,
    RaspasyMode,
    RaspasyTalon,
    Responsibility,
    WhistType,
    convention_named,
)
from kozyr.preferans.core.engine import Game
from kozyr.preferans.deal import Call, Deal
from kozyr.preferans.errors import PreferansError
from kozyr.preferans.scoring import Conditions, Entries, ScoredDeal, score_deal
from kozyr.preferans.settlement import Columns, Settlement, round_to_sum_zero, settle
from kozyr.preferans.sheet import Sheet
from kozyr.preferans.tuning import spsa

__all__ = [
    "AuctionResult",
    "Bidding",
    "Call",
    "Columns",
    "Conditions",
    "Contract",
    "Convention",
    "Deal",
    "Entries",
    "Game",
    "LADDER",
    "LENINGRAD",
    "LoneWhist",
    "MISERE",
    "PASS",
    "PRESETS",
    "PreferansError",
    "Progression",
    "ROSTOV",
    "RaspasyMode",
    "RaspasyTalon",
    "Responsibility",
    "SOCHI",
    "ScoredDeal",
    "Settlement",
    "Sheet",
    "Strain",
    "VALUES",
    "WhistType",
    "convention_named",
    "defence_quota",
    "parse_contract",
    "round_to_sum_zero",
    "score_deal",
    "settle",
    "spsa",
    "whister_shares",
]
