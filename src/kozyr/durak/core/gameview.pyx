"""`GameView`: what one seat may see, as the compiled engine hands it to Python.

It has exactly the fields of `kozyr.durak.View` (the plain dataclass the
reference engine builds) and compares equal to a View with the same values
(and hashes the same), but it is a copy of the engine's C view struct: taking
one costs a struct copy, and the tuples of moves and the bout are built only
when read. `legal_codes` and `legal_cards` give the legal moves as ints for
code that wants them. The rungs read the C struct directly (no conversion).
Immutable; pickles as a GameView. `as_view()` gives the dataclass
(for `dataclasses.replace` and friends).

This module also owns the conversions between the durak vocabulary and its C
form at every table: `Rules` and a Table's (seats, deck, opts) (`table_of`,
`rules_of`), a Result from an outcome, a fool and the losers' bits, and
`fill_dview`, a Python View (any object with View's fields) into the C view
struct, every number range-checked (the rungs' `fill_view` is this).
"""
cimport cython
from cpython.bytes cimport PyBytes_AsString, PyBytes_FromStringAndSize
from cpython.ref cimport Py_INCREF
from cpython.tuple cimport PyTuple_New, PyTuple_SetItem
from libc.string cimport memcpy

from libc.stdint cimport uint64_t

from kozyr.cards cimport CardSet
from kozyr.durak.core.view cimport (
    MAX_BOUT, MAX_LEGAL, MAX_SEATS, MV_TAKE, N_KINDS, OPT_FIRST_FIVE, OPT_NEIGHBOURS, OPT_NO_DRAW, OPT_NO_SWAP,
    OPT_PEREVODNOY, OPT_SHOW_TRUMP, OPT_TEAMS, OUT_DRAW, OUT_FOOL, OUT_NONE, OUT_RESIGN, BoutView, DView,
)

from kozyr.durak.codes import PHASES
from kozyr.durak.events import Result
from kozyr.durak.moves import Move
from kozyr.durak.rules import Rules
from kozyr.durak.views import Bout, View
from kozyr.errors import KozyrError, shown, whole

__all__ = ["GameView", "table_of", "rules_of"]

FIELDS = View.__dataclass_fields__.keys()
cdef tuple _FIELDS = tuple(FIELDS)
cdef list _MOVES = [None] * (N_KINDS << 6)  # move code -> cached Move
for _code in range(N_KINDS << 6):
    try:
        _MOVES[_code] = Move.from_code(_code)
    except KeyError:
        pass
cdef tuple _RESULTS = (
    Result("fool", 0), Result("fool", 1), Result("draw", None), Result("resign", 0), Result("resign", 1),
)
cdef tuple _PHASES = tuple(PHASES)
cdef dict _OUTCOME_CODES = {"fool": OUT_FOOL, "draw": OUT_DRAW, "resign": OUT_RESIGN}
cdef tuple _OUTCOME_NAMES = (None, "fool", "draw", "resign")
cdef dict _VARIANT_RESULTS = {}            # (outcome, fool, losers) -> cached Result, every table but Rules()
cdef CardSet _NO_CARDS = CardSet.wrap(0)
cdef tuple _SEAT_TUPLES = tuple([tuple([s for s in range(MAX_SEATS) if (m >> s) & 1]) for m in range(1 << MAX_SEATS)])

# -- Rules and its C form ------------------------------------------------------
cdef object _TWO_SEATS = Rules()
cdef dict _RULES = {(2, 36, 0): _TWO_SEATS}  # (seats, deck, opts) -> Rules
cdef tuple _FLAGS = (
    ("variant", OPT_PEREVODNOY, "perevodnoy", "podkidnoy"), ("throw_in", OPT_NEIGHBOURS, "neighbours", "all"),
    ("show_trump", OPT_SHOW_TRUMP, True, False), ("first_five", OPT_FIRST_FIVE, True, False),
    ("swap", OPT_NO_SWAP, False, True), ("draw", OPT_NO_DRAW, False, True), ("teams", OPT_TEAMS, True, False),
)


