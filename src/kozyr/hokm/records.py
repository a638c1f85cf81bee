"""Game records: a hokm match as JSON, written from a `Match` and replayed hand by hand.

A record holds the table's configuration, the cards turned up to find the
first hakem, and every hand dealt: its hakem, its 52 cards in dealing order,
the trump the hakem named, every card played as ``[seat, "AS"]`` and the
hand's result; then the match's scores and winner, and the kozyr version that
wrote it. Reading a record replays every hand on `Hand`, the same state
machine a table plays on, so an edited record that breaks a rule is refused:
an `IllegalPlay` with the table's refusal code and ``hand`` / ``index`` (the
hand's number from 1, the play's from 0) naming the first bad play; a record
whose hakems, results or scores are not what the replay gives is a
`HokmError` ``bad_record`` naming the field. The JSON Schema is `SCHEMA`.

>>> from kozyr.hokm import GreedyBot, Match, Phase
>>> match = Match(rng=5)
>>> bot = GreedyBot()
>>> while len(match.results) < 1:
...     seat = match.to_act
...     view = match.view(seat)
...     if view.phase is Phase.CHOOSE_TRUMP:
...         match.choose_trump(seat, bot.choose_trump(view))
...     else:
...         _ = match.play(seat, bot.play(view))
>>> record = to_record(match)
>>> len(record["hands"]), record["hands"][0]["result"] == {"tricks": list(match.results[0].tricks),
...     "winner": match.results[0].winner, "points": match.results[0].points}
(2, True)
>>> replay = from_record(loads(dumps(record)))
>>> replay.scores == match.scores, [h.deal_order for h in replay.hands] == [h.deal_order for h in match.hands]
(True, True)
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from kozyr import __version__
from kozyr.cards import ACE, RANKS, SUIT_LETTERS, card_name, parse_card, rank_of
from kozyr.errors import shown
from kozyr.files import parse_json, read_bytes, write_atomic
from kozyr.hokm.config import SEATS, FirstHakem, HokmConfig
from kozyr.hokm.errors import HokmError, IllegalPlay
from kozyr.hokm.hand import DECK, Hand, HandResult
from kozyr.hokm.match import Match
from kozyr.schema import mismatch, where

__all__ = ["FORMAT", "SCHEMA", "MAX_RECORD_BYTES", "MAX_HANDS", "Replay", "to_record", "from_record", "dumps", "loads",
           "save", "load"]

FORMAT = "kozyr-hokm-record/1"
#: The largest record file read: a match to 21 points with every hand won by a point is 41 hands of some 1.2 KB.
MAX_RECORD_BYTES = 1024 * 1024
#: The most hands a record holds: a match to 64 points won a point a hand is 127; a longer one is refused
#: before anything is replayed (a record's hands are what a replay of it costs).
MAX_HANDS = 128

_CARD = {"type": "string", "pattern": "^[2-9TJQKA][SHDC]$"}
_SEAT = {"enum": [0, 1, 2, 3]}
_TEAM = {"enum": [0, 1]}
_PAIR = {"type": "array", "prefixItems": [_SEAT, _CARD], "minItems": 2, "maxItems": 2}
_WHOLE = {"type": "integer", "minimum": 1}

SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$id": "https://kozyr.invalid/schemas/hokm-record-1.json",
    "title": "kozyr hokm game record",
    "type": "object",
    "required": ["format", "kozyr", "config", "ace_deal", "hands", "result"],
    "additionalProperties": False,
    "properties": {
        "format": {"const": FORMAT},
        "kozyr": {"type": "string", "pattern": "^[ -~]{1,40}$",
                  "description": "the kozyr version that wrote the record"},
        "config": {
            "type": "object",
            "description": "the table's HokmConfig; rank_strength lists the strengths of the ranks 2 to A",
            "required": ["rank_strength", "tricks_to_win", "points_win", "points_kot", "points_hakem_kot",
                         "match_target", "first_hakem"],
            "additionalProperties": False,
            "properties": {
                "rank_strength": {"type": "array", "items": {"type": "integer"}, "minItems": 13, "maxItems": 13},
                "tricks_to_win": {"type": "integer", "minimum": 1},
                "points_win": _WHOLE, "points_kot": _WHOLE, "points_hakem_kot": _WHOLE, "match_target": _WHOLE,
                "first_hakem": {"enum": [m.value for m in FirstHakem]},
            },
        },
        "ace_deal": {"type": "array", "items": _PAIR, "maxItems": 52,
                     "description": "the cards turned up, one to each seat in turn, until the first ace"},
        "hands": {
            "type": "array", "minItems": 1, "maxItems": MAX_HANDS,
            "items": {
                "type": "object",
                "required": ["hakem", "deck", "trump", "plays", "result"],
                "additionalProperties": False,
                "properties": {
                    "hakem": _SEAT,
                    "deck": {"type": "array", "items": _CARD, "minItems": 52, "maxItems": 52, "uniqueItems": True},
                    "trump": {"oneOf": [{"type": "null"}, {"enum": list(SUIT_LETTERS)}]},
                    "plays": {"type": "array", "items": _PAIR, "maxItems": 52},
                    "result": {"oneOf": [
                        {"type": "null", "description": "the hand is not over"},
                        {"type": "object", "required": ["tricks", "winner", "points"], "additionalProperties": False,
                         "properties": {"tricks": {"type": "array", "items": {"type": "integer", "minimum": 0},
                                                   "minItems": 2, "maxItems": 2},
                                        "winner": _TEAM, "points": _WHOLE}},
                    ]},
                },
            },
        },
        "result": {"oneOf": [
            {"type": "null", "description": "the match is not over"},
            {"type": "object", "required": ["scores", "winner"], "additionalProperties": False,
             "properties": {"scores": {"type": "array", "items": {"type": "integer", "minimum": 0},
                                       "minItems": 2, "maxItems": 2},
                            "winner": _TEAM}},
        ]},
    },
}


@dataclass(frozen=True)
class Replay:
    """A record played again: the configuration, the ace deal, every hand (each a `Hand`), the scores and winner."""

    config: HokmConfig
    ace_deal: tuple[tuple[int, int], ...]
    hands: tuple[Hand, ...]
    scores: tuple[int, int]
    winner: int | None

    @property
    def over(self) -> bool:
        return self.winner is not None


def to_record(match: Match) -> dict[str, Any]:
    """The record of `match` (a dict ready for json): every hand dealt so far, the last one as far as it went."""
    if not isinstance(match, Match):
        raise HokmError("bad_record", f"{shown(match)} is not a hokm Match", field="match", value=match)
    return {
        "format": FORMAT,
        "kozyr": __version__,
        "config": _config(match.config),
        "ace_deal": [[seat, card_name(c)] for seat, c in match.ace_deal],
        "hands": [_hand(hand) for hand in match.hands],
        "result": None if match.winner is None else {"scores": list(match.scores), "winner": match.winner},
    }


def _config(config: HokmConfig) -> dict[str, Any]:
    return {
        "rank_strength": [config.rank_strength[r] for r in RANKS],
        "tricks_to_win": config.tricks_to_win,
        "points_win": config.points_win,
        "points_kot": config.points_kot,
        "points_hakem_kot": config.points_hakem_kot,
        "match_target": config.match_target,
        "first_hakem": FirstHakem(config.first_hakem).value,
    }


def plays_of(hand: Hand) -> list[tuple[int, int]]:
    """Every card played in `hand` so far, as (seat, card) in order: the finished tricks, then the open one."""
    plays = [play for trick in hand.completed for play in trick.plays]
    return plays + list(hand.trick.plays)


def _hand(hand: Hand) -> dict[str, Any]:
    return {
        "hakem": hand.hakem,
        "deck": [card_name(c) for c in hand.deal_order],
        "trump": None if hand.trump is None else SUIT_LETTERS[hand.trump],
        "plays": [[seat, card_name(c)] for seat, c in plays_of(hand)],
        "result": _result(hand.result),
    }


def _result(result: HandResult | None) -> dict[str, Any] | None:
    """A hand's result as the record holds it: what to_record writes and from_record checks the replay against."""
    if result is None:
        return None
    return {"tricks": list(result.tricks), "winner": result.winner, "points": result.points}


