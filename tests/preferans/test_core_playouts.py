"""Random whole deals in C (kozyr.preferans.core.playouts.random_playouts): what they return, that every
deal is whole, that they repeat from a seed, refusals, and Ctrl-C between chunks."""

from __future__ import annotations

import os
import signal
import threading

import numpy as np
import pytest

from kozyr.errors import KozyrError
from kozyr.preferans import ROSTOV, SOCHI
from kozyr.preferans.core.playouts import OUTCOMES, random_playouts


@pytest.mark.parametrize("players, convention", [(3, SOCHI), (4, ROSTOV), (3, SOCHI.replace(stalingrad=True))])
def test_whole_deals(players, convention):
    n = 20_000
    r = random_playouts(n, 5, players=players, convention=convention)
    assert r["tricks"].shape == (n, players) and r["outcome"].dtype == np.uint8
    outcome = [OUTCOMES[o] for o in r["outcome"]]
    played = np.isin(r["outcome"], [OUTCOMES.index(o) for o in ("raspasy", "misere", "game")])
    tricks = r["tricks"].sum(axis=1)
    assert (tricks[played] == 10).all() and (tricks[~played] == 0).all()
    assert "none" not in outcome and {"game", "passed", "misere"} <= set(outcome)
    raspasy = r["outcome"] == OUTCOMES.index("raspasy")
    assert (r["declarer"][raspasy] == -1).all() and (r["contract"][raspasy] == -1).all()
    assert (r["declarer"][~raspasy] >= 0).all()
    misere = r["outcome"] == OUTCOMES.index("misere")
    assert (r["contract"][misere] == 15).all() and (r["tricks"][misere].max(axis=1) <= 10).all()
    game = r["outcome"] == OUTCOMES.index("game")
    assert ((r["contract"][game] >= 0) & (r["contract"][game] != 15)).all()
    # a deal is an auction, a talon, a discard... and thirty card plays when the cards are played
    assert (r["ply"][played & ~raspasy] >= 33).all() and (r["ply"][raspasy] >= 33).all()
    if players == 4:
        dealers = np.arange(n) % 4
        assert (r["tricks"][np.arange(n), dealers] == 0).all() and (r["declarer"] != dealers).all()
    if convention.stalingrad:
        # a Stalingrad six is never whisted: no six of spades ends passed or with a half-whist
        six_spades = r["contract"] == 0
        assert (r["outcome"][six_spades] == OUTCOMES.index("game")).all()


def test_the_same_seed_gives_the_same_deals():
    a, b = random_playouts(3000, 11), random_playouts(3000, 11)
    assert all((a[k] == b[k]).all() for k in a)
    c = random_playouts(3000, 12)
    assert not (a["tricks"] == c["tricks"]).all()
    assert random_playouts(0)["outcome"].shape == (0,)


@pytest.mark.parametrize("kwargs, code", [({"n": -1}, "bad_n"), ({"n": 1.5}, "bad_n"), ({"players": 5}, "bad_players"),
                                          ({"min_level": 11}, "bad_min_level"), ({"convention": "sochi"},
                                                                                  "bad_convention")])
def test_bad_inputs(kwargs, code):
    args = {"n": 10, **kwargs}
    with pytest.raises(KozyrError) as info:
        random_playouts(**args)
    assert info.value.code == code


def test_min_level_is_kept():
    r = random_playouts(5000, 3, min_level=8)
    game = r["outcome"] != OUTCOMES.index("raspasy")
    contract = r["contract"][game]
    assert ((contract >= 10) | (contract == -1)).all()     # 8S is ladder index 10; misère 15 is above it


def test_ctrl_c_stops_between_chunks():
    timer = threading.Timer(0.2, lambda: os.kill(os.getpid(), signal.SIGINT))
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt, match=r"interrupted after [\d,]+ of 1,000,000,000 deals"):
            random_playouts(10**9, 1)
    finally:
        timer.cancel()
