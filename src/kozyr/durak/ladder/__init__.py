"""The ladder: whole deals of bot against bot, measured.

`ladder(a, b, deals, seed)` plays `deals` deals between two sides (a rung int
1..4, a `Bot`, a `Rung4Bot`, or a user's bot: a `NativeBot`, any Python
callable `view -> Move`, or a factory `make_bot(**knobs)`; see `sides`; an RL
policy `observation -> action` plays as one through `policy.policy_side`),
seats alternating, and returns per-deal numpy arrays plus a summary
(`LadderResult`). When no side is a Python callable every deal runs in C
(`_loop.pyx`: deal, view, bot, apply, with no Python object touched; two
rungs 1 to 3 in `kozyr/durak/bots/_duel.pxd`, a copy of the loop specialised per pairing), so
`workers=N` threads run chunks in parallel and the arrays are identical to one
worker (each deal depends only on its index). A Python callable plays inside
the same loop: it is handed a `GameView` and its answer is checked against the
legal list (well under a microsecond of overhead a decision); with `workers=N`
it plays in N worker processes (`processes`), with the same arrays. A bot
that goes wrong stops the ladder with one refusal naming the deal and the
`replay` that shows it (`faults`); `replays` plays any game of a run again
through the Game API.

Deal i runs from 1 to `deals`; the arrays hold deal i at index i - 1. Side `a`
sits in engine seat `i % 2` (so b opens deal 1 in seat 0), as the reference
distribution's ladder seats rung `a` in seat i mod 2. With `pairs=True` every
deal is played twice, the same deal and words with the seats swapped: deal i
at indices 2(i - 1) (a in seat i % 2, the very game of the unpaired ladder)
and 2(i - 1) + 1 (a in the other seat), and `LadderResult.pairs` holds the
pentanomial counts of side a's pair scores. How deals are dealt is
one value, `deal="fast" | "sha" | "reference"` (see `kozyr.durak.seeds`); every
deal replays alone (`deal_seed`, `replay`).

At a table of N seats (`rules=`, a `Rules` other than `Rules()`), `ladder`
takes N sides and plays every deal N times, the sides rotated through the
seats (`TableResult`). Both are one path: a run is a `Job` (`job`: the sides,
the Rules, the seed, the games a deal), played by one `Runner` in one loop, on
threads, worker processes or a cluster; the two-seat ladder is the run at
`Rules()` whose rotations alternate the seats (or play both, `pairs`), and its
`LadderResult` is the two-seat face of the run's arrays.

The modules, in the one direction they depend on each other:
`sides` (what a side is) <- `job` (what a run is) <- `_loop` (the nogil loop, with `kozyr.durak.bots._duel`),
`replays` (one game again through the Game API) and `cluster` (chunks as Dask tasks) <- this module (validation,
chunks, threads, Ctrl-C) -> `result` (the summary, and the Ctrl-C that this module and
`cluster` raise).
"""
from __future__ import annotations

import threading
import time
from collections.abc import Callable
from concurrent.futures import FIRST_COMPLETED, ThreadPoolExecutor, wait
from typing import Any

import numpy as np

from kozyr.durak import _moved
from kozyr.durak.bots.sides import (
    PARAMS,
    BotFactory,
    BotSpec,
    NativeBot,
    Side,
    check_read,
    check_table,
    describe,
    resolve,
    seat_bot,
)
from kozyr.durak.ladder import processes
from kozyr.durak.ladder._loop import Runner, play_seeded
from kozyr.durak.ladder.chunks import THREAD_CHUNKS, plan
from kozyr.durak.ladder.job import Job, fool_of
from kozyr.durak.ladder.options import MAX_WORKERS, RunOptions
from kozyr.durak.ladder.replays import deal_game, players, replay, replay_table  # noqa: F401 (deprecated)
from kozyr.durak.ladder.result import LadderResult, TableResult, interrupted
from kozyr.durak.learn.policy import PolicyBot, policy_side
from kozyr.durak.params import PARAM_RUNGS, Params
from kozyr.durak.rules import Rules
from kozyr.durak.seeds import DEALS, a_seat, deal_seed, pad_seed, seed_bytes
from kozyr.errors import KozyrError, shown, whole
from kozyr.stats import Rate

