"""What one seat has seen of a deal, kept from the public events: the observations' public memory.

Durak's events are public: both seats see every card played, every take and
every refill count. A seat that remembers them knows the heap's cards, the
cards the other seat picked up and has not played since, and the card at the
bottom of the talon (the turn-up, or the six after the exchange). Every other
card it does not hold is *unseen*: in the other hand or in the talon, in a
sequence it cannot know. `Memory` is started from the seat's view at the deal
and updated from the events, never from the hidden deal; it is the Python
mirror of the C struct in `core/memory.pxd` (the tests play the two side by side).

"""
from __future__ import annotations

from dataclasses import dataclass

from kozyr.cards import CardSet
from kozyr.durak.events import Event
from kozyr.durak.views import View
from kozyr.errors import KozyrError, shown

__all__ = ["Memory"]

def _deck36() -> int:
    mask = 0
    for suit in range(4):
        for rank in range(6, 15):
            mask |= 1 << (16 * suit + rank)
    return mask


DECK36 = _deck36()


@dataclass
class Memory:
    """One seat's memory of a deal (card sets are int masks; the fields of `core/memory.pxd`)."""

    seat: int
    trump: int
    turnup: int
    bottom: int = -1          # the talon's last card while in the talon, -1 once dealt out
    talon: int = 24
    attacker: int = 0         # attacker of the current bout
    heap: int = 0             # cards beaten off
    table: int = 0            # cards on the table
    known: int = 0            # cards known to be in the other hand
    six_by: int = -1          # seat that last played the six, -1 if none
    six_beat: bool = False    # ... as a beating card
    other_may_own: bool = True
    swapped: bool = False

    @property
    def six(self) -> int:
        return 16 * self.trump + 6

    @classmethod
    def start(cls, view: View) -> Memory:
        """A fresh memory from the seat's view at the deal (the turn-up face up)."""
        if view.turnup is None or view.talon != 24 or view.heap or view.bout.size:
            raise KozyrError("bad_view", f"a memory starts from the view at the deal (ply {view.ply}, talon "
                             f"{view.talon}): later the turn-up may be gone", field="view", value=view.ply)
        return cls(seat=view.seat, trump=view.trump, turnup=view.turnup, bottom=view.turnup, talon=view.talon,
                   attacker=view.bout.attacker)

    def update(self, event: Event) -> None:
        """Take in one event of the deal."""
        other = 1 - self.seat
        kind = event.kind
        if kind in ("attack", "beat"):
            seat, card = event.seat, event.card
            assert seat is not None and card is not None   # an attack or a beat names both
            bit = 1 << card
            if kind == "attack" and not self.table:
                self.attacker = seat
            self.table |= bit
            if seat == other:
                self.known &= ~bit
            if card == self.six:
                self.six_by = seat
                self.six_beat = kind == "beat"
        elif kind == "swap":
            self.swapped = True
            self.bottom = self.six
            if event.seat == other:
                assert event.card is not None   # the swap names the turn-up taken into the hand
                self.known = (self.known | (1 << event.card)) & ~(1 << self.six)
        elif kind == "bout_end":
            defender = 1 - self.attacker
            if event.taken:
                if defender == other:
                    self.known |= self.table
            else:
                self.heap |= self.table
            if self.table >> self.six & 1:
                kept = event.taken and self.six_by == other and self.six_beat and defender == other
                if not kept:
                    self.other_may_own = False
            self.table = 0
        elif kind == "refill":
            assert event.talon is not None and event.drawn is not None   # a refill names both
            if self.talon > 0 and event.talon == 0 and self.bottom >= 0:
                defender = 1 - self.attacker
                took = event.drawn  # per seat
                last = defender if took[defender] > 0 else self.attacker
                if last == other:
                    self.known |= 1 << self.bottom
                self.bottom = -1
            self.talon = event.talon
        elif kind not in ("take", "done", "resign", "out", "game_end"):
            raise KozyrError("bad_event", f"unknown event kind {shown(kind)}", field="kind", value=kind)

    def packed(self) -> tuple:
        """The fields in the sequence of the C struct (`core/memory.pxd`), checked so that C can take them."""
        for name in ("seat", "attacker"):
            if getattr(self, name) not in (0, 1):
                raise KozyrError("bad_memory", f"memory {name}={shown(getattr(self, name))} is not 0 or 1", field=name)
        if self.trump not in range(4) or self.turnup not in range(64) or not DECK36 >> self.turnup & 1:
            raise KozyrError("bad_memory", f"memory trump {shown(self.trump)} / turn-up {shown(self.turnup)} "
                             "is not a suit / a card", field="turnup", value=self.turnup)
        if self.bottom != -1 and (self.bottom not in range(64) or not DECK36 >> self.bottom & 1):
            raise KozyrError("bad_memory", f"memory bottom {shown(self.bottom)} is not a card or -1", field="bottom")
        if self.talon not in range(25) or self.six_by not in (-1, 0, 1):
            raise KozyrError("bad_memory", f"memory talon {shown(self.talon)} / six_by {shown(self.six_by)} "
                             "out of range", field="talon")
        for name in ("heap", "table", "known"):
            mask = getattr(self, name)
            if isinstance(mask, bool) or not isinstance(mask, int) or mask < 0 or mask & ~DECK36:
                raise KozyrError("bad_memory", f"memory {name}={shown(mask)} is not a set of the 36 cards",
                                 field=name, value=mask)
        return (self.seat, self.trump, self.turnup, self.six, self.bottom, self.talon, self.attacker, self.heap,
                self.table, self.known, self.six_by, bool(self.six_beat), bool(self.other_may_own),
                bool(self.swapped))

    @classmethod
    def unpacked(cls, fields: tuple) -> Memory:
        """The inverse of `packed` (the C struct's fields as a tuple)."""
        seat, trump, turnup, _six, bottom, talon, attacker, heap, table, known, six_by, six_beat, may, swapped = fields
        return cls(seat=seat, trump=trump, turnup=turnup, bottom=bottom, talon=talon, attacker=attacker, heap=heap,
                   table=table, known=known, six_by=six_by, six_beat=bool(six_beat), other_may_own=bool(may),
                   swapped=bool(swapped))

    def check(self, view: View, exact: bool = False) -> None:
        """Refuse a memory that does not fit `view` (the same seat's view of the same deal now).

        A `KozyrError` coded bad_memory names the memory's field that is wrong: the seat, the
        trump, the turn-up, the talon count, the talon's bottom card, the table, a card in two
        places (the heap, the known cards, the bottom card, the hand and the table are
        disjoint), a heap whose cards are not the view's count, known cards beyond the other
        hand's count, the bout's attacker. A view that does not add up by itself (36 cards,
        a seat on turn without a legal move) is bad_view. `determinize`, `rung4.best4` and
        `rung4.solve` check every memory they are handed with this.

        The view's own public memory bounds it too: a memory cannot have forgotten a card the
        view knows to be in the other hand (`known`). With `exact` (a view the game itself
        made, as in determinize, not one written by hand) the memory must know exactly
        the view's `known` cards: the two are kept from the same public events, so any
        difference is a forgery.
        """
        packed = self.packed()   # the fields' own ranges first
        seat, trump, turnup = packed[0], packed[1], packed[2]
        six = 16 * trump + 6

        def unfit(name: str, why: str) -> KozyrError:
            return KozyrError("bad_memory", f"memory {name} does not fit seat {view.seat}'s view at ply "
                              f"{view.ply}: {why}", field=name, value=getattr(self, name, None))

        if seat != view.seat:
            raise unfit("seat", f"it is seat {seat}'s memory")
        if trump != view.trump:
            raise unfit("trump", f"it remembers trump suit {trump}, the view shows {view.trump}")
        if turnup >> 4 != trump:
            raise unfit("turnup", f"the turn-up {CardSet(1 << turnup)} is not a trump")
        if view.turnup is not None and (turnup != view.turnup or self.swapped):
            raise unfit("turnup", f"it remembers {CardSet(1 << turnup)}"
                         f"{' exchanged' if self.swapped else ''}, the view shows {CardSet(1 << view.turnup)}")
        if self.talon != view.talon:
            raise unfit("talon", f"it counts {self.talon} talon cards, the view {view.talon}")
        if view.talon > 0 and self.bottom != (six if self.swapped else turnup):
            raise unfit("bottom", "the talon's bottom card is the turn-up (the six after the exchange)")
        if view.talon == 0 and self.bottom != -1:
            raise unfit("bottom", "the talon is empty")
        if view.talon > 0 and view.turnup is None and not self.swapped:
            raise unfit("swapped", "the view shows no turn-up in a talon, so the exchange was made")
        hand = int(view.hand)
        table = 0
        for attack, beat in view.bout.pairs:
            for card in (attack, beat):
                if card is None:
                    continue
                if table >> card & 1 or hand >> card & 1:
                    raise KozyrError("bad_view", f"view card {CardSet(1 << card)} is on the table twice or "
                                     "also in the hand", field="bout", value=card)
                table |= 1 << card
        if hand & ~DECK36:
            raise KozyrError("bad_view", "the view's hand holds a card that is not a durak card", field="hand")
        other = 1 - seat
        counts = tuple(view.counts)
        if hand.bit_count() != counts[seat]:
            raise KozyrError("bad_view", f"the view's hand holds {hand.bit_count()} cards, its count says "
                             f"{counts[seat]}", field="counts", value=counts)
        if hand.bit_count() + table.bit_count() + view.heap + counts[other] + view.talon != 36:
            raise KozyrError("bad_view", "the view's hand, the other hand's count, the table, the heap and the "
                             "talon are not 36 cards",
                             field="counts", value=counts)
        if self.table != table:
            raise unfit("table", f"it remembers {CardSet(self.table) or 'nothing'} on the table, the view shows "
                         f"{CardSet(table) or 'nothing'}")
        places = (("hand", hand), ("table", table), ("heap", self.heap), ("known", self.known),
                  ("bottom", 1 << self.bottom if self.bottom >= 0 else 0))
        for i, (name, cards) in enumerate(places):
            for later, more in places[i + 1:]:
                twice = cards & more
                if twice:
                    field_name = later if name in ("hand", "table") else name
                    raise unfit(field_name, f"{CardSet(twice)} is in the {name} and the {later}")
        if self.heap.bit_count() != view.heap:
            raise unfit("heap", f"it remembers {self.heap.bit_count()} cards on the heap, the view counts "
                         f"{view.heap}")
        if len(view.known) == 2:
            public = int(view.known[other])
            if public & ~self.known or (exact and self.known != public):
                raise unfit("known", f"it knows {CardSet(self.known) or 'nothing'} in the other hand, the view "
                             f"{CardSet(public) or 'nothing'}")
        if self.known.bit_count() > counts[other]:
            raise unfit("known", f"it knows {self.known.bit_count()} cards in the other hand, which holds "
                         f"{counts[other]}")
        if view.turnup is None and not (hand | table | self.heap | self.known) >> turnup & 1:
            # once it is no longer face up it was taken by a seat in sight of both: the seat holds it, or
            # knows the other hand does, or it was played
            raise unfit("turnup", f"the turn-up {CardSet(1 << turnup)} is nowhere the seat saw it go")
        if view.bout.size and self.attacker != view.bout.attacker:
            raise unfit("attacker", f"it has seat {self.attacker} attacking, the view seat {view.bout.attacker}")
        if not view.over and view.turn == seat and not view.legal:
            raise KozyrError("bad_view", f"seat {seat} is on turn at ply {view.ply} with no legal move",
                             field="legal")

    def unseen(self, view: View) -> CardSet:
        """The cards this seat has not seen: in the other hand (beyond `known`) or in the talon."""
        seen = self.heap | self.known | int(view.hand)
        for attack, beat in view.bout.pairs:
            seen |= 1 << attack
            if beat is not None:
                seen |= 1 << beat
        if self.bottom >= 0:
            seen |= 1 << self.bottom
        return CardSet(DECK36 & ~seen)
