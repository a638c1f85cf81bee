"""`check_bot`: the contract a durak bot keeps, checked on the bot itself.

A bot that breaks the contract still plays: the ladder refuses an illegal
answer when it comes, but a bot that peeks at a card it cannot see, answers
one view two ways, or cannot be rebuilt in a worker process gives numbers
that look measured and are not. `check_bot` plays the bot on random views of
every table it claims and raises a `BotCheckError` (a `KozyrError` coded
`bot_check`) naming the first check it fails, the table and the view:

- ``plays``: a bot with a `plays(rules)` method (the learned rung) says it
  plays every table it is checked at;
- ``legal``: every answer is a move of the view's legal list (a `Move`, or its
  text), and the bot does not raise;
- ``same_view``: the same view asked again gives the same move (the ladder,
  replay and the worker processes ask each view once, each in its own way:
  a bot that draws from an unseeded generator or keeps state across calls
  plays a different game in each);
- ``hidden``: a hidden-card twin, the same deal with every card the seat has
  not seen dealt anew (`Game.determinize`: the view is equal, the other hands
  and the talon are not), gives the same move: a bot that reaches past its
  view to the real deal (a global, the caller's frames, the engine's objects)
  answers the twins differently;
- ``worker``: the bot, sent to a worker process as the ladder's processes send
  it (by pickle: a factory's side as the factory and its knobs) and rebuilt
  there, answers the same views with the same moves;
- ``replay``: a short ladder against rung 2 and `replay` of each of its deals
  (the Python path, move by move) end alike: same loser, moves and bouts.

The views come from random deals in which the bot's own answers and random
legal moves take turns, so that the positions the bot leads into are checked
as well as arbitrary ones; `seed` fixes them.
"""
from __future__ import annotations

import multiprocessing as mp
import pickle
import random
from collections.abc import Iterable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from kozyr.durak.bots.sides import Side, describe, resolve, seat_bot
from kozyr.durak.core.engine import Game
from kozyr.durak.ladder import faults
from kozyr.durak.ladder.processes import start_method
from kozyr.durak.moves import Move
from kozyr.durak.rules import Rules
from kozyr.durak.seeds import a_seat
from kozyr.errors import KozyrError, shown, whole

__all__ = ["check_bot", "BotCheckError", "BotCheckReport", "CHECKS"]

#: The checks, in the order they run.
CHECKS = ("plays", "legal", "same_view", "hidden", "worker", "replay")
WORKER_VIEWS = 6        # views a table that the worker process answers again
REPLAY_DEALS = 2        # deals a table of the short ladder that replay plays again


class BotCheckError(KozyrError):
    """The bot broke the contract: `.check` names the check (one of `CHECKS`), `.rules` the table, `.view`
    the view it failed on (None for a check of whole deals: `.deal` then names the ladder's deal)."""

    check: str
    rules: Rules
    view: Any
    deal: int | None


@dataclass(frozen=True)
class BotCheckReport:
    """What `check_bot` checked, every check having held: the bot's name, the tables, and how many views
    (each asked twice and on a twin), views answered again in a worker, and ladder deals replayed."""

    bot: str
    tables: tuple[Rules, ...]
    views: int
    worker_views: int
    replayed: int


@dataclass(frozen=True)
class _Position:
    """A decision, as another process rebuilds it: the table, the deal's generator state and the moves."""

    rules: Rules
    deal: int
    moves: tuple[tuple[int, Move], ...]

    def game(self) -> Any:
        game = Game.from_rng(self.deal, self.rules)
        for seat, move in self.moves:
            game.apply(seat, move)
        return game

    def where(self, seat: int, ply: int) -> str:
        return (f"seat {seat} at ply {ply} of Game.from_rng({self.deal:#x}, {self.rules!r}) after "
                f"{len(self.moves)} moves")


def _tables(rules: object) -> tuple[Rules, ...]:
    """The tables to check at: None is Rules(); a Rules (or a mapping of options) one table; a list many."""
    if rules is None or isinstance(rules, (Rules, Mapping)):
        return (Rules.of(rules),)
    if isinstance(rules, Iterable) and not isinstance(rules, (str, bytes)):
        tables = tuple(dict.fromkeys(Rules.of(r) for r in rules))
        if tables:
            return tables
    raise KozyrError("bad_rules", f"rules={shown(rules)} is not a Rules nor a non-empty list of them",
                     field="rules", value=rules)


