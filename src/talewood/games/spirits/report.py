"""Spirits of the Forest in the balance lab (docs/lab.md): its tiles, favor tokens, Wish and Hex cards, and
its own section — each Wish met and Hex suffered, each module's effect and where the points come from."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from ...sim.lab import Item, Recorder, Section
from ...sim.lab.sections import event_rates, points_by_source, value_effects
from .scoring import score_details

if TYPE_CHECKING:
    from ...engine import Game, Result, State
    from ...sim.lab import LabView

LENGTH_UNIT = "turns"
PROGRESS = "nature points, were the game to end now"
SECTION_TITLE = "Spirits of the Forest: Wishes, Hexes, modules and points"
SOURCES = {"spirit_points": "Spirit majorities", "power_points": "Power-source majorities",
           "penalty": "Missing spirits and power sources", "bonus": "Drop and nature point tokens",
           "hex": "Hex penalties"}
MODULES = {"seasons": "Seasons: drop tokens (+1 each)", "air_spirit": "Air Spirit: Air Spirit tiles taken",
           "fireflies": "Silver Fireflies: tiles lost to the fireflies", "wish": "Wish cards: Wish met",
           "hex": "Hex cards: Hex suffered"}


def items(game: Game) -> Iterable[Item]:
    c: Any = game.content      # type: ignore[attr-defined]
    for t in c.tiles:
        yield Item("tile", str(t.id), f"Tile {t.id}: {t.name()}", "Air Spirit" if t.air else "")
    for k in c.tokens:
        yield Item("favor token", k.id, k.name(), (k.module or "").replace("_", " "))
    for w in c.wishes:
        yield Item("Wish card", w.id, w.name().removeprefix("Wish: "))
    for h in c.hexes:
        yield Item("Hex card", h.id, h.name().removeprefix("Hex: "))


def progress(state: State) -> tuple[int, list[float]]:
    """The round under way (each seat's turn once) and each seat's nature points were the game to end now."""
    s: Any = state
    if s.over:
        return s.turn // s.players + 1, list(state.result().scores)
    return s.turn // s.players + 1, [float(d["total"]) for d in score_details(s)]


def record(state: State, result: Result, rec: Recorder) -> None:
    s: Any = state
    c = s.c
    cfg = s.cfg
    rec.length(s.turn)
    taken = [list(s.tiles_of[p]) + list(s.discarded_tiles[p]) for p in range(s.players)]
    forest = {t for t in range(len(c.tiles)) if s.tile_place[t] >= 0} | {t for ts in taken for t in ts}
    for t in sorted(forest):
        rec.appeared("tile", str(t))
    for p, tiles in enumerate(taken):
        for t in tiles:
            rec.had(p, "tile", str(t))
    in_play = {k for k in s.token_at if k >= 0} | set(s.discarded) | {k for f in s.favors for k in f}
    for k in sorted(in_play):
        rec.appeared("favor token", c.tokens[k].id)
    for p, favors in enumerate(s.favors):
        for k in favors:
            rec.had(p, "favor token", c.tokens[k].id)
    details = result.details
    for p in range(s.players):
        if cfg.wishes and s.wish[p] >= 0:
            for w in s.wish_hand[p]:
                rec.appeared("Wish card", c.wishes[w].id)
            key = c.wishes[s.wish[p]].id
            rec.had(p, "Wish card", key)
            if s.wish_met[p]:
                rec.fact(p, "Wish card", key, "met")
                rec.fact(p, "module", "wish", "effect")
        if cfg.hexes and s.hex[p] >= 0:
            for h in s.hex_hand[p]:
                rec.appeared("Hex card", c.hexes[h].id)
            key = c.hexes[s.hex[p]].id
            rec.had(p, "Hex card", key)
            if details[p].get("hex"):
                rec.fact(p, "Hex card", key, "suffered")
                rec.fact(p, "module", "hex", "effect", details[p]["hex"])
        if cfg.seasons and s.drops[p]:
            rec.fact(p, "module", "seasons", "effect", s.drops[p])
        air = sum(1 for t in taken[p] if c.tiles[t].air)
        if air:
            rec.fact(p, "module", "air_spirit", "effect", air)
        if cfg.fireflies and s.discarded_tiles[p]:
            rec.fact(p, "module", "fireflies", "effect", len(s.discarded_tiles[p]))
        for source in SOURCES:
            if details[p].get(source):
                rec.fact(p, "points", source, "points", details[p][source])


def section(view: LabView) -> list[Section]:
    options = view.meta["options"]
    parts = []
    if options.get("wish"):
        parts.append(event_rates(view, "wishes", "Wish cards: met", "Wish card", "met", ("met", "not met"),
                                 "Each Wish card kept: how often its request was met at the end, and the win rate "
                                 "of its holder when it was and when it was not."))
    if options.get("hex"):
        parts.append(event_rates(view, "hexes", "Hex cards: suffered", "Hex card", "suffered", ("suffered", "spared"),
                                 "Each Hex card kept: how often it struck its holder (6 points lost), and the "
                                 "holder's win rate when it did and when it did not."))
    on = {key: label for key, label in MODULES.items() if options.get(key)}
    if on:
        parts.append(value_effects(view, "modules", "Modules", "module", on,
                                   "Each module on in this run: how many seats it touched, by how much, and the win "
                                   "rate of the seats it touched against the others."))
    else:
        parts.append(Section("modules", "Modules", "<p class=quiet>No module was on in this run (options wish, "
                                                   "hex, seasons, air_spirit, fireflies).</p>"))
    parts.append(points_by_source(view, "sources", "Where the points come from", "points", SOURCES,
                                  "Mean points of each kind for the winners and for the other seats."))
    return parts
