"""Encounters, the locations and the help spot (brief §5.9-5.11: R-45 … R-60)."""

from __future__ import annotations

from .helpers import (
    T,
    aside,
    backpack,
    can,
    card,
    check,
    do,
    food,
    labels,
    obj,
    position,
    roll,
    story,
)


def test_r45_an_encounter_is_resolved_added_to_the_story_and_its_slot_refilled():
    s = position(2, positions=["path_05", "start_s"], encounters=["squirrel_hoard", "knight", "bandits"],
                 deck_top=["forest_spirit"], turn={"seat": 1})
    do(s, "Place a paw token under the encounter card Squirrel Hoard", "Squirrel Hoard: Good: leave the hoard be")
    assert story(s, 0) == [("squirrel_hoard", "morality", True)]
    assert s.enc_slots == [card("forest_spirit"), card("knight"), card("bandits")]
    assert len(s.enc_deck) == 20 - 3 - 1
    empty = position(2, positions=["path_05", "start_s"], encounters=["squirrel_hoard", "knight", "bandits"],
                     turn={"seat": 1})
    empty.enc_deck.clear()
    empty.discard.extend(c for c in range(70, 90) if c not in empty.enc_slots)
    empty.invalidate()
    do(empty, "Place a paw token under the encounter card Squirrel Hoard", "Squirrel Hoard: Good")
    assert empty.enc_slots[0] == -1                                   # no further cards are placed (L331)


def test_r46_a_discarded_encounter_goes_to_the_bottom_of_the_encounter_deck():
    s = position(2, positions=["path_05", "start_s"], encounters=["bandits", "knight", "tea_cat"], turn={"seat": 1})
    do(s, "Place a paw token under the encounter card Bandits")
    roll(s, "3", "3", "3", "1")                          # Bandits 9 against 1 + 1
    assert s.enc_deck[0] == card("bandits") and s.enc_slots[0] != card("bandits")
    assert story(s, 0) == []


def test_r47_losing_a_fight_adds_no_card_unless_it_says_so():
    s = position(2, positions=["path_05", "start_s"], encounters=["knight", "bandits", "tea_cat"], turn={"seat": 1})
    do(s, "Place a paw token under the encounter card Knight")
    roll(s, "3", "1")                                    # Knight 6 against 1 + 1
    assert story(s, 0) == [] and s.enc_slots[0] == card("knight")     # it stays in its slot


def test_r48_a_grove_gives_its_food_every_food_symbol_of_the_story_and_discarded_food():
    """L385: "When gathering food in a grove, take a look at your story: if you have any of these symbols
    (raspberry/acorn/mushroom/tea leaf), each of them grants you 1 additional resource of the indicated
    type." Every food symbol pays at every grove, not only the grove's own food."""
    s = position(2, positions=["grove_w", "start_s"], hands=[["squirrel_hoard", "peddler"], []],
                 stories=[["poacher", "charity_collection", "honey_trader", "bear", "tea_merchant"], []],
                 turn={"seat": 1})
    before = food(s, 0)
    do(s, "Place a paw token on the West grove")
    assert labels(s) == ["Discard Squirrel Hoard for 1 acorn", "Gather the food"]
    do(s, "Discard Squirrel Hoard for 1 acorn", "Gather the food")
    after = food(s, 0)
    # 1 acorn, +2 for the acorn symbols (Poacher, Charity Collection), +1 discarded; the raspberry symbols of
    # Honey Trader and Bear and the tea symbol of Tea Merchant pay at this acorn grove too
    assert after["acorn"] - before["acorn"] == 1 + 2 + 1
    assert after["raspberry"] - before["raspberry"] == 2
    assert after["tea"] - before["tea"] == 1
    strong = position(2, positions=["grove_w", "start_s"], stories=[["tea_merchant"], []], hands=[[], []],
                      turn={"seat": 1})
    do(strong, "Place your strong paw token on the West grove")
    assert food(strong, 0)["tea"] == 1 + 1 and food(strong, 0)["acorn"] == 2    # + the tea symbol


