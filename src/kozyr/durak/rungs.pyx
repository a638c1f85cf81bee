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
from kozyr.durak.rungs cimport RungParams, best_move, params_from

from kozyr.durak.codes import PHASES
from kozyr.durak.params import Params
from kozyr.errors import KozyrError, shown, whole

cdef dict _OUTCOMES = {"fool": OUT_FOOL, "draw": OUT_DRAW, "resign": OUT_RESIGN}


cdef int fill_view(DView *d, object view) except -1:
    """Copy a Python View into the C struct the kernels read (rungs 1 to 3 here, rung 4 in
    rung4.pyx), every number range-checked (`kozyr.errors.whole`: a bad_<field> KozyrError): a
    forged view must not reach a C shift out of range, nor fail with anything but a KozyrError
    (an object without a View's fields is a bad_view)."""
    try:
        return _fill(d, view)
    except AttributeError as err:
        raise KozyrError("bad_view", f"{shown(view)} is not a View: {err}", field="view", value=view) from None


cdef int _fill(DView *d, object view) except -1:
    cdef int i, m
    d.seat = whole("seat", view.seat, 0, 1)
    d.ply = whole("ply", view.ply, 0, 1 << 30)
    if not isinstance(view.phase, str) or view.phase not in PHASES:
        raise KozyrError("bad_view", f"phase {shown(view.phase)} is not one of {', '.join(PHASES)}",
                         field="phase", value=view.phase)
    d.phase = PHASES.index(view.phase)
    d.turn = -1 if view.turn is None else whole("turn", view.turn, 0, 1)
    d.trump = whole("trump", view.trump, 0, 3)
    d.turnup = -1 if view.turnup is None else whole("turnup", view.turnup, 0, 63)
    d.talon = whole("talon", view.talon, 0, 24)
    d.heap = whole("heap", view.heap, 0, 36)
    d.hand = <uint64_t>whole("hand", _mask(view.hand), 0, 0xFFFFFFFFFFFFFFFF)
    counts = _pair("counts", view.counts)
    d.count[0] = whole("counts", counts[0], 0, 36)
    d.count[1] = whole("counts", counts[1], 0, 36)
    d.can_swap = bool(view.can_swap)
    legal = _items("legal", view.legal)
    if len(legal) > MAX_LEGAL:
        raise KozyrError("bad_view", f"a view lists {len(legal)} legal moves; at most {MAX_LEGAL} fit", field="legal")
    d.nlegal = len(legal)
    d.legal_cards = 0
    d.legal_kinds = 0
    for i in range(d.nlegal):
        m = whole("legal", legal[i].code, 0, (6 << 6) - 1)
        d.legal[i] = m
        d.legal_kinds |= 1u << (m >> 6)
        if m < (MV_TAKE << 6):
            d.legal_cards |= (<uint64_t>1) << (m & 63)
    d.over = bool(view.over)
    if view.result is None:
        d.outcome = OUT_NONE
        d.fool = -1
    else:
        outcome = view.result.outcome
        if not isinstance(outcome, str) or outcome not in _OUTCOMES:
            raise KozyrError("bad_view", f"result outcome {shown(outcome)} is not one of {', '.join(_OUTCOMES)}",
                             field="result", value=view.result)
        d.outcome = _OUTCOMES[outcome]
        fool = view.result.fool
        d.fool = -1 if fool is None else whole("fool", fool, 0, 1)
    bout = view.bout
    d.bout.attacker = whole("attacker", bout.attacker, 0, 1)
    d.bout.defender = whole("defender", bout.defender, 0, 1)
    d.bout.cap = whole("cap", bout.cap, 0, MAX_BOUT)
    d.bout.size = whole("size", bout.size, 0, MAX_BOUT)
    d.bout.taken = bool(bout.taken)
    d.bout.to_beat = -1 if bout.to_beat is None else whole("to_beat", bout.to_beat, 0, 63)
    pairs = _items("pairs", bout.pairs)
    if len(pairs) > MAX_BOUT:
        raise KozyrError("bad_view", f"a bout of {len(pairs)} pairs; at most {MAX_BOUT} fit", field="pairs")
    for i in range(MAX_BOUT):
        d.bout.attack[i] = -1
        d.bout.beat[i] = -1
    for i in range(len(pairs)):
        pair = _pair("pairs", pairs[i])
        d.bout.attack[i] = whole("attack", pair[0], 0, 63)
        d.bout.beat[i] = -1 if pair[1] is None else whole("beat", pair[1], 0, 63)
    return 0


cdef object _mask(object cards):
    """A hand as its int mask (a CardSet, or an int), or the object itself for whole() to refuse."""
    try:
        return int(cards)
    except Exception:
        return cards


cdef tuple _items(str name, object items):
    try:
        return tuple(items)
    except Exception:
        raise KozyrError("bad_view", f"view {name} {shown(items)} is not a sequence", field=name, value=items) from None


cdef tuple _pair(str name, object items):
    t = _items(name, items)
    if len(t) != 2:
        raise KozyrError("bad_view", f"view {name} {shown(items)} is not a pair", field=name, value=items)
    return t


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
        word = whole("word", word, 0, 0xFFFFFFFF)
    if type(level) is not int or not 1 <= level <= 3:
        level = max(1, min(3, whole("level", level, -(1 << 30), 1 << 30)))
    _settings(&p, params)
    if type(view) is GameView:
        d = (<GameView>view).d       # the view already is the struct the kernel reads
    else:
        fill_view(&d, view)
    m = best_move(&d, level, <unsigned int>word, &p)
    return None if m < 0 else move_of(m)
