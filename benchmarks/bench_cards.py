"""CardSet speed: the set algebra, len, iteration and parsing that every game leans on."""
import random

import pytest

from kozyr.cards import DECK52, CardSet, parse_card

rng = random.Random(7)
CARDS = sorted(DECK52)
A = CardSet(rng.sample(CARDS, 13))
B = CardSet(rng.sample(CARDS, 13))
NAMES = " ".join(str(CardSet(rng.sample(CARDS, 13))).split())


@pytest.mark.parametrize("op", ["|", "&", "-", "^", "<="])
def test_set_operation(benchmark, op):  # type: ignore[no-untyped-def]
    fn = {"|": CardSet.__or__, "&": CardSet.__and__, "-": CardSet.__sub__,
          "^": CardSet.__xor__, "<=": CardSet.__le__}[op]
    benchmark(fn, A, B)


def test_len(benchmark):  # type: ignore[no-untyped-def]
    benchmark(len, A)


def test_iterate_13(benchmark):  # type: ignore[no-untyped-def]
    benchmark(list, A)


def test_contains(benchmark):  # type: ignore[no-untyped-def]
    benchmark(A.__contains__, 42)


def test_parse_card(benchmark):  # type: ignore[no-untyped-def]
    benchmark(parse_card, "10♦")


def test_parse_hand_of_13(benchmark):  # type: ignore[no-untyped-def]
    benchmark(CardSet, NAMES)


def test_from_mask(benchmark):  # type: ignore[no-untyped-def]
    benchmark(CardSet, int(A))


def test_frozenset_union_baseline(benchmark):  # type: ignore[no-untyped-def]
    fa, fb = frozenset(A), frozenset(B)
    benchmark(frozenset.__or__, fa, fb)
