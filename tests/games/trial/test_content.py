"""The Trial of the Forest content: it loads, its counts, every component the rulebook names with the
effect the rulebook gives it, the board facts the rulebook states, and the refusal of broken files."""

from __future__ import annotations

import re
import shutil
from collections import deque
from pathlib import Path

import pytest

from talewood.engine import ContentError
from talewood.games.trial import content as content_module
from talewood.games.trial.components import Card, Content, Expedition
from talewood.games.trial.content import FILES, load_content
from talewood.games.trial.vocabulary import VOCABULARY, Term, parse_term

C = load_content()
SOURCE_DIR = Path(content_module.__file__).parent / "content"
DOC = Path(__file__).parents[3] / "docs" / "rules" / "trial.md"


def card(name: str) -> Card:
    """A card by its printed name (case does not matter: the rulebook writes "Snow owl")."""
    found = [c for c in C.cards() if c.name.casefold() == name.casefold()]
    assert len(found) == 1, f"no single card named {name!r}"
    return found[0]


def words(terms: tuple[Term, ...]) -> list[str]:
    return [str(t) for t in terms]


def all_effects(c: Card) -> list[str]:
    return [str(t) for o in c.options for t in (*o.effects, *o.win, *o.lose)]


def costs(c: Card) -> list[str]:
    return ["/".join(str(t) for t in alts) for alts in c.cost]


# -- loading and counts (the component list, L59-78) ----------------------------------------------


def test_the_content_loads_once_and_is_shared():
    assert isinstance(C, Content)
    assert load_content() is C
    assert sorted(FILES) == sorted(p.name for p in SOURCE_DIR.glob("*.toml"))


def test_card_counts_match_the_component_list():
    assert len(C.deeds) == 70
    assert len(C.encounters) == 20
    assert {deck: len(cards) for deck, cards in C.expedition_decks.items()} == {
        "frosty_hill": 12, "forgotten_swamps": 12, "dark_caverns": 12}
    assert len(C.card_by_id) == 70 + 20 + 36
    assert [C.card_index[c.id] for c in C.all_cards] == list(range(126))
    assert C.all_cards[:70] == C.deeds and C.all_cards[70:90] == C.encounters
    assert all(c.deck == "deed" for c in C.deeds) and all(c.deck == "encounter" for c in C.encounters)


def test_items_are_18_common_in_6_kinds_of_3_and_6_unique_rares():
    common = [i for i in C.items if i.rarity == "common"]
    rare = [i for i in C.items if i.rarity == "rare"]
    assert sum(i.count for i in C.items) == 24
    assert sorted(i.id for i in common) == ["axe", "kettle", "rope", "shovel", "spyglass", "torch"]
    assert [i.count for i in common] == [3] * 6 and [i.slots for i in common] == [1] * 6
    assert sorted(i.id for i in rare) == ["bow", "compass", "shield", "sword", "trading_safe_conduct", "wings"]
    assert [i.count for i in rare] == [1] * 6 and [i.slots for i in rare] == [2] * 6


def test_artifacts_are_9_three_per_expedition_small_in_1_slot_large_in_2():
    assert len(C.artifacts) == 9
    for area in ("frosty_hill", "forgotten_swamps", "dark_caverns"):
        assert sum(1 for a in C.artifacts if a.expedition == area) == 3
    assert all(a.slots == (1 if a.size == "small" else 2) for a in C.artifacts)


def test_tokens_dice_food_characters_and_tiles_are_counted():
    assert len(C.tents) == 14
    assert len(C.tiles) == 12
    assert sorted(t.type for t in C.tiles) == ["grove"] * 3 + ["ruins"] * 3 + ["store"] * 3 + ["tower"] * 3
    assert dict(C.supply.food) == {"raspberry": 16, "acorn": 16, "mushroom": 16, "tea": 16}
    assert sum(C.supply.food.values()) == 64
    assert C.dice.count == 3
    assert C.supply.tunnel_tokens == 2
    assert C.supply.first_player_fame == 1
    assert sorted(t.name for t in C.legendary) == ["Legendary Fighter", "Legendary Pioneer", "Legendary Trader"]
    assert all(t.cards_needed == 5 and t.fame == 3 for t in C.legendary)
    assert sorted(c.name for c in C.characters) == ["Bird", "Frog", "Hedgehog", "Mouse"]
    for ch in C.characters:
        assert (ch.paws, ch.strong_paws, ch.flags, ch.tent_slots) == (4, 1, 3, 3)
        assert (ch.backpack_slots, ch.movement_slots) == (5, 2)


def test_player_setup_numbers():
    s = C.supply
    assert (s.hand_size, s.hand_limit, s.days, s.encounter_slots, s.enhancement_cards) == (5, 7, 4, 3, 2)
    assert sorted(s.start_food) == ["acorn", "mushroom", "raspberry"]


def test_mary_has_3_movement_symbols_on_her_board():
    # "There are 3 symbols on her character board" (L298, L304): 1 printed + 2 uncovered backpack slots
    for ch in C.characters:
        assert ch.movement + ch.movement_slots == 3
        assert ch.strength == 1 and ch.dice == 1


