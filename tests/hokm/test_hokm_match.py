"""Matches: first hakem, scoring to the target, rotation, and a seeded soak."""
from __future__ import annotations

import random
import time

import numpy as np
import pytest

from kozyr.cards import CLUBS, DIAMONDS, HEARTS, SPADES
from kozyr.hokm import FirstHakem, HokmConfig, IllegalPlay, Match, Phase, ace_deal
from kozyr.hokm.hand import DECK

FULL = (1 << 64) - 1
DECK_MASK = sum(1 << c for c in DECK)


class Rigged(random.Random):
    """A random.Random whose shuffles return prepared deal orders, in turn.

    An honest seam: Match accepts any random.Random, and this one lets a test
    decide every deal (and, with first_hakem="random", the first hakem).
    """

    def __new__(cls, *args: object, **kwargs: object) -> Rigged:
        # Python 3.10's random.Random.__new__ refuses more than one argument (3.11 dropped the check)
        return super().__new__(cls)

    def __init__(self, orders: list[list[int]], first_hakem: int = 0) -> None:
        super().__init__(0)
        self.orders = list(orders)
        self.first = first_hakem

    def shuffle(self, x: list[int]) -> None:  # type: ignore[override]
        x[:] = self.orders.pop(0)

    def randrange(self, n: int) -> int:  # type: ignore[override]
        return self.first


def deal_order(hands: dict[int, list[int]], hakem: int) -> list[int]:
    order: list[int] = []
    taken = {s: 0 for s in range(4)}
    for size in (5, 4, 4):
        for k in range(4):
            seat = (hakem + k) % 4
            order += hands[seat][taken[seat]:taken[seat] + size]
            taken[seat] += size
    return order


def sweep_deal(team: int, hakem: int) -> list[int]:
    """`team` holds all spades and hearts, the others diamonds and clubs.

    With trump spades and `play_out`'s lowest-card policy, `team` wins every
    trick: when it leads, the others can neither follow nor trump; when the
    others lead (only on the first trick, if their seat is hakem), `team` is
    void and its lowest card is a spade (spades are the lowest card ints), so
    it trumps. The hand is 7-0 for `team`.
    """
    s = [16 * SPADES + r for r in range(2, 15)]
    h = [16 * HEARTS + r for r in range(2, 15)]
    d = [16 * DIAMONDS + r for r in range(2, 15)]
    c = [16 * CLUBS + r for r in range(2, 15)]
    strong = [s[:7] + h[:6], s[7:] + h[6:]]
    weak = [d, c]
    hands = {team: strong[0], team + 2: strong[1], 1 - team: weak[0], 3 - team: weak[1]}
    return deal_order(hands, hakem)


def play_out(m: Match, trump: int = SPADES) -> None:
    """Finish the current hand: trump as given, always the lowest legal card."""
    hands = len(m.results)
    if m.phase is Phase.CHOOSE_TRUMP:
        m.choose_trump(m.hakem, trump)
    while len(m.results) == hands:
        seat = m.to_act
        assert seat is not None
        m.play(seat, min(m.legal_moves(seat)))


RANDOM_FIRST = HokmConfig(first_hakem=FirstHakem.RANDOM)


@pytest.mark.parametrize("hakem", range(4))
@pytest.mark.parametrize("winning_team", range(2))
def test_rotation_in_a_real_match(hakem: int, winning_team: int) -> None:
    m = Match(config=RANDOM_FIRST, rng=Rigged([sweep_deal(winning_team, hakem), list(DECK)], hakem))
    assert m.hakem == hakem and m.first_hakem == hakem and m.ace_deal == ()
    play_out(m)
    r = m.results[-1]
    assert r.tricks[winning_team] == 7 and r.tricks[1 - winning_team] == 0
    hakem_won = winning_team == hakem % 2
    assert r.points == (2 if hakem_won else 3)
    assert m.scores[winning_team] == r.points and m.scores[1 - winning_team] == 0
    expected = hakem if hakem_won else (hakem + 1) % 4
    assert r.next_hakem == expected and m.hakem == expected and m.hand.hand_number == 2
    assert m.phase is Phase.CHOOSE_TRUMP and m.to_act == expected


def test_kot_that_overshoots_the_target_ends_the_match() -> None:
    # Seat 0 hakem; team 0 sweeps four times: 2+2+2 = 6, then 2 more = 8 > 7.
    m = Match(config=RANDOM_FIRST, rng=Rigged([sweep_deal(0, 0)] * 4, 0))
    for expected in (2, 4, 6):
        play_out(m)
        assert m.scores == (expected, 0) and not m.over
    play_out(m)
    assert m.scores == (8, 0) and m.over and m.winner == 0 and m.phase is Phase.OVER
    assert len(m.results) == 4 and m.to_act is None
    before = (m.scores, len(m.results), m.hand.tricks_won)
    for call in (lambda: m.play(0, DECK[0]), lambda: m.choose_trump(0, SPADES)):
        with pytest.raises(IllegalPlay) as err:
            call()
        assert err.value.code == "game_over"
    assert (m.scores, len(m.results), m.hand.tricks_won) == before
    assert len(m.legal_moves(0)) == 0


def test_hakem_kot_scores_three_and_passes_the_hakem() -> None:
    m = Match(config=RANDOM_FIRST, rng=Rigged([sweep_deal(1, 0), sweep_deal(1, 1), list(DECK)], 0))
    play_out(m)
    assert m.scores == (0, 3) and m.hakem == 1
    play_out(m)  # now the hakem's own team sweeps: 2 points, hakem stays
    assert m.scores == (0, 5) and m.hakem == 1


