"""How a hokm match reads in words, from one chair: a seat, a team, why a trick went where it went.

The terminal game (`kozyr hokm play`) and the web table say the same sentences, so they live in the
library, below both faces. Seats are named from your chair (`you`, `partner (seat 2)`, `seat 1`), teams as
`us` and `them`; cards are written through a `kozyr.cardtext.CardText` (suit symbols or letters).

>>> seat_name(2, 0), team_name(1, 0)
('partner (seat 2)', 'them')
"""
from __future__ import annotations

from kozyr.cardtext import CardText
from kozyr.hokm.trick import SUIT_WORDS, TrickResult

__all__ = ["seat_name", "team_name", "trick_phrase"]


def seat_name(seat: int, you: int) -> str:
    """`you`, `partner (seat 2)`, `seat 1`: how the table calls a seat, from your chair."""
    if seat == you:
        return "you"
    if seat == (you + 2) & 3:
        return f"partner (seat {seat})"
    return f"seat {seat}"


def team_name(team: int, you: int) -> str:
    """`us` for your team (your seat's parity), `them` for the other."""
    return "us" if team == you & 1 else "them"


def trick_phrase(result: TrickResult, you: int, look: CardText) -> str:
    """Why a trick went where it went: `seat 3 trumps with 7♠`, `you win with A♥, the highest heart`."""
    who = seat_name(result.seat, you)
    card = look.card(result.card)
    if result.trump_played and result.lead_suit != result.trump:
        return f"{who} {'trump' if who == 'you' else 'trumps'} with {card}"
    suit = SUIT_WORDS[result.lead_suit].rstrip("s")
    return f"{who} {'win' if who == 'you' else 'wins'} with {card}, the highest {suit}"
