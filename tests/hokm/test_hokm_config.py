"""HokmConfig: defaults, keyword-only, frozen, hashable, validated."""
from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from kozyr.hokm import (
    DEFAULT_CONFIG,
    DEFAULT_RANK_STRENGTH,
    FirstHakem,
    HokmConfig,
    HokmError,
)


def test_defaults_match_the_spec() -> None:
    c = HokmConfig()
    assert c == DEFAULT_CONFIG
    assert (c.tricks_to_win, c.points_win, c.points_kot, c.points_hakem_kot, c.match_target) == (7, 1, 2, 3, 7)
    assert c.first_hakem is FirstHakem.ACE_DEAL
    strengths = [c.strength(r) for r in range(2, 15)]
    assert strengths == sorted(strengths) and len(set(strengths)) == 13 and min(strengths) > 0
    assert c.every_rank_can_win
    # The card table: every card of a rank has that rank's strength; non-cards 0.
    assert c.card_strength[16 * 3 + 14] == c.strength(14) and c.card_strength[0] == 0


def test_keyword_only_and_frozen() -> None:
    with pytest.raises(TypeError):
        HokmConfig(DEFAULT_RANK_STRENGTH)  # type: ignore[call-arg]
    c = HokmConfig()
    with pytest.raises(dataclasses.FrozenInstanceError):
        c.match_target = 3  # type: ignore[misc]
    with pytest.raises(TypeError):
        c.rank_strength[2] = 5  # type: ignore[index]


def test_equal_configs_hash_equal_and_replace_works() -> None:
    a = HokmConfig(rank_strength={**DEFAULT_RANK_STRENGTH, 2: 0}, match_target=5)
    b = HokmConfig(rank_strength=dict(a.rank_strength), match_target=5)
    assert a == b and hash(a) == hash(b) and len({a, b, DEFAULT_CONFIG}) == 2
    c = dataclasses.replace(a, match_target=9)
    assert c.match_target == 9 and c.rank_strength == a.rank_strength
    assert not a.every_rank_can_win
    assert HokmConfig(first_hakem="random").first_hakem is FirstHakem.RANDOM  # type: ignore[arg-type]


@pytest.mark.parametrize("kwargs,named", [
    ({"rank_strength": {2: 1}}, "missing"),
    ({"rank_strength": {**DEFAULT_RANK_STRENGTH, 15: 3}}, "15"),
    ({"rank_strength": {**DEFAULT_RANK_STRENGTH, 5: 2.5}}, "rank_strength[5]"),
    ({"rank_strength": [1, 2, 3]}, "mapping"),
    ({"tricks_to_win": 8}, "tricks_to_win=8"),
    ({"tricks_to_win": 0}, "tricks_to_win=0"),
    ({"points_win": 0}, "points_win=0"),
    ({"points_kot": "2"}, "points_kot='2'"),
    ({"points_hakem_kot": True}, "points_hakem_kot=True"),
    ({"match_target": 0}, "match_target=0"),
    ({"first_hakem": "coin"}, "first_hakem='coin'"),
])
def test_bad_configurations_are_refused(kwargs: dict[str, Any], named: str) -> None:
    with pytest.raises(HokmError) as err:
        HokmConfig(**kwargs)
    assert err.value.code == "bad_config" and named in str(err.value)
