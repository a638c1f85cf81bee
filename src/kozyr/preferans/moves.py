"""A move of a preferans deal: its kind, its argument, its canonical text and its int code.

A deal's moves are few kinds: ``pass`` (auction and whisting), ``bid C``, ``discard X Y``, ``name C``,
``whist``, ``half-whist``, ``closed``, ``open`` and ``play X``. A :class:`Move` is a frozen value whose
``str`` is the canonical text a record keeps (keywords lower case, cards by name, contracts as
``str(Contract)``, a discard's cards in reference order). :meth:`Move.parse` reads what a person types:
words split at whitespace, keywords in any case, card words such as ``TD``, ``td`` or ``10d`` and contract
words such as ``7nt`` or ``Misère`` — and nothing else (no suit symbols, no ``6C``, no ``N`` for no-trump):
these readings are narrower than :func:`kozyr.cards.parse_card` and :func:`parse_contract` on purpose, so
that every engine reads the same texts as moves.

A refusal is read in a fixed order, because a move's refusal code is part of the contract between the
compiled engine and its twin: first the keyword and the number of words (``not_legal``, :func:`split`), then
the engine checks that the kind belongs to the phase (``wrong_phase``), then the words are read
(:func:`from_words`: ``unknown_contract``, ``bad_discard``, ``card_not_held``).

Every move also has a small int code (:attr:`Move.code`), the form the compiled core's legal lists use;
:func:`move_of` maps a code back to a cached :class:`Move`. Within one phase every legal list sorted by code
is the list in canonical order:

====================  ======================================================
code                  move
====================  ======================================================
0, 1, 2, 3, 4         ``pass``, ``whist``, ``half-whist``, ``closed``, ``open``
8 + i                 ``bid LADDER[i]`` (i = 0..25, ladder order)
40 + i                ``name LADDER[i]``
64 + card             ``play card`` (card = 16 * suit + rank: 64..127)
128 + 32 * i + j      ``discard`` of the cards of deck index i < j (the index 0..31 in reference order)
====================  ======================================================

>>> Move.parse("  discard 7d   qs "), str(Move.parse("bid 7nt")), Move.parse("Half-Whist").code
(Move('discard QS 7D'), 'bid 7NT', 2)
>>> move_of(Move.parse("play 10h").code) is Move.parse("play TH")
True
"""
from __future__ import annotations

from dataclasses import dataclass

from kozyr.cards import DECK32, card_name
from kozyr.errors import shown
from kozyr.preferans.contracts import LADDER, MISERE, Contract, Strain
from kozyr.preferans.errors import PreferansError

__all__ = ["KINDS", "BARE", "PHASES_OF", "Move", "Argument", "split", "from_words", "card_word", "contract_word",
           "deck_index", "move_of", "MOVES_BY_CODE", "bid", "name", "play", "discard", "PASS", "WHIST", "HALF_WHIST",
           "CLOSED", "OPEN"]

Argument = Contract | int | tuple[int, int] | None

KINDS = ("pass", "bid", "discard", "name", "whist", "half-whist", "closed", "open", "play")
"""Every move kind, by its keyword."""

BARE = ("pass", "whist", "half-whist", "closed", "open")
"""The kinds written as the keyword alone; their code is their index here."""

_WORDS = {"pass": 0, "whist": 0, "half-whist": 0, "closed": 0, "open": 0, "bid": 1, "name": 1, "play": 1,
          "discard": 2}

PHASES_OF: dict[str, tuple[str, ...]] = {
    "pass": ("auction", "whisting"),
    "bid": ("auction",),
    "discard": ("talon",),
    "name": ("naming",),
    "whist": ("whisting",),
    "half-whist": ("whisting",),
    "closed": ("defence",),
    "open": ("defence",),
    "play": ("play",),
}
"""The phases each kind of move belongs to (a move of another phase is ``wrong_phase``)."""


if len(LADDER) != 26 or LADDER[15] != MISERE or str(LADDER[0]) != "6S" or str(LADDER[-1]) != "10NT":
    raise ImportError("contracts.LADDER is not the 26 contracts 6S..8NT, misere, 9S..10NT: move codes need it")

_LADDER_INDEX = {c: i for i, c in enumerate(LADDER)}
_DECK = tuple(sorted(DECK32))
_DECK_INDEX = {c: i for i, c in enumerate(_DECK)}


def deck_index(card: int) -> int:
    """A preferans card's position 0..31 in reference order (7S = 0, AS = 7, 7H = 8, ..., AC = 31)."""
    return _DECK_INDEX[card]


