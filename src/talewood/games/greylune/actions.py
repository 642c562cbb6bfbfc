"""Greylune's fixed action space: every id means the same thing in every state."""

from __future__ import annotations

from talewood.engine import ActionSpace, ActionSpec

from .content import Content, load_content

# The 3x3 Village: slots r*3+c; a gap joins two neighbouring slots (6 across, 6 down).
GAPS: tuple[tuple[int, int], ...] = tuple(
    [(r * 3 + c, r * 3 + c + 1) for r in range(3) for c in range(2)]
    + [(r * 3 + c, (r + 1) * 3 + c) for r in range(2) for c in range(3)])
SLOT_GAPS: tuple[tuple[int, ...], ...] = tuple(
    tuple(g for g, pair in enumerate(GAPS) if s in pair) for s in range(9))
GAP_SLOTS: tuple[tuple[int, int], ...] = tuple((g, s) for g, pair in enumerate(GAPS) for s in pair)

SPECIAL_OPTIONS = ("tell a story", "move your Adventurer 1 space", "gain 1 Magic")
SIDE_NAMES = ("left side", "right side", "both sides")
HALL_NAMES = ("spend 1 Strength for 3 VP", "spend 1 Magic for 4 VP", "spend 1 Strength and 1 Magic for 7 VP")


class Ids:
    """Base offsets of each action kind in the table (filled by build_space)."""

    PLACE = TO_SUMMER = TO_AUTUMN = EVENT = EVENT_GAP = COINS = CLEAR = ACTIVATE = USE_ITEM = 0
    SPECIAL = SEAL = SELIA = REACT = DECLINE = DISCARD = READY = MOVE = ELWEN = ENCOUNTER = 0
    SPACE_BONUS = QUEST = STOP = POTION = ARIOK = SIDES = TELL = TELL_BOOST = STORY_END = 0
    PICK_STORY = BONUS = SKILL = HALL = 0


def build_space(content: Content) -> tuple[ActionSpace, list[tuple[int, int]]]:
    """The action table and the (card index, ability) pairs behind the use_item ids."""
    specs: list[ActionSpec] = []

    def base(name: str) -> None:
        setattr(Ids, name, len(specs))

    def add(kind: str, label: str, **params: int | str) -> None:
        specs.append(ActionSpec(kind, tuple(params.items()), label))

    base("PLACE")
    for g, (a, b) in enumerate(GAPS):
        add("place", f"place a Villager in gap {g} (between slots {a} and {b})", gap=g)
    base("TO_SUMMER")
    add("to_summer", "move to Summer")
    base("TO_AUTUMN")
    add("to_autumn", "move to Autumn")
    base("EVENT")
    for k in range(5):
        add("event", f"take part in the Event: option {k}", option=k)
    base("EVENT_GAP")
    for g in range(len(GAPS)):
        add("event_gap", f"move a Villager from gap {g} onto the Event", gap=g)
    base("COINS")
    for g, s in GAP_SLOTS:
        add("coins", f"gain coins: Villager from gap {g}, naming slot {s}", gap=g, slot=s)
    base("CLEAR")
    for g in range(len(GAPS)):
        add("clear", f"take back a Villager from gap {g} (no card left)", gap=g)
    base("ACTIVATE")
    for g, s in GAP_SLOTS:
        add("activate", f"activate the card in slot {s} with a Villager from gap {g}", gap=g, slot=s)
    base("USE_ITEM")
    item_abilities: list[tuple[int, int]] = []
    for card in content.cards:
        for a in range(len(card.abilities)):
            item_abilities.append((card.index, a))
            add("use_item", f"use {card.name} (ability {a + 1})", card=card.id, ability=a)
    base("SPECIAL")
    for k, text in enumerate(SPECIAL_OPTIONS):
        add("special", f"special action: {text}", option=k)
    base("SEAL")
    for v in (1, 2, 3):
        add("seal", f"use a Seal of value {v}", value=v)
    base("SELIA")
    for v in (1, 2, 3):
        add("selia", f"exhaust Selia: the Seal is worth {v}", value=v)
    base("REACT")
    add("react", "use the reaction")
    base("DECLINE")
    add("decline", "decline")
    base("DISCARD")
    for card in content.cards:
        add("discard_item", f"discard {card.name}", card=card.id)
    base("READY")
    for card in content.cards:
        add("ready_card", f"ready {card.name}", card=card.id)
    base("MOVE")
    for d in range(6):
        add("move_to", f"move your Adventurer to the {content.crests[d]} space ({d})", space=d)
    base("ELWEN")
    add("elwen", "exhaust Elwen: move up to 2 more spaces")
    base("ENCOUNTER")
    for e in content.encounters[1:]:
        add("encounter", f"resolve the Encounter {e.name}", encounter=e.id)
    base("SPACE_BONUS")
    add("space_bonus", "take this space's bonus instead of an Encounter")
    base("QUEST")
    add("quest", "complete this space's Heroic Quest")
    base("STOP")
    add("stop", "stop here without resolving anything")
    base("POTION")
    for card in content.cards:
        if card.potion:
            add("potion", f"use the {card.name}", card=card.id)
    base("ARIOK")
    add("ariok", "exhaust Ariok and spend 1 Magic: ignore one requirement")
    base("SIDES")
    for k, text in enumerate(SIDE_NAMES):
        add("sides", f"meet the {text}", sides=k)
    base("TELL")
    for e in content.encounters[1:]:
        add("tell", f"tell the story of {e.name}", encounter=e.id)
    base("TELL_BOOST")
    for e in content.encounters[1:]:
        add("tell_boost", f"tell the story of {e.name}, raised to value 3", encounter=e.id)
    base("STORY_END")
    add("story_end", "end the story")
    base("PICK_STORY")
    for e in content.encounters[1:]:
        add("pick_story", f"move {e.name} to your Told Stories", encounter=e.id)
    base("BONUS")
    for k, name in enumerate(content.bonus_names):
        add("bonus", f"take the {name} Bonus token", token=k)
    base("SKILL")
    add("skill", "gain 1 Strength", skill="strength")
    add("skill", "gain 1 Magic", skill="magic")
    base("HALL")
    for k, text in enumerate(HALL_NAMES):
        add("hall", text, option=k)
    return ActionSpace(specs), item_abilities


SPACE, ITEM_ABILITIES = build_space(load_content())
POTION_CARDS: tuple[int, ...] = tuple(c.index for c in load_content().cards if c.potion)
