"""Helpers for the scoring recounts: random games caught at the moment their end is scored.

Each game's test_scoring_recount.py counts the points again from the position, in the rulebook's words,
without calling the game's scoring code, and compares every item, the total and the winners.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

from talewood import compiled
from talewood.engine import Game, Rng, State

from .contract import random_options


def catching_needs_python(module: Any) -> pytest.MarkDecorator:
    """Skip a test that catches `module`'s end where `module` is compiled: its calls are direct, so a function
    wrapped in its namespace is never called (make test-pure runs the test on the Python build)."""
    return pytest.mark.skipif(not compiled.pure() and compiled.is_compiled(module),
                              reason="the end is caught by wrapping a compiled module's function: "
                                     "make test-pure runs this")


def caught_at_the_end(monkeypatch: pytest.MonkeyPatch, module: Any, name: str) -> list[State]:
    """Wrap `module.name` (the game's end-of-game function as its caller imported it) so that a copy of
    the state is kept each time the end begins, before any of it is resolved."""
    kept: list[State] = []
    real: Callable[..., Any] = getattr(module, name)

    def keep(state: State, *args: Any, **kwargs: Any) -> Any:
        kept.append(state.clone())
        return real(state, *args, **kwargs)

    monkeypatch.setattr(module, name, keep)
    return kept


def random_games(game: Game, seeds: range, players: list[int] | None = None,
                 options: Callable[[int, Rng], dict[str, Any]] | None = None) -> Iterator[tuple[State, Rng]]:
    """(a new game, the generator its moves are drawn from) for each seed and player count, with
    options drawn at random (every module on or off) unless `options` says otherwise."""
    for seed in seeds:
        for n in players or list(range(game.min_players, game.max_players + 1)):
            rng = Rng(1000 + seed * 7 + n)
            chosen = options(n, rng) if options else random_options(game, n, rng)
            yield game.new_game(n, seed, chosen), rng


def play_to_the_end(state: State, rng: Rng, limit: int = 200_000) -> State:
    steps = 0
    while not state.is_over:
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
        steps += 1
        assert steps < limit, "the game does not end"
    return state


def sheet_cells(sheet: Any) -> dict[str, list[str]]:
    """The score sheet as {row label: cells}, every label once."""
    rows = {row.label: list(row.cells) for row in sheet.rows}
    assert len(rows) == len(sheet.rows), "two rows of the score sheet share a label"
    return rows