@dataclass(frozen=True, slots=True)
class Move:
    """One move: ``kind`` (one of :data:`KINDS`) and ``arg``: a :class:`Contract` for ``bid`` and ``name``,
    a card int for ``play``, a pair of card ints in reference order for ``discard``, None otherwise.
    Checked when built, so that every Move has a canonical text and a code."""

    kind: str
    arg: Argument = None

    def __post_init__(self) -> None:
        kind, arg = self.kind, self.arg
        if kind in BARE:
            ok = arg is None
        elif kind in ("bid", "name"):
            ok = isinstance(arg, Contract)
        elif kind == "play":
            ok = type(arg) is int and arg in _DECK_INDEX
        elif kind == "discard":
            ok = (isinstance(arg, tuple) and len(arg) == 2 and all(type(c) is int and c in _DECK_INDEX for c in arg)
                  and arg[0] < arg[1])
            if not ok and isinstance(arg, tuple) and len(arg) == 2 and all(type(c) is int for c in arg) \
                    and arg[0] > arg[1] and all(c in _DECK_INDEX for c in arg):
                object.__setattr__(self, "arg", (arg[1], arg[0]))  # the pair is a set: keep it in reference order
                ok = True
        else:
            raise PreferansError("not_legal", f"move: {shown(kind)} is not a kind of move ({', '.join(KINDS)})",
                                 field="move", value=kind)
        if not ok:
            raise PreferansError("not_legal", f"move: {shown(arg)} is not the argument of {kind!r}",
                                 field="move", value=arg)

    @property
    def code(self) -> int:
        """The move's int code (see the module's table)."""
        kind, arg = self.kind, self.arg
        if kind in BARE:
            return BARE.index(kind)
        if kind == "bid":
            assert isinstance(arg, Contract)
            return 8 + _LADDER_INDEX[arg]
        if kind == "name":
            assert isinstance(arg, Contract)
            return 40 + _LADDER_INDEX[arg]
        if kind == "play":
            assert isinstance(arg, int)
            return 64 + arg
        assert isinstance(arg, tuple)
        return 128 + 32 * _DECK_INDEX[arg[0]] + _DECK_INDEX[arg[1]]

    @property
    def cards(self) -> tuple[int, ...]:
        """The cards the move names (one for ``play``, two for ``discard``, none otherwise)."""
        if isinstance(self.arg, tuple):
            return self.arg
        if self.kind == "play":
            assert isinstance(self.arg, int)
            return (self.arg,)
        return ()

    def __str__(self) -> str:
        kind, arg = self.kind, self.arg
        if arg is None:
            return kind
        if isinstance(arg, Contract):
            return f"{kind} {arg}"
        if isinstance(arg, tuple):
            return f"{kind} {card_name(arg[0])} {card_name(arg[1])}"
        return f"{kind} {card_name(arg)}"

    def __repr__(self) -> str:
        return f"Move({str(self)!r})"

    @classmethod
    def parse(cls, text: object) -> Move:
        """Read a move's text outside any phase: :func:`split` then :func:`from_words`."""
        kind, words = split(text)
        return from_words(kind, words)


def split(text: object) -> tuple[str, tuple[str, ...]]:
    """The keyword (lower case) and the words after it, or ``not_legal``: not a string, empty or only
    whitespace, an unknown keyword, or the wrong number of words after it."""
    if not isinstance(text, str):
        raise PreferansError("not_legal", f"move: {shown(text)} is not a move's text", field="move", value=text)
    parts = text.split()
    if not parts:
        raise PreferansError("not_legal", f"move: {shown(text)} is empty", field="move", value=text)
    kind = parts[0].lower()
    if kind not in _WORDS:
        raise PreferansError("not_legal", f"move: {shown(parts[0])} is not a move ({', '.join(KINDS)})",
                             field="move", value=text)
    if len(parts) - 1 != _WORDS[kind]:
        want = _WORDS[kind]
        raise PreferansError(
            "not_legal", f"move: {shown(text)}: {kind!r} takes {want} word{'s' if want != 1 else ''} after it, "
            f"not {len(parts) - 1}", field="move", value=text)
    return kind, tuple(parts[1:])


_RANK_WORDS = {"7": 7, "8": 8, "9": 9, "T": 10, "10": 10, "J": 11, "Q": 12, "K": 13, "A": 14}
_SUIT_WORDS = {"S": 0, "H": 1, "D": 2, "C": 3}
_LEVEL_WORDS = {"6": 6, "7": 7, "8": 8, "9": 9, "10": 10}
_STRAIN_WORDS = {"S": Strain.SPADES, "C": Strain.CLUBS, "D": Strain.DIAMONDS, "H": Strain.HEARTS,
                 "NT": Strain.NO_TRUMP}


