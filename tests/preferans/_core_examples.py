"""The rules' published deals as the compiled core's tests read them: seeds, hands, talons and tricks won
of the three worked deals (their moves are _pref_deals' tables, the one copy), the published decks, and the
record of deal 1. The view of B after ply 10 is _pref_deals' too."""

from __future__ import annotations

from _pref_deals import EXAMPLE_1, EXAMPLE_2, EXAMPLE_3, SEAT, VIEW_B_PLY10

__all__ = ["CONTRACT", "MISERE", "RASPASY", "SEAT", "DECK1", "DECK2", "FOUR", "FOUR_TALON", "VIEW_B_PLY10",
           "DEAL_1", "moves_of", "pad"]


def pad(text: str) -> bytes:
    """A seed padded with spaces to 32 bytes."""
    return text.encode("ascii").ljust(32, b" ")


# (seed, every move as (seat, text): the worked deal's table in _pref_deals, hands, talon, won)
CONTRACT = (
    "kozyr-preferans-3",
    EXAMPLE_1,
    {"A": "QS 7H 8H 9H TH KH AH 7D 8C QC", "B": "8S 9S TS JS JH QH QD KD AD AC",
     "C": "KS AS 8D 9D TD JD 9C TC JC KC"},
    "7C 7S",
    {"A": 6, "B": 1, "C": 3},
)
MISERE = (
    "kozyr-preferans-50",
    EXAMPLE_2,
    {"A": "7H 8H 9H 7D 8D 9D JD 7C 8C TC", "B": "7S 8S TS AS TH AH TD AD JC AC",
     "C": "9S JS QS KS QH KH QD 9C QC KC"},
    "KD JH",
    {"A": 0, "B": 5, "C": 5},
)
RASPASY = (
    "kozyr-preferans-28",
    EXAMPLE_3,
    {"A": "7S 9S TS KS 8H TH AH 8D JD QD", "B": "JS QS AS 9H KH 9D TD 8C 9C AC",
     "C": "8S JH QH 7D KD AD 7C JC QC KC"},
    "TC 7H",
    {"A": 1, "B": 5, "C": 4},
)


def moves_of(example: tuple) -> list[tuple[int, str]]:
    """Every move of a worked deal as (seat, canonical text)."""
    return list(example[1])


DECK1 = "9H 7H QD 9S JD JC QC TH AC 8S KS TD 8H 8C KD JH KC 9D KH AH QH AD TC 9C QS 7D TS JS AS 8D 7C 7S"
DECK2 = "8S KS 9C 7H JH AH AD 8C KH 9S 7S AC 7D 9D AS 8D QC JC 8H 7C TD QD TC KC KD TS JS QH JD 9H QS TH"
FOUR = {1: "8S TS KS 8H 7D 9D KD AD 7C 8C", 2: "9S JS AS 7H QH KH 8D TD QD 9C",
        3: "7S 9H JH AH JD TC JC QC KC AC"}
FOUR_TALON = "QS TH"

DEAL_1 = {"players": ["A", "B", "C"], "dealer": "C", "raspasy": False,
          "declarer": "A", "contract": "6H", "calls": {"B": "whist", "C": "pass"},
          "tricks": {"A": 6, "B": 1, "C": 3}, "open": True,
          "whist_order": ["B", "C"]}
