"""Train the learned rung (kozyr.durak.learn.learned): distil rung 4, improve by expert iteration, then by PPO.

    pip install -e ".[train,plot]"
    python benchmarks/train_learned.py --out runs/learned            # the full recipe (about 45 min, one core)
    python benchmarks/train_learned.py --out runs/small --small      # a small policy in minutes
    python benchmarks/train_learned.py --plot runs/learned --png docs/images/learned_curve.png

The recipe, every stage on one CPU core (`torch.set_num_threads(1)`):

1. **Distil** rung 4 (`Rung4Bot`, the search bot): deals are played by rung 4 and
   rung 3 (a little noise for coverage), and every decision with a choice is
   labelled with rung 4's move on that seat's view. A 270 -> 256 -> 128 -> 76 ReLU
   network is fitted to the labels (cross-entropy over the legal actions).
2. **Expert iteration** (DAgger): the network plays (against itself and rung 3),
   rung 4 labels the decisions the network met, the data grow and the network is
   fitted again. This is the step a search-distilled policy needs most: it learns
   what rung 4 would do in the positions its own play leads to.
3. **PPO** with action masks in the batched C environment (`DurakVecEnv`) against a
   pool of opponents (rungs 2 and 3, and the tuned rung 3), a separate value
   network, reward +1 / -1 at the deal's end.

A stage's network is kept only if kozyr's sequential test (`kozyr.durak.sprt`,
normalized Elo bounds [0, 5], deal pairs) accepts it as stronger than the kept one;
the kept network is the result. After every stage the kept network is measured
against rungs 2 and 3 on deal pairs (the curve's points, with 2-sigma intervals).

Everything is counted, not timed (labels, epochs, updates), so the same seed gives
the same weights on the same library versions (`--budget` is only a safety cap that
stops early and says so). Outputs in `--out`: `log.jsonl` (one line an event),
`stageN.npz` (each stage's network), `learned.npz` (the kept one, in the format
`kozyr.durak.learn.learned.load` reads).
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Any

import numpy as np

from kozyr.durak import Game, Rung4Bot, sprt
from kozyr.durak.bots.bot import Bot
from kozyr.durak.bots.panel import spsa3
from kozyr.durak.ladder import ladder
from kozyr.durak.learn.encoding import N_ACTIONS, OBS_SIZE, action_of, observe
from kozyr.durak.learn.learned import LearnedBot, Weights, save


@dataclass(frozen=True, kw_only=True)
class Config:
    """The recipe's counts (the defaults are the shipped run's)."""

    seed: int = 26
    hidden: tuple[int, ...] = (256, 128)
    distil_labels: int = 400_000        # rung-4 labels of stage 1
    dagger_rounds: int = 1
    dagger_labels: int = 120_000        # rung-4 labels each round
    epochs: int = 8                     # passes over the data at each fit
    batch: int = 512
    lr: float = 1e-3
    tau: float = 0.03                   # the soft target's temperature (fool probabilities); 0: hard labels
    noise: float = 0.05                 # the behaviour's random moves (coverage), stage 1
    ppo_updates: int = 4000
    ppo_envs: int = 128
    ppo_steps: int = 32                 # steps per env per update
    ppo_lr: float = 1e-4
    ppo_epochs: int = 3
    ppo_clip: float = 0.2
    ppo_every: int = 500                # updates between gates
    eval_pairs: int = 3_000             # deal pairs against rungs 2 and 3 at each point of the curve
    gate_max_deals: int = 40_000
    budget: float = 50 * 60             # seconds: a safety cap (stops early, and says so)


SMALL = Config(distil_labels=60_000, dagger_rounds=0, ppo_updates=600, ppo_every=300, eval_pairs=2_000,
               gate_max_deals=20_000, budget=15 * 60)
TINY = Config(hidden=(16,), distil_labels=300, dagger_rounds=1, dagger_labels=200, epochs=1, ppo_updates=2,
              ppo_envs=8, ppo_steps=8, ppo_every=1, eval_pairs=50, gate_max_deals=200, budget=120)


def _torch() -> Any:
    import torch

    torch.set_num_threads(1)
    return torch


class Log:
    """Events as JSON lines (and a short line on the terminal)."""

    def __init__(self, path: Path | None, quiet: bool = False) -> None:
        self.path, self.quiet, self.t0 = path, quiet, time.monotonic()

    def __call__(self, event: str, **fields: Any) -> dict[str, Any]:
        row = {"event": event, "t": round(time.monotonic() - self.t0, 2), **fields}
        if self.path is not None:
            with open(self.path, "a") as f:
                f.write(json.dumps(row) + "\n")
        if not self.quiet:
            print(json.dumps(row), flush=True)
        return row


# -- data: deals played by a behaviour, every choice labelled by rung 4 ------------------------------------

def collect(n_labels: int, players: list[Any], seed: int, *, noise: float = 0.0, progress: Any = None,
            task: Any = None) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """(obs, masks, labels, fools) of `n_labels` decisions with more than one legal move, from deals
    `Game.from_rng(seed + i)` played by pairs of `players` (callables view -> Move, or "teacher": rung 4
    itself; each pair drawn at random, seats at random), every such decision labelled with rung 4's
    search: its move (labels) and each legal move's estimated fool probability, a draw counting half
    (fools, float32 [n, 76], 1 where not legal)."""
    rng = np.random.default_rng(seed)
    teacher = Rung4Bot(f"teacher-{seed}")
    obs = np.zeros((n_labels, OBS_SIZE), dtype=np.float32)
    masks = np.zeros((n_labels, N_ACTIONS), dtype=np.uint8)
    labels = np.zeros(n_labels, dtype=np.int64)
    fools = np.ones((n_labels, N_ACTIONS), dtype=np.float32)
    n = 0
    deal = 0
    while n < n_labels:
        game = Game.from_rng(seed * 1_000_003 + deal)
        deal += 1
        pair = [players[int(rng.integers(len(players)))], players[int(rng.integers(len(players)))]]
        while not game.over and n < n_labels:
            seat = game.turn
            view = game.view(seat)
            legal = view.legal
            if len(legal) > 1:
                observe(view, obs[n], masks[n])
                analysis = teacher.analyse(view)
                label = analysis.best
                labels[n] = action_of(label)
                for e in analysis.estimates:
                    fools[n, action_of(e.move)] = e.fool + e.draw / 2
                n += 1
                if progress is not None:
                    progress.advance(task)
                player = pair[seat]
                move = label if player == "teacher" else player(view)
                if noise and rng.random() < noise:
                    move = legal[int(rng.integers(len(legal)))]
            else:
                move = legal[0]
            game.apply(seat, move)
    return obs, masks, labels, fools


# -- the network ---------------------------------------------------------------------------------------

def make_net(hidden: tuple[int, ...], seed: int) -> Any:
    torch = _torch()
    torch.manual_seed(seed)
    sizes = (OBS_SIZE, *hidden, N_ACTIONS)
    layers: list[Any] = []
    for k in range(len(sizes) - 1):
        layers.append(torch.nn.Linear(sizes[k], sizes[k + 1]))
        if k < len(sizes) - 2:
            layers.append(torch.nn.ReLU())
    return torch.nn.Sequential(*layers)


def net_of(weights: Weights) -> Any:
    """A torch network holding `weights` (to continue from a kept file)."""
    torch = _torch()
    net = make_net(weights.sizes[1:-1], 0)
    linear = [m for m in net if isinstance(m, torch.nn.Linear)]
    with torch.no_grad():
        for m, (w, b) in zip(linear, weights.layers):
            m.weight.copy_(torch.from_numpy(w.T.copy()))
            m.bias.copy_(torch.from_numpy(b))
    return net


def weights_of(net: Any) -> Weights:
    """The network as kozyr's Weights (w input-major: torch's Linear holds (out, in))."""
    torch = _torch()
    linear = [m for m in net if isinstance(m, torch.nn.Linear)]
    return Weights(tuple((np.ascontiguousarray(m.weight.detach().numpy().T, dtype=np.float32),
                          np.ascontiguousarray(m.bias.detach().numpy(), dtype=np.float32)) for m in linear))


def masked(logits: Any, mask: Any) -> Any:
    return logits.masked_fill(mask == 0, -1e9)


def fit(net: Any, data: tuple[np.ndarray, ...], *, epochs: int, batch: int, lr: float, tau: float,
        seed: int, progress: Any = None, task: Any = None) -> float:
    """Fit the network to rung 4's search (cross-entropy over the legal actions against the soft target
    softmax(-fool / tau): the search's estimates, so near-equal moves share the weight and its noise
    averages out over similar positions; tau 0: its move alone); the last epoch's agreement with its move."""
    torch = _torch()
    obs, masks, labels, fools = (torch.from_numpy(a) for a in data)
    gen = torch.Generator().manual_seed(seed)
    opt = torch.optim.Adam(net.parameters(), lr=lr)
    n = len(labels)
    acc = 0.0
    for epoch in range(epochs):
        order = torch.randperm(n, generator=gen)
        hits = 0
        for g in opt.param_groups:
            g["lr"] = lr * (0.5 * (1 + np.cos(np.pi * epoch / max(1, epochs))))
        for start in range(0, n, batch):
            idx = order[start:start + batch]
            out = masked(net(obs[idx]), masks[idx])
            if tau > 0:
                target = torch.softmax(masked(-fools[idx] / tau, masks[idx]), dim=1)
                loss = torch.nn.functional.cross_entropy(out, target)
            else:
                loss = torch.nn.functional.cross_entropy(out, labels[idx])
            opt.zero_grad()
            loss.backward()
            opt.step()
            hits += int((out.argmax(1) == labels[idx]).sum())
        acc = hits / n
        if progress is not None:
            progress.advance(task)
    return acc


