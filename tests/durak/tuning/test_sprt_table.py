"""The sequential test and the tuners at a table: the candidate in each seat in turn, the field elsewhere.

A deal played in its N rotations is one unit of the test, scored
duplicate-wise (the candidate's total score over the rotations against the
mean field side's): checked on constructed outcomes, against the pentanomial
pair test at two seats, at 3, 4 and 6 seats and in perevodnoy, and through
the shell; SPSA and Optuna at a table replay whatever the workers.
"""
from __future__ import annotations

import json
from typing import Any

import numpy as np
import pytest

from kozyr.cli import main
from kozyr.durak import Rules
from kozyr.durak.ladder import ladder
from kozyr.durak.ladder.result import CAPPED
from kozyr.durak.tuning.measure import optuna_search, rotation_counts, sprt, spsa
from kozyr.errors import KozyrError
from kozyr.stats import counts_from_scores, decide, llr, normalized_elo


def test_a_deal_s_duplicate_score_on_constructed_outcomes() -> None:
    n, w = 3, 4 * 3 * 2   # outcomes 0 .. 24: the deal's score x 24
    lost_all = np.array([1, 1, 1], dtype=np.int8)               # the candidate (side 0) the fool in every rotation
    each_once = np.array([1, 2, 4], dtype=np.int8)              # every side the fool once: equal
    draws = np.array([0, 0, CAPPED], dtype=np.int8)             # two draws and a capped game: no result
    field_all = np.array([2, 4, 2], dtype=np.int8)              # the field lost every game
    counts = rotation_counts(np.concatenate([lost_all, each_once, draws, field_all]), n)
    assert len(counts) == w + 1 and sum(counts) == 4
    # candidate 0 of 6 half-points against the field's mean of 6: 0; equal: the middle; all drawn: the middle;
    # the candidate lost nothing (3 of 3) while the mean field side lost 1.5 of its 3: 1/2 + (3 - 1.5) / 6 = 18/24
    assert counts[0] == 1 and counts[12] == 2 and counts[18] == 1
    # at 4 seats one field side the fool in every rotation: the candidate 4 of 4 against the mean field side's
    # 8/3: 1/2 + (4 - 8/3) / 8 = 2/3 of 48 outcomes (a third of a game is an outcome of its own)
    counts = rotation_counts(np.array([2, 2, 2, 2], dtype=np.int8), 4)
    assert len(counts) == 49 and counts[32] == 1


