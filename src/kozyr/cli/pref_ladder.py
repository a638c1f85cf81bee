"""``kozyr pref ladder A B C`` and ``kozyr pref sprt CANDIDATE FIELD``: preferans bots on duplicate deals.

A side is a rung's name (random, rules, montecarlo) or a user's bot as ``module:attr`` (a callable from a
view to a move, or a factory of one), read as durak's shell reads them.
"""
from __future__ import annotations

import argparse
import time
from typing import Any

from kozyr.cli._common import print_table
from kozyr.preferans.ladder import LADDER_RUNGS, ladder
from kozyr.preferans.sprt import sprt

__all__ = ["register"]


def cmd_ladder(args: argparse.Namespace) -> int:
    start = time.perf_counter()
    r = ladder(args.a, args.b, args.c, deals=args.deals, first=args.first, convention=args.convention,
               workers=args.workers)
    took = time.perf_counter() - start
    notes = [f"{r.deals} deals x 6 seatings = {r.games} games in {took:.1f} s; all-pass (raspasy) "
             f"{r.raspasy}/{r.games}; outcomes {dict(sorted(r.outcomes.items()))}",
             "whists a deal: the mean gain in the deal's settlement with its 95% normal interval over deals"]
    if r.stopped:
        notes.append("stopped by Ctrl-C: the figures cover the deals finished")
    print_table(f"preferans ladder ({args.convention})",
                ["side", "whists a deal", "contracts made", "misère made", "whists called"], r.table(), notes)
    return 0


def cmd_sprt(args: argparse.Namespace) -> int:
    out = sprt(args.candidate, args.field, delta0=args.delta0, delta1=args.delta1, alpha=args.alpha,
               beta=args.beta, max_deals=args.max_deals, first=args.first)
    lo, hi = out.bounds
    print(f"{out.decision or 'stopped'}: {out.deals} deals, mean gain {out.mean:+.2f} whists a deal, "
          f"LLR {out.llr:.3f} (bounds {lo:.3f}, {hi:.3f})" + (" — stopped by Ctrl-C" if out.stopped else ""))
    return 0


def register(sub: Any) -> None:
    """Add ``ladder`` and ``sprt`` to the ``pref`` subcommands."""
    sides = f"a rung ({', '.join(LADDER_RUNGS)}) or module:attr"
    p = sub.add_parser("ladder", help="three bots on duplicate deals (every seating), scored in whists")
    for name in ("a", "b", "c"):
        p.add_argument(name, metavar=name.upper(), help=sides)
    p.add_argument("--deals", type=int, default=100, help="deals, each played in the six seatings (default 100)")
    p.add_argument("--first", type=int, default=1, help="the first deal number (default 1)")
    p.add_argument("--workers", type=int, default=1, help="worker processes (default 1)")
    p.add_argument("--convention", default="sochi", help="sochi, leningrad or rostov (default sochi)")
    p.set_defaults(func=cmd_ladder)
    p = sub.add_parser("sprt", help="sequential test of a bot against a field on duplicate deals")
    p.add_argument("candidate", metavar="CANDIDATE", help=sides)
    p.add_argument("field", metavar="FIELD", help=sides)
    p.add_argument("--delta0", type=float, default=0.0, help="H0: mean gain at most this (whists a deal)")
    p.add_argument("--delta1", type=float, default=10.0, help="H1: mean gain at least this (whists a deal)")
    p.add_argument("--alpha", type=float, default=0.05)
    p.add_argument("--beta", type=float, default=0.05)
    p.add_argument("--max-deals", type=int, default=2000)
    p.add_argument("--first", type=int, default=1)
    p.set_defaults(func=cmd_sprt)