def test_r48_a_tea_symbol_of_the_story_pays_at_a_raspberry_grove():
    """L385: "if you have any of these symbols (raspberry/acorn/mushroom/tea leaf), each of them grants you
    1 additional resource of the indicated type" (L273 says the same): a plain paw at the raspberry grove
    with Tea Merchant's tea leaf in the story gathers a raspberry and a tea leaf."""
    s = position(2, positions=["grove_nw", "start_s"], food=[{}, {}], stories=[["tea_merchant"], []],
                 hands=[[], []], turn={"seat": 1})
    do(s, "Place a paw token on the North-west grove")
    assert food(s, 0) == {"raspberry": 1, "acorn": 0, "mushroom": 0, "tea": 1}


def test_r49_a_ruined_grove_exchanges_its_food_for_a_tea_leaf_and_nothing_more():
    s = position(2, positions=["grove_w", "start_s"], tiles=[{"space": "grove_w", "side": "back"}],
                 stories=[["poacher"], []], hands=[["squirrel_hoard"], []], turn={"seat": 1})
    do(s, "Place your strong paw token on the West grove")
    assert labels(s) == ["Exchange an acorn for a tea leaf", "Keep your food"]      # no discards
    do(s, "Exchange an acorn for a tea leaf")
    assert food(s, 0) == {"raspberry": 1, "acorn": 0, "mushroom": 1, "tea": 1}


def test_r50_t24_ruins_show_their_items_to_you_alone_and_sell_one_for_a_food_token():
    s = position(2, positions=["ruins_w", "start_s"], ruins=[{"space": "ruins_w", "items": ["rope", "axe", "bow"]}],
                 food=[{"acorn": 1, "tea": 1}, {}], turn={"seat": 1})
    assert s.view(0)["locations"][T.loc_of[T.space_index["ruins_w"]]]["items"] is None
    do(s, "Place your strong paw token on the West ruins")
    ruins = T.loc_of[T.space_index["ruins_w"]]
    assert s.view(0)["locations"][ruins]["items"] == ["axe", "bow", "rope"]
    assert s.view(1)["locations"][ruins]["items"] is None                             # the others never see
    assert s.view(1)["locations"][ruins]["common_items"] == 2
    do(s, "Take the Axe for a food token", "Pay with an acorn")
    assert backpack(s, 0) == ["axe"]
    do(s, "Take the Bow for a tea leaf")                                              # the strong paw's second
    assert backpack(s, 0) == ["axe", "bow"] and food(s, 0) == {"raspberry": 0, "acorn": 0, "mushroom": 0,
                                                                 "tea": 0}
    assert s.ruins[ruins] == [obj("rope")]
    check(s)


def test_r51_a_restored_tower_tucks_a_card_face_down_and_the_strong_paw_draws():
    s = position(2, positions=["ruins_ne", "start_s"], tiles=[{"space": "ruins_ne", "side": "back"}],
                 hands=[["bear", "postman"], []], stories=[["postal_service"], []], turn={"seat": 1})
    do(s, "Place your strong paw token on the North-east ruins (Restored lookout tower)")
    do(s, "Add a card face down to the fighting column", "Add Bear face down")
    assert story(s, 0)[-1] == ("bear", "fighting", False)
    assert labels(s) == ["Discard Postman for 2 more cards", "Draw the cards"]
    do(s, "Discard Postman for 2 more cards", "Draw the cards")
    assert len(s.aside[0]) == 2 + 1 + 2             # 2, +1 card-draw symbol in the story, +2 discarded
    plain = position(2, positions=["ruins_ne", "start_s"], tiles=[{"space": "ruins_ne", "side": "back"}],
                     hands=[["bear"], []], turn={"seat": 1})
    do(plain, "Place a paw token on the North-east ruins", "Add no card")
    assert plain.aside[0] == []


def test_r52_a_restored_store_trades_and_its_strong_paw_counts_a_card_as_2_tea_leaves():
    s = position(2, positions=["ruins_s", "start_s"], tiles=[{"space": "ruins_s", "side": "back"}],
                 hands=[["bear"], []], food=[{}, {}], store=[{"row": 3, "column": 3, "item": "shield"}],
                 turn={"seat": 1})
    do(s, "Place your strong paw token on the South ruins (Restored store)")
    assert can(s, "Buy the Shield for 2 tea leaves")
    do(s, "Buy the Shield")                   # one card pays both tea leaves (its only way: no question asked)
    assert backpack(s, 0) == ["shield"] and s.hand[0] == [] and s.st_credit == 0
    do(s, "Finish your transactions")
    assert s.prompt().startswith("Player 1: trading bonus")          # the trading bonus applies here


