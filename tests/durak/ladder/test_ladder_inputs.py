"""ladder() and random_playouts() arguments (issue 11, item 1): each bad one is a KozyrError naming it.

Before, `ladder(3, 2, 3000, chunk=-1)` returned arrays straight from np.empty
(mean moves 39,833,736) and `chunk=0` died in range(). Every argument is
checked before a deal is played, and every array entry is a played deal.
"""
from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from kozyr.durak import pad_seed
from kozyr.durak.codes import IllegalMove
from kozyr.durak.core.engine import random_playouts
from kozyr.durak.ladder import ladder
from kozyr.errors import KozyrError


@pytest.mark.parametrize("kw, field", [
    (dict(chunk=-1), "chunk"), (dict(chunk=0), "chunk"), (dict(chunk=2.5), "chunk"), (dict(chunk="9"), "chunk"),
    (dict(chunk=10**12), "chunk"), (dict(chunk=True), "chunk"),
    (dict(workers=0), "workers"), (dict(workers=-2), "workers"), (dict(workers=1.0), "workers"),
    (dict(workers=10**6), "workers"),
    (dict(deals=-1), "deals"), (dict(deals=2.5), "deals"), (dict(deals="10"), "deals"), (dict(deals=10**12), "deals"),
])
def test_each_count_argument_is_refused_by_name(kw: dict[str, Any], field: str) -> None:
    args: dict[str, Any] = dict(deals=3000)
    args.update(kw)
    deals = args.pop("deals")
    with pytest.raises(KozyrError) as info:
        ladder(3, 2, deals, 1, **args)
    assert info.value.code == f"bad_{field}" and field in str(info.value)


@pytest.mark.parametrize("kw", [
    dict(deal="slow"), dict(deal=None), dict(seed=1.5), dict(seed=None), dict(seed="é"),
    dict(params={"DEEP_TALON": -3}), dict(params={"CHEAP_POWER": 99}), dict(params={"NOPE": 1}),
    dict(params={"DEEP_TALON": "6"}), dict(params="DEEP_TALON=6"), dict(progress="yes"),
])
def test_other_bad_arguments_are_kozyr_errors(kw: dict[str, Any]) -> None:
    with pytest.raises(KozyrError) as info:
        ladder(3, 2, 100, **{"seed": 1, **kw})
    assert info.value.code and len(str(info.value)) < 300


@pytest.mark.parametrize("chunk", [1, 7, 256, 2999, 3000, 10**6])
def test_every_entry_of_the_arrays_is_a_played_deal(chunk: int) -> None:
    r = ladder(3, 2, 3000 if chunk != 1 else 300, "fill", chunk=chunk, workers=2)
    base = ladder(3, 2, len(r.moves), "fill")
    assert (r.moves == base.moves).all() and (r.fool == base.fool).all()
    # np.min rather than the method: numpy 2.5's stubs reject ndarray.min() with no argument
    assert np.min(r.moves) > 0 and np.max(r.moves) < 2000 and set(np.unique(r.fool)) <= {-1, 0, 1}


def test_random_playouts_arrays_are_all_played() -> None:
    r = random_playouts(10_000, 3)
    assert np.min(r["moves"]) > 0 and set(np.unique(r["fool"])) <= {-1, 0, 1}
    assert (r["ply"] >= r["moves"]).all()


def test_pad_seed_refuses_non_ascii_with_a_code() -> None:
    """Item 16: pad_seed('é') raised UnicodeEncodeError."""
    with pytest.raises(IllegalMove) as info:
        pad_seed("é")
    assert info.value.code == "no_seed"
