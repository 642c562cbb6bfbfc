"""Deeds, the story, skills, morality and legendary deeds (brief §5.4-5.6: R-20 … R-33)."""

from __future__ import annotations

from talewood.games.trial.tables import SK_COLS, SK_FAME, SK_MOVEMENT, SK_STRENGTH, SK_TRADING

from .helpers import T, backpack, can, check, do, food, hand, labels, morality, position, story


def test_r20_one_deed_a_turn_and_none_on_an_expedition():
    s = position(2, positions=["store_c", "start_s"], hands=[["lost_purse", "peddler", "squirrel_hoard"], []],
                 turn={"seat": 1})
    do(s, "Play Lost Purse", "Lost Purse: Good: return the purse")
    assert not any(x.startswith("Play") for x in labels(s))
    x = position(2, positions=["swamps_start", "start_s"], hands=[["lost_purse", "peddler"], []], turn={"seat": 1})
    assert not any(y.startswith("Play") for y in labels(x))


def test_r21_requirement_icons_must_hold():
    away = position(2, positions=["store_c", "start_s"], hands=[["food_delivery"], []],
                    food=[{"acorn": 1, "raspberry": 1}, {}], turn={"seat": 1})
    assert not can(away, "Play Food Delivery")                 # not on a lookout tower
    there = position(2, positions=["tower_c", "start_s"], hands=[["food_delivery"], []],
                     food=[{"acorn": 1, "raspberry": 1}, {}], turn={"seat": 1})
    assert can(there, "Play Food Delivery")
    alone = position(2, positions=["tower_c", "start_s"], hands=[["gift_basket"], []], food=[{"acorn": 2}, {}],
                     turn={"seat": 1})
    assert not can(alone, "Play Gift Basket")                   # nobody on the same space
    together = position(2, positions=["tower_c", "tower_c"], hands=[["gift_basket"], []], food=[{"acorn": 2}, {}],
                        turn={"seat": 1})
    assert can(together, "Play Gift Basket")


def test_r22_crossed_costs_are_spent_uncrossed_ones_only_owned_and_slash_is_a_choice():
    s = position(2, positions=["tower_c", "start_s"], hands=[["pyromaniac"], []], backpacks=[["torch"], []],
                 turn={"seat": 1})
    slot = s.store_slot_of(T.object_index["torch"])
    before = s.store_n[slot]
    do(s, "Play Pyromaniac")
    assert backpack(s, 0) == [] and s.store_n[slot] == before + 1     # the torch goes back to the store
    assert s.side_of(T.loc_of[T.space_index["tower_c"]]).state == "ruined"
    e = position(2, positions=["tower_c", "start_s"], hands=[["explorer"], []], backpacks=[["rope"], []],
                 flags=[{"frosty_hill": "frosty_finish_3"}, {}], food=[{"acorn": 1}, {}], turn={"seat": 1})
    do(e, "Play Explorer")
    assert backpack(e, 0) == ["rope"]                                  # only needed, not spent
    assert e.flags[0] == T.space_index["frosty_finish_5"] and food(e, 0)["acorn"] == 0
    k = position(2, positions=["tower_c", "start_s"], hands=[["kidnapper", "bear"], []], food=[{"acorn": 1}, {}],
                 turn={"seat": 1})
    do(k, "Play Kidnapper")
    assert labels(k) == ["Spend 1 food token", "Spend 1 card from your hand"]
    do(k, "Spend 1 card from your hand")
    assert food(k, 0)["acorn"] == 1 and hand(k, 0) == []


def test_r23_a_tea_leaf_replaces_a_basic_food_never_the_reverse():
    s = position(2, positions=["grove_nw", "start_s"], hands=[["honey_trader"], []], food=[{"tea": 1}, {}],
                 turn={"seat": 1})
    do(s, "Play Honey Trader")
    assert food(s, 0)["tea"] == 1                  # paid with the tea leaf, then gained one
    t = position(2, positions=["tower_c", "tower_c"], hands=[["tea_gift"], []], food=[{"raspberry": 3}, {}],
                 turn={"seat": 1})
    assert not can(t, "Play Tea Gift")             # a tea leaf is needed; nothing replaces it


def test_r24_choose_one_option_a_moral_choice_goes_into_the_good_and_evil_column():
    s = position(2, positions=["tower_c", "start_s"], hands=[["lost_purse"], []], turn={"seat": 1})
    do(s, "Play Lost Purse")
    assert labels(s) == ["Lost Purse: Good: return the purse", "Lost Purse: Evil: keep the coins"]
    do(s, "Lost Purse: Evil: keep the coins", "Gain an acorn", "Gain an acorn")
    assert story(s, 0) == [("lost_purse", "morality", True)]
    assert morality(s, 0) == 1 and len(s.aside[0]) == 0            # only the evil option's effect