def test_r53_a_restored_grove_gives_tea_leaves_and_every_food_symbol():
    s = position(2, positions=["ruins_w", "start_s"], tiles=[{"space": "ruins_w", "side": "back"}],
                 stories=[["poacher", "honey_trader", "herbalist"], []], hands=[[], []], turn={"seat": 1})
    do(s, "Place your strong paw token on the West ruins (Restored grove)")
    assert food(s, 0) == {"raspberry": 2, "acorn": 2, "mushroom": 2, "tea": 2}


def test_r54_a_lookout_tower_draws_2_plus_2_with_the_strong_paw_plus_symbols_and_discards():
    s = position(2, positions=["tower_c", "start_s"], stories=[["postal_service", "appraiser"], []],
                 hands=[["delver", "postman", "forest_lore"], []], boosts=[{"card_draw": 1}, {}], turn={"seat": 1})
    do(s, "Place your strong paw token on the Central lookout tower")
    do(s, "Discard Delver for 2 more cards", "Discard Postman for 2 more cards")
    assert not any(x.startswith("Discard") for x in labels(s))       # 2 at most
    do(s, "Use a one-time card-draw symbol", "Draw the cards")
    assert len(s.aside[0]) == 4 + 2 + 4 + 1


def test_a_discard_at_a_lookout_tower_shows_the_card_to_all_and_cannot_be_taken_back():
    """Anything revealed to anyone ends undo: the others see the discarded card; and whether the discard
    is offered at all (every view shows the pending decision) tells them of the hand."""
    s = position(2, positions=["tower_c", "start_s"], hands=[["delver", "postman", "forest_lore"], []],
                 turn={"seat": 1})
    do(s, "Place your strong paw token on the Central lookout tower")
    assert s.current_player == 0 and s.barrier
    do(s, "Discard Delver for 2 more cards")
    assert s.current_player == 0 and s.barrier
    assert s.view(1)["deeds"]["discard"] == ["delver"]


def test_r55_a_ruined_tower_gives_two_cards_of_your_choice_from_the_discard_pile():
    s = position(2, positions=["tower_c", "start_s"], tiles=[{"space": "tower_c", "side": "back"}],
                 discard=["bear", "duel", "scout"], stories=[["postal_service"], []], hands=[["postman"], []],
                 turn={"seat": 1})
    do(s, "Place your strong paw token on the Central lookout tower")
    assert sorted(labels(s)) == ["Take Bear from the discard pile", "Take Duel from the discard pile",
                                 "Take Scout from the discard pile"]
    do(s, "Take Scout from the discard pile", "Take Bear from the discard pile")
    assert aside(s, 0) == ["bear", "scout"] and s.discard == [card("duel")]


def test_r56_a_store_visit_buys_and_sells_and_the_strong_paw_spends_cards_as_tea():
    s = position(2, positions=["store_c", "start_s"], hands=[["bear", "duel"], []], food=[{}, {}],
                 backpacks=[["kettle"], []], turn={"seat": 1})
    do(s, "Place your strong paw token on the Central store (Store)")
    assert can(s, "Buy the Kettle")                      # no food, but 2 cards count as 2 tea leaves (L457)
    do(s, "Buy the Kettle", "Pay with Bear as 1 tea leaf")            # then Duel, the only way left
    assert backpack(s, 0) == ["kettle", "kettle"] and s.hand[0] == []
    assert not can(s, "Sell the Kettle")                 # never buy and sell one type in a visit…
    t = position(2, positions=["store_c", "start_s"], food=[{"tea": 2}, {}], backpacks=[["kettle"], []],
                 turn={"seat": 1})
    do(t, "Place a paw token on the Central store (Store)")
    assert can(t, "Buy the Kettle")
    do(t, "Sell the Kettle")
    assert not can(t, "Buy the Kettle")                  # …in either order


