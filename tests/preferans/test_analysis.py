"""analyse: the worlds consistent with a view, counted against a brute-force recount that replays the
history's legality in every layout, and the move values against a plain minimax on tiny positions."""
from __future__ import annotations

import dataclasses
import itertools
import random
from fractions import Fraction

import pytest
from _pref_play import SEEDS

from kozyr.preferans import Game, PreferansError
from kozyr.preferans.analysis import analyse, worlds
from kozyr.preferans.views import CurrentTrick, Trick, View

DECK = [16 * s + r for s in range(4) for r in range(7, 15)]


def positions(count: int, *, min_tricks: int = 0, seed: int = 1) -> list[tuple[dict[int, int], View]]:
    """Play-phase views of the seat on turn (with the game's true hands), random legal play."""
    rng = random.Random(seed)
    out: list[tuple[dict[int, int], View]] = []
    number = 0
    while len(out) < count:
        number += 1
        g = Game.from_seed(SEEDS[3], number, players=("A", "B", "C"), dealer=number % 3)
        while not g.over:
            v = g.view(g.actor)
            if (v.phase == "play" and v.legal and v.legal[0].kind == "play" and len(v.tricks) >= min_tricks
                    and (v.contract is not None or len(v.tricks) >= 2) and rng.random() < 0.3):
                hands = {s: int(g.hand(s)) for s in v.active}
                out.append((hands, v))
            g.apply(g.actor, tame(g.legal_moves(), rng))
    return out[:count]


def tame(legal, rng: random.Random):
    """A random move that keeps contracts low: bids the lowest bid now and then, names the lowest contract,
    whists often (random bidding alone climbs to checked tens)."""
    kinds = {m.kind for m in legal}
    if "bid" in kinds:
        return legal[1] if rng.random() < 0.3 else legal[0]
    if "name" in kinds:
        return legal[0]
    if "whist" in kinds:
        whist = [m for m in legal if m.kind == "whist"]
        return whist[0] if rng.random() < 0.8 else legal[0]
    return rng.choice(legal)


def mask(cards) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def history_legal(view: View, hands: dict[int, int]) -> bool:
    """Every card the view shows played was legal if the hands now are ``hands``: rebuilt backwards."""
    assert view.trick is not None
    tricks = [(t.talon, t.plays) for t in view.tricks] + [(view.trick.talon, view.trick.plays)]
    held = dict(hands)
    rebuilt = []
    for _talon, plays in reversed(tricks):
        for s, c in plays:
            held[s] |= 1 << c
        rebuilt.append(dict(held))
    rebuilt.reverse()
    for (talon, plays), before in zip(tricks, rebuilt, strict=True):
        hand = dict(before)
        led = None if talon is None else talon >> 4
        for s, c in plays:
            if led is None:
                led = c >> 4
            else:
                suit = [x for x in DECK if hand[s] >> x & 1]
                if any(x >> 4 == led for x in suit) and c >> 4 != led:
                    return False
                if (not any(x >> 4 == led for x in suit) and view.trump is not None
                        and any(x >> 4 == view.trump for x in suit) and c >> 4 != view.trump):
                    return False
            hand[s] &= ~(1 << c)
    return True


def brute_count(view: View) -> int:
    played = set()
    assert view.trick is not None
    shown: list[CurrentTrick | Trick] = [*view.tricks, view.trick]
    for t in shown:
        if t.talon is not None:
            played.add(t.talon)
        played |= {c for _, c in t.plays}
    known = {s: int(h) for s, h in view.open_hands.items()}
    known[view.seat] = int(view.hand)
    seen = played | {c for c in DECK if any(h >> c & 1 for h in known.values())}
    if view.seat == view.declarer:
        seen |= set(view.discard)
    unseen = [c for c in DECK if c not in seen]
    hidden = [s for s in view.active if s not in known]
    n = 0
    sizes = [view.counts[s] for s in hidden]
    if not hidden:
        return 1
    for first in itertools.combinations(unseen, sizes[0]):
        rest = [c for c in unseen if c not in first]
        seconds = itertools.combinations(rest, sizes[1]) if len(hidden) == 2 else [()]
        for second in seconds:
            hands = dict(known)
            hands[hidden[0]] = mask(first)
            if len(hidden) == 2:
                hands[hidden[1]] = mask(second)
            pocket = mask(c for c in rest if c not in second)
            if view.declarer is not None and view.seat != view.declarer:
                talon = mask(c for c in view.talon if c not in played)
                if talon & ~(hands[view.declarer] | pocket):
                    continue
            if history_legal(view, hands):
                n += 1
    return n


