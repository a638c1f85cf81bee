"""`kozyr ladder`, `kozyr sweep`, `kozyr sprt` and `kozyr replay`: the durak bots measured from the shell.

The ladder runs in chunks with a callback, so that a progress bar can follow
it; output is a table (rich on a terminal, plain text when stdout is not a
terminal or NO_COLOR is set), or JSON with `--json`. Every rate is shown with
its 2-sigma Wilson interval (`kozyr.stats`). A side is a rung or a bot of
yours (`module:attr`, `<file>.py:attr`: `kozyr.cli.durak_sides`); `kozyr sprt`
ends with a block to paste into a pull request, and `--counts` decides from
counts alone.
"""
from __future__ import annotations

import argparse
import itertools
import json
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import replace
from typing import Any

from kozyr.cards import SUIT_NAMES
from kozyr.cli import _cluster, durak_sides
from kozyr.cli._common import (
    check_plot_path,
    count,
    fmt_interval,
    need,
    positive,
    print_table,
    progress,
    pyplot,
    save_plot,
)
from kozyr.cli.durak_rules import add_rules_options, describe_rules, rules_of
from kozyr.durak import RUNG_NAMES, pad_seed
from kozyr.durak.bots.sides import check_read, describe, resolve
from kozyr.durak.ladder import LadderResult, TableResult, ladder, table_bots
from kozyr.durak.ladder.options import RunOptions
from kozyr.durak.ladder.result import interrupted
from kozyr.durak.params import PARAM_DOCS, PARAM_NAMES, PARAM_RANGES, Params, param_name
from kozyr.errors import KozyrError, shown

__all__ = ["register", "setting", "settings_help", "check_settings", "run_options", "running"]

DEFAULT_SEED = "ladder"


# -- argument types: each raises ArgumentTypeError, which argparse turns into exit 2
def _param_name(text: str) -> str:
    name = param_name(text)
    if name is None:
        raise argparse.ArgumentTypeError(f"unknown parameter {shown(text.strip())}: expected one of "
                                         f"{', '.join(PARAM_NAMES)}")
    return name


def _param_int(name: str, text: str) -> int:
    low, high = PARAM_RANGES[name]
    try:
        value = int(text.strip())
    except ValueError:
        raise argparse.ArgumentTypeError(f"{name}={shown(text)}: the value must be a whole number") from None
    if not low <= value <= high:
        raise argparse.ArgumentTypeError(f"{name}={shown(text)} is out of range: {name} is {low} to {high}")
    return value


def setting(text: str) -> tuple[str, int]:
    """An argparse type: `DEEP_TALON=6` -> ('DEEP_TALON', 6), the name any case, the value in range."""
    if text.count("=") != 1:
        raise argparse.ArgumentTypeError(f"{shown(text)} is not NAME=VALUE (e.g. DEEP_TALON=6)")
    name, value = text.split("=")
    key = _param_name(name)
    return key, _param_int(key, value)


def _grid(text: str) -> tuple[str, tuple[int, ...]]:
    """`DEEP_TALON=0,6,12` -> ('DEEP_TALON', (0, 6, 12))."""
    if text.count("=") != 1:
        raise argparse.ArgumentTypeError(f"{shown(text)} is not NAME=V1,V2,... (e.g. DEEP_TALON=0,6,12)")
    name, values = text.split("=")
    key = _param_name(name)
    items = values.split(",")
    if not items or any(not v.strip() for v in items):
        raise argparse.ArgumentTypeError(f"{shown(text)}: list the values separated by commas")
    return key, tuple(dict.fromkeys(_param_int(key, v) for v in items))


def settings_help() -> str:
    """One line per setting for --help: NAME low..high (default): what it does."""
    defaults = Params().as_dict()
    return "; ".join(f"{n} {lo}..{hi} ({defaults[n]}): {PARAM_DOCS[n]}" for n, (lo, hi) in PARAM_RANGES.items())


def check_settings(pairs: list[tuple[str, int]], rungs: set[int], option: str,
                   parser: argparse.ArgumentParser) -> Params:
    """The settings of --set (each named once), refused when none of `rungs` reads one of them."""
    values: dict[str, int] = {}
    for name, value in pairs:
        if name in values:
            parser.error(f"{option} {name} given twice")
        values[name] = value
    try:
        return check_read(values, sorted(rungs))   # the library's one rule of which side reads what
    except KozyrError as err:
        parser.error(f"{option} {err.detail}")


def _shown_settings(params: Params, rungs: set[int]) -> str:
    """`rung-3 settings: A=1` (only the rungs that play and read them), or ''."""
    parts = []
    for rung in sorted(rungs):
        used = params.for_rung(rung)
        if used:
            parts.append(f"rung-{rung} settings: " + ", ".join(f"{k}={v}" for k, v in used.items()))
    return "; ".join(parts)


def _deal_mode(args: argparse.Namespace) -> str:
    """--reference, --sha or neither (fast deals); a command without the two (`kozyr tune`) deals fast."""
    return "reference" if getattr(args, "reference", False) else ("sha" if getattr(args, "sha", False) else "fast")


