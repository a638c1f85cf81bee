"""Written positions: every refusal code, the forced positions, the exchange, resign, a draw.

A position is a deal written card by card (`deal`: both hands, the turn-up and
the talon's front) plus a script of moves. Every refusal is checked to change
nothing at all: both views, history, events, hands, talon, heap, bout.
"""
from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from _compiled import probes

from kozyr.cards import CardSet, card_name, parse_card
from kozyr.durak import CODES, Event, IllegalMove, Move
from kozyr.durak.codes import VARIANT_CODES
from kozyr.durak.core.engine import Game

REFERENCE_ORDER = tuple(16 * s + r for s in range(4) for r in range(14, 5, -1))


def cards(text: str) -> list[int]:
    return [parse_card(t) for t in text.split()]


def deal(hand0: str, hand1: str, turnup: str, talon: str = "") -> Game:
    """Seat 0 gets hand0, seat 1 hand1, then the turn-up, then the talon's front;
    the unwritten cards follow in reference order."""
    h0, h1 = cards(hand0), cards(hand1)
    order: list[int] = []
    for a, b in zip(h0, h1):
        order += [a, b]
    order += cards(turnup) + cards(talon)
    order += [c for c in REFERENCE_ORDER if c not in order]
    return Game.from_order(order)


def play(g: Game, text: str) -> list[tuple[Event, ...]]:
    """Apply `"0 attack 6H; 1 beat QH; 0 done"`; the events of each move."""
    out = []
    for item in text.split(";"):
        if item.strip():
            seat, move = item.split(None, 1)
            out.append(g.apply(int(seat), move))
    return out


def snapshot(g: Game) -> tuple:
    return (g.view(0), g.view(1), g.history, g.events, g.hands, g.talon, g.heap, g.heap_cards,
            g.bout, g.turn, g.phase, g.ply, g.six_owner, g.result, g.legal_moves(), g.bout_cards)


def refused(g: Game, seat: Any, move: Any) -> str:
    """The refusal code of (seat, move), after checking that nothing changed."""
    before = snapshot(g)
    with pytest.raises(IllegalMove) as info:
        g.apply(seat, move)
    assert snapshot(g) == before
    message = str(info.value)
    assert message.startswith(info.value.code + ":")
    assert "ply" in message and "seat" in message
    return info.value.code


def names(moves: tuple[Move, ...]) -> list[str]:
    return [str(m) for m in moves]


# -- a position used by many refusals: trump clubs, seat 0 owns the six --------

def opening() -> Game:
    g = deal("6C 7H 8H 9D TS JS", "7C 9H TH QD KS AS", "KC", "6D 7D")
    assert g.trump == 3 and g.turn == 0 and g.six_owner == 0
    return g


def test_the_opening_position() -> None:
    g = opening()
    # seat 0 may attack with any card, in reference order, then swap (no done on an empty bout)
    assert names(g.legal_moves()) == ["attack JS", "attack TS", "attack 8H", "attack 7H",
                                      "attack 9D", "attack 6C", "swap"]
    assert g.view(1).legal == () and g.view(0).can_swap and not g.view(1).can_swap


def test_deal_refusals() -> None:
    seed = b"x" * 32
    codes = []
    bad_seeds: list[Any] = [b"short", "x" * 31, 12, b"x" * 33, "é" * 16 + "x"]
    for bad in bad_seeds:
        with pytest.raises(IllegalMove) as info:
            Game.from_seed(bad)
        codes.append(info.value.code)
    assert codes == ["no_seed"] * 5
    bad_numbers: list[Any] = [0, -1, "1", 1.0, True, None]
    for number in bad_numbers:
        with pytest.raises(IllegalMove) as info:
            Game.from_seed(seed, number)
        assert info.value.code == "bad_deal"
    with pytest.raises(IllegalMove) as info:      # the first failing check wins
        Game.from_seed(b"short", 0)
    assert info.value.code == "no_seed"
    extras: list[dict[str, Any]] = [{"seats": 2}, {"seats": 3}]
    for extra in extras:   # no seats= switch: a table is rules=Rules(seats=...)
        with pytest.raises(TypeError):
            Game.from_seed(seed, 1, **extra)


