"""Focused tests: each rule and the edge cases the rulebook calls out."""

from __future__ import annotations

import pytest

from talewood.engine import IllegalAction
from talewood.games.greylune import rulings
from talewood.games.greylune.adventure import AfterMove, Meet, Move, QuestPotions
from talewood.games.greylune.board import AUTUMN, SPRING, SUMMER
from talewood.games.greylune.content import MAG, VP
from talewood.games.greylune.effects import BonusToken, Gain, IsandreOffer, KaelOffer, LucanOffer
from talewood.games.greylune.items import DiscardItem
from talewood.games.greylune.scoring import breakdown, companion_vp
from talewood.games.greylune.village import NerisOffer, SeliaItemSeal

from .helpers import (
    GAME,
    C,
    act,
    card,
    check_invariants,
    cid,
    enc,
    gap_between,
    legal_kinds,
    new_state,
    scenario,
)

SUMMER_TURN = {"seat": 0, "season": "Summer"}
SPRING_TURN = {"seat": 0, "season": "Spring"}


def move(reach: int) -> dict[str, object]:
    """A move of the Adventurer open on top of the turn (as an effect gives one)."""
    return {"kind": "Move", "reach": reach, "elwen_used": False}


def test_setup_counts() -> None:
    for players in (2, 3, 4):
        s = new_state(players, 5)
        assert len(s.enc_board) == players + 3
        assert len(s.enc_deck) == 4 * (players + 3)
        assert len(s.village_deck) == 36 and len(s.village_removed) == 4
        assert all(C.cards[i].period == 3 for i in s.village_deck[:9])
        assert all(C.cards[i].period == 1 for i in s.grid)
        assert len(s.event_stack) == 4 and len(s.event_removed) == 1
        assert s.coins == [8] * players and s.active == [3] * players
        for slot in range(9):
            assert len(s.seals[slot]) == rulings.seals_for(C.cards[s.grid[slot]].seals, players)
        check_invariants(s)


def test_a_villager_whose_two_cards_are_gone_gains_nothing_but_acts() -> None:
    g = gap_between(0, 1)
    s = scenario(village={0: "", 1: ""}, turn=SUMMER_TURN,
                 seats={0: {"in_village": [[0, 1]]}, 1: {"in_village": [[0, 3]]}})
    assert act("coins", gap=g, slot=0) not in s.legal_actions()
    assert act("clear", gap=g) in s.legal_actions()
    assert act("place", gap=g) not in s.legal_actions() or s.season[0] == SUMMER
    s.apply(act("clear", gap=g))
    assert s.coins[0] == 8 and s.camp[0] == 1
    assert s.current_player == 1  # it still counted as the turn's action


def test_a_gap_with_both_cards_gone_takes_no_new_villager() -> None:
    s = scenario(village={0: "", 1: ""}, turn=SPRING_TURN)
    g = gap_between(0, 1)
    assert act("place", gap=g) not in s.legal_actions()
    assert act("place", gap=gap_between(1, 2)) in s.legal_actions()  # a card and an empty space


def test_two_gaps_beside_empty_spaces_have_different_labels() -> None:
    s = scenario(village={1: "Smithy", 3: "", 4: "Jade Statue", 5: ""}, turn=SPRING_TURN)
    labels = {a: s.describe(a) for a in s.legal_actions()}
    assert labels[act("place", gap=gap_between(3, 4))] == (
        "Place a Villager between the empty space in row 2, column 1 and Jade Statue")
    assert labels[act("place", gap=gap_between(4, 5))] == (
        "Place a Villager between Jade Statue and the empty space in row 2, column 3")
    assert len(set(labels.values())) == len(labels)


def test_cannot_move_to_autumn_with_villagers_in_the_village() -> None:
    s = scenario(turn=SUMMER_TURN, seats={0: {"in_village": [[0, 1]]}})
    before = s.state_hash()
    with pytest.raises(IllegalAction, match="not legal"):
        s.apply(act("to_autumn"))
    assert s.state_hash() == before
    s.apply(act("coins", gap=0, slot=0))
    s.apply(act("place", gap=0))            # the other player's turn; then seat 0's again
    assert s.current_player == 0
    s.apply(act("to_autumn"))
    assert s.season[0] == AUTUMN


