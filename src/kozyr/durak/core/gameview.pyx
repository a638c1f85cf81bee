"""`GameView`: what one seat may see, as the compiled engine hands it to Python.

It has exactly the fields of `kozyr.durak.View` (the plain dataclass the
reference engine builds) and compares equal to a View with the same values
(and hashes the same), but it is a copy of the engine's C view struct: taking
one costs a struct copy, and the tuples of moves and the bout are built only
when read. `legal_codes` and `legal_cards` give the legal moves as ints for
code that wants them. The rungs read the C struct directly (no conversion).
Immutable; pickles as a GameView. `as_view()` gives the dataclass
(for `dataclasses.replace` and friends).
"""
from cpython.bytes cimport PyBytes_AsString, PyBytes_FromStringAndSize
from cpython.ref cimport Py_INCREF
from cpython.tuple cimport PyTuple_New, PyTuple_SetItem
from libc.string cimport memcpy

from kozyr.cards cimport CardSet
from kozyr.durak.core.view cimport OUT_DRAW, OUT_FOOL, OUT_NONE, BoutView, DView

from kozyr.durak.codes import PHASES
from kozyr.durak.events import Result
from kozyr.durak.moves import Move
from kozyr.durak.views import Bout, View

__all__ = ["GameView"]

FIELDS = View.__dataclass_fields__.keys()
cdef tuple _FIELDS = tuple(FIELDS)
cdef list _MOVES = [None] * 384            # move code -> cached Move
for _code in range(384):
    try:
        _MOVES[_code] = Move.from_code(_code)
    except KeyError:
        pass
cdef tuple _RESULTS = (
    Result("fool", 0), Result("fool", 1), Result("draw", None), Result("resign", 0), Result("resign", 1),
)
cdef tuple _PHASES = tuple(PHASES)


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


cdef object result_of(int outcome, int fool):
    if outcome == OUT_NONE:
        return None
    if outcome == OUT_FOOL:
        return _RESULTS[fool]
    if outcome == OUT_DRAW:
        return _RESULTS[2]
    return _RESULTS[3 + fool]


cdef object bout_of(const BoutView *b):
    cdef int i
    pairs = tuple([(b.attack[i], b.beat[i] if b.beat[i] >= 0 else None) for i in range(b.size)])
    return Bout(b.attacker, b.defender, b.cap, b.size, bool(b.taken), b.to_beat if b.to_beat >= 0 else None, pairs)


def _unpickle(bytes raw):
    cdef DView d
    if len(raw) != sizeof(DView):
        raise ValueError("a pickled GameView of another build")
    memcpy(&d, PyBytes_AsString(raw), sizeof(DView))
    return GameView.wrap(&d)


cdef class GameView:
    """What one seat may see (the fields of `kozyr.durak.View`), built lazily from the engine's struct."""

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
        """How many cards each seat holds."""
        return (self.d.count[0], self.d.count[1])

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
        """How the deal ended (a `Result`), or None while it runs."""
        return result_of(self.d.outcome, self.d.fool)

    @property
    def bout(self):
        """The bout on the table, a `Bout`."""
        if self._bout is None:
            self._bout = bout_of(&self.d.bout)
        return self._bout

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
