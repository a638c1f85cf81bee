"""The deal: the published vectors, the shuffle, seat and talon layout, constructor refusals."""
from __future__ import annotations

import pytest

from kozyr.cards import parse_card
from kozyr.durak import Event, IllegalMove, Move, Result, pad_seed
from kozyr.durak.oracle import reference_bots

SEED_1 = b"durak" + b"1".zfill(27)
ORDER_1 = ("KH 6C JS 9H JC KS AC AS 8D AH 7D 9C 9D 8S TS 8H 8C KC TC TH 6S KD AD 9S "
           "QH 7H 7S 7C JH 6H 6D QD JD QC TD QS")
SPADES, HEARTS, DIAMONDS = 0, 1, 2


def names(cards):
    return " ".join("23456789TJQKA"[(c & 15) - 2] + "SHDC"[c >> 4] for c in cards)


def test_published_shuffle(engine):
    assert len(SEED_1) == 32
    assert names(engine.shuffled_order(SEED_1, 1)) == ORDER_1
    assert names(engine.Game.from_seed(SEED_1).order) == ORDER_1
    assert names(engine.Game.from_seed(SEED_1, 1).order) == ORDER_1


def test_published_shuffle_lays_out_the_deal(engine):
    game = engine.Game.from_seed(SEED_1)
    order = [parse_card(n) for n in ORDER_1.split()]
    assert set(game.hands[0]) == set(order[0:12:2])
    assert set(game.hands[1]) == set(order[1:12:2])
    assert game.turnup == order[12] == parse_card("9D")
    assert game.trump == DIAMONDS
    assert game.talon == tuple(order[13:]) + (order[12],)
    assert len(game.talon) == 24 and game.heap == 0 and game.ply == 0 and game.events == ()
    # trumps dealt: seat 0 holds 8D and 7D, seat 1 none; the lowest (7D) opens
    assert {c for c in game.hands[0] if c >> 4 == DIAMONDS} == {parse_card('8D'), parse_card('7D')}
    assert not any(c >> 4 == DIAMONDS for c in game.hands[1])
    assert game.bout.attacker == game.turn == 0
    assert game.phase == "attack" and game.bout.cap == 6 and game.bout.size == 0


def test_durak_one(engine):
    game = engine.Game.from_seed(pad_seed("durak-one"))
    assert game.trump == SPADES
    assert game.turnup == parse_card("7S")
    assert game.turn == 0 and game.bout.attacker == 0 and game.bout.defender == 1


def test_other_deal_numbers_differ(engine):
    one = engine.shuffled_order(SEED_1, 1)
    two = engine.shuffled_order(SEED_1, 2)
    assert one != two and sorted(one) == sorted(two)
    assert engine.Game.from_seed(SEED_1, 2).order == two


def test_87_trumpless_deals_in_5000(engine):
    trumpless = 0
    for n in range(1, 5001):
        order = engine.shuffled_order(b"durak" + str(n).zfill(27).encode(), 1)
        trump = order[12] >> 4
        if not any(c >> 4 == trump for c in order[:12]):
            trumpless += 1
            if trumpless <= 10:  # the first ones: seat 0 attacks first
                game = engine.Game.from_seed(b"durak" + str(n).zfill(27).encode())
                assert game.turn == 0 and game.bout.attacker == 0
    assert trumpless == 87


def test_first_attacker_holds_the_lowest_trump(engine):
    for n in range(1, 300):
        game = engine.Game.from_seed(b"durak" + str(n).zfill(27).encode())
        held = [(c & 15, seat) for seat in (0, 1) for c in game.hands[seat] if c >> 4 == game.trump]
        assert game.bout.attacker == (min(held)[1] if held else 0)


def play_bots(engine, seed_text, levels, bot_seeds):
    game = engine.Game.from_seed(pad_seed(seed_text))
    while not game.over:
        seat = game.turn
        view = game.view(seat)
        word = reference_bots.word(bot_seeds[seat], seat, view.ply)
        game.apply(seat, reference_bots.best(view, levels[seat], word))
    return game


@pytest.mark.parametrize("seed_form", ["text", "padded"])
def test_durak_replay_1(engine, seed_form):
    # rungs 2 and 3 never read the word, so both bot-seed forms must reproduce it
    seed = "durak-replay-1" if seed_form == "text" else pad_seed("durak-replay-1").decode()
    game = play_bots(engine, "durak-replay-1", (3, 2), (seed + ":1", seed + ":2"))
    assert game.trump == HEARTS
    assert game.turnup == parse_card("6H")
    assert game.history[0][0] == 0
    assert len(game.history) == 42
    assert len(game.events) == 68 == game.ply
    assert game.result == Result("fool", 1)
    assert game.events[-1] == Event("game_end", outcome="fool", fool=1)
    assert game.heap == 28
    # and it replays from its move list
    again = engine.Game.replay(pad_seed("durak-replay-1"), game.history)
    assert again.events == game.events and again.result == game.result


@pytest.mark.parametrize("seed", [b"", b"x" * 31, b"x" * 33, "x" * 31, None, 12345, ["x"] * 32])
def test_no_seed(engine, seed):
    with pytest.raises(IllegalMove) as info:
        engine.Game.from_seed(seed)
    assert info.value.code == "no_seed"
    with pytest.raises(IllegalMove) as info:
        engine.Game.replay(seed, [])
    assert info.value.code == "no_seed"


@pytest.mark.parametrize("number", [0, -1, 1.0, "1", None])
def test_bad_deal(engine, number):
    with pytest.raises(IllegalMove) as info:
        engine.Game.from_seed(SEED_1, number)
    assert info.value.code == "bad_deal"


def test_no_seed_is_checked_before_bad_deal(engine):
    with pytest.raises(IllegalMove) as info:
        engine.Game.from_seed(b"short", 0)
    assert info.value.code == "no_seed"


def test_seed_as_text(engine):
    text = SEED_1.decode()
    assert engine.Game.from_seed(text).order == engine.Game.from_seed(SEED_1).order


def test_from_order_plays_the_given_order(engine):
    order = engine.shuffled_order(SEED_1, 3)
    assert engine.Game.from_order(order).order == order
    assert engine.Game.from_order(list(order)).events == engine.Game.from_seed(SEED_1, 3).events


@pytest.mark.parametrize("mutate, words", [
    (lambda o: o[:35], ["36", "35"]),
    (lambda o: o + o[:1], ["36", "37", "twice", "KH"]),
    (lambda o: o[:35] + o[:1], ["twice", "KH", "duplicate", "repeat"]),
    (lambda o: o[:35] + (2,), ["2"]),        # the two of spades: not a durak card
    (lambda o: o[:35] + (99,), ["99"]),
    (lambda o: o[:35] + ("AS",), ["AS"]),
])
def test_from_order_names_the_problem(engine, mutate, words):
    order = engine.shuffled_order(SEED_1, 1)
    with pytest.raises(ValueError) as info:
        engine.Game.from_order(mutate(order))
    assert any(w in str(info.value) for w in words), str(info.value)


def test_replay_stops_at_the_first_refused_move(engine):
    moves = [(0, Move.parse("attack JS")), (1, "take"), (0, "attack 2S")]
    with pytest.raises(IllegalMove) as info:
        engine.Game.replay(SEED_1, moves)
    assert info.value.code == "card_not_held"
