"""One hand of hokm: from the hakem's five cards to the seventh trick.

The hand is a small state machine:

    CHOOSE_TRUMP --choose_trump(hakem, suit)--> PLAY --(a team has 7 tricks)--> OVER

* Deal: the deck is shuffled from the random source handed in (or an explicit
  deal order is given) and dealt 5, 4, 4 to each seat starting with the
  hakem. The first packet of five goes to every seat before trump is named,
  so the hakem names trump having seen exactly five cards; the other 32 wait
  in the stock until then.
* Play: the hakem leads the first trick; each trick's winner leads the next.
  Follow suit when you can; when void any card is legal (no duty to trump or
  to overtake).
* After the fourth card the trick goes through separate, explicit steps:
  resolve (record the winner on the trick), collect the cards into the
  winning team's pile, count the trick for that team, give the lead to the
  winner, and, if a team now has `tricks_to_win` tricks, score the hand.
  The hand ends there; unplayed cards stay in their holders' hands.

Internally hands are 64-bit masks (plain ints) so a simulation spends its
time on rules rather than set objects; the public API speaks `CardSet`.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import NoReturn

from kozyr.cards import DECK52, CardSet
from kozyr.errors import shown
from kozyr.hokm._tables import DECK_MASK, LANE, SUIT_OF
from kozyr.hokm.config import DEFAULT_CONFIG, SEATS, HokmConfig
from kozyr.hokm.errors import HokmError, IllegalPlay
from kozyr.hokm.randomness import RandomSource, make_rng, shuffled
from kozyr.hokm.trick import SUIT_WORDS, Trick, TrickResult, _name, provisional_winner
from kozyr.hokm.view import CompletedTrick, Phase, View

__all__ = ["Hand", "HandResult", "score_hand", "next_hakem", "DEAL_PACKETS", "DECK"]

#: The 52 cards in ascending order (the unshuffled deck).
DECK: tuple[int, ...] = tuple(DECK52)
#: Packet sizes of the deal, each round starting with the hakem.
DEAL_PACKETS = (5, 4, 4)

_DECK_MASK = DECK_MASK
_LANE = LANE


@dataclass(frozen=True)
class HandResult:
    """The outcome of a hand: who won it, by how much, and who is hakem next."""

    hakem: int
    trump: int
    #: Tricks taken by team 0 (seats 0+2) and team 1 (seats 1+3).
    tricks: tuple[int, int]
    #: The team that reached `tricks_to_win`.
    winner: int
    #: The losers took no trick.
    kot: bool
    #: A kot against the hakem's team (the hakem's team took no trick).
    hakem_kot: bool
    #: Points the winning team scores.
    points: int
    #: The hakem of the next hand (same seat if the hakem's team won).
    next_hakem: int

    @property
    def hakem_team(self) -> int:
        return self.hakem & 1


def next_hakem(hakem: int, winning_team: int) -> int:
    """Rotation: the hakem stays if the hakem's team won, else seat hakem + 1."""
    return hakem if winning_team == hakem & 1 else (hakem + 1) % SEATS


def score_hand(
    hakem: int, trump: int, tricks: tuple[int, int], config: HokmConfig = DEFAULT_CONFIG
) -> HandResult:
    """Score a finished hand from the trick counts (a separate, pure step).

    Normal win: `points_win`. Kot (the losers took no trick): `points_kot` if
    the winners are the hakem's team, `points_hakem_kot` if the hakem's team
    was swept. Refuses counts in which no team has reached `tricks_to_win`.
    """
    t0, t1 = tricks
    need = config.tricks_to_win
    if t0 >= need and t1 < need:
        winner = 0
    elif t1 >= need and t0 < need:
        winner = 1
    else:
        raise HokmError("bad_config", f"tricks {tricks} do not finish a hand to {need}",
                        field="tricks", value=tricks)
    loser_tricks = tricks[1 - winner]
    kot = loser_tricks == 0
    hakem_team = hakem & 1
    hakem_kot = kot and winner != hakem_team
    return HandResult(
        hakem=hakem,
        trump=trump,
        tricks=(t0, t1),
        winner=winner,
        kot=kot,
        hakem_kot=hakem_kot,
        points=config.hand_points(loser_tricks, winner == hakem_team),
        next_hakem=next_hakem(hakem, winner),
    )


