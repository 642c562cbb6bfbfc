"""Camping, the end of the game and the backpack (brief §5.14-5.16: R-80 … R-90), with Mark's and Mary's
camping examples (T-13, T-15) and Mary's final score (T-16)."""

from __future__ import annotations

from .helpers import (
    GAME,
    T,
    backpack,
    can,
    check,
    do,
    food,
    labels,
    obj,
    play_out,
    position,
    scenario,
)

ALL_PAWS = {"placed": ["help"] * 4, "strong": "help"}


def test_r80_a_camping_turn_may_move_and_play_a_deed_then_must_camp_and_ends():
    s = position(2, positions=["path_03", "start_s"], paws=[ALL_PAWS, {}], hands=[["lost_purse"], []],
                 tents=[["tent_x"], []], turn={"seat": 1})
    assert not can(s, "End your turn")
    do(s, "Play Lost Purse", "Lost Purse: Good", "Move", "Move to the North meadow")
    assert labels(s) == ["Camp on the North meadow"]
    do(s, "Camp on the North meadow", "Take the Shovel")
    assert s.current_player == 1                                     # camping ended the turn


def test_r81_a_campsite_gives_its_bonus_elsewhere_the_universal_campsite():
    s = position(2, positions=["camp_nw", "start_s"], paws=[ALL_PAWS, {}], tents=[["tent_x"], []],
                 turn={"seat": 1})
    do(s, "Camp on the North-west meadow")
    assert food(s, 0)["tea"] == 1                                    # the north-west meadow's tea leaf
    u = position(2, positions=["path_05", "start_s"], paws=[ALL_PAWS, {}], tents=[["tent_x"], []],
                 turn={"seat": 1})
    do(u, "Camp at the universal campsite")
    assert labels(u) == ["Take a raspberry", "Take an acorn", "Take a mushroom", "Draw a deed card"]


def test_r82_a_tent_found_is_revealed_immediate_ones_used_others_kept_for_once():
    s = position(2, positions=["path_05", "start_s"], paws=[ALL_PAWS, {}], tents=[["tent_x"], []],
                 campsite_tents=[{"space": "universal", "tent": "tent_tea", "owner": 2}], turn={"seat": 1})
    do(s, "Camp at the universal campsite", "Take an acorn")
    assert food(s, 0)["tea"] == 1 and GAME.content.tents[s.tent_used[0]].id == "tent_tea"
    k = position(2, positions=["path_05", "start_s"], paws=[ALL_PAWS, {}], tents=[["tent_x"], []],
                 campsite_tents=[{"space": "universal", "tent": "tent_movement", "owner": 2}], turn={"seat": 1})
    do(k, "Camp at the universal campsite", "Take an acorn")
    assert [GAME.content.tents[x].id for x in k.tent_kept[0]] == ["tent_movement"]
    assert k.boosts_of(0, 0) == 1
    while k.current_player != 0:
        do(k, "Place a paw token on the help spot", "Draw a deed card", "End your turn")
    do(k, "Move", "Use a one-time movement symbol")
    assert k.tent_kept[0] == [] and GAME.content.tents[k.tent_used[-1]].id == "tent_movement"   # used once


def test_r83_your_tent_goes_face_down_only_you_know_it():
    s = position(2, positions=["camp_n", "start_s"], paws=[ALL_PAWS, {}], tents=[["tent_tea", "tent_x"], []],
                 turn={"seat": 1})
    do(s, "Camp on the North meadow", "Take the Shovel", "Put up your tent token: tea leaf")
    camp = T.camp_of[T.space_index["camp_n"]]
    assert s.view(0)["campsites"][camp]["tent"] == "tent_tea"
    assert s.view(1)["campsites"][camp]["tent"] == "face_down"
    assert all("tea" not in e["text"] for e in s.events_for(1) if e["type"].startswith("pitch"))


def test_r83_you_may_find_your_own_tent_and_take_its_bonus():
    s = position(2, positions=["path_05", "start_s"], paws=[ALL_PAWS, {}], tents=[["tent_x"], []],
                 campsite_tents=[{"space": "universal", "tent": "tent_tea", "owner": 1}], turn={"seat": 1})
    do(s, "Camp at the universal campsite", "Take an acorn")
    assert food(s, 0)["tea"] == 1 and GAME.content.tents[s.tent_used[0]].id == "tent_tea"   # L623