def test_every_entry_has_a_valid_source():
    entries = [*C.cards(), *C.items, *C.artifacts, *C.tiles, *C.spaces, *C.expeditions, *C.tents, *C.characters,
               *C.legendary, C.morality, C.dice, C.supply, C.store]
    entries += [s for x in C.expeditions for s in x.spaces]
    assert {e.source for e in entries} <= {"rulebook", "reference", "inferred", "designed"}
    # a designed entry never claims a field of the rulebook
    assert all(not c.stated for c in C.cards() if c.source == "designed")


# -- every named card (brief section 2), with the rulebook's effect -------------------------------

NAMED_DEEDS = [
    "Food Delivery", "Duel", "Pathfinder", "Swordmaster", "Blaster", "Border Ranger", "Campsite Gift",
    "Cartographer", "Charity Collection", "Curator", "Delver", "Demolition Builder", "Explorer", "Gift Basket",
    "Postman", "Tea Gift", "Hand of Justice", "Kidnapper", "The Longest Road", "Lookout", "Painter",
    "Philanthropist", "Postal Service", "Pyromaniac", "Wasteland", "Scorched Earth", "Ritual", "Scout",
    "Swindler", "Tracker", "Trafficker", "Wanderer",
]
NAMED_ENCOUNTERS = ["Knight", "Tea Cat", "Bandits", "Dangling Postman"]
NAMED_EXPEDITIONS = {
    "frosty_hill": ["Wolf", "Avalanche", "Snow owl", "The Sword on the Peak", "Sherpa"],
    "forgotten_swamps": ["Witch", "Frog Tribe", "Crocodile's Nest"],
    "dark_caverns": ["Forbidden Tomb", "Bridge Keeper"],
}


@pytest.mark.parametrize("name", NAMED_DEEDS)
def test_named_deed_exists(name):
    c = card(name)
    assert c.deck == "deed" and c.source == "rulebook"


@pytest.mark.parametrize("name", NAMED_ENCOUNTERS)
def test_named_encounter_exists(name):
    c = card(name)
    assert c.deck == "encounter" and c.source == "rulebook"


@pytest.mark.parametrize(("deck", "name"), [(d, n) for d, names in NAMED_EXPEDITIONS.items() for n in names])
def test_named_expedition_card_exists_in_its_deck(deck, name):
    c = card(name)
    assert c.deck == deck and c.source == "rulebook"


def test_food_delivery_at_a_tower_feeds_the_others():
    c = card("Food Delivery")
    assert words(c.requires) == ["at:tower"]
    assert "spend:acorn:1" in costs(c)                     # Mary pays an acorn with a tea leaf (L256)
    assert all_effects(c) == ["others_gain:any:1"]         # "decide on which resource to gain" (L146, L704)
    assert c.column == "trading"                           # it gives Mary "an additional symbol" (L256)


def test_duel_fights_an_adventurer_on_your_space():
    c = card("Duel")
    assert words(c.requires) == ["same_space"]
    assert str(c.options[0].test) == "duel:same_space"
    assert c.column == "fighting"


def test_pathfinder_enhancement_is_exactly_1_strength_symbol():
    c = card("Pathfinder")
    assert c.enhancement == ("strength",)                  # takes Mary from 6 to 7 (L367)
    assert "reveal_expedition_tops" in all_effects(c)


def test_swordmaster_is_6_plus_a_die_and_goes_face_down_when_lost():
    o = card("Swordmaster").options[0]
    assert o.test == Term("fight", (6, 1))
    assert words(o.lose) == ["story_face_down"]


def test_bandits_are_3_dice_and_discarded_when_lost():
    c = card("Bandits")
    assert c.options[0].test == Term("fight", (0, 3))
    assert words(c.options[0].lose) == ["discard_this"]


def test_knight_is_3_plus_a_die_evil_and_only_won_into_a_story():
    c = card("Knight")
    assert c.options[0].test == Term("fight", (3, 1))
    assert c.icons == ("fighting", "evil")                 # moves Mary's token to the right (L367)
    assert "story_face_down" not in words(c.options[0].lose)
    assert words(c.options[0].lose) == ["stays"]


def test_tea_cat_needs_a_rope_and_an_acorn_and_its_evil_option_gives_tea():
    c = card("Tea Cat")
    assert c.is_moral_choice and c.column == "morality"
    assert costs(c) == ["have:rope", "spend:acorn:1"]
    by_side = {o.morality: words(o.effects) for o in c.options}
    assert by_side == {"evil": ["gain:tea:1"], "good": ["swap_strong_paw"]}


def test_dangling_postman_makes_everyone_draw_on_one_option():
    assert "all_draw:1:must" in all_effects(card("Dangling Postman"))


def test_wolf_is_7_plus_a_die_a_fighting_card_that_advances():
    c = card("Wolf")
    o = c.options[0]
    assert o.test == Term("fight", (7, 1)) and c.column == "fighting"
    assert words(o.win) == ["advance:1:any"]


def test_witch_gives_the_elixir_or_is_discarded():
    options = {o.label: words(o.effects) for o in card("Witch").options}
    assert sorted(options.values()) == [["artifact:elixir"], ["discard_this"]]
    assert sorted(options) == ["Accept the Witch's Elixir", "Discard this card"]   # menu entries, not "Or: …"


def test_avalanche_and_bridge_keeper_allow_a_reroll():
    for name in ("Avalanche", "Bridge Keeper"):
        rolls = [o for o in card(name).options if o.test is not None and o.test.keyword.startswith("roll")]
        assert rolls and all(o.reroll for o in rolls), name