def run_options(args: argparse.Namespace, *, progress: Callable[[int, int], None] | None = None,
                chunk: int | None = None, client: Any = None) -> RunOptions:
    """The `RunOptions` of a command's common options: --seed, --reference/--sha, --workers, --timeout, with
    the cluster's `client` (--cluster/--scheduler, once connected), the command's `progress` bar and its
    `chunk`; checked here, once (a bad value is the library's one line: `workers=300 is outside 1..256`),
    and passed as `options=` to `ladder`, `sprt`, `spsa` and `optuna_search`."""
    return RunOptions(seed=args.seed, deal=_deal_mode(args), workers=args.workers, chunk=chunk,
                      timeout=getattr(args, "timeout", None), client=client, progress=progress)


@contextmanager
def running(args: argparse.Namespace, *, progress: Callable[[int, int], None] | None = None,
            chunk: int | None = None) -> Iterator[RunOptions]:
    """The run's `RunOptions` (`run_options`) for the block, on the cluster of --cluster/--scheduler if one is
    given (`_cluster.connect`): checked before a cluster starts, so that a bad value is refused at once."""
    options = run_options(args, progress=progress, chunk=chunk)
    with _cluster.connect(args) as client:
        yield options if client is None else replace(options, client=client)


SEARCH_CHUNK = 4   # deals between two progress reports when rung 4 plays (it plays tens of deals a second, not 10**5)


def _chunk(sides: Sequence[object], args: argparse.Namespace) -> int | None:
    """The chunk of a local ladder in which rung 4 plays: small, so that the progress bar moves, and shows an
    estimate of the time left, within its first second (the default chunk of hundreds of deals would hold it
    at 0 for a minute). The chunking never changes the deals (`kozyr.durak.ladder.chunks`); a cluster keeps
    its task chunks."""
    cluster = getattr(args, "cluster", None) or getattr(args, "scheduler", None)
    return SEARCH_CHUNK if 4 in sides and not cluster else None


def _interrupted(err: KeyboardInterrupt, done_before: int, total: int) -> KeyboardInterrupt:
    """The ladder's 'interrupted after N of M deals', counted over a whole command."""
    return interrupted(done_before + getattr(err, "done", 0), total)


def _fmt_moves(r: LadderResult | TableResult) -> str:
    unit = "game" if isinstance(r, TableResult) else "deal"
    if r.mean_moves is None or r.mean_bouts is None:
        return f"per {unit}: no deals played"
    return f"per {unit}: {r.mean_moves:.3f} moves, {r.mean_bouts:.3f} bouts, largest hand {r.max_largest}"


# -- kozyr ladder ----------------------------------------------------------------------
def _resolved(values: list[object]) -> list[Any]:
    """The sides, a user's bot imported and built (a refusal is one line): rung ints stay ints."""
    return [v if isinstance(v, int) else resolve(v) for v in values]


def _ladder_command(args: argparse.Namespace) -> int:
    rules = rules_of(args)
    if not rules.two_seat or len(args.sides) != 2:
        return _table_command(args, rules)
    args.a, args.b = args.sides
    values = durak_sides.sides_of(args, [args.a, args.b])
    rungs = durak_sides.rungs_of(values)
    params = check_settings(args.set or [], rungs, "--set", args.parser)
    if args.pairs and args.deals % 2:
        args.parser.error(f"--deals {args.deals} is odd: with --pairs every deal is played twice")
    a, b = _resolved(values)
    update, close = progress(args.deals, f"{describe(a)} vs {describe(b)}")
    try:
        with running(args, progress=update, chunk=_chunk((a, b), args)) as options:
            r = ladder(a, b, args.deals, params=params, pairs=args.pairs, options=options)
    finally:
        close()
    if args.json:
        print(json.dumps(r.summary(), indent=2, allow_nan=False))
        return 0
    rows = [
        [f"a: {durak_sides.label(values[0])}", str(r.a_fools), fmt_interval(r.a_fool),
         fmt_interval(r.a_fool_decided)],
        [f"b: {durak_sides.label(values[1])}", str(r.b_fools), fmt_interval(r.b_fool),
         fmt_interval(r.b_fool_decided)],
        ["draws", str(r.draws), fmt_interval(r.draw_rate), ""],
    ]
    speed = "-" if r.deals_per_second is None else f"{r.deals_per_second:,.0f}"
    seating = ("each deal played twice, seats swapped" if args.pairs else "a sits in seat i % 2 of deal i")
    notes = [
        f"{r.deals:,} deals ({r.deal} deals, seed {shown(args.seed)}); {seating}; [2-sigma intervals]",
        _fmt_moves(r),
        f"{speed} deals/s ({r.seconds:.2f} s, {_cluster.where(args)})",
    ]
    shown_settings = _shown_settings(params, rungs)
    if shown_settings:
        notes.append(shown_settings)
    if args.pairs and r.pairs is not None:
        notes.append(f"deal pairs by a's score 0, 1/2, 1, 3/2, 2: {', '.join(f'{c:,}' for c in r.pairs)}")
    print_table("kozyr ladder: who is the fool", ["side", "fools", "of all deals", "draws left out"], rows, notes)
    return 0


