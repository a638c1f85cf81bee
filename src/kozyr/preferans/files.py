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

A file comes from anywhere, so reading it is bounded as every file kozyr
reads is (:mod:`kozyr.files`): a regular file of at most
:data:`MAX_FILE_BYTES`, nesting at most :data:`MAX_DEPTH` deep, no number of
more than 100 digits, no JSON key twice; then the amounts are read by
:func:`~kozyr.preferans.numbers.parse_number` (digits, exponent and size
bounded) and booleans only as real ``true``/``false``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from kozyr import files
from kozyr.errors import shown
from kozyr.preferans.convention import AMOUNTS, SOCHI, Convention, convention_named
from kozyr.preferans.deal import Deal, check_players
from kozyr.preferans.errors import PreferansError
from kozyr.preferans.numbers import parse_number, written
from kozyr.preferans.settlement import Columns
from kozyr.preferans.sheet import Sheet

__all__ = ["MAX_FILE_BYTES", "MAX_DEPTH", "load_document", "convention_from", "columns_from", "deal_from", "sheet_from"]

MAX_FILE_BYTES = files.MAX_FILE_BYTES
"""The largest file read (10 MiB, some 100,000 deals): a larger one is refused, not read."""

MAX_DEPTH = files.MAX_DEPTH
"""The deepest nesting of tables and lists accepted; a sheet needs 3."""

_DEAL_KEYS = {"dealer", "declarer", "contract", "calls", "tricks", "open", "whist_order", "raspasy"}
_DEALS_FILE_KEYS = {"players", "convention", "target", "deals"}
_SHEET_FILE_KEYS = {"players", "convention", "pulya", "gora", "whists"}


def load_document(path: str | Path) -> dict[str, Any]:
    """Parse a ``.json`` or ``.toml`` file into a dict, bounded (:func:`kozyr.files.load_document`); every
    problem with the file is a :class:`PreferansError` ``bad_file`` naming it."""
    p = Path(path)
    label = f"file: {str(p)!r}"
    doc = files.load_document(p, label=label, error=PreferansError)
    if not isinstance(doc, dict):
        raise PreferansError("bad_file", f"{label} must hold a table/object at the top", value=str(p))
    return doc


def convention_from(value: Any) -> Convention:
    """``None`` → Sochi; a preset name; or a table ``{preset=…, field=…}``."""
    if value is None:
        return SOCHI
    if isinstance(value, str):
        return convention_named(value)
    if not isinstance(value, Mapping):
        raise PreferansError("bad_convention", f"convention: {shown(value)} is not a preset name or a table",
                             field="convention", value=value)
    table = dict(value)
    preset = table.pop("preset", "sochi")
    if not isinstance(preset, str):
        raise PreferansError("bad_convention", f"convention.preset: {shown(preset)} is not a preset name",
                             field="convention.preset", value=preset)
    base = convention_named(preset)
    names = {f.name for f in dataclasses.fields(Convention)}
    changes: dict[str, Any] = {}
    for key, item in table.items():
        if key not in names:
            raise PreferansError("bad_convention", f"convention.{key}: no such parameter",
                                 field=f"convention.{key}", value=item)
        if key in AMOUNTS and item is not None:  # text such as "2.5" or "1/3" is read here; Convention checks the rest
            item = parse_number(f"convention.{key}", item, minimum="any")
        changes[key] = item
    if changes and "name" not in changes:
        changes["name"] = f"{base.name}+"
    return base.replace(**changes)


def _players(doc: Mapping[str, Any]) -> tuple[str, ...]:
    players = doc.get("players")
    if not isinstance(players, list):
        raise PreferansError("bad_players", f"players: {shown(players)} is not a list of names",
                             field="players", value=players)
    return tuple(players)