def test_blaster_digs_here_or_rebuilds_a_collapsed_tunnel():
    assert sorted(all_effects(card("Blaster"))) == ["tunnel:dig:here", "tunnel:rebuild:any"]


@pytest.mark.parametrize(("name", "pattern"), [("Border Ranger", "border"), ("The Longest Road", "diagonal"),
                                               ("Tracker", "follow"), ("Wanderer", "three_types")])
def test_paw_configuration_deeds(name, pattern):
    assert f"paws:{pattern}" in words(card(name).requires)


@pytest.mark.parametrize(("name", "effect"), [
    ("Campsite Gift", "tent_from_box"), ("Charity Collection", "others_offer:charity"),
    ("Delver", "pick_discard:3:1"), ("Explorer", "flag_up"), ("Scout", "flag_place"),
    ("Kidnapper", "encounter_to_hand"), ("Lookout", "tuck_face_up:deck"), ("Philanthropist", "help_spot_food:2"),
    ("Postal Service", "all_draw:1:may"), ("Pyromaniac", "flip_tile:here:ruin"), ("Wasteland", "flip_tile:here:ruin"),
    ("Scorched Earth", "flip_tile:here:ruin"), ("Trafficker", "others_offer:trafficker"),
    ("Painter", "gain_per_column:basic"), ("Snow owl", "advance:2:any"),
])
def test_named_card_effect(name, effect):
    assert effect in all_effects(card(name))


def test_pyromaniac_wasteland_and_scorched_earth_turn_the_tile_you_stand_on():
    for name in ("Pyromaniac", "Wasteland", "Scorched Earth"):
        c = card(name)
        assert "tile_intact" in words(c.requires)
        assert any(w.startswith("at:") for w in words(c.requires))


def test_demolition_builder_restores_or_ruins_any_location_by_moral_choice():
    c = card("Demolition Builder")
    assert c.is_moral_choice
    assert {o.morality: words(o.effects) for o in c.options} == {
        "good": ["flip_tile:any:restore"], "evil": ["flip_tile:any:ruin"]}


def test_ritual_lets_the_others_decide():
    assert {e for e in all_effects(card("Ritual"))} == {"others_offer:ritual_good", "others_offer:ritual_evil"}


def test_cartographer_teaches_its_unique_skill():
    assert card("Cartographer").skill == "cartographer"


def test_curator_puts_the_paid_resource_in_the_gallery():
    assert costs(card("Curator")) == ["spend_to_gallery:tea"]


def test_gift_basket_postman_and_tea_gift_hand_over_your_own_resources():
    assert costs(card("Gift Basket")) == ["give:any_food:2"]
    assert costs(card("Postman")) == ["give:card:1"]
    assert costs(card("Tea Gift")) == ["give:tea:1"]


def test_hand_of_justice_fights_an_evil_adventurer():
    c = card("Hand of Justice")
    assert words(c.requires) == ["same_space_evil"]
    assert str(c.options[0].test) == "duel:same_space_evil"


def test_swindler_rolls_under_the_fame_of_the_discarded_cards():
    assert str(card("Swindler").options[0].test) == "roll_under_fame"


def test_crocodiles_nest_peeks_at_the_deck():
    assert str(card("Crocodile's Nest").options[0].test) == "peek_no_fight"


def test_forbidden_tomb_offers_the_token_or_the_advance_never_both():
    options = card("Forbidden Tomb").options
    takes = [o for o in options if "artifact:golden_mask" in words(o.effects)]
    assert len(takes) == 1 and not any(w.startswith("advance") for w in words(takes[0].effects))
    assert any(words(o.effects) == ["advance:1:dotted"] for o in options)


def test_frog_tribe_good_option_costs_an_amphibian_object():
    good = next(o for o in card("Frog Tribe").options if o.morality == "good")
    assert [str(t) for alts in good.cost for t in alts] == ["spend:amphibian:1"]


def test_sherpa_costs_a_resource_per_object_carried():
    assert any([str(t) for alts in o.cost for t in alts] == ["spend_per_object"] for o in card("Sherpa").options)


def test_the_sword_on_the_peak():
    c = card("The Sword on the Peak")
    good = next(o for o in c.options if o.morality == "good")
    evil = next(o for o in c.options if o.morality == "evil")
    assert words(good.requires) == ["no_evil_story"]
    assert str(evil.test) == "roll_star"
    assert "artifact:sword_of_the_peak" in words(evil.win)
    assert "advance:1:any" in words(evil.lose)             # "you can still advance" (L740)


# -- items, artifacts, locations, store, camping ---------------------------------------------------


NAMED_ITEMS = ["Shovel", "Spyglass", "Torch", "Kettle", "Axe", "Rope",
               "Sword", "Trading safe conduct", "Wings", "Compass", "Shield", "Bow"]
NAMED_ARTIFACTS = ["Elixir", "Sword of the Peak"]
NAMED_LOCATION_SIDES = ["Acorn grove", "Raspberry grove", "Mushroom grove", "Ruined acorn grove",
                        "Ruined raspberry grove", "Ruined mushroom grove", "Ruins", "Restored store",
                        "Restored lookout tower", "Restored grove", "Lookout tower", "Ruined lookout tower", "Store"]


def test_named_items_artifacts_and_location_sides_by_name():
    assert sorted(i.name for i in C.items) == sorted(NAMED_ITEMS)
    assert set(NAMED_ARTIFACTS) <= {a.name for a in C.artifacts}
    sides = {side.name for t in C.tiles for side in (t.front, t.back)}
    assert set(NAMED_LOCATION_SIDES) <= sides
    assert sum(1 for t in C.tiles if t.type == "store" and t.back.name.startswith("Ruined store")) == 3


