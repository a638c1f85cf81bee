"""How strong are the rungs: a round robin of rungs 1-4 and the panel on deal pairs, with an Elo fit.

    PYTHONPATH=src python benchmarks/strength.py [--deals 4000] [--deals4 400] [--workers 2] [--seed strength]
        [--players 1 2 3 4 taker shedder hoarder spsa3] [--bootstrap 400] [--json FILE] [--plot FILE.png]
        [--ismcts PAIRS [--simulations 100] [--rollout 2]]

Every pair of players plays `--deals` deals (`--deals4` when rung 4 sits at
the table: it searches, ~100 deals a second) as deal pairs: each deal twice
with the seats swapped (`ladder(..., pairs=True)`), so the cards' luck cancels
and every pairing plays the same deals (one `--seed`). A player is a rung
(1..4), a panel bot by name (`kozyr.durak.bots.panel`: taker, shedder, hoarder,
tuned), or a bot of yours as `module:attr` (the shell's sides).

Printed: for every pairing, each side's fool rate among the decided deals with
its 2-sigma Wilson interval (`kozyr.stats.rate`), the draws and the
pentanomial counts; then the matrix of fool rates (row's fool rate against
the column); then one logistic Elo scale fitted to all pairings at once
(`kozyr.stats.round_robin_elo`: Bradley-Terry maximum likelihood, mean 0, a
draw half a point) with 95 % percentile intervals from `--bootstrap`
resamples of each pairing's deal pairs. `--plot` draws the ratings with their
intervals, `--json` writes every figure. With `--ismcts PAIRS`, OpenSpiel's
ISMCTS bot (benchmarks/openspiel_vs_rungs.py; the `rl` extra) joins as one
more player for PAIRS deal pairs against each of the others, its leaves
evaluated by a rung-2 playout (`--rollout`; slow: seconds a deal). Ctrl-C
stops the run within a second and prints nothing as if complete.
"""
from __future__ import annotations

import argparse
import itertools
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

from kozyr.cli import durak_sides
from kozyr.durak.bots.panel import PANEL
from kozyr.durak.bots.userbots import BotSpec
from kozyr.durak.ladder import ladder
from kozyr.errors import KozyrError
from kozyr.files import write_atomic
from kozyr.stats import Rate, rate, round_robin_elo

DEFAULT_PLAYERS = ["1", "2", "3", "4", *PANEL]


def player_name(value: object) -> str:
    """How the tables name a player: `rung 3 (careful)`, a panel bot's name, or the user's module:attr."""
    if isinstance(value, str):
        for name in PANEL:
            if value == durak_sides.side(name):
                return name
    return durak_sides.label(value)


def side_of(value: object) -> object:
    """The side the ladder plays: a rung int, or the bot a BotSpec names (a panel bot by its object)."""
    return BotSpec(value) if isinstance(value, str) else value


def pct(r: Rate) -> str:
    return "-" if r.rate is None else f"{100 * r.rate:.2f} [{100 * r.low:.2f}, {100 * r.high:.2f}]"


def play_pairings(players: list[object], deals: int, deals4: int, seed: str, workers: int) -> list[dict[str, Any]]:
    """Every pairing i < j as a ladder of deal pairs: its counts and rates."""
    rows = []
    pairings = list(itertools.combinations(range(len(players)), 2))
    for k, (i, j) in enumerate(pairings, 1):
        a, b = players[i], players[j]
        n = deals4 if 4 in (a, b) else deals
        start = time.perf_counter()
        r = ladder(side_of(a), side_of(b), n, seed, pairs=True, workers=workers)
        seconds = time.perf_counter() - start
        rows.append({"i": i, "j": j, "a": player_name(a), "b": player_name(b), "deals": r.deals,
                     "pairs": r.pairs, "draws": r.draws, "a_fool": r.a_fool_decided.as_dict(),
                     "b_fool": r.b_fool_decided.as_dict(), "seconds": seconds})
        print(f"  {k}/{len(pairings)} {player_name(a)} vs {player_name(b)}: {r.deals:,} deals, {seconds:.1f} s",
              file=sys.stderr, flush=True)
    return rows