def _fail(check: str, name: str, rules: Rules, what: str, *, view: Any = None, deal: int | None = None,
          cause: BaseException | None = None) -> BotCheckError:
    err = BotCheckError("bot_check", f"{name} fails the {check} check at {rules!r}: {what}", check=check,
                        rules=rules, view=view, deal=deal)
    err.__cause__ = cause
    return err


def _ask(player: Any, game: Any, seat: int) -> Move | faults.Answer:
    """The bot's answer on `game`'s view for `seat`, checked as the ladder checks it (`faults.ask`). Every
    question goes through here, the real deal's and the twin's alike, with the game asked about as the
    one game in reach: a bot that finds its way to it answers the twin from the twin's hidden cards."""
    return faults.ask(player, game.view(seat))


def _said(answer: Move | faults.Answer) -> str:
    if isinstance(answer, Move):
        return str(answer)
    if answer.what == "raised":
        return f"raised {type(answer.error).__name__}: {answer.error}"
    return f"{answer.move!r} ({'not a move' if answer.what == 'no_move' else 'not legal'})"


def _worker_answers(blob: bytes, seed: str, positions: Sequence[_Position]) -> list[str]:
    """In the worker: rebuild the bot from its pickled side and answer every position's view."""
    player = seat_bot(pickle.loads(blob), seed)
    out = []
    for position in positions:
        game = position.game()
        out.append(_said(_ask(player, game, game.turn)))
    return out


def _views(name: str, player: Any, rules: Rules, count: int, rnd: random.Random,
           keep: list[_Position]) -> int:
    """Ask the bot on `count` views of random deals at `rules` (legal, same_view, hidden); the views asked."""
    asked = 0
    while asked < count:
        deal = rnd.getrandbits(64)
        game = Game.from_rng(deal, rules)
        moves: list[tuple[int, Move]] = []
        while not game.over and asked < count:
            seat = game.turn
            if seat is None:   # never while the deal goes on
                break
            view = game.view(seat)
            position = _Position(rules, deal, tuple(moves))
            where = position.where(seat, view.ply)
            first = _ask(player, game, seat)
            if not isinstance(first, Move):
                raise _fail("legal", name, rules, f"answered {_said(first)} on the view of {where}", view=view,
                            cause=getattr(first, "error", None))
            again = _ask(player, game, seat)
            if again != first:
                raise _fail("same_view", name, rules, f"answered {first} and then {_said(again)} on the same view "
                            f"of {where}", view=view)
            twin = game.determinize(seat, rnd.getrandbits(64))
            if twin.view(seat) == view:   # always so: the twin differs only in what the seat cannot see
                other = _ask(player, twin, seat)
                if other != first:
                    raise _fail("hidden", name, rules, f"answered {first} on the view of {where}, and "
                                f"{_said(other)} on the same view of a deal whose hidden cards differ", view=view)
            if len(keep) < WORKER_VIEWS:
                keep.append(position)
            asked += 1
            move = first if rnd.random() < 0.5 else rnd.choice(view.legal)
            game.apply(seat, move)
            moves.append((seat, move))
    return asked


def _worker(name: str, side: Side, seed: str, positions: Sequence[_Position], here: Sequence[str]) -> None:
    rules = positions[0].rules
    try:
        blob = pickle.dumps(side)
    except Exception as err:  # noqa: BLE001
        raise _fail("worker", name, rules, f"cannot be sent to a worker process ({type(err).__name__}: {err}): "
                    "define the bot at module level, or pass its factory or module:attr", cause=err) from None
    with ProcessPoolExecutor(1, mp_context=mp.get_context(start_method())) as pool:
        try:
            there = pool.submit(_worker_answers, blob, seed, list(positions)).result()
        except Exception as err:  # noqa: BLE001
            raise _fail("worker", name, rules, f"rebuilding it in a worker process raised {type(err).__name__}: "
                        f"{err}", cause=err) from None
    for position, mine, theirs in zip(positions, here, there):
        if mine != theirs:
            game = position.game()
            raise _fail("worker", name, position.rules, f"answered {mine} here and {theirs} in a worker process "
                        f"on the view of {position.where(game.turn, game.ply)}", view=game.view(game.turn))


