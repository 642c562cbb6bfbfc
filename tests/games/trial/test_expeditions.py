"""Expeditions (brief §5.13: R-71 … R-79), with Mary's Frosty Hill expedition (T-11, T-12), the
universal campsite on an expedition (T-14) and the empty deck (T-20)."""

from __future__ import annotations

from talewood.engine import Rng

from .helpers import (
    T,
    action,
    aside,
    backpack,
    can,
    card,
    check,
    do,
    food,
    labels,
    obj,
    play_out,
    position,
    roll,
    scenario,
    story,
)


def test_t11_wolf_win_then_the_paid_shortcut():
    s = scenario("wolf")
    do(s, "Move", "Move to Frosty Hill: the first space")
    assert s.pos[0] == T.space_index["frosty_start"]
    assert not can(s, "Play Lost Purse") and not can(s, "Move")      # on the expedition
    do(s, "Place a paw token in the expedition section of the Frosty Hill")
    assert s.r_card == card("wolf")
    roll(s, "1", "3")                                                 # the Wolf 8, Mary 6 + 3
    assert labels(s) == ["Advance to Frosty Hill: the foothills",
                         "Advance to Frosty Hill: the ledge (the shorter path: spend 2 food tokens)"]
    do(s, "Advance to Frosty Hill: the ledge")
    assert food(s, 0)["mushroom"] == 0 and s.pos[0] == T.space_index["frosty_ledge"]
    assert story(s, 0)[-1] == ("wolf", "fighting", True)
    check(s)


def test_t12_frosty_hill_finished_on_the_3_fame_space():
    s = scenario("wolf")
    do(s, "Move", "Move to Frosty Hill: the first space", "Place a paw token in the expedition section")
    roll(s, "1", "3")
    do(s, "Advance to Frosty Hill: the ledge")
    assert s.current_player == 1                                      # the expedition action ended the turn
    do(s, "Place a paw token on the help spot", "Draw a deed card", "End your turn")
    assert len(s.xdiscard[0]) == 1
    do(s, "Place a paw token in the expedition section of the Frosty Hill")
    assert s.r_card == card("snow_owl")
    assert sorted(labels(s)) == ["Advance to Frosty Hill finish: the lookout rock (3 fame)",
                                 "Advance to Frosty Hill: the glacier"]
    events = s.apply(action(s, "Advance to Frosty Hill finish: the lookout rock (3 fame)"))
    assert "Player 1 finishes the Frosty Hill on Frosty Hill finish: the lookout rock (3 fame) and returns to the " \
        "Frosty Hill exit" in [e["text"] for e in events]
    assert s.flags[0] == T.space_index["frosty_finish_3"]
    assert s.pos[0] == T.space_index["frosty_exit"]
    assert s.current_player == 1                                      # the turn is over (L564)
    assert len(s.xdeck[0]) == 12 - 2 and s.xdiscard[0] == []          # discards shuffled back (L570)
    assert story(s, 0)[-1] == ("snow_owl", "pioneering", True)
    do(s, "Place a paw token on the help spot", "Draw a deed card", "End your turn")
    do(s, "Move")
    assert not any("Frosty Hill: the first space" in x for x in labels(s))   # never again (L566)
    end = play_out(s)
    assert end.result().details[0]["flags"] == 3


def test_r71_on_an_expedition_space_the_only_action_is_the_expedition_section():
    s = position(2, positions=["swamps_reeds", "start_s"], hands=[["lost_purse"], []], boosts=[{"movement": 1}, {}],
                 backpacks=[["kettle"], []], turn={"seat": 1})
    assert sorted(labels(s)) == ["Discard the Kettle", "Leave the expedition",
                                 "Place a paw token in the expedition section of the Forgotten Swamps",
                                 "Place your strong paw token in the expedition section of the Forgotten Swamps"]


