"""The full text of every Greylune card, tile and token, in the rulebook's words, built from the card data:
what the board and the terminal show one hover, tap or line away (the view exports it)."""

from __future__ import annotations

from functools import cache

from ...engine import plural
from .content import (
    COINS,
    HALL,
    HAVE_MAG,
    HAVE_SM,
    HAVE_STR,
    INCOME,
    MAG,
    MOVE,
    R_NONE,
    READY,
    SEAL_COINS,
    SEAL_MOVE,
    SEAL_VP,
    SKILL_CHOICE,
    SPEND_COINS,
    SPEND_MAG,
    SPEND_STR,
    SPEND_VILLAGERS,
    STR,
    VILLAGER,
    VP,
    VP_PER_COMPANION,
    VP_PER_ITEM,
    VP_PER_TOLD,
    VP_PER_UNTOLD,
    Content,
    Effect,
    EncounterCard,
    EventTile,
    QuestTile,
    Req,
    VillageCard,
)

_REQ_WORDS = {HAVE_STR: "have {n} Strength", HAVE_MAG: "have {n} Magic", HAVE_SM: "have {n} Strength+Magic",
              SPEND_COINS: "spend {n} coin{s}", SPEND_VILLAGERS: "spend {n} Villager{s}",
              SPEND_STR: "spend {n} Strength", SPEND_MAG: "spend {n} Magic"}
_EFFECT_WORDS = {VP: "{n} VP", COINS: "{n} coin{s}", STR: "{n} Strength", MAG: "{n} Magic",
                 VILLAGER: "{n} Villager{s}", MOVE: "move up to {n} space{s}", READY: "ready one of your cards",
                 SKILL_CHOICE: "1 Strength or 1 Magic", SEAL_VP: "VP equal to the Seal's value",
                 SEAL_COINS: "coins equal to the Seal's value",
                 SEAL_MOVE: "move up to as many spaces as the Seal's value", VP_PER_TOLD: "{n} VP per story told",
                 VP_PER_UNTOLD: "{n} VP per untold story", VP_PER_ITEM: "{n} VP per Item you have",
                 VP_PER_COMPANION: "{n} VP per Companion",
                 HALL: "spend 1 Strength for 3 VP and/or 1 Magic for 4 VP", INCOME: "the Income token"}


def req_text(req: Req) -> str:
    if req[0] == R_NONE:
        return "nothing"
    return _REQ_WORDS[req[0]].format(n=req[1], s="" if req[1] == 1 else "s")


def effects_text(effects: tuple[Effect, ...]) -> str:
    return " + ".join(_EFFECT_WORDS[op].format(n=n, s="" if n == 1 else "s") for op, n in effects) or "nothing"


def option_text(cost: Req, effects: tuple[Effect, ...]) -> str:
    if cost[0] == R_NONE:
        return effects_text(effects)
    return f"{req_text(cost)}: {effects_text(effects)}"



