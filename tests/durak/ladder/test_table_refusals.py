"""Refused before anything is played: the learned rung at a table it does not play (in `ladder`, `sprt`,
the tuners and the shell, naming the tables it plays), a max_deals below one unit of the gauntlet and of the
table test; and the rung and panel names the library takes where the shell takes them."""
from __future__ import annotations

import subprocess
import sys
from typing import Any

import pytest

from kozyr.durak import Rules, sprt
from kozyr.durak.ladder import ladder
from kozyr.durak.learn.learned import LearnedBot
from kozyr.durak.tuning.measure import spsa
from kozyr.errors import KozyrError

THREE = Rules(seats=3)


class Counting:
    """A Python bot that plays rung 1's first legal move and counts its decisions."""

    def __init__(self) -> None:
        self.calls = 0

    def __call__(self, view: Any) -> Any:
        self.calls += 1
        return view.legal[0]


def refused_up_front(call: Any, *counters: Counting) -> KozyrError:
    with pytest.raises(KozyrError) as info:
        call()
    assert all(c.calls == 0 for c in counters), "a deal was played before the refusal"
    assert "\n" not in str(info.value)
    return info.value


@pytest.mark.parametrize("rules", [THREE, Rules(deck=52), Rules(variant="perevodnoy"), Rules(seats=4, teams=True)],
                         ids=repr)
def test_the_learned_rung_is_refused_before_a_table_ladder(rules: Rules) -> None:
    others = [Counting() for _ in range(rules.seats - 1)]
    e = refused_up_front(lambda: ladder([LearnedBot(), *others], 4, seed=1, rules=rules), *others)
    assert e.code == "bad_side" and "two seats" in str(e) and "36" in str(e)


def test_the_learned_rung_still_plays_the_tables_it_speaks() -> None:
    r = ladder([LearnedBot(), 1], 4, seed=1, rules=Rules(draw=False))
    assert sum(r.fools) + r.draws + r.capped == 4 * 2


def test_the_learned_rung_is_refused_before_a_table_test() -> None:
    field = Counting()
    e = refused_up_front(lambda: sprt(LearnedBot(), field, 0, 50, rules=THREE, batch=30, max_deals=30), field)
    assert e.code == "bad_side" and "two seats" in str(e)
    candidate = Counting()
    e = refused_up_front(lambda: sprt(candidate, LearnedBot(), 0, 50, rules=THREE, batch=30, max_deals=30),
                         candidate)
    assert e.code == "bad_side"


def test_the_learned_rung_is_refused_before_tuning_at_a_table() -> None:
    e = refused_up_front(lambda: spsa(["TRUMP_COST"], iterations=1, deals_per_iteration=6, opponent=LearnedBot(),
                                      rules=THREE))
    assert e.code == "bad_side" and "two seats" in str(e)


def test_the_shell_refuses_it_before_play() -> None:
    run = subprocess.run([sys.executable, "-m", "kozyr", "ladder", "learned", "1", "1", "--seats", "3", "--deals",
                          "30"], capture_output=True, text=True, timeout=120)
    assert run.returncode == 2 and run.stdout == ""
    assert "two seats" in run.stderr and len(run.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize("bad", [0, 5, 7, -1])
def test_a_bad_rung_lists_rung_4(bad: int) -> None:
    for call in (lambda: ladder(bad, 2, 10), lambda: sprt(3, 2, 0, 50, against=[bad]),
                 lambda: sprt(bad, 2, 0, 50)):
        with pytest.raises(KozyrError) as info:
            call()
        assert info.value.code == "bad_rung" and "4 (search)" in str(info.value), str(info.value)


@pytest.mark.parametrize("name", ["taker", "shedder", "hoarder", "learned"])
def test_a_gauntlet_takes_the_names_the_shell_takes(name: str) -> None:
    r = sprt(2, 1, 0, 50, against=[name, 3], batch=8, max_deals=8, seed="names")
    assert r.deals == 8


def test_an_unknown_name_is_refused_naming_the_names() -> None:
    with pytest.raises(KozyrError) as info:
        sprt(2, 1, 0, 50, against=["nobody"], batch=8, max_deals=8)
    assert "taker" in str(info.value) and "learned" in str(info.value)


def test_a_gauntlet_refuses_max_deals_below_one_unit() -> None:
    for deals in (1, 2, 3):
        with pytest.raises(KozyrError) as info:
            sprt(3, 2, 0, 50, against=[1], max_deals=deals, batch=4)
        assert info.value.code == "bad_max_deals"
    assert sprt(3, 2, 0, 50, against=[1], max_deals=4, batch=4).deals == 4


def test_a_table_test_refuses_max_deals_below_one_unit() -> None:
    for deals in (1, 2):
        with pytest.raises(KozyrError) as info:
            sprt(3, 2, 0, 50, rules=THREE, max_deals=deals, batch=3)
        assert info.value.code == "bad_max_deals"
    assert sprt(3, 2, 0, 50, rules=THREE, max_deals=3, batch=3).deals == 3


def test_kozyr_play_refuses_it_before_the_deal() -> None:
    run = subprocess.run([sys.executable, "-m", "kozyr", "play", "--bot", "kozyr.durak.learn.learned:LearnedBot",
                          "--seats", "3"], input="attack 6S\n", capture_output=True, text=True, timeout=120)
    assert run.returncode == 2 and "two seats" in run.stderr and "answered -1" not in run.stderr
