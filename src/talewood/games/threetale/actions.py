"""ThreeTale's fixed action space: the same id means the same thing in every state.

Things are named by what they are in the content (a Hero, a tile, a space of a tile, an Artifact, a
Talent), never by a position that changes. A space is `tile * 4 + corner` (corners north-west,
north-east, south-east, south-west of the tile as it lies). Each kind's base label is generic; the
state's `describe` words it for the decision at hand ("Keep the Forest Axe", "Give the Forest Axe").
"""

from __future__ import annotations

from dataclasses import dataclass

from ...engine import ActionSpace, ActionSpec
from .components.box import Content
from .components.symbols import VIRTUES, portal_name

DIRECTIONS = ("north", "east", "south", "west", "north-east", "south-east", "south-west", "north-west")
SIDES = ("north", "east", "south", "west")
CORNERS = ("north-west", "north-east", "south-east", "south-west")
ROTATIONS = (0, 90, 180, 270)
UPGRADES = ("two Level 1 Artifacts for a Level 2", "two Level 2 Artifacts for a Level 3",
            "two Level 3 Artifacts for a Sacred Stone")


@dataclass(frozen=True)
class Ids:
    """The first id of each kind of action (kinds are laid out one after another)."""

    pick_hero: int
    order_hero: int
    keep_order: int
    choose_tile: int
    snap: int
    rotate: int
    start_space: int
    step: int
    portal_to: int
    stop: int
    claim: int
    use_altar: int
    give_to: int
    bless_to: int
    keeper: int
    develop: int
    equip: int
    use_artifact: int
    use_bonus: int
    end_turn: int
    raise_virtue: int
    lower_virtue: int
    artifact: int
    hero: int
    option: int
    accept: int
    decline: int
    quest: int
    return_bonus: int
    done: int
    sac_shevitsa: int
    upgrade: int
    attack: int
    escape: int
    turn_die: int
    talent: int
    stone: int
    block: int
    tile: int
    space: int
    vicinator: int
    deck: int
    card: int
    give_ring: int
    size: int


def build_action_space(c: Content, future_decks: int, future_cards: int) -> tuple[ActionSpace, Ids]:
    heroes = [h.name for h in c.heroes]
    tiles = [t.name for t in c.tiles]
    talents = [t for h in c.heroes for t in h.talents]
    arts = [a.name for a in c.artifacts]
    hero_bonus = [b for b in c.bonus if b.deck == "hero"]
    specs: list[ActionSpec] = []
    offsets: dict[str, int] = {}

    def kind(name: str, entries: list[tuple[tuple[tuple[str, int | str], ...], str]]) -> None:
        offsets[name] = len(specs)
        specs.extend(ActionSpec(name, params, label) for params, label in entries)

    def one(name: str, label: str) -> None:
        kind(name, [((), label)])

    kind("pick_hero", [((("hero", i),), f"Play {n}") for i, n in enumerate(heroes)])
    kind("order_hero", [((("hero", i),), f"{n} takes the next turn") for i, n in enumerate(heroes)])
    one("keep_order", "Keep the turn order")
    kind("choose_tile", [((("tile", i),), f"Place {n}") for i, n in enumerate(tiles)])
    kind("snap", [((("tile", i), ("side", d)), f"Snap the new tile to the {side} of {n}")
                  for i, n in enumerate(tiles) for d, side in enumerate(SIDES)])
    kind("rotate", [((("degrees", r),), f"Turn the tile {r}°") for r in ROTATIONS])
    kind("start_space", [((("corner", k),), f"Start on the {c_} space") for k, c_ in enumerate(CORNERS)])
    kind("step", [((("direction", d),), f"Step {name}") for d, name in enumerate(DIRECTIONS)])
    kind("portal_to", [((("tile", i),), f"Travel to {portal_name(n)}") for i, n in enumerate(tiles)])
    one("stop", "Stop moving")
    one("claim", "Claim what lies on your space")
    one("use_altar", "Use the Altar")
    kind("give_to", [((("hero", i),), f"Give an Artifact to {n}") for i, n in enumerate(heroes)])
    kind("bless_to", [((("hero", i),), f"Give an Offering to {n}") for i, n in enumerate(heroes)])
    kind("keeper", [((("hero", i),), f"{n} keeps the blessed Artifact") for i, n in enumerate(heroes)])
    kind("develop", [((("talent", i),), f"Develop the Talent {t.name}") for i, t in enumerate(talents)])
    kind("equip", [((("artifact", i),), f"Put {n} in its slot") for i, n in enumerate(arts)])
    kind("use_artifact", [((("artifact", i),), f"Use {n}") for i, n in enumerate(arts)])
    kind("use_bonus", [((("card", i), ("effect", e)), f"Use {b.name} (effect {e + 1})")
                       for i, b in enumerate(hero_bonus) for e in range(2)])
    one("end_turn", "End your turn")
    kind("raise_virtue", [((("virtue", v),), f"Raise {name.capitalize()}") for v, name in enumerate(VIRTUES)])
    kind("lower_virtue", [((("virtue", v),), f"Lose 1 {name.capitalize()}") for v, name in enumerate(VIRTUES)])
    kind("artifact", [((("artifact", i),), f"Choose {n}") for i, n in enumerate(arts)])
    kind("hero", [((("hero", i),), f"Choose {n}") for i, n in enumerate(heroes)])
    kind("option", [((("option", i),), f"Choose effect {i + 1}") for i in range(4)])
    one("accept", "Pay")
    one("decline", "Do not pay")
    kind("quest", [((("quest", i),), f"Keep the Quest {q.name}") for i, q in enumerate(c.quests)])
    kind("return_bonus", [((("card", i),), f"Return {b.name}") for i, b in enumerate(hero_bonus)])
    one("done", "Done")
    one("sac_shevitsa", "Sacrifice 1 Shevitsa for a Virtue")
    kind("upgrade", [((("level", lv),), f"Sacrifice {u}") for lv, u in enumerate(UPGRADES, start=1)])
    one("attack", "Roll your attack")
    one("escape", "Escape for 1 Spirit")
    one("turn_die", "Turn a die")
    kind("talent", [((("talent", i),), f"Use {t.name}") for i, t in enumerate(talents)])
    kind("stone", [((("hero", i),), f"Use a Sacred Stone of {n}") for i, n in enumerate(heroes)])
    one("block", "Block all the damage with 1 Spirit")
    kind("tile", [((("tile", i),), f"Choose {n}") for i, n in enumerate(tiles)])
    kind("space", [((("space", s),), f"Choose the {CORNERS[s % 4]} space of {tiles[s // 4]}")
                   for s in range(4 * len(tiles))])
    one("vicinator", "Attack the Vicinator")
    kind("deck", [((("deck", i),), f"Choose Future deck {i + 1}") for i in range(future_decks)])
    kind("card", [((("card", i),), f"Choose Future card {i + 1}") for i in range(future_cards)])
    kind("give_ring", [((("hero", i),), f"Give a Ring to {n}") for i, n in enumerate(heroes)])
    offsets["size"] = len(specs)
    return ActionSpace(specs), Ids(**offsets)
