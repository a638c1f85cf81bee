"""Benchmarks for kozyr.preferans: scoring deals, recomputing a sheet, settling.

pytest-benchmark:   PYTHONPATH=src python -m pytest benchmarks/bench_preferans.py
Throughput script:  PYTHONPATH=src python benchmarks/bench_preferans.py [N]
    builds N (default 20,000) random legal deals, scores them one by one,
    recomputes a sheet of 200 deals (what an edit costs) and settles it,
    and prints deals per second.  Exact Fractions are the point, not speed:
    the figure shows that an edit of a whole evening's sheet is instant.
    Then it runs `kozyr pref score` in-process on files of 500 to 4,000 deals
    and prints the time per deal: flat when the command is linear (the old
    command rebuilt the sheet from the start on every deal and scored every
    deal twice: 500 deals took 12-19 s and 4,000 deals 500-1,000 s).
"""
from __future__ import annotations

import contextlib
import io
import json
import random
import sys
import tempfile
import time
from pathlib import Path

from pytest_benchmark.fixture import BenchmarkFixture

from kozyr.cli import main as kozyr_main
from kozyr.preferans import LADDER, SOCHI, Deal, Sheet, score_deal

PLAYERS = ("A", "B", "C")
GAMES = [c for c in LADDER if not c.is_misere]


def random_deals(n: int, seed: int = 0) -> list[Deal]:
    """Legal deals: games with every kind of defence, misères and raspasy."""
    rng = random.Random(seed)
    deals: list[Deal] = []
    while len(deals) < n:
        kind = rng.random()
        split = sorted(rng.sample(range(11), 2))
        tricks = dict(zip(PLAYERS, (split[0], split[1] - split[0], 10 - split[1]), strict=True))
        if kind < 0.15:
            deals.append(Deal.raspasy(tricks))
            continue
        declarer = rng.choice(PLAYERS)
        defenders = [p for p in PLAYERS if p != declarer]
        if kind < 0.2:
            deals.append(Deal(PLAYERS, declarer=declarer, contract="misere", tricks=tricks))
            continue
        contract = rng.choice(GAMES)
        calls = dict(zip(defenders, rng.choice([("whist", "whist"), ("whist", "pass"), ("pass", "pass")]), strict=True))
        deals.append(Deal(PLAYERS, declarer=declarer, contract=contract, calls=calls, tricks=tricks))
    return deals


def deals_document(deals: list[Deal]) -> dict[str, object]:
    """The deals as a `kozyr pref score` file."""
    items: list[dict[str, object]] = []
    for d in deals:
        item: dict[str, object] = {"raspasy": True} if d.is_raspasy else {
            "declarer": d.declarer, "contract": str(d.contract), "calls": {k: v.value for k, v in d.calls.items()}}
        if d.tricks:
            item["tricks"] = dict(d.tricks)
        items.append(item)
    return {"players": list(PLAYERS), "deals": items}


def pref_score_seconds(path: str) -> float:
    """Wall time of `kozyr pref score FILE` in-process, its output thrown away."""
    t0 = time.perf_counter()
    with contextlib.redirect_stdout(io.StringIO()):
        status = kozyr_main(["pref", "score", path])
    assert status == 0
    return time.perf_counter() - t0


def test_pref_score_4000_deals(benchmark: BenchmarkFixture, tmp_path: Path) -> None:
    path = tmp_path / "deals.json"
    path.write_text(json.dumps(deals_document(random_deals(4000))))
    benchmark.pedantic(pref_score_seconds, args=(str(path),), rounds=3, iterations=1)


def test_score_deals(benchmark: BenchmarkFixture) -> None:
    deals = random_deals(1000)
    benchmark(lambda: [score_deal(d, SOCHI) for d in deals])


def test_recompute_sheet(benchmark: BenchmarkFixture) -> None:
    deals = random_deals(200, seed=1)
    benchmark(lambda: Sheet(PLAYERS, SOCHI, deals=deals).settle())


def main(n: int) -> None:
    deals = random_deals(n)
    t0 = time.perf_counter()
    for d in deals:
        score_deal(d, SOCHI)
    t1 = time.perf_counter()
    print(f"score_deal: {n / (t1 - t0):,.0f} deals/s ({(t1 - t0) / n * 1e6:.1f} µs per deal)")
    evening = deals[:200]
    t0 = time.perf_counter()
    sheet = Sheet(PLAYERS, SOCHI, deals=evening)
    saldo = sheet.settle()
    t1 = time.perf_counter()
    print(f"sheet of 200 deals recomputed and settled in {(t1 - t0) * 1e3:.1f} ms; saldos {dict(saldo.rounded())}")
    print("kozyr pref score (in-process, output discarded):")
    with tempfile.TemporaryDirectory() as folder:
        for size in (500, 1000, 2000, 4000):
            path = Path(folder) / f"deals{size}.json"
            path.write_text(json.dumps(deals_document(random_deals(size))))
            best = min(pref_score_seconds(str(path)) for _ in range(3))
            print(f"  {size:5,} deals: {best:6.2f} s  ({best / size * 1e3:.2f} ms per deal)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20_000)
