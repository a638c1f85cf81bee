"""`kozyr ladder`, `kozyr sweep` and `kozyr replay`: the bots measured from the shell.

`register(subparsers)` adds the three commands to the `kozyr` console script;
`main(argv)` runs them alone (tests use it). Bad arguments (an unknown rung, a
negative deal count, a malformed or unknown `--set`/`--grid`) end in one line
on stderr and exit status 2, as argparse's `parser.error` does.

The ladder runs in chunks with a callback, so that a rich progress bar can
follow it; output is a rich table on a terminal, plain text when stdout is
not a terminal or NO_COLOR is set, or JSON with `--json`.
"""
from __future__ import annotations

import argparse
import itertools
import json
import os
import sys
from typing import Any, Callable, Optional, Sequence

from kozyr.cli._common import OneLineParser, count, positive
from kozyr.durak.ladder import PARAMS, LadderResult, Rate, ladder, table_bots
from kozyr.durak.types import pad_seed

__all__ = ["register", "main"]

RUNGS = (1, 2, 3)
RUNG_NAMES = {1: "random", 2: "cheap", 3: "careful"}
DEFAULT_SEED = "ladder"


# -- argument types: each raises ArgumentTypeError, which argparse turns into exit 2
def _rung(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value not in RUNGS:
        raise argparse.ArgumentTypeError(f"unknown rung {text!r}: rungs are 1 (random), 2 (cheap), 3 (careful)")
    return value


def _param_name(text: str) -> str:
    name = text.strip().upper()
    if name not in PARAMS:
        raise argparse.ArgumentTypeError(f"unknown parameter {text.strip()!r}: expected {' or '.join(PARAMS)}")
    return name


def _param_int(name: str, text: str) -> int:
    try:
        value = int(text.strip())
    except ValueError:
        raise argparse.ArgumentTypeError(f"{name}={text!r}: the value must be a whole number") from None
    if not -(1 << 30) < value < (1 << 30):
        raise argparse.ArgumentTypeError(f"{name}={text!r} is out of range")
    return value


def _setting(text: str) -> tuple[str, int]:
    """`DEEP_TALON=6` -> ('DEEP_TALON', 6)."""
    if text.count("=") != 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not NAME=VALUE (e.g. DEEP_TALON=6)")
    name, value = text.split("=")
    key = _param_name(name)
    return key, _param_int(key, value)


def _grid(text: str) -> tuple[str, tuple[int, ...]]:
    """`DEEP_TALON=0,6,12` -> ('DEEP_TALON', (0, 6, 12))."""
    if text.count("=") != 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not NAME=V1,V2,... (e.g. DEEP_TALON=0,6,12)")
    name, values = text.split("=")
    key = _param_name(name)
    items = [v for v in values.split(",")]
    if not items or any(not v.strip() for v in items):
        raise argparse.ArgumentTypeError(f"{text!r}: list the values separated by commas")
    return key, tuple(dict.fromkeys(_param_int(key, v) for v in items))


# -- output ------------------------------------------------------------------------
def _plain() -> bool:
    """Plain text when stdout is not a terminal or NO_COLOR is set (any value)."""
    return "NO_COLOR" in os.environ or not sys.stdout.isatty()


def _pct(r: Rate) -> str:
    if r.total == 0:
        return "-"
    return f"{100 * r.rate:6.2f}% ± {100 * (r.high - r.rate):.2f}"


def _progress(total: int, label: str) -> tuple[Callable[[int, int], None], Callable[[], None]]:
    """A rich progress bar on stderr (none when stderr is not a terminal): (update, close)."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    console = Console(stderr=True)
    bar = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                   console=console, transient=True, disable=not console.is_terminal)
    bar.start()
    task = bar.add_task(label, total=total)

    def update(done: int, _total: int) -> None:
        bar.update(task, completed=done)

    return update, bar.stop


def _print_table(title: str, header: Sequence[str], rows: Sequence[Sequence[str]], notes: Sequence[str]) -> None:
    if _plain():
        widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(header)]
        print(title)
        print("  ".join(h.ljust(w) for h, w in zip(header, widths)).rstrip())
        for row in rows:
            print("  ".join(c.ljust(w) for c, w in zip(row, widths)).rstrip())
        for note in notes:
            print(note)
        return
    from rich.console import Console
    from rich.table import Table

    table = Table(title=title, title_justify="left")
    for i, h in enumerate(header):
        table.add_column(h, justify="left" if i == 0 else "right")
    for row in rows:
        table.add_row(*row)
    console = Console()
    console.print(table)
    for note in notes:
        console.print(note, highlight=False)


def _run_ladder(a: Any, b: Any, deals: int, args: argparse.Namespace, params: dict[str, int],
                update: Optional[Callable[[int, int], None]]) -> LadderResult:
    chunk = max(2048, deals // 200 + 1)
    return ladder(a, b, deals, args.seed, reference=args.reference, fast=not args.sha,
                  workers=args.workers, params=params or None, progress=update, chunk=chunk)


# -- kozyr ladder ----------------------------------------------------------------------
def _ladder_command(args: argparse.Namespace) -> int:
    params = dict(args.set or [])
    update, close = _progress(args.deals, f"rung {args.a} vs rung {args.b}")
    try:
        r = _run_ladder(args.a, args.b, args.deals, args, params, update)
    finally:
        close()
    if args.json:
        out = r.summary()
        out["params"] = {name: params.get(name, default) for name, default in zip(PARAMS, (6, 3))}
        print(json.dumps(out, indent=2))
        return 0
    mode = "reference" if args.reference else ("sha" if args.sha else "fast")
    rows = [
        [f"a: rung {args.a} ({RUNG_NAMES[args.a]})", str(r.a_fools), _pct(r.a_fool), _pct(r.a_fool_decided)],
        [f"b: rung {args.b} ({RUNG_NAMES[args.b]})", str(r.b_fools), _pct(r.b_fool), _pct(r.b_fool_decided)],
        ["draws", str(r.draws), _pct(r.draw_rate), ""],
    ]
    notes = [
        f"{r.deals:,} deals ({mode} deals, seed {args.seed!r}); a sits in seat i % 2 of deal i; "
        f"intervals are 2 sigma",
        f"per deal: {r.mean_moves:.3f} moves, {r.mean_bouts:.3f} bouts, largest hand {r.max_largest}",
        f"{r.deals_per_second:,.0f} deals/s ({r.seconds:.2f} s, {args.workers} worker"
        f"{'s' if args.workers != 1 else ''})",
    ]
    if params:
        notes.append("rung-3 settings: " + ", ".join(f"{k}={v}" for k, v in sorted(params.items())))
    _print_table("kozyr ladder: who is the fool", ["side", "fools", "of all deals", "draws left out"], rows, notes)
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
        _need_matplotlib(args.parser)
    names = list(grid)
    settings = [dict(zip(names, combo)) for combo in itertools.product(*(grid[n] for n in names))]
    update, close = _progress(args.deals * len(settings), "sweep")
    results = []
    try:
        for k, params in enumerate(settings):
            offset = k * args.deals

            def step(done: int, total: int, offset: int = offset) -> None:
                update(offset + done, total)

            results.append((params, _run_ladder(3, 2, args.deals, args, params, step)))
    finally:
        close()
    if args.json:
        print(json.dumps([dict(params=p, **r.summary()) for p, r in results], indent=2))
    else:
        rows = [[*(str(p[n]) for n in names), _pct(r.a_fool_decided), _pct(r.a_fool), str(r.draws),
                 f"{r.mean_moves:.2f}"] for p, r in results]
        notes = [f"rung 3 (with each setting) against rung 2, {args.deals:,} deals each, seed {args.seed!r}; "
                 "the spec's bot is DEEP_TALON=6, CHEAP_POWER=3; lower is better for rung 3"]
        _print_table("kozyr sweep: rung 3's fool rate", [*names, "draws left out", "of all deals", "draws", "moves"],
                     rows, notes)
    if args.plot:
        _plot(args.plot, names, results)
        sys.stdout.flush()
        print(f"plot written to {args.plot}", file=sys.stderr)
    return 0


def _need_matplotlib(parser: argparse.ArgumentParser) -> None:
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        parser.error("--plot needs matplotlib: pip install 'kozyr[plot]'")


def _plot(path: str, names: list[str], results: list[tuple[dict[str, int], LadderResult]]) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    x_name = names[0]
    line_name = names[1] if len(names) > 1 else None
    fig, ax = plt.subplots(figsize=(7, 4.5))
    lines: dict[Any, list[tuple[int, Rate]]] = {}
    for params, r in results:
        lines.setdefault(params[line_name] if line_name else None, []).append((params[x_name], r.a_fool_decided))
    for key, points in lines.items():
        points.sort()
        xs = [p[0] for p in points]
        ys = [100 * p[1].rate for p in points]
        err = [100 * (p[1].high - p[1].rate) for p in points]
        ax.errorbar(xs, ys, yerr=err, marker="o", capsize=3, label=f"{line_name}={key}" if line_name else None)
    ax.set_xlabel(x_name)
    ax.set_ylabel("rung 3 fool rate vs rung 2, draws left out (%)")
    ax.set_title("kozyr sweep (2-sigma bars)")
    ax.grid(alpha=0.3)
    if line_name:
        ax.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)


# -- kozyr replay ------------------------------------------------------------------------
def _replay_command(args: argparse.Namespace) -> int:
    from kozyr.cards import CardSet, card_name
    from kozyr.durak._engine import Game

    try:
        seed = pad_seed(args.seed)
    except ValueError as err:
        args.parser.error(str(err).split(": ", 1)[-1])
    a, b = args.rungs
    bots = table_bots(args.seed, a, b)
    game = Game.from_seed(seed, args.number)
    suits = ("spades", "hearts", "diamonds", "clubs")
    print(f"deal {args.number} of seed {args.seed!r}: trump {suits[game.trump]}, turn-up {card_name(game.turnup)}")
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
    result = game.result
    assert result is not None
    if result.fool is None:
        print(f"result: a draw after {game.moves} moves ({game.ply} events), heap {game.heap}")
    else:
        print(f"result: seat {result.fool} (rung {bots[result.fool].rung}) is the fool after {game.moves} moves "
              f"({game.ply} events), heap {game.heap}")
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
                      help="the spec's SHA-256 shuffle and words from seeds derived from --seed "
                           "(default: the fast generator)")


def register(subparsers: Any) -> None:
    """Add `ladder`, `sweep` and `replay` to a subparsers object of the `kozyr` parser."""
    p = subparsers.add_parser("ladder", help="play rung against rung over many deals",
                              description="Play rung A against rung B over many deals, seats alternating.")
    p.add_argument("a", type=_rung, help="rung of side a: 1 random, 2 cheap, 3 careful")
    p.add_argument("b", type=_rung, help="rung of side b")
    _common(p)
    p.add_argument("--set", action="append", type=_setting, metavar="NAME=VALUE",
                   help="a rung-3 setting: DEEP_TALON=6, CHEAP_POWER=3 (repeatable)")
    p.set_defaults(func=_ladder_command, parser=p)

    p = subparsers.add_parser("sweep", help="rung 3 with a grid of settings against rung 2",
                              description="Play rung 3 with each setting of a grid against rung 2.")
    _common(p)
    p.add_argument("--grid", action="append", type=_grid, metavar="NAME=V1,V2,...",
                   help="values to try: DEEP_TALON=0,6,12 (repeatable)")
    p.add_argument("--plot", metavar="FILE.png", help="also draw the fool rates (needs kozyr[plot])")
    p.set_defaults(func=_sweep_command, parser=p)

    p = subparsers.add_parser("replay", help="show one deal between two rungs move by move",
                              description="Deal SEED (padded to 32 bytes) and let two rungs play it; rung ints "
                                          "use the bot seeds '<SEED>:1' and '<SEED>:2'.")
    p.add_argument("seed", metavar="SEED", help="seed text, at most 32 bytes")
    p.add_argument("--number", type=positive, default=1, help="deal number (default 1)")
    p.add_argument("--rungs", type=_rung, nargs=2, default=[3, 2], metavar=("SEAT0", "SEAT1"),
                   help="rungs of seat 0 and seat 1 (default 3 2)")
    p.set_defaults(func=_replay_command, parser=p)
