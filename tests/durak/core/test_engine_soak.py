"""Random deals with the invariants checked after every move; replay; arbitrary attempts."""
from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kozyr.cards import DECK36, CardSet
from kozyr.durak import Event, IllegalMove, Move
from kozyr.durak.core.engine import Game


class Watch:
    """Checks the invariants of one deal as it is played, from outside the engine."""

    def __init__(self, g: Game) -> None:
        self.talon = len(g.talon)
        self.bouts = g.bouts
        self.cap = g.bout.cap
        self.swaps = 0
        self.ranks: set[int] = set()
        self.check(g, ())

    def check(self, g: Game, events: tuple[Event, ...]) -> None:
        hands = g.hands
        talon = CardSet(g.talon)
        table = g.bout_cards
        heap = g.heap_cards
        parts = (hands[0], hands[1], talon, table, heap)
        # all 36 cards accounted for exactly once
        assert sum(len(p) for p in parts) == 36
        assert hands[0] | hands[1] | talon | table | heap == DECK36
        assert len(talon) == len(g.talon) and g.heap == len(heap)
        bout = g.bout
        assert table == CardSet([c for pair in bout.pairs for c in pair if c is not None])
        # the talon never grows
        assert len(g.talon) <= self.talon
        self.talon = len(g.talon)
        # every throw-in's rank was on the table when it was thrown in
        for e in events:
            if e.kind in ("attack", "beat"):
                assert e.card is not None
                if e.kind == "attack" and self.ranks:
                    assert e.card & 15 in self.ranks
                self.ranks.add(e.card & 15)
            elif e.kind == "bout_end":
                self.ranks = set()
            elif e.kind == "swap":
                self.swaps += 1
        assert self.swaps <= 1
        assert self.ranks == {c & 15 for c in table}
        # the cap is fixed when the bout opens, within 1..6, and never passed
        if g.bouts != self.bouts:
            self.bouts = g.bouts
            self.cap = bout.cap
            if not g.over:
                assert bout.cap == min(6, len(hands[bout.defender]))
        assert bout.cap == self.cap
        if not g.over:
            assert 1 <= bout.cap <= 6 and bout.size <= bout.cap
            assert g.turn == (bout.defender if g.phase == "defend" else bout.attacker)
            assert g.legal_moves(), "a seat on turn always has a choice"
        else:
            assert g.turn is None and g.legal_moves() == ()

    def finish(self, g: Game) -> None:
        events = g.events
        assert len(events) == g.ply
        r = g.result
        assert r is not None and events[-1] == Event("game_end", outcome=r.outcome, fool=r.fool)
        assert sum(1 for e in events if e.kind == "bout_end") == g.bouts
        assert sum(1 for e in events if e.kind == "swap") == self.swaps
        outs = [e.seat for e in events if e.kind == "out"]
        if r.outcome == "resign":
            assert events[-2] == Event("resign", seat=r.fool) and not outs
            assert g.history[-1] == (r.fool, Move("resign"))
            return
        assert not g.talon
        empty = [s for s in (0, 1) if not g.hands[s]]
        assert outs == empty
        if r.outcome == "draw":
            assert r.fool is None and empty == [0, 1]
        else:
            assert r.outcome == "fool" and r.fool is not None and g.hands[r.fool] and empty == [1 - r.fool]


@pytest.mark.soak
def test_soak_2000_random_deals() -> None:
    rnd = random.Random(20240501)
    outcomes: dict[str, int] = {}
    for n in range(2000):
        g = Game.from_rng(n) if n % 2 else Game.from_seed(b"soak" + str(n).encode().zfill(28))
        w = Watch(g)
        while not g.over:
            seat = g.turn
            assert seat is not None
            if rnd.random() < 0.0005:
                seat = rnd.randrange(2)
                move = Move("resign")
            else:
                move = rnd.choice(g.legal_moves())
            w.check(g, g.apply(seat, move))
        w.finish(g)
        assert g.result is not None
        outcomes[g.result.outcome] = outcomes.get(g.result.outcome, 0) + 1
    assert outcomes.get("fool", 0) > 1900 and outcomes.get("draw", 0) >= 1


