"""The compiled engine's Python face at every table: constructors, bad input, copies, pickles,
replays, the bulk playouts, determinization and the view's public memory.

The rules themselves are held to the variants' twin move by move elsewhere
(test_variants_differential.py, test_variants_positions.py, the vectors); this
file checks what only the compiled `Game` has or does its own way.
"""
from __future__ import annotations

import pickle
import random
from typing import Any

import numpy as np
import pytest

from kozyr.cards import CardSet
from kozyr.durak import Game, Rules, log_digest, random_playouts
from kozyr.durak.codes import IllegalMove
from kozyr.durak.core.engine import MAX_MOVES
from kozyr.durak.seeds import pad_seed
from kozyr.errors import KozyrError

SEED = pad_seed("variants-engine")
TABLES = [
    Rules(seats=4), Rules(seats=3, deck=24), Rules(seats=6, variant="perevodnoy", show_trump=True),
    Rules(seats=5, deck=52, throw_in="neighbours", first_five=True), Rules(seats=4, deck=32, teams=True),
    Rules(seats=6, teams=True, draw=False), Rules(variant="perevodnoy", deck=24, swap=False),
    Rules(seats=4, deck=24),   # the whole deck dealt: no talon
]
G: Any = Game


def _played(game: Any, steps: int | None = None, seed: int = 0) -> Any:
    rnd = random.Random(seed)
    while not game.over and (steps is None or steps > 0):
        game.apply(game.turn, rnd.choice(game.legal_moves()))
        steps = None if steps is None else steps - 1
    return game


def _state(game: Any) -> tuple:
    return (game.events, game.hands, game.talon, game.bout, game.ply, game.turn, game.out,
            tuple(game.view(s) for s in range(game.seats)))


def test_the_example_of_the_issue() -> None:
    game = G.from_seed(b"variants-a".ljust(32), 1, rules=Rules(seats=4))
    assert [str(m) for m in game.legal_moves()] == [
        "attack 7S", "attack 7H", "attack 7D", "attack AC", "attack QC", "attack JC"]
    assert game.turn == 1 and game.rules == Rules(seats=4) and game.seats == 4


@pytest.mark.parametrize("rules", TABLES, ids=repr)
def test_every_constructor_takes_the_table(rules: Rules) -> None:
    by_seed = G.from_seed(SEED, 3, rules=rules)
    assert len(by_seed.order) == rules.deck and set(by_seed.order) == set(rules.cards)
    assert G.from_order(by_seed.order, rules=rules).view(0) == by_seed.view(0)
    assert G.from_seed(SEED, 3, rules=rules.as_dict()).order == by_seed.order     # a mapping of options
    assert G.from_rng(9, rules=rules).rules == rules
    assert len(by_seed.hands) == rules.seats and all(len(h) == 6 for h in by_seed.hands)
    assert len(by_seed.talon) == rules.talon_size
    _played(by_seed, seed=3)
    replayed = G.replay(SEED, by_seed.history, 3, rules=rules)
    assert replayed.events == by_seed.events and replayed.result == by_seed.result
    assert by_seed.log_digest() == log_digest(by_seed.events)


def test_the_options_are_refused_before_the_seed_and_the_number() -> None:
    with pytest.raises(IllegalMove) as e:
        G.from_seed(b"short", 0, rules={"seats": 7})
    assert e.value.code == "bad_seats"
    with pytest.raises(KozyrError) as info:
        G.from_seed(b"short", 0, rules={"deck": 40})
    assert info.value.code == "bad_options" and info.value.fields["field"] == "deck"
    with pytest.raises(KozyrError) as info:
        G.from_seed(b"short", 0, rules={"variant": "podkidnoy", "show_trump": True})
    assert info.value.code == "bad_options" and info.value.fields["field"] == "show_trump"
    with pytest.raises(IllegalMove) as e:
        G.from_seed(b"short", 0, rules=Rules(seats=4))
    assert e.value.code == "no_seed"
    with pytest.raises(IllegalMove) as e:
        G.from_seed(SEED, 0, rules=Rules(seats=4))
    assert e.value.code == "bad_deal"
    bads: list[Any] = ["4 seats", 4, 2.5, [("seats", 4)], {1: 2}, {"seats": "4"}, {"seats": 4.0}, {"draw": 1}]
    calls: list[tuple[Any, tuple]] = [(G.from_rng, (1,)), (G.from_order, (range(36),)), (random_playouts, (1, 1))]
    for bad in bads:
        for call, args in calls:
            with pytest.raises(KozyrError) as info:
                call(*args, rules=bad)
            assert info.value.code in ("bad_options", "bad_seats"), bad


