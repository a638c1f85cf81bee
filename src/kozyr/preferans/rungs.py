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

Rung 3 chooses every decision by its expected settlement under the view's convention (the scorer
prices each outcome as the seat's gain in the deal's settlement), not by tricks:
- *bidding*: over ``bid_worlds`` layouts of the other hands and the talon, the seat's hand and the talon are
  cut to ten for each likely strain (the two lowest cards outside trumps), the deal is solved double-dummy
  with first hand leading, and each game contract of that strain is priced with the defenders whisting as
  rung 2 does (each by its count against its share of the quota; a lone whister open; a checked ten by
  both); misère likewise (the discard of least misère danger), and raspasy as the seat's guaranteed tricks
  against the other two, the rest shared evenly (from the first lead, the two talon-led tricks left out).
  The seat bids the cheapest legal bid when the best contract it allows is worth more than passing, and
  misère when that is worth more still. Passing is worth raspasy's value when the other two have passed,
  half of it while one of them may still bid (his game is counted as even for the seat). The table is
  computed once a deal; the later calls compare it with the new cheapest bid;
- *discard and naming*: over ``talon_worlds`` layouts of the defenders' hands, the few best discards by
  rung 2's count for each of the two likeliest strains (or, in misère, the four of least danger) are
  solved with every contract of that strain not below the bid, and the pair and contract of best mean
  settlement are taken (the contract is kept for the naming);
- *whisting*: the declarer's hand dealt consistent with the view, the contract solved in each world, and
  whisting and passing compared in the settlement;
- *open or closed*: priced over layouts of the declarer's hand; the same double-dummy tricks make them equal
  except where the convention scores an open defence apart, and a tie goes to open;
- *play*: :func:`~kozyr.preferans.analysis.analyse` (every world when they are few, otherwise a uniform
  sample), the card of highest mean gain. The two talon-led tricks of raspasy are rung 2's (the solver
  does not model them).
