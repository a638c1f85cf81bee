"""Tuning durak bots by measurement: the sequential test and SPSA, on deal pairs played in C.

The statistics know no game (`kozyr.stats`: the GSPRT, `kozyr.tune`: SPSA);
this module is the durak side of them. Games are played by the ladder's nogil
loop in batches (`ladder.play_range`), deal indices continuing from batch to
batch, and the statistics run between batches, so a test costs what its
deals cost.

- `sprt(a, b, elo0, elo1, ...)`: is side a at least elo1 stronger than b
  (H1), or at most elo0 (H0)? Stops as soon as the evidence suffices.
  `share` writes its result as the short text a developer pastes into a
  pull request; `sprt_counts` decides from counts alone.
- `spsa(params=[...], ...)`: tune rung settings (`Params` fields), or the
  knobs of a user's factory of bots (`spsa(make_bot, start={"deep": 6},
  bounds={"deep": (0, 24)}, ...)`: `kozyr.durak.tuning.space`), by SPSA, the
  perturbed bots playing each other (or a fixed opponent, or each member of
  a panel of them: `opponent=[2, panel.taker, ...]`) on deal pairs.
- `optuna_search(...)`: the same question handed to Optuna (optional extra
  `kozyr[tune]`), each trial scored on the same deal pairs.

Every side may be a user's bot (a callable, a NativeBot or a factory: see
`kozyr.durak.bots.sides`); a Python bot with `workers=N` plays in N
processes, with the same deals and results.

Reproducible: every function takes an explicit seed; the same seed plays the
same deals, the same perturbations and reaches the same decision, whatever
the number of workers.
"""
from __future__ import annotations

import dataclasses
import math
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, cast

import numpy as np

from kozyr.durak.bots.sides import Side, check_read, check_table, describe, resolve
from kozyr.durak.bots.userbots import BotFactory
from kozyr.durak.ladder import MAX_DEALS, play_range
from kozyr.durak.ladder.job import Job
from kozyr.durak.ladder.options import RunOptions
from kozyr.durak.ladder.result import CAPPED, pair_scores
from kozyr.durak.params import Params
from kozyr.durak.rules import Rules
from kozyr.durak.seeds import ladder_seed
from kozyr.durak.tuning.space import Space, _per_name, space
from kozyr.errors import KozyrError, shown, whole
from kozyr.stats import SPRT, Rate, SPRTResult, decide, normalized_elo, rate, run_sprt
from kozyr.tune import SPSAResult, schedule
from kozyr.tune import spsa as _spsa

__all__ = ["sprt", "SprtReport", "gauntlet_counts", "duel_counts", "rotation_counts", "table_scores", "table_field",
           "spsa", "TuneResult", "optuna_search", "OptunaResult", "pair_scores", "share", "sprt_counts"]

DEFAULT_BATCH = 10_000        # deals between two looks at the LLR: ~20 ms of play to ~0.6 ms of statistics
DEFAULT_MAX_DEALS = 1_000_000
MAX_AGAINST = 16              # a gauntlet's opponents at most


def _paired_deals(name: str, value: object) -> int:
    """A count of deals played in pairs: whole, 2..MAX_DEALS and even."""
    n = whole(name, value, 2, MAX_DEALS)
    if n % 2:
        raise KozyrError(f"bad_{name}", f"{name}={n:,} is odd: deals come in pairs", field=name, value=n)
    return n


def _side(side: object, params: object, name: str) -> Side:
    """A side of the test: a rung int with its settings, or a Bot or a user's bot as it is (a factory
    built once, here); settings given for a side that is not a rung int are refused."""
    resolved = resolve(side)
    if resolved.kind != "rung":
        if params is not None:
            raise KozyrError("unread_param", f"params_{name} given for {describe(resolved)}: a Bot or a user's "
                             "bot carries its own settings", field=f"params_{name}", value=params)
        return resolved
    return resolve(side, check_read(params, [resolved]))   # a setting the side does not read is refused


# -- the sequential test --------------------------------------------------------------------
@dataclass(frozen=True)
class SprtReport:
    """A finished sequential test between two durak sides: the test's own `SPRTResult` (`test`)
    and what durak adds to it.

    `decision` is "H1" (a is at least elo1 stronger), "H0" (at most elo0) or
    "none" (max_deals reached first). `llr_history` holds (deals so far, LLR)
    after every batch; `counts` are pentanomial `[P0..P4]` over deal pairs
    (trinomial `[L, D, W]` over deals when `pairs` is False); `estimate` is
    the score per deal and logistic Elo with 95 % intervals
    (`kozyr.stats.elo_estimate`); `a_fool`/`b_fool`/`draw` are rates over all
    deals with 2-sigma intervals. `seconds` is the wall time, play included.
    The test's fields (decision, llr, bounds, counts, estimate, seconds, elo0,
    elo1, alpha, beta, model, pairs) are read from `test`, never copied.
    """

    test: SPRTResult
    deals: int
    a_fool: Rate
    b_fool: Rate
    draw: Rate
    seed: Any
    deal: str
    a: str
    b: str
    rules: Any = None      # the table (None: the two-seat game)
    against: tuple[str, ...] = ()   # a gauntlet's opponents (`sprt(..., against=...)`; empty: a against b)

    decision = property(lambda self: self.test.decision)
    llr = property(lambda self: self.test.llr)
    bounds = property(lambda self: self.test.bounds)
    counts = property(lambda self: self.test.counts)
    estimate = property(lambda self: self.test.estimate)
    seconds = property(lambda self: self.test.seconds)
    elo0 = property(lambda self: self.test.elo0)
    elo1 = property(lambda self: self.test.elo1)
    alpha = property(lambda self: self.test.alpha)
    beta = property(lambda self: self.test.beta)
    model = property(lambda self: self.test.model)
    pairs = property(lambda self: self.test.pairs)

    @property
    def llr_history(self) -> list[tuple[int, float]]:
        """(deals so far, LLR) after every batch (the test counts units: deal pairs with pairs)."""
        w = self.test.group
        return [(u * w, v) for u, v in self.test.llr_history]

    @property
    def deals_per_second(self) -> float | None:
        return self.deals / self.seconds if self.seconds > 0 else None

    @property
    def normalized(self) -> Any:
        """Normalized Elo with its 95 % interval (`kozyr.stats.normalized_elo` of the counts)."""
        return normalized_elo(self.counts, self.test.group)

    def share(self) -> str:
        """The result as a short text block to paste into a pull request (`share`)."""
        return share(self.test, a=self.a, b=self.b, deals=self.deals, seed=self.seed, deal=self.deal, rules=self.rules,
                     against=self.against)

    def as_dict(self) -> dict[str, object]:
        """JSON-ready (no NaN)."""
        return {
            "a": self.a, "b": self.b, "decision": self.decision, "llr": self.llr, "bounds": list(self.bounds),
            "elo0": self.elo0, "elo1": self.elo1, "alpha": self.alpha, "beta": self.beta, "model": self.model,
            "pairs": self.pairs, "seed": str(self.seed), "deal": self.deal, "deals": self.deals,
            "counts": list(self.counts), "estimate": self.estimate.as_dict(),
            "normalized": self.normalized.as_dict(),
            "a_fool": self.a_fool.as_dict(), "b_fool": self.b_fool.as_dict(), "draw": self.draw.as_dict(),
            "seconds": self.seconds, "deals_per_second": self.deals_per_second,
            "llr_history": [[d, v] for d, v in self.llr_history], "group": self.test.group,
            "rules": None if self.rules is None else self.rules.as_dict(), "against": list(self.against),
            "share": self.share(),
        }


