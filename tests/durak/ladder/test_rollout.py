"""`rollout`: a copy of a game played to its end in C by one rung at every seat (a search's leaf evaluation).

It must play exactly the moves `Bot(rung)` plays from each seat's view, at every table, and leave the
game it was handed as it was."""
from __future__ import annotations

import random

import pytest

from kozyr.durak import Bot, Game, Params, Rules
from kozyr.durak.ladder._loop import MAX_MOVES, rollout
from kozyr.errors import KozyrError

TABLES = [Rules(), Rules(seats=4), Rules(seats=3, variant="perevodnoy"), Rules(seats=6, teams=True),
          Rules(deck=24, seats=3)]


def _midgame(seed: int, rules: Rules) -> Game:
    game = Game.from_rng(seed, rules)
    rng = random.Random(seed)
    for _ in range(rng.randrange(0, 30)):
        seat = game.turn
        if seat is None:
            break
        game.apply(seat, rng.choice(game.legal_moves()))
    return game


def _played_by_bot(game: Game, bot: Bot) -> tuple[int, ...]:
    """The losers when `bot` plays every seat through the Game API; () for a draw, and for a deal still
    running at MAX_MOVES moves (a table's deal has no bound of its own: with 24 cards at three seats,
    rung 3 circles for ever in one of these deals)."""
    game = game.copy()
    while game.turn is not None and game.moves < MAX_MOVES:
        seat = game.turn
        move = bot.choose(game.view(seat))
        assert move is not None
        game.apply(seat, move)
    return tuple(sorted(game.result.losers)) if game.result is not None else ()


@pytest.mark.parametrize("rules", TABLES, ids=lambda r: repr(r))
@pytest.mark.parametrize("rung", [2, 3])
def test_a_rollout_plays_the_rung_s_moves_and_leaves_the_game_as_it_was(rules, rung):
    settings = Params(CHEAP_POWER=1, PAIR_ATTACK=0)
    for seed in range(25):
        game = _midgame(seed, rules)
        digest, ply = game.log_digest(), game.ply
        assert rollout(game, rung) == _played_by_bot(game, Bot(rung, "rollout")), seed
        assert rollout(game, rung, settings) == _played_by_bot(game, Bot(rung, "rollout", params=settings)), seed
        assert (game.log_digest(), game.ply) == (digest, ply)


def test_a_finished_game_rolls_out_to_its_result():
    game = _midgame(3, Rules())
    while game.turn is not None:
        game.apply(game.turn, game.legal_moves()[0])
    assert game.result is not None and rollout(game, 3) == tuple(sorted(game.result.losers))


@pytest.mark.parametrize("rung", [0, 1, 4, 5, -2, "3", 3.0, True, None])
def test_only_rungs_2_and_3_roll_out(rung):
    with pytest.raises(KozyrError, match="rung 2 or 3") as err:
        rollout(Game.from_rng(1), rung)
    assert err.value.code == "bad_rung"


@pytest.mark.parametrize("game", [None, "game", Game.from_rng(1).view(0)])
def test_a_rollout_plays_a_game_and_nothing_else(game):
    with pytest.raises(KozyrError, match="plays a Game") as err:
        rollout(game, 3)
    assert err.value.code == "bad_game"