def test_counts_agree_with_a_brute_force_recount() -> None:
    checked = 0
    for hands, v in positions(80, min_tricks=6):
        n, ws = worlds(v)
        assert n == len(ws) == len(set(ws))
        assert n == brute_count(v), str(v.to_json())
        truth = tuple(hands[s] for s in v.active)
        assert truth in {w.hands for w in ws}                 # the real layout is one of them
        for w in ws:                                          # every world agrees with the view
            assert history_legal(v, dict(zip(v.active, w.hands, strict=True)))
            for s, h in zip(v.active, w.hands, strict=True):
                assert bin(h).count("1") == v.counts[s]
                if s == v.seat or s in v.open_hands:
                    assert h == int(v.open_hands.get(s, v.hand))
        checked += 1
    assert checked == 80


def test_sampled_worlds_are_consistent_and_seeded() -> None:
    for _hands, v in positions(10, min_tricks=0, seed=4):
        n, ws = worlds(v, limit=5, samples=20, seed=7)
        if n <= 5:
            continue
        assert len(ws) == 20 and worlds(v, limit=5, samples=20, seed=7)[1] == ws
        for w in ws:
            assert history_legal(v, dict(zip(v.active, w.hands, strict=True)))


def minimax(view: View, hands: dict[int, int], counted: int, kind: str) -> int:
    """Tricks ``counted`` takes from here with best play (plain search, for tiny positions)."""
    act = view.active
    trump = view.trump

    def go(hands, plays, leader):
        if not plays and not any(hands.values()):
            return 0
        if len(plays) == 3:
            led = plays[0][1] >> 4
            win = max(plays, key=lambda p: (p[1] >> 4 == trump, p[1] >> 4 == led, p[1] & 15))[0]
            return (win == counted) + go(hands, [], win)
        s = leader if not plays else act[(act.index(plays[-1][0]) + 1) % 3]
        cards = [c for c in DECK if hands[s] >> c & 1]
        if plays:
            led = plays[0][1] >> 4
            follow = [c for c in cards if c >> 4 == led]
            trumps = [c for c in cards if trump is not None and c >> 4 == trump]
            cards = follow or trumps or cards
        vals = []
        for c in cards:
            h = dict(hands)
            h[s] &= ~(1 << c)
            vals.append(go(h, plays + [(s, c)], leader))
        maxim = (s == counted) == (kind == "game")
        return max(vals) if maxim else min(vals)

    assert view.trick is not None
    return go(hands, list(view.trick.plays), view.trick.leader)


def test_exact_values_agree_with_a_plain_minimax() -> None:
    seen = 0
    for _hands, v in positions(40, min_tricks=7, seed=9):
        if v.contract is None:
            continue
        kind = "misere" if str(v.contract) == "misere" else "game"
        a = analyse(v, limit=10_000)
        n, ws = worlds(v)
        assert a.exact and a.count == a.solved == n
        assert v.trick is not None and v.declarer is not None
        for m in a.moves:
            want: dict[int, int] = {}
            card = m.move.arg
            assert isinstance(card, int)
            for w in ws:
                hands = dict(zip(v.active, w.hands, strict=True))
                mover = next(s for s in v.active if hands[s] >> card & 1)
                hands[mover] &= ~(1 << card)
                sub = dataclasses.replace(v, trick=dataclasses.replace(
                    v.trick, plays=v.trick.plays + ((mover, card),)))
                t = v.won[v.declarer] + minimax(sub, hands, v.declarer, kind)
                mine = t if v.seat == v.declarer else None
                if mine is not None:
                    want[mine] = want.get(mine, 0) + 1
            if v.seat == v.declarer:
                assert m.tricks == want
            assert sum(m.whists.values()) == n
            assert isinstance(m.mean_whists, Fraction)
        seen += 1
    assert seen >= 10


def test_refusals() -> None:
    g = Game.from_seed(SEEDS[3], 1, players=("A", "B", "C"), dealer=2)
    with pytest.raises(PreferansError) as exc:
        analyse(g.view(g.actor))
    assert exc.value.code == "not_in_play"
