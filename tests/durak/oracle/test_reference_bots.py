"""reference_bots: the spec's rungs on hand-made views, the word, and the reference statistics."""
from __future__ import annotations

import hashlib

import pytest

from kozyr.cards import CardSet, parse_card
from kozyr.durak import Bout, Move, View, pad_seed
from kozyr.durak.oracle import reference
from kozyr.durak.oracle.reference_bots import best, cost, word

HEARTS = 1
TAKE, DONE, SWAP = Move("take"), Move("done"), Move("swap")


def C(name):
    return parse_card(name)


def M(text):
    return Move.parse(text)


def view(hand, legal, *, phase="defend", talon=10, size=1, trump=HEARTS, to_beat="6S"):
    """A hand-made view of seat 0 on turn. The bots read the hand, the legal
    moves, the phase, the trump, the talon count and the bout's size; the
    pairs are filler (answered 6C/7C pairs, then the card to beat)."""
    defending = phase == "defend"
    pairs = ((C("6C"), C("7C")),) * (size - 1 if defending else size)
    if defending:
        pairs += ((C(to_beat), None),)
    return View(
        seat=0, ply=7, phase=phase, turn=0, trump=trump, turnup=None, talon=talon, heap=0,
        hand=CardSet(hand), counts=(len(hand.split()), 6), can_swap=SWAP in legal,
        legal=tuple(legal), over=False, result=None,
        bout=Bout(attacker=1 if defending else 0, defender=0 if defending else 1, cap=6, size=size,
                  taken=phase == "pile_on", to_beat=C(to_beat) if defending else None, pairs=pairs),
    )


def beats(names):
    return [M(f"beat {n}") for n in names.split()] + [TAKE]


def attacks(names, done=True):
    return [M(f"attack {n}") for n in names.split()] + ([DONE] if done else [])


# -- the word and rung 1 --------------------------------------------------------

def test_word():
    digest = hashlib.sha256(b"durak-replay-1:1:2:17").digest()
    assert word("durak-replay-1:1", 1, 17) == int.from_bytes(digest[:4], "big")
    assert word("x", 0, 0) == int.from_bytes(hashlib.sha256(b"x:1:0").digest()[:4], "big")
    assert 0 <= word("anything", 1, 999) < 2 ** 32


def test_rung_1_picks_by_the_word():
    legal = beats("TS 8S 7H")
    v = view("TS 8S 7H 6D", legal)
    for w in range(12):
        assert best(v, 1, w) == legal[w % 4]
    assert best(v, 1, 2 ** 32 - 1) == legal[(2 ** 32 - 1) % 4]


@pytest.mark.parametrize("level, rung", [(-3, 1), (0, 1), (1, 1), (2, 2), (3, 3), (4, 3), (99, 3)])
def test_levels_clamp(level, rung):
    # the rungs differ here: rung 1 plays legal[word % 2]; rung 2 beats with the
    # only beating card; rung 3 takes rather than spend a trump of power 4 early
    legal = beats("TH")
    v = view("TH 6D 7C", legal, talon=20, size=1)
    for w in (0, 1):
        want = {1: legal[w], 2: M("beat TH"), 3: TAKE}[rung]
        assert best(v, level, w) == want


def test_no_legal_move_no_choice():
    v = view("TS", [])
    for level in (1, 2, 3):
        assert best(v, level, 0) is None


# -- rung 2 ----------------------------------------------------------------------------

@pytest.mark.parametrize("level", [2, 3])
def test_swap_whenever_legal(level):
    assert best(view("6H 9S", beats("9S") + [SWAP]), level, 0) == SWAP
    assert best(view("6H 9S", attacks("9S 6H") + [SWAP], phase="attack"), level, 0) == SWAP
    assert best(view("6H 9S", [TAKE, SWAP]), level, 0) == SWAP


def test_cost():
    v = view("8S 8D 9S 7H AH", [])
    assert cost(C("9S"), v, +1) == 3
    assert cost(C("8S"), v, +1) == 2 + 1 and cost(C("8S"), v, -2) == 0
    assert cost(C("7H"), v, +1) == 1 + 20
    assert cost(C("AH"), v, -2) == 8 + 20


def test_rung_2_beats_with_the_cheapest_card():
    # 9S costs 3, the trump 7H costs 21
    assert best(view("9S 7H QD", beats("9S 7H")), 2, 0) == M("beat 9S")
    # a trump beats when it is the only beat
    assert best(view("7H QD", beats("7H")), 2, 0) == M("beat 7H")


def test_rung_2_pair_adjustment_and_reference_order_tie():
    # alone, 8S (2) is cheaper than 9S (3)
    assert best(view("8S 9S", beats("9S 8S")), 2, 0) == M("beat 8S")
    # with 8D in the hand 8S costs 3: a tie, won by 9S, earlier in reference order
    assert best(view("8S 9S 8D", beats("9S 8S")), 2, 0) == M("beat 9S")


def test_rung_2_takes_only_when_nothing_beats():
    assert best(view("7D QC", [TAKE]), 2, 0) == TAKE
    # a dear trump is still played by rung 2
    assert best(view("AH QC", beats("AH"), talon=24), 2, 0) == M("beat AH")


