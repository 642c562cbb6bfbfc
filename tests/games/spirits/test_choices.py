"""Spirits' choices in a panel and a terminal: "Place no gemstone" (and every "no" of a turn) first, the
forest's tiles grouped by what the choice does and coded by row and column, a card or token with its
whole text."""

from __future__ import annotations

import re

from talewood.engine import Rng, State
from talewood.games import load

GAME = load("spirits")


def positions(options: dict[str, object], seed: int) -> list[State]:
    state = GAME.new_game(3, seed, options)
    rng = Rng(seed)
    seen = []
    while not state.is_over and len(seen) < 200:
        seen.append(state.clone())
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
    return seen


def test_the_no_choices_come_first_and_the_tiles_by_row_and_column() -> None:
    gem_steps = 0
    for state in positions({"wish": True, "hex": True, "seasons": True}, 4):
        for a in state.legal_actions():
            choice = GAME.choice(state, a)
            label = state.describe(a)
            if label in ("Place no gemstone", "Collect no tile this turn", "No second tile"):
                assert choice.first and choice.code == "none"
            m = re.search(r"\(row (\d+), column (\d+)\)", label)
            if m:
                assert choice.code == f"r{m.group(1)}c{m.group(2)}", (label, choice)
                assert choice.group in ("Tiles to collect", "Gemstones", "Your gemstones in the forest")
                assert choice.detail.split(":", 1)[0] in label
            if label.startswith("Keep Wish"):
                assert choice.group == "Wish cards" and "At the end, before scoring" in choice.detail
        if state.prompt().endswith("place a gemstone on a tile (or move one), or stop"):
            gem_steps += 1
            firsts = [a for a in state.legal_actions() if GAME.choice(state, a).first]
            assert [state.describe(a) for a in firsts] == ["Place no gemstone"]
    assert gem_steps > 5
