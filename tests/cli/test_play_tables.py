"""Issue 24, item 6: `kozyr play` at a table of more than two seats (4 seats of perevodnoy above all): whole
deals through main and on a pseudo-terminal, the screen (every seat's count, who is out, the throwers, whose
turn), transfers and shows narrated and keyed, the bots' rungs, --save and `kozyr replay --file`."""
from __future__ import annotations

import io
import json
import re
import sys
from typing import Any

import pytest
from rich.cells import cell_len

from kozyr.cli import main as kozyr_main
from kozyr.cli._terminal import Look
from kozyr.cli.durak_keys import Refusal, legal_keys, move_key, parse_key
from kozyr.cli.durak_render import render_table
from kozyr.durak import Bot, Game, Rules, pad_seed, records
from kozyr.durak.narration import narrate

PROMPT = re.compile(r"Your move \[([^\]]*)\]: ")
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
FOUR = ["--seats", "4", "--variant", "perevodnoy"]
PLAIN = Look(ascii=True, colour=False)
ENDS = re.compile(r"^(You are the fool|Seat [123] is the fool|A draw: nobody is the fool)\.$")


class PassingReader(io.StringIO):
    """A stdin that answers the last prompt with a transfer or show key when it offers one, else its first key."""

    def __init__(self, out: io.StringIO) -> None:
        super().__init__()
        self.out = out

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        keys = PROMPT.findall(self.out.getvalue())[-1].split()
        return next((k for k in keys if k[0] in "ps"), keys[0].split("-")[0]) + "\n"


def play(argv: list[str], monkeypatch: pytest.MonkeyPatch) -> tuple[int, str]:
    out = io.StringIO()
    monkeypatch.setattr("sys.stdout", out)
    monkeypatch.setattr("sys.stdin", PassingReader(out))
    status = kozyr_main(["play", "--delay", "0", *argv])
    return status, out.getvalue()


def test_a_whole_four_seat_perevodnoy_deal_through_main_with_save_and_replay(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Any) -> None:
    path = tmp_path / "four.json"
    status, text = play(["--seed", "t1", *FOUR, "--show-trump", "--level", "2", "--save", str(path)], monkeypatch)
    assert status == 0
    lines = text.splitlines()
    assert all(cell_len(line) <= 80 for line in lines), [line for line in lines if cell_len(line) > 80]
    assert "You transfer the bout to seat 1 with 10H." in text             # your transfer, keyed p6, narrated
    assert "Throwers: you, seat 2 and seat 3; led by seat 3" in text        # the throwers in order, the leader
    assert re.search(r"^Seat 1 #+ \d+ defends +Seat 2 #+ \d+$", text, re.M)  # every seat's count and part
    assert "out (1st)" in text and "is out of cards" in text               # who is out, in which place
    end = lines.index("Replay:")
    assert ENDS.match(lines[end - 1]) and lines[end + 1].startswith("kozyr play --seed t1 --seats 4")
    assert lines[end + 1].endswith(" \\") and len(lines) == end + 3          # the command wrapped, within 80
    record = json.loads(path.read_text())
    assert record["rules"]["seats"] == 4 and record["rules"]["variant"] == "perevodnoy"
    game = records.load(str(path))
    assert game.over and game.rules == Rules(seats=4, variant="perevodnoy", show_trump=True)
    assert Game.replay(pad_seed("t1"), game.history, rules=game.rules).log_digest() == game.log_digest()
    out = io.StringIO()
    monkeypatch.setattr("sys.stdout", out)
    assert kozyr_main(["replay", "--file", str(path)]) == 0
    shown = out.getvalue()
    assert "Rules(seats=4, variant='perevodnoy', show_trump=True)" in shown
    assert "seat 0 transfers with 10♥ to seat 1" in shown or "seat 0 transfers with 10H to seat 1" in shown
    assert all(f"seat {s} was dealt" in shown for s in range(4))
    assert re.search(r"result: seat \d is the fool \(fool\)", shown) and "out in this order: seat" in shown


def test_a_whole_six_seat_deal_with_teams_is_told_as_a_team_s_loss(monkeypatch: pytest.MonkeyPatch) -> None:
    status, text = play(["--seed", "six", "--seats", "6", "--teams", "--levels", "1,2,3,1,2", "--seat", "3"],
                        monkeypatch)
    assert status == 0
    lines = text.splitlines()
    assert all(cell_len(line) <= 80 for line in lines)
    verdict = next(line for line in lines if line.startswith(("Your team", "A draw")))
    assert lines[-1].startswith("Replay: kozyr play --seed six --seats 6 --teams --levels 1,2,3,1,2 --seat 3")
    assert re.match(r"^Your team (loses|wins)", verdict) or verdict.startswith("A draw"), verdict
    assert "Seat 5+" in text and "Seat 1+" in text and "Seat 4 " in text     # partners are marked +


