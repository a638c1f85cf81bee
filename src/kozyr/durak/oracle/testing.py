"""Testing kozyr's durak engines against each other: the engine contract and the differential drivers.

`Engine` is the contract (a `typing.Protocol`) that both `kozyr.durak.Game`
(Cython) and `kozyr.durak.oracle.reference.Game` (plain Python) satisfy; the test
suite has mypy check it. `compare_deal` plays one two-seat deal through two
engines side by side, and `Differential` is the same driver as a hypothesis
state machine (random deals, legal and illegal attempts, resigns), so a
disagreement shrinks to a short sequence of moves. Use it from your own tests:

    from kozyr.durak.oracle.testing import Differential
    TestEngines = Differential.TestCase

The same for every table (2 to 6 seats, any `Rules`): `compare_table_deal`
plays one deal of one option set through two engines (by default the compiled
engine against the variants' twin, `kozyr.durak.oracle.reference_variants`), with
garbage probes, resigns, a refusal sweep on a sample of positions and the
rules' invariants after every move (`check_invariants`); `TableDifferential`
is its hypothesis state machine over all option sets (`all_rules()`, the 912
valid ones). A variant deal has no length bound under adversarial play, so
the driver stops a deal at `MOVE_CAP` moves and says so (`TableRun.capped`).

`players` gives the Python players of a ladder deal. The compiled test hooks
(a refusal with the bout's cap forced, the C words) are not shipped: the test
suite builds them itself (tests/_native).

hypothesis is needed for `Differential` only (it is in kozyr's test extras).
"""
from __future__ import annotations

import itertools
import random
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from kozyr.cards import CardSet
from kozyr.durak.codes import CARD_KINDS, KINDS, IllegalMove
from kozyr.durak.core.engine import Game as CythonGame
from kozyr.durak.events import Event, Result
from kozyr.durak.ladder.slow import players
from kozyr.durak.moves import Move
from kozyr.durak.oracle import reference, reference_variants
from kozyr.durak.rules import DECKS, MAX_SEATS, THROW_INS, VARIANTS, Rules
from kozyr.durak.views import Bout, View

__all__ = [
    "Engine", "compare_deal", "same_state", "attempt", "seed_of", "players",
    "ALL_MOVES", "MOVE_CAP", "all_rules", "TwoSeatOracle", "TableRun", "compare_table_deal",
    "same_table_state", "check_invariants", "sweep_refusals", "table_moves",
]

MoveLike = Move | str


@runtime_checkable
class Engine(Protocol):
    """What a durak engine offers: both kozyr engines satisfy it (mypy checks it in the tests)."""

    def legal_moves(self) -> tuple[Move, ...]: ...
    def apply(self, seat: int, move: MoveLike) -> tuple[Event, ...]: ...
    def refusal(self, seat: int, move: MoveLike) -> str | None: ...
    def view(self, seat: int) -> View: ...
    @property
    def turn(self) -> int | None: ...
    @property
    def phase(self) -> str: ...
    @property
    def over(self) -> bool: ...
    @property
    def result(self) -> Result | None: ...
    @property
    def ply(self) -> int: ...
    @property
    def trump(self) -> int: ...
    @property
    def turnup(self) -> int: ...
    @property
    def order(self) -> tuple[int, ...]: ...
    @property
    def history(self) -> tuple[tuple[int, Move], ...]: ...
    @property
    def events(self) -> tuple[Event, ...]: ...
    @property
    def hands(self) -> tuple[CardSet, ...]: ...
    @property
    def talon(self) -> tuple[int, ...]: ...
    @property
    def heap(self) -> int: ...
    @property
    def heap_cards(self) -> CardSet: ...
    @property
    def bout(self) -> Bout: ...
    @property
    def six_owner(self) -> int | None: ...


def _all_moves() -> tuple[Move, ...]:
    moves = []
    for code in range(6 << 6):
        try:
            moves.append(Move.from_code(code))
        except KeyError:
            pass
    return tuple(moves)


