"""kozyr.cards against frozenset, the names, and the refusals."""
import pickle
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule

from kozyr.cards import (
    ACE,
    CLUBS,
    DECK32,
    DECK36,
    DECK52,
    DIAMONDS,
    HEARTS,
    SPADES,
    TEN,
    CardSet,
    card,
    card_name,
    parse_card,
    pretty,
    rank_of,
    suit_cards,
    suit_of,
)

ALL = sorted(DECK52)
subsets = st.frozensets(st.sampled_from(ALL))


def cs(f: frozenset[int]) -> CardSet:
    return CardSet(f)


@given(subsets, subsets)
def test_every_operation_matches_frozenset(a: frozenset[int], b: frozenset[int]) -> None:
    x, y = cs(a), cs(b)
    assert list(x) == sorted(a)
    assert len(x) == len(a) and bool(x) == bool(a)
    assert set(x | y) == a | b
    assert set(x & y) == a & b
    assert set(x - y) == a - b
    assert set(x ^ y) == a ^ b
    assert (x <= y) == (a <= b) and (x < y) == (a < b)
    assert (x >= y) == (a >= b) and (x > y) == (a > b)
    assert (x == y) == (a == b) and (x != y) == (a != b)
    assert x.issubset(b) == a.issubset(b) and x.issuperset(b) == a.issuperset(b)
    assert x.isdisjoint(b) == a.isdisjoint(b)
    assert set(x.union(b, [ALL[0]])) == a.union(b, [ALL[0]])
    assert set(x.intersection(b)) == a.intersection(b)
    assert set(x.difference(b)) == a.difference(b)
    assert set(x.symmetric_difference(b)) == a.symmetric_difference(b)
    for c in (ALL[0], ALL[-1], 0, 1, 15, 63, 64, -1, "AS", None):
        assert (c in x) == (c in a)
    assert (hash(x) == hash(y)) or x != y
    assert int(x) == sum(1 << c for c in a)
    assert CardSet(int(x)) == x and CardSet(str(x)) == x and eval(repr(x)) == x
    assert pickle.loads(pickle.dumps(x)) == x
    for s in range(4):
        in_suit = {c for c in a if c >> 4 == s}
        assert set(x.suit(s)) == in_suit
        assert x.highest(s) == (max(in_suit) if in_suit else None)
        assert x.lowest(s) == (min(in_suit) if in_suit else None)


class CardSetMachine(RuleBasedStateMachine):
    """Keeps a CardSet and a frozenset in step through random operations."""

    def __init__(self) -> None:
        super().__init__()
        self.model: frozenset[int] = frozenset()
        self.real = CardSet()

    @rule(other=subsets, op=st.sampled_from(["|", "&", "-", "^"]))
    def combine(self, other: frozenset[int], op: str) -> None:
        ops = {"|": lambda p, q: p | q, "&": lambda p, q: p & q,
               "-": lambda p, q: p - q, "^": lambda p, q: p ^ q}
        self.model = ops[op](self.model, other)
        self.real = ops[op](self.real, CardSet(other))

    @rule(c=st.sampled_from(ALL))
    def add(self, c: int) -> None:
        self.model = self.model | {c}
        self.real = self.real.union([c])

    @invariant()
    def agrees(self) -> None:
        assert list(self.real) == sorted(self.model)
        assert len(self.real) == len(self.model)


TestCardSetMachine = CardSetMachine.TestCase


def test_foreign_operands_get_not_implemented() -> None:
    x = CardSet("AS")
    foreign: list[Any] = [frozenset([14]), {14}, 14, "AS", None]
    for other in foreign:
        assert x.__or__(other) is NotImplemented
        assert x.__and__(other) is NotImplemented
        assert x.__sub__(other) is NotImplemented
        assert x.__xor__(other) is NotImplemented
        assert x.__le__(other) is NotImplemented
        assert x.__eq__(other) is NotImplemented
    assert x != frozenset([14])
    with pytest.raises(TypeError):
        x | {14}  # type: ignore[operator]


def test_constructors_agree() -> None:
    a = CardSet("AS TD 6C")
    assert a == CardSet([card(ACE, SPADES), card(TEN, DIAMONDS), card(6, CLUBS)])
    assert a == CardSet(["as", "10♦", "6♣"]) == CardSet("AS,TD,6C") == CardSet(a)
    assert repr(a) == "CardSet('AS TD 6C')" and str(a) == "AS TD 6C"
    assert a.pretty() == "A♠ 10♦ 6♣"
    assert CardSet() == CardSet("") == CardSet([]) == CardSet(0)


def test_decks_and_suits() -> None:
    assert (len(DECK52), len(DECK36), len(DECK32)) == (52, 36, 32)
    assert DECK32 < DECK36 < DECK52
    assert {rank_of(c) for c in DECK36} == set(range(6, 15))
    assert {rank_of(c) for c in DECK32} == set(range(7, 15))
    assert suit_cards(HEARTS) == DECK52.suit(HEARTS) and len(suit_cards(HEARTS)) == 13


@pytest.mark.parametrize("c", ALL)
def test_name_parse_pretty_round_trip(c: int) -> None:
    name = card_name(c)
    assert len(name) == 2 and parse_card(name) == c and parse_card(name.lower()) == c
    assert parse_card(pretty(c)) == c
    assert card(rank_of(c), suit_of(c)) == c
    if rank_of(c) == TEN:
        assert pretty(c).startswith("10") and parse_card("10" + name[1]) == c


def test_names_of_known_cards() -> None:
    assert card_name(card(ACE, SPADES)) == "AS"
    assert card_name(card(TEN, DIAMONDS)) == "TD"
    assert pretty(card(TEN, DIAMONDS)) == "10♦"
    assert parse_card("a♠") == card(ACE, SPADES)


@pytest.mark.parametrize("call, named", [
    (lambda: parse_card("ZZ"), "'ZZ'"),
    (lambda: parse_card("1S"), "'1S'"),
    (lambda: parse_card("AX"), "'AX'"),
    (lambda: parse_card(""), "''"),
    (lambda: CardSet("AS QQ"), "'QQ'"),
    (lambda: card(15, 0), "15"),
    (lambda: card(1, 0), "rank 1"),
    (lambda: card(2, 4), "suit 4"),
    (lambda: card(2, -1), "suit -1"),
    (lambda: rank_of(16), "16"),
    (lambda: suit_of(64), "64"),
    (lambda: card_name(0), "0"),
    (lambda: CardSet(1 << 15), "0x8000"),
    (lambda: CardSet(1 << 64), hex(1 << 64)),
    (lambda: CardSet(-1), "-1"),
    (lambda: CardSet([14, 99]), "99"),
    (lambda: CardSet.suit(CardSet(), 4), "suit 4"),
])
def test_refusals_name_the_input(call: Callable[[], object], named: str) -> None:
    with pytest.raises(ValueError) as info:
        call()
    assert named in str(info.value)


@settings(max_examples=50)
@given(st.integers(min_value=0, max_value=(1 << 64) - 1))
def test_any_mask_is_accepted_iff_inside_the_deck(m: int) -> None:
    if m & ~int(DECK52):
        with pytest.raises(ValueError):
            CardSet(m)
    else:
        assert int(CardSet(m)) == m
