"""A user's bot is a side wherever a rung goes (issue 22, item 2): a callable, a NativeBot or a factory.

Each door (ladder, sprt, replay, play, the worker processes) takes all three forms and plays them as the
same bot: a factory with knobs is the bot it builds, a native bot called from Python is the C loop's, a
Python bot in N worker processes gives the arrays of one worker. The names: a factory by its knobs, a bot
named `module:attr` or by a file's path, and one clear refusal for what is not a bot.
"""
from __future__ import annotations

import pickle
from pathlib import Path
from typing import Any

import _user_bots as ub
import numpy as np
import pytest
from _compiled import build

from kozyr.durak import Bot, Game, Move, pad_seed, sprt
from kozyr.durak.bots.sides import describe, resolve, seat_bot
from kozyr.durak.bots.userbots import is_factory, load
from kozyr.durak.ladder import BotFactory, BotSpec, ladder, play, play_range, replay
from kozyr.durak.ladder.processes import alive_children
from kozyr.errors import KozyrError

NAMES = ("fool", "moves", "bouts", "largest")
HERE = Path(__file__).resolve().parent
EXAMPLES = HERE.parents[2] / "examples"
CHEAPEST = EXAMPLES / "native_bot" / "cheapest.pyx"


def same(x: Any, y: Any) -> None:
    for name in NAMES:
        assert np.array_equal(getattr(x, name), getattr(y, name)), name


# -- the three forms, told apart -------------------------------------------------------------
def test_a_factory_is_told_from_a_bot_by_its_signature() -> None:
    class Maker:
        def __init__(self, deep: int = 6) -> None:
            self.deep = deep

        def __call__(self, view: Any) -> Any:
            return view.legal[0]

    assert is_factory(ub.make_taker) and is_factory(lambda **knobs: None) and is_factory(Maker)
    assert not is_factory(ub.first_legal) and not is_factory(Maker()) and not is_factory(lambda view, x=1: None)
    assert not is_factory(lambda *views: None) and not is_factory(Bot(3, "x")) and not is_factory(len)
    assert resolve(ub.make_taker).kind == "callable" and resolve(ub.make_taker).origin == BotFactory(ub.make_taker)
    assert resolve(ub.first_legal).kind == "callable" and resolve(ub.first_legal).origin is None
    assert resolve(Maker).kind == "callable"


def test_a_factory_with_knobs_is_the_bot_it_builds() -> None:
    made = ladder(ub.make_taker(deep=3, low=9), 2, 600, "f")
    for side in (BotFactory(ub.make_taker, deep=3, low=9), BotFactory(ub.make_taker, {"deep": 3}, low=9),
                 BotSpec("_user_bots:make_taker", {"deep": 3, "low": 9})):
        same(ladder(side, 2, 600, "f"), made)
    assert not np.array_equal(ladder(ub.make_taker, 2, 600, "f").fool, made.fool)   # the knobs change it
    same(ladder(ub.make_taker, 2, 600, "f"), ladder(ub.make_taker(), 2, 600, "f"))
    assert describe(resolve(BotFactory(ub.make_taker, deep=3))) == "_user_bots:make_taker(deep=3)"
    spec = BotSpec("_user_bots:make_taker", {"deep": 3})
    assert ladder(spec, 2, 10).summary()["a"] == "_user_bots:make_taker(deep=3)"


def test_a_factory_is_built_once_per_door() -> None:
    built = []

    def make(deep: int = 6) -> Any:
        built.append(deep)
        return ub.first_legal
    ladder(make, 2, 300, "once", chunk=7)
    sprt(make, 2, 0, 5, batch=200, max_deals=600)
    assert built == [6, 6]


def test_a_bot_named_by_module_or_file(tmp_path: Path) -> None:
    assert load("_user_bots:make_taker") is ub.make_taker
    bot_file = tmp_path / "mine.py"
    bot_file.write_text("from kozyr.durak import Move\n\ndef lowest(view):\n    return view.legal[-1]\n")
    found = load(f"{bot_file}:lowest")
    same(ladder(BotSpec(f"{bot_file}:lowest"), 2, 300, "p"), ladder(lambda v: v.legal[-1], 2, 300, "p"))
    assert found.__name__ == "lowest" and describe(resolve(BotSpec(f"{bot_file}:lowest"))) == f"{bot_file}:lowest"


