"""Preferans bots above random: rung 2 (:class:`RulesBot`, rules of thumb) and rung 3
(:class:`MonteCarloBot`, the solver over worlds consistent with the view).

A bot is a callable ``view -> Move``: it is handed one seat's :class:`~kozyr.preferans.views.View` and
nothing else, so it is blind by construction (tests/preferans/test_rungs.py reads this module's
source and refuses anything that could reach a game's state). Each is seeded and deterministic: the same
seed and the same views give the same moves.

Rung 2 plays as a careful beginner is taught to:
- *bidding*: count the tricks the hand should take in each strain (top-card sequences, the length of the
  trump suit less the top trumps it lacks), allow a trick for the talon, and bid the cheapest legal
  contract at most that level less a margin; misère only with a safe hand (in each suit the k-th lowest
  card no higher than 7 + 2k, so no lead can force a trick);
- *discard*: the two cards whose loss leaves the best count for the strain it means to name;
- *naming*: the highest contract its count makes, never below the bid;
- *whist*: whist when its own defence count reaches its share of the convention's quota
  (:func:`~kozyr.preferans.contracts.whister_shares`, one trick at the highest levels);
  lone whisters play open;
- *play*: cash sure winners, do not overtake a partner, win a trick as cheaply as it can, otherwise throw
  its lowest card; in misère and raspasy, the highest card that still loses.

Rung 3 chooses by expected settlement, not trick count. In the play it calls
:func:`~kozyr.preferans.analysis.analyse` (every world when they are few, otherwise a uniform sample) and
takes the card of highest mean gain; at the whist it deals the declarer's hand consistent with the view,
solves the contract double-dummy in each world and compares what whisting and passing earn in the
deal's settlement. Bidding, discarding and naming are rung 2's (see the report: not yet by simulation),
and so are the two talon-led tricks of raspasy, which the solver does not model.
"""
from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction

from kozyr.cards import SUIT_LETTERS

from .analysis import DECK, _Pricer, analyse, convention_of
from .contracts import MISERE, Contract, whister_shares
from .core.solver import Solver
from .deal import Call
from .errors import PreferansError
from .moves import Move
from .views import View

__all__ = ["RulesBot", "RULES_KNOBS", "Knob", "MonteCarloBot", "suit_tricks", "strain_tricks", "safe_misere"]

TOPS = (14, 13, 12, 11, 10, 9, 8, 7)
TALON = 1.0
"""Tricks the two talon cards are expected to add to a bidder's count (the count misses queens and
side lengths, which the discard turns into tricks)."""


def _cards(mask: int | Iterable[int]) -> list[int]:
    if isinstance(mask, int):
        return [c for c in DECK if mask >> c & 1]
    return sorted(mask)


def _ranks(cards: Iterable[int], suit: int) -> list[int]:
    return sorted((c & 15 for c in cards if c >> 4 == suit), reverse=True)


def suit_tricks(ranks: list[int], *, trump: bool) -> float:
    """Tricks a suit of these ranks (highest first) should take: its unbroken top sequence, a guarded king
    half a trick; as trumps, its length less the top trumps it lacks (the defenders' trumps fall under
    them)."""
    top = 0
    for want, have in zip(TOPS, ranks, strict=False):
        if want != have:
            break
        top += 1
    est = float(top)
    if top == 0 and len(ranks) >= 2 and ranks[0] == 13:
        est = 0.5
    if trump and len(ranks) >= 4:
        missing = sum(1 for r in (14, 13, 12) if r not in ranks)
        est = max(est, len(ranks) - min(missing, 8 - len(ranks)))
    elif top >= 3 and len(ranks) >= 5:
        est = float(len(ranks))          # a solid long suit runs
    return est


def strain_tricks(cards: Iterable[int], trump: int | None) -> float:
    """The hand's expected tricks with ``trump`` (None: no trump): the sum of its suits' counts, a side
    suit at most three in a trump game (the fourth round is ruffed)."""
    cards = list(cards)
    total = 0.0
    for s in range(4):
        ranks = _ranks(cards, s)
        est = suit_tricks(ranks, trump=s == trump)
        if trump is not None and s != trump:
            est = min(est, 3.0)      # a side suit's fourth round is ruffed; only no-trump runs long suits
        total += est
    return total


def safe_misere(cards: Iterable[int], *, slack: float = 0.0) -> bool:
    """In each suit the k-th lowest card (from 0) is at most 7 + 2k (+ ``slack``, rung 2's ``misere`` knob):
    every lead of the suit can be ducked, so no trick is forced."""
    cards = list(cards)
    for s in range(4):
        low = sorted(c & 15 for c in cards if c >> 4 == s)
        if any(r > 7 + 2 * k + slack for k, r in enumerate(low)):
            return False
    return True