def _bad(message: str, field: str, value: Any = None) -> HokmError:
    return HokmError("bad_record", message, field=field, value=value)


def _fields(data: Any, where: str, keys: list[str]) -> None:
    if not isinstance(data, dict):
        raise _bad(f"record {where} {shown(data)} is not an object", where, data)
    missing = [k for k in keys if k not in data]
    if missing:
        raise _bad(f"record {where} lacks {', '.join(missing)}", f"{where}.{missing[0]}")
    extra = sorted(str(k) for k in set(data) - set(keys))
    if extra:
        raise _bad(f"record {where} has unknown fields {', '.join(extra)}", f"{where}.{extra[0]}")


def _card(text: Any, where: str) -> int:
    if not isinstance(text, str):
        raise _bad(f"record {where}: {shown(text)} is not a card name", where, text)
    try:
        return int(parse_card(text))
    except ValueError:
        raise _bad(f"record {where}: {shown(text)} is not a card name", where, text) from None


def _pair(pair: Any, where: str) -> tuple[int, int]:
    if (not isinstance(pair, list) or len(pair) != 2 or isinstance(pair[0], bool)
            or pair[0] not in (0, 1, 2, 3)):
        raise _bad(f"record {where}: {shown(pair)} is not [seat 0..3, card name]", where, pair)
    return pair[0], _card(pair[1], where)


