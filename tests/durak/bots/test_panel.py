"""The panel (`kozyr.durak.bots.panel`): rule bots of distinct styles, legal, blind, deterministic, named by the shell.

Each style is held to its own rule decision by decision (the shedder never says done while it could
throw; the taker and the hoarder spend no trump while the talon lasts ...), so a bot that drifted into
another's style fails here even when it stays legal. Their blindness is read from the source in
tests/durak/bots/test_blind.py.
"""
from __future__ import annotations

import pickle
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from kozyr.cli import durak_sides, main
from kozyr.durak import Bot, Game, Params, Rules
from kozyr.durak.bots.panel import PANEL, SPSA3_SETTINGS, hoarder, shedder, spec, spsa3, taker
from kozyr.durak.bots.sides import resolve
from kozyr.durak.bots.userbots import BotSpec
from kozyr.durak.ladder import ladder, replay

PYTHON = ("taker", "shedder", "hoarder")


def _trump(view: Any, move: Any) -> bool:
    return move.card is not None and move.card >> 4 == view.trump


def _decisions(bot: Callable[[Any], Any], deals: int, rules: Rules | None = None,
               swaps: bool = False) -> list[tuple[Any, Any]]:
    """(view, move) of every decision `bot` makes at seat 0 against rung 2 elsewhere, over `deals` deals;
    each move checked legal. Views where a swap is legal (every panel bot swaps) are left out unless `swaps`."""
    out = []
    other = Bot(2, "panel")
    for k in range(deals):
        game = Game.from_rng(k, rules=rules) if rules is not None else Game.from_rng(k)
        while not game.over:
            seat = game.turn
            assert seat is not None
            view = game.view(seat)
            move = bot(view) if seat == 0 else other(view)
            assert move in view.legal, (k, view.ply, move)
            if seat == 0 and (swaps or not any(x.kind == "swap" for x in view.legal)):
                out.append((view, move))
            game.apply(seat, move)
    return out


@pytest.mark.parametrize("name", PYTHON)
def test_a_panel_bot_plays_only_legal_moves_and_never_resigns(name: str) -> None:
    bot = PANEL[name]
    for opponent in (1, 2, 3):
        r = ladder(bot, opponent, 1000, f"legal-{name}", pairs=True)   # an illegal answer would stop the ladder
        assert r.deals == 1000
    seen = _decisions(bot, 60, swaps=True)
    assert len(seen) > 1000
    assert all(m.kind != "resign" for _, m in seen)
    assert all(m.kind == "swap" for v, m in seen if v.can_swap and any(x.kind == "swap" for x in v.legal))


@pytest.mark.parametrize("name", PYTHON)
@pytest.mark.parametrize("options", [{"seats": 3}, {"seats": 4, "variant": "perevodnoy"},
                                     {"seats": 5, "deck": 52}], ids=["3", "4-perevodnoy", "5-52"])
def test_a_panel_bot_is_legal_at_every_table(name: str, options: dict[str, Any]) -> None:
    rules = Rules(**options)
    for k in range(8):
        game = Game.from_rng(k, rules=rules)
        while not game.over:
            seat = game.turn
            assert seat is not None and game.ply < 3000, (options, k)   # every deal ends
            view = game.view(seat)
            move = PANEL[name](view)
            assert move in view.legal and move.kind != "resign", (options, k, view.ply, move)
            game.apply(seat, move)


def test_the_shedder_throws_in_all_it_can_and_beats_whenever_it_can() -> None:
    seen = _decisions(shedder, 80)
    throws = [(v, m) for v, m in seen if v.phase != "defend" and any(x.kind == "done" for x in v.legal)
              and any(x.kind == "attack" for x in v.legal)]
    defends = [(v, m) for v, m in seen if v.phase == "defend" and any(x.kind == "beat" for x in v.legal)]
    assert len(throws) > 100 and len(defends) > 200
    assert all(m.kind == "attack" for _, m in throws)
    assert all(m.kind == "beat" for _, m in defends)
    assert any(_trump(v, m) for v, m in throws)              # trumps too