ALL_MOVES = _all_moves()
NOT_RESIGN = tuple(m for m in ALL_MOVES if m.kind != "resign")
ODD_SEATS: tuple[Any, ...] = (2, -1, True, None, "0")
ODD_MOVES: tuple[Any, ...] = ("attack", "beat XX", "take AS", "jump", "", "attack 10S", 42, None, "SWAP", "done")


def seed_of(n: int) -> bytes:
    """The reference's published seed family: `durak` and n zero-padded to 27 digits."""
    return b"durak" + str(n).encode("ascii").zfill(27)


def same_state(a: Engine, b: Engine) -> None:
    """Everything visible about the two deals agrees (AssertionError naming what differs)."""
    for name in ("turn", "phase", "over", "result", "ply", "hands", "talon", "heap", "heap_cards", "bout",
                 "six_owner"):
        x, y = getattr(a, name), getattr(b, name)
        assert x == y, f"{name}: {x!r} != {y!r}"
    for seat in (0, 1):
        x, y = a.view(seat), b.view(seat)
        assert x == y, f"view({seat}): {x!r} != {y!r}"


def attempt(a: Engine, b: Engine, seat: Any, move: Any) -> bool:
    """Throw one (seat, move) at both engines; True if it was applied. They must agree,
    and `refusal` must predict `apply` in both."""
    code_a, code_b = a.refusal(seat, move), b.refusal(seat, move)
    assert code_a == code_b, f"refusal({seat!r}, {move!r}): {code_a} != {code_b}"
    try:
        ea = a.apply(seat, move)
    except IllegalMove as refused:
        assert refused.code == code_a, f"apply refused {refused.code}, refusal() said {code_a}"
        try:
            b.apply(seat, move)
        except IllegalMove as ref_refused:
            assert refused.code == ref_refused.code, (seat, move, refused, ref_refused)
            return False
        raise AssertionError(
            f"({seat!r}, {move!r}) refused by one engine ({refused.code}), applied by the other") from None
    assert code_a is None, f"apply accepted ({seat!r}, {move!r}), refusal() said {code_a}"
    eb = b.apply(seat, move)
    assert ea == eb, f"({seat!r}, {move!r}): events {ea} != {eb}"
    return True


def compare_deal(seed: bytes, number: int, rnd: random.Random, *, odd: float = 0.08, resign: float = 0.0005,
                 views: bool = True, engine: Any = None, oracle: Any = None) -> tuple[Result | None, int]:
    """Play one deal through two engines side by side (the Cython engine and the reference by
    default), choosing moves with `rnd`; the result and the number of moves."""
    a = (engine or CythonGame).from_seed(seed, number)
    b = (oracle or reference.Game).from_seed(seed, number)
    assert a.order == b.order
    assert a.trump == b.trump and a.turnup == b.turnup
    if views:
        same_state(a, b)
    while not a.over:
        legal = a.legal_moves()
        assert legal == b.legal_moves(), f"legal moves {legal} != {b.legal_moves()}"
        assert legal, "a running deal always has a seat with a choice"
        r = rnd.random()
        if r < odd:
            # a random attempt: usually refused, sometimes legal; both must agree
            u = rnd.random()
            seat = rnd.choice(ODD_SEATS) if u < 0.1 else rnd.randrange(2)
            move = rnd.choice(ODD_MOVES) if u > 0.9 else rnd.choice(NOT_RESIGN)
            attempt(a, b, seat, move)
        elif r < odd + resign:
            assert attempt(a, b, rnd.randrange(2), rnd.choice(("resign", Move("resign"))))
        else:
            assert attempt(a, b, a.turn, rnd.choice(legal))
        if views:
            same_state(a, b)
        else:
            assert a.ply == b.ply and a.turn == b.turn
    assert a.events == b.events
    assert a.history == b.history
    assert a.result == b.result
    # the finished deal refuses everything with game_over, in both
    assert not attempt(a, b, 0, "take")
    return a.result, len(a.history)


