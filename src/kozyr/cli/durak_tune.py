"""`kozyr tune`: tune rung settings, or the knobs of your own bot, by SPSA (or Optuna) on deal pairs, from the shell.

`--param NAME=START[:LOW:HIGH]` names each setting to tune, its start and
its bounds (default the field's whole range). `--opponent` given several
times (`--opponent 2 --opponent taker --opponent hoarder`) tunes against
that panel: every opponent on its own deal pairs, the score their mean.
`kozyr tune mybots:make_bot --param deep=6:0:24 --opponent 2` tunes the knob `deep` of a factory of bots
(`module:attr` or `<file>.py:attr`): a knob has no range of its own, so it needs
START:LOW:HIGH; it is a whole number when all three are, else real;
`--bot-set KNOB=VALUE` fixes other knobs. Progress goes to stderr, the
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

from kozyr.cli import _cluster, durak_sides
from kozyr.cli._common import check_plot_path, need, positive, print_table, progress, pyplot, save_plot
from kozyr.cli.durak import check_settings, running, setting
from kozyr.cli.durak_rules import add_rules_options, rules_of
from kozyr.durak.bots.sides import resolve
from kozyr.durak.bots.userbots import BotSpec
from kozyr.durak.params import PARAM_RANGES, param_name
from kozyr.errors import shown

__all__ = ["register"]


def _knob(text: str) -> tuple[str, Any, Any, Any]:
    """A knob of a user's factory: `deep=6:0:24` (whole numbers) or `scale=0.5:0:1` (reals)."""
    raw, spec = text.split("=")
    name = raw.strip()
    parts = spec.split(":")
    if len(parts) != 3:
        raise argparse.ArgumentTypeError(f"{shown(text)}: a knob has no range of its own: give START:LOW:HIGH")
    try:
        numbers: list[Any] = [int(p.strip()) for p in parts]
    except ValueError:
        try:
            numbers = [float(p.strip()) for p in parts]
        except ValueError:
            raise argparse.ArgumentTypeError(f"{shown(text)}: START, LOW and HIGH are numbers") from None
    start, lo, hi = numbers
    if not all(math.isfinite(x) for x in numbers) or not lo < hi:
        raise argparse.ArgumentTypeError(f"{shown(text)}: the bounds must satisfy LOW < HIGH")
    if not lo <= start <= hi:
        raise argparse.ArgumentTypeError(f"{shown(text)}: START {start} is outside {lo}..{hi}")
    return name, start, lo, hi


def _param_text(text: str) -> str:
    """An argparse type: NAME=START[:LOW:HIGH], read as a setting or a knob once the command knows whether a
    bot of yours is tuned (`_param`, `_knob`)."""
    if text.count("=") != 1:
        raise argparse.ArgumentTypeError(f"{shown(text)} is not NAME=START[:LOW:HIGH] (e.g. CHEAP_POWER=3:0:8)")
    return text


def _param(text: str) -> tuple[str, Any, Any, Any]:
    """`CHEAP_POWER=3:0:8` -> ('CHEAP_POWER', 3, 0, 8); `CHEAP_POWER=3` takes the whole range."""
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


def _entries(args: argparse.Namespace, read: Any) -> list[tuple[str, Any, Any, Any]]:
    out = []
    for text in args.param or []:
        try:
            out.append(read(text))
        except argparse.ArgumentTypeError as err:
            args.parser.error(f"argument --param: {err}")
    return out


def _tuned(args: argparse.Namespace) -> tuple[Any, list[tuple[str, Any, Any, Any]], Any]:
    """(what is tuned: a BotSpec or None for a rung, the --param entries, the fixed base)."""
    if not args.param:
        args.parser.error("give at least one --param NAME=START[:LOW:HIGH]")
    if args.bot is None:
        tuned = _entries(args, _param)
        if args.bot_set:
            args.parser.error("--bot-set fixes a knob of your bot: name the bot (module:attr) first")
        names = [t[0] for t in tuned]
        if len(set(names)) != len(names):
            args.parser.error("--param names a parameter twice")
        base = check_settings(args.set or [], {args.rung or 3}, "--set", args.parser)
        clash = sorted(set(names) & set(base.changed()))
        if clash:
            args.parser.error(f"--set {', '.join(clash)}: that parameter is tuned (--param gives its start)")
        return None, tuned, base
    if args.rung is not None or args.set:
        args.parser.error("--rung and --set are for tuning a rung's settings; your bot's fixed knobs are --bot-set")
    if ":" not in args.bot:
        args.parser.error(f"{shown(args.bot)} does not name a bot of yours: write module:attr or <file>.py:attr")
    entries = _entries(args, _knob)
    names = [t[0] for t in entries]
    if len(set(names)) != len(names):
        args.parser.error("--param names a knob twice")
    fixed: dict[str, Any] = {}
    for name, value in args.bot_set or []:
        if name in fixed:
            args.parser.error(f"--bot-set {name} given twice")
        if name in names:
            args.parser.error(f"--bot-set {name}: that knob is tuned (--param gives its start)")
        fixed[name] = value
    return BotSpec(args.bot), entries, fixed


