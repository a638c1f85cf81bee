"""Files at the shell's doors (issue 21, items 5, 6 and 10): read bounded, written whole, checked before the work.

Before: `kozyr play --save /nonexistent/x.json` played the deal and then lost it (and the verdict), an existing
file was silently overwritten; `kozyr replay --file` gave tracebacks or hung on hostile files; `--plot` on a
full disk was an OSError traceback and `--plot /dev/full` printed "plot written" with exit 0.
"""
from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest
from _cli_run import run

import kozyr

ROOT = str(Path(kozyr.__file__).resolve().parent.parent)


def _one_line(err: str) -> str:
    lines = err.strip("\n").split("\n")
    assert len(lines) == 1 and "Traceback" not in err, err[-2000:]
    return lines[0]


# -- kozyr play --save (item 5) ----------------------------------------------------------------------------
def _play(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, *args: str) -> tuple[int, str, str]:
    reads: list[int] = []

    class Keys(io.StringIO):
        def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
            reads.append(1)
            return super().readline(-1 if size is None else size)

    monkeypatch.setattr(sys, "stdin", Keys("1\n" * 400))
    code, out, err = run(capsys, "play", "--seed", "saved", "--level", "1", "--delay", "0", *args)
    return code, out if reads else "", err


def test_a_save_path_that_cannot_be_written_is_refused_before_the_deal(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    folder = tmp_path / "a-folder.json"
    folder.mkdir()
    for path, words in (("/nonexistent/x.json", "does not exist"), (str(folder), "is a directory"),
                        ("/dev/full", "not a regular file")):
        code, out, err = _play(capsys, monkeypatch, "--save", path)
        line = _one_line(err)
        assert code == 2 and out == "" and "--save" in line and words in line, (path, line)


def test_an_existing_record_is_kept_unless_forced(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
                                                  tmp_path: Path) -> None:
    path = tmp_path / "deal.json"
    path.write_text("keep me")
    code, out, err = _play(capsys, monkeypatch, "--save", str(path))
    line = _one_line(err)
    assert code == 2 and out == "" and "exists" in line and "--force" in line
    assert path.read_text() == "keep me"
    code, out, err = _play(capsys, monkeypatch, "--save", str(path), "--force")
    assert code == 0 and err == "" and json.loads(path.read_text())["deal"]["seed"].startswith("saved")
    assert sorted(os.listdir(tmp_path)) == ["deal.json"]     # no temporary file left beside it
    code, out, err = run(capsys, "replay", "--file", str(path))
    assert code == 0 and out.splitlines()[-1].startswith(("result:", "unfinished"))


def test_a_save_that_fails_at_the_end_still_shows_the_verdict(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """A disk that fills during the deal: the verdict and the replay line are printed, then one error line."""
    import errno

    from kozyr import files

    def full(*args: Any, **kwargs: Any) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(files, "_write_all", full)
    code, out, err = _play(capsys, monkeypatch, "--save", str(tmp_path / "deal.json"))
    line = _one_line(err)
    assert code == 2 and "No space left on device" in line
    assert out.rstrip().splitlines()[-1].startswith("Replay: kozyr play --seed saved")
    assert os.listdir(tmp_path) == []


# -- kozyr replay --file (item 6) --------------------------------------------------------------------------
HOSTILE: dict[str, str | bytes] = {
    "deep.json": "[" * 100_000,
    "deep-object.json": '{"a": ' * 100_000,
    "digits.json": '{"format": "kozyr-durak-record/1", "deal": {"number": ' + "9" * 5000 + "}}",
    "twice.json": '{"format": "kozyr-durak-record/1", "format": "kozyr-durak-record/1"}',
    "not-utf8.json": b"\xff\xfe{",
}


def test_replay_refuses_hostile_files_in_one_line(capsys: pytest.CaptureFixture[str],
                                                  monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    record = tmp_path / "real.json"
    code, _, _ = _play(capsys, monkeypatch, "--save", str(record))
    assert code == 0
    data = json.loads(record.read_text())
    data["result"] = {"outcome": data["result"]["outcome"], "fool": bool(data["result"]["fool"])} \
        if data["result"] and data["result"]["fool"] is not None else {"outcome": "fool", "fool": True}
    for name, text in {**HOSTILE, "fool-true.json": json.dumps(data)}.items():
        path = tmp_path / name
        path.write_bytes(text if isinstance(text, bytes) else text.encode())
        code, out, err = run(capsys, "replay", "--file", str(path))
        line = _one_line(err)
        assert code == 2 and out == "" and line.startswith("kozyr replay: error:") and len(line) < 300, (name, line)


def test_replay_refuses_fifos_and_folders_at_once(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """(/dev/zero is read in a child held to 2 GB: tests/durak/test_records_bounded.py.)"""
    fifo = tmp_path / "fifo.json"
    os.mkfifo(fifo)
    for path in (fifo, tmp_path):
        done: list[tuple[int, str, str]] = []
        def replay(path: Path = path, done: list[tuple[int, str, str]] = done) -> None:
            done.append(run(capsys, "replay", "--file", str(path)))

        runner = threading.Thread(target=replay, daemon=True)
        runner.start()
        runner.join(10)
        if runner.is_alive():
            with open(fifo, "w"):
                pass
            pytest.fail(f"kozyr replay --file {path.name} blocked")
        code, out, err = done[0]
        assert code == 2 and "not a regular file" in _one_line(err), err


def test_replay_names_the_refused_move_from_the_fields(capsys: pytest.CaptureFixture[str],
                                                       monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Item 14: the refusal line is built from `.code`, `.index`, `.seat`, `.move` and `.reason`, not a message."""
    from kozyr.durak import IllegalMove, records

    def forged(path: str) -> None:
        raise IllegalMove("not_your_turn", "(a message the shell must not read)", index=6, seat=1, move="take",
                          reason="seat 1 is not on turn")

    monkeypatch.setattr(records, "load", forged)
    code, out, err = run(capsys, "replay", "--file", str(tmp_path / "x.json"))
    line = _one_line(err)
    assert code == 2 and "must not read" not in line
    assert line == f"kozyr replay: error: {tmp_path / 'x.json'}: move 6 (seat 1, take) refused: not_your_turn: " \
                   "seat 1 is not on turn", line


# -- --plot (item 10) ---------------------------------------------------------------------------------------
PLOTS = {
    "sweep": ["sweep", "--grid", "DEEP_TALON=1,6", "--deals", "60"],
    "tune": ["tune", "--param", "CHEAP_POWER=3", "--iterations", "2", "--deals-per-iteration", "40"],
}


@pytest.mark.parametrize("command", sorted(PLOTS))
def test_plot_on_a_device_is_refused_before_any_deal(command: str, capsys: pytest.CaptureFixture[str],
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("matplotlib")
    monkeypatch.setattr("kozyr.durak.tuning.measure.play_range", None)   # any deal played would be a TypeError
    monkeypatch.setattr("kozyr.cli.durak.ladder", None)
    for path in ("/dev/full", "/dev/null"):
        code, out, err = run(capsys, *PLOTS[command], "--plot", path)
        line = _one_line(err)
        assert code == 2 and out == "" and "--plot" in line and "not a regular file" in line, line
    code, out, err = run(capsys, *PLOTS[command], "--plot", "/tmp/x.notaformat")
    assert code == 2 and "format" in _one_line(err)


@pytest.mark.parametrize("command", sorted(PLOTS))
def test_plot_on_a_full_disk_is_one_line_and_exit_2(command: str, tmp_path: Path) -> None:
    """A file-size limit of 2,000 bytes makes the kernel refuse the write (EFBIG), as a full disk does (ENOSPC)."""
    pytest.importorskip("matplotlib")
    script = ("import resource, signal, sys\n"
              "import kozyr.cli, matplotlib.pyplot\n"
              "signal.signal(signal.SIGXFSZ, signal.SIG_IGN)\n"
              "resource.setrlimit(resource.RLIMIT_FSIZE, (2000, 2000))\n"
              "sys.exit(kozyr.cli.main(sys.argv[1:]))\n")
    png = tmp_path / "plot.png"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([ROOT, *sys.path]), "NO_COLOR": "1"}
    done = subprocess.run([sys.executable, "-c", script, *PLOTS[command], "--plot", str(png)], env=env,
                          capture_output=True, text=True, timeout=120)
    line = _one_line(done.stderr.replace("kozyr tune: seed 1, rung 3, self-play\n", ""))
    assert done.returncode == 2, done.stderr
    assert "--plot" in line and "cannot be written" in line and "plot written" not in done.stderr, line
    assert os.listdir(tmp_path) == []   # neither the plot nor a temporary file
