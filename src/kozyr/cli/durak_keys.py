"""Keys of the durak terminal game (`kozyr play`): which key plays which move, and back.

The table numbers your hand and the prompt accepts those numbers, so the
numbering is one function both sides call (`kozyr.durak.narration.hand_order`);
a key that the screen shows is then always the key the parser accepts. Parsing never touches a game:
it turns text plus a view into a move, a command or a refusal, so a bad key
cannot change the deal.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from kozyr.cards import pretty
from kozyr.durak import DONE, SWAP, TAKE, Move, View
from kozyr.durak.narration import hand_order

# The one-letter keys of the card-less moves, and the commands that are not moves.
MOVE_KEYS: dict[str, Move] = {"t": TAKE, "d": DONE, "x": SWAP}
# `?` is the hint key of both terminal games (hokm uses h for hearts); durak keeps `h` as another name for it
COMMANDS = {"?": "hint", "h": "hint", "r": "resign", "q": "quit"}
# perevodnoy: a card number after p transfers that card, after s shows it (a number alone beats with it)
PASS_KEYS = {"p": "transfer", "s": "show"}


@dataclass(frozen=True)
class Command:
    """A key that asks the program for something other than a move (hint, resign, quit)."""

    name: str


@dataclass(frozen=True)
class Refusal:
    """A key that does nothing, with the short reason shown before the prompt again."""

    message: str


Choice = Move | Command | Refusal


def card_move(view: View, card: int) -> Move:
    """The move a card number means now: a beat when defending, else an attack (throw-in)."""
    return Move("beat" if view.phase == "defend" else "attack", card)


def move_key(view: View, move: Move) -> str:
    """The key that plays `move` from `view` (its hand number for a card move; `p3` transfers card 3, `s3`
    shows it)."""
    if move.card is not None:
        number = str(hand_order(view.hand, view.trump).index(move.card) + 1)
        if move.kind in ("transfer", "show"):
            return move.kind[0].replace("t", "p") + number
        return number
    for key, known in MOVE_KEYS.items():
        if known == move:
            return key
    return move.kind  # resign is never listed as legal; kept for completeness


def legal_keys(view: View) -> list[str]:
    """The keys of the legal moves, numbers first in hand order, then transfers (p3) and shows (s3), then
    t, d, x."""
    keys = [move_key(view, m) for m in view.legal]
    numbers = sorted((k for k in keys if k.isdigit()), key=int)
    passes = sorted((k for k in keys if k[:1] in PASS_KEYS), key=lambda k: (k[0] != "p", int(k[1:])))
    return numbers + passes + [k for k in MOVE_KEYS if k in keys]


def parse_key(text: str, view: View, name: Callable[[int], str] = pretty) -> Choice:
    """What a line typed at the prompt means in `view`; never raises for bad text.

    `name` writes a card in refusals, so ASCII mode stays ASCII.
    """
    key = text.strip().lower()
    if key in COMMANDS:
        return Command(COMMANDS[key])
    if key in MOVE_KEYS:
        move = MOVE_KEYS[key]
        return move if move in view.legal else Refusal(_why_not(view, move, name))
    if key.isdigit():
        order = hand_order(view.hand, view.trump)
        number = int(key)
        if not 1 <= number <= len(order):
            return Refusal(f"No card numbered {key}: your cards are 1 to {len(order)}.")
        move = card_move(view, order[number - 1])
        return move if move in view.legal else Refusal(_why_not(view, move, name))
    if key[:1] in PASS_KEYS and key[1:].isdigit() and view.rules.variant == "perevodnoy":
        order = hand_order(view.hand, view.trump)
        number = int(key[1:])
        if not 1 <= number <= len(order):
            return Refusal(f"No card numbered {key[1:]}: your cards are 1 to {len(order)}.")
        move = Move(PASS_KEYS[key[0]], order[number - 1])
        return move if move in view.legal else Refusal(_why_not(view, move, name))
    if not key:
        return Refusal("Type a card number or a key, then Enter.")
    passes = " p# s#" if view.rules.variant == "perevodnoy" else ""
    return Refusal(f"{text.strip()[:12]!r} is not a key: a card number,{passes} t d x, ? hint, r resign, q quit.")


def _why_not(view: View, move: Move, name: Callable[[int], str]) -> str:
    """A one-line reason why a move you asked for is not legal now."""
    if move.kind == "take":
        return "You can take only when defending."
    if move.kind == "done":
        if view.phase == "defend":
            return "You are defending: beat the card or take (t)."
        return "Play a card first: done (d) ends a bout that has cards."
    if move.kind == "swap":
        return "No exchange: you need the trump six while the turn-up is still in the talon."
    assert move.card is not None
    card = name(move.card)
    if move.kind in ("transfer", "show"):
        word = "transfer" if move.kind == "transfer" else "show"
        if view.phase != "defend":
            return f"You can {word} only when defending."
        if move.kind == "show" and not view.rules.show_trump:
            return "This table does not play shows (no --show-trump)."
        return (f"No {word} with {card}: it needs the rank on the table, no card beaten yet, "
                f"{'a trump not shown yet, ' if move.kind == 'show' else ''}and a next player who can take it on.")
    if move.kind == "beat":
        to_beat = view.bout.to_beat
        return f"{card} does not beat {name(to_beat)}." if to_beat is not None else f"{card} beats nothing."
    if view.phase == "defend":
        return "You are defending: beat the card or take (t)."
    if view.bout.size >= view.bout.cap:
        return f"The bout is full ({view.bout.cap} cards): done (d)."
    return f"No {card[:-1]} on the table: throw in only ranks already played."
