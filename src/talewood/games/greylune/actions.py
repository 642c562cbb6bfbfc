"""Greylune's fixed action space: every id means the same thing in every state.

The table is built from the content by the Game (`build_action_space`); `Ids` holds the first id
of each kind of action, so a frame turns an action into its parameter by subtraction.
"""

from __future__ import annotations

from typing import final

from ...engine import ActionSpace, ActionSpec
from .content import Content

# The 3x3 Village: slots r*3+c; a gap joins two neighbouring slots (6 across, 6 down).
GAPS: tuple[tuple[int, int], ...] = tuple(
    [(r * 3 + c, r * 3 + c + 1) for r in range(3) for c in range(2)]
    + [(r * 3 + c, (r + 1) * 3 + c) for r in range(2) for c in range(3)])
NGAPS = len(GAPS)
SLOT_GAPS: tuple[tuple[int, ...], ...] = tuple(
    tuple(g for g, pair in enumerate(GAPS) if s in pair) for s in range(9))
GAP_SLOTS: tuple[tuple[int, int], ...] = tuple((g, s) for g, pair in enumerate(GAPS) for s in pair)

SPECIAL_OPTIONS = ("tell a story", "move your Adventurer 1 space", "gain 1 Magic")
SIDE_NAMES = ("left side", "right side", "both sides")
HALL_NAMES = ("spend 1 Strength for 3 VP", "spend 1 Magic for 4 VP", "spend 1 Strength and 1 Magic for 7 VP")


@final
class Ids:
    """The first id of each kind of action in the table (computed once per game from its content)."""

    __slots__ = (
        "activate", "ariok", "bonus", "clear", "coins", "decline", "discard", "elwen", "encounter", "event",
        "event_gap", "hall", "move", "pick_story", "place", "potion", "quest", "react", "ready", "seal", "selia",
        "sides", "size", "skill", "space_bonus", "special", "stop", "story_end", "tell", "tell_boost", "to_autumn",
        "to_summer", "use_item",
    )

    activate: int
    ariok: int
    bonus: int
    clear: int
    coins: int
    decline: int
    discard: int
    elwen: int
    encounter: int
    event: int
    event_gap: int
    hall: int
    move: int
    pick_story: int
    place: int
    potion: int
    quest: int
    react: int
    ready: int
    seal: int
    selia: int
    sides: int
    size: int
    skill: int
    space_bonus: int
    special: int
    stop: int
    story_end: int
    tell: int
    tell_boost: int
    to_autumn: int
    to_summer: int
    use_item: int


def build_action_space(content: Content) -> tuple[ActionSpace, Ids, tuple[tuple[int, int], ...]]:
    """The action table, its offsets, and the (card index, ability) pairs behind the use_item ids."""
    specs: list[ActionSpec] = []
    ids = Ids()

    def base(name: str) -> None:
        setattr(ids, name, len(specs))

    def add(kind: str, label: str, **params: int | str) -> None:
        specs.append(ActionSpec(kind, tuple(params.items()), label))

    base("place")
    for g, (a, b) in enumerate(GAPS):
        add("place", f"place a Villager in gap {g} (between slots {a} and {b})", gap=g)
    base("to_summer")
    add("to_summer", "move to Summer")
    base("to_autumn")
    add("to_autumn", "move to Autumn")
    base("event")
    for k in range(5):
        add("event", f"take part in the Event: option {k}", option=k)
    base("event_gap")
    for g in range(NGAPS):
        add("event_gap", f"move a Villager from gap {g} onto the Event", gap=g)
    base("coins")
    for g, s in GAP_SLOTS:
        add("coins", f"gain coins: Villager from gap {g}, naming slot {s}", gap=g, slot=s)
    base("clear")
    for g in range(NGAPS):
        add("clear", f"take back a Villager from gap {g} (no card left)", gap=g)
    base("activate")
    for g, s in GAP_SLOTS:
        add("activate", f"activate the card in slot {s} with a Villager from gap {g}", gap=g, slot=s)
    base("use_item")
    item_abilities: list[tuple[int, int]] = []
    for card in content.cards:
        for a in range(len(card.abilities)):
            item_abilities.append((card.index, a))
            add("use_item", f"use {card.name} (ability {a + 1})", card=card.id, ability=a)
    base("special")
    for k, text in enumerate(SPECIAL_OPTIONS):
        add("special", f"special action: {text}", option=k)
    base("seal")
    for v in (1, 2, 3):
        add("seal", f"use a Seal of value {v}", value=v)
    base("selia")
    for v in (1, 2, 3):
        add("selia", f"exhaust Selia: the Seal is worth {v}", value=v)
    base("react")
    add("react", "use the reaction")
    base("decline")
    add("decline", "decline")
    base("discard")
    for card in content.cards:
        add("discard_item", f"discard {card.name}", card=card.id)
    base("ready")
    for card in content.cards:
        add("ready_card", f"ready {card.name}", card=card.id)
    base("move")
    for d in range(6):
        add("move_to", f"move your Adventurer to the {content.crests[d]} space ({d})", space=d)
    base("elwen")
    add("elwen", "exhaust Elwen: move up to 2 more spaces")
    base("encounter")
    for e in content.encounters[1:]:
        add("encounter", f"resolve the Encounter {e.name}", encounter=e.id)
    base("space_bonus")
    add("space_bonus", "take this space's bonus instead of an Encounter")
    base("quest")
    add("quest", "complete this space's Heroic Quest")
    base("stop")
    add("stop", "stop here without resolving anything")
    base("potion")
    for card in content.cards:
        if card.potion:
            add("potion", f"use the {card.name}", card=card.id)
    base("ariok")
    add("ariok", "exhaust Ariok and spend 1 Magic: ignore one requirement")
    base("sides")
    for k, text in enumerate(SIDE_NAMES):
        add("sides", f"meet the {text}", sides=k)
    base("tell")
    for e in content.encounters[1:]:
        add("tell", f"tell the story of {e.name}", encounter=e.id)
    base("tell_boost")
    for e in content.encounters[1:]:
        add("tell_boost", f"tell the story of {e.name}, raised to value 3", encounter=e.id)
    base("story_end")
    add("story_end", "end the story")
    base("pick_story")
    for e in content.encounters[1:]:
        add("pick_story", f"move {e.name} to your Told Stories", encounter=e.id)
    base("bonus")
    for k, name in enumerate(content.bonus_names):
        add("bonus", f"take the {name} Bonus token", token=k)
    base("skill")
    add("skill", "gain 1 Strength", skill="strength")
    add("skill", "gain 1 Magic", skill="magic")
    base("hall")
    for k, text in enumerate(HALL_NAMES):
        add("hall", text, option=k)
    base("size")
    return ActionSpace(specs), ids, tuple(item_abilities)
