"""`kozyr tune --opponent A --opponent B ...`: a repeated --opponent is a panel that reaches the API as a list
(one --opponent stays the bare opponent), the output names the panel, and a bad panel is one line, exit 2."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from _cli_run import run

from kozyr.durak import spsa
from kozyr.durak.bots import panel
from kozyr.durak.tuning.measure import optuna_search

MYBOTS = Path(__file__).resolve().parents[2] / "examples" / "mybots.py"
ARGV = ["tune", "--param", "CHEAP_POWER=3:0:6", "--iterations", "2", "--deals-per-iteration", "100", "--seed", "4"]


def test_a_repeated_opponent_is_the_api_s_panel(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, *ARGV, "--opponent", "2", "--opponent", "taker", "--json")
    assert code == 0 and "seed 4, rung 3, against rung 2 / kozyr.durak.bots.panel:taker" in err
    got = json.loads(out)
    want = spsa(["CHEAP_POWER"], {"CHEAP_POWER": 3}, iterations=2, deals_per_iteration=100, seed=4,
                lower={"CHEAP_POWER": 0}, upper={"CHEAP_POWER": 6}, opponent=[2, panel.taker])
    assert got["opponent"] == "rung 2 / kozyr.durak.bots.panel:taker" and got["deals"] == want.deals == 2 * 2 * 2 * 100
    assert got["spsa"]["trajectory"] == json.loads(json.dumps(want.spsa.trajectory))


def test_one_opponent_is_the_bare_one_and_the_table_names_the_panel(capsys: pytest.CaptureFixture[str],
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, _ = run(capsys, *ARGV, "--opponent", "2", "--json")
    want = spsa(["CHEAP_POWER"], {"CHEAP_POWER": 3}, iterations=2, deals_per_iteration=100, seed=4,
                lower={"CHEAP_POWER": 0}, upper={"CHEAP_POWER": 6}, opponent=2)
    assert code == 0 and json.loads(out)["spsa"]["trajectory"] == json.loads(json.dumps(want.spsa.trajectory))
    monkeypatch.setenv("NO_COLOR", "1")
    code, out, _ = run(capsys, *ARGV, "--opponent", "2", "--opponent", "1")
    assert code == 0 and "100 deals (pairs) against each of rung 2 / rung 1" in out


def test_optuna_takes_the_panel_too(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("optuna", reason="optuna is the optional extra kozyr[tune]")
    code, out, _ = run(capsys, "tune", "--optuna", "--trials", "2", "--param", "CHEAP_POWER=3:0:8",
                       "--deals-per-iteration", "100", "--seed", "3", "--opponent", "2", "--opponent", "hoarder",
                       "--json")
    got = json.loads(out)
    want = optuna_search(["CHEAP_POWER"], {"CHEAP_POWER": 3}, trials=2, deals_per_trial=100, seed=3,
                         lower={"CHEAP_POWER": 0}, upper={"CHEAP_POWER": 8}, opponent=[2, panel.hoarder])
    assert code == 0 and got["opponent"] == "rung 2 / kozyr.durak.bots.panel:hoarder" and got["score"] == want.score


@pytest.mark.parametrize(("extra", "says"), [
    (["--opponent", "2"] * 17, "1 to 16"),
    (["--opponent", "2", "--opponent", "9"], "unknown rung"),
    (["--opponent", "2", "--opponent", "taker", "--vs-bot-set", "deep=3"], "--vs-bot-set"),
    (["--opponent", "2", "--vs-bot-set", "deep=3"], "--vs-bot-set"),
])
def test_a_bad_panel_is_one_line(capsys: pytest.CaptureFixture[str], extra: list[str], says: str) -> None:
    code, out, err = run(capsys, *ARGV, *extra)
    errors = [x for x in err.splitlines() if "error" in x]
    assert code == 2 and out == "" and len(errors) == 1 and says in errors[0], err


def test_vs_bot_set_reaches_the_one_opponent(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, *ARGV, "--opponent", f"{MYBOTS}:make_bot", "--vs-bot-set", "deep=3", "--json")
    assert code == 0 and json.loads(out)["opponent"].endswith("make_bot(deep=3)"), err
