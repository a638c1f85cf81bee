"""The terminal game's parts without a terminal: table, keys, narration, arguments.

The table and the narration are pure functions of views and events, so they
are tested on views written by hand (a 20-card hand, a full bout) and on the
events of real moves; the keys are tested against a whole deal: at every one of
your decisions every kind of bad key is pressed and the game must not move.
"""
from __future__ import annotations

import dataclasses
import io
import re
from collections.abc import Callable
from typing import Any

import pytest
from rich.cells import cell_len

from kozyr.cards import DECK36, CardSet, parse_card, suit_of
from kozyr.cli import main as kozyr_main
from kozyr.cli._common import OneLineParser
from kozyr.cli._terminal import HEIGHT, MIN_HEIGHT, MIN_WIDTH, WIDTH, Look, TranscriptScreen, screen_fits
from kozyr.cli._terminal import key_ranges as key_summary
from kozyr.cli.durak_keys import Command, Refusal, legal_keys, move_key, parse_key
from kozyr.cli.durak_play import Options, Session, keys_help, prompt, register, short_keys
from kozyr.cli.durak_render import render_table
from kozyr.durak import Bout, Event, Move, View
from kozyr.durak.narration import hand_order, move_phrase, narrate


def main(argv: list[str]) -> int:
    """`kozyr play ARGV` in this process; the exit status."""
    return kozyr_main(["play", *argv])

LOOKS = [Look(), Look(ascii=True, colour=False), Look(ascii=False, colour=False)]


def c(name: str) -> int:
    return parse_card(name)


def make_view(hand: CardSet, *, legal: tuple[Move, ...] = (), phase: str = "defend", trump: int = 2,
              pairs: tuple[tuple[int, int | None], ...] = (), to_beat: int | None = None,
              taken: bool = False, counts: tuple[int, int] | None = None) -> View:
    """A view of seat 0 written by hand; the bot (seat 1) attacks."""
    bout = Bout(attacker=1, defender=0, cap=6, size=len(pairs), taken=taken, to_beat=to_beat, pairs=pairs)
    return View(seat=0, ply=41, phase=phase, turn=0, trump=trump, turnup=16 * trump + 10, talon=13, heap=4,
                hand=hand, counts=counts or (len(hand), 3), can_swap=Move("swap") in legal, legal=legal,
                over=False, result=None, bout=bout)


PLAIN = Look(ascii=True, colour=False)


def session(seed: str = "terminal-test", seat: int = 0, level: int = 1,
            look: Look = PLAIN) -> tuple[Session, io.StringIO]:
    out = io.StringIO()
    screen = TranscriptScreen(out=out, look=look, header="test")
    return Session(Options(level=level, seat=seat, seed=seed, delay=0), screen), out


# -- the table -------------------------------------------------------------------

def twenty_card_view() -> View:
    """The widest table there is: 20 cards in hand, a full bout of tens, a long narration."""
    hand = CardSet([card for card in DECK36 if suit_of(card) != 3][:20])
    pairs = ((c("TS"), c("JS")), (c("TH"), c("QH")), (c("TC"), c("AC")), (c("9C"), c("KC")), (c("9S"), c("KS")),
             (c("AH"), None))
    legal = (tuple(Move("beat", card) for card in hand if card > c("AH") or suit_of(card) == 2)
             + (Move("take"), Move("swap")))
    return make_view(hand, legal=legal, pairs=pairs, to_beat=c("AH"), counts=(20, 30))


@pytest.mark.parametrize("look", LOOKS, ids=["colour", "ascii", "plain"])
def test_a_twenty_card_hand_fits_80_by_24(look: Look) -> None:
    view = twenty_card_view()
    log = ["You beat 10♦ with Q♦. The bot throws in 10♣. You cannot beat 10♣ and take 11 cards."] * 6
    header = "kozyr durak   you (seat 0) against the level 3 bot   seed " + "s" * 32
    status = "Beat A♥, or t to take. " * 3
    lines = render_table(view, look, header=header, log=log, status=status, keys=keys_help(view))
    texts = [line.plain for line in lines] + [prompt(view)]
    assert len(texts) <= HEIGHT, f"{len(texts)} lines"
    for text in texts:
        assert cell_len(text) <= WIDTH, f"{cell_len(text)} columns: {text!r}"
    assert screen_fits(lines, prompt(view))
    shown = "\n".join(texts)
    for number in range(1, 21):  # every card numbered, bot's 30 cards as backs
        assert f"{number}:" in shown
    assert (look.back * 30) in shown and "30 cards" in shown