# the Companions' Reaction (and Permanent) abilities, from the rulebook's appendix
REACTIONS = {
    "kael": "Reaction: when you must spend Strength, you may exhaust this card to spend 1 less. "
            "Permanent: your Item limit is increased by 1.",
    "elwen": "Reaction: when you go adventuring, you may exhaust this card to move your Adventurer up to "
             "2 additional spaces.",
    "dorian": "Reaction: when you buy an Item, you may exhaust this card to reduce its cost by 1 and gain 1 VP. "
              "Permanent: your Item limit is increased by 2.",
    "ariok": "Reaction: when you go adventuring, you may exhaust this card and spend 1 Magic to ignore one "
             "requirement on an Encounter card.",
    "selia": "Reaction: when you activate a Seal token, you may exhaust this card to choose its value (1 to 3). "
             "Permanent: when you use a Potion, exhaust it instead of discarding it.",
    "neris": "Reaction: when you remove a Villager, you may exhaust this card to gain 2 additional coins or "
             "to ignore the extra cost.",
    "bran": "Reaction: when you must spend one or more Villagers to activate a card, exhaust this card to "
            "reduce that number by 1.",
    "lucan": "Reaction: when you gain Magic, you may exhaust this card to gain 1 Strength (or vice versa).",
    "isandre": "Reaction: when you exhaust a card, you may exhaust this card to ready it. You may immediately "
               "exhaust the card you just readied to trigger its effect again.",
    "seren": "Reaction: when you tell a story, exhaust this card to make the storytelling value of one of "
             "your Encounter cards equal to 3.",
    "mira": "Reaction: when you go adventuring (before or after resolving an Encounter), you may exhaust this "
            "card to place 1 Villager in the Village.",
}
END_SCORING = {
    "per_strength": "1 VP per Strength", "per_magic": "1 VP per Magic", "per_item": "1 VP per Item",
    "per_far_encounter": "1 VP per Encounter card with a distance of 3 or more (told or untold)",
    "per_potion_2": "2 VP per Potion", "per_coin_pair": "1 VP per pair of coins remaining",
    "villagers_minus_2": "1 VP per Villager you have, minus 2", "lower_skill":
    "1 VP per level of your lower skill (Strength or Magic)", "per_companion_2": "2 VP per Companion",
    "per_told": "1 VP per story told", "per_crest": "1 VP per Encounter card with a different crest (told or untold)",
}
POTIONS = {
    "mana": "Reaction: when you go adventuring, discard this card to count 2 more Magic (for an Encounter or "
            "a Quest that asks you to have Magic; it cannot be spent).",
    "strength": "Reaction: when you go adventuring, discard this card to count 2 more Strength (for an "
                "Encounter or a Quest that asks you to have Strength; it cannot be spent).",
    "flying": "Reaction: when you go adventuring, discard this card to count 1 more Strength and 1 more Magic "
              "(for what asks you to have them; they cannot be spent).",
    "invisibility": "Reaction: when you go adventuring, discard this card to ignore one requirement on an "
                    "Encounter card.",
    "charisma": "Reaction: when you tell a story, discard this card to make the storytelling value of one of "
                "your Encounter cards equal to 3.",
    "endurance": "Reaction: when you go adventuring (before or after resolving an Encounter), discard this "
                 "card to place 1 Villager in the Village.",
}
KIND_RULES = {
    "building": "Building: it stays in the Village; any adjacent Villager may activate it, several times a year.",
    "item": "Item: bought and kept beside your board (3 at most, unless a card raises the limit).",
    "companion": "Companion: recruiting gives 1 Villager at once; each Companion lowers your Autumn income by 1.",
}
SEAL_RULES = {"players_minus_1": "Seal tokens: the number of players minus 1.",
              "one": "It comes with 1 Seal token."}
EXTRA_COST = "(+1 coin for each other Villager around it.)"
STORY_TEXT = "Tell one or more stories with a total storytelling value of up to 3"


def option_words(cost: Req, effects: tuple[Effect, ...]) -> str:
    """An Event's option as an order: "gain 3 coins", "spend 3 coins for 1 Strength + 1 Magic", "spend 1
    Magic to move up to 5 spaces"."""
    if cost[0] == R_NONE:
        return gain_text(effects)
    gain = gain_text(effects)
    alone = gain.startswith("gain ") and " and " not in gain
    return f"{req_text(cost)} " + (f"for {gain[5:]}" if alone else f"to {gain}")


def told(order: str) -> str:
    """An order as what a player did, for the log: "gain 1 Magic" -> "gains 1 Magic", "spend 3 coins for 1
    Villager" -> "spends 3 coins for 1 Villager", "ready one of your cards and gain 4 VP" -> "readies one of
    their cards and gains 4 VP"."""
    def one(part: str) -> str:
        verb, _, rest = part.partition(" ")
        return f"{ {'ready': 'readies'}.get(verb, verb + 's')} {rest}"
    return " and ".join(one(part) for part in order.split(" and ")).replace(" your ", " their ")


def with_seal(effects: tuple[Effect, ...], seal: int) -> tuple[Effect, ...]:
    """Effects with the Seal's value put in: "VP equal to the Seal's value" with a Seal of 2 is 2 VP."""
    by_seal = {SEAL_VP: VP, SEAL_COINS: COINS, SEAL_MOVE: MOVE}
    return tuple((by_seal[op], seal) if op in by_seal else (op, n) for op, n in effects)


