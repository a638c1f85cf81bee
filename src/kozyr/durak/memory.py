"""What one seat has seen of a deal: the public memory rung 4 searches from.

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
            bit = 1 << event.card
            if kind == "attack" and not self.table:
                self.attacker = event.seat
            self.table |= bit
            if event.seat == other:
                self.known &= ~bit
            if event.card == self.six:
                self.six_by = event.seat
                self.six_beat = kind == "beat"
        elif kind == "swap":
            self.swapped = True
            self.bottom = self.six
            if event.seat == other:
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