def test_r84_all_paw_tokens_come_back_from_everywhere():
    s = position(2, positions=["path_05", "start_s"], tents=[["tent_x"], []],
                 paws=[{"placed": ["store_c", "encounter", "help", "frosty_hill_section"], "strong": "store_c"}, {}],
                 turn={"seat": 1})
    do(s, "Camp at the universal campsite", "Take an acorn")
    assert s.placed[0] == [] and s.paws_home[0] == 3 and s.strong_home[0]


def test_r85_the_game_ends_after_the_last_paw_token_of_the_fourth_day():
    last = {"placed": ["help"] * 3, "strong": "help"}
    s = position(2, day=4, positions=["path_05", "start_s"], paws=[last, last], tents=[[], []], turn={"seat": 1})
    do(s, "Place a paw token on the help spot", "Draw a deed card", "End your turn")
    assert not s.is_over
    do(s, "Place a paw token on the help spot", "Draw a deed card", "End your turn")
    assert s.is_over and s.current_player is None                   # no camping on the fourth night


def test_r86_t16_marys_36_fame_points():
    s = scenario("mary-scores")
    end = play_out_now(s)
    d = end.result().details[0]
    assert (d["story"], d["objects"], d["flags"], d["morality"], d["legendary"], d["first_player"],
            d["gallery"]) == (26, 2, 2, 2, 0, 0, 4)
    assert d["total"] == 36
    total = end.game.score_sheet(end.result()).rows[-1]
    assert (total.label, list(total.cells), total.kind) == ("Total", ["36", str(end.result().details[1]["total"])],
                                                           "total")


def play_out_now(s):
    """End the game at once from the position (every paw and tent used)."""
    from talewood.games.trial.scoring import end_game

    end_game(s)
    return s


MARK = ["curator", "food_delivery", "rare_goods_dealer", "border_ranger", "wanderer", "tracker", "highway_robber"]


def marks_36(extra: list[str]) -> dict[str, object]:
    """Mark: 7 cards of 3 fame (21), the bow (2), a Swamps flag (2), morality 5 spots from the middle (5),
    the Frozen Crown in the gallery (5) and the first player token (1): 36, like Mary."""
    return {"first_player": 2, "stories": [[], MARK + extra], "backpacks": [["sword"], ["bow"]],
            "flags": [{"forgotten_swamps": "swamps_finish_raspberry"}, {"forgotten_swamps": "swamps_finish_mushroom"}],
            "morality": [-2, 5], "gallery": [["frog_kings_crown"], ["frozen_crown"]]}


def test_r87_ties_go_to_the_most_story_cards_then_are_shared():
    s = GAME.scenario_schema.apply(scenario("mary-scores"), marks_36([]))
    result = play_out_now(s).result()
    assert result.scores == [36.0, 36.0]
    assert result.winners == [0]                                     # Mary: 8 story cards, Mark 7
    shared = GAME.scenario_schema.apply(scenario("mary-scores"), marks_36(["arms_training"]))   # 0 fame, 8 cards
    result = play_out_now(shared).result()
    assert result.scores == [36.0, 36.0] and result.winners == [0, 1]   # still tied: a shared victory
    check(shared)


def test_r88_five_backpack_slots_rares_take_two_and_cover_the_movement_slots():
    s = position(2, positions=["store_c", "start_s"], backpacks=[["sword", "wings", "rope"], []])
    assert s.used_slots(0) == 5 and not s.fits(0, obj("shovel"))
    assert s.movement(0) == 1 + 0 + 3                                 # both movement slots covered, wings 3
    t = position(2, positions=["store_c", "start_s"], backpacks=[["sword", "rope"], []], deck_top=[],
                 encounters=["travelling_merchant", "knight", "bandits"], food=[{"acorn": 2}, {}],
                 turn={"seat": 1})
    t.backpack[0].append(obj("compass"))
    t.store_take(obj("compass"))
    do(t, "Place a paw token under the encounter card Travelling Merchant")
    do(t, "Take the Shovel")
    assert t.prompt() == "Player 1: the Shovel does not fit in your backpack: discard objects, or leave it"
    do(t, "Discard the Rope")
    assert backpack(t, 0) == ["compass", "shovel", "sword"]