def _table_command(args: argparse.Namespace, rules: Any) -> int:
    """`kozyr ladder A B C D --seats 4 ...`: a table ladder, every deal in every rotation. Two sides at a
    table of N seats are side a against a field of N - 1 side b's, as `kozyr sprt A B --seats N` seats them."""
    if len(args.sides) not in (2, rules.seats):
        raise KozyrError("bad_sides", f"{len(args.sides)} sides for a table of {rules.seats} seats: give one side "
                         "a seat, or two (side a against a field of side b)", field="sides", value=len(args.sides))
    if args.pairs:
        args.parser.error("--pairs is the two-seat ladder's: a table ladder plays every deal in every rotation")
    values = durak_sides.sides_of(args, list(args.sides))
    values = values[:1] + values[1:] * (rules.seats - 1) if len(values) == 2 else values
    rungs = durak_sides.rungs_of(values)
    params = check_settings(args.set or [], rungs, "--set", args.parser)
    sides = _resolved(values)
    total = args.deals * rules.seats
    update, close = progress(total, " vs ".join(describe(s) for s in sides))
    try:
        with running(args, progress=update, chunk=_chunk(sides, args)) as options:
            r = ladder(sides, args.deals, rules=rules, params=params, options=options)
    finally:
        close()
    if args.json:
        print(json.dumps(r.summary(), indent=2, allow_nan=False))
        return 0
    team = "losing team" if rules.teams else "fool"
    rows = [[f"{'abcdef'[j]}: {durak_sides.label(values[j])}", f"{r.fools[j]:,}", fmt_interval(r.fool[j]),
             "-" if r.mean_place[j] is None else f"{r.mean_place[j]:.3f}"] for j in range(rules.seats)]
    rows.append(["draws", f"{r.draws:,}", fmt_interval(r.draw_rate), ""])
    rows.append(["capped", f"{r.capped:,}", fmt_interval(r.capped_rate), ""])
    speed = "-" if r.deals_per_second is None else f"{r.deals_per_second:,.0f}"
    # each note within 100 columns (a seed of a few dozen characters aside)
    notes = [
        f"{describe_rules(rules)}; {r.deals:,} deals x {rules.seats} rotations = {r.games:,} games",
        f"({r.deal} deals, seed {shown(args.seed)}); rotation r seats side j in seat (j + r) % {rules.seats}; "
        "[2-sigma intervals]",
        "place: the order of going out (1 first; a seat holding cards at the end is last)",
        "capped: deals stopped at the move cap, counted apart",
        _fmt_moves(r),
        f"{speed} games/s ({r.seconds:.2f} s, {_cluster.where(args)})",
    ]
    shown_settings = _shown_settings(params, rungs)
    if shown_settings:
        notes.append(shown_settings)
    print_table(f"kozyr ladder: who is the {team}", ["side", f"{team}s", "of games with a result", "mean place"],
                rows, notes)
    return 0


# -- kozyr sweep ------------------------------------------------------------------------
def _sweep_command(args: argparse.Namespace) -> int:
    grid: dict[str, tuple[int, ...]] = {}
    for name, values in args.grid or []:
        if name in grid:
            args.parser.error(f"--grid {name} given twice")
        grid[name] = values
    if not grid:
        args.parser.error("give at least one --grid NAME=V1,V2,...")
    if args.plot:
        need("matplotlib", "plot", args.parser)
        check_plot_path(args.plot)
    names = list(grid)
    check_settings([(n, grid[n][0]) for n in names], {3}, "--grid", args.parser)   # the sweep plays rung 3
    settings = [dict(zip(names, combo, strict=True)) for combo in itertools.product(*(grid[n] for n in names))]
    total = args.deals * len(settings)
    update, close = progress(total, "sweep")
    results = []
    try:
        for k, params in enumerate(settings):
            offset = k * args.deals

            def step(done: int, _total: int, offset: int = offset) -> None:
                update(offset + done, total)

            try:
                results.append((params, ladder(3, 2, args.deals, params=Params.of(params),
                                               options=run_options(args, progress=step))))
            except KeyboardInterrupt as err:
                raise _interrupted(err, offset, total) from None
    finally:
        close()
    if args.json:
        print(json.dumps([r.summary() for _, r in results], indent=2, allow_nan=False))
    else:
        rows = [[*(str(p[n]) for n in names), fmt_interval(r.a_fool_decided), fmt_interval(r.a_fool),
                 str(r.draws), "-" if r.mean_moves is None else f"{r.mean_moves:.2f}"] for p, r in results]
        notes = [f"rung 3 (with each setting) against rung 2, {args.deals:,} deals each, seed {shown(args.seed)}; "
                 "the reference bot is DEEP_TALON=6, CHEAP_POWER=3; lower is better for rung 3; "
                 "[2-sigma intervals]"]
        print_table("kozyr sweep: rung 3's fool rate", [*names, "draws left out", "of all deals", "draws", "moves"],
                    rows, notes)
    if args.plot:
        _plot(args.plot, names, results)
    return 0


