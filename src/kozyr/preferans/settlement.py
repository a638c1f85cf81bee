"""Settlement: the whole sheet in one currency, whists.

With N players and the averages P̄ and Ḡ,

    S_i = w_P (P_i − P̄) − w_G (G_i − Ḡ) + Σ_j (V_ij − V_ji)

The saldos sum to zero by construction.  An unfinished pulya needs no closing
(a player below the average pulya pays through the first term), and the
textbook "amnesty then each writes 10·G/N on the others" method gives the same
numbers; both are properties in the tests rather than second implementations.
The division is by N, the gora's owner included, with 4 players too.

Exact :class:`~fractions.Fraction` throughout; :meth:`Settlement.rounded`
rounds for display with the largest-remainder method, so the rounded saldos
still sum to zero.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from kozyr.errors import shown
from kozyr.preferans._frozen import FrozenMap
from kozyr.preferans.convention import SOCHI, Convention, checked_convention
from kozyr.preferans.deal import check_players, known_player
from kozyr.preferans.errors import PreferansError
from kozyr.preferans.numbers import exact, parse_number, show

__all__ = ["Columns", "ColumnsLike", "Settlement", "settle", "round_to_sum_zero", "Number"]

Number = int | Fraction
ZERO = Fraction(0)


def _number(field: str, value: object) -> Fraction:
    return parse_number(field, value, minimum="zero")


def _column(col_name: str, col: object, names: tuple[str, ...]) -> dict[str, object]:
    """A column as player (in NFC) -> amount as given; each player at most once."""
    col = col or {}
    if not isinstance(col, Mapping):
        raise PreferansError("bad_column", f"{col_name}: {shown(col)} is not a mapping of player to points",
                             field=col_name, value=col)
    given: dict[str, object] = {}
    for who, amount in col.items():
        key = known_player(col_name, who, names)
        if key in given:
            raise PreferansError("duplicate_player", f"{col_name}: {key!r} is listed twice", field=col_name, value=who)
        given[key] = amount
    return given


def _whists(raw: object, names: tuple[str, ...]) -> FrozenMap[tuple[str, str], Fraction]:
    """V[writer][target] from ``{writer: {target: n}}`` or ``{(writer, target): n}``; zeros dropped."""
    raw = raw or {}
    if not isinstance(raw, Mapping):
        raise PreferansError("bad_column", f"whists: {shown(raw)} is not a mapping", field="whists", value=raw)
    flat: dict[tuple[str, str], Fraction] = {}
    for key, value in raw.items():
        items: list[tuple[object, object, object]]
        if isinstance(key, tuple):
            if len(key) != 2:
                raise PreferansError("bad_column", f"whists: key {shown(key)} is not a (writer, target) pair",
                                     field="whists", value=key)
            items = [(key[0], key[1], value)]
        else:
            if not isinstance(value, Mapping):
                raise PreferansError("bad_column",
                                     f"whists[{shown(key)}]: {shown(value)} is not a mapping of target to whists",
                                     field="whists", value=value)
            items = [(key, target, amount) for target, amount in value.items()]
        for writer_given, target_given, amount in items:
            writer = known_player("whists", writer_given, names)
            target = known_player("whists", target_given, names)
            if writer == target:
                raise PreferansError("self_whist",
                                     f"whists[{writer!r}][{target!r}]: a player cannot write whists on himself",
                                     field="whists", value=writer)
            amt = _number(f"whists[{writer!r}][{target!r}]", amount)
            flat[(writer, target)] = flat.get((writer, target), ZERO) + amt
    return FrozenMap((k, v) for k, v in flat.items() if v)


@dataclass(frozen=True, init=False)
class Columns:
    """The three columns of a sheet: pulya P, gora G and whists V[i][j]
    (written by i on j).  Missing entries are zero; names are checked."""

    players: tuple[str, ...]
    pulya: FrozenMap[str, Fraction]
    gora: FrozenMap[str, Fraction]
    whists: FrozenMap[tuple[str, str], Fraction]

    def __init__(
        self,
        players: Sequence[str],
        pulya: Mapping[str, Number] | None = None,
        gora: Mapping[str, Number] | None = None,
        whists: Mapping[str, Mapping[str, Number]] | Mapping[tuple[str, str], Number] | None = None,
    ) -> None:
        names = check_players(players)
        set_ = object.__setattr__
        set_(self, "players", names)
        for col_name, col in (("pulya", pulya), ("gora", gora)):
            given = _column(col_name, col, names)
            set_(self, col_name, FrozenMap((p, _number(f"{col_name}[{p!r}]", given.get(p, 0))) for p in names))
        set_(self, "whists", _whists(whists, names))

    @classmethod
    def _unchecked(
        cls,
        players: tuple[str, ...],
        pulya: FrozenMap[str, Fraction],
        gora: FrozenMap[str, Fraction],
        whists: FrozenMap[tuple[str, str], Fraction],
    ) -> Columns:
        """Columns from totals the package computed itself (checked names, exact Fractions): a sheet
        hands out its columns after every deal, and re-reading its own numbers would cost more than
        scoring the deal did."""
        cols = object.__new__(cls)
        for name, value in (("players", players), ("pulya", pulya), ("gora", gora),
                            ("whists", FrozenMap((k, v) for k, v in whists.items() if v))):
            object.__setattr__(cols, name, value)
        return cols

    def whist(self, writer: str, target: str) -> Fraction:
        """V[writer][target]."""
        return self.whists.get((writer, target), ZERO)


@dataclass(frozen=True, eq=False)
class Settlement(Mapping[str, Fraction]):
    """Each player's saldo in whists (positive: he is owed).  A mapping from
    player to :class:`Fraction` in seating order; it compares equal to any
    mapping with the same items (a plain dict included)."""

    saldo: FrozenMap[str, Fraction]

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Mapping):
            return dict(self.saldo) == dict(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.saldo)

    def __getitem__(self, key: str) -> Fraction:
        return self.saldo[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self.saldo)

    def __len__(self) -> int:
        return len(self.saldo)

    def rounded(self, unit: Number = 1) -> dict[str, Fraction]:
        """Saldos rounded to multiples of ``unit`` that still sum to zero."""
        return round_to_sum_zero(self.saldo, unit)

    def __repr__(self) -> str:
        inner = ", ".join(f"{p!r}: {exact(v)}" for p, v in self.saldo.items())
        return f"Settlement({{{inner}}})"


def _unit(unit: object) -> Fraction:
    """The rounding unit: a positive number (an int, a Fraction, a float, or the text of a number,
    read as every number kozyr reads, so that '1e100000000' is refused rather than computed)."""
    if isinstance(unit, str):
        try:
            return parse_number("unit", unit, minimum="positive")
        except PreferansError as e:
            raise PreferansError("bad_unit", e.detail, field="unit", value=unit) from None
    try:
        if isinstance(unit, bool):
            raise TypeError
        u = Fraction(unit)  # type: ignore[call-overload]  # any object: Fraction's TypeError is the refusal
    except (TypeError, ValueError, OverflowError):
        raise PreferansError("bad_unit", f"unit: {shown(unit)} is not a number", field="unit", value=unit) from None
    if u <= 0:
        raise PreferansError("bad_unit", f"unit: {show(unit)} must be positive", field="unit", value=unit)
    return u


def round_to_sum_zero(values: Mapping[str, Fraction], unit: Number = 1) -> dict[str, Fraction]:
    """Largest-remainder rounding to multiples of ``unit``.

    Every value goes down to a multiple of ``unit``; the units lost in total
    are handed back one each to the values with the largest remainders (ties
    to the earlier key).  If the values sum to a multiple of ``unit`` (zero for
    saldos), so do the results, and each is within one unit of its exact value.
    """
    u = _unit(unit)
    keys = list(values)
    floors = {k: Fraction(math.floor(values[k] / u)) * u for k in keys}
    lost = sum((values[k] for k in keys), ZERO) - sum(floors.values(), ZERO)
    extra = int(lost / u)  # whole units to hand back (0 ≤ extra < len)
    order = sorted(keys, key=lambda k: (-(values[k] - floors[k]), keys.index(k)))
    for k in order[:extra]:
        floors[k] += u
    return {k: floors[k] for k in keys}


ColumnsLike = Columns | tuple[Mapping[str, Number], Mapping[str, Number], Mapping[str, Mapping[str, Number]]]


def settle(columns: ColumnsLike, convention: Convention | None = None) -> Settlement:
    """Saldo of every player.

    ``columns`` is a :class:`Columns` or a triple ``(pulya, gora, whists)`` of
    mappings (``whists[i][j]`` by i on j; the players are the keys of
    ``pulya``, in order); ``convention`` defaults to Sochi.  A sheet settles
    itself with :meth:`Sheet.settle() <kozyr.preferans.sheet.Sheet.settle>`,
    which passes its columns and its convention here.

    >>> dict(settle(({"A": 2, "B": 0, "C": 0}, {}, {"B": {"A": 4}, "C": {"A": 4}})))
    {'A': Fraction(16, 3), 'B': Fraction(-8, 3), 'C': Fraction(-8, 3)}
    """
    if isinstance(columns, Columns):
        cols = columns
    elif isinstance(columns, tuple) and len(columns) == 3:
        pulya, gora, whists = columns
        if not isinstance(pulya, Mapping):
            raise PreferansError("bad_column", f"pulya: {shown(pulya)} is not a mapping of player to points",
                                 field="pulya", value=pulya)
        cols = Columns(tuple(pulya), pulya, gora, whists)
    else:
        raise PreferansError("bad_source", f"settle: {shown(columns)} is not Columns or (pulya, gora, whists)",
                             value=columns)
    return _settle_columns(cols, checked_convention(SOCHI if convention is None else convention))


def _settle_columns(cols: Columns, conv: Convention) -> Settlement:
    n = len(cols.players)
    p_mean = sum(cols.pulya.values(), ZERO) / n
    g_mean = sum(cols.gora.values(), ZERO) / n
    saldo: dict[str, Fraction] = {}
    for i in cols.players:
        s = conv.w_pulya * (cols.pulya[i] - p_mean) - conv.w_gora * (cols.gora[i] - g_mean)
        for j in cols.players:
            if j != i:
                s += cols.whist(i, j) - cols.whist(j, i)
        saldo[i] = s
    return Settlement(FrozenMap(saldo))