def test_spring_offers_no_summer_actions_and_summer_never_returns_to_spring() -> None:
    s = scenario(turn=SPRING_TURN)
    assert legal_kinds(s) <= {"place", "event", "to_summer"}
    s.apply(act("to_summer"))
    assert s.current_player == 0 and s.season[0] == SUMMER  # and a Summer action follows at once
    assert "to_summer" not in legal_kinds(s) and "place" not in legal_kinds(s)


def test_autumn_players_are_skipped_and_the_year_ends_when_all_are_in_autumn() -> None:
    s = new_state(3, 2)
    for p in (0, 1, 2):
        assert s.current_player == p
        s.apply(act("to_summer"))
        s.apply(act("to_autumn"))
    assert s.year == 2 and s.first_player == 1 and s.current_player == 1
    assert s.season == [SPRING] * 3
    check_invariants(s)


def test_activation_pays_one_coin_per_other_adjacent_villager() -> None:
    s = scenario(village={4: "Smithy"}, turn=SUMMER_TURN,
                 seats={1: {"in_village": [[1, 4], [3, 4], [4, 5]]}, 0: {"in_village": [[4, 7]]}})
    s.apply(act("activate", gap=gap_between(4, 7), slot=4))
    assert s.coins[0] == 8 - 3 and s.str_[0] == 1


def test_cannot_activate_what_you_cannot_pay() -> None:
    def position(coins: int) -> dict[str, object]:
        return {"village": {4: "Magic Ring"}, "turn": SUMMER_TURN,
                "seats": {0: {"in_village": [[4, 5]], "coins": coins}, 1: {"in_village": [[3, 4]]}}}

    s = scenario(**position(7))
    assert act("activate", gap=gap_between(4, 5), slot=4) not in s.legal_actions()
    s = scenario(**position(8))
    assert act("activate", gap=gap_between(4, 5), slot=4) in s.legal_actions()


def test_item_limit_overflow_discards_after_immediate_vp() -> None:
    s = scenario(village={4: "Hundred-league Boots"}, seals={4: [3]}, turn=SUMMER_TURN,
                 seats={0: {"items": ["Tommy", "Horn", "Magic Ring"], "in_village": [[4, 5]]}})
    s.apply(act("activate", gap=gap_between(4, 5), slot=4))
    assert s.vp[0] == 3  # the Seal's VP are scored first
    assert type(s.stack[-1]) is DiscardItem
    assert act("discard_item", card=cid("Hundred-league Boots")) in s.legal_actions()
    s.apply(act("discard_item", card=cid("Hundred-league Boots")))
    assert len(s.items[0]) == 3 and s.vp[0] == 3
    check_invariants(s)


def test_item_limit_raisers() -> None:
    assert scenario().item_limit(0) == 3
    assert scenario(seats={0: {"companions": ["Kael"]}}).item_limit(0) == 4
    assert scenario(seats={0: {"companions": ["Kael", "Dorian"]}}).item_limit(0) == 6
    assert scenario(seats={0: {"companions": ["Kael", "Dorian"], "items": ["Bag of Holding"]}}).item_limit(0) == 7


def test_bag_of_holding_counts_itself_at_the_limit() -> None:
    s = scenario(village={4: "Bag of Holding"}, turn=SUMMER_TURN,
                 seats={0: {"items": ["Tommy", "Horn", "Magic Ring"], "coins": 10, "in_village": [[4, 5]]}})
    s.apply(act("activate", gap=gap_between(4, 5), slot=4))
    assert len(s.items[0]) == 4 and type(s.stack[-1]) is not DiscardItem


def test_three_companion_limit() -> None:
    s = scenario(village={4: "Elwen"}, turn=SUMMER_TURN,
                 seats={0: {"companions": ["Kael", "Dorian", "Neris"], "coins": 20, "in_village": [[4, 5]]}})
    assert act("activate", gap=gap_between(4, 5), slot=4) not in s.legal_actions()


