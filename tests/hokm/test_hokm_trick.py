"""The trick winner resolver: spec examples, edge tricks, refusals, properties."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kozyr.cards import CLUBS, DIAMONDS, HEARTS, SPADES, TWO, parse_card
from kozyr.hokm import (
    DEFAULT_CONFIG,
    DEFAULT_RANK_STRENGTH,
    INFER,
    TRICK_CODES,
    HokmConfig,
    HokmError,
    Trick,
    TrickResult,
    provisional_winner,
    resolve_trick,
    team_of,
)


def trick(trump: int, names: str, seats: tuple[int, ...] = (0, 1, 2, 3), **kw: Any) -> Trick:
    """A trick from card names, played by `seats` in order (kw: lead_suit)."""
    return Trick(trump, list(zip(seats, (parse_card(n) for n in names.split()), strict=False)), **kw)


def winner(t: Trick, config: HokmConfig = DEFAULT_CONFIG) -> int:
    return resolve_trick(t, config).seat


# -- the spec's examples ------------------------------------------------------
def test_spec_no_trump_highest_of_lead_suit_wins() -> None:
    r = resolve_trick(trick(SPADES, "7C AC KD JC"))
    assert r == TrickResult(seat=1, team=1, lead_suit=CLUBS, trump=SPADES, trump_played=False,
                            card=parse_card("AC"), strength=DEFAULT_RANK_STRENGTH[14])


def test_spec_highest_trump_not_first_trump() -> None:
    r = resolve_trick(trick(SPADES, "AC 2S KD 7S"))
    assert (r.seat, r.card, r.trump_played, r.lead_suit) == (3, parse_card("7S"), True, CLUBS)


def test_spec_any_trump_beats_every_ace() -> None:
    r = resolve_trick(trick(HEARTS, "AC 2H AD 7D"))
    assert (r.seat, r.card, r.team) == (1, parse_card("2H"), 1)


def test_spec_zero_strength_two_cannot_win() -> None:
    cfg = HokmConfig(rank_strength={**DEFAULT_RANK_STRENGTH, TWO: 0})
    r = resolve_trick(trick(SPADES, "2H 3H 4C 5D"), cfg)
    assert r.seat == 1 and r.card == parse_card("3H")
    # With the default table the led two does win (nobody else followed higher).
    assert winner(trick(SPADES, "2H 4C 5D 6D")) == 0


# -- more shapes of trick -------------------------------------------------------
def test_trump_led_highest_trump_wins() -> None:
    r = resolve_trick(trick(DIAMONDS, "9D AS QD KD"))
    assert (r.seat, r.lead_suit, r.trump_played) == (3, DIAMONDS, True)


def test_trump_led_and_nobody_follows() -> None:
    assert winner(trick(DIAMONDS, "2D AS AH AC")) == 0


def test_trumps_played_off_suit_beat_the_lead_suit() -> None:
    # Hearts led; two players trump in (void in hearts): the higher trump wins.
    r = resolve_trick(trick(CLUBS, "AH 3C KH 9C"))
    assert (r.seat, r.card, r.lead_suit, r.trump) == (3, parse_card("9C"), HEARTS, CLUBS)


def test_off_suit_cards_never_win_however_high() -> None:
    assert winner(trick(SPADES, "2H AC AD KC")) == 0


def test_only_the_lead_suit_present() -> None:
    assert winner(trick(CLUBS, "TH 3H QH JH")) == 2


def test_leader_seat_need_not_be_zero_and_result_names_seat_not_index() -> None:
    t = trick(SPADES, "5H KH 2H 9H", seats=(2, 3, 0, 1))
    r = resolve_trick(t)
    assert (r.seat, r.team) == (3, 1)


def test_strength_comes_from_the_table_not_the_card_number() -> None:
    # A reversed table: two is strongest, ace weakest.
    reverse = HokmConfig(rank_strength={r: 16 - r for r in range(2, 15)})
    r = resolve_trick(trick(SPADES, "AH 2H KH 7H"), reverse)
    assert (r.seat, r.strength) == (1, 14)
    # A table where the seven outranks the ace ("7 high" house rule).
    seven_high = HokmConfig(rank_strength={**DEFAULT_RANK_STRENGTH, 7: 100})
    assert winner(trick(SPADES, "AH 7H KH 2H"), seven_high) == 1


def test_disabled_rank_skipped_among_trumps() -> None:
    cfg = HokmConfig(rank_strength={**DEFAULT_RANK_STRENGTH, 9: 0})
    # The nine of trump cannot win; the lower trump four does.
    assert winner(trick(SPADES, "AH 9S 4S KH"), cfg) == 2


def test_negative_strength_cannot_win() -> None:
    cfg = HokmConfig(rank_strength={**DEFAULT_RANK_STRENGTH, 14: -5})
    assert winner(trick(SPADES, "AH 2H 3D 4C"), cfg) == 1


def test_equal_strength_the_earlier_card_stays() -> None:
    flat = HokmConfig(rank_strength={r: 1 for r in range(2, 15)})
    assert winner(trick(SPADES, "2H AH KH QH"), flat) == 0
    assert winner(trick(SPADES, "2H AS KH 3S"), flat) == 1
    tied = HokmConfig(rank_strength={**DEFAULT_RANK_STRENGTH, 13: DEFAULT_RANK_STRENGTH[14]})
    assert winner(trick(SPADES, "KH AH 2H 3H"), tied) == 0
    assert winner(trick(SPADES, "2H AH KH 3H"), tied) == 1


def test_team_of() -> None:
    assert [team_of(s) for s in range(4)] == [0, 1, 0, 1]


def test_explain_names_the_card_and_reason() -> None:
    text = resolve_trick(trick(SPADES, "AC 2S KD 7S")).explain()
    assert "seat 3" in text and "7S" in text and "a trump was played" in text


# -- no winner -------------------------------------------------------------------
def test_no_competitor_can_win_is_refused() -> None:
    cfg = HokmConfig(rank_strength={**DEFAULT_RANK_STRENGTH, TWO: 0})
    t = trick(SPADES, "2H 4C 5D 6D")
    with pytest.raises(HokmError) as err:
        resolve_trick(t, cfg)
    assert err.value.code == "no_winner"
    assert "2H" in str(err.value)
    assert t.winner is None


# -- refusals ----------------------------------------------------------------------
BAD_TRICKS = [
    ("incomplete_trick", lambda: trick(SPADES, "AC 2S KD"), "3 plays"),
    ("incomplete_trick", lambda: Trick(SPADES, [(0, 2), (1, 3), (2, 4), (3, 5), (0, 6)]), "5 plays"),
    ("incomplete_trick", lambda: Trick(SPADES, []), "0 plays"),
    ("missing_lead_suit", lambda: trick(SPADES, "AC 2S KD 7S", lead_suit=None), "no lead suit"),
    ("lead_suit_mismatch", lambda: trick(SPADES, "AC 2S KD 7S", lead_suit=HEARTS), "AC"),
    ("unknown_suit", lambda: trick(7, "AC 2S KD 7S"), "trump 7"),
    ("unknown_suit", lambda: trick(SPADES, "AC 2S KD 7S", lead_suit=9), "lead suit 9"),
    ("duplicate_seat", lambda: trick(SPADES, "AC 2S KD 7S", seats=(0, 1, 1, 3)), "seat 1"),
    ("unknown_seat", lambda: trick(SPADES, "AC 2S KD 7S", seats=(0, 1, 2, 4)), "seat 4"),
    ("duplicate_card", lambda: trick(SPADES, "AC 2S KD AC"), "AC"),
    ("unknown_card", lambda: Trick(SPADES, [(0, 50), (1, 0), (2, 51), (3, 52)]), "0 is not a card"),
    ("unknown_card", lambda: Trick(SPADES, [(0, 50), (1, 51), (2, 47), (3, 99)]), "47"),
    ("unknown_card", lambda: Trick(SPADES, [(0, 50), (1, 51), (2, 52), (3, -1)]), "-1"),
    ("unknown_card", lambda: Trick(SPADES, cast(Any, [(0, 50), (1, 51), (2, 52), (3, "AS")])), "'AS'"),
    ("unknown_card", lambda: Trick(SPADES, [(0, 50), (1, 51), (2, 52), (3, 1 << 80)]), "is not a card"),
    ("malformed_play", lambda: Trick(SPADES, cast(Any, [(0, 50), (1, 51), (2, 52), (3,)]), lead_suit=3), "(3,)"),
    ("malformed_play", lambda: Trick(SPADES, cast(Any, [(0, 50), (1, 51), (2, 52), 7]), lead_suit=3), "play 7"),
]


@pytest.mark.parametrize("code,make,named", BAD_TRICKS, ids=[f"{c}-{i}" for i, (c, _, _) in enumerate(BAD_TRICKS)])
def test_refusals_have_code_name_the_input_and_change_nothing(
        code: str, make: Callable[[], Trick], named: str) -> None:
    t = make()
    before = (t.trump, t.lead_suit, list(t.plays), t.winner)
    for call in (lambda: resolve_trick(t), lambda: t.record_winner()):
        with pytest.raises(HokmError) as err:
            call()
        assert err.value.code == code
        assert err.value.code in TRICK_CODES
        assert isinstance(err.value, ValueError)
        assert named in str(err.value)
        assert (t.trump, t.lead_suit, list(t.plays), t.winner) == before


def test_refused_record_keeps_the_previous_winner() -> None:
    t = trick(SPADES, "AC 2S KD 7S")
    first = t.record_winner()
    t.plays[3] = (3, parse_card("AC"))  # corrupt it: AC twice
    with pytest.raises(HokmError):
        t.record_winner()
    assert t.winner == first


# -- the recording step -----------------------------------------------------------
def test_record_winner_mutates_and_is_idempotent() -> None:
    t = trick(SPADES, "AC 2S KD 7S")
    assert t.winner is None
    r1 = t.record_winner()
    assert t.winner == r1
    plays = list(t.plays)
    r2 = t.record_winner()
    assert r1 == r2 and t.winner == r2 and t.plays == plays
    assert resolve_trick(t) == r1  # the pure function agrees and changes nothing


def test_result_is_immutable() -> None:
    r = resolve_trick(trick(SPADES, "AC 2S KD 7S"))
    with pytest.raises(AttributeError):
        r.seat = 0  # type: ignore[misc]
    assert hash(r) == hash(tuple(r))


def test_add_sets_lead_suit_and_clears_recorded_winner() -> None:
    t = Trick(HEARTS)
    assert t.lead_suit is None and t.leader is None
    t.add(2, parse_card("5C"))
    assert t.lead_suit == CLUBS and t.leader == 2
    for s, n in ((3, "KC"), (0, "2H"), (1, "AC")):
        t.add(s, parse_card(n))
    t.record_winner()
    assert t.winner is not None and t.winner.seat == 0
    t2 = Trick(HEARTS, t.plays)
    assert t2.lead_suit == CLUBS and t2.cards == t.cards and t2.seats == (2, 3, 0, 1)


def test_infer_is_the_default_and_none_means_missing() -> None:
    plays = [(0, parse_card("AC")), (1, parse_card("2C")), (2, parse_card("3C")), (3, parse_card("4C"))]
    assert Trick(SPADES, plays, lead_suit=INFER).lead_suit == CLUBS
    assert Trick(SPADES, plays, lead_suit=None).lead_suit is None


# -- provisional -----------------------------------------------------------------------
def test_provisional_winner_of_partial_tricks() -> None:
    assert provisional_winner(Trick(SPADES)) is None
    t = trick(SPADES, "KH")
    assert provisional_winner(t).seat == 0  # type: ignore[union-attr]
    t.add(1, parse_card("AH"))
    assert provisional_winner(t).seat == 1  # type: ignore[union-attr]
    t.add(2, parse_card("2S"))
    p = provisional_winner(t)
    assert p is not None and p.seat == 2 and p.trump_played
    t.add(3, parse_card("AD"))
    assert provisional_winner(t) == resolve_trick(t)
    assert t.winner is None  # provisional records nothing


def test_provisional_is_lenient_about_a_missing_lead_suit_but_not_nonsense() -> None:
    t = trick(SPADES, "KH AH", lead_suit=None)
    assert provisional_winner(t).seat == 1  # type: ignore[union-attr]
    cfg = HokmConfig(rank_strength={**DEFAULT_RANK_STRENGTH, TWO: 0})
    assert provisional_winner(trick(SPADES, "2H 5C"), cfg) is None
    for bad, code in ((trick(SPADES, "KH KH", seats=(0, 1)), "duplicate_card"),
                      (trick(SPADES, "KH AH", seats=(0, 0)), "duplicate_seat"),
                      (Trick(SPADES, [(0, 99)]), "unknown_card"),
                      (Trick(SPADES, [(s % 4, 2 + s) for s in range(5)]), "incomplete_trick")):
        with pytest.raises(HokmError) as err:
            provisional_winner(bad)
        assert err.value.code == code


# -- properties against a naive oracle ----------------------------------------------------
def oracle(plays: list[tuple[int, int]], trump: int, strength: dict[int, int]) -> int | None:
    """Straight from the spec's prose, written as differently as possible."""
    lead = plays[0][1] // 16
    trumps = [(s, c) for s, c in plays if c // 16 == trump]
    competitors = trumps if trumps else [(s, c) for s, c in plays if c // 16 == lead]
    able = [(strength[c % 16], -i, s) for i, (s, c) in enumerate(plays)
            if (s, c) in competitors and strength[c % 16] > 0]
    return max(able)[2] if able else None


DECK = [16 * s + r for s in range(4) for r in range(2, 15)]


@settings(max_examples=400, deadline=None)
@given(
    cards=st.permutations(DECK).map(lambda d: d[:4]),
    seats=st.permutations([0, 1, 2, 3]),
    trump=st.sampled_from([0, 1, 2, 3]),
    strengths=st.one_of(
        st.just(dict(DEFAULT_RANK_STRENGTH)),
        st.lists(st.integers(-2, 5), min_size=13, max_size=13).map(
            lambda v: dict(zip(range(2, 15), v, strict=False))),
    ),
)
def test_resolver_agrees_with_oracle(cards: list[int], seats: list[int], trump: int,
                                     strengths: dict[int, int]) -> None:
    cfg = HokmConfig(rank_strength=strengths)
    plays = list(zip(seats, cards, strict=False))
    t = Trick(trump, plays)
    expected = oracle(plays, trump, strengths)
    if expected is None:
        with pytest.raises(HokmError) as err:
            resolve_trick(t, cfg)
        assert err.value.code == "no_winner"
    else:
        r = resolve_trick(t, cfg)
        assert r.seat == expected
        assert r.team == expected % 2
        assert r.strength == strengths[r.card % 16] > 0
        assert r.trump_played == any(c // 16 == trump for c in cards)
        assert (r.seat, r.card) in plays
    # Every prefix: provisional agrees with the oracle on the partial trick.
    for n in range(1, 4):
        p = provisional_winner(Trick(trump, plays[:n]), cfg)
        exp = oracle(plays[:n], trump, strengths)
        assert (p.seat if p else None) == exp
