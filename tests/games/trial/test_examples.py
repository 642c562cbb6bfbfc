"""The rulebook's worked examples and the brief's numeric scenarios (brief §6). The movement, fight,
expedition and scoring examples live with their rules: T-02/T-03 in test_movement.py, T-05 … T-09 in
test_fights.py, T-11/T-12/T-14/T-20 in test_expeditions.py, T-16 in test_camping_and_end.py, T-23 and
T-24 in test_locations.py (R-57, R-50)."""

from __future__ import annotations

from talewood.games.trial.tables import SK_TRADING

from .helpers import (
    GAME,
    T,
    aside,
    backpack,
    can,
    card,
    check,
    do,
    food,
    hand,
    labels,
    morality,
    obj,
    position,
    roll,
    scenario,
    story,
)


def test_t01_food_delivery():
    s = scenario("food-delivery")
    tray = list(s.tray)
    do(s, "Play Food Delivery")                      # the raspberry pays its raspberry, the tea leaf the acorn
    assert food(s, 0) == {"raspberry": 0, "acorn": 0, "mushroom": 0, "tea": 0}
    assert s.current_player == 1                     # Player 2 chooses first (from Mary's left)
    do(s, "Gain a mushroom")
    assert s.current_player == 2
    do(s, "Gain an acorn")
    assert story(s, 0) == [("food_delivery", "trading", True)] and s.sk[SK_TRADING] == 1
    assert food(s, 1)["mushroom"] == 2 and food(s, 2)["acorn"] == 2
    assert s.tray == [tray[0] + 1, tray[1] - 1, tray[2] - 1, tray[3] + 1]
    away = scenario("food-delivery")
    do(away, "Move", "Move to Forest path 6")
    assert not can(away, "Play Food Delivery")       # not on a lookout tower
    poor = GAME.scenario_schema.apply(scenario("food-delivery"), {"food": [{"raspberry": 1}]})
    assert not can(poor, "Play Food Delivery")       # no acorn and no tea leaf


def test_t04_tea_cat_evil_option():
    s = scenario("tea-cat")
    deck = len(s.enc_deck)
    do(s, "Place a paw token under the encounter card Tea Cat", "Tea Cat: Evil: take the cat's tea leaf")
    assert food(s, 0)["acorn"] == 0 and food(s, 0)["tea"] == 1 and backpack(s, 0) == ["rope"]
    assert story(s, 0) == [("tea_cat", "morality", True)] and morality(s, 0) == 1 and s.is_evil(0)
    assert s.enc_slots[1] == card("forest_spirit") and len(s.enc_deck) == deck - 1


def test_t04_tea_cat_good_option_swaps_the_strong_paw_or_does_nothing():
    s = scenario("tea-cat")
    do(s, "Place your strong paw token under the encounter card Tea Cat", "Tea Cat: Good")
    assert morality(s, 0) == -1
    assert s.strong_home[0] and s.paws_home[0] == 2 and len(s.placed[0]) == 1   # swapped back (L742)
    t = GAME.scenario_schema.apply(scenario("tea-cat"), {"paws": [{"placed": ["help"] * 3, "strong": "help"}, {}]})
    do(t, "Place a paw token under the encounter card Tea Cat", "Tea Cat: Good")
    assert morality(t, 0) == -1 and not t.strong_home[0]            # no paw left at home: nothing
    assert story(t, 0) == [("tea_cat", "morality", True)]


def test_t10_marys_store_visit():
    s = scenario("store-visit")
    assert s.store_slot_of(obj("kettle")) < 0 and T.slot_price[6] == ("tea", "raspberry")
    do(s, "Place a paw token on the Central store (Store)")
    do(s, "Sell the Kettle onto an empty slot")       # the only empty small slot: {any food, mushroom}
    do(s, "Gain an acorn")
    assert food(s, 0) == {"raspberry": 1, "acorn": 1, "mushroom": 1, "tea": 0}
    do(s, "Leave the Ice Crystal in the gallery for a tea leaf")
    assert food(s, 0)["tea"] == 1
    do(s, "Buy the Shield for a tea leaf and a raspberry")
    assert food(s, 0) == {"raspberry": 0, "acorn": 1, "mushroom": 1, "tea": 0}
    assert not can(s, "Buy the Kettle")                # sold in this visit
    do(s, "Finish your transactions")
    assert s.prompt() == "Player 1: trading bonus: 3 trading symbols to spend"
    do(s, "Discard Lost Purse for 2 more trading symbols")
    assert s.prompt() == "Player 1: trading bonus: 5 trading symbols to spend"
    do(s, "Spend 2 trading symbols for a deed card")
    assert not can(s, "Spend 4 trading symbols")       # 3 left: 4 + 2 would be 6
    do(s, "Spend 3 trading symbols for a raspberry, an acorn or a mushroom", "Gain a raspberry")
    assert food(s, 0) == {"raspberry": 1, "acorn": 1, "mushroom": 1, "tea": 0}
    assert len(s.aside[0]) == 1 and hand(s, 0) == [] and s.discard[-1] == card("lost_purse")
    assert backpack(s, 0) == ["shield"] and s.used_slots(0) == 2
    assert s.gallery[0] == [obj("ice_crystal") - T.n_items]
    assert s.store_kind[1] == obj("kettle")           # the kettle lies on that slot now
    check(s)