__all__ = [
    "ladder", "LadderResult", "Rate", "deal_seed", "deal_game", "replay", "a_seat", "play", "table_bots",
    "PARAMS", "DEALS", "MAX_DEALS", "MAX_WORKERS", "play_range", "TableResult", "table_sides", "Job", "RunOptions",
]

MAX_DEALS = 10**9        # 8 bytes of arrays a deal: a billion deals is 8 GB
DIRECT_MAX = 16384       # play_range without progress plays up to this many deals in the calling thread (~40 ms)
Progress = Callable[[int, int], None]


def _run(task: Callable[[int, int], int], parts: list[tuple[int, int]], workers: int, deals: int,
         progress: Progress | None, stop: Callable[[], None], per: int = 1) -> list[float]:
    """Run the chunks on `workers` threads, in index order of submission; progress after each.
    The CPU seconds each worker thread spent in chunks.

    The calling thread only waits, so Ctrl-C reaches it at once: queued chunks
    are cancelled, running ones are told to stop (`stop()`), and the
    KeyboardInterrupt says how many deals had finished. A chunk that raises
    (a bot's refusal) stops the submitting; the chunks below it play on, so
    that the refusal raised is the lowest failing deal's, as with one worker.
    """
    done = 0
    cpu: dict[int, float] = {}
    lock = threading.Lock()

    def timed(first: int, count: int) -> int:
        c0 = time.thread_time()
        n = task(first, count)
        spent = time.thread_time() - c0
        with lock:
            key = threading.get_ident()
            cpu[key] = cpu.get(key, 0.0) + spent
        return n

    pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="kozyr-ladder")
    pending: set[Any] = set()
    start: dict[Any, int] = {}
    failure: tuple[int, BaseException] | None = None

    def submit(first: int, count: int) -> None:
        fut = pool.submit(timed, first, count)
        start[fut] = first
        pending.add(fut)

    try:
        ahead = iter(parts)
        for first, count in ahead:
            submit(first, count)
            if len(pending) >= 2 * workers:
                break
        while pending:
            finished, pending = wait(pending, timeout=0.25, return_when=FIRST_COMPLETED)
            for fut in sorted(finished, key=start.__getitem__):
                err = fut.exception()
                if err is not None:
                    if failure is None or start[fut] < failure[0]:
                        failure = (start[fut], err)
                    continue
                done += fut.result() * per
                if progress is not None:
                    progress(done, deals)
            if failure is not None:
                for fut in [f for f in pending if start[f] > failure[0]]:
                    if fut.cancel():
                        pending.discard(fut)
                if not any(start[f] < failure[0] for f in pending):
                    raise failure[1]
                continue
            for first, count in ahead:
                submit(first, count)
                if len(pending) >= 2 * workers:
                    break
    except KeyboardInterrupt:
        stop()
        for fut in pending:
            fut.cancel()
        pool.shutdown(wait=True, cancel_futures=True)
        raise interrupted(done, deals) from None
    except BaseException:
        stop()
        pool.shutdown(wait=True, cancel_futures=True)
        raise
    pool.shutdown(wait=True)
    return sorted(cpu.values(), reverse=True)


