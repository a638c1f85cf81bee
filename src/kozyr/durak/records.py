"""Game records: a whole durak deal as JSON, written from a Game and replayed into one.

A record holds the table (``rules``: the options of a `kozyr.durak.Rules`,
absent for the two-seat game `Rules()`, whose records are exactly as they
always were), how the deal was dealt (a 32-byte seed and a deal number, or
the deck's cards in shuffled order), every move as ``[seat, "move text"]``,
the result (with the losing team's seats, ``losers``, at every other table),
and the kozyr version that wrote it. Reading a record replays it on
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
from kozyr.durak.codes import KINDS, IllegalMove
from kozyr.durak.core.engine import Game
from kozyr.durak.events import Event
from kozyr.durak.rules import DECKS, MAX_SEATS, THROW_INS, VARIANTS, Rules
from kozyr.errors import KozyrError, shown
from kozyr.files import parse_json, read_bytes, write_atomic
from kozyr.schema import mismatch, where

__all__ = ["FORMAT", "SCHEMA", "BoutRecord", "Handover", "to_record", "from_record", "bouts", "picture", "dumps",
           "loads", "save", "load"]

FORMAT = "kozyr-durak-record/1"

_SEATS = list(range(MAX_SEATS))


def _form(two_seat: bool) -> dict[str, Any]:
    """The record of the two-seat game (no `rules`; seats 0 and 1; 36 cards), or of any other table (its
    `rules`; seats 0 to 5; 24 to 52 cards; the result's losers)."""
    seats = [0, 1] if two_seat else _SEATS
    deck = {"minItems": 36, "maxItems": 36} if two_seat else {"minItems": min(DECKS), "maxItems": max(DECKS)}
    card = "^[6-9TJQKA][SHDC]$" if two_seat else "^[2-9TJQKA][SHDC]$"
    result = {"outcome": {"enum": ["fool", "draw", "resign"]}, "fool": {"enum": [*seats, None]}}
    form: dict[str, Any] = {
        "type": "object",
        "required": ["format", "kozyr", "deal", "moves", "result"] + ([] if two_seat else ["rules"]),
        "additionalProperties": False,
        "properties": {
            "format": {"const": FORMAT},
            "kozyr": {"type": "string", "description": "the kozyr version that wrote the record"},
        },
    }
    if not two_seat:
        result["losers"] = {"type": "array", "uniqueItems": True, "items": {"enum": seats},
                            "description": "the losing team's seats"}
        form["description"] = "a deal at any other table"
        form["properties"]["rules"] = {
            "type": "object", "additionalProperties": False,
            "description": "the table's options (kozyr.durak.Rules; an option left out has its default)",
            "properties": {
                "seats": {"enum": list(range(2, MAX_SEATS + 1))},
                "deck": {"enum": list(DECKS)},
                "variant": {"enum": list(VARIANTS)},
                "throw_in": {"enum": list(THROW_INS)},
                "show_trump": {"type": "boolean"},
                "first_five": {"type": "boolean"},
                "swap": {"type": "boolean"},
                "draw": {"type": "boolean"},
                "teams": {"type": "boolean"},
            },
        }
    else:
        form["description"] = "a deal of the two-seat game, Rules()"
    form["properties"].update({
        "deal": {
            "oneOf": [
                {"type": "object", "required": ["seed", "number"], "additionalProperties": False,
                 "properties": {"seed": {"type": "string", "description": "32 bytes as UTF-8 text"},
                                "number": {"type": "integer", "minimum": 1}}},
                {"type": "object", "required": ["seed_hex", "number"], "additionalProperties": False,
                 "properties": {"seed_hex": {"type": "string", "pattern": "^[0-9a-f]{64}$"},
                                "number": {"type": "integer", "minimum": 1}}},
                {"type": "object", "required": ["order"], "additionalProperties": False,
                 "properties": {"order": {"type": "array", **deck, "uniqueItems": True,
                                          "items": {"type": "string", "pattern": card}}}},
            ],
        },
        "moves": {
            "type": "array",
            "items": {"type": "array", "prefixItems": [{"title": "seat", "enum": seats},
                                                      {"title": "move", "type": "string"}],
                      "minItems": 2, "maxItems": 2},
        },
        "result": {
            "oneOf": [
                {"type": "null", "description": "the deal is not over"},
                {"type": "object", "required": ["outcome", "fool"], "additionalProperties": False,
                 "properties": result},
            ],
        },
    })
    return form


SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$id": "https://kozyr.invalid/schemas/durak-record-1.json",
    "title": "kozyr durak game record",
    "oneOf": [_form(True), _form(False)],
}


