"""The duplicate ladder: every seating of every deal, zero-sum, three equal sides tie exactly, users' bots
by module:attr, refusals; and the shell's `pref ladder` / `pref sprt`."""
from __future__ import annotations

import pytest

from kozyr.cli import main
from kozyr.preferans import PreferansError
from kozyr.preferans.ladder import ladder, play_deal, resolve_side


def first_legal(view):
    """A user's bot: the first legal move."""
    return view.legal[0]


def test_three_equal_sides_tie_exactly_and_scores_sum_to_zero() -> None:
    r = ladder("rules", "rules", "rules", deals=6)
    assert r.deals == 6 and r.games == 36
    for i in range(3):
        assert r.whists_per_deal(i)[0] == pytest.approx(0.0, abs=1e-9)
    r = ladder("rules", "random", f"{__name__}:first_legal", deals=6)
    assert sum(s.score for s in r.stats) == pytest.approx(0.0, abs=1e-6)
    assert r.stats[0].score > 0
    assert sum(r.outcomes.values()) == r.games
    assert r.table()[2][0] == f"{__name__}:first_legal"


def test_a_game_credits_the_seat_of_each_side() -> None:
    makers = [resolve_side("rules"), resolve_side("random"), resolve_side("random")]
    _g, gains, _ = play_deal(makers, 3, (0, 1, 2))
    _g2, gains2, _ = play_deal([makers[1], makers[2], makers[0]], 3, (2, 0, 1))
    assert gains2 == [gains[1], gains[2], gains[0]] and sum(gains) == 0


def test_workers_give_the_same_result() -> None:
    one = ladder("rules", "random", "random", deals=4)
    two = ladder("rules", "random", "random", deals=4, workers=2)
    assert [s.score for s in one.stats] == pytest.approx([s.score for s in two.stats])
    assert one.outcomes == two.outcomes


def test_refusals() -> None:
    for kwargs, code in (({"deals": 0}, "bad_count"), ({"convention": "moscow"}, "bad_convention")):
        with pytest.raises(PreferansError) as exc:
            ladder("rules", "random", "random", **kwargs)
        assert exc.value.code == code
    with pytest.raises(PreferansError) as exc:
        ladder("rules", "nobody", "random")
    assert exc.value.code == "bad_bot"


def test_shell(capsys) -> None:
    assert main(["pref", "ladder", "rules", "random", "random", "--deals", "3"]) == 0
    out = capsys.readouterr().out
    assert "3 deals x 6 seatings = 18 games" in out and "rules" in out
    assert main(["pref", "sprt", "rules", "random", "--delta1", "20", "--max-deals", "40"]) == 0
    assert capsys.readouterr().out.startswith("H1:")
    assert main(["pref", "ladder", "rules", "nobody", "random"]) != 0


class Interrupting:
    """A side whose bot raises KeyboardInterrupt (as Ctrl-C would) on its 200th move."""

    def __init__(self) -> None:
        self.calls = 0

    def __call__(self, view):
        self.calls += 1
        if self.calls == 200:
            raise KeyboardInterrupt
        return view.legal[0]


def test_ctrl_c_stops_with_the_deals_finished() -> None:
    bot = Interrupting()
    r = ladder("rules", "random", bot, deals=1000, names=("rules", "random", "stopper"))
    assert r.stopped and 0 < r.deals < 1000 and r.games == 6 * r.deals
    assert bot.calls == 200
