"""``kozyr pref``: settle a sheet, score a list of deals from a file, or replay a deal's record.

``register(subparsers)`` adds the ``pref`` command to the ``kozyr`` parser;
``kozyr.cli.main`` runs it.  Every refusal is a
:class:`~kozyr.preferans.PreferansError` (a ``KozyrError``) that ``main``
prints as one line with exit status 2; nothing here prints errors or exits.

``pref score`` reads and checks the whole file first (each deal is scored
once, as it is added), then prints the sheet after each deal from the totals
the sheet kept, so a long file costs time in proportion to its length.

``pref play`` is the terminal game (:mod:`kozyr.cli.pref_play`).

``pref replay --file RECORD`` reads a deal's record (bounded), replays its
moves on the rules (a forged record is refused before anything is printed),
and prints the deal: the hands as dealt, the auction, the talon and the
discard, the contract and the whist calls, the ten tricks, and what the deal
writes on a sheet of its own. Given a game's record (``kozyr pref play --save``)
it replays every deal and prints each deal's line on the sheet, then the sheet.
"""

from __future__ import annotations

import argparse
from fractions import Fraction
from typing import Any

from kozyr.cards import card_name
from kozyr.cli import pref_ladder, pref_play
from kozyr.cli._common import print_table
from kozyr.files import parse_json, read_bytes
from kozyr.preferans import Game, game_record
from kozyr.preferans.errors import PreferansError
from kozyr.preferans.files import columns_from, convention_from, load_document, sheet_from
from kozyr.preferans.numbers import exact, parse_number
from kozyr.preferans.record import Record
from kozyr.preferans.record import loads as loads_record
from kozyr.preferans.scoring import Conditions
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


def _cards(cards: Any) -> str:
    return " ".join(card_name(c) for c in cards) or "-"


def cmd_replay(args: argparse.Namespace) -> int:
    """Replay a deal's or a whole game's record file and print it."""
    label = f"record file {str(args.file)!r}"
    data = read_bytes(args.file, label=label, error=PreferansError)
    doc = parse_json(data, label=label, code="bad_record", error=PreferansError)
    if isinstance(doc, dict) and doc.get("format") == game_record.FORMAT:
        return _replay_game(game_record.loads(data, label=label))
    record = loads_record(data, game=Game, label=label)   # replayed on load: a record the rules refuse is refused here
    return _replay_deal(record)


def _replay_game(game: game_record.GameRecord) -> int:
    """A game: each deal in one line as the sheet scores it, then the sheet and the balances."""
    sheet = Sheet(list(game.players), convention=game.convention, target=game.target)
    print(f"a game of {len(game.records)} deals; convention: {game.convention.name}; "
          f"players: {', '.join(game.players)}; pulya to {game.target}")
    rows = []
    for i, record in enumerate(game.records, start=1):
        deal = record.to_deal()
        scored = sheet.add(deal)
        rows.append([str(i), game.players[record.dealer], str(record.min_level), str(record.outcome),
                     deal.describe(), str(scored.next.min_level)])
    print()
    print_table("deals:", ["deal", "dealer", "min", "outcome", "on the sheet", "next min"], rows)
    header, table = _sheet_rows(sheet.columns, sheet.settle())
    print()
    print_table("sheet:", header, table, [f"pulya to {game.target}: {'closed' if sheet.closed else 'open'}"])
    return 0


def _replay_deal(record: Record) -> int:
    names = record.players
    game = Game.from_seed(record.seed, record.number, players=names, dealer=record.dealer,
                          convention=record.convention, conditions=Conditions(record.min_level))
    dealt = {s: game.hand(s) for s in game.active}
    for seat, move in record.moves:
        game.apply(seat, move)
    view = game.view(record.dealer)
    print(f"deal {record.number} of seed {record.seed.hex()}; convention: {record.convention.name}; "
          f"dealer: {names[record.dealer]}; minimum level {record.min_level}")
    print()
    print_table("hands as dealt:", ["player", "cards"], [[names[s], _cards(dealt[s])] for s in game.active],
                [f"talon: {_cards(record.talon)}"])
    auction = ", ".join(f"{names[s]} {'pass' if c is None else c.pretty}" for s, c in view.auction)
    lines = [f"auction: {auction}"]
    if record.declarer is not None:
        assert record.bid is not None and record.contract is not None
        lines.append(f"declarer: {names[record.declarer]} (bid {record.bid.pretty}); "
                     f"discard: {_cards(record.discard)}; contract: {record.contract.pretty}")
    if view.calls:
        lines.append("whist: " + ", ".join(f"{names[s]} {c.value}" for s, c in view.calls))
    if record.defence is not None:
        lines.append(f"defence: {record.defence}")
    print()
    print("\n".join(lines))
    if view.tricks:
        rows = [[str(i), "-" if t.talon is None else card_name(t.talon),
                 ", ".join(f"{names[s]} {card_name(c)}" for s, c in t.plays), names[t.winner]]
                for i, t in enumerate(view.tricks, start=1)]
        print()
        print_table("tricks:", ["trick", "talon", "cards in play order", "winner"], rows)
    if record.deal is None:
        print()
        if view.trick is not None and view.trick.plays:
            print("trick in progress: " + ", ".join(f"{names[s]} {card_name(c)}" for s, c in view.trick.plays))
        print(f"the deal is not over: {len(record.moves)} moves so far, {game.phase}")
        return 0
    sheet = Sheet(list(names), convention=record.convention)
    scored = sheet.add(record.deal)
    header, rows = _sheet_rows(sheet.columns, sheet.settle())
    print()
    print_table(f"{record.outcome}: {record.deal.describe()}", header, rows,
                [f"next deal: minimum level {scored.next.min_level}"])
    return 0


def register(subparsers: Any) -> argparse.ArgumentParser:
    """Add the ``pref`` command (with ``settle`` and ``score``) to ``subparsers``."""
    pref: argparse.ArgumentParser = subparsers.add_parser(
        "pref", help="preferans: settle a sheet, score deals, replay a deal or a game, play against bots",
        description="Preferans scoring in exact arithmetic, and deals replayed from their records.")
    sub = pref.add_subparsers(dest="pref_command", metavar="{settle,score,replay,play,ladder,sprt,spsa}")
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
    p = sub.add_parser("replay", help="replay a deal's or a game's record file (JSON) and print it")
    p.add_argument("--file", metavar="FILE", required=True,
                   help="the record file (kozyr-preferans-record/1, or a game: kozyr-preferans-game/1)")
    p.set_defaults(func=cmd_replay)
    pref_play.register(sub)
    pref_ladder.register(sub)
    return pref