@pytest.mark.parametrize(("item", "ability"), [
    ("sword", "weapon:3:0"), ("trading_safe_conduct", "store_trading:3"), ("wings", "forest_movement:3"),
    ("compass", "redraw"), ("shield", "shield:1"), ("bow", "bow"),
])
def test_rare_item_abilities(item, ability):
    assert ability in words(C.item_by_id[item].abilities)


def test_weapons_and_plain_items():
    assert {i: words(C.item_by_id[i].abilities) for i in ("spyglass", "kettle")} == {"spyglass": [], "kettle": []}
    for weapon in ("torch", "shovel", "axe"):
        assert words(C.item_by_id[weapon].abilities)[0].startswith("weapon:")
    # Mary's item gives 2 strength symbols in the Knight example (L367)
    assert any("weapon:2:0" in words(i.abilities) for i in C.items)


def test_named_artifacts():
    elixir = C.artifact_by_id["elixir"]
    assert elixir.expedition == "forgotten_swamps" and words(elixir.abilities) == ["elixir"]
    sword = C.artifact_by_id["sword_of_the_peak"]
    assert sword.expedition == "frosty_hill" and words(sword.abilities) == ["weapon:2:1"]
    mask = C.artifact_by_id["golden_mask"]
    assert mask.expedition == "dark_caverns"
    # Mary's large artifact scores 4 in the gallery (L499, L672)
    assert any(a.size == "large" and a.fame == 4 for a in C.artifacts)


def test_every_artifact_is_won_on_a_card_of_its_own_area():
    for a in C.artifacts:
        assert any(f"artifact:{a.id}" in all_effects(c) for c in C.expedition_decks[a.expedition]), a.id


def test_amphibian_items_exist_for_the_frog_tribe():
    assert sum(1 for x in (*C.items, *C.artifacts) if x.amphibian) >= 2


def test_groves_give_each_basic_food_and_their_ruined_side_swaps_it_for_tea():
    groves = {t.front.paw[0].args[0]: t for t in C.tiles if t.type == "grove"}
    assert sorted(groves) == ["acorn", "mushroom", "raspberry"]
    for food, tile in groves.items():
        assert words(tile.front.strong) == ["gain:tea:1"] and tile.front.enhance == "food"
        assert words(tile.back.paw) == [f"exchange:{food}:tea"] and not tile.back.strong
        assert tile.back.enhance == ""


def test_ruins_hide_a_restored_store_tower_and_grove():
    ruins = [t for t in C.tiles if t.type == "ruins"]
    assert sorted(t.back.counts_as for t in ruins) == ["grove", "store", "tower"]
    for t in ruins:
        assert words(t.front.paw) == ["ruins_search:any_food"] and words(t.front.strong) == ["ruins_search:tea"]
    back = {t.back.counts_as: t.back for t in ruins}
    assert words(back["tower"].paw) == ["tuck_from_hand"] and words(back["tower"].strong) == ["draw:2"]
    assert back["tower"].enhance_on == "strong"
    assert words(back["store"].paw) == ["store"] and words(back["store"].strong) == ["cards_as_tea:2"]
    assert words(back["grove"].paw) == ["gain:tea:1"] and words(back["grove"].strong) == ["gain:tea:1"]


def test_towers_draw_2_plus_2_and_ruined_towers_search_the_discard_pile():
    for t in (t for t in C.tiles if t.type == "tower"):
        assert words(t.front.paw) == ["draw:2"] and words(t.front.strong) == ["draw:2"]
        assert words(t.back.paw) == ["pick_discard:all:2"] and not t.back.strong


def test_stores_and_the_three_ruined_store_abilities():
    stores = [t for t in C.tiles if t.type == "store"]
    for t in stores:
        assert words(t.front.paw) == ["store"] and words(t.front.strong) == ["cards_as_tea:1"]
        assert t.front.enhance == "trading" and t.back.enhance == ""
    # L491-493: another common item; 2 tea leaves; any 2 food (no tea) and the 2 top deed cards
    assert sorted(words(t.back.paw) for t in stores) == [
        ["trade_in", "gain:basic:2", "draw:2"], ["trade_in", "gain:tea:2"], ["trade_in", "item:common"]]


def test_store_grid_fits_the_three_prices_of_the_rulebook():
    s = C.store
    assert [c.size for c in s.columns] == ["small", "small", "large", "large"]
    assert [c.start for c in s.columns] == ["common", "common", "rare", "empty"]
    prices = {(r, c): s.price(r, c) for r in range(len(s.rows)) for c in range(len(s.columns))}
    small = {p for (r, c), p in prices.items() if s.columns[c].size == "small"}
    large = {p for (r, c), p in prices.items() if s.columns[c].size == "large"}
    assert ("acorn", "any_food") in small                  # a shovel: 1 acorn and any 1 food token (L463)
    assert ("mushroom", "any_food") in small               # Mary's kettle sale: a mushroom and any (L499)
    assert ("tea", "raspberry") in large                   # Mary's shield: 1 tea leaf and 1 raspberry (L499)
    assert len(prices) == 12                               # 6 common kinds, 6 rares: each always finds a slot


