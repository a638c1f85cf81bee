"""Rung 4, the top preferans rung (:class:`InferenceBot`, typed ``inference``): rung 3's decisions by
expected settlement, with two of perfect-information sampling's known faults mended.

*Ignoring what the calls and the play reveal.* Rung 3 takes every layout consistent with the cards as
equally likely. Here each layout is weighted by how likely the calls and the cards the other seats have
played are under a model of those seats:

- a call is modelled as rung 2's hand count (:func:`~kozyr.preferans.rungs.strain_tricks` with a trick for
  the talon, :func:`~kozyr.preferans.rungs.defence_count` for a whist) seen through a logistic of slope
  ``SLOPE`` a trick: a pass when a bid of level L was open to the seat has likelihood
  ``σ(SLOPE (L - ½ - count))``, a bid of level L ``σ(SLOPE (count + ½ - L))``, a misère bid falls with
  the hand's misère danger; a pass at the whist falls with the defence count against the seat's share of
  the quota, while a whist says little (bots that whist by simulation whist with nearly anything: rung 3
  whists in some 97 % of its decisions), so it weighs nothing;
- a card that follows suit without beating the trick's winner is expected to be the seat's lowest of
  the suit (likelihood ``LOW_PLAY`` when the layout gave it a lower one), and a card that wins the trick
  the cheapest winner it held (``CHEAP_WIN`` otherwise).

In the play every consistent world is enumerated when they number at most ``limit`` (the exact mode of
:mod:`kozyr.preferans.analysis`), else ``draws`` are drawn uniformly; each is solved and its gain
weighted. In the auction, the talon and the whist, layouts are drawn ``OVERDRAW`` times over and
``bid_worlds`` (``talon_worlds``, half of ``samples``) of them kept by weighted sampling without
replacement.

*Strategy fusion.* A double-dummy solve lets the seat pick a different card in each world, which it cannot
do. From the moment every hand holds at most ``ENDGAME`` cards to the end of the deal, the card is chosen
by a vector minimax over the weighted worlds instead: at the seat's own nodes one card for every world
(it cannot tell them apart), at the other seats' nodes each world's best answer for that seat (an
opponent minimises the seat's gain, a hidden partner maximises it), every leaf priced in whists. This is
alpha-mu's search with one vector kept at the seat's nodes (its M = 1 front at every level).

Blind by construction as the other rungs are: it reads only the view (tests/preferans/test_rungs.py reads
this module's source too), and its draws come from a generator seeded by ``seed``.
"""
from __future__ import annotations

import math
import random
from collections.abc import Sequence

from kozyr.preferans.analysis import DECK, World, _Pricer, _Problem, convention_of, world_gains
from kozyr.preferans.contracts import MISERE, Contract, whister_shares
from kozyr.preferans.deal import Call
from kozyr.preferans.moves import Move
from kozyr.preferans.rungs import TALON, MonteCarloBot, _cards, _misere_danger, _trump_of, defence_count, strain_tricks
from kozyr.preferans.views import View

__all__ = ["InferenceBot", "call_likelihood", "play_likelihood"]

SLOPE = 1.5
"""The logistic's slope, a trick of count: a count one trick past the threshold makes the call about 4.5
times likelier than its opposite."""
LOW_PLAY = 0.5
CHEAP_WIN = 0.7
OVERDRAW = 3
ENDGAME = 3
"""Cards a hand holds at most when the vector minimax takes over (three tricks: a few thousand leaves a
world, cheap in Python)."""

Layout = tuple[dict[int, int], tuple[int, ...]]


def _sigma(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-SLOPE * x))


def _count(cards: list[int]) -> float:
    return max(strain_tricks(cards, t) for t in (0, 1, 2, 3, None)) + TALON


def call_likelihood(view: View, seat: int, hand: int) -> float:
    """How likely ``seat``'s calls in the view (its auction calls, its whist calls) are had it held the
    ten cards ``hand`` before the talon (a mask), under the logistic model of the module's docstring."""
    cards = _cards(hand)
    like = 1.0
    standing: Contract | None = None
    count: float | None = None
    for s, c in view.auction:
        if s == seat:
            if count is None:
                count = _count(cards)
            if c is None:
                level = _next_level(standing, view.min_level)
                if level is not None:
                    like *= _sigma(level - 0.5 - count)
            elif c == MISERE:
                like *= _sigma(3.0 - _misere_danger(cards))
            elif c.level is not None:
                like *= _sigma(strain_tricks(cards, _trump_of(c)) + TALON + 0.5 - c.level)
        if c is not None:
            standing = c
    contract = view.contract
    if contract is not None and contract.level is not None:
        trump = _trump_of(contract)
        share = max(1, max(whister_shares(contract)))
        for s, call in view.calls:
            if s != seat:
                continue
            if call == Call.PASS:
                like *= _sigma(share - 0.5 - defence_count(cards, trump))
    return like