def test_from_order_names_the_problem() -> None:
    with pytest.raises(ValueError, match="36 cards, got 35"):
        Game.from_order(REFERENCE_ORDER[:35])
    with pytest.raises(ValueError, match="twice"):
        Game.from_order(REFERENCE_ORDER[:35] + REFERENCE_ORDER[:1])
    with pytest.raises(ValueError, match="not a durak card"):
        Game.from_order((parse_card("5S"),) + REFERENCE_ORDER[1:])
    with pytest.raises(ValueError, match="not a durak card"):
        Game.from_order((99,) + REFERENCE_ORDER[1:])
    with pytest.raises(ValueError):
        Game.from_order(None)  # type: ignore[arg-type, unused-ignore]
    assert Game.from_order([card_name(c) for c in REFERENCE_ORDER]).order == REFERENCE_ORDER


def test_every_move_refusal_changes_nothing() -> None:
    reached = set()

    def check(g: Game, seat: Any, move: Any, code: str) -> None:
        assert refused(g, seat, move) == code, (seat, move)
        reached.add(code)

    g = opening()
    # not_your_turn for a seat that does not exist comes before not_legal
    for seat in (5, 2, -1, None, "0", True, 0.0):
        check(g, seat, "attack 7H", "not_your_turn")
    check(g, 7, "jump", "not_your_turn")
    # not_legal: unknown or missing kind, or a malformed card-less move
    for move in ("jump", "", "take AS", "attack7H", 42, None, ("attack", 7)):
        check(g, 0, move, "not_legal")
    check(g, 1, "jump", "not_legal")           # before not_your_turn
    check(g, 1, "attack 9H", "not_your_turn")
    check(g, 1, "take", "not_your_turn")
    check(g, 0, "beat 7H", "wrong_phase")
    check(g, 0, "take", "wrong_phase")
    check(g, 0, "beat AS", "wrong_phase")       # before card_not_held
    held: list[Any] = ["attack AS", "attack", "attack XX", "attack 2S", "attack 7H 8H", Move("attack", 2)]
    for bad in held:
        check(g, 0, bad, "card_not_held")
    check(g, 0, "done", "must_attack")

    g.apply(0, "attack 8H")
    assert g.phase == "defend" and g.turn == 1
    assert names(g.legal_moves()) == ["beat TH", "beat 9H", "beat 7C", "take"]
    check(g, 0, "attack 8H", "not_your_turn")
    check(g, 1, "attack 9H", "wrong_phase")
    check(g, 1, "done", "wrong_phase")
    check(g, 1, "beat 8H", "card_not_held")
    check(g, 1, "beat", "card_not_held")
    check(g, 1, "beat QD", "beats_nothing")
    check(g, 1, "beat KS", "beats_nothing")
    check(g, 1, "swap", "not_the_six")

    g.apply(1, "beat 9H")
    assert g.phase == "attack" and g.turn == 0
    assert names(g.legal_moves()) == ["attack 9D", "done", "swap"]
    check(g, 0, "attack TS", "rank_not_in_bout")
    check(g, 0, "attack AS", "card_not_held")    # held cards are checked before ranks
    check(g, 0, "beat TS", "wrong_phase")

    # bout_full: the forced positions close a bout the moment it reaches its cap
    # (capped / taken), so no play reaches it; the probe lowers the cap of a copy
    def probe(game: Game, seat: int, text: str, cap: int) -> str | None:
        return probes().probe(game, seat, Move.parse(text).code, cap)

    assert g.bout.size == 1
    assert probe(g, 0, "attack 9D", 1) == "bout_full"
    assert probe(g, 0, "attack TS", 1) == "bout_full"         # before rank_not_in_bout
    assert probe(g, 0, "attack AS", 1) == "card_not_held"     # after card_not_held
    assert probe(g, 1, "attack 9D", 1) == "not_your_turn"
    assert probe(g, 0, "attack 9D", 6) is None
    reached.add("bout_full")

    g.apply(0, "swap")
    assert g.six_owner is None and CardSet(cards("KC")) <= g.hands[0]
    check(g, 0, "swap", "not_the_six")
    g.apply(0, "resign")
    for seat, move in ((0, "attack 9D"), (1, "resign"), (0, "resign"), (5, "jump"), (1, "take")):
        check(g, seat, move, "game_over")
    assert reached | {"no_seed", "bad_deal", "bad_seats", "talon_shut"} == set(CODES) - set(VARIANT_CODES)