def _read_config(data: Any) -> HokmConfig:
    _fields(data, "config", SCHEMA["properties"]["config"]["required"])
    strengths = data["rank_strength"]
    if not isinstance(strengths, list) or len(strengths) != len(RANKS):
        raise _bad(f"record config.rank_strength {shown(strengths)} is not a list of 13 strengths (ranks 2 to A)",
                   "config.rank_strength", strengths)
    try:
        return HokmConfig(rank_strength=dict(zip(RANKS, strengths)),
                          **{k: v for k, v in data.items() if k != "rank_strength"})
    except HokmError as e:
        raise _bad(f"record config: {e.detail}", f"config.{getattr(e, 'field', '')}", getattr(e, "value", None)
                   ) from None


def _read_ace_deal(data: Any, config: HokmConfig) -> tuple[tuple[int, int], ...]:
    if not isinstance(data, list):
        raise _bad(f"record ace_deal {shown(data)} is not a list", "ace_deal", data)
    turned = tuple(_pair(p, f"ace_deal[{i}]") for i, p in enumerate(data))
    if config.first_hakem is FirstHakem.RANDOM:
        if turned:
            raise _bad("record ace_deal: a table whose first hakem is random turns no cards", "ace_deal", data)
        return turned
    if not turned:
        raise _bad("record ace_deal is empty: the first hakem is found by turning cards up to an ace",
                   "ace_deal", data)
    cards = [c for _, c in turned]
    if len(set(cards)) != len(cards):
        raise _bad("record ace_deal turns a card twice", "ace_deal", data)
    for i, (seat, c) in enumerate(turned):
        if seat != (turned[0][0] + i) % SEATS:
            raise _bad(f"record ace_deal[{i}]: seat {seat} is out of turn (one card to each seat in turn)",
                       f"ace_deal[{i}]", data[i])
        if (rank_of(c) == ACE) != (i == len(turned) - 1):
            raise _bad(f"record ace_deal[{i}]: the turning stops at the first ace, and only there",
                       f"ace_deal[{i}]", data[i])
    return turned


def _replay_hand(data: Any, n: int, hakem_due: int | None, scores: tuple[int, int], config: HokmConfig) -> Hand:
    """Hand `n` (from 1) of a record, played again; `hakem_due` is whom the rotation makes hakem (None: any)."""
    where = f"hands[{n - 1}]"
    _fields(data, where, SCHEMA["properties"]["hands"]["items"]["required"])
    hakem = data["hakem"]
    if isinstance(hakem, bool) or hakem not in (0, 1, 2, 3):
        raise _bad(f"record {where}.hakem {shown(hakem)} is not a seat 0..3", f"{where}.hakem", hakem)
    if hakem_due is not None and hakem != hakem_due:
        raise _bad(f"record {where}.hakem is seat {hakem}, but the rotation makes seat {hakem_due} hakem",
                   f"{where}.hakem", hakem)
    deck = data["deck"]
    if not isinstance(deck, list) or len(deck) != 52:
        raise _bad(f"record {where}.deck is not a list of the 52 cards", f"{where}.deck", deck)
    order = [_card(c, f"{where}.deck[{i}]") for i, c in enumerate(deck)]
    if set(order) != set(DECK):
        raise _bad(f"record {where}.deck does not hold each of the 52 cards once", f"{where}.deck", deck)
    try:
        hand = Hand(hakem, config=config, deck=order, scores=scores, hand_number=n)
    except HokmError as e:   # a configuration a hand cannot be played with (a rank that can never win)
        raise _bad(f"record config: {e.detail}", "config", getattr(e, "value", None)) from None
    trump, plays = data["trump"], data["plays"]
    if not isinstance(plays, list):
        raise _bad(f"record {where}.plays {shown(plays)} is not a list", f"{where}.plays", plays)
    if trump is None:
        if plays:
            raise _bad(f"record {where} plays cards before trump is named", f"{where}.trump", trump)
    else:
        if not isinstance(trump, str) or len(trump) != 1 or trump not in SUIT_LETTERS:
            raise _bad(f"record {where}.trump {shown(trump)} is not one of S, H, D, C", f"{where}.trump", trump)
        hand.choose_trump(hakem, SUIT_LETTERS.index(trump))
    for i, pair in enumerate(plays):
        seat, card = _pair(pair, f"{where}.plays[{i}]")
        try:
            hand.play(seat, card)
        except IllegalPlay as e:
            raise IllegalPlay(e.code, f"record hand {n} play {i}: {e.detail}", hand=n, index=i, seat=seat,
                              card=card) from None
    replayed = _result(hand.result)
    if data["result"] != replayed:
        raise _bad(f"record {where}.result {shown(data['result'])} is not the replay's {shown(replayed)}",
                   f"{where}.result", data["result"])
    return hand


