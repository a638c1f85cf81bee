"""`SearchBot`: determinized search from one seat's view.

For each decision the bot deals the cards it cannot see to the other three
seats, `k` times, each deal consistent with the public memory (a seat that
has shown out of a suit gets no card of it; every seat gets exactly as many
cards as it holds). For every legal card and every deal it plays the hand out
to its end with the playout bot (greedy) in all four seats, and it plays the
card with the best mean outcome for its team over the `k` deals. The same
deals serve every candidate card (common random numbers), so the comparison
between cards is not drowned by the luck of the deal.

The outcome of a hand, for the searching seat's team, is the hand's points
(`points_win`, `points_kot`, `points_hakem_kot` of the configuration: 1, 2, 3
by default) when its team takes the hand and minus the opponents' points
when they do. Ties in the mean outcome go to the larger mean trick margin
(our tricks minus theirs when the hand ends), then to the card the playout
bot itself would play, then to the lowest card.

As hakem it names trump the same way: it deals the 47 cards it has not seen
(8 more to itself, 13 to each other seat) `k` times and plays each deal out
once per suit as trump, leading the first trick as the hakem does.

Blind by construction: the bot reads its `View` and the `Memory` built from
that view, nothing else (the tests check this module's imports). Decisions
are deterministic: the random stream of each decision is seeded from the
bot's seed and the public position, so two positions that differ only in
cards the bot cannot see get the same decision, and a replay gets the same
game.

Pure Python over masks: the playout is a copy of `GreedyBot`'s rules on
64-bit card masks (checked against `GreedyBot` card for card in the tests),
because building a `View` for every simulated card would cost a hundred
times more.
"""
from __future__ import annotations

import random
from collections.abc import Callable

from kozyr.cards import SUITS
from kozyr.errors import shown
from kozyr.hokm._tables import CARD_BIT, DECK_MASK, LANE, SUIT_OF, cards_of
from kozyr.hokm.bots import GreedyBot, RandomBot
from kozyr.hokm.config import HokmConfig
from kozyr.hokm.errors import HokmError
from kozyr.hokm.memory import Memory
from kozyr.hokm.randomness import RandomSource, make_rng
from kozyr.hokm.view import View

__all__ = ["SearchBot", "DEFAULT_K", "greedy_card", "playout"]

#: Deals sampled per decision by default: measured in benchmarks/hokm_strength.py
#: (strength against greedy, and the seconds a decision takes): at 64 the search pair
#: won 78.7 % [73.6, 83.0] of 300 paired matches at 21.5 ms a decision; at 24, 69.8 %.
DEFAULT_K = 64

#: card -> suit for every int 0..63 (-1 for ints that are not cards): list
#: indexing is the cheapest lookup in the playout's inner loop.
_SUIT = [SUIT_OF.get(c, -1) for c in range(64)]


def greedy_card(hand: int, lead: int, win_seat: int, win_card: int, win_trumped: bool, played: int,
                seat: int, trump: int, strength: tuple[int, ...]) -> int:
    """`GreedyBot.play` on masks: the card seat plays holding `hand`.

    `lead` is the suit led (-1 when seat leads), `win_seat`/`win_card` the
    trick's current winner (-1 when seat leads), `win_trumped` whether a
    trump is in the trick, `played` every card played this hand so far. Every
    configured strength is positive (a `Hand` requires it).
    """
    if lead < 0:
        # Lead from the longest side suit (ties: stronger top card, lower suit).
        best_suit, best_key = trump, None
        for s in SUITS:
            if s == trump:
                continue
            m = hand & LANE[s]
            if m:
                top = max(cards_of(m), key=lambda c: strength[c])
                key = (m.bit_count(), strength[top], -s)
                if best_key is None or key > best_key:
                    best_suit, best_key = s, key
        mine = cards_of(hand & LANE[best_suit])
        top = max(mine, key=lambda c: (strength[c], c))
        unseen = LANE[best_suit] & ~played & ~hand
        top_strength = strength[top]
        while unseen:
            low = unseen & -unseen
            if strength[low.bit_length() - 1] >= top_strength:
                return min(mine, key=lambda c: (strength[c], c))
            unseen ^= low
        return top
    follow = hand & LANE[lead]
    legal = follow if follow else hand
    if legal & (legal - 1) == 0:
        return legal.bit_length() - 1
    cards = cards_of(legal)

    def cheap(c: int) -> tuple[bool, int, int]:
        return (_SUIT[c] == trump, strength[c], c)

    if win_seat == (seat + 2) & 3:
        return min(cards, key=cheap)
    win_suit = _SUIT[win_card]
    win_strength = strength[win_card]
    takers = [c for c in cards
              if (_SUIT[c] == win_suit and strength[c] > win_strength)
              or (_SUIT[c] == trump and not win_trumped)]
    return min(takers or cards, key=cheap)


