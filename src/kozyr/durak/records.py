"""Game records: a whole durak deal as JSON, written from a Game and replayed into one.

A record holds how the deal was dealt (a 32-byte seed and a deal number, or
the 36 cards in shuffled order), every move as ``[seat, "move text"]``, the
result, and the kozyr version that wrote it. Reading a record replays it on
the engine, so a record that was edited into something the rules refuse is
refused: an `IllegalMove` with the engine's refusal code and ``index`` (the
move's number from 0) naming the first bad move. The JSON Schema is
`SCHEMA` (and docs/records.md).

>>> from kozyr.durak import Game
>>> game = Game.from_seed("x" * 32, 2)
>>> for _ in range(3):
...     _ = game.apply(game.turn, game.legal_moves()[0])
>>> record = to_record(game, seed="x" * 32, number=2)
>>> record["deal"], len(record["moves"]), record["result"]
({'seed': 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx', 'number': 2}, 3, None)
>>> from_record(loads(dumps(record))).history == game.history
True
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from kozyr import __version__
from kozyr.cards import card_name, parse_card
from kozyr.durak.codes import IllegalMove
from kozyr.durak.core.engine import Game
from kozyr.errors import KozyrError, shown
from kozyr.files import parse_json, read_bytes, write_atomic
from kozyr.schema import mismatch, where

__all__ = ["FORMAT", "SCHEMA", "BoutRecord", "to_record", "from_record", "bouts", "picture", "dumps", "loads", "save",
           "load"]

FORMAT = "kozyr-durak-record/1"

SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$id": "https://kozyr.invalid/schemas/durak-record-1.json",
    "title": "kozyr durak game record",
    "type": "object",
    "required": ["format", "kozyr", "deal", "moves", "result"],
    "additionalProperties": False,
    "properties": {
        "format": {"const": FORMAT},
        "kozyr": {"type": "string", "description": "the kozyr version that wrote the record"},
        "deal": {
            "oneOf": [
                {"type": "object", "required": ["seed", "number"], "additionalProperties": False,
                 "properties": {"seed": {"type": "string", "description": "32 bytes as UTF-8 text"},
                                "number": {"type": "integer", "minimum": 1}}},
                {"type": "object", "required": ["seed_hex", "number"], "additionalProperties": False,
                 "properties": {"seed_hex": {"type": "string", "pattern": "^[0-9a-f]{64}$"},
                                "number": {"type": "integer", "minimum": 1}}},
                {"type": "object", "required": ["order"], "additionalProperties": False,
                 "properties": {"order": {"type": "array", "minItems": 36, "maxItems": 36, "uniqueItems": True,
                                          "items": {"type": "string", "pattern": "^[6-9TJQKA][SHDC]$"}}}},
            ],
        },
        "moves": {
            "type": "array",
            "items": {"type": "array", "prefixItems": [{"title": "seat", "enum": [0, 1]},
                                                      {"title": "move", "type": "string"}],
                      "minItems": 2, "maxItems": 2},
        },
        "result": {
            "oneOf": [
                {"type": "null", "description": "the deal is not over"},
                {"type": "object", "required": ["outcome", "fool"], "additionalProperties": False,
                 "properties": {"outcome": {"enum": ["fool", "draw", "resign"]},
                                "fool": {"enum": [0, 1, None]}}},
            ],
        },
    },
}


def to_record(game: Game, *, seed: bytes | str | None = None, number: int = 1) -> dict[str, Any]:
    """The record of `game` (a dict ready for json). With `seed` (and `number`), the deal is recorded as
    the seed, after checking that it deals this game's cards; without, as the shuffled order."""
    if not isinstance(game, Game):
        raise KozyrError("bad_game", f"{shown(game)} is not a durak Game", value=game)
    if seed is not None:
        if Game.from_seed(seed, number).order != game.order:   # the engine refuses a bad seed or number
            raise KozyrError("bad_record", f"seed {shown(seed)} deal {number} does not deal this game's cards",
                             field="seed", value=seed)
        raw = seed.encode("utf-8") if isinstance(seed, str) else bytes(seed)
        try:
            deal: dict[str, Any] = {"seed": raw.decode("utf-8"), "number": number}
        except UnicodeDecodeError:
            deal = {"seed_hex": raw.hex(), "number": number}
    else:
        deal = {"order": [card_name(c) for c in game.order]}
    return {
        "format": FORMAT,
        "kozyr": __version__,
        "deal": deal,
        "moves": [[seat, str(move)] for seat, move in game.history],
        "result": _result(game),
    }


