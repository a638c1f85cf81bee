"""When a bot goes wrong in a deal: one refusal that points at the deal, and the replay that shows it.

A user's bot can answer something that is not a move, a move that is not
legal, an answer after its time limit (`timeout=`, off by default), or raise.
Wherever it plays (the ladder's C loop in a thread or a worker process, a
Dask worker, `replay` through the Game API, `play`), the deal stops and one
`KozyrError` says so:

- `.code`: `no_move`, `not_legal`, `bot_timeout` or `bot_error` (the bot's own
  exception is its `__cause__`);
- the message, one line: the bot, what it did, the ply and the deal (its index,
  the ladder's seed and deal mode, the deal's seed text), and the `replay` call
  (Python) and `kozyr replay` command (shell) that play that very deal again;
- fields: `bot`, `deal`, `seed`, `deal_mode`, `deal_text`, `seat`, `ply`,
  `swapped` (the pair's second game), `move`, `seconds`, `timeout`, `replay`,
  `command` (None when a side has no name the shell knows).

`ask` is the Python path's one check of an answer (the C loop makes the same
checks in `_loop.pyx`'s `ask_player`); both report an `Answer`.
"""
from __future__ import annotations

import shlex
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from kozyr.durak.bots.sides import Side, describe
from kozyr.durak.bots.userbots import BotFactory, BotSpec, expression
from kozyr.durak.moves import Move, move_of_code
from kozyr.durak.seeds import prefix
from kozyr.errors import KozyrError, real, shown

__all__ = ["Answer", "ask", "native_answer", "fault", "seeded_fault", "table_fault", "FAULTS",
           "CODES", "replay_call", "replay_command", "check_timeout", "MAX_TIMEOUT"]

MAX_TIMEOUT = 86_400.0   # a day: a per-decision limit beyond this is a typo
TEXT_MAX = 100           # characters of a bot's exception message quoted in the one-line refusal

#: The C loop's fault kinds (F_* in _loop.pyx), by number.
FAULTS = ("engine", "illegal", "slow", "player", "runaway")
#: The refusal code of each thing a bot can do wrong.
CODES = {"raised": "bot_error", "no_move": "no_move", "not_legal": "not_legal", "slow": "bot_timeout"}


def check_timeout(timeout: object) -> float | None:
    """A per-decision time limit: None (no limit, the default) or seconds above 0 (bad_timeout)."""
    if timeout is None:
        return None
    t = real("timeout", timeout, None, MAX_TIMEOUT)
    if t <= 0:
        raise KozyrError("bad_timeout", f"timeout={shown(timeout)} is not above 0 seconds (None: no limit)",
                         field="timeout", value=timeout)
    return t


@dataclass(frozen=True)
class Answer:
    """What went wrong with one answer: `what` is "raised", "no_move", "not_legal" or "slow";
    `move` what the bot answered (None if it raised), `error` what it raised, `seconds` how long it took."""

    what: str
    move: Any = None
    error: BaseException | None = None
    seconds: float | None = None


def native_answer(code: int) -> Answer:
    """What a native bot's move code is: its Move (refused as not legal when not offered), or the code itself
    when it names no move (refused as no move), the same in the C loop and on the Python path
    (`moves.move_of_code` reads the code for both)."""
    move = move_of_code(code)
    return Answer("not_legal", move) if move is not None else Answer("no_move", code)


def ask(player: Callable[[Any], Any], view: Any, timeout: float | None = None) -> Move | Answer:
    """The player's answer on `view` as a legal Move, or the `Answer` that says what went wrong (move
    text is parsed; a KeyboardInterrupt is raised, not reported)."""
    t0 = time.perf_counter() if timeout else 0.0
    try:
        move = player(view)
    except (KeyboardInterrupt, SystemExit):
        raise
    except BaseException as err:
        return Answer("raised", error=err)
    if timeout:
        took = time.perf_counter() - t0
        if took > timeout:
            return Answer("slow", move, seconds=took)
    answer = move
    if isinstance(move, str):
        try:
            answer = Move.parse(move)
        except KozyrError:
            return Answer("no_move", move)
    if not isinstance(answer, Move):
        return Answer("no_move", move)
    if answer not in view.legal:
        return Answer("not_legal", move)
    return answer


def _what(answer: Answer | None, kind: str, who: str, timeout: float | None) -> tuple[str, str]:
    """(code, the sentence's verb part) for a fault."""
    if kind == "slow":
        return "bot_timeout", f"{who} answered after its limit of {timeout:g} s a decision"
    assert answer is not None
    code = CODES[answer.what]
    if answer.what == "raised":
        err = answer.error
        text = str(err).splitlines()[0] if str(err) else ""
        if len(text) > TEXT_MAX:
            text = text[:TEXT_MAX - 3] + "..."
        return code, f"{who} raised {type(err).__name__}" + (f": {text}" if text else "")
    if answer.what == "no_move":
        return code, f"{who} answered {shown(answer.move)}, not a move"
    if answer.what == "not_legal":
        return code, f"{who} answered {answer.move}, not one of its legal moves"
    return code, f"{who} took {answer.seconds:.3g} s, over its limit of {timeout:g} s a decision"