def _machine() -> Any:
    """Build the state machine class (hypothesis is imported only when it is asked for)."""
    from hypothesis import strategies as st
    from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

    class Differential(RuleBasedStateMachine):
        """Two engines dealt the same deal and handed the same moves must agree after every step.

        Subclass and set `engine`/`oracle` to compare other implementations
        (for example one with a planted bug, to see the driver catch it).
        """

        engine: Any = CythonGame
        oracle: Any = reference.Game

        def __init__(self) -> None:
            super().__init__()
            self.a: Any = None
            self.b: Any = None

        @initialize(n=st.integers(1, 10**6), number=st.integers(1, 3))
        def deal(self, n: int, number: int) -> None:
            self.a = self.engine.from_seed(seed_of(n), number)
            self.b = self.oracle.from_seed(seed_of(n), number)
            assert self.a.order == self.b.order

        @precondition(lambda self: not self.a.over)
        @rule(picks=st.lists(st.integers(0, 47), min_size=1, max_size=12))
        def play_legal(self, picks: list[int]) -> None:
            for k in picks:
                if self.a.over:
                    break
                legal = self.a.legal_moves()
                assert legal == self.b.legal_moves(), f"legal moves {legal} != {self.b.legal_moves()}"
                assert attempt(self.a, self.b, self.a.turn, legal[k % len(legal)])

        @rule(seat=st.sampled_from((0, 1, *ODD_SEATS)), move=st.sampled_from(NOT_RESIGN + ODD_MOVES))
        def try_anything(self, seat: Any, move: Any) -> None:
            attempt(self.a, self.b, seat, move)

        @precondition(lambda self: not self.a.over and self.a.ply > 30)
        @rule(seat=st.integers(0, 1))
        def resign(self, seat: int) -> None:
            assert attempt(self.a, self.b, seat, "resign")

        @invariant()
        def agree(self) -> None:
            if self.a is not None:
                same_state(self.a, self.b)
                if self.a.over:
                    assert self.a.events == self.b.events and self.a.history == self.b.history

    return Differential


# -- every table: the variants' differential driver ---------------------------------------

MOVE_CAP = 2_000
"""The harness's cap on the moves of one deal (probes and resigns aside).

The rules add no length rule: with three or more seats, or perevodnoy at any
table, cards can circulate by takes once the talon is empty, so a deal has no
bound under adversarial play. Random play ends every deal long before this
(the longest of 28,000 random deals over every option set took 511 moves), so
a deal that reaches the cap is stopped and counted apart (`TableRun.capped`),
never left to hang a test.
"""


def all_rules() -> tuple[Rules, ...]:
    """Every valid option set (912 of them), enumerated from the values `Rules` takes; refused ones left out."""
    found = []
    flags = (False, True)
    for seats, deck, variant, throw_in, show_trump, first_five, swap, draw, teams in itertools.product(
            range(2, MAX_SEATS + 1), DECKS, VARIANTS, THROW_INS, flags, flags, flags, flags, flags):
        try:
            found.append(Rules(seats=seats, deck=deck, variant=variant, throw_in=throw_in, show_trump=show_trump,
                               first_five=first_five, swap=swap, draw=draw, teams=teams))
        except IllegalMove:
            continue
    return tuple(found)


class TwoSeatOracle:
    """The two-seat oracle `kozyr.durak.oracle.reference.Game` behind the variants' constructors (`Rules()` only)."""

    @staticmethod
    def from_seed(seed: bytes | str, number: int = 1, rules: Rules | None = None) -> reference.Game:
        if not Rules.of(rules).two_seat:
            raise ValueError(f"the two-seat oracle plays Rules() only, not {Rules.of(rules)!r}")
        return reference.Game.from_seed(seed, number)


@dataclass(frozen=True)
class TableRun:
    """One deal through the driver: its result (None if capped), the moves applied, whether it hit MOVE_CAP."""

    result: Result | None
    moves: int
    capped: bool


def table_moves(rules: Rules) -> tuple[Move, ...]:
    """Every move of the eight kinds, the card kinds with every card of the table's deck."""
    moves: list[Move] = []
    for kind in KINDS:
        if kind in CARD_KINDS:
            moves += [Move(kind, c) for c in rules.reference_order]
        else:
            moves.append(Move(kind))
    return tuple(moves)