def test_match_target_is_configuration() -> None:
    cfg = HokmConfig(first_hakem=FirstHakem.RANDOM, match_target=2)
    m = Match(config=cfg, rng=Rigged([sweep_deal(1, 2)], 2))
    play_out(m)
    assert m.over and m.winner == 1 and m.scores == (0, 3)


def test_ace_deal_first_hakem() -> None:
    for seed in range(30):
        rng = random.Random(seed)
        turned = ace_deal(rng, start=seed % 4)
        assert turned[-1][1] & 15 == 14
        assert all(c & 15 != 14 for _, c in turned[:-1])
        assert [s for s, _ in turned] == [(seed % 4 + i) % 4 for i in range(len(turned))]
        m = Match(rng=seed, ace_deal_from=seed % 4)
        assert m.ace_deal == turned and m.first_hakem == turned[-1][0] == m.hakem
        assert m.to_act == m.hakem and len(m.view(m.hakem).hand) == 5


def test_same_seed_same_match() -> None:
    def deals(seed: object) -> list[tuple[int, ...]]:
        m = Match(rng=seed)  # type: ignore[arg-type]
        out = []
        while not m.over:
            out.append(m.hand.deal_order)
            play_out(m, trump=m.hand.deal_order[0] >> 4)
        return out

    assert deals(3) == deals(random.Random(3))
    assert deals(3) != deals(4)
    assert deals(np.random.default_rng(9)) == deals(np.random.default_rng(9))


# -- the soak ------------------------------------------------------------------------------
def check_invariants(m: Match, last_scores: tuple[int, int]) -> None:
    h = m.hand
    places = [int(h.held(s)) for s in range(4)]
    places += [int(h.stock), sum(1 << c for c in h.trick.cards)]
    places += [int(h.won_cards(t)) for t in range(2)]
    union = 0
    count = 0
    for p in places:
        assert union & p == 0, "a card is in two places"
        union |= p
        count += p.bit_count()
    assert union == DECK_MASK and count == 52, "a card is missing"
    assert len(h.completed) == sum(h.tricks_won) <= 13
    for team in range(2):  # each pile holds exactly its team's tricks
        assert places[6 + team].bit_count() == 4 * h.tricks_won[team]
    if h.completed:  # the last trick went to the pile of its winner's team
        last = h.completed[-1]
        assert all(places[6 + last.result.team] >> c & 1 for _, c in last.plays)
    assert len(h.trick.plays) < 4
    s = m.scores
    assert s[0] >= last_scores[0] and s[1] >= last_scores[1], "a score went down"
    assert s[0] + s[1] == sum(r.points for r in m.results)


def expected_points(tricks: tuple[int, int], hakem: int) -> tuple[int, int]:
    winner = 0 if tricks[0] == 7 else 1
    assert tricks[winner] == 7 and tricks[1 - winner] < 7
    if tricks[1 - winner]:
        return winner, 1
    return winner, 2 if winner == hakem % 2 else 3


@pytest.mark.soak    # volume: a thousand seeded matches (more than a few seconds; --full runs it)
def test_soak_1000_seeded_random_matches() -> None:
    started = time.perf_counter()
    plays = hands = 0
    for seed in range(1000):
        m = Match(rng=seed)
        chooser = random.Random(-seed - 1)
        last = m.scores
        hakem = m.hakem
        while not m.over:
            seat = m.to_act
            assert seat is not None
            if m.phase is Phase.CHOOSE_TRUMP:
                assert seat == m.hakem and len(m.hand.held(seat)) == 5
                m.choose_trump(seat, chooser.randrange(4))
            else:
                legal = list(m.legal_moves(seat))
                n_results = len(m.results)
                m.play(seat, legal[chooser.randrange(len(legal))])
                plays += 1
                if len(m.results) > n_results:  # the play ended a hand
                    r = m.results[-1]
                    assert r.hakem == hakem
                    assert (r.winner, r.points) == expected_points(r.tricks, hakem)
                    hakem = hakem if r.winner == hakem % 2 else (hakem + 1) % 4
                    assert m.over or m.hakem == hakem
                    hands += 1
            check_invariants(m, last)
            last = m.scores
        assert max(m.scores) >= 7 and m.winner == (0 if m.scores[0] >= 7 else 1)
        assert min(m.scores) < 7
    elapsed = time.perf_counter() - started
    # Speed is measured in benchmarks/bench_hokm.py, never asserted here: a loaded machine is not a bug.
    print(f"soak: 1000 matches, {hands} hands, {plays} plays in {elapsed:.1f} s")


def test_random_first_hakem_is_seeded_and_reaches_every_seat() -> None:
    firsts = {Match(config=RANDOM_FIRST, rng=s).first_hakem for s in range(40)}
    assert firsts == {0, 1, 2, 3}
    a = Match(config=RANDOM_FIRST, rng=np.random.default_rng(3))
    b = Match(config=RANDOM_FIRST, rng=np.random.default_rng(3))
    assert a.first_hakem == b.first_hakem and a.hand.deal_order == b.hand.deal_order
    assert a.ace_deal == ()


def test_view_carries_match_scores_and_hand_number() -> None:
    m = Match(config=RANDOM_FIRST, rng=Rigged([sweep_deal(0, 2), list(DECK)], 2))
    play_out(m)
    v = m.view(1)
    assert v.scores == m.scores == (2, 0) and v.hand_number == 2 and v.match_target == 7
