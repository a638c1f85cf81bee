"""`kozyr pref spsa`, `pref sprt --set`, and a user's own preferans bot in `pref ladder` and `pref sprt`
through both doors (``module:attr`` and ``<file>.py:attr``): it plays, and one that raises or answers an
illegal move stops the run with one line naming the deal and the seat."""
from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from _cli_run import run

BOTS = textwrap.dedent('''
    """Users' preferans bots, for the shell's tests."""
    from kozyr.preferans.moves import Move


    def first(view):
        return view.legal[0]


    def boom(view):
        if view.phase == "play":
            raise RuntimeError("my bot broke")
        return view.legal[0]


    def illegal(view):
        return Move.parse("play AS") if view.phase == "auction" else view.legal[0]


    class Made:
        """A factory of bots: called with seed=, it makes one."""

        def __init__(self, seed=0):
            self.seed = seed

        def __call__(self, view):
            return view.legal[-1]
''')


@pytest.fixture
def bots(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "prefbots_user.py"
    path.write_text(BOTS)
    monkeypatch.chdir(tmp_path)   # `module:attr` is imported with the current directory first, as python -m has it
    return path


def test_a_users_bot_plays_the_ladder_and_the_test_through_both_doors(capsys, bots: Path) -> None:
    code, out, err = run(capsys, "pref", "ladder", "rules", "random", "prefbots_user:first", "--deals", "2")
    assert code == 0, err
    assert "prefbots_user:first" in out and "2 deals x 6 seatings = 12 games" in out
    code, out, err = run(capsys, "pref", "ladder", f"{bots}:Made", "rules", "random", "--deals", "1")
    assert code == 0 and f"{bots}:Made" in out, err
    code, out, err = run(capsys, "pref", "sprt", f"{bots}:first", "rules", "--max-deals", "3", "--delta1", "50")
    assert code == 0 and out.startswith("undecided: 3 deals"), (out, err)
    code, out, err = run(capsys, "pref", "sprt", "rules", "prefbots_user:Made", "--max-deals", "2")
    assert code == 0 and "rules against prefbots_user:Made" in out, err


@pytest.mark.parametrize("command", [["ladder", "rules", "random"], ["sprt", "random"]])
@pytest.mark.parametrize(("attr", "code", "says"), [("boom", "bot_error", "RuntimeError: my bot broke"),
                                                    ("illegal", "not_legal", "play AS")])
def test_a_bot_that_raises_or_answers_illegally_stops_with_one_line(capsys, bots: Path, command: list[str],
                                                                    attr: str, code: str, says: str) -> None:
    sides = [command[0], f"prefbots_user:{attr}", *command[1:]]
    status, out, err = run(capsys, "pref", *sides, "--deals" if command[0] == "ladder" else "--max-deals", "2")
    assert status == 2 and not out
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert "deal 1, seat " in lines[0] and f"prefbots_user:{attr}" in lines[0] and says in lines[0], lines[0]


def test_pref_spsa_and_its_sprt_command(capsys) -> None:
    status, out, err = run(capsys, "pref", "spsa", "--knobs", "whist", "--iterations", "2", "--deals-per-iteration",
                           "2", "--seed", "4")
    assert status == 0, err
    assert "kozyr pref spsa" in out and "load" in out and "kozyr pref sprt rules rules --set whist=" in out
    line = next(x for x in out.splitlines() if "kozyr pref sprt rules rules" in x)
    command = line[line.index("kozyr pref sprt"):].split()
    status, out, err = run(capsys, *command[1:], "--max-deals", "31", "--delta1", "40")
    assert status == 0 and out.split(":")[0] in ("H0", "H1", "undecided"), (out, err)
    assert "rules(whist=" in out
    assert run(capsys, "pref", "sprt", "rules", "rules", "--set", "nerve=1")[0] == 2
    assert run(capsys, "pref", "sprt", "random", "rules", "--set", "whist=1")[0] == 2
    assert run(capsys, "pref", "spsa", "--iterations", "0")[0] == 2


@pytest.mark.soak
def test_the_shell_on_a_local_cluster_prints_the_local_table(capsys) -> None:
    pytest.importorskip("distributed", reason="the kozyr[dask] extra (dask.distributed) is not installed")
    tables = []
    for extra in ([], ["--cluster", "local:2"]):
        status, out, err = run(capsys, "pref", "ladder", "rules", "random", "random", "--deals", "3", *extra)
        assert status == 0, err
        tables.append([line for line in out.splitlines() if "games in" not in line])
    assert tables[0] == tables[1]
    status, out, err = run(capsys, "pref", "sprt", "rules", "random", "--max-deals", "4", "--cluster", "local:2")
    assert status == 0 and out.startswith("undecided: 4 deals") and "Dask LocalCluster of 2 processes" in out, err