def test_every_hand_size_fits() -> None:
    """0 to 36 cards, suits mixed as they come: the hand never wraps and the screen never grows past 24."""
    deck = sorted(DECK36, key=lambda card: (card * 7) % 37)
    for n in range(37):
        hand = CardSet(deck[:n])
        legal = tuple(Move("attack", card) for card in hand) + (Move("done"), Move("swap"))
        view = make_view(hand, legal=legal, phase="attack", counts=(n, 36 - n))
        for look in LOOKS:
            lines = render_table(view, look, header="h" * 90, log=["l" * 90] * 9, status="s" * 90, keys=keys_help(view))
            assert screen_fits(lines, prompt(view)), (n, look, [line.plain for line in lines])


@pytest.mark.parametrize("width, height", [(60, 20), (40, 16), (79, 24), (80, 18), (MIN_WIDTH, MIN_HEIGHT)])
@pytest.mark.parametrize("look", LOOKS, ids=["colour", "ascii", "plain"])
def test_a_smaller_terminal_gets_a_compact_table_that_fits(look: Look, width: int, height: int) -> None:
    """Item 18: in 60x20 the header and narration wrapped and a large hand scrolled the table away."""
    view = twenty_card_view()
    log = ["You beat 10♦ with Q♦. The bot throws in 10♣. You cannot beat 10♣ and take 11 cards."] * 6
    keys = short_keys(keys_help(view))
    lines = render_table(view, look, header="kozyr durak " + "s" * 80, log=log, status="Beat A♥, or t to take.",
                         keys=keys, width=width, height=height)
    assert screen_fits(lines, prompt(view), width, height), [line.plain for line in lines]
    text = "\n".join(line.plain for line in lines)
    for number in range(1, 21):
        assert f"{number}:" in text
    assert "30 cards" in text and "Trump" in text and "Beat A" in text and "Keys:" in text


def test_every_hand_size_to_20_fits_the_smallest_terminal() -> None:
    deck = sorted(DECK36, key=lambda card: (card * 7) % 37)
    for n in range(21):
        hand = CardSet(deck[:n])
        legal = tuple(Move("attack", card) for card in hand) + (Move("done"), Move("swap"))
        view = make_view(hand, legal=legal, phase="attack", counts=(n, 36 - n))
        for look in LOOKS:
            lines = render_table(view, look, header="h" * 90, log=["l" * 90] * 9, status="s" * 90,
                                 keys=short_keys(keys_help(view)), width=MIN_WIDTH, height=MIN_HEIGHT)
            assert screen_fits(lines, prompt(view), MIN_WIDTH, MIN_HEIGHT), (n, [line.plain for line in lines])


def test_the_six_under_the_talon_is_shown_while_the_talon_lasts() -> None:
    """Item 19: after the exchange the table dropped the card under the talon, which both players saw."""
    six = c("6D")
    view = make_view(CardSet("AS KD"), phase="attack", trump=2)
    swapped = dataclasses.replace(view, turnup=None)
    for look in LOOKS:
        line = render_table(swapped, look, under=six)[1].plain
        assert f"{look.card(six)} under the talon" in line
        assert "under" not in render_table(dataclasses.replace(swapped, talon=0), look, under=six)[1].plain
        assert "under" not in render_table(view, look, under=six)[1].plain   # the turn-up still shows itself
        assert "under" not in render_table(swapped, look)[1].plain


