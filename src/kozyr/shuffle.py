"""The seeded shuffle every game deals with: a stream of words from SHA-256, and Fisher-Yates over it.

Durak and preferans deal the same way, each with its own text, so a deal is a pure function of a seed and a
deal number that anyone can check by hand: block k (k = 0, 1, ...) of the word stream is the SHA-256 digest
of the seed bytes followed by the ASCII text ``<tag>:<k>`` (durak's tag is ``deal:<number>``, preferans'
``preferans:<number>``), read as eight big-endian unsigned 32-bit words, used in order. The shuffle starts
from the cards in reference order and, for i from the last position down to 1, with n = i + 1 and
limit = floor(2^32 / n) * n, takes words until one is below limit (the rest would favour low positions),
lets j = word mod n and swaps positions i and j.

The compiled engines shuffle in C; this is the plain-Python statement of the same thing, which the games'
twins and records use and the tests hold the C against.

>>> shuffled((1, 2, 3, 4), b"x" * 32, "deal:1")
(4, 3, 2, 1)
"""
from __future__ import annotations

import hashlib
from collections.abc import Iterator, Sequence

__all__ = ["words", "fisher_yates", "shuffled"]


def words(seed: bytes, tag: str) -> Iterator[int]:
    """The endless stream of 32-bit words of ``seed`` (bytes, checked by the caller) under ``tag``."""
    k = 0
    while True:
        digest = hashlib.sha256(seed + f"{tag}:{k}".encode("ascii")).digest()
        for i in range(0, 32, 4):
            yield int.from_bytes(digest[i:i + 4], "big")
        k += 1


def fisher_yates(cards: Sequence[int], stream: Iterator[int]) -> tuple[int, ...]:
    """``cards`` shuffled from the last position down, each swap drawn without bias from ``stream``."""
    out = list(cards)
    for i in range(len(out) - 1, 0, -1):
        n = i + 1
        limit = (2 ** 32 // n) * n
        word = next(stream)
        while word >= limit:
            word = next(stream)
        j = word % n
        out[i], out[j] = out[j], out[i]
    return tuple(out)


def shuffled(cards: Sequence[int], seed: bytes, tag: str) -> tuple[int, ...]:
    """``cards`` (in reference order) shuffled by the word stream of ``seed`` under ``tag``."""
    return fisher_yates(cards, words(seed, tag))
