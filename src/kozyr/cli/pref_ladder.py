"""``kozyr pref ladder A B C``, ``kozyr pref sprt CANDIDATE FIELD`` and ``kozyr pref spsa``: preferans bots
on duplicate deals.

A side is a rung's name (random, rules, montecarlo) or a user's bot as ``module:attr`` or
``<file>.py:attr`` (a callable from a view to a move, or a factory of one), read as durak's shell reads
them. ``--set KNOB=VALUE`` plays the candidate ``rules`` with one of rung 2's thresholds changed (the
tuner's knobs: margin, whist, naming, misere), so ``pref spsa``'s result is tested as it prints it.
Every command plays in ``--workers`` processes or on a Dask cluster (``--cluster local:N``,
``--scheduler ADDRESS``) with the same figures, and stops on Ctrl-C with what it has.
"""
from __future__ import annotations

import argparse
import json
import time
from typing import Any

from kozyr.cli import _cluster
from kozyr.cli._common import print_table, progress
from kozyr.errors import shown
from kozyr.preferans.ladder import LADDER_RUNGS, ladder
from kozyr.preferans.rungs import RULES_KNOBS
from kozyr.preferans.sprt import sprt
from kozyr.preferans.tuning import RulesFactory, spsa

__all__ = ["register"]


def _load() -> str:
    """The load average, quoted beside every timing."""
    import os

    try:
        return "load " + " ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:
        return "load unknown"


def cmd_ladder(args: argparse.Namespace) -> int:
    start = time.perf_counter()
    with _cluster.connect(args):
        r = ladder(args.a, args.b, args.c, deals=args.deals, first=args.first, convention=args.convention,
                   workers=args.workers, client=args.client)
    took = time.perf_counter() - start
    notes = [f"{r.deals} deals x 6 seatings = {r.games} games in {took:.1f} s on {_cluster.where(args)} "
             f"({_load()}); all-pass (raspasy) {r.raspasy}/{r.games}; outcomes {dict(sorted(r.outcomes.items()))}",
             "whists a deal: the mean gain in the deal's settlement with its 95% normal interval over deals"]
    if r.stopped:
        notes.append("stopped by Ctrl-C: the figures cover the deals finished")
    print_table(f"preferans ladder ({args.convention})",
                ["side", "whists a deal", "contracts made", "misère made", "whists called"], r.table(), notes)
    return 0


def _candidate(args: argparse.Namespace) -> Any:
    """The candidate as given, or rung 2 with the ``--set`` knobs (only ``rules`` takes them)."""
    if not args.set:
        return args.candidate
    if args.candidate != "rules":
        args.parser.error(f"--set changes rung 2's knobs: the candidate must be rules, not {shown(args.candidate)}")
    knobs = dict(args.set)
    return RulesFactory.of(knobs)


def cmd_sprt(args: argparse.Namespace) -> int:
    candidate = _candidate(args)
    name = candidate if isinstance(candidate, str) else candidate.name
    start = time.perf_counter()
    with _cluster.connect(args):
        out = sprt(candidate, args.field, delta0=args.delta0, delta1=args.delta1, alpha=args.alpha,
                   beta=args.beta, max_deals=args.max_deals, first=args.first, workers=args.workers,
                   client=args.client, names=(name, args.field))
    took = time.perf_counter() - start
    lo, hi = out.bounds
    print(f"{out.decision or 'stopped'}: {out.deals} deals, mean gain {out.mean:+.2f} whists a deal, "
          f"LLR {out.llr:.3f} (bounds {lo:.3f}, {hi:.3f})" + (" — stopped by Ctrl-C" if out.stopped else ""))
    print(f"{name} against {args.field} in the two other seats, each deal 3 times (the candidate in each "
          f"seat); {took:.1f} s on {_cluster.where(args)} ({_load()})")
    return 0


def cmd_spsa(args: argparse.Namespace) -> int:
    update, close = progress(args.iterations, "spsa")

    def step_done(step: dict[str, Any]) -> None:
        update(step["k"] + 1, args.iterations)

    try:
        with _cluster.connect(args):
            run = spsa(args.knobs or None, dict(args.set or []), iterations=args.iterations,
                       deals_per_iteration=args.deals_per_iteration, field=args.field, a=args.a, c=args.c,
                       seed=args.seed, convention=args.convention, workers=args.workers, client=args.client,
                       callback=step_done)
    finally:
        close()
    if args.json:
        print(json.dumps(run.as_dict(), indent=2, allow_nan=False))
        return 0
    rows = [[k, f"{run.start[k]:g}", f"{run.knobs[k]:.3f}" if k in run.tuned else "(fixed)",
             f"{RULES_KNOBS[k].low:g}..{RULES_KNOBS[k].high:g}", RULES_KNOBS[k].what] for k in RULES_KNOBS]
    done = run.spsa.iterations
    notes = [f"SPSA, {done} of {args.iterations} iterations of {args.deals_per_iteration} deals against "
             f"{run.field} (each deal 3 times a bot, the tuned bot in each seat), seed {args.seed}",
             f"{run.deals:,} deals in {run.seconds:.1f} s on {_cluster.where(args)} ({_load()})",
             "no strength is claimed: test it with " + run.sprt_command()]
    if run.stopped:
        notes.insert(0, "stopped by Ctrl-C: the estimate after the last finished iteration")
    print_table("kozyr pref spsa (rung 2's thresholds)", ["knob", "start", "tuned", "bounds", "what it moves"],
                rows, notes)
    return 0


