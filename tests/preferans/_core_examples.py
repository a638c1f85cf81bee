"""The rules' published deals as data, shared by the compiled core's tests: seeds, hands and
every move of the three worked deals, by seat letter."""

from __future__ import annotations


def pad(text: str) -> bytes:
    """A seed padded with spaces to 32 bytes."""
    return text.encode("ascii").ljust(32, b" ")


SEAT = {"A": 0, "B": 1, "C": 2}

# (seed, opening moves, tricks (seat letter, card) in play order, hands, talon, won)
CONTRACT = (
    "kozyr-preferans-3",
    [("A", "bid 6S"), ("B", "pass"), ("C", "pass"), ("A", "discard QS 7D"), ("A", "name 6H"),
     ("B", "whist"), ("C", "pass"), ("B", "open")],
    ["A AH B JH B 8D", "A KH B QH B 9D", "A 7C B AC B 9C", "B AD B JD A 7H", "A 8C B 8S B TC",
     "B KC A QC B 9S", "B AS A 7S B TS", "B KS A 8H B JS", "A 9H B KD B TD", "A TH B QD B JC"],
    {"A": "QS 7H 8H 9H TH KH AH 7D 8C QC", "B": "8S 9S TS JS JH QH QD KD AD AC",
     "C": "KS AS 8D 9D TD JD 9C TC JC KC"},
    "7C 7S",
    {"A": 6, "B": 1, "C": 3},
)
MISERE = (
    "kozyr-preferans-50",
    [("A", "bid misere"), ("B", "pass"), ("C", "pass"), ("A", "discard JH KD")],
    ["A 7C B JC C 9C", "B TD C QD A JD", "C KH A 9H B TH", "C QH A 8H B AH", "B AC C KC A 8C",
     "B AD C 9S A 9D", "B 7S C JS A TC", "C QC A 8D B 8S", "C QS A 7D B TS", "C KS A 7H B AS"],
    {"A": "7H 8H 9H 7D 8D 9D JD 7C 8C TC", "B": "7S 8S TS AS TH AH TD AD JC AC",
     "C": "9S JS QS KS QH KH QD 9C QC KC"},
    "KD JH",
    {"A": 0, "B": 5, "C": 5},
)
RASPASY = (
    "kozyr-preferans-28",
    [("A", "pass"), ("B", "pass"), ("C", "pass")],
    ["A AH B 9C C 7C", "A 8H B 9H C QH", "A 7S B JS C 8S", "B TD C 7D A 8D", "B 8C C JC A TH",
     "C KD A QD B 9D", "C JH A 9S B KH", "B AC C QC A TS", "B QS C KC A KS", "A JD B AS C AD"],
    {"A": "7S 9S TS KS 8H TH AH 8D JD QD", "B": "JS QS AS 9H KH 9D TD 8C 9C AC",
     "C": "8S JH QH 7D KD AD 7C JC QC KC"},
    "TC 7H",
    {"A": 1, "B": 5, "C": 4},
)


def moves_of(example: tuple) -> list[tuple[int, str]]:
    """Every move of a worked deal as (seat, canonical text)."""
    _, opening, tricks, _, _, _ = example
    out = [(SEAT[who], text) for who, text in opening]
    for line in tricks:
        words = line.split()
        out += [(SEAT[words[i]], "play " + words[i + 1]) for i in range(0, 6, 2)]
    return out


DECK1 = "9H 7H QD 9S JD JC QC TH AC 8S KS TD 8H 8C KD JH KC 9D KH AH QH AD TC 9C QS 7D TS JS AS 8D 7C 7S"
DECK2 = "8S KS 9C 7H JH AH AD 8C KH 9S 7S AC 7D 9D AS 8D QC JC 8H 7C TD QD TC KC KD TS JS QH JD 9H QS TH"
FOUR = {1: "8S TS KS 8H 7D 9D KD AD 7C 8C", 2: "9S JS AS 7H QH KH 8D TD QD 9C",
        3: "7S 9H JH AH JD TC JC QC KC AC"}
FOUR_TALON = "QS TH"

VIEW_B_PLY10 = {
    "seat": 1, "ply": 10, "phase": "play", "actor": 1, "dealer": 2,
    "active": [0, 1, 2],
    "params": {"raspasy_talon": "first_hand", "ten_checked": True,
               "lone_whist": "choice", "stalingrad": False, "half_whist": True},
    "min_level": 6,
    "auction": [[0, "6S"], [1, "pass"], [2, "pass"]],
    "declarer": 0, "bid": "6S", "contract": "6H", "trump": 1,
    "talon": ["7C", "7S"], "discard": [],
    "calls": [[1, "whist"], [2, "pass"]], "defence": "open",
    "hand": ["8S", "9S", "TS", "JS", "QH", "QD", "KD", "AD", "AC"],
    "counts": {"0": 9, "1": 9, "2": 10},
    "open_hands": {"1": ["8S", "9S", "TS", "JS", "QH", "QD", "KD", "AD", "AC"],
                   "2": ["KS", "AS", "8D", "9D", "TD", "JD", "9C", "TC", "JC", "KC"]},
    "controls": [1, 2],
    "trick": {"leader": 0, "talon": None, "plays": [[0, "AH"], [1, "JH"]]},
    "tricks": [], "won": {"0": 0, "1": 0, "2": 0},
    "legal": ["play KS", "play AS", "play 8D", "play 9D", "play TD",
              "play JD", "play 9C", "play TC", "play JC", "play KC"],
    "over": False, "deal": None,
}
DEAL_1 = {"players": ["A", "B", "C"], "dealer": "C", "raspasy": False,
          "declarer": "A", "contract": "6H", "calls": {"B": "whist", "C": "pass"},
          "tricks": {"A": 6, "B": 1, "C": 3}, "open": True,
          "whist_order": ["B", "C"]}