def test_an_order_must_be_the_tables_deck() -> None:
    rules = Rules(seats=4, deck=24)
    order = G.from_seed(SEED, rules=rules).order
    for bad, why in ((order[:-1], "needs 24 cards"), (order[:-1] + (order[0],), "twice"),
                     (order[:-1] + (16 * 0 + 8,), "ranks 9..A")):      # 8S is not in the 24-card deck
        with pytest.raises(KozyrError, match=why) as e:
            G.from_order(bad, rules=rules)
        assert e.value.code == "bad_order"
    with pytest.raises(KozyrError, match="needs 52 cards"):
        G.from_order(order, rules=Rules(deck=52))


@pytest.mark.parametrize("rules", TABLES[:4], ids=repr)
def test_bad_seats_and_moves_are_refused_with_the_rules_code_and_change_nothing(rules: Rules) -> None:
    game = _played(G.from_seed(SEED, 2, rules=rules), 25, seed=2)
    if game.over:
        pytest.skip("the deal ended in the prefix")
    before = _state(game)
    turn = game.turn
    assert turn is not None
    cases: list[tuple[object, object, str]] = [
        (rules.seats, "take", "not_your_turn"), (-1, "done", "not_your_turn"), (10**5000, "done", "not_your_turn"),
        (True, "done", "not_your_turn"), (1.0, "done", "not_your_turn"), ("1", "done", "not_your_turn"),
        (turn, "flee", "not_legal"), (turn, 42, "not_legal"), (turn, "take now", "not_legal"),
        (turn, "attack", "card_not_held" if game.phase != "defend" else "wrong_phase"),
    ]
    if rules.variant == "podkidnoy":
        cases.append((turn, "transfer 7H", "not_legal"))
    if not rules.show_trump:
        cases.append((turn, "show 7S", "not_legal"))
    if not rules.swap:
        cases.append((turn, "swap", "not_legal"))
    hostile: Any = game
    for seat, move, code in cases:
        assert game.refusal(seat, move) == code, (seat, move)
        with pytest.raises(IllegalMove) as e:
            hostile.apply(seat, move)
        assert e.value.code == code
        assert len(str(e.value)) < 300
    assert game.refusal(np.int64(turn), game.legal_moves()[0]) is None
    with pytest.raises(IllegalMove) as e:
        game.view(rules.seats)
    assert e.value.code == "not_your_turn" and f"0 to {rules.seats - 1}" in str(e.value)
    assert game.view(np.int8(turn)).seat == turn
    assert _state(game) == before


def test_a_seat_that_is_out_is_refused_seat_out_even_to_resign() -> None:
    rules = Rules(seats=5, deck=52)
    for seed in range(200):
        game = G.from_rng(seed, rules=rules)
        rnd = random.Random(seed)
        while not game.over and not game.out:
            game.apply(game.turn, rnd.choice(game.legal_moves()))
        if game.over:
            continue
        out = game.out[0]
        assert game.view(out).hand == CardSet() and game.view(out).out == game.out
        before = _state(game)
        for move in ("resign", "take", "done", "attack AS", "transfer 2C", "swap"):
            expect = "not_legal" if move.startswith("transfer") else "seat_out"
            assert game.refusal(out, move) == expect, move
            with pytest.raises(IllegalMove) as e:
                game.apply(out, move)
            assert e.value.code == expect
        assert _state(game) == before
        return
    raise AssertionError("no deal had a seat out before its end")


@pytest.mark.parametrize("rules", TABLES, ids=repr)
def test_copies_and_pickles_are_the_same_deal(rules: Rules) -> None:
    game = _played(G.from_seed(SEED, 4, rules=rules), 30, seed=4)
    for twin in (game.copy(), pickle.loads(pickle.dumps(game))):
        assert twin.rules == rules and _state(twin) == _state(game)
        if not game.over:
            move = game.legal_moves()[-1]
            assert twin.apply(game.turn, move) == game.copy().apply(game.turn, move)
    view = game.view(rules.seats - 1)
    assert pickle.loads(pickle.dumps(view)) == view and view.as_view() == view