def play_range(job: Any, first: Any, count: Any, *args: Any, workers: int = 1, progress: Progress | None = None,
               chunk: int | None = None, cpu: list[float] | None = None, **old: Any) -> tuple[np.ndarray, ...]:
    """Deals first+1 .. first+count of a run (`job`, a `Job`): its arrays in `Job.arrays`' layout
    (losers, moves, bouts, largest, and at a table order; `job.width` entries a deal). A later range
    continues the same run, which is how the sequential test and SPSA play batch after batch without
    replaying a deal. `cpu`, when given, receives the CPU seconds of each thread (or worker process)
    that played. A Python side plays in `workers` processes (one: this one), any other in `workers`
    threads.

    The two-seat form of earlier releases, `play_range(a, b, first, count, seed, deal=, pairs=,
    timeout=)`, still works and returns (fool, moves, bouts, largest)."""
    if not isinstance(job, Job):    # play_range(a, b, first, count, seed=0, *, deal, pairs, timeout)
        a, b, first, count = job, first, count, args[0] if args else old.pop("count")
        seed = args[1] if len(args) > 1 else old.pop("seed", 0)
        two = Job((resolve(a), resolve(b)), Rules(), seed, old.pop("deal", "fast"), first + count,
                  old.pop("timeout", None), old.pop("pairs", False))
        if old:
            raise TypeError(f"play_range() got unexpected keyword arguments {sorted(old)}")
        losers, moves, bouts, largest = play_range(two, first, count, workers=workers, progress=progress,
                                                   chunk=chunk, cpu=cpu)
        return fool_of(losers), moves, bouts, largest
    if args or old:
        raise TypeError("play_range(job, first, count, *, workers, progress, chunk, cpu)")
    arrays = job.arrays(count)
    _drive(Runner(job), job, arrays, first, count, job.width, workers, progress, chunk, cpu,
           searching=any(s.rung == 4 for s in job.sides))
    return arrays


