"""What a queued run plays, batch by batch: durak's sequential test, ladder and SPSA, preferans' test and ladder.

Each kind is three functions over JSON-ready values, so that a run's state
is its spec and the payloads of its committed batches:

- `play(spec, k, client)` plays batch k (0, 1, ...) and returns its payload
  and its deals. Batch k's deals are fixed by the run's seed and k alone
  (`batch_seed`: the ladder seed `<seed>/<k>` for durak, the deal numbers
  `first + k * batch ..` for preferans), so a run resumed after a crash plays
  the same deals as one never stopped, and reaches the same counts.
- `merge(totals, payload)` adds a batch to the run's totals (None: none yet).
- `verdict(spec, totals)` is (LLR or None, result or None): a result ends the
  run (H0, H1, none for a test that reached its limit, or "played" for a
  ladder or a tuning run that has played all it was asked).

The games' own libraries play and judge: `kozyr.durak.sprt` (one batch, on
the batch's seed), `kozyr.durak.ladder.ladder`, `kozyr.durak.spsa`,
`kozyr.stats.decide` / `kozyr.durak.tuning.share` for the LLR and the text
block, `kozyr.preferans.sprt` / `ScoreSPRT` and `kozyr.preferans.ladder`;
nothing here computes a statistic of its own.

A tuning run is one batch: SPSA's iterations each start from the last one's
estimate, so the run cannot be cut into batches of independent deals; it is
committed when it completes, and a crash replays it from its start (its seed
fixes it, so the result is the same).
"""
from __future__ import annotations

import dataclasses
import hashlib
import inspect
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kozyr import __version__
from kozyr._provenance import commit
from kozyr.errors import KozyrError, shown

__all__ = ["KINDS", "Kind", "batch_seed", "side_source", "durak_side", "summary", "MAX_SEED"]

MAX_SEED = 36          # a run's seed text, so that `<seed>/<k>` fits a durak ladder seed (47 characters)


def batch_seed(seed: str, k: int) -> str:
    """Batch k's durak ladder seed: `<seed>/<k>`."""
    return f"{seed}/{k}"


# -- sides and their provenance ------------------------------------------------------------------------
def side_source(side: dict[str, Any]) -> dict[str, Any]:
    """What a run stores of a side: its name and settings, and the SHA-256 of the source that plays it (the
    user's module or file; kozyr's version and commit for a built-in rung), so a result says what was tested."""
    out = dict(side)
    spec = side.get("bot")
    if spec is None:
        out["kozyr"] = __version__
        out["commit"] = commit()
        return out
    from kozyr.durak.bots.userbots import load

    obj = load(spec)                                  # bad_bot: one line, nothing queued
    out["source"], out["sha256"] = _source_hash(obj, spec)
    return out


def _source_hash(obj: Any, spec: str) -> tuple[str, str]:
    where = spec.rpartition(":")[0]
    path: str | None = where if where.endswith(".py") else None
    if path is None:
        module = sys.modules.get(getattr(obj, "__module__", "") or "")
        path = getattr(module, "__file__", None)
    if path is None:
        try:
            path = inspect.getsourcefile(obj)
        except TypeError:
            path = None
    if path is None or not Path(path).is_file():
        raise KozyrError("no_source", f"{spec}: its source file cannot be found, so a run could not say what it "
                         "tested", field="bot", value=spec)
    data = Path(path).read_bytes()
    return str(Path(path).resolve()), hashlib.sha256(data).hexdigest()


def changed_source(sources: dict[str, Any]) -> str | None:
    """The first side whose source no longer has the hash stored when the run was queued, as a line; None."""
    for key, side in sources.items():
        if isinstance(side, dict) and side.get("sha256"):
            try:
                now = side_source(side).get("sha256")
            except KozyrError as e:
                return f"side {key} ({side.get('bot')}) no longer loads: {e.detail}"
            if now != side["sha256"]:
                return (f"the source of side {key} ({side.get('bot')}) changed since the run was queued "
                        f"(sha256 {side['sha256'][:12]} then, {str(now)[:12]} now): queue it again")
    return None


def durak_side(side: dict[str, Any]) -> Any:
    """The library's side for a stored durak side: a rung int, or a `BotSpec` with its knobs."""
    if "rung" in side:
        return int(side["rung"])
    from kozyr.durak.bots.userbots import BotSpec

    return BotSpec(side["bot"], dict(side.get("knobs") or {}))