def test_after_your_exchange_the_table_shows_the_six_under_the_talon(monkeypatch: pytest.MonkeyPatch) -> None:
    """The whole path: seed swap-10 deals seat 0 the trump six with the first attack; x exchanges it."""
    game_session, out = session(seed="swap-10", seat=0)
    view = game_session.view()
    assert view.turn == 0 and view.can_swap
    six = 16 * view.trump + 6
    assert game_session.press("x") is None
    game_session.screen.show(game_session.table("", ""))
    assert f"{game_session.look.card(six)} under the talon" in out.getvalue()
    assert game_session.under == six and game_session.game.view(0).turnup is None


def test_the_hand_is_sorted_by_suit_then_rank_trumps_last() -> None:
    hand = CardSet("AS 6D TH 7S KD 9C 6H")
    # (a comprehension variable named c would shadow the function c on 3.12+, where comprehensions are inlined)
    assert list(hand_order(hand, trump=2)) == [c(n) for n in "7S AS 6H TH 9C 6D KD".split()]


def test_playable_cards_are_marked_and_the_rest_are_not() -> None:
    hand = CardSet("7S AS 6H TH")
    view = make_view(hand, legal=(Move("beat", c("AS")), Move("take")), pairs=((c("KS"), None),), to_beat=c("KS"),
                     trump=1)
    plain = "\n".join(line.plain for line in render_table(view, Look(ascii=True, colour=False)))
    assert "[2:AS]" in plain and " 1:7S " in plain and " 3:6H " in plain
    coloured = render_table(view, Look())
    styles = {row.plain[span.start:span.end]: str(span.style) for row in coloured for span in row.spans}
    assert "bold" in styles["A♠"] and "dim" in styles["7♠"] and "dim" in styles["10♥"]


def test_the_card_to_beat_is_marked_and_the_bot_shows_only_backs() -> None:
    view = make_view(CardSet("7S AS"), pairs=((c("9D"), c("JD")), (c("9H"), None)), to_beat=c("9H"), counts=(2, 5))
    text = "\n".join(line.plain for line in render_table(view, Look(ascii=True, colour=False)))
    assert "to beat: 9H" in text and "#####  5 cards" in text
    assert "9D" in text and "JD" in text
    taken = make_view(CardSet("7S AS"), pairs=((c("9H"), None),), to_beat=c("9H"), taken=True, phase="pile_on")
    assert "to beat" not in "\n".join(line.plain for line in render_table(taken, Look(ascii=True, colour=False)))


def test_ascii_look_has_no_suit_symbols() -> None:
    view = twenty_card_view()
    text = "\n".join(line.plain for line in render_table(view, Look(ascii=True, colour=False), keys=keys_help(view)))
    assert not set(text) & set("♠♥♦♣▮▲"), text
    assert all(line.spans == [] for line in render_table(view, Look(ascii=True, colour=False)))


# -- keys -------------------------------------------------------------------------

def test_numbers_play_cards_as_the_phase_says() -> None:
    hand = CardSet("7S AS 6H TH")
    defend = make_view(hand, legal=(Move("beat", c("AS")), Move("take")), pairs=((c("KS"), None),), to_beat=c("KS"),
                       trump=1)
    assert parse_key("2", defend) == Move("beat", c("AS"))
    assert parse_key(" t ", defend) == Move("take")
    assert isinstance(parse_key("1", defend), Refusal)  # 7S does not beat KS
    attack = make_view(hand, legal=tuple(Move("attack", card) for card in hand), phase="attack", trump=1)
    assert parse_key("4", attack) == Move("attack", c("TH"))
    assert legal_keys(defend) == ["2", "t"]
    assert prompt(defend) == "Your move [2 t]: " and prompt(attack) == "Your move [1-4]: "
    assert key_summary(["1", "2", "3", "5", "7", "8", "t", "x"]) == "1-3 5 7-8 t x"
    assert move_key(attack, Move("attack", c("TH"))) == "4"
    assert parse_key("h", attack) == Command("hint") and parse_key("Q", attack) == Command("quit")


