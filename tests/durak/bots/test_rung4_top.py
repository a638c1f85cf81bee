"""The top rung's search: the playouts' opponent models (Params.OPPONENTS) and the time budget
(Params.MICROS). The models copy the panel bots' styles, reach the C loop and the Python bot alike,
stay blind (hidden-card twins), and a time budget stops the search early; strength figures come
from benchmarks/top_rung.py, never from here."""
from __future__ import annotations

from _rung4_helpers import assert_the_c_loop_plays_as_python, choice_positions, hidden_card_twins_agree

from kozyr.durak import Bot, Params
from kozyr.durak.bots.bot4 import Rung4Bot
from kozyr.durak.bots.panel import hoarder, shedder, taker
from kozyr.durak.bots.rung4 import _style, analyse
from kozyr.durak.ladder import ladder, replay

MIXED = Params(K=8, OPPONENTS=15)


def _views(n, *, talon=None):
    """Views of the seat on turn at varied points of random two-seat deals (a choice to make)."""
    return choice_positions(n, talon=talon)


def test_the_opponent_models_play_as_the_panel_bots_whose_style_they_copy():
    """The taker and the hoarder of the playouts are the panel's, move for move, while the talon
    lasts and after (then the shedder); rung 2 is rung 2."""
    checked = 0
    for game, view in _views(150, talon=True) + _views(60, talon=False):
        assert view.ply < 300
        assert _style(view, "taker") == taker(view), view
        assert _style(view, "hoarder") == hoarder(view), view
        assert _style(view, "rung2") == Bot(2, "x")(view)
        if not game.talon:
            assert _style(view, "taker") == shedder(view)
        checked += taker(view) != shedder(view)
    assert checked >= 20        # views where the taker holds back a card


def test_the_opponents_change_the_search_and_one_model_is_the_old_search():
    """OPPONENTS reaches the search (the estimates differ once the models differ; 31 is the
    default), and with the playout rung alone (1) the search is the one before there were models:
    its draws are untouched, so the same K gives the same analysis as PLAYOUT's rung in every seat."""
    differ = 0
    for _, view in _views(8, talon=True):
        one = analyse(view, 7, Params(K=16, OPPONENTS=1, TREE=0))
        mixed = analyse(view, 7, Params(K=16, OPPONENTS=15, TREE=0))
        assert all(e.samples == 16 for e in mixed.estimates)
        differ += [e.fool for e in one.estimates] != [e.fool for e in mixed.estimates]
        assert analyse(view, 7, Params(K=16)) == analyse(view, 7, Params(K=16, OPPONENTS=31))
        # 16, the playout rung in every other deal, means something only beside other models
        assert analyse(view, 7, Params(K=16, OPPONENTS=16, TREE=0)) == one == analyse(
            view, 7, Params(K=16, OPPONENTS=17, TREE=0))
        halves = analyse(view, 7, Params(K=16, OPPONENTS=31, TREE=0))
        differ += [e.fool for e in halves.estimates] != [e.fool for e in mixed.estimates]
    assert differ >= 6


def test_the_c_loop_and_replay_play_the_mixed_search_move_for_move():
    """The ladder's nogil loop reads OPPONENTS from the same Params: it ends a deal exactly as the
    Python loop calling the Rung4Bot, and `replay` plays its deals again."""
    assert_the_c_loop_plays_as_python([(Rung4Bot("p", params=MIXED), Bot(3, "q")),
                                       (Bot(2, "q"), Rung4Bot("p", params=Params(K=4, OPPONENTS=6)))], "top")
    r = ladder(4, 2, 4, "top-replay", params=MIXED)
    for i in range(1, 5):
        assert replay(4, 2, "top-replay", i, params=MIXED).moves == r.moves[i - 1]


def test_hidden_card_twins_get_the_same_mixed_search():
    """Deals that look the same from the seat (the other hand and the talon redealt from its view)
    get the same move and analysis with the opponent models on."""
    assert hidden_card_twins_agree(_views(10, talon=True), MIXED) >= 6


def test_a_time_budget_stops_the_search_within_a_few_deals():
    """MICROS=1: the budget is spent after the first imagined deal or a few more (a whole deal in the
    duel takes about half a microsecond; the clock is read before every deal but the first), so
    every move has a few samples of the K = 65,536 it may play (a busier machine stops it sooner,
    never later); without a budget (MICROS=0, the default) the search plays all K (and stays
    deterministic). The tree search likewise stops after a few of its 65,536 x (moves) iterations."""
    for _, view in _views(4, talon=True):
        quick = analyse(view, 3, Params(K=1 << 16, MICROS=1, TREE=0))
        assert all(1 <= e.samples <= 100 for e in quick.estimates)
        assert len({e.samples for e in quick.estimates}) == 1        # the flat search: whole deals
        assert quick.best in view.legal
        full = analyse(view, 3, Params(K=32, TREE=0))
        assert {e.samples for e in full.estimates} == {32}
        # the tree search (analyse estimates the moves it did not reach after it, as it does a move
        # the bot's search did not need, with the budget as spent)
        tree = analyse(view, 3, Params(K=1 << 16, MICROS=1, TREE=70))
        assert all(1 <= e.samples <= 100 for e in tree.estimates) and tree.best in view.legal
