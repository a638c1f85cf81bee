"""The bots' rungs, computed from one seat's view and nothing else.

`best_move` (search.pxd, inline) is the C kernel the ladder runs on every
decision with the GIL released; `best` is the same decision for a Python
`View`, converted to the C struct. The module is blind
by construction: it cimports the view struct and the card helpers only, so it
cannot consult anything a seat may not see (tests/durak/test_blind.py reads
this file and the compiled module to keep it that way).

The rungs (spec, "The bots"):
  1 random: legal[word mod nlegal]
  2 cheap: swap if legal; defend with the cheapest beat, take only when nothing
    beats; attack or pile on with the cheapest card, done only when none.
  3 careful: rung 2 with a rank-pair bonus when attacking, and a take instead
    of spending a costly trump early in the deal.
Cost of a card: power (6=0 .. A=8), +20 for a trump, and a pair adjustment
(+1, or -2 for rung 3 attacking) when the hand holds two or more of its rank.
Ties go to the earlier card of the legal list, whose cards are listed
spades, hearts, diamonds, clubs and ace down within a suit.
"""
from libc.stdint cimport uint64_t

from kozyr.durak._view cimport MAX_BOUT, MAX_LEGAL, MV_TAKE, OUT_DRAW, OUT_FOOL, OUT_NONE, OUT_RESIGN, DView

from kozyr.durak.types import PHASES, Move

cdef enum:
    DEEP_TALON_C = 6
    CHEAP_POWER_C = 3


DEEP_TALON = DEEP_TALON_C
CHEAP_POWER = CHEAP_POWER_C

cdef dict _OUTCOMES = {"fool": OUT_FOOL, "draw": OUT_DRAW, "resign": OUT_RESIGN}


cdef int _fill(DView *d, object view) except -1:
    """Copy a Python View into the C struct the kernel reads."""
    cdef int i, m
    d.seat = view.seat
    d.ply = view.ply
    d.phase = PHASES.index(view.phase)
    d.turn = -1 if view.turn is None else view.turn
    d.trump = view.trump
    d.turnup = -1 if view.turnup is None else view.turnup
    d.talon = view.talon
    d.heap = view.heap
    d.hand = int(view.hand)
    d.count[0] = view.counts[0]
    d.count[1] = view.counts[1]
    d.can_swap = bool(view.can_swap)
    legal = view.legal
    if len(legal) > MAX_LEGAL:
        raise ValueError(f"a view lists {len(legal)} legal moves; at most {MAX_LEGAL} fit")
    d.nlegal = len(legal)
    d.legal_cards = 0
    d.legal_kinds = 0
    for i in range(d.nlegal):
        m = legal[i].code
        d.legal[i] = m
        d.legal_kinds |= 1u << (m >> 6)
        if m < (MV_TAKE << 6):
            d.legal_cards |= (<uint64_t>1) << (m & 63)
    d.over = bool(view.over)
    if view.result is None:
        d.outcome = OUT_NONE
        d.fool = -1
    else:
        d.outcome = _OUTCOMES[view.result.outcome]
        d.fool = -1 if view.result.fool is None else view.result.fool
    bout = view.bout
    d.bout.attacker = bout.attacker
    d.bout.defender = bout.defender
    d.bout.cap = bout.cap
    d.bout.size = bout.size
    d.bout.taken = bool(bout.taken)
    d.bout.to_beat = -1 if bout.to_beat is None else bout.to_beat
    pairs = bout.pairs
    if len(pairs) > MAX_BOUT:
        raise ValueError(f"a bout of {len(pairs)} pairs; at most {MAX_BOUT} fit")
    for i in range(MAX_BOUT):
        d.bout.attack[i] = -1
        d.bout.beat[i] = -1
    for i in range(len(pairs)):
        d.bout.attack[i] = pairs[i][0]
        d.bout.beat[i] = -1 if pairs[i][1] is None else pairs[i][1]
    return 0


def best(view, level, word=0, *, deep_talon=DEEP_TALON, cheap_power=CHEAP_POWER):
    """The move rung `level` (clamped to 1..3) plays from `view`, or None.

    `word` is the 32-bit random word only rung 1 reads; the thresholds are the
    rung-3 measurements (the spec's bot is 6 and 3).
    """
    cdef DView d
    cdef Params p
    cdef int m
    if not 0 <= word < (1 << 32):
        raise ValueError(f"word {word!r} is not a 32-bit unsigned int")
    _fill(&d, view)
    p.deep_talon = deep_talon
    p.cheap_power = cheap_power
    m = best_move(&d, max(1, min(3, int(level))), <unsigned int>word, &p)
    return None if m < 0 else Move.from_code(m)
