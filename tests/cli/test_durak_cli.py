"""`kozyr ladder`, `kozyr sweep`, `kozyr replay`: output, JSON, exit status 2 on bad arguments."""
from __future__ import annotations

import argparse
import dataclasses
import json
import os
import sys
from pathlib import Path

import pytest
from _cli_run import run

from kozyr.cli import durak as durak_cli


def test_replay_prints_the_deal_and_the_spec_vector_result(capsys):
    code, out, _ = run(capsys, "replay", "durak-replay-1", "--rungs", "3", "2")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "deal 1 of seed 'durak-replay-1': trump hearts, turn-up 6H"
    assert "seat 0 attacks first" in out
    assert sum(1 for line in lines if line[:5].strip().rstrip(".").isdigit()) == 42
    assert lines[-1] == "result: seat 1 (rung 2) is the fool after 42 moves (68 events), heap 28"


def test_replay_takes_rung_4_as_it_takes_rung_3(capsys):
    """`kozyr replay --rungs 4 2`: rung 4 decides from its view alone, so it replays at every door
    (it was refused in a ladder's deal, rung 4 playing in the C loop only, and had no memory in a
    seed's deal). A ladder's deal ends as the ladder's C loop played it."""
    from kozyr.durak.ladder import ladder

    code, out, _ = run(capsys, "replay", "durak-replay-1", "--rungs", "4", "2")
    assert code == 0 and out.splitlines()[-1].startswith("result:") and "rung 4 (search" in out
    r = ladder(4, 2, 3, "r4seed")
    for i in (1, 2, 3):
        code, out, _ = run(capsys, "replay", "r4seed", "--deal", str(i), "--rungs", "4", "2")
        assert code == 0
        last = out.splitlines()[-1]
        assert f"after {r.moves[i - 1]} moves" in last
        if r.fool[i - 1] < 0:      # both hands out together
            assert "a draw" in last, last
        else:
            fool = "rung 2" if r.fool[i - 1] == 1 else "rung 4"
            assert f"({fool}) is the fool" in last, last


def test_replay_defaults_and_number(capsys):
    code, out, _ = run(capsys, "replay", "durak-one", "--number", "3")
    assert code == 0 and out.startswith("deal 3 of seed 'durak-one'") and "result:" in out


