"""The double-dummy solver against a plain minimax written here, independently and simply.

The minimax tries every legal card at every turn (no pruning, no equivalent cards, no bounds; only a
memo of positions already valued), so agreement on thousands of random small positions of every kind,
trump and partial trick is the evidence that the compiled search's shortcuts lose nothing.
"""

from __future__ import annotations

import random
import zlib
from functools import cache
from typing import Any

import pytest

from kozyr.preferans.core import solver as S
from kozyr.preferans.errors import PreferansError

DECK = [16 * s + r for s in range(4) for r in range(7, 15)]


def mask(*cards: int) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def card(name: str) -> int:
    return 16 * "SHDC".index(name[1]) + "..23456789TJQKA".index(name[0])


def hand(text: str) -> int:
    return mask(*(card(w) for w in text.split()))


# -- the plain minimax ------------------------------------------------------------------------------


def cards_of(m: int) -> list[int]:
    out = []
    while m:
        low = m & -m
        out.append(low.bit_length() - 1)
        m ^= low
    return out


def legal(held: int, table: tuple[int, ...], trump: int | None) -> list[int]:
    """Follow the led suit; void, trump if holding one; else anything."""
    mine = cards_of(held)
    if not table:
        return mine
    led = table[0] // 16
    follow = [c for c in mine if c // 16 == led]
    if follow:
        return follow
    trumps = [c for c in mine if trump is not None and c // 16 == trump]
    return trumps or mine


def trick_winner(table: tuple[int, ...], trump: int | None) -> int:
    """Index in the trick of the highest trump, else of the highest card of the led suit."""
    if trump is not None and any(c // 16 == trump for c in table):
        suit = trump
    else:
        suit = table[0] // 16
    best = max(c for c in table if c // 16 == suit)
    return table.index(best)


def brute(hands: list[int], to_play: int, trump: int | None, kind: str, counted: int,
          trick: list[tuple[int, int]]) -> tuple[int, dict[int, int]]:
    """(value, {card: value}) by trying everything."""
    counted_wants_more = kind == "game"

    @cache
    def value(h: tuple[int, int, int], leader: int, table: tuple[int, ...]) -> int:
        p = (leader + len(table)) % 3
        if not table and h[p] == 0:
            return 0
        outcomes = [after(h, leader, table, p, c) for c in legal(h[p], table, trump)]
        maximiser = (p == counted) == counted_wants_more
        return max(outcomes) if maximiser else min(outcomes)

    def after(h: tuple[int, int, int], leader: int, table: tuple[int, ...], p: int, c: int) -> int:
        nh = list(h)
        nh[p] &= ~(1 << c)
        h2 = (nh[0], nh[1], nh[2])
        t = table + (c,)
        if len(t) < 3:
            return value(h2, leader, t)
        w = (leader + trick_winner(t, trump)) % 3
        return (1 if w == counted else 0) + value(h2, w, ())

    h = (hands[0], hands[1], hands[2])
    leader = (to_play - len(trick)) % 3
    table = tuple(c for _, c in trick)
    moves = {c: after(h, leader, table, to_play, c) for c in legal(h[to_play], table, trump)}
    return value(h, leader, table), moves


# -- random positions ----------------------------------------------------------------------------------


def random_position(rng: random.Random, sizes: tuple[int, ...] = (1, 2, 2, 3, 3, 3, 4, 4, 4, 4, 5),
                    rules: tuple[str, int | None, int] | None = None, narrow: bool = False) -> dict:
    """A random position with 1-5 tricks left: deal n cards a seat, then play 0-2 legal cards.
    rules: (kind, trump, counted) to fix them, else random."""
    n = rng.choice(sizes)
    kind = rng.choice(("game", "game", "misere", "raspasy"))
    trump = rng.choice((None, 0, 1, 2, 3)) if kind == "game" else None
    counted = rng.randrange(3)
    if rules is not None:
        kind, trump, counted = rules
    # concentrate on few suits at times (always with `narrow`): more following, ruffing, overruffing
    pool = DECK if rng.random() < 0.5 and not narrow else [c for c in DECK if c // 16 in rng.sample(range(4), 2)]
    if len(pool) < 3 * n:
        pool = DECK
    dealt = rng.sample(pool, 3 * n)
    hands = [mask(*dealt[i * n:(i + 1) * n]) for i in range(3)]
    leader = rng.randrange(3)
    trick: list[tuple[int, int]] = []
    for i in range(rng.randrange(3)):
        p = (leader + i) % 3
        c = rng.choice(legal(hands[p], tuple(x for _, x in trick), trump))
        hands[p] &= ~(1 << c)
        trick.append((p, c))
    to_play = (leader + len(trick)) % 3
    return {"hands": hands, "to_play": to_play, "trump": trump, "kind": kind, "counted": counted, "trick": trick}


def solver_args(pos: dict) -> dict:
    who = {"seat": pos["counted"]} if pos["kind"] == "raspasy" else {"declarer": pos["counted"]}
    return {"to_play": pos["to_play"], "trump": pos["trump"], "kind": pos["kind"], "trick": pos["trick"], **who}


SMALL = (1, 2, 2, 3, 3, 3, 4, 4)     # cards a hand; the minimax takes ~60 ms at five, ~7 at four


def check_positions(seed: int, count: int, solver: S.Solver, sizes: tuple[int, ...] = SMALL,
                    rules: tuple[str, int | None, int] | None = None, narrow: bool = False) -> None:
    rng = random.Random(seed)
    for i in range(count):
        pos = random_position(rng, sizes, rules, narrow)
        want, want_moves = brute(pos["hands"], pos["to_play"], pos["trump"], pos["kind"], pos["counted"],
                                 pos["trick"])
        args = solver_args(pos)
        got = solver.solve(pos["hands"], **args)
        assert got == want, (i, pos, got, want)
        moves = solver.move_values(pos["hands"], **args)
        assert moves == want_moves, (i, pos, moves, want_moves)
        won = rng.randrange(0, 10 - bin(pos["hands"][pos["to_play"]]).count("1") + 1)
        assert solver.solve(pos["hands"], won=won, **args) == want + won


def test_agrees_with_minimax_on_random_small_positions() -> None:
    check_positions(seed=2026, count=1200, solver=S.Solver())


@pytest.mark.parametrize("rules", [("game", None, 0), ("game", 1, 2), ("misere", None, 1), ("raspasy", None, 0)])
def test_table_entries_serve_other_positions(rules: tuple[str, int | None, int]) -> None:
    """Under one set of rules the table keeps its entries from position to position, and an entry
    stands for every position with the same lengths and owners of the cards that mattered: positions
    dealt from a few cards share such shapes, and every answer must still be the minimax's."""
    check_positions(seed=zlib.crc32(repr(rules).encode()), count=120, solver=S.Solver(), sizes=(3, 4, 4), rules=rules,
                    narrow=True)


def test_agrees_with_minimax_with_five_cards_a_hand() -> None:
    check_positions(seed=55, count=30, solver=S.Solver(), sizes=(5,))


def test_agrees_with_a_small_table() -> None:
    """A tiny table forces replacements and collisions of buckets: the answers must not change."""
    check_positions(seed=7, count=400, solver=S.Solver(log2_entries=10))


def test_module_functions_share_the_thread_solver() -> None:
    rng = random.Random(11)
    for _ in range(200):
        pos = random_position(rng, SMALL)
        want, want_moves = brute(pos["hands"], pos["to_play"], pos["trump"], pos["kind"], pos["counted"],
                                 pos["trick"])
        assert S.solve(pos["hands"], **solver_args(pos)) == want
        assert S.move_values(pos["hands"], **solver_args(pos)) == want_moves


@pytest.mark.soak
def test_agrees_with_minimax_soak() -> None:
    check_positions(seed=99, count=10000, solver=S.Solver(), sizes=(1, 2, 3, 4, 5))


# -- full deals: the solver agrees with itself ---------------------------------------------------------


def random_deal(rng: random.Random) -> list[int]:
    cards = rng.sample(DECK, 30)
    return [mask(*cards[i * 10:(i + 1) * 10]) for i in range(3)]


def test_full_deal_values_are_consistent_along_best_play() -> None:
    """Along a line of best play the value never changes, and it equals tricks taken at the end: the
    solver's value at the start, its move values and the trick count agree over a whole deal."""
    rng = random.Random(5)
    solver = S.Solver()
    for deal in range(12):
        hands = random_deal(rng)
        kind = ("game", "misere", "raspasy")[deal % 3]
        trump = rng.choice((None, 0, 1, 2, 3)) if kind == "game" else None
        counted = rng.randrange(3)
        who: dict[str, Any] = {"seat": counted} if kind == "raspasy" else {"declarer": counted}
        leader = rng.randrange(3)
        start = solver.solve(hands, to_play=leader, trump=trump, kind=kind, **who)
        won = 0
        trick: list[tuple[int, int]] = []
        p = leader
        for _ in range(30):
            values = solver.move_values(hands, to_play=p, trump=trump, kind=kind, trick=trick, won=won, **who)
            best = (max if (p == counted) == (kind == "game") else min)(values.values())
            assert best == start
            c = rng.choice([c for c, v in values.items() if v == best])
            hands[p] &= ~(1 << c)
            trick.append((p, c))
            if len(trick) == 3:
                w = trick[trick_winner(tuple(x for _, x in trick), trump)][0]
                won += w == counted
                trick = []
                p = w
            else:
                p = (p + 1) % 3
        assert won == start


def test_full_deals_agree_with_a_fresh_and_a_tiny_table() -> None:
    """A warm table (entries from other deals under the same rules), a fresh one and a tiny one
    (constant replacement) must give the same value and move values on full deals."""
    rng = random.Random(8)
    for kind, trump in (("game", None), ("game", 3), ("misere", None), ("raspasy", None)):
        warm = S.Solver()
        tiny = S.Solver(log2_entries=10)
        who: dict[str, Any] = {"seat": 1} if kind == "raspasy" else {"declarer": 1}
        for _ in range(3):
            hands = random_deal(rng)
            to_play = rng.randrange(3)
            fresh = S.Solver()
            args = {"to_play": to_play, "trump": trump, "kind": kind, **who}
            want = fresh.move_values(hands, **args)
            assert warm.move_values(hands, **args) == want
            value = (max if (to_play == 1) == (kind == "game") else min)(want.values())
            assert warm.solve(hands, **args) == value
            assert tiny.solve(hands, **args) == value


# -- positions with known answers ----------------------------------------------------------------------


def test_top_trumps_take_every_trick() -> None:
    assert S.solve([hand("AS KS QS"), hand("AH KH QH"), hand("AD KD QD")], to_play=1, trump=0) == 3


def test_ruffing_and_the_lead() -> None:
    # hearts trump; the declarer's 7H ruffs the diamond lead or wins the trump lead, AS cashes
    hands = [hand("7H AS"), hand("AD KS"), hand("KD QS")]
    assert S.solve(hands, to_play=0, trump=1) == 2
    assert S.solve(hands, to_play=1, trump=1) == 2
    # no trump: only the spade ace
    assert S.solve(hands, to_play=1, trump=None) == 1
    # leading KS sets up the declarer's 7H as the last heart
    assert S.move_values(hands, to_play=1, trump=None) == {card("KS"): 2, card("AD"): 1}


def test_the_lead_decides_a_no_trump_race() -> None:
    # each side has a suit to run; whoever leads first runs his
    hands = [hand("AS KS QS 7H"), hand("AH KH QH 7S"), hand("8S 9S 8H 9H")]
    assert S.solve(hands, to_play=0) == 3
    # seat 1 runs hearts; seat 0 follows with 7H, then keeps AS for the spade lead
    assert S.solve(hands, to_play=1) == 1


def test_misere_with_low_cards_takes_nothing() -> None:
    hands = [hand("7S 7H 7D"), hand("AS AH AD"), hand("KS KH KD")]
    assert S.solve(hands, to_play=1, kind="misere") == 0
    assert S.solve(hands, to_play=0, kind="misere") == 0


def test_misere_forced_trick() -> None:
    # the declarer's AS must fall under someone's spade lead or win his own lead
    hands = [hand("AS 7H"), hand("KS 8H"), hand("QS 9H")]
    assert S.solve(hands, to_play=0, kind="misere") == 1
    assert S.move_values(hands, to_play=0, kind="misere") == {card("AS"): 1, card("7H"): 1}
    # in raspasy seat 1 can duck everything: KS under AS, 8H under 9H
    assert S.solve(hands, to_play=0, kind="raspasy", seat=1) == 0


def test_declarer_index_and_trick_in_progress() -> None:
    # seat 0 plays last to a heart trick, void in hearts: without trumps AS is a discard, with spades
    # trump it must ruff
    trick = [(1, card("AH")), (2, card("9H"))]
    hands = [hand("AS"), 0, 0]
    assert S.solve(hands, to_play=0, trick=trick, declarer=1) == 1
    assert S.solve(hands, to_play=0, trick=trick, declarer=0) == 0
    assert S.solve(hands, to_play=0, trick=trick, declarer=0, trump=0) == 1


# -- refusals ---------------------------------------------------------------------------------------


def refused(code: str, hands: Any, **kw: Any) -> None:
    kw.setdefault("to_play", 0)
    with pytest.raises(PreferansError) as info:
        S.solve(hands, **kw)
    assert info.value.code == code, info.value
    with pytest.raises(PreferansError) as info:
        S.move_values(hands, **kw)
    assert info.value.code == code


GOOD = [hand("AS 7H"), hand("KS 8H"), hand("QS 9H")]


def test_refusals() -> None:
    refused("bad_kind", GOOD, kind="whist")
    refused("bad_trump", GOOD, trump=4)
    refused("bad_trump", GOOD, trump=True)
    refused("bad_trump", GOOD, trump=0, kind="misere")
    refused("bad_trump", GOOD, trump=2, kind="raspasy", seat=0)
    refused("bad_hands", GOOD[:2])
    refused("bad_hands", "AS KS QS")
    refused("bad_hands", [1.5, 0, 0])
    refused("bad_card", [GOOD[0] | 1 << 6, GOOD[1], GOOD[2]])       # 6S: not a preferans card
    refused("bad_card", [-1, GOOD[1], GOOD[2]])
    refused("overlap", [GOOD[0], GOOD[0], GOOD[2]])
    refused("bad_seat", GOOD, to_play=3)
    refused("bad_seat", GOOD, to_play=None)
    refused("bad_declarer", GOOD, declarer=5)
    refused("bad_seat", GOOD, kind="raspasy")
    refused("bad_declarer", GOOD, kind="raspasy", seat=0, declarer=0)
    refused("bad_seat", GOOD, seat=1)
    refused("bad_hand_size", [hand("AS 7H 8C"), GOOD[1], GOOD[2]])
    refused("bad_hand_size", [0, 0, 0])
    refused("bad_trick", GOOD, trick=[(0, card("JS"))])                        # seat 0 cannot have played
    refused("bad_trick", GOOD, trick="AS")
    refused("bad_trick", GOOD, trick=[(0, card("JS")), (2, card("TS"))], to_play=1)
    refused("bad_trick", [hand("AS"), hand("KS"), hand("QS 9H")], trick=[(1, card("JS")), (2, card("JS"))])
    refused("bad_card", [hand("AS"), GOOD[1], GOOD[2]], trick=[(2, 6)], to_play=0)
    refused("overlap", [hand("AS"), GOOD[1], GOOD[2]], trick=[(2, card("8H"))], to_play=0)
    # seat 2 led a heart, seat 0 played a spade though holding a heart
    refused("must_follow", [hand("7H"), hand("KS 8H"), hand("QS")], trick=[(2, card("9H")), (0, card("AS"))],
            to_play=1)
    # spades trump: seat 0, void in hearts, discarded a diamond though holding a trump
    refused("must_trump", [hand("AS"), hand("KS 8H"), hand("QS")], trick=[(2, card("9H")), (0, card("7D"))],
            to_play=1, trump=0)
    refused("bad_won", GOOD, won=9)
    refused("bad_won", GOOD, won=-1)
    with pytest.raises(PreferansError) as info:
        S.Solver(log2_entries=40)
    assert info.value.code == "bad_table"


def test_hands_as_card_sets_and_index_ints() -> None:
    from kozyr.cards import CardSet

    class Index:
        def __init__(self, v: int) -> None:
            self.v = v

        def __index__(self) -> int:
            return self.v

    want = S.solve(GOOD, to_play=0, kind="misere")
    assert S.solve([CardSet(GOOD[0]), GOOD[1], GOOD[2]], to_play=0, kind="misere") == want
    assert S.solve([Index(GOOD[0]), GOOD[1], GOOD[2]], to_play=0, kind="misere") == want


def test_refusal_leaves_the_solver_usable() -> None:
    solver = S.Solver()
    with pytest.raises(PreferansError):
        solver.solve(GOOD, to_play=0, trick=[(0, 1)])
    assert solver.solve(GOOD, to_play=0, kind="misere") == 1
