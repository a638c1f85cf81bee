"""The preferans bot of examples/pref_bot.py, which docs/preferans-play.md shows, plays where it says."""
from __future__ import annotations

from pathlib import Path

from kozyr.preferans.duplicate import resolve_side
from kozyr.preferans.ladder import ladder
from kozyr.preferans.reference import Game

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "pref_bot.py"


def test_the_example_bot_plays_a_ladder_by_its_file_spec() -> None:
    result = ladder(f"{EXAMPLE}:make_bot", "rules", "random", deals=4)
    assert result.deals == 4 and result.games == 24 and not result.stopped


def test_the_example_bot_gives_its_lowest_card_and_bids_as_rung_2() -> None:
    bot = resolve_side(f"{EXAMPLE}:make_bot")(1)
    rules = resolve_side("rules")(1)
    played = 0
    for number in range(1, 6):
        game = Game.from_seed(b"e" * 32, number, players=("A", "B", "C"), dealer=number % 3)
        while not game.over:
            seat = game.actor
            assert seat is not None
            view = game.view(seat)
            move = bot(view)
            plays = [m for m in view.legal if m.kind == "play"]
            if plays:
                assert move == min(plays, key=lambda m: (m.arg & 15, m.arg))
                played += 1
            else:
                assert move == rules(view)
            game.apply(seat, move)
    assert played > 0