def _signed(mid: float | None, low: float | None, high: float | None) -> str:
    if mid is None or low is None or high is None:
        return "-"
    return f"{mid:+.1f} [{low:+.1f}, {high:+.1f}]"


def share(test: SPRTResult, *, a: str = "a", b: str = "b", deals: int | None = None, seed: object = None,
          deal: str | None = None, rules: Any = None, against: tuple[str, ...] = ()) -> str:
    """A sequential test's result as a short text block for a pull request: the decision, the LLR with
    its bounds, elo0/elo1 and the model, the deals and pairs, the counts, and logistic and
    normalized Elo with 95 % intervals (every figure from `kozyr.stats`).

    >>> print(share(decide([5, 20, 50, 30, 10], 0, 5), a="mine", b="rung 2"))
    sprt: mine vs rung 2: no decision
    LLR +0.392 in [-2.944, +2.944] (alpha 0.05, beta 0.05); H0 elo0 0, H1 elo1 5 (normalized Elo)
    115 pairs (230 deals, seats swapped); pentanomial P0..P4 5 20 50 30 10
    logistic Elo +30.3 [-0.3, +61.4] (95%); normalized Elo +44.4 [-0.5, +89.3] (95%)
    """
    than = f" than {b} against {' / '.join(against)}" if against else ""
    verdict = {"H1": f"H1 accepted: {a} is at least {test.elo1:g} {test.model} Elo stronger{than}",
               "H0": f"H0 accepted: {a} is at most {test.elo0:g} {test.model} Elo stronger{than}",
               "none": "no decision"}[test.decision]
    lo, hi = test.bounds
    n = test.units
    played = (n * 2 if test.pairs else n) if deals is None else deals
    g = test.group
    if against and g == 4:
        played = n * g if deals is None else deals
        units = (f"{n:,} deal pairs, each played by both sides, the opponents in turn ({played:,} deals); "
                 "counts G0..G8 of 4 + (a's pair score - b's) x 2")
    elif against:
        played = n * g if deals is None else deals
        w = g // 2
        units = (f"{n:,} deals x {w} rotations, each played by both sides, the opponents in turn ({played:,} "
                 f"games); counts G0..G{4 * w} of {2 * w} + (a's deal score - b's) x 2")
    elif g > 2:
        played = n * g if deals is None else deals
        units = (f"{n:,} deals x {g} rotations ({played:,} games, the candidate in each seat); "
                 f"counts G0..G{len(test.counts) - 1} of a deal's duplicate score")
    else:
        units = (f"{n:,} pairs ({played:,} deals, seats swapped); pentanomial P0..P4" if test.pairs
                 else f"{n:,} deals; trinomial L D W")
    if rules is not None:
        units += f"; {rules!r}"
    where = "" if seed is None else f"; seed {str(seed)!r} ({deal} deals)"
    e = test.estimate
    ne = normalized_elo(test.counts, test.group)
    return "\n".join([
        f"sprt: {a} vs {b}: {verdict}",
        f"LLR {test.llr:+.3f} in [{lo:+.3f}, {hi:+.3f}] (alpha {test.alpha:g}, beta {test.beta:g}); "
        f"H0 elo0 {test.elo0:g}, H1 elo1 {test.elo1:g} ({test.model} Elo)",
        f"{units} {' '.join(str(c) for c in test.counts)}{where}",
        f"logistic Elo {_signed(e.elo, e.elo_low, e.elo_high)} (95%); "
        f"normalized Elo {_signed(ne.elo, ne.low, ne.high)} (95%)",
    ])


def sprt_counts(counts: Any, elo0: float, elo1: float, *, alpha: float = 0.05, beta: float = 0.05,
                model: str = "normalized") -> SPRTResult:
    """The sequential test decided from counts alone (`kozyr.stats.decide`): `[P0..P4]` or `[L, D, W]`."""
    return decide(counts, elo0, elo1, alpha=alpha, beta=beta, model=model)


