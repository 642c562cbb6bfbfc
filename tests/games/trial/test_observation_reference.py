"""The Trial's observation held against a reference: a slow encoding written from `view(seat)` alone and
from what each segment of the layout says its numbers mean (observation.py's segments), never from the
encoder's code. The encoder must write the same numbers at positions of random games, every player count,
every seat."""

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

GAME = load("trial")
C = GAME.content
SEATS, SEAT_FEATURES, PLACES = 4, 24, 17
EXPEDITIONS = ("frosty_hill", "forgotten_swamps", "dark_caverns")
COLUMNS = ("morality", "trading", "pioneering", "fighting")
FOODS = ("raspberry", "acorn", "mushroom", "tea")
BOOSTS = ("movement", "trading", "strength", "card_draw")
SIDE_STATES = ("intact", "ruined", "ruins", "restored")
CARD = dict(C.card_index)
N_CARDS = len(C.all_cards)
N_HAND = len(C.deeds) + len(C.encounters)               # the cards a hand can hold: deeds and encounters
FIRST_ENCOUNTER = len(C.deeds)
AREA_FIRST = {a: min(CARD[card.id] for card in C.all_cards if card.deck == a) for a in EXPEDITIONS}
TOP_WIDTH = max(sum(1 for card in C.all_cards if card.deck == a) for a in EXPEDITIONS)
XSPACES = [space for area in C.expeditions for space in area.spaces]
SPACE = {space.id: i for i, space in enumerate([*C.spaces, *XSPACES])}
FAME = {space.id: space.fame for space in XSPACES}
OBJECT = {o.id: i for i, o in enumerate([*C.items, *C.artifacts])}
ARTIFACT = {a.id: i for i, a in enumerate(C.artifacts)}
TENT = {x.id: i for i, x in enumerate(C.tents)}
N_ITEMS, N_OBJECTS = len(C.items), len(C.items) + len(C.artifacts)
# the layout's order of the kinds of decision
DECISIONS = ("ChooseStart", "EncounterRefresh", "Turn", "DiscardDown", "Move", "ChooseOption", "ChoosePlan",
             "ChooseTarget", "PayUnit", "ChooseColumn", "GainFood", "ChooseWay", "ChooseWayPending",
             "FaceUpFromHand", "TuckColumn", "TuckCard", "TakeEncounter", "PickDiscard", "TakeStoreItem", "MakeRoom",
             "TradeIn", "Exchange", "DrawOffer", "Offer", "StealFood", "HelpFood", "ChooseWeapon", "Enhance",
             "Reroll", "SwindleDiscard", "GroveEnhance", "TowerEnhance", "RuinsTake", "HelpSpot", "HelpBonus",
             "ChooseSpace", "StoreVisit", "ChooseSlot", "TradingBonus", "Redraw", "EmptyDeck", "AdvanceStep",
             "ChooseFlag", "UniversalCampsite", "ChooseTent", "ChooseTentSpot")


