"""Greylune's observation held against a reference: a slow encoding written from `view(seat)` alone and from
what each segment of the layout says its numbers mean (observation.py's segments and SEAT_FEATURES), never
from the encoder's code. The encoder must write the same numbers at positions of random games, every
player count, every seat."""

from __future__ import annotations

from typing import Any

import pytest

from talewood.engine import Rng
from talewood.games import load

from ..encoders import (
    check_a_blank_encoder_fails,
    check_against_reference,
    check_views_that_differ_encode_differently,
)

GAME = load("greylune")
C = GAME.content
SEATS = 4
CARD = {card.id: i for i, card in enumerate(C.cards)}
EVENT = {e.name: i for i, e in enumerate(C.events)}
QUEST = {q.name: i for i, q in enumerate(C.quests)}
INCOME = {t.name: i for i, t in enumerate(C.income)}
SEASONS = ("Spring", "Summer", "Autumn")
# the layout's orders: the kinds of decision, and the numbers a decision carries with their scales
DECISIONS = ("Turn", "EventFromVillage", "ChooseSeal", "SeliaOffer", "NerisOffer", "DorianOffer", "NerisCoins",
             "BranOffer", "IsandreOffer", "UseAgain", "DiscardItem", "ReadyCard", "SkillChoice", "KaelOffer",
             "LucanOffer", "HallOfTheHeroes", "BonusToken", "Move", "Arrive", "Meet", "AfterMove", "PutVillager",
             "Story", "BoostSource", "BardStory", "QuestPotions", "SeliaItemSeal")
NUMBERS = (("extra", 8), ("seal", 3), ("selia", 3), ("neris", 1), ("ability", 1), ("donation", 1), ("amount", 5),
           ("magic", 1), ("stage", 1), ("reach", 10), ("elwen_used", 1), ("strength_boost", 6), ("magic_boost", 6),
           ("ignores", 2), ("total", 3), ("cards", 3), ("left", 2), ("before", 1))
MAGIC_SKILL = 1           # a decision's "skill" field: 0 Strength, 1 Magic
SPECIAL_SOURCE = 99       # a story told with the special action (decision_source's last number)