def _first(pred: Callable[[Game], bool], *, avoid_six: bool = False, tries: int = 3000) -> Game:
    """The first position (seeded random play over from_rng deals) where pred holds."""
    rnd = random.Random(5)
    for n in range(tries):
        g = Game.from_rng(n)
        while not g.over:
            if pred(g):
                return g
            legal = g.legal_moves()
            if avoid_six:
                six = 16 * g.trump + 6
                legal = tuple(m for m in legal if m.card != six and m.kind != "swap") or legal
            seat = g.turn
            assert seat is not None
            g.apply(seat, rnd.choice(legal))
    raise AssertionError("no such position found")


def test_talon_shut() -> None:
    # the owner still holds the six, on turn, but the turn-up has been drawn
    def shut(g: Game) -> bool:
        return g.turn is not None and g.six_owner == g.turn and (16 * g.trump + 6) in g.hands[g.turn] \
            and not g.talon
    g = _first(shut, avoid_six=True)
    seat = g.turn
    assert seat is not None
    assert not g.view(seat).can_swap and Move("swap") not in g.legal_moves()
    assert refused(g, seat, "swap") == "talon_shut"
    assert refused(g, 1 - seat, "swap") == "not_your_turn"


# -- forced positions -------------------------------------------------------------

def test_the_automatic_take_writes_no_take_event() -> None:
    # seat 1 holds no trump and no diamond: 7D cannot be beaten, and there is no swap
    g = deal("7D 8D 9D TD JD 7C", "6H 7H 8H 9H TH JH", "AC")
    (events,) = play(g, "0 attack 7D")
    assert [e.kind for e in events] == ["attack"]
    assert g.phase == "pile_on" and g.turn == 0 and g.bout.taken
    # pile_on: the 7C is rank 7, a throw-in; it is never answered
    assert names(g.legal_moves()) == ["attack 7C", "done"]
    assert g.bout.to_beat == parse_card("7D")
    (events,) = play(g, "0 attack 7C")
    # at most all attacker's rank-7 cards: now nothing to add and no swap -> the taken close
    assert [e.kind for e in events] == ["attack", "bout_end", "refill"]
    assert events[1] == Event("bout_end", taken=True, how="taken", cards=2, heap=0, attacker=0)
    assert events[2] == Event("refill", drawn=(2, 0), talon=22)
    assert "take" not in [e.kind for e in g.events]
    assert g.hands[1] == CardSet(cards("6H 7H 8H 9H TH JH 7D 7C"))
    assert g.turn == 0 and g.bout.attacker == 0 and g.bout.cap == 6


def test_done_in_pile_on_closes_taken() -> None:
    g = deal("7D 8D 9D TD JD 7C", "6H 7H 8H 9H TH JH", "AC")
    events = play(g, "0 attack 7D; 0 done")[1]
    assert [e.kind for e in events] == ["done", "bout_end", "refill"]
    assert events[1] == Event("bout_end", taken=True, how="done", cards=1, heap=0, attacker=0)


def test_a_voluntary_take_and_the_taken_close() -> None:
    g = deal("7D 8D 9D TD JD QC", "6H 7H 8H 9H TH AD", "AC")
    assert names(g.legal_moves())[:1] == ["attack JD"]
    events = play(g, "0 attack 7D; 1 take")[1]
    # no rank-7 card and no swap: the taken bout closes by itself
    assert [e.kind for e in events] == ["take", "bout_end", "refill"]
    assert events[1] == Event("bout_end", taken=True, how="taken", cards=1, heap=0, attacker=0)


def test_exhausted() -> None:
    g = deal("7D 9S TS JS QS KS", "8D 6H 7H 8H 9H TH", "AC")
    assert g.turn == 0                       # no trump in either hand: seat 0
    events = play(g, "0 attack 7D; 1 beat 8D")[1]
    assert [e.kind for e in events] == ["beat", "bout_end", "refill"]
    assert events[1] == Event("bout_end", taken=False, how="exhausted", cards=2, heap=2, attacker=1)
    assert events[2] == Event("refill", drawn=(1, 1), talon=22)
    assert g.heap == 2 and g.heap_cards == CardSet(cards("7D 8D"))
    assert g.turn == 1 and g.bout.attacker == 1 and g.bout.size == 0


