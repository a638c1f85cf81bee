"""`kozyr tune`: tune rung settings by SPSA (or Optuna) on deal pairs, from the shell.

`--param NAME=START[:LOW:HIGH]` names each setting to tune, its start and
its bounds (default the field's whole range). Progress goes to stderr, the
final values to a table (or JSON), and `--plot FILE.png` draws each
parameter's trajectory (the output path is checked before any deal is
played). The run states its seed (on stderr, once the tuner has taken every
setting and the first iteration is played, so that a refusal is one line and
nothing else) and replays identically from it.
"""
from __future__ import annotations

import argparse
import json
import math
import sys
from typing import Any

from kozyr.cli import _cluster
from kozyr.cli._common import check_plot_path, need, positive, print_table, progress, pyplot, save_plot
from kozyr.cli.durak import _rung, check_settings, setting
from kozyr.durak.params import PARAM_RANGES, param_name
from kozyr.errors import shown

__all__ = ["register"]


def _param(text: str) -> tuple[str, int, int, int]:
    """`CHEAP_POWER=3:0:8` -> ('CHEAP_POWER', 3, 0, 8); `CHEAP_POWER=3` takes the whole range."""
    if text.count("=") != 1:
        raise argparse.ArgumentTypeError(f"{shown(text)} is not NAME=START[:LOW:HIGH] (e.g. CHEAP_POWER=3:0:8)")
    raw, spec = text.split("=")
    name = param_name(raw)
    if name is None:
        raise argparse.ArgumentTypeError(f"unknown parameter {shown(raw.strip())}: expected one of "
                                         f"{', '.join(PARAM_RANGES)}")
    parts = spec.split(":")
    if len(parts) not in (1, 3):
        raise argparse.ArgumentTypeError(f"{shown(text)}: give START or START:LOW:HIGH")
    try:
        numbers = [int(p.strip()) for p in parts]
    except ValueError:
        raise argparse.ArgumentTypeError(f"{shown(text)}: START, LOW and HIGH are whole numbers") from None
    low, high = PARAM_RANGES[name]
    start, lo, hi = (numbers[0], low, high) if len(numbers) == 1 else numbers
    if not low <= lo < hi <= high:
        raise argparse.ArgumentTypeError(f"{shown(text)}: the bounds must satisfy {low} <= LOW < HIGH <= {high} "
                                         f"({name}'s range)")
    if not lo <= start <= hi:
        raise argparse.ArgumentTypeError(f"{shown(text)}: START {start} is outside {lo}..{hi}")
    return name, start, lo, hi


def _plot(path: str, title: str, series: dict[str, list[float]], played: dict[str, list[float]],
          xlabel: str) -> None:
    plt = pyplot()
    names = list(series)
    fig, axes = plt.subplots(len(names), 1, figsize=(7, 2.4 * len(names) + 0.8), sharex=True, squeeze=False)
    for ax, name in zip(axes[:, 0], names, strict=True):
        xs = list(range(1, len(series[name]) + 1))
        if played.get(name):
            ax.plot(xs, played[name], ".", markersize=2, alpha=0.3, label="played (rounded)")
        ax.plot(xs, series[name], "-", linewidth=1.4, label="estimate")
        ax.set_ylabel(name)
        ax.grid(alpha=0.3)
    axes[0, 0].set_title(title)
    axes[0, 0].legend(loc="best", fontsize=8)
    axes[-1, 0].set_xlabel(xlabel)
    save_plot(fig, path)


