"""A native bot's raw answer (any C int) is read in one place, `kozyr.durak.moves.move_of_code`: by the Python
path (`bots._native.native_move`: replay, the terminal game, the environments) and by the ladder's refusal of
an answer the C loop found not legal (`ladder.faults.native_answer`), so the two can never read it apart.
Every kind's codes count: a transfer or a show a native bot answers is a move on the Python path as in the
C loop."""
from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from _compiled import NATIVE, build

from kozyr.durak import Game, Move, Rules
from kozyr.durak.codes import KINDS
from kozyr.durak.ladder import ladder
from kozyr.durak.ladder.faults import native_answer
from kozyr.durak.moves import move_of_code

SHOWING = Rules(seats=3, variant="perevodnoy", show_trump=True)


@pytest.fixture(scope="module")
def passing() -> Any:
    """tests/_native/passing_bot.pyx: transfers or shows whenever it may, else the first legal move."""
    return build(NATIVE / "passing_bot.pyx")


def test_every_code_reads_as_its_move_or_none() -> None:
    named = 0
    for code in range(-70, (len(KINDS) << 6) + 70):
        move = move_of_code(code)
        try:
            expected: Move | None = Move.from_code(code)
        except KeyError:
            expected = None
        assert move == expected, code
        named += move is not None
        answer = native_answer(code)
        assert (answer.what, answer.move) == (("not_legal", move) if move is not None else ("no_move", code))
    assert named == 4 * 52 + 4 and move_of_code(Move("show", 0x1E).code) == Move("show", 0x1E)


def _twin(legal: tuple[Move, ...]) -> Move:
    """The bot's rule in Python: its highest transfer or show, else the first legal move."""
    passes = [m for m in legal if m.kind in ("transfer", "show")]
    return max(passes, key=lambda m: m.code) if passes else legal[0]


def test_a_native_transfer_or_show_plays_on_the_python_path(passing: Any) -> None:
    bot, kinds = passing.bot(), set()
    for seed in range(30):
        game = Game.from_rng(seed, rules=SHOWING)
        while not game.over and game.ply < 2000:
            turn = game.turn
            assert turn is not None
            move = bot(game.view(turn))
            assert move == _twin(game.legal_moves()), (seed, game.ply)
            kinds.add(move.kind)
            game.apply(turn, move)
    assert {"transfer", "show"} <= kinds


def test_the_c_loop_and_the_python_path_read_a_native_bot_alike(passing: Any) -> None:
    bot = passing.bot()
    c = ladder([bot, 2, 2], 60, "native-answer", rules=SHOWING)
    python = ladder([lambda view: bot(view), 2, 2], 60, "native-answer", rules=SHOWING)
    for name in ("fool", "moves", "bouts"):
        assert np.array_equal(getattr(c, name), getattr(python, name)), name