ODD_TABLE_MOVES: tuple[Any, ...] = ODD_MOVES + (
    "transfer", "show", "transfer XX", "show 1S", "TRANSFER 7h", "show AS KS", Move("transfer", 2),
    Move("show", 50), b"take", 7.5)


def _odd_seats(n: int) -> tuple[Any, ...]:
    return (n, n + 1, -1, True, False, None, "0", 10 ** 30, 1.0)


def _seats(game: Any) -> int:
    return len(game.hands)


def _table_snapshot(game: Any) -> tuple[Any, ...]:
    """Everything a refused move must leave unchanged (the events are pinned by ply and history)."""
    n = _seats(game)
    return (game.turn, game.phase, game.over, game.result, game.ply, game.history, game.hands, game.talon,
            game.heap, game.heap_cards, game.bout, game.six_owner, game.legal_moves(),
            tuple(game.view(s) for s in range(n)))


def same_table_state(a: Any, b: Any, *, views: bool = True) -> None:
    """Everything visible about the two deals agrees, every seat's view too (AssertionError naming it)."""
    for name in ("turn", "phase", "over", "result", "ply", "hands", "talon", "heap", "heap_cards", "bout",
                 "six_owner"):
        x, y = getattr(a, name), getattr(b, name)
        assert x == y, f"{name}: {x!r} != {y!r}"
    if views:
        for seat in range(_seats(a)):
            x, y = a.view(seat), b.view(seat)
            assert x == y, f"view({seat}): {x!r} != {y!r}"


def _opponents(rules: Rules, a: int, b: int) -> bool:
    return rules.team(a) != rules.team(b)


def check_invariants(game: Any, rules: Rules, events: tuple[Event, ...] = (), closing_defender: int | None = None,
                     swaps: int = 0) -> None:
    """The rules' invariants of one engine's position, after a move that wrote `events`.

    Card conservation; the table within the cap, the cap 1..6 (at most 5 while
    the heap is empty with first_five); one seat on turn, never an out seat;
    attacker and defender opponents; the throwers starting with the attacker,
    never the defender or his partner; a legal move in every live position,
    every throw-in of a rank on the table and every transfer or show of the
    attack rank; nobody above six after drawing, everybody at six after a
    refill that leaves talon; the low trump never in a non-owner's hand while
    owned; out seats empty; at the end a well-defined loser
    (`closing_defender`: the defender of the bout that closed last).
    """
    n = rules.seats
    hands, talon, bout, heap = game.hands, game.talon, game.bout, game.heap_cards
    table = [c for pair in bout.pairs for c in pair if c is not None]
    cards = [c for h in hands for c in h] + list(talon) + table + list(heap)
    assert len(hands) == n, f"{len(hands)} hands at a table of {n}"
    assert len(cards) == rules.deck and set(cards) == set(rules.reference_order), "a card is lost or doubled"
    assert len(heap) == game.heap
    view = game.view(0)
    out = view.out
    assert len(set(out)) == len(out) and all(not hands[s] for s in out), f"an out seat holds cards: {out}"
    assert swaps <= 1, "more than one exchange in a deal"
    owner = game.six_owner
    low = 16 * game.trump + rules.low_rank
    if not rules.swap:
        assert owner is None, "the exchange is tracked with swap off"
    elif owner is not None:
        assert all(low not in hands[s] for s in range(n) if s != owner), "a non-owner holds the owned low trump"
    for e in events:
        if e.kind == "refill":
            assert e.drawn is not None   # a refill names what each seat drew
            drew = [s for s in range(n) if e.drawn[s]]
            assert all(len(hands[s]) <= 6 for s in drew), f"a seat drew past six: {e}"
            if e.talon:
                assert all(len(h) >= 6 for h in hands), f"a seat below six with talon left: {e}"
    if game.over:
        _check_loser(game, rules, closing_defender)
        return
    turn = game.turn
    assert turn is not None and 0 <= turn < n and turn not in out, f"turn {turn} (out {out})"
    assert len(bout.pairs) == bout.size <= bout.cap, f"table {bout.size} above the cap {bout.cap}"
    assert 1 <= bout.cap <= 6, f"cap {bout.cap}"
    if rules.first_five and not heap:
        assert bout.cap <= 5, f"cap {bout.cap} before the first discard with first_five"
    assert _opponents(rules, bout.attacker, bout.defender), f"{bout.attacker} attacks his partner {bout.defender}"
    throwers = bout.throwers
    assert throwers and throwers[0] == bout.attacker and len(set(throwers)) == len(throwers), throwers
    assert all(_opponents(rules, s, bout.defender) for s in throwers), f"throwers {throwers}, defender {bout.defender}"
    assert all(s not in out for s in throwers), f"an out seat throws in: {throwers} (out {out})"
    phase = game.phase
    if phase == "defend":
        unanswered = sum(1 for _, b in bout.pairs if b is None)
        assert unanswered <= len(hands[bout.defender]), "more cards to answer than the defender holds"
        if rules.variant == "podkidnoy":
            assert unanswered == 1
    legal = game.legal_moves()
    assert legal, "a live position without a legal move"
    assert turn == bout.defender if phase == "defend" else turn in throwers, f"turn {turn} in {phase}"
    ranks = {c & 15 for c in table}
    for move in legal:
        if move.kind == "attack" and table:
            assert move.card & 15 in ranks, f"{move} throws in a rank not on the table"
        if move.kind in ("transfer", "show"):
            assert move.card & 15 == bout.pairs[0][0] & 15, f"{move} is not of the attack rank"
            assert all(b is None for _, b in bout.pairs), f"{move} after an answer"


