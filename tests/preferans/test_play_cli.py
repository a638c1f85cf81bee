"""``kozyr pref replay --file``: a record file replayed and printed; a forged one refused in one line."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from _pref_deals import EXAMPLE_1, EXAMPLE_3
from _pref_play import SEEDS

from kozyr.cli import main
from kozyr.preferans.record import save
from kozyr.preferans.reference import Game


def record_file(tmp_path: Path, moves: list[tuple[int, str]], seed: int = 3) -> Path:
    game = Game.from_seed(SEEDS[seed], 1, players=("A", "B", "C"), dealer=2)
    for seat, text in moves:
        game.apply(seat, text)
    path = tmp_path / "deal.json"
    save(game.record(), path)
    return path


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    capsys.readouterr()
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_replay_prints_the_deal(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "pref", "replay", "--file", str(record_file(tmp_path, EXAMPLE_1)))
    assert code == 0 and err == ""
    assert "A       QS 7H 8H 9H TH KH AH 7D 8C QC" in out and "talon: 7C 7S" in out
    assert "declarer: A (bid 6♠); discard: QS 7D; contract: 6♥" in out and "defence: open" in out
    assert "4      -      B AD, C JD, A 7H     A" in out
    saldo = {line.split()[0]: line.split()[-1] for line in out.splitlines() if line[:2] in ("A ", "B ", "C ")
             and line.split()[-1].endswith("/3")}
    assert saldo == {"A": "16/3", "B": "4/3", "C": "-20/3"}


def test_replay_raspasy_and_a_deal_in_progress(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "pref", "replay", "--file", str(record_file(tmp_path, EXAMPLE_3, seed=28)))
    assert code == 0 and "1      TC     A AH, B 9C, C 7C     B" in out and out.count("raspasy") >= 1
    code, out, _ = run(capsys, "pref", "replay", "--file", str(record_file(tmp_path, EXAMPLE_1[:10])))
    assert code == 0 and "trick in progress: A AH, B JH" in out and "not over: 10 moves so far, play" in out


def test_a_forged_record_is_one_line_and_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = record_file(tmp_path, EXAMPLE_1)
    doc = json.loads(path.read_text())
    doc["moves"][8][1] = "play AS"
    path.write_text(json.dumps(doc))
    code, out, err = run(capsys, "pref", "replay", "--file", str(path))
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1
    assert "moves[8]" in err and "card_not_held" in err
    code, out, err = run(capsys, "pref", "replay", "--file", str(tmp_path / "missing.json"))
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1
