"""The published vectors of the deal: the word stream, two shuffled orders, a four-player deal."""
from __future__ import annotations

import hashlib
from typing import Any

import pytest
from _pref_play import SEEDS

from kozyr.cards import card_name, parse_card
from kozyr.preferans import PreferansError
from kozyr.preferans.shuffle import checked_number, checked_seed, dealt, shuffled_order, words

SEED = SEEDS[3]


def names(cards: object) -> str:
    return " ".join(card_name(c) for c in cards)  # type: ignore[attr-defined]


def test_sha256_and_the_first_words() -> None:
    digest = hashlib.sha256(SEED + b"preferans:1:0").hexdigest()
    assert digest == "f333aaa07c21eff7ceba14ebae9770b9b67f7fd02cb840231c1a3d66f20c8648"
    stream = words(SEED, 1)
    assert [next(stream) for _ in range(4)] == [0xF333AAA0, 0x7C21EFF7, 0xCEBA14EB, 0xAE9770B9]


def test_the_shuffled_orders() -> None:
    assert names(shuffled_order(SEED, 1)) == ("9H 7H QD 9S JD JC QC TH AC 8S KS TD 8H 8C KD JH "
                                              "KC 9D KH AH QH AD TC 9C QS 7D TS JS AS 8D 7C 7S")
    assert names(shuffled_order(SEED, 2)) == ("8S KS 9C 7H JH AH AD 8C KH 9S 7S AC 7D 9D AS 8D "
                                              "QC JC 8H 7C TD QD TC KC KD TS JS QH JD 9H QS TH")


def test_the_four_player_deal(pref_engine: Any) -> None:
    game = pref_engine.from_seed(SEED, 2, players=("A", "B", "C", "D"), dealer=0)
    assert game.active == (1, 2, 3)
    assert names(game.hand(0)) == ""
    assert names(game.hand(1)) == "8S TS KS 8H 7D 9D KD AD 7C 8C"
    assert names(game.hand(2)) == "9S JS AS 7H QH KH 8D TD QD 9C"
    assert names(game.hand(3)) == "7S 9H JH AH JD TC JC QC KC AC"
    hands, talon = dealt(shuffled_order(SEED, 2))
    assert names(talon) == "QS TH"
    assert [names(sorted(h)) for h in hands] == [names(game.hand(s)) for s in (1, 2, 3)]


def test_the_order_does_not_depend_on_players_or_dealer(pref_engine: Any) -> None:
    deals = [pref_engine.from_seed(SEED, 1, players=p, dealer=d) for p in (("A", "B", "C"), ("A", "B", "C", "D"))
             for d in range(len(p))]
    for game in deals:
        held = [sorted(game.hand(s)) for s in game.active]
        assert held == [sorted(h) for h in dealt(shuffled_order(SEED, 1))[0]]


def test_the_worked_examples_hands() -> None:
    def hands_of(seed: bytes) -> list[str]:
        h, talon = dealt(shuffled_order(seed, 1))
        return [names(sorted(x)) for x in h] + [names(talon)]

    assert hands_of(SEEDS[3]) == ["QS 7H 8H 9H TH KH AH 7D 8C QC", "8S 9S TS JS JH QH QD KD AD AC",
                                  "KS AS 8D 9D TD JD 9C TC JC KC", "7C 7S"]
    assert hands_of(SEEDS[50]) == ["7H 8H 9H 7D 8D 9D JD 7C 8C TC", "7S 8S TS AS TH AH TD AD JC AC",
                                   "9S JS QS KS QH KH QD 9C QC KC", "KD JH"]
    assert hands_of(SEEDS[28]) == ["7S 9S TS KS 8H TH AH 8D JD QD", "JS QS AS 9H KH 9D TD 8C 9C AC",
                                   "8S JH QH 7D KD AD 7C JC QC KC", "TC 7H"]
    assert parse_card("TC") == 48 + 10


@pytest.mark.parametrize(("seed", "ok"), [(b"x" * 32, True), ("x" * 32, True), (bytearray(b"y" * 32), True),
                                          (b"x" * 31, False), ("x" * 33, False), ("é" * 32, False), (None, False),
                                          (32, False), ([1] * 32, False)])
def test_seeds(seed: object, ok: bool) -> None:
    if ok:
        assert len(checked_seed(seed)) == 32
    else:
        with pytest.raises(PreferansError) as info:
            checked_seed(seed)
        assert info.value.code == "bad_seed"


@pytest.mark.parametrize("number", [0, -1, True, 1.0, "1", None, 10 ** 40])
def test_bad_numbers(number: object) -> None:
    with pytest.raises(PreferansError) as info:
        checked_number(number)
    assert info.value.code == "bad_number"
    assert checked_number(10 ** 40 - 1) == 10 ** 40 - 1
