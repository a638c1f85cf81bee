"""Deal pairs: every deal played twice, the same deal and words, the seats swapped.

The first game of pair i is deal i of the unpaired ladder, the second is deal
i of the ladder with the sides exchanged (side b in a's seat), so both are
checked against plain ladders, on the C loop and on the Python path; the
pentanomial counts are checked against the arrays.
"""
from __future__ import annotations

import numpy as np
import pytest

from kozyr.durak import Bot, Params
from kozyr.durak.ladder import ladder, play_range
from kozyr.errors import KozyrError
from kozyr.stats import counts_from_scores


def _flip(fool: np.ndarray) -> np.ndarray:
    """Fool sides seen from the other side: 0 <-> 1, draws stay -1."""
    return np.where(fool < 0, fool, 1 - fool)


@pytest.mark.parametrize("a,b,deal", [(3, 2, "fast"), (1, 3, "fast"), (3, 1, "sha"), (2, 1, "reference")])
def test_a_pair_is_the_deal_and_the_deal_with_seats_swapped(a, b, deal):
    n = 400
    r = ladder(a, b, 2 * n, "pp", deal=deal, pairs=True)
    first, swapped = ladder(a, b, n, "pp", deal=deal), ladder(b, a, n, "pp", deal=deal)
    assert r.deals == 2 * n and r.paired
    np.testing.assert_array_equal(r.fool[0::2], first.fool)
    np.testing.assert_array_equal(r.moves[0::2], first.moves)
    np.testing.assert_array_equal(r.fool[1::2], _flip(swapped.fool))
    np.testing.assert_array_equal(r.moves[1::2], swapped.moves)
    np.testing.assert_array_equal(r.largest[1::2], swapped.largest)
    scores = np.where(r.fool == 1, 1.0, np.where(r.fool == 0, 0.0, 0.5)).reshape(-1, 2)
    assert r.pairs == counts_from_scores(scores, pairs=True) and sum(r.pairs) == n
    assert r.summary()["pairs"] == r.pairs and ladder(a, b, 10).pairs is None


def test_pairs_do_not_depend_on_workers_chunks_or_the_range_split():
    one = ladder(3, 2, 6000, 5, pairs=True)
    two = ladder(3, 2, 6000, 5, pairs=True, workers=2, chunk=257)
    np.testing.assert_array_equal(one.fool, two.fool)
    np.testing.assert_array_equal(one.bouts, two.bouts)
    head = play_range(3, 2, 0, 1000, 5, pairs=True)
    tail = play_range(3, 2, 1000, 2000, 5, pairs=True, workers=2)
    np.testing.assert_array_equal(np.concatenate([head[0], tail[0]]), one.fool)
    np.testing.assert_array_equal(np.concatenate([head[1], tail[1]]), one.moves)


def test_the_python_path_plays_the_same_pairs():
    bot = Bot(3, "x", params=Params(CHEAP_POWER=1))
    slow = ladder(lambda v: bot.choose(v), 2, 60, "s", pairs=True)
    fast = ladder(bot, 2, 60, "s", pairs=True)
    np.testing.assert_array_equal(slow.fool, fast.fool)
    np.testing.assert_array_equal(slow.moves, fast.moves)
    assert slow.pairs == fast.pairs


@pytest.mark.parametrize("rung", [1, 2, 3])
def test_a_bot_against_itself_splits_every_pair(rung):
    # the same deal and the same words per seat: the second game is the first with the
    # sides' names exchanged, so side a scores exactly 1 of 2 in every pair
    r = ladder(rung, rung, 3000, 9, pairs=True)
    assert r.pairs == [0, 0, 1500, 0, 0]
    np.testing.assert_array_equal(r.fool[1::2], _flip(r.fool[0::2]))


def test_odd_paired_ladders_are_refused():
    with pytest.raises(KozyrError) as info:
        ladder(3, 2, 7, pairs=True)
    assert info.value.code == "bad_deals"
