"""A game's learning interface in Markdown: observation layout, action space, rewards and episode
bounds (docs/rl.md is made of these). `python -m talewood.rl.describe [game ...]` prints them."""

from __future__ import annotations

import sys

from ..games import available, load
from .padding import universal


def describe(game_id: str) -> str:
    game = load(game_id)
    counts = range(game.min_players, game.max_players + 1)
    defaults = game.parse_options(None, game.min_players if game.min_players > 1 else min(2, game.max_players))
    spec = game.observation_spec(max(2, game.min_players) if game.max_players > 1 else 1, defaults)
    kinds: dict[str, list[int]] = {}
    for action in range(len(game.action_space)):
        kinds.setdefault(game.action_space.spec(action).kind, []).append(action)
    lines = [f"### {game.name} (`{game.id}`)", ""]
    seats = (f"{game.min_players} to {game.max_players}" if game.max_players > game.min_players
             else f"always {game.min_players}")
    lines.append(f"- Players: {seats}" + ("; cooperative" if game.cooperative else "") + ".")
    if game.cooperative:
        lines.append("- Rewards: every seat gets the team's result: `reward=\"win\"` +1 when the team wins, -1 "
                     "when it loses; `reward=\"score\"` the team score / `score_scale`.")
    else:
        lines.append("- Rewards: `reward=\"win\"` +1 for a win, -1 for a loss, the k winners of a tie 2/k - 1 "
                     "each; `reward=\"score\"` the seat's final score / `score_scale`.")
    sizes = []
    for players in counts:
        options = game.parse_options(None, players)
        size = game.observation_spec(players, options).size
        sizes.append(f"{players} player{'s' if players > 1 else ''}: {size} numbers, "
                     f"at most {game.max_decisions(players, options):,} decisions")
    lines.append("- Observation size and episode bound (default options, unpadded): " + "; ".join(sizes) + ".")
    padded = universal(game)
    lines.append(f"- Padded observation (PettingZoo and Gymnasium, `pad=True`: every player count and module set): "
                 f"{padded.size} numbers; `state()`: {game.max_players * padded.size} numbers.")
    lines.append(f"- Action space: Discrete({len(game.action_space)}), the same for every size and option; "
                 "ids by kind: " + ", ".join(f"`{k}` {v[0]}–{v[-1]}" if len(v) > 1 else f"`{k}` {v[0]}"
                                              for k, v in kinds.items()) + ".")
    if game.option_set.options:
        lines.append("- Options (PettingZoo/Gymnasium `options=`, OpenSpiel parameters): "
                     + ", ".join(f"`{o.name}` ({o.describe_valid()}, default {_value(o.default)})"
                                 for o in game.option_set.options) + ".")
    lines += ["", f"Observation layout ({spec.size} numbers, float32; "
              "sizes may change with the options):", "", spec.table(), ""]
    return "\n".join(lines)


def _value(value: object) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def main(argv: list[str] | None = None) -> int:
    ids = (argv if argv is not None else sys.argv[1:]) or available()
    print("\n".join(describe(game_id) for game_id in ids))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