def _result(game: Game) -> dict[str, Any] | None:
    """The record's result of a game: what to_record writes and from_record checks the replay against."""
    result = game.result
    return None if result is None else {"outcome": result.outcome, "fool": result.fool}


def _bad(message: str, field: str, value: Any = None) -> KozyrError:
    return KozyrError("bad_record", message, field=field, value=value)


def _deal(deal: dict[str, Any]) -> Game:
    """The dealt Game of a record's deal (already held to the schema: one of its three forms)."""
    if "order" in deal:
        return Game.from_order([parse_card(c) for c in deal["order"]])
    # the format's seed text is the seed's UTF-8 bytes (a seed given as text elsewhere is ASCII)
    seed = deal["seed"].encode("utf-8") if "seed" in deal else bytes.fromhex(deal["seed_hex"])
    return Game.from_seed(seed, deal["number"])


def _checked(data: Any) -> dict[str, Any]:
    """`data` held to SCHEMA: a bad_record naming the field (dotted, list places left out), or for a
    malformed move an IllegalMove not_legal with its `index`, as for a move the rules refuse."""
    if not isinstance(data, dict):
        raise _bad(f"a record is a JSON object, not {shown(data)}", "record", data)
    miss = mismatch(data, SCHEMA)
    if miss is None:
        return data
    path = miss.path
    if len(path) >= 2 and path[0] == "moves" and isinstance(path[1], int):
        i = path[1]
        raise IllegalMove("not_legal", f"record move {i}: {miss.message}", index=i, move=data["moves"][i],
                          reason=miss.message)
    value: Any = data
    for step in path:
        value = _step(value, step)
    field = ".".join(str(step) for step in path if isinstance(step, str)) or "record"
    raise _bad(f"record {where(path) or 'object'}: {miss.message}", field, value)


def _step(value: Any, step: str | int) -> Any:
    """One step down a path into a document, or None where there is nothing there (a missing field)."""
    if isinstance(value, dict):
        return value.get(step)
    if isinstance(value, list) and isinstance(step, int) and step < len(value):
        return value[step]
    return None


def from_record(data: dict[str, Any]) -> Game:
    """The Game a record describes, replayed move by move from its deal.

    A record that does not fit SCHEMA is a KozyrError ``bad_record`` whose
    ``field`` names the place (``deal.order``, ``result.fool``); a malformed
    move, or a move the rules refuse, is an IllegalMove with the refusal code
    (``not_legal`` for a malformed one), ``index`` (the move's number from 0),
    ``seat``, ``move`` and ``reason`` (what is wrong, without the move's
    number); a result that is not the replay's is ``bad_record`` on
    ``result``.
    """
    _checked(data)
    try:
        game = _deal(data["deal"])
    except KozyrError as e:
        raise _bad(f"record deal: {e.detail}", "deal", data["deal"]) from None
    for i, (seat, move) in enumerate(data["moves"]):
        try:
            game.apply(seat, move)
        except IllegalMove as e:
            raise IllegalMove(e.code, f"record move {i}: {e.detail}", index=i, seat=seat, move=move,
                              reason=e.detail) from None
    replayed = _result(game)
    if data["result"] != replayed:   # (the schema has made sure a fool is 0, 1 or null, never true)
        raise _bad(f"record result {shown(data['result'])} is not the replay's {shown(replayed)}", "result",
                   data["result"])
    return game


