"""The ladder's old names for the one path of every table (`TableJob`, `play_table_range`, `replay_table`, the
cluster's `TableTask` and `run_table`, the replay's `table_players` and `table_game`): each still works until
kozyr 0.5, and warns at each read or call with a
`DeprecationWarning` naming its new spelling, pointed at the caller's line; none is in an `__all__`."""
from __future__ import annotations

import re
import warnings
from typing import Any

import numpy as np
import pytest

from kozyr.durak import Rules
from kozyr.durak import ladder as ladder_package
from kozyr.durak._moved import RENAMED
from kozyr.durak.bots.sides import resolve
from kozyr.durak.ladder import cluster, job, replay, replays


def _one_warning(caught: list[warnings.WarningMessage], old: str) -> None:
    """Exactly one DeprecationWarning, for `old`, naming its new spelling and the release, at this file's line."""
    mine = [w for w in caught if issubclass(w.category, DeprecationWarning)]
    assert len(mine) == 1, [str(w.message) for w in mine]
    text = str(mine[0].message)
    assert text == f"{old} is {RENAMED[old]} now; the old name works until kozyr 0.5: use {RENAMED[old]}"
    assert mine[0].filename == __file__, mine[0].filename


def test_the_table_names_the_five_old_names() -> None:
    assert sorted(RENAMED) == sorted(f"kozyr.durak.ladder.{n}" for n in (
        "TableJob", "play_table_range", "replay_table", "cluster.TableTask", "cluster.run_table",
        "replays.table_players", "replays.table_game"))
    for module in (ladder_package, cluster, replays):
        assert not {"TableJob", "play_table_range", "replay_table", "TableTask", "run_table", "table_players",
                    "table_game"} & set(module.__all__)


@pytest.mark.parametrize(("module", "old", "new"), [(ladder_package, "TableJob", job.Job),
                                                    (cluster, "TableTask", cluster.Task)])
def test_a_plain_alias_is_the_new_class_and_warns_at_each_read(module: Any, old: str, new: type) -> None:
    name = f"{module.__name__}.{old}"
    for _ in range(2):              # every read warns, not only the first
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            got = getattr(module, old)
        _one_warning(caught, name)
        assert got is new
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        exec(f"from {module.__name__} import {old} as imported", namespace := {"__file__": __file__})
    assert namespace["imported"] is new                   # one statement, one warning
    assert [str(w.message).split()[0] for w in caught] == [name]
    with pytest.raises(AttributeError, match=re.escape("has no attribute 'TableNothing'")):
        module.TableNothing   # noqa: B018 - any other missing name is missing as before


def _job(deals: int = 6) -> job.Job:
    return job.Job((resolve(3), resolve(2)), Rules(), "renamed", "fast", deals)


def test_play_table_range_is_play_range_and_warns_at_each_call() -> None:
    want = ladder_package.play_range(_job(), 0, 6)
    for _ in range(2):
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            got = ladder_package.play_table_range(_job(), 0, 6)
        _one_warning(caught, "kozyr.durak.ladder.play_table_range")
        assert all(np.array_equal(a, b) for a, b in zip(got, want, strict=True))


def test_replay_table_is_replay_and_warns_at_each_call() -> None:
    rules = Rules(seats=3, variant="perevodnoy")
    want = replay([3, 2, 1], "renamed", 2, rotation=1, rules=rules)
    for old in (ladder_package.replay_table, replays.replay_table):   # one function, reached either way
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            got = old([3, 2, 1], "renamed", 2, 1, rules=rules)
        _one_warning(caught, "kozyr.durak.ladder.replay_table")
        assert got.history == want.history and got.result == want.result


def test_the_replay_s_table_players_and_table_game_forward_and_warn_at_each_call() -> None:
    rules = Rules(seats=3)
    want_game = replays.deal_game("renamed", 2, "fast", rules=rules)
    want_players = replays.seat_players([3, 2, 1], "renamed", 2, 1)
    for _ in range(2):
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            game = replays.table_game("renamed", 2, rules)
        _one_warning(caught, "kozyr.durak.ladder.replays.table_game")
        assert game.rules == want_game.rules and game.view(0).hand == want_game.view(0).hand
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            players = replays.table_players([3, 2, 1], "renamed", 2, 1)
        _one_warning(caught, "kozyr.durak.ladder.replays.table_players")
        assert len(players) == len(want_players) == 3


def test_run_table_forwards_to_run_and_warns_at_each_call(monkeypatch: pytest.MonkeyPatch) -> None:
    """`run_table(client, job, ...)` is `run(client, job, ...)`, the driver the cluster tests hold to a local run
    (here `run` is a stand-in: what matters is what reaches it)."""
    calls: list[tuple[Any, ...]] = []

    def run(client: Any, job: Any, *, chunk: Any = None, progress: Any = None, retries: Any = None) -> str:
        calls.append((client, job, chunk, progress, retries))
        return "arrays"

    monkeypatch.setattr(cluster, "run", run)
    client, the_job, progress = object(), _job(), print
    for _ in range(2):
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            assert cluster.run_table(client, the_job, chunk=3, progress=progress, retries=1) == "arrays"
        _one_warning(caught, "kozyr.durak.ladder.cluster.run_table")
    assert calls == [(client, the_job, 3, progress, 1)] * 2
