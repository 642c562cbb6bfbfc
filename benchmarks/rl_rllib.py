"""RLlib's multi-agent PPO with action masking on a Talewood game, for a bounded time (docs/rl.md, "RLlib").

    pip install -e '.[rllib]'       # ray[rllib]; a CPU build of torch first (docs/rl.md)
    python benchmarks/rl_rllib.py --game spirits --players 2 --minutes 10 --games 300 --out docs/rl/rllib.json

Every seat is an agent of one shared policy (self-play), its observation the table's padded observation and
its action mask (RLlib's ActionMaskingTorchRLModule example module, which sets the logits of illegal actions
to the lowest number); the game is played in turns, so each step carries only the deciding agent's observation
and RLlib keeps the others' rewards until they decide again. After the time budget, the policy (its most likely
legal action) plays `--games` fresh deals in seat 1 against `random` in seat 2 and the same deals in seat 2,
and a uniformly random policy plays the same deals as the baseline. One JSON object goes to `--out`.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

from talewood.agents import bot_seed, make_agent
from talewood.rl import env as talewood_env
from talewood.sim.ratings import wilson


def multi_agent_env_class() -> type:
    import gymnasium as gym
    from ray.rllib.env.multi_agent_env import MultiAgentEnv

    class TalewoodMultiAgent(MultiAgentEnv):  # type: ignore[misc]
        """A Talewood AEC environment as RLlib's MultiAgentEnv: the deciding agent's observation each step,
        {"observations": float32, "action_mask": float32}."""

        def __init__(self, config: dict[str, Any] | None = None) -> None:
            super().__init__()
            config = dict(config or {})
            # illegal="lose": RLlib's check steps a sampled action, mask or not (the masked policy never does)
            self.aec = talewood_env(config.get("game", "spirits"), int(config.get("players", 2)), illegal="lose")
            table = self.aec.table
            space = gym.spaces.Dict({
                "observations": gym.spaces.Box(-np.inf, np.inf, shape=table.observation_shape, dtype=np.float32),
                "action_mask": gym.spaces.Box(0.0, 1.0, shape=(table.num_actions,), dtype=np.float32)})
            self.possible_agents = list(self.aec.possible_agents)
            self.agents = list(self.possible_agents)
            self.observation_spaces = dict.fromkeys(self.possible_agents, space)
            self.action_spaces = {a: gym.spaces.Discrete(table.num_actions) for a in self.possible_agents}

        def _obs(self, agent: str) -> dict[str, np.ndarray]:
            o = self.aec.observe(agent)
            return {"observations": o["observation"], "action_mask": o["action_mask"].astype(np.float32)}

        def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
                  ) -> tuple[dict[str, Any], dict[str, Any]]:
            self.aec.reset(seed=seed)
            self.agents = list(self.possible_agents)
            return {self.aec.agent_selection: self._obs(self.aec.agent_selection)}, {}

        def step(self, actions: dict[str, Any]) -> tuple[dict[str, Any], ...]:
            self.aec.step(int(actions[self.aec.agent_selection]))
            obs: dict[str, Any] = {}
            rewards: dict[str, float] = {}
            done: dict[str, bool] = {}
            if self.aec.table.over or not self.aec.agents or all(self.aec.terminations.values()):
                for a in self.possible_agents:     # the end: every agent's last observation and reward
                    obs[a] = self._obs(a)
                    rewards[a] = float(self.aec.rewards.get(a, 0.0))
                    done[a] = True
                done["__all__"] = True
                return obs, rewards, done, {"__all__": False}, {}
            agent = self.aec.agent_selection
            obs[agent] = self._obs(agent)
            rewards[agent] = 0.0              # the reward comes at the end; RLlib wants one with each observation
            done["__all__"] = False
            return obs, rewards, done, {"__all__": False}, {}

    return TalewoodMultiAgent


def train(args: argparse.Namespace) -> dict[str, Any]:
    import ray
    import torch
    from ray.rllib.algorithms.ppo import PPOConfig
    from ray.rllib.core.rl_module.multi_rl_module import MultiRLModuleSpec
    from ray.rllib.core.rl_module.rl_module import RLModuleSpec
    from ray.rllib.examples.rl_modules.classes.action_masking_rlm import ActionMaskingTorchRLModule

    torch.set_num_threads(1)                # one core of the shared machine
    ray.init(num_cpus=1, include_dashboard=False, log_to_driver=False)
    env_class = multi_agent_env_class()
    config = (
        PPOConfig()
        .environment(env_class, env_config={"game": args.game, "players": args.players})
        .env_runners(num_env_runners=0, num_envs_per_env_runner=1)
        .learners(num_learners=0)
        .multi_agent(policies={"shared"}, policy_mapping_fn=lambda agent_id, episode, **kw: "shared")
        .rl_module(rl_module_spec=MultiRLModuleSpec(rl_module_specs={
            "shared": RLModuleSpec(module_class=ActionMaskingTorchRLModule,
                                   model_config={"fcnet_hiddens": [256, 256], "head_fcnet_hiddens": []})}))
        .training(train_batch_size_per_learner=2000, minibatch_size=250, num_epochs=5, lr=3e-4, gamma=0.995,
                  entropy_coeff=0.01)
        .debugging(seed=args.seed)
    )
    algo = config.build_algo()
    start = time.perf_counter()
    curve = []
    steps = episodes = 0
    while time.perf_counter() - start < args.minutes * 60:
        result = algo.train()
        runners = result.get("env_runners", {})
        steps = int(runners.get("num_env_steps_sampled_lifetime", steps))
        episodes = int(runners.get("num_episodes_lifetime", episodes))
        curve.append({"seconds": round(time.perf_counter() - start, 1), "env_steps": steps, "episodes": episodes,
                      "episode_len_mean": runners.get("episode_len_mean")})
        print(f"{curve[-1]['seconds']:.0f} s: {steps} steps, {episodes} episodes", file=sys.stderr, flush=True)
    module = algo.get_module("shared")
    out = {"game": args.game, "players": args.players, "minutes": args.minutes, "iterations": len(curve),
           "env_steps": steps, "episodes": episodes, "curve": curve, "policy": "shared (self-play)",
           "model": "ActionMaskingTorchRLModule, 256x256", "ray": ray.__version__}
    out["evaluation"] = evaluate(module, args)
    algo.stop()
    ray.shutdown()
    return out


def evaluate(module: Any, args: argparse.Namespace) -> dict[str, Any]:
    """The trained policy's most likely legal action against `random`, each deal with the policy first and
    second; a uniformly random policy on the same deals."""
    import torch

    def policy_action(obs: dict[str, np.ndarray]) -> int:
        batch = {"obs": {"observations": torch.as_tensor(obs["observation"][None]),
                         "action_mask": torch.as_tensor(obs["action_mask"][None].astype(np.float32))}}
        with torch.no_grad():
            logits = module.forward_inference(batch)["action_dist_inputs"][0].numpy()
        logits[obs["action_mask"] == 0] = -np.inf
        return int(np.argmax(logits))

    rng = np.random.default_rng(args.seed)

    def play(pick: Any, games: int) -> list[float]:
        results = []
        for k in range(games):
            seat = k % 2
            e = talewood_env(args.game, args.players, seats={1 - seat: "random"})
            e.reset(seed=10_000 + k // 2)
            agent = e.possible_agents[0]
            final = 0.0
            for who in e.agent_iter():
                obs, reward, term, trunc, _ = e.last()
                if term or trunc:
                    final = reward if who == agent else final
                    e.step(None)
                    continue
                e.step(pick(obs))
            results.append(final)
        return results

    trained = play(policy_action, args.games)
    baseline = play(lambda obs: int(rng.choice(np.flatnonzero(obs["action_mask"]))), args.games)

    def summary(results: list[float]) -> dict[str, Any]:
        wins = sum(1 for r in results if r > 0)
        ties = sum(1 for r in results if r == 0)
        lo, hi = wilson(wins, len(results))
        return {"games": len(results), "wins": wins, "ties": ties, "losses": len(results) - wins - ties,
                "win_rate": wins / len(results), "ci95": [lo, hi]}

    _ = make_agent, bot_seed        # the opponent is the table's `random` bot, seeded from each deal
    return {"opponent": "random", "trained": summary(trained), "random_policy": summary(baseline)}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", default="spirits")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--minutes", type=float, default=10.0, help="training time (wall clock)")
    ap.add_argument("--games", type=int, default=300, help="evaluation games against random (half in each seat)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--out", type=Path, default=Path("docs/rl/rllib.json"))
    args = ap.parse_args(argv)
    out = train(args)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(out, indent=1) + "\n")
    ev = out["evaluation"]
    print(json.dumps({k: out[k] for k in ("game", "minutes", "env_steps", "episodes")} | {
        "trained": ev["trained"], "random_policy": ev["random_policy"]}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