def _tune_command(args: argparse.Namespace) -> int:
    from kozyr.durak.tuning.measure import opponent_name, optuna_search, spsa

    target, tuned, base = _tuned(args)
    names = [t[0] for t in tuned]
    if args.plot:
        need("matplotlib", "plot", args.parser)
        check_plot_path(args.plot)
    if args.optuna:
        need("optuna", "tune", args.parser)
    start = {n: s for n, s, _, _ in tuned}
    lower = {n: lo for n, _, lo, _ in tuned}
    upper = {n: hi for n, _, _, hi in tuned}
    opponent = _opponent(args)
    what: Any = [t[0] for t in tuned] if target is None else target
    rung = args.rung if target is None else None
    tuned_name = f"rung {args.rung or 3}" if target is None else target.spec
    said: list[bool] = []

    def announce() -> None:
        """The seed line, once: called from the first progress report, after the tuner's own checks."""
        if not said:
            said.append(True)
            versus = "self-play" if opponent is None else f"against {opponent_name(opponent)}"
            print(f"kozyr tune: seed {args.seed}, {tuned_name}, {versus}", file=sys.stderr)

    if args.optuna:
        update, close = progress(args.trials, "optuna")

        def trial_done(k: int, values: Any, score: float) -> None:
            announce()
            update(k + 1, args.trials)

        try:
            with running(args) as options:
                found = optuna_search(what, start, trials=args.trials, deals_per_trial=args.deals_per_iteration,
                                      opponent=opponent, rung=rung, base=base, lower=lower, upper=upper,
                                      callback=trial_done, rules=rules_of(args), options=options)
        finally:
            close()
        if args.json:
            print(json.dumps(found.as_dict(), indent=2, allow_nan=False))
        else:
            rows = [[n, str(start[n]), str(_value(found.params, n)), f"{lower[n]}..{upper[n]}"] for n in names]
            notes = [f"best of {args.trials} Optuna trials (TPE, optuna {found.version}): "
                     f"{100 * found.score:.2f}% per deal "
                     f"against {found.opponent}{_mean(opponent)}, every trial on the same "
                     f"{args.deals_per_iteration:,} deals (pairs) of seed {args.seed}{_each(opponent)}",
                     f"{found.deals:,} deals in {found.seconds:.1f} s"]
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
            with running(args) as options:
                run = spsa(what, start, iterations=args.iterations, deals_per_iteration=args.deals_per_iteration,
                           a=args.a, c=args.c, A=args.A, alpha=args.alpha, gamma=args.gamma, opponent=opponent,
                           rung=rung, base=base, lower=lower, upper=upper, callback=step_done,
                           rules=rules_of(args), options=options)
        finally:
            close()
        if args.json:
            print(json.dumps(run.as_dict(), indent=2, allow_nan=False))
        else:
            rows = [[n, str(start[n]), f"{run.spsa.theta[n]:.2f}", str(_value(run.params, n)),
                     f"{lower[n]}..{upper[n]}"] for n in names]
            final = run.params if run.bot is None else run.bot.name
            against = ", self-play" if run.opponent is None else f", against {run.opponent}"
            if isinstance(opponent, list):
                against = f" against each of {run.opponent} (the mean of the {len(opponent)} results)"
            notes = [f"SPSA, {args.iterations} iterations of {args.deals_per_iteration:,} deals (pairs)"
                     f"{against}, seed {args.seed}",
                     f"{run.deals:,} deals in {run.seconds:.1f} s; final setting: {final!r}"]
            print_table("kozyr tune (spsa)", ["parameter", "start", "estimate", "final", "bounds"], rows, notes)
        if args.plot:
            series = {n: [step["theta"][n] for step in run.spsa.trajectory] for n in names}
            played = {n: [float(step["plus"][n]) for step in run.spsa.trajectory] for n in names}
            _plot(args.plot, f"kozyr tune (SPSA, seed {args.seed})", series, played, "iteration")
    return 0


