"""A plain-Python durak engine, written for clarity from the rules (docs/rules/durak.md).

This is the oracle: the Cython engine (`kozyr.durak.core.engine`) is played against
it move for move (`kozyr.durak.oracle.testing`), and it is the baseline the speed
ratios are measured from. Everything here is ordinary Python lists, sets and
dicts; nothing here was transliterated from another engine.

Cards are kozyr card ints (`16*suit + rank`, ranks 6..14 in durak). The deal's
state is kept in plain form:

- `_hands`: two sets of cards, seat 0 and seat 1;
- `_talon`: a list in draw order (front first), the turn-up last while there;
- `_heap`: the beaten-off cards (the rules keep a count; we keep the cards too);
- `_table`: the bout's pairs `(attack card, beating card or None)`, in the
  order the attack cards were played;
- `_attacker`, `_defender`, `_cap`, `_taken`: the bout;
- `_owner`: the seat owning the trump six's exchange right, or None;
- `_known`: per seat, the cards of its hand every seat has seen go there (the
  public memory of the view: picked up in a taken bout, the turn-up taken by
  the exchange, the talon's last card drawn) and not played since;
- `_declined`: per seat, the plain attack cards it answered otherwise than in
  their suit (the card it was to beat when it took, or one it beat with a
  trump) since it last drew;
- `_out`: the seats that are out, in the order they went out;
- `_events`, `_history`, `_result`.

The phase and the seat on turn are derived from that state, never stored.
Where the rules are silent, kozyr's choices are listed once, in the rules page
("Where the rules are silent"); both engines follow them and the differential
tests hold them to it.

API choices, the same in the Cython engine: seats and card ints go through
`operator.index` (numpy ints welcome); a seat whose `__index__` raises is no
seat (`not_your_turn`); a deal number is an integer from 1 with at most 40
digits (`bad_deal` beyond); messages show inputs through `kozyr.errors.shown`
(cut, and safe when `repr` raises).
"""
from __future__ import annotations

import operator
from collections.abc import Iterable

from kozyr.cards import SUIT_NAMES, CardSet, card_name
from kozyr.durak.codes import IllegalMove
from kozyr.durak.events import Event, Result
from kozyr.durak.moves import DONE, RESIGN, SWAP, TAKE, Move
from kozyr.durak.rules import Rules
from kozyr.durak.seeds import seed_bytes
from kozyr.durak.views import Bout, View
from kozyr.errors import KozyrError, shown
from kozyr.shuffle import shuffled

__all__ = ["Game", "shuffled_order", "REFERENCE_ORDER", "REFERENCE_NUMBER", "power", "beats"]

# -- cards ---------------------------------------------------------------------

SIX = 6

# The reference order: spades, hearts, diamonds, clubs; within a suit from the
# ace down to the six. The reference numbers the cards 1..36 in this order.
REFERENCE_ORDER: tuple[int, ...] = tuple(16 * suit + rank for suit in range(4) for rank in range(14, 5, -1))
REFERENCE_NUMBER: dict[int, int] = {card: i + 1 for i, card in enumerate(REFERENCE_ORDER)}
DURAK_CARDS = frozenset(REFERENCE_ORDER)
RULES = Rules()  # the table this engine plays: two seats, 36 cards, podkidnoy
DECK = int(CardSet(REFERENCE_ORDER))


def power(card: int) -> int:
    """6=0, 7=1, ..., A=8."""
    return (card & 15) - 6


def suit_of(card: int) -> int:
    return card >> 4


def rank_of(card: int) -> int:
    return card & 15


def beats(attack: int, defence: int, trump: int) -> bool:
    """Whether `defence` beats `attack`: a higher trump over a trump; any trump
    over a plain card; otherwise a higher card of the same suit."""
    if suit_of(attack) == trump:
        return suit_of(defence) == trump and rank_of(defence) > rank_of(attack)
    if suit_of(defence) == trump:
        return True
    return suit_of(defence) == suit_of(attack) and rank_of(defence) > rank_of(attack)


