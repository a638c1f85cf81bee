"""`kozyr pref play`: whole deals driven through the program's input and output, piped and on a pty."""
from __future__ import annotations

import os
import re
import signal
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from rich.cells import cell_len

from kozyr.cli import main
from kozyr.cli._terminal import Look
from kozyr.cli.pref_play import hand_on_turn, render_sheet, render_table
from kozyr.preferans import Game, Sheet
from kozyr.preferans.bots import RandomBot
from kozyr.preferans.game_record import load as load_game
from kozyr.preferans.narration import Words
from kozyr.preferans.views import View

pexpect: Any = pytest.importorskip("pexpect")
pytest.importorskip("pexpect.popen_spawn")

ENV = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in sys.path if p), COLUMNS="80", LINES="24")
ENV.pop("NO_COLOR", None)
PROMPT = re.compile(r"(Your call \[p(?:, (\S+) or higher)?\]|Discard two \[1-(\d+)\]|Name \[(\S+) or higher\]"
                    r"|Whist \[([a-z ]+)\]|Defence \[c o\]|Your card \[([\d ]*)\]|Next deal \[Enter, q\]): ")


def _text(x: Any) -> str:
    return x if isinstance(x, str) else x.decode()


def answer(child: Any, *, bid: bool, deals: int) -> str | None:
    """The key for the prompt just matched: in the first deal bid the lowest bid while there is one (random
    bots climb fast, so you declare only by outbidding them), in the next pass (so that a bot declares and you
    defend); whist and open; the first playable card; `q` after `deals`."""
    m = child.match
    prompt = _text(m.group(0))
    if prompt.startswith("Your call"):
        low = m.group(2)
        return _text(low) if bid and low is not None else "p"
    if prompt.startswith("Discard"):
        return "1 2"
    if prompt.startswith("Name"):
        return _text(m.group(4))
    if prompt.startswith("Whist"):
        return "w"
    if prompt.startswith("Defence"):
        return "o"
    if prompt.startswith("Your card"):
        return _text(m.group(6)).split()[0]
    return "q" if deals <= 0 else ""


def drive(child: Any, deals: int = 1) -> str:
    """Answer every prompt until the game ends; leave after `deals` deals. The whole output."""
    seen = []
    bid = True
    while True:
        index = child.expect([PROMPT, pexpect.EOF], timeout=60)
        seen.append(_text(child.before))
        if index == 1:
            return "".join(seen)
        seen.append(_text(child.match.group(0)))
        key = answer(child, bid=bid, deals=deals - 1)
        if _text(child.match.group(0)).startswith("Next deal"):
            deals -= 1
            bid = not bid
        child.sendline(key)


def spawn_pipe(*args: str) -> Any:
    return pexpect.popen_spawn.PopenSpawn([sys.executable, "-m", "kozyr.cli", "pref", "play", *args], env=ENV,
                                          encoding="utf-8", timeout=60)


def test_whole_deals_by_keys_through_a_pipe() -> None:
    """Three deals of seed pp-18: you outbid the bots and declare (talon, discard, naming, ten tricks), then
    a bot declares and you whist alone and open, choosing the passer's cards."""
    args = ("--seed", "pp-18", "--target", "10", "--delay", "0")
    out = drive(spawn_pipe(*args), deals=3)
    assert "Deal 1: seat 2 deals; minimum bid 6." in out, out[:3000]
    assert "Deal 2: you deal" in out and "Deal 3: seat 1 deals" in out     # the dealer moves one seat left
    assert re.search(r"You bid \S+\.", out) and "Talon cards turned up: " in out
    assert "You discard two cards face down." in out and "You name the contract: " in out
    assert "You whist." in out and "You whist alone: the defence plays open." in out
    assert re.search(r"You play \S+ from seat \d's hand\.", out)         # the open whister plays for the passer
    assert len(re.findall(r"Trick 10: (you|seat \d) ", out)) == 3          # three deals, ten tricks each
    assert "Deal 1 on the sheet: " in out and "whists written on" in out and "saldo" in out
    assert "Game left unfinished after 3 deals" in out and "Replay: kozyr pref play --seat 0 --players 3" in out
    assert "\x1b[" not in out
    assert drive(spawn_pipe(*args), deals=3) == out       # the game is a function of the seed and the keys


