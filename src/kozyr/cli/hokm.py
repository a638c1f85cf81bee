"""`kozyr hokm ...`: bot matches of hokm from the shell.

`register(subparsers)` adds the `hokm` command and its subcommands to the
`kozyr` script; `kozyr.cli.main` runs them and owns the error convention
(one line on stderr and exit 2 for bad input, exit 130 on Ctrl-C).

`kozyr hokm match`: two bots play whole seeded matches
(`kozyr.hokm.arena.run_matches`: the bots swap sides every match, and each
match has its own seed derived from `--seed` and its index, so any single
match can be replayed). At most `MAX_MATCHES` matches per run: a run that
would take days is refused at once rather than started. `kozyr hokm sprt`
plays deal pairs (`kozyr.hokm.arena.sprt_batch`) until the sequential test
decides.

Rates carry the one interval of kozyr (`kozyr.stats.rate`: Wilson, z = 2).
Hand rates count hands across all matches; hands within one match are not
independent, so read that interval as a rough guide.
"""
from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

from kozyr.cli import hokm_play
from kozyr.cli._common import fmt_interval, integer_seed, positive, print_table, progress
from kozyr.errors import shown
from kozyr.hokm.arena import run_matches, sprt_batch
from kozyr.hokm.roster import BOTS
from kozyr.stats import MODELS, SPRT, rate, run_sprt

__all__ = ["register", "MAX_MATCHES", "MAX_PAIRS"]

#: The most matches one `kozyr hokm match` run plays (greedy bots: about an
#: hour and a half on one core); larger counts are refused before any play.
MAX_MATCHES = 10_000_000


#: The most unit pairs one `kozyr hokm sprt` run may play before it gives up undecided.
MAX_PAIRS = 1_000_000


def _match_count(text: str) -> int:
    """`positive` (the shell's one rule for counts) with hokm's upper bound."""
    value = positive(text)
    if value > MAX_MATCHES:
        raise argparse.ArgumentTypeError(
            f"{shown(text)} is above {MAX_MATCHES:,}: give at most {MAX_MATCHES:,} matches")
    return value


def _interruptible(total: int, label: str, what: str) -> tuple[Callable[[int, int], None], Callable[[], None],
                                                              Callable[[], str]]:
    """A progress bar that also remembers how far the run got, for the Ctrl-C line."""
    update, close = progress(total, label)
    done = [0]

    def step(n: int, of: int) -> None:
        done[0] = n
        update(n, of)

    def stopped() -> str:
        return f"interrupted after {done[0]:,} of {total:,} {what}"

    return step, close, stopped


def _cmd_match(args: argparse.Namespace) -> int:
    first, second = args.bots
    step, close, stopped = _interruptible(args.matches, f"{first} vs {second}", "matches")
    try:
        counts = run_matches(first, second, args.matches, args.seed, progress=step)
    except KeyboardInterrupt:
        raise KeyboardInterrupt(stopped()) from None
    finally:
        close()
    if first == second:  # same bot on both sides: name the sides apart
        first, second = f"{first} (first)", f"{second} (second)"
    n, hands = counts["matches"], counts["hands"]
    m1, h1 = counts["matches_won"], counts["hands_won"]
    rows = [
        [first, f"{m1:,}", fmt_interval(rate(m1, n)), f"{h1:,}", fmt_interval(rate(h1, hands)),
         f"{counts['points_first']:,}"],
        [second, f"{n - m1:,}", fmt_interval(rate(n - m1, n)), f"{hands - h1:,}",
         fmt_interval(rate(hands - h1, hands)), f"{counts['points_second']:,}"],
    ]
    notes = [
        f"{n:,} matches, {hands:,} hands ({hands / n:.2f} per match), seed {args.seed}; "
        "the bots swap sides every match",
        "intervals: Wilson, 2 sigma; hands within a match are not independent, so the hand "
        "interval is a rough guide",
    ]
    print_table(f"kozyr hokm match: {first} vs {second}",
                ["bot", "matches won", "rate", "hands won", "rate", "points"], rows, notes)
    return 0


def _pair_count(text: str) -> int:
    value = positive(text)
    if value > MAX_PAIRS:
        raise argparse.ArgumentTypeError(f"{shown(text)} is above {MAX_PAIRS:,}: give at most {MAX_PAIRS:,} pairs")
    return value