def gain_text(effects: tuple[Effect, ...]) -> str:
    """Effects as an order: "gain 1 Magic + 2 coins", "move up to 2 spaces", "gain 2 VP and move up to 1
    space", "ready one of your cards and gain 4 VP" (what is gained together, each thing done in turn)."""
    parts: list[str] = []
    gains: list[str] = []
    for op, n in effects:
        text = effects_text(((op, n),))
        if text.startswith(("move", "ready", "spend")):
            if gains:
                parts.append("gain " + " + ".join(gains))
                gains = []
            parts.append(text)
        else:
            gains.append(text)
    if gains:
        parts.append("gain " + " + ".join(gains))
    return " and ".join(parts) or "gain nothing"


def requirement(req: tuple[int, int]) -> str:
    """A requirement in full words ("have at least 2 Strength", "spend 1 Villager")."""
    code, n = req
    if code == R_NONE:
        return "none"
    if code == HAVE_STR:
        return f"have at least {n} Strength"
    if code == HAVE_MAG:
        return f"have at least {n} Magic"
    if code == HAVE_SM:
        return f"have a total of Strength and Magic of at least {n}"
    return req_text(req)


@cache
def village_text(card: VillageCard) -> str:
    """A Village card's whole text: kind and cost, what it does, its reaction, its end-game VP."""
    return " ".join(_village_parts(card, brief=False))


@cache
def village_brief(card: VillageCard) -> str:
    """What the card itself does, without the rules every card of its kind shares (for the board)."""
    return " ".join(_village_parts(card, brief=True))


def _village_parts(card: VillageCard, brief: bool) -> list[str]:
    parts = [KIND_RULES[card.kind]]
    if card.kind == "building":
        if card.pay_seal:
            parts.append(f"Cost: discard a Seal token and pay that many coins"
                         f"{f' + {card.cost}' if card.cost else ''}.")
        elif card.cost:
            parts.append(f"Cost: {plural(card.cost, 'coin')}.")
        else:
            parts.append("Cost: free.")
    else:
        parts.append(f"Cost: {plural(card.cost, 'coin')}.")
    parts.append(EXTRA_COST)
    if card.seals in SEAL_RULES:
        parts.append(SEAL_RULES[card.seals])
    if card.tavern:
        seal = " (the Seal token is discarded)" if card.seals != "none" else ""
        parts.append(f"Tavern: {STORY_TEXT}: value 1 gives {effects_text(card.tiers[0])}; 2 adds "
                     f"{effects_text(card.tiers[1])}; 3 adds {effects_text(card.tiers[2])}{seal}.")
    elif card.effects:
        seal = " (then discard that Seal)" if card.seals != "none" else ""
        parts.append(f"Ability: {gain_text(card.effects)}{seal}.")
    if card.immediate:
        parts.append(f"Immediately: gain {effects_text(card.immediate)}.")
    for i, ability in enumerate(card.abilities):
        cost = "exhaust this card" if not ability.discard else "discard this card"
        if ability.villagers:
            cost += f" and spend {plural(ability.villagers, 'Villager')}"
        head = "Ability" if len(card.abilities) == 1 else f"Ability {i + 1}"
        parts.append(f"{head} (a Summer action): {cost}: {gain_text(ability.effects)}.")
    if card.potion:
        parts.append(POTIONS[card.potion])
    if card.reaction:
        parts.append(REACTIONS[card.reaction])
    if card.item_limit and not card.reaction:
        parts.append(f"Permanent: your Item limit is increased by {card.item_limit}, even if you were already "
                     f"at your limit.")
    if card.keeps_potions and not card.reaction:
        parts.append("Permanent: when you use a Potion, exhaust it instead of discarding it.")
    if card.end_scoring:
        parts.append(f"End-game VP: {END_SCORING[card.end_scoring]}.")
    elif card.end_vp:
        parts.append(f"End-game VP: {card.end_vp}.")
    if brief:
        shared = {KIND_RULES[card.kind], EXTRA_COST, *SEAL_RULES.values()}
        return [part for part in parts if part not in shared and not part.startswith("Cost:")]
    return parts