def test_the_seal_pile_running_out_reshuffles_the_discard() -> None:
    s = scenario(players=4, seed=3, seal_pile=0)
    assert s.seal_pile == [] and len(s.seal_discard) == 24 - sum(len(t) for t in s.seals)
    for _p in range(4):
        s.apply(act("to_summer"))
        s.apply(act("to_autumn"))
    assert s.year == 2
    on_cards = sum(len(t) for t in s.seals)
    assert on_cards == sum(rulings.seals_for(C.cards[i].seals, 4) for i in s.grid)
    check_invariants(s)


def test_unresolved_encounters_leave_at_year_end_with_their_income_tokens() -> None:
    s = new_state(2, 4)
    board = list(s.enc_board)
    for _ in range(2):
        s.apply(act("to_summer"))
        s.apply(act("to_autumn"))
    assert all(e in s.enc_discard for e in board)
    assert not set(board) & set(s.enc_board)
    assert s.income == [[], []]
    check_invariants(s)


def test_movement_range_and_staying() -> None:
    s = scenario(turn=SUMMER_TURN, seats={0: {"adventurer": 2}}, decision=move(2))
    assert {a - act("move_to", space=0) for a in s.legal_actions()} == {0, 1, 2, 3, 4}


def test_coin_and_vp_spaces_instead_of_an_encounter() -> None:
    s = scenario(turn=SUMMER_TURN, decision=move(2))
    s.apply(act("move_to", space=1))
    s.apply(act("space_bonus"))
    assert s.coins[0] == 9
    s = scenario(turn=SUMMER_TURN, seats={0: {"adventurer": 1}}, decision=move(1))
    s.apply(act("move_to", space=2))
    s.apply(act("space_bonus"))
    assert s.vp[0] == 1


def test_quest_first_and_later_vp_and_once_per_player() -> None:
    # Ransom on the Edge (9/7 VP); seat 1 gets there with the special action's move
    s = scenario(players=3, quests={5: "Ransom"}, turn=SUMMER_TURN, decision=move(1),
                 seats={0: {"adventurer": 4}, 1: {"adventurer": 4, "season": "Summer"}})
    s.apply(act("move_to", space=5))
    s.apply(act("quest"))
    assert s.coins[0] == 2
    assert s.current_player == 1
    s.apply(act("special", option=1))
    s.apply(act("move_to", space=5))
    s.apply(act("quest"))
    assert s.coins[1] == 2
    assert breakdown(s, 0)["quests"] == 9 and breakdown(s, 1)["quests"] == 7
    s = scenario(players=3, quests={5: "Ransom"}, turn=SUMMER_TURN, decision=move(1),
                 seats={0: {"adventurer": 4, "quests": {5: "first"}, "coins": 10}})
    s.apply(act("move_to", space=5))
    assert act("quest") not in s.legal_actions()


def test_bards_tournament_tells_two_stories_whatever_their_value() -> None:
    s = scenario(quests={3: "Bards' Tournament"}, turn=SUMMER_TURN, decision=move(0),
                 seats={0: {"untold": ["Farm", "Sheep"], "adventurer": 3}})
    s.apply(act("move_to", space=3))
    s.apply(act("quest"))
    s.apply(act("pick_story", encounter=enc("Farm")))
    s.apply(act("pick_story", encounter=enc("Sheep")))
    assert sorted(s.told[0]) == sorted([enc("Farm"), enc("Sheep")]) and s.vp[0] == 0


def test_value_zero_stories_need_a_boost() -> None:
    def position(items: list[str]) -> dict[str, object]:
        return {"village": {0: "The Riven Oak"}, "turn": SUMMER_TURN,
                "seats": {0: {"untold": ["Farm"], "in_village": [[0, 1]], "items": items}}}

    s = scenario(**position([]))
    assert act("activate", gap=gap_between(0, 1), slot=0) not in s.legal_actions()
    assert act("special", option=0) not in s.legal_actions()
    s = scenario(**position(["Charisma Potion"]))
    assert act("activate", gap=gap_between(0, 1), slot=0) in s.legal_actions()
    s.apply(act("activate", gap=gap_between(0, 1), slot=0))
    s.apply(act("tell_boost", encounter=enc("Farm")))
    assert s.vp[0] == 2 and s.str_[0] == 1
    assert card("Charisma Potion") not in s.items[0]  # a Potion goes back to the box