def side_name(side: dict[str, Any]) -> str:
    """A side as the queue names it: `rung 3` (with its changed settings), or the bot's text and knobs."""
    if "rung" in side:
        extra = side.get("params") or {}
        name = f"rung {side['rung']}"
    elif "pref" in side:
        return str(side["pref"])
    else:
        extra = side.get("knobs") or {}
        name = str(side["bot"])
    return name + (f"({', '.join(f'{k}={v}' for k, v in sorted(extra.items()))})" if extra else "")


def _params(side: dict[str, Any]) -> Any:
    return side.get("params") or None if "rung" in side else None


# -- the kinds ---------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Kind:
    game: str
    kind: str
    play: Callable[[dict[str, Any], int, Any], tuple[dict[str, Any], int]]
    merge: Callable[[dict[str, Any] | None, dict[str, Any]], dict[str, Any]]
    verdict: Callable[[dict[str, Any], dict[str, Any]], tuple[float | None, str | None]]


def _add_lists(a: list[Any], b: list[Any]) -> list[Any]:
    return [x + y for x, y in zip(a, b, strict=True)]


# durak sprt ---------------------------------------------------------------------------------------------
def _durak_sprt_play(spec: dict[str, Any], k: int, client: Any) -> tuple[dict[str, Any], int]:
    from kozyr.durak import sprt

    a, b = spec["sides"]["a"], spec["sides"]["b"]
    size = spec["batch"]
    against = [durak_side(x) for x in spec["against"]] if spec.get("against") else None
    r = sprt(durak_side(a), durak_side(b), spec["elo0"], spec["elo1"], alpha=spec["alpha"], beta=spec["beta"],
             model=spec["model"], batch=size, max_deals=size, seed=batch_seed(spec["seed"], k), deal=spec["deal"],
             params_a=_params(a), params_b=_params(b), client=client,
             timeout=spec.get("timeout"), workers=spec.get("workers", 1), rules=_rules(spec), against=against)
    return {"counts": list(r.counts), "a_fools": r.a_fool.hits, "b_fools": r.b_fool.hits, "draws": r.draw.hits,
            "group": r.test.group, "deals": r.deals}, r.deals


def _rules(spec: dict[str, Any]) -> Any:
    """A run's table (None: the two-seat game)."""
    if spec.get("rules") is None:
        return None
    from kozyr.durak import Rules

    return Rules.of(spec["rules"])


def _durak_sprt_merge(totals: dict[str, Any] | None, p: dict[str, Any]) -> dict[str, Any]:
    if totals is None:
        return dict(p)
    return {"counts": _add_lists(totals["counts"], p["counts"]), "a_fools": totals["a_fools"] + p["a_fools"],
            "b_fools": totals["b_fools"] + p["b_fools"], "draws": totals["draws"] + p["draws"], "group": p["group"],
            "deals": totals["deals"] + p["deals"]}


def durak_test(spec: dict[str, Any], totals: dict[str, Any]) -> Any:
    """The sequential test's state on the merged counts (`kozyr.stats.decide`: the library's GSPRT)."""
    from kozyr.stats import decide

    return decide(totals["counts"], spec["elo0"], spec["elo1"], alpha=spec["alpha"], beta=spec["beta"],
                  model=spec["model"], group=totals.get("group"))


def _deals_of(totals: dict[str, Any]) -> int:
    return int(totals["deals"])


def _durak_sprt_verdict(spec: dict[str, Any], totals: dict[str, Any]) -> tuple[float | None, str | None]:
    test = durak_test(spec, totals)
    if test.decision != "none":
        return test.llr, test.decision
    return test.llr, "none" if _deals_of(totals) >= spec["max_deals"] else None


# durak ladder ---------------------------------------------------------------------------------------------
def _durak_ladder_play(spec: dict[str, Any], k: int, client: Any) -> tuple[dict[str, Any], int]:
    from kozyr.durak import ladder as ladders
    from kozyr.durak.bots.sides import resolve

    a, b = spec["sides"]["a"], spec["sides"]["b"]
    size = min(spec["batch"], spec["deals"] - k * spec["batch"])
    r = ladders.ladder(resolve(durak_side(a), _params(a)), resolve(durak_side(b), _params(b)), size,
                       batch_seed(spec["seed"], k), deal=spec["deal"], pairs=True, client=client,
                       timeout=spec.get("timeout"), workers=spec.get("workers", 1))
    return {"counts": list(r.pairs), "a_fools": r.a_fools, "b_fools": r.b_fools, "draws": r.draws,
            "moves": int(r.moves.sum()), "group": 2, "deals": r.deals}, r.deals


def _durak_ladder_merge(totals: dict[str, Any] | None, p: dict[str, Any]) -> dict[str, Any]:
    out = _durak_sprt_merge(totals, p)
    out["moves"] = (0 if totals is None else totals["moves"]) + p["moves"]
    return out