def test_r72_an_expedition_card_is_resolved_entirely_and_a_cost_you_cannot_pay_leaves_its_other_option():
    s = position(2, positions=["frosty_start", "start_s"], deck_top=["ice_wall"], turn={"seat": 1})
    do(s, "Place a paw token in the expedition section")
    assert s.pos[0] == T.space_index["frosty_start"]                   # no rope: only "Turn back" is open
    assert s.xdiscard[0] == [] and story(s, 0) == [("ice_wall", "pioneering", True)]   # it does not say discard
    w = position(2, positions=["frosty_start", "start_s"], deck_top=["frozen_waterfall"], food=[{}, {}],
                 turn={"seat": 1})
    do(w, "Place a paw token in the expedition section")               # no axe, no food: only "Give up"
    assert w.xdiscard[0] == [card("frozen_waterfall")] and story(w, 0) == []           # it says discard
    r = position(2, positions=["frosty_start", "start_s"], deck_top=["ice_wall"], backpacks=[["rope"], []],
                 turn={"seat": 1})
    do(r, "Place a paw token in the expedition section")
    assert labels(r) == ["Ice Wall: Climb it with your rope", "Ice Wall: Turn back"]
    do(r, "Ice Wall: Climb it with your rope", "Advance to Frosty Hill: the foothills")
    assert story(r, 0) == [("ice_wall", "pioneering", True)]         # added to the story unless it says not


def test_r73_the_strong_paw_and_the_compass_redraw():
    s = position(2, positions=["frosty_start", "start_s"], deck_top=["blizzard", "snow_owl", "wolf"],
                 turn={"seat": 1})
    do(s, "Place your strong paw token in the expedition section")
    assert sorted(labels(s)) == ["Discard this card and draw the next one", "Resolve Blizzard"]
    do(s, "Discard this card and draw the next one")
    assert s.r_card == card("snow_owl") and s.xdiscard[0] == [card("blizzard")]
    plain = position(2, positions=["frosty_start", "start_s"], deck_top=["blizzard"], backpacks=[["compass"], []],
                     turn={"seat": 1})
    do(plain, "Place a paw token in the expedition section")
    assert can(plain, "Discard this card and draw the next one")     # the compass, like the strong paw
    both = position(2, positions=["frosty_start", "start_s"], deck_top=["blizzard", "snow_owl", "wolf"],
                    backpacks=[["compass"], []], turn={"seat": 1})
    do(both, "Place your strong paw token in the expedition section", "Discard this card and draw the next one",
       "Discard this card and draw the next one")
    assert both.r_card == card("wolf")                                # both: the first two discarded


def test_r74_advance_forward_along_the_lines_the_card_names():
    s = position(2, positions=["caverns_start", "start_s"], deck_top=["dark_tunnel"], backpacks=[["torch"], []],
                 turn={"seat": 1})
    do(s, "Place a paw token in the expedition section", "Dark Tunnel: Light your torch")
    assert s.pos[0] == T.space_index["caverns_chasm"]                 # the only dashed line from the start
    d = position(2, positions=["caverns_start", "start_s"], deck_top=["dark_tunnel"], turn={"seat": 1})
    do(d, "Place a paw token in the expedition section")
    assert d.pos[0] == T.space_index["caverns_dripstones"]            # the dotted line
    back = [to for to, _line, _pay in T.forward[T.space_index["caverns_chasm"]]]
    assert T.space_index["caverns_start"] not in back                 # never backward


def test_r75_a_swamps_finish_gives_its_resource_and_the_flag_closes_the_area():
    s = position(2, positions=["swamps_start", "start_s"], deck_top=["lost_tadpoles"], food=[{}, {}],
                 turn={"seat": 1})
    do(s, "Place a paw token in the expedition section")           # no food: only the evil option is open
    do(s, "Advance to Swamps finish: the bramble bank (2 fame, a raspberry)")
    assert food(s, 0)["raspberry"] == 1                               # the resource beside the space
    assert s.flags[1] == T.space_index["swamps_finish_raspberry"] and s.pos[0] == T.space_index["swamps_exit"]
    assert s.current_player == 1


def test_r76_leaving_an_expedition_at_the_start_of_a_turn_places_no_flag():
    s = position(2, positions=["frosty_foothills", "start_s"], turn={"seat": 1})
    assert can(s, "Leave the expedition")
    do(s, "Leave the expedition")
    assert s.pos[0] == T.space_index["frosty_exit"] and s.flags[0] == -1
    assert can(s, "Move") and can(s, "Place a paw token on the help spot")     # then an ordinary turn
    late = position(2, positions=["frosty_foothills", "start_s"], backpacks=[["elixir"], []],
                    hands=[["lost_purse"], []], deck_top=["blizzard"], turn={"seat": 1})
    do(late, "Place a paw token in the expedition section")        # Blizzard: no tea, so it waits
    assert can(late, "Use the Elixir")                              # the turn goes on…
    assert not can(late, "Leave the expedition")                   # …but leaving is for its start only


