"""How ThreeTale's choices show in a panel and a terminal (engine/present.py's Choice).

"End your turn", "Stop", "Done", "Keep the turn order" and the like come first; every other choice is
grouped under what it concerns (Steps, Virtues, Talents, Artifacts…). A choice that picks a Hero, a tile
or a card carries its whole text. A terminal player types a short code: a direction for a step ("n",
"se"), a corner for a space of the new tile ("nw"), a Hero's initials ("sd" for The Silver Deer), and a
place on the Map by its column and row ("c4": the Map's columns are lettered and its rows numbered, one
tile each, from the empty edge around the laid tiles — the terminal prints them around the Map).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from ...engine import Choice
from .components.heroes import Hero
from .components.symbols import VIRTUES

if TYPE_CHECKING:
    from .state import TTState

# the pass/none/done kind: listed first, always in the panel
FIRST = {"keep_order": "keep", "stop": "stop", "end_turn": "end", "done": "done", "decline": "no", "attack": "roll"}
GROUPS = {
    "pick_hero": "Heroes", "order_hero": "Turn order", "choose_tile": "Tiles drawn", "snap": "Where the tile goes",
    "rotate": "How the tile is turned", "start_space": "Where your Hero starts", "step": "Steps",
    "portal_to": "Portals", "claim": "Actions", "use_altar": "Actions", "give_ring": "Actions",
    "give_to": "Giving", "bless_to": "Giving", "keeper": "Who keeps the Artifact", "develop": "Talents",
    "talent": "Talents", "equip": "Artifacts", "use_artifact": "Artifacts", "artifact": "Artifacts",
    "use_bonus": "Bonus cards", "return_bonus": "Bonus cards", "raise_virtue": "Virtues",
    "lower_virtue": "Virtues", "hero": "Heroes", "option": "Effects", "accept": "", "quest": "Quest cards",
    "sac_shevitsa": "Sacrifices", "upgrade": "Sacrifices", "escape": "Battle", "turn_die": "Dice",
    "block": "Battle", "stone": "Sacred Stones", "tile": "Tiles", "space": "Spaces", "vicinator": "Battle",
    "deck": "Future decks", "card": "Future cards",
}
DIRECTION_CODES = ("n", "e", "s", "w", "ne", "se", "sw", "nw")
CORNER_CODES = ("nw", "ne", "se", "sw")
SMALL_WORDS = {"the", "of", "and"}


def initials(name: str) -> str:
    """A Hero's initials, as a code: "sd" for The Silver Deer, "qlw" for The Queen of Living Water."""
    return "".join(w[0] for w in name.lower().split() if w not in SMALL_WORDS)


def column(i: int) -> str:
    """The Map's i-th column (from 0) as letters: a … z, then aa, ab …"""
    out = ""
    i += 1
    while i:
        i, r = divmod(i - 1, 26)
        out = chr(97 + r) + out
    return out


def origin(xs: Iterable[int], ys: Iterable[int]) -> tuple[int, int]:
    """The Map's first column and row: one tile's room before the laid tiles (where a tile may snap)."""
    xs, ys = list(xs), list(ys)
    return (min(xs) - 1, min(ys) - 1) if xs else (0, 0)


def place_code(x: int, y: int, at: tuple[int, int]) -> str:
    """The place of a tile (in tiles) on the Map whose first column and row are `at`: "c4"."""
    return f"{column(x - at[0])}{y - at[1] + 1}"


def map_origin(s: TTState) -> tuple[int, int]:
    return origin((s.tile_x[t] for t in s.placed), (s.tile_y[t] for t in s.placed))


def hero_text(hero: Hero) -> str:
    """A Hero's board in words: who they are, how they start, and their six Talents."""
    start = ", ".join(f"{v.capitalize()} {n}" for v, n in zip(VIRTUES, hero.virtues, strict=True))
    talents = " ".join(f"Level {t.level}, {t.name}: {t.text}" for t in hero.talents)
    return f"{hero.name}: {hero.text} Starts with {start}, Speed {hero.speed}, Spirit {hero.spirit}. Talents: {talents}"


def artifact_text(s: TTState, a: int) -> str:
    art = s.t.artifacts[a]
    return f"{art.name} (Level {art.level} Artifact, {art.slot}, {art.usage.replace('_', '-')}): {art.text}"