def test_a_refused_key_is_one_line_and_changes_nothing() -> None:
    child = spawn_pipe("--seed", "pp-2", "--delay", "0")
    child.expect(PROMPT)
    asked = child.match.group(0)
    for key, said in (("zz", "is not a key here"), ("bid 5S", "Not allowed (unknown_contract)"),
                      ("play AS", "Not allowed (wrong_phase)"), ("?", "Hint (rung 3): rung 3 would ")):
        child.sendline(key)
        child.expect(PROMPT)
        assert child.match.group(0) == asked
        between = child.before.split(key, 1)[-1].strip().splitlines()
        assert len(between) == 1 and said in between[0], between
    child.sendline("q")
    child.expect(pexpect.EOF)
    assert "Game left unfinished after 0 deals" in child.before


def test_four_players_the_dealer_sits_out_and_the_game_is_saved(tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "game.json"
    child = spawn_pipe("--seed", "pp-4", "--players", "4", "--seat", "1", "--delay", "0", "--save", str(path))
    out = drive(child, deals=3)
    assert "Deal 1: seat 0 deals" in out and "Deal 2: you deal;" in out and "Deal 3: seat 2 deals" in out
    sitting_out = out.split("Deal 2: you deal;", 1)[1].split("Deal 2 on the sheet", 1)[0]
    assert "Your call" not in sitting_out and "Your card" not in sitting_out and "You " not in sitting_out
    assert f"Saved to {path}." in out
    game = load_game(path)                       # every deal replayed on load
    assert len(game.records) == 3 and game.first_dealer == 0 and [r.dealer for r in game.records] == [0, 1, 2]
    assert game.players == ("seat 0", "you", "seat 2", "seat 3")
    assert main(["pref", "replay", "--file", str(path)]) == 0
    assert "a game of 3 deals; convention: sochi" in capsys.readouterr().out


def test_a_deal_on_a_pseudo_terminal_at_80x24() -> None:
    child = pexpect.spawn(sys.executable, ["-m", "kozyr.cli", "pref", "play", "--seed", "pp-3", "--delay", "0"],
                          env=ENV, encoding="utf-8", timeout=60, dimensions=(24, 80))
    out = drive(child, deals=1)
    child.close()
    assert child.exitstatus == 0, out[-2000:]
    assert "\x1b[" in out and "Game left unfinished after 1 deal" in out


def test_ctrl_c_stops_within_a_second_in_one_line() -> None:
    child = pexpect.spawn(sys.executable, ["-m", "kozyr.cli", "pref", "play", "--seed", "pp-5", "--delay", "10"],
                          env=ENV, encoding="utf-8", timeout=60, dimensions=(24, 80))
    child.expect(PROMPT)
    child.sendline("p")                     # the bots are on turn now, each move shown for 10 s
    time.sleep(1.0)
    start = time.monotonic()
    child.kill(signal.SIGINT)
    child.expect(pexpect.EOF, timeout=10)
    took = time.monotonic() - start
    child.close()
    assert took < 1.0, took
    tail = [line for line in child.before.replace("\r", "").split("\n") if line.strip()]
    # the terminal games' ending (kozyr.cli._terminal.play_in_terminal): the word, then the replay command,
    # broken between options where it would not fit 80 columns
    at = max(i for i, line in enumerate(tail) if line == "Interrupted.")
    assert " ".join(tail[at + 1:]).replace(" \\", "").startswith("Replay: kozyr pref play --seat 0"), tail[-4:]
    assert child.exitstatus == 130 or child.signalstatus is None


def test_bad_options_are_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (["pref", "play", "--seat", "3"], ["pref", "play", "--target", "0"],
                 ["pref", "play", "--convention", "moscow"], ["pref", "play", "--players", "5"],
                 ["pref", "play", "--bots", "oracle"], ["pref", "play", "--seed", "x" * 40]):
        assert main(argv) == 2, argv
        err = capsys.readouterr().err
        assert len(err.strip().splitlines()) == 1 and "error" in err, err


@pytest.mark.parametrize("players", [3, 4])
def test_every_table_fits_80x24_and_shows_no_hidden_card(players: int) -> None:
    """Random deals, every seat's table at every ply: at most 23 lines of 80 columns; a card of another seat
    is drawn only once its hand is open."""
    look = Look(ascii=True, colour=False)
    names = tuple(f"seat {s}" for s in range(players))
    seed = b"kozyr-pref-table".ljust(32)
    for number in range(1, 13):
        game = Game.from_seed(seed, number, players=names, dealer=number % players)
        bot = RandomBot(number)
        while True:
            for you in range(players):
                view = game.view(you)
                words = Words(names, you=you, ascii=True)
                lines = render_table(view, look, words, header="kozyr preferans " + "x" * 90, info="i" * 100,
                                     log=["a long line of narration " * 5] * 6, status="s" * 100, keys="k" * 90)
                assert len(lines) <= 23 and all(cell_len(t.plain) <= 80 for t in lines), \
                    "\n".join(t.plain for t in lines)
                text = "\n".join(t.plain for t in lines)
                seen = set(view.hand) | {c for h in view.open_hands.values() for c in h} | set(view.talon)
                seen |= {c for t in view.tricks for _, c in t.plays} | set(view.discard)
                if view.trick is not None:
                    seen |= {c for _, c in view.trick.plays}
                hidden = {c for s in game.active if s != you for c in game.hand(s)} - seen
                for c in hidden:
                    assert f":{look.card(c)}" not in text
                shown_seat, cards = hand_on_turn(view)
                assert shown_seat in view.controls or shown_seat == you
            if game.over:
                break
            actor = game.actor
            assert actor is not None
            game.apply(actor, bot(game.view(actor)))


def test_the_open_whister_numbers_the_passers_hand() -> None:
    """Example 1 of the rules: B whists alone and open, and at ply 10 B chooses C's card: the hand shown and
    numbered is C's, and its legal cards are marked."""
    game = Game.from_seed(b"kozyr-preferans-3".ljust(32), 1, players=("A", "B", "C"), dealer=2)
    for seat, move in [(0, "bid 6S"), (1, "pass"), (2, "pass"), (0, "discard QS 7D"), (0, "name 6H"), (1, "whist"),
                       (2, "pass"), (1, "open"), (0, "play AH"), (1, "play JH")]:
        game.apply(seat, move)
    view = game.view(1)
    seat, cards = hand_on_turn(view)
    assert seat == 2 and cards == tuple(game.hand(2))
    lines = render_table(view, Look(ascii=True, colour=False), Words(("A", "B", "C"), you=1, ascii=True),
                         header="h", info="i")
    text = "\n".join(t.plain for t in lines)
    assert "C's hand, yours to play (10 cards):" in text
    assert "[1:KS]" in text and "open:" in text        # C's cards are all legal (C holds no heart); B's shown open


def test_the_sheet_screen_fits() -> None:
    sheet = Sheet(["you", "seat 1", "seat 2", "seat 3"])
    lines = render_sheet(sheet, Look(ascii=True, colour=False), Words(("you", "seat 1", "seat 2", "seat 3"), you=0),
                         header="h", lines_above=["x" * 200], below=["y" * 200])
    assert len(lines) <= 23 and all(cell_len(t.plain) <= 80 for t in lines)
    assert "whists written on" in lines[3].plain and "pulya" in lines[4].plain and "saldo" in lines[4].plain


class _Keys:
    """A transcript screen that answers each prompt itself: pass every call, the first playable card, and
    leave after two deals."""

    def __init__(self) -> None:
        import io

        from kozyr.cli._terminal import TranscriptScreen

        self.out = io.StringIO()
        self.screen = TranscriptScreen(out=self.out, look=Look(ascii=True, colour=False))
        self.deals = 0

    def ask(self, prompt: str) -> str | None:
        self.out.write(prompt + "\n")
        if prompt.startswith("Your card"):
            return prompt.split("[", 1)[1].split()[0].rstrip("]:")
        if prompt.startswith("Next deal"):
            self.deals += 1
            return "q" if self.deals >= 2 else ""
        return "p"


def test_the_sheet_sets_the_next_deals_minimum(monkeypatch: pytest.MonkeyPatch) -> None:
    """With an exit threshold of seven after raspasy (a house rule), a raspasy in deal 1 makes deal 2 start at
    seven: the deal's conditions come from the sheet. The bots here pass every call, so deal 1 is raspasy."""
    from kozyr.cli import pref_play
    from kozyr.preferans import SOCHI

    class Passer(RandomBot):
        def __call__(self, view):
            return view.legal[0] if view.phase == "auction" else super().__call__(view)

    monkeypatch.setitem(pref_play.PRESETS, "house", SOCHI.replace(name="house", raspasy_exit=(7,)))
    monkeypatch.setitem(pref_play.BOTS, "passer", Passer)
    keys = _Keys()
    screen = keys.screen
    monkeypatch.setattr(screen, "ask", keys.ask)
    session = pref_play.Session(pref_play.Options(convention="house", bots="passer", seed="exit", delay=0), screen)
    assert session.run() == 0
    out = keys.out.getvalue()
    assert "All pass: raspasy." in out and "Deal 1: seat 2 deals; minimum bid 6." in out
    assert "Deal 2: you deal; minimum bid 7." in out, out[-3000:]
    assert "Your call [p, 7S or higher]" in out


def test_a_small_terminal_keeps_the_hand_the_seats_and_the_keys() -> None:
    game = Game.from_seed(b"kozyr-preferans-3".ljust(32), 1, players=("A", "B", "C"), dealer=2)
    for seat, move in [(0, "bid 6S"), (1, "pass"), (2, "pass")]:
        game.apply(seat, move)
    view = game.view(0)                                    # the declarer with twelve cards, to discard
    lines = render_table(view, Look(ascii=True, colour=False), Words(("A", "B", "C"), you=0, ascii=True),
                         header="h", info="i", log=["x"] * 5, status="Discard two.", keys="Keys: ...",
                         width=40, height=16)
    text = [t.plain for t in lines]
    assert len(text) <= 15 and all(cell_len(t) <= 40 for t in text), text
    assert text[-2:] == ["Discard two.", "Keys: ..."] and "Your hand (12 cards):" in text
    assert sum(1 for t in text if "played:" in t) == 3


def _example_1(upto: int) -> Game:
    """Example 1 of the rules (B whists alone and open), its first `upto` moves made."""
    game = Game.from_seed(b"kozyr-preferans-3".ljust(32), 1, players=("A", "B", "C"), dealer=2)
    for seat, move in [(0, "bid 6S"), (1, "pass"), (2, "pass"), (0, "discard QS 7D"), (0, "name 6H"), (1, "whist"),
                       (2, "pass"), (1, "open"), (0, "play AH"), (1, "play JH")][:upto]:
        game.apply(seat, move)
    return game


def _a_telling_play_position() -> View:
    """Deal 8 of seed kozyr-pref-hint played by rung 2: the first view of a contract's play where the cards'
    figures differ (three means or more, exact over few layouts), so that an order can be wrong."""
    from kozyr.preferans.analysis import analyse
    from kozyr.preferans.rungs import RulesBot

    game = Game.from_seed(b"kozyr-pref-hint".ljust(32), 8, players=("A", "B", "C"), dealer=2)
    bot = RulesBot(0)
    while not game.over:
        actor = game.actor
        assert actor is not None
        view = game.view(actor)
        if view.phase == "play" and view.contract is not None and len(view.legal) >= 3:
            a = analyse(view, limit=120)
            if a.exact and len({m.mean_whists for m in a.moves}) >= 3 and len({m.mean_tricks for m in a.moves}) >= 2:
                return view
        game.apply(actor, bot(view))
    raise AssertionError("no telling position in the deal")


HINTED = re.compile(r"  (\d)\. play (\S+) +([+-]\d+\.\d\d) whists, (\d+\.\d\d) tricks")


def test_the_hint_in_the_play_lists_the_best_cards_with_the_analysis_figures() -> None:
    """A defender's card in a contract: the hint lists legal cards best first by mean settlement, with
    `analyse`'s mean whists and tricks over every layout (few: exact), and the table keeps every hint line
    within 80x24."""
    from kozyr.cli import pref_play
    from kozyr.preferans.analysis import analyse
    from kozyr.preferans.moves import Move

    view = _a_telling_play_position()
    session = pref_play.Session(pref_play.Options(seat=view.seat, seed="h", delay=0), _Keys().screen)
    lines = session.hint(view).split("\n")
    full = analyse(view, limit=10**6)                     # every layout, whatever the hint's bounds
    assert full.exact and lines[0] == f"Hint (analysis, exact over {full.count} layouts): best first by mean whists."
    results = {m.move: m for m in full.moves}
    best = max(m.mean_whists for m in full.moves)
    listed = [HINTED.match(line) for line in lines[1:]]
    assert 1 <= len(listed) <= 3 and all(listed), lines
    shown = []
    for i, m in enumerate(listed, 1):
        assert m is not None and int(m.group(1)) == i
        move = Move.parse(f"play {m.group(2)}")
        assert move in view.legal, lines
        r = results[move]
        assert m.group(3) == f"{float(r.mean_whists):+.2f}" and m.group(4) == f"{float(r.mean_tricks):.2f}", lines
        shown.append(r.mean_whists)
    assert shown == sorted(shown, reverse=True) and shown[0] == best, lines
    assert len({m.group(2) for m in listed if m}) == len(listed)
    table = render_table(view, Look(ascii=True, colour=False), session.words, header="h" * 90, info="i" * 90,
                         log=["narration " * 10] * 6, status="\n".join(lines), keys="k" * 90)
    text = [t.plain for t in table]
    assert len(text) <= 23 and all(cell_len(t) <= 80 for t in text) and all(line in text for line in lines)


def test_the_hint_outside_the_play_is_rung_3s_choice() -> None:
    """In the auction (and wherever `analyse` refuses) the hint names rung 3's move, made by a rung-3 bot of
    the hint's own seed."""
    from kozyr.cli import pref_play
    from kozyr.preferans.rungs import MonteCarloBot

    game = _example_1(0)
    view = game.view(0)
    session = pref_play.Session(pref_play.Options(seat=0, seed="h", delay=0, bots="montecarlo"), _Keys().screen)
    said = session.hint(view)
    move = MonteCarloBot("h:hint")(view)
    assert move.kind == "bid" and said == f"Hint (rung 3): rung 3 would bid {move.arg}.", said
    for seat in (0, 1, 2):                                 # all pass: raspasy, its first trick led by the talon
        game.apply(seat, "pass")
    view = game.view(game.actor)
    assert view.phase == "play" and view.contract is None and not view.tricks
    session = pref_play.Session(pref_play.Options(seat=view.seat, seed="h", delay=0), _Keys().screen)
    move = MonteCarloBot("h:hint")(view)
    assert move.kind == "play" and isinstance(move.arg, int)
    assert session.hint(view) == f"Hint (rung 3): rung 3 would play {session.words.card(move.arg)}."