def _check_loser(game: Any, rules: Rules, closing_defender: int | None) -> None:
    result = game.result
    n = rules.seats

    def team(seat: int) -> tuple[int, ...]:
        return tuple(s for s in range(n) if rules.team(s) == rules.team(seat))

    assert result is not None
    losers = result.losers
    assert result.fool == (losers[0] if len(losers) == 1 else None), result
    if result.outcome == "resign":
        seat, move = game.history[-1]
        assert move.kind == "resign" and losers == team(seat), result
        return
    assert not game.talon, "a deal ended with talon left"
    holding = {rules.team(s) for s in range(n) if game.hands[s]}
    if result.outcome == "fool" and holding:
        assert len(holding) == 1 and losers == team(losers[0]) and rules.team(losers[0]) in holding, result
    elif result.outcome == "fool":
        assert not rules.draw and closing_defender is not None and losers == team(closing_defender), result
    else:
        assert result.outcome == "draw" and not holding and rules.draw and losers == (), result


def sweep_refusals(game: Any, rules: Rules, other: Any = None) -> None:
    """Every (seat, kind, card) of the table: refusal() accepts it exactly when it is legal for that seat
    (a resign by a seat that is not out); with `other`, the second engine gives the same codes."""
    over = game.over
    turn = game.turn
    legal = set(game.legal_moves())
    out = set(game.view(0).out)
    for seat in range(rules.seats):
        for move in table_moves(rules):
            code = game.refusal(seat, move)
            if move.kind == "resign":
                ok = not over and seat not in out
            else:
                ok = seat == turn and move in legal
            assert (code is None) == ok, f"seat {seat} {move}: refusal {code}, legal {ok}"
            if other is not None:
                assert other.refusal(seat, move) == code, f"seat {seat} {move}: {code} != {other.refusal(seat, move)}"


def _deal(engine: Any, seed: bytes, number: int, rules: Rules) -> Any:
    return engine.from_seed(seed, number, rules=rules)


def _probe(a: Any, b: Any, seat: Any, move: Any) -> bool:
    """A (seat, move) thrown at both engines: the same refusal or the same events; a refusal changes nothing."""
    before = _table_snapshot(a)
    applied = attempt(a, b, seat, move)
    if not applied:
        assert _table_snapshot(a) == before, f"refused ({seat!r}, {move!r}) changed the game"
    return applied


