"""The preferans ladder, sequential test and tuner on a Dask cluster: the same rows, decision and trajectory
as one local worker (a LocalCluster of two single-threaded worker processes, so every chunk is pickled,
played in another interpreter and sent back); a bot's refusal as a local run raises it; what cannot travel
is refused before anything is sent. Needs the kozyr[dask] extra, and skips with that reason without it."""
from __future__ import annotations

import logging
import threading
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

from kozyr.errors import KozyrError
from kozyr.preferans.ladder import ladder
from kozyr.preferans.sprt import sprt
from kozyr.preferans.tuning import spsa

REASON = "the kozyr[dask] extra (dask.distributed) is not installed"

# module-level, so that Dask pickles them by value (this test module is not importable on the workers)
def broken_in_the_play(view: Any) -> Any:
    if view.phase == "play" and len(view.tricks) == 3:
        raise ValueError("a user's bug")
    return view.legal[0]


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    distributed = pytest.importorskip("distributed", reason=REASON)
    import sys

    import cloudpickle
    cloudpickle.register_pickle_by_value(sys.modules[__name__])
    with distributed.LocalCluster(n_workers=2, processes=True, threads_per_worker=1, dashboard_address=":0",
                                  silence_logs=logging.CRITICAL, preload=["kozyr.cli._cluster"]) as cluster, \
            distributed.Client(cluster) as c:
        yield c


def test_refused_before_anything_is_sent() -> None:
    with pytest.raises(KozyrError) as err:
        ladder("rules", "random", "random", deals=2, client="not a client")
    assert err.value.code in ("bad_client", "no_dask")


@pytest.mark.soak
def test_the_cluster_plays_what_one_worker_plays(client: Any) -> None:
    local = ladder("rules", "random", "montecarlo", deals=5, first=3)
    remote = ladder("rules", "random", "montecarlo", deals=5, first=3, client=client)
    assert local.arrays is not None and remote.arrays is not None
    for a, b in zip(local.arrays, remote.arrays, strict=True):
        assert a.dtype == b.dtype and np.array_equal(a, b)
    assert [s.score for s in local.stats] == [s.score for s in remote.stats]
    assert local.outcomes == remote.outcomes and not remote.stopped

    one = sprt("rules", "random", delta1=20, min_deals=5, max_deals=40)
    far = sprt("rules", "random", delta1=20, min_deals=5, max_deals=40, client=client, batch=6)
    assert (one.decision, one.deals, one.mean, one.llr) == (far.decision, far.deals, far.mean, far.llr)

    tuned = spsa(["whist", "margin"], iterations=2, deals_per_iteration=3, seed=9)
    there = spsa(["whist", "margin"], iterations=2, deals_per_iteration=3, seed=9, client=client)
    assert tuned.spsa.trajectory == there.spsa.trajectory and tuned.knobs == there.knobs


@pytest.mark.soak
def test_a_bots_refusal_and_a_side_that_cannot_travel(client: Any) -> None:
    with pytest.raises(KozyrError) as local:
        ladder("rules", broken_in_the_play, "random", deals=3)
    with pytest.raises(KozyrError) as remote:
        ladder("rules", broken_in_the_play, "random", deals=3, client=client)
    assert local.value.code == remote.value.code == "bot_error"
    assert str(local.value) == str(remote.value) and "deal 1, seat" in str(remote.value)

    class Locked:
        def __init__(self) -> None:
            self.lock = threading.Lock()

        def __call__(self, view: Any) -> Any:
            return view.legal[0]

    with pytest.raises(KozyrError) as err:
        ladder("rules", Locked(), "random", deals=2, client=client)
    assert err.value.code == "bad_side"