def test_r25_an_encounter_card_in_hand_is_played_as_a_deed_without_a_paw_token():
    s = position(2, positions=["tower_c", "start_s"], hands=[["squirrel_hoard"], []], turn={"seat": 1})
    do(s, "Play Squirrel Hoard", "Squirrel Hoard: Evil: raid the hoard")
    assert food(s, 0)["acorn"] == 1 + 3
    assert s.paws_left(0) == 4 and s.t_deed
    assert not any(x.startswith("Play") for x in labels(s))          # it was this turn's deed


def test_r26_r27_a_resolved_card_goes_into_the_column_of_its_leftmost_icon():
    s = position(2, positions=["tower_c", "start_s"], hands=[["caravan"], []], food=[{"acorn": 2}, {}],
                 turn={"seat": 1})
    do(s, "Play Caravan")
    assert story(s, 0) == [("caravan", "trading", True)]             # trading first, then pioneering


def test_r28_morality_icons_move_the_token_and_symbols_become_skills():
    s = position(2, positions=["tower_c", "start_s"], hands=[["food_delivery"], []],
                 food=[{"acorn": 1, "raspberry": 1}, {}], turn={"seat": 1})
    do(s, "Play Food Delivery", "Gain a raspberry")
    assert morality(s, 0) == -1                                       # its second icon is good
    assert s.sk[SK_TRADING] == 1
    c = position(2, positions=["tower_c", "start_s"], hands=[["caravan"], []], food=[{"acorn": 2}, {}],
                 turn={"seat": 1})
    before = c.movement(0)
    do(c, "Play Caravan")
    assert c.sk[SK_TRADING] == 1 and c.sk[SK_MOVEMENT] == 1 and c.movement(0) == before + 1
    assert c.trading(0) == 1 + 1                                      # the board's symbol and the card's


def test_r29_face_down_cards_give_nothing_but_count_for_legendary_and_ties():
    s = position(2, positions=["tower_c", "start_s"], stories=[[{"card": "swordmaster", "face_up": False},
                                                               {"card": "drill_sergeant", "face_up": False}], []])
    assert s.sk[SK_FAME] == 0 and s.sk[SK_STRENGTH] == 0
    assert s.sk[SK_COLS + 3] == 2 and len(s.story[0]) == 2
    view = s.view(1)
    assert view["player_states"][0]["story"] == [{"card": None, "column": "fighting", "face_up": False}] * 2


def test_r30_a_card_added_face_down_from_the_hand_goes_into_any_column_unresolved():
    s = position(2, positions=["camp_se", "start_s"], hands=[["food_delivery", "bear"], []], tents=[["tent_x"], []],
                 paws=[{"placed": ["help"] * 4, "strong": "help"}, {}], turn={"seat": 1})
    do(s, "Camp on the South-east meadow")
    assert labels(s) == ["Add a card face down to the good and evil column",
                         "Add a card face down to the trading column",
                         "Add a card face down to the pioneering column",
                         "Add a card face down to the fighting column", "Add no card"]
    do(s, "Add a card face down to the pioneering column", "Add Bear face down")
    assert story(s, 0) == [("bear", "pioneering", False)] and morality(s, 0) == 0
    assert s.sk[SK_COLS + 2] == 1 and s.sk[SK_STRENGTH] == 0


def test_r31_a_wildcard_counts_as_the_symbol_of_the_column_chosen():
    s = position(2, positions=["tower_c", "start_s"], hands=[["jack_of_all_trades", "bear"], []], turn={"seat": 1})
    before = s.movement(0)
    do(s, "Play Jack of All Trades")
    assert labels(s) == ["Into the trading column", "Into the pioneering column", "Into the fighting column"]
    do(s, "Into the pioneering column")
    assert story(s, 0) == [("jack_of_all_trades", "pioneering", True)]
    assert s.movement(0) == before + 1 and s.sk[SK_TRADING] == 0


def test_r32_morality_stops_at_the_ends_and_evil_is_right_of_the_middle():
    s = position(2, positions=["tower_c", "start_s"], morality=[7, -1], hands=[["squirrel_hoard"], []],
                 turn={"seat": 1})
    assert s.is_evil(0) and not s.is_evil(1)
    do(s, "Play Squirrel Hoard", "Squirrel Hoard: Evil")
    assert morality(s, 0) == 7                     # already at the right end
    assert not position(2, morality=[0, 0]).is_evil(0)


def test_r33_the_first_to_five_cards_in_a_column_takes_its_legendary_token():
    s = position(2, positions=["tower_c", "start_s"],
                 stories=[["pathfinder", "explorer", "scout", {"card": "wanderer", "face_up": False}], []],
                 hands=[["night_march"], []], food=[{"acorn": 1}, {}], turn={"seat": 1})
    assert s.legendary == [-1, -1, -1]
    do(s, "Play Night March")
    assert s.legendary[1] == 0                      # the Legendary Pioneer, at once (face down counts)
    check(s)
    assert T.legendary[1] == (2, 5, 3)