def sprt(a: object, b: object, elo0: float, elo1: float, *, alpha: float = 0.05, beta: float = 0.05,
         model: str = "normalized", pairs: bool = True, batch: int = DEFAULT_BATCH,
         max_deals: int = DEFAULT_MAX_DEALS, seed: object = 0, deal: str = "fast", workers: int = 1,
         params_a: object = None, params_b: object = None,
         on_batch: Callable[[SPRT, int], None] | None = None, client: object = None,
         timeout: float | None = None, rules: object = None, against: object = None,
         options: RunOptions | None = None) -> SprtReport:
    """Play a against b in batches until the GSPRT decides between Elo elo0 (H0) and elo1 (H1).

    a, b: rung ints (with `params_a`/`params_b`: a `Params` or a mapping),
    `Bot`s, or a user's bots (a callable view -> Move, a `NativeBot`, a
    factory: built once; a Python bot with `workers=N` plays in N processes;
    `timeout` limits each of its decisions). `pairs=True` plays every deal twice with the seats swapped and
    tests pentanomial counts (the seat and deal luck cancel within a pair);
    `batch` and `max_deals` count deals (even numbers with pairs). The
    batches continue one ladder (deal indices 1, 2, ... of `seed`), so the
    same seed replays the same test to the same decision. `on_batch(state,
    deals)` is called after every batch (for a live line). Ctrl-C raises
    KeyboardInterrupt, and no result. With `client` (a `distributed.Client`)
    the batches are played on its Dask cluster, a bounded number ahead, and
    the ones still outstanding are cancelled at the decision: the decision,
    the deal count and the LLR history are those of the local run.

    At a table (`rules`: a `Rules` of N seats; `Rules()` is the two-seat
    game), a is the candidate and b the field (one side, in every other
    seat): every deal is played N times, the candidate in each seat in turn,
    a game scores 1 when the candidate is not the fool (not in the losing
    team), 1/2 a draw, compared duplicate-wise with the field's (every side
    held every seat on the same cards), and the N games of a deal are one
    unit of the test. A deal pair is that unit at two seats: one test,
    `_duplicate_sprt`, plays every table; `pairs=False` (one game a deal,
    the trinomial) only at `Rules()`, where seats alternate.

    With `against` (a side, or a list of up to 16: a panel), a and b do not
    meet: each plays the opponents on the same deals (pairs at two seats, a
    deal's N rotations at a table, the opponent in every other seat), and the test asks
    whether a does better against them than b (`_gauntlet_sprt`): how a
    candidate is accepted against the version before it when strength is
    to hold against players neither was built against.

    `seed`, `deal`, `workers`, `timeout` and `client` are one `RunOptions`, built from these keywords and
    checked once (or passed ready as `options=`), and forwarded as it is to the test that plays.

    >>> r = sprt(3, 1, 0, 50, seed="doc", batch=200)
    >>> r.decision, r.deals <= 400, r.counts[4] > r.counts[0]
    ('H1', True, True)
    """
    run = RunOptions.of(options, seed=seed, deal=deal, workers=workers, timeout=timeout, client=client)
    table = Rules() if rules is None else Rules.of(rules)   # type: ignore[arg-type]
    side_a = _side(a, params_a, "a")
    if against is not None:
        return _gauntlet_sprt(side_a, _side(b, params_b, "b"), against, elo0, elo1, table, alpha=alpha, beta=beta,
                              model=model, pairs=pairs, batch=batch, max_deals=max_deals, on_batch=on_batch, run=run)
    return _duplicate_sprt(side_a, b, params_b, elo0, elo1, table, alpha=alpha, beta=beta, model=model, pairs=pairs,
                           batch=batch, max_deals=max_deals, on_batch=on_batch, run=run)


