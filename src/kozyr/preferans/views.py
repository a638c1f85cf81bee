"""What one seat may see of a preferans deal: the :class:`View`.

A bot is handed a view and nothing else, so it is blind by construction: a view holds the seat's own cards,
the hands that are open, the talon cards turned face up, the calls, the tricks played (played cards are
public) and, for the declarer alone, his discard — never another seat's hidden cards, a talon card still face
down, the shuffled order or the seed. Every seat has a view, the dealer sitting out of a four-player deal
included (he sees what is public and holds nothing).

The fields are Python values (cards as card ints or a :class:`CardSet`, contracts as :class:`Contract`,
calls as :class:`Call`, legal moves as :class:`Move`); :meth:`View.to_json` is the JSON object two engines
agree on, key for key, and :meth:`View.from_json` reads one back, checked against :data:`VIEW_SCHEMA` and
refused (``bad_view``) unless it is exactly the form ``to_json`` writes.

A map keyed by seat (``counts``, ``open_hands``, ``won``) lists the seats in seat order.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from kozyr.cards import CardSet, card_name
from kozyr.preferans._frozen import FrozenMap
from kozyr.preferans.contracts import Contract
from kozyr.preferans.deal import Call, Deal
from kozyr.preferans.errors import PreferansError
from kozyr.preferans.jsonforms import (
    CALL,
    CARD,
    CONTRACT,
    DEAL_SCHEMA,
    SEAT,
    card_of,
    cards_json,
    cards_of,
    cards_schema,
    checked_document,
    contract_of,
    deal_from_json,
    deal_to_json,
    seat_keyed,
    seat_map,
    seat_map_of,
)
from kozyr.preferans.moves import Move

__all__ = ["PHASES", "CurrentTrick", "Trick", "View", "VIEW_SCHEMA", "PARAMS_SCHEMA"]

PHASES = ("auction", "talon", "naming", "whisting", "defence", "play", "over")
"""The phases of a deal, in the order a deal passes through them."""


@dataclass(frozen=True, slots=True)
class CurrentTrick:
    """The trick in progress: the seat that plays first to it (also when a talon card leads it), the talon
    card that leads it or None, and the cards played so far as (the seat whose hand it left, card)."""

    leader: int
    talon: int | None
    plays: tuple[tuple[int, int], ...]

    def to_json(self) -> dict[str, Any]:
        return {"leader": self.leader, "talon": None if self.talon is None else card_name(self.talon),
                "plays": _plays_json(self.plays)}


@dataclass(frozen=True, slots=True)
class Trick:
    """A finished trick: the talon card that led it or None, its three plays in play order as (the seat
    whose hand the card left, card), and the seat that won it."""

    talon: int | None
    plays: tuple[tuple[int, int], ...]
    winner: int

    def to_json(self) -> dict[str, Any]:
        return {"talon": None if self.talon is None else card_name(self.talon),
                "plays": _plays_json(self.plays),
                "winner": self.winner}


@dataclass(frozen=True, slots=True)
class View:
    """One seat's view of a deal. The fields are the keys of the JSON form; see the module's docstring."""

    seat: int
    ply: int
    phase: str
    actor: int | None
    dealer: int
    active: tuple[int, int, int]
    params: FrozenMap[str, str | bool]
    min_level: int
    auction: tuple[tuple[int, Contract | None], ...]
    declarer: int | None
    bid: Contract | None
    contract: Contract | None
    trump: int | None
    talon: tuple[int, ...]
    discard: tuple[int, ...]
    calls: tuple[tuple[int, Call], ...]
    defence: str | None
    hand: CardSet
    counts: FrozenMap[int, int]
    open_hands: FrozenMap[int, CardSet]
    controls: tuple[int, ...]
    trick: CurrentTrick | None
    tricks: tuple[Trick, ...]
    won: FrozenMap[int, int]
    legal: tuple[Move, ...]
    over: bool
    deal: Deal | None

    def to_json(self) -> dict[str, Any]:
        """The view as a JSON object of plain JSON types, with exactly the view's keys."""
        return {
            "seat": self.seat,
            "ply": self.ply,
            "phase": self.phase,
            "actor": self.actor,
            "dealer": self.dealer,
            "active": list(self.active),
            "params": dict(self.params),
            "min_level": self.min_level,
            "auction": [[s, "pass" if c is None else str(c)] for s, c in self.auction],
            "declarer": self.declarer,
            "bid": None if self.bid is None else str(self.bid),
            "contract": None if self.contract is None else str(self.contract),
            "trump": self.trump,
            "talon": cards_json(self.talon),
            "discard": cards_json(self.discard),
            "calls": [[s, c.value] for s, c in self.calls],
            "defence": self.defence,
            "hand": cards_json(self.hand),
            "counts": seat_map(self.counts),
            "open_hands": {str(s): cards_json(h) for s, h in self.open_hands.items()},
            "controls": list(self.controls),
            "trick": None if self.trick is None else self.trick.to_json(),
            "tricks": [t.to_json() for t in self.tricks],
            "won": seat_map(self.won),
            "legal": [str(m) for m in self.legal],
            "over": self.over,
            "deal": None if self.deal is None else deal_to_json(self.deal),
        }

    def _repr_svg_(self) -> str:
        """The position as a picture, for notebooks (`kozyr.svg.preferans_svg`)."""
        from kozyr.svg import preferans_svg

        return preferans_svg(self)

    @classmethod
    def from_json(cls, value: Any) -> View:
        """A view read back from its JSON form; ``bad_view`` when it does not fit :data:`VIEW_SCHEMA` or is
        not exactly the form :meth:`to_json` writes (cards out of reference order, a move not in canonical
        text, ...). It checks the form, not that some deal could have produced the view."""
        checked_document(value, VIEW_SCHEMA, "view", "bad_view")
        try:
            view = cls(
                seat=value["seat"], ply=value["ply"], phase=value["phase"], actor=value["actor"],
                dealer=value["dealer"], active=tuple(value["active"]), params=FrozenMap(value["params"]),
                min_level=value["min_level"],
                auction=tuple((s, None if c == "pass" else contract_of(c)) for s, c in value["auction"]),
                declarer=value["declarer"], bid=contract_of(value["bid"]), contract=contract_of(value["contract"]),
                trump=value["trump"], talon=cards_of(value["talon"]), discard=cards_of(value["discard"]),
                calls=tuple((s, Call(c)) for s, c in value["calls"]), defence=value["defence"],
                hand=CardSet(cards_of(value["hand"])),
                counts=FrozenMap(sorted(seat_map_of(value["counts"]).items())),
                open_hands=FrozenMap(sorted((s, CardSet(cards_of(h))) for s, h in
                                            seat_map_of(value["open_hands"]).items())),
                controls=tuple(value["controls"]),
                trick=None if value["trick"] is None else CurrentTrick(
                    value["trick"]["leader"], _talon_card(value["trick"]["talon"]),
                    tuple((s, card_of(c)) for s, c in value["trick"]["plays"])),
                tricks=tuple(Trick(_talon_card(t["talon"]), tuple((s, card_of(c)) for s, c in t["plays"]),
                                   t["winner"]) for t in value["tricks"]),
                won=FrozenMap(sorted(seat_map_of(value["won"]).items())),
                legal=tuple(Move.parse(m) for m in value["legal"]),
                over=value["over"],
                deal=None if value["deal"] is None else deal_from_json(value["deal"], where_="view.deal",
                                                                        code="bad_view"),
            )
        except PreferansError as exc:
            if exc.code == "bad_view":
                raise
            raise PreferansError("bad_view", f"view: {exc.reason}", field="view", value=exc.code) from None
        if view.to_json() != value:
            raise PreferansError("bad_view", "view: not the form a view is written in (order, spelling or "
                                 "canonical text differ)", field="view")
        return view


