"""Game records: a whole durak deal as JSON, written from a Game and replayed into one.

A record holds how the deal was dealt (a 32-byte seed and a deal number, or
the 36 cards in shuffled order), every move as ``[seat, "move text"]``, the
result, and the kozyr version that wrote it. Reading a record replays it on
the engine, so a record that was edited into something the rules refuse is
refused: an `IllegalMove` with the engine's refusal code and ``index`` (the
move's number from 0) naming the first bad move. The JSON Schema is
`SCHEMA` (and docs/rl.md).

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

__all__ = ["FORMAT", "SCHEMA", "BoutRecord", "to_record", "from_record", "bouts", "dumps", "loads", "save", "load"]

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
            "items": {"type": "array", "prefixItems": [{"enum": [0, 1]}, {"type": "string"}],
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


def _deal(deal: Any) -> Game:
    if not isinstance(deal, dict):
        raise _bad(f"record deal {shown(deal)} is not an object", "deal", deal)
    keys = set(deal)
    if keys == {"order"}:
        order = deal["order"]
        if not isinstance(order, list) or not all(isinstance(c, str) for c in order):
            raise _bad(f"record deal order {shown(order)} is not a list of card names", "deal.order", order)
        try:
            return Game.from_order([parse_card(c) for c in order])
        except ValueError as e:
            raise _bad(f"record deal order: {e}", "deal.order", order) from None
    if keys in ({"seed", "number"}, {"seed_hex", "number"}):
        number = deal["number"]
        if "seed" in deal:
            if not isinstance(deal["seed"], str):
                raise _bad(f"record seed {shown(deal['seed'])} is not text", "deal.seed", deal["seed"])
            seed: bytes | str = deal["seed"]
        else:
            try:
                seed = bytes.fromhex(deal["seed_hex"])
            except (TypeError, ValueError):
                raise _bad(f"record seed_hex {shown(deal['seed_hex'])} is not hex", "deal.seed_hex",
                           deal["seed_hex"]) from None
        return Game.from_seed(seed, number)
    raise _bad(f"record deal has keys {sorted(keys)}: expected seed and number, seed_hex and number, or order",
               "deal", deal)


def from_record(data: dict[str, Any]) -> Game:
    """The Game a record describes, replayed move by move from its deal.

    A malformed record is a KozyrError ``bad_record`` naming the field; a
    move the rules refuse is an IllegalMove with the refusal code and
    ``index`` (the move's number from 0); a result that is not the replay's is
    ``bad_record`` on ``result``.
    """
    if not isinstance(data, dict):
        raise _bad(f"a record is a JSON object, not {shown(data)}", "record", data)
    missing = [k for k in SCHEMA["required"] if k not in data]
    if missing:
        raise _bad(f"record lacks {', '.join(missing)}", missing[0])
    extra = sorted(set(data) - set(SCHEMA["properties"]))
    if extra:
        raise _bad(f"record has unknown fields {', '.join(extra)}", extra[0])
    if data["format"] != FORMAT:
        raise _bad(f"record format {shown(data['format'])} is not {FORMAT!r}", "format", data["format"])
    game = _deal(data["deal"])
    moves = data["moves"]
    if not isinstance(moves, list):
        raise _bad(f"record moves {shown(moves)} is not a list", "moves", moves)
    for i, pair in enumerate(moves):
        if (not isinstance(pair, list) or len(pair) != 2 or isinstance(pair[0], bool) or pair[0] not in (0, 1)
                or not isinstance(pair[1], str)):
            raise IllegalMove("not_legal", f"record move {i}: {shown(pair)} is not [seat 0 or 1, move text]",
                              index=i, move=pair)
        seat, move = pair
        try:
            game.apply(seat, move)
        except IllegalMove as e:
            raise IllegalMove(e.code, f"record move {i}: {e.detail}", index=i, seat=seat, move=move) from None
    replayed = _result(game)
    if data["result"] != replayed:
        raise _bad(f"record result {shown(data['result'])} is not the replay's {shown(replayed)}", "result",
                   data["result"])
    return game


def dumps(record: dict[str, Any]) -> str:
    """The record as JSON text, one move a line."""
    head = {k: v for k, v in record.items() if k != "moves"}
    moves = ",\n".join("    " + json.dumps(m, ensure_ascii=False) for m in record["moves"])
    text = json.dumps(head, ensure_ascii=False, indent=2)
    return text[:-2] + ',\n  "moves": [\n' + moves + ("\n  ]\n}" if moves else "]\n}") + "\n"


def loads(text: str) -> dict[str, Any]:
    """A record from JSON text (KozyrError bad_record when it is not JSON)."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise _bad(f"record is not JSON: {e}", "record") from None


def save(game: Game, path: str, *, seed: bytes | str | None = None, number: int = 1) -> None:
    """Write `game`'s record to the file `path` (UTF-8 JSON); KozyrError bad_file if it cannot be written."""
    text = dumps(to_record(game, seed=seed, number=number))
    try:
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
    except OSError as e:
        raise KozyrError("bad_file", f"cannot write the record to {path!r}: {e.strerror or e}", field="path",
                         value=path) from None


def load(path: str) -> Game:
    """The Game of the record in the file `path`, replayed (the refusals of `from_record`; bad_file if unreadable)."""
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except (OSError, UnicodeDecodeError) as e:
        raise KozyrError("bad_file", f"cannot read the record {path!r}: {getattr(e, 'strerror', None) or e}",
                         field="path", value=path) from None
    return from_record(loads(text))


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
