"""A whole game's record (kozyr.preferans.game_record), the random bot and the narration."""
from __future__ import annotations

import doctest
import importlib
import json
from pathlib import Path

import pytest

from kozyr.cli import main
from kozyr.preferans import SOCHI, Game, Sheet
from kozyr.preferans.bots import BOTS, RandomBot
from kozyr.preferans.core.pulya import play_game
from kozyr.preferans.errors import PreferansError
from kozyr.preferans.game_record import FORMAT, GameRecord, dumps, load, loads, save
from kozyr.preferans.moves import Move
from kozyr.preferans.narration import Words, event_line, move_line, outcome_line, trick_phrase
from kozyr.preferans.views import Trick

SEED = b"kozyr-preferans-game".ljust(32)


@pytest.fixture(scope="module")
def game() -> GameRecord:
    played = play_game(SEED, players=("A", "B", "C"), target=4, bots=1, dealer=1, max_deals=4)
    assert not played.sheet.closed and len(played.records) == 4   # a game left after four deals
    return GameRecord(players=("A", "B", "C"), convention=SOCHI, target=4, first_dealer=1, records=played.records)


@pytest.mark.parametrize("name", ["kozyr.preferans.bots", "kozyr.preferans.narration",
                                  "kozyr.preferans.game_record"])
