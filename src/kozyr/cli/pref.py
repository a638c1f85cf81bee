"""``kozyr pref``: settle a sheet or score a list of deals from a file.

``register(subparsers)`` adds the ``pref`` command to the top-level ``kozyr``
parser; :func:`main` runs it on its own (tests call it, and
``python -m kozyr.preferans.cli`` uses it).  Bad input gives one line on
stderr and exit status 2, like argparse's own usage errors.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from fractions import Fraction
from typing import Any, TextIO

from kozyr.cli._common import OneLineParser

from kozyr.preferans.errors import PreferansError
from kozyr.preferans.files import columns_from, convention_from, load_document, sheet_from
from kozyr.preferans.settlement import Columns, Settlement, settle
from kozyr.preferans.sheet import Sheet

__all__ = ["register", "main", "format_table"]


def fmt(x: Fraction) -> str:
    """An exact number as ``7`` or ``-16/3``."""
    return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"


def format_table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    """A plain text table: first column left-aligned, the rest right-aligned."""
    widths = [max(len(str(r[i])) for r in [header, *rows]) for i in range(len(header))]
    lines = []
    for r in [header, *rows]:
        cells = [str(c).ljust(widths[0]) if i == 0 else str(c).rjust(widths[i]) for i, c in enumerate(r)]
        lines.append("  ".join(cells).rstrip())
    return "\n".join(lines)


def _balance_table(cols: Columns, saldo: Settlement, unit: Fraction) -> str:
    rounded = saldo.rounded(unit)
    rows = []
    for p in cols.players:
        written = sum((cols.whist(p, q) for q in cols.players if q != p), Fraction(0))
        received = sum((cols.whist(q, p) for q in cols.players if q != p), Fraction(0))
        rows.append([p, fmt(cols.pulya[p]), fmt(cols.gora[p]), fmt(written), fmt(received),
                     fmt(saldo[p]), fmt(rounded[p])])
    return format_table(["player", "pulya", "gora", "whists by", "whists on", "saldo", "rounded"], rows)


def _sheet_table(sheet: Sheet) -> str:
    cols = sheet.columns
    saldo = settle(sheet)
    header = ["player", "pulya", "gora"] + [f"on {q}" for q in cols.players] + ["saldo"]
    rows = []
    for p in cols.players:
        row = [p, fmt(cols.pulya[p]), fmt(cols.gora[p])]
        row += ["-" if q == p else fmt(cols.whist(p, q)) for q in cols.players]
        row.append(fmt(saldo[p]))
        rows.append(row)
    return format_table(header, rows)


def _unit(text: str) -> Fraction:
    try:
        value = Fraction(text)
    except (ValueError, ZeroDivisionError):
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if value <= 0:
        raise argparse.ArgumentTypeError(f"{text!r} must be positive")
    return value


def _fail(message: str, err: TextIO) -> int:
    one_line = " ".join(message.split())
    print(f"kozyr pref: error: {one_line}", file=err)
    return 2


def cmd_settle(args: argparse.Namespace) -> int:
    """Print the balances of a sheet file."""
    out: TextIO = getattr(args, "out", None) or sys.stdout
    err: TextIO = getattr(args, "err", None) or sys.stderr
    try:
        doc = load_document(args.file)
        cols = columns_from(doc)
        convention = convention_from(doc.get("convention"))
        saldo = settle(cols, convention)
    except PreferansError as exc:
        return _fail(exc.message, err)
    print(f"convention: {convention.name}", file=out)
    print(_balance_table(cols, saldo, args.unit), file=out)
    return 0


def cmd_score(args: argparse.Namespace) -> int:
    """Score a deals file, printing the sheet and balances after each deal."""
    out: TextIO = getattr(args, "out", None) or sys.stdout
    err: TextIO = getattr(args, "err", None) or sys.stderr
    try:
        doc = load_document(args.file)
        final = sheet_from(doc)  # validates everything before printing anything
    except PreferansError as exc:
        return _fail(exc.message, err)
    print(f"convention: {final.convention.name}; players: {', '.join(final.players)}", file=out)
    replay = Sheet(final.players, final.convention, target=final.target)
    for i, deal in enumerate(final.deals, 1):
        scored = replay.add(deal)
        cond = scored.conditions
        extra = f" (price {fmt(cond.raspasy_price)})" if deal.is_raspasy else ""
        print(f"\ndeal {i}: {deal.describe()}{extra}", file=out)
        print(_sheet_table(replay), file=out)
        nxt = scored.next
        print(f"next deal: minimum level {nxt.min_level}, raspasy price {fmt(nxt.raspasy_price)}", file=out)
    saldo = settle(replay)
    print("\nbalances:", file=out)
    print(_balance_table(replay.columns, saldo, args.unit), file=out)
    if replay.target is not None:
        state = "closed" if replay.closed else "open"
        print(f"pulya to {fmt(replay.target)}: {state}", file=out)
    return 0


def register(subparsers: Any) -> argparse.ArgumentParser:
    """Add the ``pref`` command (with ``settle`` and ``score``) to ``subparsers``."""
    pref: argparse.ArgumentParser = subparsers.add_parser("pref", help="preferans: settle a sheet, score deals",
                                 description="Preferans scoring in exact arithmetic.")
    sub = pref.add_subparsers(dest="pref_command", metavar="{settle,score}")
    sub.required = True
    p_settle = sub.add_parser("settle", help="balances of a sheet (JSON or TOML: players, pulya, gora, whists)")
    p_settle.add_argument("file", metavar="FILE")
    p_settle.add_argument("--unit", type=_unit, default=Fraction(1),
                          help="rounding unit of the displayed balances (default 1 whist)")
    p_settle.set_defaults(func=cmd_settle)
    p_score = sub.add_parser("score", help="score a list of deals (JSON or TOML), sheet after each deal")
    p_score.add_argument("file", metavar="FILE")
    p_score.add_argument("--unit", type=_unit, default=Fraction(1),
                         help="rounding unit of the displayed balances (default 1 whist)")
    p_score.set_defaults(func=cmd_score)
    return pref


def main(argv: Sequence[str] | None = None, *, out: TextIO | None = None, err: TextIO | None = None) -> int:
    """Run ``pref`` as the top-level ``kozyr`` would: ``main(['pref', 'settle', FILE])``
    (the leading ``pref`` may be left out).  Returns the exit status."""
    args_list = list(sys.argv[1:] if argv is None else argv)
    if not args_list or args_list[0] != "pref":
        args_list.insert(0, "pref")
    parser = OneLineParser(prog="kozyr")
    register(parser.add_subparsers(dest="command"))
    err_stream = err or sys.stderr
    try:
        old_err = sys.stderr
        sys.stderr = err_stream  # argparse reports usage errors on sys.stderr
        try:
            args = parser.parse_args(args_list)
        finally:
            sys.stderr = old_err
    except SystemExit as exc:
        return int(exc.code) if isinstance(exc.code, int) else 2
    args.out = out
    args.err = err
    result: int = args.func(args)
    return result


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