def columns_from(doc: Mapping[str, Any]) -> Columns:
    """The columns of a settlement file (the amounts are read, bounded, by :class:`Columns`)."""
    players = check_players(_players(doc))   # names checked before a column list is keyed by them
    unknown = sorted(set(doc) - _SHEET_FILE_KEYS)
    if unknown:
        hint = " (a list of deals is read by `kozyr pref score`)" if "deals" in unknown else ""
        raise PreferansError("bad_sheet",
                             f"a sheet has players, pulya, gora and whists, not {', '.join(unknown)}{hint}",
                             field=unknown[0])
    if not any(name in doc for name in ("pulya", "gora", "whists")):
        raise PreferansError("bad_sheet", "a sheet needs at least one of pulya, gora, whists")
    cols: dict[str, Any] = {}
    for name in ("pulya", "gora", "whists"):
        col = doc.get(name, {})
        if isinstance(col, list) and name != "whists":
            if len(col) != len(players):
                raise PreferansError("bad_column",
                                     f"{name}: {shown(col)} has {len(col)} entries for {len(players)} players",
                                     field=name, value=col)
            col = dict(zip(players, col, strict=True))
        if not isinstance(col, Mapping):
            raise PreferansError("bad_column", f"{name}: {shown(col)} is not a table of player to points",
                                 field=name, value=col)
        cols[name] = col
    return Columns(players, cols["pulya"], cols["gora"], cols["whists"])


def _flag(field: str, value: Any) -> bool:
    """A real boolean (JSON/TOML true or false): the text "false" or "no" would read as true."""
    if not isinstance(value, bool):
        raise PreferansError("bad_flag", f"{field}: {shown(value)} is not true or false", field=field, value=value)
    return value


def deal_from(item: Any, players: tuple[str, ...], index: int = 0) -> Deal:
    """One deal of a deals file; `index` counts from 0, and a refusal names it `deal N` counting from 1, as
    `kozyr pref score` numbers the deals it prints."""
    where = f"deal {index + 1}"
    if not isinstance(item, Mapping):
        raise PreferansError("bad_deal", f"{where}: {shown(item)} is not a table", field="deals", value=item)
    unknown = set(item) - _DEAL_KEYS
    if unknown:
        raise PreferansError("bad_deal", f"{where}: unknown field {shown(sorted(unknown)[0])}",
                             field=sorted(unknown)[0])
    try:
        contract = item.get("contract")
        raspasy = _flag("raspasy", item.get("raspasy", False)) or (
            isinstance(contract, str) and contract.strip().lower() in ("raspasy", "all-pass")
        )
        if raspasy:
            for key in ("declarer", "calls", "whist_order"):
                if key in item:
                    raise PreferansError("bad_deal", f"{key}: given on raspasy", field=key)
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
        raise exc.at(where) from None


def sheet_from(doc: Mapping[str, Any]) -> Sheet:
    """A sheet built from a deals file (the deals are scored in order, each once)."""
    unknown = sorted(set(doc) - _DEALS_FILE_KEYS)
    if unknown:
        hint = " (a sheet of columns is read by `kozyr pref settle`)" if set(unknown) & _SHEET_FILE_KEYS else ""
        raise PreferansError("bad_deals_file",
                             f"a deals file has players, convention, target and deals, not {', '.join(unknown)}{hint}",
                             field=unknown[0])
    players = _players(doc)
    convention = convention_from(doc.get("convention"))
    target = doc.get("target")
    if target is not None:
        target = parse_number("target", target, minimum="any")
        if target <= 0:
            raise PreferansError("bad_target", f"target: {written(doc['target'])} is not a positive number",
                                 field="target", value=doc["target"])
    if "deals" not in doc:
        raise PreferansError("bad_deals_file", "a deals file needs deals (a list, which may be empty)", field="deals")
    deals_raw = doc["deals"]
    if not isinstance(deals_raw, list):
        raise PreferansError("bad_deal", f"deals: {shown(deals_raw)} is not a list", field="deals", value=deals_raw)
    deals = [deal_from(item, players, i) for i, item in enumerate(deals_raw)]
    sheet = Sheet(players, convention, target=target)
    for i, deal in enumerate(deals):
        try:
            sheet.add(deal)
        except PreferansError as exc:
            raise exc.at(f"deal {i + 1}") from None     # as the output numbers it (not the sheet's index)
    return sheet
