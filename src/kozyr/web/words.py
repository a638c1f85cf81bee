"""What the web table says: narration, status lines and verdicts, in words.

A game you play is told from your seat with the games' own sentences, the
ones the terminal prints too (`kozyr.durak.narration` for durak,
`kozyr.hokm.narration`'s seat and trick phrases for hokm), so the page and
the terminal say the same thing; the web reads them from the libraries and
never imports the shell. A replay
or a watched deal has no "you": it is told seat by seat (`durak_step`,
`hokm_step`), from the events the engine wrote.
"""
from __future__ import annotations

from collections.abc import Sequence

from kozyr.cards import SUIT_NAMES, pretty
from kozyr.cardtext import SYMBOLS
from kozyr.durak import Event, Move, Rules, View
from kozyr.durak.narration import hand_order, move_phrase, narrate, verdict
from kozyr.durak.rules import rules_flags
from kozyr.hokm import HandResult, Match, TrickResult
from kozyr.hokm.narration import seat_name, team_name, trick_phrase

__all__ = ["seat_name", "card_text", "durak_narration", "durak_move", "durak_verdict", "durak_status",
           "durak_hand_order", "durak_step", "hokm_play", "hokm_trump", "hokm_status", "hokm_verdict",
           "hokm_hand_result", "table_flags"]

LOOK = SYMBOLS   # cards with suit symbols: `10♦`


def card_text(card: int) -> str:
    """A card as the page writes it: `10♦`."""
    return pretty(card)


# -- durak, from your seat -------------------------------------------------------------------------
def durak_narration(events: Sequence[Event], before: View, after: View) -> list[str]:
    return narrate(events, before, after, LOOK)


def durak_move(move: Move, view: View) -> str:
    return move_phrase(move, view, LOOK)


def table_flags(rules: Rules) -> str:
    """The `kozyr play` options that name the table (" --seats 4 --variant perevodnoy"; "" for two seats)."""
    flags = rules_flags(rules)
    return f" {flags}" if flags else ""


def durak_verdict(view: View) -> str:
    result = view.result
    return verdict(result.outcome if result else None, result.fool if result else None, view.seat,
                   result.losers if result else (), len(view.counts)) + "."


def durak_status(view: View, capped: bool = False) -> str:
    """What you are asked to do, in a sentence that names the page's buttons (the terminal's names its keys)."""
    if view.over:
        return "Game over."
    if capped:
        return "The deal stopped at its cap of moves."
    two = len(view.counts) == 2
    if view.turn != view.seat:
        return "The bot is on turn." if two else f"Seat {view.turn} is on turn."
    bout = view.bout
    has_card = any(m.card is not None for m in view.legal)
    if view.phase == "defend":
        target = pretty(bout.to_beat) if bout.to_beat is not None else "the card"
        passes = sorted({m.kind for m in view.legal if m.kind in ("transfer", "show")}, reverse=True)
        if passes:
            return f"Beat {target}, {' or '.join(passes)} with a card of the rank, or take."
        return (f"Beat {target} with a card of yours, or take." if has_card
                else f"Nothing of yours beats {target}: take.")
    room = bout.cap - bout.size
    if view.phase == "pile_on":
        taker = "The bot" if two else f"Seat {bout.defender}"
        return (f"{taker} takes: throw in cards (up to {room} more), then Done." if has_card
                else f"{taker} takes: nothing fits, so Done.")
    if bout.size == 0:
        return "Your attack: lead any card."
    return "Throw in a card of a rank on the table, or Done." if has_card else "Nothing to throw in: Done."


def durak_hand_order(view: View) -> list[int]:
    return hand_order(view.hand, view.trump)