def _drive(runner: Any, job: Job, arrays: tuple[np.ndarray, ...], first: int, count: int, w: int, workers: int,
           progress: Progress | None, chunk: int | None, cpu: list[float] | None, *, searching: bool) -> None:
    """Play deals first+1 .. first+count of `runner` into `arrays`, w entries a deal: a Python side in
    `workers` processes (each builds its runner from `job`), any other in `workers` threads, or in this
    thread for one small batch with no pool to start (a batch of the sequential test or SPSA) unless a
    side searches (a decision may take seconds, and Ctrl-C must reach a thread that waits). `cpu`, when
    given, receives each worker's CPU seconds."""
    if runner.python:
        if chunk is None:
            chunk = max(1, 256 // w)
        if workers > 1 and count > chunk:   # a Python player holds the GIL for its decisions: processes, not threads
            parts = [(first + f, n) for f, n in plan(count, workers, chunk, THREAD_CHUNKS)]
            spent = processes.run(job, parts, workers, arrays, first, count * w, progress, w)
            if cpu is not None:
                cpu.extend(spent)
            return
        workers = 1

    def task(start: int, n: int) -> int:
        return int(runner.chunk(start, n, *arrays, offset=first))
    if workers == 1 and progress is None and chunk is None and count * w <= DIRECT_MAX and not searching:
        c0 = time.thread_time()
        task(first, count)
        spent = [time.thread_time() - c0]
    else:
        parts = [(first + f, n) for f, n in plan(count, workers, chunk, THREAD_CHUNKS)]
        spent = _run(task, parts, workers, count * w, progress, runner.stop, w)
    if cpu is not None:
        cpu.extend(spent)


def ladder(a: object, b: object = None, deals: object = None, seed: object = 0, *, rules: object = None,
           deal: str = "fast", workers: int = 1, params: object = None, pairs: bool = False,
           progress: Progress | None = None, chunk: int | None = None, client: object = None,
           timeout: float | None = None, options: RunOptions | None = None) -> Any:
    """Play `deals` deals of side a against side b; a `LadderResult`. At a table of N seats,
    `ladder([a, b, c, d], deals, seed, rules=Rules(seats=4, ...))`: a `TableResult` (below).

    a, b: rung ints 1..4 (1 random, 2 cheap, 3 careful, 4 search), `Bot`s,
    `Rung4Bot`s, or a user's bots: callables view -> Move (a Python player:
    the loop takes the GIL for its decisions, and `workers=N` plays in N
    processes), `NativeBot`s, or factories `make_bot(**knobs)` (built once
    here). Deal i (1..deals) seats a in engine seat i % 2.
    `deal` is "fast", "sha" or "reference"; `params` (a `Params`, or a
    mapping of NAME: value) apply to rung-int sides (a Bot has its own).
    `pairs=True` plays each deal twice with the seats swapped: `deals` must
    then be even (deals / 2 deal pairs; the layout is in the module doc).
    `progress(done, total)` is called from the calling thread as chunks
    finish. `workers` threads share chunks of `chunk` units; the arrays do
    not depend on workers or chunking. Ctrl-C stops the run within a fraction
    of a second and raises KeyboardInterrupt("interrupted after N of M
    deals"); no partial result is returned. With `client` (a
    `distributed.Client`, the `kozyr[dask]` extra) the chunks run on its Dask
    cluster instead of local threads (`workers` is then unused), with the same
    arrays: see `kozyr.durak.ladder.cluster`. `timeout` (seconds, default
    None: no limit) refuses a decision of a user's bot that takes longer
    (`bot_timeout`; the check is made when the answer comes back). A bot that
    raises or answers a non-move or an illegal move stops the ladder with one
    KozyrError naming the deal, its seed text and the ply, and the `replay`
    call that plays that deal again (`kozyr.durak.ladder.faults`).

    A table: `rules` (a `Rules`, or a mapping of its options; None or
    `Rules()` is the two-seat game), with a list of N sides (or a, b at a
    table of two seats). Every deal is played N times, rotation r seating side
    j in seat (j + r) % N on the same shuffled deal, in the same nogil loop
    (threads, worker processes for a Python side, or the cluster, with the
    same arrays); a deal that reaches the harness's move cap is stopped there
    and counted apart (`TableResult.capped`). A list whose length is not the
    table's seats, a side that cannot play its options, and `pairs` (the
    rotation already plays every seat) are refused before anything is played.
    A list of two sides with `Rules()` is the two-seat ladder above, exactly:
    one path, one `Job`, one runner for every table.

    `seed`, `deal`, `workers`, `chunk`, `timeout`, `client` and `progress`
    are one `RunOptions` (`kozyr.durak.ladder.options`), built from these
    keywords and checked once; `options=` passes one built before instead.
    """
    if isinstance(a, (list, tuple)):
        given = list(a)
        count = b if b is not None else deals
        if b is not None and deals is not None:
            seed = deals       # ladder([..], deals, seed): the seed came third
    else:
        given, count = [a, b], deals
    table = Rules.of(rules)    # type: ignore[arg-type]
    two = table.two_seat
    count = whole("deals", count, 0, MAX_DEALS if two else MAX_DEALS // table.seats)
    run = RunOptions.of(options, seed=seed, deal=deal, workers=workers, chunk=chunk, timeout=timeout, client=client,
                        progress=progress)
    seed, deal, workers, chunk, timeout, client, progress = (run.seed, run.deal, run.workers, run.chunk, run.timeout,
                                                             run.client, run.progress)
    if not isinstance(pairs, bool) or (pairs and not two):
        why = ("is not True or False" if not isinstance(pairs, bool) else
               f"at a table of {table.seats} seats: a table ladder plays every deal in every rotation already "
               "(pairs is the two-seat ladder's)")
        raise KozyrError("bad_pairs", f"pairs={shown(pairs)} {why}", field="pairs", value=pairs)
    if pairs and count % 2:
        raise KozyrError("bad_deals", f"deals={count:,} is odd: with pairs=True every deal is played twice",
                         field="deals", value=count)
    resolved, settings = table_sides(given, table, params)
    units = count // 2 if pairs else count
    job = Job(tuple(resolved), table, seed, deal, units, timeout, pairs)
    start = time.perf_counter()
    cpu: list[float] = []
    if client is not None:
        from kozyr.durak.ladder import cluster

        arrays = cluster.run(client, job, chunk=chunk, progress=progress)   # CPU time stays on the cluster
    else:
        arrays = play_range(job, 0, units, workers=workers, progress=progress, chunk=chunk, cpu=cpu)
    seconds = time.perf_counter() - start
    used = {n: v for n, v in settings.changed().items()
            if any(s.kind == "rung" and s.rung in PARAM_RUNGS[n] for s in resolved)}
    shown_sides = [r if r.user else s for r, s in zip(resolved, given, strict=True)]   # a user's bot by its name
    result: LadderResult | TableResult
    if two:
        losers, moves, bouts, largest = arrays
        result = LadderResult(shown_sides[0], shown_sides[1], seed, deal, fool_of(losers), moves, bouts, largest,
                              seconds, used, pairs=pairs)
    else:
        losers, moves, bouts, largest, order = arrays
        result = TableResult(shown_sides, table, seed, deal, losers, moves, bouts, largest, order, seconds, used)
    result.cpu_seconds = tuple(cpu)
    return result


def table_sides(sides: list[object], rules: Rules, params: object = None) -> tuple[list[Side], Params]:
    """The resolved sides of a run or a test at `rules`, and the settings they read: one side a seat
    (bad_sides), `params` read by one of them, every side able to play the table."""
    if len(sides) != rules.seats:
        raise KozyrError("bad_sides", f"{len(sides)} sides for a table of {rules.seats} seats ({rules!r}): "
                         "one side a seat", field="sides", value=len(sides))
    given = [resolve(s) for s in sides]     # a factory is built once, here
    settings = check_read(params, given)
    resolved = [g if g.kind != "rung" else resolve(s, settings) for g, s in zip(given, sides, strict=True)]
    check_table(resolved, rules)            # a bot that cannot play this table: refused before play
    return resolved, settings


def play_table_range(job: Job, first: int, count: int, *, workers: int = 1, progress: Progress | None = None,
                     chunk: int | None = None, cpu: list[float] | None = None) -> tuple[np.ndarray, ...]:
    """Deprecated (until kozyr 0.5; warns at each call): `play_range(job, ...)`, the one range of every table."""
    _moved.warn_renamed("kozyr.durak.ladder.play_table_range")
    return play_range(job, first, count, workers=workers, progress=progress, chunk=chunk, cpu=cpu)


def __getattr__(name: str) -> Any:
    """`TableJob`, the old name of `Job`, with its DeprecationWarning (until kozyr 0.5)."""
    return _moved.renamed(__name__, name)


def _seed_and_text(seed: object) -> tuple[bytes, bytes]:
    """(32 seed bytes, the seed's text for bot seeds): text is padded, bytes are stripped."""
    if isinstance(seed, str):
        return pad_seed(seed), seed_bytes(seed)
    if isinstance(seed, (bytes, bytearray)) and len(seed) == 32:
        return bytes(seed), bytes(seed).rstrip(b" ")
    raise KozyrError("no_seed", f"seed {shown(seed)} is not text (padded to 32 bytes) or 32 bytes", value=seed)


def table_bots(seed: object, a: object, b: object) -> tuple[Any, Any]:
    """The two bots of `play`/`kozyr replay`: rung ints become Bot(rung, '<seed>:<seat + 1>')
    (`sides.seat_bot`, the one resolver); a user's bot plays as it is (a factory: the bot it builds)."""
    _, text = _seed_and_text(seed)
    out = []
    for seat, side in enumerate((a, b)):
        name = text + b":" + str(seat + 1).encode("ascii")
        out.append(seat_bot(side, name.decode("ascii") if name.isascii() else name))
    return out[0], out[1]


def play(seed: object, a: object, b: object, *, number: int = 1) -> dict[str, Any]:
    """One deal from an explicit seed, played in C: side a in seat 0, b in seat 1.

    `seed` is text (padded with spaces to 32 bytes) or 32 bytes; rung ints play
    with the bot seeds `<seed>:1` and `<seed>:2`, as the rules' replay vectors
    do. Returns a dict: outcome, fool (seat or None), moves, ply, bouts, heap,
    largest.
    """
    raw, _ = _seed_and_text(seed)
    number = whole("number", number, 1, (1 << 32) - 1)
    sides = (resolve(a), resolve(b))
    bots = table_bots(seed, *[s if s.kind != "rung" else s.rung for s in sides])
    pa, pb = (s if s.user else resolve(bot) for s, bot in zip(sides, bots, strict=True))
    return play_seeded(raw, pa, pb, number, names=sides)


__all__ += ["Side", "NativeBot", "BotFactory", "BotSpec", "describe", "players", "PolicyBot", "policy_side"]
