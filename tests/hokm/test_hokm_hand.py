"""One hand: the deal, trump choice, follow-suit legality, refusals, scoring."""
from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

from kozyr.cards import CLUBS, DIAMONDS, HEARTS, SPADES, CardSet, parse_card
from kozyr.hokm import (
    DEFAULT_RANK_STRENGTH,
    PLAY_CODES,
    Hand,
    HokmConfig,
    HokmError,
    IllegalPlay,
    Phase,
    next_hakem,
    score_hand,
)
from kozyr.hokm.hand import DECK


def deal_order(hands: dict[int, list[int]], hakem: int) -> list[int]:
    """The deal order that gives each seat exactly `hands[seat]` (13 cards)."""
    order: list[int] = []
    taken = {s: 0 for s in range(4)}
    for size in (5, 4, 4):
        for k in range(4):
            seat = (hakem + k) % 4
            order += hands[seat][taken[seat]:taken[seat] + size]
            taken[seat] += size
    return order


def suit_cards(*suits: int) -> list[int]:
    return [16 * s + r for s in suits for r in range(14, 1, -1)]


def snapshot(h: Hand) -> tuple[Any, ...]:
    """Everything observable about a hand, to prove a refusal changed nothing."""
    t = h.trick
    return (
        h.phase, h.trump, h.to_act, h.hakem, h.result,
        tuple(int(h.held(s)) for s in range(4)), int(h.stock),
        tuple(int(h.won_cards(t_)) for t_ in range(2)), h.tricks_won,
        h.completed, tuple(t.plays), t.lead_suit, int(h.played),
        tuple(int(h.legal_moves(s)) for s in range(4)),
    )


# -- the deal ---------------------------------------------------------------------
@pytest.mark.parametrize("hakem", range(4))
def test_deal_is_5_4_4_from_the_hakem_and_hakem_sees_exactly_five(hakem: int) -> None:
    order = [DECK[i] for i in random.Random(hakem).sample(range(52), 52)]
    h = Hand(hakem, deck=order)
    assert h.phase is Phase.CHOOSE_TRUMP and h.to_act == hakem and h.trump is None
    for k in range(4):
        seat = (hakem + k) % 4
        assert h.held(seat) == CardSet(order[5 * k:5 * k + 5])
    assert h.view(hakem).hand == CardSet(order[:5]) and len(h.view(hakem).hand) == 5
    assert len(h.stock) == 32
    assert all(len(h.legal_moves(s)) == 0 for s in range(4))
    h.choose_trump(hakem, HEARTS)
    assert h.phase is Phase.PLAY and h.trump == HEARTS and h.to_act == hakem
    assert len(h.stock) == 0
    for k in range(4):
        seat = (hakem + k) % 4
        expected = order[5 * k:5 * k + 5] + order[20 + 4 * k:24 + 4 * k] + order[36 + 4 * k:40 + 4 * k]
        assert h.held(seat) == CardSet(expected)
    assert h.legal_moves(hakem) == h.held(hakem)  # the lead is free


def test_same_seed_same_deals_and_no_global_random_state() -> None:
    random.seed(1)
    a = Hand(0, rng=42).deal_order
    random.seed(2)
    b = Hand(0, rng=random.Random(42)).deal_order
    assert a == b
    assert Hand(0, rng=43).deal_order != a
    state = random.getstate()
    Hand(0, rng=7)
    assert random.getstate() == state
    n1 = Hand(0, rng=np.random.default_rng(5)).deal_order
    n2 = Hand(0, rng=np.random.default_rng(5)).deal_order
    assert n1 == n2 and sorted(n1) == sorted(DECK)
    assert all(type(c) is int for c in n1)


def test_explicit_deck_is_checked() -> None:
    with pytest.raises(HokmError) as err:
        Hand(0, deck=DECK[:51])
    assert err.value.code == "bad_config"
    with pytest.raises(HokmError):
        Hand(0, deck=list(DECK[:51]) + [DECK[0]])


def test_hand_refuses_a_table_that_can_leave_a_trick_without_winner() -> None:
    cfg = HokmConfig(rank_strength={**DEFAULT_RANK_STRENGTH, 2: 0})
    with pytest.raises(HokmError) as err:
        Hand(0, config=cfg, rng=1)
    assert err.value.code == "bad_config" and "[2]" in str(err.value)


