"""The ladder's specialised duel (two rungs 1 to 3) against its general loop, deal by deal.

The duel (durak/bots/_duel.pxd) plays the rules its own way for speed: hands by
role, a prefix-XOR talon, the forced positions as branches, a copy per
pairing. The general loop (play_out) plays through the rules' State as every
other side does. Here both play the same deals and must leave the same
outcome, fool, moves, bouts, event count, heap, hands, counts, talon, six
owner and largest hand: every pairing, every deal mode, rung-1 words of every
kind, and random settings over every field's whole range.
"""
from __future__ import annotations

import importlib
import random
from typing import Any

import pytest
from _compiled import probes

from kozyr.durak import Params
from kozyr.durak.bots.bot import Bot
from kozyr.durak.bots.sides import resolve
from kozyr.durak.ladder import ladder
from kozyr.durak.ladder.job import Job
from kozyr.durak.params import PARAM_NAMES, PARAM_RANGES
from kozyr.durak.rules import Rules
from kozyr.errors import KozyrError

_agrees = importlib.import_module("kozyr.durak.ladder._loop")._duel_agrees   # a test hook


def agrees(a: Any, b: Any, deal: str, first: int, count: int, seed: str = "duel") -> list[int]:
    """The deals of a two-seat run of a against b where the duel and the general loop differ."""
    return list(_agrees(Job((a, b), Rules(), seed, deal, first + count), first, count))


def _random_params(rng: random.Random) -> Params:
    return Params(**{n: rng.randint(*PARAM_RANGES[n]) for n in PARAM_NAMES})


def test_the_rungs_kernel_by_power_answers_as_on_kozyrs_cards():
    """The duel's decisions are rung_move by power (core/power.pxd); on random decisions (hands,
    legal cards, flags, words) it answers as the kernel on kozyr's cards, with the rules'
    settings and with random ones over every field's range (the mixed pools and every
    pair adjustment)."""
    assert probes().power_kernel_agrees(30000, 1) == 0
    rng = random.Random(29)
    for _ in range(25):
        assert probes().power_kernel_agrees(4000, rng.randrange(1 << 62), _random_params(rng)) == 0


@pytest.mark.parametrize("a", [1, 2, 3])
@pytest.mark.parametrize("b", [1, 2, 3])
@pytest.mark.parametrize("deal,count", [("fast", 4000), ("sha", 300), ("reference", 300)])
def test_every_pairing_plays_as_the_general_loop(a, b, deal, count):
    assert agrees(resolve(a), resolve(b), deal, 0, count) == []


@pytest.mark.parametrize("fast", [False, True])
def test_bots_with_their_own_words_play_as_the_general_loop(fast):
    a = resolve(Bot(1, "duel-a", fast=fast))
    b = resolve(Bot(3, "duel-b", fast=not fast))
    assert agrees(a, b, "fast", 0, 1500) == []
    assert agrees(b, a, "sha", 1000, 200) == []


def test_random_settings_play_as_the_general_loop():
    rng = random.Random(11)
    for _ in range(30):
        pa = _random_params(rng)
        pb = _random_params(rng)
        a, b = rng.randint(2, 3), rng.randint(1, 3)
        assert agrees(resolve(a, pa), resolve(b, pb), "fast", rng.randrange(10**6), 300) == [], (a, b, pa, pb)


def test_the_hook_refuses_sides_the_duel_does_not_play():
    with pytest.raises(KozyrError, match="rungs 1 to 3"):
        agrees(resolve(lambda view: view.legal[0]), resolve(2), "fast", 0, 1)


def test_the_ladder_plays_the_duel_and_the_general_loop_alike():
    """The same deals through the ladder's duel (rung 2 against rung 3) and through the
    general loop (rung 2 against a Python player that asks rung 3 for its move)."""
    from kozyr.durak.bots.rungs import best

    fast = ladder(2, 3, 300, "duel-vs-loop")
    slow = ladder(2, lambda view: best(view, 3), 300, "duel-vs-loop")
    assert (fast.fool.tolist(), fast.moves.tolist(), fast.bouts.tolist(), fast.largest.tolist()) == (
        slow.fool.tolist(), slow.moves.tolist(), slow.bouts.tolist(), slow.largest.tolist())
