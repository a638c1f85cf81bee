"""Fixtures for the rules tests: the engine under test and written positions (and `pref_engine`, the
preferans play engines).

`engine` is the module whose `Game` a rules test drives: the plain-Python
oracle (`kozyr.durak.oracle.reference`), the Cython engine (`kozyr.durak.core.engine`)
and the variants' plain-Python twin (`kozyr.durak.oracle.reference_variants`), which
at its default table `Rules()` must play the two-seat game exactly.
A missing engine is an error, never a skip: a skip would hide it in CI.

Positions are written as a deal (`order_of`: both hands, the turn-up and the
front of the talon) plus a script of moves; nothing here asks an engine where a
position is.
"""
from __future__ import annotations

import fcntl
import importlib
import signal
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from kozyr.cards import parse_card

# A suite started in the background by a shell without job control (`cmd &` in a script, as
# tools/build_wheels.sh and .ci/run start the wheels' suites) inherits SIGINT ignored, and so would
# every child it spawns: the Ctrl-C tests' children would never see their SIGINT. Catching it here
# gives the children the default again (exec resets a caught signal, not an ignored one).
if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)

# The durak tests live in rooms (tests/durak/bots, learn, ...) as the package does; the helpers they share
# (`_user_bots`, a user's module of bots, imported by name as a user's is; `_rung4_helpers`) stay in
# tests/durak, importable from every room, and from the worker processes, which inherit sys.path.
sys.path.insert(0, str(Path(__file__).parent / "durak"))


# -- what the default run leaves out, and the tests that run alone --------------------------------------------
# `python -m pytest -q` is the quick run a newcomer waits for (a few minutes on two cores, its two workers:
# pytest-xdist, `-n 2` in pyproject.toml). The tests marked `soak` are the volume checks (thousands of deals
# in lockstep against an oracle, long ladders, trainings: more than a few seconds each); `--full` runs them
# too, as CI's main lane does. An explicit `-m` expression chooses for itself (`-m soak`: the soaks alone).
def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--full", action="store_true", default=False,
                     help="also run the tests marked soak or slow (the long checks; CI's main lane runs them)")


LEFT_OUT = ("soak", "slow")   # what the quick run leaves out (the markers' meanings: pyproject.toml)


def _left_out(item: pytest.Item) -> bool:
    return any(item.get_closest_marker(name) is not None for name in LEFT_OUT)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if config.getoption("--full") or config.option.markexpr:
        return
    long = [item for item in items if _left_out(item)]
    if long:
        items[:] = [item for item in items if not _left_out(item)]
        config.hook.pytest_deselected(items=long)


def pytest_terminal_summary(terminalreporter: Any, exitstatus: int, config: pytest.Config) -> None:
    """Say, above the closing line, that the quick run left the soaks out (pytest-xdist's closing line does
    not count what its workers deselected)."""
    if not (config.getoption("--full") or config.option.markexpr or hasattr(config, "workerinput")):
        terminalreporter.write_line("the long checks (marked soak or slow) were left out: --full runs them too")