# -- legality and the refusal codes -------------------------------------------------------
def fixed_hand() -> Hand:
    """Seat 0 hakem; seat 0 spades+3 hearts..., chosen so every refusal is reachable."""
    hands = {
        0: suit_cards(SPADES)[:7] + suit_cards(HEARTS)[:6],      # AS..8S, AH..9H
        1: suit_cards(SPADES)[7:] + suit_cards(DIAMONDS)[:7],    # 7S..2S, AD..8D
        2: suit_cards(HEARTS)[6:] + suit_cards(DIAMONDS)[7:],    # 8H..2H, 7D..2D
        3: suit_cards(CLUBS),
    }
    return Hand(0, deck=deal_order(hands, 0))


def refused(h: Hand, code: str, call: Any) -> IllegalPlay:
    before = snapshot(h)
    with pytest.raises(IllegalPlay) as err:
        call()
    assert err.value.code == code and code in PLAY_CODES
    assert isinstance(err.value, HokmError) and isinstance(err.value, ValueError)
    assert snapshot(h) == before
    return err.value


def test_every_refusal_code_and_nothing_changes() -> None:
    h = fixed_hand()
    AS, KS, AH, TD, AC, KC = (parse_card(n) for n in "AS KS AH TD AC KC".split())
    e = refused(h, "wrong_phase", lambda: h.play(0, AS))
    assert "AS" in str(e) and "trump" in str(e)
    refused(h, "not_your_turn", lambda: h.choose_trump(1, SPADES))
    refused(h, "unknown_suit", lambda: h.choose_trump(0, 4))
    refused(h, "unknown_seat", lambda: h.choose_trump(9, SPADES))
    h.choose_trump(0, SPADES)
    refused(h, "wrong_phase", lambda: h.choose_trump(0, HEARTS))
    e = refused(h, "not_your_turn", lambda: h.play(1, parse_card("2S")))
    assert "seat 1" in str(e) and "2S" in str(e) and "seat 0" in str(e)
    refused(h, "unknown_seat", lambda: h.play(5, AS))
    e = refused(h, "card_not_held", lambda: h.play(0, AC))
    assert "AC" in str(e)
    for bad in (99, 0, -3, "AS", 1.5, True):
        refused(h, "unknown_card", lambda bad=bad: h.play(0, bad))
    assert h.play(0, AH) is None          # hearts led
    h.play(1, parse_card("AD"))           # void in hearts: any card
    e = refused(h, "must_follow_suit", lambda: h.play(2, parse_card("7D")))
    assert "7D" in str(e) and "hearts" in str(e)
    assert h.legal_moves(2) == CardSet(suit_cards(HEARTS)[6:])
    assert h.legal_moves(3) == CardSet(0)  # not seat 3's turn
    h.play(2, parse_card("8H"))
    r = h.play(3, KC)                      # void: discards a club
    assert r is not None and r.seat == 0 and h.to_act == 0 and h.tricks_won == (1, 0)
    # Play the hand out: seat 0 leads hearts then spades and wins everything.
    while not h.over:
        seat = h.to_act
        assert seat is not None
        h.play(seat, max(h.legal_moves(seat)))
    assert h.result is not None and h.result.tricks == (7, 0) and h.result.points == 2
    refused(h, "game_over", lambda: h.play(0, AS))
    refused(h, "game_over", lambda: h.choose_trump(0, SPADES))
    assert h.to_act is None and all(len(h.legal_moves(s)) == 0 for s in range(4))


def test_void_player_may_discard_anything_no_duty_to_trump() -> None:
    h = fixed_hand()
    h.choose_trump(0, HEARTS)
    h.play(0, parse_card("AS"))
    h.play(1, parse_card("2S"))
    h.play(2, parse_card("2D"))  # void in spades, holds trump hearts, may discard
    assert h.legal_moves(3) == h.held(3)


def test_hand_ends_as_soon_as_a_team_has_seven_tricks() -> None:
    h = fixed_hand()
    h.choose_trump(0, SPADES)
    results = []
    while not h.over:
        seat = h.to_act
        assert seat is not None
        r = h.play(seat, min(h.legal_moves(seat)))
        if r:
            results.append(r)
    assert max(h.tricks_won) == 7 and len(h.completed) == sum(h.tricks_won) == len(results)
    assert sum(len(h.held(s)) for s in range(4)) == 52 - 4 * len(results)


