"""`kozyr hokm ...`: bot matches of hokm from the shell.

`register(subparsers)` adds the `hokm` command and its subcommands to the
`kozyr` script; `kozyr.cli.main` runs them and owns the error convention
(one line on stderr and exit 2 for bad input, exit 130 on Ctrl-C).

`kozyr hokm match`: two bots play whole seeded matches. Fairness: the two
bots swap sides every match (match i: the first bot sits in seats 0 and 2
when i is even, in seats 1 and 3 when i is odd), so neither keeps a seat
advantage. Each match has its own seed derived from `--seed` and its index,
so any single match can be replayed. At most `MAX_MATCHES` matches per run:
a run that would take days is refused at once rather than started.

Rates carry the one interval of kozyr (`kozyr.stats.rate`: Wilson, z = 2).
Hand rates count hands across all matches; hands within one match are not
independent, so read that interval as a rough guide.
"""
from __future__ import annotations

import argparse
import random
from collections.abc import Callable
from typing import Any

from kozyr.cli import hokm_play
from kozyr.cli._common import fmt_interval, positive, print_table, progress
from kozyr.errors import shown
from kozyr.hokm.arena import play_match
from kozyr.hokm.bots import BOTS, make_bot
from kozyr.hokm.config import HokmConfig
from kozyr.stats import rate

__all__ = ["register", "run_matches", "MAX_MATCHES"]

#: The most matches one `kozyr hokm match` run plays (greedy bots: about an
#: hour and a half on one core); larger counts are refused before any play.
MAX_MATCHES = 10_000_000


def _seed(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{shown(text)} is not an integer seed") from None


def _match_count(text: str) -> int:
    """`positive` (the shell's one rule for counts) with hokm's upper bound."""
    value = positive(text)
    if value > MAX_MATCHES:
        raise argparse.ArgumentTypeError(
            f"{shown(text)} is above {MAX_MATCHES:,}: give at most {MAX_MATCHES:,} matches")
    return value


def run_matches(
    first: str,
    second: str,
    matches: int,
    seed: int,
    config: HokmConfig | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> dict[str, int]:
    """Play `matches` matches of bot `first` against bot `second`.

    Returns counts from the first bot's side: matches won, hands won, hands
    played, and points scored by each side. `progress(done, total)` is called
    after every match. A KeyboardInterrupt propagates at once and nothing is
    returned: a partial count is never handed back as if it were the run.
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
        if progress is not None:
            progress(i + 1, matches)
    return {
        "matches": matches,
        "matches_won": won,
        "hands": hands,
        "hands_won": hands_won,
        "points_first": points_first,
        "points_second": points_second,
    }


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
    match.add_argument("--seed", type=_seed, default=0, help="seed (default 0)")
    match.set_defaults(func=_cmd_match, parser=match)
    hokm_play.register(commands)
