"""Rung 4's IN_TREE (rung4.pxd r4_tree): the other seat plays the imagined deal's opponent model
inside the tree too (1: in the deals of a style other than the playout rung; 2: in every deal).
It reaches every door (the Python bot, analyse, the C loop), stays blind (hidden-card twins),
changes nothing where the only model is the playout rung at 1, and at 2 the tree becomes a search
of the searching seat's moves against the model: checked against a brute force of the same
question. Strength comes from benchmarks/top_rung.py and the sequential tests, never from here."""
from __future__ import annotations

from _rung4_helpers import assert_the_c_loop_plays_as_python, choice_positions, hidden_card_twins_agree

from kozyr.durak import Bot, Game, Params
from kozyr.durak.bots.bot4 import Rung4Bot
from kozyr.durak.bots.rung4 import analyse

STYLES = Params(K=6, TREE=70, IN_TREE=1)


def test_the_c_loop_plays_in_tree_models_as_python():
    assert_the_c_loop_plays_as_python([(Rung4Bot("p", params=STYLES), Bot(3, "q")),
                                       (Bot(2, "q"), Rung4Bot("p", params=Params(K=4, IN_TREE=2, OPPONENTS=6)))],
                                      "in-tree")


def test_hidden_card_twins_get_the_same_search():
    assert hidden_card_twins_agree(choice_positions(8, talon=True, seed0=300), STYLES) >= 4


def test_with_the_playout_rung_alone_one_changes_nothing_and_two_changes_the_tree():
    """IN_TREE=1 plays the models that are not the playout rung in the tree: with OPPONENTS=1 there
    are none, and the search is the same; IN_TREE=2 plays the playout rung's deals there too."""
    differ = 0
    for _, view in choice_positions(10, talon=True, seed0=100):
        base = analyse(view, 3, Params(K=8, OPPONENTS=1))
        assert analyse(view, 3, Params(K=8, OPPONENTS=1, IN_TREE=1)) == base
        differ += analyse(view, 3, Params(K=8, OPPONENTS=1, IN_TREE=2)) != base
    assert differ >= 7


def _against_rung3(game: Game, me: int) -> list[tuple[object, int]]:
    """Each legal move of `me` (on turn) with its value when the other seat plays rung 3's moves and `me`
    plays on as well as it can (2 the other seat the fool, 1 a draw, 0 me): a brute force over me's moves
    alone, through the rules' Game and the Python Bot(3)."""
    rung3 = Bot(3, "model")

    def value(g: Game) -> int:
        while not g.over and g.turn != me:
            seat = g.turn
            assert seat is not None
            move = rung3(g.view(seat))
            assert move is not None
            g.apply(seat, move)
        if g.over:
            assert g.result is not None
            return 1 if g.result.fool is None else (0 if g.result.fool == me else 2)
        return max(value(after(g, m)) for m in g.legal_moves())

    def after(g: Game, m) -> Game:
        h = g.copy()
        h.apply(me, m)
        return h

    return [(m, value(after(game, m))) for m in game.legal_moves()]


def test_at_two_the_tree_searches_the_seat_s_moves_against_the_model():
    """In small endgames (the talon out: the other hand known, so one deal), with rung 3 the only
    model, IN_TREE=2 and no solver, the other seat plays rung 3's move at every node of the tree and
    past it, so every line an iteration plays is one of the seat's own lines against rung 3. A move
    that loses against rung 3 whatever the seat does after it (a brute force over the seat's moves
    against Bot(3)) then loses in every iteration through it; where some move wins, the seat plays
    one. (With IN_TREE=0 the other seat explores in the tree and some of those iterations are won:
    36 of the 62 losing moves show a won iteration, and 2 of the 47 positions with a win get a move
    that does not win.)"""
    params = Params(K=16, OPPONENTS=1, IN_TREE=2, ENDGAME=0)
    lost = wins = 0

    def small(g: Game) -> bool:
        return not g.talon and len(g.hands[0]) + len(g.hands[1]) <= 8

    for game, view in choice_positions(60, talon=False, seed0=9000, steps=400, stop=small):
        values = _against_rung3(game, game.turn)
        a = analyse(view, 3, params)
        for move, v in values:
            if v == 0:
                lost += 1
                assert a.of(move).fool == 1.0 and a.of(move).samples > 0, move
        if any(v == 2 for _, v in values):
            wins += 1
            assert dict(values)[a.best] == 2
    assert lost >= 60 and wins >= 45