def _plot(path: str, names: list[str], results: list[tuple[dict[str, int], LadderResult]]) -> None:
    plt = pyplot()
    x_name = names[0]
    line_name = names[1] if len(names) > 1 else None
    fig, ax = plt.subplots(figsize=(7, 4.5))
    lines: dict[Any, list[tuple[int, Any]]] = {}
    for params, r in results:
        lines.setdefault(params[line_name] if line_name else None, []).append((params[x_name], r.a_fool_decided))
    for key, points in lines.items():
        points = sorted((x, rate) for x, rate in points if rate.rate is not None)
        xs = [x for x, _ in points]
        ys = [100 * rate.rate for _, rate in points]
        err = [[100 * (rate.rate - rate.low) for _, rate in points],
               [100 * (rate.high - rate.rate) for _, rate in points]]
        ax.errorbar(xs, ys, yerr=err, marker="o", capsize=3, label=f"{line_name}={key}" if line_name else None)
    ax.set_xlabel(x_name)
    ax.set_ylabel("rung 3 fool rate vs rung 2, draws left out (%)")
    ax.set_title("kozyr sweep (2-sigma Wilson bars)")
    ax.grid(alpha=0.3)
    if line_name:
        ax.legend()
    save_plot(fig, path)


# -- kozyr sprt ---------------------------------------------------------------------------
def _live_line() -> tuple[Callable[[Any, int], None], Callable[[], None]]:
    """A one-line status on stderr, rewritten after every batch (only on a terminal)."""
    live = sys.stderr.isatty()

    def show(state: Any, deals: int) -> None:
        if live:
            lo, hi = state.bounds
            sys.stderr.write(f"\r  LLR {state.llr:+.3f}  in [{lo:+.3f}, {hi:+.3f}]  {deals:,} deals ")
            sys.stderr.flush()

    def close() -> None:
        if live:
            sys.stderr.write("\r" + " " * 70 + "\r")
            sys.stderr.flush()

    return show, close


def _fmt_estimate(low: float | None, mid: float | None, high: float | None, scale: float = 1,
                  digits: int = 2, unit: str = "") -> str:
    if mid is None or low is None or high is None:
        return "-"
    return f"{scale * mid:.{digits}f}{unit} [{scale * low:.{digits}f}, {scale * high:.{digits}f}]"


def _counts(text: str) -> list[int]:
    """`--counts 10,90,800,110,12`: pentanomial P0..P4 (or trinomial L,D,W) as whole numbers."""
    parts = [p.strip() for p in text.split(",")]
    if len(parts) not in (3, 5) or not all(p.isdigit() for p in parts):
        raise argparse.ArgumentTypeError(f"{shown(text)} is not P0,P1,P2,P3,P4 (or L,D,W): whole numbers, "
                                         "comma-separated")
    if len(text) > 200:
        raise argparse.ArgumentTypeError(f"{shown(text)} is too long for counts")
    return [int(p) for p in parts]


def _sprt_json(r: Any, share: str, extra: dict[str, Any]) -> str:
    from kozyr.stats import normalized_elo

    body = {**extra, **r.as_dict()} if hasattr(r, "test") else {
        **extra, **r.as_dict(), "normalized": normalized_elo(r.counts, r.group).as_dict()}
    body["share"] = share
    return json.dumps(body, indent=2, allow_nan=False)


def _sprt_counts_command(args: argparse.Namespace) -> int:
    """`kozyr sprt --counts P0,P1,P2,P3,P4`: the decision from counts alone, no deals played."""
    from kozyr.durak.tuning.measure import share, sprt_counts

    if args.set or args.vs_set or args.bot_set or args.vs_bot_set or args.against:
        args.parser.error("--counts decides from counts alone: no side plays, so no setting, knob or opponent "
                          "applies")
    names = [durak_sides.label(v) if v is not None else n for v, n in ((args.a, "a"), (args.b, "b"))]
    r = sprt_counts(args.counts, args.elo0, args.elo1, alpha=args.alpha, beta=args.beta, model=args.model)
    text = share(r, a=names[0], b=names[1])
    if args.json:
        print(_sprt_json(r, text, {"a": names[0], "b": names[1], "deals": None}))
        return 0
    print(text)
    return 0