def _expr(side: Side) -> str:
    """Python text for a side in a replay call."""
    if side.kind == "rung":
        return str(side.rung) if not side.params.changed() else f"<rung {side.rung} with {side.params!r}>"
    origin = side.origin
    if isinstance(origin, BotSpec):
        knobs = f", {dict(origin.knobs)!r}" if origin.knobs else ""
        return f"BotSpec({origin.spec!r}{knobs})"
    if isinstance(origin, BotFactory):
        name = expression(origin.make)
        if name is None:
            return _unnamed(origin.name)
        if not origin.knobs:
            return name
        return f"BotFactory({name}, {', '.join(f'{k}={v!r}' for k, v in origin.knobs.items())})"
    if side.kind == "bot":
        return repr(side.source)
    name = expression(side.player)
    return name if name is not None else _unnamed(describe(side))


def _unnamed(name: str) -> str:
    """A side no Python text names (a lambda, a local function): shown as <name>, to be put back by hand."""
    return name if name.startswith("<") else f"<{name}>"


def _cli_name(side: Side) -> tuple[str, dict[str, Any]] | None:
    """How the shell names a side (a rung int or module:attr) and its knobs, or None."""
    if side.kind == "rung":
        return (str(side.rung), {}) if not side.params.changed() else None
    origin = side.origin
    if isinstance(origin, BotSpec):
        return origin.spec, dict(origin.knobs)
    if isinstance(origin, BotFactory):
        name = origin.spec or _module_name(origin.make)
        return None if name is None else (name, dict(origin.knobs))
    if side.kind == "callable":
        name = _module_name(side.player)
        return None if name is None else (name, {})
    return None


def _module_name(obj: object) -> str | None:
    from kozyr.durak.bots.userbots import spec_name

    return spec_name(obj)


def replay_call(first: Side, second: Side, seed: Any, i: int, deal: str, timeout: float | None) -> str:
    """The Python call that plays deal i again (the first side in the deal's seat i % 2)."""
    extra = f", timeout={timeout!r}" if timeout else ""
    return (f"kozyr.durak.ladder.replay({_expr(first)}, {_expr(second)}, {seed!r}, {i}, deal={deal!r}{extra})")


def _knob_options(names: Sequence[tuple[str, dict[str, Any]]], sides: Sequence[Side]) -> list[str]:
    users = [k for k, s in enumerate(sides) if s.kind != "rung"]
    out: list[str] = []
    for k, (_, knobs) in enumerate(names):
        option = "--bot-set" if (len(users) == 1 or k == 0) else "--vs-bot-set"
        for name, value in knobs.items():
            out += [option, f"{name}={value}"]
    return out


def replay_command(first: Side, second: Side, seed: Any, i: int | None, deal: str | None, timeout: float | None,
                   number: int | None = None) -> str | None:
    """The `kozyr replay` command for deal i of a ladder (or deal `number` of an explicit seed), or None when
    a side has no name the shell knows (a Bot object, a lambda, a native bot not made by a named factory)."""
    names = [_cli_name(first), _cli_name(second)]
    if names[0] is None or names[1] is None:
        return None
    given = [n for n in names if n is not None]
    argv = ["kozyr", "replay", str(seed)]
    if number is not None:
        argv += ["--number", str(number)]
    else:
        argv += ["--deal", str(i)]
        if deal != "fast":
            argv.append(f"--{deal}")
    argv += ["--rungs", given[0][0], given[1][0], *_knob_options(given, [first, second])]
    if timeout:
        argv += ["--timeout", f"{timeout:g}"]
    return " ".join(shlex.quote(a) for a in argv)


def _result(code: str, sentence: str, where: str, python: str, command: str | None, answer: Answer | None,
            fields: dict[str, Any]) -> KozyrError:
    how = f"replay it: {command} | in Python: {python}" if command else f"replay it in Python: {python}"
    err = KozyrError(code, f"{sentence} {where}; {how}", replay=python, command=command,
                     move=None if answer is None else answer.move,
                     seconds=None if answer is None else answer.seconds, **fields)
    if answer is not None and answer.error is not None:
        err.__cause__ = answer.error
    return err