def test_trading_bonus_and_gallery():
    assert [(n, words(e)) for n, e in C.store.trading_bonus] == [
        (2, ["draw:1"]), (3, ["gain:basic:1"]), (4, ["gain:tea:1"])]
    assert words(C.store.gallery_small) == ["gain:any:1"] and words(C.store.gallery_large) == ["gain:tea:1"]


def test_the_12_tent_bonuses_are_all_there_and_boosts_are_kept():
    kinds = sorted(" ".join(words(t.effects)) for t in C.tents)
    assert kinds.count("") == 2 and kinds.count("gain:basic:1") == 2
    assert sorted(set(kinds)) == sorted([
        "draw:2", "morality:choose:1", "gain:raspberry:1", "gain:mushroom:1", "gain:acorn:1", "gain:tea:1", "",
        "gain:basic:1", "boost:movement:1", "boost:trading:1", "boost:strength:1", "boost:card_draw:1"])
    assert sum(t.kept for t in C.tents) == 4


def test_campsites_show_the_6_bonuses_and_the_universal_campsite_gives_a_card_or_a_food():
    bonuses = sorted(str(s.bonus[0]) for s in C.spaces_of("campsite"))
    assert bonuses == sorted(["morality:choose:1", "tuck_from_hand", "gain:tea:1", "encounter_to_hand",
                              "item:common", "first_player"])
    assert [words(c) for c in C.supply.universal_campsite] == [["draw:1"], ["gain:basic:1"]]
    assert [words(c) for c in C.supply.help_spot] == [["draw:1"], ["gain:basic:1"]]


def test_morality_track_up_to_7_fame_either_way_from_the_middle():
    m = C.morality
    assert m.fame[m.start] == 0 and max(m.fame) == 7
    assert m.fame[0] == 7 and m.fame[-1] == 7
    assert m.fame[m.start - 2] == 2 == m.fame[m.start + 2]     # Mary's 2 points (L670)


def test_fight_dice_show_the_rolls_of_the_examples_and_the_winning_symbol():
    d = C.dice
    assert {"1", "2", "3", "star"} <= set(d.faces)
    star = d.faces.index("star")
    assert d.strength(star) == d.star_strength and d.number(star) == d.star_number
    assert d.strength(d.faces.index("2")) == 2


def test_mary_can_score_36_with_this_content():
    # L665-674: 26 on cards, a 2-fame item, a 2-fame Swamps flag, 2 for morality, a 4-fame artifact in the gallery
    swamps = C.expedition_by_id["forgotten_swamps"]
    assert any(f.fame == 2 for f in swamps.finishes)
    assert any(i.fame == 2 for i in C.items)
    assert 2 in C.morality.fame
    assert any(a.fame == 4 for a in C.artifacts)


# -- the board: facts the rulebook states ----------------------------------------------------------


def forest_distances(source: str, tunnels: bool) -> dict[str, int]:
    """Steps through the forest (expedition starts included), optionally using the printed tunnels."""
    tunnel_spaces = [s.id for s in C.spaces_of("tunnel")]
    dist = {source: 0}
    todo = deque([source])
    while todo:
        here = todo.popleft()
        nexts = list(C.neighbours[here])
        if tunnels and here in tunnel_spaces:
            nexts += tunnel_spaces
        for n in nexts:
            if n not in dist:
                dist[n] = dist[here] + 1
                todo.append(n)
    return dist


def test_forest_space_counts():
    kinds = {k: len(C.spaces_of(k)) for k in ("path", "location", "start", "campsite", "tunnel", "exit")}
    assert kinds == {"path": 19, "location": 12, "start": 4, "campsite": 6, "tunnel": 4, "exit": 3}
    assert len(C.spaces) == 48
    types = sorted(s.location for s in C.spaces_of("location"))
    assert types == ["grove"] * 3 + ["ruins"] * 3 + ["store"] * 3 + ["tower"] * 3


def test_each_location_space_holds_a_tile_of_its_own_type_front_up():
    tiles = [C.tile_by_id[s.tile] for s in C.spaces_of("location")]
    assert sorted(t.id for t in tiles) == sorted(t.id for t in C.tiles)
    assert all(C.tile_by_id[s.tile].type == s.location for s in C.spaces_of("location"))
    assert {s.side for s in C.spaces_of("location")} == {"front"}      # uncrossed side up (L177)


def test_the_forest_is_connected_without_tunnels():
    reach = forest_distances(C.spaces[0].id, tunnels=False)
    assert {s.id for s in C.spaces} <= set(reach)
    assert {x.start for x in C.expeditions} <= set(reach)


def test_a_ruins_and_a_grove_5_steps_apart_even_with_tunnels():
    # Mary needs 5 movement symbols from the ruins to a grove (L298)
    pairs = [(r.id, g.id) for r in C.spaces if r.location == "ruins" for g in C.spaces if g.location == "grove"
             if forest_distances(r.id, False)[g.id] == 5 == forest_distances(r.id, True)[g.id]]
    assert pairs


def test_two_towers_6_steps_apart_overland_and_3_through_tunnels():
    # Mary needs 6 movement symbols from a lookout tower to another, or 3 with a tunnel (L304)
    towers = [s.id for s in C.spaces if s.location == "tower"]
    pairs = [(a, b) for a in towers for b in towers
             if forest_distances(a, False)[b] == 6 and forest_distances(a, True)[b] == 3]
    assert pairs


