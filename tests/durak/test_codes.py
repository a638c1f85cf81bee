"""codes.py is the single source of durak's enumerations; the C numbering must follow it.

The .pxd enums (MV_*, EV_*, PH_*, OUT_*, HOW_*, R_*) are what the compiled
engine, the rungs and the ladder use; nothing but this test keeps them in step
with the Python tuples that name them.
"""
from __future__ import annotations

import pytest
from _compiled import enums

from kozyr.durak import BOUT_ENDINGS, CODES, KINDS, OUTCOMES, PHASES, Event, Move
from kozyr.durak.codes import CARD_KINDS

C_ENUMS = enums().C_ENUMS

EVENT_KINDS = (*KINDS, "bout_end", "refill", "out", "game_end")


def numbering(names: tuple[object, ...], start: int = 0) -> dict[object, int]:
    return {name: start + i for i, name in enumerate(names)}


@pytest.mark.parametrize("group, names, start", [
    ("kinds", KINDS, 0), ("events", EVENT_KINDS, 0), ("phases", PHASES, 0), ("outcomes", (None, *OUTCOMES), 0),
    ("endings", BOUT_ENDINGS, 0), ("refusals", CODES, 1),
])
def test_the_c_enums_number_the_python_names(group: str, names: tuple[object, ...], start: int) -> None:
    assert C_ENUMS[group] == numbering(names, start)


def test_a_move_code_is_its_kind_index_and_card() -> None:
    for kind, value in C_ENUMS["kinds"].items():
        card = 14 if kind in CARD_KINDS else None
        assert Move(str(kind), card).code == value << 6 | (card or 0)


def test_the_checker_sees_a_planted_reordering() -> None:
    swapped = (PHASES[1], PHASES[0], *PHASES[2:])
    assert C_ENUMS["phases"] != numbering(swapped)
    assert Event("out", seat=0).kind in EVENT_KINDS
