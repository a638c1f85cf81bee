"""kozyr.hokm: the trick-taking game hokm, in pure Python over kozyr's cards.

Four seats in two fixed partnerships (0+2 against 1+3), a hakem who names
trump after seeing five cards, hands to seven tricks and matches to seven
points. The heart is `resolve_trick`, which chooses the competing suit
(trump if present, else the lead suit) before comparing configured
strengths. `Hand` and `Match` are the state machines, `View` is what one seat
may see, `Memory` what the public record of a hand tells every seat, and
`RandomBot`, `GreedyBot` and `SearchBot` (determinized search over sampled
deals) play from views only.

    >>> from kozyr.cards import parse_card
    >>> from kozyr.hokm import Trick, resolve_trick, SPADES
    >>> t = Trick(SPADES, [(0, parse_card("AC")), (1, parse_card("2S")),
    ...                    (2, parse_card("KD")), (3, parse_card("7S"))])
    >>> resolve_trick(t).seat
    3
"""
from kozyr.cards import CLUBS, DIAMONDS, HEARTS, SPADES
from kozyr.hokm.arena import play_hand, play_match, play_pair, run_matches, sprt_batch
from kozyr.hokm.bots import Bot, GreedyBot, RandomBot
from kozyr.hokm.config import DEFAULT_CONFIG, DEFAULT_RANK_STRENGTH, FirstHakem, HokmConfig
from kozyr.hokm.errors import CONFIG_CODES, PLAY_CODES, TRICK_CODES, HokmError, IllegalPlay
from kozyr.hokm.hand import Hand, HandResult, next_hakem, score_hand
from kozyr.hokm.match import Match, ace_deal
from kozyr.hokm.memory import Memory
from kozyr.hokm.roster import BOTS, make_bot
from kozyr.hokm.search import SearchBot
from kozyr.hokm.trick import INFER, Trick, TrickResult, provisional_winner, resolve_trick, team_of
from kozyr.hokm.view import CompletedTrick, Phase, View

__all__ = [
    "SPADES", "HEARTS", "DIAMONDS", "CLUBS",
    "HokmConfig", "FirstHakem", "DEFAULT_CONFIG", "DEFAULT_RANK_STRENGTH",
    "HokmError", "IllegalPlay", "TRICK_CODES", "PLAY_CODES", "CONFIG_CODES",
    "Trick", "TrickResult", "resolve_trick", "provisional_winner", "team_of", "INFER",
    "Hand", "HandResult", "score_hand", "next_hakem",
    "Match", "ace_deal",
    "View", "Phase", "CompletedTrick",
    "Bot", "RandomBot", "GreedyBot", "SearchBot", "BOTS", "make_bot", "Memory",
    "play_hand", "play_match", "play_pair", "run_matches", "sprt_batch",
]
