"""The bots' rungs, computed from one seat's view and nothing else.

`best_move` (rungs.pxd, inline) is the C kernel the ladder runs on every
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
Cost of a card: power (6=0 .. A=8), +TRUMP_COST (20) for a trump, and a pair
adjustment (PAIR_CHEAP +1 for rung 2; PAIR_DEFEND +1 or PAIR_ATTACK -2 for
rung 3) when the hand holds two or more of its rank. Ties go to the earlier
card of the legal list, whose cards are listed spades, hearts, diamonds,
clubs and ace down within a suit. Every setting is a field of
`kozyr.durak.Params` (a plain frozen dataclass of ints: no game state).
"""
from libc.stdint cimport uint64_t

from kozyr.durak.core.gameview cimport GameView, move_of
from kozyr.durak.core.view cimport MAX_BOUT, MAX_LEGAL, MV_TAKE, OUT_DRAW, OUT_FOOL, OUT_NONE, OUT_RESIGN, DView
from kozyr.durak.rungs cimport ByPower, RungParams, _cheapest_mixed, best_move, params_from

from kozyr.durak.codes import PHASES
from kozyr.durak.params import Params
from kozyr.errors import KozyrError, shown

from operator import index

cdef dict _OUTCOMES = {"fool": OUT_FOOL, "draw": OUT_DRAW, "resign": OUT_RESIGN}


cdef int cheapest_mixed_pw(uint64_t hand, uint64_t plain, uint64_t trumps, int trump, int pair,
                           int trump_cost) noexcept nogil:
    """_cheapest_mixed by power (declared in rungs.pxd: why it is compiled here)."""
    cdef ByPower cards
    return _cheapest_mixed(&cards, hand, plain, trumps, trump, pair, trump_cost)


cdef int fill_view(DView *d, object view) except -1:
    """Copy a Python View into the C struct the kernels read (rungs 1 to 3 here, rung 4 in
    rung4.pyx), every number range-checked: a forged view must not reach a C shift out of range."""
    cdef int i, m
    # every number is range-checked: a forged view must not reach a C shift out of range
    d.seat = checked_int("seat", view.seat, 0, 1)
    d.ply = checked_int("ply", view.ply, 0, 1 << 30)
    if view.phase not in PHASES:
        raise KozyrError("bad_view", f"phase {shown(view.phase)} is not one of {', '.join(PHASES)}")
    d.phase = PHASES.index(view.phase)
    d.turn = -1 if view.turn is None else checked_int("turn", view.turn, 0, 1)
    d.trump = checked_int("trump", view.trump, 0, 3)
    d.turnup = -1 if view.turnup is None else checked_int("turnup", view.turnup, 0, 63)
    d.talon = checked_int("talon", view.talon, 0, 24)
    d.heap = checked_int("heap", view.heap, 0, 36)
    d.hand = <uint64_t>checked_int("hand", int(view.hand), 0, 0xFFFFFFFFFFFFFFFF)
    d.count[0] = checked_int("counts", view.counts[0], 0, 36)
    d.count[1] = checked_int("counts", view.counts[1], 0, 36)
    d.can_swap = bool(view.can_swap)
    legal = view.legal
    if len(legal) > MAX_LEGAL:
        raise KozyrError("bad_view", f"a view lists {len(legal)} legal moves; at most {MAX_LEGAL} fit")
    d.nlegal = len(legal)
    d.legal_cards = 0
    d.legal_kinds = 0
    for i in range(d.nlegal):
        m = checked_int("legal move code", legal[i].code, 0, (6 << 6) - 1)
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
    d.bout.attacker = checked_int("attacker", bout.attacker, 0, 1)
    d.bout.defender = checked_int("defender", bout.defender, 0, 1)
    d.bout.cap = checked_int("cap", bout.cap, 0, MAX_BOUT)
    d.bout.size = checked_int("size", bout.size, 0, MAX_BOUT)
    d.bout.taken = bool(bout.taken)
    d.bout.to_beat = -1 if bout.to_beat is None else checked_int("to_beat", bout.to_beat, 0, 63)
    pairs = bout.pairs
    if len(pairs) > MAX_BOUT:
        raise KozyrError("bad_view", f"a bout of {len(pairs)} pairs; at most {MAX_BOUT} fit")
    for i in range(MAX_BOUT):
        d.bout.attack[i] = -1
        d.bout.beat[i] = -1
    for i in range(len(pairs)):
        d.bout.attack[i] = checked_int("attack card", pairs[i][0], 0, 63)
        d.bout.beat[i] = -1 if pairs[i][1] is None else checked_int("beat card", pairs[i][1], 0, 63)
    return 0


def checked_int(name, value, low, high):
    """value as a plain int in low..high, or a KozyrError naming it."""
    try:
        i = index(value)
    except TypeError:
        raise KozyrError("bad_value", f"{name}={shown(value)} is not an integer", field=name, value=value) from None
    if not low <= i <= high:
        raise KozyrError("bad_value", f"{name}={shown(value)} is outside {low}..{high}", field=name, value=value)
    return int(i)


cdef RungParams _RULES_PARAMS          # Params(): the rules' bots, filled once
params_from(&_RULES_PARAMS, Params().as_tuple())
cdef dict _SETTINGS = {}               # Params -> its values as a tuple (a Params is frozen and hashable)


cdef int _settings(RungParams *p, object params) except -1:
    """The struct of `params` (None: the rules' bots), filled from a cache after the first time."""
    if params is None:
        p[0] = _RULES_PARAMS
        return 0
    if type(params) is Params:
        values = _SETTINGS.get(params)
        if values is None:
            values = params.as_tuple()
            if len(_SETTINGS) < 4096:
                _SETTINGS[params] = values
        params_from(p, values)
        return 0
    params_from(p, Params.of(params).as_tuple())
    return 0


def best(view, level, word=0, params=None):
    """The move rung `level` (clamped to 1..3, as the rules say) plays from `view`, or None.

    `word` is the 32-bit random word only rung 1 reads; `params` is a
    `Params` (or a mapping of NAME: value; None: the rules' bots) that rungs
    2 and 3 read. Numbers are taken with `operator.index` (a numpy int is
    fine; a float is refused). A `GameView` (the compiled view object) is
    read as the C struct it already is; any other View is copied field by field.
    """
    cdef DView d
    cdef RungParams p
    cdef int m
    if type(word) is not int or not 0 <= word <= 0xFFFFFFFF:
        word = checked_int("word", word, 0, 0xFFFFFFFF)
    if type(level) is not int or not 1 <= level <= 3:
        level = max(1, min(3, checked_int("level", level, -(1 << 30), 1 << 30)))
    _settings(&p, params)
    if type(view) is GameView:
        d = (<GameView>view).d       # the view already is the struct the kernel reads
    else:
        fill_view(&d, view)
    m = best_move(&d, level, <unsigned int>word, &p)
    return None if m < 0 else move_of(m)