def card_word(word: str) -> int | None:
    """A card word (``TD``, ``td``, ``10d``) as a card int, or None when it is no card word."""
    if not word.isascii():
        return None
    up = word.upper()
    rank, suit = _RANK_WORDS.get(up[:-1]), _SUIT_WORDS.get(up[-1:])
    if rank is None or suit is None:
        return None
    return 16 * suit + rank


def contract_word(word: str) -> Contract | None:
    """A contract word (``7nt``, ``10NT``, ``misere``, ``Misère``) as a :class:`Contract`, or None."""
    if word.lower() in ("misere", "misère"):
        return MISERE
    if not word.isascii():
        return None
    up = word.upper()
    for cut in (1, 2):
        level, strain = _LEVEL_WORDS.get(up[:cut]), _STRAIN_WORDS.get(up[cut:])
        if level is not None and strain is not None:
            return Contract(level, strain)
    return None


def from_words(kind: str, words: tuple[str, ...]) -> Move:
    """The move of a keyword and its words (as :func:`split` gives them), or the word's refusal:
    ``unknown_contract`` (bid, name), ``bad_discard`` (a word that is no card, the same card twice),
    ``card_not_held`` (play: a word that is no card)."""
    if kind in BARE:
        return _BARE_MOVES[kind]
    if kind in ("bid", "name"):
        contract = contract_word(words[0])
        if contract is None:
            raise PreferansError("unknown_contract", f"{kind} {words[0]}: {shown(words[0])} is not a contract "
                                 "(6S ... 10NT, misere)", field="contract", value=words[0])
        return _BID_MOVES[contract] if kind == "bid" else _NAME_MOVES[contract]
    if kind == "play":
        card = card_word(words[0])
        if card is None:
            raise PreferansError("card_not_held", f"play {words[0]}: {shown(words[0])} is not a card",
                                 field="card", value=words[0])
        return _PLAY_MOVES[card]
    cards = [card_word(w) for w in words]
    for w, c in zip(words, cards):
        if c is None:
            raise PreferansError("bad_discard", f"discard {' '.join(words)}: {shown(w)} is not a card",
                                 field="discard", value=w)
    a, b = cards
    assert a is not None and b is not None
    if a == b:
        raise PreferansError("bad_discard", f"discard {' '.join(words)}: the same card twice", field="discard",
                             value=" ".join(words))
    return _DISCARD_MOVES[(min(a, b), max(a, b))]


# Moves are interned: one object per move, so that legal lists are built by table lookup.
_BARE_MOVES = {kind: Move(kind) for kind in BARE}
_BID_MOVES = {c: Move("bid", c) for c in LADDER}
_NAME_MOVES = {c: Move("name", c) for c in LADDER}
_PLAY_MOVES = {c: Move("play", c) for c in _DECK}
_DISCARD_MOVES = {(a, b): Move("discard", (a, b)) for i, a in enumerate(_DECK) for b in _DECK[i + 1:]}

PASS, WHIST, HALF_WHIST, CLOSED, OPEN = (_BARE_MOVES[k] for k in BARE)

_BY_CODE: list[Move | None] = [None] * (128 + 32 * 32)
for _move in (*_BARE_MOVES.values(), *_BID_MOVES.values(), *_NAME_MOVES.values(), *_PLAY_MOVES.values(),
              *_DISCARD_MOVES.values()):
    _BY_CODE[_move.code] = _move
MOVES_BY_CODE: tuple[Move | None, ...] = tuple(_BY_CODE)
"""The cached :class:`Move` of each code (None where no move has that code)."""
del _BY_CODE, _move


def move_of(code: int) -> Move:
    """The cached :class:`Move` of an int code; a code that is no move is ``not_legal``."""
    move = MOVES_BY_CODE[code] if type(code) is int and 0 <= code < len(MOVES_BY_CODE) else None
    if move is None:
        raise PreferansError("not_legal", f"move code: {shown(code)} is not a move's code", field="move", value=code)
    return move


def bid(contract: Contract) -> Move:
    """The cached ``bid`` move of a contract."""
    return _BID_MOVES[contract]


def name(contract: Contract) -> Move:
    """The cached ``name`` move of a contract."""
    return _NAME_MOVES[contract]


def play(card: int) -> Move:
    """The cached ``play`` move of a card."""
    return _PLAY_MOVES[card]


def discard(a: int, b: int) -> Move:
    """The cached ``discard`` move of two distinct cards (in either order)."""
    return _DISCARD_MOVES[(min(a, b), max(a, b))]
