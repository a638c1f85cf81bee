"""The web durak table offers every bot the shell takes by name (issue 41: the panel's rule bots and the
learned rung beside the rungs), seats them as `kozyr play --bot NAME` does, and refuses a name it does not
know, or a bot that cannot play the table, in one line before anything is dealt."""
from __future__ import annotations

import pytest

from kozyr.durak import Rules
from kozyr.durak.bots.sides import NAMES
from kozyr.errors import KozyrError
from kozyr.web.app import DURAK_SEATS, RUNG_CHOICES
from kozyr.web.durak_table import NAME_CHOICES, DurakTable


def test_the_choices_are_the_shells_names() -> None:
    assert NAME_CHOICES == tuple(NAMES) and {"taker", "shedder", "hoarder", "spsa3", "learned"} <= set(NAMES)
    assert "tuned" not in NAME_CHOICES     # an old name works in the library and the shell, the web offers the new one
    assert RUNG_CHOICES == (1, 2, 3, 4) and DURAK_SEATS


@pytest.mark.parametrize("name", ["taker", "shedder", "hoarder", "spsa3", "learned"])
def test_a_named_bot_plays_the_deal_to_its_end(name: str) -> None:
    table = DurakTable(rung=name, seat=0, seed=f"named-{name}")
    while not table.over:
        table.act({"move": str(table.game.legal_moves()[0])})
    state = table.state()
    assert state["rung"] == name and state["replay"].endswith(f"--bot {name} --seat 0")
    assert name in table.summary()["title"]


def test_a_named_bot_answers_as_the_shells_does() -> None:
    from kozyr.durak.bots.sides import resolve, seat_bot
    table = DurakTable(rung="taker", seat=1, seed="same")
    shell = seat_bot(resolve("taker"), "same:bot")
    turn = table.game.turn
    assert turn is not None
    view = table.game.view(turn)
    assert table.bots[0](view) == shell(view)


def test_an_unknown_name_is_refused_naming_the_names() -> None:
    with pytest.raises(KozyrError) as err:
        DurakTable(rung="clever", seat=0, seed="x")
    assert err.value.code == "bad_side" and "taker" in str(err.value) and "learned" in str(err.value)


def test_the_learned_rung_beyond_its_tables_is_refused_before_the_deal() -> None:
    with pytest.raises(KozyrError) as err:
        DurakTable(rung="learned", seat=0, seed="x", rules=Rules(seats=5))
    assert err.value.code == "bad_side"
