"""What one seat may see: `View` and the `Bout` inside it, at any table (2 to 6 seats).

Both engines (the compiled `Game` and the plain-Python twins) hand out views
with exactly these fields, so the differential tests compare them with `==`.

A view carries the seat's **public memory**: what the seat has seen from the
public events alone (every card played, every take, every refill count, every
swap and show is public, so this knowledge is the same for every seat except
for its own hand):

- `heap_cards`: the cards beaten off to the heap;
- `known[s]` for every seat s: the cards of s's hand that everyone has seen go
  there and that s has not played since. A card joins `known[s]` when s picks
  it up in a taken bout (every table card of the bout), takes it by the
  exchange (the turn-up), draws it as the talon's last, face-up card (who drew
  it follows from the public refill order and counts), shows it (perevodnoy
  with `show_trump`: the defender keeps a shown trump), and, at a table whose
  deal uses the whole deck (6 x seats = deck), holds it as the turn-up dealt
  face up to seat N-1. It leaves `known[s]` when s plays it (attack, beat,
  transfer) or swaps it away. `known[view.seat]` is what the others know of
  this seat's hand;
- `bottom`: the talon's last card while the talon holds it (the turn-up; after
  the exchange, the low trump), else None (unlike `turnup`, None after a swap);
- `unseen`: the deck's cards this seat has not seen: not in its hand, the heap,
  on the table, in another seat's `known`, nor `bottom`;
- `declined[s]` for every seat s: what s's choices told: the plain (non-trump)
  attack cards s answered otherwise than in their suit (the card it was to
  beat when it took, or one it beat with a trump) since s last drew from the
  talon. A player who beats in suit when it can held no higher card of that
  suit then, and has drawn none since (rung 4 can fit its imagined deals to
  that: `BELIEF`).
  A seat's drawing clears its entry; nothing else does.

So hand + heap_cards + table + the other seats' known + bottom + unseen is the
deck, disjoint, and len(unseen) = the sum over the other seats of
(count - len(known)) + the talon count (less one when bottom is a card).
"""
from __future__ import annotations

from abc import ABCMeta
from dataclasses import dataclass

from kozyr.cards import CardSet
from kozyr.durak.events import Result
from kozyr.durak.moves import Move
from kozyr.durak.rules import Rules

__all__ = ["View", "Bout"]

_NOTHING = CardSet()
_TWO_SEATS = Rules()


@dataclass(frozen=True, slots=True, repr=False)
class Bout:
    """The bout as every seat sees it; pairs are (attack card, beating card or None), in play order.

    `leader` is the seat that opened the bout (a transfer hands the attack on
    but not the lead); `throwers` the seats that may throw in, the attacker
    first, as the rules compute them whenever a defender is assigned; `shown`
    the trumps shown in this bout (perevodnoy with `show_trump`). Left out (a
    bout written by hand), they are the two-seat values: the leader is the
    attacker, the attacker throws alone, nothing is shown.
    """

    #: The seat attacking in this bout (after a transfer, the seat that passed the defence on).
    attacker: int
    #: The seat defending.
    defender: int
    #: The most attack cards this bout may hold.
    cap: int
    #: Attack cards on the table.
    size: int
    #: Whether the defender has said take (the throwers may still throw in).
    taken: bool
    #: The oldest attack card not yet beaten, or None.
    to_beat: int | None
    #: Each attack card with the card that beat it (None while unbeaten).
    pairs: tuple[tuple[int, int | None], ...]
    #: The seat that opened the bout (a transfer does not change it).
    leader: int = None  # type: ignore[assignment]  # filled in __post_init__
    #: The seats that may throw in, the attacker first, in the order they play.
    throwers: tuple[int, ...] = None  # type: ignore[assignment]  # filled in __post_init__
    #: The trumps shown in this bout (perevodnoy with show_trump).
    shown: CardSet = _NOTHING

    def __post_init__(self) -> None:
        if self.leader is None:
            object.__setattr__(self, "leader", self.attacker)
        if self.throwers is None:
            object.__setattr__(self, "throwers", (self.attacker,))

    def __repr__(self) -> str:
        """The fields, leaving out leader, throwers and shown where they are the two-seat values."""
        parts = [f"{name}={getattr(self, name)!r}" for name in
                 ("attacker", "defender", "cap", "size", "taken", "to_beat", "pairs")]
        if self.leader != self.attacker:
            parts.append(f"leader={self.leader!r}")
        if self.throwers != (self.attacker,):
            parts.append(f"throwers={self.throwers!r}")
        if self.shown:
            parts.append(f"shown={self.shown!r}")
        return f"Bout({', '.join(parts)})"