def _plays_json(plays: tuple[tuple[int, int], ...]) -> list[list[Any]]:
    return [[s, card_name(c)] for s, c in plays]


def _talon_card(text: str | None) -> int | None:
    return None if text is None else card_of(text)


_PLAY = {"type": "array", "prefixItems": [SEAT, CARD], "minItems": 2, "maxItems": 2}

PARAMS_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["raspasy_talon", "ten_checked", "lone_whist", "stalingrad", "half_whist"],
    "additionalProperties": False,
    "properties": {
        "raspasy_talon": {"enum": ["first_hand", "winner", "none"]},
        "ten_checked": {"type": "boolean"},
        "lone_whist": {"enum": ["choice", "open", "closed"]},
        "stalingrad": {"type": "boolean"},
        "half_whist": {"type": "boolean"},
    },
}
"""The five play parameters by name."""

_NULL = {"type": "null"}
_COUNT = {"type": "integer", "minimum": 0}

VIEW_SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "kozyr preferans view",
    "type": "object",
    "required": ["seat", "ply", "phase", "actor", "dealer", "active", "params", "min_level", "auction", "declarer",
                 "bid", "contract", "trump", "talon", "discard", "calls", "defence", "hand", "counts",
                 "open_hands", "controls", "trick", "tricks", "won", "legal", "over", "deal"],
    "additionalProperties": False,
    "properties": {
        "seat": SEAT,
        "ply": _COUNT,
        "phase": {"enum": list(PHASES)},
        "actor": {"oneOf": [_NULL, SEAT]},
        "dealer": SEAT,
        "active": {"type": "array", "items": SEAT, "minItems": 3, "maxItems": 3, "uniqueItems": True},
        "params": PARAMS_SCHEMA,
        "min_level": {"enum": [6, 7, 8, 9, 10]},
        "auction": {"type": "array", "maxItems": 64, "items": {
            "type": "array", "minItems": 2, "maxItems": 2,
            "prefixItems": [SEAT, {"oneOf": [{"const": "pass"}, CONTRACT]}]}},
        "declarer": {"oneOf": [_NULL, SEAT]},
        "bid": {"oneOf": [_NULL, CONTRACT]},
        "contract": {"oneOf": [_NULL, CONTRACT]},
        "trump": {"enum": [None, 0, 1, 2, 3]},
        "talon": cards_schema(2),
        "discard": cards_schema(2),
        "calls": {"type": "array", "maxItems": 3, "items": {
            "type": "array", "minItems": 2, "maxItems": 2, "prefixItems": [SEAT, CALL]}},
        "defence": {"enum": [None, "closed", "open"]},
        "hand": cards_schema(12),
        "counts": seat_keyed(_COUNT),
        "open_hands": seat_keyed(cards_schema(10)),
        "controls": {"type": "array", "items": SEAT, "maxItems": 2, "uniqueItems": True},
        "trick": {"oneOf": [_NULL, {
            "type": "object", "required": ["leader", "talon", "plays"], "additionalProperties": False,
            "properties": {"leader": SEAT, "talon": {"oneOf": [_NULL, CARD]},
                           "plays": {"type": "array", "items": _PLAY, "maxItems": 2}}}]},
        "tricks": {"type": "array", "maxItems": 10, "items": {
            "type": "object", "required": ["talon", "plays", "winner"], "additionalProperties": False,
            "properties": {"talon": {"oneOf": [_NULL, CARD]},
                           "plays": {"type": "array", "items": _PLAY, "minItems": 3, "maxItems": 3},
                           "winner": SEAT}}},
        "won": seat_keyed(_COUNT),
        "legal": {"type": "array", "maxItems": 66, "items": {"type": "string", "title": "move"}},
        "over": {"type": "boolean"},
        "deal": {"oneOf": [_NULL, DEAL_SCHEMA]},
    },
}
"""The JSON Schema of a view's JSON form."""