"""
from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction

from kozyr.cards import SUIT_LETTERS
from kozyr.preferans.analysis import DECK, _Pricer, analyse, convention_of
from kozyr.preferans.contracts import MISERE, Contract, Strain, whister_shares
from kozyr.preferans.convention import Convention
from kozyr.preferans.core.solver import Solver
from kozyr.preferans.deal import Call
from kozyr.preferans.errors import PreferansError
from kozyr.preferans.moves import Move
from kozyr.preferans.views import View

__all__ = ["RulesBot", "RULES_KNOBS", "Knob", "MonteCarloBot", "defence_count", "suit_tricks", "strain_tricks",
           "safe_misere"]

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
    """Rung 3: every decision by its expected settlement over worlds consistent with the view (see the
    module's docstring). In the play ``limit`` worlds are solved exactly, beyond that ``samples`` drawn
    ones; the auction solves ``bid_worlds`` layouts of the other hands and the talon, the talon phase and
    the naming ``talon_worlds`` layouts of the defenders' hands."""

    name = "montecarlo"
    rung = 3

    def __init__(self, seed: int | str = 0, *, samples: int = 12, limit: int = 48, bid_worlds: int = 6,
                 talon_worlds: int = 6, margin: float = 0.0) -> None:
        super().__init__(seed, margin=margin)
        self.samples = samples
        self.limit = limit
        self.bid_worlds = bid_worlds
        self.talon_worlds = talon_worlds
        self._rng = random.Random(f"preferans-montecarlo:{seed}")
        self._solver = Solver(16)
        self._auction: tuple[tuple[object, ...], _AuctionValues] | None = None
        self._plan: tuple[tuple[object, ...], Contract] | None = None

    # -- worlds ------------------------------------------------------------------------------------------

    def _layouts(self, view: View, n: int, *, talon: bool) -> list[tuple[dict[int, int], tuple[int, ...]]]:
        """``n`` layouts of the cards the seat does not see: the other two active hands (ten cards each,
        as masks) and, before the talon is turned (``talon``), the talon's two cards, uniformly drawn
        (rung 4 weights them by the calls)."""
        me = view.seat
        mine = int(view.hand)
        seen = set() if talon else set(view.talon) | set(view.discard)
        unseen = [c for c in DECK if not mine >> c & 1 and c not in seen]
        others = [s for s in view.active if s != me]
        out = []
        for _ in range(n):
            self._rng.shuffle(unseen)
            hands = {others[0]: _mask(unseen[:10]), others[1]: _mask(unseen[10:20])}
            out.append((hands, tuple(sorted(unseen[20:22])) if talon else ()))
        return out

    # -- the auction ---------------------------------------------------------------------------------------

    def bid(self, view: View) -> Move:
        table = self._auction_values(view)
        games = [m for m in view.legal if m.kind == "bid" and isinstance(m.arg, Contract) and m.arg != MISERE]
        misere = next((m for m in view.legal if m.kind == "bid" and m.arg == MISERE), None)
        others_out = all(any(s == o and c is None for s, c in view.auction) for o in view.active if o != view.seat)
        best: tuple[Fraction, Move] = (table.raspasy * (1 if others_out else Fraction(1, 2)), view.legal[0])
        if games:
            cheapest = games[0].arg
            assert isinstance(cheapest, Contract)
            v = max((x for c, x in table.games.items() if c >= cheapest), default=None)
            if v is not None and v > best[0]:
                best = (v, games[0])
        if misere is not None and table.misere is not None and table.misere > best[0]:
            best = (table.misere, misere)
        return best[1]

    def _auction_values(self, view: View) -> _AuctionValues:
        """The mean settlement, over sampled layouts of the other hands and the talon, of each game contract
        the seat could declare, of misère, and of raspasy; computed once a deal (the calls after the
        first reuse it)."""
        key = (view.seat, int(view.hand), view.dealer, view.active, view.min_level, self._key_extra(view))
        if self._auction is not None and self._auction[0] == key:
            return self._auction[1]
        conv = convention_of(view)
        me = view.seat
        act = view.active
        i = act.index(me)
        mine = _cards(int(view.hand))
        layouts = self._layouts(view, self.bid_worlds, talon=True)
        ests = {t: strain_tricks(mine, t) for t in (0, 3, 2, 1, None)}
        top = max(ests.values())
        strains = [t for t, e in ests.items() if e + 2.5 >= 6 and e + 1.5 >= top]   # hopeless strains skipped
        games: dict[Contract, Fraction] = {}
        pricers: dict[Contract, _Pricer] = {}
        n = len(layouts)
        misere_ok = any(m.arg == MISERE for m in view.legal) and _misere_danger(mine) <= 6
        misere_total = Fraction(0)
        raspasy_total = Fraction(0)
        rpricer = _Pricer(view, conv, declarer=None, contract=None)
        raspasy_n = max(1, min(n, 4))
        for k, (hands, talon) in enumerate(layouts):
            d12 = mine + list(talon)
            for t in strains:
                ten = _discard_of(d12, t)
                full = dict(hands)
                full[me] = _mask(ten)
                tricks = self._solver.solve(tuple(full[s] for s in act), to_play=0, trump=t, kind="game",
                                            declarer=i)
                for c in _contracts_of(t, view.min_level):
                    pr = pricers.get(c)
                    if pr is None:
                        pr = pricers[c] = _Pricer(view, conv, declarer=me, contract=c)
                    games[c] = games.get(c, Fraction(0)) + _price_contract(pr, view, me, c, tricks, full)
            if misere_ok:
                ten = _misere_discard(d12)
                full = dict(hands)
                full[me] = _mask(ten)
                tricks = self._solver.solve(tuple(full[s] for s in act), to_play=0, kind="misere", declarer=i)
                pr = pricers.get(MISERE) or _Pricer(view, conv, declarer=me, contract=MISERE)
                pricers[MISERE] = pr
                misere_total += pr.price_calls(_finals(act, me, tricks, {}), {}, [], open_=True)
            if k < raspasy_n:
                full = dict(hands)
                full[me] = _mask(mine)
                g = self._solver.solve(tuple(full[s] for s in act), to_play=0, kind="raspasy", seat=i)
                raspasy_total += rpricer.price_calls(_finals(act, me, g, {}), {}, [], open_=False)
        values = _AuctionValues({c: v / n for c, v in games.items()},
                                misere_total / n if misere_ok else None, raspasy_total / raspasy_n)
        self._auction = (key, values)
        return values

    def _key_extra(self, view: View) -> object:
        """What else the auction's worlds depend on (rung 3: nothing; a subclass that reads the calls
        adds them)."""
        return None

    # -- the talon and the naming ------------------------------------------------------------------------

    def discard(self, view: View) -> Move:
        """Candidate discards (the few best by rung 2's count for each likely strain, or for misère) are
        solved over layouts of the defenders' hands with each contract they allow; the discard of the best
        mean settlement is made and its contract kept for the naming."""
        assert view.declarer == view.seat
        conv = convention_of(view)
        me = view.seat
        act = view.active
        i = act.index(me)
        twelve = _cards(int(view.hand))
        layouts = self._layouts(view, self.talon_worlds, talon=False)
        pairs = [(m, [c for c in twelve if c not in m.cards]) for m in view.legal]
        if view.bid == MISERE or view.contract == MISERE:
            ranked = sorted(pairs, key=lambda p: _misere_danger(p[1]))[:4]
            pr = _Pricer(view, conv, declarer=me, contract=MISERE)
            best_m: tuple[Fraction, Move] | None = None
            for m, rest in ranked:
                total = Fraction(0)
                for hands, _t in layouts[:4]:
                    full = dict(hands)
                    full[me] = _mask(rest)
                    tricks = self._solver.solve(tuple(full[s] for s in act), to_play=0, kind="misere",
                                                declarer=i)
                    total += pr.price_calls(_finals(act, me, tricks, {}), {}, [], open_=True)
                if best_m is None or total > best_m[0]:
                    best_m = (total, m)
            assert best_m is not None
            return best_m[1]
        bid = view.bid
        assert bid is not None
        ests = {t: strain_tricks(twelve, t) for t in (0, 3, 2, 1, None)}
        strains = sorted(ests, key=lambda t: -ests[t])[:2]
        candidates: list[tuple[Move, list[int], int | None]] = []
        for t in strains:
            ranked = sorted(pairs, key=lambda p: (-strain_tricks(p[1], t), sum(c & 15 for c in p[0].cards)))
            ten = _discard_of(twelve, t)
            chosen = [p for p in ranked[:2]] + [p for p in pairs if p[1] == ten]
            seen: set[Move] = set()
            for m, rest in chosen:
                if m not in seen:
                    seen.add(m)
                    candidates.append((m, rest, t))
        best: tuple[Fraction, Move, Contract] | None = None
        for m, rest, t in candidates:
            value, contract = self._best_contract(view, conv, layouts, rest, t, bid)
            if contract is not None and (best is None or value > best[0]):
                best = (value, m, contract)
        if best is None:
            return super().discard(view)
        kept = int(view.hand) & ~_mask(best[1].cards)
        self._plan = ((me, kept, view.talon, str(bid)), best[2])
        return best[1]

    def _best_contract(self, view: View, conv: Convention, layouts: list[tuple[dict[int, int], tuple[int, ...]]],
                       ten: list[int], trump: int | None, bid: Contract) -> tuple[Fraction, Contract | None]:
        """(mean settlement, contract) of the best contract of strain ``trump`` not below ``bid`` with the
        declarer's ``ten`` over ``layouts``."""
        me = view.seat
        act = view.active
        i = act.index(me)
        contracts = [c for c in _contracts_of(trump, view.min_level) if c >= bid]
        if not contracts:
            return Fraction(0), None
        totals = dict.fromkeys(contracts, Fraction(0))
        pricers = {c: _Pricer(view, conv, declarer=me, contract=c) for c in contracts}
        for hands, _t in layouts:
            full = dict(hands)
            full[me] = _mask(ten)
            tricks = self._solver.solve(tuple(full[s] for s in act), to_play=0, trump=trump, kind="game",
                                        declarer=i)
            for c in contracts:
                totals[c] += _price_contract(pricers[c], view, me, c, tricks, full)
        c = max(contracts, key=lambda x: totals[x])
        return totals[c] / len(layouts), c

    def naming(self, view: View) -> Move:
        names = {m.arg: m for m in view.legal if isinstance(m.arg, Contract)}
        if self._plan is not None:
            key, contract = self._plan
            if key == (view.seat, int(view.hand), view.talon, str(view.bid)) and contract in names:
                return names[contract]
        bid = view.bid
        assert bid is not None
        conv = convention_of(view)
        layouts = self._layouts(view, self.talon_worlds, talon=False)
        ten = _cards(int(view.hand))
        best: tuple[Fraction, Contract] | None = None
        for t in (0, 3, 2, 1, None):
            value, named = self._best_contract(view, conv, layouts, ten, t, bid)
            if named is not None and named in names and (best is None or value > best[0]):
                best = (value, named)
        return names[best[1]] if best is not None else view.legal[0]

    # -- whisting, the defence and the play ------------------------------------------------------------------

    def defence(self, view: View) -> Move:
        """Open or closed by the settlement over layouts of the declarer's hand. Double-dummy tricks are
        the same either way, so the two differ only where the convention prices an open defence apart
        (``split_closed``); a tie goes to open, the play in which a lone whister steers both defending
        hands as the double-dummy value assumes."""
        options = {m.kind: m for m in view.legal}
        contract = view.contract
        if contract is None or view.declarer is None:
            return options.get("open", view.legal[0])
        pricer = _Pricer(view, convention_of(view))
        act = view.active
        i = act.index(view.declarer)
        order = [act[(i + 1) % 3], act[(i + 2) % 3]]
        calls = dict(view.calls)
        trump = _trump_of(contract)
        mine = int(view.hand)
        unseen = [c for c in DECK if not mine >> c & 1 and c not in view.talon]
        talon = list(view.talon)
        partner = next(s for s in act if s not in (view.seat, view.declarer))
        totals = {"open": Fraction(0), "closed": Fraction(0)}
        for _ in range(max(2, self.samples // 3)):
            self._rng.shuffle(unseen)
            hands = {view.seat: mine, partner: _mask(unseen[:10]),
                     view.declarer: _mask(_discard_of(unseen[10:20] + talon, trump))}
            tricks = self._solver.solve(tuple(hands[s] for s in act), to_play=0, trump=trump, kind="game",
                                        declarer=i)
            finals = _finals(act, view.declarer, tricks, {})
            for mode in totals:
                totals[mode] += pricer.price_calls(finals, {s: calls[s] for s in order if s in calls}, order,
                                                   open_=mode == "open")
        if "closed" in options and totals["closed"] > totals["open"]:
            return options["closed"]
        return options.get("open", view.legal[0])

    def __call__(self, view: View) -> Move:
        if view.legal and view.legal[0].kind in ("open", "closed"):
            return self.defence(view)
        return super().__call__(view)

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
        trump = _trump_of(contract)
        values: dict[str, Fraction] = {"whist": Fraction(0), "pass": Fraction(0)}
        options = {m.kind: m for m in view.legal}
        for hands10, _t in self._whist_layouts(view, max(2, self.samples // 2)):
            # whole-deal solves: half the play's samples
            d12 = _cards(hands10[view.declarer]) + list(view.talon)
            hands = {me: mine, partner: hands10[partner], view.declarer: _mask(_discard_of(d12, trump))}
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

    def _whist_layouts(self, view: View, n: int) -> list[tuple[dict[int, int], tuple[int, ...]]]:
        """Layouts for the whist: the partner's ten and the declarer's ten before the talon joins it."""
        return self._layouts(view, n, talon=False)

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


@dataclass(frozen=True)
class _AuctionValues:
    """The seat's mean settlement as declarer of each game contract, of misère (None: not considered)
    and of raspasy."""

    games: dict[Contract, Fraction]
    misere: Fraction | None
    raspasy: Fraction


STRAINS = {0: Strain.SPADES, 3: Strain.CLUBS, 2: Strain.DIAMONDS, 1: Strain.HEARTS, None: Strain.NO_TRUMP}


def _contracts_of(trump: int | None, min_level: int) -> list[Contract]:
    return [Contract(level, STRAINS[trump]) for level in range(max(6, min_level), 11)]


def _finals(active: tuple[int, int, int], counted: int, tricks: int, won: dict[int, int]) -> dict[int, int]:
    """Final tricks: ``counted`` takes ``tricks``, the other two share the rest evenly."""
    others = [s for s in active if s != counted]
    rest = 10 - tricks
    return {counted: tricks, others[0]: rest - rest // 2, others[1]: rest // 2}


def defence_count(cards: list[int], trump: int | None) -> float:
    """Rung 2's count of the tricks a defender's hand should take against a contract in ``trump``."""
    mine = sum(suit_tricks(_ranks(cards, s), trump=False) for s in range(4) if s != trump)
    if trump is not None:
        t = _ranks(cards, trump)
        mine += max(0.0, len(t) - 3) + (1 if 14 in t else 0) + (0.5 if 13 in t and len(t) >= 2 else 0)
    return mine


def _price_contract(pricer: _Pricer, view: View, declarer: int, contract: Contract, tricks: int,
                    hands: dict[int, int]) -> Fraction:
    """The seat's gain when ``declarer`` plays ``contract`` and takes ``tricks``, the defenders whisting as
    rung 2 does (each by its count against its share of the quota; a lone whister plays open) and a
    checked ten whisted by both, open."""
    act = view.active
    i = act.index(declarer)
    order = [act[(i + 1) % 3], act[(i + 2) % 3]]
    finals = _finals(act, declarer, tricks, {})
    if contract.level == 10 and view.params.get("ten_checked", True):
        return pricer.price_calls(finals, dict.fromkeys(order, Call.WHIST), order, open_=True)
    trump = _trump_of(contract)
    share = max(1, max(whister_shares(contract)))
    calls = {s: Call.WHIST if defence_count(_cards(hands[s]), trump) >= share else Call.PASS for s in order}
    lone = sum(c == Call.WHIST for c in calls.values()) == 1
    return pricer.price_calls(finals, calls, order, open_=lone)


def _misere_danger(cards: list[int]) -> int:
    """How far a hand is from a safe misère: in each suit, the sum of how much the k-th lowest card
    exceeds 7 + 2k (0 is :func:`safe_misere`)."""
    return sum(max(0, r - 7 - 2 * k) for s in range(4)
               for k, r in enumerate(sorted(c & 15 for c in cards if c >> 4 == s)))


def _misere_discard(twelve: list[int]) -> list[int]:
    """The ten of twelve cards with the least misère danger (ties: the first pair in reference order)."""
    best: tuple[int, list[int]] | None = None
    cards = sorted(twelve)
    for a in range(12):
        for b in range(a + 1, 12):
            rest = [c for k, c in enumerate(cards) if k not in (a, b)]
            d = _misere_danger(rest)
            if best is None or d < best[0]:
                best = (d, rest)
    assert best is not None
    return best[1]


def _mask(cards: Iterable[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def _discard_of(cards: list[int], trump: int | None) -> list[int]:
    """The declarer's likely ten: the twelve less the two lowest cards outside trumps."""
    order = sorted(cards, key=lambda c: (c >> 4 == trump, c & 15))
    return sorted(order[2:])