@dataclass(frozen=True, slots=True)
class View(metaclass=ABCMeta):
    """What one seat may see, exactly the rules' list and nothing more.

    The plain-Python engines build these; the compiled engine hands out a
    `GameView` (the same fields, built lazily from its C struct), which is
    registered as a virtual subclass, so `isinstance(game.view(0), View)` holds.

    `counts` holds every seat's hand count (one entry a seat), `out` the seats
    that are out in the order they went out, `rules` the table's options, and
    `heap_cards`, `known`, `bottom`, `unseen`, `declined` the seat's public
    memory (see the module's docstring). A view written by hand (a bot's test)
    may leave the new fields out: the table is then `Rules()`, nobody is out,
    the seat remembers no heap card and knows no card of any hand, the bottom
    card is the turn-up (while in the talon), `unseen` is every other card of
    the deck not in the view, and no seat has declined anything.
    """

    #: The seat this view belongs to (0 .. seats - 1).
    seat: int
    #: The number of events so far in the deal.
    ply: int
    #: `attack`, `defend`, `pile_on` or `over`.
    phase: str
    #: The seat to move, or None once the deal is over.
    turn: int | None
    #: The trump suit, 0..3 (spades, hearts, diamonds, clubs).
    trump: int
    #: The turned-up card while it is still in the talon, else None.
    turnup: int | None
    #: Cards left in the talon, the turn-up included.
    talon: int
    #: Cards beaten off so far.
    heap: int
    #: This seat's cards, a `CardSet`.
    hand: CardSet
    #: How many cards each seat holds (one entry a seat).
    counts: tuple[int, ...]
    #: Whether this seat may exchange its low trump for the turn-up now.
    can_swap: bool
    #: This seat's legal moves in the rules' order (empty when it is not on turn).
    legal: tuple[Move, ...]
    #: Whether the deal has ended.
    over: bool
    #: How the deal ended (a `Result`), or None while it runs.
    result: Result | None
    #: The bout on the table, a `Bout`.
    bout: Bout
    #: The table's options (`kozyr.durak.Rules`).
    rules: Rules = _TWO_SEATS
    #: The seats that are out, in the order they went out.
    out: tuple[int, ...] = ()
    #: The cards beaten off to the heap (public: every seat saw them).
    heap_cards: CardSet = _NOTHING
    #: For every seat, the cards of its hand everyone has seen go there and it has not played since.
    known: tuple[CardSet, ...] = None  # type: ignore[assignment]  # filled in __post_init__
    #: The talon's last card while the talon holds it (the turn-up, or the low trump after a swap), else None.
    bottom: int | None = None
    #: The deck's cards this seat has not seen: in other hands beyond `known`, or in the talon above its bottom.
    unseen: CardSet = None  # type: ignore[assignment]  # filled in __post_init__
    #: For every seat, the plain attack cards it took rather than beat, or beat with a trump, since it last drew.
    declined: tuple[CardSet, ...] = None  # type: ignore[assignment]  # filled in __post_init__

    def __post_init__(self) -> None:
        if self.declined is None:
            object.__setattr__(self, "declined", (_NOTHING,) * len(self.counts))
        if self.known is None:
            object.__setattr__(self, "known", (_NOTHING,) * len(self.counts))
            if self.bottom is None and self.turnup is not None:
                object.__setattr__(self, "bottom", self.turnup)
        if self.unseen is None:
            seen = int(self.hand) | int(self.heap_cards)
            for attack, beat in self.bout.pairs:
                seen |= 1 << attack | (0 if beat is None else 1 << beat)
            for s, cards in enumerate(self.known):
                if s != self.seat:
                    seen |= int(cards)
            if self.bottom is not None:
                seen |= 1 << self.bottom
            object.__setattr__(self, "unseen", CardSet(int(self.rules.cards) & ~seen))

    def _repr_svg_(self) -> str:
        """The position as a picture, for notebooks (`kozyr.svg.durak_svg`)."""
        from kozyr.svg import durak_svg

        return durak_svg(self)
