"""How a durak deal reads in words, from one seat: a move, what it caused, a hint, the verdict, the hand's order.

The terminal game (`kozyr play`) prints these sentences and the web table shows the same ones, so they live
in the library, below both faces. Everything here is a pure function of a seat's `View` and the events of a
move, so it cannot say what the seat may not see. Cards are written through a `kozyr.cardtext.CardText`
(suit symbols or letters); "you" is the view's seat, the other seat of a two-seat game is "the bot", and a
seat at a table of more is "seat 3".
"""
from __future__ import annotations

import unicodedata
from collections.abc import Sequence

from kozyr.cards import CardSet, rank_of, suit_of
from kozyr.cardtext import CardText
from kozyr.durak.events import Event
from kozyr.durak.moves import Move
from kozyr.durak.views import View

__all__ = ["who", "verb", "seat_list", "narrate", "verdict", "move_phrase", "hand_order", "LINE"]

LINE = 80  # narration is packed into lines of at most this many columns (the terminal's width)


def hand_order(hand: CardSet, trump: int) -> list[int]:
    """Your hand as the table shows it: by suit, trumps last, then by rank upwards.

    Trumps go last because they are the cards a player keeps back; the other
    suits keep the encoding's order (spades, hearts, diamonds, clubs). The
    terminal numbers its keys in this order and the web lays the hand out in it.
    """
    return sorted(hand, key=lambda c: (suit_of(c) == trump, suit_of(c), rank_of(c)))


def who(seat: int, you: int, n: int = 2) -> str:
    """`You`, `The bot` (two seats) or `Seat 3` (a table of more)."""
    if seat == you:
        return "You"
    return "The bot" if n == 2 else f"Seat {seat}"


def verb(seat: int, you: int, plain: str, third: str, n: int = 2) -> str:
    """`You take` / `The bot takes` / `Seat 3 takes`: the verb agreeing with the seat."""
    return f"{who(seat, you, n)} {plain if seat == you else third}"


def seat_list(seats: Sequence[int], you: int) -> str:
    """`you, seat 3 and seat 0`: seats named in the order given."""
    names = ["you" if s == you else f"seat {s}" for s in seats]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def narrate(events: Sequence[Event], before: View, after: View, look: CardText) -> list[str]:
    """The sentences telling one move and what it caused, as seen from `before.seat`.

    `before` supplies what an event leaves out (the card a beat answered, the
    bout's attacker for the order of drawing); the automatic take writes no
    event of its own, so it is read from the bout turning taken without a
    `take` event. A transfer or a show hands the defence on (its event names
    the new defender), so the defender is followed through the events.
    """
    you = before.seat
    n = len(before.counts)
    kinds = [e.kind for e in events]
    thrown = [e.card for e in events if e.kind in ("attack", "transfer") and e.card is not None]
    forced = not before.bout.taken and "take" not in kinds and (
        after.bout.taken or any(e.kind == "bout_end" and e.taken for e in events))
    defender = before.bout.defender
    phrases: list[str] = []
    for event in events:
        if event.kind in ("transfer", "show") and event.to is not None:
            defender = event.to
        if forced and event.kind == "bout_end":
            continue
        phrase = _phrase(event, before, look, you, defender, n)
        if phrase:
            phrases.append(phrase)
    if forced:
        card = look.card(thrown[-1]) if thrown else "it"
        taken = [e.cards or 0 for e in events if e.kind == "bout_end"]
        then = f"take{'s' if defender != you else ''} {_cards(taken[0])}" if taken else "must take"
        at = next((i + 1 for i, e in enumerate(events) if e.kind in ("attack", "transfer", "show")), 0)
        phrases.insert(min(at, len(phrases)), f"{who(defender, you, n)} cannot beat {card} and {then}")
    return _pack(phrases)


def _cards(n: int) -> str:
    return f"{n} card{'s' if n != 1 else ''}"


def _phrase(event: Event, before: View, look: CardText, you: int, defender: int | None = None, n: int = 2) -> str:
    """One event as a clause, or '' for an event not worth a word (an empty refill)."""
    kind, seat = event.kind, event.seat
    if kind == "attack" and seat is not None and event.card is not None:
        if before.bout.size == 0:
            return f"{verb(seat, you, 'lead', 'leads', n)} {look.card(event.card)}"
        return f"{verb(seat, you, 'throw', 'throws', n)} in {look.card(event.card)}"
    if kind == "beat" and seat is not None and event.card is not None:
        target = before.bout.to_beat
        beaten = look.card(target) if target is not None else "the card"
        return f"{verb(seat, you, 'beat', 'beats', n)} {beaten} with {look.card(event.card)}"
    if kind in ("transfer", "show") and seat is not None and event.card is not None and event.to is not None:
        to = "you" if event.to == you else ("the bot" if n == 2 else f"seat {event.to}")
        if kind == "transfer":
            return f"{verb(seat, you, 'transfer', 'transfers', n)} the bout to {to} with {look.card(event.card)}"
        return f"{verb(seat, you, 'show', 'shows', n)} the trump {look.card(event.card)}: the bout passes to {to}"
    if kind == "take" and seat is not None:
        return f"{verb(seat, you, 'give', 'gives', n)} up and will take"
    if kind == "done" and seat is not None:
        return f"{verb(seat, you, 'are', 'is', n)} done"
    if kind == "swap" and seat is not None and event.card is not None:
        six = 16 * before.trump + before.rules.low_rank
        return (f"{verb(seat, you, 'exchange', 'exchanges', n)} {look.card(six)} for the turn-up "
                f"{look.card(event.card)}")
    if kind == "resign" and seat is not None:
        return f"{verb(seat, you, 'resign', 'resigns', n)}"
    if kind == "bout_end":
        return _bout_end(event, before, you, before.bout.defender if defender is None else defender, n)
    if kind == "refill":
        return _refill(event, before, you, before.bout.defender if defender is None else defender, n)
    if kind == "out" and seat is not None:
        return f"{verb(seat, you, 'are', 'is', n)} out of cards"
    # game_end is not narrated: the verdict is the deal's closing line, said once
    return ""


