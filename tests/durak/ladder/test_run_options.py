"""RunOptions: how a run is run, checked once at the door of ladder, sprt, spsa and optuna_search, and
forwarded as it is; the keywords users write build it, and options= passes one built before."""
from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from kozyr.durak import Rules
from kozyr.durak.ladder import RunOptions, ladder
from kozyr.durak.tuning import sprt, spsa
from kozyr.errors import KozyrError


def test_options_and_keywords_are_one_run() -> None:
    run = RunOptions(seed="opts", deal="sha", workers=2, chunk=64)
    a = ladder(3, 2, 600, options=run)
    b = ladder(3, 2, 600, "opts", deal="sha", workers=2, chunk=64)
    assert a.seed == b.seed == "opts" and a.deal == "sha"
    for name in ("fool", "moves", "bouts", "largest"):
        assert np.array_equal(getattr(a, name), getattr(b, name)), name
    t = ladder([3, 2, 2], 40, rules=Rules(seats=3), options=RunOptions(seed="table"))
    u = ladder([3, 2, 2], 40, "table", rules=Rules(seats=3))
    assert np.array_equal(t.losers, u.losers) and np.array_equal(t.order, u.order)
    x = sprt(3, 2, 0, 5, batch=200, max_deals=1000, options=RunOptions(seed="s"))
    y = sprt(3, 2, 0, 5, batch=200, max_deals=1000, seed="s")
    assert (x.decision, x.deals, x.llr_history) == (y.decision, y.deals, y.llr_history)
    start = {"CHEAP_POWER": 6}
    built = spsa(["CHEAP_POWER"], start, iterations=2, deals_per_iteration=200, options=RunOptions(seed=5))
    given = spsa(["CHEAP_POWER"], start, iterations=2, deals_per_iteration=200, seed=5)
    assert built.spsa.trajectory == given.spsa.trajectory


@pytest.mark.parametrize(("kw", "code"), [
    ({"workers": 0}, "bad_workers"), ({"workers": 257}, "bad_workers"), ({"chunk": 0}, "bad_chunk"),
    ({"deal": "slow"}, "bad_deal_mode"), ({"timeout": 0}, "bad_timeout"), ({"timeout": -1.5}, "bad_timeout"),
    ({"progress": 3}, "bad_progress"),
])
def test_a_bad_option_is_refused_when_made(kw: dict[str, object], code: str) -> None:
    with pytest.raises(KozyrError) as e:
        RunOptions(**kw)  # type: ignore[arg-type]
    assert e.value.code == code
    with pytest.raises(KozyrError) as at_the_door:   # the same refusal through a door's keywords
        ladder(3, 2, 10, **kw)  # type: ignore[arg-type]
    assert at_the_door.value.code == code


def test_options_are_frozen_and_normalised() -> None:
    run = RunOptions(workers=True + 1, timeout=2)
    assert run.workers == 2 and run.timeout == 2.0 and isinstance(run.timeout, float)
    with pytest.raises(dataclasses.FrozenInstanceError):
        run.workers = 3  # type: ignore[misc]


def test_one_source_for_each_value() -> None:
    run = RunOptions(seed="one")
    with pytest.raises(KozyrError) as e:
        ladder(3, 2, 10, workers=2, options=run)
    assert e.value.code == "bad_run_options" and e.value.fields["value"] == ["workers"]
    with pytest.raises(KozyrError) as e:
        sprt(3, 2, 0, 5, seed="two", options=run)
    assert e.value.code == "bad_run_options"
    with pytest.raises(KozyrError) as e:
        ladder(3, 2, 10, options={"seed": "one"})  # type: ignore[arg-type]
    assert e.value.code == "bad_run_options"
    # a keyword left at its default beside options= is no clash
    assert ladder(3, 2, 10, workers=1, deal="fast", options=run).seed == "one"


def test_a_tuner_s_seed_is_a_whole_number() -> None:
    with pytest.raises(KozyrError) as e:
        spsa(["CHEAP_POWER"], iterations=1, deals_per_iteration=20, options=RunOptions(seed="text"))
    assert e.value.code == "bad_seed"