def test_doctests_pass(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0


def test_a_game_round_trips_through_a_file(game: GameRecord, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    save(game, path)
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert doc["format"] == FORMAT and doc["closed"] is False and len(doc["deals"]) == len(game.records)
    back = load(path)
    assert back == game and back.to_json() == game.to_json()
    assert sum(back.sheet().settle().values()) == 0


def _forged(game: GameRecord, change) -> str:
    doc = json.loads(dumps(game))
    change(doc)
    return json.dumps(doc)


@pytest.mark.parametrize("change, said", [
    (lambda d: d["deals"][0]["moves"].__setitem__(0, [d["deals"][0]["moves"][0][0], "bid 10NT"]), "deals[0]"),
    (lambda d: d["deals"].reverse(), "deal number"),
    (lambda d: d["deals"].pop(0), "deal number"),
    (lambda d: d.__setitem__("first_dealer", 0), "dealer"),
    (lambda d: d["settlement"].__setitem__("A", "100"), "settlement"),
    (lambda d: d.__setitem__("closed", True), "settlement or closed"),
    (lambda d: d["settlement"].pop("A"), "game.settlement"),
    (lambda d: d.__setitem__("convention", "rostov"), "convention"),
    (lambda d: d.__setitem__("players", ["A", "B", "D"]), "players"),
    (lambda d: d.__setitem__("format", "kozyr-preferans-record/1"), "not a preferans game"),
    (lambda d: d.__setitem__("extra", 1), "extra"),
    (lambda d: d["deals"][1].__setitem__("min_level", 7), "deals[1]"),
])
def test_a_forged_game_is_refused_with_a_code(game: GameRecord, change, said: str) -> None:
    with pytest.raises(PreferansError) as caught:
        loads(_forged(game, change))
    assert caught.value.code == "bad_record" and said in str(caught.value), str(caught.value)
    assert "\n" not in str(caught.value)


def test_each_deals_minimum_is_the_one_the_sheet_gave(game: GameRecord) -> None:
    """A second deal dealt at minimum 7, its moves legal at 7: a whole record of its own, but not the game's
    (no raspasy came before it)."""
    from kozyr.preferans import Conditions

    doc = json.loads(dumps(game))
    second = game.records[1]
    g = Game.from_seed(second.seed, 2, players=game.players, dealer=second.dealer, conditions=Conditions(7))
    g.finish_random(11)
    doc["deals"][1] = g.record().to_json()
    with pytest.raises(PreferansError) as caught:
        loads(json.dumps(doc))
    assert caught.value.code == "bad_record"
    assert "deals[1]: minimum level 7, but the sheet gave 6" in str(caught.value), str(caught.value)


def test_no_deal_after_the_pulya_closed(game: GameRecord, monkeypatch: pytest.MonkeyPatch) -> None:
    """Random bots take hundreds of deals to close a pulya, so the sheet is made to close after one deal."""
    text = dumps(game)
    monkeypatch.setattr(Sheet, "closed", property(lambda sheet: len(sheet) >= 1))
    with pytest.raises(PreferansError) as caught:
        loads(text)
    assert caught.value.code == "bad_record" and "deals[1]: a deal after the pulya closed" in str(caught.value)


def test_only_preset_conventions_are_written(game: GameRecord) -> None:
    with pytest.raises(PreferansError) as caught:
        GameRecord(players=game.players, convention=SOCHI.replace(name="house", stalingrad=True), target=4,
                   first_dealer=1, records=game.records)
    assert caught.value.code == "bad_record"


def test_replay_reads_a_game_and_a_deal(game: GameRecord, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "game.json"
    save(game, path)
    assert main(["pref", "replay", "--file", str(path)]) == 0
    out = capsys.readouterr().out
    assert f"a game of {len(game.records)} deals" in out and "pulya to 4: open" in out
    bad = tmp_path / "bad.json"
    bad.write_text(_forged(game, lambda d: d["deals"].reverse()), encoding="utf-8")
    assert main(["pref", "replay", "--file", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "bad_record" in err or "deal number" in err
    assert len(err.strip().splitlines()) == 1


def test_the_random_bot_is_seeded_and_legal() -> None:
    def moves(seed: int) -> list[str]:
        g = Game.from_seed(SEED, 3, players=("A", "B", "C"), dealer=0)
        bots = [RandomBot(seed * 10 + s) for s in range(3)]
        out = []
        while not g.over:
            actor = g.actor
            assert actor is not None
            view = g.view(actor)
            move = bots[actor](view)
            assert move in view.legal
            g.apply(actor, move)
            out.append(str(move))
        return out

    assert moves(1) == moves(1) and moves(1) != moves(2)
    assert BOTS["random"](3)(Game.from_seed(SEED, 1, players=("A", "B", "C"), dealer=0).view(1)) is not None
    g = Game.from_seed(SEED, 1, players=("A", "B", "C"), dealer=0)
    with pytest.raises(PreferansError) as caught:
        RandomBot(1)(g.view(0))              # seat 0 deals: seat 1 is first hand
    assert caught.value.code == "not_your_turn"
    with pytest.raises(PreferansError):
        RandomBot(1.5)  # type: ignore[arg-type]


def test_narration_says_each_move_and_why_a_trick_went() -> None:
    w = Words(("you", "seat 1", "seat 2"), you=0, ascii=True)
    said = {text: move_line(s, Move.parse(text), w) for s, text in [
        (1, "pass"), (0, "bid misere"), (0, "discard 7s 8s"), (1, "name 7nt"), (2, "half-whist"), (0, "open"),
        (2, "play TD")]}
    assert said == {"pass": "Seat 1 passes.", "bid misere": "You bid misere.",
                    "discard 7s 8s": "You discard two cards face down.",
                    "name 7nt": "Seat 1 names the contract: 7NT.", "half-whist": "Seat 2 half-whists.",
                    "open": "You choose to play open.", "play TD": "Seat 2 plays 10D."}
    trick = Trick(None, ((0, 0x1E), (1, 0x17), (2, 0x28)), 2)      # AH led, 7H, 8D: diamonds are trump
    assert trick_phrase(trick, 2, w) == "seat 2 trumps with 8D"
    highest = Trick(None, ((0, 0x1E), (1, 0x17), (2, 0x28)), 0)
    assert trick_phrase(highest, None, w) == "you win with AH, the highest heart"
    trumps_led = Trick(None, ((0, 0x27), (1, 0x28), (2, 0x17)), 1)   # 7D led, 8D over it, 7H: trump led
    assert trick_phrase(trumps_led, 2, w) == "seat 1 wins with 8D, the highest diamond"
    talon = Trick(0x3A, ((0, 0x1E), (1, 0x39), (2, 0x37)), 1)      # raspasy: TC leads, 9C wins
    assert trick_phrase(talon, None, w) == "seat 1 wins with 9C, the highest club"
    assert outcome_line("game", declarer=1, contract=Move.parse("bid 6H").arg, won={0: 2, 1: 6, 2: 2},  # type: ignore[arg-type]
                        words=w) == "Seat 1 takes 6 tricks at 6H: made."
    assert outcome_line("misere", declarer=0, contract=None, won={0: 1, 1: 5, 2: 4}, words=w) == \
        "You take 1 trick: misère lost by 1."
    from kozyr.preferans.events import Event
    assert event_line(Event("auction_end"), w) == "All pass: raspasy."
    assert event_line(Event("play", seat=1, card=0x1E, by=1), w) is None
