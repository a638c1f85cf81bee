"""What a seat can know about its move in the play: :func:`analyse`.

A view hides the other hands, so a move's worth is not one number but a distribution over the layouts of
the unseen cards (the *worlds*) that agree with everything the seat has seen: its hand, the open hands,
the talon once turned, its own discard when it declared, the played cards, and the voids the play has
revealed (a seat that did not follow the led suit holds none of it; one that neither followed nor trumped
holds no trump either). Each world is solved double-dummy (:mod:`kozyr.preferans.core.solver`) after each
legal card, and the result is priced by the scorer as what the seat gains in the settlement of that single
deal, under the view's convention: tricks are not the aim of the game, whists are.

Worlds are counted exactly (a dynamic programme over the unseen cards and the hands' sizes under the
voids). When they number at most ``limit`` every one is solved; otherwise ``samples`` of them are drawn
uniformly (the same counts drive an exact uniform draw, so no world is favoured) from ``seed``.

Where the solver answers less than the settlement needs, this module chooses, and says so:
- a contract: the solver gives the declarer's tricks; the defenders' future tricks are split between the
  two defenders as evenly as possible, the odd one to the defender with fewer so far (the split matters
  only to two whisters in an open defence or without the split-closed rule);
- raspasy: the solver gives the counted seat's guarantee (the fewest tricks it can hold itself to against
  the other two together); the others' tricks are split evenly in the same way. Raspasy is analysed from
  trick 3 on, as the solver models it.
"""
from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Any

from kozyr.preferans.contracts import MISERE, Contract
from kozyr.preferans.convention import PRESETS, SOCHI, Convention
from kozyr.preferans.core.solver import Solver
from kozyr.preferans.deal import Call, Deal
from kozyr.preferans.errors import PreferansError
from kozyr.preferans.moves import Move
from kozyr.preferans.sheet import Sheet
from kozyr.preferans.views import View

__all__ = ["Analysis", "MoveResult", "World", "analyse", "world_gains", "worlds"]

DECK = tuple(16 * s + r for s in range(4) for r in range(7, 15))
_ALL = 0
for _c in DECK:
    _ALL |= 1 << _c
POCKET = -1
"""The holder of the cards in no hand: the discard (or the talon in raspasy without a talon)."""


def _suit_mask(s: int) -> int:
    return 0xFF80 << (16 * s)


@dataclass(frozen=True, slots=True)
class World:
    """One layout of the unseen cards: ``hands`` the active seats' masks, in ``active`` order."""

    hands: tuple[int, int, int]
    pocket: int


@dataclass(frozen=True, slots=True)
class MoveResult:
    """One legal card's results over the worlds: ``tricks`` and ``whists`` map a result to the number of
    worlds giving it (the seat's final tricks; its gain in the deal's settlement)."""

    move: Move
    tricks: dict[int, int]
    whists: dict[Fraction, int]

    @property
    def mean_whists(self) -> Fraction:
        n = sum(self.whists.values())
        return sum((v * k for v, k in self.whists.items()), Fraction(0)) / n

    @property
    def mean_tricks(self) -> Fraction:
        n = sum(self.tricks.values())
        return Fraction(sum(v * k for v, k in self.tricks.items()), n)


@dataclass(frozen=True, slots=True)
class Analysis:
    """``count`` worlds agree with the view; ``solved`` of them were solved (all when ``exact``)."""

    count: int
    solved: int
    exact: bool
    moves: tuple[MoveResult, ...]

    def best(self) -> Move:
        """The move of highest mean settlement (ties: the first in canonical order)."""
        return max(self.moves, key=lambda m: m.mean_whists).move


