"""The shell names a user's bot (issue 22, items 4, 5, 7): `module:attr` or `<file>.py:attr` where a rung goes.

`kozyr ladder`, `sprt`, `tune`, `play` and `replay` take it, with `--bot-set KNOB=VALUE`; the output is the
library's for the same bot; an import error, a missing attribute, a non-callable, an unknown knob is one line
and exit 2; a bot's fault is one line naming the deal, whose `kozyr replay` command replays it. `kozyr sprt`
ends with the block for a pull request, and `--counts` decides from counts alone.
"""
from __future__ import annotations

import io
import json
import re
import shlex
import sys
from pathlib import Path

import pytest
from _cli_run import run

from kozyr.durak import sprt, spsa
from kozyr.durak.ladder import BotSpec, ladder, replay
from kozyr.durak.tuning.measure import share
from kozyr.stats import decide, elo_estimate, normalized_elo

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
MYBOTS = EXAMPLES / "mybots.py"


@pytest.fixture
def in_examples(monkeypatch: pytest.MonkeyPatch) -> Path:
    """The shell run from examples/, where mybots.py is (a module:attr is imported from there)."""
    monkeypatch.chdir(EXAMPLES)
    monkeypatch.setattr(sys, "path", list(sys.path))    # the shell puts the folder on the path: undone after
    monkeypatch.syspath_prepend(str(EXAMPLES))           # and the test imports mybots from there too
    monkeypatch.delitem(sys.modules, "mybots", raising=False)
    return EXAMPLES


def one_error(err: str) -> str:
    lines = [line for line in err.splitlines() if line.strip()]
    assert len(lines) == 1, err
    return lines[0]


def test_ladder_names_the_bot_and_gives_the_library_s_result(capsys: pytest.CaptureFixture[str],
                                                             in_examples: Path) -> None:
    code, out, _ = run(capsys, "ladder", "mybots:make_bot", "2", "--deals", "600", "--bot-set", "deep=3", "--json")
    import mybots  # type: ignore[import-not-found]

    want = ladder(mybots.make_bot(deep=3), 2, 600, "ladder")
    got = json.loads(out)
    assert code == 0 and got["a"] == "mybots:make_bot(deep=3)" and got["b"] == "rung 2"
    assert (got["a_fools"], got["b_fools"], got["draws"]) == (want.a_fools, want.b_fools, want.draws)
    code, out, _ = run(capsys, "ladder", "3", f"{MYBOTS}:make_bot", "--deals", "600", "--json", "--workers", "2")
    got = json.loads(out)
    want = ladder(3, mybots.make_bot(), 600, "ladder")
    assert code == 0 and (got["a_fools"], got["b_fools"]) == (want.a_fools, want.b_fools)
    assert got["b"] == f"{MYBOTS}:make_bot" and len(got["cpu_seconds"]) == 2


@pytest.mark.soak
def test_a_policy_named_from_the_shell_plays_as_the_library_s(capsys: pytest.CaptureFixture[str],
                                                               in_examples: Path) -> None:
    """examples/mybots.py's `policy` (policy_side of an observation -> action function) is a side by name."""
    code, out, _ = run(capsys, "ladder", "mybots:policy", "2", "--deals", "400", "--json", "--workers", "2")
    import mybots

    want = ladder(mybots.policy, 2, 400, "ladder")
    got = json.loads(out)
    assert code == 0 and got["a"] == "mybots:policy"
    assert (got["a_fools"], got["b_fools"], got["draws"]) == (want.a_fools, want.b_fools, want.draws)
    code, out, _ = run(capsys, "sprt", "mybots:policy", "1", "--elo0", "0", "--elo1", "20", "--json")
    assert code == 0 and json.loads(out)["decision"] == "H1"


