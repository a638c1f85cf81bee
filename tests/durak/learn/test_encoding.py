"""The RL encoding: actions, masks, and the observation (C against the Python reference, and blind)."""
import random

import numpy as np
import pytest
from _compiled import hooks

from kozyr.durak import Game
from kozyr.durak.learn.encoding import (
    LAYOUT,
    N_ACTIONS,
    OBS_SIZE,
    Remembered,
    action_of,
    card_index,
    index_card,
    legal_mask,
    move_of,
    observe,
    reference_observation,
)
from kozyr.errors import KozyrError


def test_actions_round_trip_in_python_and_c():
    seen = set()
    for a in range(N_ACTIONS):
        move = move_of(a)
        assert action_of(move) == a
        assert action_of(str(move)) == a
        seen.add(move)
        assert hooks().code_of_action(a) == move.code
        assert hooks().action_of_code(move.code) == a
    assert len(seen) == 76
    assert action_of("attack 6S") == 0 and action_of("attack AS") == 8 and action_of("attack 6H") == 9
    assert action_of("beat AC") == 71 and action_of("take") == 72 and action_of("resign") == 75
    assert [card_index(index_card(i)) for i in range(36)] == list(range(36))


@pytest.mark.parametrize("bad", [-1, 76, 1.5, True, "0"])
def test_move_of_refuses(bad):
    with pytest.raises(KozyrError) as e:
        move_of(bad)
    assert e.value.code == "bad_action"


def test_layout_is_contiguous_and_documented_size():
    stops = [s.start for s in LAYOUT.values()] + [OBS_SIZE]
    assert stops[0] == 0 and all(s.stop == t for s, t in zip(LAYOUT.values(), stops[1:], strict=True))
    assert OBS_SIZE == 270 and LAYOUT["counts"] == slice(264, 270)


def _play(seed, steps=None):
    """Random legal play of one deal; yields the Remembered after every move (and at the deal)."""
    rng = random.Random(seed)
    r = Remembered(Game.from_rng(seed))
    yield r
    while not r.game.over and (steps is None or steps > 0):
        r.apply(r.game.turn, rng.choice(r.game.legal_moves()))
        steps = None if steps is None else steps - 1
        yield r


def test_c_observation_equals_the_python_reference():
    n = 0
    for seed in range(60):
        for r in _play(seed):
            for seat in (0, 1):
                obs, mask = r.observe(seat)
                view = r.game.view(seat)
                np.testing.assert_array_equal(obs, reference_observation(view, r.memories[seat]))
                np.testing.assert_array_equal(mask, legal_mask(view))
                assert mask.sum() == len(view.legal)
                n += 1
    assert n > 5000


def test_mask_actions_are_the_legal_moves():
    for r in _play(5):
        if r.game.over:
            break
        seat = r.game.turn
        _, mask = r.observe(seat)
        assert {move_of(a) for a in np.flatnonzero(mask)} == set(r.game.legal_moves())
        assert not r.observe(1 - seat)[1].any()


def test_buffers_are_written_in_place_and_checked():
    r = Remembered(Game.from_rng(1))
    out = np.full(OBS_SIZE, 7.0, dtype=np.float32)
    mask = np.full(N_ACTIONS, 9, dtype=np.uint8)
    o, m = r.observe(0, out, mask)
    assert o is out and m is mask and set(np.unique(out)) <= {0.0, 1.0} | set(out[LAYOUT["counts"]])
    with pytest.raises(KozyrError) as e:
        r.observe(0, np.zeros(OBS_SIZE, dtype=np.float64))
    assert e.value.code == "bad_buffer"
    # observe takes a view: the seat and the memory are the view's own, so there is no seat or memory to
    # get wrong (the old observe(game, seat, memory) refused a bad seat and another seat's memory); what
    # is not a view is refused
    with pytest.raises(KozyrError) as e:
        observe(r.game)
    assert e.value.code == "bad_view"
    with pytest.raises(KozyrError) as e:
        observe(r.game.view(0), np.zeros(OBS_SIZE, dtype=np.float32), np.zeros(N_ACTIONS, dtype=np.int8))
    assert e.value.code == "bad_buffer"


def _hidden_twin(order, seat):
    """The same deal with a card of the other seat's first hand swapped with a deep talon card, chosen so
    that `seat` sees the same deal (the first attacker, who holds the lowest trump, may give a swap away)."""
    for i in range(1 - seat, 12, 2):
        for j in range(34, 24, -1):       # talon cards drawn late, so the swap stays hidden a while
            b = list(order)
            b[i], b[j] = b[j], b[i]
            if Game.from_order(order).view(seat) == Game.from_order(b).view(seat):
                return b, {order[i], order[j]}
    raise AssertionError("no hidden twin")


@pytest.mark.parametrize("seed", range(40))
def test_hidden_cards_never_reach_the_observation(seed):
    """Two deals that differ only in cards seat 0 cannot see give seat 0 identical observations."""
    order = Game.from_rng(seed).order
    b_order, swapped = _hidden_twin(order, 0)
    ra, rb = Remembered(Game.from_order(order)), Remembered(Game.from_order(b_order))
    rng = random.Random(seed)
    compared = differed = 0
    # while seat 0 sees the same thing in both (the hidden hands can make the deals part: a forced take
    # happens in one and not the other), its observations must be the same
    while not ra.game.over and ra.game.view(0) == rb.game.view(0):
        np.testing.assert_array_equal(ra.observe(0)[0], rb.observe(0)[0])
        np.testing.assert_array_equal(ra.observe(0)[1], rb.observe(0)[1])
        compared += 1
        differed += ra.game.hands[1] != rb.game.hands[1]
        seat = ra.game.turn
        moves = [m for m in ra.game.legal_moves() if m.card not in swapped and m in rb.game.legal_moves()]
        if not moves:
            break
        move = rng.choice(moves)
        ra.apply(seat, move)
        rb.apply(seat, move)
    assert compared >= 1 and differed >= 1