def in_reference_order(cards: Iterable[int]) -> list[int]:
    return sorted(cards, key=REFERENCE_NUMBER.__getitem__)


# Moves are interned: Move objects validate on construction, so build each once.
ATTACK = {card: Move("attack", card) for card in REFERENCE_ORDER}
BEAT = {card: Move("beat", card) for card in REFERENCE_ORDER}

# -- the deal ------------------------------------------------------------------


def _seed_bytes(seed: object) -> bytes:
    """The 32 bytes of a deal seed (`kozyr.durak.seeds.seed_bytes`, the one normaliser)."""
    return seed_bytes(seed, "seed", code="no_seed", error=IllegalMove, size=32)


MAX_DEAL_DIGITS = 40


def _deal_number(number: object) -> int:
    try:
        whole = None if isinstance(number, bool) else operator.index(number)  # type: ignore[arg-type]
    except Exception:
        whole = None
    if whole is None or whole < 1:
        raise IllegalMove("bad_deal", f"deal number {shown(number)} is not an integer from 1")
    if whole >= 10 ** MAX_DEAL_DIGITS:
        raise IllegalMove("bad_deal", f"deal number {shown(number)} has more than {MAX_DEAL_DIGITS} digits")
    return whole


def shuffled_order(seed: bytes | str, number: int = 1) -> tuple[int, ...]:
    """The 36 cards of deal `number` of `seed`, shuffled (Fisher-Yates from the last position down):
    `kozyr.shuffle.shuffled` under the tag `deal:<number>`."""
    return shuffled(REFERENCE_ORDER, _seed_bytes(seed), f"deal:{_deal_number(number)}")


def _check_order(cards: Iterable[int]) -> tuple[int, ...]:
    try:
        given = tuple(cards)
    except Exception:
        raise KozyrError("bad_order", f"{shown(cards)} is not a sequence of cards") from None
    order = []
    for c in given:
        try:
            whole = None if isinstance(c, bool) else operator.index(c)
        except Exception:
            whole = None
        if whole is None:
            raise KozyrError("bad_order", f"{shown(c)} is not a card int")
        if whole not in DURAK_CARDS:
            raise KozyrError("bad_order", f"{shown(c)} is not a durak card (ranks 6..A, 16*suit + rank)")
        order.append(whole)
    seen: set[int] = set()
    for c in order:
        if c in seen:
            raise KozyrError("bad_order", f"card {card_name(c)} appears twice in the order")
        seen.add(c)
    if len(order) != 36:
        missing = " ".join(card_name(c) for c in REFERENCE_ORDER if c not in seen)
        raise KozyrError("bad_order", f"an order has 36 cards, got {len(order)} (missing {missing})")
    return tuple(order)


def _seat_index(seat: object) -> int | None:
    """0 or 1 for a seat that exists, else None."""
    if isinstance(seat, bool):
        return None
    try:
        s = operator.index(seat)  # type: ignore[arg-type]
    except Exception:  # no __index__, or one that raises: no seat (the engine agrees)
        return None
    return s if s in (0, 1) else None


# -- the game ------------------------------------------------------------------

MoveLike = Move | str


