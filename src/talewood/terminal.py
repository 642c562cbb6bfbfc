"""Playing a game in the terminal: the board drawn with rich, numbered choices, undo, log, help."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rich.console import Console

from .agents import Agent, bot_seed, make_agent
from .engine import InvalidOption, State, Step, rebuild, record_of, save_record, undoable
from .games import game_module, load

HELP = ("Type the number of a choice. Other commands: 'undo' takes back your last decisions (while no "
        "hidden information was revealed and no one else has played since), 'log' shows the game log, "
        "'board' draws the board again, 'help' shows this, 'quit' leaves the game.")


def default_seats(players: int) -> list[str]:
    return ["human"] + ["greedy"] * (players - 1)


def play(game_id: str, players: int | None = None, seats: list[str] | None = None, seed: int | None = None,
         options: dict[str, Any] | None = None, save_dir: str | None = None,
         ask: Callable[[str], str] = input, console: Console | None = None) -> int:
    game = load(game_id)
    if players is None:
        players = len(seats) if seats else max(game.min_players, min(2, game.max_players))
    seats = seats or default_seats(players)
    game.check_players(players)
    if len(seats) != players:
        raise InvalidOption(f"{len(seats)} seats given for {players} players: give one kind per seat")
    if seed is None:
        seed = int(time.time()) % 1_000_000
    options = dict(options or {})
    state = game.new_game(players, seed, options)
    agents: dict[int, Agent] = {s: make_agent(kind, bot_seed(seed, s))
                                for s, kind in enumerate(seats) if kind != "human"}
    humans = [s for s, kind in enumerate(seats) if kind == "human"]
    viewer = humans[0] if len(humans) == 1 else None
    console = console or Console()
    renderer: Any = game_module(game_id, "terminal")
    steps: list[Step] = []
    console.print(f"[bold]{game.name}[/bold] — seed {seed}, seats: {', '.join(seats)}. Type 'help' for help.")
    for e in state.events_for(viewer):
        console.print(f"  {e['text']}")

    def draw(seat: int | None) -> None:
        if renderer is not None:
            console.print(renderer.render(state, seat))
        else:
            console.print(state.view(seat))

    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        if seat in agents:
            action = agents[seat].choose(state)
            events = state.apply(action)
            steps.append(Step(seat, events, state.barrier))
            for e in events:
                if e["to"] is None or e["to"] == viewer:
                    console.print(f"  {e['text']}")
            continue
        draw(seat)
        while True:
            legal = state.legal_actions()
            console.print(f"[bold]{state.prompt()}[/bold]")
            for i, action in enumerate(legal, 1):
                console.print(f"  {i:>3}. {state.describe(action)}")
            try:
                answer = ask("> ").strip().lower()
            except EOFError:
                answer = "quit"
            if answer in ("quit", "exit"):
                console.print("Game left unfinished.")
                _save(state, seats, save_dir, console)
                return 0
            if answer == "help":
                console.print(HELP)
                continue
            if answer == "board":
                draw(seat)
                continue
            if answer == "log":
                for e in state.events_for(seat)[-40:]:
                    console.print(f"  {e['text']}")
                continue
            if answer == "undo":
                n = undoable(steps, seat, state.current_player)
                if n == 0:
                    console.print("[yellow]Nothing to undo: only your own moves of this turn can be taken "
                                  "back, and none that revealed something or drew at random.[/yellow]")
                    continue
                assert state.history is not None
                state = rebuild(game, players, seed, options, state.history[:-n])
                del steps[-n:]
                console.print(f"Took back {n} decision(s).")
                draw(seat)
                continue
            if answer.isdigit() and 1 <= int(answer) <= len(legal):
                events = state.apply(legal[int(answer) - 1])
                steps.append(Step(seat, events, state.barrier))
                for e in events:
                    if e["to"] is None or e["to"] == seat:
                        console.print(f"  {e['text']}")
                break
            console.print(f"[red]'{answer}' is not a choice: type a number from 1 to {len(legal)}, "
                          f"or 'help'.[/red]")
    draw(viewer)
    _save(state, seats, save_dir, console)
    return 0


def _save(state: State, seats: list[str], save_dir: str | None, console: Console) -> None:
    if save_dir is None:
        return
    Path(save_dir).mkdir(parents=True, exist_ok=True)
    path = Path(save_dir) / f"{state.game.id}-{state.seed}.json"
    save_record(record_of(state, seats=seats), path)
    console.print(f"Record saved to {path}")