def _value(setting: Any, name: str) -> Any:
    """A tuned name's value in a result's setting (Params fields, or a factory's knobs)."""
    return setting[name] if isinstance(setting, dict) else getattr(setting, name)


def _opponent(args: argparse.Namespace) -> Any:
    """--opponent: None (self-play), one side (given once: exactly as before panels), or a panel (given 2 to 16
    times: a list, each resolved alone; how many the API checks, `bad_against`). --vs-bot-set names one
    opponent's knobs, so a panel refuses it."""
    given = args.opponent or []
    if args.vs_bot_set:
        if len(given) > 1:
            args.parser.error("--vs-bot-set sets the knobs of one opponent: with a panel (--opponent given "
                              f"{len(given)} times) its bots play with their own defaults")
        if not any(durak_sides.is_bot(v) for v in given):
            args.parser.error("--vs-bot-set sets a knob of the opponent, and it is not a bot of yours (give "
                              "--opponent module:attr)")
    sides = [durak_sides.sides_of(_no_knobs(args), [v])[0] for v in given]
    sides = [v if isinstance(v, int) else resolve(v) for v in sides]
    if not sides:
        return None
    return sides[0] if len(sides) == 1 else sides


def _mean(opponent: Any) -> str:
    return f" (the mean over its {len(opponent)} opponents)" if isinstance(opponent, list) else ""


def _each(opponent: Any) -> str:
    return " (each opponent its own)" if isinstance(opponent, list) else ""


def _no_knobs(args: argparse.Namespace) -> argparse.Namespace:
    """args for naming the opponent: the --bot-set knobs belong to the tuned bot, not to it, and --vs-bot-set
    are the opponent's (the one side named here, which `sides_of` hands the first knobs)."""
    return argparse.Namespace(parser=args.parser, bot_set=args.vs_bot_set, vs_bot_set=None)


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
    p = subparsers.add_parser("tune", help="tune rung settings, or your bot's knobs, by SPSA (or Optuna)",
                              description="Tune settings of rung 3 (or 2), or the knobs of a factory of bots of "
                                          "yours (BOT: module:attr or <file>.py:attr, imported: its code runs), by "
                                          "SPSA: the perturbed bots play each other (or --opponent) on deal "
                                          "pairs every iteration.")
    p.add_argument("bot", nargs="?", metavar="BOT",
                   help="a factory of bots of yours, make_bot(**knobs) -> bot, whose knobs --param tunes")
    p.add_argument("--param", action="append", type=_param_text, metavar="NAME=START[:LOW:HIGH]",
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
    p.add_argument("--rung", type=int, choices=(2, 3), default=None, help="the rung tuned (default 3)")
    p.add_argument("--opponent", action="append", type=durak_sides.side, default=None, metavar="SIDE",
                   help="a fixed opponent: a rung, a panel bot or a bot of yours (default: SPSA self-play; Optuna: "
                        "the start setting); repeat it (up to 16) to tune against a panel, each opponent on its "
                        "own deal pairs, the score their mean")
    p.add_argument("--bot-set", action="append", type=durak_sides.knob, metavar="KNOB=VALUE",
                   help="a fixed knob of the tuned bot (repeatable)")
    p.add_argument("--vs-bot-set", action="append", type=durak_sides.knob, metavar="KNOB=VALUE",
                   help="a knob of the opponent, when it is a bot of yours (repeatable)")
    durak_sides.add_timeout(p)
    p.add_argument("--set", action="append", type=setting, metavar="NAME=VALUE",
                   help="a fixed setting of the tuned bot (not tuned)")
    p.add_argument("--seed", type=_seed, default=1, help="the run's seed (default 1)")
    p.add_argument("--workers", type=positive, default=1, help="threads playing each iteration (default 1)")
    p.add_argument("--plot", metavar="FILE.png", help="draw each parameter's trajectory (needs kozyr[plot])")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.add_argument("--optuna", action="store_true", help="search with Optuna instead (needs kozyr[tune])")
    p.add_argument("--trials", type=positive, default=100, help="Optuna trials (default 100)")
    add_rules_options(p)
    p.set_defaults(func=_tune_command, parser=p)