LETTER_MOVES = {"t": Move("take"), "d": Move("done"), "x": Move("swap")}
BAD_KEYS = ["", "zz", "0", "99", "-1", "1.5", "attack", "tt", "x", "d", "t", "?", " 7 7 "]


def illegal_numbers(view: View) -> list[str]:
    """The hand numbers of cards that may not be played now."""
    order = hand_order(view.hand, view.trump)
    playable = {m.card for m in view.legal}
    return [str(i) for i, card in enumerate(order, 1) if card not in playable]


def test_bad_keys_leave_the_deal_unchanged(snapshot: Callable[[Any], dict[str, Any]]) -> None:
    """At every decision of a whole deal, each bad key gets a message and moves nothing."""
    for seat in (0, 1):
        game_session, out = session(seed=f"bad-keys-{seat}", seat=seat)
        decisions = 0
        while not game_session.game.over:
            if game_session.game.turn != seat:
                game_session.bot_turn()
                continue
            view = game_session.view()
            bad = [k for k in BAD_KEYS if LETTER_MOVES.get(k) not in view.legal] + illegal_numbers(view)
            assert "zz" in bad and "99" in bad
            for key in bad:
                before = snapshot(game_session.game)
                message = game_session.press(key)
                assert message, f"no message for bad key {key!r}"
                assert not message.startswith("Refused"), f"{key!r} reached the engine: {message}"
                assert len(message) <= WIDTH and "\n" not in message
                assert snapshot(game_session.game) == before, f"bad key {key!r} changed the deal"
                assert game_session.view() == view
            before = snapshot(game_session.game)
            assert (game_session.press("h") or "").startswith("Hint:")
            assert snapshot(game_session.game) == before, "a hint changed the deal"
            assert game_session.press(legal_keys(view)[0]) is None
            assert game_session.game.ply > view.ply
            decisions += 1
        assert decisions > 5 and game_session.game.result is not None


def test_the_hint_is_the_best_rungs_move() -> None:
    """The hint names the top rung's move from the player's view (its hint seed's Rung4Bot)."""
    from kozyr.durak.bots.bot4 import Rung4Bot

    game_session, _ = session(seed="hint", seat=0)
    while game_session.game.turn != 0:
        game_session.bot_turn()
    view = game_session.view()
    move = Rung4Bot(f"{game_session.options.seed}:hint")(view)
    assert move is not None
    phrase = move_phrase(move, view, game_session.look)   # a beat names what it beats: `beat Q♦ with A♦`
    assert f"Hint: {phrase} (key {move_key(view, move)})" in (game_session.press("h") or "")


def test_resign_makes_you_the_fool_and_quit_leaves(monkeypatch: pytest.MonkeyPatch) -> None:
    game_session, out = session(seed="resign", seat=1)
    while game_session.game.turn != 1:
        game_session.bot_turn()
    monkeypatch.setattr("sys.stdin", io.StringIO("y\n"))
    assert game_session.press("r") is None
    assert game_session.game.result is not None and game_session.game.result.fool == 1
    game_session.finish()
    assert out.getvalue().rstrip().splitlines()[-2] == "You resigned: you are the fool."


@pytest.mark.parametrize("answer", ["", "n", "no", "x", None])
def test_r_asks_before_resigning(answer: str | None, monkeypatch: pytest.MonkeyPatch) -> None:
    """Item 20: `r` resigned at once; anything but y/yes keeps the deal going, unchanged."""
    game_session, out = session(seed="resign", seat=0)
    while game_session.game.turn != 0:
        game_session.bot_turn()
    before = (game_session.game.ply, game_session.game.history)
    monkeypatch.setattr("sys.stdin", io.StringIO("" if answer is None else answer + "\n"))
    assert game_session.press("r") == "Not resigned: the deal goes on."
    assert (game_session.game.ply, game_session.game.history) == before and not game_session.game.over
    assert "Resign and be the fool? [y/N]: " in out.getvalue()


