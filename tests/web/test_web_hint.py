"""The web table's hint: rung 4's move and each move's fool odds from its analysis of your view."""
from __future__ import annotations

from kozyr.durak import Rung4Bot
from kozyr.web.durak_table import DurakTable


def test_the_hint_carries_each_move_s_fool_odds_from_rung4_s_analysis() -> None:
    table = DurakTable(rung=2, seat=0, seed="web-hint")
    checked = 0
    while checked < 6 and not table.game.over:
        view = table.game.view(0)
        hint = table.hint()
        if view.turn != 0:
            break
        analysis = Rung4Bot("web-hint:hint").analyse(view)
        assert hint["move"] == str(analysis.best)
        assert hint["odds"] == [{"move": str(e.move), "fool": e.fool, "samples": e.samples}
                                for e in analysis.ranked()]
        assert "Fool if played: " in hint["text"] and hint["text"].count("%") == len(view.legal)
        table.act({"move": hint["move"]})
        checked += 1
    assert checked >= 3
