"""Train a maskable PPO agent on 2-player Spirits against a Talewood bot, and measure it.

    pip install -e '.[train]'        # sb3-contrib, matplotlib (install a CPU build of torch first)
    python benchmarks/rl_train.py train --opponent random --minutes 25 --out docs/rl
    python benchmarks/rl_train.py train --opponent greedy --minutes 30 --init docs/rl/random.zip --out docs/rl
    python benchmarks/rl_train.py plot --out docs/rl

`train` learns for a wall-clock budget (or --timesteps), logging the win rate of the training games
(`<opponent>_curve.csv`), then plays --eval-games games with the greedy (deterministic, masked) policy
against the opponent and writes `<opponent>.json`; `plot` draws every curve into learning_curve.png.
Not part of `make test`: it runs for many minutes.
"""

from __future__ import annotations

import argparse
import csv
import json
import time
from pathlib import Path
from typing import Any

import numpy as np

# the first player is drawn at random, so the agent learns to play first and second
OPTIONS = {"first_player": "random"}


def make_env(opponent: str) -> Any:
    from talewood.rl import gym_env

    return gym_env("spirits", seat=0, opponents=opponent, players=2, options=OPTIONS)


def evaluate(model: Any, opponent: str, games: int, seed: int) -> dict[str, Any]:
    """Win, tie and loss counts of the policy (deterministic, masked) against `opponent` (the first
    player drawn at random), over fresh deals."""
    from talewood.rl import gym_env

    env = gym_env("spirits", seat=0, opponents=opponent, players=2, options=OPTIONS)
    wins = ties = losses = 0
    env.reset(seed=seed)
    for _ in range(games):
        obs, _ = env.reset()
        done = False
        reward = 0.0
        while not done:
            action, _ = model.predict(obs, action_masks=env.action_masks(), deterministic=True)
            obs, reward, term, trunc, _ = env.step(int(action))
            done = term or trunc
        if reward > 0.5:
            wins += 1
        elif reward < -0.5:
            losses += 1
        else:
            ties += 1
    return {"opponent": opponent, "games": games, "wins": wins, "ties": ties, "losses": losses,
            "win_rate": wins / games}


class RandomPolicy:
    """A uniform choice among the legal actions (the baseline an untrained agent is)."""

    def __init__(self, seed: int) -> None:
        self.rng = np.random.default_rng(seed)

    def predict(self, obs: Any, action_masks: np.ndarray, deterministic: bool = True) -> tuple[int, None]:
        return int(self.rng.choice(np.flatnonzero(action_masks))), None


def train(args: argparse.Namespace) -> None:
    import torch
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.callbacks import BaseCallback
    from stable_baselines3.common.monitor import Monitor
    from stable_baselines3.common.vec_env import DummyVecEnv

    torch.set_num_threads(1)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    env = DummyVecEnv([lambda: Monitor(make_env(args.opponent)) for _ in range(args.envs)])
    env.seed(args.seed)
    if args.init:
        model = MaskablePPO.load(args.init, env=env, device="cpu")
    else:
        model = MaskablePPO("MlpPolicy", env, learning_rate=3e-4, n_steps=2048 // args.envs, batch_size=256, n_epochs=5,
                            gamma=0.995, gae_lambda=0.95, ent_coef=0.01, seed=args.seed, device="cpu",
                            policy_kwargs={"net_arch": [256, 256]}, verbose=0)
    deadline = time.monotonic() + args.minutes * 60 if args.minutes else None
    curve_path = out / f"{args.opponent}_curve.csv"

    class Curve(BaseCallback):  # type: ignore[misc]
        """The win rate of the last `window` training games, every `every` games; stops at the deadline."""

        def __init__(self) -> None:
            super().__init__()
            self.results: list[float] = []
            self.rows: list[tuple[int, int, float, float]] = []
            self.start = time.monotonic()

        def _on_step(self) -> bool:
            for info in self.locals.get("infos", ()):
                if "episode" in info:
                    self.results.append(float(info["episode"]["r"]))
                    n = len(self.results)
                    if n % args.every == 0:
                        last = self.results[-args.window:]
                        rate = sum(r > 0.5 for r in last) / len(last)
                        self.rows.append((self.num_timesteps, n, rate, time.monotonic() - self.start))
                        print(f"{self.num_timesteps:>9} steps {n:>6} games  win rate {rate:.3f}", flush=True)
            return deadline is None or time.monotonic() < deadline

    curve = Curve()
    started = time.monotonic()
    model.learn(total_timesteps=args.timesteps, callback=curve, reset_num_timesteps=not args.init)
    seconds = time.monotonic() - started
    model.save(out / f"{args.opponent}.zip")
    with curve_path.open("w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["timesteps", "games", "win_rate_last_window", "seconds"])
        w.writerows(curve.rows)
    result = evaluate(model, args.opponent, args.eval_games, seed=args.seed + 1000)
    baseline = evaluate(RandomPolicy(args.seed), args.opponent, args.eval_games, seed=args.seed + 1000)
    report = {
        "game": "spirits", "players": 2, "opponent": args.opponent, "init": args.init,
        "timesteps": int(model.num_timesteps), "training_games": len(curve.results),
        "training_seconds": round(seconds), "evaluation": result, "random_policy_baseline": baseline,
    }
    (out / f"{args.opponent}.json").write_text(json.dumps(report, indent=2) + "\n")
    print(json.dumps(report, indent=2))


def plot(args: argparse.Namespace) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    out = Path(args.out)
    fig, ax = plt.subplots(figsize=(7, 4))
    for opponent in ("random", "greedy"):
        path = out / f"{opponent}_curve.csv"
        if not path.exists():
            continue
        with path.open() as f:
            rows = list(csv.DictReader(f))
        ax.plot([int(r["timesteps"]) for r in rows], [float(r["win_rate_last_window"]) for r in rows],
                label=f"against {opponent}")
    ax.set_xlabel("agent decisions trained on (timesteps, cumulative)")
    ax.set_ylabel(f"win rate of the last {args.window} training games")
    ax.set_ylim(0, 1)
    ax.grid(alpha=0.3)
    ax.legend()
    ax.set_title("MaskablePPO on 2-player Spirits of the Forest")
    fig.tight_layout()
    fig.savefig(out / "learning_curve.png", dpi=110)
    print(out / "learning_curve.png")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    t = sub.add_parser("train")
    t.add_argument("--opponent", default="random", help="the bot in the other seat (default: %(default)s)")
    t.add_argument("--minutes", type=float, default=0, help="stop learning after this long (0: --timesteps)")
    t.add_argument("--timesteps", type=int, default=10_000_000)
    t.add_argument("--init", default=None, help="continue from a saved model (.zip)")
    t.add_argument("--envs", type=int, default=8, help="games played side by side (one process)")
    t.add_argument("--eval-games", type=int, default=1000)
    t.add_argument("--seed", type=int, default=0)
    t.add_argument("--every", type=int, default=100, help="log the win rate every N training games")
    t.add_argument("--window", type=int, default=500)
    t.add_argument("--out", default="docs/rl")
    p = sub.add_parser("plot")
    p.add_argument("--out", default="docs/rl")
    p.add_argument("--window", type=int, default=500)
    args = parser.parse_args()
    {"train": train, "plot": plot}[args.command](args)


if __name__ == "__main__":
    main()