def play_ismcts(players: list[object], pairs: int, simulations: int, rollout: int, seed: int,
                workers: int) -> list[dict[str, Any]]:
    """ISMCTS (player index len(players)) against each player on `pairs` deal pairs; rows as `play_pairings`'."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import multiprocessing

    import openspiel_vs_rungs as yardstick

    for p in players:
        if not (isinstance(p, int) or (isinstance(p, str) and player_name(p) in PANEL)):
            raise SystemExit(f"--ismcts plays rungs and panel bots only, not {player_name(p)}")
    opponent = {j: (p if isinstance(p, int) else player_name(p)) for j, p in enumerate(players)}
    jobs = [(opponent[j], seed + k, seat, simulations, rollout)
            for k in range(pairs) for j in opponent for seat in (0, 1)]
    games: dict[tuple[object, int], list[int]] = {}
    pool = multiprocessing.Pool(workers)
    try:
        for done, (opp, deal_seed, seat, fool, _, _) in enumerate(pool.imap_unordered(yardstick.play_seeded, jobs), 1):
            score = 1 if fool == 1 - seat else (0 if fool == seat else 0.5)   # ISMCTS's points for the deal
            games.setdefault((opp, deal_seed), []).append(int(2 * score))
            if done % 10 == 0 or done == len(jobs):
                print(f"  ismcts {done}/{len(jobs)} deals", file=sys.stderr, flush=True)
    except KeyboardInterrupt:
        pool.terminate()
        raise
    pool.close()
    pool.join()
    rows = []
    me = len(players)
    for j, opp in opponent.items():
        counts = [0] * 5
        fools = [0, 0]   # ISMCTS the fool, the opponent the fool
        draws = 0
        for k in range(pairs):
            halves = games[(opp, seed + k)]
            counts[sum(halves)] += 1        # two deals' doubled scores, 0..4: the pentanomial index
            fools[0] += halves.count(0)
            fools[1] += halves.count(2)
            draws += halves.count(1)
        assert sum(k * c for k, c in enumerate(counts)) == 2 * fools[1] + draws   # the pairs hold the deals' points
        decided = fools[0] + fools[1]
        name = f"ISMCTS ({simulations} sims, rollout {rollout or 'random'})"
        rows.append({"i": me, "j": j, "a": name, "b": player_name(players[j]),
                     "deals": 2 * pairs, "pairs": counts, "draws": draws, "a_fool": rate(fools[0], decided).as_dict(),
                     "b_fool": rate(fools[1], decided).as_dict(), "seconds": None})
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", nargs="+", type=durak_sides.side, default=None, metavar="SIDE",
                        help=f"the players (default: {' '.join(DEFAULT_PLAYERS)}): {durak_sides.SIDE_HELP}")
    parser.add_argument("--deals", type=int, default=4000, help="deals per pairing (even: deal pairs)")
    parser.add_argument("--deals4", type=int, default=400, help="deals per pairing with rung 4 at the table")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", default="strength")
    parser.add_argument("--bootstrap", type=int, default=400, help="bootstrap resamples for the Elo intervals")
    parser.add_argument("--ismcts", type=int, default=0, metavar="PAIRS", help="add OpenSpiel's ISMCTS for PAIRS "
                        "deal pairs against each player (slow; needs the rl extra)")
    parser.add_argument("--simulations", type=int, default=100, help="ISMCTS simulations a decision")
    parser.add_argument("--rollout", type=int, choices=(0, 2, 3), default=2, help="ISMCTS's leaf evaluation: a "
                        "playout by rung 2 or 3 at both seats (default 2), or 0: OpenSpiel's one random rollout")
    parser.add_argument("--json", metavar="FILE", help="write every figure to FILE")
    parser.add_argument("--plot", metavar="FILE.png", help="draw the ratings with their intervals (matplotlib)")
    args = parser.parse_args(argv)
    players = args.players or [durak_sides.side(p) for p in DEFAULT_PLAYERS]
    if len(set(map(str, players))) != len(players) or len(players) < 2:
        parser.error("--players: at least two, each once")
    if args.plot:
        from kozyr.cli._common import check_plot_path

        check_plot_path(args.plot)
    names = [player_name(p) for p in players]
    start = time.perf_counter()
    try:
        rows = play_pairings(players, args.deals, args.deals4, args.seed, args.workers)
        if args.ismcts:
            rows += play_ismcts(players, args.ismcts, args.simulations, args.rollout, 1, args.workers)
            names.append(rows[-1]["a"])
    except KeyboardInterrupt as err:
        print(f"strength: interrupted ({err})", file=sys.stderr)
        return 130
    except KozyrError as err:
        print(f"strength: error: {err}", file=sys.stderr)
        return 2
    try:
        fit: Any = round_robin_elo({(r["i"], r["j"]): r["pairs"] for r in rows}, len(names),
                                   bootstrap=args.bootstrap, rng=0)
    except KozyrError as err:            # e.g. a player that lost every deal: no finite rating exists
        fit, why = None, str(err)
    else:
        why = ""
    seconds = time.perf_counter() - start
    load = os.getloadavg()
    report(names, rows, fit, args, why)
    print(f"{seconds:.0f} s with {args.workers} workers; load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} "
          f"on {os.cpu_count()} CPUs; {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}")
    if args.json:
        doc = {"seed": args.seed, "deals": args.deals, "deals4": args.deals4, "bootstrap": args.bootstrap,
               "ismcts_pairs": args.ismcts, "simulations": args.simulations, "players": names, "rows": rows,
               "elo": fit.as_dict() if fit is not None else {"error": why}, "seconds": seconds, "load": list(load)}
        write_atomic(args.json, (json.dumps(doc, indent=1) + "\n").encode(), label=f"--json {args.json!r}")
    if args.plot and fit is not None:
        plot(args.plot, names, fit)
    return 0


def report(names: list[str], rows: list[dict[str, Any]], fit: Any, args: argparse.Namespace, why: str = "") -> None:
    """The three tables, in markdown (the docs' strength page shows them as printed)."""
    print(f"Round robin on deal pairs (seed {args.seed!r}): fool rates among decided deals, 2-sigma Wilson "
          "intervals (%)\n")
    print("| a | b | deals | a the fool | b the fool | draws | pairs P0..P4 (a's points) |")
    print("| --- | --- | ---: | --- | --- | ---: | --- |")
    for r in rows:
        print(f"| {r['a']} | {r['b']} | {r['deals']:,} | {pct(Rate(**r['a_fool']))} | {pct(Rate(**r['b_fool']))} "
              f"| {r['draws']} | {' '.join(map(str, r['pairs']))} |")
    matrix = {(r["i"], r["j"]): Rate(**r["a_fool"]) for r in rows}
    matrix.update({(r["j"], r["i"]): Rate(**r["b_fool"]) for r in rows})
    print("\nThe row's fool rate against the column (%, decided deals):\n")
    print("| | " + " | ".join(names) + " |")
    print("| --- |" + " ---: |" * len(names))
    for i, name in enumerate(names):
        cells = ["" if (i, j) not in matrix or matrix[(i, j)].rate is None else f"{100 * matrix[(i, j)].rate:.1f}"
                 for j in range(len(names))]
        print(f"| {name} | " + " | ".join(cells) + " |")
    if fit is None:
        print(f"\nNo Elo fit: {why}\n")
        return
    print(f"\nElo (Bradley-Terry maximum likelihood over every pairing, mean 0; 95 % bootstrap intervals over deal "
          f"pairs, {fit.replicates} resamples" + (f", {fit.dropped} without finite ratings left out" if fit.dropped
                                                   else "") + "):\n")
    print("| player | Elo | 95 % interval |")
    print("| --- | ---: | --- |")
    for k in sorted(range(len(names)), key=lambda k: -fit.elo[k]):
        print(f"| {names[k]} | {fit.elo[k]:+.0f} | [{fit.low[k]:+.0f}, {fit.high[k]:+.0f}] |")
    print()


def plot(path: str, names: list[str], fit: Any) -> None:
    from kozyr.cli._common import pyplot, save_plot

    plt = pyplot()
    order = sorted(range(len(names)), key=lambda k: fit.elo[k])
    fig, ax = plt.subplots(figsize=(7, 0.45 * len(names) + 1.5))
    ys = list(range(len(order)))
    xs = [fit.elo[k] for k in order]
    err = [[fit.elo[k] - fit.low[k] for k in order], [fit.high[k] - fit.elo[k] for k in order]]
    ax.errorbar(xs, ys, xerr=err, fmt="o", capsize=3)
    ax.set_yticks(ys, [names[k] for k in order])
    ax.set_xlabel("Elo (mean 0), 95 % bootstrap interval over deal pairs")
    ax.grid(axis="x", alpha=0.3)
    save_plot(fig, path)


if __name__ == "__main__":
    sys.exit(main())