@pytest.mark.parametrize("spec,words", [
    ("_user_bots", "module:attr"), ("_user_bots:", "module:attr"), (":make_taker", "module:attr"),
    ("no_such_module_here:bot", "cannot import no_such_module_here"), ("_user_bots:nope", "no attribute 'nope'"),
    ("_user_bots:NOT_A_BOT", "is 42, not a bot"), ("/no/such/file.py:bot", "no file /no/such/file.py"),
    ("_user_bots:make_taker.x-y", "module:attr"), (42, "does not name a bot"),
])
def test_a_bad_name_is_one_refusal(spec: Any, words: str) -> None:
    with pytest.raises(KozyrError) as info:
        resolve(BotSpec(spec))
    assert info.value.code == "bad_bot" and words in str(info.value) and "\n" not in str(info.value)


def test_a_file_that_fails_to_import_is_one_refusal(tmp_path: Path) -> None:
    broken = tmp_path / "broken.py"
    broken.write_text("raise RuntimeError('not today')\n")
    with pytest.raises(KozyrError) as info:
        resolve(BotSpec(f"{broken}:bot"))
    assert info.value.code == "bad_bot" and "RuntimeError: not today" in str(info.value)
    assert isinstance(info.value.__cause__, RuntimeError)


def test_knobs_are_refused_by_name() -> None:
    with pytest.raises(KozyrError) as info:
        BotFactory(ub.make_taker, deap=3)
    assert info.value.code == "bad_knob" and info.value.fields["knob"] == "deap"
    assert "its knobs: deep, low" in str(info.value)
    with pytest.raises(KozyrError) as info:
        resolve(BotSpec("_user_bots:first_legal", {"deep": 3}))   # a bot, not a factory: no knobs
    assert info.value.code == "bad_knob" and info.value.fields["knob"] == "deep"
    with pytest.raises(KozyrError) as info:
        resolve(BotFactory(lambda deep=1: 42))                  # the factory made no bot
    assert info.value.code == "bad_bot" and "not a bot" in str(info.value)
    with pytest.raises(KozyrError) as info:
        resolve(BotFactory(lambda deep=1: 1 // 0))              # the factory raised
    assert info.value.code == "bad_bot" and isinstance(info.value.__cause__, ZeroDivisionError)
    for bad in (42, None, "x"):
        with pytest.raises(KozyrError) as info:
            resolve(bad)
        assert info.value.code in ("bad_side", "bad_rung")


def test_a_factory_travels_as_its_factory() -> None:
    side = resolve(BotFactory(ub.make_taker, deep=4))
    back = pickle.loads(pickle.dumps(side))       # the closure it built does not pickle; the factory does
    assert back.origin == side.origin and back.player is not side.player and back.name == side.name
    same(ladder(back, 2, 300, "t"), ladder(side, 2, 300, "t"))
    spec = resolve(BotSpec("_user_bots:make_taker", {"deep": 4}))
    assert pickle.loads(pickle.dumps(spec)).origin == BotSpec("_user_bots:make_taker", {"deep": 4})


# -- every door ------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def cheapest() -> Any:
    return build(CHEAPEST)


def test_replay_plays_every_form_as_the_ladder_did(cheapest: Any) -> None:
    for side in (ub.first_legal, ub.make_taker, BotFactory(ub.make_taker, deep=2), cheapest.bot(True)):
        r = ladder(side, 3, 40, "rp", deal="sha")
        for i in (1, 2, 17, 40):
            game = replay(side, 3, "rp", i, deal="sha")
            fool = -1 if game.result.fool is None else int(game.result.fool != i % 2)
            assert (game.moves, fool) == (r.moves[i - 1], r.fool[i - 1]), (side, i)


def test_a_native_bot_called_from_python_is_the_c_loop_s(cheapest: Any) -> None:
    bot = cheapest.bot(True)
    game = Game.from_seed(pad_seed("native-python"))
    while not game.over:
        seat = game.turn
        assert seat is not None
        view = game.view(seat)
        move = bot(view) if seat == 0 else Bot(2, "x")(view)
        assert isinstance(move, Move) and move in view.legal
        game.apply(seat, move)
    c = play("native-python", bot, Bot(2, "x"))
    assert game.result is not None and (c["moves"], c["fool"]) == (game.moves, game.result.fool)
    assert seat_bot(bot, "s") is bot
    with pytest.raises(KozyrError) as info:
        bot(game.view(0).as_view())                 # a plain View has no C struct to hand it
    assert info.value.code == "bad_view"


def test_play_takes_a_user_s_bot() -> None:
    c = play("user-play", ub.make_taker, 2)
    game = Game.from_seed(pad_seed("user-play"))
    bots = [ub.make_taker(), Bot(2, "user-play:2")]
    while not game.over:
        seat = game.turn
        assert seat is not None
        game.apply(seat, bots[seat](game.view(seat)))
    assert game.result is not None and (c["moves"], c["fool"]) == (game.moves, game.result.fool)


def test_sprt_takes_every_form(cheapest: Any) -> None:
    plain = sprt(BotFactory(ub.make_taker, deep=6), 2, 0, 5, batch=400, max_deals=1200, seed="s", alpha=1e-9,
                 beta=1e-9)
    want = ladder(ub.make_taker(6), 2, 1200, "s", pairs=True)
    assert list(plain.counts) == want.pairs and plain.a == "_user_bots:make_taker(deep=6)"
    assert sprt(ub.make_taker(6), 2, 0, 5, batch=400, max_deals=1200, seed="s", alpha=1e-9,
                beta=1e-9).counts == plain.counts
    native = sprt(cheapest.bot(False), 2, 0, 5, batch=400, max_deals=1200, seed="s", alpha=1e-9, beta=1e-9)
    assert list(native.counts) == ladder(cheapest.bot(False), 2, 1200, "s", pairs=True).pairs
    with pytest.raises(KozyrError) as info:
        sprt(ub.make_taker, 2, 0, 5, params_a={"DEEP_TALON": 3})
    assert info.value.code == "unread_param"


# -- worker processes ------------------------------------------------------------------------
@pytest.mark.parametrize("pairs", [False, True])
def test_a_python_bot_in_worker_processes_gives_one_worker_s_arrays(pairs: bool) -> None:
    closure_deep = 5

    def closure(view: Any) -> Any:           # not picklable: a forked worker inherits it
        return ub.make_taker(closure_deep)(view)

    for side in (closure, ub.make_taker, BotSpec("_user_bots:make_taker", {"deep": 9})):
        one = ladder(side, 3, 2400, "proc", pairs=pairs)
        seen: list[int] = []

        def progress(done: int, total: int, seen: list[int] = seen) -> None:
            seen.append(done)

        many = ladder(side, 3, 2400, "proc", pairs=pairs, workers=3, chunk=100, progress=progress)
        same(one, many)
        assert len(many.cpu_seconds) == 3 and all(c > 0 for c in many.cpu_seconds)
        assert seen == sorted(seen) and seen[-1] == 2400
    assert not alive_children()


def test_worker_processes_continue_a_ladder_by_index() -> None:
    whole = ladder(ub.first_legal, 2, 3000, "range")
    parts = [play_range(ub.first_legal, 2, first, 1000, "range", workers=2, chunk=64)[0]
             for first in (0, 1000, 2000)]
    assert np.array_equal(np.concatenate(parts), whole.fool)


# -- the answer's forms: the ladder matches an interned Move by identity, anything else by value --------
def test_a_move_however_it_is_made_is_the_same_answer() -> None:
    """The ladder matches the Move a bot takes from its view's legal list by identity (the fast path);
    an equal Move built anew and the move's text must be taken as the same answer."""
    def pick(view: Any) -> Move:
        return view.legal[len(view.legal) // 2]

    def fresh(view: Any) -> Move:
        m = pick(view)
        return Move(m.kind, m.card)

    def text(view: Any) -> str:
        return str(pick(view))

    assert fresh(Game.from_seed(pad_seed("x")).view(0)) is not pick(Game.from_seed(pad_seed("x")).view(0))
    base = ladder(pick, 3, 400, "forms")
    for other in (fresh, text):
        same(ladder(other, 3, 400, "forms"), base)