class _Problem:
    """The view read once: who holds what, what is unknown, and the constraints on it."""

    def __init__(self, view: View) -> None:
        if view.phase != "play" or view.trick is None:
            raise PreferansError("not_in_play", f"view: phase {view.phase!r}; analysis is of the play phase",
                                 field="view")
        self.view = view
        self.active = tuple(view.active)
        self.kind = "raspasy" if view.contract is None else "misere" if view.contract == MISERE else "game"
        if self.kind == "raspasy" and len(view.tricks) < 2:
            raise PreferansError("not_in_play", "view: raspasy is analysed from trick 3 on", field="view")
        known: dict[int, int] = {}
        if view.seat in self.active:
            known[view.seat] = int(view.hand)
        for s, h in view.open_hands.items():
            known[s] = int(h)
        played = 0
        voids = {s: 0 for s in self.active}       # suit masks a seat is known to lack
        trump = view.trump
        for talon, plays in [(t.talon, t.plays) for t in view.tricks] + [(view.trick.talon, view.trick.plays)]:
            if talon is not None:
                played |= 1 << talon
            if not plays and talon is None:
                continue
            led = (talon if talon is not None else plays[0][1]) >> 4
            for i, (s, c) in enumerate(plays):
                played |= 1 << c
                if talon is None and i == 0:
                    continue
                if c >> 4 != led:
                    voids[s] |= _suit_mask(led)
                    if trump is not None and led != trump and c >> 4 != trump:
                        voids[s] |= _suit_mask(trump)
        self.played = played
        unseen = _ALL & ~played
        for held in known.values():
            unseen &= ~held
        if view.seat == view.declarer:
            for c in view.discard:
                unseen &= ~(1 << c)
        self.known = known
        self.hidden = tuple(s for s in self.active if s not in known)
        need = [view.counts[s] for s in self.hidden]
        pocket = bin(unseen).count("1") - sum(need)
        if pocket < 0:
            raise PreferansError("bad_view", "view: fewer unseen cards than the hidden hands hold", field="view")
        talon_left = 0
        if view.declarer is not None:
            for c in view.talon:
                if unseen >> c & 1:
                    talon_left |= 1 << c
        allowed = []
        for s in self.hidden:
            a = unseen & ~voids[s]
            if talon_left and s != view.declarer:
                a &= ~talon_left
            allowed.append(a)
        self.holders: tuple[int, ...] = self.hidden + ((POCKET,) if pocket else ())
        self.need = tuple(need) + ((pocket,) if pocket else ())
        self.allowed = tuple(allowed) + ((unseen,) if pocket else ())
        self.cards = tuple(c for c in DECK if unseen >> c & 1)
        for c in self.cards:
            if not any(a >> c & 1 for a in self.allowed):
                raise PreferansError("bad_view", "view: an unseen card no hidden hand may hold", field="view")

    # -- counting and drawing ------------------------------------------------------------------------------

    def count(self) -> int:
        return self._ways(0, self.need)

    @cache  # noqa: B019 - one problem, a few thousand states, dropped with it
    def _ways(self, i: int, need: tuple[int, ...]) -> int:
        if i == len(self.cards):
            return 1 if not any(need) else 0
        c = self.cards[i]
        total = 0
        for h, (n, a) in enumerate(zip(need, self.allowed, strict=True)):
            if n and a >> c & 1:
                total += self._ways(i + 1, need[:h] + (n - 1,) + need[h + 1:])
        return total

    def _world(self, picks: Sequence[int]) -> World:
        masks = dict.fromkeys(self.holders, 0)
        for c, h in zip(self.cards, picks, strict=True):
            masks[self.holders[h]] |= 1 << c
        hands = tuple(self.known.get(s, masks.get(s, 0)) for s in self.active)
        return World((hands[0], hands[1], hands[2]), masks.get(POCKET, 0))

    def every(self) -> list[World]:
        out: list[World] = []
        picks: list[int] = []

        def walk(i: int, need: tuple[int, ...]) -> None:
            if i == len(self.cards):
                out.append(self._world(picks))
                return
            c = self.cards[i]
            for h, (n, a) in enumerate(zip(need, self.allowed, strict=True)):
                rest = need[:h] + (n - 1,) + need[h + 1:]
                if n and a >> c & 1 and self._ways(i + 1, rest):
                    picks.append(h)
                    walk(i + 1, rest)
                    picks.pop()

        walk(0, self.need)
        return out

    def draw(self, rng: random.Random) -> World:
        """One world, uniformly: each card goes to a hand with odds the worlds that follow."""
        need = self.need
        picks = []
        for i, c in enumerate(self.cards):
            options = []
            for h, (n, a) in enumerate(zip(need, self.allowed, strict=True)):
                if n and a >> c & 1:
                    rest = need[:h] + (n - 1,) + need[h + 1:]
                    w = self._ways(i + 1, rest)
                    if w:
                        options.append((h, rest, w))
            x = rng.randrange(sum(w for _, _, w in options))
            for h, rest, w in options:
                if x < w:
                    picks.append(h)
                    need = rest
                    break
                x -= w
        return self._world(picks)

    # -- solving and pricing -------------------------------------------------------------------------------

    def on_turn(self) -> int:
        """The active index of the hand whose card is played next."""
        trick = self.view.trick
        assert trick is not None
        if not trick.plays:
            return self.active.index(trick.leader)
        return (self.active.index(trick.plays[-1][0]) + 1) % 3