def _best_strain(cards: list[int]) -> tuple[float, int | None]:
    """(tricks, strain) of the hand's best strain; ties go to the lower strain."""
    best: tuple[float, int | None] = (-1.0, None)
    for t in (0, 1, 2, 3, None):
        est = strain_tricks(cards, t)
        if est > best[0]:
            best = (est, t)
    return best


@dataclass(frozen=True)
class Knob:
    """One of rung 2's thresholds, as the tuner sees it: its default (today's play), the range a tuner may
    move it in, and what it shifts, in tricks."""

    default: float
    low: float
    high: float
    what: str


RULES_KNOBS: Mapping[str, Knob] = {
    "margin": Knob(0.0, -2.0, 3.0, "bidding: tricks kept in hand below the count plus the talon's trick"),
    "whist": Knob(0.0, -2.0, 3.0, "whisting: tricks wanted above the seat's share of the defence's quota"),
    "naming": Knob(0.5, -1.5, 2.5, "naming: tricks the count may fall short of the level it names"),
    "misere": Knob(0.0, -2.0, 3.0, "misère: ranks each suit's k-th lowest card may exceed 7 + 2k"),
}
"""Rung 2's bidding and whisting thresholds by name (:class:`RulesBot`'s keywords), with the bounds within
which :func:`kozyr.preferans.tuning.spsa` tunes them. The defaults are the rules of thumb the module's
docstring states, so ``RulesBot()`` plays as it always has."""


