"""The bots' rungs, computed from one seat's view and nothing else.

`best_move` (rungs.pxd, inline) is the C kernel the ladder runs on every
decision with the GIL released; `best` is the same decision for a Python
`View`, converted to the C struct. The module is blind
by construction: it cimports the view struct and the card helpers only, so it
cannot consult anything a seat may not see (tests/durak/bots/test_blind.py reads
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

from kozyr.durak.core.gameview cimport GameView, fill_dview, move_of
from kozyr.durak.core.view cimport DView
from kozyr.durak.bots.rungs cimport ByPower, RungParams, _cheapest_mixed, best_move, params_from

from kozyr.durak.params import Params
from kozyr.errors import whole


cdef int cheapest_mixed_pw(uint64_t hand, uint64_t plain, uint64_t trumps, int trump, int pair,
                           int trump_cost) noexcept nogil:
    """_cheapest_mixed by power (declared in rungs.pxd: why it is compiled here)."""
    cdef ByPower cards
    return _cheapest_mixed(&cards, hand, plain, trumps, trump, pair, trump_cost)


cdef int fill_view(DView *d, object view) except -1:
    """Copy a Python View into the C struct the kernels read (rungs 1 to 3 here, rung 4 in
    rung4.pyx), every number range-checked (`kozyr.errors.whole`: a bad_<field> KozyrError): a
    forged view must not reach a C shift out of range, nor fail with anything but a KozyrError.
    (The conversion is the view module's, core/gameview.pyx, which owns the view's C form.)"""
    return fill_dview(d, view)


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