def test_the_taker_spends_no_trump_and_no_high_card_while_the_talon_lasts() -> None:
    seen = _decisions(taker, 80)
    early = [(v, m) for v, m in seen if v.talon > 0]
    beats = [(v, m) for v, m in early if m.kind == "beat"]
    throws = [(v, m) for v, m in early if m.kind == "attack" and any(x.kind == "done" for x in v.legal)]
    assert len(beats) > 100 and len(throws) > 20
    assert not any(_trump(v, m) or (m.card & 15) >= 12 for v, m in beats)
    assert not any(_trump(v, m) or (m.card & 15) >= 10 for v, m in throws)
    takes = [v for v, m in early if m.kind == "take" and any(x.kind == "beat" for x in v.legal)]
    assert len(takes) > 50                                   # it takes where it could have beaten
    late = [(v, m) for v, m in seen if v.talon == 0]
    assert late and all(m == shedder(v) for v, m in late)


def test_the_hoarder_keeps_its_trumps_while_the_talon_lasts() -> None:
    seen = _decisions(hoarder, 80)
    early = [(v, m) for v, m in seen if v.talon > 0]
    for v, m in early:
        if m.kind == "beat" or (m.kind == "attack" and any(x.kind == "done" for x in v.legal)):
            assert not _trump(v, m), (v, m)
        if m.kind == "attack" and _trump(v, m) and not any(x.kind == "done" for x in v.legal):
            assert all(c >> 4 == v.trump for c in v.hand), (v, m)   # a trump lead only from trumps alone
    assert any(m.kind == "beat" and (m.card & 15) >= 12 for _, m in early)   # unlike the taker: high plain cards
    late = [(v, m) for v, m in seen if v.talon == 0]
    assert late and all(m == shedder(v) for v, m in late)


def test_the_styles_differ() -> None:
    seen = _decisions(Bot(3, "x"), 40)
    answers = {name: [PANEL[name](v) for v, _ in seen] for name in PYTHON}
    for a in PYTHON:
        for b in PYTHON:
            if a < b:
                differ = sum(x != y for x, y in zip(answers[a], answers[b], strict=True))
                assert differ > len(seen) // 50, (a, b, differ)


def test_spsa3_is_rung_3_with_the_spsa_settings() -> None:
    assert SPSA3_SETTINGS == Params(CHEAP_POWER=-1, DEEP_TALON=4)
    assert isinstance(spsa3, Bot) and spsa3.rung == 3 and spsa3.params == SPSA3_SETTINGS
    side = resolve(spsa3)
    assert side.kind == "bot" and side.rung == 3 and side.params == SPSA3_SETTINGS   # it plays in the compiled loop
    r = ladder(spsa3, 3, 4000, "tuned", pairs=True)
    assert r.pairs is not None and r.pairs[2] < 2000       # a different bot from the default rung 3


@pytest.mark.parametrize("name", PYTHON)
def test_a_panel_bot_replays_move_for_move_and_plays_the_same_in_processes(name: str) -> None:
    bot = PANEL[name]
    assert pickle.loads(pickle.dumps(bot)) is bot          # it travels by name
    one = ladder(bot, 3, 600, "replay", deal="sha")
    assert np.array_equal(one.fool, ladder(bot, 3, 600, "replay", deal="sha").fool)
    many = ladder(bot, 3, 600, "replay", deal="sha", workers=2, chunk=50)
    for field in ("fool", "moves", "bouts", "largest"):
        assert np.array_equal(getattr(one, field), getattr(many, field)), field
    for i in (1, 2, 77, 600):
        game = replay(bot, 3, "replay", i, deal="sha")
        fool = -1 if game.result.fool is None else int(game.result.fool != i % 2)
        assert (game.moves, fool) == (one.moves[i - 1], one.fool[i - 1]), i


def test_the_shell_names_the_panel() -> None:
    for name in PANEL:
        assert durak_sides.side(name) == spec(name) == f"kozyr.durak.bots.panel:{name}"
        assert BotSpec(spec(name)).open() is PANEL[name]
    assert durak_sides.side("3") == 3 and durak_sides.side("mybots:make") == "mybots:make"
    with pytest.raises(Exception, match="taker, shedder, hoarder, spsa3"):
        durak_sides.side("tanker")


def test_kozyr_ladder_plays_a_panel_bot_by_name(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["ladder", "shedder", "taker", "--deals", "400", "--seed", "cli", "--json"]) == 0
    out = capsys.readouterr().out
    want = ladder(shedder, taker, 400, "cli")
    assert f'"a_fools": {want.a_fools}' in out and f'"b_fools": {want.b_fools}' in out
    assert "kozyr.durak.bots.panel:shedder" in out
