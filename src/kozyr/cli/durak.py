"""`kozyr ladder`, `kozyr sweep`, `kozyr sprt` and `kozyr replay`: the durak bots measured from the shell.

The ladder runs in chunks with a callback, so that a progress bar can follow
it; output is a table (rich on a terminal, plain text when stdout is not a
terminal or NO_COLOR is set), or JSON with `--json`. Every rate is shown with
its 2-sigma Wilson interval (`kozyr.stats`).
"""
from __future__ import annotations

import argparse
import itertools
import json
import sys
from collections.abc import Callable
from typing import Any

from kozyr.cards import SUIT_NAMES
from kozyr.cli import _cluster
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
from kozyr.durak import RUNG_NAMES, RUNGS, pad_seed
from kozyr.durak.ladder import LadderResult, ladder, table_bots
from kozyr.durak.ladder.result import interrupted
from kozyr.durak.params import PARAM_DOCS, PARAM_NAMES, PARAM_RANGES, PARAM_RUNGS, Params, param_name
from kozyr.errors import KozyrError, shown

__all__ = ["register", "setting", "settings_help", "check_settings"]

DEFAULT_SEED = "ladder"


# -- argument types: each raises ArgumentTypeError, which argparse turns into exit 2
def _rung(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value not in RUNGS and value != 4:
        names = ", ".join(f"{r} ({RUNG_NAMES[r]})" for r in (*RUNGS, 4))
        raise argparse.ArgumentTypeError(f"unknown rung {shown(text)}: rungs are {names}")
    return value


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


def check_settings(pairs: list[tuple[str, int]], rungs: set[int], option: str, parser: Any) -> Params:
    """The settings of --set (each named once), refused when none of `rungs` reads one of them."""
    values: dict[str, int] = {}
    for name, value in pairs:
        if name in values:
            parser.error(f"{option} {name} given twice")
        values[name] = value
    unread = sorted(n for n in values if not set(PARAM_RUNGS[n]) & rungs)
    if unread:
        readers = " or ".join(sorted({f"rung {r}" for n in unread for r in PARAM_RUNGS[n]}))
        parser.error(f"{option} {', '.join(unread)}: only {readers} reads it, and no such side plays")
    return Params.of(values)


def _shown_settings(params: Params, rungs: set[int]) -> str:
    """`rung-3 settings: A=1` (only the rungs that play and read them), or ''."""
    parts = []
    for rung in sorted(rungs):
        used = params.for_rung(rung)
        if used:
            parts.append(f"rung-{rung} settings: " + ", ".join(f"{k}={v}" for k, v in used.items()))
    return "; ".join(parts)


def _deal_mode(args: argparse.Namespace) -> str:
    return "reference" if args.reference else ("sha" if args.sha else "fast")


def _run_ladder(a: Any, b: Any, deals: int, args: argparse.Namespace, params: Params | None,
                update: Callable[[int, int], None] | None) -> LadderResult:
    return ladder(a, b, deals, args.seed, deal=_deal_mode(args), workers=args.workers, params=params,
                  progress=update, client=getattr(args, "client", None), pairs=getattr(args, "pairs", False))


def _interrupted(err: KeyboardInterrupt, done_before: int, total: int) -> KeyboardInterrupt:
    """The ladder's 'interrupted after N of M deals', counted over a whole command."""
    return interrupted(done_before + getattr(err, "done", 0), total)


def _fmt_moves(r: LadderResult) -> str:
    if r.mean_moves is None or r.mean_bouts is None:
        return "per deal: no deals played"
    return f"per deal: {r.mean_moves:.3f} moves, {r.mean_bouts:.3f} bouts, largest hand {r.max_largest}"


# -- kozyr ladder ----------------------------------------------------------------------
def _ladder_command(args: argparse.Namespace) -> int:
    params = check_settings(args.set or [], {args.a, args.b}, "--set", args.parser)
    if args.pairs and args.deals % 2:
        args.parser.error(f"--deals {args.deals} is odd: with --pairs every deal is played twice")
    update, close = progress(args.deals, f"rung {args.a} vs rung {args.b}")
    try:
        with _cluster.connect(args):
            r = _run_ladder(args.a, args.b, args.deals, args, params, update)
    finally:
        close()
    if args.json:
        print(json.dumps(r.summary(), indent=2, allow_nan=False))
        return 0
    rows = [
        [f"a: rung {args.a} ({RUNG_NAMES[args.a]})", str(r.a_fools), fmt_interval(r.a_fool),
         fmt_interval(r.a_fool_decided)],
        [f"b: rung {args.b} ({RUNG_NAMES[args.b]})", str(r.b_fools), fmt_interval(r.b_fool),
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
    shown_settings = _shown_settings(params, {args.a, args.b})
    if shown_settings:
        notes.append(shown_settings)
    if args.pairs and r.pairs is not None:
        notes.append(f"deal pairs by a's score 0, 1/2, 1, 3/2, 2: {', '.join(f'{c:,}' for c in r.pairs)}")
    print_table("kozyr ladder: who is the fool", ["side", "fools", "of all deals", "draws left out"], rows, notes)
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
                results.append((params, _run_ladder(3, 2, args.deals, args, Params.of(params), step)))
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


def _sprt_command(args: argparse.Namespace) -> int:
    from kozyr.durak.tuning import sprt

    params_a = check_settings(args.set or [], {args.a}, "--set", args.parser)
    params_b = check_settings(args.vs_set or [], {args.b}, "--vs-set", args.parser)
    show, close = _live_line()
    try:
        with _cluster.connect(args):
            r = sprt(args.a, args.b, args.elo0, args.elo1, alpha=args.alpha, beta=args.beta, model=args.model,
                     pairs=not args.no_pairs, batch=args.batch, max_deals=args.max_deals, seed=args.seed,
                     deal=_deal_mode(args), workers=args.workers, params_a=params_a, params_b=params_b,
                     on_batch=show, client=args.client)
    finally:
        close()
    if args.json:
        print(json.dumps(r.as_dict(), indent=2, allow_nan=False))
        return 0
    meaning = {"H1": f"a is at least {r.elo1:g} {r.model} Elo stronger than b",
               "H0": f"a is at most {r.elo0:g} {r.model} Elo stronger than b",
               "none": f"no decision within {r.deals:,} deals"}[r.decision]
    e = r.estimate
    unit = "pairs" if r.pairs else "deals"
    counts = "P0..P4 (pair score 0, 1/2, .., 2)" if r.pairs else "L, D, W"
    speed = "-" if r.deals_per_second is None else f"{r.deals_per_second:,.0f}"
    rows = [
        ["decision", f"{r.decision}: {meaning}"],
        ["LLR", f"{r.llr:+.3f} in [{r.bounds[0]:+.3f}, {r.bounds[1]:+.3f}] (alpha {r.alpha:g}, beta {r.beta:g})"],
        ["deals", f"{r.deals:,} ({e.n:,} {unit}, {len(r.llr_history)} batch{'' if len(r.llr_history) == 1 else 'es'})"],
        [f"counts {counts}", " ".join(str(c) for c in r.counts)],
        ["a's score per deal [95%]", _fmt_estimate(e.score_low, e.score, e.score_high, 100, 2, "%")],
        ["logistic Elo [95%]", _fmt_estimate(e.elo_low, e.elo, e.elo_high, 1, 1)],
        [f"a: rung {args.a} ({RUNG_NAMES[args.a]}) fools", fmt_interval(r.a_fool)],
        [f"b: rung {args.b} ({RUNG_NAMES[args.b]}) fools", fmt_interval(r.b_fool)],
        ["draws", fmt_interval(r.draw)],
    ]
    how = "deal pairs with the seats swapped" if r.pairs else "single deals"
    notes = [f"seed {shown(args.seed)} ({r.deal} deals), {how}, "
             f"H0 elo {r.elo0:g} vs H1 elo {r.elo1:g} ({r.model}); fool rates with 2-sigma intervals",
             f"{speed} deals/s ({r.seconds:.2f} s, {args.workers} worker{'s' if args.workers != 1 else ''})"]
    for label, params, rung in (("a", params_a, args.a), ("b", params_b, args.b)):
        text = _shown_settings(params, {rung})
        if text:
            notes.append(f"{label}: {text}")
    print_table(f"kozyr sprt: rung {args.a} vs rung {args.b}", ["measure", "value"], rows, notes)
    return 0


# -- kozyr replay ------------------------------------------------------------------------
def _replay_record(path: str) -> int:
    """`kozyr replay --file FILE`: a saved game record (docs/rl.md), move by move.

    A record whose move the rules (or the record's form) refuse is one line built from the refusal's fields
    (`index`, `seat`, `move`, `code`, `reason`), never from its message.
    """
    from kozyr.durak import IllegalMove, records

    try:
        game = records.load(path)
    except IllegalMove as e:
        if "index" not in e.fields:
            raise
        seat, move = e.fields.get("seat"), e.fields.get("move")
        what = f"seat {seat}, {move}" if seat is not None else shown(move)
        raise KozyrError(e.code, f"{path}: move {e.fields['index']} ({what}) refused: {e.code}: "
                         f"{e.fields.get('reason', e.detail)}", **e.fields) from None
    for n, (seat, move) in enumerate(game.history, 1):
        print(f"{n:4}. seat {seat}  {move}")
    if game.result is None:
        print(f"unfinished after {game.moves} moves")
    else:
        _print_result(game, lambda r: f"seat {r.fool} is the fool ({r.outcome})")
    return 0


def _print_result(game: Any, fool: Callable[[Any], str]) -> None:
    """The last line of both replays: a draw, or `fool(result)` naming the fool; then the game's length."""
    result = game.result
    who = "a draw" if result.fool is None else fool(result)
    print(f"result: {who} after {game.moves} moves ({game.ply} events), heap {game.heap}")


def _replay_command(args: argparse.Namespace) -> int:
    from kozyr.cards import CardSet, card_name
    from kozyr.durak import Game

    if args.file is not None:
        if args.seed is not None:
            args.parser.error("give SEED or --file FILE, not both")
        return _replay_record(args.file)
    if args.seed is None:
        args.parser.error("give SEED (or --file FILE)")
    seed = pad_seed(args.seed)
    a, b = args.rungs
    bots = table_bots(args.seed, a, b)
    game = Game.from_seed(seed, args.number)
    print(f"deal {args.number} of seed {args.seed!r}: trump {SUIT_NAMES[game.trump]}, "
          f"turn-up {card_name(game.turnup)}")
    for k, bot in enumerate(bots):
        hand = CardSet(game.hands[k])
        print(f"  seat {k}: rung {bot.rung} ({RUNG_NAMES[bot.rung]}, bot seed {bot.seed!r}), "
              f"hand {' '.join(card_name(c) for c in sorted(hand, key=lambda c: (c >> 4, -c)))}")
    print(f"  seat {game.turn} attacks first")
    n = 0
    while not game.over:
        turn = game.turn
        assert turn is not None
        seat: int = turn
        move = bots[seat].choose(game.view(seat))
        assert move is not None, "a bot on turn always has a legal move"
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
    _print_result(game, lambda r: f"seat {r.fool} (rung {bots[r.fool].rung}) is the fool")
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
    p = subparsers.add_parser("ladder", help="play rung against rung over many deals",
                              description="Play rung A against rung B over many deals, seats alternating.")
    p.add_argument("a", type=_rung, help="rung of side a: 1 random, 2 cheap, 3 careful, 4 search")
    p.add_argument("b", type=_rung, help="rung of side b")
    _cluster.add_options(p)
    _common(p)
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

    p = subparsers.add_parser("sprt", help="is rung A stronger than rung B? a sequential test on deal pairs",
                              description="Play rung A against rung B in batches of deal pairs until the "
                                          "sequential probability ratio test accepts H1 (A is at least ELO1 "
                                          "stronger) or H0 (at most ELO0).")
    p.add_argument("a", type=_rung, help="rung of side a: 1 random, 2 cheap, 3 careful")
    p.add_argument("b", type=_rung, help="rung of side b")
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
    p.set_defaults(func=_sprt_command, parser=p)

    p = subparsers.add_parser("replay", help="show one deal between two rungs move by move",
                              description="Deal SEED (padded to 32 bytes) and let two rungs play it; rung ints "
                                          "use the bot seeds '<SEED>:1' and '<SEED>:2'.")
    p.add_argument("seed", metavar="SEED", nargs="?", help="seed text, at most 32 bytes")
    p.add_argument("--file", metavar="FILE", help="replay a saved game record (JSON: kozyr play --save)")
    p.add_argument("--number", type=positive, default=1, help="deal number (default 1)")
    p.add_argument("--rungs", type=_rung, nargs=2, default=[3, 2], metavar=("SEAT0", "SEAT1"),
                   help="rungs of seat 0 and seat 1 (default 3 2)")
    p.set_defaults(func=_replay_command, parser=p)