def worlds(view: View, *, limit: int | None = None, samples: int = 0, seed: int = 0) -> tuple[int, list[World]]:
    """(the number of worlds consistent with ``view``, the worlds): every one when they number at most
    ``limit`` (None: no limit), else ``samples`` drawn uniformly with ``seed``."""
    p = _Problem(view)
    n = p.count()
    if limit is None or n <= limit:
        return n, p.every()
    rng = random.Random(seed)
    return n, [p.draw(rng) for _ in range(samples)]


_PRICES: dict[tuple[object, ...], Fraction] = {}
"""Prices already computed, shared by every pricer of the process: a price is a pure function of its key
(the convention, the table, the deal's declarer and contract, the calls and the final tricks), and the bots
ask the same few thousand again and again."""
_PRICES_MAX = 200_000


class _Pricer:
    """The seat's gain in the settlement of the deal, from the final tricks of the active seats."""

    def __init__(self, view: View, convention: Convention, *, declarer: int | None = -1,
                 contract: Contract | None | int = -1) -> None:
        """``declarer`` and ``contract`` price a deal other than the view's (the auction's candidate
        contracts, raspasy: None for both); left out, they are the view's."""
        self.view = view
        self.convention = convention
        self.declarer = view.declarer if declarer == -1 else declarer
        self.contract = view.contract if isinstance(contract, int) else contract
        n = len(view.counts) if view.dealer in view.active else len(view.active) + 1
        self.names = tuple(f"p{i}" for i in range(n))
        self.cache: dict[tuple[object, ...], Fraction] = {}

    def price(self, tricks: dict[int, int]) -> Fraction:
        """The seat's gain with these final tricks and the view's calls."""
        v = self.view
        final: dict[int, Call] = {}
        order: list[int] = []
        for s, c in v.calls:
            final[s] = c
            if s not in order:
                order.append(s)
        if not final and v.declarer is not None and v.contract != MISERE:
            # a checked ten, a Stalingrad six: both defenders whist without a word
            i = v.active.index(v.declarer)
            order = [v.active[(i + 1) % 3], v.active[(i + 2) % 3]]
            final = dict.fromkeys(order, Call.WHIST)
        return self.price_calls(tricks, final, order, open_=v.defence == "open")

    def price_calls(self, tricks: dict[int, int], calls: dict[int, Call], order: Sequence[int], *,
                    open_: bool) -> Fraction:
        """The seat's gain with these final tricks, whist calls (seat: call) and whist order."""
        key = (tuple(tricks[s] for s in self.view.active), tuple(sorted((s, c.value) for s, c in calls.items())),
               tuple(order), open_)
        got = self.cache.get(key)
        if got is not None:
            return got
        shared = (self.convention, self.names, self.view.dealer, self.view.active, self.view.seat, self.declarer,
                  self.contract) + key
        got = _PRICES.get(shared)
        if got is not None:
            self.cache[key] = got
            return got
        v = self.view
        names = self.names
        dealer = names[v.dealer] if len(names) == 4 else None
        by_name = {names[s]: t for s, t in tricks.items()}
        if self.contract is None:
            deal = Deal.raspasy(by_name, players=names, dealer=dealer)
        elif self.contract == MISERE:
            assert self.declarer is not None
            deal = Deal(names, dealer=dealer, declarer=names[self.declarer], contract=MISERE, tricks=by_name)
        else:
            assert self.declarer is not None
            deal = Deal(names, dealer=dealer, declarer=names[self.declarer], contract=self.contract,
                        calls={names[s]: c.value for s, c in calls.items()}, tricks=by_name,
                        open=open_, whist_order=[names[s] for s in order])
        sheet = Sheet(names, self.convention)
        sheet.add(deal)
        got = sheet.settle()[names[v.seat]]
        self.cache[key] = got
        if len(_PRICES) >= _PRICES_MAX:
            _PRICES.clear()
        _PRICES[shared] = got
        return got


def _split(rest: int, seats: Sequence[int], won: dict[int, int]) -> dict[int, int]:
    """``rest`` tricks shared out one at a time, each to the seat with fewest so far (ties: seat order)."""
    out = dict(won)
    for _ in range(rest):
        s = min(seats, key=lambda x: (out[x], x))
        out[s] += 1
    return out


