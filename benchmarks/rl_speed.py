"""Speed of the learning environments: PettingZoo AEC steps per second of every Talewood game against
its raw engine's decisions per second, beside PettingZoo's classic connect_four and texas_holdem.

    pip install -e '.[rl]' rlcard pygame-ce     # the classic PettingZoo games need these
    python benchmarks/rl_speed.py [--seconds 2] [--runs 3] [--games spirits trial] [--players 2 4] [--json] [--wall]

Every loop plays uniformly random legal moves to the end of each game and starts the next:
- engine: `legal_actions()` and `apply()` on an untracked state (what `talewood bench` counts);
- AEC, mask only: `last(observe=False)`, `action_mask(agent)`, `step()`: the environment's own cost;
- AEC, observed: `last()` (the encoded observation and the mask) and `step()`: what a learning agent
  pays, the game's observation encoder included.
The figure of each is the best of --runs runs, the runs of all loops interleaved. Time is the process's
CPU time (`time.process_time`), so that other work on a shared machine does not count against a loop
(--wall measures wall-clock time instead). Every loop picks its random move with the same generator.
"""

from __future__ import annotations

import argparse
import json
import platform
import time
from collections.abc import Callable
from typing import Any

CLOCK = time.process_time


def engine_loop(game_id: str, players: int) -> Callable[[float], float]:
    from talewood.engine import Rng
    from talewood.games import load

    game = load(game_id)

    def run(seconds: float) -> float:
        rng = Rng(1)
        seed = n = 0
        start = CLOCK()
        while CLOCK() - start < seconds:
            state = game.new_game(players, seed, tracked=False)
            seed += 1
            while not state.over:
                legal = state.legal_actions()
                state.apply(legal[rng.below(len(legal))])
                n += 1
        return n / (CLOCK() - start)

    return run


def encode_loop(game_id: str, players: int) -> Callable[[float], float]:
    """Encodings per second of the deciding seat's view, over positions of random games: the game's
    writer filling a zeroed buffer, as the environments do every step."""
    from talewood.engine import Rng
    from talewood.games import load

    game = load(game_id)
    rng = Rng(2)
    positions = []
    for seed in range(20):
        state = game.new_game(players, seed, tracked=False)
        while not state.over:
            positions.append((state.clone(), state.current_player))
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))])

    spec = game.observation_spec(players, positions[0][0].options)
    out = spec.buffer()

    def run(seconds: float) -> float:
        n = 0
        start = CLOCK()
        while CLOCK() - start < seconds:
            for state, seat in positions[n % len(positions):][:200]:
                spec.clear(out)
                spec.write(state, seat, out)
                n += 1
        return n / (CLOCK() - start)

    return run


def aec_loop(make: Callable[[], Any], observe: bool) -> Callable[[float], float]:
    def run(seconds: float) -> float:
        from talewood.engine import Rng

        env = make()
        env.reset(seed=0)
        rng = Rng(1)
        n = 0
        start = CLOCK()
        while CLOCK() - start < seconds:
            env.reset()
            for agent in env.agent_iter():
                obs, _, term, trunc, info = env.last(observe)
                if term or trunc:
                    env.step(None)
                    continue
                if observe:
                    mask = obs["action_mask"] if isinstance(obs, dict) else info["action_mask"]
                else:
                    mask = env.action_mask(agent) if hasattr(env, "action_mask") else info.get("action_mask")
                    if mask is None:   # the classic games keep the mask in the observation only
                        mask = env.observe(agent)["action_mask"]
                legal = mask.nonzero()[0]    # numpy's own (np.flatnonzero adds 2 µs of Python)
                env.step(int(legal[rng.below(len(legal))]))
                n += 1
        env.close()
        return n / (CLOCK() - start)

    return run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--games", nargs="+", default=None, help="the Talewood games to measure (default: all)")
    parser.add_argument("--classic", action=argparse.BooleanOptionalAction, default=True,
                        help="also measure PettingZoo's connect_four and texas_holdem (default: yes)")
    parser.add_argument("--players", type=int, nargs="+", default=None,
                        help="player counts (default: each game's smallest of 2 or more, and its largest)")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--wall", action="store_true", help="wall-clock time instead of the process's CPU time")
    args = parser.parse_args()
    if args.wall:
        global CLOCK
        CLOCK = time.perf_counter

    from talewood.games import available, load
    from talewood.rl import env

    loops: dict[tuple[str, str], Callable[[float], float]] = {}
    for game_id in args.games or available():
        game = load(game_id)
        counts = args.players or sorted({max(2, game.min_players), game.max_players})
        for players in counts:
            if not game.min_players <= players <= game.max_players:
                continue
            key = f"{game_id} {players}p"
            loops[(key, "engine")] = engine_loop(game_id, players)
            loops[(key, "encode")] = encode_loop(game_id, players)
            loops[(key, "aec_mask")] = aec_loop(lambda g=game_id, p=players: env(g, p), observe=False)
            loops[(key, "aec_observed")] = aec_loop(lambda g=game_id, p=players: env(g, p), observe=True)
    try:
        if not args.classic:
            raise ImportError("--no-classic")
        from pettingzoo.classic import connect_four_v3, texas_holdem_v4

        for name, module in (("connect_four_v3", connect_four_v3), ("texas_holdem_v4", texas_holdem_v4)):
            loops[(name, "aec_mask")] = aec_loop(module.env, observe=False)
            loops[(name, "aec_observed")] = aec_loop(module.env, observe=True)
    except ImportError as exc:   # pragma: no cover - the classic games' own dependencies are missing
        print(f"(PettingZoo classic games left out: {exc})")

    best: dict[tuple[str, str], float] = {}
    for _ in range(args.runs):
        for key, loop in loops.items():
            best[key] = max(best.get(key, 0.0), loop(args.seconds))

    import importlib

    from talewood import compiled

    built = all(compiled.is_compiled(importlib.import_module(name)) for name in compiled.COMPILED)
    encoders = "compiled (mypyc)" if built else "Python (not built, or older than their source)"
    rows: dict[str, dict[str, float]] = {}
    for (name, kind), value in best.items():
        rows.setdefault(name, {})[kind] = value
    if args.json:
        print(json.dumps({"python": platform.python_version(), "seconds": args.seconds, "runs": args.runs,
                          "clock": "wall" if args.wall else "cpu", "encoders": encoders,
                          "results": rows}, indent=2))
        return
    print(f"Observation encoders: {encoders}.\n")
    print("| environment | engine decisions/s | AEC steps/s, mask only | ratio | AEC steps/s, observed | ratio "
          "| one encoding |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for name, r in rows.items():
        eng = r.get("engine")
        cells = [f"{eng:,.0f}" if eng else "–"]
        for kind in ("aec_mask", "aec_observed"):
            v = r[kind]
            cells += [f"{v:,.0f}", f"{v / eng:.2f}" if eng else "–"]
        cells.append(f"{1e6 / r['encode']:.0f} µs" if "encode" in r else "–")
        print(f"| {name} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
