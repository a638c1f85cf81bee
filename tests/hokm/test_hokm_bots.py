"""Bots: the greedy rules one by one, blindness, and greedy against random."""
from __future__ import annotations

import random

import pytest
from _hokm_source import reach

import kozyr.hokm.bots as bots_module
from kozyr.cards import CLUBS, HEARTS, SPADES, CardSet, parse_card
from kozyr.hokm import (
    BOTS,
    DEFAULT_CONFIG,
    Bot,
    GreedyBot,
    Hand,
    Phase,
    RandomBot,
    Trick,
    View,
    make_bot,
    play_hand,
    play_match,
    provisional_winner,
)


def cards(names: str) -> CardSet:
    return CardSet(names)


def view(seat: int, hand: str, trick: str = "", trump: int = SPADES,
         played: str = "", leader: int | None = None) -> View:
    """A view for `seat` holding `hand`, with `trick` already on the table.

    The trick's plays come from the seats before `seat` in rotation.
    """
    names = trick.split()
    first = (seat - len(names)) % 4 if leader is None else leader
    plays = tuple(((first + i) % 4, parse_card(n)) for i, n in enumerate(names))
    t = Trick(trump, plays)
    held = cards(hand)
    legal = held
    if t.lead_suit is not None and int(held.suit(t.lead_suit)):
        legal = held.suit(t.lead_suit)
    on_table = CardSet([c for _, c in plays])
    return View(
        seat=seat, phase=Phase.PLAY, hakem=0, trump=trump, to_act=seat,
        hand=held, legal=legal, trick=plays, lead_suit=t.lead_suit,
        winning=provisional_winner(t) if plays else None,
        tricks_won=(0, 0), completed=(), played=cards(played) | on_table,
        cards_held=(13, 13, 13, 13), scores=(0, 0), match_target=7,
        hand_number=1, config=DEFAULT_CONFIG,
    )


def greedy(v: View) -> str:
    from kozyr.cards import card_name
    c = GreedyBot().play(v)
    assert c in v.legal
    return card_name(c)


# -- the greedy rules ------------------------------------------------------------
def test_wins_the_trick_cheaply_with_the_lead_suit() -> None:
    assert greedy(view(3, "AH TH 2H 5C", "9H KD 3H")) == "TH"


def test_trumps_cheaply_when_void() -> None:
    assert greedy(view(3, "AS 3S 4S 5C 6D", "AH 2H 9H")) == "3S"


def test_overtrumps_cheaply() -> None:
    assert greedy(view(3, "AS 9S 2S 5C", "AH 9H 7S")) == "9S"


def test_does_not_overtake_a_winning_partner() -> None:
    # Seat 1 (partner of 3) holds the trick with KH; seat 3 follows low.
    assert greedy(view(3, "AH 3H 7H", "9H KH 2H")) == "3H"
    # ... and when void, discards the lowest non-trump rather than trumping.
    assert greedy(view(3, "AS 2S 8C 4D", "9H KH 2H")) == "4D"


def test_cannot_win_throws_cheapest() -> None:
    assert greedy(view(3, "5H 3H 7H", "9H AH 2H")) == "3H"
    # Void and no trump: the lowest non-trump by strength.
    assert greedy(view(3, "KC 4D 9D", "9H AH 2H")) == "4D"
    # Void, opponent has trumped higher than any trump we hold: keep trumps.
    assert greedy(view(3, "2S 4D 3S", "9H AS 2H")) == "4D"


def test_leads_from_a_long_side_suit() -> None:
    # Clubs is the longest side suit; AC is the master card: lead it.
    assert greedy(view(0, "AC KC 3C 2C AS 2S 5D", leader=0)) == "AC"
    # The ace of diamonds is still out: lead low from the long suit.
    assert greedy(view(0, "KD QD 3D 2D AS 5C", leader=0)) == "2D"
    # Once the ace has been played the king is master.
    assert greedy(view(0, "KD QD 3D 2D AS 5C", played="AD", leader=0)) == "KD"
    # Only trumps left: the same rule within trump.
    assert greedy(view(0, "4S 9S", leader=0)) == "4S"
    assert greedy(view(0, "4S 9S", played="AS KS QS JS TS", leader=0)) == "9S"


def test_hakem_chooses_trump_by_length_then_strength() -> None:
    v = view(0, "2H 3H 4H AS KS")
    assert GreedyBot().choose_trump(v) == HEARTS
    v = view(0, "2H 3H AS KS 9D")
    assert GreedyBot().choose_trump(v) == SPADES
    v = view(0, "AH 2C 3C KD 5S")
    assert GreedyBot().choose_trump(v) == CLUBS


def test_greedy_is_deterministic_and_random_is_seeded() -> None:
    v = view(3, "AH TH 2H 5C", "9H KD 3H")
    assert len({GreedyBot().play(v) for _ in range(5)}) == 1
    a = [RandomBot(7).play(view(0, "AC KC 3C 2C AS 2S 5D", leader=0)) for _ in range(5)]
    b = [RandomBot(7).play(view(0, "AC KC 3C 2C AS 2S 5D", leader=0)) for _ in range(5)]
    assert a == b


def test_bot_registry() -> None:
    assert set(BOTS) == {"random", "greedy", "search"}
    assert isinstance(make_bot("greedy"), GreedyBot)
    with pytest.raises(ValueError):
        make_bot("oracle")


# -- blindness -----------------------------------------------------------------------
def test_bots_module_can_reach_only_the_view() -> None:
    """The bots module imports nothing that could reach another seat's cards."""
    imported, names = reach(bots_module)
    # The card encoding, the error root and the lookup tables hold no game state.
    assert imported <= {"__future__", "typing", "collections.abc", "kozyr.cards", "kozyr.errors", "kozyr.hokm._tables",
                        "kozyr.hokm.errors", "kozyr.hokm.randomness", "kozyr.hokm.trick", "kozyr.hokm.view",
                        "kozyr.hokm.search"}, imported  # the search module has its own blindness test
    assert not names & {"Hand", "Match", "held", "_held", "stock", "deal_order", "gc",
                        "inspect", "sys"}


def test_bots_play_whole_hands_legally() -> None:
    for seed in range(20):
        h = play_hand(Hand(seed % 4, rng=seed), [GreedyBot(), RandomBot(seed), GreedyBot(), RandomBot(seed + 1)])
        assert h.over and h.result is not None


# -- strength -----------------------------------------------------------------------------
@pytest.mark.soak    # volume: a thousand matches (more than a few seconds; --full runs it)
def test_greedy_beats_random_in_at_least_90_percent_of_1000_matches() -> None:
    wins = 0
    for i in range(1000):
        g, r = GreedyBot(), RandomBot(random.Random(f"bot:{i}"))
        greedy_team = i % 2
        seats: list[Bot] = [g, r, g, r] if greedy_team == 0 else [r, g, r, g]
        m = play_match(seats, rng=random.Random(f"deal:{i}"))
        wins += m.winner == greedy_team
    assert wins >= 900, wins