def test_replay_reproduces_a_recorded_deal() -> None:
    rnd = random.Random(1)
    seed = b"replay".ljust(32, b".")
    for number in (1, 2, 3):
        g = Game.from_seed(seed, number)
        while not g.over:
            seat = g.turn
            assert seat is not None
            g.apply(seat, rnd.choice(g.legal_moves()))
        again = Game.replay(seed, g.history, number)
        assert again.events == g.events and again.result == g.result and again.history == g.history
        # moves as text replay too
        text = Game.replay(seed, [(s, str(m)) for s, m in g.history], number)
        assert text.events == g.events
        # a prefix replays to the middle of the deal
        half = Game.replay(seed, g.history[:20], number)
        assert half.events == g.events[:half.ply]


def _recorded() -> tuple[bytes, list[tuple[int, Move]]]:
    seed = b"forged".ljust(32, b"-")
    g = Game.from_seed(seed)
    rnd = random.Random(4)
    while not g.over:
        seat = g.turn
        assert seat is not None
        g.apply(seat, rnd.choice(g.legal_moves()))
    return seed, list(g.history)


def test_a_forged_card_is_refused() -> None:
    seed, moves = _recorded()
    i = next(i for i, (_, m) in enumerate(moves) if m.kind == "attack" and i > 5)
    seat, move = moves[i]
    g = Game.replay(seed, moves[:i])
    other = next(c for c in g.hands[1 - seat])      # a card the mover does not hold
    forged = moves[:i] + [(seat, Move("attack", other))] + moves[i + 1:]
    try:
        Game.replay(seed, forged)
    except IllegalMove as e:
        assert e.code == "card_not_held" and f"replay move {i}" in str(e)
    else:
        raise AssertionError("a forged card was accepted")


def test_a_wrong_seat_is_refused() -> None:
    seed, moves = _recorded()
    seat, move = moves[3]
    wrong = moves[:3] + [(1 - seat, move)] + moves[4:]
    try:
        Game.replay(seed, wrong)
    except IllegalMove as e:
        assert e.code == "not_your_turn" and "replay move 3" in str(e)
    else:
        raise AssertionError("a move by the wrong seat was accepted")
    try:
        items: list[Any] = [(0, "attack AS", "extra")]
        Game.replay(seed, items)
    except IllegalMove as e:
        assert e.code == "not_legal"


ALL_MOVES = [Move.from_code(c) for c in range(6 << 6) if (c >> 6) >= 2 and c & 63 == 0 or
             (c >> 6) < 2 and 2 <= (c & 15) <= 14]
SEATS = st.one_of(st.integers(-2, 3), st.sampled_from([None, True, False, "1", 1.5]))
# ("held", kind, k): the kind with the k-th card of the seat's hand, resolved in the position,
# so that many attempts name a card the seat really holds
HELD = st.tuples(st.just("held"), st.sampled_from(["attack", "beat"]), st.integers(0, 40))
MOVES = st.one_of(st.sampled_from(ALL_MOVES), st.text(max_size=8), HELD, HELD, HELD,
                  st.sampled_from(["attack", "beat", "take AS", "attack 10H", "BEAT ah", " swap ", "take", "done"]),
                  st.integers(-5, 500), st.none())


def _state(g: Game) -> tuple:
    return (g.view(0), g.view(1), g.history, g.events, g.hands, g.talon, g.heap_cards, g.bout,
            g.turn, g.phase, g.ply, g.six_owner, g.result)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**64 - 1), st.integers(0, 150), st.lists(st.tuples(SEATS, MOVES), min_size=1, max_size=12))
def test_arbitrary_attempts_never_crash_and_refusals_change_nothing(seed: int, steps: int, attempts: list) -> None:
    g = Game.from_rng(seed)
    rnd = random.Random(seed)
    for _ in range(steps):
        if g.over:
            break
        seat = g.turn
        assert seat is not None
        g.apply(seat, rnd.choice(g.legal_moves()))
    for seat, move in attempts:
        if isinstance(move, tuple) and move[0] == "held":
            hand = sorted(g.hands[seat if seat in (0, 1) and not isinstance(seat, bool) else 0])
            move = Move(move[1], hand[move[2] % len(hand)]) if hand else "take"
        before = _state(g)
        twin = g.copy()
        try:
            events = g.apply(seat, move)
        except IllegalMove as e:
            assert _state(g) == before, (seat, move, e.code)
            continue
        # accepted: exactly as the copy would have done with the same move
        assert twin.apply(seat, move) == events
        assert _state(twin) == _state(g)
