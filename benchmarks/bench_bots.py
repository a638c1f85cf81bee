"""The cost of a bot that is not a built-in rung: a Python callable and a native (Cython) bot in the ladder.

    PYTHONPATH=src python benchmarks/bench_bots.py [--deals 20000]

Rows (one run, one core; CPU time of the process):
- rung 2 vs rung 2: the C loop, the yardstick;
- a native bot (examples/native_bot, compiled here) vs rung 2: inside the nogil loop;
- a trivial Python bot (`view -> view.legal[0]`) vs rung 2: the Python-player path
  (a GameView per decision, the answer checked against the legal list); the
  overhead per Python decision is (its time - the C loop's) / Python decisions;
- `Bot(3).choose` as a Python callable vs rung 2.
Plus the Python-level costs: Game.view, Game.copy, Bot(3).choose on a view.
"""
from __future__ import annotations

import argparse
import importlib.util
import os

# numpy's BLAS pool spins for a moment after import, and its threads' CPU time would count against the
# ladder in process_time (about 4 % of the Python-bot row under perf): one thread, as compare_builds.py
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")
import shutil
import subprocess
import sys
import tempfile
import time
import timeit
from pathlib import Path

from kozyr.durak import Bot, Game, pad_seed
from kozyr.durak.ladder import ladder

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "native_bot" / "cheapest.pyx"


def native_bot():  # type: ignore[no-untyped-def]
    where = Path(tempfile.mkdtemp())
    shutil.copy(EXAMPLE, where / "cheapest.pyx")
    subprocess.run([sys.executable, "-m", "Cython.Build.Cythonize", "-i", "-q", "cheapest.pyx"], cwd=where,
                   check=True, capture_output=True, env=dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path)))
    built = next(where.glob("cheapest*.so"))
    spec = importlib.util.spec_from_file_location("cheapest", built)
    module = importlib.util.module_from_spec(spec)  # type: ignore[arg-type]
    spec.loader.exec_module(module)  # type: ignore[union-attr]
    return module.bot()


def run(a, b, deals):  # type: ignore[no-untyped-def]
    c0 = time.process_time()
    r = ladder(a, b, deals, "bench-bots")
    return r, time.process_time() - c0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20_000)
    args = parser.parse_args(argv)
    n = args.deals
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    base, t_base = run(2, 2, 20 * n)
    per_deal_c = t_base / (20 * n)
    print(f"{'rung 2 vs rung 2 (C loop)':44} {20 * n / t_base:>12,.0f} deals/s")
    nat, t_nat = run(native_bot(), 2, 20 * n)
    print(f"{'native bot vs rung 2 (nogil loop)':44} {20 * n / t_nat:>12,.0f} deals/s")
    counter = {"n": 0}

    def first(view):  # type: ignore[no-untyped-def]
        counter["n"] += 1
        return view.legal[0]
    py, t_py = run(first, 2, n)
    over = (t_py - per_deal_c * n) / counter["n"]
    print(f"{'trivial Python bot vs rung 2':44} {n / t_py:>12,.0f} deals/s  "
          f"({over * 1e6:.2f} µs overhead per Python decision)")
    bot = Bot(3, "bench")
    ch, t_ch = run(bot.choose, 2, n)
    print(f"{'Bot(3).choose as a Python player vs rung 2':44} {n / t_ch:>12,.0f} deals/s")
    g = Game.from_seed(pad_seed("durak-one"))
    view = g.view(0)
    for label, fn in (("Game.view(seat)", lambda: g.view(0)), ("Game.copy()", g.copy),
                      ("Bot(3).choose(view)", lambda: bot.choose(view))):
        k = 100_000
        t = min(timeit.repeat(fn, number=k, repeat=3)) / k
        print(f"{label:44} {t * 1e6:>12.3f} µs")
    return 0


if __name__ == "__main__":
    sys.exit(main())