def test_done_in_attack_beats_off() -> None:
    g = deal("7D 8S TS JS QS KS", "8D 6H 7H 9H TH AH", "AC")
    events = play(g, "0 attack 7D; 1 beat 8D; 0 done")[2]
    assert [e.kind for e in events] == ["done", "bout_end", "refill"]
    assert events[1] == Event("bout_end", taken=False, how="done", cards=2, heap=2, attacker=1)


CHAIN = "0 attack 6S; 1 beat 7S; 0 attack 7H; 1 beat 8H; 0 attack 8D; 1 beat 9D; " \
        "0 attack 9S; 1 beat TS; 0 attack TH; 1 beat JH; 0 attack JD; 1 beat QD"


def test_spent() -> None:
    g = deal("6S 7H 8D 9S TH JD", "7S 8H 9D TS JH QD", "AC")
    moves = play(g, CHAIN)
    last = moves[-1]
    assert [e.kind for e in last] == ["beat", "bout_end", "refill"]
    # the defender's hand is empty and the bout is at its cap: spent is checked first
    assert last[1] == Event("bout_end", taken=False, how="spent", cards=12, heap=12, attacker=1)
    assert last[2] == Event("refill", drawn=(6, 6), talon=12)


def test_capped_and_the_cap_counts_the_defenders_hand_at_the_bout_open() -> None:
    # bout 1: QS cannot be beaten, the automatic take, then the taken close (seat 0 has no queen)
    g = deal("QS 6S 7H 8D 9S TH", "7S 8H 9D TS JH QD", "AC", "JD")
    (events,) = play(g, "0 attack QS")
    assert [e.kind for e in events] == ["attack", "bout_end", "refill"]
    assert events[2] == Event("refill", drawn=(1, 0), talon=23)
    assert len(g.hands[1]) == 7 and g.bout.cap == 6 and g.turn == 0
    last = play(g, CHAIN)[-1]
    assert last[1] == Event("bout_end", taken=False, how="capped", cards=12, heap=12, attacker=1)
    assert last[2] == Event("refill", drawn=(6, 5), talon=12)
    assert parse_card("QS") in g.hands[1]


def test_the_cap_is_fixed_when_the_bout_opens() -> None:
    # a defender with 2 cards once the talon is gone: cap 2 for that whole bout
    def small(g: Game) -> bool:
        return (not g.talon and g.bout.size == 0 and not g.over
                and 0 < len(g.hands[g.bout.defender]) < 6)
    g = _first(small)
    cap = g.bout.cap
    assert cap == len(g.hands[g.bout.defender])
    rnd = random.Random(3)
    bouts = g.bouts
    while g.bouts == bouts and not g.over:
        assert g.bout.cap == cap and g.bout.size <= cap
        seat = g.turn
        assert seat is not None
        g.apply(seat, rnd.choice(g.legal_moves()))


# -- the trump-six exchange ------------------------------------------------------

def test_a_possible_swap_stops_exhausted_and_the_automatic_take() -> None:
    g = deal("6C 7H 9S JS QS KS", "8C 8H 9H TH JH QH", "AC", "6D 7D")
    assert g.turn == 0 and g.six_owner == 0
    play(g, "0 attack 7H; 1 beat 8H")
    # nothing of rank 7 or 8 to add, but the swap is a choice: not exhausted
    assert g.phase == "attack" and names(g.legal_moves()) == ["done", "swap"]
    events = play(g, "0 done")[0]
    assert events[1].how == "done"
    assert g.turn == 1 and names(g.legal_moves())[0] == "attack QH"
    play(g, "1 attack 8C")
    # 6C cannot beat 8C and seat 0 holds no other trump; the swap stops the automatic take
    assert g.phase == "defend" and names(g.legal_moves()) == ["take", "swap"]
    assert g.view(0).turnup == parse_card("AC") and g.view(0).can_swap
    (events,) = play(g, "0 swap")
    assert events == (Event("swap", seat=0, card=parse_card("AC")),)
    assert g.six_owner is None and g.talon[-1] == parse_card("6C")
    assert g.view(0).turnup is None and not g.view(0).can_swap and g.view(1).turnup is None
    assert g.turn == 0 and names(g.legal_moves()) == ["beat AC", "take"]   # the swap keeps the turn
    assert g.turnup == parse_card("AC")