def _units(name: str, value: object, job_width: int, two_seat: bool, pairs: bool) -> int:
    """`batch` or `max_deals` (deals, or games at a table) in units of the test: at two seats a count of
    whole deals, even with pairs (refused when odd); at a table games rounded down to whole deals, at least
    one deal for `max_deals`."""
    if two_seat:
        n = whole(name, value, job_width, MAX_DEALS)
        if n % job_width:
            raise KozyrError(f"bad_{name}", f"{name}={n:,} is odd: with pairs every deal is played twice",
                             field=name, value=n)
        return n // job_width
    if name == "batch":
        return max(1, whole(name, value, 1, MAX_DEALS) // job_width)
    return whole(name, value, job_width, MAX_DEALS) // job_width


def _check_on_batch(on_batch: object) -> None:
    if on_batch is not None and not callable(on_batch):
        raise KozyrError("bad_on_batch", f"on_batch {shown(on_batch)} is not callable", field="on_batch",
                         value=on_batch)


def _duplicate_sprt(side_a: Side, b: object, params_b: object, elo0: float, elo1: float, rules: Rules, *,
                    alpha: float, beta: float, model: str, pairs: object, batch: int, max_deals: int,
                    on_batch: Callable[[SPRT, int], None] | None, run: RunOptions) -> SprtReport:
    """`sprt` at any table: the candidate a in each seat in turn, the field b in the others.

    Every deal is played in its N rotations (the ladder: side 0, the
    candidate, sits seat r in rotation r; at two seats with `pairs`, the deal
    and its seats swapped). A game scores a side 1 when it is not the fool
    (not in the losing team), 1/2 a draw (or a game stopped at the move cap),
    0 when it lost. The candidate's share of the losses at equal strength is
    1/N, not 1/2, so it is compared duplicate-wise: over the N rotations of
    a deal every side held every seat on the same cards, and the deal's
    score is 1/2 + (the candidate's total score - the mean field side's
    total score) / (2N), which is 1/2 on average exactly when the candidate
    does as well as the field. A deal is one unit of the test (deals are
    independent, so the GSPRT's multinomial model holds, and the seat and
    the cards' luck cancel within a deal): `rotation_counts`, `kozyr.stats`
    counts with `group=N` (the normalized hypothesis is per game, as a pair's
    is scaled by sqrt 2). At two seats the candidate's and the field's
    scores add up to the deal's games, so the score is the candidate's
    pair score over 2: the pentanomial pair test, exactly. `pairs=False`
    (two seats, `Rules()` only: one game a deal, deal i seating a in seat
    i % 2) tests the trinomial counts of single deals.

    `batch` and `max_deals` count games (deals x N; at two seats deals, even
    with pairs).
    """
    n = rules.seats
    sides = table_field(side_a, b, params_b, rules)
    check_table(sides, rules)          # a bot that cannot play this table: refused before play
    if not isinstance(pairs, bool):
        raise KozyrError("bad_pairs", f"pairs={shown(pairs)} is not True or False", field="pairs", value=pairs)
    if not pairs and not rules.two_seat:
        raise KozyrError("bad_pairs", f"pairs={shown(pairs)} at a table of {n} seats: the {n} rotations of a deal "
                         "are one unit of the test", field="pairs", value=pairs)
    job = Job(tuple(sides), rules, run.seed, run.deal, 0, run.timeout, pairs and rules.two_seat)
    w = job.width
    size = _units("batch", batch, w, rules.two_seat, pairs)
    limit = _units("max_deals", max_deals, w, rules.two_seat, pairs)
    _check_on_batch(on_batch)
    source = _batches(dataclasses.replace(job, deals=limit), run)
    fools = [0, 0, 0]   # games the candidate lost, field seat-games lost, draws
    played = [0]

    def play_batch(first: int, count: int) -> list[int]:
        losers = source(first, count)[0]
        played[0] = (first + count) * w
        bits = losers.astype(np.int64) & 0xFF
        ended = losers != CAPPED
        fools[0] += int(np.count_nonzero(ended & ((bits & 1) != 0)))
        fools[1] += sum(int(np.count_nonzero(ended & (((bits >> j) & 1) != 0))) for j in range(1, n))
        fools[2] += int(np.count_nonzero(losers == 0))
        return rotation_counts(losers, n, w)

    games = "deals" if rules.two_seat else "games"
    report = None if on_batch is None else (lambda state: on_batch(state, state.units * w))
    try:
        r = run_sprt(play_batch, elo0=elo0, elo1=elo1, alpha=alpha, beta=beta, model=model, pairs=pairs,
                     group=None if n == 2 else n, width=None if n == 2 else 4 * n * (n - 1) + 1, batch=size,
                     max_units=limit, on_batch=report)
    except KeyboardInterrupt:
        raise KeyboardInterrupt(f"interrupted after {played[0]:,} {games} of the test: no decision") from None
    finally:
        source.close()     # the test has decided (or stopped): cancel what was played ahead on a cluster
    played_games = r.units * w
    field = describe(sides[1]) if n == 2 else f"{n - 1} x {describe(sides[1])}"
    return SprtReport(test=r, deals=played_games, a_fool=rate(fools[0], played_games),
                      b_fool=rate(fools[1], played_games * (n - 1)), draw=rate(fools[2], played_games),
                      seed=run.seed, deal=run.deal, a=describe(side_a), b=field,
                      rules=None if rules.two_seat else rules)


class _Local:
    """Batches of one run played on local threads (or worker processes for a Python side): the same
    arrays as `cluster.Batches`, nothing played ahead."""

    def __init__(self, job: Job, workers: int) -> None:
        self.job, self.workers = job, workers

    def __call__(self, first: int, count: int) -> tuple[np.ndarray, ...]:
        return play_range(self.job, first, count, workers=self.workers)

    def close(self) -> None:
        pass


def _batches(job: Job, run: RunOptions) -> Any:
    """Where a sequential test's batches of `job` are played: a Dask cluster (`run.client`: a bounded number
    ahead, cancelled at the decision) or local threads; either way the arrays of a local run."""
    if run.client is None:
        return _Local(job, run.workers)
    from kozyr.durak.ladder.cluster import Batches

    return Batches(run.client, job)


def _panel(value: object, field: str, each: Callable[[object], Side | None], what: str = "a panel") -> list[Side]:
    """A panel of opponents: one side or a list (or tuple) of 1..MAX_AGAINST, each resolved once by `each`.

    The one home of a panel's limits, for the gauntlet (`sprt(against=)`)
    and the tuners (`spsa`/`optuna_search` `opponent=[...]`): each caller
    resolves an element its own way (the tuners through their space's
    `opponent()`, so a mapping is the tuned bot's settings or knobs), and
    every element is resolved before any deal is played, so a refusal
    changes nothing."""
    many = value if isinstance(value, (list, tuple)) else [value]
    if not 1 <= len(many) <= MAX_AGAINST:
        raise KozyrError("bad_against", f"{field} holds {len(many)} sides: {what} plays 1 to {MAX_AGAINST}",
                         field=field, value=value)
    out = []
    for x in many:
        side = None if x is None else each(x)
        if side is None:
            raise KozyrError("bad_side", f"{field} holds None: every opponent of {what} is a side", field=field,
                             value=value)
        out.append(side)
    return out


def _opponents(against: object) -> list[Side]:
    """A gauntlet's opponents: one side or a list of 1..MAX_AGAINST (rung ints with their default settings,
    panel names, Bots, a user's bots), each resolved once."""
    return _panel(against, "against", lambda x: _side(x, None, "against"), "a gauntlet")


def gauntlet_counts(fool_a: np.ndarray, fool_b: np.ndarray) -> list[int]:
    """A two-seat gauntlet's counts `[G0 .. G8]` from a's and b's ladders against one opponent on the same
    deal pairs (`ladder`'s fool arrays, the opponent side b of each): `duel_counts` of their losers."""
    return duel_counts(fool_a.astype(np.int64) + 1, fool_b.astype(np.int64) + 1, 2)


def duel_counts(losers_a: np.ndarray, losers_b: np.ndarray, width: int) -> list[int]:
    """A gauntlet's counts from a's and b's games against one opponent on the same deals (side 0 each, the
    opponent in every other seat; `width` games a deal: the deal's rotations, or a pair at two seats):
    `[G0 .. G4w]`, a deal's unit being 2w + (a's deal score - b's) x 2, a deal score being a side's sum
    over the deal's games (1 not in the losing team, 1/2 a draw or a capped game, 0 lost)."""
    ca = table_scores(losers_a, 0).reshape(-1, width).sum(axis=1)    # x 2: 0 .. 2w
    cb = table_scores(losers_b, 0).reshape(-1, width).sum(axis=1)
    return [int(c) for c in np.bincount(ca - cb + 2 * width, minlength=4 * width + 1)]


def _gauntlet_sprt(side_a: Side, side_b: Side, against: object, elo0: float, elo1: float, rules: Rules, *,
                   alpha: float, beta: float, model: str, pairs: object, batch: int, max_deals: int,
                   on_batch: Callable[[SPRT, int], None] | None, run: RunOptions) -> SprtReport:
    """`sprt(a, b, ..., against=[X1, .., Xm])`: is a at least elo1 stronger than b against the Xs?

    Duplicate play: opponent Xj (j = 1..m) deals the ladder of seed
    `<seed>/j`, and a and b each play its deals against it, on the same
    cards and in the same seats (at two seats a deal pair, the seats
    swapped; at a table of N the deal's N rotations, a or b in side 0 and Xj
    in every other seat). A unit of the test is one deal of one opponent
    (w games for a, the same w for b), scored 1/2 + (a's deal score - b's) /
    (2w) (a deal score: the side's sum over its w games, a game being worth
    1 when the side is not the fool, 1/2 a draw): 1/2 on average exactly when
    a does as well against the Xs as b. The units take the opponents in turn
    (unit u: opponent u mod m + 1, its deal u div m + 1), so a test's deals
    do not depend on its batches, and the units are independent (each
    opponent's own deals), as the GSPRT's multinomial model asks. 4w + 1
    outcomes (nine at two seats), `kozyr.stats` counts with `group=2w` (a
    unit holds 2w games; normalized Elo is per game). On local threads or a
    cluster (`client`); `batch` and `max_deals` count games, 2w a unit.
    """
    opponents = _opponents(against)
    if pairs is not True:
        raise KozyrError("bad_pairs", f"pairs={shown(pairs)} with against: a gauntlet compares a and b on the same "
                         "deals in every seat", field="pairs", value=pairs)
    n, m = rules.seats, len(opponents)
    jobs = [[Job((side,) + (x,) * (n - 1), rules, ladder_seed(f"{ladder_seed(run.seed)}/{j + 1}"), run.deal, 0,
                 run.timeout, rules.two_seat) for j, x in enumerate(opponents)] for side in (side_a, side_b)]
    for side_jobs in jobs:
        for job in side_jobs:
            check_table(job.sides, rules)
    w = jobs[0][0].width
    group = 2 * w
    size = max(1, whole("batch", batch, 1, MAX_DEALS) // group)
    # below one unit (a deal of a and of b) the test would play a unit past it: refused, as the pair test does
    limit = whole("max_deals", max_deals, group, MAX_DEALS) // group
    _check_on_batch(on_batch)
    fools = [0, 0, 0]   # a's games lost, b's games lost, draws (of all games)
    played = [0]
    per = (limit + m - 1) // m          # opponent j's deals at most: units j, j + m, ... below limit
    sources = [[_batches(dataclasses.replace(job, deals=per), run) for job in side_jobs] for side_jobs in jobs]

    def lost(losers: np.ndarray) -> int:
        return int(np.count_nonzero((losers != CAPPED) & ((losers.astype(np.int64) & 1) != 0)))

    def play_batch(first: int, count: int) -> list[int]:
        counts = [0] * (4 * w + 1)
        for j in range(m):
            lo = (first - j + m - 1) // m           # opponent j's units u = j + m * i in [first, first + count)
            hi = (first + count - 1 - j) // m
            if hi < lo:
                continue
            la = sources[0][j](lo, hi - lo + 1)[0]
            lb = sources[1][j](lo, hi - lo + 1)[0]
            fools[0] += lost(la)
            fools[1] += lost(lb)
            fools[2] += int(np.count_nonzero(la == 0)) + int(np.count_nonzero(lb == 0))
            counts = [c + d for c, d in zip(counts, duel_counts(la, lb, w))]
        played[0] = (first + count) * group
        return counts

    games = "deals" if rules.two_seat else "games"
    report = None if on_batch is None else (lambda state: on_batch(state, state.units * group))
    try:
        r = run_sprt(play_batch, elo0=elo0, elo1=elo1, alpha=alpha, beta=beta, model=model, pairs=True,
                     group=group, width=4 * w + 1, batch=size, max_units=limit, on_batch=report)
    except KeyboardInterrupt:
        raise KeyboardInterrupt(f"interrupted after {played[0]:,} {games} of the test: no decision") from None
    finally:
        for source in sources[0] + sources[1]:
            source.close()
    half = r.units * w            # games each of a and b played
    return SprtReport(test=r, deals=2 * half, a_fool=rate(fools[0], half), b_fool=rate(fools[1], half),
                      draw=rate(fools[2], 2 * half), seed=run.seed, deal=run.deal, a=describe(side_a),
                      b=describe(side_b), against=tuple(describe(x) for x in opponents),
                      rules=None if rules.two_seat else rules)


def table_field(a: Side, b: object, params_b: object, rules: Rules) -> list[Side]:
    """The sides of a table test: the candidate `a` in side 0 and the field `b` (one side: a rung int with
    `params_b`, a Bot, a user's bot, built once) in the other N - 1; a list is refused (the field is one
    side, so that every seat it holds is the same player the candidate is compared with)."""
    if isinstance(b, (list, tuple)):
        raise KozyrError("bad_side", f"the field {shown(b)} is a list: at a table the field is one side, which "
                         f"plays the other {rules.seats - 1} seats", field="b", value=b)
    field = _side(b, params_b, "b")
    sides = [a] + [field] * (rules.seats - 1)
    return sides


def table_scores(losers: np.ndarray, side: int = 0) -> np.ndarray:
    """Side `side`'s score x 2 per game of a table ladder: 2 when it is not in the losing team, 1 a draw (or a
    game stopped at the move cap, which has no result), 0 when it lost."""
    bits = losers.astype(np.int64) & 0xFF
    lost = ((bits >> side) & 1).astype(bool)
    return np.where((losers == 0) | (losers == CAPPED), 1, np.where(lost, 0, 2))


def rotation_counts(losers: np.ndarray, seats: int, width: int | None = None) -> list[int]:
    """The duplicate test's counts from a ladder's losers (deals x `width` games, the candidate side 0,
    the field the others; `width` is N, the deal's rotations, unless given), deal by deal, as
    `_duplicate_sprt` says: at a table of N >= 3 seats `[G0 .. GW]`, W = 4N(N - 1), the candidate's score
    over the rotations against the mean field side's (index W x the deal's score); at two seats, where
    the field's score is the rest of the deal's, the candidate's score alone: `[P0 .. P4]` for a pair
    (the pentanomial), `[L, D, W]` for one game a deal (the trinomial)."""
    n = seats
    w = n if width is None else width
    c2 = table_scores(losers, 0).reshape(-1, w).sum(axis=1)                              # 0 .. 2w
    if n == 2:
        return [int(x) for x in np.bincount(c2, minlength=2 * w + 1)]
    f2 = sum(table_scores(losers, j).reshape(-1, w).sum(axis=1) for j in range(1, n))   # 0 .. 2N(N - 1)
    k = (n - 1) * c2 + 2 * n * (n - 1) - f2
    return [int(x) for x in np.bincount(k, minlength=4 * n * (n - 1) + 1)]


# -- SPSA ---------------------------------------------------------------------------------------
def _tuning_table(rules: object) -> Rules:
    """The table a tuning run plays (`Rules()`, the two-seat game, when None)."""
    return Rules() if rules is None else Rules.of(rules)   # type: ignore[arg-type]


def _check_tuning_table(scorer: Any, tuned: Side, rival: Side | list[Side] | None) -> None:
    """The tuned bot and every opponent must play the table (`check_table`): refused before play."""
    check_table([tuned, *(rival if isinstance(rival, list) else [] if rival is None else [rival])], scorer.rules)


def _check_run(options: RunOptions | None, seed: object, workers: object, deal: object, timeout: object,
               client: object) -> RunOptions:
    """A tuning run's RunOptions; its seed is an int besides (it seeds the perturbations or the sampler)."""
    run = RunOptions.of(options, seed=seed, deal=deal, workers=workers, timeout=timeout, client=client)
    whole("seed", run.seed, 0, 2**63 - 1)
    return run


class _Scorer:
    """Plays settings (or knobs) of the tuned bot on deal pairs: the SPSA objective and the Optuna score."""

    def __init__(self, space: Space, pairs_per_round: int, run: RunOptions, rules: Rules) -> None:
        self.space = space
        self.pairs, self.seed, self.deal, self.workers = pairs_per_round, run.seed, run.deal, run.workers
        self.client, self.timeout = run.client, run.timeout
        self.rules = rules       # the table (`Rules()`: the two-seat game)
        self.deals = 0

    def side(self, values: Mapping[str, float]) -> Side:
        return self.space.side(values)

    def score(self, a: Side, b: Side, seed: object) -> float:
        """Side a's mean duplicate score per deal, a in side 0 and b in the other seats, over the round's
        deals, each in every rotation (`_duplicate_sprt`: 1/2 when a does as well as b; at two seats a's
        mean score per deal over the round's deal pairs), as many games as the pairs' deals."""
        n = self.rules.seats
        count = max(1, 2 * self.pairs // n)
        sides = table_field(a, b, None, self.rules)
        losers = self._play(Job(tuple(sides), self.rules, seed, self.deal, count, self.timeout, self.rules.two_seat))[0]
        self.deals += len(losers)
        counts = np.array(rotation_counts(losers, n), dtype=np.float64)
        return float((counts * np.arange(len(counts))).sum() / (counts.sum() * (len(counts) - 1)))

    def _play(self, job: Job) -> tuple[np.ndarray, ...]:
        """The whole of `job`: as tasks on the Dask cluster (`client`), else on local threads; the same arrays."""
        if self.client is not None:
            from kozyr.durak.ladder import cluster

            return cluster.run(self.client, job)
        return play_range(job, 0, job.deals, workers=self.workers)

    def round_seed(self, k: int) -> str:
        return f"{self.seed}/{k}"

    def scores(self, a: Side, rival: Side | list[Side], seed: str) -> list[float]:
        """Side a's `score` against each opponent: a bare one on the deal pairs of `seed` (as before
        panels), a panel's opponent j (1..m) on those of `<seed>/j` (the gauntlet's seeds: each
        opponent its own deals, the same for every side scored at that seed). The tuners take their
        mean, so one opponent and a panel are one path."""
        if not isinstance(rival, list):
            return [self.score(a, rival, seed)]
        return [self.score(a, x, f"{seed}/{j}") for j, x in enumerate(rival, 1)]


def _rivals(tuned: Space, opponent: object) -> Side | list[Side] | None:
    """A tuner's opponent: None (self-play, or Optuna's start setting), one side (`opponent` as it was
    given: a side or a mapping of the tuned bot's settings or knobs), or a panel (a list or tuple of 1 to
    MAX_AGAINST of those, `_panel`: each element resolved by the space's own `opponent()`)."""
    if isinstance(opponent, (list, tuple)):
        return _panel(opponent, "opponent", tuned.opponent)
    return tuned.opponent(opponent)


def opponent_name(rival: Side | list[Side] | None) -> str | None:
    """The opponent as the results (and the shell's lines) name it: a panel joined as the gauntlet's
    share() joins it; None for self-play."""
    if rival is None:
        return None
    return " / ".join(describe(x) for x in rival) if isinstance(rival, list) else describe(rival)


def _plain(setting: Any) -> dict[str, Any]:
    return setting.as_dict() if isinstance(setting, Params) else dict(setting)


@dataclass(frozen=True)
class TuneResult:
    """A finished SPSA run: `spsa` (kozyr.tune.SPSAResult: trajectory, theta, final values, seed),
    `params` (the full tuned setting: for a rung the Params, the base with the final values; for a
    factory every knob's value), `start` (the full start setting), `deals` played and `seconds`,
    `opponent` (None for self-play; a panel's names joined by " / ", as the gauntlet's share() joins them);
    `bot` is the tuned factory with its final knobs (a `BotFactory`, ready to play; None for a rung)."""

    spsa: SPSAResult
    params: Any
    start: Any
    deals: int
    seconds: float
    opponent: str | None
    bot: BotFactory | None = None

    def as_dict(self) -> dict[str, object]:
        return {"params": _plain(self.params), "start": _plain(self.start), "deals": self.deals,
                "seconds": self.seconds, "opponent": self.opponent, "spsa": self.spsa.as_dict(),
                "bot": None if self.bot is None else self.bot.name}


def spsa(params: object, start: Mapping[str, Any] | None = None, *, iterations: int,
         deals_per_iteration: int = 2000, a: object = None, c: object = None, A: float | None = None,
         alpha: float = 0.602, gamma: float = 0.101, opponent: object = None, seed: int = 0,
         rung: int | None = None, base: object = None, lower: object = None, upper: object = None,
         bounds: object = None, deal: str = "fast", workers: int = 1,
         callback: Callable[[dict[str, Any]], None] | None = None, client: object = None,
         timeout: float | None = None, rules: object = None,
         options: RunOptions | None = None) -> TuneResult:
    """Tune by SPSA (`kozyr.tune.spsa`): named `Params` fields of rung `rung` (default 3), or the knobs
    of a user's factory of bots.

    params: a list of Params field names, or a factory `make_bot(**knobs) -> bot`
    (a callable, a `BotFactory`, a `BotSpec` or "module:attr" text), in which
    case `start` names the knobs tuned and their start values (default the
    factory's own), `bounds={"knob": (low, high)}` (or `lower`/`upper`)
    bounds each, and `base` fixes other knobs (`kozyr.durak.tuning.space`). Each
    iteration perturbs every name by +-c_k at once and plays the two
    perturbed bots against each other on `deals_per_iteration` deals (deal
    pairs, seed `<seed>/<k>`), the result being plus's mean score per deal
    minus 1/2; with an `opponent` (a rung int, a Bot, a user's bot, or a
    mapping of settings or knobs for the tuned bot) each perturbed bot plays
    it on the same deals and the result is half the difference of their
    scores. Whole-number names are played rounded and kept real between
    iterations. The same seed gives the same trajectory, whatever `workers`
    (processes for a Python bot) or `client`. At a table (`rules`, a `Rules`
    other than `Rules()`), the tuned bot sits side 0 and the other (the
    other perturbed bot, or the opponent) every other seat, each deal in
    every rotation, scored as the table's sequential test scores a deal.

    A panel (`opponent=[X1, .., Xm]`, a list or tuple of 1 to 16 such
    opponents, each resolved as one would be): a bot tuned against one
    opponent is tuned to it, so each perturbed bot plays every Xj, on the
    deal pairs of seed `<seed>/<k>/j` (opponent j's own deals, j = 1..m, as
    the gauntlet deals them), and the result is the mean over j of half the
    difference of the two scores against Xj. `deals_per_iteration` is then
    the deals against EACH opponent: an iteration costs m times as much. A
    bare opponent keeps the seed `<seed>/<k>` (and every run made before
    panels); a list, even of one, deals `<seed>/<k>/1`, .., so a list of one
    is the same search on other deals. `TuneResult.opponent` names the
    panel as the gauntlet does ("rung 2 / taker / hoarder"). A panel plays
    at a table and on a `client` too, each opponent as a single one does.

    start: NAME: value for some names (the rest from `base`, default the
    rules' bot); lower/upper/bounds: bounds (default each field's range; a
    knob has none); c: the perturbation, default max(1, range / 10); a: the
    step gain, default 50 c^2 (A + 1)^alpha (a score edge of 0.01 moves a
    parameter by c / 4 at first); A: default 10 % of the iterations;
    `timeout` limits each decision of a user's bot. Returns a `TuneResult`.
    """
    steps = whole("iterations", iterations, 1, 10**7)
    per = _paired_deals("deals_per_iteration", deals_per_iteration)
    tuned = space(params, start, rung=rung, base=base, lower=lower, upper=upper, bounds=bounds)
    run = _check_run(options, seed, workers, deal, timeout, client)
    seed = run.seed
    names, lo, hi, first = tuned.names, tuned.lower, tuned.upper, tuned.start
    for n in names:
        if not lo[n] <= first[n] <= hi[n]:
            raise KozyrError("bad_start", f"start {n}={first[n]:g} is outside {lo[n]:g}..{hi[n]:g}",
                             field=n, value=first[n])
    big_a, alpha_, _gamma = schedule(steps, A, alpha, gamma)
    cs = _per_name("c", c, names, lambda n: max(1.0, (hi[n] - lo[n]) / 10))
    a_default = {n: 50 * cs[n] ** 2 * (big_a + 1) ** alpha_ for n in names}
    gains = _per_name("a", a, names, lambda n: a_default[n])
    rival = _rivals(tuned, opponent)
    scorer = _Scorer(tuned, per // 2, run, _tuning_table(rules))
    _check_tuning_table(scorer, tuned.side(first), rival)

    def objective(plus: dict[str, Any], minus: dict[str, Any], k: int) -> float:
        p, m = scorer.side(plus), scorer.side(minus)
        s = scorer.round_seed(k)
        if rival is None:
            return scorer.score(p, m, s) - 0.5
        ps, ms = scorer.scores(p, rival, s), scorer.scores(m, rival, s)   # the mean of the half differences
        return sum((x - y) / 2 for x, y in zip(ps, ms, strict=True)) / len(ps)

    began = time.perf_counter()
    try:
        result = _spsa(objective, first, lower=lo, upper=hi, integer=tuned.integer, iterations=steps, a=gains,
                       c=cs, A=A, alpha=alpha, gamma=gamma, seed=seed, callback=callback)
    except KeyboardInterrupt:
        raise KeyboardInterrupt(f"interrupted after {scorer.deals:,} deals of the tuning run: no result") from None
    final = tuned.setting(result.final)
    bot = None if tuned.factory is None else tuned.factory.replace(**{n: final[n] for n in names})
    return TuneResult(spsa=result, params=final, start=tuned.start_setting, deals=scorer.deals,
                      seconds=time.perf_counter() - began, opponent=opponent_name(rival), bot=bot)


# -- Optuna ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class OptunaResult:
    """An Optuna search: the best `params` (the full setting: Params, or every knob of a factory), its
    `score` (mean score per deal against the opponent; against a panel the mean over its opponents of
    that), `opponent` (its name, a panel's joined by " / "), every trial as (values, score), the `study`
    itself (for its plots and dashboard), the deals played and the Optuna version; `bot` the best
    factory with its knobs (None for a rung)."""

    params: Any
    score: float
    trials: list[tuple[dict[str, Any], float]]
    study: Any
    deals: int
    seconds: float
    version: str
    opponent: str
    bot: BotFactory | None = None

    def as_dict(self) -> dict[str, object]:
        return {"params": _plain(self.params), "score": self.score, "deals": self.deals,
                "seconds": self.seconds, "optuna": self.version, "opponent": self.opponent,
                "trials": [{"values": v, "score": s} for v, s in self.trials],
                "bot": None if self.bot is None else self.bot.name}


def optuna_search(params: object, start: Mapping[str, Any] | None = None, *, trials: int,
                  deals_per_trial: int = 2000, opponent: object = None, seed: int = 0, rung: int | None = None,
                  base: object = None, lower: object = None, upper: object = None, bounds: object = None,
                  deal: str = "fast", workers: int = 1,
                  callback: Callable[[int, dict[str, Any], float], None] | None = None,
                  client: object = None, timeout: float | None = None, rules: object = None,
                  options: RunOptions | None = None) -> OptunaResult:
    """Search the named `Params` fields of rung `rung` (default 3), or the knobs of a factory of bots
    (as `spsa` takes them), with Optuna's TPE sampler (seeded): every trial plays its setting against
    `opponent` (default: the start setting) on the same `deals_per_trial` deals (deal pairs of seed
    `<seed>/optuna`), maximising the mean score. Whole-number names are suggested as ints, the
    others as reals.

    A panel (`opponent=[X1, .., Xm]`, 1 to 16, as `spsa` takes it): a
    trial's score is the mean over j of its mean score per deal against Xj
    on the deal pairs of seed `<seed>/optuna/j` (so `deals_per_trial` is per
    opponent, and a list of one plays other deals than the bare opponent);
    `OptunaResult.opponent` names the panel ("rung 2 / taker").

    At a table (`rules`) each trial plays as `spsa`'s rounds do there.

    Needs the optional extra `kozyr[tune]` (optuna); a KozyrError says so when it is missing.
    """
    try:
        import optuna
    except ImportError:
        raise KozyrError("missing_optuna", "the Optuna search needs optuna: pip install 'kozyr[tune]'") from None
    count = whole("trials", trials, 1, 10**6)
    per = _paired_deals("deals_per_trial", deals_per_trial)
    run = _check_run(options, seed, workers, deal, timeout, client)
    seed = run.seed
    tuned = space(params, start, rung=rung, base=base, lower=lower, upper=upper, bounds=bounds)
    names, lo, hi, first = tuned.names, tuned.lower, tuned.upper, tuned.start
    start_values = {n: (int(round(first[n])) if n in tuned.integer else first[n]) for n in names}
    rival = _rivals(tuned, opponent) or tuned.side(start_values)
    scorer = _Scorer(tuned, per // 2, run, _tuning_table(rules))
    _check_tuning_table(scorer, tuned.side(start_values), rival)
    deal_seed = f"{seed}/optuna"
    seen: list[tuple[dict[str, Any], float]] = []

    def suggest(trial: Any, n: str) -> Any:
        if n in tuned.integer:
            return trial.suggest_int(n, math.ceil(lo[n]), math.floor(hi[n]))
        return trial.suggest_float(n, lo[n], hi[n])

    def objective(trial: Any) -> float:
        values = {n: suggest(trial, n) for n in names}
        got = scorer.scores(scorer.side(values), rival, deal_seed)   # the mean over the opponents
        s = sum(got) / len(got)
        seen.append((values, s))
        if callback is not None:
            callback(len(seen) - 1, values, s)
        return s

    # Optuna's log level is one global of the caller's process: quiet for the study (a line a
    # trial would drown the caller's own output), then the caller's level again, however it ends.
    verbosity = optuna.logging.get_verbosity()
    optuna.logging.set_verbosity(optuna.logging.WARNING)
    try:
        study = optuna.create_study(direction="maximize", sampler=optuna.samplers.TPESampler(seed=seed))
        study.enqueue_trial(start_values)
        began = time.perf_counter()
        try:
            study.optimize(objective, n_trials=count, catch=())
        except KeyboardInterrupt:
            raise KeyboardInterrupt(f"interrupted after {len(seen)} trials ({scorer.deals:,} deals): "
                                    "no result") from None
    finally:
        optuna.logging.set_verbosity(verbosity)
    best = study.best_trial
    final = tuned.setting(best.params)
    bot = None if tuned.factory is None else tuned.factory.replace(**{n: final[n] for n in names})
    return OptunaResult(params=final, score=float(cast(float, best.value)), trials=seen,
                        study=study, deals=scorer.deals, seconds=time.perf_counter() - began,
                        version=optuna.__version__, opponent=cast(str, opponent_name(rival)), bot=bot)