def compare_table_deal(rules: Rules, seed: bytes, number: int, rnd: random.Random, *, engine: Any = None,
                       oracle: Any = None, odd: float = 0.08, resign: float = 0.0005, views: bool = True,
                       sweep: float = 0.01, copies: float = 0.0, cap: int = MOVE_CAP) -> TableRun:
    """Play one deal of the table `rules` through two engines side by side, moves chosen with `rnd`.

    After every move: the same legal list, events, state and (with `views`)
    every seat's view, and the rules' invariants (`check_invariants`) in the
    first engine. `odd`: the share of garbage probes (random seats and moves,
    most refused: both must refuse alike and change nothing); `resign`: the
    share of resigns by a random seat; `sweep`: the share of positions where
    every (seat, kind, card) goes through `refusal` (`sweep_refusals`);
    `copies`: the share of moves after which the second engine is replaced by
    its `copy()` (the original must not move on with it). Engines are classes
    with `from_seed(seed, number, rules=...)`: the compiled `Game` and the
    twin by default; `TwoSeatOracle` for the two-seat oracle at `Rules()`.
    """
    a = _deal(engine or CythonGame, seed, number, rules)
    b = _deal(oracle or reference_variants.Game, seed, number, rules)
    n = rules.seats
    odd_seats = _odd_seats(n)
    assert a.order == b.order and a.trump == b.trump and a.turnup == b.turnup
    same_table_state(a, b, views=views)
    check_invariants(a, rules)
    swaps = 0
    moves = 0
    pinned: tuple[Any, tuple[Any, ...]] | None = None   # a game copied from, and its position then
    events: tuple[Event, ...]
    while not a.over:
        if moves >= cap:
            return TableRun(None, moves, True)
        legal = a.legal_moves()
        assert legal == b.legal_moves(), f"legal moves {legal} != {b.legal_moves()}"
        if rnd.random() < sweep:
            sweep_refusals(a, rules, b)
        defender = a.bout.defender
        r = rnd.random()
        if r < odd:
            u = rnd.random()
            seat = rnd.choice(odd_seats) if u < 0.1 else rnd.randrange(n)
            if u > 0.9:
                move = rnd.choice(ODD_TABLE_MOVES)
            elif u > 0.5:
                hand = list(a.hands[seat]) if isinstance(seat, int) and 0 <= seat < n and a.hands[seat] else [2]
                move = Move(rnd.choice(sorted(CARD_KINDS)), rnd.choice(hand))
            else:
                move = rnd.choice(table_moves(rules))
            before_ply = a.ply
            if not _probe(a, b, seat, move):
                continue
            events = a.events[before_ply:]
            moves += 1
        elif r < odd + resign:
            seat = rnd.randrange(n)
            if seat in a.view(0).out:
                assert not _probe(a, b, seat, "resign")
                continue
            before_ply = a.ply
            assert _probe(a, b, seat, rnd.choice(("resign", Move("resign"))))
            events = a.events[before_ply:]
            moves += 1
        else:
            move = rnd.choice(legal)
            seat = a.turn
            events = a.apply(seat, move)
            assert b.apply(seat, move) == events, f"({seat}, {move}): events differ"
            moves += 1
        swaps += sum(1 for e in events if e.kind == "swap")
        closing = defender
        for e in events:
            if e.kind in ("transfer", "show"):
                closing = e.to
        same_table_state(a, b, views=views)
        check_invariants(a, rules, events, closing, swaps)
        if pinned is not None:
            assert _table_snapshot(pinned[0]) == pinned[1], "a move on a copy moved its original on"
            pinned = None
        if copies and rnd.random() < copies:
            pinned = (b, _table_snapshot(b))
            b = b.copy()
    assert a.events == b.events and a.history == b.history and a.result == b.result
    assert len(a.history) == moves
    # the finished deal refuses everything with game_over, in both
    assert not attempt(a, b, 0, "take")
    return TableRun(a.result, moves, False)


