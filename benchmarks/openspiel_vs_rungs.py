"""An outside yardstick: OpenSpiel's Python ISMCTS bot against kozyr's rungs.

    PYTHONPATH=src python benchmarks/openspiel_vs_rungs.py [--pairs 50] [--simulations 100] [--rungs 2 3]
                                                            [--workers 2] [--seed 1] [--rollout 0] [--json FILE]

The bot is `open_spiel.python.algorithms.ismcts.ISMCTSBot` on the `kozyr_durak`
game (kozyr.durak.learn.openspiel): UCT constant 2, `--simulations` simulations a
decision, unlimited world samples (each simulation redeals the hidden cards
with `resample_from_infostate`, i.e. `Game.determinize`), final policy = the
most visited action, and OpenSpiel's `RandomRolloutEvaluator` with one random
rollout per leaf (`--rollout 2` or `3`: the leaf's deal played out by that rung
at both seats instead, in C: `kozyr.durak.ladder._loop.rollout`). It plays
against a rung (2, 3, or 4: `Rung4Bot` with K = `--k4`, 64 unless told, and any other of its settings
with `--set4 NAME=VALUE`) over deal pairs: each deal
(`Game.from_rng(seed + k)`) is played twice with the seats swapped, so the luck
of the cards cancels. Reported: the ISMCTS bot's fool rate (deals it lost, of
all deals), the rung's, the draws, with 2-sigma Wilson intervals
(kozyr.stats.rate), and the time per ISMCTS decision. Python ISMCTS on a
Python game is slow (each simulation is a whole rollout through pyspiel's
Python trampoline): a few hundred deals take tens of minutes.
"""
from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import sys
import time
from typing import Any

import numpy as np


def rollout_evaluator(rung: int, rs: Any) -> Any:
    """The leaf evaluator: OpenSpiel's one random rollout (`rung` 0), or a whole playout by kozyr's rung 2 or 3
    on both seats of the (determinized) deal, from the leaf to the end, with uniform priors."""
    from open_spiel.python.algorithms import mcts

    if rung == 0:
        return mcts.RandomRolloutEvaluator(1, rs)
    from kozyr.durak.ladder._loop import rollout

    class RungRollout(mcts.Evaluator):   # type: ignore[misc]
        """Play the leaf's deal out with rung `rung` at both seats, in C (`rollout`: the moves of
        `Bot(rung)`, tests/durak/ladder/test_rollout.py); the returns of its end (-1 the fool, +1 the other)."""

        def evaluate(self, state: Any) -> Any:
            losers = rollout(state.deal.game, rung)
            return np.array([(-1.0 if seat in losers else 1.0) if losers else 0.0 for seat in (0, 1)])

        def prior(self, state: Any) -> Any:
            actions = state.legal_actions()
            return [(a, 1.0 / len(actions)) for a in actions]

    return RungRollout()


def play_seeded(job: tuple[Any, ...]) -> tuple[Any, int, int, int, int, float]:
    """One deal: (opponent, deal seed, ISMCTS seat, simulations[, rollout rung]) -> (opponent, deal seed, seat,
    fool or -1, ISMCTS decisions, seconds). The opponent is a rung 1..4 or a panel bot's name
    (`kozyr.durak.bots.panel`)."""
    import pyspiel
    from open_spiel.python.algorithms import ismcts

    import kozyr.durak.learn.openspiel  # noqa: F401  (registers kozyr_durak)
    from kozyr.durak import Bot, Game
    from kozyr.durak.bots.panel import PANEL
    from kozyr.durak.learn.encoding import action_of, card_index

    rung, seed, seat, sims = job[:4]
    rollout = job[4] if len(job) > 4 else 0
    k4 = job[5] if len(job) > 5 else 64
    set4 = job[6] if len(job) > 6 else {}
    game = pyspiel.load_game("kozyr_durak")
    rs = np.random.RandomState(seed * 2 + seat)
    bot = ismcts.ISMCTSBot(game, rollout_evaluator(rollout, rs), 2.0, sims, random_state=rs)
    sampler = pyspiel.UniformProbabilitySampler(seed * 2 + seat, 0.0, 1.0)
    bot.set_resampler(lambda st, p: st.resample_from_infostate(p, sampler))
    state = game.new_initial_state()
    for card in Game.from_rng(seed).order:
        state.apply_action(card_index(card))
    if rung == 4:
        from kozyr.durak import Params
        from kozyr.durak.bots.bot4 import Rung4Bot

        rung_bot = Rung4Bot(f"yardstick-{seed}", params=Params.of({"K": k4, **set4}))
    elif rung == "learned":
        from kozyr.durak.learn.learned import LearnedBot

        rung_bot = LearnedBot()
    elif isinstance(rung, str):
        rung_bot = PANEL[rung]
    else:
        rung_bot = Bot(rung, f"yardstick-{seed}")
    decisions, spent = 0, 0.0
    while not state.is_terminal():
        player = state.current_player()
        if player == seat:
            t = time.perf_counter()
            _, action = bot.step_with_policy(state)
            spent += time.perf_counter() - t
            decisions += 1
        else:
            view = state.deal.game.view(player)
            action = action_of(rung_bot(view))   # every rung, rung 4 too, and the panel, from the view alone
        state.apply_action(int(action))
    fool = state.deal.game.result.fool
    return rung, seed, seat, -1 if fool is None else fool, decisions, spent


