"""The preferans rungs (2, 3 and 4): blind by construction (their sources reach nothing but the view), a hidden-card
twin gives the same move, moves are legal and seeded, and rung 2's hand count on known hands."""
from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from _pref_play import SEEDS

from kozyr.preferans.contracts import Contract, Strain
from kozyr.preferans.moves import Move
from kozyr.preferans.reference import Game as Twin
from kozyr.preferans.rung4 import InferenceBot
from kozyr.preferans.rungs import MonteCarloBot, RulesBot, safe_misere, strain_tricks
from kozyr.preferans.shuffle import shuffled_order

SRC = Path(__file__).resolve().parents[2] / "src" / "kozyr" / "preferans"
BOT_SOURCES = ("rungs.py", "rung4.py", "analysis.py")
ALLOWED = {"__future__", "math", "random", "collections.abc", "dataclasses", "fractions", "functools", "typing",
           "kozyr.cards", "kozyr.preferans.analysis", "kozyr.preferans.contracts", "kozyr.preferans.convention",
           "kozyr.preferans.core.solver", "kozyr.preferans.deal", "kozyr.preferans.errors", "kozyr.preferans.moves",
           "kozyr.preferans.rungs", "kozyr.preferans.sheet", "kozyr.preferans.views"}
FORBIDDEN = [(r"(?i)engine", "names the engine"), (r"\bGame\b", "names a Game"), (r"reference", "the twin"),
             (r"\brecord\b|\bRecord\b", "a record"),
             (r"shuffled_order|playouts|\.shuffle import|\bdealt\(", "the deal's order"),
             (r"\b(gc|sys|inspect|ctypes|builtins)\b", "an escape hatch"), (r"__import__|globals\(|getattr|vars\(",
                                                                             "an escape hatch"),
             (r"\._(hands|order|state|talon|game)\b", "a game's private field")]


def blind_problems(text: str) -> list[str]:
    out = []
    for m in re.finditer(r"^\s*(?:from\s+(\S+)\s+import|import\s+(\S+))", text, re.M):
        mod = m.group(1) or m.group(2)
        if mod not in ALLOWED:
            out.append(f"imports {mod}")
    code = re.sub(r'"""[\s\S]*?"""', "", text)
    code = re.sub(r"#.*", "", code)
    for pattern, why in FORBIDDEN:
        if re.search(pattern, code):
            out.append(why)
    return out


@pytest.mark.parametrize("name", BOT_SOURCES)
def test_the_bots_sources_reach_nothing_but_the_view(name: str) -> None:
    assert blind_problems((SRC / name).read_text()) == []


def test_the_checker_bites() -> None:
    for planted in ("from kozyr.preferans.reference import Game\n", "import gc\n", "x = view._hands\n",
                    "from kozyr.preferans.core.engine import Game\n", "y = getattr(view, 'x')\n", "import sys\n"):
        assert blind_problems(planted), planted


def twins(number: int, seat_of_interest: int, plies: int, rng: random.Random):
    """A position after ``plies`` moves (rung 2 everywhere) and a twin deal in which two unplayed cards
    of one suit changed places between the other two seats' hidden hands: the same moves are legal in
    it and ``seat_of_interest`` sees the same view."""
    order = list(shuffled_order(SEEDS[3], number))
    game = Twin._from_order(order, players=("A", "B", "C"), dealer=number % 3)
    moves: list[tuple[int, Move]] = []
    bots = [RulesBot(s) for s in range(3)]
    while not game.over and len(moves) < plies:
        seat = game.actor
        assert seat is not None
        m = bots[seat](game.view(seat))
        moves.append((seat, m))
        game.apply(seat, m)
    if game.over or game.actor != seat_of_interest:
        return None
    v = game.view(seat_of_interest)
    others = [s for s in v.active if s != seat_of_interest and s not in v.open_hands]
    if len(others) < 2:
        return None
    a, b = (sorted(int(c) for c in game.hand(s)) for s in others)
    talon = set(v.talon)
    pairs = [(x, y) for x in a for y in b if x >> 4 == y >> 4 and x not in talon and y not in talon]
    if not pairs:
        return None
    x, y = rng.choice(pairs)
    i, j = order.index(x), order.index(y)
    order[i], order[j] = order[j], order[i]
    twin = Twin._from_order(order, players=("A", "B", "C"), dealer=number % 3)
    for s, m in moves:
        twin.apply(s, m)
    assert twin.hand(others[0]) != game.hand(others[0])
    return v, twin.view(seat_of_interest)


def test_a_hidden_card_twin_gets_the_same_move() -> None:
    rng = random.Random(5)
    checked = 0
    for number in range(1, 200):
        if checked >= 12:
            break
        got = twins(number, number % 3, rng.randrange(0, 30), rng)
        if got is None:
            continue
        v, w = got
        assert v.to_json() == w.to_json()
        for make in (RulesBot, MonteCarloBot, InferenceBot):
            assert make(seed=3)(v) == make(seed=3)(w)
        checked += 1
    assert checked >= 12


def test_moves_are_legal_and_seeded() -> None:
    for number in range(1, 6):
        logs = []
        for _ in range(2):
            game = Twin.from_seed(SEEDS[3], number, players=("A", "B", "C"), dealer=number % 3)
            bots = [MonteCarloBot(1), RulesBot(2), MonteCarloBot(3)]
            log = []
            while not game.over:
                actor = game.actor
                assert actor is not None
                v = game.view(actor)
                m = bots[actor](v)
                assert m in v.legal
                log.append(str(m))
                game.apply(game.actor, m)
            logs.append(log)
        assert logs[0] == logs[1]


def c(text: str) -> list[int]:
    suits = "SHDC"
    ranks = {"7": 7, "8": 8, "9": 9, "T": 10, "J": 11, "Q": 12, "K": 13, "A": 14}
    return [16 * suits.index(w[1]) + ranks[w[0]] for w in text.split()]


def test_hand_count() -> None:
    hand = c("AS KS QS JS 9S AH KH 7D 8D 7C")
    assert strain_tricks(hand, 0) == 7.0            # five trumps (AKQ held), AK of hearts
    assert strain_tricks(hand, 3) < strain_tricks(hand, 0)   # a short trump suit counts less
    assert strain_tricks(hand, None) == 7.0          # the five spades run in no-trump too
    assert safe_misere(c("7S 9S JS 7H 9H 7D 9D 7C 9C JC"))
    assert not safe_misere(c("7S 9S JS 7H 9H 8D TD 7C 9C JC"))   # the 7D led takes the 8D
    assert not safe_misere(c("7S 9S QS 7H 9H 7D TD 7C 9C JC"))
    view_bid = RulesBot()._strain_ok(hand, Contract(7, Strain.SPADES), 7)
    assert view_bid