def test_every_final_line_is_within_80_columns(monkeypatch: pytest.MonkeyPatch) -> None:
    """Item 20: 'You resigned ... --seat 0' was 83 columns; the replay command now has its own line."""
    out = io.StringIO()
    monkeypatch.setattr("sys.stdin", io.StringIO("r\ny\n"))
    monkeypatch.setattr("sys.stdout", out)
    seed = "s" * 32
    assert main(["--seed", seed, "--seat", "1", "--level", "3", "--ascii"]) == 0
    lines = out.getvalue().rstrip().splitlines()
    assert lines[-2] in ("You resigned: you are the fool.", "The bot is the fool.", "You are the fool.")
    assert lines[-1] == f"Replay: kozyr play --seed {seed} --level 3 --seat 1"
    assert all(cell_len(line) <= 80 for line in lines), max(lines, key=cell_len)


def test_quit_leaves_the_deal_unfinished(monkeypatch: pytest.MonkeyPatch) -> None:
    out = io.StringIO()
    monkeypatch.setattr("sys.stdin", io.StringIO("q\n"))
    monkeypatch.setattr("sys.stdout", out)
    assert main(["--seed", "quit", "--seat", "0", "--level", "2"]) == 0
    last = out.getvalue().rstrip().splitlines()[-2:]
    assert last == ["Deal left unfinished.", "Replay: kozyr play --seed quit --level 2 --seat 0"]


# -- narration ----------------------------------------------------------------------

def test_narration_of_a_beat_names_both_cards() -> None:
    view = make_view(CardSet("7S"), pairs=((c("9H"), c("KH")), (c("9D"), None)), to_beat=c("9D"))
    bot_view = dataclasses.replace(view, seat=1)
    event = Event("beat", seat=1, card=c("JD"))
    assert narrate([event], view, view, Look()) == ["The bot beats 9♦ with J♦."]
    assert narrate([event], view, view, Look(ascii=True, colour=False)) == ["The bot beats 9D with JD."]
    assert narrate([Event("beat", seat=1, card=c("JD"))], bot_view, bot_view, Look()) == ["You beat 9♦ with J♦."]


def test_narration_of_bout_ends_and_refills() -> None:
    view = make_view(CardSet("7S"), pairs=((c("9D"), c("JD")),))  # the bot attacked, you defended
    done = [Event("done", seat=1), Event("bout_end", taken=False, how="done", cards=6, heap=10, attacker=0),
            Event("refill", drawn=(2, 3), talon=7)]
    assert narrate(done, view, view, Look()) == [
        "The bot is done. Bout beaten off: 6 cards to the heap.",
        "The bot draws 3 and you draw 2; 7 left in the talon.",
    ]
    taken = make_view(CardSet("7S"), pairs=((c("9D"), None),), to_beat=c("9D"), taken=True, phase="pile_on")
    took = [Event("done", seat=1), Event("bout_end", taken=True, how="done", cards=3, heap=0, attacker=1),
            Event("refill", drawn=(0, 0), talon=7)]
    assert narrate(took, taken, taken, Look()) == ["The bot is done. You take 3 cards."]


def test_narration_of_an_automatic_take_which_has_no_event() -> None:
    before = make_view(CardSet("7S"), phase="pile_on", pairs=((c("9D"), c("JD")),), to_beat=None)
    after = make_view(CardSet("7S"), phase="pile_on", pairs=((c("9D"), c("JD")), (c("9S"), None)), to_beat=c("9S"),
                      taken=True)
    lines = narrate([Event("attack", seat=1, card=c("9S"))], before, after, Look())
    assert lines == ["The bot throws in 9♠. You cannot beat 9♠ and must take."]


def test_every_event_of_real_deals_is_narrated_without_error() -> None:
    """Whole deals of every event kind: each move gives at least one line, each fits 80 columns."""
    kinds: set[str] = set()
    for n in range(12):
        game_session, out = session(seed=f"narrate-{n}", seat=n % 2, level=1 + n % 3)
        while not game_session.game.over:
            seat = game_session.game.turn
            if seat == game_session.you:
                view = game_session.view()
                keys = legal_keys(view)
                game_session.press(keys[n % len(keys)] if n % 4 else "x" if "x" in keys else keys[0])
            else:
                game_session.bot_turn()
        kinds |= {e.kind for e in game_session.game.events}
        lines = [line for line in out.getvalue().splitlines() if line.endswith(".")]
        assert all(cell_len(line) <= WIDTH for line in lines)
    assert {"attack", "beat", "bout_end", "refill", "game_end"} <= kinds