def _knob(text: str) -> tuple[str, float]:
    """``--set KNOB=VALUE``: one of rung 2's knobs and a number."""
    name, sep, value = text.partition("=")
    name = name.strip()
    if not sep or name not in RULES_KNOBS:
        raise argparse.ArgumentTypeError(f"{shown(text)} is not KNOB=VALUE with KNOB one of {', '.join(RULES_KNOBS)}")
    try:
        number = float(value)
    except ValueError:
        number = float("nan")
    knob = RULES_KNOBS[name]
    if not knob.low <= number <= knob.high:
        raise argparse.ArgumentTypeError(f"{shown(text)}: {name} is a number from {knob.low:g} to {knob.high:g}")
    return name, number


def _positive(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        n = 0
    if n < 1:
        raise argparse.ArgumentTypeError(f"{shown(text)} is not a whole number from 1")
    return n


def _runs_on(p: argparse.ArgumentParser) -> None:
    p.add_argument("--workers", type=_positive, default=1, help="worker processes (default 1)")
    _cluster.add_options(p)


def register(sub: Any) -> None:
    """Add ``ladder``, ``sprt`` and ``spsa`` to the ``pref`` subcommands."""
    sides = f"a rung ({', '.join(LADDER_RUNGS)}), module:attr or <file>.py:attr"
    p = sub.add_parser("ladder", help="three bots on duplicate deals (every seating), scored in whists")
    for name in ("a", "b", "c"):
        p.add_argument(name, metavar=name.upper(), help=sides)
    p.add_argument("--deals", type=_positive, default=100,
                   help="deals, each played in the six seatings (default 100)")
    p.add_argument("--first", type=_positive, default=1, help="the first deal number (default 1)")
    p.add_argument("--convention", default="sochi", help="sochi, leningrad or rostov (default sochi)")
    _runs_on(p)
    p.set_defaults(func=cmd_ladder, parser=p)
    p = sub.add_parser("sprt", help="sequential test of a bot against a field on duplicate deals")
    p.add_argument("candidate", metavar="CANDIDATE", help=sides)
    p.add_argument("field", metavar="FIELD", help=sides)
    p.add_argument("--set", action="append", type=_knob, metavar="KNOB=VALUE",
                   help=f"the candidate rules with one of rung 2's knobs changed ({', '.join(RULES_KNOBS)}); "
                        "repeatable")
    p.add_argument("--delta0", type=float, default=0.0, help="H0: mean gain at most this (whists a deal)")
    p.add_argument("--delta1", type=float, default=10.0, help="H1: mean gain at least this (whists a deal)")
    p.add_argument("--alpha", type=float, default=0.05)
    p.add_argument("--beta", type=float, default=0.05)
    p.add_argument("--max-deals", type=_positive, default=2000)
    p.add_argument("--first", type=_positive, default=1)
    _runs_on(p)
    p.set_defaults(func=cmd_sprt, parser=p)
    p = sub.add_parser("spsa", help="tune rung 2's bidding and whisting thresholds by SPSA against a field")
    p.add_argument("--knobs", nargs="+", choices=list(RULES_KNOBS), metavar="KNOB",
                   help=f"the knobs to tune (default all: {', '.join(RULES_KNOBS)})")
    p.add_argument("--set", action="append", type=_knob, metavar="KNOB=VALUE",
                   help="a knob's start value (a knob not tuned stays there); repeatable")
    p.add_argument("--field", default="rules", help=f"the fixed opponents, {sides} (default rules)")
    p.add_argument("--iterations", type=_positive, default=20, help="SPSA iterations (default 20)")
    p.add_argument("--deals-per-iteration", type=_positive, default=16,
                   help="deals each perturbed bot plays an iteration, 3 games each (default 16)")
    p.add_argument("-a", type=float, default=None, help="the step gain (default c² (A+1)^0.602 / 5)")
    p.add_argument("-c", type=float, default=None, help="the perturbation (default a tenth of each knob's range)")
    p.add_argument("--seed", type=int, default=0, help="the run's seed: its deals and perturbations (default 0)")
    p.add_argument("--convention", default="sochi", help="sochi, leningrad or rostov (default sochi)")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    _runs_on(p)
    p.set_defaults(func=cmd_spsa, parser=p)
