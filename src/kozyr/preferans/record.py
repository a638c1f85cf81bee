r"""The record of one preferans deal: everything needed to replay it, and the scorer's ``Deal`` it produces.

A :class:`Record` holds the inputs (seed, deal number, players, dealer, the convention's play parameters and
the minimum bid level), every accepted move as (actor seat, move), and what the deal came to: the talon, the
discard, the declarer, the winning bid and the final contract, the final whist calls, the defence and the
tricks each active seat won. :meth:`Record.to_deal` is the scorer's :class:`Deal` (hand it to
``Sheet.add``); :meth:`Record.to_json` its JSON form, with the JSON Schema :data:`SCHEMA`.

Reading a record (:meth:`Record.from_json`, :func:`load`) checks it against the schema and then replays its
moves on a fresh deal from its inputs, on the engine the caller names (``game=``: the compiled
``kozyr.preferans.Game`` or the plain-Python twin; this module imports neither, since both build
:class:`Record`\ s): a record whose moves the rules refuse, or whose stated outcome is not
what its moves produce, is refused (``bad_record``, naming the first bad move), so a forged record cannot
enter a sheet. Files are written atomically and read bounded (:mod:`kozyr.files`).

Read before the deal is over a record has the same keys: the inputs and the moves so far are complete, and
the rest is what the deal holds at that moment (the talon's two cards always; the discard once made; the
declarer, bid and contract once known; the defence once set), with ``calls``, ``whist_order``, ``tricks``,
``outcome`` and ``deal`` null until the end.

The convention is written as its name (``preset``) and the five play parameters, which are all the play
reads. Reading it back starts from the preset of that name (Sochi when the name is no preset, such as a
house variant's) with the five parameters as written and the name kept: the scoring fields of a house
variant are the sheet's to keep, not the deal's.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kozyr.errors import shown
from kozyr.files import parse_json, read_bytes, write_atomic
from kozyr.preferans._frozen import FrozenMap
from kozyr.preferans.contracts import Contract
from kozyr.preferans.convention import PLAY_PARAMS, PRESETS, SOCHI, Convention
from kozyr.preferans.deal import Call, Deal
from kozyr.preferans.errors import PreferansError
from kozyr.preferans.jsonforms import (
    CALL,
    CONTRACT,
    DEAL_SCHEMA,
    SEAT,
    cards_json,
    cards_schema,
    checked_document,
    deal_to_json,
    seat_keyed,
    seat_map,
)
from kozyr.preferans.moves import Move
from kozyr.preferans.views import PARAMS_SCHEMA

# What replaying asks of an engine: `from_seed`, `apply` and `record` (the compiled Game and the twin both).
# Any: the two are distinct classes of one duck type, and a Protocol over a classmethod matches neither.
Game = Any

__all__ = ["FORMAT", "OUTCOMES", "SCHEMA", "Record", "convention_of", "dumps", "loads", "save", "load"]

FORMAT = "kozyr-preferans-record/1"
"""The ``format`` of a record file (a file holds one record's JSON plus this key)."""

OUTCOMES = ("raspasy", "misere", "game", "passed", "half_whist")
"""How a deal can end: raspasy, misère, a played game, both defenders passed, a half-whist stands."""

MAX_MOVES = 200
"""More moves than any deal has (the longest is some 60): a record with more is refused unread."""


@dataclass(frozen=True, slots=True)
class Record:
    """A deal's record (see the module's docstring). Before the deal is over ``outcome`` and ``deal`` are
    None and the fields after ``moves`` promise nothing."""

    seed: bytes
    number: int
    players: tuple[str, ...]
    dealer: int
    convention: Convention
    min_level: int
    moves: tuple[tuple[int, Move], ...]
    talon: tuple[int, int]
    discard: tuple[int, ...]
    declarer: int | None
    bid: Contract | None
    contract: Contract | None
    calls: FrozenMap[int, Call] | None
    whist_order: tuple[int, int] | None
    defence: str | None
    tricks: FrozenMap[int, int] | None
    outcome: str | None
    deal: Deal | None

    def to_deal(self) -> Deal:
        """The scorer's :class:`Deal`; ``deal_not_over`` before the deal is over."""
        if self.deal is None:
            raise PreferansError("deal_not_over", f"record: the deal is not over ({len(self.moves)} moves so far)",
                                 field="deal")
        return self.deal

    def to_json(self) -> dict[str, Any]:
        """The record as a JSON object of plain JSON types, with exactly the record's keys."""
        return {
            "seed": self.seed.hex(),
            "number": self.number,
            "players": list(self.players),
            "dealer": self.dealer,
            "convention": {"preset": self.convention.name, **self.convention.play_params},
            "min_level": self.min_level,
            "moves": [[s, str(m)] for s, m in self.moves],
            "talon": cards_json(self.talon),
            "discard": cards_json(self.discard),
            "declarer": self.declarer,
            "bid": None if self.bid is None else str(self.bid),
            "contract": None if self.contract is None else str(self.contract),
            "calls": None if self.calls is None else seat_map({s: c.value for s, c in self.calls.items()}),
            "whist_order": None if self.whist_order is None else list(self.whist_order),
            "defence": self.defence,
            "tricks": None if self.tricks is None else seat_map(self.tricks),
            "outcome": self.outcome,
            "deal": None if self.deal is None else deal_to_json(self.deal),
        }

    @classmethod
    def from_json(cls, value: Any, *, game: Game) -> Record:
        """A record read back: checked against :data:`SCHEMA`, then replayed move for move on a fresh deal of
        ``game`` (the compiled ``kozyr.preferans.Game`` or the plain-Python twin) from the record's
        inputs. Refused with ``bad_record`` when it does not fit, when a move is refused (the message names
        the move's index and the engine's code) or when the replayed record differs from the one read."""
        checked_document(value, SCHEMA, "record", "bad_record")
        return replayed(value, game)


def convention_of(value: dict[str, Any]) -> Convention:
    """The convention a record's ``convention`` stands for (see the module's docstring)."""
    name = value["preset"]
    base = PRESETS.get(name, SOCHI)
    changes = {p: value[p] for p in PLAY_PARAMS}
    if name != base.name:
        changes["name"] = name
    try:
        return base.replace(**changes)
    except PreferansError as exc:
        raise PreferansError("bad_record", f"record.convention: {exc.reason}", field="convention",
                             value=exc.code) from None


def replayed(value: dict[str, Any], game_type: Game) -> Record:
    """Replay a schema-checked record's moves and return the replayed :class:`Record` (see
    :meth:`Record.from_json`)."""
    from kozyr.preferans.scoring import Conditions

    try:
        game = game_type.from_seed(bytes.fromhex(value["seed"]), value["number"], players=value["players"],
                              dealer=value["dealer"], convention=convention_of(value["convention"]),
                              conditions=Conditions(value["min_level"]))
    except PreferansError as exc:
        if exc.code == "bad_record":
            raise
        raise PreferansError("bad_record", f"record: its deal cannot be made: {exc.reason} ({exc.code})",
                             field="record", value=exc.code) from None
    for index, (seat, text) in enumerate(value["moves"]):
        try:
            game.apply(seat, text)
        except PreferansError as exc:
            raise PreferansError("bad_record", f"record.moves[{index}]: {shown(text)} by seat {seat} is refused: "
                                 f"{exc.reason} ({exc.code})", field="moves", value=index) from None
    record = game.record()
    mine = record.to_json()
    if mine != value:
        wrong = sorted(k for k in mine if mine[k] != value.get(k))
        raise PreferansError("bad_record", f"record: its {', '.join(wrong)} {'is' if len(wrong) == 1 else 'are'} "
                             "not what its moves give", field="record", value=wrong)
    return record


def dumps(record: Record) -> str:
    """A record file's text: the record's JSON with ``format``, one line."""
    return json.dumps({"format": FORMAT, **record.to_json()}, ensure_ascii=False)


def loads(text: str | bytes, *, game: Game, label: str = "record") -> Record:
    """A record read from a file's text (bounded, strict JSON; then :meth:`Record.from_json`)."""
    doc = parse_json(text, label=label, code="bad_record", error=PreferansError)
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        found = doc.get("format") if isinstance(doc, dict) else None
        raise PreferansError("bad_record", f"{label}: not a preferans record (format {shown(found)}, "
                             f"expected {FORMAT!r})", field="format", value=found)
    body = {k: v for k, v in doc.items() if k != "format"}
    return Record.from_json(body, game=game)


def save(record: Record, path: str | Path, *, overwrite: bool = True) -> None:
    """Write a record file atomically (a reader never sees half of it)."""
    write_atomic(path, dumps(record) + "\n", label=f"record file {str(path)!r}", overwrite=overwrite,
                 error=PreferansError)


def load(path: str | Path, *, game: Game) -> Record:
    """Read a record file, bounded, and replay it (:func:`loads`)."""
    label = f"record file {str(path)!r}"
    return loads(read_bytes(path, label=label, error=PreferansError), label=label, game=game)


_NULL = {"type": "null"}

SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "kozyr preferans deal record",
    "type": "object",
    "required": ["seed", "number", "players", "dealer", "convention", "min_level", "moves", "talon", "discard",
                 "declarer", "bid", "contract", "calls", "whist_order", "defence", "tricks", "outcome", "deal"],
    "additionalProperties": False,
    "properties": {
        "seed": {"type": "string", "pattern": "^[0-9a-f]{64}$", "title": "seed"},
        "number": {"type": "integer", "minimum": 1, "title": "deal number"},
        "players": {"type": "array", "items": {"type": "string"}, "minItems": 3, "maxItems": 4},
        "dealer": SEAT,
        "convention": {**PARAMS_SCHEMA, "required": ["preset", *PARAMS_SCHEMA["required"]],
                       "properties": {"preset": {"type": "string"}, **PARAMS_SCHEMA["properties"]}},
        "min_level": {"enum": [6, 7, 8, 9, 10]},
        "moves": {"type": "array", "maxItems": MAX_MOVES, "items": {
            "type": "array", "minItems": 2, "maxItems": 2, "prefixItems": [SEAT, {"type": "string"}]}},
        "talon": {**cards_schema(2), "minItems": 2},
        "discard": cards_schema(2),
        "declarer": {"oneOf": [_NULL, SEAT]},
        "bid": {"oneOf": [_NULL, CONTRACT]},
        "contract": {"oneOf": [_NULL, CONTRACT]},
        "calls": {"oneOf": [_NULL, seat_keyed(CALL)]},
        "whist_order": {"oneOf": [_NULL, {"type": "array", "items": SEAT, "minItems": 2, "maxItems": 2}]},
        "defence": {"enum": [None, "closed", "open"]},
        "tricks": {"oneOf": [_NULL, seat_keyed({"type": "integer", "minimum": 0})]},
        "outcome": {"enum": [None, *OUTCOMES]},
        "deal": {"oneOf": [_NULL, DEAL_SCHEMA]},
    },
}
"""The JSON Schema of a record's JSON form (a record file adds ``format``)."""