def _table_machine() -> Any:
    """Build the table state machine class (hypothesis is imported only when it is asked for)."""
    from hypothesis import strategies as st
    from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

    rules_list = all_rules()

    class TableDifferential(RuleBasedStateMachine):
        """Two engines dealt the same deal of any table and handed the same moves must agree after every step.

        Subclass and set `engine`/`oracle` (classes with `from_seed(seed, number, rules=...)`)
        to compare other implementations; `option_sets` limits the tables drawn.
        """

        engine: Any = CythonGame
        oracle: Any = reference_variants.Game
        option_sets: tuple[Rules, ...] = rules_list

        def __init__(self) -> None:
            super().__init__()
            self.a: Any = None
            self.b: Any = None
            self.table: Rules = Rules()
            self.swaps = 0
            self.closing: int | None = None
            self.events: tuple[Event, ...] = ()

        @initialize(data=st.data(), n=st.integers(1, 10**6), number=st.integers(1, 3))
        def deal(self, data: Any, n: int, number: int) -> None:
            self.table = data.draw(st.sampled_from(self.option_sets), label="rules")
            self.a = _deal(self.engine, seed_of(n), number, self.table)
            self.b = _deal(self.oracle, seed_of(n), number, self.table)
            assert self.a.order == self.b.order

        def _note(self, before_ply: int, defender: int) -> None:
            self.events = self.a.events[before_ply:]
            self.swaps += sum(1 for e in self.events if e.kind == "swap")
            self.closing = defender
            for e in self.events:
                if e.kind in ("transfer", "show"):
                    self.closing = e.to

        @precondition(lambda self: not self.a.over and len(self.a.history) < MOVE_CAP)
        @rule(picks=st.lists(st.integers(0, 200), min_size=1, max_size=20))
        def play_legal(self, picks: list[int]) -> None:
            for k in picks:
                if self.a.over:
                    break
                legal = self.a.legal_moves()
                assert legal == self.b.legal_moves(), f"legal moves {legal} != {self.b.legal_moves()}"
                before, defender = self.a.ply, self.a.bout.defender
                assert attempt(self.a, self.b, self.a.turn, legal[k % len(legal)])
                self._note(before, defender)
                check_invariants(self.a, self.table, self.events, self.closing, self.swaps)

        @rule(data=st.data())
        def try_anything(self, data: Any) -> None:
            n = self.table.seats
            seat = data.draw(st.sampled_from((*range(n), *_odd_seats(n))), label="seat")
            move = data.draw(st.sampled_from(table_moves(self.table) + ODD_TABLE_MOVES), label="move")
            before, defender = self.a.ply, self.a.bout.defender
            if _probe(self.a, self.b, seat, move):
                self._note(before, defender)

        @precondition(lambda self: not self.a.over and self.a.ply > 20)
        @rule(data=st.data())
        def resign(self, data: Any) -> None:
            seat = data.draw(st.integers(0, self.table.seats - 1), label="seat")
            before, defender = self.a.ply, self.a.bout.defender
            out = seat in self.a.view(0).out
            applied = _probe(self.a, self.b, seat, "resign")
            assert applied != out, f"resign by seat {seat} (out: {out}) applied: {applied}"
            if applied:
                self._note(before, defender)

        @precondition(lambda self: self.a is not None and not self.a.over)
        @rule()
        def sweep(self) -> None:
            sweep_refusals(self.a, self.table, self.b)

        @invariant()
        def agree(self) -> None:
            if self.a is not None:
                same_table_state(self.a, self.b)
                check_invariants(self.a, self.table, self.events, self.closing, self.swaps)
                if self.a.over:
                    assert self.a.events == self.b.events and self.a.history == self.b.history

    return TableDifferential


def __getattr__(name: str) -> Any:
    if name == "Differential":
        machine = _machine()
        globals()["Differential"] = machine
        return machine
    if name == "TableDifferential":
        machine = _table_machine()
        globals()["TableDifferential"] = machine
        return machine
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
