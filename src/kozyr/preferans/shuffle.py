"""The preferans deal from a seed: the word stream, the shuffle and who holds which positions.

A deal is a pure function of a 32-byte seed and a deal number, so that two engines (the compiled core and
the plain-Python twin), a record on disk and a person checking by hand all get the same cards. Block k of
the word stream is SHA-256 of the seed followed by the ASCII text ``preferans:<number>:<k>``, read as eight
big-endian 32-bit words; the shuffle is durak's (Fisher-Yates from the last position down, a word redrawn
when it falls in the biased tail) with this text: both are :mod:`kozyr.shuffle`'s. The cards are dealt
in twos to first hand, second hand and third hand, five rounds, and positions 30 and 31 are the talon.
Nothing else enters the order: three or four players and any dealer see the same 32 cards, only who holds
which positions changes.

>>> from kozyr.cards import card_name
>>> order = shuffled_order(b"kozyr-preferans-3".ljust(32), 1)
>>> " ".join(card_name(c) for c in order[:6]), [card_name(c) for c in order[30:]]
('9H 7H QD 9S JD JC', ['7C', '7S'])
"""
from __future__ import annotations

import operator
from collections.abc import Iterator

from kozyr.cards import DECK32
from kozyr.errors import shown
from kozyr.preferans.errors import PreferansError
from kozyr.shuffle import fisher_yates
from kozyr.shuffle import words as shared_words

__all__ = ["SEED_BYTES", "MAX_NUMBER_DIGITS", "REFERENCE_ORDER", "checked_seed", "checked_number", "words",
           "shuffled_order", "dealt"]

SEED_BYTES = 32
"""A deal seed is exactly this many bytes."""

MAX_NUMBER_DIGITS = 40
"""The longest deal number, in decimal digits (as durak's): a number past any game's length is a typo or an
attack, and refusing it keeps the hashed text bounded."""

REFERENCE_ORDER: tuple[int, ...] = tuple(sorted(DECK32))
"""The 32 cards in reference order (the ascending card int: 7S ... AS, 7H ... AH, 7D ... AD, 7C ... AC)."""


def checked_seed(seed: object) -> bytes:
    """The 32 bytes of a seed: bytes-like as they are, text as its ASCII bytes; anything else, or any other
    length, is ``bad_seed``. (Durak's ``seed_bytes`` does the same for durak, but lives in the durak package,
    which a preferans deal must not have to import.)"""
    if isinstance(seed, str):
        if not seed.isascii():
            raise PreferansError("bad_seed", f"seed: {shown(seed)} is not ASCII text", field="seed", value=seed)
        raw = seed.encode("ascii")
    elif isinstance(seed, (bytes, bytearray, memoryview)):
        raw = bytes(seed)
    else:
        raise PreferansError("bad_seed", f"seed: {shown(seed)} is not text or bytes", field="seed", value=seed)
    if len(raw) != SEED_BYTES:
        raise PreferansError("bad_seed", f"seed: {shown(raw)} is {len(raw)} bytes, not {SEED_BYTES}",
                             field="seed", value=seed)
    return raw


def checked_number(number: object) -> int:
    """A deal number: an int from 1 (not a bool, not 1.0), of at most :data:`MAX_NUMBER_DIGITS` digits;
    else ``bad_number``."""
    try:
        value = None if isinstance(number, bool) else operator.index(number)  # type: ignore[arg-type]
    except TypeError:
        value = None
    if value is None or value < 1 or value >= 10 ** MAX_NUMBER_DIGITS:
        raise PreferansError("bad_number", f"deal number: {shown(number)} is not an int from 1 "
                             f"(of at most {MAX_NUMBER_DIGITS} digits)", field="number", value=number)
    return value


def words(seed: bytes, number: int) -> Iterator[int]:
    """The endless stream of 32-bit words of deal ``number`` of ``seed`` (checked by the caller):
    :func:`kozyr.shuffle.words` under the tag ``preferans:<number>``."""
    return shared_words(seed, f"preferans:{number}")


def shuffled_order(seed: object, number: object) -> tuple[int, ...]:
    """The 32 cards of the deal in shuffled order, position 0 first (seed and number are checked)."""
    return fisher_yates(REFERENCE_ORDER, words(checked_seed(seed), checked_number(number)))


def dealt(order: tuple[int, ...]) -> tuple[tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]], tuple[int, int]]:
    """The three hands (of a0, a1, a2: positions 6r + 2j and 6r + 2j + 1 for rounds r = 0..4) and the talon
    (positions 30 and 31, in that order) of a shuffled order.

    >>> from kozyr.cards import card_name
    >>> hands, talon = dealt(REFERENCE_ORDER)
    >>> [card_name(c) for c in hands[0][:4]], [card_name(c) for c in talon]
    (['7S', '8S', 'KS', 'AS'], ['KC', 'AC'])
    """
    hands: list[list[int]] = [[], [], []]
    for r in range(5):
        for j in range(3):
            hands[j].extend((order[6 * r + 2 * j], order[6 * r + 2 * j + 1]))
    return (tuple(hands[0]), tuple(hands[1]), tuple(hands[2])), (order[30], order[31])
