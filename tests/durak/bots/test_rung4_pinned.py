"""Rung 4's moves pinned: a few short ladders whose every deal's length is written down.

Rung 4 is made faster by changes that must not change a move (a tree walk,
a table of logarithms, a playout moved into the duel). Its other tests
compare its doors with each other (the C loop, the Python bot, `analyse`)
and its search with a brute force in small endgames, so a change inside the
shared kernel that moves a decision (a UCB off by one, a child looked up
wrong) passes them all. These ladders catch it: every one of their deals
is as long as it was when they were written (each number a deal's moves;
12 deals against rung 3, fast deals, seed `pin`), for the tree with the
models inside it (`IN_TREE=1`), past its edge only (0), in every deal (2),
and the flat search, each without the belief (`BELIEF=0`) and the tree and
the flat search with it in every deal (`BELIEF=100`).

When a change is meant to change rung 4's play (a new default search, other
draws), the numbers are written again from the new build, and the change's
note says so.
"""
from __future__ import annotations

import pytest

from kozyr.durak.ladder import ladder
from kozyr.durak.params import Params

PINNED = [
    (dict(K=64, TREE=70, IN_TREE=1, OPPONENTS=31, BELIEF=0), [53, 73, 52, 54, 68, 50, 64, 76, 84, 51, 57, 54]),
    (dict(K=64, TREE=70, IN_TREE=0, OPPONENTS=31, BELIEF=0), [68, 57, 49, 71, 63, 56, 74, 38, 51, 56, 58, 53]),
    (dict(K=64, TREE=70, IN_TREE=2, OPPONENTS=31, BELIEF=0), [47, 52, 61, 44, 62, 49, 70, 52, 52, 56, 52, 70]),
    (dict(K=64, TREE=0, OPPONENTS=31, BELIEF=0), [51, 75, 82, 62, 70, 51, 60, 71, 43, 68, 61, 69]),
    (dict(K=64, TREE=70, IN_TREE=1, OPPONENTS=31, BELIEF=100), [57, 71, 59, 54, 77, 77, 55, 54, 103, 51, 56, 54]),
    (dict(K=64, TREE=0, OPPONENTS=31, BELIEF=100), [51, 75, 54, 57, 65, 51, 52, 46, 43, 68, 61, 82]),
]


@pytest.mark.parametrize(("setting", "moves"), PINNED,
                         ids=["in-tree-1", "in-tree-0", "in-tree-2", "flat", "belief-tree", "belief-flat"])
def test_rung4_plays_the_pinned_deals(setting: dict[str, int], moves: list[int]) -> None:
    r = ladder(4, 3, len(moves), "pin", params=Params.of(setting))
    assert list(map(int, r.moves)) == moves
