"""The sizes and module combinations of a game that the learning interfaces are checked on."""

from __future__ import annotations

from typing import Any

from ..engine import Game, InvalidOption

MAX_VALUES = 5      # the values of one choice option checked, at most


def configurations(game: Game) -> list[tuple[int, dict[str, Any]]]:
    """Every player count with the default options, then module combinations (each on/off option
    alone, all of them together, each other value of a choice, or MAX_VALUES of them spread over a
    longer list, first and last included), each at one player count that
    accepts it, the counts taken in turn (from the largest) so that every count meets some modules.
    Combinations the game refuses (an option that needs another) are left out."""
    bools = [o.name for o in game.option_set.options if o.kind == "bool"]
    candidates: list[dict[str, Any]] = [{name: True} for name in bools]
    if len(bools) > 1:
        candidates.append(dict.fromkeys(bools, True))
    for option in game.option_set.options:
        if option.kind == "choice":
            values = [value for value in option.choices if value != option.default]
            if len(values) > MAX_VALUES:   # a long list (ThreeTale's teams of Heroes): values spread over it
                values = [values[round(i * (len(values) - 1) / (MAX_VALUES - 1))] for i in range(MAX_VALUES)]
            candidates.extend({option.name: value} for value in values)
    out: list[tuple[int, dict[str, Any]]] = []
    for players in range(game.min_players, game.max_players + 1):
        out.append((players, {}))
    turn = 0
    for options in candidates:
        accepted = []
        for players in range(game.max_players, game.min_players - 1, -1):
            try:
                game.parse_options(options, players)
            except InvalidOption:
                continue
            accepted.append(players)
        if accepted:
            out.append((accepted[turn % len(accepted)], options))
            turn += 1
    return out


def label(game_id: str, players: int, options: dict[str, Any]) -> str:
    opts = ",".join(f"{k}={v}" for k, v in options.items())
    return f"{game_id}-{players}p" + (f"-{opts}" if opts else "")