def _replay(name: str, side: Side, rules: Rules, seed: str) -> int:
    """A short ladder against rung 2 at `rules`, every deal replayed on the Python path; the games compared."""
    from kozyr.durak.ladder import ladder
    from kozyr.durak.ladder.replays import replay

    if rules.two_seat:
        r = ladder(side, 2, REPLAY_DEALS, seed)
        for i in range(1, REPLAY_DEALS + 1):
            game = replay(side, 2, seed, i)
            assert game.result is not None   # replay plays the deal to its end
            fool = game.result.fool
            mine = (-1 if fool is None else int(fool != a_seat(i)), game.moves, game.bouts)
            theirs = (int(r.fool[i - 1]), int(r.moves[i - 1]), int(r.bouts[i - 1]))
            if mine != theirs:
                raise _fail("replay", name, rules, f"deal {i} of ladder(bot, 2, {REPLAY_DEALS}, {seed!r}) ended "
                            f"(fool, moves, bouts) {theirs}, and replay(bot, 2, {seed!r}, {i}) {mine}", deal=i)
        return REPLAY_DEALS
    n = rules.seats
    sides = [side] + [2] * (n - 1)
    t = ladder(sides, REPLAY_DEALS, seed, rules=rules)
    for i in range(1, REPLAY_DEALS + 1):
        for rot in range(n):
            game = replay(list(sides), seed, i, rotation=rot, rules=rules)
            assert game.result is not None
            losers = sum(1 << ((s - rot) % n) for s in game.result.losers)
            k = (i - 1) * n + rot
            mine = (losers, game.moves, game.bouts)
            theirs = (int(t.losers[k]), int(t.moves[k]), int(t.bouts[k]))
            if mine != theirs:
                raise _fail("replay", name, rules, f"deal {i}, rotation {rot} of the table ladder against rung 2s "
                            f"(seed {seed!r}) ended (losers, moves, bouts) {theirs}, and replay {mine}",
                            deal=i)
    return REPLAY_DEALS * n


def check_bot(bot: object, *, rules: object = None, views: int = 40, seed: object = 0) -> BotCheckReport:
    """Check that `bot` keeps the contract of a durak bot at every table in `rules`; a `BotCheckReport`,
    or a `BotCheckError` naming the first check that fails (`CHECKS`, the module's docstring), the table
    and the view.

    bot: anything the ladder takes (a callable view -> Move, a factory, `module:attr`, a NativeBot, a Bot,
    a rung int or a name the shell knows). rules: the tables the bot claims to play, a `Rules` or a list
    (default `Rules()`, the two-seat game). views: how many views each table's bot is asked on (each
    asked twice and on a hidden-card twin). seed: fixes the deals, the bot's seed and the ladder's.

    >>> check_bot("taker", views=4).tables
    (Rules(),)
    """
    tables = _tables(rules)
    count = whole("views", views, 1, 1_000_000)
    text = str(seed)
    side = resolve(bot)
    name = describe(side)
    player = seat_bot(side, f"check/{text}")
    plays = getattr(side.player if side.kind in ("native", "callable") else None, "plays", None)
    for table in tables:
        if callable(plays) and not plays(table):
            raise _fail("plays", name, table, f"its plays(rules) says no (it plays "
                        f"{getattr(side.player, 'tables', 'its own tables')})")
    rnd = random.Random(f"check_bot/{text}")
    asked = 0
    kept: dict[Rules, list[_Position]] = {}
    for table in tables:
        kept[table] = []
        asked += _views(name, player, table, count, rnd, kept[table])
    positions = [p for table in tables for p in kept[table]]
    here = []
    for position in positions:
        game = position.game()
        here.append(_said(_ask(player, game, game.turn)))
    _worker(name, side, f"check/{text}", positions, here)
    replayed = sum(_replay(name, side, table, f"check/{text}") for table in tables)
    return BotCheckReport(name, tables, asked, len(positions), replayed)
