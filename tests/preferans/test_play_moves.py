"""Moves: canonical text, the lenient reading of typed text and its refusal codes, the int codes."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kozyr.preferans import LADDER, MISERE, Contract, PreferansError, Strain
from kozyr.preferans.moves import BARE, MOVES_BY_CODE, Move, card_word, contract_word, deck_index, move_of, split


@pytest.mark.parametrize(("text", "canonical"), [
    ("pass", "pass"), ("  PASS  ", "pass"), ("Half-Whist", "half-whist"), ("WHIST", "whist"),
    ("closed", "closed"), ("Open", "open"),
    ("bid 7nt", "bid 7NT"), ("BID 10nt", "bid 10NT"), ("bid misère", "bid misere"), ("bid MISERE", "bid misere"),
    ("bid Misère", "bid misere"), ("name 6h", "name 6H"),
    ("discard 7d qs", "discard QS 7D"), ("discard\tQS\n7D", "discard QS 7D"), ("discard 10s 7s", "discard 7S TS"),
    ("play td", "play TD"), ("play 10D", "play TD"), ("play As", "play AS"),
])
def test_lenient_reading_gives_canonical_text(text: str, canonical: str) -> None:
    move = Move.parse(text)
    assert str(move) == canonical
    assert Move.parse(canonical) is move   # interned, and the canonical text reads back to itself


@pytest.mark.parametrize(("text", "code"), [
    (None, "not_legal"), (3, "not_legal"), ("", "not_legal"), ("   ", "not_legal"), ("fold", "not_legal"),
    ("pass now", "not_legal"), ("bid", "not_legal"), ("bid 6S 7S", "not_legal"), ("discard 7S", "not_legal"),
    ("play", "not_legal"), ("half whist", "not_legal"), ("halfwhist", "not_legal"),
    ("bid XYZ", "unknown_contract"), ("bid 6♠", "unknown_contract"), ("bid 6N", "unknown_contract"),
    ("bid 06S", "unknown_contract"), ("bid 5S", "unknown_contract"), ("bid 11NT", "unknown_contract"),
    ("name ６S", "unknown_contract"), ("bid mizer", "unknown_contract"),
    ("discard 7S 7s", "bad_discard"), ("discard 7S XX", "bad_discard"), ("discard 6C 7S", "bad_discard"),
    ("discard 10s TS", "bad_discard"),
    ("play 6C", "card_not_held"), ("play 7♠", "card_not_held"), ("play 1OD", "card_not_held"),
    ("play ZZ", "card_not_held"),
])
def test_refused_texts(text: object, code: str) -> None:
    with pytest.raises(PreferansError) as info:
        Move.parse(text)
    assert info.value.code == code


def test_the_keyword_and_word_count_come_before_the_words() -> None:
    # a malformed card with the wrong number of words is not_legal, not a card refusal
    assert split(" Discard xx YY ") == ("discard", ("xx", "YY"))
    with pytest.raises(PreferansError) as info:
        split("discard XX")
    assert info.value.code == "not_legal"


def test_card_and_contract_words() -> None:
    assert card_word("10h") == 16 + 10 and card_word("ah") == 16 + 14 and card_word("7C") == 48 + 7
    assert card_word("6C") is None and card_word("T") is None and card_word("10") is None and card_word("") is None
    assert contract_word("7nt") == Contract(7, Strain.NO_TRUMP) and contract_word("misère") == MISERE
    assert contract_word("6 S") is None and contract_word("N") is None and contract_word("6n") is None


def test_codes_follow_the_table_and_sort_canonically() -> None:
    assert [Move(k).code for k in BARE] == [0, 1, 2, 3, 4]
    assert [Move("bid", c).code for c in LADDER] == list(range(8, 34))
    assert [Move("name", c).code for c in LADDER] == list(range(40, 66))
    assert Move.parse("play 7S").code == 64 + 7 and Move.parse("play AC").code == 64 + 48 + 14
    assert deck_index(7) == 0 and deck_index(14) == 7 and deck_index(16 + 7) == 8 and deck_index(48 + 14) == 31
    assert Move.parse("discard 7S 8S").code == 128 + 1 and Move.parse("discard KC AC").code == 128 + 32 * 30 + 31
    every = [m for m in MOVES_BY_CODE if m is not None]
    assert len(every) == 5 + 26 + 26 + 32 + 32 * 31 // 2
    for m in every:
        assert move_of(m.code) is m and Move.parse(str(m)) is m
    discards = sorted((m for m in every if m.kind == "discard"), key=lambda m: m.code)
    assert discards == sorted(discards, key=lambda m: m.cards)   # by X then Y is ascending by code
    for bad in (5, 7, 34, 39, 66, 64 + 6, 64 + 15, 128, 128 + 33, -1, 10 ** 6, "0", True):
        with pytest.raises(PreferansError) as info:
            move_of(bad)  # type: ignore[arg-type]
        assert info.value.code == "not_legal"


def test_moves_are_checked_when_built() -> None:
    for kind, arg in [("fold", None), ("pass", 3), ("bid", "6S"), ("play", 6), ("play", True),
                      ("discard", (7, 7)), ("discard", (7,)), ("discard", (6, 7))]:
        with pytest.raises(PreferansError):
            Move(kind, arg)  # type: ignore[arg-type]
    assert Move("discard", (32 + 7, 12)) == Move.parse("discard QS 7D")


WORDS = st.sampled_from(["pass", "PASS", "bid", "Bid", "name", "discard", "play", "whist", "half-whist", "closed",
                         "open", "6s", "10NT", "misère", "MISERE", "7n", "td", "10d", "1OD", "AS", "6C", "qs",
                         "7S", "7s", "XYZ", "", "♠", "06S", "11S", "fold"])


@settings(max_examples=300, deadline=None)
@given(st.lists(WORDS, max_size=4), st.sampled_from([" ", "  ", "\t", "\n "]), st.text(max_size=6))
def test_any_text_is_a_move_or_one_refusal(words: list[str], gap: str, noise: str) -> None:
    for text in (gap.join(words), gap.join(words) + noise, noise):
        try:
            move = Move.parse(text)
        except PreferansError as exc:
            assert exc.code in ("not_legal", "unknown_contract", "bad_discard", "card_not_held")
            continue
        assert Move.parse(str(move)) is move and str(move) == " ".join(str(move).split())
        assert move.kind == text.split()[0].lower()