# -- measuring -----------------------------------------------------------------------------------------

def measure(bot: LearnedBot, pairs: int, seed: int) -> dict[str, Any]:
    """The fool rate of decided deals against rungs 2 and 3 on `pairs` deal pairs each, with 2-sigma
    intervals."""
    out: dict[str, Any] = {}
    for rung in (2, 3):
        r = ladder(bot, rung, deals=2 * pairs, seed=f"learned-eval-{seed}", pairs=True)
        rate = r.a_fool_decided
        out[f"vs{rung}"] = {"rate": rate.rate, "low": rate.low, "high": rate.high,
                            "decided": r.a_fools + r.b_fools, "deals": r.deals}
    return out


def gate(candidate: LearnedBot, kept: LearnedBot | None, max_deals: int, seed: int) -> dict[str, Any]:
    """kozyr's sequential test of the candidate against the kept network (H1: normalized Elo bounds
    [0, 5] on deal pairs); no kept network: accepted."""
    if kept is None:
        return {"decision": "H1", "deals": 0, "first": True}
    rep = sprt(candidate, kept, 0, 5, model="normalized", max_deals=max_deals, seed=f"learned-gate-{seed}")
    return {"decision": rep.decision, "deals": rep.deals, "counts": list(rep.counts),
            "estimate": rep.estimate.as_dict()}