def _bout_end(event: Event, before: View, you: int, defender: int, n: int = 2) -> str:
    cards = event.cards or 0
    if event.taken:
        return f"{verb(defender, you, 'take', 'takes', n)} {_cards(cards)}"
    why = {"exhausted": " (nothing to throw in)", "capped": " (bout full)"}.get(event.how or "", "")
    return f"Bout beaten off{why}: {_cards(cards)} to the heap"


def _refill(event: Event, before: View, you: int, defender: int | None = None, n: int = 2) -> str:
    drawn = event.drawn or (0,) * n
    if n == 2 and before.bout.leader == before.bout.attacker:
        first = before.bout.attacker  # the attacker of the bout just closed draws first
        order = [first, 1 - first]
    else:   # the leader first, then clockwise, the defender last
        defender = before.bout.defender if defender is None else defender
        lead = before.bout.leader
        order = [s for s in ((lead + k) % n for k in range(n)) if s != defender] + [defender]
    parts = [f"{verb(seat, you, 'draw', 'draws', n)} {drawn[seat]}" for seat in order if drawn[seat]]
    if not parts:
        return ""
    parts = [parts[0]] + [p[0].lower() + p[1:] for p in parts[1:]]
    left = "the talon is empty" if event.talon == 0 else f"{event.talon} left in the talon"
    return f"{' and '.join(parts)}; {left}"


def verdict(outcome: str | None, fool: int | None, you: int, losers: Sequence[int] = (), n: int = 2) -> str:
    """Who is the fool, or a draw: the sentence the deal ends with (a losing team of partners named as such)."""
    if len(losers) > 1:
        names = seat_list(losers, you)
        mine = you in losers
        how = "resigned: " if outcome == "resign" else ""
        return f"Your team {how}loses ({names})" if mine else f"Your team wins: {how}{names} lose"
    if n > 2:
        if outcome == "draw" or fool is None:
            return "A draw: nobody is the fool"
        if outcome == "resign":
            return "You resigned: you are the fool" if fool == you else f"Seat {fool} resigned: seat {fool} is the fool"
        return "You are the fool" if fool == you else f"Seat {fool} is the fool"
    if outcome == "draw" or fool is None:
        return "A draw: nobody is the fool"
    if outcome == "resign":
        return "You resigned: you are the fool" if fool == you else "The bot resigned: the bot is the fool"
    return "You are the fool" if fool == you else "The bot is the fool"


def _pack(phrases: Sequence[str]) -> list[str]:
    """Sentences joined into as few lines of at most `LINE` columns as they fit in."""
    lines: list[str] = []
    for phrase in phrases:
        sentence = phrase[0].upper() + phrase[1:] + "."
        if lines and _columns(lines[-1]) + 1 + _columns(sentence) <= LINE:
            lines[-1] += " " + sentence
        else:
            lines.append(sentence)
    return lines


def move_phrase(move: Move, view: View, look: CardText) -> str:
    """A move said in words for a hint: `beat 9♦ with J♦`, `take`, `throw in 8♠`."""
    if move.kind == "beat" and move.card is not None:
        target = view.bout.to_beat
        if target is None:
            return f"beat with {look.card(move.card)}"
        return f"beat {look.card(target)} with {look.card(move.card)}"
    if move.kind == "attack" and move.card is not None:
        return f"{'lead' if view.bout.size == 0 else 'throw in'} {look.card(move.card)}"
    if move.kind in ("transfer", "show") and move.card is not None:
        return f"{move.kind} with {look.card(move.card)}"
    words = {"take": "take", "done": "done: stop attacking", "swap": "exchange the trump six", "resign": "resign"}
    return words[move.kind]


def _columns(text: str) -> int:
    """Columns `text` takes on a terminal: wide (East Asian) characters two, combining marks none."""
    return sum(0 if unicodedata.combining(ch) else 2 if unicodedata.east_asian_width(ch) in "WF" else 1
               for ch in text)