def test_the_brief_board_goals_hold():
    # brief section 4.3, B1-B7: the designed board keeps them; an edit that breaks one shows here
    locations = C.spaces_of("location")
    far = {s.id: forest_distances(s.id, tunnels=False) for s in C.spaces}
    diameter = max(d for dist in far.values() for k, d in dist.items() if k in far)
    assert diameter == 13
    assert {len([n for n in C.neighbours[s.id] if n in far]) for s in C.spaces} <= {2, 3, 4}
    for start in C.spaces_of("start"):
        nearest = {t: min(far[start.id][s.id] for s in locations if s.location == t)
                   for t in ("grove", "ruins", "tower", "store")}
        assert set(nearest.values()) <= {2, 3}, (start.id, nearest)
    for a in locations:
        assert sum(1 for b in locations if b is not a and far[a.id][b.id] <= 3) >= 2, a.id
        assert all(far[a.id][b.id] >= 5 for b in locations if b is not a and b.location == a.location), a.id
    camps = [c.id for c in C.spaces_of("campsite")]
    assert all(min(far[s.id][c] for c in camps) <= 3 for s in C.spaces)
    for x in C.expeditions:     # ruins to prepare an expedition within 2 steps of each exit
        assert min(far[x.exit][s.id] for s in locations if s.location == "ruins") <= 2


def test_tunnels_are_printed_on_path_like_spaces_one_per_quarter_of_the_board():
    tunnels = C.spaces_of("tunnel")
    xs = sorted(s.x for s in C.spaces)
    ys = sorted(s.y for s in C.spaces)
    mid_x, mid_y = (xs[0] + xs[-1]) / 2, (ys[0] + ys[-1]) / 2
    quarters = {(s.x > mid_x, s.y > mid_y) for s in tunnels}
    assert len(tunnels) == 4 and len(quarters) == 4


def test_four_corner_locations_for_border_ranger_and_the_longest_road():
    corners = {w: C.corner(w) for w in ("nw", "ne", "sw", "se")}
    assert all(s.kind == "location" for s in corners.values())
    assert corners["nw"].x < corners["ne"].x and corners["sw"].x < corners["se"].x
    assert corners["nw"].y < corners["sw"].y and corners["ne"].y < corners["se"].y
    assert forest_distances(corners["nw"].id, False)[corners["se"].id] >= 10
    assert forest_distances(corners["ne"].id, False)[corners["sw"].id] >= 10


def test_expedition_areas_lie_west_northeast_and_south():
    xs = [s.x for s in C.spaces]
    ys = [s.y for s in C.spaces]
    swamps, frosty, caverns = (C.expedition_by_id[a] for a in ("forgotten_swamps", "frosty_hill", "dark_caverns"))
    assert all(s.x < min(xs) for s in swamps.spaces)                              # west (L142)
    assert all(s.x > max(xs) and s.y < (min(ys) + max(ys)) / 2 for s in frosty.spaces)  # northeast
    assert all(s.y > max(ys) for s in caverns.spaces)                             # south


def test_an_expedition_start_is_entered_only_from_its_exit():
    for x in C.expeditions:
        assert C.neighbours[x.start] == (x.exit,)
        assert x.start in C.neighbours[x.exit]
        assert C.space_by_id[x.exit].expedition == x.id


def forward_paths(x: Expedition, frm: str) -> list[list[str]]:
    steps = x.forward(frm)
    if not steps:
        return [[frm]]
    return [[frm, *rest] for s in steps for rest in forward_paths(x, s.to)]


def test_frosty_hill_two_paid_paths_and_marys_route():
    x = C.expedition_by_id["frosty_hill"]
    paid = sorted("/".join(str(t) for t in s.pay[0]) for s in x.steps if s.pay)
    assert paid == ["spend:any_food:2", "spend:tea:1"]          # L538-539
    # L572-574: the Wolf won, the 2-food shortcut from the start, then one more advance to a 3-fame finish
    shortcut = next(s for s in x.forward(x.start) if s.pay)
    assert all(s.to != x.start for s in x.steps)
    assert any(s.to != shortcut.to and not s.pay for s in x.forward(x.start))   # the longer free path
    kinds = {s.id: s for s in x.spaces}
    assert any(kinds[s.to].kind == "finish" and kinds[s.to].fame == 3 for s in x.forward(shortcut.to))


def test_forgotten_swamps_plain_lines_and_finishes_right_after_the_start():
    x = C.expedition_by_id["forgotten_swamps"]
    assert {s.line for s in x.steps} == {"plain"}
    finishes = {f.id for f in x.finishes}
    assert len([s for s in x.forward(x.start) if s.to in finishes]) >= 2     # Cartographer (L688)
    assert any(f.reward for f in x.finishes)                                   # Scout (L732)
    assert any(f.fame == 2 for f in x.finishes)                                # Mary (L669)


def test_dark_caverns_dotted_and_dashed_lines_from_the_start():
    x = C.expedition_by_id["dark_caverns"]
    assert {s.line for s in x.forward(x.start)} == {"dotted", "dashed"}
    assert {s.line for s in x.steps} == {"dotted", "dashed"}


def test_every_expedition_way_ends_on_a_finishing_space_and_deeper_pays_more():
    for x in C.expeditions:
        finishes = {f.id: f.fame for f in x.finishes}
        paths = forward_paths(x, x.start)
        assert all(p[-1] in finishes for p in paths)
        deepest = max(paths, key=len)
        assert finishes[deepest[-1]] == max(finishes.values())