# -- scoring and rotation ----------------------------------------------------------------------
def test_score_hand_points_table() -> None:
    normal = score_hand(0, SPADES, (7, 6))
    assert (normal.winner, normal.points, normal.kot, normal.hakem_kot) == (0, 1, False, False)
    assert score_hand(0, SPADES, (6, 7)).points == 1 and score_hand(0, SPADES, (2, 7)).winner == 1
    kot = score_hand(0, SPADES, (7, 0))
    assert (kot.points, kot.kot, kot.hakem_kot, kot.next_hakem) == (2, True, False, 0)
    hk = score_hand(0, SPADES, (0, 7))
    assert (hk.winner, hk.points, hk.kot, hk.hakem_kot, hk.next_hakem) == (1, 3, True, True, 1)
    # hakem in team 1 (seat 3) swept by team 0: hakem-kot to team 0; next hakem is seat 0.
    assert (score_hand(3, SPADES, (7, 0)).points, score_hand(3, SPADES, (7, 0)).next_hakem) == (3, 0)
    cfg = HokmConfig(points_win=5, points_kot=10, points_hakem_kot=20, tricks_to_win=4)
    assert [score_hand(0, SPADES, t, cfg).points for t in ((4, 3), (4, 0), (0, 4))] == [5, 10, 20]
    with pytest.raises(HokmError):
        score_hand(0, SPADES, (6, 6))


@pytest.mark.parametrize("hakem", range(4))
@pytest.mark.parametrize("winning_team", range(2))
def test_rotation_for_every_hakem_and_winner(hakem: int, winning_team: int) -> None:
    expected = hakem if winning_team == hakem % 2 else (hakem + 1) % 4
    assert next_hakem(hakem, winning_team) == expected


def test_spec_kot_examples() -> None:
    assert score_hand(0, SPADES, (7, 0)).points == 2
    r = score_hand(0, SPADES, (0, 7))
    assert (r.winner, r.points, r.next_hakem) == (1, 3, 1)


# -- the view hides the other hands ------------------------------------------------------------
def test_view_shows_own_cards_and_public_information_only() -> None:
    h = Hand(2, rng=11)
    v = h.view(0)
    assert v.hand == h.held(0) and v.phase is Phase.CHOOSE_TRUMP and v.trump is None
    assert v.cards_held == (5, 5, 5, 5) and v.legal == CardSet(0)
    h.choose_trump(2, CLUBS)
    seat = h.to_act
    assert seat is not None
    h.play(seat, min(h.legal_moves(seat)))
    for s in range(4):
        v = h.view(s)
        assert v.hand == h.held(s) and v.seat == s
        assert v.legal == h.legal_moves(s)
        assert v.trick == tuple(h.trick.plays) and v.played == h.played
        assert v.winning is not None and v.winning.seat == seat
        hidden = 0
        for o in range(4):
            if o != s:
                hidden |= int(h.held(o))
        # No card set in the view reveals a card another seat holds, and no
        # field leads back to the game object.
        for name in v.__slots__:
            value = getattr(v, name)
            assert not isinstance(value, Hand)
            if isinstance(value, CardSet):
                assert int(value) & hidden == 0, name
    with pytest.raises(HokmError):
        h.view(4)


def test_refusals_are_kozyr_errors_with_structured_fields() -> None:
    from kozyr.errors import KozyrError

    h = Hand(0, rng=3)
    h.choose_trump(0, SPADES)
    not_held = min(set(DECK) - set(h.held(0)))
    with pytest.raises(KozyrError) as err:
        h.play(0, not_held)
    assert err.value.code == "card_not_held" and err.value.fields == {"seat": 0, "card": not_held}
    with pytest.raises(KozyrError) as err:
        h.play(2, not_held)
    assert err.value.code == "not_your_turn" and err.value.fields["seat"] == 2
    with pytest.raises(KozyrError) as err:
        Hand(7)
    assert err.value.code == "unknown_seat" and err.value.fields["seat"] == 7
    with pytest.raises(KozyrError) as err:
        HokmConfig(match_target=0)
    assert err.value.code == "bad_config" and err.value.fields == {"field": "match_target", "value": 0}