def test_a_two_seat_pickle_is_as_it_was() -> None:
    game = _played(G.from_seed(SEED), 10)
    assert len(game.__reduce__()[1]) == 2            # (order, log): no rules for Rules()
    assert len(_played(G.from_seed(SEED, rules=Rules(seats=3)), 10).__reduce__()[1]) == 3


@pytest.mark.parametrize("rules", [Rules(), Rules(seats=4), Rules(seats=6, variant="perevodnoy", show_trump=True)],
                         ids=repr)
def test_random_playouts_are_python_level_deals_of_the_table(rules: Rules) -> None:
    """Deal i is G.from_rng(seed + i, rules=...), its moves the legal list's k-th with k from the
    documented splitmix64 stream, as at two seats."""
    mask = (1 << 64) - 1
    n, seed = 60, 5
    out = random_playouts(n, seed, rules=rules)
    state = seed ^ 0xD1B54A32D192ED03
    for i in range(n):
        g = G.from_rng(seed + i, rules=rules)
        while not g.over:
            legal = g.legal_moves()
            state = (state + 0x9E3779B97F4A7C15) & mask
            z = state
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & mask
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
            word = z ^ (z >> 31)
            g.apply(g.turn, legal[((word >> 32) * len(legal)) >> 32])
        r = g.result
        assert r is not None
        assert (int(out["fool"][i]), int(out["losers"][i]), int(out["moves"][i]), int(out["bouts"][i]),
                int(out["ply"][i]), bool(out["capped"][i])) == (
            -1 if r.fool is None else r.fool, sum(1 << s for s in r.losers), len(g.history), g.bouts, g.ply,
            False), i


def test_random_playouts_stop_a_deal_at_the_cap_and_count_it_apart() -> None:
    rules = Rules(seats=6, variant="perevodnoy")
    full = random_playouts(200, 3, rules=rules)
    # np.max rather than the method: newer numpy stubs reject ndarray.max() with no argument
    assert not full["capped"].any() and np.max(full["moves"]) < MAX_MOVES // 10
    cut = random_playouts(200, 3, rules=rules, max_moves=40)
    assert cut["capped"].sum() == (full["moves"] > 40).sum() > 100
    assert (cut["moves"][cut["capped"]] == 40).all()
    assert (cut["fool"][cut["capped"]] == -1).all() and (cut["losers"][cut["capped"]] == 0).all()
    decided = ~cut["capped"]
    assert (cut["moves"][decided] == full["moves"][decided]).all()
    assert (cut["losers"][decided] == full["losers"][decided]).all()
    rp: Any = random_playouts
    for bad in (0, MAX_MOVES + 1, 2.5, "9"):
        with pytest.raises(KozyrError) as e:
            rp(1, 1, max_moves=bad)
        assert e.value.code == "bad_max_moves"
    teams = random_playouts(300, 1, rules=Rules(seats=4, teams=True))
    assert set(np.unique(teams["losers"])) <= {0, 0b0101, 0b1010}
    assert (teams["fool"] == -1).all()                  # a team's loss has no single fool


@pytest.mark.parametrize("rules", TABLES + [Rules()], ids=repr)
def test_determinize_from_the_view_alone_keeps_what_the_seat_knows(rules: Rules) -> None:
    rnd = random.Random(rules.seats * 100 + rules.deck)
    checked = 0
    for seed in range(12):
        game = _played(G.from_rng(seed, rules=rules), rnd.randrange(0, 90), seed=seed)
        if game.over:
            continue
        for seat in range(rules.seats):
            view = game.view(seat)
            for _ in range(3):
                copy = game.determinize(seat, rnd.getrandbits(64))
                checked += 1
                assert copy.view(seat) == view and copy.rules == rules
                assert copy.bout == game.bout and copy.turn == game.turn and copy.out == game.out
                for other in range(rules.seats):
                    assert len(copy.hands[other]) == len(game.hands[other])
                    assert view.known[other] <= copy.hands[other]
                hidden = {c for o in range(rules.seats) if o != seat for c in copy.hands[o]} | set(copy.talon)
                real = {c for o in range(rules.seats) if o != seat for c in game.hands[o]} | set(game.talon)
                assert hidden == real and copy.heap_cards == game.heap_cards
                if game.talon:
                    assert copy.talon[-1] == game.talon[-1]
                if copy.turn is not None:
                    assert copy.legal_moves()
    assert checked > 30


