"""`talewood bench`: how fast each game's engine runs (random play, clones, legal actions)."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from ..engine import Rng, State
from ..games import available, load


def _rate(seconds: float, body: Callable[[], int]) -> float:
    """Run `body` (which returns how many units it did) until `seconds` pass; units per second."""
    done = 0
    start = time.perf_counter()
    while True:
        done += body()
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return done / elapsed


def _random_game(game_id: str, players: int, seed: int, rng: Rng) -> tuple[State, int]:
    state = load(game_id).new_game(players, seed, tracked=False)
    steps = 0
    while not state.is_over:
        legal = state.legal_actions()
        state.apply(legal[int(rng.random() * len(legal))])
        steps += 1
    return state, steps


# what bench_game measures, in order (a progress bar counts them)
MEASUREMENTS = ("random_games_per_second", "decisions_per_second", "clones_per_second",
                "legal_action_calls_per_second", "mcts_iterations_per_second")


def bench_game(game_id: str, seconds: float = 2.0, progress: Callable[[int], None] | None = None) -> dict[str, Any]:
    game = load(game_id)
    players = game.max_players
    rng = Rng(12345)
    counter = [0]

    def one_game() -> int:
        counter[0] += 1
        _random_game(game_id, players, counter[0], rng)
        return 1

    def decisions() -> int:
        counter[0] += 1
        return _random_game(game_id, players, counter[0], rng)[1]

    # mid-game positions to clone and to ask for legal actions
    positions: list[State] = []
    for seed in range(20):
        state = game.new_game(players, seed, tracked=False)
        for _ in range(30):
            if state.is_over:
                break
            legal = state.legal_actions()
            state.apply(legal[int(rng.random() * len(legal))])
        positions.append(state)

    def clones() -> int:
        for state in positions:
            state.clone()
        return len(positions)

    def legal_calls() -> int:
        n = 0
        for state in positions:
            if not state.is_over:
                state._legal_actions()  # uncached: the real cost of computing them
                n += 1
        return n

    bodies: dict[str, Callable[[], float]] = {
        "random_games_per_second": lambda: _rate(seconds, one_game),
        "decisions_per_second": lambda: _rate(seconds, decisions),
        "clones_per_second": lambda: _rate(seconds, clones),
        "legal_action_calls_per_second": lambda: _rate(seconds, legal_calls),
        "mcts_iterations_per_second": lambda: mcts_rate(positions, seconds),
    }
    out: dict[str, Any] = {"game": game_id, "players": players}
    for name in MEASUREMENTS:
        out[name] = round(bodies[name](), 1)
        if progress:
            progress(1)
    return out


def mcts_rate(positions: list[State], seconds: float) -> float:
    """IS-MCTS iterations per second (the `hard` level's search: determinize, select, roll out, evaluate)."""
    from ..agents.levels import LEVELS
    from ..agents.mcts import MCTSAgent

    _, _, depth = LEVELS["hard"]
    live = [p for p in positions if not p.is_over and len(p.legal_actions()) > 1]
    if not live:
        return 0.0
    agent = MCTSAgent(1, iterations=200, depth=depth)
    turn = [0]

    def search() -> int:
        state = live[turn[0] % len(live)]
        turn[0] += 1
        agent.search(state, state.current_player or 0)
        return agent.last_iterations

    return _rate(seconds, search)


def bench(game_ids: list[str] | None = None, seconds: float = 2.0,
          progress: Callable[[int], None] | None = None) -> list[dict[str, Any]]:
    return [bench_game(g, seconds, progress) for g in (game_ids or available())]