class Hand:
    """One hand of hokm between four seats.

    `Hand(hakem, config=..., rng=...)` shuffles with `rng` (an int seed, a
    `random.Random` or a numpy `Generator`; never the global random state).
    `deck=` gives an explicit deal order instead (52 distinct cards, dealt
    from the front), for replays and worked examples.

    `scores` and `hand_number` only label the views (a `Match` passes its
    scores at the start of the hand); they do not affect play.

    A hand needs a configuration in which every rank can win
    (`config.every_rank_can_win`): with a rank disabled, a trick could end
    with no winner (say a disabled two led and nobody able to follow), and a
    hand cannot continue without one. Such tables are for the resolver only.
    """

    def __init__(
        self,
        hakem: int = 0,
        *,
        config: HokmConfig = DEFAULT_CONFIG,
        rng: RandomSource | int | None = None,
        deck: Sequence[int] | None = None,
        scores: tuple[int, int] = (0, 0),
        hand_number: int = 1,
    ) -> None:
        if isinstance(hakem, bool) or hakem not in (0, 1, 2, 3):
            raise HokmError("unknown_seat", f"hakem {shown(hakem)} is not a seat 0..3", seat=hakem)
        if not config.every_rank_can_win:
            disabled = sorted(r for r, v in config.rank_strength.items() if v <= 0)
            raise HokmError(
                "bad_config",
                f"ranks {disabled} have strength <= 0, so a trick could have no "
                "winner; a hand needs every rank strength positive",
                field="rank_strength", value=disabled,
            )
        if deck is None:
            order = shuffled(make_rng(rng), DECK)
        else:
            order = list(deck)
            if len(order) != 52 or set(order) != set(DECK):
                raise HokmError("bad_config", "deck must be the 52 cards, each once", field="deck")
        self.config = config
        self.hakem = hakem
        #: The deal order actually used (first card dealt first): the whole
        #: deal can be replayed from it with `Hand(hakem, deck=...)`.
        self.deal_order: tuple[int, ...] = tuple(order)
        self.scores = scores
        self.hand_number = hand_number
        self.trump: int | None = None
        self.phase = Phase.CHOOSE_TRUMP
        self.result: HandResult | None = None
        self._held = [0, 0, 0, 0]
        self._stock = _DECK_MASK
        self._dealt = 0  # how many cards of deal_order have left the stock
        self._won = [0, 0]
        self._tricks_won = [0, 0]
        self._completed: list[CompletedTrick] = []
        self._played = 0
        self._trick = Trick(0, ())
        self._turn = hakem
        self._deal_round(0)

    # -- dealing -----------------------------------------------------------
    def _deal_round(self, index: int) -> None:
        """Deal one packet to each seat, starting with the hakem."""
        size = DEAL_PACKETS[index]
        order = self.deal_order
        for k in range(SEATS):
            seat = (self.hakem + k) % SEATS
            for c in order[self._dealt:self._dealt + size]:
                bit = 1 << c
                self._stock ^= bit
                self._held[seat] |= bit
            self._dealt += size

    # -- reading -----------------------------------------------------------
    @property
    def to_act(self) -> int | None:
        """The seat that must act now (the hakem while trump is chosen)."""
        return None if self.phase is Phase.OVER else self._turn

    @property
    def over(self) -> bool:
        return self.phase is Phase.OVER

    def held(self, seat: int) -> CardSet:
        """The cards seat holds now. (Full knowledge: bots get `view` instead.)"""
        return CardSet(self._held[seat])

    @property
    def stock(self) -> CardSet:
        """Cards not yet dealt (32 while trump is being chosen, then none)."""
        return CardSet(self._stock)

    def won_cards(self, team: int) -> CardSet:
        """The cards in a team's pile of collected tricks."""
        return CardSet(self._won[team])

    @property
    def tricks_won(self) -> tuple[int, int]:
        return (self._tricks_won[0], self._tricks_won[1])

    @property
    def trick(self) -> Trick:
        """A copy of the trick in progress (changing it changes nothing here)."""
        t = Trick(self._trick.trump, self._trick.plays, lead_suit=self._trick.lead_suit)
        t.winner = self._trick.winner
        return t

    @property
    def completed(self) -> tuple[CompletedTrick, ...]:
        """Every trick played out so far, in order."""
        return tuple(self._completed)

    @property
    def played(self) -> CardSet:
        """Every card played so far this hand (including the current trick)."""
        return CardSet(self._played)

    def legal_moves(self, seat: int) -> CardSet:
        """The cards `seat` may play now; empty unless it is seat's turn to play."""
        return CardSet(self._legal_mask(seat))

    def _legal_mask(self, seat: int) -> int:
        if self.phase is not Phase.PLAY or seat != self._turn:
            return 0
        held = self._held[seat]
        lead = self._trick.lead_suit
        if lead is not None:
            follow = held & _LANE[lead]
            if follow:
                return follow
        return held

    def view(self, seat: int) -> View:
        """What `seat` may know now (its own cards and public information)."""
        if isinstance(seat, bool) or seat not in (0, 1, 2, 3):
            raise HokmError("unknown_seat", f"seat {shown(seat)} is not a seat 0..3", seat=seat)
        held = self._held
        return View(
            seat=seat,
            phase=self.phase,
            hakem=self.hakem,
            trump=self.trump,
            to_act=self.to_act,
            hand=CardSet(held[seat]),
            legal=CardSet(self._legal_mask(seat)),
            trick=tuple(self._trick.plays),
            lead_suit=self._trick.lead_suit,
            winning=provisional_winner(self._trick, self.config) if self._trick.plays else None,
            tricks_won=self.tricks_won,
            completed=tuple(self._completed),
            played=CardSet(self._played),
            cards_held=(held[0].bit_count(), held[1].bit_count(),
                        held[2].bit_count(), held[3].bit_count()),
            scores=self.scores,
            match_target=self.config.match_target,
            hand_number=self.hand_number,
            config=self.config,
        )

    # -- acting ------------------------------------------------------------
    def choose_trump(self, seat: int, suit: int) -> None:
        """The hakem names trump having seen five cards; the deal completes.

        Refuses `game_over`, `wrong_phase`, `not_your_turn` (not the hakem),
        `unknown_suit`.
        """
        if self.phase is Phase.OVER:
            raise IllegalPlay("game_over", f"hand is over; seat {shown(seat)} cannot name trump", seat=seat)
        if self.phase is not Phase.CHOOSE_TRUMP:
            raise IllegalPlay(
                "wrong_phase",
                f"trump is already {SUIT_WORDS[self.trump or 0]}; seat {shown(seat)} cannot name it again",
                seat=seat, suit=suit,
            )
        if seat != self.hakem:
            if isinstance(seat, bool) or seat not in (0, 1, 2, 3):
                raise IllegalPlay("unknown_seat", f"seat {shown(seat)} is not a seat 0..3", seat=seat)
            raise IllegalPlay(
                "not_your_turn", f"seat {seat!r} cannot name trump: seat {self.hakem} is hakem", seat=seat
            )
        if isinstance(suit, bool) or suit not in (0, 1, 2, 3):
            raise IllegalPlay("unknown_suit", f"{shown(suit)} is not a suit 0..3", suit=suit)
        self.trump = suit
        self._deal_round(1)
        self._deal_round(2)
        self._trick = Trick(suit, ())
        self._turn = self.hakem
        self.phase = Phase.PLAY

    def play(self, seat: int, card: int) -> TrickResult | None:
        """`seat` plays `card`. Returns the trick's result if this completed it.

        Refuses, changing nothing: `game_over` (hand over), `wrong_phase`
        (trump not yet named), `not_your_turn`, `unknown_card`,
        `card_not_held`, `must_follow_suit`.
        """
        if self.phase is not Phase.PLAY:
            self._refuse_phase(seat, card)
        if seat != self._turn:
            if isinstance(seat, bool) or seat not in (0, 1, 2, 3):
                raise IllegalPlay("unknown_seat", f"seat {shown(seat)} is not a seat 0..3", seat=seat)
            raise IllegalPlay(
                "not_your_turn", f"seat {seat} cannot play {_name(card)}: "
                f"it is seat {self._turn}'s turn", seat=seat, card=card,
            )
        if type(card) is not int or not 0 <= card < 64 or not (_DECK_MASK >> card) & 1:
            raise IllegalPlay("unknown_card", f"{shown(card)} is not a card of the 52-card deck",
                              seat=seat, card=card)
        bit = 1 << card
        held = self._held[seat]
        if not held & bit:
            raise IllegalPlay("card_not_held", f"seat {seat} does not hold {_name(card)}", seat=seat, card=card)
        trick = self._trick
        lead = trick.lead_suit
        if lead is not None and SUIT_OF[card] != lead and held & _LANE[lead]:
            raise IllegalPlay(
                "must_follow_suit",
                f"seat {seat} must follow {SUIT_WORDS[lead]} and cannot play {_name(card)}",
                seat=seat, card=card, suit=lead,
            )
        self._held[seat] = held ^ bit
        self._played |= bit
        trick.add(seat, card)
        self._turn = (seat + 1) & 3
        if len(trick.plays) < SEATS:
            return None
        result = trick.record_winner(self.config)   # 1. resolve and record
        self._collect(result.team)                  # 2. cards to the team's pile
        self._count(result.team)                    # 3. the trick counts for the team
        self._lead_next(result.seat)                # 4. the winner leads next
        if self._tricks_won[result.team] >= self.config.tricks_to_win:
            self._score()                           # 5. the hand is decided
        return result

    def _refuse_phase(self, seat: int, card: object) -> NoReturn:
        if self.phase is Phase.OVER:
            raise IllegalPlay("game_over", f"hand is over; seat {shown(seat)} cannot play {_name(card)}",
                              seat=seat, card=card)
        raise IllegalPlay(
            "wrong_phase",
            f"seat {shown(seat)} cannot play {_name(card)}: seat {self.hakem} must name trump first",
            seat=seat, card=card,
        )

    # -- the explicit steps after a trick ------------------------------------
    def _collect(self, team: int) -> None:
        """Move the trick's cards into `team`'s pile."""
        trick = self._trick
        for _, c in trick.plays:
            self._won[team] |= 1 << c
        assert trick.winner is not None
        self._completed.append(CompletedTrick(tuple(trick.plays), trick.winner))

    def _count(self, team: int) -> None:
        """Count one trick for `team`."""
        self._tricks_won[team] += 1

    def _lead_next(self, seat: int) -> None:
        """Start an empty trick led by `seat` (the last trick's winner)."""
        assert self.trump is not None
        self._trick = Trick(self.trump, ())
        self._turn = seat

    def _score(self) -> None:
        """Score the hand and close it."""
        assert self.trump is not None
        self.result = score_hand(self.hakem, self.trump, self.tricks_won, self.config)
        self.phase = Phase.OVER

    def __repr__(self) -> str:
        trump = "?" if self.trump is None else SUIT_WORDS[self.trump]
        return (
            f"<Hand hakem={self.hakem} trump={trump} phase={self.phase.value} "
            f"tricks={self.tricks_won}>"
        )