def _random_card(rng: random.Random) -> Callable[..., int]:
    def pick(hand: int, lead: int, win_seat: int, win_card: int, win_trumped: bool, played: int,
             seat: int, trump: int, strength: tuple[int, ...]) -> int:
        follow = hand & LANE[lead] if lead >= 0 else 0
        cards = cards_of(follow if follow else hand)
        return cards[rng.randrange(len(cards))]
    return pick


def playout(hands: list[int], trump: int, hakem: int, to_act: int, trick: list[tuple[int, int]],
            tricks_won: tuple[int, int], played: int, config: HokmConfig,
            policy: Callable[..., int] = greedy_card, first: int = -1) -> tuple[int, int, int]:
    """Play a hand to its end from a position with `policy` in every seat.

    `hands` (changed in place) are the four seats' masks, `trick` the current
    trick's plays so far (fewer than four), `to_act` the seat on turn, `first`
    (if given) the card that seat plays before the policy takes over. Returns
    (the winning team, its points, team 0's tricks minus team 1's).
    """
    strength = config.card_strength
    need = config.tricks_to_win
    t0, t1 = tricks_won
    seat = to_act
    lead = win_seat = win_card = -1
    win_trumped = False
    n = len(trick)
    for s, c in trick:
        cs = _SUIT[c]
        if lead < 0:
            lead, win_seat, win_card, win_trumped = cs, s, c, cs == trump
        elif cs == _SUIT[win_card]:
            if strength[c] > strength[win_card]:
                win_seat, win_card = s, c
        elif cs == trump:
            win_seat, win_card, win_trumped = s, c, True
    c = first
    while True:
        if c < 0:
            c = policy(hands[seat], lead, win_seat, win_card, win_trumped, played, seat, trump, strength)
        bit = 1 << c
        hands[seat] ^= bit
        played |= bit
        cs = _SUIT[c]
        if lead < 0:
            lead, win_seat, win_card, win_trumped = cs, seat, c, cs == trump
        elif cs == _SUIT[win_card]:
            if strength[c] > strength[win_card]:
                win_seat, win_card = seat, c
        elif cs == trump:
            win_seat, win_card, win_trumped = seat, c, True
        c = -1
        n += 1
        if n < 4:
            seat = (seat + 1) & 3
            continue
        if win_seat & 1:
            t1 += 1
            if t1 >= need:
                break
        else:
            t0 += 1
            if t0 >= need:
                break
        seat = win_seat
        n = 0
        lead = win_seat = win_card = -1
        win_trumped = False
    winner = 0 if t0 >= need else 1
    return winner, config.hand_points(t1 if winner == 0 else t0, winner == hakem & 1), t0 - t1


def sample_deal(rng: random.Random, unseen: int, seats: tuple[int, ...], sizes: tuple[int, ...],
                voids: tuple[int, ...]) -> list[int]:
    """Deal the `unseen` cards to `seats` (sizes[i] cards each), no seat a card of a suit it is void in.

    Cards go one at a time in a random order to a seat drawn in proportion to
    the room it has left, among the seats that keep the rest of the deal
    possible (Hall's condition over the suits' sets of eligible seats, checked
    exactly: three seats give seven subsets). Returns one mask per seat of `seats`.
    """
    n = len(seats)
    cards = cards_of(unseen)
    rng.shuffle(cards)
    # eligible[s]: bit set of seat indexes that may hold a card of suit s
    eligible = [sum(1 << i for i in range(n) if not voids[seats[i]] >> s & 1) for s in SUITS]
    left = [(unseen & LANE[s]).bit_count() for s in SUITS]
    room = list(sizes)
    out = [0] * n
    subsets = range(1, 1 << n)

    def possible() -> bool:
        for sub in subsets:
            cap = 0
            for i in range(n):
                if sub >> i & 1:
                    cap += room[i]
            need = 0
            for s in SUITS:
                if eligible[s] & ~sub == 0:
                    need += left[s]
            if need > cap:
                return False
        return True

    constrained = any(e != (1 << n) - 1 for e in eligible)
    for c in cards:
        s = _SUIT[c]
        left[s] -= 1
        options = [i for i in range(n) if eligible[s] >> i & 1 and room[i] > 0]
        while True:
            total = sum(room[i] for i in options)
            pick = rng.randrange(total)
            for i in options:
                pick -= room[i]
                if pick < 0:
                    break
            room[i] -= 1
            if not constrained or possible():
                break
            room[i] += 1
            options.remove(i)
            if not options:  # pragma: no cover - the true deal always satisfies the memory
                raise HokmError("inconsistent_memory", "no deal of the unseen cards fits the known voids")
        out[i] |= CARD_BIT[c]
    return out


