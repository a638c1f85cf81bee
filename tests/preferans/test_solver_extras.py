"""The solver's later additions against plain minimax: raspasy's talon-led tricks, the misere and
raspasy sure-trick bounds, and the all-layouts sweep (whose table is shared by every layout).

Each shortcut is checked where it could bend a result: the talon tricks against a minimax that plays
them by the rules' own words; the bounds on positions built so that they apply (a seat that can duck
everything, a seat that must win the next trick); the sweep's histogram against each layout solved
alone by the minimax and by a fresh Solver, over whole ranges and split ones.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from functools import cache
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_solver import DECK, brute, cards_of, mask

from kozyr.preferans.core import solver as S
from kozyr.preferans.errors import PreferansError

# -- raspasy with the talon ------------------------------------------------------------------------


def brute_talon(hands: list[int], to_play: int, counted: int, talon: list[int], rule: str,
                trick: list[tuple[int, int]]) -> tuple[int, dict[int, int]]:
    """(value, {card: value}) of raspasy whose next tricks are led by the talon cards: the talon
    card's suit is the led suit, all three seats play to it from the trick's leader on, the highest
    card of that suit takes it; the next trick is played first by the same seat ("first_hand") or the
    winner ("winner"); after the last talon trick, ordinary play."""

    @cache
    def value(h: tuple[int, int, int], leader: int, table: tuple[int, ...], tal: tuple[int, ...]) -> int:
        if not tal:
            if not table and h[leader] == 0:
                return 0
            v, _ = brute(list(h), (leader + len(table)) % 3, None, "raspasy", counted,
                         [((leader + i) % 3, c) for i, c in enumerate(table)])
            return v
        p = (leader + len(table)) % 3
        outcomes = [after(h, leader, table, tal, p, c) for c in follow(h[p], tal[0])]
        return min(outcomes) if p == counted else max(outcomes)

    def follow(held: int, t: int) -> list[int]:
        same = [c for c in cards_of(held) if c // 16 == t // 16]
        return same or cards_of(held)

    def after(h: tuple[int, int, int], leader: int, table: tuple[int, ...], tal: tuple[int, ...], p: int,
              c: int) -> int:
        nh = list(h)
        nh[p] &= ~(1 << c)
        h2 = (nh[0], nh[1], nh[2])
        t = table + (c,)
        if len(t) < 3:
            return value(h2, leader, t, tal)
        suit = tal[0] // 16
        best = max((x for x in t if x // 16 == suit), default=None)
        w = (leader + t.index(best)) % 3 if best is not None else leader
        nxt = w if rule == "winner" else leader
        return (1 if w == counted else 0) + value(h2, nxt, (), tal[1:])

    h = (hands[0], hands[1], hands[2])
    leader = (to_play - len(trick)) % 3
    table = tuple(c for _, c in trick)
    tal = tuple(talon)
    moves = {c: after(h, leader, table, tal, to_play, c) for c in follow(h[to_play], tal[0])}
    return value(h, leader, table, tal), moves


def followable(hands: list[int], talon: list[int], plays: list[int]) -> bool:
    """The solver's own condition for a talon position (true in every real deal)."""
    s0 = talon[0] // 16
    if not any(c // 16 == s0 for h in hands for c in cards_of(h)) and not any(c // 16 == s0 for c in plays):
        return False
    if len(talon) == 2:
        held = sum(1 for h in hands for c in cards_of(h) if c // 16 == talon[1] // 16)
        return held >= 4 - len(plays)
    return True


def random_talon_position(rng: random.Random, sizes: tuple[int, ...] = (2, 3, 3, 4, 4)) -> dict | None:
    n = rng.choice(sizes)
    suits = rng.sample(range(4), rng.choice((2, 2, 3)))
    pool = [c for c in DECK if c // 16 in suits]
    if len(pool) < 3 * n + 2:
        pool = DECK
    dealt = rng.sample(pool, 3 * n + 2)
    hands = [mask(*dealt[i * n:(i + 1) * n]) for i in range(3)]
    talon = dealt[3 * n:3 * n + rng.choice((1, 2))]
    leader = rng.randrange(3)
    trick: list[tuple[int, int]] = []
    for i in range(rng.randrange(3)):
        p = (leader + i) % 3
        same = [c for c in cards_of(hands[p]) if c // 16 == talon[0] // 16]
        c = rng.choice(same or cards_of(hands[p]))
        hands[p] &= ~(1 << c)
        trick.append((p, c))
    if not followable(hands, talon, [c for _, c in trick]):
        return None
    return {"hands": hands, "to_play": (leader + len(trick)) % 3, "seat": rng.randrange(3), "talon": talon,
            "rule": rng.choice(S.TALON_RULES), "trick": trick}


def check_talon(seed: int, count: int, solver: S.Solver) -> int:
    rng = random.Random(seed)
    done = 0
    while done < count:
        pos = random_talon_position(rng)
        if pos is None:
            continue
        want, want_moves = brute_talon(pos["hands"], pos["to_play"], pos["seat"], pos["talon"], pos["rule"],
                                       pos["trick"])
        args = {"to_play": pos["to_play"], "kind": "raspasy", "seat": pos["seat"], "trick": pos["trick"],
                "talon": pos["talon"], "talon_rule": pos["rule"]}
        assert solver.solve(pos["hands"], **args) == want, (done, pos)
        assert solver.move_values(pos["hands"], **args) == want_moves, (done, pos)
        done += 1
    return done


def test_talon_tricks_agree_with_minimax() -> None:
    assert check_talon(seed=43, count=500, solver=S.Solver()) == 500


def test_talon_tricks_with_a_tiny_table() -> None:
    check_talon(seed=44, count=150, solver=S.Solver(log2_entries=10))


def test_talon_rules_differ_where_the_winner_leads() -> None:
    """The two conventions part when trick 1's winner is not first hand: under "winner" he plays first
    to talon card 2 and so on. A position where that changes the answer, from the minimax."""
    rng = random.Random(3)
    differ = 0
    for _ in range(400):
        pos = random_talon_position(rng, sizes=(3, 4))
        if pos is None or len(pos["talon"]) < 2 or pos["trick"]:
            continue
        args = {"to_play": pos["to_play"], "kind": "raspasy", "seat": pos["seat"], "talon": pos["talon"]}
        a = S.solve(pos["hands"], talon_rule="first_hand", **args)
        b = S.solve(pos["hands"], talon_rule="winner", **args)
        assert a == brute_talon(pos["hands"], pos["to_play"], pos["seat"], pos["talon"], "first_hand", [])[0]
        assert b == brute_talon(pos["hands"], pos["to_play"], pos["seat"], pos["talon"], "winner", [])[0]
        differ += a != b
    assert differ > 0


def test_talon_refusals() -> None:
    h = [mask(DECK[0], DECK[1]), mask(DECK[2], DECK[3]), mask(DECK[4], DECK[5])]     # spades 7-Q
    spade_k, heart_7 = DECK[6], DECK[8]
    cases = [
        ("bad_talon", {"kind": "misere", "talon": [spade_k]}),
        ("bad_talon", {"kind": "raspasy", "seat": 0, "talon": []}),
        ("bad_talon", {"kind": "raspasy", "seat": 0, "talon": [spade_k], "talon_rule": "rostov"}),
        ("bad_card", {"kind": "raspasy", "seat": 0, "talon": [99]}),
        ("overlap", {"kind": "raspasy", "seat": 0, "talon": [DECK[0]]}),
        ("talon_suit", {"kind": "raspasy", "seat": 0, "talon": [heart_7]}),
        ("talon_suit", {"kind": "raspasy", "seat": 0, "talon": [spade_k, heart_7]}),
    ]
    for code, kw in cases:
        with pytest.raises(PreferansError) as e:
            S.solve(h, to_play=0, **kw)  # type: ignore[arg-type]
        assert e.value.code == code, (kw, e.value)
    # a card played to a talon trick must follow the talon card's suit
    h2 = [mask(DECK[0], DECK[8]), mask(DECK[2], DECK[3]), mask(DECK[4], DECK[5])]
    with pytest.raises(PreferansError) as e:
        S.solve([mask(DECK[0]), h2[1], h2[2]], to_play=1, kind="raspasy", seat=0, talon=[spade_k],
                trick=[(0, DECK[8])])
    assert e.value.code == "must_follow"


# -- the misere and raspasy bounds -------------------------------------------------------------------


def ducking_position(rng: random.Random, n: int) -> tuple[list[int], int, int]:
    """Hands where the counted seat (not on lead) holds low cards: in each suit its j-th lowest is
    often below the others' j-th lowest, which is where the ducking bound cuts the search."""
    cards = rng.sample(DECK, 3 * n)
    counted = rng.randrange(3)
    by_rank = sorted(cards, key=lambda c: (c % 16) + rng.random() * 6)
    low = by_rank[:n]
    rest = by_rank[n:]
    rng.shuffle(rest)
    hands = [0, 0, 0]
    hands[counted] = mask(*low)
    others = [(counted + 1) % 3, (counted + 2) % 3]
    hands[others[0]] = mask(*rest[:n])
    hands[others[1]] = mask(*rest[n:])
    leader = rng.choice(others)
    return hands, counted, leader


def check_ducking(seed: int, count: int, sizes: tuple[int, ...]) -> tuple[int, int]:
    rng = random.Random(seed)
    solver = S.Solver()
    zero = positive = 0
    for i in range(count):
        hands, counted, leader = ducking_position(rng, rng.choice(sizes))
        kind = rng.choice(("misere", "raspasy"))
        who: dict[str, Any] = {"seat": counted} if kind == "raspasy" else {"declarer": counted}
        want, want_moves = brute(hands, leader, None, kind, counted, [])
        assert solver.solve(hands, to_play=leader, kind=kind, **who) == want, (i, hands, counted, leader, kind)
        assert solver.move_values(hands, to_play=leader, kind=kind, **who) == want_moves
        zero += want == 0
        positive += want > 0
    return zero, positive


def test_ducking_and_forced_trick_bounds_agree_with_minimax() -> None:
    zero, positive = check_ducking(17, 400, (3, 3, 4))
    assert zero > 40 and positive > 40      # both bounds' sides were exercised


@pytest.mark.soak
def test_ducking_and_forced_trick_bounds_soak() -> None:
    check_ducking(18, 2000, (3, 4, 5))


# -- every layout ------------------------------------------------------------------------------------


def layouts_by_hand(hand: int, pool: int, hand_at: int, kind: str, trump: int | None, to_play: int,
                    counted: int, solver: S.Solver | None = None) -> Counter[int]:
    n = bin(hand).count("1")
    cs = cards_of(pool)
    out: Counter[int] = Counter()
    who: dict[str, Any] = {"seat": counted} if kind == "raspasy" else {"declarer": counted}
    for pick in itertools.combinations(cs, n):
        a = mask(*pick)
        h = [0, 0, 0]
        h[hand_at] = hand
        h[(hand_at + 1) % 3] = a
        h[(hand_at + 2) % 3] = pool & ~a
        if solver is None:
            out[brute(h, to_play, trump, kind, counted, [])[0]] += 1
        else:
            out[solver.solve(h, to_play=to_play, trump=trump, kind=kind, **who)] += 1
    return out


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), n=st.integers(1, 3), hand_at=st.integers(0, 2), to_play=st.integers(0, 2),
       counted=st.integers(0, 2), kind=st.sampled_from(("game", "misere", "raspasy")),
       trump=st.sampled_from((None, 0, 1, 2, 3)), narrow=st.booleans())
def test_layouts_agree_with_each_layout_solved_alone(seed: int, n: int, hand_at: int, to_play: int, counted: int,
                                                     kind: str, trump: int | None, narrow: bool) -> None:
    """The sweep's table is shared by every layout (and its first guess is the last layout's value):
    its histogram must be the minimax's, layout by layout, and a fresh Solver's."""
    rng = random.Random(seed)
    suits = rng.sample(range(4), 2) if narrow else range(4)
    deck = [c for c in DECK if c // 16 in suits]
    cards = rng.sample(deck, 3 * n)
    hand, pool = mask(*cards[:n]), mask(*cards[n:])
    if kind != "game":
        trump = None
    who: dict[str, Any] = {"seat": counted} if kind == "raspasy" else {"declarer": counted}
    got = S.Solver().layouts(hand, pool, hand_at=hand_at, to_play=to_play, trump=trump, kind=kind, **who)
    want = layouts_by_hand(hand, pool, hand_at, kind, trump, to_play, counted)
    assert got == dict(want)
    assert sum(got.values()) == len(list(itertools.combinations(range(2 * n), n)))


def check_table_in_play(seed: int, hand_at: int, to_play: int, counted: int, kind: str, trump: int | None) -> None:
    """Four cards a hand: the table serves positions with three tricks left, so entries made in one
    layout answer positions of the next (of other leaders, other owners below the cards that
    mattered); the histogram must still be the minimax's."""
    rng = random.Random(seed)
    suits = rng.sample(range(4), 3)
    deck = [c for c in DECK if c // 16 in suits]
    cards = rng.sample(deck, 12)
    hand, pool = mask(*cards[:4]), mask(*cards[4:])
    if kind != "game":
        trump = None
    who: dict[str, Any] = {"seat": counted} if kind == "raspasy" else {"declarer": counted}
    got = S.Solver().layouts(hand, pool, hand_at=hand_at, to_play=to_play, trump=trump, kind=kind, **who)
    assert got == dict(layouts_by_hand(hand, pool, hand_at, kind, trump, to_play, counted))


TABLE_IN_PLAY = {"seed": st.integers(0, 2**32 - 1), "hand_at": st.integers(0, 2), "to_play": st.integers(0, 2),
                 "counted": st.integers(0, 2), "kind": st.sampled_from(("game", "misere", "raspasy")),
                 "trump": st.sampled_from((None, 0, 1, 2, 3))}


@pytest.mark.soak
@settings(max_examples=4, deadline=None)
@given(**TABLE_IN_PLAY)
def test_layouts_with_the_table_in_play_agree_with_minimax(seed: int, hand_at: int, to_play: int, counted: int,
                                                          kind: str, trump: int | None) -> None:
    check_table_in_play(seed, hand_at, to_play, counted, kind, trump)


@pytest.mark.soak
@settings(max_examples=60, deadline=None)
@given(**TABLE_IN_PLAY)
def test_layouts_with_the_table_in_play_soak(seed: int, hand_at: int, to_play: int, counted: int, kind: str,
                                            trump: int | None) -> None:
    check_table_in_play(seed, hand_at, to_play, counted, kind, trump)


def test_layouts_of_full_hands_agree_with_a_fresh_solver_and_split_ranges() -> None:
    """Ten-card hands: a sample range of the sweep against a fresh Solver a layout (cold table each),
    and the same range split in pieces (the unranking of a range's start) against it whole."""
    rng = random.Random(9)
    cards = rng.sample(DECK, 30)
    hand, pool = mask(*cards[:10]), mask(*cards[10:])
    for kind, trump in (("game", 1), ("misere", None)):
        solver = S.Solver()
        start, stop = 90_000, 90_015
        whole = solver.layouts(hand, pool, to_play=1, trump=trump, kind=kind, start=start, stop=stop)
        pieces: Counter[int] = Counter()
        for a in range(start, stop, 7):
            pieces.update(S.Solver().layouts(hand, pool, to_play=1, trump=trump, kind=kind, start=a,
                                             stop=min(stop, a + 7)))
        assert dict(pieces) == whole
        combos = itertools.islice(itertools.combinations(cards_of(pool), 10), start, stop)
        fresh: Counter[int] = Counter()
        for pick in combos:
            a = mask(*pick)
            fresh[S.Solver(log2_entries=12).solve([hand, a, pool & ~a], to_play=1, trump=trump, kind=kind)] += 1
        assert dict(fresh) == whole


def test_layouts_refusals() -> None:
    hand, pool = mask(*DECK[:2]), mask(*DECK[2:6])
    s = S.Solver()
    cases: list[tuple[str, dict[str, Any]]] = [
        ("bad_hand_size", {"pool": mask(*DECK[2:5])}),
        ("overlap", {"pool": mask(*DECK[1:5])}),
        ("bad_range", {"start": 3, "stop": 2}),
        ("bad_range", {"stop": 7}),
        ("bad_seat", {"hand_at": 3}),
        ("bad_kind", {"kind": "bridge"}),
    ]
    for code, kw in cases:
        args: dict[str, Any] = {"pool": pool, "to_play": 0, **kw}
        with pytest.raises(PreferansError) as e:
            s.layouts(hand, **args)
        assert e.value.code == code, (kw, e.value)
    assert sum(s.layouts(hand, pool, to_play=0).values()) == 6