def test_a_level_4_deal_is_rung_4_on_the_bot_s_view_move_for_move() -> None:
    """`kozyr play --level 4`: the bot is rung 4 deciding from its seat's view alone (it was fed
    the deal's events to keep a memory): every one of its moves is Rung4Bot's on that view."""
    from kozyr.durak import Rung4Bot

    game_session, _ = session(seed="level-four", seat=0, level=4)
    bot = Rung4Bot(game_session.options.bot_seed)
    moves = 0
    while not game_session.game.over:
        seat = game_session.game.turn
        if seat == game_session.you:
            game_session.press(legal_keys(game_session.view())[0])
        else:
            assert seat is not None
            want = bot(game_session.game.view(seat))
            game_session.bot_turn()
            assert game_session.game.history[-1][1] == want
            moves += 1
    assert moves > 5


# -- arguments ------------------------------------------------------------------------

@pytest.mark.parametrize("argv", [["--level", "0"], ["--level", "5"], ["--level", "two"], ["--seat", "2"],
                                  ["--seat", "-1"], ["--seed", "x" * 33], ["--bogus"]])
def test_bad_arguments_give_one_line_and_status_2(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and "error" in err, err


def test_register_adds_play_to_a_parent_parser(capsys: pytest.CaptureFixture[str]) -> None:
    parser = OneLineParser(prog="kozyr")  # as kozyr.cli builds it; subparsers inherit its errors
    register(parser.add_subparsers(dest="command"))
    args = parser.parse_args(["play", "--level", "3", "--seat", "1", "--seed", "abc", "--ascii"])
    assert (args.level, args.seat, args.seed, args.ascii) == (3, 1, "abc", True)
    assert callable(args.func)
    with pytest.raises(SystemExit) as stop:
        parser.parse_args(["play", "--seat", "7"])
    assert stop.value.code == 2
    assert len(capsys.readouterr().err.splitlines()) == 1


def test_the_game_plays_on_the_compiled_engine() -> None:
    game_session, _ = session()
    assert type(game_session.game).__module__ == "kozyr.durak.core.engine"


def test_a_random_seed_is_printed_for_replay(monkeypatch: pytest.MonkeyPatch) -> None:
    out = io.StringIO()
    monkeypatch.setattr("sys.stdin", io.StringIO("q\n"))
    monkeypatch.setattr("sys.stdout", out)
    assert main([]) == 0
    seed = re.search(r"--seed (\S+) --level 2 --seat 0$", out.getvalue().rstrip())
    head = f"kozyr durak   you (seat 0) against the level 2 bot   seed {seed.group(1) if seed else ''}"
    assert seed and out.getvalue().startswith(head)


def test_the_bot_plays_the_spec_word_of_the_bot_seed() -> None:
    """Replayed on the plain-Python oracles, every bot move is rung 1 with the word of `<seed>:bot`."""
    from kozyr.durak import pad_seed
    from kozyr.durak.oracle import reference, reference_bots

    for seat in (0, 1):
        game_session, _ = session(seed=f"word-{seat}", seat=seat, level=1)
        while not game_session.game.over:
            if game_session.game.turn == seat:
                game_session.press(legal_keys(game_session.view())[-1])
            else:
                game_session.bot_turn()
        oracle = reference.Game.from_seed(pad_seed(f"word-{seat}"))
        bot_moves = 0
        for mover, move in game_session.game.history:
            if mover != seat:
                view = oracle.view(mover)
                assert reference_bots.best(view, 1, reference_bots.word(f"word-{seat}:bot", mover, view.ply)) == move
                bot_moves += 1
            oracle.apply(mover, move)
        assert bot_moves > 5 and oracle.result == game_session.game.result
