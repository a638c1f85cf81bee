# What one seat has seen of a deal in the two-seat game, kept from the public events: the
# memory the batched environment's observations read (its Python mirror is kozyr/durak/memory.py; the tests play both side by
# side). Every table's view carries its seat's memory too (the view's known cards,
# heap, bottom and unseen fields, kept by the rules); at two seats the two agree.
#
# Durak's events are public: both seats see every card played, every take and
# every refill count. A seat that remembers them knows the heap's cards, the
# cards the other seat picked up and has not played since, and the card at the
# bottom of the talon; everything else it has not seen is "unseen". The memory
# is updated from those events only (mem_event), and started from the seat's
# first view (mem_start): it never reads the deal itself, and
# tests/durak/bots/test_blind.py holds this file to that.
from libc.stdint cimport uint32_t, uint64_t

from kozyr.cards cimport KZ_DECK36, card_bit
from kozyr.durak.core.state cimport (
    EV_ATTACK, EV_BEAT, EV_BOUT_END, EV_REFILL, EV_SWAP, ev_card, ev_drawn, ev_kind, ev_seat, ev_taken, ev_talon,
)
from kozyr.durak.core.view cimport DView


cdef struct Memory:
    int seat                # whose memory
    int trump
    int turnup              # the turn-up card: public from the deal on
    int six                 # the trump six
    int bottom              # the talon's last card while it is in the talon (the turn-up, or
                            # the six after the exchange), -1 once dealt out
    int talon               # talon count after the last refill
    int attacker            # attacker of the current bout (from its first attack)
    uint64_t heap           # cards beaten off
    uint64_t table          # cards on the table
    uint64_t known          # cards known to be in the other hand
    int six_by              # seat that last played the six to the table, -1 if none
    bint six_beat           # ... as a beating card
    bint other_may_own      # the other seat holds the exchange right if it holds the six
    bint swapped            # the exchange has been made


cdef inline void mem_start(Memory *m, const DView *v) noexcept nogil:
    """A fresh memory from the seat's view at the deal (ply 0: the turn-up is face up)."""
    m.seat = v.seat
    m.trump = v.trump
    m.turnup = v.turnup
    m.six = 16 * v.trump + 6
    m.bottom = v.turnup if v.talon > 0 else -1
    m.talon = v.talon
    m.attacker = v.bout.attacker
    m.heap = 0
    m.table = 0
    m.known = 0
    m.six_by = -1
    m.six_beat = 0
    # the six in the other hand, never seen on the table, came from the deal or the talon: its owner
    m.other_may_own = 1
    m.swapped = 0


cdef inline void mem_event(Memory *m, uint32_t e) noexcept nogil:
    """Take in one packed event (core/state.pxd's layout) of the deal."""
    cdef int kind = ev_kind(e)
    cdef int other = 1 - m.seat
    cdef int seat, card, defender, last
    cdef uint64_t b
    if kind == EV_ATTACK or kind == EV_BEAT:
        seat = ev_seat(e)
        card = ev_card(e)
        b = card_bit(card)
        if kind == EV_ATTACK and m.table == 0:
            m.attacker = seat
        m.table |= b
        if seat == other:
            m.known &= ~b
        if card == m.six:
            m.six_by = seat
            m.six_beat = kind == EV_BEAT
    elif kind == EV_SWAP:
        seat = ev_seat(e)
        card = ev_card(e)             # the turn-up, taken into the hand
        m.swapped = 1
        m.bottom = m.six
        if seat == other:
            m.known = (m.known | card_bit(card)) & ~card_bit(m.six)
    elif kind == EV_BOUT_END:
        defender = 1 - m.attacker
        if ev_taken(e):               # taken: the table goes to the defender
            if defender == other:
                m.known |= m.table
        else:
            m.heap |= m.table
        if m.table & card_bit(m.six):
            # the right survives only where the other seat beat with its own six and took it back
            if not (ev_taken(e) and m.six_by == other and m.six_beat and defender == other):
                m.other_may_own = 0
        m.table = 0
    elif kind == EV_REFILL:
        if m.talon > 0 and ev_talon(e) == 0 and m.bottom >= 0:
            # the last card (face up) went to the last seat that drew: the defender if it drew
            defender = 1 - m.attacker
            last = defender if ev_drawn(e, defender) > 0 else m.attacker
            if last == other:
                m.known |= card_bit(m.bottom)
            m.bottom = -1
        m.talon = ev_talon(e)


cdef inline uint64_t mem_unseen(const Memory *m, const DView *v) noexcept nogil:
    """The cards this seat has not seen: in the other hand (beyond the known ones) or the talon."""
    cdef uint64_t seen = m.heap | m.known | v.hand
    cdef int i
    for i in range(v.bout.size):
        seen |= card_bit(v.bout.attack[i])
        if v.bout.beat[i] >= 0:
            seen |= card_bit(v.bout.beat[i])
    if m.bottom >= 0:
        seen |= card_bit(m.bottom)
    return KZ_DECK36 & ~seen


cdef inline int mem_from_tuple(Memory *m, tuple t) except -1:
    """Fill *m from `memory.Memory.packed()` (which validates the fields)."""
    (m.seat, m.trump, m.turnup, m.six, m.bottom, m.talon, m.attacker, m.heap, m.table, m.known,
     m.six_by, m.six_beat, m.other_may_own, m.swapped) = t
    return 0


cdef inline tuple mem_to_tuple(const Memory *m):
    """The fields of *m in `memory.Memory.packed()` sequence."""
    return (m.seat, m.trump, m.turnup, m.six, m.bottom, m.talon, m.attacker, m.heap, m.table, m.known,
            m.six_by, bool(m.six_beat), bool(m.other_may_own), bool(m.swapped))
