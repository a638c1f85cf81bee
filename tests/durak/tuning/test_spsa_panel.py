"""SPSA and Optuna against a panel of opponents (`opponent=[X1, .., Xm]`): the objective is the mean over
the opponents, each on its own deal pairs (seed `<round seed>/j`, `<seed>/optuna/j`), computed here by hand
from ladders; a run replays from its seed whatever the workers; a list of one plays the `/1` deals, not the
bare opponent's; a bad panel is refused before any deal is played."""
from __future__ import annotations

from typing import Any

import pytest

from kozyr.durak import Bot, Params, spsa
from kozyr.durak.bots import panel
from kozyr.durak.ladder import ladder
from kozyr.durak.rules import Rules
from kozyr.durak.tuning.measure import optuna_search, pair_scores
from kozyr.errors import KozyrError

PANEL: list[Any] = [2, panel.taker, 1]


def _score(a: Any, b: Any, deals: int, seed: str) -> float:
    return float(pair_scores(ladder(a, b, deals, seed, pairs=True).fool).mean())


def _bot(values: dict[str, Any]) -> Bot:
    return Bot(3, "t", params=Params.of(values))


def test_the_panel_objective_is_the_mean_over_opponents_on_their_own_deals() -> None:
    r = spsa(["CHEAP_POWER"], {"CHEAP_POWER": 3}, iterations=2, deals_per_iteration=100, seed=5, opponent=PANEL,
             lower={"CHEAP_POWER": 0}, upper={"CHEAP_POWER": 6})
    for step in r.spsa.trajectory:
        halves = []
        for j, x in enumerate(PANEL, 1):
            seed = f"5/{step['k']}/{j}"
            halves.append((_score(_bot(step["plus"]), x, 100, seed) - _score(_bot(step["minus"]), x, 100, seed)) / 2)
        assert step["result"] == pytest.approx(sum(halves) / len(halves), abs=1e-12)
    assert r.opponent == "rung 2 / taker / rung 1"
    assert r.deals == 2 * 2 * len(PANEL) * 100   # deals_per_iteration against EACH opponent
    assert r.as_dict()["opponent"] == r.opponent


def test_a_panel_run_replays_from_its_seed_whatever_the_workers() -> None:
    kw: dict[str, Any] = dict(iterations=3, deals_per_iteration=100, opponent=(2, panel.hoarder))
    one = spsa(["PAIR_ATTACK", "TAKE_BOUT"], seed=9, **kw)
    two = spsa(["PAIR_ATTACK", "TAKE_BOUT"], seed=9, workers=2, **kw)
    assert one.spsa.trajectory == two.spsa.trajectory and one.params == two.params
    assert spsa(["PAIR_ATTACK", "TAKE_BOUT"], seed=10, **kw).spsa.trajectory != one.spsa.trajectory


def test_a_list_of_one_plays_the_panel_deals_and_the_bare_opponent_its_own() -> None:
    kw: dict[str, Any] = dict(iterations=2, deals_per_iteration=200, seed=5, lower={"CHEAP_POWER": 0},
                              upper={"CHEAP_POWER": 6})
    bare = spsa(["CHEAP_POWER"], {"CHEAP_POWER": 3}, opponent=2, **kw)
    listed = spsa(["CHEAP_POWER"], {"CHEAP_POWER": 3}, opponent=[2], **kw)
    assert bare.opponent == listed.opponent == "rung 2"
    for old, new in zip(bare.spsa.trajectory, listed.spsa.trajectory, strict=True):
        assert old["plus"] == new["plus"] and old["minus"] == new["minus"]   # the same perturbations
        for step, seed in ((old, f"5/{old['k']}"), (new, f"5/{new['k']}/1")):
            want = (_score(_bot(step["plus"]), 2, 200, seed) - _score(_bot(step["minus"]), 2, 200, seed)) / 2
            assert step["result"] == pytest.approx(want, abs=1e-12)
    assert [s["result"] for s in bare.spsa.trajectory] != [s["result"] for s in listed.spsa.trajectory]


def test_a_mapping_in_the_panel_is_the_tuned_bots_setting() -> None:
    r = spsa(["CHEAP_POWER"], {"CHEAP_POWER": 3}, iterations=1, deals_per_iteration=100, seed=2,
             opponent=[{"CHEAP_POWER": 8}, 2])
    step = r.spsa.trajectory[0]
    want = 0.0
    for j, x in enumerate([_bot({"CHEAP_POWER": 8}), 2], 1):
        want += (_score(_bot(step["plus"]), x, 100, f"2/0/{j}") - _score(_bot(step["minus"]), x, 100, f"2/0/{j}")) / 4
    assert step["result"] == pytest.approx(want, abs=1e-12)


@pytest.mark.parametrize("tuner", ["spsa", "optuna"])
@pytest.mark.parametrize(("opponent", "code"), [
    ([], "bad_against"), ([2] * 17, "bad_against"), ((2, "nope"), "bad_side"), ([2, None], "bad_side"),
    ([2, 7], "bad_rung"), ([2, {"NOPE": 1}], "bad_param"),
])
def test_a_bad_panel_is_one_refusal_and_nothing_is_played(monkeypatch: pytest.MonkeyPatch, tuner: str,
                                                          opponent: object, code: str) -> None:
    if tuner == "optuna":
        pytest.importorskip("optuna", reason="optuna is the optional extra kozyr[tune]")

    def played(*args: object, **kwargs: object) -> None:
        raise AssertionError("a deal was played")

    monkeypatch.setattr("kozyr.durak.tuning.measure.play_range", played)
    with pytest.raises(KozyrError) as info:
        if tuner == "spsa":
            spsa(["CHEAP_POWER"], iterations=2, deals_per_iteration=20, seed=1, opponent=opponent)
        else:
            optuna_search(["CHEAP_POWER"], trials=2, deals_per_trial=20, seed=1, opponent=opponent)
    assert info.value.code == code and "\n" not in str(info.value)


def test_optuna_scores_a_trial_by_its_mean_over_the_panel() -> None:
    pytest.importorskip("optuna", reason="optuna is the optional extra kozyr[tune]")
    r = optuna_search(["CHEAP_POWER"], {"CHEAP_POWER": 3}, trials=3, deals_per_trial=100, seed=2, opponent=PANEL)
    assert r.opponent == "rung 2 / taker / rung 1" and r.deals == 3 * len(PANEL) * 100
    for values, score in r.trials:
        want = sum(_score(_bot(values), x, 100, f"2/optuna/{j}") for j, x in enumerate(PANEL, 1)) / len(PANEL)
        assert score == pytest.approx(want, abs=1e-12)
    listed = optuna_search(["CHEAP_POWER"], {"CHEAP_POWER": 3}, trials=1, deals_per_trial=100, seed=2, opponent=[2])
    assert listed.score == pytest.approx(_score(_bot({"CHEAP_POWER": 3}), 2, 100, "2/optuna/1"), abs=1e-12)


def test_a_panel_plays_at_a_table_each_opponent_as_the_field() -> None:
    r = spsa(["DEEP_TALON"], iterations=1, deals_per_iteration=60, seed=1, rules=Rules(seats=3), opponent=[2, 1])
    alone = [spsa(["DEEP_TALON"], iterations=1, deals_per_iteration=60, seed=1, rules=Rules(seats=3), opponent=x)
             for x in (2, 1)]
    assert r.opponent == "rung 2 / rung 1" and r.deals == sum(a.deals for a in alone)
    assert r.spsa.trajectory[0]["plus"] == alone[0].spsa.trajectory[0]["plus"]
