"""Explicit randomness: a seed or a generator is always handed in.

kozyr never touches the global `random` state, so a seeded run is
reproducible no matter what else the process does. Both the standard
library's `random.Random` and numpy's `Generator` are accepted; an int is a
seed for a fresh `random.Random`; None asks for a fresh `random.Random`
seeded from the operating system (still not the global one).
"""
from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, TypeVar, Union

from kozyr.errors import shown
from kozyr.hokm.errors import HokmError

if TYPE_CHECKING:  # numpy is only needed if the caller hands in a Generator
    import numpy as np

__all__ = ["RandomSource", "make_rng", "shuffled", "choice", "randbelow"]

#: What a caller may hand in wherever randomness is needed.
RandomSource = Union[random.Random, "np.random.Generator"]

T = TypeVar("T")


def make_rng(source: RandomSource | int | None) -> RandomSource:
    """A random source from a seed, a generator, or None (fresh, OS-seeded)."""
    if source is None:
        return random.Random()
    if isinstance(source, bool):
        raise HokmError("bad_seed", f"{source!r} is not a seed or a random generator", value=source)
    if isinstance(source, int):
        return random.Random(source)
    if isinstance(source, random.Random) or hasattr(source, "permutation"):
        return source
    raise HokmError(
        "bad_seed",
        f"{shown(source)} is not a seed or a random generator: pass an int, "
        "random.Random or numpy.random.Generator",
        value=source,
    )


def shuffled(rng: RandomSource, items: Sequence[T]) -> list[T]:
    """A new list with `items` in a random order drawn from `rng`."""
    if isinstance(rng, random.Random):
        out = list(items)
        rng.shuffle(out)
        return out
    return [items[int(i)] for i in rng.permutation(len(items))]


def randbelow(rng: RandomSource, n: int) -> int:
    """A uniform int in 0..n-1."""
    if isinstance(rng, random.Random):
        return rng.randrange(n)
    return int(rng.integers(n))


def choice(rng: RandomSource, items: Sequence[T]) -> T:
    """A uniform pick from a non-empty sequence."""
    return items[randbelow(rng, len(items))]
