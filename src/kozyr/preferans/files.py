"""Reading sheets and deal lists from JSON or TOML documents.

The file format is what a scorer would type by hand::

    players = ["Anna", "Boris", "Vera"]
    convention = "sochi"            # or {preset = "sochi", raspasy_cap = 3}
    target = 20

    [[deals]]
    declarer = "Anna"
    contract = "6C"                 # 6♣ works too
    calls = {Boris = "whist", Vera = "pass"}
    tricks = {Anna = 7, Boris = 3}

    [[deals]]
    raspasy = true
    tricks = {Anna = 4, Boris = 6, Vera = 0}

A settlement file has ``players``, ``pulya``, ``gora`` and ``whists``
(``whists.Anna.Boris`` = whists Anna wrote on Boris) instead of deals.  Every
problem is a :class:`PreferansError` naming the place in the file.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping
from fractions import Fraction
from pathlib import Path
from typing import Any

from .convention import SOCHI, Convention, convention_named
from .deal import Deal
from .errors import PreferansError
from .settlement import Columns
from .sheet import Sheet

__all__ = ["load_document", "convention_from", "columns_from", "deal_from", "sheet_from"]

_DEAL_KEYS = {"dealer", "declarer", "contract", "calls", "tricks", "open", "whist_order", "raspasy"}
_FRACTION_FIELDS = {"w_pulya", "w_gora", "raspasy_price", "raspasy_cap", "raspasy_whists_per_trick"}


def load_document(path: str | Path) -> dict[str, Any]:
    """Parse a ``.json`` or ``.toml`` file into a dict."""
    p = Path(path)
    suffix = p.suffix.lower()
    if suffix not in (".json", ".toml"):
        raise PreferansError("bad_file", f"file: {str(p)!r} is neither .json nor .toml")
    try:
        data = p.read_bytes()
    except OSError as exc:
        raise PreferansError("bad_file", f"file: {str(p)!r} cannot be read ({exc.strerror})") from None
    try:
        doc = json.loads(data) if suffix == ".json" else _toml_loads(data.decode("utf-8"))
    except (ValueError, UnicodeDecodeError) as exc:  # JSON, TOML and UTF-8 errors are ValueErrors
        raise PreferansError("bad_file", f"file: {str(p)!r} is not valid {suffix[1:].upper()}: {exc}") from None
    if not isinstance(doc, dict):
        raise PreferansError("bad_file", f"file: {str(p)!r} must hold a table/object at the top")
    return doc


def _toml_loads(text: str) -> Any:
    """``tomllib`` (Python 3.11+), else the ``tomli`` backport if installed."""
    try:
        import tomllib as toml
    except ModuleNotFoundError:  # pragma: no cover - Python 3.10
        try:
            import tomli as toml  # type: ignore[no-redef, import-not-found, unused-ignore]
        except ModuleNotFoundError:
            raise PreferansError("bad_file", "file: reading TOML needs Python 3.11 or the tomli package") from None
    return toml.loads(text)


def _fraction(field: str, value: Any) -> Fraction:
    if isinstance(value, bool):
        raise PreferansError("bad_number", f"{field}: {value!r} is not a number")
    if isinstance(value, int):
        return Fraction(value)
    if isinstance(value, float) and value.is_integer():
        return Fraction(int(value))
    if isinstance(value, str):
        try:
            return Fraction(value.strip())
        except (ValueError, ZeroDivisionError):
            pass
    raise PreferansError("bad_number", f"{field}: {value!r} is not a whole number or a fraction like '1/2'")


def convention_from(value: Any) -> Convention:
    """``None`` → Sochi; a preset name; or a table ``{preset=…, field=…}``."""
    if value is None:
        return SOCHI
    if isinstance(value, str):
        return convention_named(value)
    if not isinstance(value, Mapping):
        raise PreferansError("bad_convention", f"convention: {value!r} is not a preset name or a table")
    table = dict(value)
    base = convention_named(str(table.pop("preset", "sochi")))
    names = {f.name for f in dataclasses.fields(Convention)}
    changes: dict[str, Any] = {}
    for key, item in table.items():
        if key not in names:
            raise PreferansError("bad_convention", f"convention.{key}: no such parameter")
        if key in _FRACTION_FIELDS and item is not None:
            item = _fraction(f"convention.{key}", item)
        if key == "raspasy_exit" and isinstance(item, list):
            item = tuple(item)
        changes[key] = item
    if changes and "name" not in changes:
        changes["name"] = f"{base.name}+"
    return base.replace(**changes)


def _players(doc: Mapping[str, Any]) -> tuple[str, ...]:
    players = doc.get("players")
    if not isinstance(players, list):
        raise PreferansError("bad_players", f"players: {players!r} is not a list of names")
    return tuple(players)


def columns_from(doc: Mapping[str, Any]) -> Columns:
    """The columns of a settlement file."""
    players = _players(doc)
    unknown = sorted(set(doc) - {"players", "convention", "pulya", "gora", "whists"})
    if unknown:
        hint = " (a list of deals is read by `kozyr pref score`)" if "deals" in unknown else ""
        raise PreferansError("bad_sheet", f"a sheet has players, pulya, gora and whists, not {', '.join(unknown)}{hint}")
    if not any(name in doc for name in ("pulya", "gora", "whists")):
        raise PreferansError("bad_sheet", "a sheet needs at least one of pulya, gora, whists")
    cols: dict[str, Any] = {}
    for name in ("pulya", "gora", "whists"):
        col = doc.get(name, {})
        if isinstance(col, list) and name != "whists":
            if len(col) != len(players):
                raise PreferansError("bad_column", f"{name}: {col!r} has {len(col)} entries for {len(players)} players")
            col = dict(zip(players, col))
        if not isinstance(col, Mapping):
            raise PreferansError("bad_column", f"{name}: {col!r} is not a table of player to points")
        if name == "whists":
            cols[name] = {
                w: ({t: _fraction(f"whists[{w!r}][{t!r}]", a) for t, a in row.items()} if isinstance(row, Mapping) else row)
                for w, row in col.items()
            }
        else:
            cols[name] = {p: _fraction(f"{name}[{p!r}]", a) for p, a in col.items()}
    return Columns(players, cols["pulya"], cols["gora"], cols["whists"])


def deal_from(item: Any, players: tuple[str, ...], index: int = 0) -> Deal:
    """One deal of a deals file."""
    where = f"deals[{index}]"
    if not isinstance(item, Mapping):
        raise PreferansError("bad_deal", f"{where}: {item!r} is not a table")
    unknown = set(item) - _DEAL_KEYS
    if unknown:
        raise PreferansError("bad_deal", f"{where}: unknown field {sorted(unknown)[0]!r}")
    try:
        contract = item.get("contract")
        raspasy = bool(item.get("raspasy", False)) or (
            isinstance(contract, str) and contract.strip().lower() in ("raspasy", "all-pass")
        )
        if raspasy:
            for key in ("declarer", "calls", "whist_order"):
                if key in item:
                    raise PreferansError("bad_deal", f"{key}: given on raspasy")
            return Deal(players, dealer=item.get("dealer"), tricks=item.get("tricks"))
        return Deal(
            players,
            dealer=item.get("dealer"),
            declarer=item.get("declarer"),
            contract=contract,
            calls=item.get("calls"),
            tricks=item.get("tricks"),
            open=item.get("open", False),
            whist_order=item.get("whist_order"),
        )
    except PreferansError as exc:
        raise PreferansError(exc.code, f"{where}: {exc.message}") from None


def sheet_from(doc: Mapping[str, Any]) -> Sheet:
    """A sheet built from a deals file (the deals are scored in order)."""
    players = _players(doc)
    convention = convention_from(doc.get("convention"))
    target = doc.get("target")
    if target is not None:
        target = _fraction("target", target)
    deals_raw = doc.get("deals", [])
    if not isinstance(deals_raw, list):
        raise PreferansError("bad_deal", f"deals: {deals_raw!r} is not a list")
    deals = [deal_from(item, players, i) for i, item in enumerate(deals_raw)]
    sheet = Sheet(players, convention, target=target)
    for i, deal in enumerate(deals):
        try:
            sheet.add(deal)
        except PreferansError as exc:
            message = exc.message.replace(f"deal {i}: ", "")
            raise PreferansError(exc.code, f"deals[{i}]: {message}") from None
    return sheet
