"""A plain-Python durak engine for every table: 2 to 6 seats, 24 to 52 cards, podkidnoy or perevodnoy.

This is the variants' oracle, written for clarity from the rules
(docs/rules/durak-variants.md) and following their structure section by
section: the cards, the seats, the deal, the bout (its throwers, the eight
kinds of move, the order of the legal moves), the forced positions, the close
(refill, next attacker, end check), the exchange, the events, the refusals and
the view. The compiled engine (`kozyr.durak.core.engine`) is played against it
move for move (`kozyr.durak.oracle.testing`); at `Rules()` it is played in lockstep
with the two-seat oracle `kozyr.durak.oracle.reference`, so the two plain-Python
engines check each other as well.

The deal's state is kept in plain form:

- `_hands`: one set of cards a seat; `_talon`: a list in draw order (front
  first), the turn-up last while it is there; `_heap`: the beaten-off cards;
- the bout: `_leader`, `_attacker`, `_defender`, `_cap`, `_throwers` (a list,
  the attacker first), `_p` (the index of the thrower on turn), `_passes`,
  `_table` (pairs `(attack card, beating card or None)` in play order),
  `_taken`, `_shown` (the trumps shown in this bout);
- `_owner`: the seat owning the low-trump exchange, or None (never tracked
  with `swap=False`); `_out`: the seats out, in the order they went out;
- `_known`: per seat, the cards of its hand everyone has seen go there and
  not played since (the views' public memory, see kozyr.durak.views);
- `_events`, `_history`, `_result`.

The phase and the seat on turn are derived from that state, never stored.
Speed is secondary: this is the engine that is easy to read and to check.

API: the same as `kozyr.durak.oracle.reference.Game` and the compiled `Game`, with
`rules=` (a `Rules`, a mapping of options, or None for `Rules()`) on every
constructor. Seats go through `operator.index` (numpy ints are seats; bools
and other objects are none). Move text is parsed with `Move.parse`; text whose
first word is a card kind but whose card is missing or malformed is
`card_not_held` (after the seat, turn and phase checks), other text or objects
`not_legal`. Refusals raise `IllegalMove` with the rules' code and change
nothing. At `Rules()` the events are written exactly as the two-seat engines
write them (`bout_end` without `defender`, `game_end` without `losers`: there
they follow from the other fields); every other table fills both.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from kozyr.cards import SUIT_NAMES, CardSet, card_name, parse_card
from kozyr.durak._moved import warn_old_name
from kozyr.durak.codes import CARD_KINDS, KINDS, IllegalMove
from kozyr.durak.events import Event, Result
from kozyr.durak.moves import DONE, RESIGN, SWAP, TAKE, Move
from kozyr.durak.oracle.machinery import Faces, deal_number, index_of, replay_moves, seat_index, seed_of
from kozyr.durak.rules import Rules
from kozyr.durak.views import Bout, View
from kozyr.errors import KozyrError, shown
from kozyr.shuffle import shuffled

__all__ = ["Game", "shuffled_order", "HAND"]

HAND = 6          # cards a seat is dealt, and draws up to
LIMIT = 6         # the bout's limit of attack cards; 5 before the first discard with first_five

MoveLike = Move | str
RulesLike = Rules | Mapping[str, Any] | None

# the phases in which each kind is allowed (else wrong_phase)
PHASES_OF = {
    "attack": ("attack", "pile_on"),
    "done": ("attack", "pile_on"),
    "beat": ("defend",),
    "take": ("defend",),
    "transfer": ("defend",),
    "show": ("defend",),
    "swap": ("attack", "defend", "pile_on"),
}


# -- cards ---------------------------------------------------------------------

def suit_of(card: int) -> int:
    return card >> 4


def rank_of(card: int) -> int:
    return card & 15


def beats(attack: int, defence: int, trump: int) -> bool:
    """Whether `defence` beats `attack`: a higher trump over a trump; any trump over a plain card;
    otherwise a higher card of the same suit (the same at every table; written here again, as every rule
    of this twin is, apart from the two-seat one)."""
    if suit_of(attack) == trump:
        return suit_of(defence) == trump and rank_of(defence) > rank_of(attack)
    if suit_of(defence) == trump:
        return True
    return suit_of(defence) == suit_of(attack) and rank_of(defence) > rank_of(attack)


def reference_key(card: int) -> tuple[int, int]:
    """Sort key of the reference order: spades, hearts, diamonds, clubs, each from the ace down."""
    return suit_of(card), -rank_of(card)


def in_reference_order(cards: Iterable[int]) -> list[int]:
    return sorted(cards, key=reference_key)


def _move(kind: str, card: int) -> Move:
    """The interned Move of a card kind (Moves validate on construction: build each once)."""
    return Move.from_code(KINDS.index(kind) << 6 | card)


# -- the deal ------------------------------------------------------------------

def shuffled_order(seed: bytes | str, number: int = 1, rules: RulesLike = None) -> tuple[int, ...]:
    """The deck of `rules` for deal `number` of `seed`, shuffled (Fisher-Yates from the last position down).

    The word stream is the two-seat shuffle's; only the deck's size enters, so
    the same seed and number give the same order at every table of one deck.
    Refusals in the rules' order: the options, then no_seed, then bad_deal.
    """
    table = Rules.of(rules)
    return shuffled(table.reference_order, seed_of(seed), f"deal:{deal_number(number)}")


def _check_order(cards: object, rules: Rules) -> tuple[int, ...]:
    """The deck's cards in a shuffled order (ints, numpy ints or names), each once; else KozyrError bad_order."""
    deck = set(rules.reference_order)
    if isinstance(cards, (str, bytes)):
        raise KozyrError("bad_order", f"{shown(cards)} is not a sequence of {rules.deck} cards", value=cards)
    try:
        items = list(cards)  # type: ignore[call-overload]
    except Exception:
        raise KozyrError("bad_order", f"{shown(cards)} is not a sequence of {rules.deck} cards", value=cards) from None
    if len(items) != rules.deck:
        raise KozyrError("bad_order", f"a deal of this table needs {rules.deck} cards, got {len(items)}",
                         value=cards)
    order: list[int] = []
    for i, x in enumerate(items):
        card = None
        if isinstance(x, str):
            try:
                card = parse_card(x)
            except ValueError:
                card = None
        else:
            card = index_of(x)
        if card is None or card not in deck:
            raise KozyrError("bad_order", f"position {i}: {shown(x)} is not a card of the {rules.deck}-card deck",
                             value=x, index=i)
        if card in order:
            raise KozyrError("bad_order", f"position {i}: card {card_name(card)} appears twice", value=x, index=i)
        order.append(card)
    return tuple(order)