def _next_level(standing: Contract | None, min_level: int) -> int | None:
    """The level of the cheapest game bid above ``standing`` (None: none is left)."""
    if standing is None:
        return min_level
    if standing == MISERE:
        return 9
    assert standing.level is not None
    if standing.strain is not None and standing.strain.value == "NT":
        return standing.level + 1 if standing.level < 10 else None
    return standing.level


def play_likelihood(view: View, seat: int, now: int) -> float:
    """How likely the cards ``seat`` has played are had it held ``now`` (its unplayed cards, a mask)
    besides them: the low-card and cheap-win model of the module's docstring."""
    tricks = [(t.talon, t.plays) for t in view.tricks]
    if view.trick is not None:
        tricks.append((view.trick.talon, view.trick.plays))
    held = now
    for _talon, plays in tricks:
        for _s, c in plays:
            if _s == seat:
                held |= 1 << c
    like = 1.0
    trump = view.trump
    for talon, plays in tricks:
        table: list[int] = [talon] if talon is not None else []
        for s, c in plays:
            if s == seat and table:
                led = table[0] >> 4
                win = table[0]
                for x in table[1:]:
                    if _beats(x, win, led, trump):
                        win = x
                same = [x for x in DECK if held >> x & 1 and x >> 4 == c >> 4 and x != c]
                if c >> 4 == led:
                    if not _beats(c, win, led, trump):
                        if any(x < c for x in same):
                            like *= LOW_PLAY
                    elif any(x < c and _beats(x, win, led, trump) for x in same):
                        like *= CHEAP_WIN
            table.append(c)
            if s == seat:
                held &= ~(1 << c)
    return like


def _beats(c: int, w: int, led: int, trump: int | None) -> bool:
    if c >> 4 == w >> 4:
        return c & 15 > w & 15
    return trump is not None and c >> 4 == trump


