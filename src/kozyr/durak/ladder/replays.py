"""Replay: one game of a run played again alone through the `Game` API, one decision at a time.

`replay` plays any single game of a ladder (two seats or a table: deal i,
rotation r) again alone through the Game API, and `players` gives the players
of its seats as Python callables. Rung ints and Bots get the same words
and thresholds here as in the C loop (both read `sides.Side` and
`kozyr.durak.seeds`), so a replayed deal is the C loop's deal move for move.
A user's bot plays here as there (a factory built once, a native bot called on
the compiled engine's views with the same words), and a bot that goes wrong
raises the C loop's refusal (`faults`), naming the same deal and ply.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from kozyr.durak import _moved
from kozyr.durak.bots.rung4 import Scratch, best4
from kozyr.durak.bots.rungs import best
from kozyr.durak.bots.sides import Side, resolve
from kozyr.durak.core.engine import MAX_MOVES as _ENGINE_MAX_MOVES
from kozyr.durak.ladder import faults
from kozyr.durak.seeds import (
    a_seat,
    bot_seed,
    check_deal,
    check_index,
    deal_key,
    deal_seed,
    fast_word,
    seat_key,
    word,
)
from kozyr.errors import KozyrError, whole

__all__ = ["players", "play_python", "deal_game", "replay", "MAX_MOVES", "seat_players"]

MAX_MOVES = _ENGINE_MAX_MOVES   # the harnesses' one cap on a deal's moves (core/state.pxd)
Player = Callable[[Any], Any]


def deal_game(seed: object, i: int, deal: str = "fast", *, rules: Any = None, engine: Any = None) -> Any:
    """A fresh Game of deal i of a run at `rules` (None: `Rules()`; every rotation plays this deal);
    `engine` is a Game class (the Cython one by default, or kozyr.durak.oracle.reference.Game, which deals from
    seeds only)."""
    if engine is None:
        from kozyr.durak.core.engine import Game as engine
    ds = deal_seed(seed, i, deal)
    from kozyr.durak.rules import Rules

    table = None if rules is None else Rules.of(rules)
    # Rules() is the engines' default and is left out, so that the two-seat oracle twin (no rules=) replays too
    kw = {} if table is None or table.two_seat else {"rules": table}
    return engine.from_rng(ds, **kw) if isinstance(ds, int) else engine.from_seed(ds, 1, **kw)


def _rung_player(side: Side, words: Callable[[int], int]) -> Player:
    def play(view: Any) -> Any:
        w = words(view.ply) if side.rung == 1 and view.legal else 0
        return best(view, side.rung, w, side.params)
    return play


def _rung4_player(side: Side, key: int) -> Player:
    """Rung 4 from the view alone with the C loop's search key for its seat (the key of the
    seat's words: fast, or the first two SHA-256 words of its bot seed), one endgame table for
    the deal as there (best4 empties it at every decision, as the C loop does)."""
    scratch = Scratch() if side.params.ENDGAME else None
    return lambda view: best4(view, key, side.params, scratch=scratch)


def players(a: object, b: object = None, seed: object = None, i: object = None, deal: str = "fast",
            params: dict[str, int] | None = None, *, rotation: int | None = None) -> Any:
    """The Python players (engine seats 0 .. N-1) of deal i: the same sides, words and thresholds as the
    C loop. Two sides: `players(a, b, seed, i)`, a pair (a in seat i % 2). N sides:
    `players([a, b, c], seed, i, rotation=r)`, a list (side j in seat (j + r) % N; r defaults to
    i % N at two seats, 0 at a table)."""
    if isinstance(a, (list, tuple)):
        sides, seed, i = list(a), b, seed
    else:
        sides = [a, b]
    idx = check_index(i)
    n = len(sides)
    r = (idx % 2 if n == 2 else 0) if rotation is None else whole("rotation", rotation, 0, n - 1)
    out = seat_players(sides, seed, idx, r, deal, params)
    return out if isinstance(a, (list, tuple)) else (out[0], out[1])


def _seat_player(raw: object, seat: int, seed: object, i: int, deal: str, params: dict[str, int] | None) -> Player:
    """The Python player of one seat of deal i: a user's bot as it is, a rung int with the seat's words."""
    side = resolve(raw, params)
    if side.kind in ("callable", "native"):   # a NativeBot is callable on the compiled engine's views
        assert side.player is not None
        return side.player
    if side.kind == "bot":
        return side.source  # type: ignore[return-value]  # a Bot is a callable view -> Move
    if deal == "fast":
        key = seat_key(deal_key(seed, i), seat)
        if side.rung == 4:
            return _rung4_player(side, key)
        return _rung_player(side, lambda ply: fast_word(key, seat, ply))
    text = bot_seed(seed, i, seat, deal)
    if side.rung == 4:
        return _rung4_player(side, (word(text, seat, 0) << 32) | word(text, seat, 1))
    return _rung_player(side, lambda ply: word(text, seat, ply))


def seat_players(sides: Sequence[object], seed: object, i: int, rotation: int, deal: str = "fast",
                 params: dict[str, int] | None = None) -> list[Player]:
    """The N Python players (engine seats 0 .. N-1) of deal i, rotation `rotation` (side j in seat
    (j + rotation) % N): the same sides, words and thresholds as the C loop."""
    check_index(i)
    check_deal(deal)
    n = len(sides)
    return [_seat_player(sides[(seat - rotation) % n], seat, seed, i, deal, params) for seat in range(n)]


def table_players(sides: Sequence[object], seed: object, i: int, rotation: int, deal: str = "fast",
                  params: dict[str, int] | None = None) -> list[Player]:
    """Deprecated (until kozyr 0.5; warns at each call): `seat_players`."""
    _moved.warn_renamed("kozyr.durak.ladder.replays.table_players")
    return seat_players(sides, seed, i, rotation, deal, params)


def table_game(seed: object, i: int, rules: Any, deal: str = "fast", *, engine: Any = None) -> Any:
    """Deprecated (until kozyr 0.5; warns at each call): `deal_game(seed, i, deal, rules=rules)`."""
    _moved.warn_renamed("kozyr.durak.ladder.replays.table_game")
    return deal_game(seed, i, deal, rules=rules, engine=engine)


def play_python(game: Any, seats: Sequence[Player], timeout: float | None = None,
                on_fault: Callable[[faults.Answer, int, int], BaseException] | None = None) -> tuple[int, int, int]:
    """Play a game to its end with its Python players (one a seat); (moves, bouts, largest hand).

    Every answer is checked (`faults.ask`); a bad one raises `on_fault(answer, seat, ply)` (by
    default a KozyrError naming the seat and ply only)."""
    big = 6
    moves = 0
    while not game.over:
        t = game.turn
        view = game.view(t)
        big = max(big, *view.counts)
        move = faults.ask(seats[t], view, timeout)
        if isinstance(move, faults.Answer):
            if on_fault is not None:
                raise on_fault(move, t, view.ply)
            raise KozyrError(faults.CODES[move.what], f"the player in seat {t} went wrong at ply {view.ply}: "
                             f"{move.what} ({move.move!r})", seat=t, ply=view.ply, move=move.move) from move.error
        game.apply(t, move)
        moves += 1
        if moves > MAX_MOVES:
            raise RuntimeError(f"the deal ran past {MAX_MOVES} moves")
    final = game.view(0)
    big = max(big, *final.counts)
    bouts = sum(1 for e in game.events if e.kind == "bout_end")
    return moves, bouts, big


def replay(a: object, b: object = None, seed: object = None, i: object = None, *, deal: str = "fast",
           params: dict[str, int] | None = None, engine: Any = None, timeout: float | None = None,
           rules: Any = None, rotation: int | None = None) -> Any:
    """One game of a run played again alone through the Python Game API; the finished Game.

    Two seats: `replay(a, b, seed, i)`, deal i of `ladder(a, b, ..., seed)` (a in seat i % 2; the
    pair's second game is `replay(b, a, seed, i)`). A table: `replay([a, b, c, d], seed, i,
    rotation=r, rules=...)`, deal i's rotation r (side j in seat (j + r) % N; the arrays' entry
    (i - 1) * N + r). Its history is the game move by move; the C loop's arrays for it (losers or fool,
    moves, bouts, largest hand) follow from it. A user's bot that goes wrong raises the ladder's refusal
    for that game (`faults.fault`); `timeout` limits each of its decisions as the ladder's does.
    """
    from kozyr.durak.ladder.job import Job
    from kozyr.durak.rules import Rules

    if isinstance(a, (list, tuple)):
        given, seed, i = list(a), b, seed
    else:
        given = [a, b]
    table = Rules.of(rules)
    resolved = tuple(resolve(s, params) for s in given)
    if len(resolved) != table.seats:
        raise KozyrError("bad_sides", f"{len(resolved)} sides for a table of {table.seats} seats",
                         field="sides", value=len(resolved))
    idx = check_index(i)
    r = (a_seat(idx) if table.two_seat else 0) if rotation is None else whole("rotation", rotation, 0,
                                                                               table.seats - 1)
    game = deal_game(seed, idx, deal, rules=table, engine=engine)
    job = Job(resolved, table, seed, deal, idx, timeout)
    played = 0 if not table.two_seat else (0 if r == a_seat(idx) else 1)

    def fault(answer: faults.Answer, seat: int, ply: int) -> BaseException:
        return faults.fault("player", answer, job, idx, played, r, seat, ply, MAX_MOVES)

    play_python(game, seat_players(resolved, seed, idx, r, deal, params), timeout, fault)
    return game


def replay_table(sides: Sequence[object], seed: object, i: int, rotation: int, *, rules: Any, deal: str = "fast",
                 params: dict[str, int] | None = None, engine: Any = None, timeout: float | None = None) -> Any:
    """Deprecated (until kozyr 0.5; warns at each call): `replay(sides, seed, i, rotation=rotation, rules=rules)`."""
    _moved.warn_renamed("kozyr.durak.ladder.replay_table")
    return replay(list(sides), seed, i, rotation=rotation, rules=rules, deal=deal, params=params, engine=engine,
                  timeout=timeout)