# -- the game ------------------------------------------------------------------

class Game(Faces):
    """One deal of durak at the table `rules` (`Rules()`: two seats, 36 cards, podkidnoy)."""

    # -- construction: the deal -------------------------------------------------

    def __init__(self, order: Iterable[int], rules: RulesLike = None) -> None:
        self._rules = rules = Rules.of(rules)
        self._order = order = _check_order(order, rules)
        n = self._n = rules.seats
        self._hands, self._turnup, self._talon = self._deal(order)
        self._trump = suit_of(self._turnup)
        self._low_trump = 16 * self._trump + rules.low_rank
        self._heap: list[int] = []
        self._out: list[int] = []
        # the low trump's owner: the seat dealt it (none when it is the turn-up, or with swap off)
        self._owner: int | None = None
        if rules.swap and self._low_trump != self._turnup:
            for s in range(n):
                if self._low_trump in self._hands[s]:
                    self._owner = s
        # what everyone has seen: the turn-up dealt face up into seat N-1's hand when no talon is left
        self._known: list[set[int]] = [set() for _ in range(n)]
        # what each seat's choices told: the plain attack cards it took rather than beat (the card it was to
        # answer), or beat with a trump, since it last drew
        self._declined: list[set[int]] = [set() for _ in range(n)]
        if not self._talon:
            self._known[n - 1].add(self._turnup)
        # first attacker: the seat holding the trump of lowest power, else seat 0
        first, lowest = 0, None
        for s in range(n):
            for c in self._hands[s]:
                if suit_of(c) == self._trump and (lowest is None or rank_of(c) < lowest):
                    lowest, first = rank_of(c), s
        self._events: list[Event] = []
        self._history: list[tuple[int, Move]] = []
        self._result: Result | None = None
        self._bouts = 0
        self._cache_ply = -1            # the position `_cache` describes (see _public)
        self._cache: dict[str, Any] = {}
        self._open_bout(first)
        self._advance()  # nothing is forced at the deal; kept for uniformity

    def _deal(self, order: tuple[int, ...]) -> tuple[list[set[int]], int, list[int]]:
        """The hands, the turn-up and the talon (front first) dealt from the shuffled order."""
        n, deck = self._n, len(order)
        # seat s takes positions s, s+N, ..., s+5N, one card at a time, seat 0 first
        hands = [set(order[s:HAND * n:n]) for s in range(n)]
        if HAND * n < deck:
            # the turn-up is position 6N; the talon is the rest, then the turn-up as its last card
            return hands, order[HAND * n], list(order[HAND * n + 1:]) + [order[HAND * n]]
        # the whole deck is dealt: the turn-up is the last card dealt, held by seat N-1; no talon
        return hands, order[-1], []

    @classmethod
    def from_seed(cls, seed: bytes | str, number: int = 1, rules: RulesLike = None) -> Game:
        """Deal `number` (from 1) of a 32-byte seed at the table `rules`."""
        table = Rules.of(rules)
        return cls(shuffled_order(seed, number, table), table)

    @classmethod
    def from_order(cls, cards: Iterable[int], rules: RulesLike = None) -> Game:
        """A deal from the table's deck in shuffled order (card ints or names, each once)."""
        return cls(cards, rules)

    @classmethod
    def replay(cls, seed: bytes | str, moves: Iterable[tuple[int, MoveLike]], number: int = 1,
               rules: RulesLike = None) -> Game:
        """The deal after `moves` ((seat, move) pairs); IllegalMove at the first refused one."""
        return replay_moves(cls.from_seed(seed, number, rules), moves)

    def copy(self) -> Game:
        """An independent game in the same position."""
        twin = object.__new__(type(self))
        twin.__dict__.update(self.__dict__)
        twin._hands = [set(h) for h in self._hands]
        twin._known = [set(k) for k in self._known]
        twin._declined = [set(k) for k in self._declined]
        twin._talon = list(self._talon)
        twin._heap = list(self._heap)
        twin._out = list(self._out)
        twin._table = list(self._table)
        twin._throwers = list(self._throwers)
        twin._shown = set(self._shown)
        twin._events = list(self._events)
        twin._history = list(self._history)
        return twin

    def __copy__(self) -> Game:
        return self.copy()

    def __deepcopy__(self, memo: object) -> Game:
        return self.copy()

    # -- seats, directions, teams -----------------------------------------------

    def _holds(self, seat: int) -> bool:
        return bool(self._hands[seat])

    def _clockwise(self, seat: int) -> list[int]:
        """The other seats, clockwise after `seat`."""
        return [(seat + k) % self._n for k in range(1, self._n)]

    def _next(self, seat: int) -> int | None:
        """The first seat clockwise after `seat`, other than it, that holds cards."""
        return next((s for s in self._clockwise(seat) if self._holds(s)), None)

    def _prev(self, seat: int) -> int | None:
        """The first seat counter-clockwise before `seat`, other than it, that holds cards."""
        return next((s for s in reversed(self._clockwise(seat)) if self._holds(s)), None)

    def _opponents(self, a: int, b: int) -> bool:
        return self._rules.team(a) != self._rules.team(b)

    def _next_opp(self, seat: int) -> int | None:
        """The first seat clockwise after `seat` that holds cards and is its opponent."""
        return next((s for s in self._clockwise(seat) if self._holds(s) and self._opponents(seat, s)), None)

    def _team_of(self, seat: int) -> tuple[int, ...]:
        """The seats of `seat`'s team, in seat order."""
        return tuple(s for s in range(self._n) if self._rules.team(s) == self._rules.team(seat))

    # -- the bout ------------------------------------------------------------------

    def _limit(self) -> int:
        """L: 5 while the heap is empty with first_five, else 6."""
        return LIMIT - 1 if self._rules.first_five and not self._heap else LIMIT

    def _open_bout(self, attacker: int, defender: int | None = None) -> None:
        """Open a bout led by `attacker` (the defender is its next opponent unless given: the end's bout)."""
        self._leader = self._attacker = attacker
        if defender is None:
            defender = self._next_opp(attacker)
            assert defender is not None   # at the deal every seat holds cards: an opponent is always next
        self._assign_defender(defender)
        self._table: list[tuple[int, int | None]] = []
        self._taken = False
        self._shown: set[int] = set()

    def _assign_defender(self, defender: int) -> None:
        """A defender is assigned (at an opening, a transfer or a show): cap, throwers, p and passes follow."""
        self._defender = defender
        self._cap = min(self._limit(), len(self._hands[defender]))
        self._throwers = self._compute_throwers()
        self._p = 0
        self._passes = 0

    def _compute_throwers(self) -> list[int]:
        """The attacker, then every other seat clockwise that holds cards, is not the defender and
        (neighbours) sits next to the defender among the seats holding cards, (teams) is his opponent."""
        attacker, defender = self._attacker, self._defender
        neighbours = (self._next(defender), self._prev(defender))
        throwers = [attacker]
        for s in self._clockwise(attacker):
            if s == defender or not self._holds(s):
                continue
            if self._rules.throw_in == "neighbours" and s not in neighbours:
                continue
            if self._rules.teams and not self._opponents(s, defender):
                continue
            throwers.append(s)
        return throwers

    # -- derived state -------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self._result is not None

    @property
    def phase(self) -> str:
        if self._result is not None:
            return "over"
        if self._taken:
            return "pile_on"
        if self._unanswered() is not None:
            return "defend"
        return "attack"

    @property
    def turn(self) -> int | None:
        """The defender in defend, the thrower at index p in attack and pile_on; None once over."""
        phase = self.phase
        if phase == "over":
            return None
        return self._defender if phase == "defend" else self._throwers[self._p]

    def _unanswered(self) -> int | None:
        """The oldest attack card without a beating card, or None."""
        return next((a for a, b in self._table if b is None), None)

    def _answered_any(self) -> bool:
        return any(b is not None for _, b in self._table)

    def _table_cards(self) -> list[int]:
        return [c for pair in self._table for c in pair if c is not None]

    def _attack_rank(self) -> int | None:
        """The single rank on the table before the first answer (the lead and any transfers)."""
        return rank_of(self._table[0][0]) if self._table else None

    def _turnup_in_talon(self) -> bool:
        return bool(self._talon) and self._talon[-1] == self._turnup

    def _can_swap(self, seat: int) -> bool:
        """Owner, holding the low trump, turn-up still in the talon (on turn or not)."""
        return (self._rules.swap and self._owner == seat and self._low_trump in self._hands[seat]
                and self._turnup_in_talon())

    def _attack_cards(self, seat: int) -> list[int]:
        """The cards `seat` may attack or throw in with, in reference order."""
        hand = self._hands[seat]
        if not self._table:
            return in_reference_order(hand)
        if len(self._table) >= self._cap:
            return []
        ranks = {rank_of(c) for c in self._table_cards()}
        return in_reference_order(c for c in hand if rank_of(c) in ranks)

    def _beating_cards(self) -> list[int]:
        target = self._unanswered()
        if target is None:
            return []
        return in_reference_order(c for c in self._hands[self._defender] if beats(target, c, self._trump))

    def _target_takes(self, attack_cards: int) -> bool:
        """Whether T = next(defender) exists and min(L, its hand) is at least `attack_cards`."""
        target = self._next(self._defender)
        return target is not None and min(self._limit(), len(self._hands[target])) >= attack_cards

    def _transfer_cards(self) -> list[int]:
        if self._rules.variant != "perevodnoy" or self._answered_any() or not self._table:
            return []
        if not self._target_takes(len(self._table) + 1):
            return []
        rank = self._attack_rank()
        return in_reference_order(c for c in self._hands[self._defender] if rank_of(c) == rank)

    def _show_cards(self) -> list[int]:
        if not self._rules.show_trump or self._answered_any() or not self._table:
            return []
        if not self._target_takes(len(self._table)):
            return []
        rank = self._attack_rank()
        return in_reference_order(c for c in self._hands[self._defender]
                                  if rank_of(c) == rank and suit_of(c) == self._trump and c not in self._shown)

    def legal_moves(self) -> tuple[Move, ...]:
        """The moves of the seat on turn, in the rules' order."""
        return self._public()["legal"]

    def _public(self) -> dict[str, Any]:
        """What every seat sees alike (the legal list of the seat on turn included), computed once a position.

        Every change of the position writes an event (an applied move always
        writes its own), so the position is named by its ply: the cache is
        good until the next event.
        """
        ply = len(self._events)
        if self._cache_ply != ply:
            self._cache = {"legal": self._legal_moves(), "bout": self._bout(), "phase": self.phase,
                           "turn": self.turn, "heap_cards": CardSet(self._heap),
                           "known": tuple(CardSet(k) for k in self._known),
                           "declined": tuple(CardSet(k) for k in self._declined),
                           "counts": tuple(len(h) for h in self._hands), "out": tuple(self._out),
                           "table": int(CardSet(self._table_cards()))}
            self._cache_ply = ply
        return self._cache

    def _legal_moves(self) -> tuple[Move, ...]:
        phase = self.phase
        if phase == "over":
            return ()
        if phase == "defend":
            can_swap = self._can_swap(self._defender)
            beat, transfer, show = self._beating_cards(), self._transfer_cards(), self._show_cards()
            moves = ([_move("beat", c) for c in beat] + [_move("transfer", c) for c in transfer]
                     + [_move("show", c) for c in show])
            if moves or can_swap:
                moves.append(TAKE)
        else:
            seat = self._throwers[self._p]
            can_swap = self._can_swap(seat)
            cards = self._attack_cards(seat)
            moves = [_move("attack", c) for c in cards]
            if self._table and (cards or can_swap):
                moves.append(DONE)
        if can_swap:
            moves.append(SWAP)
        return tuple(moves)

    # -- applying a move -------------------------------------------------------------

    def apply(self, seat: int, move: MoveLike) -> tuple[Event, ...]:
        """Apply `move` for `seat`, advance through forced positions, return the new events."""
        s, move = self._check(seat, move)
        start = len(self._events)
        self._history.append((s, move))
        kind, card = move.kind, move.card
        if kind == "resign":
            self._log(Event("resign", seat=s))
            self._end("resign", self._team_of(s))
            self._cache_ply = -1
            return tuple(self._events[start:])
        if kind == "attack" and card is not None:
            self._play(s, card)
            self._table.append((card, None))
            self._log(Event("attack", seat=s, card=card))
        elif kind == "beat" and card is not None:
            i = next(i for i, (_, b) in enumerate(self._table) if b is None)
            attack = self._table[i][0]
            if card >> 4 == self._trump and attack >> 4 != self._trump:
                self._declined[s].add(attack)  # answered with a trump, not in its suit
            self._table[i] = (attack, card)
            self._play(s, card)
            self._log(Event("beat", seat=s, card=card))
            if self._unanswered() is None:
                # every card answered: the round of throwers starts again from the attacker
                self._p = self._passes = 0
        elif kind == "transfer" and card is not None:
            target = self._next(s)
            assert target is not None  # checked by _check
            self._play(s, card)
            self._table.append((card, None))
            self._pass_defence(target)
            self._log(Event("transfer", seat=s, card=card, to=target))
        elif kind == "show" and card is not None:
            target = self._next(s)
            assert target is not None
            self._shown.add(card)
            self._known[s].add(card)  # shown and kept: everyone knows it is in this hand
            self._pass_defence(target)
            self._log(Event("show", seat=s, card=card, to=target))
        elif kind == "take":
            self._taken = True
            unanswered = next(a for a, b in self._table if b is None)  # the card it was to answer
            if unanswered >> 4 != self._trump:
                self._declined[s].add(unanswered)
            self._p = self._passes = 0
            self._log(Event("take", seat=s))
        elif kind == "done":
            self._log(Event("done", seat=s))
            self._pass_turn("done")
        elif kind == "swap":
            hand = self._hands[s]
            hand.remove(self._low_trump)
            hand.add(self._turnup)
            self._known[s].discard(self._low_trump)
            self._known[s].add(self._turnup)  # the turn-up lay face up
            self._talon[-1] = self._low_trump
            self._owner = None  # the right is spent
            self._log(Event("swap", seat=s, card=self._turnup))
        self._advance()
        self._cache_ply = -1   # a new position (its ply is new too; this only makes it plain)
        return tuple(self._events[start:])

    def _play(self, seat: int, card: int) -> None:
        self._hands[seat].remove(card)
        self._known[seat].discard(card)

    def _pass_defence(self, target: int) -> None:
        """A transfer or a show: the defender attacks, the target defends (the leader stays)."""
        self._attacker = self._defender
        self._assign_defender(target)

    def _pass_turn(self, how: str) -> None:
        """The thrower on turn passes (a `done`, or automatically); a full round closes the bout `how`."""
        self._passes += 1
        self._p = (self._p + 1) % len(self._throwers)
        if self._passes == len(self._throwers):
            self._close(how)

    def refusal(self, seat: int, move: MoveLike) -> str | None:
        """The code `apply(seat, move)` would refuse with, or None if it would apply; changes nothing."""
        try:
            self._check(seat, move, explain=False)
        except IllegalMove as refused:
            return refused.code
        return None

    def _position(self) -> str:
        turn = self.turn
        on_turn = "nobody" if turn is None else f"seat {turn}"
        return f"ply {len(self._events)}, phase {self.phase}, {on_turn} on turn"

    def _kind_allowed(self, kind: str) -> bool:
        """Whether the table's options have this kind of move."""
        if kind == "transfer":
            return self._rules.variant == "perevodnoy"
        if kind == "show":
            return self._rules.show_trump
        if kind == "swap":
            return self._rules.swap
        return True

    def _check(self, seat: object, move: object, explain: bool = True) -> tuple[int, Move]:
        """Refuse a move with the first failing check, in the rules' order; else the seat and the Move.

        `explain=False` (for `refusal`, which needs the code alone) leaves the message out."""
        kind: str | None = None
        card: int | None = None
        parsed: Move | None = None
        if isinstance(move, Move):
            parsed, kind, card = move, move.kind, move.card
        elif isinstance(move, str):
            try:
                parsed = Move.parse(move)
                kind, card = parsed.kind, parsed.card
            except ValueError:
                words = move.split()
                if words and words[0].lower() in CARD_KINDS:
                    kind = words[0].lower()  # the card is missing or malformed: card_not_held, later
        s = seat_index(seat, self._n)

        def refuse(code: str, why: str) -> IllegalMove:
            if not explain:
                return IllegalMove(code, "")
            name = str(parsed) if parsed is not None else shown(move)
            return IllegalMove(code, f"seat {shown(seat)} {name}: {why} ({self._position()})")

        if self._result is not None:
            raise refuse("game_over", "the deal is over")
        if s is None:
            raise refuse("not_your_turn", f"there is no seat {shown(seat)}: seats are 0 to {self._n - 1}")
        if kind is None or kind not in KINDS:
            raise refuse("not_legal", "that is not a move")
        if not self._kind_allowed(kind):
            raise refuse("not_legal", f"this table has no {kind}")
        if s in self._out:
            raise refuse("seat_out", f"seat {s} is out")
        if kind == "resign":
            return s, RESIGN
        turn = self.turn
        if s != turn:
            raise refuse("not_your_turn", f"seat {turn} is on turn")
        phase = self.phase
        if phase not in PHASES_OF[kind]:
            raise refuse("wrong_phase", f"{kind} is not a move in {phase}")
        hand = self._hands[s]
        if kind in CARD_KINDS and (card is None or card not in hand):
            raise refuse("card_not_held", "the card is not in the hand" if card is not None
                         else "the card is missing or malformed")
        assert card is not None or kind not in CARD_KINDS
        if kind == "attack":
            assert card is not None
            if len(self._table) >= self._cap:
                raise refuse("bout_full", f"the bout is at its cap of {self._cap}")
            if self._table and rank_of(card) not in {rank_of(c) for c in self._table_cards()}:
                raise refuse("rank_not_in_bout", "that rank is not on the table")
            return s, _move("attack", card)
        if kind == "beat":
            assert card is not None
            target = self._unanswered()
            assert target is not None
            if not beats(target, card, self._trump):
                raise refuse("beats_nothing", f"it does not beat {card_name(target)}")
            return s, _move("beat", card)
        if kind == "transfer":
            assert card is not None
            if self._answered_any():
                raise refuse("transfer_closed", "an attack card of the bout is answered")
            if rank_of(card) != self._attack_rank():
                raise refuse("rank_not_in_bout", "a transfer is of the attack cards' rank")
            if not self._target_takes(len(self._table) + 1):
                raise refuse("target_short", self._short_why(len(self._table) + 1))
            return s, _move("transfer", card)
        if kind == "show":
            assert card is not None
            if suit_of(card) != self._trump:
                raise refuse("not_a_trump", f"{card_name(card)} is not a trump")
            if self._answered_any():
                raise refuse("transfer_closed", "an attack card of the bout is answered")
            if rank_of(card) != self._attack_rank():
                raise refuse("rank_not_in_bout", "a show is of the attack cards' rank")
            if card in self._shown:
                raise refuse("already_shown", f"{card_name(card)} was shown in this bout")
            if not self._target_takes(len(self._table)):
                raise refuse("target_short", self._short_why(len(self._table)))
            return s, _move("show", card)
        if kind == "done":
            if not self._table:
                raise refuse("must_attack", "the bout has no card yet")
            return s, DONE
        if kind == "swap":
            if self._owner != s or self._low_trump not in hand:
                raise refuse("not_the_six", f"seat {s} does not own and hold the low trump")
            if not self._turnup_in_talon():
                raise refuse("talon_shut", "the turn-up has left the talon")
            return s, SWAP
        return s, TAKE

    def _short_why(self, need: int) -> str:
        target = self._next(self._defender)
        if target is None:
            return "no other seat holds cards"
        return (f"seat {target} could defend min({self._limit()}, {len(self._hands[target])}) cards, "
                f"the table would need {need}")

    # -- forced positions resolve themselves ---------------------------------------------

    def _advance(self) -> None:
        """Resolve forced positions, in the rules' order, until a seat has a choice or the deal is over."""
        while self._result is None:
            if self._taken:
                # 1. a taken bout closes at its cap; else a thrower with nothing to add passes
                if len(self._table) >= self._cap:
                    self._close("taken")
                    continue
                seat = self._throwers[self._p]
                if not self._attack_cards(seat) and not self._can_swap(seat):
                    self._pass_turn("taken")
                    continue
                return
            if self._table and self._unanswered() is None:
                # 2. every attack card beaten: spent (checked first), then capped
                if not self._hands[self._defender]:
                    self._close("spent")
                    continue
                if len(self._table) >= self._cap:
                    self._close("capped")
                    continue
            if self._unanswered() is not None:
                # 3. defend: nothing to beat, transfer or show with, and no swap: the defender takes
                if not (self._beating_cards() or self._transfer_cards() or self._show_cards()
                        or self._can_swap(self._defender)):
                    self._taken = True
                    self._p = self._passes = 0
                    continue
                return
            if self._table:
                # 3. attack: the thrower on turn has nothing to add and no swap: he passes
                seat = self._throwers[self._p]
                if not self._attack_cards(seat) and not self._can_swap(seat):
                    self._pass_turn("exhausted")
                    continue
            return

    # -- a bout closes ------------------------------------------------------------------

    def _close(self, how: str) -> None:
        """Move the table, refill, find the next attacker, check the end, open the next bout."""
        taken, leader, defender = self._taken, self._leader, self._defender
        cards = self._table_cards()
        out_before = set(self._out)
        if taken:
            self._hands[defender].update(cards)
            self._known[defender].update(cards)  # everyone saw them picked up
            if self._low_trump in cards and self._owner is not None and self._owner != defender:
                self._owner = None
        else:
            self._heap.extend(cards)
        self._table = []
        self._taken = False
        self._bouts += 1
        order = self._refill_order(leader, defender)
        drawn = [0] * self._n
        for s in order:
            if s in out_before:
                continue
            hand = self._hands[s]
            if len(hand) < HAND and self._talon:
                self._declined[s].clear()  # a drawn card may answer what the old hand could not
            while len(hand) < HAND and self._talon:
                card = self._talon.pop(0)
                hand.add(card)
                drawn[s] += 1
                if not self._talon:
                    self._known[s].add(card)  # the talon's last card lay face up
                if card == self._low_trump and self._rules.swap:
                    self._owner = s
        # the end check: every seat not yet out holding no cards with the talon empty is out
        going = [] if self._talon else [s for s in range(self._n) if s not in out_before and not self._hands[s]]
        self._out += going
        holding = {self._rules.team(s) for s in range(self._n) if self._hands[s]}
        ends = not self._talon and len(holding) <= 1
        # the next attacker: the defender if beaten off; if taken, the first seat after him not out before
        if taken:
            candidate = next(s for s in self._clockwise(defender) if s not in out_before)
        else:
            candidate = defender
        attacker = candidate
        if not ends and not self._hands[candidate]:
            attacker = next(s for s in self._clockwise(candidate) if self._hands[s])
        if ends:
            next_defender = next((s for s in self._clockwise(attacker) if s not in out_before
                                  and (not self._rules.teams or self._opponents(attacker, s))), None)
        else:
            next_defender = self._next_opp(attacker)
        two_seat = self._rules.two_seat
        self._log(Event("bout_end", taken=taken, how=how, cards=len(cards), heap=len(self._heap),
                        attacker=attacker, defender=None if two_seat else next_defender))
        self._log(Event("refill", drawn=tuple(drawn), talon=len(self._talon)))
        for s in going:
            self._log(Event("out", seat=s))
        assert next_defender is not None
        self._open_bout(attacker, next_defender)
        if ends:
            if len(holding) == 1:
                (team,) = holding
                losers = tuple(s for s in range(self._n) if self._rules.team(s) == team)
                self._end("fool", losers)
            elif self._rules.draw:
                self._end("draw", ())
            else:
                self._end("fool", self._team_of(defender))  # without a draw the last defender's team loses

    def _refill_order(self, leader: int, defender: int) -> list[int]:
        """Who draws, in order: the leader, the others clockwise from the leader, the bout's defender last."""
        return [s for s in [leader] + self._clockwise(leader) if s != defender] + [defender]

    def _end(self, outcome: str, losers: tuple[int, ...]) -> None:
        fool = losers[0] if len(losers) == 1 else None
        self._result = Result(outcome, fool, losers)
        two_seat = self._rules.two_seat
        self._log(Event("game_end", outcome=outcome, fool=fool, losers=None if two_seat else losers))

    def _log(self, event: Event) -> None:
        self._events.append(event)

    # -- what can be seen ------------------------------------------------------------------

    def view(self, seat: int) -> View:
        """What `seat` may see (a seat that is out too); IllegalMove not_your_turn for no seat."""
        s = seat_index(seat, self._n)
        if s is None:
            raise IllegalMove("not_your_turn", f"there is no seat {shown(seat)}: seats are 0 to {self._n - 1}",
                              seat=seat)
        public = self._public()
        turn = public["turn"]
        hand = CardSet(self._hands[s])
        heap = public["heap_cards"]
        known = public["known"]
        bottom = self._talon[-1] if self._talon else None
        seen = int(hand) | int(heap) | public["table"]
        for other in range(self._n):
            if other != s:
                seen |= int(known[other])
        if bottom is not None:
            seen |= 1 << bottom
        return View(
            seat=s,
            ply=len(self._events),
            phase=public["phase"],
            turn=turn,
            trump=self._trump,
            turnup=self._turnup if self._turnup_in_talon() else None,
            talon=len(self._talon),
            heap=len(self._heap),
            hand=hand,
            counts=public["counts"],
            can_swap=self._can_swap(s),
            legal=public["legal"] if s == turn else (),
            over=self._result is not None,
            result=self._result,
            bout=public["bout"],
            rules=self._rules,
            out=public["out"],
            heap_cards=heap,
            known=known,
            bottom=bottom,
            unseen=CardSet(int(self._rules.cards) & ~seen),
            declined=public["declined"],
        )

    @property
    def bout(self) -> Bout:
        return self._public()["bout"]

    def _bout(self) -> Bout:
        return Bout(
            attacker=self._attacker,
            defender=self._defender,
            cap=self._cap,
            size=len(self._table),
            taken=self._taken,
            to_beat=self._unanswered(),
            pairs=tuple(self._table),
            leader=self._leader,
            throwers=tuple(self._throwers),
            shown=CardSet(self._shown),
        )

    @property
    def rules(self) -> Rules:
        return self._rules

    @property
    def seats(self) -> int:
        return self._n

    @property
    def moves(self) -> int:
        """Moves applied by the players (forced steps are not moves)."""
        return len(self._history)

    @property
    def bouts(self) -> int:
        """Bouts closed."""
        return self._bouts

    @property
    def low_trump(self) -> int:
        return self._low_trump

    @property
    def hands(self) -> tuple[CardSet, ...]:
        return tuple(CardSet(h) for h in self._hands)

    @property
    def bout_cards(self) -> CardSet:
        """Every card of the bout on the table, attack and beat (the engine's `Game.bout_cards`)."""
        return CardSet(self._table_cards())

    @property
    def table(self) -> CardSet:
        """`bout_cards`' old name, until kozyr 0.5 (with a DeprecationWarning), as the engine's."""
        warn_old_name("kozyr.durak.oracle.reference_variants.Game.table",
                      "kozyr.durak.oracle.reference_variants.Game.bout_cards")
        return self.bout_cards

    @property
    def out(self) -> tuple[int, ...]:
        """The seats that are out, in the order they went out."""
        return tuple(self._out)

    def log_digest(self) -> str:
        """The SHA-256 of the deal's event lines so far (kozyr.durak.log_digest)."""
        from kozyr.durak.events import log_digest
        return log_digest(self._events)

    def __repr__(self) -> str:
        hands = " | ".join(str(CardSet(h)) for h in self._hands)
        return (f"<durak variants twin Game {self._rules!r} trump {SUIT_NAMES[self._trump]}, {self._position()}, "
                f"hands {hands}>")
