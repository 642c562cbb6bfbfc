"""One bot game from start to end: the loop that simulate, report and tournament all run."""

from __future__ import annotations

import time
import traceback
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..agents import ITERATIONS, bot_seed, make_agent
from ..engine import State, record_of, save_record
from ..games import load


@dataclass
class Outcome:
    """One game played by bots: its seed and seats, and its result or the error it raised."""

    seed: int
    players: int
    seats: list[str]
    scores: list[float] = field(default_factory=list)
    winners: list[int] = field(default_factory=list)
    team_won: bool | None = None           # cooperative games: the team's result
    team_score: float | None = None
    decisions: int = 0
    seconds: float = 0.0
    error: str | None = None
    details: list[dict[str, Any]] = field(default_factory=list)
    times: dict[str, list[float]] = field(default_factory=dict)   # per kind: seconds per searched decision
    cpu: dict[str, list[float]] = field(default_factory=dict)     # the same in this process's CPU time
    facts: Any = None                      # what `observe` made of the finished game (the balance lab's rows)
    index: int = 0                         # a tournament's game number (sim/tournament.py: `Match`)


def play_game(game_id: str, outcome: Outcome, options: Mapping[str, Any], *, salt: int = 0,
              save_dir: str | None = None, keep_details: bool = False, timing: bool = False,
              content: str | None = None, observe: Callable[[State, Outcome], Any] | None = None,
              trace: Callable[[State, int], None] | None = None, budget: str = ITERATIONS) -> Outcome:
    """Play `outcome`'s game with its seats' bots and fill in what happened; an exception is caught
    and reported with the seed, so a batch goes on past one broken game.

    `content` is a designer's copy of the game's content folder (None: the shipped content);
    `observe(final_state, outcome)` runs once the game is over and its return is kept as `facts`;
    `trace(state, action)` is told of every decision before it is carried out (the balance lab's figures over
    the game). `budget`: the bots' (agents.BUDGETS): `iterations` by default, so a seed always gives the same
    game, however busy the machine."""
    start = time.perf_counter()
    try:
        state = load(game_id, content).new_game(outcome.players, outcome.seed, options, tracked=save_dir is not None)
        agents = [make_agent(kind, bot_seed(outcome.seed, seat, salt), budget)
                  for seat, kind in enumerate(outcome.seats)]
        times: dict[str, list[float]] = {k: [] for k in outcome.seats}
        cpu: dict[str, list[float]] = {k: [] for k in outcome.seats}
        clock, cpu_clock = time.perf_counter, time.process_time
        hashes: list[str] | None = [] if save_dir is not None else None   # a saved record checks every step
        while not state.is_over:
            seat = state.current_player
            assert seat is not None
            if timing and len(state.legal_actions()) > 1:
                t0, c0 = clock(), cpu_clock()
                action = agents[seat].choose(state)
                times[outcome.seats[seat]].append(clock() - t0)
                cpu[outcome.seats[seat]].append(cpu_clock() - c0)
            else:
                action = agents[seat].choose(state)
            if trace is not None:
                trace(state, action)
            state.apply(action)
            outcome.decisions += 1
            if hashes is not None:
                hashes.append(state.state_hash())
        result = state.result()
        outcome.scores = list(result.scores)
        outcome.winners = list(result.winners)
        if result.cooperative:
            outcome.team_won = result.team_won
            outcome.team_score = result.team_score
        if keep_details:
            outcome.details = result.details
        if timing:
            outcome.times, outcome.cpu = times, cpu
        if observe is not None:
            outcome.facts = observe(state, outcome)
        if save_dir is not None:
            Path(save_dir).mkdir(parents=True, exist_ok=True)
            name = f"{game_id}-{outcome.players}p-{outcome.seed}.json"
            save_record(record_of(state, seats=outcome.seats, hashes=hashes), Path(save_dir) / name)
    except Exception as exc:  # a batch goes on past one broken game
        outcome.error = f"{type(exc).__name__}: {exc}\n{traceback.format_exc(limit=4)}"
    outcome.seconds = time.perf_counter() - start
    return outcome