def test_ladder_plain_table(capsys, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    code, out, _ = run(capsys, "ladder", "3", "2", "--deals", "2000", "--seed", "t")
    assert code == 0
    assert "a: rung 3 (careful)" in out and "b: rung 2 (cheap)" in out and "draws" in out
    assert "2,000 deals" in out and "deals/s" in out and "% [" in out and "2-sigma" in out
    assert "┃" not in out


def test_ladder_json_matches_the_api(capsys):
    from kozyr.durak.ladder import ladder

    code, out, _ = run(capsys, "ladder", "3", "1", "--deals", "3000", "--seed", "j", "--json", "--workers", "2",
                       "--set", "DEEP_TALON=9", "--set", "cheap_power=2")
    assert code == 0
    got = json.loads(out)
    want = ladder(3, 1, 3000, "j", params={"DEEP_TALON": 9, "CHEAP_POWER": 2})
    assert (got["a_fools"], got["b_fools"], got["draws"]) == (want.a_fools, want.b_fools, want.draws)
    assert got["params"] == {"DEEP_TALON": 9, "CHEAP_POWER": 2}
    code, out, _ = run(capsys, "ladder", "3", "2", "--deals", "50", "--reference", "--json")
    assert json.loads(out)["deal"] == "reference"
    code, out, _ = run(capsys, "ladder", "3", "2", "--deals", "0", "--json")
    assert code == 0 and json.loads(out)["a_fool"]["rate"] is None and "NaN" not in out


@pytest.mark.parametrize("argv", [
    ["ladder", "5", "2"], ["ladder", "x", "2"], ["ladder", "0", "2"], ["ladder", "3"],
    ["ladder", "3", "2", "--deals", "-1"], ["ladder", "3", "2", "--deals", "many"],
    ["ladder", "3", "2", "--workers", "0"],
    ["ladder", "3", "2", "--set", "DEEP_TALON"], ["ladder", "3", "2", "--set", "DEEP_TALON=x"],
    ["ladder", "3", "2", "--set", "SPEED=3"], ["ladder", "3", "2", "--set", "A=1=2"],
    ["ladder", "3", "2", "--reference", "--sha"],
    ["ladder", "3", "2", "--reference", "--seed", "s" * 30],
    ["ladder", "3", "2", "--set", "DEEP_TALON=-3"], ["ladder", "3", "2", "--set", "CHEAP_POWER=9"],
    ["ladder", "3", "2", "--set", "DEEP_TALON=25"],
    ["ladder", "2", "1", "--set", "DEEP_TALON=3"], ["ladder", "3", "2", "--seed", "é"],
    ["sweep", "--deals", "10", "--grid", "DEEP_TALON=1", "--plot", "/nonexistent/dir/x.png"],
    ["sweep", "--deals", "10"], ["sweep", "--grid", "DEEP_TALON="], ["sweep", "--grid", "NOPE=1,2"],
    ["sweep", "--grid", "DEEP_TALON=1", "--grid", "DEEP_TALON=2"],
    ["replay", "s" * 33], ["replay", "x", "--rungs", "3"], ["replay", "x", "--rungs", "3", "9"],
    ["replay", "x", "--number", "0"],
])
def test_bad_arguments_exit_2_with_one_error_line(capsys, argv):
    code, out, err = run(capsys, *argv)
    assert code == 2
    errors = [line for line in err.splitlines() if "error:" in line]
    assert len(errors) == 1, err
    assert out == ""


def test_sweep_table_and_json(capsys, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    code, out, _ = run(capsys, "sweep", "--deals", "1000", "--grid", "DEEP_TALON=0,6", "--grid", "CHEAP_POWER=3")
    assert code == 0
    rows = [line for line in out.splitlines() if line[:2].strip().isdigit()]
    assert len(rows) == 2 and "DEEP_TALON" in out and "CHEAP_POWER" in out
    code, out, _ = run(capsys, "sweep", "--deals", "500", "--grid", "cheap_power=1,5", "--json")
    got = json.loads(out)
    assert [g["params"] for g in got] == [{"CHEAP_POWER": 1}, {"CHEAP_POWER": 5}]


def test_sweep_ctrl_c_counts_the_deals_of_every_setting(capsys, monkeypatch):
    """Ctrl-C in the second setting's ladder: the one line counts the first setting's deals too."""
    real = durak_cli.ladder
    calls = []

    def ladder(*args, options, **kw):
        calls.append(args)
        if len(calls) < 2:
            return real(*args, options=options, **kw)

        def stop(done: int, total: int) -> None:   # Ctrl-C as the second ladder's first chunk is counted
            raise KeyboardInterrupt

        return real(*args, options=dataclasses.replace(options, progress=stop), **kw)

    monkeypatch.setattr(durak_cli, "ladder", ladder)
    code, out, err = run(capsys, "sweep", "--deals", "1000", "--grid", "DEEP_TALON=0,6")
    assert code == 130 and out == ""
    assert err == "kozyr sweep: interrupted after 1,256 of 2,000 deals\n"   # chunks of 256 deals


def test_sweep_plot(capsys, tmp_path: Path):
    pytest.importorskip("matplotlib")
    png = tmp_path / "sweep.png"
    code, _, err = run(capsys, "sweep", "--deals", "500", "--grid", "DEEP_TALON=0,6", "--grid",
                       "CHEAP_POWER=1,3", "--plot", str(png))
    assert code == 0 and png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and "plot written" in err


def test_sweep_plot_without_matplotlib_is_a_clear_error(capsys, monkeypatch, tmp_path: Path):
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib -> ImportError
    code, out, err = run(capsys, "sweep", "--deals", "10", "--grid", "DEEP_TALON=1", "--plot",
                         str(tmp_path / "x.png"))
    assert code == 2 and "pip install 'kozyr[plot]'" in err and out == ""


def test_register_adds_three_commands_with_funcs():
    parser = argparse.ArgumentParser(prog="kozyr")
    sub = parser.add_subparsers(dest="command")
    durak_cli.register(sub)
    for argv in (["ladder", "3", "2"], ["sweep", "--grid", "DEEP_TALON=1"], ["replay", "s"]):
        args = parser.parse_args(argv)
        assert callable(args.func)


def test_progress_bar_and_rich_table_on_a_terminal():
    pexpect = pytest.importorskip("pexpect")
    env = dict(os.environ, COLUMNS="100", PYTHONPATH=os.pathsep.join(sys.path))
    env.pop("NO_COLOR", None)
    child = pexpect.spawn(sys.executable, ["-m", "kozyr.cli", "ladder", "3", "2", "--deals", "400000"],
                          env=env, encoding="utf-8", timeout=120, dimensions=(40, 100))
    child.expect(pexpect.EOF)
    child.close()
    text = child.before
    assert child.exitstatus == 0, text
    assert "rung 3 vs rung 2" in text and "━" in text      # the bar was drawn
    assert "┃" in text and "a: rung 3 (careful)" in text    # then a rich table


# -- kozyr sprt ------------------------------------------------------------------------------
def test_sprt_decides_and_prints_the_table(capsys, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    code, out, err = run(capsys, "sprt", "3", "2", "--elo0", "0", "--elo1", "5")
    assert code == 0 and err == ""   # no live line when stderr is not a terminal
    assert out.startswith("kozyr sprt: rung 3 (careful) vs rung 2 (cheap)")
    assert "H1: a is at least 5 normalized Elo stronger than b" in out
    assert "seed 'sprt'" in out and "deal pairs" in out and "deals/s" in out and "% [" in out


def test_sprt_json_matches_the_api_and_settings_reach_their_side(capsys):
    from kozyr.durak import sprt
    code, out, _ = run(capsys, "sprt", "3", "3", "--elo1", "2", "--seed", "j", "--set", "cheap_power=1",
                       "--vs-set", "DEEP_TALON=9", "--json", "--batch", "1000", "--max-deals", "4000")
    assert code == 0
    got = json.loads(out)
    want = sprt(3, 3, 0, 2, seed="j", params_a={"CHEAP_POWER": 1}, params_b={"DEEP_TALON": 9}, batch=1000,
                max_deals=4000)
    assert got["counts"] == list(want.counts) and got["decision"] == want.decision and got["seed"] == "j"
    assert got["a"] == "rung 3 Params(CHEAP_POWER=1)" and got["b"] == "rung 3 Params(DEEP_TALON=9)"
    code, out, _ = run(capsys, "sprt", "3", "2", "--no-pairs", "--model", "logistic", "--json", "--batch", "999")
    assert code == 0 and len(json.loads(out)["counts"]) == 3


@pytest.mark.parametrize("argv", [
    ["sprt", "3"], ["sprt", "3", "2", "--elo0", "5", "--elo1", "0"], ["sprt", "3", "2", "--elo1", "x"],
    ["sprt", "3", "2", "--batch", "999"], ["sprt", "3", "2", "--alpha", "0.9"], ["sprt", "3", "2", "--model", "x"],
    ["sprt", "2", "3", "--set", "DEEP_TALON=3"], ["sprt", "3", "2", "--vs-set", "DEEP_TALON=3"],
    ["sprt", "3", "2", "--set", "CHEAP_POWER=9"], ["sprt", "3", "2", "--set", "A=1", "--set", "A=2"],
    ["sprt", "3", "2", "--set", "DEEP_TALON=1", "--set", "deep_talon=2"],
])
def test_sprt_bad_arguments_exit_2(capsys, argv):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and len([x for x in err.splitlines() if "error:" in x]) == 1, err


def test_sprt_live_line_on_a_terminal():
    pexpect = pytest.importorskip("pexpect")
    env = dict(os.environ, COLUMNS="120", PYTHONPATH=os.pathsep.join(sys.path))
    child = pexpect.spawn(sys.executable, ["-m", "kozyr.cli", "sprt", "3", "2", "--elo1", "1", "--batch", "200"],
                          env=env, encoding="utf-8", timeout=120, dimensions=(40, 120))
    child.expect(pexpect.EOF)
    child.close()
    text = child.before
    assert child.exitstatus == 0, text
    assert "LLR +" in text or "LLR -" in text
    assert "[-2.944, +2.944]" in text and "deals" in text and "kozyr sprt: rung 3 (careful) vs rung 2 (cheap)" in text


def test_sprt_stops_on_ctrl_c_with_one_line_and_status_130():
    pexpect = pytest.importorskip("pexpect")
    env = dict(os.environ, COLUMNS="120", PYTHONPATH=os.pathsep.join(sys.path))
    child = pexpect.spawn(sys.executable, ["-m", "kozyr.cli", "sprt", "3", "3", "--no-pairs", "--alpha", "1e-300",
                                           "--beta", "1e-300", "--max-deals", "900000000", "--batch", "2000"],
                          env=env, encoding="utf-8", timeout=120, dimensions=(40, 120))
    child.expect("LLR")
    child.sendintr()
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130
    assert "kozyr sprt: interrupted after" in child.before and "Traceback" not in child.before


def test_ladder_shows_the_settings_of_the_rungs_that_play(capsys, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    code, out, _ = run(capsys, "ladder", "3", "2", "--deals", "200", "--set", "TRUMP_COST=15", "--set",
                       "deep_talon=9")
    assert code == 0
    assert "rung-2 settings: TRUMP_COST=15; rung-3 settings: DEEP_TALON=9, TRUMP_COST=15" in out
    code, out, _ = run(capsys, "ladder", "2", "1", "--deals", "200", "--set", "TRUMP_COST=15")
    assert code == 0 and "rung-2 settings: TRUMP_COST=15" in out and "rung-3" not in out
    code, out, _ = run(capsys, "ladder", "2", "1", "--deals", "200")
    assert code == 0 and "settings" not in out


def test_play_save_then_replay_file(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
                                    tmp_path: Path) -> None:
    """`kozyr play --save FILE` writes the deal's record; `kozyr replay --file FILE` plays it back;
    a forged record is one line naming the move."""
    import io

    record = tmp_path / "deal.json"
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * 400))
    code, out, _ = run(capsys, "play", "--seed", "saved", "--level", "1", "--save", str(record))
    assert code == 0 and record.exists()
    code, out, _ = run(capsys, "replay", "--file", str(record))
    assert code == 0 and out.splitlines()[-1].startswith(("result:", "unfinished"))
    data = json.loads(record.read_text())
    data["moves"][0] = [1 - data["moves"][0][0], data["moves"][0][1]]   # the wrong seat moves first
    record.write_text(json.dumps(data))
    code, out, err = run(capsys, "replay", "--file", str(record))
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1 and "not_your_turn" in err
    code, _, err = run(capsys, "replay")
    assert code == 2 and "SEED" in err


def test_ladder_pairs(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    code, out, _ = run(capsys, "ladder", "3", "2", "--deals", "2000", "--pairs")
    assert code == 0 and "seats swapped" in out and "deal pairs by a's score" in out
    code, _, err = run(capsys, "ladder", "3", "2", "--deals", "2001", "--pairs")
    assert code == 2 and "odd" in err