def _sprt_command(args: argparse.Namespace) -> int:
    from kozyr.durak.tuning.measure import sprt

    if args.counts is not None:
        return _sprt_counts_command(args)
    if args.a is None or args.b is None:
        args.parser.error("give the two sides A B (or --counts P0,P1,P2,P3,P4 to decide from counts alone)")
    values = durak_sides.sides_of(args, [args.a, args.b])
    params_a = check_settings(args.set or [], durak_sides.rungs_of(values[:1]), "--set", args.parser)
    params_b = check_settings(args.vs_set or [], durak_sides.rungs_of(values[1:]), "--vs-set", args.parser)
    rules = rules_of(args)
    if not rules.two_seat and args.no_pairs:
        args.parser.error("--no-pairs is the two-seat test's: at a table the rotations of a deal are one unit")
    a, b = _resolved(values)
    against = None
    if args.against:
        if args.no_pairs:
            args.parser.error("--against compares a and b on the same deal pairs: drop --no-pairs")
        against = _resolved([durak_sides.BotSpec(v, {}) if durak_sides.is_bot(v) else v for v in args.against])
    show, close = _live_line()
    try:
        with running(args) as options:
            r = sprt(a, b, args.elo0, args.elo1, alpha=args.alpha, beta=args.beta, model=args.model, against=against,
                     pairs=not args.no_pairs, batch=args.batch, max_deals=args.max_deals,
                     params_a=params_a if isinstance(a, int) else None,
                     params_b=params_b if isinstance(b, int) else None,
                     on_batch=show, rules=rules, options=options)
    finally:
        close()
    if args.json:
        print(json.dumps(r.as_dict(), indent=2, allow_nan=False))
        return 0
    gauntlet = bool(r.against)
    than = f"than b against {' / '.join(r.against)}" if gauntlet else "than b"
    meaning = {"H1": f"a is at least {r.elo1:g} {r.model} Elo stronger {than}",
               "H0": f"a is at most {r.elo0:g} {r.model} Elo stronger {than}",
               "none": f"no decision within {r.deals:,} deals"}[r.decision]
    e = r.estimate
    ne = r.normalized
    table = not gauntlet and (r.test.group > 2 or r.rules is not None)
    unit = ("deal pairs, each played by a and by b" if gauntlet else "deals of N rotations" if table
            else "pairs" if r.pairs else "deals")
    counts = ("G0..G8 (4 + (a's pair score - b's) x 2)" if gauntlet else "G0..GW (a deal's duplicate score x W)"
              if table else "P0..P4 (pair score 0, 1/2, .., 2)" if r.pairs else "L, D, W")
    speed = "-" if r.deals_per_second is None else f"{r.deals_per_second:,.0f}"
    rows = [
        ["decision", f"{r.decision}: {meaning}"],
        ["LLR", f"{r.llr:+.3f} in [{r.bounds[0]:+.3f}, {r.bounds[1]:+.3f}] (alpha {r.alpha:g}, beta {r.beta:g})"],
        ["games" if table else "deals",
         f"{r.deals:,} ({e.n:,} {unit}, {len(r.llr_history)} batch{'' if len(r.llr_history) == 1 else 'es'})"],
        [f"counts {counts}", " ".join(str(c) for c in r.counts)],
        ["a's score per unit, 50% as good as b [95%]" if gauntlet else "a's score per deal [95%]",
         _fmt_estimate(e.score_low, e.score, e.score_high, 100, 2, "%")],
        ["logistic Elo [95%]", _fmt_estimate(e.elo_low, e.elo, e.elo_high, 1, 1)],
        ["normalized Elo [95%]", _fmt_estimate(ne.low, ne.elo, ne.high, 1, 1)],
        [f"a: {durak_sides.label(values[0])} fools", fmt_interval(r.a_fool)],
        [f"b: {durak_sides.label(values[1])} fools", fmt_interval(r.b_fool)],
        ["draws", fmt_interval(r.draw)],
    ]
    how = ("every deal in every rotation, the candidate a in each seat, b in the others; "
           f"{describe_rules(r.rules)}" if table else
           f"a and b each play opponent j's deal pairs (seed {shown(args.seed)}/j), the opponents in turn"
           if gauntlet else "deal pairs with the seats swapped" if r.pairs else "single deals")
    notes = [f"seed {shown(args.seed)} ({r.deal} deals), {how}, "
             f"H0 elo {r.elo0:g} vs H1 elo {r.elo1:g} ({r.model}); fool rates with 2-sigma intervals",
             f"{speed} {'games' if table else 'deals'}/s ({r.seconds:.2f} s, {_cluster.where(args)})"]
    for label, params, value in (("a", params_a, values[0]), ("b", params_b, values[1])):
        if isinstance(value, int):
            text = _shown_settings(params, {value})
            if text:
                notes.append(f"{label}: {text}")
    versus = f" against {' / '.join(r.against)}" if gauntlet else ""
    print_table(f"kozyr sprt: {durak_sides.label(values[0])} vs {durak_sides.label(values[1])}{versus}",
                ["measure", "value"], rows, notes)
    print()
    print("For a pull request:")
    print(r.share())
    return 0


