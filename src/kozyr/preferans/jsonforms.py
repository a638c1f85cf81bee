"""The JSON forms a deal's view and its record share: cards, seat maps, contracts and the scorer's ``Deal``.

In a view and a record seats are ints, cards are names (``TD``), contracts are canonical text (``6S``,
``misere``), a map keyed by seat uses the seat in decimal as its key (``"0"``) and none is null. The pieces
of JSON Schema here are the one home of those rules: the view's schema and the record's are built from them,
and reading either checks a document against its schema (:mod:`kozyr.schema`) before building anything.

The record's ``deal`` is the arguments that build the scorer's :class:`Deal`, with names rather than seats
(null for an argument not passed); :func:`deal_to_json` and :func:`deal_from_json` are its two directions.

>>> from .deal import Deal
>>> d = Deal.raspasy({"A": 1, "B": 5, "C": 4}, players=("A", "B", "C"), dealer="C")
>>> deal_to_json(d)["tricks"], deal_from_json(deal_to_json(d)) == d
({'A': 1, 'B': 5, 'C': 4}, True)
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from kozyr.cards import card_name
from kozyr.errors import shown
from kozyr.preferans.contracts import Contract
from kozyr.preferans.deal import Deal
from kozyr.preferans.errors import PreferansError
from kozyr.preferans.moves import card_word, contract_word
from kozyr.schema import mismatch, where

__all__ = ["CARD", "CONTRACT", "SEAT", "CALL", "DEAL_SCHEMA", "cards_json", "cards_of", "card_of", "contract_of",
           "seat_map", "seat_map_of", "deal_to_json", "deal_from_json", "checked_document"]

MAX_SEAT = 3
SEAT: dict[str, Any] = {"enum": [0, 1, 2, 3], "title": "seat"}
CARD: dict[str, Any] = {"type": "string", "pattern": "^[789TJQKA][SHDC]$", "title": "card"}
CONTRACT: dict[str, Any] = {"type": "string", "pattern": "^(misere|([6-9]|10)(S|C|D|H|NT))$", "title": "contract"}
CALL: dict[str, Any] = {"enum": ["pass", "whist", "half-whist"], "title": "call"}
NAME: dict[str, Any] = {"type": "string", "title": "name"}


def cards_schema(most: int) -> dict[str, Any]:
    """A list of at most ``most`` distinct card names."""
    return {"type": "array", "items": CARD, "maxItems": most, "uniqueItems": True}


def seat_keyed(value: dict[str, Any]) -> dict[str, Any]:
    """An object keyed by seat in decimal (``"0"`` .. ``"3"``), each value of the form ``value``."""
    return {"type": "object", "additionalProperties": False,
            "properties": {str(s): value for s in range(MAX_SEAT + 1)}}


DEAL_SCHEMA: dict[str, Any] = {
    "type": "object",
    "description": "the arguments that build the scorer's Deal, with names (null: not passed)",
    "required": ["players", "dealer", "raspasy", "declarer", "contract", "calls", "tricks", "open", "whist_order"],
    "additionalProperties": False,
    "properties": {
        "players": {"type": "array", "items": NAME, "minItems": 3, "maxItems": 4},
        "dealer": NAME,
        "raspasy": {"type": "boolean"},
        "declarer": {"type": ["string", "null"]},
        "contract": {"oneOf": [{"type": "null"}, CONTRACT]},
        "calls": {"type": ["object", "null"]},
        "tricks": {"type": ["object", "null"]},
        "open": {"type": ["boolean", "null"]},
        "whist_order": {"oneOf": [{"type": "null"}, {"type": "array", "items": NAME, "minItems": 2, "maxItems": 2}]},
    },
}
"""The JSON Schema of a record's (and a finished view's) ``deal``."""


def cards_json(cards: Iterable[int]) -> list[str]:
    """Card ints as names, in the order given."""
    return [card_name(c) for c in cards]


def card_of(text: str) -> int:
    """A card name of a checked document (the schema's pattern has matched it)."""
    card = card_word(text)
    assert card is not None, text
    return card


def cards_of(texts: Iterable[str]) -> tuple[int, ...]:
    return tuple(card_of(t) for t in texts)


def contract_of(text: str | None) -> Contract | None:
    if text is None:
        return None
    contract = contract_word(text)
    assert contract is not None, text
    return contract


def seat_map(values: Mapping[int, Any]) -> dict[str, Any]:
    """A map keyed by seat as JSON: decimal keys."""
    return {str(s): v for s, v in values.items()}


def seat_map_of(value: Mapping[str, Any]) -> dict[int, Any]:
    """A checked JSON seat map back to int keys."""
    return {int(k): v for k, v in value.items()}


def deal_to_json(deal: Deal) -> dict[str, Any]:
    """The record's ``deal``: the arguments that build ``deal``, with names; null for one not passed."""
    raspasy = deal.is_raspasy
    played_game = not raspasy and deal.contract is not None and not deal.contract.is_misere
    return {
        "players": list(deal.players),
        "dealer": deal.dealer,
        "raspasy": raspasy,
        "declarer": deal.declarer,
        "contract": None if deal.contract is None else str(deal.contract),
        "calls": {p: c.value for p, c in deal.calls.items()} if deal.calls else None,
        "tricks": dict(deal.tricks) if deal.tricks else None,
        "open": deal.open if played_game else None,
        "whist_order": list(deal.whist_order) if deal.whist_order else None,
    }


def deal_from_json(value: Any, *, where_: str = "deal", code: str = "bad_record") -> Deal:
    """The :class:`Deal` of a record's ``deal``; refused (``code``) when it does not fit :data:`DEAL_SCHEMA`,
    when the scorer refuses it, or when it is not in the one form :func:`deal_to_json` writes (an argument
    given that such a deal never passes)."""
    checked_document(value, DEAL_SCHEMA, where_, code)
    try:
        if value["raspasy"]:
            deal = Deal.raspasy(value["tricks"], players=value["players"], dealer=value["dealer"])
        else:
            deal = Deal(value["players"], dealer=value["dealer"], declarer=value["declarer"],
                        contract=value["contract"], calls=value["calls"], tricks=value["tricks"],
                        open=bool(value["open"]), whist_order=value["whist_order"])
    except PreferansError as exc:
        raise PreferansError(code, f"{where_}: the scorer refuses it: {exc.reason}", field=where_,
                             value=exc.code) from None
    if deal_to_json(deal) != value:
        raise PreferansError(code, f"{where_}: {shown(value)} is not the form a deal is written in",
                             field=where_, value=value)
    return deal


def checked_document(value: Any, schema: dict[str, Any], label: str, code: str) -> None:
    """``value`` fits ``schema``, or one refusal (``code``) naming the place where it does not."""
    miss = mismatch(value, schema)
    if miss is not None:
        place = where(miss.path)
        raise PreferansError(code, f"{label}{'.' + place if place and not place.startswith('[') else place}: "
                             f"{miss.message}", field=label, value=place)
