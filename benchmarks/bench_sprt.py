"""The sequential test and SPSA on durak deal pairs: how many deals a decision takes, and what the test costs.

    PYTHONPATH=src python benchmarks/bench_sprt.py [--seeds 20] [--spsa-iterations 2000]

Prints, with the load average (this machine is shared; CPU time is the steadier figure):

1. `kozyr sprt 3 2 --elo0 0 --elo1 5` and `kozyr sprt 3 3` (the same bot on both
   sides) over `--seeds` seeds, batches of 10,000 and 2,000 deals: the
   decisions and how many deals each took (and `sprt 3 3 --no-pairs`, where
   single deals keep their luck);
2. deals per second of `sprt` against a plain paired `ladder` over the same
   deals, in one run (the test made undecidable with tiny error rates so it
   plays all of them): what the statistics between batches cost;
3. the tuning acceptance: SPSA from the bad start CHEAP_POWER=8, DEEP_TALON=0
   (self-play), then SPRTs at [0, 2] normalized of the tuned setting against
   the start and against the default rung 3, and the tuned and default rung 3
   against rung 2 in a 200,000-deal paired ladder.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

from kozyr.durak import Params, sprt, spsa
from kozyr.durak.ladder import ladder


def _load() -> str:
    return f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores"


def _deal_counts(a: int, b: int, seeds: int, batch: int, pairs: bool = True) -> None:
    runs = [sprt(a, b, 0, 5, seed=f"bench-{s}", batch=batch, pairs=pairs) for s in range(seeds)]
    deals = [r.deals for r in runs]
    decisions = {d: sum(r.decision == d for r in runs) for d in ("H1", "H0", "none")}
    seconds = [r.seconds for r in runs]
    how = "pairs" if pairs else "single deals"
    print(f"sprt {a} {b} --elo0 0 --elo1 5 (normalized, {how}, batch {batch:,}), {seeds} seeds: {decisions}; deals "
          f"min {min(deals):,} median {statistics.median(deals):,.0f} max {max(deals):,}; "
          f"seconds median {statistics.median(seconds):.3f} max {max(seconds):.3f}  [{_load()}]")
    print("   deals per seed:", " ".join(f"{d:,}" for d in deals))


def _cost(deals: int, batch: int, repeat: int = 3) -> None:
    best_sprt = best_ladder = best_sprt_wall = best_ladder_wall = 0.0
    for _ in range(repeat):
        c0, w0 = time.process_time(), time.perf_counter()
        r = sprt(3, 2, 0, 5, alpha=1e-100, beta=1e-100, max_deals=deals, batch=batch, seed="cost")
        c1, w1 = time.process_time(), time.perf_counter()
        plain = ladder(3, 2, r.deals, "cost", pairs=True)
        c2, w2 = time.process_time(), time.perf_counter()
        assert r.decision == "none" and list(r.counts) == plain.pairs
        best_sprt, best_ladder = max(best_sprt, deals / (c1 - c0)), max(best_ladder, deals / (c2 - c1))
        best_sprt_wall, best_ladder_wall = max(best_sprt_wall, deals / (w1 - w0)), max(best_ladder_wall,
                                                                                      deals / (w2 - w1))
    print(f"rung 3 vs rung 2, {deals:,} deals in pairs, batch {batch:,}: CPU deals/s sprt {best_sprt:,.0f} vs "
          f"ladder {best_ladder:,.0f} ({best_sprt / best_ladder:.3f}); wall {best_sprt_wall:,.0f} vs "
          f"{best_ladder_wall:,.0f} ({best_sprt_wall / best_ladder_wall:.3f}), best of {repeat}  [{_load()}]")


def _fmt(r) -> str:  # type: ignore[no-untyped-def]
    e = r.estimate
    return (f"{r.decision} after {r.deals:,} deals, LLR {r.llr:+.2f} in [{r.bounds[0]:.2f}, {r.bounds[1]:.2f}], "
            f"counts {list(r.counts)}, score {100 * e.score:.2f}% [{100 * e.score_low:.2f}, {100 * e.score_high:.2f}], "
            f"logistic Elo {e.elo:+.1f} [{e.elo_low:+.1f}, {e.elo_high:+.1f}], a fool {100 * r.a_fool.rate:.2f}% "
            f"[{100 * r.a_fool.low:.2f}, {100 * r.a_fool.high:.2f}], b fool {100 * r.b_fool.rate:.2f}% "
            f"[{100 * r.b_fool.low:.2f}, {100 * r.b_fool.high:.2f}]")


def _acceptance(iterations: int, seed: int) -> None:
    start = Params(CHEAP_POWER=8, DEEP_TALON=0)
    t = spsa(["CHEAP_POWER", "DEEP_TALON"], {"CHEAP_POWER": 8, "DEEP_TALON": 0}, iterations=iterations,
             deals_per_iteration=2000, seed=seed)
    theta = ", ".join(f"{k}={v:.2f}" for k, v in t.spsa.theta.items())
    print(f"spsa CHEAP_POWER=8, DEEP_TALON=0, {iterations} iterations x 2,000 deals, self-play, seed {seed}: "
          f"{t.params!r} (estimate {theta}), {t.deals:,} deals in {t.seconds:.1f} s  [{_load()}]")
    tuned = t.params
    r = sprt(3, 3, 0, 2, params_a=tuned, params_b=start, seed="accept-start")
    print(f"  sprt [0, 2] normalized, tuned vs the start: {_fmt(r)}")
    r = sprt(3, 3, 0, 2, params_a=tuned, params_b=Params(), seed="accept-default")
    print(f"  sprt [0, 2] normalized, tuned vs the default rung 3: {_fmt(r)}")
    for name, p in (("default", Params()), ("tuned", tuned), ("start", start)):
        lad = ladder(3, 2, 200_000, "accept-vs-2", params=p, pairs=True)
        f = lad.a_fool_decided
        print(f"  rung 3 {name} {p!r} vs rung 2, 200,000 deals in pairs: fool {100 * f.rate:.2f}% "
              f"[{100 * f.low:.2f}, {100 * f.high:.2f}] of decided deals, pairs {lad.pairs}")
    print(f"  [{_load()}]")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=int, default=20)
    parser.add_argument("--cost-deals", type=int, default=400_000)
    parser.add_argument("--spsa-iterations", type=int, default=2000)
    parser.add_argument("--spsa-seed", type=int, default=1)
    parser.add_argument("--skip-spsa", action="store_true")
    args = parser.parse_args(argv)
    print(_load())
    for batch in (10_000, 2000):
        _deal_counts(3, 2, args.seeds, batch)
        _deal_counts(3, 3, args.seeds, batch)
    # single deals: the seat and deal luck no longer cancel, so the same bot is a real null hypothesis
    _deal_counts(3, 3, args.seeds, 2000, pairs=False)
    for batch in (2000, 10_000):
        _cost(args.cost_deals, batch)
    if not args.skip_spsa:
        _acceptance(args.spsa_iterations, args.spsa_seed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