def _durak_ladder_verdict(spec: dict[str, Any], totals: dict[str, Any]) -> tuple[float | None, str | None]:
    return None, "played" if _deals_of(totals) >= spec["deals"] else None


# durak tune -------------------------------------------------------------------------------------------------
def _durak_tune_play(spec: dict[str, Any], k: int, client: Any) -> tuple[dict[str, Any], int]:
    from kozyr.durak import spsa

    t = spec["tune"]
    what: Any = t["names"] if t.get("bot") is None else durak_side({"bot": t["bot"], "knobs": t.get("fixed") or {}})
    opponent = None if t.get("opponent") is None else durak_side(t["opponent"])
    r = spsa(what, t["start"], iterations=t["iterations"], deals_per_iteration=t["deals_per_iteration"],
             opponent=opponent, seed=t["seed"], rung=t.get("rung"), base=t.get("base") if t.get("bot") is None
             else None, lower=t["lower"], upper=t["upper"], client=client, workers=spec.get("workers", 1),
             timeout=spec.get("timeout"))
    final = {n: (getattr(r.params, n) if not isinstance(r.params, dict) else r.params[n]) for n in t["start"]}
    trajectory = [{"k": s["k"], "theta": s["theta"], "result": s["result"]} for s in r.spsa.trajectory]
    return {"final": final, "theta": r.spsa.theta, "trajectory": trajectory, "deals": r.deals,
            "opponent": r.opponent}, r.deals


def _tune_merge(totals: dict[str, Any] | None, p: dict[str, Any]) -> dict[str, Any]:
    return dict(p)


def _tune_verdict(spec: dict[str, Any], totals: dict[str, Any]) -> tuple[float | None, str | None]:
    return None, "played"


# preferans sprt -------------------------------------------------------------------------------------------
def _pref_sprt_play(spec: dict[str, Any], k: int, client: Any) -> tuple[dict[str, Any], int]:
    from kozyr.preferans.sprt import sprt

    size = spec["batch"]
    gains: list[float] = []
    seen = [0.0]

    def each(test: Any) -> None:     # the running total after every deal: the deal's gain is its step
        gains.append(test.total - seen[0])
        seen[0] = test.total

    out = sprt(spec["candidate"], spec["field"], delta0=spec["delta0"], delta1=spec["delta1"], alpha=spec["alpha"],
               beta=spec["beta"], max_deals=size, min_deals=size + 1, first=spec["first"] + k * size, progress=each)
    if out.stopped:
        raise KeyboardInterrupt(f"interrupted in batch {k}: not committed")
    return {"gains": gains}, len(gains)


def pref_test(spec: dict[str, Any], totals: dict[str, Any]) -> Any:
    """Preferans' running test (`ScoreSPRT`) fed the run's per-deal gains in order, stopping at its decision."""
    from kozyr.preferans.sprt import ScoreSPRT

    test = ScoreSPRT(spec["delta0"], spec["delta1"], alpha=spec["alpha"], beta=spec["beta"],
                     min_deals=spec["min_deals"], max_deals=spec["max_deals"])
    for g in totals["gains"]:
        if test.update(g) is not None:
            break
    return test


def _pref_sprt_merge(totals: dict[str, Any] | None, p: dict[str, Any]) -> dict[str, Any]:
    return {"gains": (totals or {"gains": []})["gains"] + p["gains"]}


def _pref_sprt_verdict(spec: dict[str, Any], totals: dict[str, Any]) -> tuple[float | None, str | None]:
    test = pref_test(spec, totals)
    decision = {"undecided": "none"}.get(test.decision or "", test.decision)
    return test.llr, decision


# preferans ladder -----------------------------------------------------------------------------------------
def _pref_ladder_play(spec: dict[str, Any], k: int, client: Any) -> tuple[dict[str, Any], int]:
    from kozyr.preferans.ladder import ladder

    size = min(spec["batch"], spec["deals"] - k * spec["batch"])
    a, b, c = spec["sides3"]
    r = ladder(a, b, c, deals=size, first=spec["first"] + k * spec["batch"], convention=spec["convention"])
    if r.stopped:
        raise KeyboardInterrupt(f"interrupted in batch {k}: not committed")
    return {"sides": list(r.sides), "stats": [dataclasses.asdict(s) for s in r.stats], "deals": r.deals,
            "games": r.games, "raspasy": r.raspasy, "outcomes": dict(r.outcomes)}, r.deals


