"""`kozyr queue ...`: queue sequential tests, ladders and tunings, run them unattended, list, show and cancel.

`kozyr queue add sprt A B` (and `add ladder A B`, `add tune --param ...`,
`add pref-sprt CANDIDATE FIELD`, `add pref-ladder A B C`) puts a run in the
store (`--store FILE`, default ./kozyr-queue.sqlite) with its settings, the
sides' knobs and the SHA-256 of a user's bot's source; every setting is
checked before the run is queued, so a refusal is one line and nothing is
stored. `kozyr queue run` works through the queue (local threads, or a Dask
cluster with `--cluster`/`--scheduler`), one batch committed at a time: a
run stopped by Ctrl-C or a crash resumes at its next batch on the same deals.
`kozyr queue ls`, `show RUN` (with the text block to paste), `cancel RUN`.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any, cast

from kozyr.cli import _cluster, durak_sides
from kozyr.cli._common import count, positive, print_table
from kozyr.cli.durak_rules import add_rules_options, rules_of
from kozyr.errors import shown

__all__ = ["register"]


def _store(args: argparse.Namespace, readonly: bool = False) -> Any:
    from kozyr.queue import Store

    return Store(args.store, readonly=readonly)


def _durak_sides(args: argparse.Namespace, values: list[object], sets: list[Any]) -> list[dict[str, Any]]:
    """The parsed sides as the store keeps them: {"rung": r, "params": {...}} or {"bot": spec, "knobs": {...}}."""
    from kozyr.cli.durak import check_settings

    out = []
    for (option, pairs), value in zip(sets, durak_sides.sides_of(args, values), strict=True):
        value = cast(Any, value)      # a rung int or a BotSpec
        if isinstance(value, int):
            params = check_settings(pairs or [], {value}, option, args.parser)
            out.append({"rung": value, "params": params.changed()})
        else:
            if pairs:
                args.parser.error(f"{option} sets a rung's settings; this side is a bot of yours (--bot-set)")
            out.append({"bot": value.spec, "knobs": dict(value.knobs)})
    return out


def _add(args: argparse.Namespace, game: str, kind: str, a: str, b: str, spec: dict[str, Any],
         sides: dict[str, dict[str, Any]]) -> int:
    from kozyr.queue.kinds import side_source

    sources = {k: side_source(v) for k, v in sides.items()}       # a bot that does not load: one line, nothing stored
    with _store(args) as store:
        rid = store.add(game, kind, a, b, spec, sources)
    print(f"kozyr queue: run {rid} queued ({game} {kind}: {a} vs {b}) in {args.store}")
    return 0


def _seed_text(args: argparse.Namespace) -> str:
    from kozyr.durak.seeds import ladder_seed
    from kozyr.queue.kinds import MAX_SEED, batch_seed

    if len(args.seed) > MAX_SEED:
        args.parser.error(f"--seed {shown(args.seed)} is longer than {MAX_SEED} characters (a batch's seed adds /k)")
    ladder_seed(batch_seed(args.seed, 10**6))      # printable ASCII: the library's one check
    return str(args.seed)


def _add_sprt(args: argparse.Namespace) -> int:
    from kozyr.queue.kinds import side_name
    from kozyr.stats import decide

    a, b = _durak_sides(args, [args.a, args.b], [("--set", args.set), ("--vs-set", args.vs_set)])
    decide([1, 1, 1, 1, 1], args.elo0, args.elo1, alpha=args.alpha, beta=args.beta, model=args.model)  # the checks
    for name in ("batch", "max_deals"):
        if getattr(args, name) % 2:
            args.parser.error(f"--{name.replace('_', '-')} {getattr(args, name)} is odd: deals come in pairs")
    spec = {"sides": {"a": a, "b": b}, "elo0": args.elo0, "elo1": args.elo1, "alpha": args.alpha,
            "beta": args.beta, "model": args.model, "batch": args.batch, "max_deals": args.max_deals,
            "seed": _seed_text(args), "deal": "fast", "timeout": args.timeout, "workers": args.workers}
    sides = {"a": a, "b": b}
    rules = rules_of(args)
    if not rules.two_seat:
        spec["rules"] = rules.as_dict()
    if args.against:
        from kozyr.durak.tuning.measure import MAX_AGAINST

        if len(args.against) > MAX_AGAINST:
            args.parser.error(f"--against given {len(args.against)} times: a gauntlet plays 1 to {MAX_AGAINST}")
        spec["against"] = [{"rung": v, "params": {}} if isinstance(v, int) else {"bot": v, "knobs": {}}
                           for v in args.against]
        sides.update({f"against {j}": x for j, x in enumerate(spec["against"], 1)})
    return _add(args, "durak", "sprt", side_name(a), side_name(b), spec, sides)


def _add_ladder(args: argparse.Namespace) -> int:
    from kozyr.queue.kinds import side_name

    a, b = _durak_sides(args, [args.a, args.b], [("--set", args.set), ("--vs-set", args.vs_set)])
    for name in ("batch", "deals"):
        if getattr(args, name) % 2:
            args.parser.error(f"--{name} {getattr(args, name)} is odd: deals come in pairs")
    spec = {"sides": {"a": a, "b": b}, "deals": args.deals, "batch": args.batch, "seed": _seed_text(args),
            "deal": "fast", "timeout": args.timeout, "workers": args.workers}
    return _add(args, "durak", "ladder", side_name(a), side_name(b), spec, {"a": a, "b": b})


def _add_tune(args: argparse.Namespace) -> int:
    from kozyr.cli.durak_tune import _tuned
    from kozyr.queue.kinds import side_name

    target, entries, base = _tuned(args)
    if args.deals_per_iteration % 2:
        args.parser.error(f"--deals-per-iteration {args.deals_per_iteration} is odd: deals come in pairs")
    opponent = None
    if args.opponent is not None:
        opponent = _durak_sides(argparse.Namespace(parser=args.parser, bot_set=None, vs_bot_set=None),
                                [args.opponent], [("--set", None)])[0]
    tune = {"names": [n for n, _, _, _ in entries], "start": {n: s for n, s, _, _ in entries},
            "lower": {n: lo for n, _, lo, _ in entries}, "upper": {n: hi for n, _, _, hi in entries},
            "iterations": args.iterations, "deals_per_iteration": args.deals_per_iteration, "seed": args.seed,
            "rung": (args.rung or 3) if target is None else None,
            "base": base.changed() if target is None else None,
            "bot": None if target is None else target.spec, "fixed": dict(base) if target is not None else None,
            "opponent": opponent}
    tuned = ({"rung": tune["rung"], "params": tune["base"]} if target is None
             else {"bot": target.spec, "knobs": tune["fixed"]})
    sides = {"a": tuned, **({"b": opponent} if opponent else {})}
    name_b = "self-play" if opponent is None else side_name(opponent)
    spec = {"tune": tune, "timeout": args.timeout, "workers": args.workers}
    return _add(args, "durak", "tune", side_name(tuned) + " [" + ", ".join(tune["names"]) + "]", name_b, spec, sides)


def _pref_side(text: str) -> dict[str, Any]:
    from kozyr.preferans.ladder import resolve_side

    resolve_side(text)             # a rung name or module:attr that loads: else one line
    return {"pref": text} if ":" not in text else {"pref": text, "bot": text, "knobs": {}}


def _add_pref_sprt(args: argparse.Namespace) -> int:
    from kozyr.preferans.sprt import ScoreSPRT

    ScoreSPRT(args.delta0, args.delta1, alpha=args.alpha, beta=args.beta)     # the library's checks
    sides = {"a": _pref_side(args.candidate), "b": _pref_side(args.field)}
    spec = {"candidate": args.candidate, "field": args.field, "delta0": args.delta0, "delta1": args.delta1,
            "alpha": args.alpha, "beta": args.beta, "max_deals": args.max_deals, "min_deals": args.min_deals,
            "batch": args.batch, "first": args.first}
    return _add(args, "preferans", "sprt", args.candidate, args.field, spec, sides)


def _add_pref_ladder(args: argparse.Namespace) -> int:
    from kozyr.preferans.convention import PRESETS

    if args.convention.lower() not in PRESETS:
        args.parser.error(f"--convention {shown(args.convention)} is not one of {', '.join(PRESETS)}")
    sides = {k: _pref_side(v) for k, v in zip("abc", (args.a, args.b, args.c), strict=True)}
    spec = {"sides3": [args.a, args.b, args.c], "deals": args.deals, "batch": args.batch, "first": args.first,
            "convention": args.convention.lower()}
    return _add(args, "preferans", "ladder", args.a, f"{args.b} / {args.c}", spec, sides)


# -- run, ls, show, cancel ------------------------------------------------------------------------------
def _line(run: Any) -> str:
    llr = "" if run.llr is None else f", LLR {run.llr:+.3f}"
    end = f": {run.result}" if run.state == "done" else f" ({run.state})" if run.state != "running" else ""
    return f"run {run.id} {run.game} {run.kind} {run.a} vs {run.b}: batch {run.batches}, {run.deals:,} deals{llr}{end}"


def _run(args: argparse.Namespace) -> int:
    from kozyr.queue import run_queue

    began = time.perf_counter()

    def report(run: Any) -> None:
        print(f"kozyr queue: {_line(run)}", file=sys.stderr, flush=True)

    with _store(args) as store, _cluster.connect(args):
        try:
            done = run_queue(store, client=args.client, once=args.once, only=args.run, report=report, keep=args.keep)
        except KeyboardInterrupt:
            print("kozyr queue: stopped; the committed batches are kept and the run resumes with the next "
                  "`kozyr queue run`", file=sys.stderr)
            return 130
        store.checkpoint()
        size = store.size()
    took = time.perf_counter() - began
    for run in done:
        print(_line(run))
    print(f"kozyr queue: {len(done)} run{'s' if len(done) != 1 else ''} in {took:.1f} s "
          f"({_cluster.where(args)}); store {args.store}: {size:,} bytes")
    return 0


def _ls(args: argparse.Namespace) -> int:
    from kozyr.queue.store import STATES

    with _store(args, readonly=True) as store:
        runs = store.runs(states=STATES if args.all or args.bot or args.result else ("queued", "running"),
                          text=args.bot or "", result=args.result or "")
    if args.json:
        print(json.dumps([r.as_dict() for r in runs], indent=2, allow_nan=False))
        return 0
    rows = [[str(r.id), f"{r.game} {r.kind}", r.a, r.b, r.state, r.result or "-", f"{r.deals:,}",
             "-" if r.llr is None else f"{r.llr:+.3f}"] for r in runs]
    print_table(f"kozyr queue: {args.store}", ["run", "kind", "a", "b", "state", "result", "deals", "LLR"], rows,
                [] if args.all else ["queued and running runs; --all shows the finished ones too"])
    return 0


def _show(args: argparse.Namespace) -> int:
    from kozyr.queue import summary

    with _store(args, readonly=True) as store:
        run = store.get(args.run)
    link = None if args.link is None else f"{args.link.rstrip('/')}/runs/{run.id}"
    s = summary(run, link)
    if args.json:
        print(json.dumps(s, indent=2, allow_nan=False))
        return 0
    rows = [["state", run.state + (f": {run.result}" if run.result else "")], ["deals", f"{run.deals:,}"],
            ["batches", str(run.batches)]]
    if s.get("llr") is not None:
        lo, hi = s.get("bounds", [None, None])
        rows.append(["LLR", f"{s['llr']:+.3f}" + (f" in [{lo:+.3f}, {hi:+.3f}]" if lo is not None else "")])
    if "counts" in s:
        rows.append(["counts", " ".join(str(c) for c in s["counts"])])
    if "normalized" in s and s["normalized"].get("elo") is not None:
        ne = s["normalized"]
        rows.append(["normalized Elo [95%]", f"{ne['elo']:+.1f} [{ne['low']:+.1f}, {ne['high']:+.1f}]"])
    if "final" in s:
        rows.append(["final", ", ".join(f"{k}={v}" for k, v in s["final"].items())])
    if "table" in s:
        rows += [[r[0], " | ".join(r[1:])] for r in s["table"]]
    if run.error:
        rows.append(["error", run.error])
    for key, side in run.sources.items():
        rows.append([f"side {key}", side.get("sha256", f"kozyr {side.get('kozyr')} {side.get('commit') or ''}")])
    print_table(f"kozyr queue: run {run.id}: {run.game} {run.kind}: {run.a} vs {run.b}", ["measure", "value"], rows)
    if s.get("share"):
        print()
        print(s["share"])
    return 0


def _cancel(args: argparse.Namespace) -> int:
    with _store(args) as store:
        run = store.cancel(args.run)
    print(f"kozyr queue: run {run.id} cancelled")
    return 0


# -- the parser ------------------------------------------------------------------------------------------
def _durak_options(p: argparse.ArgumentParser) -> None:
    from kozyr.cli.durak import setting

    p.add_argument("--set", action="append", type=setting, metavar="NAME=VALUE", help="a setting of rung side a")
    p.add_argument("--vs-set", action="append", type=setting, metavar="NAME=VALUE", help="a setting of rung side b")
    durak_sides.add_knob_options(p)       # --bot-set, --vs-bot-set and --timeout
    p.add_argument("--seed", default="queue", help="the run's seed text (default 'queue'); batch k deals <seed>/k")
    p.add_argument("--workers", type=positive, default=1, help="threads playing each batch (default 1)")


def _store_option(p: argparse.ArgumentParser) -> None:
    from kozyr.queue.store import DEFAULT_STORE

    p.add_argument("--store", default=DEFAULT_STORE, metavar="FILE",
                   help=f"the queue's SQLite file (default ./{DEFAULT_STORE})")


def register(subparsers: Any) -> None:
    """Add `queue` and its subcommands to the `kozyr` parser."""
    from kozyr.cli.durak_tune import _param_text, _seed
    from kozyr.queue.store import DEFAULT_KEEP

    q = subparsers.add_parser("queue", help="queue sequential tests, ladders and tunings; run them unattended",
                              description="A queue of runs kept in a SQLite file: add runs, work through them "
                                          "(resumable: each batch is committed as it completes), list, show, "
                                          "cancel; `kozyr serve --queue FILE` shows them in the browser.")
    sub = q.add_subparsers(dest="queue_command", metavar="{add,run,ls,show,cancel}", required=True)
    add = sub.add_parser("add", help="queue a run")
    kinds = add.add_subparsers(dest="kind", metavar="{sprt,ladder,tune,pref-sprt,pref-ladder}", required=True)

    p = kinds.add_parser("sprt", help="durak: is CANDIDATE stronger than FIELD? a sequential test on deal pairs")
    p.add_argument("a", type=durak_sides.side, metavar="CANDIDATE", help=f"side a: {durak_sides.SIDE_HELP}")
    p.add_argument("b", type=durak_sides.side, metavar="FIELD", help="side b")
    p.add_argument("--elo0", type=float, default=0.0, help="Elo of H0 (default 0)")
    p.add_argument("--elo1", type=float, default=5.0, help="Elo of H1 (default 5)")
    p.add_argument("--alpha", type=float, default=0.05)
    p.add_argument("--beta", type=float, default=0.05)
    p.add_argument("--model", choices=("normalized", "logistic"), default="normalized")
    p.add_argument("--batch", type=positive, default=10_000, help="deals a batch: a look at the LLR, a commit")
    p.add_argument("--max-deals", type=positive, default=1_000_000, help="stop undecided after this many deals")
    p.add_argument("--against", action="append", type=durak_sides.side, metavar="SIDE",
                   help="a gauntlet (repeatable, up to 16): CANDIDATE and FIELD each play these on the same deal "
                        "pairs, and the test asks whether CANDIDATE does better against them")
    add_rules_options(p)
    _durak_options(p)
    _store_option(p)
    p.set_defaults(func=_add_sprt, parser=p)

    p = kinds.add_parser("ladder", help="durak: a ladder of deal pairs between two sides")
    p.add_argument("a", type=durak_sides.side, metavar="A", help=f"side a: {durak_sides.SIDE_HELP}")
    p.add_argument("b", type=durak_sides.side, metavar="B", help="side b")
    p.add_argument("--deals", type=positive, default=100_000, help="deals in all, an even number")
    p.add_argument("--batch", type=positive, default=10_000, help="deals a batch (a commit)")
    _durak_options(p)
    _store_option(p)
    p.set_defaults(func=_add_ladder, parser=p)

    p = kinds.add_parser("tune", help="durak: SPSA over rung settings or your bot's knobs (one batch)")
    p.add_argument("bot", nargs="?", metavar="BOT", help="a factory of bots of yours whose knobs --param tunes")
    p.add_argument("--param", action="append", type=_param_text, metavar="NAME=START[:LOW:HIGH]")
    p.add_argument("--iterations", type=positive, default=200)
    p.add_argument("--deals-per-iteration", type=positive, default=2000)
    p.add_argument("--rung", type=int, choices=(2, 3), default=None)
    p.add_argument("--opponent", type=durak_sides.side, default=None, metavar="SIDE")
    from kozyr.cli.durak import setting

    p.add_argument("--set", action="append", type=setting, metavar="NAME=VALUE")
    p.add_argument("--bot-set", action="append", type=durak_sides.knob, metavar="KNOB=VALUE")
    p.add_argument("--seed", type=_seed, default=1)
    p.add_argument("--workers", type=positive, default=1)
    durak_sides.add_timeout(p)
    _store_option(p)
    p.set_defaults(func=_add_tune, parser=p)

    p = kinds.add_parser("pref-sprt", help="preferans: a sequential test of CANDIDATE against FIELD in whists")
    p.add_argument("candidate", metavar="CANDIDATE")
    p.add_argument("field", metavar="FIELD")
    p.add_argument("--delta0", type=float, default=0.0)
    p.add_argument("--delta1", type=float, default=10.0)
    p.add_argument("--alpha", type=float, default=0.05)
    p.add_argument("--beta", type=float, default=0.05)
    p.add_argument("--max-deals", type=positive, default=2000)
    p.add_argument("--min-deals", type=positive, default=30)
    p.add_argument("--batch", type=positive, default=20, help="deals a batch (six seatings each)")
    p.add_argument("--first", type=positive, default=1)
    _store_option(p)
    p.set_defaults(func=_add_pref_sprt, parser=p)

    p = kinds.add_parser("pref-ladder", help="preferans: three sides on duplicate deals")
    for name in ("a", "b", "c"):
        p.add_argument(name, metavar=name.upper())
    p.add_argument("--deals", type=positive, default=100)
    p.add_argument("--batch", type=positive, default=20)
    p.add_argument("--first", type=positive, default=1)
    p.add_argument("--convention", default="sochi")
    _store_option(p)
    p.set_defaults(func=_add_pref_ladder, parser=p)

    p = sub.add_parser("run", help="work through the queue (Ctrl-C stops; the next run resumes)")
    p.add_argument("--once", action="store_true", help="one run, then stop")
    p.add_argument("--run", type=positive, default=None, metavar="RUN", help="only this run")
    p.add_argument("--keep", type=count, default=DEFAULT_KEEP,
                   help=f"finished runs whose per-batch rows are kept (default {DEFAULT_KEEP}); older ones keep their "
                        "totals and LLR history")
    p.add_argument("--workers", type=positive, default=1, help=argparse.SUPPRESS)
    _cluster.add_options(p)
    _store_option(p)
    p.set_defaults(func=_run, parser=p)

    p = sub.add_parser("ls", help="the queue (--all: every run)")
    p.add_argument("--all", action="store_true")
    p.add_argument("--bot", metavar="TEXT", help="runs whose side names contain TEXT")
    p.add_argument("--result", choices=("H0", "H1", "none", "played", "cancelled", "failed"))
    p.add_argument("--json", action="store_true")
    _store_option(p)
    p.set_defaults(func=_ls, parser=p)

    p = sub.add_parser("show", help="one run: its figures and the block to paste")
    p.add_argument("run", metavar="RUN")
    p.add_argument("--link", metavar="URL", help="the runs page's address (kozyr serve's), for the permalink")
    p.add_argument("--json", action="store_true")
    _store_option(p)
    p.set_defaults(func=_show, parser=p)

    p = sub.add_parser("cancel", help="cancel a queued or running run")
    p.add_argument("run", metavar="RUN")
    _store_option(p)
    p.set_defaults(func=_cancel, parser=p)


