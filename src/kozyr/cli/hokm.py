"""`kozyr hokm match`: bots against bots over many seeded matches.

`register(subparsers)` adds the `hokm` command to a caller's argparse
sub-parsers (the top-level `kozyr` script wires it in); `main(argv)` runs the
same commands standalone, for tests and `python -m kozyr.hokm.cli`.

Fairness: the two bots swap sides every match (match i: the first bot sits
in seats 0 and 2 when i is even, in seats 1 and 3 when i is odd), so neither
keeps a seat advantage. Each match has its own seed derived from `--seed`
and its index, so any single match can be replayed.

Rates are reported with a 2-sigma interval (the Wilson score interval with
z = 2, which stays inside 0..100% and does not collapse to zero width at
100%). Hand rates count hands across all matches; hands within one match are
not independent, so read that interval as a rough guide.
"""
from __future__ import annotations

import argparse
import math
import random
import sys
import time
from typing import Any, Sequence

from kozyr.cli._common import OneLineParser, positive

from kozyr.hokm.arena import play_match
from kozyr.hokm.bots import BOTS, make_bot
from kozyr.hokm.config import HokmConfig

__all__ = ["register", "main", "run_matches", "wilson"]


def _seed(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not an integer seed") from None


def wilson(successes: int, n: int, z: float = 2.0) -> tuple[float, float]:
    """The Wilson score interval for a proportion (z=2: about 95%)."""
    if n <= 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def run_matches(
    first: str, second: str, matches: int, seed: int, config: HokmConfig | None = None
) -> dict[str, int]:
    """Play `matches` matches of bot `first` against bot `second`.

    Returns counts from the first bot's side: matches won, hands won, hands
    played, and points scored by each side.
    """
    cfg = config or HokmConfig()
    won = hands_won = hands = points_first = points_second = 0
    for i in range(matches):
        a = make_bot(first, random.Random(f"hokm:{seed}:{i}:a"))
        b = make_bot(second, random.Random(f"hokm:{seed}:{i}:b"))
        first_team = i % 2
        bots = [a, b, a, b] if first_team == 0 else [b, a, b, a]
        match = play_match(bots, config=cfg, rng=random.Random(f"hokm:{seed}:{i}:deal"))
        won += match.winner == first_team
        hands += len(match.results)
        hands_won += sum(r.winner == first_team for r in match.results)
        points_first += match.scores[first_team]
        points_second += match.scores[1 - first_team]
    return {
        "matches": matches,
        "matches_won": won,
        "hands": hands,
        "hands_won": hands_won,
        "points_first": points_first,
        "points_second": points_second,
    }


def _rate(k: int, n: int) -> str:
    lo, hi = wilson(k, n)
    return f"{k}/{n} = {100 * k / n:.1f}%  (2-sigma: {100 * lo:.1f}% .. {100 * hi:.1f}%)"


def _cmd_match(args: argparse.Namespace) -> int:
    first, second = args.bots
    started = time.perf_counter()
    counts = run_matches(first, second, args.matches, args.seed)
    elapsed = time.perf_counter() - started
    if first == second:  # same bot on both sides: name the sides apart
        first, second = f"{first} (first)", f"{second} (second)"
    print(f"hokm: {first} vs {second}, {args.matches} matches, seed {args.seed} "
          f"(sides swap every match)")
    print(f"  {first} won matches: {_rate(counts['matches_won'], counts['matches'])}")
    print(f"  {first} won hands:   {_rate(counts['hands_won'], counts['hands'])}")
    print(f"  points: {first} {counts['points_first']}, {second} {counts['points_second']}; "
          f"{counts['hands'] / counts['matches']:.2f} hands per match; {elapsed:.2f} s")
    return 0


def _cmd_missing(args: argparse.Namespace) -> int:
    print("kozyr hokm: error: choose a subcommand: match", file=sys.stderr)
    return 2


def register(subparsers: Any) -> None:
    """Add `hokm` (with `hokm match`) to an argparse sub-parsers object.

    Each command sets `func=callable(args) -> int` via `set_defaults`.
    """
    hokm = subparsers.add_parser(
        "hokm", help="hokm: bot matches", description="Hokm commands."
    )
    hokm.set_defaults(func=_cmd_missing)
    commands = hokm.add_subparsers(
        dest="hokm_command", metavar="COMMAND", parser_class=OneLineParser
    )
    match = commands.add_parser(
        "match",
        help="play bots against each other over many matches",
        description="Play whole seeded matches between two bots (sides swap every "
        "match) and report match and hand win rates with 2-sigma intervals.",
    )
    match.add_argument(
        "--bots", nargs=2, metavar=("FIRST", "SECOND"), choices=sorted(BOTS),
        default=["greedy", "random"], help="the two bots (default: greedy random)",
    )
    match.add_argument("--matches", type=positive, default=100,
                       help="how many matches (default 100)")
    match.add_argument("--seed", type=_seed, default=0, help="seed (default 0)")
    match.set_defaults(func=_cmd_match)


def main(argv: Sequence[str] | None = None) -> int:
    """Run `hokm ...` as if it were `kozyr hokm ...`; returns the exit status."""
    parser = OneLineParser(prog="kozyr", description="kozyr command line (hokm only)")
    register(parser.add_subparsers(dest="command", metavar="COMMAND", required=True))
    try:
        args = parser.parse_args(argv)
    except SystemExit as exit_:
        return int(exit_.code or 0) if not isinstance(exit_.code, str) else 2
    return int(args.func(args))


if __name__ == "__main__":
    sys.exit(main())
