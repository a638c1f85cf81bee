"""`kozyr tune`: SPSA (or Optuna) from the shell: table, JSON, the trajectory plot, bad arguments."""
from __future__ import annotations

import json
import sys

import pytest
from _cli_run import run

from kozyr.durak import spsa


def test_tune_json_is_the_api_run(capsys):
    code, out, err = run(capsys, "tune", "--param", "CHEAP_POWER=8:0:8", "--param", "deep_talon=0",
                         "--iterations", "5", "--deals-per-iteration", "200", "--seed", "4", "--json")
    assert code == 0 and "seed 4" in err
    got = json.loads(out)
    want = spsa(["CHEAP_POWER", "DEEP_TALON"], {"CHEAP_POWER": 8, "DEEP_TALON": 0}, iterations=5,
                deals_per_iteration=200, seed=4, lower={"CHEAP_POWER": 0}, upper={"CHEAP_POWER": 8})
    assert got["params"] == want.params.as_dict() and got["spsa"]["theta"] == want.spsa.theta
    assert len(got["spsa"]["trajectory"]) == 5 and got["spsa"]["seed"] == 4


def test_tune_table_and_plot(capsys, monkeypatch, tmp_path):
    pytest.importorskip("matplotlib")
    monkeypatch.setenv("NO_COLOR", "1")
    png = tmp_path / "tune.png"
    code, out, err = run(capsys, "tune", "--param", "CHEAP_POWER=5", "--iterations", "4",
                         "--deals-per-iteration", "100", "--opponent", "2", "--plot", str(png))
    assert code == 0 and out.startswith("kozyr tune (spsa)") and "CHEAP_POWER" in out and "against rung 2" in out
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and "plot written" in err


def test_tune_with_optuna(capsys, tmp_path):
    optuna = pytest.importorskip("optuna", reason="optuna is the optional extra kozyr[tune]")
    code, out, _ = run(capsys, "tune", "--optuna", "--trials", "3", "--param", "CHEAP_POWER=3:0:8",
                       "--deals-per-iteration", "100", "--json")
    got = json.loads(out)
    assert code == 0 and got["optuna"] == optuna.__version__ and len(got["trials"]) == 3


def test_a_bad_plot_path_or_missing_extra_is_refused_before_any_deal(capsys, monkeypatch, tmp_path):
    code, out, err = run(capsys, "tune", "--param", "CHEAP_POWER=3", "--plot", "/nonexistent/dir/x.png")
    assert code == 2 and "does not exist" in err and out == ""
    monkeypatch.setitem(sys.modules, "optuna", None)
    code, out, err = run(capsys, "tune", "--param", "CHEAP_POWER=3", "--optuna")
    assert code == 2 and "pip install 'kozyr[tune]'" in err


@pytest.mark.parametrize("argv", [
    [], ["--param", "CHEAP_POWER"], ["--param", "CHEAP_POWER=3:0:12"], ["--param", "CHEAP_POWER=9"],
    ["--param", "CHEAP_POWER=3:4:8"], ["--param", "CHEAP_POWER=3:0"], ["--param", "NOPE=1"],
    ["--param", "CHEAP_POWER=x"], ["--param", "CHEAP_POWER=3", "--param", "cheap_power=4"],
    ["--param", "CHEAP_POWER=3", "--set", "CHEAP_POWER=4"], ["--param", "CHEAP_POWER=3", "--rung", "1"],
    ["--param", "CHEAP_POWER=3", "--deals-per-iteration", "3"], ["--param", "CHEAP_POWER=3", "--seed", "x"],
    ["--param", "CHEAP_POWER=3", "--c", "0"], ["--param", "PAIR_CHEAP=1", "--set", "DEEP_TALON=3", "--rung", "2"],
])
def test_bad_arguments_exit_2(capsys, argv):
    code, out, err = run(capsys, "tune", *argv)
    assert code == 2 and out == "" and len([x for x in err.splitlines() if "error:" in x]) == 1, err
