"""The gauntlet: `sprt(a, b, ..., against=[X, ...])`, a and b each playing the same deal pairs against a panel.

The counts are checked against plain paired ladders of a and of b against
each opponent over the opponent's own seed (`<seed>/j`), scored here from
`LadderResult.scores()`, not from the code under test; the units take the
opponents in turn whatever the batches; a side against itself is level on
every pair; bad input is one KozyrError.
"""
from __future__ import annotations

import json
from typing import Any

import pytest

from kozyr.cli import main
from kozyr.durak import Rules
from kozyr.durak.bots.panel import hoarder, taker
from kozyr.durak.ladder import ladder
from kozyr.durak.tuning.measure import sprt
from kozyr.errors import KozyrError

TINY = 1e-9   # error rates so small that the test runs to max_deals undecided


def _expected(a: object, b: object, x: object, pairs: int, seed: str) -> list[int]:
    """The nine counts of a against b over `pairs` deal pairs of opponent x on `seed`, from two plain ladders."""
    sa = ladder(a, x, 2 * pairs, seed, pairs=True).scores()
    sb = ladder(b, x, 2 * pairs, seed, pairs=True).scores()
    counts = [0] * 9
    for k in range(pairs):
        diff = (sa[2 * k] + sa[2 * k + 1]) - (sb[2 * k] + sb[2 * k + 1])   # -2 .. 2 in steps of 1/2
        counts[int(round(2 * diff)) + 4] += 1
    return counts


def test_the_counts_are_two_plain_ladders_per_opponent() -> None:
    r = sprt(3, 2, 0, 5, against=[1, taker], seed="g", batch=80, max_deals=400, alpha=TINY, beta=TINY)
    assert r.decision == "none" and r.test.units == 100 and r.deals == 400
    # units alternate: opponent 1 holds units 0, 2, .., 98 (its pairs 1..50), opponent 2 units 1, 3, .., 99
    want = [p + q for p, q in zip(_expected(3, 2, 1, 50, "g/1"), _expected(3, 2, taker, 50, "g/2"))]
    assert list(r.counts) == want
    assert len(r.against) == 2 and "rung 1" in r.against[0] and "taker" in r.against[1]
    assert [d for d, _ in r.llr_history] == [80, 160, 240, 320, 400]


def test_the_units_do_not_depend_on_the_batches() -> None:
    panel = [1, 2, hoarder]
    one = sprt(3, 2, 0, 5, against=panel, seed="b", max_deals=4 * 37, alpha=TINY, beta=TINY, batch=4)
    two = sprt(3, 2, 0, 5, against=panel, seed="b", max_deals=4 * 37, alpha=TINY, beta=TINY, batch=4 * 37, workers=2)
    assert one.counts == two.counts and one.test.units == 37
    assert one.a_fool == two.a_fool and one.b_fool == two.b_fool


def test_a_side_against_itself_is_level_on_every_pair() -> None:
    r = sprt(3, 3, 0, 5, against=2, seed="same", batch=400)
    assert r.decision == "H0" and r.counts[4] == sum(r.counts)


def test_a_clear_difference_is_decided() -> None:
    r = sprt(3, 1, 0, 20, against=2, seed="clear", batch=200)
    assert r.decision == "H1" and r.a_fool.hits < r.b_fool.hits
    assert "against rung 2" in r.share()
    assert json.loads(json.dumps(r.as_dict(), allow_nan=False))["against"] == list(r.against)


@pytest.mark.parametrize("kw, code", [
    (dict(against=[]), "bad_against"),
    (dict(against=[2] * 17), "bad_against"),
    (dict(against=[7]), "bad_rung"),
    (dict(against=["nobody"]), "bad_side"),
    (dict(against=2, pairs=False), "bad_pairs"),
    (dict(against=2, client=object()), "bad_client"),
    (dict(against=[2, "learned"], rules=Rules(seats=6)), "bad_side"),   # the learned rung does not play 6 seats
])
def test_bad_gauntlets_are_refused(kw: dict[str, object], code: str) -> None:
    with pytest.raises(KozyrError) as e:
        sprt(3, 2, 0, 5, batch=40, max_deals=40, **kw)   # type: ignore[arg-type]
    assert e.value.code == code and "\n" not in str(e.value)


def _table_expected(a: object, b: object, x: object, deals: int, seed: str, rules: Rules) -> list[int]:
    """The 4N + 1 counts of a against b over `deals` deals of opponent x at a table (x in the other seats),
    each deal in its N rotations, from two plain table ladders."""
    n = rules.seats
    sa = ladder([a] + [x] * (n - 1), deals, seed, rules=rules).scores(0).reshape(-1, n).sum(axis=1)
    sb = ladder([b] + [x] * (n - 1), deals, seed, rules=rules).scores(0).reshape(-1, n).sum(axis=1)
    counts = [0] * (4 * n + 1)
    for diff in sa - sb:            # -N .. N in steps of 1/2
        counts[int(round(2 * diff)) + 2 * n] += 1
    return counts


@pytest.mark.parametrize("rules", [Rules(seats=3), Rules(seats=4, variant="perevodnoy")], ids=repr)
def test_at_a_table_the_counts_are_two_plain_table_ladders_per_opponent(rules: Rules) -> None:
    n = rules.seats
    r = sprt(3, 2, 0, 5, against=[1, taker], rules=rules, seed="gt", batch=2 * n * 10, max_deals=2 * n * 60,
             alpha=TINY, beta=TINY)
    assert r.decision == "none" and r.test.units == 60 and r.deals == 2 * n * 60 and r.test.group == 2 * n
    want = [p + q for p, q in zip(_table_expected(3, 2, 1, 30, "gt/1", rules),
                                  _table_expected(3, 2, taker, 30, "gt/2", rules))]
    assert list(r.counts) == want and len(r.counts) == 4 * n + 1
    rules_dict = r.as_dict()["rules"]
    assert f"G0..G{4 * n}" in r.share() and isinstance(rules_dict, dict) and rules_dict["seats"] == n


def test_at_a_table_a_clear_difference_is_decided_and_replays_whatever_the_workers() -> None:
    kw: dict[str, Any] = dict(against=[2, taker], rules=Rules(seats=3), seed="tc", batch=300)
    one, two = sprt(3, 1, 0, 20, **kw), sprt(3, 1, 0, 20, workers=2, **kw)
    assert one.decision == "H1" and one.a_fool.hits < one.b_fool.hits
    assert one.counts == two.counts and one.llr_history == two.llr_history


def test_the_shell(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sprt", "3", "1", "--against", "2", "--against", "shedder", "--batch", "200", "--seed", "sh"]) == 0
    out = capsys.readouterr().out
    assert "against rung 2" in out and "G0..G8" in out and "H1" in out
    assert main(["sprt", "3", "1", "--against", "2", "--no-pairs"]) == 2
    assert main(["sprt", "--counts", "1,2,3,4,5", "--against", "2"]) == 2