# -- kozyr replay ------------------------------------------------------------------------
def _replay_record(path: str) -> int:
    """`kozyr replay --file FILE`: a saved game record (docs/records.md) of any table: the table (unless it is
    the two-seat game), the trump, every hand as dealt, then bout by bout (`records.bouts`, the library's one
    grouping) who led, what beat what, every transfer and show, and how it ended; at a table, the seats as
    they went out; then the result. Cards as `10♠` where the terminal can show them.

    A record whose move the rules (or the record's form) refuse is one line built from the refusal's fields
    (`index`, `seat`, `move`, `code`, `reason`), never from its message.
    """
    from kozyr.cards import CardSet
    from kozyr.cli._terminal import look_for
    from kozyr.durak import Game, IllegalMove, records

    try:
        game = records.load(path)
    except IllegalMove as e:
        if "index" not in e.fields:
            raise
        seat, move = e.fields.get("seat"), e.fields.get("move")
        what = f"seat {seat}, {move}" if seat is not None else shown(move)
        raise KozyrError(e.code, f"{path}: move {e.fields['index']} ({what}) refused: {e.code}: "
                         f"{e.fields.get('reason', e.detail)}", **e.fields) from None
    look = look_for(sys.stdout, ascii=False, symbols="♠♥♦♣")
    two = game.rules.two_seat      # the two-seat game reads as it always has: no table, no seats going out
    dealt = Game.from_order(game.order, rules=game.rules)
    turnup = f", turn-up {look.card(dealt.turnup)}" if dealt.turnup is not None else ""
    table = "" if two else f"{game.rules!r}; "
    print(f"{path}: {table}trump {look.suit(game.trump)} {SUIT_NAMES[game.trump]}{turnup}; {_moves(game.moves)}")
    for seat in range(game.seats):
        hand = sorted(CardSet(dealt.hands[seat]), key=lambda c: (c >> 4, c & 15))
        print(f"  seat {seat} was dealt {' '.join(look.card(c) for c in hand)}")
    words = {"done": "beaten off", "exhausted": "beaten off (nothing left to throw in)",
             "spent": "beaten off (a hand spent)", "capped": "beaten off (the bout full)", "taken": "taken"}
    # a bout no card was played in (a resign or a swap before the lead) has nothing to show
    for n, bout in enumerate((b for b in records.bouts(game) if b.pairs), 1):
        parts = [", ".join(f"{look.card(a)} beaten by {look.card(d)}" if d is not None else f"{look.card(a)} unbeaten"
                           for a, d in bout.pairs)]
        parts += [f"seat {e.seat} {'transfers with' if e.kind == 'transfer' else 'shows'} {look.card(e.card)} "
                  f"to seat {e.to}" for e in bout.handovers]
        end = ("still open" if bout.how is None else
               f"taken by seat {bout.defender}" if bout.taken else words.get(bout.how, bout.how))
        print(f"{n:4}. seat {bout.attacker} {'attacks' if two else 'leads'}: {'; '.join(parts)}; {end}")
        if not two:
            for seat in bout.out:
                print(f"      seat {seat} is out")
    result = game.result
    if result is None:
        print(f"unfinished after {_moves(game.moves)}")
    elif two:
        _print_result(game, lambda r: f"seat {r.fool} is the fool ({r.outcome})")
    else:
        who = (f"seat {result.fool} is the fool ({result.outcome})" if result.fool is not None else
               f"seats {', '.join(map(str, result.losers))} lose ({result.outcome})")
        _print_result(game, lambda r: who)
        if game.out:
            print(f"out in this order: {', '.join(f'seat {s}' for s in game.out)}")
    return 0


def _moves(n: int) -> str:
    return f"{n} move{'s' * (n != 1)}"


def _print_result(game: Any, fool: Callable[[Any], str]) -> None:
    """The last line of both replays: a draw, or `fool(result)` naming the fool (or the losing team); then the
    game's length."""
    result = game.result
    who = "a draw" if result.fool is None and not result.losers else fool(result)
    print(f"result: {who} after {game.moves} moves ({game.ply} events), heap {game.heap}")


