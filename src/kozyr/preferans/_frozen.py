"""A small immutable, hashable mapping.

Deal records and sheet entries are values: they are compared, hashed, stored in
lists that are recomputed on edit.  A plain ``dict`` inside a frozen dataclass
would make the record mutable through the back door and unhashable, so the
records hold this instead.  Insertion order is kept (it is the seating order
wherever the package builds one).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Generic, TypeVar, overload

K = TypeVar("K")
V = TypeVar("V")

__all__ = ["FrozenMap"]


class FrozenMap(Mapping[K, V], Generic[K, V]):
    """An immutable ``Mapping`` that hashes and compares like a dict."""

    __slots__ = ("_data", "_hash")

    _data: dict[K, V]
    _hash: int | None

    @overload
    def __init__(self) -> None: ...
    @overload
    def __init__(self, items: Mapping[K, V]) -> None: ...
    @overload
    def __init__(self, items: Iterable[tuple[K, V]]) -> None: ...

    def __init__(self, items: Mapping[K, V] | Iterable[tuple[K, V]] = ()) -> None:
        object.__setattr__(self, "_data", dict(items))
        object.__setattr__(self, "_hash", None)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("FrozenMap is immutable")

    def __getitem__(self, key: K) -> V:
        return self._data[key]

    def __iter__(self) -> Iterator[K]:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)

    def __hash__(self) -> int:
        if self._hash is None:
            object.__setattr__(self, "_hash", hash(frozenset(self._data.items())))
        assert self._hash is not None
        return self._hash

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Mapping):
            return dict(self._data) == dict(other)
        return NotImplemented

    def __repr__(self) -> str:
        return f"FrozenMap({self._data!r})"

    def to_dict(self) -> dict[K, V]:
        """A fresh mutable copy."""
        return dict(self._data)
