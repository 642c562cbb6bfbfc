"""Learning Spirits of the Forest: where each decision is explained in the rules (rules.md), the words of a
hint, and the guided first game. Like the heuristics, the rules never import this module.

`explain(world, action, seat)` says what `action` does for `seat` in a world re-dealt from what that seat
sees: which majorities it wins or ties, whether it takes the last symbols of a spirit, and the change of
the seat's projected score (the bots' own projection, heuristics.projected_scores).
"""

from __future__ import annotations

from typing import Any

from ...engine import State, gain, names_in_words
from . import actions as A
from .content import POWER_NAMES, SPIRIT_NAMES
from .heuristics import counts, projected_scores
from .state import SpiritsState

# the rules section each kind of choice is explained in
ACTION_SECTIONS = {
    A.TAKE: "collect", A.STOP: "turn", A.RESERVE: "gemstones", A.LIFT: "gemstones", A.PLUS: "favor",
    A.FIREFLY: "fireflies", A.WISH: "wish", A.HEX: "hex", A.FAVOR: "wish",
}
DECISION_SECTIONS = {
    "Take": "collect", "Second": "collect", "Pay": "gemstones", "Gem": "gemstones", "MoveTo": "gemstones",
    "Firefly": "fireflies", "KeepWish": "wish", "KeepHex": "hex", "Favor": "wish",
}
OPTION_SECTIONS = {
    "first_player": "setup", "wish": "wish", "hex": "hex", "seasons": "seasons", "scenario": "scenarios",
    "air_spirit": "air", "fireflies": "fireflies",
}

# a sentence of the rules behind each kind of decision, for the guided game
GUIDE_TIPS = {
    "collect": "Only a tile at an end of a row can be taken: one tile with two symbols, or one or two "
               "single tiles of the same spirit.",
    "turn": "A turn is: collect one or two tiles, then maybe place a gemstone.",
    "gemstones": "A gemstone reserves a tile: anyone else who takes it pays you back with a gemstone of theirs.",
    "favor": "A favor token counts as one more symbol of its spirit or power source at the end.",
    "wish": "A Wish met at the end of the game earns its reward before the scoring.",
    "hex": "A Hex that strikes at the end costs 6 nature points.",
    "fireflies": "Whoever holds the most fireflies at the end loses those Air Spirit tiles.",
}

# the guided first game: two players, the base forest, a deal that teaches (a double, singles to pair,
# a favor token within reach) against an easy bot
GUIDED: dict[str, Any] = {
    "players": 2, "seats": ["human", "easy"], "seed": 2024, "options": {},
    "intro": "Your first game of Spirits of the Forest, against an easy bot. At each of your decisions the guide "
             "suggests a choice, rings it on the board and says why. Follow it, or choose anything else: "
             "the guide keeps up.",
}


def explain(world: State, plan: list[int], seat: int) -> str:
    """What `plan[0]` does for `seat`, in the game's words ("" when there is nothing to say)."""
    assert isinstance(world, SpiritsState)
    action = plan[0]
    kind = world.game.action_space.spec(action).kind
    ntiles = world.ids.tiles
    if kind == A.TAKE and not world.cfg.solo:
        return _take(world, action % ntiles, action, seat)
    if kind == A.RESERVE:
        tile = world.c.tiles[action % ntiles]
        return f"reserves {tile.name()}: anyone else who takes it pays you a gemstone"
    if kind == A.LIFT:
        return f"lifts your gemstone from {world.c.tiles[action % ntiles].name()} to place it better"
    if kind == A.PLUS:
        return "brings back a gemstone you lost to the box"
    if kind == A.STOP:
        return "keeps what you have: no better move stands out"
    if kind in (A.WISH, A.HEX, A.FAVOR, A.FIREFLY):
        return _score_change(world, action, seat, {A.WISH: "keeps the Wish you are likeliest to meet",
                                                   A.HEX: "keeps the Hex you are likeliest to escape",
                                                   A.FAVOR: "takes the favor token worth the most to you",
                                                   A.FIREFLY: "sheds a firefly"}[kind])
    return ""


def _score_change(world: SpiritsState, action: int, seat: int, words: str) -> str:
    before = projected_scores(world)[seat]
    after_world = world.clone()
    after_world.apply(action)
    change = gain(projected_scores(after_world)[seat] - before, "nature point")
    return f"{words}: {change} as things stand" if change else words


def _take(world: SpiritsState, tile_id: int, action: int, seat: int) -> str:
    tile = world.c.tiles[tile_id]
    before = projected_scores(world)[seat]
    after_world = world.clone()
    after_world.apply(action)
    spirits, powers = counts(after_world)
    # each symbol of the tile: (name, the seat's count after, the best other count, a first one, the last one)
    symbols = [(SPIRIT_NAMES[x], spirits[seat][x], _best_other(spirits, seat, x), world.symbols(seat, x) == 0,
                _left_in_forest(after_world, x) == 0) for x in sorted(set(tile.symbols))]
    if tile.power >= 0:
        p = tile.power
        symbols.append((POWER_NAMES[p], powers[seat][p], _best_other(powers, seat, p), world.powers(seat, p) == 0,
                        False))
    parts = []
    last = [n for n, _, _, _, is_last in symbols if is_last]
    if last:
        parts.append(f"the last {names_in_words(last)} of the forest")
    lead = [n for n, mine, best, _, _ in symbols if mine > best]
    tied = [n for n, mine, best, _, _ in symbols if mine == best]
    behind = [f"{n} ({mine} against {best})" for n, mine, best, _, _ in symbols if mine < best]
    if lead:
        parts.append(f"the most {names_in_words(lead)}")
    if tied:
        parts.append(f"ties for the most {names_in_words(tied)}")
    if behind:
        parts.append(f"catches up on {names_in_words(behind)}")
    firsts = [n for n, _, _, first, _ in symbols if first]
    if firsts:
        them = "it" if len(firsts) == 1 else "them"
        parts.append(f"your first {names_in_words(firsts)} (no 3-point loss for {them})")
    if world.tile_place[tile_id] >= 0 and world.token_at[world.tile_place[tile_id]] >= 0:
        parts.append("the favor token on it")
    change = gain(projected_scores(after_world)[seat] - before, "nature point")
    text = ", ".join(parts)
    return f"{text}: {change}" if change else text


def _best_other(table: list[list[int]], seat: int, x: int) -> int:
    return max((row[x] for s, row in enumerate(table) if s != seat), default=0)


def _left_in_forest(s: SpiritsState, spirit: int) -> int:
    """Symbols of `spirit` still on forest tiles."""
    return sum(t.symbols.count(spirit) for t in s.c.tiles if s.tile_place[t.id] >= 0)