def test_r77_leaving_shuffles_the_areas_discards_back_into_its_deck():
    s = position(2, positions=["frosty_foothills", "frosty_start"], expedition_decks={"frosty_hill": 8},
                 turn={"seat": 1})
    assert len(s.xdiscard[0]) == 4
    do(s, "Leave the expedition")
    assert len(s.xdeck[0]) == 12 and s.xdiscard[0] == []              # even with Player 2 still inside


def test_r78_t20_an_empty_deck_gives_no_card_but_2_food_may_advance():
    s = position(2, positions=["swamps_reeds", "start_s"], expedition_decks={"forgotten_swamps": 0},
                 food=[{"acorn": 1, "tea": 1}, {}], turn={"seat": 1})
    do(s, "Place a paw token in the expedition section")
    assert labels(s) == ["Stay where you are", "Spend 2 food tokens to advance"]
    do(s, "Spend 2 food tokens to advance", "Pay with an acorn")   # the tea leaf pays the other
    assert food(s, 0) == {"raspberry": 0, "acorn": 0, "mushroom": 0, "tea": 0}
    assert labels(s) == ["Advance to Swamps: the lily pads", "Advance to Swamps: the sunken path"]
    poor = position(2, positions=["swamps_reeds", "start_s"], expedition_decks={"forgotten_swamps": 0},
                    food=[{"acorn": 1}, {}], turn={"seat": 1})
    do(poor, "Place a paw token in the expedition section")
    assert poor.current_player == 1 and poor.pos[0] == T.space_index["swamps_reeds"]


def test_r79_artifacts_go_into_the_backpack_work_only_there_and_go_to_the_box():
    s = position(2, positions=["frosty_start", "start_s"], deck_top=["crystal_cave"], food=[{"acorn": 1}, {}],
                 turn={"seat": 1})
    do(s, "Place a paw token in the expedition section", "Crystal Cave: Take the Ice Crystal")
    assert backpack(s, 0) == ["ice_crystal"] and not s.artifact_home[1]
    assert food(s, 0)["acorn"] == 0                                     # the crystal's food token is spent
    poor = position(2, positions=["frosty_start", "start_s"], deck_top=["crystal_cave"], food=[{}, {}],
                    turn={"seat": 1})
    do(poor, "Place a paw token in the expedition section")
    assert not any("Ice Crystal" in x for x in labels(poor))            # no food: only pressing on
    c = position(2, positions=["store_c", "start_s"], backpacks=[["ancient_coin"], []], turn={"seat": 1})
    assert c.trading(0) == 1 + 2                                       # its ability works from the backpack
    do(c, "Discard the Ancient Coin")
    assert c.artifact_box == [obj("ancient_coin") - T.n_items] and c.trading(0) == 1
    check(c)


def test_t14_mark_camps_at_the_universal_campsite_on_an_expedition():
    s = position(2, positions=["start_s", "swamps_reeds"], tents=[[], ["tent_x", "tent_tea", "tent_acorn"]],
                 paws=[{}, {"placed": ["forgotten_swamps_section"] * 4, "strong": "forgotten_swamps_section"}],
                 camped=[1], turn={"seat": 2})
    assert s.t_camp and labels(s) == ["Camp at the universal campsite", "Leave the expedition"]
    do(s, "Camp at the universal campsite", "Draw a deed card")
    assert len(s.aside[1]) == 1 and s.tent_on[6] == -1                # no tent there yet: no bonus
    do(s, "Put up your tent token: X")
    assert s.tent_on[6] >= 0 and len(s.tents[1]) == 2
    assert s.pos[1] == T.space_index["swamps_reeds"] and s.paws_left(1) == 4
    assert len(s.hand[1]) == 5 + 1 and aside(s, 1) == []              # the card reached the hand at the end
    assert s.day == 2 and s.prompt().startswith("Player 1: a new day")
    do(s, "Keep the face-up encounter cards", "Place a paw token on the help spot", "Draw a deed card", "End your turn")
    assert [x for x in labels(s) if x.startswith("Place")] == [
        "Place a paw token in the expedition section of the Forgotten Swamps",
        "Place your strong paw token in the expedition section of the Forgotten Swamps"]


