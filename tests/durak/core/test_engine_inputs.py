"""Hostile and unusual inputs to the engine's Python face, in both twins (issue 11, items 8 and 16).

Integers are converted with `operator.index` before any check, so numpy ints
work and an int subclass whose comparisons lie is checked on its true value
(before, it passed `0 <= x < 64` and reached a C shift of 64 or more). Huge
ints, and objects whose `repr` or `__index__` raise, give a short refusal with
a code, never "Exceeds the limit (4300 digits)" or a leaked error.
"""
from __future__ import annotations

from types import ModuleType
from typing import Any

import numpy as np
import pytest

from kozyr import cards
from kozyr.durak import pad_seed
from kozyr.durak.codes import IllegalMove
from kozyr.durak.core.engine import Game, random_playouts
from kozyr.errors import KozyrError

SEED = pad_seed("durak-one")
HUGE = 10**5000


class Liar(int):
    """An int that says it is in every range and equal to everything."""

    def __lt__(self, other: object) -> bool:
        return True

    __le__ = __gt__ = __ge__ = __lt__

    def __eq__(self, other: object) -> bool:
        return True

    def __ne__(self, other: object) -> bool:
        return False

    __hash__ = int.__hash__


class BadIndex:
    def __init__(self, error: type[BaseException]) -> None:
        self.error = error

    def __index__(self) -> int:
        raise self.error("no index for you")


class BadRepr:
    def __repr__(self) -> str:
        raise RuntimeError("repr exploded")


def test_numpy_ints_are_integers(engine: ModuleType) -> None:
    order = Game.from_seed(SEED).order
    game = engine.Game.from_order(np.array(order))
    assert tuple(game.view(0).hand) == tuple(engine.Game.from_order(order).view(0).hand)
    seat = np.int64(game.turn)
    move = game.legal_moves()[0]
    assert game.apply(seat, move)
    assert game.view(np.int8(1)).seat == 1
    assert engine.Game.from_seed(SEED, np.int64(3)).view(0) == engine.Game.from_seed(SEED, 3).view(0)


def test_numpy_ints_in_cards() -> None:
    assert cards.card(np.int64(14), np.int8(0)) == 14
    assert cards.CardSet(np.array([14, 22])) == cards.CardSet("AS 6H")
    assert np.int64(14) in cards.CardSet("AS") and cards.rank_of(np.int32(30)) == 14
    assert C.CardSet(np.uint64(1 << 14)) == cards.CardSet("AS")


def test_lying_int_subclass_is_checked_on_its_true_value(engine: ModuleType) -> None:
    order = list(Game.from_seed(SEED).order)
    order[5] = Liar(99)
    with pytest.raises(KozyrError) as info:
        engine.Game.from_order(order)
    assert info.value.code == "bad_order"
    order[5] = Liar(Game.from_seed(SEED).order[5])   # a liar with a true value that is fine is fine
    assert engine.Game.from_order(order).order == Game.from_seed(SEED).order
    game = engine.Game.from_seed(SEED)
    with pytest.raises(IllegalMove) as refused:
        game.apply(Liar(64), game.legal_moves()[0])
    assert refused.value.code == "not_your_turn"


@pytest.mark.parametrize("call", [
    lambda: cards.card(Liar(99), 0),
    lambda: cards.card(14, Liar(70)),
    lambda: cards.rank_of(Liar(99)),
    lambda: cards.suit_of(Liar(64)),
    lambda: cards.card_name(Liar(200)),
    lambda: cards.pretty(Liar(64)),
    lambda: cards.CardSet([Liar(99)]),
    lambda: cards.CardSet(Liar(1 << 70)),
    lambda: cards.CardSet("AS").suit(Liar(9)),
    lambda: cards.suit_cards(Liar(64)),
])
def test_lying_ints_never_reach_a_shift_in_cards(call: Any) -> None:
    with pytest.raises(KozyrError) as info:
        call()
    assert info.value.code.startswith("bad_")
    assert Liar(99) not in cards.DECK52 and Liar(64) not in cards.DECK52


def test_huge_numbers_are_refusals_with_short_messages(engine: ModuleType) -> None:
    game = engine.Game.from_seed(SEED)
    for call, code in [
        (lambda: engine.Game.from_seed(SEED, HUGE), "bad_deal"),
        (lambda: engine.Game.from_seed(SEED, 10**40), "bad_deal"),
        (lambda: game.apply(HUGE, "take"), "not_your_turn"),
        (lambda: game.apply(-HUGE, "take"), "not_your_turn"),
        (lambda: game.view(HUGE), "not_your_turn"),
    ]:
        with pytest.raises(IllegalMove) as info:
            call()
        assert info.value.code == code
        assert len(str(info.value)) < 300 and "4300" not in str(info.value)
    assert game.refusal(HUGE, "take") == "not_your_turn"


