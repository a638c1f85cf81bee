"""Deal scoring, case by case, with the entries worked out by hand."""

from __future__ import annotations

from fractions import Fraction as F
from typing import Any

import pytest

from kozyr.preferans import (
    LENINGRAD,
    ROSTOV,
    SOCHI,
    Conditions,
    Convention,
    Deal,
    Entries,
    PreferansError,
    Progression,
    RaspasyMode,
    Responsibility,
    WhistType,
    score_deal,
)

P3 = ("A", "B", "C")
P4 = ("A", "B", "C", "X")


def game(contract: str, tricks: dict[str, int] | None, b: str = "whist", c: str = "whist",
         players: tuple[str, ...] = P3, **kw: Any) -> Deal:
    return Deal(players, declarer="A", contract=contract, calls={"B": b, "C": c}, tricks=tricks, **kw)


def entries(deal: Deal, convention: Convention = SOCHI, conditions: Conditions | None = None) -> Entries:
    return score_deal(deal, convention, conditions).entries


def flat(e: Entries) -> tuple[dict[str, F], dict[str, F], dict[tuple[str, str], F]]:
    return dict(e.pulya), dict(e.gora), dict(e.whists)


# --- made and failed games -------------------------------------------------------


def test_made_overtricks_earn_nothing() -> None:
    e = entries(game("7S", {"A": 9, "B": 1, "C": 0}))
    assert e.pulya == {"A": 4}
    # seven: quota 2, shares 1/1; defence 1 short by 1, C is the one below share
    assert e.gora == {"C": 4}
    assert e.whists == {("B", "A"): 4}


def test_failed_game_consolation_three_players() -> None:
    e = entries(game("7S", {"A": 5, "B": 3, "C": 2}))
    assert flat(e) == ({}, {"A": 8}, {("B", "A"): 12 + 8, ("C", "A"): 8 + 8})


def test_failed_game_four_players_dealer_consoles() -> None:
    deal = game("6H", {"A": 4, "B": 3, "C": 3}, players=P4, dealer="X")
    e = entries(deal)
    assert e.gora == {"A": 4}
    assert e.whists == {("B", "A"): 6 + 4, ("C", "A"): 6 + 4, ("X", "A"): 4}
    e2 = entries(deal, SOCHI.replace(consolation_dealer=False))
    assert e2.whists == {("B", "A"): 10, ("C", "A"): 10}


def test_passer_gets_consolation_on_failure() -> None:
    e = entries(game("6C", {"A": 5, "B": 4, "C": 1}, c="pass"))
    # greedy: whister writes all 5 defence tricks, passer only consolation
    assert e.whists == {("B", "A"): 10 + 2, ("C", "A"): 2}
    assert e.gora == {"A": 2}


def test_both_pass_no_play() -> None:
    e = entries(game("8D", None, b="pass", c="pass"))
    assert flat(e) == ({"A": 6}, {}, {})
    # tricks given anyway are checked and ignored
    e2 = entries(game("8D", {"A": 2, "B": 4, "C": 4}, b="pass", c="pass"))
    assert flat(e2) == ({"A": 6}, {}, {})


def test_ten_whisted_without_responsibility() -> None:
    e = entries(game("10NT", {"A": 10}))
    assert flat(e) == ({"A": 10}, {}, {})
    e = entries(game("10NT", {"A": 9, "B": 1}))
    assert flat(e) == ({}, {"A": 10}, {("B", "A"): 10 + 10, ("C", "A"): 10})


# --- one whister: greedy, half-greedy, gentleman --------------------------------------


@pytest.mark.parametrize(
    "kind, b, c",
    [(WhistType.GREEDY, 6, 0), (WhistType.HALF_GREEDY, 4, 2), (WhistType.GENTLEMAN, 3, 3)],
)
def test_one_whister_made(kind: WhistType, b: int, c: int) -> None:
    conv = SOCHI.replace(whist_on_success=kind)
    e = entries(game("6C", {"A": 7, "B": 3, "C": 0}, c="pass"), conv)
    assert e.pulya == {"A": 2}
    assert e.whists == {k: v for k, v in {("B", "A"): F(b), ("C", "A"): F(c)}.items() if v}
    assert e.gora == {"B": 2}  # one short of 4, responsible: v per trick