def test_r89_objects_can_be_discarded_any_time_items_to_the_store_artifacts_to_the_box():
    s = position(2, positions=["store_c", "start_s"], backpacks=[["kettle", "ice_crystal"], []], turn={"seat": 1})
    slot = s.store_slot_of(obj("kettle"))
    n = s.store_n[slot]
    before = food(s, 0)
    do(s, "Discard the Kettle", "Discard the Ice Crystal")
    assert s.store_n[slot] == n + 1 and food(s, 0) == before          # no gain
    assert s.artifact_box == [obj("ice_crystal") - T.n_items]
    g = position(2, positions=["store_c", "start_s"], backpacks=[["ice_crystal", "elixir"], []], food=[{}, {}],
                 turn={"seat": 1})
    do(g, "Place a paw token on the Central store (Store)", "Leave the Ice Crystal in the gallery for a tea leaf")
    do(g, "Leave the Elixir in the gallery for a food token", "Gain a mushroom")
    assert food(g, 0)["tea"] == 1 and food(g, 0)["mushroom"] == 1
    assert g.gallery[0] == [1, 3]
    end = play_out(g, 3)
    assert end.result().details[0]["gallery"] == 3 + 2               # the gallery still scores


def test_r90_passive_items_safe_conduct_wings_compass_shield():
    s = position(2, positions=["store_c", "start_s"], backpacks=[["trading_safe_conduct"], []], turn={"seat": 1})
    assert s.trading(0) == 1 + 3
    do(s, "Place a paw token on the Central store (Store)", "Finish your transactions")
    assert s.prompt() == "Player 1: trading bonus: 4 trading symbols to spend"
    assert s.movement(0) == 3 and position(2, backpacks=[["wings"], []]).movement(0) == 3 + 3
    assert T.redraw[obj("compass")] and T.shield[obj("shield")] == 1


def test_r89_a_discarded_item_with_no_stack_goes_on_the_empty_slot_its_owner_chooses():
    # L164: "If there is no token with a matching symbol in the store, put your token on any empty slot."
    s = position(2, positions=["store_c", "start_s"], backpacks=[["shovel", "shovel"], ["spyglass", "spyglass"]],
                 turn={"seat": 1})
    do(s, "Discard the Shovel")
    assert s.prompt() == "Player 1: choose the empty store slot to put the Shovel back on"
    assert labels(s) == ["Put it on row 1, column 2 (it will cost a mushroom and any food token)",
                         "Put it on row 3, column 1 (it will cost an acorn and a tea leaf)"]
    do(s, "Put it on row 3, column 1")
    assert s.store_kind[8] == obj("shovel") and s.store_n[8] == 1 and s.store_kind[1] < 0
    assert s.prompt().startswith("Player 1: your turn")
    do(s, "Discard the Shovel")                      # now there is a stack: no question
    assert s.store_n[8] == 2 and s.prompt().startswith("Player 1: your turn")
    check(s)


def test_r22_an_item_spent_as_a_cost_goes_on_the_empty_slot_its_owner_chooses():
    # L235: "place it on any spot of the right size in the store"
    s = position(2, positions=["tower_c", "start_s"], hands=[["pyromaniac"], []],
                 backpacks=[["torch"], ["torch", "spyglass", "spyglass"]], turn={"seat": 1})
    do(s, "Play Pyromaniac")
    assert s.prompt() == "Player 1: choose the empty store slot to put the Torch back on"
    do(s, "Put it on row 3, column 2")
    assert s.store_kind[9] == obj("torch") and s.side_of(s.t.loc_of[s.pos[0]]).state == "ruined"
    check(s)


def test_the_score_sheet_tells_points_from_the_tie_breaker_and_says_why_the_winner_won():
    s = position(2, positions=["path_05", "start_s"], turn={"seat": 1},
                 stories=[[{"card": "postman", "column": "morality"},
                           {"card": "caravan", "column": "trading", "face_up": False}],
                          [{"card": "charity_collection", "column": "morality"}]])
    end = play_out_now(s)
    details = end.result().details
    assert [d["total"] for d in details] == [2, 2] and end.result().winners == [0]   # the first player token
    sheet = end.game.score_sheet(end.result())
    assert sheet.verdict == "Player 1 wins with 2 fame points" and sheet.reason == "won the tie on story cards"
    kinds = {row.label: row.kind for row in sheet.rows}
    assert kinds["Story cards"] == "tiebreak" and kinds["Total"] == "total"
    assert all(row.explain for row in sheet.rows)
    explain = {row.label: row.explain for row in sheet.rows}
    assert "morality token ended" in explain["Morality"] and "shared" in explain["Story cards"]
    points = [row for row in sheet.rows if row.kind == "points"]
    assert [sum(int(row.cells[seat]) for row in points) for seat in (0, 1)] == [2, 2]