# -- PPO in the batched environment --------------------------------------------------------------------

class PPO:
    """PPO with action masks in DurakVecEnv against a pool: rungs 2 and 3, the tuned rung 3 and the kept
    network (a native opponent in C: the learner meets its best self so far), an equal share of the envs
    each; a separate value network; the policy network is changed in place. The state (value network,
    optimiser, envs) lasts across `run` calls."""

    def __init__(self, net: Any, cfg: Config, seed: int) -> None:
        torch = _torch()
        from kozyr.durak.learn.vecenv import DurakVecEnv

        torch.manual_seed(seed)
        self.torch, self.Env, self.net, self.cfg, self.seed = torch, DurakVecEnv, net, cfg, seed
        self.pool: list[Any] = [2, 3, spsa3]
        self.per = max(1, cfg.ppo_envs // (len(self.pool) + 1))
        self.envs = [DurakVecEnv(self.per, opponent=o, seed=seed * 7 + k) for k, o in enumerate(self.pool)]
        self.made = len(self.envs)
        self.value = torch.nn.Sequential(torch.nn.Linear(OBS_SIZE, 128), torch.nn.ReLU(), torch.nn.Linear(128, 1))
        self.opt = torch.optim.Adam([{"params": net.parameters(), "lr": cfg.ppo_lr},
                                     {"params": self.value.parameters(), "lr": 1e-3}])
        self.updates = 0

    def opponent(self, kept: LearnedBot) -> None:
        """The pool's last share plays the kept network from now on."""
        env = self.Env(self.per, opponent=kept, seed=self.seed * 7 + self.made)
        self.made += 1
        self.envs = self.envs[:len(self.pool)] + [env]

    def run(self, updates: int, log: Log, progress: Any = None, task: Any = None) -> None:
        torch, cfg, net, value, envs = self.torch, self.cfg, self.net, self.value, self.envs
        n = self.per * len(envs)
        T = cfg.ppo_steps
        wins = 0.0
        games = 0
        for _ in range(updates):
            obs_b = np.zeros((T, n, OBS_SIZE), dtype=np.float32)
            mask_b = np.zeros((T, n, N_ACTIONS), dtype=np.uint8)
            act_b = np.zeros((T, n), dtype=np.int64)
            logp_b = np.zeros((T, n), dtype=np.float32)
            rew_b = np.zeros((T, n), dtype=np.float32)
            done_b = np.zeros((T, n), dtype=np.float32)
            val_b = np.zeros((T + 1, n), dtype=np.float32)
            with torch.no_grad():
                for t in range(T):
                    o = np.concatenate([e.observations for e in envs])
                    m = np.concatenate([e.masks for e in envs])
                    ot = torch.from_numpy(o)
                    dist = torch.distributions.Categorical(logits=masked(net(ot), torch.from_numpy(m)))
                    a = dist.sample()
                    obs_b[t], mask_b[t], act_b[t] = o, m, a.numpy()
                    logp_b[t] = dist.log_prob(a).numpy()
                    val_b[t] = value(ot).squeeze(1).numpy()
                    an = a.numpy()
                    for k, e in enumerate(envs):
                        e.step(an[k * self.per:(k + 1) * self.per])
                    rew_b[t] = np.concatenate([e.rewards for e in envs])
                    done_b[t] = np.concatenate([e.terminated for e in envs]).astype(np.float32)
                    games += int(done_b[t].sum())
                    wins += float((rew_b[t] > 0).sum())
                o = np.concatenate([e.observations for e in envs])
                val_b[T] = value(torch.from_numpy(o)).squeeze(1).numpy()
            adv = np.zeros((T, n), dtype=np.float32)
            last = np.zeros(n, dtype=np.float32)
            for t in reversed(range(T)):
                nonterminal = 1.0 - done_b[t]
                delta = rew_b[t] + val_b[t + 1] * nonterminal - val_b[t]
                last = delta + 0.95 * nonterminal * last
                adv[t] = last
            ret = adv + val_b[:T]
            flat = (torch.from_numpy(obs_b.reshape(T * n, -1)), torch.from_numpy(mask_b.reshape(T * n, -1)),
                    torch.from_numpy(act_b.reshape(-1)), torch.from_numpy(logp_b.reshape(-1)),
                    torch.from_numpy(adv.reshape(-1)), torch.from_numpy(ret.reshape(-1)))
            a_std = flat[4].std() + 1e-8
            gen = torch.Generator().manual_seed(self.seed + self.updates)
            for _ in range(cfg.ppo_epochs):
                order = torch.randperm(T * n, generator=gen)
                for start in range(0, T * n, 1024):
                    i = order[start:start + 1024]
                    o, m, a, lp, ad, rt = (x[i] for x in flat)
                    ad = (ad - ad.mean()) / a_std
                    dist = torch.distributions.Categorical(logits=masked(net(o), m))
                    ratio = torch.exp(dist.log_prob(a) - lp)
                    pl = -torch.min(ratio * ad, torch.clamp(ratio, 1 - cfg.ppo_clip, 1 + cfg.ppo_clip) * ad).mean()
                    vl = ((value(o).squeeze(1) - rt) ** 2).mean()
                    loss = pl + 0.5 * vl - 0.001 * dist.entropy().mean()
                    self.opt.zero_grad()
                    loss.backward()
                    torch.nn.utils.clip_grad_norm_(list(net.parameters()) + list(value.parameters()), 0.5)
                    self.opt.step()
            self.updates += 1
            if progress is not None:
                progress.advance(task)
            if self.updates % 100 == 0:
                log("ppo", update=self.updates, games=games, win_rate=wins / max(1, games))
                wins, games = 0.0, 0


# -- the recipe ----------------------------------------------------------------------------------------

def train(cfg: Config, out: Path | None, *, quiet: bool = False, bar: bool = True) -> dict[str, Any]:
    """Run the recipe; the kept network's Weights and the figures (also in out/log.jsonl)."""
    torch = _torch()
    if out is not None:
        out.mkdir(parents=True, exist_ok=True)
        (out / "log.jsonl").unlink(missing_ok=True)
    log = Log(out / "log.jsonl" if out is not None else None, quiet)
    log("start", config=asdict(cfg), torch=torch.__version__, numpy=np.__version__)
    start = time.monotonic()
    net = make_net(cfg.hidden, cfg.seed)
    kept: LearnedBot | None = None
    kept_net_state = None
    stage = 0
    data: list[tuple[np.ndarray, ...]] = []
    progress = _progress(bar and not quiet)

    def over_budget() -> bool:
        return time.monotonic() - start > cfg.budget

    def finish_stage(name: str) -> None:
        nonlocal kept, kept_net_state, stage
        stage += 1
        cand = LearnedBot(weights=weights_of(net), name=f"stage {stage}")
        if out is not None:
            save(cand.weights, out / f"stage{stage}.npz")
        g = gate(cand, kept, cfg.gate_max_deals, cfg.seed + stage)
        accepted = g["decision"] == "H1"
        if accepted:
            kept = cand
            kept_net_state = {k: v.clone() for k, v in net.state_dict().items()}
        figures = measure(cand, cfg.eval_pairs, cfg.seed)
        log("stage", stage=stage, name=name, gate=g, kept=accepted, wall=round(time.monotonic() - start, 1),
            **figures)

    with progress:
        obs_task = progress.add_task("distil: rung-4 labels", total=cfg.distil_labels)
        teacher = "teacher"
        d = collect(cfg.distil_labels, [teacher, teacher, Bot(3, "b3")], cfg.seed, noise=cfg.noise,
                    progress=progress, task=obs_task)
        data.append(d)
        log("labels", stage=1, n=len(d[2]), wall=round(time.monotonic() - start, 1))
        fit_task = progress.add_task("distil: fit", total=cfg.epochs)
        acc = fit(net, d, epochs=cfg.epochs, batch=cfg.batch, lr=cfg.lr, tau=cfg.tau, seed=cfg.seed, progress=progress,
                  task=fit_task)
        log("fit", stage=1, accuracy=acc)
        finish_stage("distil")
        for r in range(cfg.dagger_rounds):
            if over_budget():
                log("budget", note="stopped before expert iteration round", round=r + 1)
                break
            student = LearnedBot(weights=weights_of(net), name="student")
            task = progress.add_task(f"expert iteration {r + 1}: labels", total=cfg.dagger_labels)
            d = collect(cfg.dagger_labels, [student, student, Bot(3, "b3")], cfg.seed + 100 + r,
                        progress=progress, task=task)
            data.append(d)
            allx = tuple(np.concatenate([x[i] for x in data]) for i in range(4))
            task = progress.add_task(f"expert iteration {r + 1}: fit", total=cfg.epochs)
            acc = fit(net, allx, epochs=cfg.epochs, batch=cfg.batch, lr=cfg.lr * 0.5, tau=cfg.tau,
                      seed=cfg.seed + r + 1, progress=progress, task=task)
            log("fit", stage=stage + 1, accuracy=acc, data=len(allx[2]))
            finish_stage(f"expert iteration {r + 1}")
        if kept_net_state is not None:
            net.load_state_dict(kept_net_state)      # PPO starts from the kept network
        done = 0
        learner = PPO(net, cfg, cfg.seed + 1000) if cfg.ppo_updates else None
        while learner is not None and done < cfg.ppo_updates and not over_budget():
            assert kept is not None
            learner.opponent(kept)
            k = min(cfg.ppo_every, cfg.ppo_updates - done)
            task = progress.add_task(f"ppo {done + 1}-{done + k}", total=k)
            learner.run(k, log, progress, task)
            done += k
            finish_stage(f"ppo {done}")      # a dropped stage's network trains on; the kept one is shipped
        if done < cfg.ppo_updates:
            log("budget", note="stopped before the PPO updates were done", done=done)
    assert kept is not None
    if out is not None:
        save(kept.weights, out / "learned.npz")
    log("done", kept=kept.name, sha256=kept.weights.sha256(), wall=round(time.monotonic() - start, 1))
    return {"weights": kept.weights, "kept": kept.name}


def _progress(show: bool) -> Any:
    """A rich progress bar (the training script's only use of rich), or a silent stand-in."""
    if show:
        from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

        return Progress(TextColumn("{task.description}"), BarColumn(), TextColumn("{task.completed}/{task.total}"),
                        TimeElapsedColumn())

    class Quiet:
        def __enter__(self) -> Quiet:
            return self

        def __exit__(self, *exc: Any) -> None:
            return None

        def add_task(self, *a: Any, **k: Any) -> int:
            return 0

        def advance(self, *a: Any, **k: Any) -> None:
            return None

    return Quiet()


def plot(run: Path, png: Path) -> None:
    """The training curve: fool rate of decided deals against rungs 2 and 3 after each stage, over the
    run's wall time, with 2-sigma intervals."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    rows = [json.loads(line) for line in open(run / "log.jsonl")]
    stages = [r for r in rows if r["event"] == "stage"]
    fig, ax = plt.subplots(figsize=(7, 4))
    for rung, colour in ((2, "tab:blue"), (3, "tab:orange")):
        t = [r["wall"] / 60 for r in stages]
        y = [100 * r[f"vs{rung}"]["rate"] for r in stages]
        lo = [100 * (r[f"vs{rung}"]["rate"] - r[f"vs{rung}"]["low"]) for r in stages]
        hi = [100 * (r[f"vs{rung}"]["high"] - r[f"vs{rung}"]["rate"]) for r in stages]
        ax.errorbar(t, y, yerr=[lo, hi], marker="o", capsize=3, color=colour, label=f"against rung {rung}")
    for r in stages:
        x, y = r["wall"] / 60, 100 * r["vs3"]["rate"]
        if not r["kept"]:
            ax.plot([x], [y], marker="x", color="black", ms=9, ls="none")
        ax.annotate(r["name"], (x, y), textcoords="offset points", xytext=(2, -14), fontsize=6, rotation=-35)
    ax.plot([], [], marker="x", color="black", ls="none", label="dropped by the sequential test")
    ax.axhline(40, color="grey", lw=0.8, ls="--", label="target against rung 3")
    ax.set_xlim(left=0)
    ax.set_xlabel("training wall time (minutes, one core)")
    ax.set_ylabel("fool rate of decided deals (%)")
    ax.set_title("the learned rung while it trains (deal pairs, 2-sigma intervals)")
    ax.legend()
    fig.tight_layout()
    fig.savefig(png, dpi=110)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--out", type=Path, help="the run's folder (log.jsonl, stageN.npz, learned.npz)")
    p.add_argument("--small", action="store_true", help="the shortened recipe (a few minutes)")
    p.add_argument("--seed", type=int, default=None)
    p.add_argument("--budget", type=float, default=None, help="a safety cap in minutes")
    p.add_argument("--plot", type=Path, help="plot the curve of this run's folder (with --png)")
    p.add_argument("--png", type=Path)
    args = p.parse_args(argv)
    if args.plot:
        plot(args.plot, args.png or args.plot / "curve.png")
        return 0
    if args.out is None:
        p.error("--out is required to train")
    cfg = SMALL if args.small else Config()
    if args.seed is not None:
        cfg = replace(cfg, seed=args.seed)
    if args.budget is not None:
        cfg = replace(cfg, budget=60 * args.budget)
    train(cfg, args.out, bar=sys.stderr.isatty() or bool(os.environ.get("KOZYR_BAR")))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