def test_expedition_cards_never_have_an_enhancement_and_always_an_option_without_cost():
    for deck in C.expedition_decks.values():
        for c in deck:
            assert c.enhancement == ()
            assert any(not o.cost and not o.requires for o in c.options), c.id


def test_caverns_cards_name_the_line_they_advance_along():
    lines = {str(t.args[1]) for c in C.expedition_decks["dark_caverns"] for o in c.options
             for t in (*o.effects, *o.win, *o.lose) if t.keyword == "advance"}
    assert {"dotted", "dashed"} <= lines


# -- the vocabulary ---------------------------------------------------------------------------------


def used_keywords(c: Content) -> set[str]:
    used: set[str] = set()
    for cd in c.cards():
        used.update(t.keyword for t in cd.requires)
        used.update(t.keyword for alts in cd.cost for t in alts)
        if cd.skill:
            used.add(cd.skill)
        for o in cd.options:
            used.update(t.keyword for t in (*o.requires, *o.effects, *o.win, *o.lose))
            used.update(t.keyword for alts in (*o.cost, *o.reroll) for t in alts)
            if o.test is not None:
                used.add(o.test.keyword)
    for t in c.tiles:
        for side in (t.front, t.back):
            used.update(x.keyword for x in (*side.paw, *side.strong))
    used.update(x.keyword for i in (*c.items, *c.artifacts) for x in i.abilities)
    used.update(x.keyword for s in c.spaces for x in s.bonus)
    used.update(x.keyword for t in c.tents for x in t.effects)
    return used


def test_every_keyword_of_the_vocabulary_is_used_and_documented():
    assert used_keywords(C) == set(VOCABULARY)
    doc = DOC.read_text(encoding="utf-8")
    section = doc.split("## Effect vocabulary", 1)[1]
    for keyword in VOCABULARY:
        assert re.search(rf"`{keyword}(:|`)", section), f"{keyword} is not in docs/rules/trial.md"


def test_parse_term_fills_defaults_and_checks_parameters():
    assert parse_term("spend:acorn", "cost", "deed", "here", {}) == Term("spend", ("acorn", 1))
    assert parse_term("pick_discard:all:2", "effect", "location", "here", {}).arg("keep") == 2
    with pytest.raises(ContentError, match=r"here: 'fight:6' has 1 parameter\(s\); fight:<strength>:<dice> takes 2"):
        parse_term("fight:6", "test", "deed", "here", {})
    with pytest.raises(ContentError, match=r"strength must be 0\.\.12, not 13"):
        parse_term("fight:13:1", "test", "deed", "here", {})
    with pytest.raises(ContentError, match="'advance' cannot be used here"):
        parse_term("advance:1:any", "effect", "deed", "here", {})
    with pytest.raises(ContentError, match="unknown effect keyword 'fight'"):
        parse_term("fight:6:1", "effect", "deed", "here", {})


# -- refusals: a designer's copy of the content with one broken entry --------------------------------


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.delenv("TALEWOOD_CONTENT", raising=False)
    copy = tmp_path / "trial"
    shutil.copytree(SOURCE_DIR, copy)
    return copy


def edit(folder: Path, filename: str, old: str, new: str, count: int = 1) -> None:
    path = folder / filename
    text = path.read_text(encoding="utf-8")
    assert text.count(old) >= count, f"{old!r} not in {filename}"
    path.write_text(text.replace(old, new, count), encoding="utf-8")


def refused(folder: Path) -> str:
    with pytest.raises(ContentError) as info:
        load_content(folder)
    return str(info.value)


def test_an_untouched_copy_loads(folder: Path):
    copy = load_content(folder)
    assert copy is not C and len(copy.deeds) == 70


def test_a_designers_copy_changes_a_number(folder: Path):
    edit(folder, "deeds.toml", 'test = "fight:6:1"', 'test = "fight:5:1"')
    assert load_content(folder).card_by_id["swordmaster"].options[0].test == Term("fight", (5, 1))


def test_unknown_keyword_is_refused_naming_file_and_entry(folder: Path):
    edit(folder, "deeds.toml", '"others_gain:any:1"', '"others_gian:any:1"')
    message = refused(folder)
    assert "deeds.toml deed 'food_delivery'" in message and "unknown effect keyword 'others_gian'" in message


def test_wrong_parameters_are_refused(folder: Path):
    edit(folder, "encounters.toml", 'test = "fight:3:1"', 'test = "fight:3:one"')
    message = refused(folder)
    assert "encounters.toml encounter 'knight'" in message and "dice must be 0..4, not 'one'" in message


def test_dangling_artifact_is_refused(folder: Path):
    edit(folder, "expeditions.toml", '"artifact:elixir"', '"artifact:elixr"')
    message = refused(folder)
    assert "expeditions.toml expedition 'witch'" in message and "'elixr' is not a known artifact id" in message


def test_dangling_tile_is_refused(folder: Path):
    edit(folder, "board.toml", 'tile = "grove_raspberry"', 'tile = "grove_rasberry"')
    message = refused(folder)
    assert "board.toml space 'grove_nw'" in message and "unknown tile 'grove_rasberry'" in message