class RulesBot:
    """Rung 2: the rules of thumb of the module's docstring, their thresholds :data:`RULES_KNOBS` (each a
    keyword, a real number within its bounds, else ``bad_knob``): ``margin`` the tricks it keeps in hand
    when bidding, ``whist`` the tricks above its quota share it wants before whisting, ``naming`` how far
    its count may fall short of the contract it names, ``misere`` how much higher than the safe rule its
    misère cards may be. ``seed`` breaks nothing today (the rules are deterministic) but keeps the bots'
    shape."""

    name = "rules"
    rung = 2

    def __init__(self, seed: int | str = 0, *, margin: float = 0.0, whist: float = 0.0, naming: float = 0.5,
                 misere: float = 0.0) -> None:
        self.seed = seed
        given = {"margin": margin, "whist": whist, "naming": naming, "misere": misere}
        for key, value in given.items():
            knob = RULES_KNOBS[key]
            if isinstance(value, bool) or not isinstance(value, (int, float)) \
                    or not knob.low <= value <= knob.high:
                raise PreferansError("bad_knob", f"rung 2's {key}: {value!r} is not a number from {knob.low:g} "
                                     f"to {knob.high:g} ({knob.what})", field=key, value=value)
        self.margin = float(margin)
        self.whist_margin = float(whist)
        self.naming_slack = float(naming)
        self.misere_slack = float(misere)

    @property
    def knobs(self) -> dict[str, float]:
        """The thresholds this bot plays with, by :data:`RULES_KNOBS`' names."""
        return {"margin": self.margin, "whist": self.whist_margin, "naming": self.naming_slack,
                "misere": self.misere_slack}

    def __call__(self, view: View) -> Move:
        if not view.legal:
            raise PreferansError("not_your_turn", f"seat {view.seat} has no move to make ({view.phase})",
                                 field="seat", value=view.seat)
        kinds = {m.kind for m in view.legal}
        if "bid" in kinds or (view.phase == "auction"):
            return self.bid(view)
        if "discard" in kinds:
            return self.discard(view)
        if "name" in kinds:
            return self.naming(view)
        if "whist" in kinds:
            return self.whist(view)
        if "open" in kinds:
            return next(m for m in view.legal if m.kind == "open")
        if "play" in kinds:
            return self.play(view)
        return view.legal[0]

    # -- the auction and the talon -----------------------------------------------------------------------

    def bid(self, view: View) -> Move:
        cards = _cards(view.hand)
        est, _strain = _best_strain(cards)
        level = int(est + TALON - self.margin)
        for m in view.legal:
            if m.kind != "bid" or not isinstance(m.arg, Contract):
                continue
            if m.arg == MISERE:
                if safe_misere(cards, slack=self.misere_slack):
                    return m
                continue
            if m.arg.level is not None and m.arg.level <= level and self._strain_ok(cards, m.arg, level):
                return m
        return view.legal[0]

    @staticmethod
    def _strain_ok(cards: list[int], contract: Contract, level: int) -> bool:
        trump = _trump_of(contract)
        return strain_tricks(cards, trump) + TALON >= (contract.level or 0) and (contract.level or 0) <= level

    def discard(self, view: View) -> Move:
        cards = _cards(view.hand)
        misere = view.contract == MISERE or view.bid == MISERE
        best: tuple[float, int] = (-99.0, 0)
        for i, m in enumerate(view.legal):
            rest = [c for c in cards if c not in m.cards]
            if misere:
                score = -float(sum(max(0, r - 7 - 2 * k) for s in range(4)
                             for k, r in enumerate(sorted(c & 15 for c in rest if c >> 4 == s))))
            else:
                score = _best_strain(rest)[0]
            if score > best[0]:
                best = (score, i)
        return view.legal[best[1]]

    def naming(self, view: View) -> Move:
        cards = _cards(view.hand)
        chosen = view.legal[0]
        best = -99.0
        for m in view.legal:
            if not isinstance(m.arg, Contract) or m.arg == MISERE or m.arg.level is None:
                continue
            est = strain_tricks(cards, _trump_of(m.arg))
            if est + self.naming_slack >= m.arg.level and (est, m.arg.level) > (best, chosen.arg.level if isinstance(
                    chosen.arg, Contract) and chosen.arg.level else 0):
                best, chosen = est, m
        return chosen

    # -- whisting ----------------------------------------------------------------------------------------

    def whist(self, view: View) -> Move:
        contract = view.contract
        if contract is None or contract.level is None:
            return view.legal[0]
        cards = _cards(view.hand)
        trump = _trump_of(contract)
        mine = sum(suit_tricks(_ranks(cards, s), trump=False) for s in range(4) if s != trump)
        if trump is not None:
            t = _ranks(cards, trump)
            mine += max(0.0, len(t) - 3) + (1 if 14 in t else 0) + (0.5 if 13 in t and len(t) >= 2 else 0)
        share = max(1, max(whister_shares(contract)))
        whist = next((m for m in view.legal if m.kind == "whist"), None)
        if whist is not None and mine >= share + self.whist_margin:
            return whist
        return view.legal[0]

    # -- the play ----------------------------------------------------------------------------------------

    def play(self, view: View) -> Move:
        assert view.trick is not None
        plays = view.trick.plays
        legal = [m.arg for m in view.legal if isinstance(m.arg, int)]
        trump = view.trump
        played = {c for t in view.tricks for _, c in t.plays} | {c for _, c in plays}
        played |= {t.talon for t in view.tricks if t.talon is not None}
        avoid = view.contract is None or (view.contract == MISERE and view.seat == view.declarer)
        if view.trick.talon is not None:
            lead_card: int | None = view.trick.talon
            table = [(-1, view.trick.talon)] + list(plays)
        else:
            lead_card = plays[0][1] if plays else None
            table = list(plays)
        def rank(c: int) -> int:
            return c & 15

        if lead_card is None:
            return Move("play", self._lead(view, legal, played, avoid))
        led = lead_card >> 4
        winner_seat, winner = _winning(table, led, trump)
        beats = [c for c in legal if _beats(c, winner, led, trump)]
        low = min(legal, key=lambda c: (c >> 4 == trump, rank(c)))
        if avoid:
            losers = [c for c in legal if c not in beats]
            if losers:
                return Move("play", max(losers, key=rank))
            return Move("play", max(legal, key=rank))
        if view.contract == MISERE:                     # a catcher: keep low cards, throw high ones
            return Move("play", max(legal, key=rank))
        partner = _partner(view)
        if winner_seat is not None and winner_seat == partner and winner_seat != view.seat:
            return Move("play", low)
        last = len(table) == 2 and view.trick.talon is None or len(table) == 3
        if beats and (last or any(_is_top(c, played, view) for c in beats)):
            return Move("play", min(beats, key=lambda c: (c >> 4 == trump, rank(c))))
        return Move("play", low)

    def _lead(self, view: View, legal: list[int], played: set[int], avoid: bool) -> int:
        if avoid:
            return min(legal, key=lambda c: c & 15)
        trump = view.trump
        tops = [c for c in legal if _is_top(c, played, view)]
        if trump is not None and view.seat == view.declarer:
            t = [c for c in tops if c >> 4 == trump]
            if t:
                return t[0]
        side = [c for c in tops if c >> 4 != trump]
        if side:
            return side[0]
        counts = {s: sum(1 for c in legal if c >> 4 == s) for s in range(4)}
        plain = [c for c in legal if c >> 4 != trump] or legal
        return min(plain, key=lambda c: (-counts[c >> 4], c & 15))


def _trump_of(contract: Contract) -> int | None:
    """The trump suit's int (the card's suit, 16 * suit + rank) of a contract; None in no-trump and misère."""
    if contract.strain is None or contract.strain.value == "NT":
        return None
    return SUIT_LETTERS.index(contract.strain.value)


