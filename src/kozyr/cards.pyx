"""The card encoding shared by durak, hokm and preferans.

One int per card (`16*suit + rank`) and one 64-bit mask per set, so that the
compiled engines do set algebra in single instructions while Python code sees
an ordinary immutable set of ints (`CardSet` behaves like `frozenset`).

Any integer is a card number (numpy ints included): inputs go through
`operator.index` before they are checked, so an int subclass whose
comparisons lie is checked on its true value and never reaches a C shift.
Every refusal is a `KozyrError` (a ValueError) with a code.
"""
from libc.stdint cimport uint64_t

import array
import operator

from kozyr.errors import KozyrError, shown

SPADES, HEARTS, DIAMONDS, CLUBS = 0, 1, 2, 3
SUITS = (SPADES, HEARTS, DIAMONDS, CLUBS)
TWO, THREE, FOUR, FIVE, SIX, SEVEN, EIGHT, NINE, TEN = range(2, 11)
JACK, QUEEN, KING, ACE = 11, 12, 13, 14
RANKS = tuple(range(2, 15))

SUIT_LETTERS = "SHDC"
SUIT_SYMBOLS = "♠♥♦♣"
SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs")   # in words, for sentences
RANK_LETTERS = "23456789TJQKA"

_SUIT_BY_CHAR = {}
for _s, _letter in enumerate(SUIT_LETTERS):
    _SUIT_BY_CHAR[_letter] = _s
    _SUIT_BY_CHAR[_letter.lower()] = _s
for _s, _sym in enumerate(SUIT_SYMBOLS):
    _SUIT_BY_CHAR[_sym] = _s
for _s, _sym in enumerate("♤♡♢♧"):
    _SUIT_BY_CHAR[_sym] = _s
_RANK_BY_TEXT = {"10": 10}
for _r, _letter in zip(RANKS, RANK_LETTERS):
    _RANK_BY_TEXT[_letter] = _r
    _RANK_BY_TEXT[_letter.lower()] = _r

cdef uint64_t _VALID = KZ_DECK52


cdef object _integer(object x):
    """`x` as an exact int (through `operator.index`), or None when it is not an integer."""
    if type(x) is int:
        return x
    if isinstance(x, (str, bytes, float)):
        return None
    try:
        return operator.index(x)
    except Exception:  # no __index__, or one that raises: not an integer
        return None


def card(rank, suit):
    """The card of `rank` (2..14) and `suit` (0..3)."""
    r = _integer(rank)
    if r is None or not 2 <= r <= 14:
        raise KozyrError("bad_rank", f"rank {shown(rank)} is not a rank: expected an int 2..14", value=rank)
    s = _integer(suit)
    if s is None or not 0 <= s <= 3:
        raise KozyrError("bad_suit", f"suit {shown(suit)} is not a suit: expected an int 0..3", value=suit)
    return 16 * s + r


cdef inline int _card_number(object c):
    """The card int of c, or -1 when c is not one of the 52 cards."""
    i = _integer(c)
    if i is None or not 0 <= i < 64:
        return -1
    cdef int k = i
    return k if (_VALID >> k) & 1 else -1


def _check(c):
    cdef int k = _card_number(c)
    if k < 0:
        raise KozyrError("bad_card", f"{shown(c)} is not a card: expected 16*suit + rank with rank 2..14, suit 0..3",
                         value=c)
    return k


def rank_of(c):
    """The rank 2..14 of card c."""
    return _check(c) & 15


def suit_of(c):
    """The suit 0..3 of card c."""
    return _check(c) >> 4


def card_name(c):
    """The two-character name: `AS`, `TD`, `6C`."""
    c = _check(c)
    return RANK_LETTERS[(c & 15) - 2] + SUIT_LETTERS[c >> 4]


def pretty(c):
    """The display form: `A♠`, `10♦`."""
    c = _check(c)
    r = c & 15
    return ("10" if r == 10 else RANK_LETTERS[r - 2]) + SUIT_SYMBOLS[c >> 4]