def table_of(rules):
    """(seats, deck, opts): a `Rules` as the C Table (core/state.pxd; opts the OPT_* bits of core/view.pxd)."""
    cdef unsigned int opts = 0
    for name, bit, on, _off in _FLAGS:
        if getattr(rules, name) == on:
            opts |= bit
    return rules.seats, rules.deck, opts


cpdef object rules_of(int seats, int deck, unsigned int opts):
    """The `Rules` of a C Table (cached: a Rules is frozen)."""
    key = (seats, deck, opts)
    r = _RULES.get(key)
    if r is None:
        r = Rules(seats=seats, deck=deck, **{name: (on if opts & bit else off) for name, bit, on, off in _FLAGS})
        _RULES[key] = r
    return r


cdef object move_of(int code):
    return _MOVES[code]


cdef tuple moves_tuple(const int *codes, int n):
    cdef tuple t = PyTuple_New(n)
    cdef int i
    cdef object m
    for i in range(n):
        m = _MOVES[codes[i]]
        Py_INCREF(m)                   # PyTuple_SetItem steals a reference
        PyTuple_SetItem(t, i, m)
    return t


cdef object result_of(int outcome, int fool, unsigned int losers, bint two_seat):
    """The Result of an outcome (OUT_*), the fool's seat (or -1) and the losers' bits. The two-seat
    game's are its fixed few; every other table's carry the losers."""
    if outcome == OUT_NONE:
        return None
    if two_seat:
        if outcome == OUT_FOOL:
            return _RESULTS[fool]
        if outcome == OUT_DRAW:
            return _RESULTS[2]
        return _RESULTS[3 + fool]
    key = (outcome, fool, losers)
    r = _VARIANT_RESULTS.get(key)
    if r is None:
        r = Result(_OUTCOME_NAMES[outcome], None if fool < 0 else fool, _SEAT_TUPLES[losers & 63])
        _VARIANT_RESULTS[key] = r
    return r


cdef tuple seats_tuple(unsigned int mask):
    """The seats of a bit mask, in seat order."""
    return _SEAT_TUPLES[mask & 63]


cdef object bout_of(const BoutView *b):
    cdef int i
    pairs = tuple([(b.attack[i], b.beat[i] if b.beat[i] >= 0 else None) for i in range(b.size)])
    throwers = tuple([b.throwers[i] for i in range(b.nthrowers)])
    return Bout(b.attacker, b.defender, b.cap, b.size, bool(b.taken), b.to_beat if b.to_beat >= 0 else None, pairs,
                b.leader, throwers, CardSet.wrap(b.shown) if b.shown else _NO_CARDS)


cdef uint64_t _mask(str name, object cards) except? 0:
    """A card set (a CardSet or an int mask) as its mask, or a bad_<name> KozyrError."""
    try:
        cards = int(cards)
    except Exception:
        pass                        # whole() refuses it, naming the field
    return <uint64_t>whole(name, cards, 0, 0xFFFFFFFFFFFFFFFF)


cdef tuple _items(str name, object items):
    try:
        return tuple(items)
    except Exception:
        raise KozyrError("bad_view", f"view {name} {shown(items)} is not a sequence", field=name,
                         value=items) from None


cdef tuple _pair(str name, object items):
    t = _items(name, items)
    if len(t) != 2:
        raise KozyrError("bad_view", f"view {name} {shown(items)} is not a pair", field=name, value=items)
    return t


cdef int fill_dview(DView *d, object view) except -1:
    """Copy a Python View (any object with View's fields) into the C struct the kernels read,
    every number range-checked (`kozyr.errors.whole`: a bad_<field> KozyrError): a forged view
    must not reach a C shift out of range, nor fail with anything but a KozyrError (an object
    without a View's fields is a bad_view)."""
    try:
        return _fill(d, view)
    except AttributeError as err:
        raise KozyrError("bad_view", f"{shown(view)} is not a View: {err}", field="view", value=view) from None