def test_determinize_takes_the_memory_at_two_seats_only_and_refuses_a_bad_one() -> None:
    from kozyr.durak.memory import Memory
    game = G.from_rng(4)
    memories = [Memory.start(game.view(0)), Memory.start(game.view(1))]
    rnd = random.Random(4)
    for _ in range(30):
        for event in game.apply(game.turn, rnd.choice(game.legal_moves())):
            memories[0].update(event)
            memories[1].update(event)
    a = game.determinize(0, memories[0], 77)
    b = game.determinize(0, memory=memories[0], rng=77)
    assert a.hands == b.hands and a.talon == b.talon and a.view(0) == game.view(0)
    assert game.determinize(0, 77).view(0) == game.view(0)
    assert game.determinize(0, rng=77).view(0) == game.view(0)
    with pytest.raises(KozyrError) as e:
        game.determinize(0, memories[1], 1)
    assert e.value.code == "bad_memory"
    with pytest.raises(IllegalMove) as e:
        game.determinize(2, 1)
    assert e.value.code == "not_your_turn"
    with pytest.raises(KozyrError) as e:
        game.determinize(0, "many")
    assert e.value.code == "bad_rng"
    variant = G.from_rng(4, rules=Rules(seats=3))
    with pytest.raises(KozyrError) as e:
        variant.determinize(0, memories[0], 1)
    assert e.value.code == "bad_memory"


@pytest.mark.parametrize("rules", TABLES, ids=repr)
def test_the_views_public_memory_is_the_deal_seen_from_the_seat(rules: Rules) -> None:
    """Every seat's view: hand + heap + table + the others' known + bottom + unseen is the deck,
    disjoint; unseen counts the others' unknown cards and the talon above its bottom; every seat
    shares the same public memory."""
    rnd = random.Random(rules.deck)
    for seed in range(4):
        game = G.from_rng(seed, rules=rules)
        while not game.over:
            views = [game.view(s) for s in range(rules.seats)]
            assert len({(v.heap_cards, v.known, v.bottom, v.out) for v in views}) == 1
            for s, v in enumerate(views):
                parts = [v.hand, v.heap_cards, game.bout_cards, v.unseen] + [v.known[o] for o in range(rules.seats)
                                                                          if o != s]
                if v.bottom is not None:
                    parts.append(CardSet([v.bottom]))
                assert sum(len(p) for p in parts) == rules.deck and CardSet().union(*parts) == rules.cards
                unknown = sum(v.counts[o] - len(v.known[o]) for o in range(rules.seats) if o != s)
                assert len(v.unseen) == unknown + v.talon - (v.bottom is not None)
                assert v.known[s] <= v.hand
            game.apply(game.turn, rnd.choice(game.legal_moves()))


@pytest.mark.parametrize("rules", TABLES, ids=repr)
def test_the_rungs_read_a_python_view_of_any_table_as_the_engines(rules: Rules) -> None:
    """fill_view (a Python View into the C struct) carries every field of the table's view, public memory
    included; rungs 1 to 3 play a legal move from the GameView and from its dataclass alike."""
    from _compiled import probes

    from kozyr.durak import best
    rnd = random.Random(rules.seats)
    game = G.from_rng(11, rules=rules)
    while not game.over:
        seat = game.turn
        view = game.view(seat)
        plain = view.as_view()
        assert probes().filled_view(plain) == view
        for level in (1, 2, 3):
            move = best(view, level, rnd.getrandbits(32))
            assert move in view.legal and best(plain, level, 12345) == best(view, level, 12345)
        other = game.view((seat + 1) % rules.seats)
        assert probes().filled_view(other.as_view()) == other
        game.apply(seat, rnd.choice(view.legal))
