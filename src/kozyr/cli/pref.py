"""``kozyr pref``: settle a sheet or score a list of deals from a file.

``register(subparsers)`` adds the ``pref`` command to the ``kozyr`` parser;
``kozyr.cli.main`` runs it.  Every refusal is a
:class:`~kozyr.preferans.PreferansError` (a ``KozyrError``) that ``main``
prints as one line with exit status 2; nothing here prints errors or exits.

``pref score`` reads and checks the whole file first (each deal is scored
once, as it is added), then prints the sheet after each deal from the totals
the sheet kept, so a long file costs time in proportion to its length.
"""

from __future__ import annotations

import argparse
from fractions import Fraction
from typing import Any

from kozyr.cli._common import print_table
from kozyr.preferans.errors import PreferansError
from kozyr.preferans.files import columns_from, convention_from, load_document, sheet_from
from kozyr.preferans.numbers import exact, parse_number
from kozyr.preferans.settlement import Columns, Settlement, settle
from kozyr.preferans.sheet import Sheet

__all__ = ["register"]


def _balance_rows(cols: Columns, saldo: Settlement, unit: Fraction) -> list[list[str]]:
    rounded = saldo.rounded(unit)
    rows = []
    for p in cols.players:
        written = sum((cols.whist(p, q) for q in cols.players if q != p), Fraction(0))
        received = sum((cols.whist(q, p) for q in cols.players if q != p), Fraction(0))
        rows.append([p, exact(cols.pulya[p]), exact(cols.gora[p]), exact(written), exact(received),
                     exact(saldo[p]), exact(rounded[p])])
    return rows


BALANCE_HEADER = ["player", "pulya", "gora", "whists by", "whists on", "saldo", "rounded"]


def _sheet_rows(cols: Columns, saldo: Settlement) -> tuple[list[str], list[list[str]]]:
    header = ["player", "pulya", "gora"] + [f"on {q}" for q in cols.players] + ["saldo"]
    rows = []
    for p in cols.players:
        row = [p, exact(cols.pulya[p]), exact(cols.gora[p])]
        row += ["-" if q == p else exact(cols.whist(p, q)) for q in cols.players]
        row.append(exact(saldo[p]))
        rows.append(row)
    return header, rows


def _unit(text: str) -> Fraction:
    """``--unit``: a positive number, bounded like every number kozyr reads (``1e100000000`` is refused)."""
    try:
        return parse_number("--unit", text, minimum="positive")
    except PreferansError as exc:
        raise argparse.ArgumentTypeError(str(exc.fields["why"])) from None


def cmd_settle(args: argparse.Namespace) -> int:
    """Print the balances of a sheet file."""
    doc = load_document(args.file)
    cols = columns_from(doc)
    convention = convention_from(doc.get("convention"))
    saldo = settle(cols, convention)
    print_table(f"convention: {convention.name}", BALANCE_HEADER, _balance_rows(cols, saldo, args.unit))
    return 0


def cmd_score(args: argparse.Namespace) -> int:
    """Score a deals file, printing the sheet and balances after each deal."""
    doc = load_document(args.file)
    sheet: Sheet = sheet_from(doc)  # checks and scores everything before anything is printed
    convention = sheet.convention
    print(f"convention: {convention.name}; players: {', '.join(sheet.players)}")
    for i, scored in enumerate(sheet.scored):
        deal = scored.deal
        extra = f" (price {exact(scored.conditions.raspasy_price)})" if deal.is_raspasy else ""
        cols = sheet.columns_after(i)
        header, rows = _sheet_rows(cols, settle(cols, convention))
        nxt = scored.next
        print()
        print_table(f"deal {i + 1}: {deal.describe()}{extra}", header, rows,
                    [f"next deal: minimum level {nxt.min_level}, raspasy price {exact(nxt.raspasy_price)}"])
    cols = sheet.columns
    notes = []
    if sheet.target is not None:
        notes.append(f"pulya to {exact(sheet.target)}: {'closed' if sheet.closed else 'open'}")
    print()
    print_table("balances:", BALANCE_HEADER, _balance_rows(cols, settle(cols, convention), args.unit), notes)
    return 0


def register(subparsers: Any) -> argparse.ArgumentParser:
    """Add the ``pref`` command (with ``settle`` and ``score``) to ``subparsers``."""
    pref: argparse.ArgumentParser = subparsers.add_parser(
        "pref", help="preferans: settle a sheet, score deals", description="Preferans scoring in exact arithmetic.")
    sub = pref.add_subparsers(dest="pref_command", metavar="{settle,score}")
    sub.required = True
    for name, help_, func in (
        ("settle", "balances of a sheet (JSON or TOML: players, pulya, gora, whists)", cmd_settle),
        ("score", "score a list of deals (JSON or TOML), sheet after each deal", cmd_score),
    ):
        p = sub.add_parser(name, help=help_)
        p.add_argument("file", metavar="FILE")
        p.add_argument("--unit", type=_unit, default=Fraction(1),
                       help="rounding unit of the displayed balances (default 1 whist)")
        p.set_defaults(func=func)
    return pref