def from_record(data: Any) -> Replay:
    """The match a record describes, every hand replayed on `Hand` (the refusals are in the module's note)."""
    if not isinstance(data, dict):
        raise _bad(f"a record is a JSON object, not {shown(data)}", "record", data)
    _fields(data, "record", SCHEMA["required"])
    _schema(data)
    if data["format"] != FORMAT:
        raise _bad(f"record format {shown(data['format'])} is not {FORMAT!r}", "format", data["format"])
    config = _read_config(data["config"])
    ace_deal = _read_ace_deal(data["ace_deal"], config)
    hands_data = data["hands"]
    if not isinstance(hands_data, list) or not hands_data:
        raise _bad(f"record hands {shown(hands_data)} is not a list of at least one hand", "hands", hands_data)
    scores = [0, 0]
    winner: int | None = None
    hakem_due: int | None = ace_deal[-1][0] if ace_deal else None
    hands: list[Hand] = []
    for n, item in enumerate(hands_data, 1):
        if winner is not None:
            raise _bad(f"record hands[{n - 1}]: the match was over after hand {n - 1}", f"hands[{n - 1}]")
        if hands and hands[-1].result is None:
            raise _bad(f"record hands[{n - 1}]: hand {n - 1} is not over", f"hands[{n - 2}].result")
        hand = _replay_hand(item, n, hakem_due, (scores[0], scores[1]), config)
        hands.append(hand)
        if hand.result is not None:
            scores[hand.result.winner] += hand.result.points
            if scores[hand.result.winner] >= config.match_target:
                winner = hand.result.winner
            hakem_due = hand.result.next_hakem
    replayed = None if winner is None else {"scores": scores, "winner": winner}
    if data["result"] != replayed:
        raise _bad(f"record result {shown(data['result'])} is not the replay's {shown(replayed)}", "result",
                   data["result"])
    return Replay(config=config, ace_deal=ace_deal, hands=tuple(hands), scores=(scores[0], scores[1]),
                  winner=winner)


def _schema(data: dict[str, Any]) -> None:
    """`data` held to SCHEMA before anything is replayed: a whole number is an int (a bool or a float is
    refused, as in durak's records), and the lists and strings are bounded (MAX_HANDS, 52 plays a hand)."""
    miss = mismatch(data, SCHEMA)
    if miss is None:
        return
    if miss.path[:1] == ("hands",) and miss.message.startswith("has ") and len(miss.path) == 1:
        raise _bad(f"record hands: {len(data['hands']):,} hands; a record holds at most {MAX_HANDS} hands",
                   "hands", len(data["hands"]))
    path = miss.path
    if len(path) >= 2 and isinstance(path[-1], int) and (isinstance(path[-2], int) or path[-2] == "deck"):
        path = path[:-1]          # the field is the pair [seat, card], or the deck, as the replay names them
    field = "".join(f"[{step}]" if isinstance(step, int) else f".{step}" for step in path).lstrip(".")
    raise _bad(f"record {where(miss.path) or 'object'}: {miss.message}", field or "record")


def dumps(record: dict[str, Any]) -> str:
    """The record as JSON text: the hands one a line each, readable in a diff."""
    head = {k: v for k, v in record.items() if k != "hands"}
    hands = ",\n".join("    " + json.dumps(h, ensure_ascii=False) for h in record["hands"])
    text = json.dumps(head, ensure_ascii=False, indent=2)
    return text[:-2] + ',\n  "hands": [\n' + hands + "\n  ]\n}\n"


def loads(text: str | bytes) -> Any:
    """A record from JSON text, read bounded (`kozyr.files.parse_json`): `bad_record` when it is not JSON, is
    too deep, has a number of too many digits or a key twice. The record itself is checked by `from_record`."""
    return parse_json(text, label="record", code="bad_record", error=HokmError)


def save(match: Match, path: str) -> None:
    """Write `match`'s record to the file `path`, whole or not at all (`bad_file` if it cannot be written)."""
    write_atomic(path, dumps(to_record(match)), label=f"record {path!r}", error=HokmError)


def load(path: str) -> Replay:
    """The match of the record in the file `path`, replayed (the refusals of `from_record`; `bad_file`)."""
    return from_record(loads(read_bytes(path, label=f"record {path!r}", limit=MAX_RECORD_BYTES, error=HokmError)))
