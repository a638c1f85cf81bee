"""Rung 4: the model of the calls and the play that weights its worlds, its end-of-deal vector minimax
(equal to the solver where one world is left, never above perfect-information sampling's optimism), and
its moves legal and replayable from a seed."""
from __future__ import annotations

from typing import Any

import pytest
from _pref_play import SEEDS
from test_pref_rung3 import c, dealt

from kozyr.preferans.analysis import _Problem, analyse
from kozyr.preferans.bots import BOTS, RUNGS
from kozyr.preferans.contracts import MISERE
from kozyr.preferans.reference import Game as Twin
from kozyr.preferans.rung4 import CHEAP_WIN, LOW_PLAY, InferenceBot, call_likelihood, play_likelihood
from kozyr.preferans.rungs import MonteCarloBot, RulesBot


def mask(text: str) -> int:
    m = 0
    for x in c(text):
        m |= 1 << x
    return m


def test_registered_as_the_top_rung() -> None:
    assert BOTS["inference"] is InferenceBot and RUNGS["inference"] == 4 == max(RUNGS.values())


def test_a_pass_makes_a_strong_hand_unlikely_and_a_bid_a_weak_one() -> None:
    game = dealt("QS JS TS QH JH TH QD JD TD QC", "AS KS AH KH AD KD AC KC 9S 9H",
                 "7S 8S 7H 8H 7D 8D 9D 7C 8C 9C", "TC JC")
    game.apply(0, "pass")
    game.apply(1, "bid 6S")
    v = game.view(2)
    strong, weak = mask("AS KS AH KH AD KD AC KC 9S 9H"), mask("QS JS TS QH JH TH QD JD TD QC")
    assert call_likelihood(v, 0, weak) > 4 * call_likelihood(v, 0, strong)      # A passed
    assert call_likelihood(v, 1, strong) > 4 * call_likelihood(v, 1, weak)      # B bid six
    assert call_likelihood(v, 2, strong) == 1.0                                 # C has not spoken


def play_to(game: Twin, bots: list, stop) -> object:
    while not game.over:
        seat = game.actor
        assert seat is not None
        v = game.view(seat)
        if stop(v):
            return v
        game.apply(seat, bots[seat](v))
    return None


def test_a_high_card_under_a_winner_is_read_as_no_lower_card() -> None:
    game = dealt("AS KS QS JS TS AH KH AD KD AC", "7S 8S 9S 7H 8H 9H TH 7D 8D 9D",
                 "JH QH 9C 8C 7C TD JD QD QC KC", "JC TC")
    for m in ("bid 6S", "pass", "pass", "discard JC TC", "name 6S", "whist", "whist", "play AS", "play 9S"):
        game.apply(game.actor, m)
    v = game.view(2)
    seat_b = 1
    # B followed the ace with the nine: held the 7S or 8S too, that is the unusual play
    assert play_likelihood(v, seat_b, mask("7S 8S 7H 8H 9H TH 7D 8D 9D")) == LOW_PLAY
    assert play_likelihood(v, seat_b, mask("7H 8H 9H TH 7D 8D 9D JH QH")) == 1.0
    assert CHEAP_WIN < 1


def endgame_views(count: int, *, one_world: bool):
    """Views of rung 4 positions with at most three cards a hand (one world only, or several)."""
    out: list[Any] = []
    for number in range(1, 200):
        if len(out) >= count:
            break
        game = Twin.from_seed(SEEDS[3], number, players=("A", "B", "C"), dealer=number % 3)
        bots = [RulesBot(s) for s in range(3)]

        def stop(v) -> bool:
            if v.phase != "play" or max(v.counts[s] for s in v.active) > 3 or len(v.legal) < 2:
                return False
            if v.contract is None or v.contract == MISERE or v.seat != v.declarer:
                return False       # the declarer's gain is his tricks' alone: the solver prices it exactly
            n = _Problem(v).count()
            return (n == 1) if one_world else (2 <= n <= 60)

        v = play_to(game, bots, stop)
        if v is not None:
            out.append(v)
    return out


def test_with_one_world_the_vector_minimax_is_the_solver() -> None:
    views = endgame_views(4, one_world=True)
    assert len(views) >= 3
    for v in views:
        a = analyse(v)
        values = InferenceBot(seed=1)._endgame_values(v, _Problem(v).every(), [1.0])
        assert {m.move: float(m.mean_whists) for m in a.moves} == values


def test_one_card_for_every_world_never_beats_the_sampling_optimism() -> None:
    """Choosing one card for every world can do no better than choosing per world, as the double-dummy
    solve of each world does: each card's fused value is at most its mean solver value, and below it
    somewhere."""
    views = endgame_views(8, one_world=False)
    assert len(views) >= 4
    below = 0
    for v in views:
        ws = _Problem(v).every()
        values = InferenceBot(seed=1)._endgame_values(v, ws, [1.0] * len(ws))
        pimc = {m.move: float(m.mean_whists) for m in analyse(v, limit=1000).moves}
        for move, x in values.items():
            assert x / len(ws) <= pimc[move] + 1e-9, (v.to_json(), move)
            below += x / len(ws) < pimc[move] - 1e-9
    assert below


def test_moves_are_legal_and_seeded() -> None:
    replayed(range(1, 2), lambda: [InferenceBot(1), RulesBot(2), RulesBot(3)])


@pytest.mark.soak
def test_moves_are_legal_and_seeded_among_strong_bots() -> None:
    replayed(range(1, 4), lambda: [InferenceBot(1), MonteCarloBot(2), InferenceBot(3)])


def replayed(numbers: range, make) -> None:
    """Each deal played twice by fresh bots from the same seeds: every move legal, the same moves."""
    for number in numbers:
        logs = []
        for _ in range(2):
            game = Twin.from_seed(SEEDS[3], number, players=("A", "B", "C"), dealer=number % 3)
            bots = make()
            log = []
            while not game.over:
                v = game.view(game.actor)
                m = bots[game.actor](v)
                assert m in v.legal
                log.append(str(m))
                game.apply(game.actor, m)
            logs.append(log)
        assert logs[0] == logs[1]