def convention_of(view: View) -> Convention:
    """The preset whose play parameters are the view's (Sochi when none is: the view does not carry the
    scoring rules, only the play's)."""
    for conv in PRESETS.values():
        if dict(conv.play_params) == dict(view.params):
            return conv
    return SOCHI


def _solving(view: View, p: _Problem) -> tuple[dict[str, Any], int, list[int], dict[int, int]]:
    """What the solver is asked at the seat's card and what the settlement counts, for `analyse` and
    `world_gains` alike: `move_values`' keywords (who plays, the trick so far, the kind, the counted seat:
    the declarer, or in raspasy the seat itself), the counted seat, the other active seats, tricks won."""
    act = p.active
    trick = tuple((act.index(s), c) for s, c in view.trick.plays) if view.trick else ()
    won = {s: view.won[s] for s in act}
    kw: dict[str, Any] = {"to_play": p.on_turn(), "trick": trick, "kind": p.kind}
    if p.kind == "raspasy":
        counted = view.seat
        kw["seat"] = act.index(counted)
    else:
        assert view.declarer is not None
        counted = view.declarer
        kw["declarer"] = act.index(counted)
        kw["trump"] = view.trump
    return kw, counted, [s for s in act if s != counted], won


def _finals(t: int, counted: int, others: list[int], won: dict[int, int]) -> dict[int, int]:
    """Every active seat's final tricks when the counted seat takes `t` more (the rest split as `_split` says)."""
    mine = won[counted] + t
    finals = _split(10 - mine - sum(won[s] for s in others), others, won)
    finals[counted] = mine
    return finals


def analyse(view: View, *, limit: int = 2000, samples: int = 64, seed: int = 0,
            convention: Convention | None = None, solver: Solver | None = None) -> Analysis:
    """Every legal card of ``view``'s seat with the distribution of its results over the worlds consistent
    with the view: the seat's final tricks and its gain in the deal's settlement under ``convention`` (the
    preset the view's parameters name when None). Exact when the worlds number at most ``limit``, else
    ``samples`` uniformly drawn worlds from ``seed``. Refused (``not_in_play``) outside the play phase,
    when the seat is not on turn, and in raspasy before trick 3."""
    p = _Problem(view)
    if not view.legal or view.legal[0].kind != "play":
        raise PreferansError("not_in_play", "view: the seat has no card to play now", field="view")
    n, ws = worlds(view, limit=limit, samples=samples, seed=seed)
    pricer = _Pricer(view, convention if convention is not None else convention_of(view))
    sv = solver if solver is not None else Solver(16)
    kw, counted, others, won = _solving(view, p)
    results: dict[Any, tuple[dict[int, int], dict[Fraction, int]]] = {m.arg: ({}, {}) for m in view.legal}
    for w in ws:
        values = sv.move_values(w.hands, **kw)
        for card, t in values.items():
            finals = _finals(t, counted, others, won)
            tr, wh = results[card]
            seat_tricks = finals.get(view.seat, 0)
            tr[seat_tricks] = tr.get(seat_tricks, 0) + 1
            g = pricer.price(finals)
            wh[g] = wh.get(g, 0) + 1
    moves = tuple(MoveResult(m, results[m.arg][0], results[m.arg][1]) for m in view.legal)
    return Analysis(n, len(ws), n <= limit, moves)


def world_gains(view: View, ws: Sequence[World], *, convention: Convention | None = None,
                solver: Solver | None = None) -> list[dict[int, Fraction]]:
    """For each world of ``ws``, each legal card's gain for the seat in the deal's settlement (the
    same solving and pricing as :func:`analyse`, kept per world so that a caller can weight the worlds)."""
    p = _Problem(view)
    if not view.legal or view.legal[0].kind != "play":
        raise PreferansError("not_in_play", "view: the seat has no card to play now", field="view")
    pricer = _Pricer(view, convention if convention is not None else convention_of(view))
    sv = solver if solver is not None else Solver(16)
    assert view.trick is not None
    kw, counted, others, won = _solving(view, p)
    out = []
    for w in ws:
        gains = {}
        for card, t in sv.move_values(w.hands, **kw).items():
            gains[card] = pricer.price(_finals(t, counted, others, won))
        out.append(gains)
    return out
