"""Ctrl-C (issue 11, item 2): SIGINT stops a long run within a second, from the shell and from the API.

Before, `kozyr ladder --workers 2` ran to the end after SIGINT (47 s) and then
printed an 18-line traceback; `ladder()` and `random_playouts()` ran to
completion. Each test starts a run far too long to finish, sends SIGINT after
1.5 s, and measures how long the process takes to go.
"""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

# alone: timed against a one-second limit, so no other test of the run shares the cores meanwhile (tests/conftest.py)
pytestmark = [pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a child is POSIX"), pytest.mark.alone]

LIMIT = 1.0   # seconds from SIGINT to exit


READY = "kozyr-test-ready"
SHELL = f"""
import runpy, sys
import kozyr.cli, kozyr.durak.ladder   # imported before the clock starts (scipy alone takes a second)
sys.argv = ["kozyr", *sys.argv[1:]]
print("{READY}", file=sys.stderr, flush=True)
runpy.run_module("kozyr.cli", run_name="__main__")   # what `python -m kozyr.cli ...` runs
"""


def _interrupt(argv: list[str], wait: float = 1.5) -> tuple[int, str, str, float]:
    """`_interrupt_once`, run a second time if the first exit took longer than LIMIT (a load spike)."""
    first = _interrupt_once(argv, wait)
    return first if first[3] < LIMIT else _interrupt_once(argv, wait)


def _interrupt_once(argv: list[str], wait: float) -> tuple[int, str, str, float]:
    """Start argv, wait until it says it is ready (imports done) plus `wait` s, SIGINT it, time its exit."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    child = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    assert child.stderr is not None
    first = child.stderr.readline()
    assert first.strip() == READY, first + child.stderr.read()
    time.sleep(wait)
    assert child.poll() is None, f"the run ended before SIGINT: {child.communicate()}"
    sent = time.perf_counter()
    child.send_signal(signal.SIGINT)
    try:
        out, err = child.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        child.kill()
        out, err = child.communicate()
        pytest.fail(f"still running 30 s after SIGINT: {err[-500:]}")
    return child.returncode, out, err, time.perf_counter() - sent


@pytest.mark.parametrize("argv", [
    ["ladder", "3", "2", "--deals", "40000000", "--workers", "2"],
    ["sweep", "--grid", "DEEP_TALON=0,6", "--deals", "40000000", "--workers", "2"],
])
def test_the_shell_stops_with_one_line_and_status_130(argv: list[str]) -> None:
    status, out, err, took = _interrupt([sys.executable, "-c", SHELL, *argv])
    assert status == 130, err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    command = argv[0]
    total = 80_000_000 if command == "sweep" else 40_000_000
    assert lines[0].startswith(f"kozyr {command}: interrupted after ")
    assert lines[0].endswith(f" of {total:,} deals"), lines[0]
    assert out == ""
    assert took < LIMIT, f"took {took:.2f} s after SIGINT"


API = """
import sys
from kozyr.durak.ladder import ladder
from kozyr.durak.core.engine import random_playouts
print("{ready}", file=sys.stderr, flush=True)
try:
    {call}
except KeyboardInterrupt as e:
    print("stopped:", e)
    sys.exit(7)
print("finished")
"""


@pytest.mark.parametrize("call", [
    "ladder(3, 2, 40_000_000)",
    "ladder(3, 2, 40_000_000, workers=2)",
    "random_playouts(20_000_000)",
])
def test_the_api_raises_keyboard_interrupt_promptly(call: str) -> None:
    status, out, err, took = _interrupt([sys.executable, "-c", API.format(call=call, ready=READY)])
    assert status == 7, (out, err)
    assert out.startswith("stopped: interrupted after ") and " deals" in out, out
    assert took < LIMIT, f"took {took:.2f} s after SIGINT"


# -- issue 22: Python bots in worker processes ------------------------------------------------------
BOTS = str(Path(__file__).resolve().parents[1] / "durak")   # where _user_bots is, as a user's module


def _group(pgid: int) -> list[int]:
    """The living processes of process group `pgid` (zombies are dead: they only wait to be reaped)."""
    alive = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[2]) == pgid and fields[0] != "Z":
            alive.append(int(stat.parent.name))
    return alive


def _interrupt_group(argv: list[str], wait: float = 1.5) -> tuple[int, str, str, float, list[int]]:
    """As `_interrupt_once`, the child in a process group of its own; what of the group is alive 1 s after."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([BOTS, *sys.path])}
    child = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
                             start_new_session=True)
    assert child.stderr is not None
    first = child.stderr.readline()
    assert first.strip() == READY, first + child.stderr.read()
    time.sleep(wait)
    assert child.poll() is None, f"the run ended before SIGINT: {child.communicate()}"
    workers = [p for p in _group(child.pid) if p != child.pid]
    sent = time.perf_counter()
    child.send_signal(signal.SIGINT)
    try:
        out, err = child.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        os.killpg(child.pid, signal.SIGKILL)
        out, err = child.communicate()
        pytest.fail(f"still running 30 s after SIGINT: {err[-500:]}")
    took = time.perf_counter() - sent
    time.sleep(1.0)
    left = _group(child.pid)
    if left:
        os.killpg(child.pid, signal.SIGKILL)
    assert len(workers) >= 2, f"the run had no worker processes to stop: {workers}"
    return child.returncode, out, err, took, left


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
@pytest.mark.parametrize("how", ["api", "shell"])
def test_python_bots_in_worker_processes_stop_within_a_second_and_leave_none(how: str) -> None:
    """A Python bot with workers=2 plays in two worker processes: SIGINT to the driver kills and reaps them."""
    if how == "api":
        call = "ladder(BotSpec('_user_bots:make_taker'), 2, 40_000_000, workers=2)"
        script = API.replace("from kozyr.durak.ladder import ladder",
                             "from kozyr.durak.ladder import BotSpec, ladder").format(call=call, ready=READY)
        argv = [sys.executable, "-c", script]
    else:
        argv = [sys.executable, "-c", SHELL, "ladder", "_user_bots:make_taker", "2", "--deals", "40000000",
                "--workers", "2"]
    status, out, err, took, left = _interrupt_group(argv)
    if how == "api":
        assert status == 7 and out.startswith("stopped: interrupted after ") and " deals" in out, (out, err)
    else:
        assert status == 130 and err.strip().startswith("kozyr ladder: interrupted after "), err
        assert len(err.strip().splitlines()) == 1, err
    assert took < LIMIT, f"took {took:.2f} s after SIGINT"
    assert not left, f"processes left behind: {left}"