def reference(view: dict[str, Any], seat: int, spec: Any) -> list[float]:
    out = [0.0] * spec.size
    n = view["players"]
    n_spaces = len(SPACE)
    places = [loc["space"] for loc in view["locations"]]   # the 12 locations, then the sections
    places += ["encounter_section", "help_spot", *(f"{a}_section" for a in EXPEDITIONS)]

    def put(segment: str, index: int, value: float) -> None:
        out[spec.offset(segment) + index] = value

    def add(segment: str, index: int, value: float) -> None:
        out[spec.offset(segment) + index] += value

    def slot(who: int) -> int:
        return (who - seat) % n

    for p in view["player_states"]:
        who, k = p["seat"], slot(p["seat"])
        if p["position"] is not None:
            put("positions", k * n_spaces + SPACE[p["position"]], 1.0)
        # present, food ×4 /8, hand /10, set aside /5, encounter cards in hand /5, story columns ×4 /8,
        # face-up columns ×4 /8, movement /10, strength /10, trading /10, dice /5, card draw /5, story fame /40,
        # morality /7, paw tokens left /4
        row = [0.0] * SEAT_FEATURES
        row[0] = 1.0
        for i, food in enumerate(FOODS):
            row[1 + i] = p["food"][food] / 8
        row[5], row[6], row[7] = p["hand_size"] / 10, p["set_aside"] / 5, p["hand_backs"]["encounter"] / 5
        for i, column in enumerate(COLUMNS):
            row[8 + i] = p["columns"][column] / 8
            row[12 + i] = sum(1 for x in p["story"] if x["column"] == column and x["face_up"]) / 8
        skills = p["skills"]
        row[16], row[17], row[18] = skills["movement"] / 10, skills["strength"] / 10, skills["trading"] / 10
        row[19], row[20], row[21] = skills["dice"] / 5, skills["card_draw"] / 5, p["story_fame"] / 40
        row[22] = p["morality"]["position"] / 7
        row[23] = (p["paws"]["home"] + p["paws"]["strong_home"]) / 4
        start = spec.offset("seats") + k * SEAT_FEATURES
        out[start:start + SEAT_FEATURES] = row
        if who == seat:
            for card in (*p["hand"], *p["aside"]):
                add("hand", CARD[card], 1.0)
        for x in p["story"]:
            if x["card"] is not None:
                put("stories", k * N_CARDS + CARD[x["card"]], 1.0)
        for o in p["backpack"]:
            add("backpacks", k * N_OBJECTS + OBJECT[o], 1.0)
        for a in p["gallery"]:
            put("galleries", k * len(ARTIFACT) + ARTIFACT[a], 1.0)
        for i, area in enumerate(EXPEDITIONS):
            if p["flags"][area] is not None:
                put("flags", k * 3 + i, FAME[p["flags"][area]] / 8)
        for place in p["paws"]["placed"]:
            add("paw_places", k * PLACES + places.index(place), 1.0)
        put("seat_flags", k * 4, float(p["paws"]["strong_home"]))
        put("seat_flags", k * 4 + 1, float(p["camped_today"]))
        put("seat_flags", k * 4 + 2, float(p["first_player"]))
        put("seat_flags", k * 4 + 3, float(view["whose_turn"] == who))
        for i, symbol in enumerate(BOOSTS):
            put("boosts", k * 4 + i, p["one_time_symbols"][symbol] / 3)
        if who == seat:
            for x in p["tent_tokens"]:
                add("my_tents", TENT[x], 1.0)
    # per location: its side's state one-hot, flipped, tile known; the ruins' items I saw, common /2, rare
    for loc, entry in enumerate(view["locations"]):
        put("tiles", loc * 6 + SIDE_STATES.index(entry["state"]), 1.0)
        put("tiles", loc * 6 + 4, float(entry["flipped"]))
        put("tiles", loc * 6 + 5, float(entry["tile"] is not None))
        if entry.get("common_items") or entry.get("rare_items"):
            at = loc * (N_ITEMS + 2)
            for item in entry["items"] or ():
                add("ruins", at + OBJECT[item], 1.0)
            put("ruins", at + N_ITEMS, entry["common_items"] / 2)
            put("ruins", at + N_ITEMS + 1, float(entry["rare_items"]))
    for i, x in enumerate(view["store"]["slots"]):
        if x["item"] is not None:
            put("store", i * (N_ITEMS + 1) + OBJECT[x["item"]], 1.0)
            put("store", i * (N_ITEMS + 1) + N_ITEMS, x["count"] / 3)
    for i, card in enumerate(view["encounters"]["slots"]):
        if card is not None:
            put("encounters", i * len(C.encounters) + CARD[card] - FIRST_ENCOUNTER, 1.0)
    for i, area in enumerate(view["expeditions"]):
        if area["top"] is not None:
            put("expedition_tops", i * TOP_WIDTH + CARD[area["top"]] - AREA_FIRST[area["id"]], 1.0)
        for a in area["artifacts"]:
            put("artifacts", ARTIFACT[a], 1.0)
        put("supply", 7 + i, area["deck"] / 12)
    for k, camp in enumerate(view["campsites"]):
        if camp["tent"] is not None:
            put("campsites", k * (len(TENT) + 1) + len(TENT), 1.0)
            if camp["tent"] != "face_down":
                put("campsites", k * (len(TENT) + 1) + TENT[camp["tent"]], 1.0)
    for i, token in enumerate(view["legendary"]):
        holder = token["holder"]
        put("legendary", i * (SEATS + 1) + (SEATS if holder is None else slot(holder)), 1.0)
    # tray food ×4 /16, deed deck /70, discard /70, encounter deck /20, expedition decks ×3 /12, tent box /8,
    # tunnel tokens in the tray /2, day /4, turns /80
    for i, food in enumerate(FOODS):
        put("supply", i, view["tray"][food] / 16)
    put("supply", 4, view["deeds"]["deck"] / 70)
    put("supply", 5, len(view["deeds"]["discard"]) / 70)
    put("supply", 6, view["encounters"]["deck"] / 20)
    put("supply", 10, view["tents"]["box"] / 8)
    put("supply", 11, view["board"]["tunnel_tokens_in_tray"] / 2)
    put("supply", 12, view["day"] / 4)
    put("supply", 13, view["turn"] / 80)
    for i, space in enumerate(view["board"]["spaces"]):
        tunnel = space.get("tunnel")
        if tunnel is not None:
            put("tunnels", i * 2, float(tunnel["passable"]))
            put("tunnels", i * 2 + 1, float(tunnel["token"] == "collapsed"))
    # the card being resolved; the fight's strength of both sides /20; the cards each side played /2
    if "resolving" in view:
        put("resolving", CARD[view["resolving"]["card"]], 1.0)
    if "fight" in view:
        fight = view["fight"]
        put("resolving", N_CARDS, fight["strength"][0] / 20)
        put("resolving", N_CARDS + 1, fight["strength"][1] / 20)
        put("resolving", N_CARDS + 2, fight["cards_played"][0] / 2)
        put("resolving", N_CARDS + 3, fight["cards_played"][1] / 2)
    decision = view["decision"]
    if decision is not None:
        if decision["kind"] in DECISIONS:
            put("decision", DECISIONS.index(decision["kind"]), 1.0)
        put("decision", len(DECISIONS) + slot(decision["seat"]), 1.0)
    assert spec.segments[[x.name for x in spec.segments].index("hand")].size == N_HAND
    return out


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_encoding_is_the_reference_from_the_view(players: int) -> None:
    spec = GAME.observation_spec(players, GAME.parse_options({}, players))
    for seed in (1, 2):
        check_against_reference(GAME, players, seed, {}, Rng(seed), lambda view, seat: reference(view, seat, spec),
                                every=3)


@pytest.mark.slow
def test_positions_whose_views_differ_encode_differently() -> None:
    check_views_that_differ_encode_differently(GAME, 2, {}, seeds=range(1), every=3)


@pytest.mark.slow
def test_an_encoder_writing_only_zeros_would_fail(monkeypatch: pytest.MonkeyPatch) -> None:
    spec = GAME.observation_spec(2, GAME.parse_options({}, 2))
    check_a_blank_encoder_fails(GAME, 2, {}, lambda view, seat: reference(view, seat, spec), monkeypatch)