def encounter_text(c: Content, card: EncounterCard) -> str:
    """An Encounter card's whole text: distance, story value, each side's requirement and reward."""
    key = (id(c), card.id)
    if key not in _ENCOUNTER_TEXTS:
        _ENCOUNTER_TEXTS[key] = _encounter_text(c, card)
    return _ENCOUNTER_TEXTS[key]


_ENCOUNTER_TEXTS: dict[tuple[int, int], str] = {}


def _encounter_text(c: Content, card: EncounterCard) -> str:
    parts = [f"Encounter at distance {card.distance} ({c.crests[card.distance]}), story value {card.story}."]
    sides = card.sides
    for k, side in enumerate(sides):
        which = "" if len(sides) == 1 else ("Left: " if k == 0 else "Right: ")
        need = "no requirement" if side.req[0] == R_NONE else f"requirement: {requirement(side.req)}"
        parts.append(f"{which}{need}; reward: {gain_text(side.reward)}.")
    if len(sides) == 2:
        parts.append("Meet one side for its reward, or both for both.")
    if card.income:
        token = c.income[card.income - 1]
        parts.append(f"Income token ({token.name}): {effects_text((token.effect,))} at once and every Autumn.")
    if card.story == 0:
        parts.append("A story of value 0 can be told only if raised to 3 (Seren, Charisma Potion).")
    return " ".join(parts)


def event_text(event: EventTile) -> str:
    options = " | ".join(
        (f"{requirement(o.cost)}: {effects_text(o.effects)}" if o.cost[0] != R_NONE else effects_text(o.effects))
        for o in event.options)
    head = ("Festival: choose an empty space and gain its 2 bonuses (each space once a year)."
            if event.exclusive else "Choose one option.")
    return (f"Event {event.name}: place a Villager on it once a year (Spring or Summer) to take part. "
            f"{head} Options: {options}.")


def quest_text(c: Content, quest: QuestTile, space: int) -> str:
    special = {"bard": "move 2 of your Encounter cards to Told Stories (whatever their story value)",
               "donation": "discard one of your Items", "trap": "return one of your active Villagers to the supply"}
    what = special.get(quest.special) or " and ".join(requirement(r) for r in quest.reqs)
    first, later = c.quest_vp[space]
    return (f"Heroic Quest {quest.name} (space {space}): {what}. Complete it instead of an Encounter when your "
            f"Adventurer stops here, once per player. End-game VP: {first} for the first player to do it, "
            f"{later} for the others.")


def token_texts(c: Content) -> dict[str, dict[str, str]]:
    """The Income and Bonus tokens, and the track's spaces, by name."""
    if id(c) not in _TOKEN_TEXTS:
        _TOKEN_TEXTS[id(c)] = _token_texts(c)
    return _TOKEN_TEXTS[id(c)]


_TOKEN_TEXTS: dict[int, dict[str, dict[str, str]]] = {}


def _token_texts(c: Content) -> dict[str, dict[str, str]]:
    return {
        "income": {t.name: f"Income token {t.name}: gain {effects_text((t.effect,))} when you take it and "
                           f"again in every Autumn." for t in c.income},
        "bonus": {name: f"Bonus token {name}: gain {effects_text(c.bonus[k])}. Reaching 8 VP, then 20 VP, you "
                        f"take one of your Bonus tokens (at 20 the last one goes back to the box)."
                  for k, name in enumerate(c.bonus_names)},
        "spaces": {crest: (f"Space {d} ({crest})" + (": the Village, where your Adventurer returns each Autumn."
                                                     if d == 0 else
                                                     f": instead of an Encounter, gain {effects_text((b,))}."
                                                     if (b := c.space_bonus[d]) is not None else
                                                     ": its Heroic Quest may be done here." if d >= 3 else "."))
                   for d, crest in enumerate(c.crests)},
    }