def to_record(game: Game, *, seed: bytes | str | None = None, number: int = 1) -> dict[str, Any]:
    """The record of `game` (a dict ready for json). With `seed` (and `number`), the deal is recorded as
    the seed, after checking that it deals this game's cards; without, as the shuffled order."""
    if not isinstance(game, Game):
        raise KozyrError("bad_game", f"{shown(game)} is not a durak Game", value=game)
    rules = game.rules
    if seed is not None:
        if Game.from_seed(seed, number, rules=rules).order != game.order:   # the engine refuses a bad seed or number
            raise KozyrError("bad_record", f"seed {shown(seed)} deal {number} does not deal this game's cards",
                             field="seed", value=seed)
        raw = seed.encode("utf-8") if isinstance(seed, str) else bytes(seed)
        try:
            deal: dict[str, Any] = {"seed": raw.decode("utf-8"), "number": number}
        except UnicodeDecodeError:
            deal = {"seed_hex": raw.hex(), "number": number}
    else:
        deal = {"order": [card_name(c) for c in game.order]}
    record: dict[str, Any] = {"format": FORMAT, "kozyr": __version__}
    if not rules.two_seat:
        record["rules"] = rules.as_dict()
    record.update({
        "deal": deal,
        "moves": [[seat, str(move)] for seat, move in game.history],
        "result": _result(game),
    })
    return record


def _result(game: Game) -> dict[str, Any] | None:
    """The record's result of a game: what to_record writes and from_record checks the replay against
    (the losers at every table but the two-seat game, whose results are as they always were)."""
    result = game.result
    if result is None:
        return None
    if game.rules.two_seat:
        return {"outcome": result.outcome, "fool": result.fool}
    return {"outcome": result.outcome, "fool": result.fool, "losers": list(result.losers)}


def _bad(message: str, field: str, value: Any = None) -> KozyrError:
    return KozyrError("bad_record", message, field=field, value=value)


def _deal(deal: dict[str, Any], rules: Rules) -> Game:
    """The dealt Game of a record's deal at its table (already held to the schema: one of its three forms)."""
    if "order" in deal:
        return Game.from_order([parse_card(c) for c in deal["order"]], rules=rules)
    # the format's seed text is the seed's UTF-8 bytes (a seed given as text elsewhere is ASCII)
    seed = deal["seed"].encode("utf-8") if "seed" in deal else bytes.fromhex(deal["seed_hex"])
    return Game.from_seed(seed, deal["number"], rules=rules)


