"""The card encoding shared by durak, hokm and preferans.

One int per card (`16*suit + rank`) and one 64-bit mask per set, so that the
compiled engines do set algebra in single instructions while Python code sees
an ordinary immutable set of ints (`CardSet` behaves like `frozenset`).
"""
from libc.stdint cimport uint64_t

SPADES, HEARTS, DIAMONDS, CLUBS = 0, 1, 2, 3
SUITS = (SPADES, HEARTS, DIAMONDS, CLUBS)
TWO, THREE, FOUR, FIVE, SIX, SEVEN, EIGHT, NINE, TEN = range(2, 11)
JACK, QUEEN, KING, ACE = 11, 12, 13, 14
RANKS = tuple(range(2, 15))

SUIT_LETTERS = "SHDC"
SUIT_SYMBOLS = "♠♥♦♣"
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


def card(rank, suit):
    """The card of `rank` (2..14) and `suit` (0..3)."""
    if not isinstance(rank, int) or not 2 <= rank <= 14:
        raise ValueError(f"rank {rank!r} is not a rank: expected an int 2..14")
    if not isinstance(suit, int) or not 0 <= suit <= 3:
        raise ValueError(f"suit {suit!r} is not a suit: expected an int 0..3")
    return 16 * suit + rank


cdef inline bint _is_card(object c):
    return isinstance(c, int) and 0 <= c < 64 and (_VALID >> <int>c) & 1


def _check(c):
    if not _is_card(c):
        raise ValueError(f"{c!r} is not a card: expected 16*suit + rank with rank 2..14, suit 0..3")
    return c


def rank_of(c):
    """The rank 2..14 of card c."""
    return _check(c) & 15


def suit_of(c):
    """The suit 0..3 of card c."""
    return _check(c) >> 4


def card_name(c):
    """The two-character name: `AS`, `TD`, `6C`."""
    _check(c)
    return RANK_LETTERS[(c & 15) - 2] + SUIT_LETTERS[c >> 4]


def pretty(c):
    """The display form: `A♠`, `10♦`."""
    _check(c)
    r = c & 15
    return ("10" if r == 10 else RANK_LETTERS[r - 2]) + SUIT_SYMBOLS[c >> 4]


def parse_card(text):
    """A card from its name: `AS`, `td`, `10♦`, `6c`."""
    if not isinstance(text, str):
        raise ValueError(f"{text!r} is not a card name")
    t = text.strip()
    if len(t) < 2:
        raise ValueError(f"{text!r} is not a card name")
    n = len(t)
    rank = _RANK_BY_TEXT.get(t[:n - 1])
    suit = _SUIT_BY_CHAR.get(t[n - 1])
    if rank is None or suit is None:
        raise ValueError(f"{text!r} is not a card name")
    return 16 * suit + rank


cdef uint64_t _mask_of(object source) except? 0:
    cdef uint64_t m = 0
    if isinstance(source, CardSet):
        return (<CardSet>source).mask
    if isinstance(source, bool):
        raise ValueError(f"{source!r} is not a card mask")
    if isinstance(source, int):
        if source < 0 or source >= (1 << 64) or (<uint64_t>source & ~_VALID):
            raise ValueError(f"mask {source:#x} has bits outside the 52 cards" if source >= 0
                             else f"mask {source} is negative")
        return <uint64_t>source
    if isinstance(source, str):
        for name in source.replace(",", " ").split():
            m |= (<uint64_t>1) << <int>parse_card(name)
        return m
    for c in source:
        if isinstance(c, str):
            c = parse_card(c)
        elif not _is_card(c):
            raise ValueError(f"{c!r} is not a card: expected 16*suit + rank with rank 2..14, suit 0..3")
        m |= (<uint64_t>1) << <int>c
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
        return _is_card(c) and (self.mask >> <int>c) & 1

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
        _check_suit(s)
        return CardSet.wrap(self.mask & suit_mask(s))

    def highest(self, s):
        """The highest card of suit s in this set, or None."""
        _check_suit(s)
        cdef uint64_t m = self.mask & suit_mask(s)
        return highest_card(m) if m else None

    def lowest(self, s):
        """The lowest card of suit s in this set, or None."""
        _check_suit(s)
        cdef uint64_t m = self.mask & suit_mask(s)
        return lowest_card(m) if m else None


cdef _check_suit(s):
    if not isinstance(s, int) or not 0 <= s <= 3:
        raise ValueError(f"suit {s!r} is not a suit: expected an int 0..3")


def suit_cards(s):
    """All 13 cards of suit s."""
    _check_suit(s)
    return CardSet.wrap(suit_mask(s))


DECK52 = CardSet.wrap(KZ_DECK52)
DECK36 = CardSet.wrap(KZ_DECK36)
DECK32 = CardSet.wrap(KZ_DECK32)
