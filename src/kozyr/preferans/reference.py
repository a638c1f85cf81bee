"""The plain-Python twin of the preferans play engine: a whole deal, from the seed to the scorer's ``Deal``.

The compiled ``Game`` and this one are two implementations of one set of rules, written apart and played side
by side by the tests: the same inputs and moves must give the same legal lists, refusal codes, events, views
and records. This one is written for reading, not speed: hands are sets of card ints, and every rule is a
few lines of its own.

A deal runs through its phases (skipping those that do not apply): a contract game goes auction, talon
(the declarer takes the two talon cards and discards two), naming (he names the final contract, not below
his bid), whisting, defence (the lone whister says closed or open) and play; misère goes auction, talon,
play; raspasy (all passed) goes straight from the auction to the play. In every phase but ``over`` one seat
is the actor; :meth:`Game.legal_moves` lists his moves in canonical order and :meth:`Game.apply` takes one,
returning the :mod:`events <kozyr.preferans.events>` it caused; a refused move raises
:class:`PreferansError` with the rules' code and changes nothing.

Where the rules leave a point open, this engine does what a Sochi player expects:

- ``players`` are checked by the scorer's own check: a name that is no name (not text, blank, longer than
  40 characters, invisible characters) is refused with the scorer's ``bad_players`` or ``bad_name`` before
  the count and duplicates are looked at.
- ``conditions`` is any object with a ``min_level`` (a :class:`Conditions`); a ``convention`` that is not a
  :class:`Convention` is ``bad_convention``, checked after the seed and the number.
- A deal number has at most 40 digits (as durak's).
- A seat given as a bool is no seat (``not_your_turn``), as 1.0 is not.
- A :class:`Move` object may be applied as well as its text; it skips the reading of the text.
- The events are public (see :mod:`kozyr.preferans.events`); the defence's mode is announced by a
  ``defence`` event when it is set (two whisters, a checked ten, misère, a Stalingrad six, a fixed or chosen
  lone whist).
- In an open lone whist the whister's ``controls`` list himself first, then the passer.

>>> game = Game.from_seed(b"kozyr-preferans-3".ljust(32), 1, players=("A", "B", "C"), dealer=2)
>>> game.phase, game.actor, len(game.legal_moves())
('auction', 0, 27)
>>> [str(e) for e in game.apply(0, "bid 6s")]
['call 0 bid 6S']
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from kozyr.cards import CardSet
from kozyr.errors import shown
from kozyr.preferans import moves
from kozyr.preferans._frozen import FrozenMap
from kozyr.preferans.bidding import Bidding
from kozyr.preferans.contracts import LADDER, MISERE, Contract, Strain
from kozyr.preferans.convention import SOCHI, Convention, LoneWhist, RaspasyTalon
from kozyr.preferans.deal import Call, Deal
from kozyr.preferans.errors import PreferansError
from kozyr.preferans.events import Event
from kozyr.preferans.moves import CLOSED, HALF_WHIST, OPEN, PASS, PHASES_OF, WHIST, Move, from_words, split
from kozyr.preferans.newdeal import checked_convention, checked_deal, checked_table
from kozyr.preferans.record import Record
from kozyr.preferans.shuffle import dealt, shuffled_order
from kozyr.preferans.views import CurrentTrick, Trick, View

__all__ = ["Game", "TRUMP_OF", "active_seats", "trick_winner", "legal_cards"]

TRUMP_OF: dict[Strain, int | None] = {Strain.SPADES: 0, Strain.CLUBS: 3, Strain.DIAMONDS: 2, Strain.HEARTS: 1,
                                      Strain.NO_TRUMP: None}
"""The trump suit (0 spades, 1 hearts, 2 diamonds, 3 clubs) of each strain; None for no-trump."""


def _suit(card: int) -> int:
    return card >> 4


def active_seats(n: int, dealer: int) -> tuple[int, int, int]:
    """a0, a1, a2: the three seats that hold cards, first hand first (the dealer sits out with four)."""
    if n == 3:
        return ((dealer + 1) % 3, (dealer + 2) % 3, dealer)
    return ((dealer + 1) % 4, (dealer + 2) % 4, (dealer + 3) % 4)


def legal_cards(hand: Iterable[int], led: int | None, trump: int | None) -> list[int]:
    """The cards of ``hand`` that may be played to a trick whose led suit is ``led`` (None when the hand
    leads), in reference order: follow suit; else trump if the game has one and the hand holds one; else
    any card."""
    cards = sorted(hand)
    if led is None:
        return cards
    follow = [c for c in cards if _suit(c) == led]
    if follow:
        return follow
    if trump is not None:
        trumps = [c for c in cards if _suit(c) == trump]
        if trumps:
            return trumps
    return cards


def trick_winner(plays: Sequence[tuple[int, int]], led: int, trump: int | None) -> int:
    """The seat that wins a trick: the highest trump, else the highest card of the led suit."""
    if trump is not None:
        trumps = [(c, s) for s, c in plays if _suit(c) == trump]
        if trumps:
            return max(trumps)[1]
    return max((c, s) for s, c in plays if _suit(c) == led)[1]


class Game:
    """One deal of preferans in progress (see the module's docstring). Build it with :meth:`from_seed`."""

    # --- making a deal ------------------------------------------------------------------------------------

    def __init__(self, order: Sequence[int], seed: bytes | None, number: int, players: tuple[str, ...],
                 dealer: int, convention: Convention, min_level: int) -> None:
        """A deal from a checked 32-card shuffled order (use :meth:`from_seed`)."""
        self._seed = seed
        self._number = number
        self._players = players
        self._n = len(players)
        self._dealer = dealer
        self._convention = convention
        self._min_level = min_level
        self._active = active_seats(self._n, dealer)
        hands, talon = dealt(tuple(order))
        self._hands: dict[int, set[int]] = {s: set(h) for s, h in zip(self._active, hands)}
        self._talon = talon
        self._bidding = Bidding(players, dealer=players[dealer], min_level=min_level)
        self._phase = "auction"
        self._ply = 0
        self._history: list[tuple[int, Move]] = []
        self._auction: list[tuple[int, Contract | None]] = []
        self._declarer: int | None = None
        self._bid: Contract | None = None
        self._contract: Contract | None = None
        self._trump: int | None = None
        self._shown: list[int] = []          # talon cards turned face up, in talon order
        self._discard: tuple[int, ...] = ()
        self._calls: list[tuple[int, Call]] = []
        self._w1: int | None = None
        self._w2: int | None = None
        self._whister: int | None = None     # the lone whister (None with two whisters or none)
        self._passer: int | None = None
        self._final_calls: dict[int, Call] | None = None
        self._defence: str | None = None
        self._open: tuple[int, ...] = ()     # the seats whose hands are played open (revealed after card 1)
        self._revealed = False
        self._raspasy = False
        self._leader: int | None = None      # who plays first to the trick in progress
        self._trick_talon: int | None = None
        self._plays: list[tuple[int, int]] = []
        self._tricks: list[Trick] = []
        self._won: dict[int, int] = {s: 0 for s in self._active}
        self._outcome: str | None = None
        self._deal: Deal | None = None

    @classmethod
    def from_seed(cls, seed: object, number: object, *, players: Sequence[str], dealer: object,
                  convention: Convention = SOCHI, conditions: Any = None) -> Game:
        """Deal ``number`` of ``seed`` (32 bytes, or 32 ASCII characters) to ``players`` (3 or 4 names in
        seating order) with ``dealer`` (a seat) dealing, under ``convention``; ``conditions`` gives the
        minimum bid level (the sheet's ``next_conditions``; ``Conditions.start(convention)`` when None).
        Refusals, the first that applies: ``player_count``/``duplicate_player``, ``bad_dealer``,
        ``bad_min_level``, ``bad_seed``, ``bad_number``, ``bad_convention``."""
        names, d, level, raw, num, conv = checked_deal(seed, number, players, dealer, conditions, convention)
        return cls(shuffled_order(raw, num), raw, num, names, d, conv, level)

    @classmethod
    def _from_order(cls, order: Sequence[int], *, players: Sequence[str], dealer: object,
                    convention: Convention = SOCHI, conditions: Any = None) -> Game:
        """A deal from a given 32-card order, for tests that need a chosen position (its record has no
        seed and cannot be replayed)."""
        names, d, level = checked_table(players, dealer, conditions)
        if not isinstance(order, Sequence) or sorted(map(_card_int, order)) != sorted(_DECK):
            raise PreferansError("bad_order", f"order: {shown(order)} is not the 32 cards", field="order")
        return cls(tuple(order), None, 1, names, d, checked_convention(convention), level)

    # --- reading ------------------------------------------------------------------------------------------

    @property
    def phase(self) -> str:
        """``auction``, ``talon``, ``naming``, ``whisting``, ``defence``, ``play`` or ``over``."""
        return self._phase

    @property
    def ply(self) -> int:
        """The number of moves accepted so far."""
        return self._ply

    @property
    def over(self) -> bool:
        return self._phase == "over"

    @property
    def actor(self) -> int | None:
        """The seat to move; None once the deal is over."""
        phase = self._phase
        if phase == "over":
            return None
        if phase == "auction":
            name = self._bidding.to_call
            assert name is not None
            return self._players.index(name)
        if phase in ("talon", "naming"):
            return self._declarer
        if phase == "whisting":
            return self._whist_turn()
        if phase == "defence":
            return self._whister
        return self._controller(self._on_turn())

    @property
    def players(self) -> tuple[str, ...]:
        return self._players

    @property
    def dealer(self) -> int:
        return self._dealer

    @property
    def active(self) -> tuple[int, int, int]:
        """a0, a1, a2: the seats that hold cards, first hand first."""
        return self._active

    @property
    def convention(self) -> Convention:
        return self._convention

    @property
    def min_level(self) -> int:
        return self._min_level

    def hand(self, seat: int) -> CardSet:
        """The cards ``seat`` holds now (all-seeing: for tests and analysis, not for a bot's seat)."""
        return CardSet(self._hands.get(seat, ()))

    # --- turns --------------------------------------------------------------------------------------------

    def _next(self, seat: int) -> int:
        """The next active seat clockwise."""
        a = self._active
        return a[(a.index(seat) + 1) % 3]

    def _whist_turn(self) -> int:
        assert self._w1 is not None and self._w2 is not None
        return self._w2 if len(self._calls) == 1 else self._w1

    def _on_turn(self) -> int:
        """The hand whose card is next in the trick in progress."""
        assert self._leader is not None
        seat = self._leader
        for _ in self._plays:
            seat = self._next(seat)
        return seat

    def _controller(self, hand: int) -> int:
        """Who chooses ``hand``'s cards: the open lone whister chooses the passer's from the reveal on."""
        if hand == self._passer and self._defence == "open" and self._revealed:
            assert self._whister is not None
            return self._whister
        return hand

    def _led(self) -> int | None:
        if self._trick_talon is not None:
            return _suit(self._trick_talon)
        if self._plays:
            return _suit(self._plays[0][1])
        return None

    # --- legal moves ----------------------------------------------------------------------------------------

    def legal_moves(self) -> tuple[Move, ...]:
        """The actor's legal moves in canonical order (empty once over)."""
        phase = self._phase
        if phase == "auction":
            return tuple(PASS if c is None else moves.bid(c) for c in self._bidding.legal_calls())
        if phase == "talon":
            assert self._declarer is not None
            cards = sorted(self._hands[self._declarer])
            return tuple(moves.discard(a, b) for i, a in enumerate(cards) for b in cards[i + 1:])
        if phase == "naming":
            assert self._bid is not None
            return tuple(moves.name(c) for c in LADDER if not c.is_misere and c >= self._bid)
        if phase == "whisting":
            return self._whist_options()
        if phase == "defence":
            return (CLOSED, OPEN)
        if phase == "play":
            hand = self._on_turn()
            return tuple(moves.play(c) for c in legal_cards(self._hands[hand], self._led(), self._trump))
        return ()

    def _whist_options(self) -> tuple[Move, ...]:
        if len(self._calls) == 1 and self._calls[0][1] is Call.PASS and self._half_whist_allowed():
            return (PASS, WHIST, HALF_WHIST)
        return (PASS, WHIST)

    def _half_whist_allowed(self) -> bool:
        assert self._contract is not None and self._contract.level is not None
        return self._convention.half_whist and self._contract.level <= 7

    # --- moves ----------------------------------------------------------------------------------------------

    def apply(self, seat: object, move: Move | str) -> tuple[Event, ...]:
        """Make ``seat``'s move (a :class:`Move` or its text) and return the events it caused; a refused
        move raises :class:`PreferansError` (the first failing check: ``game_over``, ``not_your_turn``,
        ``not_legal``, ``wrong_phase``, then the move's own checks) and changes nothing."""
        if self._phase == "over":
            raise PreferansError("game_over", f"move {shown(move)} by seat {shown(seat)}: the deal is over",
                                 field="seat", value=seat)
        actor = self.actor
        if type(seat) is not int or seat != actor:
            raise PreferansError("not_your_turn", f"move {shown(move)} by seat {shown(seat)}: seat {actor} is to "
                                 f"move ({self._phase})", field="seat", value=seat)
        words: tuple[str, ...] = ()
        if isinstance(move, Move):
            kind, parsed = move.kind, move
        else:
            kind, words = split(move)
            parsed = None
        if self._phase not in PHASES_OF[kind]:
            raise PreferansError("wrong_phase", f"move {shown(move)} by seat {seat}: no {kind!r} in the "
                                 f"{self._phase}", field="move", value=move)
        if parsed is None:
            parsed = from_words(kind, words)
        handlers = {"auction": self._on_auction, "talon": self._on_talon, "naming": self._on_naming,
                    "whisting": self._on_whisting, "defence": self._on_defence, "play": self._on_play}
        events = handlers[self._phase](seat, parsed)
        self._history.append((seat, parsed))
        self._ply += 1
        return events

    # Each phase's handler checks the move (raising before any change) and then applies it.

    def _on_auction(self, seat: int, move: Move) -> tuple[Event, ...]:
        name = self._players[seat]
        contract = move.arg if move.kind == "bid" else None
        assert contract is None or isinstance(contract, Contract)
        self._bidding.call(name, contract)   # the bidding module's own refusals, in its order; nothing changes
        self._auction.append((seat, contract))
        events = [Event("call", seat=seat, move=move)]
        result = self._bidding.result
        if result is None:
            return tuple(events)
        if result.contract is None:
            self._raspasy = True
            events.append(Event("auction_end"))
            events.extend(self._start_play())
            return tuple(events)
        assert result.declarer is not None
        declarer = self._players.index(result.declarer)
        self._declarer, self._bid = declarer, result.contract
        if result.contract.is_misere:
            self._contract = MISERE
        self._shown = list(self._talon)
        self._hands[declarer] |= set(self._talon)
        self._phase = "talon"
        events.append(Event("auction_end", seat=declarer, contract=result.contract))
        events.append(Event("talon_shown", cards=tuple(self._talon)))
        return tuple(events)

    def _check_discard(self, seat: int, move: Move) -> None:
        held = self._hands[seat]
        for card in move.cards:
            if card not in held:
                raise PreferansError("card_not_held", f"{move} by seat {seat}: the declarer does not hold "
                                     f"{CardSet([card]).pretty()}", field="card", value=card)

    def _on_talon(self, seat: int, move: Move) -> tuple[Event, ...]:
        self._check_discard(seat, move)
        self._hands[seat] -= set(move.cards)
        self._discard = tuple(sorted(move.cards))
        events = [Event("discard", seat=seat)]
        if self._contract is not None and self._contract.is_misere:
            self._open = self._defenders()
            self._defence = "open"
            events.append(Event("defence", mode="open"))
            events.extend(self._start_play())
        else:
            self._phase = "naming"
        return tuple(events)

    def _defenders(self) -> tuple[int, int]:
        assert self._declarer is not None
        w1 = self._next(self._declarer)
        return (w1, self._next(w1))

    def _on_naming(self, seat: int, move: Move) -> tuple[Event, ...]:
        contract = move.arg
        assert isinstance(contract, Contract) and self._bid is not None
        if contract.is_misere or contract < self._bid:
            why = "a game bidder never names misère" if contract.is_misere else f"it is below the bid {self._bid}"
            raise PreferansError("bad_contract", f"{move} by seat {seat}: {why}", field="contract",
                                 value=str(contract))
        self._contract = contract
        assert contract.strain is not None
        self._trump = TRUMP_OF[contract.strain]
        self._w1, self._w2 = self._defenders()
        events = [Event("named", seat=seat, contract=contract)]
        conv = self._convention
        if contract.level == 10 and conv.ten_checked:
            self._final_calls = {self._w1: Call.WHIST, self._w2: Call.WHIST}
            self._open = (self._w1, self._w2)
            self._defence = "open"
        elif conv.stalingrad and contract == Contract(6, Strain.SPADES):
            self._final_calls = {self._w1: Call.WHIST, self._w2: Call.WHIST}
            self._defence = "closed"
        else:
            self._phase = "whisting"
            return tuple(events)
        events.append(Event("defence", mode=self._defence))
        events.extend(self._start_play())
        return tuple(events)

    def _on_whisting(self, seat: int, move: Move) -> tuple[Event, ...]:
        if move not in self._whist_options():
            raise PreferansError("bad_call", f"{move} by seat {seat}: not offered here (half-whist only by the "
                                 "second defender after a pass, on a six or a seven)", field="call", value=str(move))
        call = Call(move.kind)
        self._calls.append((seat, call))
        events = [Event("whist_call", seat=seat, move=move)]
        assert self._w1 is not None and self._w2 is not None
        w1, w2 = self._w1, self._w2
        said = [c for _, c in self._calls]
        if len(said) == 1:
            return tuple(events)
        if said == [Call.PASS, Call.HALF_WHIST]:
            return tuple(events)                       # W1 speaks again: the return of the whist
        if said == [Call.WHIST, Call.WHIST]:
            self._final_calls = {w1: Call.WHIST, w2: Call.WHIST}
            self._defence = "closed"
            events.append(Event("defence", mode="closed"))
            events.extend(self._start_play())
            return tuple(events)
        if said == [Call.PASS, Call.PASS]:
            self._final_calls = {w1: Call.PASS, w2: Call.PASS}
            events.extend(self._end("passed"))
            return tuple(events)
        if said == [Call.PASS, Call.HALF_WHIST, Call.PASS]:
            self._final_calls = {w1: Call.PASS, w2: Call.HALF_WHIST}
            events.extend(self._end("half_whist"))
            return tuple(events)
        # one whister: whist/pass, pass/whist, or pass/half-whist/whist (W1 returns the whist)
        whister = w2 if said == [Call.PASS, Call.WHIST] else w1
        passer = w1 if whister == w2 else w2
        self._whister, self._passer = whister, passer
        self._final_calls = {w1: Call.WHIST if whister == w1 else Call.PASS,
                             w2: Call.WHIST if whister == w2 else Call.PASS}
        mode = self._convention.lone_whist
        if mode is LoneWhist.CHOICE:
            self._phase = "defence"
            return tuple(events)
        events.extend(self._set_lone_defence("open" if mode is LoneWhist.OPEN else "closed"))
        return tuple(events)

    def _set_lone_defence(self, mode: str) -> list[Event]:
        self._defence = mode
        if mode == "open":
            self._open = self._defenders()
        events = [Event("defence", seat=self._whister, mode=mode)]
        events.extend(self._start_play())
        return events

    def _on_defence(self, seat: int, move: Move) -> tuple[Event, ...]:
        return tuple(self._set_lone_defence(move.kind))

    def _on_play(self, seat: int, move: Move) -> tuple[Event, ...]:
        card = move.arg
        assert isinstance(card, int)
        hand_seat = self._on_turn()
        hand = self._hands[hand_seat]
        if card not in hand:
            raise PreferansError("card_not_held", f"{move} by seat {seat}: seat {hand_seat}'s hand, on turn, does "
                                 f"not hold it", field="card", value=card)
        led = self._led()
        if led is not None and _suit(card) != led and any(_suit(c) == led for c in hand):
            raise PreferansError("must_follow", f"{move} by seat {seat}: seat {hand_seat} must follow suit",
                                 field="card", value=card)
        trump = self._trump
        if (led is not None and trump is not None and _suit(card) != trump and _suit(card) != led
                and any(_suit(c) == trump for c in hand)):
            raise PreferansError("must_trump", f"{move} by seat {seat}: seat {hand_seat}, void in the led suit, "
                                 "must trump", field="card", value=card)
        hand.discard(card)
        self._plays.append((hand_seat, card))
        events = [Event("play", seat=hand_seat, card=card, by=seat)]
        if self._open and not self._revealed:
            self._revealed = True
            events.append(Event("reveal", hands=FrozenMap((s, tuple(sorted(self._hands[s])))
                                                          for s in sorted(self._open))))
        if len(self._plays) == 3:
            events.extend(self._finish_trick())
        return tuple(events)

    def _finish_trick(self) -> list[Event]:
        led = self._led()
        assert led is not None
        winner = trick_winner(self._plays, led, self._trump)
        self._tricks.append(Trick(self._trick_talon, tuple(self._plays), winner))
        self._won[winner] += 1
        number = len(self._tricks)
        events = [Event("trick_end", seat=winner, number=number)]
        self._plays = []
        if number == 10:
            events.extend(self._end("raspasy" if self._raspasy else
                                    "misere" if self._contract == MISERE else "game"))
            return events
        talon_led = self._raspasy and self._convention.raspasy_talon is not RaspasyTalon.NONE
        winner_rule = self._convention.raspasy_talon is RaspasyTalon.WINNER
        if talon_led and number == 1:
            self._trick_talon = self._talon[1]
            self._shown.append(self._talon[1])
            self._leader = winner if winner_rule else self._active[0]
            events.append(Event("talon_shown", cards=(self._talon[1],)))
        elif talon_led and number == 2:
            self._trick_talon = None
            self._leader = winner if winner_rule else self._active[0]
        else:
            self._trick_talon = None
            self._leader = winner
        return events

    def _start_play(self) -> list[Event]:
        """The play begins: first hand leads trick 1 (raspasy led from the talon: talon card 1 leads it, and
        first hand plays first to it)."""
        self._phase = "play"
        self._leader = self._active[0]
        if self._raspasy and self._convention.raspasy_talon is not RaspasyTalon.NONE:
            self._trick_talon = self._talon[0]
            self._shown.append(self._talon[0])
            return [Event("talon_shown", cards=(self._talon[0],))]
        return []

    def _end(self, outcome: str) -> list[Event]:
        self._phase = "over"
        self._outcome = outcome
        self._leader = None
        self._deal = self._make_deal()
        return [Event("deal_over", outcome=outcome)]

    def _make_deal(self) -> Deal:
        names, dealer = self._players, self._players[self._dealer]
        tricks = {names[s]: self._won[s] for s in self._active}
        if self._outcome == "raspasy":
            return Deal.raspasy(tricks, players=names, dealer=dealer)
        assert self._declarer is not None and self._contract is not None
        declarer = names[self._declarer]
        if self._outcome == "misere":
            return Deal(names, dealer=dealer, declarer=declarer, contract=MISERE, tricks=tricks)
        assert self._final_calls is not None and self._w1 is not None and self._w2 is not None
        calls = {names[s]: c.value for s, c in self._final_calls.items()}
        order = (names[self._w1], names[self._w2])
        if self._outcome == "game":
            return Deal(names, dealer=dealer, declarer=declarer, contract=self._contract, calls=calls,
                        tricks=tricks, open=self._defence == "open", whist_order=order)
        return Deal(names, dealer=dealer, declarer=declarer, contract=self._contract, calls=calls, open=False,
                    whist_order=order)

    # --- what a seat sees -----------------------------------------------------------------------------------

    def view(self, seat: object) -> View:
        """What ``seat`` may see now (every seat has a view, the sitting-out dealer's included); a seat that
        is not an int 0..N-1 is ``bad_seat``."""
        if type(seat) is not int or not 0 <= seat < self._n:
            raise PreferansError("bad_seat", f"view: {shown(seat)} is not a seat 0..{self._n - 1}", field="seat",
                                 value=seat)
        s: int = seat
        playing = s in self._active
        actor = self.actor
        controls: tuple[int, ...] = ()
        if playing:
            controls = (s,)
            if s == self._whister and self._defence == "open" and self._revealed:
                assert self._passer is not None
                controls = (s, self._passer)
        trick = None
        if self._phase == "play":
            assert self._leader is not None
            trick = CurrentTrick(self._leader, self._trick_talon, tuple(self._plays))
        return View(
            seat=s,
            ply=self._ply,
            phase=self._phase,
            actor=actor,
            dealer=self._dealer,
            active=self._active,
            params=FrozenMap(self._convention.play_params),
            min_level=self._min_level,
            auction=tuple(self._auction),
            declarer=self._declarer,
            bid=self._bid,
            contract=self._contract,
            trump=self._trump,
            talon=tuple(self._shown),
            discard=self._discard if s == self._declarer else (),
            calls=tuple(self._calls),
            defence=self._defence,
            hand=CardSet(self._hands[s]) if playing else CardSet(),
            counts=FrozenMap((a, len(self._hands[a])) for a in sorted(self._active)),
            open_hands=FrozenMap((a, CardSet(self._hands[a])) for a in sorted(self._open)) if self._revealed
            else FrozenMap(),
            controls=controls,
            trick=trick,
            tricks=tuple(self._tricks),
            won=FrozenMap((a, self._won[a]) for a in sorted(self._active)),
            legal=self.legal_moves() if s == actor else (),
            over=self._phase == "over",
            deal=self._deal,
        )

    def record(self) -> Record:
        """The deal's record (complete once the deal is over; see :class:`Record`)."""
        if self._seed is None:
            raise PreferansError("bad_seed", "record: this deal was made from a given order, not a seed",
                                 field="seed")
        played = self._outcome in ("raspasy", "misere", "game")
        with_calls = self._outcome in ("game", "passed", "half_whist")
        return Record(
            seed=self._seed,
            number=self._number,
            players=self._players,
            dealer=self._dealer,
            convention=self._convention,
            min_level=self._min_level,
            moves=tuple(self._history),
            talon=self._talon,
            discard=self._discard,
            declarer=self._declarer,
            bid=self._bid,
            contract=self._contract,
            calls=FrozenMap(sorted(self._final_calls.items())) if with_calls and self._final_calls else None,
            whist_order=(self._w1, self._w2) if with_calls and self._w1 is not None and self._w2 is not None
            else None,
            defence=self._defence,
            tricks=FrozenMap((a, self._won[a]) for a in sorted(self._active)) if played else None,
            outcome=self._outcome,
            deal=self._deal,
        )

    def __repr__(self) -> str:
        return f"Game(phase={self._phase!r}, ply={self._ply}, actor={self.actor})"


_DECK = CardSet(c for s in range(4) for c in range(16 * s + 7, 16 * s + 15))


def _card_int(card: object) -> int:
    """A card of a given order as an int (anything else sorts as no card: -1)."""
    return card if type(card) is int else -1