def test_each_bot_plays_its_rung_from_its_own_view_with_its_own_seed(monkeypatch: pytest.MonkeyPatch,
                                                                     tmp_path: Any) -> None:
    path = tmp_path / "three.json"
    status, _ = play(["--seed", "rungs", "--seats", "3", "--variant", "perevodnoy", "--levels", "1,3", "--seat",
                      "1", "--save", str(path)], monkeypatch)
    assert status == 0
    game = records.load(str(path))
    bots = {2: Bot(1, "rungs:bot2"), 0: Bot(3, "rungs:bot0")}      # clockwise from seat 1: seat 2, then seat 0
    replay = Game.from_seed(pad_seed("rungs"), rules=game.rules)
    moved = dict.fromkeys(bots, 0)
    for seat, move in game.history:
        if seat in bots:
            assert bots[seat].choose(replay.view(seat)) == move
            moved[seat] += 1
        replay.apply(seat, move)
    assert all(moved.values())


def test_the_live_screen_of_a_four_seat_deal_fits_80_by_24() -> None:
    pexpect: Any = pytest.importorskip("pexpect")
    from test_play_terminal import PROGRAM, child_env, screens

    child = pexpect.spawn(sys.executable, ["-c", PROGRAM, "--delay", "0", "--seed", "pty4", *FOUR, "--level", "3"],
                          env=child_env(), dimensions=(24, 80), encoding="utf-8", timeout=30)
    output = []
    try:
        for _ in range(400):
            if child.expect([PROMPT, pexpect.EOF]) == 1:
                output.append(child.before)
                break
            output.append(child.before + child.after)
            keys = child.match.group(1).split()
            child.sendline(next((k for k in keys if k[0] == "p"), keys[0].split("-")[0]))
        else:
            pytest.fail("the deal did not end in 400 moves")
    finally:
        child.close(force=True)
    assert child.exitstatus == 0
    frames = screens("".join(output))
    assert len(frames) > 5
    for frame in frames:
        lines = frame.rstrip("\n").split("\n")
        assert len(lines) <= 24 and all(cell_len(line) <= 80 for line in lines), frame
    assert any("Throwers:" in f and "Seat 3" in f and "Your move" in f for f in frames)


def _defence_with_a_transfer() -> tuple[Any, Any]:
    rules = Rules(seats=4, variant="perevodnoy", show_trump=True)
    for n in range(1, 400):
        game: Any = Game.from_seed(pad_seed(f"keys{n}"), rules=rules)
        while not game.over and game.moves < 60:
            view = game.view(game.turn)
            if any(m.kind == "transfer" for m in view.legal) and any(m.kind == "show" for m in view.legal):
                return game, view
            game.apply(game.turn, view.legal[-1] if view.phase != "defend" else view.legal[0])
    raise AssertionError("no defence with a transfer and a show")


def test_p_and_s_keys_transfer_and_show_and_the_prompt_lists_them() -> None:
    game, view = _defence_with_a_transfer()
    keys = legal_keys(view)
    transfers = [m for m in view.legal if m.kind == "transfer"]
    shows = [m for m in view.legal if m.kind == "show"]
    for move in transfers + shows:
        key = move_key(view, move)
        assert key[0] == ("p" if move.kind == "transfer" else "s") and key in keys
        assert parse_key(key, view) == move
    assert isinstance(parse_key("p99", view), Refusal)
    two: Any = Game.from_seed(pad_seed("podkidnoy"))
    assert isinstance(parse_key("p1", two.view(two.turn)), Refusal)     # no transfers in podkidnoy: not a key
    events = game.apply(view.seat, transfers[0])
    said = " ".join(narrate(events, view, game.view(view.seat), PLAIN))
    assert f"You transfer the bout to seat {events[0].to} with" in said


def test_a_show_is_narrated_from_another_seat() -> None:
    game, view = _defence_with_a_transfer()
    show = next(m for m in view.legal if m.kind == "show")
    me = (view.seat + 1) % 4
    before = game.view(me)
    events = game.apply(view.seat, show)
    said = " ".join(narrate(events, before, game.view(me), PLAIN))
    target = "you" if events[0].to == me else f"seat {events[0].to}"
    assert f"Seat {view.seat} shows the trump" in said and f"the bout passes to {target}" in said


def test_a_six_seat_table_with_a_long_hand_and_a_long_log_fits_80_by_24() -> None:
    game: Any = Game.from_seed(pad_seed("wide"), rules=Rules(seats=6, deck=52))
    biggest = 0
    while not game.over:
        for seat in range(6):
            view = game.view(seat)
            lines = render_table(view, PLAIN, header="h" * 90, log=["x" * 79] * 9, status="s", keys="k")
            assert len(lines) <= 23 and all(cell_len(line.plain) <= 80 for line in lines)
            biggest = max(biggest, len(view.hand))
        game.apply(game.turn, game.legal_moves()[0])
    assert biggest >= 12


def test_level_4_at_a_table_plays(monkeypatch: pytest.MonkeyPatch) -> None:
    status, _ = play(["--seed", "r4", "--seats", "3", "--levels", "4,1", "--delay", "0"], monkeypatch)
    assert status == 0


@pytest.mark.parametrize("argv", [[*FOUR, "--seat", "4"], ["--seats", "4", "--levels", "2,2"],
                                  ["--seats", "7"], ["--show-trump"], ["--seats", "4", "--levels", "2,2,2",
                                                                       "--level", "3"], ["--seat", "2"]])
def test_bad_table_arguments_are_one_line_and_status_2(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert kozyr_main(["play", *argv]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1, err