def test_dangling_space_in_an_expedition_is_refused(folder: Path):
    edit(folder, "board.toml", '{ from = "frosty_ridge", to = "frosty_finish_5" }',
         '{ from = "frosty_ridge", to = "frosty_finish_6" }')
    message = refused(folder)
    assert "board.toml expedition 'frosty_hill' step #8" in message and "'frosty_finish_6'" in message


def test_wrong_card_count_is_refused(folder: Path):
    text = (folder / "deeds.toml").read_text(encoding="utf-8")
    start = text.index('[[deed]]\nid = "lost_purse"')
    end = text.index("[[deed]]", start + 1)
    (folder / "deeds.toml").write_text(text[:start] + text[end:], encoding="utf-8")
    assert refused(folder) == "deeds.toml: the game has 70 deed cards (L68), not 69"


def test_wrong_item_count_is_refused_naming_the_item(folder: Path):
    edit(folder, "items.toml", 'id = "shovel"\nname = "Shovel"\nrarity = "common"\ncount = 3',
         'id = "shovel"\nname = "Shovel"\nrarity = "common"\ncount = 4')
    assert "items.toml item 'shovel': a common item has 3 token(s), not 4" in refused(folder)


def test_bad_source_is_refused(folder: Path):
    edit(folder, "tents.toml", 'id = "tent_x_2"\nname = "Tent: X (second)"\neffects = []\ntext = "No bonus."\n'
         'source = "designed"', 'id = "tent_x_2"\nname = "Tent: X (second)"\neffects = []\ntext = "No bonus."\n'
         'source = "invented"')
    message = refused(folder)
    assert "tents.toml tent 'tent_x_2'" in message and "source must be one of" in message and "'invented'" in message


def test_unknown_field_is_refused(folder: Path):
    edit(folder, "encounters.toml", 'id = "mapmaker"\nname = "Mapmaker"',
         'id = "mapmaker"\nname = "Mapmaker"\ncots = 1')
    message = refused(folder)
    assert "encounters.toml encounter 'mapmaker'" in message and "unknown field(s) ['cots']" in message


def test_a_moral_choice_without_its_good_option_is_refused(folder: Path):
    edit(folder, "encounters.toml", '{ label = "Good: leave the hoard be", morality = "good"',
         '{ label = "Good: leave the hoard be", morality = "evil"')
    message = refused(folder)
    assert "encounters.toml encounter 'squirrel_hoard'" in message and "one good and one evil option" in message


def test_a_card_fight_without_a_lose_clause_is_refused(folder: Path):
    edit(folder, "encounters.toml", 'test = "fight:3:1"\nwin = ["gain:basic:1"]\nlose = ["story_face_down"]',
         'test = "fight:3:1"\nwin = ["gain:basic:1"]')
    message = refused(folder)
    assert "encounters.toml encounter 'angry_badger'" in message and "where the card goes when you lose" in message


def test_text_that_forgets_the_cost_is_refused(folder: Path):
    edit(folder, "deeds.toml", 'text = "You need a spyglass. Spend 1 food token. Put one of your flags',
         'text = "Spend 1 food token. Put one of your flags')
    message = refused(folder)
    assert "deeds.toml deed 'scout'" in message and "never mentions 'spyglass'" in message


def test_a_disconnected_forest_is_refused(folder: Path):
    edit(folder, "board.toml", '["tower_e", "path_17"], ', "")
    edit(folder, "board.toml", '["camp_e", "tower_e"], ', "")
    assert refused(folder) == "board.toml: the forest is not connected; ['tower_e'] cannot be reached along its lines"


def test_an_expedition_going_backward_is_refused(folder: Path):
    edit(folder, "board.toml", '  { from = "swamps_frog_village", to = "swamps_finish_deep" },',
         '  { from = "swamps_frog_village", to = "swamps_finish_deep" },\n'
         '  { from = "swamps_frog_village", to = "swamps_reeds" },')
    message = refused(folder)
    assert "board.toml expedition 'forgotten_swamps'" in message and "never goes back" in message


def test_a_third_paid_path_on_frosty_hill_is_refused(folder: Path):
    edit(folder, "board.toml", '{ from = "frosty_ridge", to = "frosty_finish_5" }',
         '{ from = "frosty_ridge", to = "frosty_finish_5", pay = ["spend:tea:1"] }')
    message = refused(folder)
    assert "board.toml expedition 'frosty_hill'" in message and "exactly 2 paid paths" in message


def test_a_missing_campsite_bonus_is_refused(folder: Path):
    edit(folder, "board.toml", 'bonus = ["first_player"]', 'bonus = ["gain:tea:1"]')
    assert "campsite bonuses ['first_player'] of L594-599 are on no campsite space" in refused(folder)


def test_invalid_toml_is_refused_naming_the_file(folder: Path):
    (folder / "tents.toml").write_text("[[tent]\nid = ", encoding="utf-8")
    assert f"trial: {folder / 'tents.toml'} is not valid TOML" in refused(folder)


def test_a_partial_folder_takes_the_other_files_from_the_package(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.delenv("TALEWOOD_CONTENT", raising=False)
    (tmp_path / "components.toml").write_text(
        (SOURCE_DIR / "components.toml").read_text(encoding="utf-8").replace(
            'faces = ["1", "1", "2", "2", "3", "star"]', 'faces = ["1", "2", "2", "3", "3", "star"]'),
        encoding="utf-8")
    copy = load_content(tmp_path)
    assert copy.dice.faces == ("1", "2", "2", "3", "3", "star") and len(copy.deeds) == 70