def test_t13_mark_camps_on_the_north_meadow():
    s = scenario("mark-camps")
    assert s.current_player == 1 and s.t_camp
    do(s, "Move", "Move to the North meadow", "Camp on the North meadow")
    # the campsite's bonus first, then the tent found there
    assert labels(s)[:2] == ["Take the Shovel", "Take the Spyglass"]
    do(s, "Take the Rope")
    assert food(s, 1)["tea"] == 1 and GAME.content.tents[s.tent_used[-1]].id == "tent_tea"
    do(s, "Put up your tent token: acorn")
    camp = T.camp_of[T.space_index["camp_n"]]
    assert GAME.content.tents[s.tent_on[camp]].id == "tent_acorn" and s.tent_knower[camp] == 1
    assert len(s.tents[1]) == 2 and s.paws_left(1) == 4 and backpack(s, 1) == ["rope"]
    assert s.current_player == 2 and s.t_camp          # the next player must camp too


def test_t15_mary_camps_where_she_takes_the_first_player_token():
    s = position(2, positions=["path_01", "camp_s"], first_player=1, tents=[["tent_x"], ["tent_tea"]],
                 paws=[{"placed": ["help"] * 4, "strong": "help"}, {"placed": ["help"] * 4, "strong": "help"}],
                 turn={"seat": 1})
    do(s, "Camp at the universal campsite", "Draw a deed card")
    assert s.current_player == 1                      # Mary (Player 2) camps next
    do(s, "Camp on the South meadow")
    assert s.first == 1 and s.tent_on[T.camp_of[T.space_index["camp_s"]]] >= 0
    assert s.paws_left(1) == 4
    assert s.day == 2 and s.prompt().startswith("Player 2: a new day")
    do(s, "Keep the face-up encounter cards")
    assert s.current_player == 1 and not s.t_camp    # Mary starts the new round


def test_t17_sherpa_costs_a_resource_per_object_carried():
    s = position(2, positions=["frosty_start", "start_s"], deck_top=["sherpa"], backpacks=[["rope", "axe", "kettle"],
                                                                                            []],
                 food=[{"acorn": 1, "mushroom": 1}, {}], hands=[["bear", "duel"], []], turn={"seat": 1})
    do(s, "Place a paw token in the expedition section", "Sherpa: Hire the Sherpa")
    assert s.prompt().startswith("Player 1: pay 1 resource for each object you carry (3 to go)")
    do(s, "Spend Bear", "Spend Duel", "Pay with an acorn")
    assert backpack(s, 0) == ["axe", "kettle", "rope"] and hand(s, 0) == [] and food(s, 0)["acorn"] == 0
    t = position(2, positions=["frosty_start", "start_s"], deck_top=["sherpa"], backpacks=[["rope", "axe", "kettle"],
                                                                                            []],
                 food=[{"acorn": 1, "mushroom": 1}, {}], hands=[[], []], turn={"seat": 1})
    do(t, "Place a paw token in the expedition section", "Sherpa: Hire the Sherpa")
    do(t, "Discard the Kettle (one object fewer to pay for)")
    assert t.prompt().startswith("Player 1: pay 1 resource for each object you carry (2 to go)")
    do(t, "Pay with an acorn", "Pay with a mushroom")
    assert food(t, 0) == {"raspberry": 0, "acorn": 0, "mushroom": 0, "tea": 0}