def choice(s: TTState, action: int) -> Choice:
    t = s.t
    spec = t.space.spec(action)
    kind = spec.kind
    if kind in FIRST:
        return Choice(first=True, code=FIRST[kind])
    p: dict[str, Any] = dict(spec.params)
    top: Any = s.stack[-1]
    frame = type(top).__name__
    group = GROUPS.get(kind, "")
    heroes = t.c.heroes
    if kind == "pick_hero":
        hero = heroes[int(p["hero"])]
        return Choice(group=group, detail=hero_text(hero), code=initials(hero.name))
    if kind in ("order_hero", "keeper", "hero"):
        return Choice(group=group, code=initials(heroes[int(p["hero"])].name))
    if kind in ("give_to", "bless_to", "give_ring", "stone"):
        verb = {"give_to": "give", "bless_to": "bless", "give_ring": "ring", "stone": "stone"}[kind]
        return Choice(group=group, code=verb + initials(heroes[int(p["hero"])].name))
    if kind == "choose_tile":
        tile = int(p["tile"])
        return Choice(group=group, detail=t.c.tiles[tile].text, code=f"t{s.drawn.index(tile) + 1}")
    if kind == "snap":
        other, side = int(p["tile"]), int(p["side"])
        dx, dy = ((0, -1), (1, 0), (0, 1), (-1, 0))[side]
        return Choice(group=group, code=place_code(s.tile_x[other] + dx, s.tile_y[other] + dy, map_origin(s)))
    if kind == "rotate":
        return Choice(group=group, code=f"r{int(p['degrees'])}")
    if kind == "start_space":
        return Choice(group=group, code=CORNER_CODES[int(p["corner"])])
    if kind == "step":
        return Choice(group=group, code=DIRECTION_CODES[int(p["direction"])])
    if kind in ("portal_to", "tile"):
        tile = int(p["tile"])
        return Choice(group=group, code=place_code(s.tile_x[tile], s.tile_y[tile], map_origin(s)))
    if kind == "space":
        sp = int(p["space"])
        tile = sp >> 2
        return Choice(group=group, code=place_code(s.tile_x[tile], s.tile_y[tile], map_origin(s))
                      + CORNER_CODES[sp & 3])
    if kind == "claim":
        return Choice(group=group, code="claim")
    if kind == "use_altar":
        return Choice(group=group, code="altar")
    if kind in ("develop", "talent"):
        ti = int(p["talent"])
        tal = t.talents[ti]
        hero = heroes[t.talent_hero[ti]]
        return Choice(group=group, detail=f"{tal.name} (Level {tal.level} Talent of {hero.name}): {tal.text}",
                      code=f"t{hero.talents.index(tal) + 1}")
    if kind in ("equip", "use_artifact", "artifact"):
        a = int(p["artifact"])
        if kind == "artifact" and frame == "KeepArtifact":
            where = s.on_offer
        else:
            where = next((arts for arts in s.arts if a in arts), [])
        prefix = {"equip": "slot", "use_artifact": "use", "artifact": "a"}[kind]
        return Choice(group=group, detail=artifact_text(s, a), code=f"{prefix}{where.index(a) + 1}")
    if kind in ("use_bonus", "return_bonus"):
        card = int(p["card"])
        bonus = t.hero_bonus[card]
        n = s.bonus_hand.index(card) + 1 if card in s.bonus_hand else card + 1
        code = f"b{n}{'ab'[int(p['effect'])]}" if kind == "use_bonus" else f"b{n}"
        return Choice(group=group, detail=f"{bonus.name}: {bonus.text}", code=code)
    if kind in ("raise_virtue", "lower_virtue"):
        return Choice(group=group, code=t.virtue_names[int(p["virtue"])].lower())
    if kind == "option":
        return Choice(group=group, code=f"e{int(p['option']) + 1}")
    if kind == "accept":
        return Choice(group=group, code="yes")
    if kind == "quest":
        q = t.c.quests[int(p["quest"])]
        return Choice(group=group, detail=f"{q.name}: {q.text}", code=f"q{s.on_offer.index(int(p['quest'])) + 1}"
                      if int(p["quest"]) in s.on_offer else "")
    if kind == "sac_shevitsa":
        return Choice(group=group, code="shevitsa")
    if kind == "upgrade":
        return Choice(group=group, code=f"up{int(p['level'])}")
    if kind in ("escape", "block", "vicinator"):
        return Choice(group=group, code=kind)
    if kind == "turn_die":
        return Choice(group=group, code="turn")
    if kind == "deck":
        return Choice(group=group, code=f"d{int(p['deck']) + 1}")
    if kind == "card":
        fc = t.fcards[int(p["card"])]
        known = s.top[top.deck] if frame == "Reorder" else []
        n = known.index(int(p["card"])) + 1 if int(p["card"]) in known else int(p["card"]) + 1
        return Choice(group=group, detail=f"{fc.name}: {fc.text}", code=f"c{n}")
    return Choice(group=group)


__all__ = ["choice", "column", "hero_text", "initials", "origin", "place_code"]