cdef int _fill(DView *d, object view) except -1:
    cdef int i, m, n
    cdef uint64_t seen
    rules = getattr(view, "rules", _TWO_SEATS)
    if not isinstance(rules, Rules):
        raise KozyrError("bad_view", f"the view's rules {shown(rules)} are not a Rules", field="rules",
                         value=rules)
    d.nseats, d.deck_size, d.opts = table_of(rules)
    n = d.nseats
    d.seat = whole("seat", view.seat, 0, n - 1)
    d.ply = whole("ply", view.ply, 0, 1 << 30)
    if not isinstance(view.phase, str) or view.phase not in PHASES:
        raise KozyrError("bad_view", f"phase {shown(view.phase)} is not one of {', '.join(PHASES)}",
                         field="phase", value=view.phase)
    d.phase = PHASES.index(view.phase)
    d.turn = -1 if view.turn is None else whole("turn", view.turn, 0, n - 1)
    d.trump = whole("trump", view.trump, 0, 3)
    d.turnup = -1 if view.turnup is None else whole("turnup", view.turnup, 0, 63)
    d.talon = whole("talon", view.talon, 0, d.deck_size - 6 * n if d.deck_size > 6 * n else 0)
    d.heap = whole("heap", view.heap, 0, d.deck_size)
    d.hand = _mask("hand", view.hand)
    counts = _items("counts", view.counts)
    if len(counts) != n:
        raise KozyrError("bad_view", f"a view of {n} seats has {len(counts)} hand counts", field="counts",
                         value=view.counts)
    for i in range(MAX_SEATS):
        d.count[i] = whole("counts", counts[i], 0, d.deck_size) if i < n else 0
    d.can_swap = bool(view.can_swap)
    legal = _items("legal", view.legal)
    if len(legal) > MAX_LEGAL:
        raise KozyrError("bad_view", f"a view lists {len(legal)} legal moves; at most {MAX_LEGAL} fit",
                         field="legal")
    d.nlegal = len(legal)
    d.legal_cards = 0
    d.legal_kinds = 0
    for i in range(d.nlegal):
        m = whole("legal", legal[i].code, 0, (N_KINDS << 6) - 1)
        d.legal[i] = m
        d.legal_kinds |= 1u << (m >> 6)
        if m < (MV_TAKE << 6):
            d.legal_cards |= (<uint64_t>1) << (m & 63)
    d.over = bool(view.over)
    d.losers = 0
    if view.result is None:
        d.outcome = OUT_NONE
        d.fool = -1
    else:
        outcome = view.result.outcome
        if not isinstance(outcome, str) or outcome not in _OUTCOME_CODES:
            raise KozyrError("bad_view", f"result outcome {shown(outcome)} is not one of fool, draw, resign",
                             field="result", value=view.result)
        d.outcome = _OUTCOME_CODES[outcome]
        fool = view.result.fool
        d.fool = -1 if fool is None else whole("fool", fool, 0, n - 1)
        for s in _items("losers", getattr(view.result, "losers", () if fool is None else (fool,))):
            d.losers |= 1u << whole("losers", s, 0, n - 1)
    bout = view.bout
    d.bout.attacker = whole("attacker", bout.attacker, 0, n - 1)
    d.bout.defender = whole("defender", bout.defender, 0, n - 1)
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
        d.bout.throwers[i] = -1
    for i in range(len(pairs)):
        pair = _pair("pairs", pairs[i])
        d.bout.attack[i] = whole("attack", pair[0], 0, 63)
        d.bout.beat[i] = -1 if pair[1] is None else whole("beat", pair[1], 0, 63)
    d.bout.leader = whole("leader", getattr(bout, "leader", bout.attacker), 0, n - 1)
    throwers = _items("throwers", getattr(bout, "throwers", (bout.attacker,)))
    if not 1 <= len(throwers) <= n:
        raise KozyrError("bad_view", f"a bout of {len(throwers)} throwers at a table of {n} seats", field="throwers")
    d.bout.nthrowers = len(throwers)
    for i in range(d.bout.nthrowers):
        d.bout.throwers[i] = whole("throwers", throwers[i], 0, n - 1)
    d.bout.shown = _mask("shown", getattr(bout, "shown", 0))
    # the seats out and the public memory (a hand-made View may leave them out: View fills them)
    out = _items("out", getattr(view, "out", ()))
    if len(out) > n:
        raise KozyrError("bad_view", f"{len(out)} seats out at a table of {n} seats", field="out")
    d.nout = len(out)
    for i in range(MAX_SEATS):
        d.out[i] = whole("out", out[i], 0, n - 1) if i < d.nout else -1
    d.heap_cards = _mask("heap_cards", getattr(view, "heap_cards", 0))
    known = getattr(view, "known", None)
    known = (0,) * n if known is None else _items("known", known)
    if len(known) != n:
        raise KozyrError("bad_view", f"a view of {n} seats knows {len(known)} hands", field="known")
    for i in range(MAX_SEATS):
        d.known[i] = _mask("known", known[i]) if i < n else 0
    bottom = getattr(view, "bottom", view.turnup)
    d.bottom = -1 if bottom is None else whole("bottom", bottom, 0, 63)
    unseen = getattr(view, "unseen", None)
    if unseen is None:
        seen = d.hand | d.heap_cards
        if d.bottom >= 0:
            seen |= (<uint64_t>1) << d.bottom
        for i in range(d.bout.size):
            seen |= (<uint64_t>1) << d.bout.attack[i]
            if d.bout.beat[i] >= 0:
                seen |= (<uint64_t>1) << d.bout.beat[i]
        for i in range(n):
            if i != d.seat:
                seen |= d.known[i]
        d.unseen = _mask("deck", rules.cards) & ~seen
    else:
        d.unseen = _mask("unseen", unseen)
    declined = getattr(view, "declined", None)
    declined = (0,) * n if declined is None else _items("declined", declined)
    if len(declined) != n:
        raise KozyrError("bad_view", f"a view of {n} seats tells what {len(declined)} seats declined",
                         field="declined")
    plain = _mask("deck", rules.cards) & ~(<uint64_t>0xFFFF << (16 * d.trump)) & ~d.unseen
    for i in range(MAX_SEATS):
        d.declined[i] = _mask("declined", declined[i]) if i < n else 0
        if d.declined[i] & ~plain:
            raise KozyrError("bad_view", f"seat {i} declined {shown(declined[i])}: only plain cards it was seen to "
                             "answer can be declined (none of them trumps or unseen)", field="declined",
                             value=declined[i])
    return 0


