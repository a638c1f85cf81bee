"""Params: every setting of rungs 2 and 3 named, ranged and validated in one frozen object."""
from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from kozyr.durak import Bot, Params
from kozyr.durak.params import PARAM_DOCS, PARAM_NAMES, PARAM_RANGES, PARAM_RUNGS
from kozyr.errors import KozyrError


def test_the_defaults_are_the_rules_bots():
    assert Params().as_dict() == {"DEEP_TALON": 6, "CHEAP_POWER": 3, "TRUMP_COST": 20, "PAIR_CHEAP": 1,
                                  "PAIR_DEFEND": 1, "PAIR_ATTACK": -2, "TAKE_BOUT": 2, "HOLD_TRUMPS": 24,
                                  "K": 224, "PLAYOUT": 3, "ENDGAME": 1, "BUDGET": 20000, "OPPONENTS": 31, "MICROS": 0,
                                  "TREE": 70, "IN_TREE": 1, "BELIEF": 100, "VARIANT_PLAY": 15}
    assert Params().changed() == {} and repr(Params()) == "Params()"
    assert set(PARAM_NAMES) == set(PARAM_RANGES) == set(PARAM_RUNGS) == set(PARAM_DOCS)
    assert PARAM_RANGES["DEEP_TALON"] == (-1, 24) and PARAM_RANGES["CHEAP_POWER"] == (-1, 8)
    for name in PARAM_NAMES:
        low, high = PARAM_RANGES[name]
        assert low <= getattr(Params(), name) <= high and PARAM_DOCS[name]


@pytest.mark.parametrize("name", PARAM_NAMES)
def test_every_field_is_checked_at_its_ends(name):
    low, high = PARAM_RANGES[name]
    assert getattr(Params(**{name: low}), name) == low
    assert getattr(Params(**{name: np.int64(high)}), name) == high  # numpy ints are whole numbers
    for bad in (low - 1, high + 1, 2.0, "3", True, None):
        with pytest.raises(KozyrError) as info:
            Params(**{name: bad})
        # the one range check (kozyr.errors.whole): bad_<field> in lower case, as at every door
        assert info.value.code == f"bad_{name.lower()}" and info.value.field == name and name in str(info.value)


def test_of_replace_and_equality():
    p = Params.of({"cheap_power": 1, " Deep_Talon ": 9})
    assert p == Params(DEEP_TALON=9, CHEAP_POWER=1) and hash(p) == hash(Params(CHEAP_POWER=1, DEEP_TALON=9))
    assert Params.of(p) is p and Params.of(None) == Params()
    assert p.replace(cheap_power=2).CHEAP_POWER == 2 and p.CHEAP_POWER == 1
    assert repr(p) == "Params(DEEP_TALON=9, CHEAP_POWER=1)"
    assert p.for_rung(2) == {} and Params(TRUMP_COST=9).for_rung(2) == {"TRUMP_COST": 9}
    assert p.as_tuple() == tuple(p.as_dict().values())
    with pytest.raises(dataclasses.FrozenInstanceError):
        name = "DEEP_TALON"
        setattr(p, name, 3)
    for bad in ({"NOPE": 1}, [("DEEP_TALON", 1)], 3, {"DEEP_TALON": 99}):
        with pytest.raises(KozyrError):
            Params.of(bad)
    with pytest.raises(KozyrError):
        p.replace(TRUMP_COST=-1)


def test_a_bot_takes_params_and_keeps_them():
    assert Bot(3, "s", params={"CHEAP_POWER": 1}).params == Params(CHEAP_POWER=1)
    assert "CHEAP_POWER=1" in repr(Bot(3, "s", params=Params(CHEAP_POWER=1)))
    with pytest.raises(TypeError):
        Bot(3, "s", **{"deep_talon": 9})  # the old keywords are gone: params= replaced them


def test_rung_4_reads_its_fields_of_params() -> None:
    """K, PLAYOUT, ENDGAME and BUDGET reach rung 4 in the ladder (so sprt and spsa can tune them)."""
    import numpy as np

    from kozyr.durak.ladder import ladder
    from kozyr.errors import KozyrError

    small = ladder(4, 3, 30, "r4-params", params={"K": 2, "ENDGAME": 0})
    again = ladder(4, 3, 30, "r4-params", params=Params(K=2, ENDGAME=0))
    default = ladder(4, 3, 30, "r4-params")
    assert np.array_equal(small.moves, again.moves)
    assert not np.array_equal(small.moves, default.moves)
    assert small.params == {"K": 2, "ENDGAME": 0}
    with pytest.raises(KozyrError):
        Params(K=0)
