"""The shell a newcomer meets (issue 40): bare `kozyr`, `kozyr cards`, the learned rung by name, two sides at a
table, the table ladder's width, the replay lines of the terminal games, and rung 4's first progress report."""
from __future__ import annotations

import subprocess
import sys
from typing import Any

import pytest
from _cli_run import run

from kozyr.cli import _terminal, durak_play
from kozyr.cli import durak as durak_cli
from kozyr.cli.durak_sides import LEARNED_SPEC


@pytest.mark.parametrize("module", ["kozyr", "kozyr.cli"])
def test_bare_kozyr_lists_the_commands_and_points_at_help(module: str) -> None:
    """It said only 'the following arguments are required: COMMAND'."""
    out = subprocess.run([sys.executable, "-m", module], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0 and out.stderr == "", out.stderr
    for command in ("cards", "ladder", "sprt", "play", "hokm", "pref", "tune", "serve"):
        assert f"\n  {command} " in out.stdout, command
    assert "kozyr COMMAND --help" in out.stdout


def test_cards_has_a_description(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "cards", "--help")
    assert code == 0 and "16*suit + rank" in " ".join(out.split())


def test_a_learned_rung_game_is_headed_by_its_name() -> None:
    options = durak_play.Options(level=2, seat=0, seed="s", delay=0, bot=LEARNED_SPEC)
    assert "against the learned rung" in durak_play.header_of(options)
    assert "LearnedBot" not in durak_play.header_of(options)
    assert " --bot learned " in options.replay_command()


def test_two_sides_at_a_table_are_a_against_a_field_of_b(capsys: pytest.CaptureFixture[str],
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """`kozyr ladder 3 2 --seats 4` was refused while `kozyr sprt 3 2 --seats 4` took the same two sides."""
    monkeypatch.setenv("NO_COLOR", "1")
    code, two, err = run(capsys, "ladder", "3", "2", "--seats", "4", "--deals", "300")
    assert code == 0, err
    code, four, _ = run(capsys, "ladder", "3", "2", "2", "2", "--seats", "4", "--deals", "300")
    assert code == 0
    def table(text: str) -> list[str]:
        return [line for line in text.splitlines() if "games/s" not in line]
    assert table(two) == table(four)
    code, _, err = run(capsys, "ladder", "3", "2", "2", "--seats", "4")
    assert code == 2 and "3 sides for a table of 4 seats" in err


def test_the_table_ladder_summary_fits_100_columns(capsys: pytest.CaptureFixture[str],
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    code, out, _ = run(capsys, "ladder", "3", "2", "2", "2", "2", "2", "--seats", "6", "--variant", "perevodnoy",
                       "--deals", "200")
    assert code == 0 and "(j + r) % 6" in out
    assert max(len(line) for line in out.splitlines()) <= 100, out


def test_a_long_replay_command_wraps_between_options_only() -> None:
    command = ("kozyr hokm play --seat 3 --bots search search search --target 21 --seed "
               "a-rather-long-seed-text-of-32-ch")
    lines = _terminal.replay_lines("You win the match 21-19 after 30 hands.", command)
    assert all(len(line) <= _terminal.WIDTH for line in lines), lines
    assert lines[1] == "Replay:"
    pasted = " ".join(line.rstrip("\\").strip() for line in lines[2:])
    assert pasted.split() == command.split()
    assert all(not line.rstrip(" \\").endswith(("--seat", "--bots", "--target", "--seed")) for line in lines)


def test_a_rung4_ladder_reports_within_its_first_chunk(capsys: pytest.CaptureFixture[str],
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """A rung-4 ladder reported its first progress after hundreds of deals (a minute), so its bar showed no
    estimate; it now reports every SEARCH_CHUNK deals."""
    seen: list[int] = []

    def progress(total: int, label: str) -> tuple[Any, Any]:
        return (lambda done, _total: seen.append(done)), (lambda: None)

    monkeypatch.setattr(durak_cli, "progress", progress)
    code, _, err = run(capsys, "ladder", "4", "2", "--deals", "12")
    assert code == 0, err
    assert seen and seen[0] <= durak_cli.SEARCH_CHUNK and seen[-1] == 12 and len(seen) >= 3