def test_r57_t23_a_ruined_store_sells_once_without_a_trading_bonus():
    s = position(2, positions=["store_n", "start_s"],
                 tiles=[{"space": "store_n", "tile": "store_tea", "side": "back"}],
                 backpacks=[["shovel", "torch"], ["trading_safe_conduct"]],
                 stories=[["curator", "guild_membership"], []], turn={"seat": 1})
    do(s, "Place your strong paw token on the North store (Ruined store: tea)")
    assert labels(s) == ["Put the Shovel into the store", "Put the Torch into the store", "Put no item in"]
    do(s, "Put the Torch into the store")
    assert food(s, 0)["tea"] == 2 and backpack(s, 0) == ["shovel"]
    assert s.current_player == 0 and not s.prompt().startswith("Player 1: trading")   # no bonus, no second sale
    assert s.prompt() == "Player 1: your turn: play a deed, move or end your turn"


def test_r58_a_crossed_symbol_allows_no_story_symbols_and_no_discards():
    s = position(2, positions=["tower_c", "start_s"], tiles=[{"space": "tower_c", "side": "back"}],
                 discard=["bear"], stories=[["postal_service"], []], hands=[["postman"], []], turn={"seat": 1})
    do(s, "Place a paw token on the Central lookout tower")
    assert labels(s) == ["Take Bear from the discard pile"]          # no card-draw discards


def test_r59_tiles_flip_only_by_cards_and_restored_ruins_send_their_items_to_the_store():
    s = position(2, positions=["tower_c", "start_s"], hands=[["demolition_builder"], []],
                 ruins=[{"space": "ruins_w", "items": ["rope", "axe", "bow"]}], turn={"seat": 1})
    assert s.tile_side == [0] * 12
    bow_slot = s.store_slot_of(obj("bow"))
    do(s, "Play Demolition Builder", "Demolition Builder: Good: restore a location", "Pay with an acorn",
       "Restore the West ruins")
    loc = T.loc_of[T.space_index["ruins_w"]]
    assert s.tile_side[loc] == 1 and s.side_of(loc).name == "Restored grove" and s.ruins[loc] == []
    assert bow_slot < 0 and s.store_slot_of(obj("bow")) >= 0
    check(s)


def test_r60_the_help_spot_gives_a_card_or_a_basic_food_and_nothing_more():
    s = position(2, positions=["path_05", "start_s"], stories=[["postal_service", "poacher"], []],
                 hands=[["postman"], []], turn={"seat": 1})
    do(s, "Place your strong paw token on the help spot")
    assert labels(s) == ["Take a raspberry", "Take an acorn", "Take a mushroom",
                         "Draw a deed card"]
    do(s, "Draw a deed card")
    assert len(s.aside[0]) == 1                                       # no symbols, no discards


def test_r57_the_item_put_into_a_ruined_store_goes_on_the_empty_slot_its_owner_chooses():
    s = position(2, positions=["store_n", "start_s"], tiles=[{"space": "store_n", "tile": "store_tea", "side": "back"}],
                 backpacks=[["shovel", "torch"], ["shovel", "spyglass", "spyglass"]], turn={"seat": 1})
    do(s, "Place your strong paw token on the North store (Ruined store: tea)", "Put the Shovel into the store")
    assert s.prompt() == "Player 1: choose the empty store slot to put the Shovel back on"
    do(s, "Put it on row 1, column 2")
    assert s.store_kind[1] == obj("shovel") and food(s, 0)["tea"] == 2       # then the trade's 2 tea leaves
    check(s)


def test_r89_an_item_discarded_at_the_ruins_is_put_back_before_the_visit_goes_on():
    s = position(2, positions=["ruins_w", "start_s"], ruins=[{"space": "ruins_w", "items": ["rope", "axe", "bow"]}],
                 backpacks=[["shovel", "shovel"], ["torch", "torch"]], food=[{"acorn": 1}, {}], turn={"seat": 1})
    do(s, "Place a paw token on the West ruins", "Discard the Shovel")
    assert s.prompt() == "Player 1: choose the empty store slot to put the Shovel back on"    # at once (L164)
    do(s, "Put it on row 3, column 1")
    assert s.store_kind[8] == obj("shovel")
    assert s.prompt() == "Player 1: you may take one of the items for a food token"           # the visit goes on
    check(s)