def _checked(data: Any) -> dict[str, Any]:
    """`data` held to SCHEMA: a bad_record naming the field (dotted, list places left out), or for a
    malformed move an IllegalMove not_legal with its `index`, as for a move the rules refuse."""
    if not isinstance(data, dict):
        raise _bad(f"a record is a JSON object, not {shown(data)}", "record", data)
    # the schema's two forms differ by the table: a record with `rules` is of a variant table
    miss = mismatch(data, SCHEMA["oneOf"][1 if "rules" in data else 0])
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
    ``result``. The table is ``rules`` (the two-seat game when absent); options
    the rules refuse together (``show_trump`` without perevodnoy, ...) are an
    IllegalMove ``bad_options`` or ``bad_seats``, as for `Rules` itself.
    """
    _checked(data)
    rules = Rules.of(data.get("rules"))
    try:
        game = _deal(data["deal"], rules)
    except KozyrError as e:
        field = "deal.order" if "order" in data["deal"] else "deal"
        raise _bad(f"record deal: {e.detail}", field, data["deal"]) from None
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
class Handover:
    """A transfer or a show (perevodnoy): `kind` ("transfer" or "show"), the `seat` that handed the defence on,
    its `card` (put on the table, or shown and kept), and the new defender (`to`)."""

    kind: str
    seat: int
    card: int
    to: int


@dataclass(frozen=True, slots=True)
class BoutRecord:
    """One bout of a played deal, at any table, as its events tell it.

    `attacker` is the seat that led the bout (its leader: a transfer hands the defence on, never the lead);
    `pairs` every attack card on the table in the order it was put there (leads, throw-ins and transfer
    cards alike) with the card that beat it (None when unbeaten; cards are answered oldest first); `by`
    the seat that put each attack card down, so a throw-in by another seat or a transfer shows as the
    seat it came from; `defender` the seat defending at the close (the last transfer's or show's target,
    the seat that took a taken bout), or now, for the bout still open; `handovers` the bout's transfers
    and shows in order (`Handover`); `how` one of BOUT_ENDINGS, or None for the bout still open (or
    ended by a resign); `taken` whether the defender picked the bout up; `moves` the bout's moves as
    indices into the game's history; `out` the seats that went out at its close.

    A bout no card was played in is the deal's last, still open: a swap or a resign before the lead.
    """

    attacker: int
    pairs: tuple[tuple[int, int | None], ...]
    how: str | None
    taken: bool
    by: tuple[int, ...] = ()
    defender: int | None = None
    handovers: tuple[Handover, ...] = ()
    moves: range = range(0)
    out: tuple[int, ...] = ()


_MOVES = frozenset(KINDS)   # the events a move writes first; the closes, refills, outs and game_end follow it


def bouts(game: Game) -> list[BoutRecord]:
    """The bouts of `game` so far, read from its events, at any table: every move in exactly one bout, in
    order (the last bout open while the deal runs, or when a resign ended it).

    A move writes its own event first and then what it caused; a bout ends with the move whose events
    hold its `bout_end`, which names the next bout's leader and defender (the first bout's are the deal's).

    >>> game = Game.from_seed("x" * 32, 2)
    >>> for _ in range(3):
    ...     _ = game.apply(game.turn, game.legal_moves()[0])
    >>> [(b.attacker, [(card_name(a), card_name(d) if d is not None else None) for a, d in b.pairs], b.how,
    ...   b.moves) for b in bouts(game)]
    [(0, [('JS', 'KS')], 'exhausted', range(0, 2)), (1, [('TS', None)], None, range(2, 3))]
    """
    if not isinstance(game, Game):
        raise KozyrError("bad_game", f"{shown(game)} is not a durak Game", field="game", value=game)
    dealt = Game.from_order(game.order, rules=game.rules).bout
    out: list[BoutRecord] = []
    leader, defender = dealt.leader, dealt.defender
    first = move = 0        # the bout's first move and the next move's index in the history
    pairs: list[list[Any]] = []
    by: list[int] = []
    handovers: list[Handover] = []
    gone: list[int] = []
    end: Event | None = None

    def close(how: str | None, taken: bool) -> BoutRecord:
        return BoutRecord(leader, tuple((a, d) for a, d in pairs), how, taken, tuple(by), defender,
                          tuple(handovers), range(first, move), tuple(gone))

    for e in game.events:
        if e.kind in _MOVES:
            if end is not None:              # the first move after a close opens the next bout
                out.append(close(end.how, bool(end.taken)))
                leader = end.attacker if end.attacker is not None else leader
                defender = end.defender if end.defender is not None else 1 - leader   # Rules(): the other seat
                first, pairs, by, handovers, gone, end = move, [], [], [], [], None
            move += 1
        if e.kind in ("attack", "transfer") and e.seat is not None:
            pairs.append([e.card, None])
            by.append(e.seat)
        elif e.kind == "beat":
            next(p for p in pairs if p[1] is None)[1] = e.card    # the oldest unanswered card
        if e.kind in ("transfer", "show") and e.seat is not None and e.card is not None and e.to is not None:
            handovers.append(Handover(e.kind, e.seat, e.card, e.to))
            defender = e.to
        elif e.kind == "bout_end":
            end = e
        elif e.kind == "out" and e.seat is not None:
            gone.append(e.seat)
    if end is not None:
        out.append(close(end.how, bool(end.taken)))
    elif move > first:
        out.append(close(None, False))
    return out


def picture(game: Game | dict[str, Any]) -> str:
    """The deal as an SVG strip of its bouts (`kozyr.svg.durak_record_svg`): a Game, or a record, replayed first."""
    from kozyr.svg import durak_record_svg

    if isinstance(game, dict):
        game = from_record(game)
    if not isinstance(game, Game):
        raise KozyrError("bad_game", f"{shown(game)} is not a durak Game or record", field="game", value=game)
    return durak_record_svg([b for b in bouts(game) if b.pairs], trump=game.trump, result=game.result)