def fault(kind: str, answer: Answer | None, job: Any, i: int, game: int, rotation: int, seat: int, ply: int,
          max_moves: int) -> BaseException:
    """What deal i of a run (`job`, a `kozyr.durak.ladder.job.Job`) raises when its game `game` (rotation
    `rotation`: side j in seat (j + rotation) % N) went wrong at `ply` with `seat` on turn: a KozyrError
    for a bot's fault, naming the bot, the deal (and at a table the rotation; at two seats the pair's
    second game) and the `replay` call that plays that very game again; the KeyboardInterrupt a Python
    bot was stopped by; or a RuntimeError for an engine fault (a rung had no move, a deal past
    max_moves). One fault for every table: the two-seat game words the place as its ladder does."""
    if answer is not None and isinstance(answer.error, (KeyboardInterrupt, SystemExit)):
        return answer.error
    sides, rules, seed, deal, timeout = job.sides, job.rules, job.seed, job.deal, job.timeout
    n = len(sides)
    text = None if deal == "fast" else prefix(seed, deal) + str(i)
    two = bool(rules.two_seat)
    place = (f"deal {i} of seed {seed!r}, {deal} deals" if two
             else f"deal {i} rotation {rotation} of seed {seed!r}, {deal} deals, {rules!r}")
    place += f" (seed text {text!r})" if text else ""
    if kind in ("engine", "runaway") or (kind in ("player", "illegal") and answer is None):
        why = (f"ran past {max_moves:,} moves" if kind == "runaway"
               else "stopped: a bot had no move or a move was refused")
        return RuntimeError(f"{place}: {why} at ply {ply} (an engine or bot fault)")
    at = (seat - rotation) % n
    side = sides[at]
    code, sentence = _what(answer, kind, describe(side), timeout)
    fields = dict(bot=describe(side), deal=i, seed=seed, deal_mode=deal, deal_text=text, seat=seat, ply=ply,
                  timeout=timeout)
    if two:
        second = game == 1
        first, other = (sides[0], sides[1]) if not second else (sides[1], sides[0])
        python = replay_call(first, other, seed, i, deal, timeout)
        command = replay_command(first, other, seed, i, deal, timeout)
        where = f"(ply {ply} of {place}; seat {seat}" + (", the pair's second game)" if second else ")")
        return _result(code, sentence, where, python, command, answer,
                       dict(fields, swapped=second, side="ab"[at]))
    extra = f", timeout={timeout!r}" if timeout else ""
    python = (f"kozyr.durak.ladder.replay([{', '.join(_expr(s) for s in sides)}], {seed!r}, {i}, "
              f"rotation={rotation}, rules={rules!r}, deal={deal!r}{extra})")
    return _result(code, sentence, f"(ply {ply} of {place}; seat {seat})", python, None, answer,
                   dict(fields, rotation=rotation, side=at))


def seeded_fault(kind: str, answer: Answer | None, sides: Sequence[Side], seed32: bytes, number: int, seat: int,
                 ply: int, max_moves: int, timeout: float | None = None) -> BaseException:
    """`deal_fault` for one deal of an explicit 32-byte seed (`play`, `kozyr replay SEED`): side 0 in seat 0."""
    if answer is not None and isinstance(answer.error, (KeyboardInterrupt, SystemExit)):
        return answer.error
    text = seed32.rstrip(b" ").decode("ascii", "replace")
    place = f"deal {number} of seed {text!r}"
    if kind in ("engine", "runaway") or (kind == "player" and answer is None):
        return RuntimeError(f"{place} stopped at ply {ply}: a bot had no move, a move was refused or the deal "
                            f"ran past {max_moves:,} moves (an engine or bot fault)")
    side = sides[seat]
    python = f"kozyr.durak.ladder.play({text!r}, {_expr(sides[0])}, {_expr(sides[1])}, number={number})"
    command = replay_command(sides[0], sides[1], text, None, None, timeout, number=number)
    code, sentence = _what(answer, kind, describe(side), timeout)
    return _result(code, sentence, f"(ply {ply} of {place}; seat {seat})", python, command, answer,
                   dict(bot=describe(side), deal=number, seed=text, deal_mode="seed", deal_text=text, seat=seat,
                        ply=ply, swapped=False, timeout=timeout, side="ab"[seat]))


def table_fault(answer: Answer, bot: str, seat: int, ply: int, where: str, command: str) -> BaseException:
    """A bot's fault at a table that is not a ladder (the terminal game: one seat is a person, so the deal
    replays with the same command, not with `replay`)."""
    if isinstance(answer.error, (KeyboardInterrupt, SystemExit)):
        return answer.error
    code, sentence = _what(answer, "player", bot, None)
    err = KozyrError(code, f"{sentence} (ply {ply} of {where}; seat {seat}); play it again: {command}", bot=bot,
                     seat=seat, ply=ply, move=answer.move, command=command, replay=None)
    if answer.error is not None:
        err.__cause__ = answer.error
    return err


