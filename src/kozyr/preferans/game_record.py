"""The record of a whole preferans game (пулька): its deals' records, the sheet they make and its settlement.

A :class:`GameRecord` holds the players, the convention (a preset, by name), the pulya target, the first
dealer and every finished deal's :class:`~kozyr.preferans.record.Record`, in order. The sheet is not stored
beside them as something to trust: it is what the deals make (:meth:`GameRecord.sheet` adds each deal's
``Deal`` to a fresh :class:`Sheet`), and the settlement and whether the pulya closed are written only so that
a reader without kozyr can see them, and so that reading back can check them.

Reading a game (:meth:`GameRecord.from_json`, :func:`load`) checks it against :data:`SCHEMA`, replays every
deal move for move on the compiled ``Game`` (or the engine given as ``game=``), and then checks that the
deals are the game's: the same
players, convention and seed; deal k has number k and is dealt by the seat after the last deal's dealer;
its minimum bid is what the sheet gave it (the exit threshold after raspasy); no deal is left unfinished;
no deal follows the closing of the pulya; and the written settlement and ``closed`` are the sheet's. Anything
else is refused (``bad_record``, naming the deal and what is wrong), so a forged game cannot be read. Files
are written atomically and read bounded (:mod:`kozyr.files`).

Only the preset conventions (Sochi, Leningrad, Rostov) are written: a game's sheet reads every scoring field,
and the name of a preset is what fixes them all.

>>> from kozyr.preferans import SOCHI
>>> from kozyr.preferans.core.pulya import play_game
>>> played = play_game(b"kozyr-preferans-game".ljust(32), players=("A", "B", "C"), target=4, bots=1,
...                    max_deals=3)
>>> game = GameRecord(players=("A", "B", "C"), convention=SOCHI, target=4, first_dealer=0,
...                   records=played.records)
>>> back = loads(dumps(game))
>>> back == game, dict(back.sheet().settle()) == played.settlement
(True, True)
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

from kozyr.errors import shown
from kozyr.files import parse_json, read_bytes, write_atomic
from kozyr.preferans.convention import PRESETS, Convention
from kozyr.preferans.core.engine import Game as Compiled
from kozyr.preferans.errors import PreferansError
from kozyr.preferans.jsonforms import checked_document
from kozyr.preferans.numbers import exact
from kozyr.preferans.record import SCHEMA as DEAL_RECORD_SCHEMA
from kozyr.preferans.record import Game, Record
from kozyr.preferans.sheet import Sheet

__all__ = ["FORMAT", "SCHEMA", "MAX_GAME_DEALS", "GameRecord", "dumps", "loads", "save", "load"]

FORMAT = "kozyr-preferans-game/1"
"""The ``format`` of a game file."""

MAX_GAME_DEALS = 5000
"""The most deals a game file may hold (people close a pulya of 10 in some 30 deals; random bots, which rarely
make a contract, can take hundreds)."""

_AMOUNT = re.compile(r"-?[0-9]{1,30}(/[0-9]{1,30})?")


@dataclass(frozen=True)
class GameRecord:
    """A game's record (see the module's docstring): ``records`` are the finished deals, in order."""

    players: tuple[str, ...]
    convention: Convention
    target: int
    first_dealer: int
    records: tuple[Record, ...]

    def __post_init__(self) -> None:
        name = self.convention.name
        if PRESETS.get(name) != self.convention:
            raise PreferansError("bad_record", f"game record: the convention {shown(name)} is not a preset "
                                 f"({', '.join(PRESETS)}); only presets are written", field="convention",
                                 value=name)

    def sheet(self) -> Sheet:
        """The sheet the deals make, scored in order."""
        sheet = Sheet(list(self.players), self.convention, target=self.target)
        for record in self.records:
            sheet.add(record.to_deal())
        return sheet

    def to_json(self) -> dict[str, Any]:
        """The game as a JSON object of plain JSON types (see :data:`SCHEMA`)."""
        sheet = self.sheet()
        return {
            "players": list(self.players),
            "convention": self.convention.name,
            "target": self.target,
            "first_dealer": self.first_dealer,
            "deals": [r.to_json() for r in self.records],
            "settlement": {p: exact(v) for p, v in sheet.settle().items()},
            "closed": sheet.closed,
        }

    @classmethod
    def from_json(cls, value: Any, *, game: Game = Compiled) -> GameRecord:
        """A game read back, checked and every deal replayed (see the module's docstring); ``bad_record``."""
        checked_document(value, SCHEMA, "game", "bad_record")
        players = tuple(value["players"])
        convention = PRESETS[value["convention"]]
        n = len(players)
        first = value["first_dealer"]
        if len(set(players)) != n or not 0 <= first < n:
            raise PreferansError("bad_record", f"game: players {shown(players)} or first dealer {first} do not fit",
                                 field="players", value=players)
        sheet = Sheet(list(players), convention, target=value["target"])
        records: list[Record] = []
        seed = None
        for i, item in enumerate(value["deals"]):
            where = f"game.deals[{i}]"
            if sheet.closed:
                raise PreferansError("bad_record", f"{where}: a deal after the pulya closed", field="deals", value=i)
            try:
                record = Record.from_json(item, game=game)
            except PreferansError as exc:
                raise PreferansError("bad_record", f"{where}: {exc}", field="deals", value=i) from None
            wrong = _misfit(record, i, players, convention, first, seed, sheet.next_conditions.min_level)
            if wrong:
                raise PreferansError("bad_record", f"{where}: {wrong}", field="deals", value=i)
            seed = record.seed
            sheet.add(record.to_deal())
            records.append(record)
        written = value["settlement"]
        if set(written) != set(players) or not all(isinstance(v, str) and _AMOUNT.fullmatch(v) for v in
                                                   written.values()):
            raise PreferansError("bad_record", "game.settlement: not each player's saldo as text (7, -16/3)",
                                 field="settlement")
        if {p: Fraction(v) for p, v in written.items()} != dict(sheet.settle()) or value["closed"] != sheet.closed:
            raise PreferansError("bad_record", "game: the settlement or closed written is not what its deals make",
                                 field="settlement")
        return cls(players=players, convention=convention, target=value["target"], first_dealer=first,
                   records=tuple(records))


def _misfit(record: Record, i: int, players: tuple[str, ...], convention: Convention, first: int,
            seed: bytes | None, min_level: int) -> str | None:
    """What makes deal i not the game's next deal, or None."""
    if record.players != players:
        return f"players {shown(record.players)}, not the game's"
    if record.convention.name != convention.name or record.convention.play_params != convention.play_params:
        return f"convention {shown(record.convention.name)}, not the game's {convention.name}"
    if record.number != i + 1:
        return f"deal number {record.number}, expected {i + 1}"
    if record.dealer != (first + i) % len(players):
        return f"dealer {record.dealer}, expected {(first + i) % len(players)} (the dealer rotates left)"
    if seed is not None and record.seed != seed:
        return "a seed other than the game's"
    if record.min_level != min_level:
        return f"minimum level {record.min_level}, but the sheet gave {min_level}"
    if record.deal is None:
        return "the deal is not over"
    return None


def dumps(game: GameRecord) -> str:
    """A game file's text: the game's JSON with ``format``, one line."""
    return json.dumps({"format": FORMAT, **game.to_json()}, ensure_ascii=False)


def loads(text: str | bytes, *, label: str = "game", game: Game = Compiled) -> GameRecord:
    """A game read from a file's text (bounded, strict JSON; then :meth:`GameRecord.from_json`)."""
    doc = parse_json(text, label=label, code="bad_record", error=PreferansError)
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        found = doc.get("format") if isinstance(doc, dict) else None
        raise PreferansError("bad_record", f"{label}: not a preferans game (format {shown(found)}, "
                             f"expected {FORMAT!r})", field="format", value=found)
    return GameRecord.from_json({k: v for k, v in doc.items() if k != "format"}, game=game)


def save(game: GameRecord, path: str | Path, *, overwrite: bool = True) -> None:
    """Write a game file atomically (a reader never sees half of it)."""
    write_atomic(path, dumps(game) + "\n", label=f"game file {str(path)!r}", overwrite=overwrite,
                 error=PreferansError)


def load(path: str | Path, *, game: Game = Compiled) -> GameRecord:
    """Read a game file, bounded, and replay every deal (:func:`loads`)."""
    label = f"game file {str(path)!r}"
    return loads(read_bytes(path, label=label, error=PreferansError), label=label, game=game)


SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "kozyr preferans game record",
    "type": "object",
    "required": ["players", "convention", "target", "first_dealer", "deals", "settlement", "closed"],
    "additionalProperties": False,
    "properties": {
        "players": {"type": "array", "items": {"type": "string"}, "minItems": 3, "maxItems": 4},
        "convention": {"enum": sorted(PRESETS)},
        "target": {"type": "integer", "minimum": 1},
        "first_dealer": {"enum": [0, 1, 2, 3]},
        "deals": {"type": "array", "maxItems": MAX_GAME_DEALS, "items": DEAL_RECORD_SCHEMA},
        "settlement": {"type": "object", "title": "settlement (each player's saldo as text: 7, -16/3)"},
        "closed": {"type": "boolean"},
    },
}
"""The JSON Schema of a game's JSON form (a game file adds ``format``); each deal is a deal record."""