def _unpickle(bytes raw):
    cdef DView d
    if len(raw) != sizeof(DView):
        raise ValueError("a pickled GameView of another build")
    memcpy(&d, PyBytes_AsString(raw), sizeof(DView))
    return GameView.wrap(&d)


@cython.no_gc
cdef class GameView:
    """What one seat may see (the fields of `kozyr.durak.View`), built lazily from the engine's struct.

    Untracked by the cycle collector: it holds only the struct and immutable values built from it (the
    legal Moves, the Bout), which cannot refer back to it, and the ladder makes one per Python decision,
    each of which would otherwise count towards the collector's next pass."""

    def __init__(self, *args, **kwargs):
        raise TypeError("a GameView comes from Game.view(seat); build a kozyr.durak.View yourself")

    @staticmethod
    cdef GameView wrap(const DView *d):
        cdef GameView v = GameView.__new__(GameView)
        memcpy(&v.d, d, sizeof(DView))
        return v

    @property
    def seat(self):
        """The seat this view belongs to (0 or 1)."""
        return self.d.seat

    @property
    def ply(self):
        """The number of events so far in the deal."""
        return self.d.ply

    @property
    def phase(self):
        """`attack`, `defend`, `pile_on` or `over`."""
        return _PHASES[self.d.phase]

    @property
    def turn(self):
        """The seat to move, or None once the deal is over."""
        return None if self.d.turn < 0 else self.d.turn

    @property
    def trump(self):
        """The trump suit, 0..3 (spades, hearts, diamonds, clubs)."""
        return self.d.trump

    @property
    def turnup(self):
        """The turned-up card while it is still in the talon, else None."""
        return None if self.d.turnup < 0 else self.d.turnup

    @property
    def talon(self):
        """Cards left in the talon, the turn-up included."""
        return self.d.talon

    @property
    def heap(self):
        """Cards beaten off so far (the heap is only ever counted)."""
        return self.d.heap

    @property
    def hand(self):
        """This seat's cards, a `CardSet`."""
        return CardSet.wrap(self.d.hand)

    @property
    def counts(self):
        """How many cards each seat holds (one entry a seat)."""
        if self.d.nseats == 2:
            return (self.d.count[0], self.d.count[1])
        return tuple([self.d.count[i] for i in range(self.d.nseats)])

    @property
    def can_swap(self):
        """Whether this seat may exchange its trump six for the turn-up now."""
        return bool(self.d.can_swap)

    @property
    def legal(self):
        """The legal moves of this seat (empty when not on turn), as a tuple of Move."""
        if self._legal is None:
            self._legal = moves_tuple(self.d.legal, self.d.nlegal)
        return self._legal

    @property
    def legal_codes(self):
        """The legal moves as int codes (`kind << 6 | card`, see Move.code), in the same order."""
        return tuple([self.d.legal[i] for i in range(self.d.nlegal)])

    @property
    def legal_cards(self):
        """The cards of the legal attack/beat moves, as a 64-bit card mask."""
        return self.d.legal_cards

    @property
    def over(self):
        """Whether the deal has ended."""
        return bool(self.d.over)

    @property
    def result(self):
        """How the deal ended (a `Result`, with the losers), or None while it runs."""
        return result_of(self.d.outcome, self.d.fool, self.d.losers,
                         self.d.nseats == 2 and self.d.deck_size == 36 and self.d.opts == 0)

    @property
    def bout(self):
        """The bout on the table, a `Bout`."""
        if self._bout is None:
            self._bout = bout_of(&self.d.bout)
        return self._bout

    @property
    def rules(self):
        """The table's options (a `kozyr.durak.Rules`)."""
        return rules_of(self.d.nseats, self.d.deck_size, self.d.opts)

    @property
    def out(self):
        """The seats that are out, in the order they went out."""
        return tuple([self.d.out[i] for i in range(self.d.nout)])

    @property
    def heap_cards(self):
        """The cards beaten off to the heap."""
        return CardSet.wrap(self.d.heap_cards)

    @property
    def known(self):
        """For every seat, the cards of its hand every seat has seen go there and it has not played since."""
        return tuple([CardSet.wrap(self.d.known[i]) for i in range(self.d.nseats)])

    @property
    def declined(self):
        """For every seat, the plain attack cards it answered otherwise than in their suit (the card it was to
        beat when it took, or one it beat with a trump) since it last drew from the talon."""
        return tuple([CardSet.wrap(self.d.declined[i]) for i in range(self.d.nseats)])

    @property
    def bottom(self):
        """The talon's last card while the talon holds it (the turn-up, or the low trump after the exchange)."""
        return None if self.d.bottom < 0 else self.d.bottom

    @property
    def unseen(self):
        """The deck's cards this seat has not seen (in the other hands beyond `known`, or the talon above `bottom`)."""
        return CardSet.wrap(self.d.unseen)

    def _repr_svg_(self):
        """The position as a picture, for notebooks (`kozyr.svg.durak_svg`)."""
        from kozyr.svg import durak_svg
        return durak_svg(self)

    def as_view(self):
        """The same view as a `kozyr.durak.View` dataclass."""
        return View(**{name: getattr(self, name) for name in _FIELDS})

    def _values(self):
        return tuple([getattr(self, name) for name in _FIELDS])

    def __eq__(self, other):
        if isinstance(other, GameView):
            return self._values() == (<GameView>other)._values()
        if isinstance(other, View):
            return self._values() == tuple([getattr(other, name) for name in _FIELDS])
        return NotImplemented

    def __hash__(self):
        # the dataclass View hashes the tuple of its fields: equal objects hash alike
        return hash(self._values())

    def __reduce__(self):
        return (_unpickle, (PyBytes_FromStringAndSize(<char *>&self.d, sizeof(DView)),))

    def __repr__(self):
        return "Game" + repr(self.as_view())


View.register(GameView)