def test_deal_numbers_have_at_most_40_digits(engine: ModuleType) -> None:
    """The limit is documented at the top of both twins; the largest number allowed deals alike."""
    biggest = 10**40 - 1
    assert engine.Game.from_seed(SEED, biggest).order == Game.from_seed(SEED, biggest).order
    with pytest.raises(IllegalMove, match="40 digits"):
        engine.Game.from_seed(SEED, biggest + 1)


def test_a_move_whose_repr_raises_is_refused_cleanly(engine: ModuleType) -> None:
    game = engine.Game.from_seed(SEED)
    with pytest.raises(IllegalMove) as info:
        game.apply(game.turn, BadRepr())
    assert info.value.code == "not_legal" and "BadRepr" in str(info.value)
    assert game.refusal(game.turn, BadRepr()) == "not_legal"
    with pytest.raises(IllegalMove) as info:
        game.apply(BadRepr(), "take")
    assert info.value.code == "not_your_turn"


@pytest.mark.parametrize("error", [TypeError, ValueError, RuntimeError, OverflowError])
def test_a_seat_whose_index_raises_is_no_seat_in_both_twins(engine: ModuleType, error: type) -> None:
    """API choice (top of core/engine.pyx and reference.py): not_your_turn, whatever __index__ raises."""
    game = engine.Game.from_seed(SEED)
    move = game.legal_moves()[0]
    with pytest.raises(IllegalMove) as info:
        game.apply(BadIndex(error), move)
    assert info.value.code == "not_your_turn"
    assert game.refusal(BadIndex(error), move) == "not_your_turn"
    with pytest.raises(IllegalMove):
        game.view(BadIndex(error))
    assert game.ply == 0


# the hostile calls go through Any: they are wrong on purpose, and mypy would say so
G: Any = Game
C: Any = cards
RP: Any = random_playouts


@pytest.mark.parametrize("call", [
    lambda: G.from_order("AS KS"),
    lambda: G.from_order(3),
    lambda: G.from_order([14] * 36),
    lambda: G.from_order(list(range(36))),
    lambda: G.from_order([14, 30]),
    lambda: G.from_order([1.5] * 36),
    lambda: G.from_rng("x"),
    lambda: G.from_rng(1.5),
    lambda: G.from_seed(b"short"),
    lambda: G.from_seed(SEED, 0),
    lambda: G.from_seed(SEED, 2.0),
    lambda: G.from_seed(SEED, "1"),
    lambda: G.from_seed(SEED, True),
    lambda: C.parse_card("ZZ"),
    lambda: C.parse_card(None),
    lambda: C.CardSet(2.5),
    lambda: C.CardSet([None]),
    lambda: C.CardSet(-1),
    lambda: C.CardSet(True),
    lambda: C.card(2, 4),
    lambda: C.card("2", 0),
    lambda: C.card_name(HUGE),
    lambda: C.CardSet(HUGE),
    lambda: RP(-1),
    lambda: RP(2.5),
    lambda: RP("10"),
    lambda: RP(10**10),
    lambda: RP(True),
    lambda: RP(10, "seed"),
    lambda: RP(10, 1.5),
])
def test_every_bad_input_is_a_kozyr_error_with_a_code(call: Any) -> None:
    with pytest.raises(ValueError) as info:
        call()
    assert isinstance(info.value, KozyrError) and info.value.code
    assert len(str(info.value).splitlines()) == 1 and len(str(info.value)) < 300


def test_random_playouts_takes_any_integer() -> None:
    a: Any = random_playouts(np.int64(50), np.uint64(7))
    b: Any = random_playouts(50, 7)
    assert all((a[k] == b[k]).all() for k in a)
    assert random_playouts(0)["fool"].shape == (0,)
    c: Any = random_playouts(50, 7 + (1 << 64))   # the seed is taken mod 2**64
    assert all((c[k] == b[k]).all() for k in b)



def test_a_forged_view_cannot_reach_a_c_shift_out_of_range() -> None:
    """best() range-checks every number of a hand-made View before it reaches the C kernel
    (a trump suit of 10 would be a shift by 160 there)."""
    import dataclasses

    from kozyr.durak import Game, best, pad_seed
    from kozyr.errors import KozyrError

    view = Game.from_seed(pad_seed("durak-one")).view(0).as_view()
    assert best(view, 3) is not None
    forged: list[dict[str, Any]] = [{"trump": 10}, {"talon": 99}, {"seat": 7}, {"counts": (40, 1)}, {"ply": -1}]
    for change in forged:
        with pytest.raises(KozyrError):
            best(dataclasses.replace(view, **change), 3)

    class Liar(int):
        def __lt__(self, other: object) -> bool:
            return False

        def __gt__(self, other: object) -> bool:
            return False

    with pytest.raises(KozyrError):
        best(dataclasses.replace(view, trump=Liar(1000)), 3)