def reference(view: dict[str, Any], seat: int, spec: Any) -> list[float]:
    out = [0.0] * spec.size
    n = view["players"]
    ncards, nenc = len(C.cards), len(C.encounters) - 1

    def put(segment: str, index: int, value: float) -> None:
        out[spec.offset(segment) + index] = value

    def add(segment: str, index: int, value: float) -> None:
        out[spec.offset(segment) + index] += value

    def slot(who: int) -> int:
        return (who - seat) % n

    put("year", view["year"] - 1, 1.0)
    # per Village slot (row by row): its card one-hot, Seals of value 1, 2, 3 /3, Villagers around /8
    around = [0] * 9
    for gap in view["gaps"]:
        for p, count in enumerate(gap["villagers"]):
            put("gaps", gap["gap"] * SEATS + slot(p), count / 3)
            for s in gap["slots"]:
                around[s] += count
    for s, card in enumerate(view["village"]):
        if card is not None:
            at = s * (ncards + 4)
            put("village", at + CARD[card["id"]], 1.0)
            for value in card["seals"]:
                add("village", at + ncards + value - 1, 1 / 3)
            put("village", at + ncards + 3, around[s] / 8)
    if view["event"] is not None:
        put("event", EVENT[view["event"]["name"]], 1.0)
        for k, taker in enumerate(view["event"]["festival_taken"]):
            put("festival", k * (SEATS + 1) + (0 if taker < 0 else 1 + slot(taker)), 1.0)
    for e in view["encounters"]:
        put("track", e["id"] - 1, 1.0)
    for i, quest in enumerate(view["quests"]):
        put("quests", i * len(C.quests) + QUEST[quest["name"]], 1.0)
        first = quest["first"]
        put("quest_first", i * (SEATS + 1) + (0 if first < 0 else 1 + slot(first)), 1.0)
    width = spec.segments[[x.name for x in spec.segments].index("seats")].shape[1]
    for p in view["player_states"]:
        who = p["seat"]
        put("event_villagers", slot(who), float(p["villagers"]["event"]))
        # present, to act, first player, Spring, Summer, Autumn, coins /20, VP /50, Strength /5, Magic /5,
        # Adventurer on space 0-5, Villagers (active, Campsite, supply, Event, special space, Village) /7,
        # Event used, Bonus tokens left ×3, Quests done on 3, 4, 5, Item limit /8
        row = [0.0] * width
        row[0] = 1.0
        row[1] = float(view["current_player"] == who)
        row[2] = float(view["first_player"] == who)
        row[3 + SEASONS.index(p["season"])] = 1.0
        row[6], row[7], row[8], row[9] = p["coins"] / 20, p["vp"] / 50, p["strength"] / 5, p["magic"] / 5
        if 0 <= p["adventurer"] < 6:
            row[10 + p["adventurer"]] = 1.0
        for k, key in enumerate(("active", "campsite", "supply", "event", "special", "village")):
            row[16 + k] = p["villagers"][key] / 7
        row[22] = float(p["event_used"])
        for k, name in enumerate(C.bonus_names):
            row[23 + k] = float(name in p["bonus_tokens"])
        for d in p["quests"]:
            row[26 + d - 3] = 1.0
        row[29] = p["item_limit"] / 8
        out[spec.offset("seats") + slot(who) * width:spec.offset("seats") + (slot(who) + 1) * width] = row
        # per Village card: held (an Item or a Companion), exhausted; per Encounter: Untold, Told; Income tokens
        for card in (*p["items"], *p["companions"]):
            put("cards", (slot(who) * ncards + CARD[card["id"]]) * 2, 1.0)
            put("cards", (slot(who) * ncards + CARD[card["id"]]) * 2 + 1, float(card["exhausted"]))
        for k, key in enumerate(("untold", "told")):
            for e in p[key]:
                put("stories", (slot(who) * nenc + e["id"] - 1) * 2 + k, 1.0)
        for name in p["income"]:
            add("income", slot(who) * len(C.income) + INCOME[name], 1.0)
    decks = view["decks"]
    for k, (key, scale) in enumerate((("village", 45), ("encounters", 28), ("events", 4), ("seal_pile", 24))):
        put("decks", k, decks[key] / scale)
    for value in decks["seal_discard"]:
        add("decks", 3 + value, 1 / 8)
    decision = view["decision"]
    if decision is not None:
        put("decision", DECISIONS.index(decision["kind"]), 1.0)
        put("decision_seat", slot(decision["seat"]), 1.0)
        for name in ("slot", "gap", "card", "space"):
            if name in decision:
                put(f"decision_{name}", decision[name], 1.0)
        if "encounter" in decision:
            put("decision_encounter", decision["encounter"] - 1, 1.0)
        if "source" in decision:
            put("decision_source", ncards if decision["source"] == SPECIAL_SOURCE else decision["source"], 1.0)
        for k, (name, scale) in enumerate(NUMBERS):
            if name == "magic" and "skill" in decision:
                put("decision_numbers", k, float(decision["skill"] == MAGIC_SKILL))
            elif name != "magic" and name in decision:
                put("decision_numbers", k, float(decision[name]) / scale)
    return out


@pytest.mark.slow
@pytest.mark.parametrize("players", range(GAME.min_players, GAME.max_players + 1))
def test_the_encoding_is_the_reference_from_the_view(players: int) -> None:
    spec = GAME.observation_spec(players, GAME.parse_options({}, players))
    for seed in (1, 2):
        check_against_reference(GAME, players, seed, {}, Rng(seed), lambda view, seat: reference(view, seat, spec))


@pytest.mark.slow
def test_positions_whose_views_differ_encode_differently() -> None:
    check_views_that_differ_encode_differently(GAME, 3, {}, seeds=range(2))


@pytest.mark.slow
def test_an_encoder_writing_only_zeros_would_fail(monkeypatch: pytest.MonkeyPatch) -> None:
    spec = GAME.observation_spec(3, GAME.parse_options({}, 3))
    check_a_blank_encoder_fails(GAME, 3, {}, lambda view, seat: reference(view, seat, spec), monkeypatch)
