"""The shell builds a run's `RunOptions` once, from its common options, and passes it as `options=` (issue 41,
item 4): `kozyr ladder` (two seats and a table), `sweep`, `sprt` and `tune` (SPSA and Optuna) hand the library
one checked value and none of its fields as keywords of their own; a bad value is one line, before a cluster
is started."""
from __future__ import annotations

from typing import Any

import pytest
from _cli_run import run

from kozyr.cli import _cluster
from kozyr.cli import durak as durak_cli
from kozyr.durak.ladder.options import RunOptions
from kozyr.durak.tuning import measure

FIELDS = ("seed", "deal", "workers", "chunk", "timeout", "client", "progress")


class Called(Exception):
    """Raised by a stand-in for the library once it has seen how the shell called it."""


def recorder(calls: list[dict[str, Any]]) -> Any:
    def call(*args: Any, **kwargs: Any) -> Any:
        calls.append(kwargs)
        raise Called
    return call


@pytest.mark.parametrize(("argv", "where", "want"), [
    (["ladder", "3", "2", "--deals", "10", "--seed", "s1", "--workers", "3", "--sha", "--timeout", "0.5"],
     (durak_cli, "ladder"), {"seed": "s1", "deal": "sha", "workers": 3, "timeout": 0.5}),
    (["ladder", "4", "2", "--deals", "10", "--reference", "--seed", "s2"],
     (durak_cli, "ladder"), {"seed": "s2", "deal": "reference", "workers": 1, "chunk": durak_cli.SEARCH_CHUNK}),
    (["ladder", "3", "2", "1", "--seats", "3", "--deals", "10", "--seed", "t", "--workers", "2"],
     (durak_cli, "ladder"), {"seed": "t", "deal": "fast", "workers": 2}),
    (["sweep", "--grid", "DEEP_TALON=1,2", "--deals", "10", "--seed", "w", "--sha", "--workers", "2"],
     (durak_cli, "ladder"), {"seed": "w", "deal": "sha", "workers": 2}),
    (["sprt", "3", "2", "--seed", "p", "--workers", "2", "--reference", "--timeout", "2"],
     (measure, "sprt"), {"seed": "p", "deal": "reference", "workers": 2, "timeout": 2.0, "progress": None}),
    (["tune", "--param", "DEEP_TALON=6", "--iterations", "1", "--seed", "7", "--workers", "2", "--timeout", "3"],
     (measure, "spsa"), {"seed": 7, "deal": "fast", "workers": 2, "timeout": 3.0}),
    (["tune", "--param", "DEEP_TALON=6", "--optuna", "--trials", "1", "--seed", "8", "--workers", "2"],
     (measure, "optuna_search"), {"seed": 8, "deal": "fast", "workers": 2}),
])
def test_every_command_passes_one_run_options(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
                                              argv: list[str], where: tuple[Any, str],
                                              want: dict[str, Any]) -> None:
    calls: list[dict[str, Any]] = []
    monkeypatch.setattr(*where, recorder(calls))
    with pytest.raises(Called):
        run(capsys, *argv)
    (kwargs,) = calls
    options = kwargs["options"]
    assert isinstance(options, RunOptions)
    assert not set(FIELDS) & set(kwargs), kwargs          # every field of the run in options=, none beside it
    assert options.client is None                         # no --cluster, no --scheduler
    for name, value in want.items():
        assert getattr(options, name) == value, name
    if where[1] == "ladder" and argv[0] == "ladder":
        assert callable(options.progress)                 # the progress bar follows the ladder
    if "chunk" not in want:
        assert options.chunk is None


@pytest.mark.parametrize("argv", [
    ["ladder", "3", "2", "--deals", "10"], ["ladder", "3", "2", "1", "--seats", "3", "--deals", "10"],
    ["sprt", "3", "2"], ["tune", "--param", "DEEP_TALON=6", "--iterations", "1"],
    ["tune", "--param", "DEEP_TALON=6", "--optuna", "--trials", "1"],
])
def test_a_bad_workers_is_one_line_before_a_cluster_starts(monkeypatch: pytest.MonkeyPatch,
                                                           capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    def connect(args: Any) -> Any:
        raise AssertionError("a cluster was started for a run that is refused")

    monkeypatch.setattr(_cluster, "connect", connect)
    code, out, err = run(capsys, *argv, "--workers", "300", "--cluster", "local:2")
    assert (code, out) == (2, "")
    assert err.splitlines() == [f"kozyr {argv[0]}: error: workers=300 is outside 1..256"]


def test_the_cluster_s_client_joins_the_options(monkeypatch: pytest.MonkeyPatch,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    """With --cluster the client the connection yields is the options' client, and rung 4 keeps the task
    chunks (the small progress chunk is a local run's)."""
    import contextlib

    client = object()

    @contextlib.contextmanager
    def connect(args: Any) -> Any:
        args.client = client
        yield client

    calls: list[dict[str, Any]] = []
    monkeypatch.setattr(_cluster, "connect", connect)
    monkeypatch.setattr(durak_cli, "ladder", recorder(calls))
    with pytest.raises(Called):
        run(capsys, "ladder", "4", "2", "--deals", "10", "--cluster", "local:2", "--seed", "c")
    (kwargs,) = calls
    assert kwargs["options"].client is client and kwargs["options"].chunk is None
    assert kwargs["options"].seed == "c"
