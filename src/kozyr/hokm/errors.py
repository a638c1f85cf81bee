"""The one error type of kozyr.hokm.

Every refusal, whether a malformed trick handed to the resolver or an illegal
play at the table, is a `HokmError`: a `kozyr.errors.KozyrError` (so a
`ValueError`, and the command line prints it as one line) with a short, stable
`.code` that a program can branch on, a message that names the offending input
for a person, and the offending input in structured fields (`seat=`, `card=`,
`suit=`, `value=`, ...) so that no caller has to parse a message. A refused
operation changes nothing.

    >>> from kozyr.errors import KozyrError
    >>> e = IllegalPlay("card_not_held", "seat 1 does not hold AS", seat=1, card=14)
    >>> isinstance(e, KozyrError), e.code, e.seat, e.card
    (True, 'card_not_held', 1, 14)
"""
from __future__ import annotations

from kozyr.errors import KozyrError

__all__ = ["HokmError", "IllegalPlay", "TRICK_CODES", "PLAY_CODES", "CONFIG_CODES"]

#: Codes raised by the resolver (`resolve_trick`, `Trick.record_winner`,
#: `provisional_winner`).
TRICK_CODES = frozenset({
    "incomplete_trick",     # not exactly four plays (at most four when provisional)
    "malformed_play",       # a play that is not a (seat, card) pair
    "missing_lead_suit",    # the trick records no lead suit
    "lead_suit_mismatch",   # the recorded lead suit is not the first card's suit
    "unknown_suit",         # trump or lead suit is not 0..3
    "unknown_seat",         # a seat that is not 0..3
    "duplicate_seat",       # a seat plays twice in one trick
    "unknown_card",         # not a card of the 52-card deck
    "duplicate_card",       # a card appears twice in one trick
    "no_winner",            # every competing card has strength <= 0
})

#: Codes raised at the table (`Hand` and `Match`).
PLAY_CODES = frozenset({
    "wrong_phase",          # e.g. playing a card before trump is named
    "not_your_turn",        # the seat is not the one to act
    "card_not_held",        # the seat does not hold that card
    "must_follow_suit",     # off-suit while holding the led suit
    "game_over",            # the hand (or match) has ended
    "unknown_card",         # not a card at all
    "unknown_seat",         # not a seat 0..3
    "unknown_suit",         # trump named is not a suit
})

#: Codes raised when building a configuration, a game or a bot.
CONFIG_CODES = frozenset({
    "bad_config",           # a configuration field, deal order or trick count that cannot be used
    "bad_seed",             # a random source that is not an int, random.Random or numpy Generator
    "unknown_bot",          # a bot name not in the registry
    "inconsistent_memory",  # a view whose public record no deal of the unseen cards can fit (search)
    "bad_record",           # a game record that is malformed or that the replay contradicts (records)
    "bad_file",             # a record file that cannot be read or written (records)
})


class HokmError(KozyrError):
    """A refusal: `.code` says what kind, the message says which input.

    A `KozyrError` (hence a `ValueError`): every refusal is about a bad value
    handed in by the caller, and nothing is changed when one is raised.
    Keyword fields (`seat=`, `card=`, `suit=`, `value=`, `field=`) carry the
    offending input.
    """


class IllegalPlay(HokmError):
    """A refusal at the table (`play`, `choose_trump`): the move was not made."""