def test_two_sided_encounter_both_sides() -> None:
    s = scenario(encounters=["Labyrinth"], turn=SUMMER_TURN, seats={0: {"adventurer": 4}}, decision=move(0))
    s.apply(act("move_to", space=4))
    s.apply(act("encounter", encounter=enc("Labyrinth")))
    s.apply(act("sides", sides=2))
    assert s.vp[0] == 8 and s.active[0] == 1 and s.camp[0] == 2


def test_income_token_is_paid_at_once_and_every_autumn() -> None:
    s = scenario(encounters=["Caravan"], turn=SUMMER_TURN, seats={0: {"adventurer": 1}}, decision=move(0))
    s.apply(act("move_to", space=1))
    s.apply(act("encounter", encounter=enc("Caravan")))
    s.apply(act("sides", sides=0))
    assert s.coins[0] == 12 and s.income[0] == [6]
    s.apply(act("place", gap=0))            # the other player's turn; then seat 0's again
    s.apply(act("to_autumn"))
    assert s.coins[0] == 12 + 3 + 4
    check_invariants(s)


def test_skill_overflow_gives_vp() -> None:
    s = scenario(village={4: "Smithy"}, turn=SUMMER_TURN, seats={0: {"strength": 5, "in_village": [[4, 5]]}})
    s.apply(act("activate", gap=gap_between(4, 5), slot=4))
    assert s.str_[0] == 5 and s.vp[0] == 1


# -- Companions' reactions and permanent effects -----------------------------------------------------

def test_kael_spends_one_strength_less() -> None:
    s = scenario(village={4: "Hall of the Heroes"}, turn=SUMMER_TURN,
                 seats={0: {"companions": ["Kael"], "in_village": [[4, 5]]}})
    s.apply(act("activate", gap=gap_between(4, 5), slot=4))
    s.apply(act("hall", option=0))
    assert type(s.stack[-1]) is KaelOffer
    assert act("decline") not in s.legal_actions()  # no Strength to pay without Kael
    s.apply(act("react"))
    assert s.vp[0] == 3 and s.str_[0] == 0


def test_dorian_discount_and_vp() -> None:
    s = scenario(village={4: "Tommy"}, turn=SUMMER_TURN, seats={0: {"companions": ["Dorian"], "in_village": [[4, 5]]}})
    s.apply(act("activate", gap=gap_between(4, 5), slot=4))
    s.apply(act("react"))
    assert s.coins[0] == 8 - 3 and s.vp[0] == 1


def test_neris_in_gain_coins_and_activate() -> None:
    position = {"village": {4: "Smithy"}, "turn": SUMMER_TURN,
                "seats": {0: {"companions": ["Neris"], "in_village": [[4, 5]]}, 1: {"in_village": [[3, 4], [3, 4]]}}}
    s = scenario(**position)
    s.apply(act("activate", gap=gap_between(4, 5), slot=4))
    assert type(s.stack[-1]) is NerisOffer
    s.apply(act("react"))
    assert s.coins[0] == 8
    s = scenario(**position)
    s.apply(act("coins", gap=gap_between(4, 5), slot=4))
    s.apply(act("react"))
    assert s.coins[0] == 8 + 2 + 2


def test_selia_chooses_the_seal_value_and_keeps_potions() -> None:
    s = scenario(village={4: "Scouts' Guild (I)"}, seals={4: [1]}, turn=SUMMER_TURN,
                 seats={0: {"companions": ["Selia"], "in_village": [[4, 5]]}})
    s.apply(act("activate", gap=gap_between(4, 5), slot=4))
    s.apply(act("seal", value=1))
    s.apply(act("selia", value=3))
    top = s.stack[-1]
    assert type(top) is Move and top.reach == 3
    s = scenario(encounters=["Pack of Wolves"], turn=SUMMER_TURN, decision=move(0),
                 seats={0: {"companions": ["Selia"], "items": ["Strength Potion"], "adventurer": 1}})
    s.apply(act("move_to", space=1))
    s.apply(act("encounter", encounter=enc("Pack of Wolves")))
    s.apply(act("potion", card=cid("Strength Potion")))
    s.apply(act("sides", sides=0))
    assert s.vp[0] == 3 and s.str_[0] == 0
    assert card("Strength Potion") in s.items[0]  # exhausted, not discarded