def pref_ladder_result(totals: dict[str, Any]) -> Any:
    """The merged totals as preferans' own `LadderResult` (its table and intervals)."""
    from kozyr.preferans.ladder import LadderResult, SideStats

    return LadderResult(tuple(totals["sides"]), [SideStats(**s) for s in totals["stats"]], deals=totals["deals"],
                        games=totals["games"], raspasy=totals["raspasy"], outcomes=dict(totals["outcomes"]))


def _pref_ladder_merge(totals: dict[str, Any] | None, p: dict[str, Any]) -> dict[str, Any]:
    if totals is None:
        return dict(p)
    merged, more = pref_ladder_result(totals), pref_ladder_result(p)
    for mine, theirs in zip(merged.stats, more.stats, strict=True):
        mine.add(theirs)                                  # the library's own sum of a side's tallies
    outcomes = dict(merged.outcomes)
    for k, v in more.outcomes.items():
        outcomes[k] = outcomes.get(k, 0) + v
    return {"sides": list(merged.sides), "stats": [dataclasses.asdict(s) for s in merged.stats],
            "deals": merged.deals + more.deals, "games": merged.games + more.games,
            "raspasy": merged.raspasy + more.raspasy, "outcomes": outcomes}


def _pref_ladder_verdict(spec: dict[str, Any], totals: dict[str, Any]) -> tuple[float | None, str | None]:
    return None, "played" if totals["deals"] >= spec["deals"] else None


KINDS: dict[str, Kind] = {f"{k.game} {k.kind}": k for k in (
    Kind("durak", "sprt", _durak_sprt_play, _durak_sprt_merge, _durak_sprt_verdict),
    Kind("durak", "ladder", _durak_ladder_play, _durak_ladder_merge, _durak_ladder_verdict),
    Kind("durak", "tune", _durak_tune_play, _tune_merge, _tune_verdict),
    Kind("preferans", "sprt", _pref_sprt_play, _pref_sprt_merge, _pref_sprt_verdict),
    Kind("preferans", "ladder", _pref_ladder_play, _pref_ladder_merge, _pref_ladder_verdict),
)}


def kind_of(game: str, kind: str) -> Kind:
    found = KINDS.get(f"{game} {kind}")
    if found is None:
        raise KozyrError("bad_run_kind", f"{shown(game)} {shown(kind)} is not a kind of run the queue plays",
                         field="kind", value=kind)
    return found


# -- what a run shows ---------------------------------------------------------------------------------------
def summary(run: Any, link: str | None = None) -> dict[str, Any]:
    """A run's figures, JSON-ready, for `kozyr queue show` and the runs page: for a test its counts, LLR and
    bounds, the decision, Elo (logistic and normalized) with intervals and the share() block (with `link`)."""
    spec, totals = run.spec, run.totals
    out: dict[str, Any] = {"id": run.id, "game": run.game, "kind": run.kind, "a": run.a, "b": run.b,
                           "state": run.state, "result": run.result, "error": run.error, "batches": run.batches,
                           "deals": run.deals, "llr": run.llr, "history": run.history, "spec": spec,
                           "sources": run.sources, "created": run.created, "started": run.started,
                           "finished": run.finished, "owner": run.owner}
    if run.game == "durak" and run.kind in ("sprt", "ladder"):
        from kozyr.stats import elo_estimate, normalized_elo, sprt_bounds

        if run.kind == "sprt":
            out["bounds"] = list(sprt_bounds(spec["alpha"], spec["beta"]))
        if totals:
            out["counts"] = totals["counts"]
            deals = _deals_of(totals)
            out["fools"] = {"a": totals["a_fools"], "b": totals["b_fools"], "draws": totals["draws"]}
            group = totals.get("group")
            ne = normalized_elo(totals["counts"], group)
            out["normalized"] = ne.as_dict()
            out["estimate"] = elo_estimate(totals["counts"]).as_dict()
            if run.kind == "sprt":
                from kozyr.durak.tuning import share

                test = durak_test(spec, totals)
                against = tuple(side_name(x) for x in spec.get("against") or ())
                text = share(test, a=run.a, b=run.b, deals=deals, seed=spec["seed"], deal=spec["deal"],
                             rules=_rules(spec), against=against)
                out["share"] = text + (f"\n{link}" if link else "")
    elif run.game == "preferans" and run.kind == "sprt" and totals:
        test = pref_test(spec, totals)
        out["bounds"] = [test.lower, test.upper]
        out["mean"] = test.mean
        out["deals_used"] = test.n
    elif run.game == "preferans" and run.kind == "ladder" and totals:
        r = pref_ladder_result(totals)
        out["table"] = r.table()
    elif run.kind == "tune" and totals:
        out["final"] = totals["final"]
        out["theta"] = totals["theta"]
    return out