def test_a_possible_swap_stops_the_taken_close() -> None:
    g = deal("6C 7H 9S JS QS KS", "8C 8H 9H TH JH QH", "AC")
    play(g, "0 attack 7H; 1 take")
    assert g.phase == "pile_on" and names(g.legal_moves()) == ["done", "swap"]
    play(g, "0 swap")
    # the swap spent the right: now nothing to add -> the taken close
    assert g.bouts == 1 and g.turn == 0 and g.phase == "attack"


def test_picking_up_the_attackers_six_clears_the_right() -> None:
    g = deal("6C 7H 9S JS QS KS", "8C 8H 9H TH JH QH", "AC")
    play(g, "0 attack 7H; 1 take; 0 done")
    assert g.six_owner == 0
    g = deal("6C 7C 9S JS QS KS", "8C 8H 9H TH JH QH", "AC")
    play(g, "0 attack 6C; 1 take")
    # the six is on the table: no swap (not held); the attacker adds 7C? no: rank 7 is not on the table
    assert g.bouts == 1 and g.six_owner is None and parse_card("6C") in g.hands[1]


def test_drawing_the_six_makes_an_owner() -> None:
    g = deal("7H 8H 9S JS QS KS", "8C 9H TH JH QH AH", "AC", "6C")
    assert g.six_owner is None
    assert g.turn == 1                       # 8C is the only trump dealt
    (events,) = play(g, "1 attack 9H")
    # seat 0 cannot beat 9H (automatic take), seat 1 has no nine to add: the taken close;
    # seat 1 attacked, so it draws first, and the six is the talon's front
    assert [e.kind for e in events] == ["attack", "bout_end", "refill"]
    assert g.six_owner == 1 and parse_card("6C") in g.hands[1]


def test_no_owner_when_the_turnup_is_the_six() -> None:
    g = deal("7H 8H 9S JS QS KS", "8C 9H TH JH QH AH", "6C")
    assert g.six_owner is None and not g.view(0).can_swap and not g.view(1).can_swap


# -- the end ---------------------------------------------------------------------

@pytest.mark.parametrize("seat", [0, 1])
def test_resign_on_and_off_turn(seat: int) -> None:
    g = opening()
    assert g.turn == 0
    moves_before = len(g.history)
    events = g.apply(seat, "resign")
    assert events == (Event("resign", seat=seat), Event("game_end", outcome="resign", fool=seat))
    assert g.over and g.phase == "over" and g.turn is None and g.legal_moves() == ()
    assert g.result is not None and (g.result.outcome, g.result.fool) == ("resign", seat)
    assert len(g.history) == moves_before + 1 and g.history[-1] == (seat, Move("resign"))
    assert g.view(0).result == g.result and g.view(1).over
    assert "out" not in [e.kind for e in g.events]


def _finished(outcome: str, fool: int | None) -> Game:
    rnd = random.Random(9)
    for n in range(20_000):
        g = Game.from_rng(n)
        while not g.over:
            seat = g.turn
            assert seat is not None
            g.apply(seat, rnd.choice(g.legal_moves()))
        r = g.result
        assert r is not None
        if r.outcome == outcome and r.fool == fool:
            return g
    raise AssertionError("not found")


def test_a_draw() -> None:
    g = _finished("draw", None)
    assert [e.kind for e in g.events[-5:]] == ["bout_end", "refill", "out", "out", "game_end"]
    assert g.events[-3:] == (Event("out", seat=0), Event("out", seat=1),
                             Event("game_end", outcome="draw", fool=None))
    assert not g.hands[0] and not g.hands[1] and not g.talon
    assert g.heap + len(g.hands[0]) + len(g.hands[1]) == 36
    # the recorded draw replays from its order
    again = Game.from_order(g.order)
    for seat, move in g.history:
        again.apply(seat, move)
    assert again.events == g.events


@pytest.mark.parametrize("fool", [0, 1])
def test_a_fool(fool: int) -> None:
    g = _finished("fool", fool)
    assert g.events[-2:] == (Event("out", seat=1 - fool), Event("game_end", outcome="fool", fool=fool))
    assert g.hands[fool] and not g.hands[1 - fool] and not g.talon
    assert g.view(fool).phase == "over" and g.view(fool).legal == ()
