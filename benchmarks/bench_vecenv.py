"""Batched environment speed: agent steps per second of DurakVecEnv (kozyr.durak.learn.vecenv).

    PYTHONPATH=src python benchmarks/bench_vecenv.py [--n 1024] [--opponent 3] [--seconds 5]
    PYTHONPATH=src python benchmarks/bench_vecenv.py --seats 4 [--variant perevodnoy]
    PYTHONPATH=src python -m pytest benchmarks/bench_vecenv.py --benchmark-only

An agent step is one action of one game: the agent's move, the opponent rung's
replies in C, the auto-reset when the deal ends, and the observation and mask
written for the agent's next decision. The script reports three figures, each
by wall clock and by the CPU time of the calling thread (this machine is shared
and often busy: the CPU figure is the steadier one-core number):

- env: `step` alone (the actions are drawn beforehand, outside the timing);
- env + C policy: `random_actions` (a uniformly random legal action per game,
  in C) then `step`;
- env + numpy policy: the random legal action chosen in numpy
  (argmax of mask * uniform noise), then `step`: what a Python learner pays
  at least for its side.

At a table of more seats (`--seats 4`, `--variant perevodnoy`) every other
seat is the opponent rung, each deciding in C on its own view, so an agent
step holds the moves of N-1 rungs; the target is at least 1M agent steps a
second on one core at 4 seats.

One core: the loop is single-threaded. The load average is printed with the figures.
"""
from __future__ import annotations

import argparse
import os
import time

import numpy as np

from kozyr.durak import Rules
from kozyr.durak.learn.vecenv import DurakVecEnv


def _run(env: DurakVecEnv, seconds: float, policy: str, rng: np.random.Generator) -> tuple[float, float, int, int]:
    """(steps per wall second, steps per CPU second, steps, deals finished) of one timed loop."""
    actions = np.empty(env.n, dtype=np.int64)
    steps = deals = 0
    wall = cpu = 0.0
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        if policy == "none":
            env.random_actions(actions)
        w0, c0 = time.perf_counter(), time.thread_time()
        if policy == "c":
            env.random_actions(actions)
        elif policy == "numpy":
            actions = np.argmax(env.masks * rng.random(env.masks.shape, dtype=np.float32), axis=1)
        env.step(actions)
        wall += time.perf_counter() - w0
        cpu += time.thread_time() - c0
        steps += env.n
        deals += int(env.terminated.sum())
    return steps / wall, steps / cpu, steps, deals


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=1024)
    parser.add_argument("--opponent", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--seats", type=int, default=2)
    parser.add_argument("--variant", default="podkidnoy")
    args = parser.parse_args()
    rules = Rules(seats=args.seats, variant=args.variant)
    env = DurakVecEnv(args.n, args.opponent, seed=args.seed, rules=rules)
    rng = np.random.default_rng(args.seed)
    _run(env, 0.5, "c", rng)  # warm-up
    table = "" if rules.two_seat else f" at {rules!r}"
    print(f"DurakVecEnv n={args.n}{table}, opponent rung {args.opponent}, {args.seconds:g} s a figure, one core")
    print(f"{'':24}{'steps/s (wall)':>16}{'steps/s (cpu)':>16}{'deals':>10}{'steps/deal':>12}")
    for label, policy in (("env", "none"), ("env + C policy", "c"), ("env + numpy policy", "numpy")):
        wall, cpu, steps, deals = _run(env, args.seconds, policy, rng)
        per_deal = steps / max(deals, 1)
        print(f"{label:24}{wall:16,.0f}{cpu:16,.0f}{deals:10,}{per_deal:12.1f}")
    load = os.getloadavg()
    print(f"load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} on {os.cpu_count()} CPUs")


def test_vecenv_step_1024(benchmark):
    env = DurakVecEnv(1024, 3, seed=1)
    actions = env.random_actions()

    def step():
        env.random_actions(actions)
        env.step(actions)

    benchmark(step)



def test_vecenv_step_1024_four_seats(benchmark):
    env = DurakVecEnv(1024, 3, seed=1, rules=Rules(seats=4))
    actions = env.random_actions()

    def step():
        env.random_actions(actions)
        env.step(actions)

    benchmark(step)


if __name__ == "__main__":
    main()