def _play(job: tuple[Any, ...]) -> tuple[Any, int, int, int, float]:
    """One deal as `main` counts it: (opponent, seat, fool or -1, decisions, seconds)."""
    rung, _, seat, fool, decisions, spent = play_seeded(job)
    return rung, seat, fool, decisions, spent


def _settings(parser: argparse.ArgumentParser, pairs: list[str]) -> dict[str, int]:
    """--set4 NAME=VALUE pairs as a mapping Params accepts (checked here, before any deal)."""
    from kozyr.durak import Params
    from kozyr.errors import KozyrError

    out: dict[str, int] = {}
    for pair in pairs:
        name, eq, value = pair.partition("=")
        if not eq:
            parser.error(f"--set4 {pair!r}: expected NAME=VALUE")
        try:
            out[name.strip().upper()] = int(value)
        except ValueError:
            parser.error(f"--set4 {pair!r}: the value is not a whole number")
    try:
        Params.of(out)
    except KozyrError as e:
        parser.error(f"--set4: {e}")
    return out


def main() -> None:
    from kozyr.stats import rate

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=50, help="deal pairs per rung")
    parser.add_argument("--simulations", type=int, default=100)
    parser.add_argument("--rungs", type=int, nargs="+", default=[2, 3])
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rollout", type=int, choices=(0, 2, 3), default=0,
                        help="leaf evaluation: 0 one random rollout (OpenSpiel's), 2 or 3 a playout by that rung")
    parser.add_argument("--k4", type=int, default=64,
                        help="rung 4's K (64 unless told, which keeps the older rows; its own default is Params().K)")
    parser.add_argument("--set4", action="append", default=[], metavar="NAME=VALUE",
                        help="another of rung 4's settings (repeatable), e.g. --set4 TREE=70")
    parser.add_argument("--json", help="write the figures to this file as well")
    args = parser.parse_args()
    set4 = _settings(parser, args.set4)
    jobs = [(r, args.seed + k, seat, args.simulations, args.rollout, args.k4, set4) for k in range(args.pairs)
            for r in args.rungs
            for seat in (0, 1)]
    tally = {r: {"deals": 0, "ismcts_fool": 0, "rung_fool": 0, "draws": 0, "decisions": 0, "seconds": 0.0}
             for r in args.rungs}
    start = time.perf_counter()
    pool = multiprocessing.Pool(args.workers)
    try:
        for done, (r, seat, fool, decisions, spent) in enumerate(pool.imap_unordered(_play, jobs), 1):
            t = tally[r]
            t["deals"] += 1
            t["ismcts_fool"] += fool == seat
            t["rung_fool"] += fool == 1 - seat
            t["draws"] += fool == -1
            t["decisions"] += decisions
            t["seconds"] += spent
            if done % 10 == 0 or done == len(jobs):
                print(f"  {done}/{len(jobs)} deals, {time.perf_counter() - start:.0f} s", file=sys.stderr, flush=True)
    except KeyboardInterrupt:
        pool.terminate()
        raise
    pool.close()
    pool.join()
    leaf = "random-rollout evaluator" if args.rollout == 0 else f"rung-{args.rollout} playout evaluator"
    print(f"OpenSpiel ISMCTSBot ({args.simulations} simulations, {leaf}, UCT c=2, "
          f"most-visited action) against kozyr rungs, {args.pairs} deal pairs each; rung 4: K={args.k4} "
          f"{' '.join(f'{k}={v}' for k, v in set4.items())}")
    print(f"{'opponent':10}{'deals':>7}{'ISMCTS fool rate':>28}{'rung fool rate':>28}{'draws':>7}{'ms/decision':>13}")
    rows = []
    for r in args.rungs:
        t = tally[r]
        mine, theirs = rate(t["ismcts_fool"], t["deals"]), rate(t["rung_fool"], t["deals"])
        ms = 1000 * t["seconds"] / max(t["decisions"], 1)
        print(f"{'rung ' + str(r):10}{t['deals']:>7}{_fmt(mine):>28}{_fmt(theirs):>28}{t['draws']:>7}{ms:>13.0f}")
        rows.append({"rung": r, **t, "ismcts_fool_rate": mine._asdict() if hasattr(mine, "_asdict") else vars(mine),
                     "rung_fool_rate": theirs._asdict() if hasattr(theirs, "_asdict") else vars(theirs)})
    load = os.getloadavg()
    print(f"{time.perf_counter() - start:.0f} s with {args.workers} workers; load average "
          f"{load[0]:.2f} {load[1]:.2f} {load[2]:.2f} on {os.cpu_count()} CPUs")
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"simulations": args.simulations, "pairs": args.pairs, "seed": args.seed, "rows": rows}, f,
                      indent=1)


def _fmt(r: object) -> str:
    return f"{100 * r.rate:.1f}% [{100 * r.low:.1f}, {100 * r.high:.1f}]"


if __name__ == "__main__":
    main()