def test_a_lost_fight_against_the_stone_golem_goes_face_down_into_the_story():
    """The Caverns' Stone Golem and Giant Spider (designed): a lost fight does not advance, and the card
    goes face down into the story, where it counts toward the Legendary Fighter (L276)."""
    s = position(2, positions=["caverns_start", "start_s"], deck_top=["stone_golem"], turn={"seat": 1})
    do(s, "Place a paw token in the expedition section")
    assert s.r_card == card("stone_golem")
    roll(s, "3", "1")                                                 # the Golem 4 + 3, the adventurer 1 + 1
    assert s.pos[0] == T.space_index["caverns_start"]                 # no advance
    assert story(s, 0)[-1] == ("stone_golem", "fighting", False)      # face down: no fame, but it counts
    assert card("stone_golem") not in s.xdiscard[2]
    check(s)
    # everyone saw it drawn, and its back names its expedition: it stays known (a ruling), so no re-dealt
    # world trades it for a deed, and the other seat's view shows it
    assert s.view(1)["player_states"][0]["story"][-1]["card"] == "stone_golem"
    for k in range(20):
        w = s.determinize(1, Rng(k))
        assert story(w, 0)[-1] == ("stone_golem", "fighting", False)
        assert all(c < T.n_hand_cards for who in range(2) for c in w.hand[who] + w.deck)


def test_waiting_on_the_shore_of_the_underground_lake_keeps_the_card_in_the_story():
    """The Caverns' Underground Lake (designed): without a spyglass or a tea leaf the adventurer waits on
    the shore and does not advance, but, as with the Ice Wall turned back, the card and its fame stay in the
    story (it said "discard this card" before the sixth balance round)."""
    s = position(2, positions=["caverns_start", "start_s"], deck_top=["underground_lake"], turn={"seat": 1})
    do(s, "Place a paw token in the expedition section")
    assert s.pos[0] == T.space_index["caverns_start"]                 # no spyglass, no tea: only waiting
    assert story(s, 0) == [("underground_lake", "pioneering", True)] and s.xdiscard[2] == []
    check(s)


def test_a26_a_cartographer_finish_ends_the_turn_once_the_paw_token_is_placed():
    # L564 "Your turn is over"; A-26: the Cartographer's free step finished the Swamps before any paw
    # token was placed, so the paw token is still placed, and nothing else is done this turn
    s = position(2, positions=["swamps_exit", "start_s"], stories=[["cartographer"], []],
                 hands=[["caravan"], []], food=[{"acorn": 2}, {}], turn={"seat": 1})
    assert can(s, "Play Caravan")
    do(s, "Move", "Move to Swamps: the first space", "Advance to Swamps finish: the bramble bank (2 fame, a raspberry)")
    assert s.pos[0] == T.space_index["swamps_exit"] and s.flags[1] == T.space_index["swamps_finish_raspberry"]
    options = labels(s)
    assert "Place a paw token on the help spot" in options
    assert not any(x.startswith(("Play ", "Move")) for x in options) and "End your turn" not in options
    assert s.prompt() == "Player 1: your turn: place a paw token"
    do(s, "Place a paw token on the help spot", "Draw a deed card")
    assert s.current_player == 1


def test_r74_an_advance_of_two_takes_both_steps_and_the_tea_path_costs_a_tea_leaf():
    s = position(2, positions=["frosty_ledge", "start_s"], deck_top=["snow_owl"], food=[{}, {}], turn={"seat": 1})
    do(s, "Place a paw token in the expedition section", "Advance to Frosty Hill: the glacier")
    assert s.pos[0] == T.space_index["frosty_ridge"]                 # the second step, its only way without tea
    t = position(2, positions=["frosty_glacier", "start_s"], deck_top=["snow_owl"], food=[{"tea": 1}, {}],
                 turn={"seat": 1})
    do(t, "Place a paw token in the expedition section",
       "Advance to Frosty Hill: below the peak (the shorter path: spend 1 tea leaf)")
    assert food(t, 0)["tea"] == 0 and t.flags[0] == T.space_index["frosty_finish_8"]
    assert t.pos[0] == T.space_index["frosty_exit"]