class InferenceBot(MonteCarloBot):
    """Rung 4: rung 3 with weighted worlds and the end-of-deal vector minimax (the module's docstring)."""

    name = "inference"
    rung = 4

    def __init__(self, seed: int | str = 0, *, samples: int = 16, limit: int = 120, draws: int = 36,
                 bid_worlds: int = 8, talon_worlds: int = 8, margin: float = 0.0) -> None:
        super().__init__(seed, samples=samples, limit=limit, bid_worlds=bid_worlds, talon_worlds=talon_worlds,
                         margin=margin)
        self.draws = draws
        self._rng = random.Random(f"preferans-inference:{seed}")

    # -- weighted layouts before the play ----------------------------------------------------------------

    def _layouts(self, view: View, n: int, *, talon: bool) -> list[Layout]:
        drawn = super()._layouts(view, n * OVERDRAW, talon=talon)
        weights = [self._layout_weight(view, hands, talon) for hands, _t in drawn]
        return _pick(drawn, weights, n, self._rng)

    @staticmethod
    def _layout_weight(view: View, hands: dict[int, int], talon: bool) -> float:
        """The other seats' calls' likelihood (each hand is its ten before the talon: the declarer's too,
        in the whist)."""
        like = 1.0
        for s, h in hands.items():
            like *= call_likelihood(view, s, h)
        return like

    def _key_extra(self, view: View) -> object:
        return tuple(view.auction)

    # -- the play --------------------------------------------------------------------------------------------

    def play(self, view: View) -> Move:
        if view.contract is None and len(view.tricks) < 2:
            return super().play(view)
        if len(view.legal) == 1:
            return view.legal[0]
        p = _Problem(view)
        n = p.count()
        if n <= self.limit:
            ws = p.every()
        else:
            ws = [p.draw(self._rng) for _ in range(self.draws)]
        weights = [self._world_weight(view, w) for w in ws]
        if sum(weights) <= 0:
            weights = [1.0] * len(ws)
        if max(view.counts[s] for s in view.active) <= ENDGAME:
            return self._endgame(view, ws, weights)
        gains = world_gains(view, ws, solver=self._solver)

        def score(m: Move) -> float:
            return sum(w * float(g[m.arg]) for w, g in zip(weights, gains, strict=True) if m.arg in g)

        return max(view.legal, key=score)

    def _world_weight(self, view: View, w: World) -> float:
        """The calls' and the play's likelihood of a world, for the hidden seats."""
        like = 1.0
        played = {s: 0 for s in view.active}
        for t in view.tricks:
            for s, c in t.plays:
                played[s] |= 1 << c
        if view.trick is not None:
            for s, c in view.trick.plays:
                played[s] |= 1 << c
        for i, s in enumerate(view.active):
            if s == view.seat or s in view.open_hands:
                continue
            now = w.hands[i]
            original = now | played[s]
            if s == view.declarer:
                original = (original | w.pocket) & ~_mask(view.talon)
                if bin(original).count("1") != 10:
                    original = now | played[s]
            like *= call_likelihood(view, s, original) * play_likelihood(view, s, now)
        return like

    # -- strategy fusion at the end -----------------------------------------------------------------------

    def _endgame(self, view: View, ws: Sequence[World], weights: Sequence[float]) -> Move:
        """The card of highest weighted gain under the vector minimax (ties: the first in canonical
        order)."""
        values = self._endgame_values(view, ws, weights)
        return max(view.legal, key=lambda m: values[m])

    def _endgame_values(self, view: View, ws: Sequence[World], weights: Sequence[float]) -> dict[Move, float]:
        """Each legal card's weighted sum over ``ws`` of the seat's gain under the vector minimax of the
        module's docstring."""
        assert view.trick is not None
        act = view.active
        pricer = _Pricer(view, convention_of(view))
        mine = set(view.controls)
        declarer = view.declarer
        partner = None
        if declarer is not None and view.seat != declarer:
            partner = next(s for s in act if s not in (view.seat, declarer))
        trump = view.trump
        won0 = tuple(view.won[s] for s in act)
        seats = tuple(range(3))
        leader0 = act.index(view.trick.leader)
        plays0 = tuple((act.index(s), c) for s, c in view.trick.plays)
        idx = list(range(len(ws)))
        hands0 = [list(w.hands) for w in ws]
        cache: dict[tuple[object, ...], list[float]] = {}

        def leaf(won: tuple[int, ...]) -> float:
            return float(pricer.price({act[k]: won[k] for k in seats}))

        def legal(hand: int, plays: tuple[tuple[int, int], ...]) -> list[int]:
            cards = [c for c in DECK if hand >> c & 1]
            if not plays:
                return cards
            led = plays[0][1] >> 4
            follow = [c for c in cards if c >> 4 == led]
            if follow:
                return follow
            if trump is not None:
                ruff = [c for c in cards if c >> 4 == trump]
                if ruff:
                    return ruff
            return cards

        def rec(worlds: list[int], hands: list[list[int]], plays: tuple[tuple[int, int], ...], leader: int,
                won: tuple[int, ...]) -> list[float]:
            if len(plays) == 3:
                led = plays[0][1] >> 4
                best = plays[0]
                for pl in plays[1:]:
                    if _beats(pl[1], best[1], led, trump):
                        best = pl
                w2 = list(won)
                w2[best[0]] += 1
                won = tuple(w2)
                if not hands[worlds[0]][best[0]]:
                    return [leaf(won)] * len(worlds)
                return rec(worlds, hands, (), best[0], won)
            k = (leader + len(plays)) % 3
            key = (tuple(worlds), tuple(tuple(hands[i]) for i in worlds), plays, leader, won)
            got = cache.get(key)
            if got is not None:
                return got
            if act[k] in mine:
                hand = hands[worlds[0]][k]
                best_v: list[float] | None = None
                best_s = -math.inf
                for c in legal(hand, plays):
                    v = child(worlds, hands, plays, leader, won, k, c)
                    s = sum(weights[i] * x for i, x in zip(worlds, v, strict=True))
                    if s > best_s:
                        best_s, best_v = s, v
                assert best_v is not None
                out = best_v
            else:
                friend = act[k] == partner
                by_card: dict[int, list[int]] = {}
                for i in worlds:
                    for c in legal(hands[i][k], plays):
                        by_card.setdefault(c, []).append(i)
                val: dict[int, float] = {}
                for c, sub in by_card.items():
                    v = child(sub, hands, plays, leader, won, k, c)
                    for i, x in zip(sub, v, strict=True):
                        if i not in val or (x > val[i] if friend else x < val[i]):
                            val[i] = x
                out = [val[i] for i in worlds]
            cache[key] = out
            return out

        def child(worlds: list[int], hands: list[list[int]], plays: tuple[tuple[int, int], ...], leader: int,
                  won: tuple[int, ...], k: int, c: int) -> list[float]:
            saved = [hands[i][k] for i in worlds]
            for i in worlds:
                hands[i][k] &= ~(1 << c)
            try:
                return rec(worlds, hands, plays + ((k, c),), leader, won)
            finally:
                for i, h in zip(worlds, saved, strict=True):
                    hands[i][k] = h

        k0 = (leader0 + len(plays0)) % 3
        out: dict[Move, float] = {}
        for m in view.legal:
            c = m.arg
            assert isinstance(c, int)
            v = child(idx, hands0, plays0, leader0, won0, k0, c)
            out[m] = sum(weights[i] * x for i, x in zip(idx, v, strict=True))
        return out


def _mask(cards: Sequence[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def _pick(items: list[Layout], weights: list[float], n: int, rng: random.Random) -> list[Layout]:
    """``n`` of ``items`` drawn without replacement with odds their weights (all of them when fewer)."""
    pool = list(zip(items, weights, strict=True))
    out: list[Layout] = []
    while pool and len(out) < n:
        total = sum(w for _, w in pool)
        if total <= 0:
            out.extend(x for x, _ in pool[: n - len(out)])
            break
        x = rng.random() * total
        for j, (item, w) in enumerate(pool):
            x -= w
            if x <= 0 or j == len(pool) - 1:
                out.append(item)
                pool.pop(j)
                break
    return out

