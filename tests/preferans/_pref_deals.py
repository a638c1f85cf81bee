"""The three worked deals, written as tables: (ply, seat, move text, legal-list count or None)."""
from __future__ import annotations

SEAT = {"A": 0, "B": 1, "C": 2}


def plays(table: str) -> list[tuple[int, str]]:
    """`A AH, B JH, B(C) 8D` per line -> (the seat that moves, "play AH"), ...: B(C) is B choosing C's card."""
    out = []
    for line in table.strip().splitlines():
        for part in line.split(","):
            who, card = part.split()
            out.append((SEAT[who[0]], f"play {card}"))
    return out


EXAMPLE_1 = [(0, "bid 6S"), (1, "pass"), (2, "pass"), (0, "discard QS 7D"), (0, "name 6H"), (1, "whist"),
             (2, "pass"), (1, "open")] + plays("""
A AH, B JH, B(C) 8D
A KH, B QH, B(C) 9D
A 7C, B AC, B(C) 9C
B AD, B(C) JD, A 7H
A 8C, B 8S, B(C) TC
B(C) KC, A QC, B 9S
B(C) AS, A 7S, B TS
B(C) KS, A 8H, B JS
A 9H, B KD, B(C) TD
A TH, B QD, B(C) JC
""")
EXAMPLE_1_LEGAL = {1: 27, 2: 26, 4: 66, 5: 25, 6: 2, 7: 2, 8: 2, 20: 4}
"""ply -> the length of the legal list the move at that ply was chosen from (the tables' counts)."""
EXAMPLE_1_WINNERS = [0, 0, 1, 0, 2, 2, 2, 0, 0, 0]

EXAMPLE_2 = [(0, "bid misere"), (1, "pass"), (2, "pass"), (0, "discard JH KD")] + plays("""
A 7C, B JC, C 9C
B TD, C QD, A JD
C KH, A 9H, B TH
C QH, A 8H, B AH
B AC, C KC, A 8C
B AD, C 9S, A 9D
B 7S, C JS, A TC
C QC, A 8D, B 8S
C QS, A 7D, B TS
C KS, A 7H, B AS
""")
EXAMPLE_2_LEGAL = {2: 11}
EXAMPLE_2_WINNERS = [1, 2, 2, 1, 1, 1, 2, 2, 2, 1]

EXAMPLE_3 = [(0, "pass"), (1, "pass"), (2, "pass")] + plays("""
A AH, B 9C, C 7C
A 8H, B 9H, C QH
A 7S, B JS, C 8S
B TD, C 7D, A 8D
B 8C, C JC, A TH
C KD, A QD, B 9D
C JH, A 9S, B KH
B AC, C QC, A TS
B QS, C KC, A KS
A JD, B AS, C AD
""")
EXAMPLE_3_LEGAL = {4: 10, 5: 3}
EXAMPLE_3_WINNERS = [1, 2, 1, 1, 2, 2, 1, 1, 0, 2]

# B's whole view after ply 10 of deal 1 (the rules' published JSON form of a view)
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