def _replay_command(args: argparse.Namespace) -> int:
    from kozyr.cards import CardSet, card_name
    from kozyr.durak import Game, Rules
    from kozyr.durak.ladder import Job, deal_game, faults, players
    from kozyr.durak.ladder.replays import MAX_MOVES
    from kozyr.durak.seeds import a_seat, ladder_seed

    if args.file is not None:
        if args.seed is not None:
            args.parser.error("give SEED or --file FILE, not both")
        return _replay_record(args.file)
    if args.seed is None:
        args.parser.error("give SEED (or --file FILE)")
    if args.deal is not None and args.number is not None:
        args.parser.error("--deal I replays deal I of a ladder of SEED, --number N deal N of the 32-byte seed "
                          "SEED: give one")
    if args.deal is None and (args.sha or args.reference):
        args.parser.error("--sha and --reference name how a ladder dealt: give --deal I with them")
    values = durak_sides.sides_of(args, list(args.rungs))
    sides = [resolve(v) for v in values]
    if args.deal is not None:    # deal I of a ladder, as ladder(A, B, ..., SEED) played it
        deal = _deal_mode(args)
        seed = ladder_seed(args.seed)
        i = args.deal
        game = deal_game(seed, i, deal)
        seats: Sequence[Callable[[Any], Any]] = players(sides[0], sides[1], seed, i, deal)   # the seats' players
        first = a_seat(i)
        who = [values[first], values[1 - first]]

        job = Job((sides[0], sides[1]), Rules(), seed, deal, i, args.timeout)

        def fault(answer: faults.Answer, seat: int, ply: int) -> BaseException:
            return faults.fault("player", answer, job, i, 0, first, seat, ply, MAX_MOVES)
        print(f"deal {i} of the ladder of seed {seed!r} ({deal} deals): trump {SUIT_NAMES[game.trump]}, "
              f"turn-up {card_name(game.turnup)}")
        names = [durak_sides.label(v) for v in who]
    else:
        number = args.number or 1
        raw = pad_seed(args.seed)
        bots = table_bots(args.seed, *[s if s.kind != "rung" else s.rung for s in sides])
        seats = list(bots)
        who = values
        game = Game.from_seed(raw, number)

        def fault(answer: faults.Answer, seat: int, ply: int) -> BaseException:
            return faults.seeded_fault("player", answer, sides, raw, number, seat, ply, MAX_MOVES, args.timeout)
        print(f"deal {number} of seed {args.seed!r}: trump {SUIT_NAMES[game.trump]}, "
              f"turn-up {card_name(game.turnup)}")
        names = [f"rung {v} ({RUNG_NAMES[v]}, bot seed {bot.seed!r})" if isinstance(v, int) else durak_sides.label(v)
                 for v, bot in zip(values, bots, strict=True)]
    for k in range(2):
        hand = CardSet(game.hands[k])
        print(f"  seat {k}: {names[k]}, "
              f"hand {' '.join(card_name(c) for c in sorted(hand, key=lambda c: (c >> 4, -c)))}")
    print(f"  seat {game.turn} attacks first")
    n = 0
    while not game.over:
        turn = game.turn
        assert turn is not None
        seat: int = turn
        view = game.view(seat)
        move = faults.ask(seats[seat], view, args.timeout)
        if isinstance(move, faults.Answer):
            raise fault(move, seat, view.ply)
        events = game.apply(seat, move)
        n += 1
        print(f"{n:4}. seat {seat}  {move}")
        for e in events[1:]:
            if e.kind == "bout_end" and e.taken:
                print(f"      taken: {e.cards} cards to seat {1 - (e.attacker or 0)}; "
                      f"seat {e.attacker} attacks again")
            elif e.kind == "bout_end":
                print(f"      beaten off ({e.how}): {e.cards} cards to the heap ({e.heap}); "
                      f"seat {e.attacker} attacks next")
            elif e.kind == "refill" and e.drawn is not None:
                print(f"      refill: seat 0 draws {e.drawn[0]}, seat 1 draws {e.drawn[1]}; talon {e.talon}")
    assert game.result is not None
    _print_result(game, lambda r: f"seat {r.fool} ({durak_sides.label(who[r.fool]).split(' (')[0]}) is the fool")
    return 0


# -- wiring --------------------------------------------------------------------------------
def _common(p: argparse.ArgumentParser) -> None:
    p.add_argument("--deals", type=count, default=20_000, help="deals to play (default 20000)")
    p.add_argument("--seed", default=DEFAULT_SEED, help="base seed text (default 'ladder')")
    p.add_argument("--workers", type=positive, default=1, help="threads playing chunks in parallel (default 1)")
    p.add_argument("--json", action="store_true", help="print the summary as JSON")
    mode = p.add_mutually_exclusive_group()
    mode.add_argument("--reference", action="store_true",
                      help="the reference distribution's deals and words: deal i is seed '<seed>-<i>'")
    mode.add_argument("--sha", action="store_true",
                      help="the rules' SHA-256 shuffle and words from seeds derived from --seed "
                           "(default: the fast generator)")


