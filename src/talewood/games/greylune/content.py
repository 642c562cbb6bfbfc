"""Greylune content: the TOML data under content/, loaded into typed immutable objects and validated."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from talewood.engine.content import Keyword, Param, check_source, load_toml, parse_term, require, vocabulary, where

from . import rulings

GAME_ID = "greylune"
PACKAGE = "talewood.games.greylune"

# -- effect vocabulary: "word" or "word:N" -> (op, N) -------------------------------------------
VP, COINS, STR, MAG, VILLAGER, MOVE, READY, SKILL_CHOICE, SEAL_VP, SEAL_COINS, SEAL_MOVE = range(11)
VP_PER_TOLD, VP_PER_UNTOLD, VP_PER_ITEM, VP_PER_COMPANION, HALL, INCOME = range(11, 17)
EFFECT_OPS: dict[str, int] = {
    "vp": VP, "coins": COINS, "str": STR, "mag": MAG, "villager": VILLAGER, "move": MOVE, "ready": READY,
    "skill_choice": SKILL_CHOICE, "seal_vp": SEAL_VP, "seal_coins": SEAL_COINS, "seal_move": SEAL_MOVE,
    "vp_per_told": VP_PER_TOLD, "vp_per_untold": VP_PER_UNTOLD, "vp_per_item": VP_PER_ITEM,
    "vp_per_companion": VP_PER_COMPANION, "hall": HALL, "income": INCOME,
}
# -- requirement vocabulary ------------------------------------------------------------------------
R_NONE, HAVE_STR, HAVE_MAG, HAVE_SM, SPEND_COINS, SPEND_VILLAGERS, SPEND_STR, SPEND_MAG = range(8)
REQ_OPS: dict[str, int] = {
    "have_str": HAVE_STR, "have_mag": HAVE_MAG, "have_sm": HAVE_SM, "spend_coins": SPEND_COINS,
    "spend_villagers": SPEND_VILLAGERS, "spend_str": SPEND_STR, "spend_mag": SPEND_MAG,
}
REACTIONS = frozenset({"kael", "elwen", "dorian", "ariok", "selia", "neris", "bran", "lucan", "isandre",
                       "seren", "mira"})
END_SCORING = frozenset({"per_strength", "per_far_encounter", "per_item", "per_magic", "per_potion_2",
                         "per_coin_pair", "villagers_minus_2", "lower_skill", "per_companion_2", "per_told",
                         "per_crest"})
POTIONS = frozenset({"mana", "strength", "flying", "invisibility", "charisma", "endurance"})
SEAL_RULES = ("none", "players_minus_1", "one")
QUEST_SPECIAL = frozenset({"bard", "donation", "trap"})

Effect = tuple[int, int]
Req = tuple[int, int]


@dataclass(frozen=True, slots=True)
class Ability:
    villagers: int
    discard: bool
    effects: tuple[Effect, ...]


@dataclass(frozen=True, slots=True)
class VillageCard:
    id: int
    index: int
    name: str
    period: int
    kind: str  # building | item | companion
    cost: int
    seals: str
    pay_seal: bool
    tavern: bool
    potion: str
    effects: tuple[Effect, ...]
    tiers: tuple[tuple[Effect, ...], ...]
    immediate: tuple[Effect, ...]
    abilities: tuple[Ability, ...]
    reaction: str
    item_limit: int
    keeps_potions: bool
    end_vp: int
    end_scoring: str
    source: str


@dataclass(frozen=True, slots=True)
class Side:
    req: Req
    reward: tuple[Effect, ...]


@dataclass(frozen=True, slots=True)
class EncounterCard:
    id: int
    name: str
    period: int
    distance: int
    story: int
    income: int
    sides: tuple[Side, ...]
    source: str


@dataclass(frozen=True, slots=True)
class EventOption:
    cost: Req
    effects: tuple[Effect, ...]


@dataclass(frozen=True, slots=True)
class EventTile:
    id: int
    name: str
    exclusive: bool
    options: tuple[EventOption, ...]
    source: str


@dataclass(frozen=True, slots=True)
class QuestTile:
    id: int
    name: str
    reqs: tuple[Req, ...]
    special: str
    source: str


@dataclass(frozen=True, slots=True)
class IncomeToken:
    id: int
    name: str
    encounter: int
    effect: Effect
    source: str


@dataclass(frozen=True, slots=True)
class Content:
    cards: tuple[VillageCard, ...]           # by dense index
    card_by_id: dict[int, VillageCard]
    encounters: tuple[EncounterCard, ...]    # index = id (0 is a placeholder None-like)
    events: tuple[EventTile, ...]
    quests: tuple[QuestTile, ...]
    income: tuple[IncomeToken, ...]
    income_by_encounter: dict[int, IncomeToken]
    bonus: tuple[tuple[Effect, ...], ...]
    bonus_names: tuple[str, ...]
    crests: tuple[str, ...]                  # by distance, 0 = the Village
    space_bonus: tuple[Effect | None, ...]   # by distance
    quest_vp: tuple[tuple[int, int], ...]    # by distance (0, 0) where no Quest
    seal_counts: tuple[int, int, int]


# the effect and requirement words as terms: "vp:2", "move" (an effect's amount is 1 unless written),
# "spend_coins:3"
_AMOUNT = 99    # no card comes near it; a larger number is a typo
EFFECT_WORDS = vocabulary(*(Keyword(name, (Param("amount", low=0, high=_AMOUNT, default=1),)) for name in EFFECT_OPS))
REQ_WORDS = vocabulary(*(Keyword(name, (Param("amount", low=0, high=_AMOUNT),)) for name in REQ_OPS))


def parse_effect(at: str, word: str) -> Effect:
    keyword, (n,) = parse_term(word, EFFECT_WORDS, "effect", at)
    return (EFFECT_OPS[keyword.keyword], int(n))


def parse_req(at: str, word: str) -> Req:
    if word == "":
        return (R_NONE, 0)
    keyword, (n,) = parse_term(word, REQ_WORDS, "requirement", at)
    return (REQ_OPS[keyword.keyword], int(n))


def _effects(at: str, words: Any) -> tuple[Effect, ...]:
    require(isinstance(words, list), f"{at}: effects must be a list")
    return tuple(parse_effect(at, str(w)) for w in words)


def _card(index: int, raw: dict[str, Any]) -> VillageCard:
    at = where(raw, f"village card {raw.get('id')}")
    source = check_source(at, raw)
    kind = str(raw.get("kind"))
    require(kind in ("building", "item", "companion"), f"{at}: unknown kind {kind!r}")
    seals = raw.get("seals", "none")
    require(seals in SEAL_RULES, f"{at}: unknown seals rule {seals!r}")
    potion = raw.get("potion", "")
    require(potion == "" or potion in POTIONS, f"{at}: unknown potion {potion!r}")
    reaction = raw.get("reaction", "")
    require(reaction == "" or reaction in REACTIONS, f"{at}: unknown reaction {reaction!r}")
    end_scoring = raw.get("end_scoring", "")
    require(end_scoring == "" or end_scoring in END_SCORING, f"{at}: unknown end scoring {end_scoring!r}")
    require(kind != "companion" or bool(reaction and end_scoring),
            f"{at}: a Companion needs a reaction and an end scoring")
    abilities = tuple(Ability(int(a.get("villagers", 0)), bool(a.get("discard", False)),
                              _effects(at, a.get("effects", []))) for a in raw.get("abilities", []))
    tiers = tuple(_effects(at, t) for t in raw.get("tiers", []))
    tavern = bool(raw.get("tavern", False))
    require(not tavern or len(tiers) == 3, f"{at}: a Tavern has 3 reward tiers")
    return VillageCard(
        id=int(raw["id"]), index=index, name=str(raw["name"]), period=int(raw["period"]), kind=kind,
        cost=int(raw.get("cost", 0)), seals=seals, pay_seal=bool(raw.get("pay_seal", False)), tavern=tavern,
        potion=potion, effects=_effects(at, raw.get("effects", [])), tiers=tiers,
        immediate=_effects(at, raw.get("immediate", [])), abilities=abilities, reaction=reaction,
        item_limit=int(raw.get("item_limit", 0)), keeps_potions=bool(raw.get("keeps_potions", False)),
        end_vp=int(raw.get("end_vp", 0)), end_scoring=end_scoring, source=source)


@lru_cache(maxsize=8)
def load_content(folder: Path | None = None) -> Content:
    """Load and validate every Greylune component (cached: content is immutable); with `folder`, a
    designer's copy of content/ (a file it lacks comes from the package)."""
    village = load_toml(GAME_ID, PACKAGE, "village.toml", folder)
    cards = tuple(_card(i, raw) for i, raw in enumerate(village.get("card", [])))
    require(len(cards) == 49, f"greylune: expected 49 Village cards, found {len(cards)}")
    per_period = [sum(1 for c in cards if c.period == p) for p in (1, 2, 3)]
    require(per_period == [20, 20, 9], f"greylune: Village cards per period {per_period}, expected 20/20/9")
    by_id = {c.id: c for c in cards}
    require(len(by_id) == 49, "greylune: duplicate Village card ids")
    require(sum(1 for c in cards if c.kind == "companion") == 11, "greylune: expected 11 Companions")
    require(all(c.period < 3 for c in cards if c.kind == "companion"), "greylune: no period III Companion")

    enc_raw = load_toml(GAME_ID, PACKAGE, "encounters.toml", folder).get("encounter", [])
    encs: list[EncounterCard] = []
    for raw in enc_raw:
        at = where(raw, f"encounter {raw.get('id')}")
        sides = tuple(Side(parse_req(at, str(s.get("req", ""))), _effects(at, s.get("reward", [])))
                      for s in raw["sides"])
        require(1 <= len(sides) <= 2, f"{at}: an Encounter has 1 or 2 sides")
        distance = int(raw["distance"])
        require(1 <= distance <= 5, f"{at}: distance must be 1 to 5")
        story = int(raw["story"])
        require(0 <= story <= 3, f"{at}: story value must be 0 to 3")
        encs.append(EncounterCard(int(raw["id"]), str(raw["name"]), int(raw["period"]), distance, story,
                                  int(raw.get("income", 0)), sides, check_source(at, raw)))
    require(len(encs) == 41, f"greylune: expected 41 Encounter cards, found {len(encs)}")
    require([e.id for e in encs] == list(range(1, 42)), "greylune: Encounter ids must be 1 to 41 in order")
    per_period = [sum(1 for e in encs if e.period == p) for p in (1, 2, 3)]
    require(per_period == [16, 16, 9], f"greylune: Encounters per period {per_period}, expected 16/16/9")
    placeholder = EncounterCard(0, "-", 0, 0, 0, 0, (), "designed")
    encounters = (placeholder, *encs)

    board = load_toml(GAME_ID, PACKAGE, "board.toml", folder)
    events = []
    for raw in board.get("event", []):
        at = where(raw, f"event {raw.get('id')}")
        options = tuple(EventOption(parse_req(at, str(o.get("cost", ""))), _effects(at, o["effects"]))
                        for o in raw["options"])
        require(1 <= len(options) <= 5, f"{at}: 1 to 5 options")
        events.append(EventTile(int(raw["id"]), str(raw["name"]), bool(raw.get("exclusive", False)), options,
                                check_source(at, raw)))
    require(len(events) == 6, f"greylune: expected 6 Events, found {len(events)}")
    quests = []
    for raw in board.get("quest", []):
        at = where(raw, f"quest {raw.get('id')}")
        cond = str(raw["condition"])
        if cond in QUEST_SPECIAL:
            quests.append(QuestTile(int(raw["id"]), str(raw["name"]), (), cond, check_source(at, raw)))
        else:
            reqs = tuple(parse_req(at, part) for part in cond.split("+"))
            quests.append(QuestTile(int(raw["id"]), str(raw["name"]), reqs, "", check_source(at, raw)))
    require(len(quests) == 9, f"greylune: expected 9 Quests, found {len(quests)}")
    income = []
    for raw in board.get("income", []):
        at = where(raw, f"income token {raw.get('id')}")
        token = IncomeToken(int(raw["id"]), str(raw["name"]), int(raw["encounter"]),
                            parse_effect(at, str(raw["effect"])), check_source(at, raw))
        require(1 <= token.encounter <= 41 and encounters[token.encounter].income == token.id,
                f"{at}: its Encounter {token.encounter} does not carry it")
        require(token.effect[0] in (VP, COINS, STR, MAG), f"{at}: an Income pays VP, coins or a skill")
        income.append(token)
    require(len(income) == 8, f"greylune: expected 8 Income tokens, found {len(income)}")
    require(sum(1 for e in encs if e.income) == 8, "greylune: 8 Encounters carry an Income token")
    bonus_raw = board.get("bonus", [])
    require(len(bonus_raw) == 3, "greylune: 3 Bonus tokens per player")
    for raw in bonus_raw:
        check_source(where(raw, f"bonus {raw.get('id')}"), raw)
    spaces = board.get("space", [])
    require([int(s["distance"]) for s in spaces] == [1, 2, 3, 4, 5], "greylune: track spaces 1 to 5")
    crests = ("Village", *(str(s["crest"]) for s in spaces))
    space_bonus: list[Effect | None] = [None]
    quest_vp: list[tuple[int, int]] = [(0, 0)]
    for s in spaces:
        at = where(s, f"space {s['distance']}")
        check_source(at, s)
        space_bonus.append(parse_effect(at, s["bonus"]) if "bonus" in s else None)
        qv = s.get("quest_vp", [0, 0])
        quest_vp.append((int(qv[0]), int(qv[1])))
    seals = board["seals"]
    check_source(where(seals, "seals"), seals)
    counts = tuple(int(x) for x in seals["counts"])
    require(len(counts) == 3 and sum(counts) == 24, "greylune: 24 Seal tokens of values 1 to 3")
    # the data must agree with the rulings it embodies (rulings.py R2, R3)
    valley = next(e for e in encs if e.name == "Valley")
    require((MOVE, rulings.VALLEY_MOVE) in valley.sides[0].reward, "greylune: Valley must follow ruling R2")
    unicorn = next(t for t in income if t.name == "Unicorn")
    require(unicorn.effect == (VP, rulings.UNICORN_INCOME_VP), "greylune: Unicorn follows R3")
    for c in cards:
        for eff in (*c.effects, *c.immediate, *(e for t in c.tiers for e in t),
                    *(e for a in c.abilities for e in a.effects)):
            require(eff[0] != INCOME, f"village card {c.id}: only Encounters pay Income")
    return Content(
        cards=cards, card_by_id=by_id, encounters=encounters, events=tuple(events), quests=tuple(quests),
        income=tuple(income), income_by_encounter={t.encounter: t for t in income},
        bonus=tuple(_effects("bonus", b["effects"]) for b in bonus_raw),
        bonus_names=tuple(str(b["name"]) for b in bonus_raw), crests=crests, space_bonus=tuple(space_bonus),
        quest_vp=tuple(quest_vp), seal_counts=(counts[0], counts[1], counts[2]))