def test_elwen_adds_two_spaces() -> None:
    s = scenario(turn=SUMMER_TURN, seats={0: {"companions": ["Elwen"]}}, decision=move(1))
    s.apply(act("elwen"))
    assert act("move_to", space=3) in s.legal_actions()
    assert act("elwen") not in s.legal_actions()


def test_ariok_ignores_a_requirement() -> None:
    # Initiation: spend 4 coins: 1 Strength and 1 Magic
    s = scenario(encounters=["Initiation"], turn=SUMMER_TURN, decision=move(0),
                 seats={0: {"companions": ["Ariok"], "magic": 1, "adventurer": 1, "coins": 0}})
    s.apply(act("move_to", space=1))
    s.apply(act("encounter", encounter=enc("Initiation")))
    assert act("sides", sides=0) not in s.legal_actions()
    s.apply(act("ariok"))
    s.apply(act("sides", sides=0))
    assert (s.coins[0], s.str_[0], s.mag[0]) == (0, 1, 1)


def test_bran_spends_one_villager_fewer() -> None:
    s = scenario(turn=SUMMER_TURN, seats={0: {"companions": ["Bran"], "items": ["Horn"]}})
    s.apply(act("use_item", card=cid("Horn"), ability=1))
    s.apply(act("react"))
    assert s.active[0] == 2 and s.vp[0] == 5


def test_lucan_gains_the_other_skill() -> None:
    s = scenario(turn=SUMMER_TURN, seats={0: {"companions": ["Lucan"]}})
    s.apply(act("special", option=2))
    assert type(s.stack[-1]) is LucanOffer
    s.apply(act("react"))
    assert (s.str_[0], s.mag[0]) == (1, 1)


def test_isandre_readies_an_item_to_use_it_again() -> None:
    s = scenario(turn=SUMMER_TURN, seats={0: {"companions": ["Isandre"], "items": ["Horn"]}})
    s.apply(act("use_item", card=cid("Horn"), ability=0))
    s.apply(act("react"))
    s.apply(act("use_item", card=cid("Horn"), ability=0))
    assert s.vp[0] == 6 and s.active[0] == 1


def test_seren_raises_a_story_to_three() -> None:
    s = scenario(turn=SUMMER_TURN, seats={0: {"companions": ["Seren"], "untold": ["Circle of Stones"]}})
    s.apply(act("special", option=0))
    s.apply(act("tell_boost", encounter=enc("Circle of Stones")))
    assert (s.coins[0], s.str_[0], s.vp[0]) == (10, 1, 2)


def test_mira_places_a_villager_after_a_move() -> None:
    s = scenario(turn=SUMMER_TURN, seats={0: {"companions": ["Mira"]}})
    s.apply(act("special", option=1))
    s.apply(act("move_to", space=1))
    s.apply(act("decline"))                 # not before resolving the space
    s.apply(act("stop"))
    assert type(s.stack[-1]) is AfterMove and not s.stack[-1].before
    s.apply(act("react"))
    s.apply(act("place", gap=0))
    assert s.gapv[0] == 1 and s.active[0] == 1


def test_companion_end_scoring() -> None:
    s = scenario(seats={0: {"companions": ["Isandre", "Seren", "Mira"], "told": ["Bear"], "untold": ["Hermit"]}})
    assert breakdown(s, 0)["companions"] == 6 + 1 + 2


def test_passing_8_and_20_at_once_takes_two_bonus_tokens() -> None:
    s = scenario(turn=SUMMER_TURN, seats={0: {"vp": 6, "items": ["Philosopher Stone"]}})
    s.stack.append(Gain(0, VP, 15, 0))  # gain 15 VP: 6 -> 21
    s.settle()
    s.invalidate()
    assert type(s.stack[-1]) is BonusToken and [type(f) for f in s.stack].count(BonusToken) == 1
    s.apply(act("bonus", token=0))
    assert s.coins[0] == 13
    assert type(s.stack[-1]) is BonusToken
    assert act("bonus", token=0) not in s.legal_actions()
    s.apply(act("bonus", token=2))
    assert s.bonus_stage[0] == 2 and s.bonus_left[0] == 0