# -- durak, seat by seat (replays) -----------------------------------------------------------------
def durak_step(seat: int, move: Move, events: Sequence[Event], defender: int) -> str:
    """One move of a replay and what it caused (`defender`: the bout's defender before the move):
    `Seat 0: attack 9♦. Seat 1 takes 4 cards.`"""
    parts = [f"Seat {seat}: {_durak_move_words(move)}"]
    if events and events[0].kind in ("transfer", "show") and events[0].to is not None:
        parts[0] += f" to seat {events[0].to}"
        defender = events[0].to
    for e in events[1:]:
        if e.kind == "out" and e.seat is not None:
            parts.append(f"seat {e.seat} is out")
        if e.kind == "bout_end":
            if e.taken:
                parts.append(f"seat {defender} takes {_cards(e.cards or 0)}")
            else:
                parts.append(f"beaten off: {_cards(e.cards or 0)} to the heap")
        elif e.kind == "refill" and e.drawn is not None and any(e.drawn):
            drawn = ", ".join(f"seat {s} draws {n}" for s, n in enumerate(e.drawn) if n)
            parts.append(f"{drawn}; {e.talon} left in the talon")
        elif e.kind == "game_end":
            losers = e.losers or ()
            if e.fool is None and len(losers) > 1:
                parts.append(f"seats {', '.join(map(str, losers))} lose"
                             + (" (resigned)" if e.outcome == "resign" else ""))
            else:
                parts.append("a draw" if e.fool is None else f"seat {e.fool} is the fool"
                             + (" (resigned)" if e.outcome == "resign" else ""))
    return ". ".join(p[0].upper() + p[1:] for p in parts) + "."


def _durak_move_words(move: Move) -> str:
    return move.kind if move.card is None else f"{move.kind} {pretty(move.card)}"


def _cards(n: int) -> str:
    return f"{n} card{'s' if n != 1 else ''}"


# -- hokm ------------------------------------------------------------------------------------------
def hokm_trump(seat: int, suit: int, you: int | None) -> str:
    who = f"seat {seat}" if you is None else seat_name(seat, you)
    return f"{who[0].upper() + who[1:]} {'name' if who == 'you' else 'names'} trump: {SUIT_NAMES[suit]}."


def hokm_play(seat: int, card: int, trick: TrickResult | None, tricks: tuple[int, int], you: int | None) -> str:
    """A card played and, when it ends a trick, who takes it and why."""
    who = f"seat {seat}" if you is None else seat_name(seat, you)
    line = f"{who[0].upper() + who[1:]} {'play' if who == 'you' else 'plays'} {pretty(card)}."
    if trick is not None:
        if you is None:
            line += f" Seat {trick.seat} takes the trick (team {trick.team}); tricks {tricks[0]}-{tricks[1]}."
        else:
            us = you & 1
            line += (f" Trick to {team_name(trick.team, you)}: {trick_phrase(trick, you, LOOK)}. "
                     f"Tricks: us {tricks[us]}, them {tricks[1 - us]}.")
    return line


def hokm_hand_result(number: int, result: HandResult, scores: tuple[int, int], you: int | None) -> str:
    kind = "a hakem-kot" if result.hakem_kot else "a kot" if result.kot else "the hand"
    score = f"{result.tricks[result.winner]}-{result.tricks[1 - result.winner]}, +{result.points}"
    if you is None:
        return f"Hand {number}: team {result.winner} takes {kind} {score}. Match: {scores[0]}-{scores[1]}."
    us = you & 1
    return (f"Hand {number}: {'we' if result.winner == us else 'they'} take {kind} {score}. "
            f"Match: us {scores[us]}, them {scores[1 - us]}.")


def hokm_status(match: Match, you: int) -> str:
    view = match.view(you)
    if match.over:
        return "Match over."
    if view.to_act != you:
        return f"{seat_name(view.to_act, you).capitalize()} is on turn." if view.to_act is not None else ""
    if view.trump is None:
        return "You are hakem: name trump from your five cards."
    if not view.trick:
        return "Your lead."
    return f"Follow {SUIT_NAMES[view.lead_suit or 0]} if you can."


def hokm_verdict(match: Match, you: int) -> str | None:
    if match.winner is None:
        return None
    us = you & 1
    won = "You win the match" if match.winner == us else "You lose the match"
    hands = len(match.results)
    return f"{won} {match.scores[us]}-{match.scores[1 - us]} after {hands} hand{'s' if hands != 1 else ''}."