def parse_card(text):
    """A card from its name: `AS`, `td`, `10♦`, `6c`."""
    if not isinstance(text, str):
        raise KozyrError("bad_card_name", f"{shown(text)} is not a card name", value=text)
    t = text.strip()
    n = len(t)
    rank = _RANK_BY_TEXT.get(t[:n - 1]) if n >= 2 else None
    suit = _SUIT_BY_CHAR.get(t[n - 1]) if n >= 2 else None
    if rank is None or suit is None:
        raise KozyrError("bad_card_name", f"{shown(text)} is not a card name", value=text)
    return 16 * suit + rank


cdef uint64_t _mask_of(object source) except? 0:
    cdef uint64_t m = 0
    if isinstance(source, CardSet):
        return (<CardSet>source).mask
    if isinstance(source, bool):
        raise KozyrError("bad_mask", f"{source!r} is not a card mask", value=source)
    if isinstance(source, str):
        for name in source.replace(",", " ").split():
            m |= (<uint64_t>1) << <int>parse_card(name)
        return m
    whole = _integer(source)
    if whole is not None:
        if whole < 0:
            raise KozyrError("bad_mask", f"mask {shown(whole)} is negative", value=source)
        if whole >= (1 << 64) or (<uint64_t>whole & ~_VALID):
            text = f"{whole:#x}"
            text = text if len(text) <= 40 else f"{text[:30]}...({len(text)} digits)"
            raise KozyrError("bad_mask", f"mask {text} has bits outside the 52 cards", value=source)
        return <uint64_t>whole
    try:
        items = iter(source)
    except TypeError:
        raise KozyrError("bad_cards", f"{shown(source)} is not cards: expected names, card ints or a mask",
                         value=source) from None
    for c in items:
        m |= (<uint64_t>1) << (<int>parse_card(c) if isinstance(c, str) else <int>_check(c))
    return m


cdef class _CardIter:
    cdef uint64_t rest

    def __iter__(self):
        return self

    def __next__(self):
        if self.rest == 0:
            raise StopIteration
        return pop_lowest(&self.rest)

    def __length_hint__(self):
        return popcount(self.rest)


cdef inline object _other(object x):
    """The mask of a CardSet operand, or None for a foreign type."""
    return (<CardSet>x).mask if isinstance(x, CardSet) else None