def test_rung_2_attacks_with_the_cheapest_card():
    # 6C costs 0; 7S and 7D cost 1 + 1 (pair)
    v = view("6C 7S 7D", attacks("7S 7D 6C", done=False), phase="attack", size=0)
    assert best(v, 2, 0) == M("attack 6C")
    # ties go to reference order: 7S (spades) before 7D
    v = view("8C 7S 7D", attacks("7S 7D 8C", done=False), phase="attack", size=0)
    assert best(v, 2, 0) == M("attack 7S")
    # trumps are dear
    v = view("6H AS", attacks("AS 6H", done=False), phase="attack", size=0)
    assert best(v, 2, 0) == M("attack AS")


def test_rung_2_says_done_only_when_nothing_can_be_thrown():
    v = view("KD AS", attacks("KD"), phase="attack", size=1)
    assert best(v, 2, 0) == M("attack KD")
    v = view("KD AS", [DONE], phase="pile_on", size=1)
    assert best(v, 2, 0) == DONE
    v = view("KD AS", attacks("KD"), phase="pile_on", size=1)
    assert best(v, 2, 0) == M("attack KD")


# -- rung 3 ----------------------------------------------------------------------------

def test_rung_3_pairs_cost_less_when_attacking():
    # 6C costs 0; 7S and 7D cost 1 - 2 = -1: rung 3 leads the pair, rung 2 the six
    v = view("6C 7S 7D", attacks("7S 7D 6C", done=False), phase="attack", size=0)
    assert best(v, 3, 0) == M("attack 7S")
    assert best(v, 2, 0) == M("attack 6C")
    # piling on too
    v = view("6C 7S 7D", attacks("7S 7D 6C"), phase="pile_on", size=2)
    assert best(v, 3, 0) == M("attack 7S")


def test_rung_3_pairs_cost_more_when_defending():
    # like rung 2: +1 when defending
    assert best(view("8S 9S 8D", beats("9S 8S")), 3, 0) == M("beat 9S")
    assert best(view("8S 9S", beats("9S 8S")), 3, 0) == M("beat 8S")


# the take rule: the cheapest beat c a trump of power above 3, talon above 6,
# at most 2 attack cards counting the one to beat, take legal
@pytest.mark.parametrize("hand, legal, talon, size, want", [
    ("TH 6D", beats("TH"), 7, 1, TAKE),               # T is power 4, talon 7, one card
    ("TH 6D", beats("TH"), 7, 2, TAKE),               # two attack cards
    ("TH 6D", beats("TH"), 7, 3, M("beat TH")),       # three: beat
    ("TH 6D", beats("TH"), 6, 1, M("beat TH")),       # talon 6 is not above 6
    ("9H 6D", beats("9H"), 24, 1, M("beat 9H")),      # 9 is power 3, not above 3
    ("TH 6D", beats("TH")[:-1], 24, 1, M("beat TH")),  # take not legal
    ("TH 9S", beats("9S TH"), 24, 1, M("beat 9S")),   # the cheapest beat is not a trump
    ("9H TH", beats("TH 9H"), 24, 1, M("beat 9H")),   # the cheapest trump is cheap
    ("AH KS KD", beats("KS AH"), 24, 1, M("beat KS")),  # KS costs 7 + 1 (pair), AH 28
])
def test_rung_3_take_rule(hand, legal, talon, size, want):
    v = view(hand, legal, talon=talon, size=size)
    assert best(v, 3, 0) == want
    # rung 2 never takes while a card beats
    assert best(v, 2, 0).kind == "beat"


def test_rung_3_thresholds_are_tunable():
    v = view("TH 6D", beats("TH"), talon=7, size=1)
    assert best(v, 3, 0) == TAKE
    assert best(v, 3, 0, deep_talon=7) == M("beat TH")
    assert best(v, 3, 0, cheap_power=4) == M("beat TH")
    v = view("8H 6D", beats("8H"), talon=7, size=1)
    assert best(v, 3, 0) == M("beat 8H")
    assert best(v, 3, 0, cheap_power=1) == TAKE


# -- whole deals: the published vector and the reference statistics -------------------------

def play(seed, levels, bot_seeds):
    game = reference.Game.from_seed(seed)
    while not game.over:
        seat = game.turn
        v = game.view(seat)
        game.apply(seat, best(v, levels[seat], word(bot_seeds[seat], seat, v.ply)))
    return game


def test_durak_replay_1_first_moves():
    game = play(pad_seed("durak-replay-1"), (3, 2), ("durak-replay-1:1", "durak-replay-1:2"))
    assert (len(game.history), len(game.events), game.result.fool, game.heap) == (42, 68, 1, 28)
    assert game.history[0] == (0, M("attack 9D"))


@pytest.mark.parametrize("level, low, high", [(2, 42, 50), (1, 74, 88)])
def test_average_moves_a_deal(level, low, high):
    # the spec: rung 2 against rung 2 about 46 moves a deal, rung 1 against rung 1 about 80
    # (over 2000 deals this oracle gives 45.7 and 81.0)
    deals = 300
    total = 0
    for n in range(1, deals + 1):
        seed = b"durak" + str(n).zfill(27).encode()
        game = play(seed, (level, level), (seed.decode() + ":1", seed.decode() + ":2"))
        total += len(game.history)
    assert low < total / deals < high


def test_rung_2_and_3_rarely_lose_to_rung_1():
    fools = 0
    for n in range(1, 301):
        seed = b"durak" + str(n).zfill(27).encode()
        strong = n % 2
        levels = (2 + (n // 2) % 2, 1) if strong == 0 else (1, 2 + (n // 2) % 2)
        game = play(seed, levels, (seed.decode() + ":1", seed.decode() + ":2"))
        fools += game.result.fool == strong
    assert fools <= 15  # about 1.5 per cent in the spec: 4 or 5 of 300