@pytest.mark.parametrize(
    "kind, b, c",
    [(WhistType.GREEDY, F(10), F(0)), (WhistType.HALF_GREEDY, F(20, 3), F(10, 3)), (WhistType.GENTLEMAN, F(5), F(5))],
)
def test_one_whister_failed(kind: WhistType, b: F, c: F) -> None:
    conv = SOCHI.replace(whist_on_failure=kind)
    e = entries(game("6C", {"A": 5, "B": 4, "C": 1}, c="pass"), conv)
    assert e.whists == {("B", "A"): b + 2, ("C", "A"): c + 2}


def test_whist_type_on_success_does_not_apply_on_failure() -> None:
    conv = SOCHI.replace(whist_on_success=WhistType.GENTLEMAN)
    e = entries(game("6C", {"A": 5, "B": 4, "C": 1}, c="pass"), conv)
    assert e.whists == {("B", "A"): 12, ("C", "A"): 2}


def test_lone_whister_tricks_of_the_passers_hand_count_for_the_defence() -> None:
    # closed play: the passer's hand took a trick; the whister owes the quota for both
    e = entries(game("6C", {"A": 6, "B": 3, "C": 1}, c="pass"))
    assert e.whists == {("B", "A"): 8}
    assert e.gora == {}


# --- responsibility --------------------------------------------------------------------


@pytest.mark.parametrize(
    "resp, gora",
    [(Responsibility.RESPONSIBLE, {"B": F(4)}), (Responsibility.SEMI, {"B": F(2)}), (Responsibility.NONE, {})],
)
def test_lone_whister_responsibility(resp: Responsibility, gora: dict[str, F]) -> None:
    e = entries(game("6C", {"A": 8, "B": 2}, c="pass"), SOCHI.replace(responsibility=resp))
    assert dict(e.gora) == gora


@pytest.mark.parametrize(
    "contract, tricks, gora",
    [
        ("6S", {"A": 7, "B": 2, "C": 1}, {"C": 2}),  # short 1, C below share by 1
        ("6S", {"A": 8, "B": 1, "C": 1}, {"B": 2, "C": 2}),  # both below share
        ("6S", {"A": 6, "B": 4, "C": 0}, {}),  # defence has its 4: nobody pays
        ("6S", {"A": 7, "B": 3, "C": 0}, {"C": 2}),  # C 2 below share, capped at the shortfall 1
        ("7S", {"A": 9, "B": 1, "C": 0}, {"C": 4}),
        ("7S", {"A": 10}, {"B": 4, "C": 4}),
        ("8S", {"A": 10}, {"C": 6}),  # the second to whist is liable on an eight
        ("9S", {"A": 10}, {"C": 8}),
        ("8S", {"A": 9, "B": 1}, {}),  # first whister's trick covers the quota
        ("9S", {"A": 9, "C": 1}, {}),
    ],
)
def test_two_whisters_responsibility(contract: str, tricks: dict[str, int], gora: dict[str, F]) -> None:
    assert dict(entries(game(contract, tricks)).gora) == gora


def test_second_to_whist_is_liable_by_speaking_order() -> None:
    deal = game("8S", {"A": 10}, whist_order=("C", "B"))
    assert dict(entries(deal).gora) == {"B": 6}


def test_uncapped_per_whister_reading() -> None:
    conv = SOCHI.replace(cap_whister_penalty=False)
    assert dict(entries(game("6S", {"A": 7, "B": 3, "C": 0}), conv).gora) == {"C": 4}
    # still nothing when the defence as a whole took its quota
    assert dict(entries(game("6S", {"A": 6, "B": 4, "C": 0}), conv).gora) == {}


def test_semi_responsible_two_whisters() -> None:
    conv = SOCHI.replace(responsibility=Responsibility.SEMI)
    assert dict(entries(game("6S", {"A": 8, "B": 1, "C": 1}), conv).gora) == {"B": 1, "C": 1}