def test_t18_wanderer_two_stores_are_one_type():
    s = position(2, positions=["tower_c", "start_s"], hands=[["wanderer"], []], food=[{"acorn": 1}, {}],
                 paws=[{"placed": ["store_c", "store_n", "tower_c"]}, {}], turn={"seat": 1})
    assert not can(s, "Play Wanderer")
    t = position(2, positions=["tower_c", "start_s"], hands=[["wanderer"], []], food=[{"acorn": 1}, {}],
                 paws=[{"placed": ["store_c", "grove_w", "tower_c"]}, {}], turn={"seat": 1})
    assert can(t, "Play Wanderer")


def test_t18_wanderer_needs_each_paw_token_on_a_different_type_of_location():
    """L748: "each of your paw tokens has to be placed in a different type of location. For example, 2
    tokens placed in 2 separate stores equal to only one type of location." Three types are not enough
    when a fourth paw token repeats one of them, or lies off the locations (the help spot)."""
    def wanderer_with(placed: list[str]) -> bool:
        s = position(2, positions=["tower_c", "start_s"], hands=[["wanderer"], []], food=[{"acorn": 1}, {}],
                     paws=[{"placed": placed, "strong": placed[0] if len(placed) == 4 else "home"}, {}],
                     turn={"seat": 1})
        return can(s, "Play Wanderer")

    assert not wanderer_with(["store_c", "store_n", "grove_w", "tower_c"])
    assert not wanderer_with(["store_c", "grove_w", "tower_c", "help"])
    assert wanderer_with(["store_c", "grove_w", "tower_c", "ruins_w"])
    assert wanderer_with(["store_c", "grove_w", "tower_c"])


def test_t19_swindler_rolls_under_the_fame_discarded():
    for face, won in (("2", True), ("3", False)):
        s = position(2, positions=["tower_c", "start_s"], hands=[["swindler", "bear", "peddler"], []], food=[{}, {}],
                     turn={"seat": 1})
        do(s, "Play Swindler", "Discard Bear (3 fame)", "Roll the die (you need less than 3)")
        roll(s, face)
        if won:
            assert food(s, 0)["tea"] == 3 and story(s, 0) == [("swindler", "trading", True)]
        else:
            assert food(s, 0)["tea"] == 0 and story(s, 0) == [] and s.discard[-1] == card("swindler")


def test_t21_the_fifth_pioneering_card_takes_the_legendary_pioneer_once():
    s = position(2, positions=["tower_c", "tower_c"], hands=[["night_march"], []], food=[{"acorn": 1}, {}],
                 stories=[["pathfinder", "explorer", "scout", {"card": "wanderer", "face_up": False}],
                          ["cartographer", "delver", "lookout", "blaster", "tracker"]], turn={"seat": 1})
    assert s.legendary[1] == 1                        # Player 2 reached 5 first (set up before)
    do(s, "Play Night March")
    assert s.legendary[1] == 1                        # a second player reaching 5 gets nothing
    u = position(2, positions=["tower_c", "tower_c"], hands=[["night_march"], []], food=[{"acorn": 1}, {}],
                 stories=[["pathfinder", "explorer", "scout", {"card": "wanderer", "face_up": False}], []],
                 turn={"seat": 1})
    do(u, "Play Night March")
    assert u.legendary[1] == 0
    from talewood.games.trial.scoring import score_details

    assert score_details(u)[0]["legendary"] == 3


def test_t22_the_hand_limit_at_the_end_of_the_turn():
    s = position(2, positions=["tower_c", "start_s"], hands=[["market_day", "lost_purse", "peddler", "poacher",
                                                              "ambush", "bear"], []], turn={"seat": 1})
    do(s, "Place a paw token on the help spot", "Draw a deed card")
    s.aside[0] += [s.deck.pop(), s.deck.pop()]        # 3 set aside in all (moved from the deck)
    assert len(s.hand[0]) == 6 and len(aside(s, 0)) == 3
    do(s, "End your turn")
    assert s.prompt() == "Player 1: discard down to 7 cards (2 more)"
    do(s, "Discard Bear", "Discard Ambush")
    assert len(s.hand[0]) == 7 and s.current_player == 1


def test_t01_food_delivery_lets_the_others_choose_a_tea_leaf_too():
    """L704: "the other players decide on which resource to gain": a tea leaf is one of the food tokens
    (L64), and nothing on the card or in the rulebook leaves it out."""
    s = scenario("food-delivery")
    do(s, "Play Food Delivery")
    assert labels(s) == ["Gain a raspberry", "Gain an acorn", "Gain a mushroom", "Gain a tea leaf"]
    do(s, "Gain a tea leaf", "Gain a tea leaf")
    assert food(s, 1)["tea"] == 1 and food(s, 2)["tea"] == 1
