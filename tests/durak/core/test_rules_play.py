"""Properties over whole played deals: what is listed is accepted, what is not is refused,
cards are conserved, events follow their grammar, views show exactly one seat's share."""
from __future__ import annotations

import random

import pytest

from kozyr.cards import CardSet
from kozyr.durak import BOUT_ENDINGS, Bout, Event, IllegalMove, Move, View, pad_seed

DURAK = [16 * s + r for s in range(4) for r in range(6, 15)]
CANDIDATES = ([Move("attack", c) for c in DURAK] + [Move("beat", c) for c in DURAK]
              + [Move("take"), Move("done"), Move("swap")])


def random_deal(engine, n, rng):
    """Yield (game, chosen move) through one deal played by random legal choices."""
    game = engine.Game.from_seed(pad_seed(f"rules-play-{n}"))
    while not game.over:
        legal = game.legal_moves()
        move = legal[rng.randrange(len(legal))]
        yield game, move
        game.apply(game.turn, move)
    yield game, None


def test_listed_moves_are_accepted_and_the_rest_refused(engine):
    rng = random.Random(11)
    positions = 0
    for n in range(30):
        for game, _ in random_deal(engine, n, rng):
            legal = set(game.legal_moves())
            turn = game.turn
            ply, hands = game.ply, game.hands
            for move in CANDIDATES:
                if move in legal:
                    twin = game.copy()
                    twin.apply(turn, move)
                    assert twin.history[-1] == (turn, move)
                else:
                    with pytest.raises(IllegalMove):
                        game.apply(turn if turn is not None else 0, move)
                    assert game.ply == ply and game.hands == hands
            positions += 1
    assert positions > 1500


def test_cards_are_conserved_and_the_bout_never_overflows(engine):
    rng = random.Random(12)
    for n in range(150):
        for game, _ in random_deal(engine, n, rng):
            table = [c for pair in game.bout.pairs for c in pair if c is not None]
            every = list(game.hands[0]) + list(game.hands[1]) + list(game.talon) + list(game.heap_cards) + table
            assert sorted(every) == sorted(DURAK)
            assert game.heap == len(game.heap_cards)
            bout = game.bout
            assert bout.size == len(bout.pairs) <= bout.cap <= 6
            assert bout.defender == 1 - bout.attacker
            if game.phase in ("attack", "pile_on"):
                # so `bout_full` can never be the answer to an attack
                assert bout.size < bout.cap
            if game.phase == "defend":
                assert [b for _, b in bout.pairs].count(None) == 1 and bout.to_beat == bout.pairs[-1][0]
            if game.talon:
                assert game.talon[-1] == game.turnup or game.talon[-1] == 16 * game.trump + 6


def test_events_follow_their_grammar(engine):
    rng = random.Random(13)
    for n in range(150):
        game = engine.Game.from_seed(pad_seed(f"rules-play-{n}"))
        while not game.over:
            legal = game.legal_moves()
            move = legal[rng.randrange(len(legal))]
            seat = game.turn
            ply = game.ply
            events = game.apply(seat, move)
            assert game.ply == ply + len(events) == len(game.events)
            assert game.events[ply:] == events
            first = events[0]
            assert first.kind == move.kind and first.seat == seat
            if move.kind in ("attack", "beat"):
                assert first.card == move.card
            rest = events[1:]
            while rest:
                # a bout close: bout_end, refill, then (when the deal ends) out per empty seat, game_end
                assert rest[0].kind == "bout_end" and rest[0].how in BOUT_ENDINGS, events
                assert rest[1].kind == "refill", events
                rest = rest[2:]
                while rest and rest[0].kind == "out":
                    rest = rest[1:]
                if rest and rest[0].kind == "game_end":
                    rest = rest[1:]
                    assert not rest
            if events[-1].kind == "refill":
                assert events[-1].talon == len(game.talon)
        assert game is not None and game.over
        ends = [e for e in game.events if e.kind == "game_end"]
        assert len(ends) == 1 and ends[0] == game.events[-1]
        assert (ends[0].outcome, ends[0].fool) == (game.result.outcome, game.result.fool)
        outs = [e.seat for e in game.events if e.kind == "out"]
        assert outs == sorted(outs) and outs == [s for s in (0, 1) if not game.hands[s]]
        assert (game.result.outcome == "draw") == (len(outs) == 2)


def test_replay_and_copy_reproduce_the_deal(engine):
    rng = random.Random(14)
    for n in range(60):
        game = None
        halfway = None
        for game, move in random_deal(engine, n, rng):
            if move is not None and game.ply > 30 and halfway is None:
                halfway = game.copy()
        again = engine.Game.replay(pad_seed(f"rules-play-{n}"), game.history)
        assert again.events == game.events and again.result == game.result
        assert again.hands == game.hands and again.heap_cards == game.heap_cards
        # a copy taken halfway is independent and replays the rest identically
        if halfway is not None:
            for seat, move in game.history[len(halfway.history):]:
                halfway.apply(seat, move)
            assert halfway.events == game.events
        # moves as text replay too
        text = [(seat, str(move)) for seat, move in game.history]
        assert engine.Game.replay(pad_seed(f"rules-play-{n}"), text).events == game.events


def test_views_show_one_seat_share(engine):
    rng = random.Random(15)
    for n in range(80):
        for game, _ in random_deal(engine, n, rng):
            for seat in (0, 1):
                view = game.view(seat)
                assert isinstance(view, View)
                assert view.seat == seat and view.ply == game.ply and view.phase == game.phase
                assert view.turn == game.turn and view.trump == game.trump
                assert view.hand == game.hands[seat] and isinstance(view.hand, CardSet)
                assert view.counts == (len(game.hands[0]), len(game.hands[1]))
                assert view.talon == len(game.talon) and view.heap == game.heap
                assert view.over == game.over and view.result == game.result
                assert view.bout == game.bout
                assert view.legal == (game.legal_moves() if seat == game.turn else ())
                in_talon = bool(game.talon) and game.talon[-1] == game.turnup
                assert view.turnup == (game.turnup if in_talon else None)
                six = 16 * game.trump + 6
                assert view.can_swap == (game.six_owner == seat and six in game.hands[seat] and in_talon)
            assert (Move("swap") in game.legal_moves()) == (not game.over and game.view(game.turn).can_swap)


def test_only_the_spec_fields_are_in_a_view():
    assert list(View.__dataclass_fields__) == [
        "seat", "ply", "phase", "turn", "trump", "turnup", "talon", "heap", "hand", "counts",
        "can_swap", "legal", "over", "result", "bout", "rules", "out", "heap_cards", "known", "bottom", "unseen",
        "declined"]
    assert list(Bout.__dataclass_fields__) == [
        "attacker", "defender", "cap", "size", "taken", "to_beat", "pairs", "leader", "throwers", "shown"]


def test_events_are_events(engine):
    game = engine.Game.from_seed(pad_seed("durak-one"))
    move = game.legal_moves()[0]
    (event,) = game.apply(0, move)
    assert isinstance(event, Event) and event == Event("attack", seat=0, card=move.card)