def _winning(table: list[tuple[int, int]], led: int, trump: int | None) -> tuple[int | None, int]:
    best = table[0]
    for s, c in table[1:]:
        if _beats(c, best[1], led, trump):
            best = (s, c)
    return (None if best[0] < 0 else best[0]), best[1]


def _beats(c: int, w: int, led: int, trump: int | None) -> bool:
    if c >> 4 == w >> 4:
        return c & 15 > w & 15
    return trump is not None and c >> 4 == trump


def _is_top(c: int, played: set[int], view: View) -> bool:
    """No card of its suit above it is still out (played, or in the seat's own hand)."""
    mine = set(_cards(int(view.hand)))
    for s_cards in view.open_hands.values():
        mine |= set(_cards(int(s_cards)))
    return all((c & ~15) | r in played or (c & ~15) | r in mine for r in range((c & 15) + 1, 15))


def _partner(view: View) -> int | None:
    if view.declarer is None or view.seat == view.declarer or view.contract == MISERE:
        return None
    return next(s for s in view.active if s not in (view.seat, view.declarer))


class MonteCarloBot(RulesBot):
    """Rung 3: the play and the whist by expected settlement over worlds consistent with the view (see the
    module's docstring); ``limit`` worlds are solved exactly, beyond that ``samples`` drawn ones."""

    name = "montecarlo"
    rung = 3

    def __init__(self, seed: int | str = 0, *, samples: int = 12, limit: int = 48, margin: float = 0.0) -> None:
        super().__init__(seed, margin=margin)
        self.samples = samples
        self.limit = limit
        self._rng = random.Random(f"preferans-montecarlo:{seed}")
        self._solver = Solver(16)

    def play(self, view: View) -> Move:
        if view.contract is None and len(view.tricks) < 2:
            return super().play(view)
        if len(view.legal) == 1:
            return view.legal[0]
        a = analyse(view, limit=self.limit, samples=self.samples, seed=self._rng.randrange(2**62),
                    solver=self._solver)
        best = max(a.moves, key=lambda m: (m.mean_whists, m.mean_tricks if view.seat == view.declarer
                                            else -m.mean_tricks))
        return best.move

    def whist(self, view: View) -> Move:
        contract = view.contract
        if contract is None or contract.level is None or view.declarer is None:
            return super().whist(view)
        pricer = _Pricer(view, convention_of(view))
        act = view.active
        me = view.seat
        partner = next(s for s in act if s not in (me, view.declarer))
        said = {s: c for s, c in view.calls}
        partner_call = said.get(partner)
        mine = int(view.hand)
        unseen = [c for c in DECK if not mine >> c & 1 and c not in view.talon]
        talon = list(view.talon)
        trump = _trump_of(contract)
        values: dict[str, Fraction] = {"whist": Fraction(0), "pass": Fraction(0)}
        options = {m.kind: m for m in view.legal}
        for _ in range(max(2, self.samples // 2)):   # whole-deal solves: half the play's samples
            self._rng.shuffle(unseen)
            p_hand = unseen[:10]
            d12 = unseen[10:20] + talon
            d_hand = _discard_of(d12, trump)
            hands = {me: mine, partner: _mask(p_hand), view.declarer: _mask(d_hand)}
            tricks = self._solver.solve(tuple(hands[s] for s in act), to_play=0, trump=trump, kind="game",
                                        declarer=act.index(view.declarer))
            for call in ("whist", "pass"):
                if call not in options:
                    continue
                other = partner_call if partner_call is not None else (Call.WHIST if call == "pass" else Call.PASS)
                calls = {me: Call(call), partner: other}
                values[call] += self._price(pricer, view, calls, tricks, hands)
        choice = max((k for k in values if k in options), key=lambda k: values[k])
        return options[choice]

    @staticmethod
    def _price(pricer: _Pricer, view: View, calls: dict[int, Call], tricks: int,
               hands: dict[int, int]) -> Fraction:
        """The seat's gain when the declarer takes ``tricks`` and the defenders call ``calls`` (the
        defence's tricks shared evenly)."""
        assert view.declarer is not None
        defenders = [s for s in view.active if s != view.declarer]
        rest = 10 - tricks
        finals = {view.declarer: tricks, defenders[0]: rest // 2, defenders[1]: rest - rest // 2}
        i = view.active.index(view.declarer)
        order = [view.active[(i + 1) % 3], view.active[(i + 2) % 3]]
        return pricer.price_calls(finals, {s: calls[s] for s in order}, order, open_=False)


def _mask(cards: Iterable[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def _discard_of(cards: list[int], trump: int | None) -> list[int]:
    """The declarer's likely ten: the twelve less the two lowest cards outside trumps."""
    order = sorted(cards, key=lambda c: (c >> 4 == trump, c & 15))
    return sorted(order[2:])