def test_overflow_vp_does_not_double_a_bonus_token() -> None:
    s = scenario(turn=SUMMER_TURN, seats={0: {"vp": 7, "magic": 5}})
    s.stack.append(Gain(0, MAG, 2, 0))  # gain 2 Magic at 5: 2 VP
    s.settle()
    s.invalidate()
    assert s.vp[0] == 9 and [type(f) for f in s.stack].count(BonusToken) == 1


def test_every_companion_scores_its_own_way() -> None:
    def position(supply: int) -> dict[str, object]:
        return {"seats": {0: {
            "strength": 4, "magic": 2, "coins": 9, "villagers": {"supply": supply, "active": 7 - supply},
            "items": ["Tommy", "Mana Potion", "Flying Potion"], "untold": ["Bear"],   # Bear: distance 4
            "told": ["Hermit", "Rocky Pass"],                                           # distances 2 and 3
            "companions": ["Kael", "Elwen", "Dorian"]}}}

    s = scenario(**position(1))
    expected = {
        "Kael": 4, "Elwen": 2, "Dorian": 3, "Ariok": 2, "Selia": 4, "Neris": 4, "Bran": 4, "Lucan": 2,
        "Isandre": 6, "Seren": 2, "Mira": 3,
    }
    for name, vp in expected.items():
        assert companion_vp(s, 0, card(name)) == vp, name
    s = scenario(**position(6))
    assert companion_vp(s, 0, card("Bran")) == 0  # never below 0


def test_player_counts_and_options() -> None:
    from talewood.engine import InvalidOption, InvalidPlayerCount

    for bad in (1, 5):
        with pytest.raises(InvalidPlayerCount):
            GAME.new_game(bad, 1)
    with pytest.raises(InvalidOption, match="first_player"):
        GAME.new_game(3, 1, {"first_player": "last_adventurer"})
    firsts = {GAME.new_game(4, seed, {"first_player": "random"}).first_player  # type: ignore[attr-defined]
              for seed in range(20)}
    assert len(firsts) > 1
    assert GAME.new_game(4, 3).current_player == 0


# -- reactions and Potions read as the cards say ------------------------------------------------------
def test_isandre_readies_a_companion_exhausted_for_its_reaction() -> None:
    # "When you exhaust a card": Ariok, exhausted to ignore a requirement, is readied and may be used again
    # on the same Encounter (Isandre exhausts herself, so there is no loop)
    s = scenario(encounters=["Initiation"], turn=SUMMER_TURN, decision=move(0),
                 seats={0: {"companions": ["Ariok", "Isandre"], "magic": 2, "adventurer": 1}})
    s.apply(act("move_to", space=1))
    s.apply(act("encounter", encounter=enc("Initiation")))
    s.apply(act("ariok"))
    assert type(s.stack[-1]) is IsandreOffer and "Ariok" in s.stack[-1].prompt(s)
    s.apply(act("react"))
    assert s.ready_card(0, card("Ariok")) and not s.ready_card(0, card("Isandre"))
    assert act("ariok") in s.legal_actions()
    s.apply(act("ariok"))
    assert s.mag[0] == 0 and type(s.stack[-1]) is Meet and s.stack[-1].ignores == 2


def test_isandre_lets_kael_pay_one_less_strength_twice() -> None:
    s = scenario(turn=SUMMER_TURN, seats={0: {"companions": ["Kael", "Isandre"], "strength": 2}})
    s.stack.append(KaelOffer(0, 2))
    s.invalidate()
    s.apply(act("react"))
    assert type(s.stack[-1]) is IsandreOffer
    s.apply(act("react"))
    assert type(s.stack[-1]) is KaelOffer and s.stack[-1].amount == 1
    s.apply(act("react"))
    assert s.str_[0] == 2 and not s.ready_card(0, card("Kael"))


def test_isandre_is_not_offered_for_herself_or_when_exhausted() -> None:
    s = scenario(turn=SUMMER_TURN, seats={0: {"companions": ["Kael", "Isandre"], "strength": 2,
                                              "exhausted": ["Isandre"]}})
    s.stack.append(KaelOffer(0, 2))
    s.invalidate()
    s.apply(act("react"))
    assert not any(type(f) is IsandreOffer for f in s.stack) and s.str_[0] == 1