def test_split_rule_closed_cards() -> None:
    conv = SOCHI.replace(split_closed=True)
    e = entries(game("6S", {"A": 7, "B": 3, "C": 0}), conv)
    assert e.whists == {("B", "A"): 3, ("C", "A"): 3}
    # each credited 3/2 tricks, half a trick below his share of 2
    assert e.gora == {"B": 1, "C": 1}
    # open cards: the split does not apply
    e_open = entries(game("6S", {"A": 7, "B": 3, "C": 0}, open=True), conv)
    assert e_open.whists == {("B", "A"): 6}
    assert e_open.gora == {"C": 2}


# --- half-whist, misère ---------------------------------------------------------------


@pytest.mark.parametrize("contract, v", [("6NT", 2), ("7H", 4)])
def test_half_whist_four_whists_either_way(contract: str, v: int) -> None:
    e = entries(game(contract, None, b="pass", c="half-whist"))
    assert flat(e) == ({"A": F(v)}, {}, {("C", "A"): F(4)})


def test_half_whist_not_allowed_by_convention() -> None:
    with pytest.raises(PreferansError) as info:
        score_deal(game("6S", None, b="pass", c="half-whist"), SOCHI.replace(half_whist=False))
    assert info.value.code == "half_whist_not_allowed" and "'C'" in str(info.value)


def test_misere_made_and_failed() -> None:
    made = Deal(P3, declarer="A", contract="misere", tricks={"A": 0, "B": 5, "C": 5})
    assert flat(entries(made)) == ({"A": F(10)}, {}, {})
    failed = Deal(P3, declarer="A", contract="misère", tricks={"A": 2, "B": 4, "C": 4})
    assert flat(entries(failed)) == ({}, {"A": F(20)}, {})
    assert flat(entries(failed, LENINGRAD)) == ({}, {"A": F(40)}, {})


# --- Leningrad doubling --------------------------------------------------------------


def test_leningrad_doubles_gora_whists_consolation() -> None:
    e = entries(game("6S", {"A": 5, "B": 3, "C": 2}), LENINGRAD)
    assert e.gora == {"A": 4}
    assert e.whists == {("B", "A"): 12 + 4, ("C", "A"): 8 + 4}
    made = entries(game("6S", {"A": 8, "B": 1, "C": 1}), LENINGRAD)
    # semi-responsible, doubled: v/2 * 2 per trick below share
    assert made.gora == {"B": 2, "C": 2}
    assert made.whists == {("B", "A"): 4, ("C", "A"): 4}


def test_leningrad_gentleman_on_failure_greedy_on_success() -> None:
    failed = entries(game("6C", {"A": 5, "B": 4, "C": 1}, c="pass"), LENINGRAD)
    assert failed.whists == {("B", "A"): 10 + 4, ("C", "A"): 10 + 4}
    made = entries(game("6C", {"A": 6, "B": 4}, c="pass"), LENINGRAD)
    assert made.whists == {("B", "A"): 16}


# --- raspasy -----------------------------------------------------------------------


def test_raspasy_amnesty_and_zero_bonus() -> None:
    e = entries(Deal.raspasy({"A": 2, "B": 3, "C": 5}))
    assert flat(e) == ({}, {"B": F(1), "C": F(3)}, {})
    e = entries(Deal.raspasy({"A": 4, "B": 6, "C": 0}))
    assert flat(e) == ({"C": F(1)}, {"A": F(4), "B": F(6)}, {})


def test_raspasy_without_amnesty_and_bonus() -> None:
    conv = SOCHI.replace(raspasy_amnesty=False, raspasy_zero_bonus=False)
    e = entries(Deal.raspasy({"A": 2, "B": 3, "C": 5}), conv)
    assert flat(e) == ({}, {"A": F(2), "B": F(3), "C": F(5)}, {})
    e = entries(Deal.raspasy({"A": 4, "B": 6, "C": 0}), conv)
    assert flat(e) == ({}, {"A": F(4), "B": F(6)}, {})


