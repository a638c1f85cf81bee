"""`records.bouts`, the one grouping of a deal's moves into bouts, at every table (issue 41, item 1).

Random deals at random tables (any option set `Rules` accepts), played by random legal moves, stopped early or
resigned now and then, are replayed move by move on a fresh engine, and the bouts are held to what the engine
says: every move in exactly one bout, in order; a bout ends at the move whose events hold a `bout_end`, with
its `how` and `taken`; its cards are the table's while it lasts, answered oldest first, and where the close put
them (the taker's hand or the heap); its leader and defender are the engine's; the seats that went out at its
close are the ones the engine put out.
"""
from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kozyr.durak import Game, Rules
from kozyr.durak.oracle.testing import all_rules
from kozyr.durak.records import BoutRecord, bouts

TABLES = all_rules()   # every option set Rules accepts (912)


def _played(rules: Rules, seed: int, stop: int | None, resign: bool) -> Game:
    """A deal of random legal moves, stopped after `stop` moves (if given), a seat resigning there if `resign`."""
    rng = random.Random(seed)
    game = Game.from_seed(f"bouts-{seed}".ljust(32), rules=rules)
    while not game.over and (stop is None or game.moves < stop) and game.moves < 600:
        turn = game.turn
        assert turn is not None
        game.apply(turn, rng.choice(game.legal_moves()))
    if resign and not game.over:
        game.apply(rng.choice([s for s in range(rules.seats) if s not in game.out]), "resign")
    return game


def _cards(bout: BoutRecord) -> set[int]:
    return {c for pair in bout.pairs for c in pair if c is not None}


def check(game: Game) -> None:
    grouped = bouts(game)
    # every move in exactly one bout, in order
    assert [i for b in grouped for i in b.moves] == list(range(len(game.history)))
    assert all(len(b.moves) > 0 for b in grouped)
    of = {i: k for k, b in enumerate(grouped) for i in b.moves}
    again = Game.from_order(game.order, rules=game.rules)
    for i, (seat, move) in enumerate(game.history):
        b = grouped[of[i]]
        last = i == b.moves[-1]
        before = again.bout
        if i == b.moves[0]:
            assert (b.attacker, len(before.pairs)) == (before.leader, 0), i   # it opens at an empty table
        assert before.leader == b.attacker, i
        out_before = set(again.out)
        events = again.apply(seat, move)
        ends = [e for e in events if e.kind == "bout_end"]
        # a bout ends where the engine's events say it ends, and only there
        assert len(ends) == (1 if last and b.how is not None else 0), (i, events)
        if ends:
            end = ends[0]
            assert (b.how, b.taken) == (end.how, bool(end.taken)), i
            assert end.cards == sum(1 + (d is not None) for _, d in b.pairs), i
            assert b.defender is not None
            home = again.hands[b.defender] if b.taken else again.heap_cards
            assert _cards(b) <= set(home), (i, b)             # the close put the bout's cards there
            assert tuple(sorted(set(again.out) - out_before)) == tuple(sorted(b.out)), i
        else:
            now = again.bout
            assert now.leader == b.attacker, i
            for (a, d), (ba, bd) in zip(now.pairs, b.pairs, strict=False):   # the table so far, oldest first
                assert a == ba and d in (None, bd), (i, now.pairs, b.pairs)
            assert len(now.pairs) <= len(b.pairs), i
            if last:                                           # the bout still open: the engine's table
                assert b.how is None and now.pairs == b.pairs and now.defender == b.defender and not b.out, i
    assert sum(b.how is None for b in grouped) <= 1 and all(b.how is not None for b in grouped[:-1])
    for b in grouped:
        played = [(seat, move.card) for seat, move in (game.history[i] for i in b.moves)
                  if move.kind in ("attack", "transfer")]
        assert played == list(zip(b.by, (a for a, _ in b.pairs), strict=True)), b   # who put each card down
        assert [e.seat for e in b.handovers] == [seat for seat, move in (game.history[i] for i in b.moves)
                                                 if move.kind in ("transfer", "show")]
        if b.handovers:
            assert b.defender == b.handovers[-1].to
        assert b.pairs or b is grouped[-1]

@settings(max_examples=150, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(TABLES), st.integers(0, 10**9), st.one_of(st.none(), st.integers(0, 80)), st.booleans())
def test_bouts_of_random_deals_at_random_tables(rules: Rules, seed: int, stop: int | None, resign: bool) -> None:
    check(_played(rules, seed, stop, resign))


def test_bouts_of_perevodnoy_tables_with_handovers() -> None:
    """Transfers and shows, several unanswered cards at once: the tables where the oldest-first answer shows."""
    seen = 0
    for k in range(40):
        rules = Rules(seats=2 + k % 5, variant="perevodnoy", show_trump=k % 2 == 0)
        game = _played(rules, 1000 + k, None, False)
        check(game)
        seen += sum(len(b.handovers) for b in bouts(game))
    assert seen > 20


def test_an_empty_history_has_no_bout_and_a_resign_before_the_lead_is_a_bout_without_cards() -> None:
    game = Game.from_seed("x" * 32, rules=Rules(seats=3))
    assert bouts(game) == []
    turn = game.turn
    assert turn is not None
    game.apply(turn, "resign")
    (only,) = bouts(game)
    assert (only.pairs, only.how, only.moves) == ((), None, range(0, 1))
    check(game)