def register(subparsers: Any) -> None:
    """Add `ladder`, `sweep`, `sprt` and `replay` to a subparsers object of the `kozyr` parser."""
    ranges = ", ".join(f"{k} {lo}..{hi}" for k, (lo, hi) in PARAM_RANGES.items())
    names = settings_help()
    p = subparsers.add_parser("ladder", help="play rung (or your bot) against rung over many deals",
                              description="Play side A against side B over many deals, seats alternating; at a "
                                          "table of N seats (--seats N and the other table options) N sides, or "
                                          "two: side a against a field of side b, as kozyr sprt seats them; every "
                                          "deal is "
                                          "played N times with the sides rotated through the seats. A side "
                                          "is a rung or a bot of yours, module:attr or <file>.py:attr (imported: "
                                          "its code runs).")
    p.add_argument("sides", type=durak_sides.side, nargs="+", metavar="SIDE",
                   help=f"side a, side b, ... (one a seat, or two at any table): {durak_sides.SIDE_HELP}")
    add_rules_options(p)
    _cluster.add_options(p)
    _common(p)
    durak_sides.add_knob_options(p)
    p.add_argument("--set", action="append", type=setting, metavar="NAME=VALUE",
                   help=f"a setting of the rung-int sides (repeatable; the defaults are the rules' bots): {names}")
    p.add_argument("--pairs", action="store_true",
                   help="play every deal twice, seats swapped (an even --deals; the pair counts are shown)")
    p.set_defaults(func=_ladder_command, parser=p)

    p = subparsers.add_parser("sweep", help="rung 3 with a grid of settings against rung 2",
                              description="Play rung 3 with each setting of a grid against rung 2.")
    _common(p)
    p.add_argument("--grid", action="append", type=_grid, metavar="NAME=V1,V2,...",
                   help=f"values to try for rung 3: DEEP_TALON=0,6,12 (repeatable; {ranges})")
    p.add_argument("--plot", metavar="FILE.png", help="also draw the fool rates (needs kozyr[plot])")
    p.set_defaults(func=_sweep_command, parser=p)

    p = subparsers.add_parser("sprt", help="is side A stronger than side B? a sequential test on deal pairs",
                              description="Play side A against side B in batches of deal pairs until the "
                                          "sequential probability ratio test accepts H1 (A is at least ELO1 "
                                          "stronger) or H0 (at most ELO0); the result ends with a block to paste "
                                          "into a pull request. --counts decides from counts alone.")
    p.add_argument("a", type=durak_sides.side, nargs="?", help=f"side a: {durak_sides.SIDE_HELP}")
    p.add_argument("b", type=durak_sides.side, nargs="?", help="side b")
    p.add_argument("--counts", type=_counts, metavar="P0,P1,P2,P3,P4",
                   help="decide from these pentanomial counts (or L,D,W) alone: no deals are played")
    p.add_argument("--elo0", type=float, default=0.0, help="Elo of H0 (default 0)")
    p.add_argument("--elo1", type=float, default=5.0, help="Elo of H1 (default 5)")
    p.add_argument("--alpha", type=float, default=0.05, help="chance of accepting H1 when H0 holds (default 0.05)")
    p.add_argument("--beta", type=float, default=0.05, help="chance of accepting H0 when H1 holds (default 0.05)")
    p.add_argument("--model", choices=("normalized", "logistic"), default="normalized",
                   help="what an Elo means: normalized (a t-value, the default) or logistic (the score)")
    p.add_argument("--no-pairs", action="store_true", help="single deals (trinomial) instead of deal pairs")
    p.add_argument("--batch", type=positive, default=10_000,
                   help="deals between two looks at the LLR (default 10000)")
    p.add_argument("--max-deals", type=positive, default=1_000_000,
                   help="stop undecided after this many deals (default 1000000)")
    p.add_argument("--seed", default="sprt", help="base seed text (default 'sprt')")
    p.add_argument("--workers", type=positive, default=1, help="threads playing each batch (default 1)")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    mode = p.add_mutually_exclusive_group()
    mode.add_argument("--reference", action="store_true", help="the reference distribution's deals and words")
    mode.add_argument("--sha", action="store_true", help="the rules' SHA-256 shuffle and words")
    p.add_argument("--set", action="append", type=setting, metavar="NAME=VALUE",
                   help=f"a setting of side a (repeatable): {names}")
    _cluster.add_options(p)
    p.add_argument("--vs-set", action="append", type=setting, metavar="NAME=VALUE",
                   help="a setting of side b (repeatable)")
    p.add_argument("--against", action="append", type=durak_sides.side, metavar="SIDE",
                   help="a gauntlet (repeatable, up to 16): a and b do not meet; each plays these opponents on the "
                        "same deal pairs, and the test asks whether a does better against them than b")
    durak_sides.add_knob_options(p)
    add_rules_options(p)
    p.set_defaults(func=_sprt_command, parser=p)

    p = subparsers.add_parser("replay", help="show one deal between two sides move by move",
                              description="Deal SEED (padded to 32 bytes) and let two sides play it; rung ints "
                                          "use the bot seeds '<SEED>:1' and '<SEED>:2'. With --deal I, play deal I "
                                          "of the ladder of seed SEED again, as `kozyr ladder A B --seed SEED` "
                                          "played it (the first side in seat I % 2).")
    p.add_argument("seed", metavar="SEED", nargs="?", help="seed text, at most 32 bytes (a ladder's seed with --deal)")
    p.add_argument("--file", metavar="FILE", help="replay a saved game record (JSON: kozyr play --save)")
    p.add_argument("--number", type=positive, default=None, help="deal number of SEED (default 1)")
    p.add_argument("--deal", type=positive, default=None, metavar="I",
                   help="deal I of the ladder of seed SEED (fast deals unless --sha or --reference)")
    mode = p.add_mutually_exclusive_group()
    mode.add_argument("--reference", action="store_true", help="with --deal: the ladder dealt reference deals")
    mode.add_argument("--sha", action="store_true", help="with --deal: the ladder dealt SHA-256 deals")
    p.add_argument("--rungs", "--sides", type=durak_sides.side, nargs=2, default=[3, 2], metavar=("A", "B"),
                   help="the two sides (default 3 2): seat 0 and seat 1, or with --deal the ladder's sides a and b; "
                        f"{durak_sides.SIDE_HELP}")
    durak_sides.add_knob_options(p)
    p.set_defaults(func=_replay_command, parser=p)