def test_raspasy_price_multiplies_gora_and_bonus() -> None:
    cond = Conditions(min_level=6, raspasy_price=F(3), raspasy_streak=2)
    e = entries(Deal.raspasy({"A": 4, "B": 6, "C": 0}), SOCHI, cond)
    assert flat(e) == ({"C": F(3)}, {"A": F(12), "B": F(18)}, {})


def test_raspasy_four_players_dealer_sits_out() -> None:
    deal = Deal.raspasy({"A": 3, "B": 3, "C": 4}, players=P4, dealer="X")
    assert flat(entries(deal)) == ({}, {"C": F(1)}, {})


def test_raspasy_in_whists_rostov() -> None:
    e = entries(Deal.raspasy({"A": 2, "B": 3, "C": 5}), ROSTOV)
    assert flat(e) == ({}, {}, {("A", "B"): F(15), ("A", "C"): F(25)})
    # several with the fewest: each writes on the others
    e = entries(Deal.raspasy({"A": 3, "B": 3, "C": 4}), ROSTOV)
    assert e.whists == {("A", "C"): 20, ("B", "C"): 20}
    # with amnesty the fewest is subtracted
    e = entries(Deal.raspasy({"A": 2, "B": 3, "C": 5}), ROSTOV.replace(raspasy_amnesty=True))
    assert e.whists == {("A", "B"): 5, ("A", "C"): 15}
    # the zero-trick bonus is still pulya
    e = entries(Deal.raspasy({"A": 0, "B": 3, "C": 7}), ROSTOV)
    assert flat(e) == ({"A": F(1)}, {}, {("A", "B"): F(15), ("A", "C"): F(35)})


def test_raspasy_mode_default_is_gora() -> None:
    assert SOCHI.raspasy_mode is RaspasyMode.GORA and ROSTOV.raspasy_mode is RaspasyMode.WHISTS


# --- progression and exit threshold ----------------------------------------------


@pytest.mark.parametrize(
    "progression, cap, prices",
    [
        (Progression.NONE, None, [1, 1, 1, 1, 1]),
        (Progression.ARITHMETIC, None, [1, 2, 3, 4, 5]),
        (Progression.ARITHMETIC, F(3), [1, 2, 3, 3, 3]),
        (Progression.GEOMETRIC, None, [1, 2, 4, 8, 16]),
        (Progression.GEOMETRIC, F(4), [1, 2, 4, 4, 4]),
    ],
)
def test_progression(progression: Progression, cap: F | None, prices: list[int]) -> None:
    conv = SOCHI.replace(raspasy_progression=progression, raspasy_cap=cap)
    cond = Conditions.start(conv)
    seen = []
    deal = Deal.raspasy({"A": 0, "B": 4, "C": 6})
    for _ in prices:
        scored = score_deal(deal, conv, cond)
        seen.append(scored.entries.gora["B"] / 4)
        cond = scored.next
    assert seen == prices
    # a game resets the price
    after_game = score_deal(game("6S", None, b="pass", c="pass"), conv, cond).next
    assert after_game == Conditions.start(conv)


def test_exit_threshold_reported_for_the_next_deal() -> None:
    conv = SOCHI.replace(raspasy_exit=(6, 7, 7))
    cond = Conditions.start(conv)
    levels = []
    for _ in range(4):
        cond = score_deal(Deal.raspasy({"A": 2, "B": 4, "C": 4}), conv, cond).next
        levels.append(cond.min_level)
    assert levels == [6, 7, 7, 7]
    with pytest.raises(PreferansError) as info:
        score_deal(game("6NT", None, b="pass", c="pass"), conv, cond)
    assert info.value.code == "below_minimum" and "6NT" in str(info.value)
    # a seven and misère are fine
    score_deal(game("7S", None, b="pass", c="pass"), conv, cond)
    score_deal(Deal(P3, declarer="A", contract="misere", tricks={"A": 0, "B": 5, "C": 5}), conv, cond)


def test_sochi_default_conditions() -> None:
    first = Conditions.start(SOCHI)
    assert first == Conditions(6, F(1), 0)
    nxt = score_deal(Deal.raspasy({"A": 2, "B": 4, "C": 4})).next
    assert nxt == Conditions(6, F(2), 1)