def test_r56_selling_onto_a_stack_pays_that_slot_s_two_food():
    s = position(2, positions=["store_c", "start_s"], food=[{}, {}], backpacks=[["kettle"], []], turn={"seat": 1})
    slot = s.store_slot_of(obj("kettle"))
    n = s.store_n[slot]
    do(s, "Place a paw token on the Central store (Store)",
       "Sell the Kettle for an acorn and a food token of your choice", "Gain an acorn")
    assert food(s, 0)["acorn"] == 2 and s.store_n[slot] == n + 1 and backpack(s, 0) == []


def test_r54_a_plain_paw_at_a_tower_also_counts_story_symbols_and_discards():
    s = position(2, positions=["tower_c", "start_s"], stories=[["postal_service"], []], hands=[["postman"], []],
                 turn={"seat": 1})
    do(s, "Place a paw token on the Central lookout tower", "Discard Postman for 2 more cards", "Draw the cards")
    assert len(s.aside[0]) == 2 + 1 + 2                                     # the tower, the story, Postman


def test_r53_a_restored_grove_takes_card_discards_for_food_too():
    s = position(2, positions=["ruins_w", "start_s"], tiles=[{"space": "ruins_w", "side": "back"}],
                 hands=[["squirrel_hoard"], []], turn={"seat": 1})
    do(s, "Place a paw token on the West ruins (Restored grove)", "Discard Squirrel Hoard for 1 acorn",
       "Gather the food")
    assert food(s, 0) == {"raspberry": 1, "acorn": 2, "mushroom": 1, "tea": 1}


def test_r50_an_item_taken_from_the_ruins_must_fit_your_backpack():
    s = position(2, positions=["ruins_w", "start_s"], ruins=[{"space": "ruins_w", "items": ["rope", "axe", "bow"]}],
                 backpacks=[["shovel", "torch", "kettle", "spyglass"], []], food=[{"acorn": 1}, {}], turn={"seat": 1})
    do(s, "Place a paw token on the West ruins")
    takes = [x for x in labels(s) if x.startswith("Take")]
    assert "Take the Axe for a food token" in takes and "Take the Rope for a food token" in takes
    assert not any("Bow" in x for x in takes)


def test_r56_a_small_artifact_left_in_the_gallery_gives_a_food_token_of_any_kind_a_tea_leaf_too():
    """L475: "If you leave a small artifact there, you gain 1 food token of any kind." Tea leaves are food
    tokens (L64), and the rulebook says "except for a tea leaf" where it means one (L612, L631)."""
    s = position(2, positions=["store_c", "start_s"], food=[{}, {}], backpacks=[["sword_of_the_peak"], []],
                 turn={"seat": 1})
    do(s, "Place a paw token on the Central store (Store)",
       "Leave the Sword of the Peak in the gallery for a food token")
    assert labels(s) == ["Gain a raspberry", "Gain an acorn", "Gain a mushroom", "Gain a tea leaf"]
    do(s, "Gain a tea leaf")
    assert food(s, 0) == {"raspberry": 0, "acorn": 0, "mushroom": 0, "tea": 1}
    check(s)


def test_r56_selling_onto_the_any_symbol_gains_any_chosen_resource_a_tea_leaf_too():
    """L499: Mary sells her kettle onto an empty slot, "for which she gains a mushroom and any chosen
    resource (she chooses an acorn)": the choice is any food token, a tea leaf included."""
    s = position(2, positions=["store_c", "start_s"], food=[{}, {}], backpacks=[["kettle"], []], turn={"seat": 1})
    do(s, "Place a paw token on the Central store (Store)",
       "Sell the Kettle for an acorn and a food token of your choice")
    assert labels(s) == ["Gain a raspberry", "Gain an acorn", "Gain a mushroom", "Gain a tea leaf"]
    do(s, "Gain a tea leaf")
    assert food(s, 0) == {"raspberry": 0, "acorn": 1, "mushroom": 0, "tea": 1}
