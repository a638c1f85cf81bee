"""The compiled Game and the plain-Python twin played side by side: the same seeded deals of every preset
and every value of every play parameter, 3 and 4 players, random dealers and minimum levels. After every
move both must agree on the phase, actor, ply and legal list, on every seat's view (as JSON), on the events
of the move, and on the refusal of random bad moves (the same code, and nothing changed); at the end on the
record (as JSON) and the scorer's Deal. Two implementations written apart that agree move for move are the
strongest evidence there is."""

from __future__ import annotations

import random
from typing import Any

import pytest

from kozyr.preferans import LENINGRAD, ROSTOV, SOCHI, Conditions, PreferansError
from kozyr.preferans.convention import LoneWhist, RaspasyTalon
from kozyr.preferans.core.engine import Game as Compiled
from kozyr.preferans.moves import MOVES_BY_CODE, Move
from kozyr.preferans.reference import Game as Twin

PRESETS = (SOCHI, LENINGRAD, ROSTOV)
ALL_MOVES = [m for m in MOVES_BY_CODE if m is not None]
JUNK: list[Any] = ["", "   ", "fold", "bid", "bid 6S 7S", "play XX", "play 6C", "play ♠A", "bid 11S", "bid 06S",
                   "bid 6♠", "discard 7S 7s", "discard 7S", "discard 6C 7S", "name misere", "name 5S", "half-whist",
                   "pass pass", "Half-Whist", "WHIST", "Closed", "open 7S", 42, None, b"pass", "play 10h",
                   "BID 7nt", "bid Misère", "name 10nt", "discard qs 7d"]


def convention_for(rng: random.Random) -> Any:
    """A preset with each play parameter drawn from all its values."""
    return rng.choice(PRESETS).replace(
        raspasy_talon=rng.choice(list(RaspasyTalon)), ten_checked=rng.random() < 0.5,
        lone_whist=rng.choice(list(LoneWhist)), stalingrad=rng.random() < 0.5, half_whist=rng.random() < 0.8)


def refusal(game: Any, seat: Any, move: Any) -> str | None:
    try:
        game.apply(seat, move)
    except PreferansError as exc:
        return exc.code
    return None


def is_legal(game: Any, seat: Any, move: Any) -> bool:
    """Whether (seat, move) would be accepted (the move as a Move or any text that reads as one)."""
    if type(seat) is not int or seat != game.actor:
        return False
    try:
        parsed = move if isinstance(move, Move) else Move.parse(move)
    except PreferansError:
        return False
    return parsed in game.legal_moves()


def snapshot(game: Any, n: int) -> list[Any]:
    return [game.phase, game.actor, game.ply, game.over, game.legal_moves(),
            *(game.view(s).to_json() for s in range(n))]


def pick_move(rng: random.Random, legal: tuple[Any, ...]) -> Any:
    """A legal move, as the Move, its canonical text, or a lenient spelling of it; the auction leans to
    passes and low bids so that deals of every kind come up (raspasy, misère, passed whists)."""
    if legal[0].kind == "pass" and legal[-1].kind == "bid":
        r = rng.random()
        move = legal[0] if r < 0.45 or len(legal) == 1 else legal[min(len(legal) - 1, 1 + int(rng.expovariate(0.7)))]
        if any(m.kind == "bid" and m.arg.is_misere for m in legal) and rng.random() < 0.05:
            move = next(m for m in legal if m.kind == "bid" and m.arg.is_misere)
    elif legal[0].kind == "name":
        move = legal[min(len(legal) - 1, int(rng.expovariate(0.5)))]
    else:
        move = rng.choice(legal)
    form = rng.random()
    if form < 0.4:
        return move
    text = str(move)
    if form < 0.7:
        return text
    words = text.split()
    if words[0] == "discard":
        words[1], words[2] = words[2], words[1]
    words = ["10" + w[1] if len(w) == 2 and w[0] == "T" and rng.random() < 0.5 else w for w in words]
    return "  " + " ".join(w.lower() if rng.random() < 0.5 else w for w in words) + " "


def play_lockstep(seed: int, bad_per_move: int = 2, all_views: bool = True) -> dict[str, int]:
    rng = random.Random(seed)
    n = rng.choice((3, 4))
    players = ("N", "E", "S", "W")[:n]
    dealer = rng.randrange(n)
    conv = convention_for(rng)
    level = rng.choice((6, 6, 6, 7, 8, 10))
    conditions = Conditions(min_level=level)
    raw = rng.randbytes(32)
    number = rng.randrange(1, 10**6)
    twin = Twin.from_seed(raw, number, players=players, dealer=dealer, convention=conv, conditions=conditions)
    comp = Compiled.from_seed(raw, number, players=players, dealer=dealer, convention=conv, conditions=conditions)
    counts = {"moves": 0, "refusals": 0, "views": 0}
    seats: list[Any] = list(range(n)) + [-1, n, True, 1.0, "0"]
    while True:
        state = snapshot(twin, n)
        assert snapshot(comp, n) == state, (seed, twin.ply)
        counts["views"] += n
        if twin.over:
            break
        for _ in range(bad_per_move):
            seat = twin.actor if rng.random() < 0.7 else rng.choice(seats)
            move = rng.choice(ALL_MOVES) if rng.random() < 0.6 else rng.choice(JUNK)
            if is_legal(twin, seat, move):
                continue
            code = refusal(twin, seat, move)
            assert code is not None and refusal(comp, seat, move) == code, (seed, twin.ply, seat, move, code)
            counts["refusals"] += 1
        # nothing changed (the whole snapshot is compared again after the next move)
        actor = twin.actor
        assert actor is not None
        assert [comp.ply, comp.actor, comp.legal_moves(), comp.view(actor).to_json()] == [
            twin.ply, actor, twin.legal_moves(), state[5 + actor]] == state[2:3] + [actor] + state[4:5] + [
            state[5 + actor]]
        move = pick_move(rng, twin.legal_moves())
        events = twin.apply(actor, move)
        assert comp.apply(actor, move) == events, (seed, twin.ply, move)
        counts["moves"] += 1
    record = twin.record()
    counts[f"outcome {record.outcome}"] = 1
    counts[f"defence {record.defence}"] = 1
    counts[f"{n} players"] = 1
    assert comp.record().to_json() == record.to_json()
    assert comp.record().to_deal() == twin.record().to_deal()
    assert refusal(comp, twin.active[0], "pass") == refusal(twin, twin.active[0], "pass") == "game_over"
    return counts


OUTCOMES = ("raspasy", "misere", "game", "passed", "half_whist")


def run(deals: int, first: int) -> dict[str, int]:
    total = {"deals": 0, "moves": 0, "refusals": 0, "views": 0}
    for seed in range(first, first + deals):
        for k, v in play_lockstep(seed).items():
            total[k] = total.get(k, 0) + v
        total["deals"] += 1
    return total


def test_lockstep() -> None:
    total = run(120, 0)
    print("lockstep:", total)
    assert total["deals"] == 120


@pytest.mark.soak
def test_lockstep_soak() -> None:
    total = run(4000, 10_000)
    print("lockstep soak:", total)
    assert total["deals"] == 4000
    # every kind of end, every defence and both table sizes were met
    assert all(total.get(f"outcome {o}", 0) > 0 for o in OUTCOMES), total
    assert all(total.get(f"defence {d}", 0) > 0 for d in ("open", "closed", None)), total
    assert total["3 players"] > 0 and total["4 players"] > 0