class Game:
    """One two-seat deal of Podkidnoy durak, from a seed or a shuffled order."""

    # -- construction ----------------------------------------------------------

    def __init__(self, order: Iterable[int]) -> None:
        order = _check_order(order)
        self._order = order
        # seat 0 takes positions 0, 2, ..., 10; seat 1 takes 1, 3, ..., 11
        self._hands: list[set[int]] = [set(order[0:12:2]), set(order[1:12:2])]
        # position 12 is the turn-up; the talon is 13..35 then the turn-up
        self._turnup = order[12]
        self._trump = suit_of(self._turnup)
        self._six = 16 * self._trump + SIX
        self._talon: list[int] = list(order[13:]) + [self._turnup]
        self._heap: list[int] = []
        # the trump six's owner: the seat dealt it (none when it is the turn-up)
        self._owner: int | None = None
        for seat in (0, 1):
            if self._six in self._hands[seat]:
                self._owner = seat
        # first attacker: the seat holding the lowest-power trump, else seat 0
        first = 0
        lowest = None
        for seat in (0, 1):
            for c in self._hands[seat]:
                if suit_of(c) == self._trump and (lowest is None or power(c) < lowest):
                    lowest, first = power(c), seat
        self._table: list[tuple[int, int | None]] = []
        self._taken = False
        self._attacker = first
        self._defender = 1 - first
        self._cap = 0
        self._events: list[Event] = []
        self._history: list[tuple[int, Move]] = []
        self._result: Result | None = None
        self._known: list[set[int]] = [set(), set()]
        self._declined: list[set[int]] = [set(), set()]
        self._out: list[int] = []
        self._open_bout(first)
        self._advance()  # nothing is forced at the deal (the attacker holds six cards); kept for uniformity

    @classmethod
    def from_seed(cls, seed: bytes | str, number: int = 1) -> Game:
        """Deal `number` (from 1) of a 32-byte seed."""
        return cls(shuffled_order(seed, number))

    @classmethod
    def from_order(cls, cards: Iterable[int]) -> Game:
        """A deal from 36 distinct durak cards in shuffled order."""
        return cls(cards)

    @classmethod
    def replay(cls, seed: bytes | str, moves: Iterable[tuple[int, MoveLike]], number: int = 1) -> Game:
        """The deal after `moves` ((seat, move) pairs); IllegalMove at the first refused one."""
        game = cls.from_seed(seed, number)
        for i, item in enumerate(moves):
            try:
                seat, move = item
            except (TypeError, ValueError):
                raise IllegalMove("not_legal", f"replay item {i} {shown(item)} is not a (seat, move) pair",
                                  index=i, value=item) from None
            try:
                game.apply(seat, move)
            except IllegalMove as refusal:
                raise IllegalMove(refusal.code, f"replay move {i}: {refusal.detail}",
                                  **{**refusal.fields, "index": i}) from None
        return game

    def copy(self) -> Game:
        """An independent game in the same position."""
        twin = object.__new__(type(self))
        twin.__dict__.update(self.__dict__)
        twin._hands = [set(self._hands[0]), set(self._hands[1])]
        twin._talon = list(self._talon)
        twin._heap = list(self._heap)
        twin._table = list(self._table)
        twin._events = list(self._events)
        twin._history = list(self._history)
        twin._known = [set(self._known[0]), set(self._known[1])]
        twin._declined = [set(self._declined[0]), set(self._declined[1])]
        twin._out = list(self._out)
        return twin

    # -- derived state ---------------------------------------------------------

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
        phase = self.phase
        if phase == "over":
            return None
        return self._defender if phase == "defend" else self._attacker

    def _unanswered(self) -> int | None:
        """The oldest attack card without a beating card, or None."""
        for attack, beat in self._table:
            if beat is None:
                return attack
        return None

    def _table_cards(self) -> list[int]:
        return [c for pair in self._table for c in pair if c is not None]

    def _turnup_in_talon(self) -> bool:
        # the turn-up is always the talon's last card while it is there
        return bool(self._talon) and self._talon[-1] == self._turnup

    def _can_swap(self, seat: int) -> bool:
        """Owner, holding the six, turn-up still in the talon (on turn or not)."""
        return self._owner == seat and self._six in self._hands[seat] and self._turnup_in_talon()

    def _attack_cards(self) -> list[int]:
        """The attacker's legal attack cards in reference order (any phase)."""
        hand = self._hands[self._attacker]
        if not self._table:
            return in_reference_order(hand)
        if len(self._table) >= self._cap:
            return []
        ranks = {rank_of(c) for c in self._table_cards()}
        return in_reference_order(c for c in hand if rank_of(c) in ranks)

    def _beating_cards(self) -> list[int]:
        """The defender's cards beating the oldest unanswered attack card, in reference order."""
        target = self._unanswered()
        if target is None:
            return []
        return in_reference_order(c for c in self._hands[self._defender] if beats(target, c, self._trump))

    def legal_moves(self) -> tuple[Move, ...]:
        """The moves of the seat on turn, in the rules' order."""
        phase = self.phase
        if phase == "over":
            return ()
        if phase == "defend":
            can_swap = self._can_swap(self._defender)
            cards = self._beating_cards()
            moves = [BEAT[c] for c in cards]
            if cards or can_swap:
                moves.append(TAKE)
        else:
            can_swap = self._can_swap(self._attacker)
            cards = self._attack_cards()
            moves = [ATTACK[c] for c in cards]
            if self._table and (cards or can_swap):
                moves.append(DONE)
        if can_swap:
            moves.append(SWAP)
        return tuple(moves)

    # -- applying a move ----------------------------------------------------------

    def apply(self, seat: int, move: MoveLike) -> tuple[Event, ...]:
        """Apply `move` for `seat`, advance through forced positions, return the new events."""
        seat_index, move = self._check(seat, move)
        start = len(self._events)
        self._history.append((seat_index, move))
        kind = move.kind
        if kind == "resign":
            self._log(Event("resign", seat=seat_index))
            self._end(Result("resign", seat_index))
            return tuple(self._events[start:])
        if kind == "attack" and move.card is not None:
            self._hands[seat_index].remove(move.card)
            self._known[seat_index].discard(move.card)
            self._table.append((move.card, None))
            self._log(Event("attack", seat=seat_index, card=move.card))
        elif kind == "beat" and move.card is not None:
            # the beating card answers the oldest unanswered attack card
            i = next(i for i, (_, beat) in enumerate(self._table) if beat is None)
            attack = self._table[i][0]
            if move.card >> 4 == self._trump and attack >> 4 != self._trump:
                self._declined[seat_index].add(attack)  # answered with a trump, not in its suit
            self._table[i] = (attack, move.card)
            self._hands[seat_index].remove(move.card)
            self._known[seat_index].discard(move.card)
            self._log(Event("beat", seat=seat_index, card=move.card))
        elif kind == "take":
            self._taken = True
            unanswered = next(a for a, beat in self._table if beat is None)  # the card it was to answer
            if unanswered >> 4 != self._trump:
                self._declined[seat_index].add(unanswered)
            self._log(Event("take", seat=seat_index))
        elif kind == "done":
            self._log(Event("done", seat=seat_index))
            self._close("done")
        elif kind == "swap":
            hand = self._hands[seat_index]
            hand.remove(self._six)
            hand.add(self._turnup)
            self._known[seat_index].discard(self._six)
            self._known[seat_index].add(self._turnup)  # the turn-up was face up
            self._talon[-1] = self._six
            self._owner = None  # the right is spent
            self._log(Event("swap", seat=seat_index, card=self._turnup))
        self._advance()
        return tuple(self._events[start:])

    def refusal(self, seat: int, move: MoveLike) -> str | None:
        """The code `apply(seat, move)` would refuse with, or None if it would apply; changes nothing."""
        try:
            self._check(seat, move)
        except IllegalMove as refused:
            return refused.code
        return None

    def _position(self) -> str:
        phase = self.phase
        turn = self.turn
        on_turn = "nobody" if turn is None else f"seat {turn}"
        return f"ply {len(self._events)}, phase {phase}, {on_turn} on turn"

    def _check(self, seat: object, move: object) -> tuple[int, Move]:
        """Refuse a move with the first failing check, in the rules' order."""
        # normalise the move; a missing or malformed card is remembered, not refused yet
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
                if words and words[0].lower() in ("attack", "beat"):
                    kind = words[0].lower()
        name = str(parsed) if parsed is not None else shown(move)
        s = _seat_index(seat)

        def refuse(code: str, why: str) -> IllegalMove:
            return IllegalMove(code, f"seat {shown(seat)} {name}: {why} ({self._position()})", seat=seat, move=move,
                               ply=len(self._events))

        if self._result is not None:
            raise refuse("game_over", "the deal is over")
        if s is None:
            raise refuse("not_your_turn", f"there is no seat {shown(seat)}: seats are 0 and 1")
        if kind is None:
            raise refuse("not_legal", f"{name} is not a move")
        if kind in ("transfer", "show"):  # perevodnoy's kinds: this table (Rules()) has neither
            raise refuse("not_legal", f"the two-seat podkidnoy game has no {kind}")
        if kind == "resign":
            return s, RESIGN
        turn = self.turn
        if s != turn:
            raise refuse("not_your_turn", f"seat {turn} is on turn")
        phase = self.phase
        allowed = {
            "attack": ("attack", "pile_on"),
            "beat": ("defend",),
            "take": ("defend",),
            "done": ("attack", "pile_on"),
            "swap": ("attack", "defend", "pile_on"),
        }[kind]
        if phase not in allowed:
            raise refuse("wrong_phase", f"{kind} is not a move in {phase}")
        hand = self._hands[s]
        if kind == "attack":
            if card is None or card not in hand:
                raise refuse("card_not_held", "the card is not in the hand" if card is not None
                              else "the card is missing or malformed")
            if len(self._table) >= self._cap:
                raise refuse("bout_full", f"the bout is at its cap of {self._cap}")
            if self._table and rank_of(card) not in {rank_of(c) for c in self._table_cards()}:
                raise refuse("rank_not_in_bout", "that rank is not on the table")
            return s, ATTACK[card]
        if kind == "beat":
            if card is None or card not in hand:
                raise refuse("card_not_held", "the card is not in the hand" if card is not None
                              else "the card is missing or malformed")
            target = self._unanswered()
            if not beats(target, card, self._trump):  # type: ignore[arg-type]
                raise refuse("beats_nothing", f"it does not beat {card_name(target)}")  # type: ignore[arg-type]
            return s, BEAT[card]
        if kind == "done":
            if not self._table:
                raise refuse("must_attack", "the bout has no card yet")
            return s, DONE
        if kind == "swap":
            if self._owner != s or self._six not in hand:
                raise refuse("not_the_six", f"seat {s} does not own and hold the trump six")
            if not self._turnup_in_talon():
                raise refuse("talon_shut", "the turn-up has left the talon")
            return s, SWAP
        return s, TAKE

    # -- forced positions, closing a bout, the end -------------------------------------

    def _advance(self) -> None:
        """Resolve forced positions until a seat has a real choice or the deal is over."""
        while self._result is None:
            if self._taken:
                # 1. a taken bout closes at its cap, or when the attacker has nothing to add
                if len(self._table) >= self._cap or (
                        not self._attack_cards() and not self._can_swap(self._attacker)):
                    self._close("taken")
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
                # 3. defend: no beating card and no swap -> the defender takes (no event)
                if not self._beating_cards() and not self._can_swap(self._defender):
                    self._taken = True
                    continue
                return
            # 3. attack: a card on the table, nothing to add and no swap -> exhausted
            if self._table and not self._attack_cards() and not self._can_swap(self._attacker):
                self._close("exhausted")
                continue
            return

    def _close(self, how: str) -> None:
        """Close the bout: move the table, refill, check the end, open the next bout."""
        taken = self._taken
        attacker, defender = self._attacker, self._defender
        cards = self._table_cards()
        if taken:
            self._hands[defender].update(cards)
            self._known[defender].update(cards)  # everyone saw them picked up
            if self._six in cards and self._owner == attacker:
                self._owner = None
            next_attacker = attacker
        else:
            self._heap.extend(cards)
            next_attacker = defender
        self._table = []
        self._taken = False
        self._log(Event("bout_end", taken=taken, how=how, cards=len(cards),
                        heap=len(self._heap), attacker=next_attacker))
        # refill: the bout's attacker draws up to six first, then the defender
        drawn = [0, 0]
        for seat in (attacker, defender):
            hand = self._hands[seat]
            if len(hand) < 6 and self._talon:
                self._declined[seat].clear()  # a drawn card may answer what the old hand could not
            while len(hand) < 6 and self._talon:
                card = self._talon.pop(0)
                hand.add(card)
                drawn[seat] += 1
                if not self._talon:
                    self._known[seat].add(card)  # the talon's last card lies face up
                if card == self._six:
                    self._owner = seat
        self._log(Event("refill", drawn=(drawn[0], drawn[1]), talon=len(self._talon)))
        self._open_bout(next_attacker)
        # the end check: a seat is out with no cards and an empty talon
        if not self._talon:
            out = [seat for seat in (0, 1) if not self._hands[seat]]
            for seat in out:
                self._out.append(seat)
                self._log(Event("out", seat=seat))
            if len(out) == 2:
                self._end(Result("draw", None))
            elif len(out) == 1:
                self._end(Result("fool", 1 - out[0]))

    def _open_bout(self, attacker: int) -> None:
        self._attacker = attacker
        self._defender = 1 - attacker
        self._cap = min(6, len(self._hands[self._defender]))
        self._table = []
        self._taken = False

    def _end(self, result: Result) -> None:
        self._result = result
        self._log(Event("game_end", outcome=result.outcome, fool=result.fool))

    def _log(self, event: Event) -> None:
        self._events.append(event)

    # -- what can be seen ------------------------------------------------------

    def view(self, seat: int) -> View:
        """What `seat` may see."""
        s = _seat_index(seat)
        if s is None:
            raise IllegalMove("not_your_turn", f"there is no seat {shown(seat)}: seats are 0 and 1")
        turn = self.turn
        hand = CardSet(self._hands[s])
        heap = CardSet(self._heap)
        known = (CardSet(self._known[0]), CardSet(self._known[1]))
        bottom = self._talon[-1] if self._talon else None
        seen = int(hand) | int(heap) | int(known[1 - s]) | int(CardSet(self._table_cards()))
        if bottom is not None:
            seen |= 1 << bottom
        return View(
            seat=s,
            ply=len(self._events),
            phase=self.phase,
            turn=turn,
            trump=self._trump,
            turnup=self._turnup if self._turnup_in_talon() else None,
            talon=len(self._talon),
            heap=len(self._heap),
            hand=hand,
            counts=(len(self._hands[0]), len(self._hands[1])),
            can_swap=self._can_swap(s),
            legal=self.legal_moves() if s == turn else (),
            over=self._result is not None,
            result=self._result,
            bout=self.bout,
            rules=RULES,
            out=tuple(self._out),
            heap_cards=heap,
            known=known,
            bottom=bottom,
            unseen=CardSet(DECK & ~seen),
            declined=(CardSet(self._declined[0]), CardSet(self._declined[1])),
        )

    @property
    def bout(self) -> Bout:
        return Bout(
            attacker=self._attacker,
            defender=self._defender,
            cap=self._cap,
            size=len(self._table),
            taken=self._taken,
            to_beat=self._unanswered(),
            pairs=tuple(self._table),
            leader=self._attacker,
            throwers=(self._attacker,),
            shown=CardSet(),
        )

    @property
    def result(self) -> Result | None:
        return self._result

    @property
    def ply(self) -> int:
        return len(self._events)

    @property
    def trump(self) -> int:
        return self._trump

    @property
    def turnup(self) -> int:
        return self._turnup

    @property
    def order(self) -> tuple[int, ...]:
        return self._order

    @property
    def history(self) -> tuple[tuple[int, Move], ...]:
        return tuple(self._history)

    @property
    def events(self) -> tuple[Event, ...]:
        return tuple(self._events)

    @property
    def hands(self) -> tuple[CardSet, CardSet]:
        return CardSet(self._hands[0]), CardSet(self._hands[1])

    @property
    def talon(self) -> tuple[int, ...]:
        return tuple(self._talon)

    @property
    def heap(self) -> int:
        return len(self._heap)

    @property
    def heap_cards(self) -> CardSet:
        return CardSet(self._heap)

    @property
    def six_owner(self) -> int | None:
        return self._owner

    def __repr__(self) -> str:
        return (f"<durak reference Game trump {SUIT_NAMES[self._trump]}, {self._position()}, "
                f"hands {CardSet(self._hands[0])} | {CardSet(self._hands[1])}>")