def test_a_strength_potion_counts_for_the_giant_quest() -> None:
    # Giant: have at least 4 Strength; Strength 2 and a Strength Potion (+2) complete it
    s = scenario(quests={4: "Giant"}, turn=SUMMER_TURN, decision=move(0),
                 seats={0: {"strength": 2, "adventurer": 4, "items": ["Strength Potion"]}})
    s.apply(act("move_to", space=4))
    assert act("quest") in s.legal_actions()
    s.apply(act("quest"))
    assert type(s.stack[-1]) is QuestPotions
    assert act("quest") not in s.legal_actions()   # not yet: the Potion first
    s.apply(act("potion", card=cid("Strength Potion")))
    s.apply(act("quest"))
    assert (s.quest_done[0] >> 4) & 1 and s.str_[0] == 2
    assert card("Strength Potion") not in s.items[0]


def test_a_flying_potion_counts_for_the_dragon_quest_but_not_for_spending() -> None:
    s = scenario(quests={5: "Dragon"}, turn=SUMMER_TURN, decision=move(0),
                 seats={0: {"strength": 2, "magic": 2, "adventurer": 5, "items": ["Flying Potion"]}})
    s.apply(act("move_to", space=5))
    s.apply(act("quest"))
    s.apply(act("potion", card=cid("Flying Potion")))
    s.apply(act("quest"))
    assert (s.quest_done[0] >> 5) & 1
    # Undeads spends 1 Strength and 1 Magic: a Potion cannot pay it
    s = scenario(quests={5: "Undeads"}, turn=SUMMER_TURN, decision=move(0),
                 seats={0: {"strength": 0, "magic": 1, "adventurer": 5, "items": ["Flying Potion"]}})
    s.apply(act("move_to", space=5))
    assert act("quest") not in s.legal_actions()


def test_mira_may_place_a_villager_before_the_encounter() -> None:
    # "When you go adventuring (before or after resolving an Encounter)"
    s = scenario(encounters=["Initiation"], turn=SUMMER_TURN, decision=move(1),
                 seats={0: {"companions": ["Mira"]}})
    s.apply(act("move_to", space=1))
    top = s.stack[-1]
    assert type(top) is AfterMove and top.before and "before" in top.prompt(s)
    s.apply(act("react"))
    s.apply(act("place", gap=0))
    assert s.gapv[0] == 1
    s.apply(act("encounter", encounter=enc("Initiation")))
    s.apply(act("sides", sides=0))
    assert s.mag[0] == 1 and not any(type(f) is AfterMove for f in s.stack)


def test_selia_chooses_the_value_of_the_seal_that_comes_with_an_item() -> None:
    """Selia: "When you activate a Seal token, you may exhaust this card to choose its value (1 to 3)". To
    activate a card is to use a Building or to buy an Item ("Activate a card"), and a bought Item's Seal is
    used in that activation as a Building's is ("Discard the Seal token and gain VP equal to its value"):
    ruling R13 keeps Selia for both (docs/rules/greylune.md)."""
    s = scenario(village={4: "Mana Potion"}, seals={4: [1]}, turn=SUMMER_TURN,
                 seats={0: {"companions": ["Selia"], "in_village": [[4, 5]], "coins": 8}})
    s.apply(act("activate", gap=gap_between(4, 5), slot=4))
    assert type(s.stack[-1]) is SeliaItemSeal
    s.apply(act("selia", value=3))
    assert s.vp[0] == 3 and not s.ready_card(0, card("Selia"))


def test_lucan_used_in_autumn_says_he_stays_exhausted_next_year() -> None:
    s = scenario(turn=SUMMER_TURN, seats={0: {"companions": ["Lucan"]}})
    s.season[0] = AUTUMN
    s.stack.append(Gain(0, MAG, 1, 0))
    s.settle()
    s.invalidate()
    top = s.stack[-1]
    assert type(top) is LucanOffer and "stays exhausted all next year" in top.prompt(s)
    s.season[0] = SUMMER
    assert "next year" not in top.prompt(s)