def _elo(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{shown(text)} is not a number") from None
    if not -2000 <= value <= 2000:
        raise argparse.ArgumentTypeError(f"{shown(text)} is not an Elo difference from -2000 to 2000")
    return value


def _error_rate(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 < value < 0.5:
        raise argparse.ArgumentTypeError(f"{shown(text)} is not an error rate between 0 and 0.5")
    return value


def _cmd_sprt(args: argparse.Namespace) -> int:
    first, second = args.bots
    # Refuse bad hypotheses before any play (the test's own checks, at once).
    SPRT(args.elo0, args.elo1, alpha=args.alpha, beta=args.beta, model=args.model, pairs=True)
    unit = "hand" if args.unit == "hands" else "match"
    step, close, stopped = _interruptible(args.max_pairs, f"sprt {first} vs {second}", f"{unit} pairs")

    def on_batch(state: SPRT) -> None:
        step(state.units, args.max_pairs)

    try:
        result = run_sprt(sprt_batch(first, second, args.unit, args.seed), elo0=args.elo0, elo1=args.elo1,
                          alpha=args.alpha, beta=args.beta, model=args.model, pairs=True,
                          batch=min(args.batch, args.max_pairs), max_units=args.max_pairs, on_batch=on_batch)
    except KeyboardInterrupt:
        raise KeyboardInterrupt(stopped()) from None
    finally:
        close()
    est = result.estimate
    verdict = {"H1": f"H1: {first} is at least {args.elo1:g} Elo stronger than {second}",
               "H0": f"H0: {first} is at most {args.elo0:g} Elo stronger than {second}",
               "none": f"no decision within {args.max_pairs:,} pairs"}[result.decision]
    score = "-" if est.score is None else (f"{est.score:.4f} [{est.score_low:.4f}, {est.score_high:.4f}], "
                                           f"Elo {est.elo:+.1f} [{est.elo_low:+.1f}, {est.elo_high:+.1f}]")
    print(f"kozyr hokm sprt: {first} vs {second}, {unit} pairs (the same deals twice, partnerships swapped)")
    print(f"decision  {verdict}")
    print(f"llr       {result.llr:.3f} (bounds {result.bounds[0]:.3f}, {result.bounds[1]:.3f}; "
          f"elo0 {args.elo0:g}, elo1 {args.elo1:g}, {args.model}, alpha {args.alpha:g}, beta {args.beta:g})")
    print(f"pairs     {result.units:,}: {first} won 0/1/2 of the pair: "
          f"{result.counts[0]:,} / {result.counts[2]:,} / {result.counts[4]:,}")
    print(f"score     {score} (95 %)")
    print(f"seed {args.seed}; {result.seconds:.1f} s")
    return 0


def register(subparsers: Any) -> None:
    """Add `hokm` (with `hokm match`) to the `kozyr` sub-parsers.

    Each command sets `func=callable(args) -> int` via `set_defaults`.
    """
    hokm = subparsers.add_parser("hokm", help="hokm: bot matches, a match against bots",
                                 description="Hokm commands.")
    commands = hokm.add_subparsers(dest="hokm_command", metavar="COMMAND", required=True)
    match = commands.add_parser(
        "match",
        help="play bots against each other over many matches",
        description="Play whole seeded matches between two bots (sides swap every "
        "match) and report match and hand win rates with 2-sigma intervals.",
    )
    match.add_argument(
        "--bots", nargs=2, metavar=("FIRST", "SECOND"), choices=sorted(BOTS),
        default=["greedy", "random"], help=f"the two bots, from {', '.join(sorted(BOTS))} (default: greedy random)",
    )
    match.add_argument("--matches", type=_match_count, default=100,
                       help=f"how many matches, 1 to {MAX_MATCHES:,} (default 100)")
    match.add_argument("--seed", type=integer_seed, default=0, help="seed (default 0)")
    match.set_defaults(func=_cmd_match, parser=match)
    sprt = commands.add_parser(
        "sprt",
        help="is one bot stronger than another? a sequential test over deal pairs",
        description="Play deal pairs (each deal twice, partnerships swapped) between two bots until the "
        "sequential probability ratio test of kozyr.stats accepts H1 (the first bot is at least ELO1 "
        "stronger) or H0 (at most ELO0), or --max-pairs are played.",
    )
    sprt.add_argument("--bots", nargs=2, metavar=("FIRST", "SECOND"), choices=sorted(BOTS),
                      default=["search", "greedy"], help="the two bots (default: search greedy)")
    sprt.add_argument("--elo0", type=_elo, default=0.0, help="H0: Elo difference at most this (default 0)")
    sprt.add_argument("--elo1", type=_elo, default=20.0, help="H1: Elo difference at least this (default 20)")
    sprt.add_argument("--alpha", type=_error_rate, default=0.05, help="false H1 rate (default 0.05)")
    sprt.add_argument("--beta", type=_error_rate, default=0.05, help="false H0 rate (default 0.05)")
    sprt.add_argument("--model", choices=MODELS, default="normalized", help="Elo model (default normalized)")
    sprt.add_argument("--unit", choices=("hands", "matches"), default="hands",
                      help="what a pair plays twice: one hand or one whole match (default hands)")
    sprt.add_argument("--batch", type=positive, default=10, help="pairs between two looks at the LLR (default 10)")
    sprt.add_argument("--max-pairs", type=_pair_count, default=5000,
                      help=f"give up undecided after this many pairs, 1 to {MAX_PAIRS:,} (default 5000)")
    sprt.add_argument("--seed", type=integer_seed, default=0, help="seed (default 0)")
    sprt.set_defaults(func=_cmd_sprt, parser=sprt)
    hokm_play.register(commands)
