"""Threads (issue 11, item 7): a view taken while another thread plays is one consistent position.

Before, `Game.view()` read the result after building the rest of the view
(Python calls in between let another thread apply moves), and about 1% of
views had `over=False` with a result set. One thread plays whole deals on one
Game; the other takes views of it as fast as it can. The ladder, which runs
threads inside, is also called from several threads at once.
"""
from __future__ import annotations

import random
import threading
from typing import Any

from kozyr.durak import Game
from kozyr.durak.ladder import ladder
from kozyr.durak.views import View


def _consistent(v: View) -> list[str]:
    """What is wrong with a view (empty when it is one position)."""
    wrong = []
    if v.over != (v.result is not None):
        wrong.append(f"over={v.over} result={v.result}")
    if v.over != (v.phase == "over") or v.over != (v.turn is None):
        wrong.append(f"over={v.over} phase={v.phase} turn={v.turn}")
    if v.counts[v.seat] != len(v.hand):
        wrong.append(f"counts={v.counts} hand={len(v.hand)}")
    if v.legal and v.turn != v.seat:
        wrong.append("legal moves while not on turn")
    if v.turn == v.seat and not v.over and not v.legal:
        wrong.append("on turn with no legal move")
    if sum(v.counts) + v.talon + v.heap + v.bout.size + sum(b is not None for _, b in v.bout.pairs) != 36:
        wrong.append("cards do not add up to 36")
    return wrong


def test_views_taken_while_another_thread_plays_are_consistent() -> None:
    stop = threading.Event()
    deals = [0]
    holder: dict[str, Any] = {"game": Game.from_rng(1)}

    def play() -> None:
        rng = random.Random(7)
        seed = 1
        while not stop.is_set():
            g = holder["game"]
            if g.over:
                seed += 1
                holder["game"] = Game.from_rng(seed)
                deals[0] += 1
                continue
            seat = g.turn
            g.apply(seat, rng.choice(g.legal_moves()))

    player = threading.Thread(target=play)
    player.start()
    bad: list[str] = []
    views = 0
    try:
        while views < 60_000 and len(bad) < 5:
            g = holder["game"]
            for seat in (0, 1):
                wrong = _consistent(g.view(seat))
                views += 1
                if wrong:
                    bad.append(f"view {views}: {'; '.join(wrong)}")
    finally:
        stop.set()
        player.join()
    assert deals[0] > 10, "the player thread barely played: the test saw no concurrency"
    assert not bad, bad


def test_ladder_can_be_called_from_several_threads() -> None:
    alone = ladder(3, 2, 600, "t", workers=2)
    out: list[Any] = [None] * 3

    def run(k: int) -> None:
        out[k] = ladder(3, 2, 600, "t", workers=2)

    threads = [threading.Thread(target=run, args=(k,)) for k in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for r in out:
        assert (r.fool == alone.fool).all() and (r.moves == alone.moves).all()