@pytest.fixture(autouse=True)
def _alone_guard(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """A test marked `alone` (the Ctrl-C tests time a subprocess against a one-second limit) runs while no other
    test of this run does: with pytest-xdist's workers, every test holds a shared lock on one file for its
    duration, and an `alone` test holds it exclusively. Without workers there is nothing to share."""
    if not hasattr(request.config, "workerinput"):
        yield
        return
    lock = tmp_path_factory.getbasetemp().parent / "kozyr-alone.lock"
    exclusive = request.node.get_closest_marker("alone") is not None
    with open(lock, "a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX if exclusive else fcntl.LOCK_SH)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


ENGINES = {"reference": "kozyr.durak.oracle.reference", "cython": "kozyr.durak.core.engine",
           "twin": "kozyr.durak.oracle.reference_variants"}

# Reference order: spades, hearts, diamonds, clubs; ace down to six.
REFERENCE_ORDER = tuple(16 * s + r for s in range(4) for r in range(14, 5, -1))


@pytest.fixture(params=list(ENGINES), ids=list(ENGINES))
def engine(request: pytest.FixtureRequest) -> ModuleType:
    return importlib.import_module(ENGINES[request.param])


# The preferans play engines (tests/preferans): `pref_engine` is a `Game` class, the plain-Python twin and the
# compiled one; every play test takes it, so both implementations meet every test. A missing one is an error.
PREF_ENGINES = {
    "twin": ("kozyr.preferans.reference", "Game"),
    "compiled": ("kozyr.preferans.core.engine", "Game"),
}


@pytest.fixture(params=list(PREF_ENGINES), ids=list(PREF_ENGINES), scope="session")
def pref_engine(request: pytest.FixtureRequest) -> Any:
    module, name = PREF_ENGINES[request.param]
    return getattr(importlib.import_module(module), name)


def cards(text: str) -> list[int]:
    """`"AS TD 6C"` -> the card ints, in the written order."""
    return [parse_card(name) for name in text.split()]


def order_of(hand0: str, hand1: str, turnup: str, talon: str = "") -> tuple[int, ...]:
    """The shuffled order dealing `hand0` to seat 0, `hand1` to seat 1 (six each),
    `turnup` at position 12, then `talon` at the talon's front; the cards not
    written follow in reference order."""
    h0, h1, up, front = cards(hand0), cards(hand1), cards(turnup), cards(talon)
    assert len(h0) == 6 and len(h1) == 6 and len(up) == 1
    order: list[int] = []
    for a, b in zip(h0, h1):
        order += [a, b]
    order += up + front
    order += [c for c in REFERENCE_ORDER if c not in order]
    assert len(order) == 36 and len(set(order)) == 36, "a written deal repeats a card"
    return tuple(order)


def script(text: str) -> list[tuple[int, str]]:
    """`"0 attack 6H; 1 beat QH; 0 done"` -> [(0, 'attack 6H'), (1, 'beat QH'), (0, 'done')]."""
    moves = []
    for item in text.split(";"):
        item = item.strip()
        if item:
            seat, move = item.split(None, 1)
            moves.append((int(seat), move))
    return moves


def run(game: Any, text: str) -> tuple[Any, ...]:
    """Apply a script; the events of all its moves."""
    events: list[Any] = []
    for seat, move in script(text):
        events += game.apply(seat, move)
    return tuple(events)


def snapshot(game: Any) -> dict[str, Any]:
    """Everything a refused move must leave unchanged."""
    return {
        "views": (game.view(0), game.view(1)),
        "history": game.history,
        "events": game.events,
        "hands": game.hands,
        "talon": game.talon,
        "heap": (game.heap, game.heap_cards),
        "bout": game.bout,
        "state": (game.turn, game.phase, game.over, game.result, game.ply, game.six_owner),
        "legal": game.legal_moves(),
    }


def refuse(game: Any, seat: Any, move: Any, code: str) -> Exception:
    """Assert that `move` by `seat` is refused with `code` and changes nothing."""
    from kozyr.durak import IllegalMove

    before = snapshot(game)
    with pytest.raises(IllegalMove) as info:
        game.apply(seat, move)
    assert info.value.code == code, f"{move!r} by {seat!r}: got {info.value.code}, wanted {code}: {info.value}"
    assert snapshot(game) == before, f"refused {move!r} changed the game"
    return info.value


# The burn: a written deal whose first two bouts empty the talon.
# Trump clubs. Bout 1: seat 0 (it holds the lowest trump, 8C against 9C) attacks
# six cards, seat 1 beats all six and is spent; seat 0 draws BURN_0, seat 1
# draws BURN_1. Bout 2: seat 1 attacks six, seat 0 beats them all (spent); seat 1
# then draws the next six talon cards, seat 0 the last six, the turn-up last.
# Bout 3 opens with seat 0 attacking, the talon empty and the heap at 24. The
# twelve cards left for the end are END_POOL; the turn-up is one of 6C and 7C.
BURN_HAND_0 = "6H 6D 8C QS KH KD"
BURN_HAND_1 = "QH 8D 9C KS AH AD"
BURN_0 = "TC JC AS QC KC AC"
BURN_1 = "7H 7D JS TS QD JD"
BURN_SCRIPT = ("0 attack 6H; 1 beat QH; 0 attack 6D; 1 beat 8D; 0 attack 8C; 1 beat 9C; "
               "0 attack QS; 1 beat KS; 0 attack KH; 1 beat AH; 0 attack KD; 1 beat AD; "
               "1 attack 7H; 0 beat TC; 1 attack 7D; 0 beat JC; 1 attack JS; 0 beat AS; "
               "1 attack TS; 0 beat QC; 1 attack QD; 0 beat KC; 1 attack JD; 0 beat AC")
END_POOL = frozenset(cards("6C 7C 6S 7S 8H 9D TH 8S 9S 9H TD JH"))


def burned_order(end1: str, end0: str) -> tuple[int, ...]:
    """The burn deal ending with seat 1 holding `end1` and seat 0 `end0` (six cards,
    in draw order; its last card is the turn-up)."""
    e1, e0 = cards(end1), cards(end0)
    assert len(e1) == 6 and len(e0) == 6 and set(e1) | set(e0) == END_POOL
    talon = " ".join([BURN_0, BURN_1, end1, " ".join(end0.split()[:5])])
    return order_of(BURN_HAND_0, BURN_HAND_1, end0.split()[5], talon)


@pytest.fixture
def deal(engine: ModuleType) -> Callable[..., Any]:
    """deal(hand0, hand1, turnup, talon='') -> a Game of the engine under test."""
    def make(hand0: str, hand1: str, turnup: str, talon: str = "") -> Any:
        return engine.Game.from_order(order_of(hand0, hand1, turnup, talon))
    return make


@pytest.fixture
def unburned(engine: ModuleType) -> Callable[..., Any]:
    """unburned(end1, end0) -> the burn deal before its first move."""
    def make(end1: str, end0: str) -> Any:
        return engine.Game.from_order(burned_order(end1, end0))
    return make


@pytest.fixture
def burned(engine: ModuleType) -> Callable[..., Any]:
    """burned(end1, end0) -> a Game at bout 3 of the burn deal (talon empty, seat 0 to attack)."""
    def make(end1: str, end0: str) -> Any:
        game = engine.Game.from_order(burned_order(end1, end0))
        run(game, BURN_SCRIPT)
        return game
    return make


# The helpers as fixtures, so that test modules need not import conftest.
@pytest.fixture(name="run")
def _run() -> Callable[[Any, str], tuple[Any, ...]]:
    return run


@pytest.fixture(name="refuse")
def _refuse() -> Callable[..., Exception]:
    return refuse


@pytest.fixture(name="snapshot")
def _snapshot() -> Callable[[Any], dict[str, Any]]:
    return snapshot


@pytest.fixture
def table(tmp_path: Any) -> Any:
    """A web table (kozyr.web) on 127.0.0.1 for one test (tests/web/_served.py), stopped afterwards; its log
    must hold no traceback."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).parent / "web"))
    from _served import start, stop

    served, server, thread = start(tmp_path / "records")
    yield served
    stop(server, thread)
    assert "Traceback" not in served.log.getvalue(), served.log.getvalue()
