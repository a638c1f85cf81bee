"""A match of hokm: hands until a team reaches the target.

The match finds the first hakem (an ace deal, or a random seat if the
configuration says so), then plays hands. After each hand, as separate
steps, it adds the hand's points to the winning team, checks the target (a
kot may overshoot it; the match ends at once), and rotates the hakem (the
hakem stays when the hakem's team won, otherwise seat hakem + 1 takes over)
before dealing the next hand from the same random source.
"""
from __future__ import annotations

from kozyr.cards import ACE, CardSet, rank_of
from kozyr.errors import shown
from kozyr.hokm.config import DEFAULT_CONFIG, SEATS, FirstHakem, HokmConfig
from kozyr.hokm.errors import HokmError, IllegalPlay
from kozyr.hokm.hand import DECK, Hand, HandResult
from kozyr.hokm.randomness import RandomSource, make_rng, randbelow, shuffled
from kozyr.hokm.trick import TrickResult
from kozyr.hokm.view import Phase, View

__all__ = ["Match", "ace_deal"]


def ace_deal(rng: RandomSource, start: int = 0) -> tuple[tuple[int, int], ...]:
    """Turn cards up one to each seat in turn from `start` until an ace appears.

    Returns the cards turned, as (seat, card) in order; the last one is the
    ace and its seat is the first hakem.
    """
    if isinstance(start, bool) or start not in (0, 1, 2, 3):
        raise HokmError("unknown_seat", f"seat {shown(start)} is not a seat 0..3", seat=start)
    turned: list[tuple[int, int]] = []
    for i, c in enumerate(shuffled(rng, DECK)):
        seat = (start + i) % SEATS
        turned.append((seat, c))
        if rank_of(c) == ACE:
            break
    return tuple(turned)


class Match:
    """Hands of hokm until a team reaches `config.match_target` points.

    `rng` (an int seed, `random.Random` or numpy `Generator`) drives the
    first-hakem choice and every deal, so the same seed gives the same
    deals. `ace_deal_from` is the seat that receives the first card turned
    up in the ace deal.

    The table API mirrors `Hand`: `phase`, `to_act`, `legal_moves(seat)`,
    `view(seat)`, `choose_trump(seat, suit)`, `play(seat, card)`. The hand in
    progress is `match.hand`; after the match ends it is the last hand.
    """

    def __init__(
        self,
        *,
        config: HokmConfig = DEFAULT_CONFIG,
        rng: RandomSource | int | None = None,
        ace_deal_from: int = 0,
    ) -> None:
        self.config = config
        self._rng = make_rng(rng)
        if config.first_hakem is FirstHakem.ACE_DEAL:
            #: The cards turned up to find the first hakem (empty if random).
            self.ace_deal = ace_deal(self._rng, ace_deal_from)
            hakem = self.ace_deal[-1][0]
        else:
            self.ace_deal = ()
            hakem = randbelow(self._rng, SEATS)
        self.first_hakem = hakem
        self._scores = [0, 0]
        #: Results of the finished hands, in order.
        self.results: list[HandResult] = []
        #: The winning team once the match is over, else None.
        self.winner: int | None = None
        self.hand = Hand(hakem, config=config, rng=self._rng, scores=(0, 0), hand_number=1)
        #: Every hand dealt so far, in order (the last is `hand`): what a game record writes.
        self.hands: list[Hand] = [self.hand]

    # -- reading -----------------------------------------------------------
    @property
    def scores(self) -> tuple[int, int]:
        """Match points of team 0 (seats 0+2) and team 1 (seats 1+3)."""
        return (self._scores[0], self._scores[1])

    @property
    def over(self) -> bool:
        return self.winner is not None

    @property
    def phase(self) -> Phase:
        return Phase.OVER if self.winner is not None else self.hand.phase

    @property
    def hakem(self) -> int:
        return self.hand.hakem

    @property
    def to_act(self) -> int | None:
        return None if self.winner is not None else self.hand.to_act

    def legal_moves(self, seat: int) -> CardSet:
        """The cards `seat` may play now (empty when it may not play)."""
        if self.winner is not None:
            return CardSet(0)
        return self.hand.legal_moves(seat)

    def view(self, seat: int) -> View:
        """What `seat` may know: its cards, the table, the scores."""
        return self.hand.view(seat)

    # -- acting ------------------------------------------------------------
    def choose_trump(self, seat: int, suit: int) -> None:
        """The hakem names trump (see `Hand.choose_trump`)."""
        if self.winner is not None:
            raise IllegalPlay("game_over", f"the match is over; seat {shown(seat)} cannot name trump", seat=seat)
        self.hand.choose_trump(seat, suit)

    def play(self, seat: int, card: int) -> TrickResult | None:
        """`seat` plays `card` (see `Hand.play`); may finish the hand and the match.

        When the play ends a hand, the match scores it and, unless the match
        is now over, rotates the hakem and deals the next hand before
        returning. The finished hand's result is `match.results[-1]`.
        """
        if self.winner is not None:
            raise IllegalPlay("game_over", f"the match is over; seat {shown(seat)} cannot play", seat=seat)
        trick = self.hand.play(seat, card)
        result = self.hand.result
        if result is not None:
            self._score(result)
            if self.winner is None:
                self._next_hand(result)
        return trick

    # -- the explicit steps between hands -----------------------------------
    def _score(self, result: HandResult) -> None:
        """Add the hand's points; end the match if the target is reached."""
        self.results.append(result)
        self._scores[result.winner] += result.points
        if self._scores[result.winner] >= self.config.match_target:
            self.winner = result.winner

    def _next_hand(self, result: HandResult) -> None:
        """Rotate the hakem and deal the next hand from the same random source."""
        self.hand = Hand(
            result.next_hakem,
            config=self.config,
            rng=self._rng,
            scores=self.scores,
            hand_number=len(self.results) + 1,
        )
        self.hands.append(self.hand)

    def __repr__(self) -> str:
        state = f"winner=team {self.winner}" if self.winner is not None else f"hand {len(self.results) + 1}"
        return f"<Match scores={self.scores} {state}>"