def test_teams_at_a_table() -> None:
    # partners lose together: side 0 and side 2 are a team at 4 seats in rotation 0, but in rotation 1 side 0
    # sits seat 1 and its partner (seat 3) is side 2 again: teams stay, the comparison is with the mean side
    counts = rotation_counts(np.array([0b0101, 0b1010, 0b0101, 0b1010], dtype=np.int8), 4)
    assert counts[len(counts) // 2] == 1   # the candidate's team lost half: as well as the field's mean side


def test_at_two_seats_it_is_the_pentanomial_pair_test() -> None:
    rules = Rules(variant="perevodnoy")
    r = ladder([3, 2], 3000, "two", rules=rules)
    mine = rotation_counts(r.losers, 2)
    pairs = counts_from_scores(r.scores(0).reshape(-1, 2), pairs=True)
    assert mine == pairs   # the field's score is the rest of the pair's: the candidate's pair score is the unit
    t = sprt(3, 2, 0, 5, rules=rules, seed="two", batch=1000, max_deals=6000)
    assert len(t.counts) == 5 and t.test.group == 2 and "pentanomial" in t.share()
    assert t.llr == llr(list(t.counts), 0, 5) and t.normalized == normalized_elo(list(t.counts))


@pytest.mark.parametrize("rules", [Rules(seats=3), Rules(seats=4, variant="perevodnoy"), Rules(seats=6),
                                   Rules(seats=3, variant="perevodnoy", show_trump=True)], ids=repr)
def test_rung_3_is_far_stronger_than_rung_1_at_every_table(rules: Rules) -> None:
    n = rules.seats
    r = sprt(3, 1, 0, 5, rules=rules, seed="t", batch=600)
    assert r.decision == "H1" and r.deals % n == 0 and r.deals <= 1200
    assert len(r.counts) == 4 * n * (n - 1) + 1 and r.test.group == n and sum(r.counts) * n == r.deals
    assert r.a_fool.rate is not None and r.b_fool.rate is not None and r.a_fool.rate < r.b_fool.rate
    assert r.estimate.score > 0.5 and r.normalized.elo > 0
    assert "rotations" in r.share() and r.as_dict()["group"] == n


def test_a_bot_against_itself_scores_one_half_every_deal() -> None:
    r = sprt(2, 2, 0, 5, rules=Rules(seats=4), seed="same", batch=400, max_deals=400)
    middle = len(r.counts) // 2
    assert r.counts[middle] == sum(r.counts) and r.estimate.score == pytest.approx(0.5)
    assert r.decision in ("H0", "none")


def test_the_same_seed_decides_the_same_whatever_the_workers() -> None:
    kw: dict[str, Any] = dict(rules=Rules(seats=4), seed="w", batch=800, max_deals=4000)
    one, two = sprt(3, 2, 0, 5, **kw), sprt(3, 2, 0, 5, workers=2, **kw)
    assert one.counts == two.counts and one.llr_history == two.llr_history and one.decision == two.decision


@pytest.mark.parametrize(("kwargs", "code"), [
    ({"b": [2, 2, 2]}, "bad_side"),
    ({"pairs": False}, "bad_pairs"),
    ({"client": object()}, "bad_client"),
    ({"rules": {"seats": 3, "teams": True}}, "bad_options"),
    ({"batch": 0}, "bad_batch"),
])
def test_refusals(kwargs: dict[str, Any], code: str) -> None:
    args: dict[str, Any] = dict(a=3, b=2, rules=Rules(seats=4), seed="bad")
    args.update(kwargs)
    with pytest.raises(KozyrError) as err:
        sprt(args.pop("a"), args.pop("b"), 0, 5, **args)
    assert err.value.code == code


def test_stats_take_units_of_any_odd_width() -> None:
    assert llr([1, 2, 3, 4, 5], 0, 5) == llr([1, 2, 3, 4, 5], 0, 5, group=2)
    r = decide([0, 1, 5, 30, 5, 1, 2], -5, 5, group=3)
    assert r.group == 3 and len(r.counts) == 7
    with pytest.raises(KozyrError) as err:
        llr([1, 2, 3, 4], 0, 5)
    assert err.value.code == "bad_counts"
    with pytest.raises(KozyrError) as err:
        llr([1] * 7, 0, 5, group=13)
    assert err.value.code == "bad_group"
    # a unit of more deals makes the same per-deal Elo claim a larger one per unit
    assert abs(llr([5, 10, 40, 10, 8, 3, 1], 0, 5, group=3)) > abs(llr([5, 10, 40, 10, 8, 3, 1], 0, 5, group=1))


def test_the_shell(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sprt", "3", "1", "--seats", "4", "--batch", "800", "--json"]) == 0
    body = json.loads(capsys.readouterr().out)
    assert body["decision"] == "H1" and body["group"] == 4 and body["rules"]["seats"] == 4
    assert main(["sprt", "3", "2", "--seats", "3", "--variant", "perevodnoy", "--batch", "600",
                 "--max-deals", "1200"]) == 0
    out = capsys.readouterr().out
    assert "3 seats, perevodnoy" in out and "rotations" in out
    assert main(["sprt", "3", "2", "--seats", "4", "--no-pairs"]) == 2
    assert "--no-pairs" in capsys.readouterr().err


def test_spsa_and_optuna_at_a_table() -> None:
    kw: dict[str, Any] = dict(iterations=3, deals_per_iteration=300, seed=2, rules=Rules(seats=4), opponent=2)
    one = spsa(["DEEP_TALON"], **kw)
    two = spsa(["DEEP_TALON"], workers=2, **kw)
    assert one.params == two.params and one.spsa.as_dict()["trajectory"] == two.spsa.as_dict()["trajectory"]
    assert one.deals == 3 * 2 * 300   # two scores an iteration, 75 deals x 4 rotations each
    pytest.importorskip("optuna")
    o = optuna_search(["DEEP_TALON"], trials=2, deals_per_trial=300, seed=1, rules=Rules(seats=3), opponent=2)
    assert 0 <= o.score <= 1 and o.deals == 2 * 300


def test_kozyr_tune_at_a_table(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["tune", "--param", "DEEP_TALON=6", "--iterations", "2", "--deals-per-iteration", "200", "--opponent", "2",
            "--json"]
    assert main([*argv, "--seats", "4"]) == 0
    table = json.loads(capsys.readouterr().out)
    assert main(argv) == 0
    two = json.loads(capsys.readouterr().out)
    assert table["deals"] == 2 * 2 * 200 and table["spsa"]["trajectory"] != two["spsa"]["trajectory"]
