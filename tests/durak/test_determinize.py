"""Game.determinize: the cards a seat has not seen, dealt anew consistently with its memory."""
from __future__ import annotations

import random

import pytest
from _rung4_helpers import play_random

from kozyr.durak.memory import Memory
from kozyr.errors import KozyrError


def _bits(mask):
    return {c for c in range(64) if mask >> c & 1}


@pytest.mark.parametrize("seed", range(40))
def test_a_determinized_copy_keeps_what_the_seat_knows(seed):
    rnd = random.Random(seed)
    game, memories, _ = play_random(seed, rnd.randrange(0, 90))
    if game.over:
        return
    for seat in (0, 1):
        memory = memories[seat]
        view = game.view(seat)
        for k in range(10):
            copy = game.determinize(seat, memory, rnd.getrandbits(64))
            assert copy.view(seat) == view, "the seat sees the same position"
            assert len(copy.hands[1 - seat]) == len(game.hands[1 - seat])
            assert _bits(memory.known) <= set(copy.hands[1 - seat]), "known cards stay in the other hand"
            talon = list(copy.talon)
            assert len(talon) == len(game.talon)
            if talon:
                assert talon[-1] == list(game.talon)[-1], "the bottom card stays at the bottom"
            hidden = set(copy.hands[1 - seat]) | set(talon[:-1])
            assert hidden == set(game.hands[1 - seat]) | set(list(game.talon)[:-1])
            assert copy.heap_cards == game.heap_cards and copy.table == game.table
            assert copy.bout == game.bout and copy.turn == game.turn and copy.trump == game.trump
            # the copy is a playable deal: the other seat's legal moves follow from its imagined hand
            if copy.turn is not None:
                assert copy.legal_moves()


def test_the_same_rng_gives_the_same_copy_and_others_differ():
    game, memories, _ = play_random(11, 20)
    a = game.determinize(0, memories[0], 5)
    b = game.determinize(0, memories[0], 5)
    assert a.hands == b.hands and a.talon == b.talon
    others = {(a.hands[1], a.talon)} | {game.determinize(0, memories[0], r).hands[1:] + (game.determinize(
        0, memories[0], r).talon,) for r in range(6, 12)}
    assert len(others) > 1


def test_every_unseen_card_lands_in_the_other_hand_with_the_right_frequency():
    """Over many draws from one position, each unseen card is in the other hand with probability
    (unknown cards of that hand) / (unseen cards); and the talon's first card is uniform."""
    for seed in range(100):
        game, memories, _ = play_random(seed, 200, stop=lambda g: g.bouts >= 3 and 6 < len(g.talon) < 20 and g.turn == 0)
        memory = memories[0]
        if not game.over and memory.known and len(game.talon) > 6:
            break
    view = game.view(0)
    unseen = sorted(memory.unseen(view))
    need = len(game.hands[1]) - len(_bits(memory.known))
    n = 6000
    p = need / len(unseen)
    in_hand = dict.fromkeys(unseen, 0)
    first = dict.fromkeys(unseen, 0)
    rnd = random.Random(1)
    for _ in range(n):
        copy = game.determinize(0, memory, rnd.getrandbits(64))
        for c in set(copy.hands[1]) - _bits(memory.known):
            in_hand[c] += 1
        first[copy.talon[0]] += 1
    sigma = (n * p * (1 - p)) ** 0.5
    for c in unseen:
        assert abs(in_hand[c] - n * p) < 4.5 * sigma, (c, in_hand[c], n * p)
    # chi-square of the talon's first card over the unseen cards (df = len - 1): well under a 1e-4 tail
    expected = n / len(unseen)
    chi2 = sum((first[c] - expected) ** 2 / expected for c in unseen)
    df = len(unseen) - 1
    assert chi2 < df + 6 * (2 * df) ** 0.5


def test_a_memory_that_does_not_fit_is_refused():
    game, memories, _ = play_random(3, 40)
    with pytest.raises(KozyrError) as err:
        game.determinize(0, memories[1], 1)
    assert err.value.code == "bad_memory"
    wrong = Memory.unpacked(memories[0].packed())
    wrong.heap = 0 if memories[0].heap else (1 << 6)
    wrong.known = 0
    wrong.table = 0
    with pytest.raises(KozyrError) as err:
        game.determinize(0, wrong, 1)
    assert err.value.code == "bad_memory"
    with pytest.raises(KozyrError):
        game.determinize(2, memories[0], 1)
