"""How strong the learned rung is: deal pairs against rungs 1-4 and the panel, the sequential test against rung 3,
and the time a decision takes inside the ladder.

    python benchmarks/learned_strength.py --pairs 5000 --pairs4 300 [--weights FILE] [--json out.json]

Every figure is the learned rung's fool rate of the decided deals, with its
2-sigma interval and the deal counts; `sprt` is `kozyr.durak.sprt(learned, 3, 0,
5)` (normalized Elo bounds, deal pairs). The time a decision: a ladder of the
learned rung against itself (every decision the network's, the engine's moves
included) and rung 3 against itself on the same deals; the difference over the
decisions is the network's cost.
"""
from __future__ import annotations

import argparse
import json
import os
import time
from typing import Any

from kozyr.durak import sprt
from kozyr.durak.bots.panel import spec
from kozyr.durak.ladder import ladder
from kozyr.durak.learn.learned import LearnedBot


def rate(r: Any) -> dict[str, Any]:
    x = r.a_fool_decided
    return {"rate": x.rate, "low": x.low, "high": x.high, "decided": r.a_fools + r.b_fools, "deals": r.deals,
            "draws": r.draws, "seconds": round(r.seconds, 2)}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--pairs", type=int, default=5000)
    p.add_argument("--pairs4", type=int, default=300, help="deal pairs against rung 4 (slow: a search a move)")
    p.add_argument("--weights", default=None)
    p.add_argument("--seed", default="learned-strength")
    p.add_argument("--json", default=None)
    p.add_argument("--skip", default="", help="comma-separated parts to skip (rungs, rung4, panel, sprt, time)")
    args = p.parse_args(argv)
    skip = set(filter(None, args.skip.split(",")))
    bot = LearnedBot(args.weights)
    out: dict[str, Any] = {"weights": bot.weights.sha256(), "load": os.getloadavg()}

    def show(name: str, value: Any) -> None:
        out[name] = value
        print(name, json.dumps(value), flush=True)

    if "rungs" not in skip:
        for rung in (1, 2, 3):
            show(f"rung {rung}", rate(ladder(bot, rung, 2 * args.pairs, seed=args.seed, pairs=True)))
    if "panel" not in skip:
        from kozyr.durak.bots.userbots import BotSpec

        for name in ("taker", "shedder", "hoarder", "spsa3"):
            show(name, rate(ladder(bot, BotSpec(spec(name), {}), 2 * args.pairs, seed=args.seed, pairs=True)))
    if "rung4" not in skip:
        show("rung 4", rate(ladder(bot, 4, 2 * args.pairs4, seed=args.seed, pairs=True)))
    if "sprt" not in skip:
        rep = sprt(bot, 3, 0, 5, model="normalized", seed=args.seed)
        show("sprt vs rung 3", {"decision": rep.decision, "deals": rep.deals, "counts": list(rep.counts),
                                "estimate": rep.estimate.as_dict(), "seconds": round(rep.seconds, 2)})
    if "time" not in skip:
        n = 20_000
        t = time.perf_counter()
        mine = ladder(bot, bot, n, seed="learned-time")
        t_mine = time.perf_counter() - t
        t = time.perf_counter()
        base = ladder(3, 3, n, seed="learned-time")
        t_base = time.perf_counter() - t
        show("time", {"deals": n, "learned_vs_itself_s": round(t_mine, 3), "decisions": int(mine.moves.sum()),
                      "us_per_decision_all_in": round(1e6 * t_mine / mine.moves.sum(), 2),
                      "rung3_vs_itself_s": round(t_base, 3),
                      "us_per_decision_rung3": round(1e6 * t_base / base.moves.sum(), 3),
                      "load": os.getloadavg()})
    if args.json:
        with open(args.json, "w") as f:
            json.dump(out, f, indent=1)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