def _tune_command(args: argparse.Namespace) -> int:
    from kozyr.durak.tuning import optuna_search, spsa

    tuned = args.param or []
    if not tuned:
        args.parser.error("give at least one --param NAME=START[:LOW:HIGH]")
    names = [t[0] for t in tuned]
    if len(set(names)) != len(names):
        args.parser.error("--param names a parameter twice")
    base = check_settings(args.set or [], {args.rung}, "--set", args.parser)
    clash = sorted(set(names) & set(base.changed()))
    if clash:
        args.parser.error(f"--set {', '.join(clash)}: that parameter is tuned (--param gives its start)")
    if args.plot:
        need("matplotlib", "plot", args.parser)
        check_plot_path(args.plot)
    if args.optuna:
        need("optuna", "tune", args.parser)
    start = {n: s for n, s, _, _ in tuned}
    lower = {n: lo for n, _, lo, _ in tuned}
    upper = {n: hi for n, _, _, hi in tuned}
    opponent = args.opponent
    said: list[bool] = []

    def announce() -> None:
        """The seed line, once: called from the first progress report, after the tuner's own checks."""
        if not said:
            said.append(True)
            print(f"kozyr tune: seed {args.seed}, rung {args.rung}, "
                  f"{'against rung ' + str(opponent) if opponent else 'self-play'}", file=sys.stderr)

    if args.optuna:
        update, close = progress(args.trials, "optuna")

        def trial_done(k: int, values: Any, score: float) -> None:
            announce()
            update(k + 1, args.trials)

        try:
            with _cluster.connect(args):
                found = optuna_search(names, start, trials=args.trials, deals_per_trial=args.deals_per_iteration,
                                      opponent=opponent, seed=args.seed, rung=args.rung, base=base, lower=lower,
                                      upper=upper, workers=args.workers, client=args.client, callback=trial_done)
        finally:
            close()
        if args.json:
            print(json.dumps(found.as_dict(), indent=2, allow_nan=False))
        else:
            rows = [[n, str(start[n]), str(getattr(found.params, n)), f"{lower[n]}..{upper[n]}"] for n in names]
            notes = [f"best of {args.trials} Optuna trials (TPE, optuna {found.version}): "
                     f"{100 * found.score:.2f}% per deal "
                     f"against {found.opponent}, every trial on the same {args.deals_per_iteration:,} deals (pairs) "
                     f"of seed {args.seed}", f"{found.deals:,} deals in {found.seconds:.1f} s"]
            print_table("kozyr tune (optuna)", ["parameter", "start", "best", "bounds"], rows, notes)
        if args.plot:
            series = {n: [float(v[n]) for v, _ in found.trials] for n in names}
            _plot(args.plot, f"kozyr tune --optuna (seed {args.seed})", series, {}, "trial")
    else:
        update, close = progress(args.iterations, "spsa")

        def step_done(step: dict[str, Any]) -> None:
            announce()
            update(step["k"] + 1, args.iterations)

        try:
            with _cluster.connect(args):
                run = spsa(names, start, iterations=args.iterations, deals_per_iteration=args.deals_per_iteration,
                           a=args.a, c=args.c, A=args.A, alpha=args.alpha, gamma=args.gamma, opponent=opponent,
                           seed=args.seed, rung=args.rung, base=base, lower=lower, upper=upper,
                           workers=args.workers, client=args.client, callback=step_done)
        finally:
            close()
        if args.json:
            print(json.dumps(run.as_dict(), indent=2, allow_nan=False))
        else:
            rows = [[n, str(start[n]), f"{run.spsa.theta[n]:.2f}", str(getattr(run.params, n)),
                     f"{lower[n]}..{upper[n]}"] for n in names]
            notes = [f"SPSA, {args.iterations} iterations of {args.deals_per_iteration:,} deals (pairs), "
                     f"{'self-play' if run.opponent is None else 'against ' + run.opponent}, seed {args.seed}",
                     f"{run.deals:,} deals in {run.seconds:.1f} s; final setting: {run.params!r}"]
            print_table("kozyr tune (spsa)", ["parameter", "start", "estimate", "final", "bounds"], rows, notes)
        if args.plot:
            series = {n: [step["theta"][n] for step in run.spsa.trajectory] for n in names}
            played = {n: [float(step["plus"][n]) for step in run.spsa.trajectory] for n in names}
            _plot(args.plot, f"kozyr tune (SPSA, seed {args.seed})", series, played, "iteration")
    return 0


def _number(text: str) -> float:
    """A finite real number (`inf` or `nan` would reach the tuner as some other setting's refusal)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{shown(text)} is not a number") from None
    if not math.isfinite(value):
        raise argparse.ArgumentTypeError(f"{shown(text)} is not a finite number")
    return value


def _seed(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{shown(text)} is not a whole number (a tuning seed is an int)") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"{shown(text)} is negative")
    return value


def register(subparsers: Any) -> None:
    """Add `tune` to a subparsers object of the `kozyr` parser."""
    p = subparsers.add_parser("tune", help="tune rung settings by SPSA (or Optuna) on deal pairs",
                              description="Tune settings of rung 3 (or 2) by SPSA: the perturbed bots play "
                                          "each other (or --opponent) on deal pairs every iteration.")
    p.add_argument("--param", action="append", type=_param, metavar="NAME=START[:LOW:HIGH]",
                   help="a setting to tune, its start and bounds (repeatable; default bounds: its range; "
                        + ", ".join(f"{k} {lo}..{hi}" for k, (lo, hi) in PARAM_RANGES.items()) + ")")
    p.add_argument("--iterations", type=positive, default=200, help="SPSA iterations (default 200)")
    _cluster.add_options(p)
    p.add_argument("--deals-per-iteration", type=positive, default=2000,
                   help="deals per iteration or trial, an even number: deal pairs (default 2000)")
    p.add_argument("--a", type=_number, default=None, help="step gain (default 50 c^2 (A+1)^alpha)")
    p.add_argument("--c", type=_number, default=None, help="perturbation (default max(1, range/10))")
    p.add_argument("--A", type=_number, default=None, help="step offset (default 10%% of the iterations)")
    p.add_argument("--alpha", type=_number, default=0.602, help="step decay exponent (default 0.602)")
    p.add_argument("--gamma", type=_number, default=0.101, help="perturbation decay exponent (default 0.101)")
    p.add_argument("--rung", type=int, choices=(2, 3), default=3, help="the rung tuned (default 3)")
    p.add_argument("--opponent", type=_rung, default=None,
                   help="a fixed opponent rung (default: SPSA self-play; Optuna: the start setting)")
    p.add_argument("--set", action="append", type=setting, metavar="NAME=VALUE",
                   help="a fixed setting of the tuned bot (not tuned)")
    p.add_argument("--seed", type=_seed, default=1, help="the run's seed (default 1)")
    p.add_argument("--workers", type=positive, default=1, help="threads playing each iteration (default 1)")
    p.add_argument("--plot", metavar="FILE.png", help="draw each parameter's trajectory (needs kozyr[plot])")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.add_argument("--optuna", action="store_true", help="search with Optuna instead (needs kozyr[tune])")
    p.add_argument("--trials", type=positive, default=100, help="Optuna trials (default 100)")
    p.set_defaults(func=_tune_command, parser=p)