#: Playout policies by the bot class they copy.
_POLICIES: dict[type, str] = {GreedyBot: "greedy", RandomBot: "random"}


class SearchBot:
    """Determinized search over `k` deals per decision (see the module docstring).

    `SearchBot(k=24, playout=GreedyBot, seed=0)`: `k` deals per decision,
    the playout bot class (`GreedyBot`, or `RandomBot` for a weak baseline),
    and the seed (an int, a `random.Random` or numpy `Generator`, from which
    one base number is drawn at construction).
    """

    name = "search"

    def __init__(self, rng: RandomSource | int | None = None, *, k: int = DEFAULT_K,
                 playout: type = GreedyBot, seed: RandomSource | int | None = None) -> None:
        if isinstance(k, bool) or not isinstance(k, int) or k < 1:
            raise HokmError("bad_config", f"k={shown(k)}: expected a whole number, 1 or more", field="k", value=k)
        if playout not in _POLICIES:
            raise HokmError("bad_config", f"playout={shown(playout)}: expected GreedyBot or RandomBot",
                            field="playout", value=playout)
        source = make_rng(seed if seed is not None else rng)
        if isinstance(source, random.Random):
            self._base = source.getrandbits(64)
        else:
            self._base = int(source.integers(1 << 62))
        self.k = k
        self.playout = playout

    def _rng(self, view: View, what: str) -> random.Random:
        """The random stream of one decision: from the seed and the public position only."""
        trick = ",".join(f"{s}{c}" for s, c in view.trick)
        return random.Random(f"{self._base}:{what}:{view.hand_number}:{view.seat}:{view.hakem}:"
                             f"{view.trump}:{len(view.completed)}:{trick}:{int(view.hand)}:{int(view.played)}")

    def _policy(self, rng: random.Random) -> Callable[..., int]:
        return greedy_card if self.playout is GreedyBot else _random_card(rng)

    # -- naming trump ----------------------------------------------------------------
    def choose_trump(self, view: View) -> int:
        seat = view.seat
        config = view.config
        rng = self._rng(view, "trump")
        policy = self._policy(rng)
        own = int(view.hand)
        full = 13  # every seat holds 13 once the deal completes
        others = tuple((seat + i) & 3 for i in (1, 2, 3))
        seats = (seat, *others)
        sizes = (full - own.bit_count(), full, full, full)
        totals = {s: [0, 0] for s in SUITS}
        team = seat & 1
        for _ in range(self.k):
            dealt = sample_deal(rng, DECK_MASK & ~own, seats, sizes, (0, 0, 0, 0))
            hands = [0, 0, 0, 0]
            for i, s in enumerate(seats):
                hands[s] = dealt[i]
            hands[seat] |= own
            for suit in SUITS:
                winner, points, margin = playout(list(hands), suit, view.hakem, view.hakem, [], (0, 0), 0,
                                                 config, policy)
                totals[suit][0] += points if winner == team else -points
                totals[suit][1] += margin if team == 0 else -margin
        greedy = GreedyBot().choose_trump(view)
        return max(SUITS, key=lambda s: (totals[s][0], totals[s][1], s == greedy, -s))

    # -- playing a card ----------------------------------------------------------------
    def play(self, view: View) -> int:
        legal = int(view.legal)
        if legal & (legal - 1) == 0:
            return legal.bit_length() - 1
        seat = view.seat
        config = view.config
        trump = view.trump
        assert trump is not None
        memory = Memory.from_view(view)
        own = int(view.hand)
        unseen = int(memory.unseen(view.hand))
        others = tuple((seat + i) & 3 for i in (1, 2, 3))
        sizes = tuple(view.cards_held[s] for s in others)
        rng = self._rng(view, "play")
        policy = self._policy(rng)
        candidates = cards_of(legal)
        totals = {c: [0, 0] for c in candidates}
        team = seat & 1
        played = int(memory.played)
        trick = list(view.trick)
        tricks_won = view.tricks_won
        for _ in range(self.k):
            dealt = sample_deal(rng, unseen, others, sizes, memory.voids)
            hands = [0, 0, 0, 0]
            for i, s in enumerate(others):
                hands[s] = dealt[i]
            for c in candidates:
                hands[seat] = own
                winner, points, margin = playout(list(hands), trump, view.hakem, seat, trick, tricks_won,
                                                 played, config, policy, first=c)
                totals[c][0] += points if winner == team else -points
                totals[c][1] += margin if team == 0 else -margin
        greedy = GreedyBot().play(view)
        return max(candidates, key=lambda c: (totals[c][0], totals[c][1], c == greedy, -c))