cdef class CardSet:
    """An immutable set of cards over one 64-bit mask; behaves like frozenset[int]."""

    def __cinit__(self, source=0):
        self.mask = _mask_of(source) if source is not 0 else 0

    @staticmethod
    cdef CardSet wrap(uint64_t mask):
        cdef CardSet s = CardSet.__new__(CardSet)
        s.mask = mask
        return s

    # -- container ---------------------------------------------------------
    def __len__(self):
        return popcount(self.mask)

    def __bool__(self):
        return self.mask != 0

    def __contains__(self, c):
        cdef int k = _card_number(c)
        return k >= 0 and (self.mask >> k) & 1

    def __iter__(self):
        cdef _CardIter it = _CardIter.__new__(_CardIter)
        it.rest = self.mask
        return it

    def __int__(self):
        return self.mask

    def __hash__(self):
        return hash(self.mask)

    def __reduce__(self):
        return (CardSet, (int(self.mask),))

    def __repr__(self):
        return f"CardSet({str(self)!r})"

    def __str__(self):
        return " ".join([card_name(c) for c in self])

    def pretty(self):
        """The set in display form: `A♠ 10♦ 6♣`."""
        return " ".join([pretty(c) for c in self])

    def _repr_svg_(self):
        """The cards as a picture, for notebooks (as `kozyr.svg.cards_svg` draws them)."""
        from kozyr._draw import cards_row
        return cards_row([card_name(c) for c in self])

    # -- algebra: CardSet operands only, like frozenset's operators --------
    def __or__(self, other):
        if not isinstance(self, CardSet) or not isinstance(other, CardSet):
            return NotImplemented
        return CardSet.wrap((<CardSet>self).mask | (<CardSet>other).mask)

    def __and__(self, other):
        if not isinstance(self, CardSet) or not isinstance(other, CardSet):
            return NotImplemented
        return CardSet.wrap((<CardSet>self).mask & (<CardSet>other).mask)

    def __sub__(self, other):
        if not isinstance(self, CardSet) or not isinstance(other, CardSet):
            return NotImplemented
        return CardSet.wrap((<CardSet>self).mask & ~(<CardSet>other).mask)

    def __xor__(self, other):
        if not isinstance(self, CardSet) or not isinstance(other, CardSet):
            return NotImplemented
        return CardSet.wrap((<CardSet>self).mask ^ (<CardSet>other).mask)

    def __eq__(self, other):
        if not isinstance(other, CardSet):
            return NotImplemented
        return self.mask == (<CardSet>other).mask

    def __ne__(self, other):
        if not isinstance(other, CardSet):
            return NotImplemented
        return self.mask != (<CardSet>other).mask

    def __le__(self, other):
        if not isinstance(other, CardSet):
            return NotImplemented
        return self.mask & ~(<CardSet>other).mask == 0

    def __lt__(self, other):
        if not isinstance(other, CardSet):
            return NotImplemented
        return self.mask != (<CardSet>other).mask and self.mask & ~(<CardSet>other).mask == 0

    def __ge__(self, other):
        if not isinstance(other, CardSet):
            return NotImplemented
        return (<CardSet>other).mask & ~self.mask == 0

    def __gt__(self, other):
        if not isinstance(other, CardSet):
            return NotImplemented
        return self.mask != (<CardSet>other).mask and (<CardSet>other).mask & ~self.mask == 0

    # -- named methods: any iterable of cards, like frozenset's -------------
    def issubset(self, other):
        return self.mask & ~_mask_of(other) == 0

    def issuperset(self, other):
        return _mask_of(other) & ~self.mask == 0

    def isdisjoint(self, other):
        return self.mask & _mask_of(other) == 0

    def union(self, *others):
        cdef uint64_t m = self.mask
        for o in others:
            m |= _mask_of(o)
        return CardSet.wrap(m)

    def intersection(self, *others):
        cdef uint64_t m = self.mask
        for o in others:
            m &= _mask_of(o)
        return CardSet.wrap(m)

    def difference(self, *others):
        cdef uint64_t m = self.mask
        for o in others:
            m &= ~_mask_of(o)
        return CardSet.wrap(m)

    def symmetric_difference(self, other):
        return CardSet.wrap(self.mask ^ _mask_of(other))

    def copy(self):
        return self

    # -- by suit -------------------------------------------------------------
    def suit(self, s):
        """The cards of suit s in this set."""
        return CardSet.wrap(self.mask & suit_mask(_check_suit(s)))

    def highest(self, s):
        """The highest card of suit s in this set, or None."""
        cdef uint64_t m = self.mask & suit_mask(_check_suit(s))
        return highest_card(m) if m else None

    def lowest(self, s):
        """The lowest card of suit s in this set, or None."""
        cdef uint64_t m = self.mask & suit_mask(_check_suit(s))
        return lowest_card(m) if m else None


cdef int _check_suit(s) except -1:
    i = _integer(s)
    if i is None or not 0 <= i <= 3:
        raise KozyrError("bad_suit", f"suit {shown(s)} is not a suit: expected an int 0..3", value=s)
    return i


def suit_cards(s):
    """All 13 cards of suit s."""
    return CardSet.wrap(suit_mask(_check_suit(s)))


DECK52 = CardSet.wrap(KZ_DECK52)
DECK36 = CardSet.wrap(KZ_DECK36)
DECK32 = CardSet.wrap(KZ_DECK32)


# -- how this module was built ---------------------------------------------------
cdef extern from *:
    long CYTHON_HEX_VERSION      # defined by the C that Cython generated: which Cython wrote it


cdef bint _bounds_checked():
    """Whether the generated C checks memoryview bounds (KOZYR_DEBUG=1 turns the check on).

    It reads index 1 of a one-item view of a two-item buffer: the checked build
    raises IndexError, the fast one reads the buffer's (valid) second item. This
    asks the compiled code itself, so a build that reused stale generated C
    reports what it really is, whatever the build switch said.
    """
    buf = array.array("i", [0, 0])
    cdef int[::1] whole = buf
    cdef int[::1] one = whole[:1]
    cdef Py_ssize_t i = len(buf) - 1
    cdef int x
    try:
        x = one[i]
    except IndexError:
        return True
    return False


def _build_facts():
    """Test hook behind `kozyr.build_info()`: the checked build and the Cython that generated this C."""
    v = CYTHON_HEX_VERSION
    return {"debug": bool(_bounds_checked()), "cython": f"{(v >> 24) & 255}.{(v >> 16) & 255}.{(v >> 8) & 255}"}