def test_the_table_shows_the_bot_by_name(capsys: pytest.CaptureFixture[str], in_examples: Path,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    code, out, _ = run(capsys, "ladder", "mybots:make_bot", "mybots:take_bot", "--deals", "200",
                       "--bot-set", "deep=12")
    assert code == 0 and "a: mybots:make_bot(deep=12)" in out and "b: mybots:take_bot" in out


@pytest.mark.parametrize("argv,words", [
    (["ladder", "nosuchmodule:bot", "2"], "cannot import nosuchmodule"),
    # issue 40: the refusal says where module:attr looks and that a path works
    (["ladder", "nosuchmodule:bot", "2"], "imports from the current folder"),
    (["ladder", "nosuchmodule:bot", "2"], "a file elsewhere is path/to/nosuchmodule.py:bot"),
    (["ladder", "mybots:nope", "2"], "mybots has no attribute 'nope'"),
    (["ladder", "mybots:TAKE", "2"], "not a bot"),
    (["ladder", "mybots:make_bot", "2", "--bot-set", "dep=3"], "has no knob 'dep' (its knobs: deep)"),
    (["ladder", "mybots:take_bot", "2", "--bot-set", "deep=3"], "is a bot, not a factory"),
    (["ladder", "3", "2", "--bot-set", "deep=3"], "no side is one"),
    (["ladder", "mybots", "2"], "unknown side 'mybots'"),
    (["ladder", "mybots:make_bot", "2", "--bot-set", "deep"], "is not KNOB=VALUE"),
    (["ladder", "mybots:make_bot", "2", "--vs-bot-set", "deep=2"], "--vs-bot-set is for side b"),
    (["ladder", "mybots:make_bot", "2", "--timeout", "0"], "above 0"),
    (["ladder", "/no/such.py:make_bot", "2"], "no file /no/such.py"),
    (["sprt", "mybots:nope", "2"], "no attribute 'nope'"),
    (["sprt", "mybots:make_bot"], "give the two sides"),
    (["replay", "x", "--rungs", "mybots:nope", "2"], "no attribute 'nope'"),
    (["replay", "x", "--deal", "3", "--number", "2"], "give one"),
    (["replay", "x", "--sha"], "give --deal I"),
    (["tune", "mybots:make_bot", "--param", "deep=6"], "START:LOW:HIGH"),
    (["tune", "mybots:make_bot", "--param", "dep=6:0:9"], "has no knob 'dep'"),
    (["tune", "mybots:take_bot", "--param", "deep=6:0:9"], "not a factory"),
    (["tune", "mybots:make_bot", "--param", "deep=6:0:9", "--rung", "2"], "--rung and --set"),
    (["tune", "mybots:make_bot", "--param", "deep=6:0:9", "--bot-set", "deep=3"], "that knob is tuned"),
    (["tune", "--param", "deep=6:0:9"], "unknown parameter"),
    (["play", "--bot", "mybots:nope"], "no attribute 'nope'"),
    (["play", "--bot", "mybots:make_bot", "--level", "3"], "give one"),
    (["play", "--bot-set", "deep=3"], "name it with --bot"),
    (["play", "--bot", "3"], "a rung is --level"),
])
def test_a_bad_bot_is_one_line_and_exit_2(argv: list[str], words: str, capsys: pytest.CaptureFixture[str],
                                          in_examples: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and words in one_error(err), err


def test_sprt_takes_the_bot_and_ends_with_the_block(capsys: pytest.CaptureFixture[str], in_examples: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    code, out, _ = run(capsys, "sprt", "mybots:make_bot", "2", "--elo0", "0", "--elo1", "5", "--batch", "2000",
                       "--bot-set", "deep=6")
    import mybots

    want = sprt(mybots.make_bot(deep=6), 2, 0, 5, batch=2000, seed="sprt")
    block = out.split("For a pull request:\n", 1)[1].rstrip("\n")
    assert code == 0 and block == share(want.test, a="mybots:make_bot(deep=6)", b="rung 2", deals=want.deals,
                                        seed="sprt", deal="fast")
    lines = block.splitlines()
    assert lines[0].startswith("sprt: mybots:make_bot(deep=6) vs rung 2: ") and len(lines) == 4
    e, ne = elo_estimate(want.counts), normalized_elo(want.counts)
    assert f"LLR {want.llr:+.3f} in [-2.944, +2.944]" in block and "H0 elo0 0, H1 elo1 5 (normalized Elo)" in block
    assert " ".join(str(c) for c in want.counts) in block and f"{want.deals:,} deals" in block
    assert f"logistic Elo {e.elo:+.1f} [{e.elo_low:+.1f}, {e.elo_high:+.1f}]" in block
    assert f"normalized Elo {ne.elo:+.1f} [{ne.low:+.1f}, {ne.high:+.1f}]" in block
    code, out, _ = run(capsys, "sprt", "mybots:make_bot", "2", "--batch", "2000", "--bot-set", "deep=6", "--json")
    got = json.loads(out)
    assert got["share"] == block and got["normalized"] == ne.as_dict() and got["counts"] == list(want.counts)


def test_sprt_decides_from_counts_alone(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "sprt", "--counts", "5,20,50,30,10", "--elo0", "0", "--elo1", "5")
    assert code == 0 and out.rstrip("\n") == share(decide([5, 20, 50, 30, 10], 0, 5))
    code, out, _ = run(capsys, "sprt", "--counts", "100,1400,2900,1450,130", "--json", "--model", "logistic")
    got = json.loads(out)
    want = decide([100, 1400, 2900, 1450, 130], 0, 5, model="logistic")
    assert code == 0 and got["decision"] == want.decision and got["llr"] == want.llr and got["deals"] is None
    assert got["normalized"] == normalized_elo(want.counts).as_dict() and got["share"] == share(want)
    code, out, _ = run(capsys, "sprt", "--counts", "100,800,120")        # trinomial L,D,W
    assert code == 0 and "1,020 deals; trinomial L D W 100 800 120" in out
    for bad in ("1,2,3,4", "1,2,x,4,5", "0,0,0,0,0", "-1,2,3,4,5"):
        code, out, err = run(capsys, "sprt", "--counts", bad)
        assert code == 2 and out == "" and one_error(err).startswith("kozyr sprt: error: ")
    code, _, err = run(capsys, "sprt", "--counts", "1,2,3,4,5", "--set", "DEEP_TALON=3")
    assert code == 2 and "counts alone" in one_error(err)


def test_tune_tunes_the_bot_s_knob(capsys: pytest.CaptureFixture[str], in_examples: Path) -> None:
    code, out, err = run(capsys, "tune", "mybots:make_bot", "--param", "deep=6:0:24", "--opponent", "2",
                         "--iterations", "3", "--deals-per-iteration", "200", "--seed", "4", "--json")
    want = spsa(BotSpec("mybots:make_bot"), {"deep": 6}, bounds={"deep": (0, 24)}, opponent=2, iterations=3,
                deals_per_iteration=200, seed=4)
    got = json.loads(out)
    assert code == 0 and "seed 4, mybots:make_bot, against rung 2" in err
    assert got["params"] == want.params and got["spsa"]["trajectory"] == json.loads(json.dumps(want.spsa.trajectory))
    assert want.bot is not None and got["bot"] == want.bot.name
    code, out, _ = run(capsys, "tune", f"{MYBOTS}:make_bot", "--param", "deep=6:0:24", "--optuna", "--trials", "2",
                       "--deals-per-iteration", "100", "--json", "--opponent", "mybots:take_bot")
    got = json.loads(out)
    assert code == 0 and len(got["trials"]) == 2 and got["opponent"] == "mybots:take_bot"


def test_replay_plays_a_ladder_s_deal_again(capsys: pytest.CaptureFixture[str], in_examples: Path) -> None:
    import mybots

    r = ladder(mybots.make_bot(deep=2), 3, 9, "rl", deal="reference")
    code, out, _ = run(capsys, "replay", "rl", "--deal", "9", "--reference", "--rungs", "mybots:make_bot", "3",
                       "--bot-set", "deep=2")
    game = replay(mybots.make_bot(deep=2), 3, "rl", 9, deal="reference")
    moves = [line for line in out.splitlines() if line[:5].strip().rstrip(".").isdigit()]
    assert code == 0 and len(moves) == r.moves[8] == game.moves
    assert out.startswith("deal 9 of the ladder of seed 'rl' (reference deals)")
    assert "seat 1: mybots:make_bot(deep=2)" in out and "seat 0: rung 3 (careful)" in out   # a sits in seat 9 % 2


def test_a_bot_s_fault_is_one_line_and_its_command_replays_it(capsys: pytest.CaptureFixture[str],
                                                              tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text("def make(after=30):\n    def bot(view):\n        if view.ply > after:\n"
                   "            return 'fly'\n        return view.legal[0]\n    return bot\n")
    code, out, err = run(capsys, "ladder", "2", f"{bad}:make", "--bot-set", "after=40", "--deals", "50", "--sha")
    line = one_error(err)
    assert code == 2 and out == "" and line.startswith(f"kozyr ladder: error: {bad}:make(after=40) answered 'fly', "
                                                       "not a move (ply ")
    assert "of deal 1 of seed 'ladder', sha deals (seed text 'ladder:1'); seat 0)" in line
    command = line.split("replay it: ", 1)[1].split(" | in Python: ", 1)[0]
    assert command == f"kozyr replay ladder --deal 1 --sha --rungs 2 {bad}:make --bot-set after=40"
    code, out, again = run(capsys, *shlex.split(command)[1:])
    assert code == 2 and one_error(again).split("error: ", 1)[1] == line.split("error: ", 1)[1]


def test_play_against_your_bot(capsys: pytest.CaptureFixture[str], in_examples: Path,
                               monkeypatch: pytest.MonkeyPatch) -> None:
    from kozyr.cli import durak_play
    from kozyr.cli._terminal import TranscriptScreen

    options = durak_play.Options(seed="mine", seat=1, delay=0, bot="mybots:make_bot", knobs=(("deep", 3),))
    screen = TranscriptScreen(out=io.StringIO(), look=durak_play.Look(ascii=True, colour=False), header="t")
    session = durak_play.Session(options, screen)
    import mybots

    bot = mybots.make_bot(deep=3)
    while not session.game.over:
        if session.game.turn == 1:
            session.press(durak_play.legal_keys(session.view())[0])
        else:
            view = session.game.view(0)
            want = bot(view)
            session.bot_turn()
            assert session.game.history[-1] == (0, want)
    assert options.replay_command() == "kozyr play --seed mine --bot mybots:make_bot --bot-set deep=3 --seat 1"
    assert durak_play.header_of(options).startswith("kozyr durak   you (seat 1) against mybots:make_bot")
    monkeypatch.setattr("sys.stdin", io.StringIO("q\n"))
    code, out, _ = run(capsys, "play", "--bot", "mybots:make_bot", "--bot-set", "deep=3", "--seed", "mine",
                       "--seat", "1", "--ascii")
    assert code == 0 and out.rstrip().endswith("--bot mybots:make_bot --bot-set deep=3 --seat 1")


def test_play_names_a_faulty_bot_in_one_line(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    bad = tmp_path / "oops.py"
    bad.write_text("def bot(view):\n    raise RuntimeError('oops')\n")
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n" * 40))
    code, _, err = run(capsys, "play", "--bot", f"{bad}:bot", "--seed", "f", "--seat", "1", "--ascii")
    line = one_error(err)
    assert code == 2 and re.search(rf"{re.escape(str(bad))}:bot raised RuntimeError: oops \(ply \d+ of the deal "
                                   r"of seed 'f'; seat 0\)", line), line
    assert line.endswith(f"play it again: kozyr play --seed f --bot {bad}:bot --seat 1")
