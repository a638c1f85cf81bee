"""Rung 3's decisions before the play, each by the expected settlement over sampled worlds: it bids a
hand that makes its contract and passes one that does not, discards for the contract it then names, and
prices the defenders' whisting as the convention scores it."""
from __future__ import annotations

from kozyr.preferans.contracts import MISERE, Contract, Strain
from kozyr.preferans.reference import Game as Twin
from kozyr.preferans.rungs import MonteCarloBot, defence_count

SUITS = "SHDC"
RANKS = {"7": 7, "8": 8, "9": 9, "T": 10, "J": 11, "Q": 12, "K": 13, "A": 14}


def c(text: str) -> list[int]:
    return [16 * SUITS.index(w[1]) + RANKS[w[0]] for w in text.split()]


def dealt(h0: str, h1: str, h2: str, talon: str) -> Twin:
    """A deal (dealer C, so A is first hand) in which A, B, C hold these hands and the talon is these two
    cards, in order."""
    hands = [c(h0), c(h1), c(h2)]
    order = [0] * 32
    for r in range(5):
        for j in range(3):
            order[6 * r + 2 * j], order[6 * r + 2 * j + 1] = hands[j][2 * r], hands[j][2 * r + 1]
    order[30], order[31] = c(talon)
    return Twin._from_order(order, players=("A", "B", "C"), dealer=2)


STRONG = "AS KS QS JS TS AH KH AD KD AC"
WEAK_B = "7S 8S 9S 7H 8H 9H TH 7D 8D 9D"
WEAK_C = "JH QH 9C 8C 7C TD JD QD QC KC"
TALON = "JC TC"


def test_a_hand_that_makes_a_game_bids_it_and_names_for_the_settlement() -> None:
    game = dealt(STRONG, WEAK_B, WEAK_C, TALON)
    bot = MonteCarloBot(seed=1)
    first = bot(game.view(0))
    assert first.kind == "bid" and first.arg == Contract(6, Strain.SPADES)   # the cheapest bid: naming can raise
    game.apply(0, first)
    game.apply(1, "pass")
    game.apply(2, "pass")
    discard = bot(game.view(0))
    assert discard.kind == "discard"
    game.apply(0, discard)
    named = bot(game.view(0))
    assert named.kind == "name" and isinstance(named.arg, Contract)
    # ten tricks on top, whichever layout: a ten is the contract worth most in the settlement
    assert named.arg.level == 10


def test_a_hand_without_tricks_passes() -> None:
    # no top card and no low suit: neither a game nor misère
    game = dealt("QS JS TS QH JH TH QD JD TD QC", "AS KS AH KH AD KD AC KC 9S 9H",
                 "7S 8S 7H 8H 7D 8D 9D 7C 8C 9C", "TC JC")
    assert MonteCarloBot(seed=1)(game.view(0)).kind == "pass"


def test_misere_is_bid_on_a_hand_that_cannot_take_a_trick() -> None:
    game = dealt("7S 8S 9S 7H 8H 9H 7D 8D 7C 8C", "AS KS QS AH KH QH AD KD AC KC",
                 "JS TS JH TH QD JD TD QC JC TC", "9D 9C")
    assert MonteCarloBot(seed=3)(game.view(0)).arg == MISERE


def test_the_defence_count_is_rung_twos() -> None:
    hand = c("AS KS 7H 8H AD 7D 8D 9C TC JC")
    # two spade tops, the ace of diamonds; as trumps the hearts count nothing (two of them, no honour)
    assert defence_count(hand, 1) == 3.0