def dumps(record: dict[str, Any]) -> str:
    """The record as JSON text, one move a line."""
    head = {k: v for k, v in record.items() if k != "moves"}
    moves = ",\n".join("    " + json.dumps(m, ensure_ascii=False) for m in record["moves"])
    text = json.dumps(head, ensure_ascii=False, indent=2)
    return text[:-2] + ',\n  "moves": [\n' + moves + ("\n  ]\n}" if moves else "]\n}") + "\n"


def loads(text: str | bytes) -> dict[str, Any]:
    """A record from JSON text, read bounded (`kozyr.files.parse_json`): KozyrError bad_record when it is not
    JSON, is too large or too deep, has a number of too many digits or a key twice. The record itself is
    checked by `from_record`."""
    return parse_json(text, label="record", code="bad_record")


def save(game: Game, path: str, *, seed: bytes | str | None = None, number: int = 1, overwrite: bool = True) -> None:
    """Write `game`'s record to the file `path` (UTF-8 JSON), whole or not at all (`kozyr.files.write_atomic`).

    KozyrError bad_file if it cannot be written: no such folder, a folder or a device at `path`, a full disk
    (the old file, if any, is left as it was), or with ``overwrite=False`` a file already there.
    """
    text = dumps(to_record(game, seed=seed, number=number))
    write_atomic(path, text, label=f"record {path!r}", overwrite=overwrite)


def load(path: str) -> Game:
    """The Game of the record in the file `path`, replayed: a regular file of at most 10 MiB (bad_file
    otherwise), then the refusals of `loads` and `from_record`."""
    return from_record(parse_json(read_bytes(path, label=f"record {path!r}"), label=f"record {path!r}",
                                  code="bad_record"))


@dataclass(frozen=True, slots=True)
class BoutRecord:
    """One bout of a played deal: who attacked, each attack card with the card that beat it (None when
    unbeaten), and how the bout ended (`how`, one of BOUT_ENDINGS, or None for the bout still open)."""

    attacker: int
    pairs: tuple[tuple[int, int | None], ...]
    how: str | None
    taken: bool


def bouts(game: Game) -> list[BoutRecord]:
    """The bouts of `game` so far, read from its events (the last one open while the deal runs).

    >>> game = Game.from_seed("x" * 32, 2)
    >>> for _ in range(3):
    ...     _ = game.apply(game.turn, game.legal_moves()[0])
    >>> [(b.attacker, [(card_name(a), card_name(d) if d is not None else None) for a, d in b.pairs], b.how)
    ...  for b in bouts(game)]
    [(0, [('JS', 'KS')], 'exhausted'), (1, [('TS', None)], None)]
    """
    out: list[BoutRecord] = []
    attacker: int | None = None
    pairs: list[list[Any]] = []
    for e in game.events:
        if e.kind == "attack":
            if attacker is None:
                attacker = e.seat
            pairs.append([e.card, None])
        elif e.kind == "beat":
            for pair in reversed(pairs):
                if pair[1] is None:
                    pair[1] = e.card
                    break
        elif e.kind == "bout_end" and attacker is not None:
            out.append(BoutRecord(attacker, tuple((a, d) for a, d in pairs), e.how, bool(e.taken)))
            attacker, pairs = None, []
    if attacker is not None:
        out.append(BoutRecord(attacker, tuple((a, d) for a, d in pairs), None, False))
    return out


def picture(game: Game | dict[str, Any]) -> str:
    """The deal as an SVG strip of its bouts (`kozyr.svg.durak_record_svg`): a Game, or a record, replayed first."""
    from kozyr.svg import durak_record_svg

    if isinstance(game, dict):
        game = from_record(game)
    if not isinstance(game, Game):
        raise KozyrError("bad_game", f"{shown(game)} is not a durak Game or record", field="game", value=game)
    return durak_record_svg(bouts(game), trump=game.trump, result=game.result)
