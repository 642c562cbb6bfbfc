"""Focused tests: each rule and the edge cases the rulebook calls out."""

from __future__ import annotations

import pytest

from talewood.engine import Frame, IllegalAction
from talewood.games.greylune import rulings
from talewood.games.greylune.game import AUTUMN, SPRING, SUMMER

from .helpers import (
    C,
    act,
    card,
    check_invariants,
    enc,
    gap_between,
    give,
    legal_kinds,
    new_state,
    place_villager,
    put_encounter_on_board,
    scenario,
    set_seals,
    set_turn,
    take_encounter,
)


def cid(name: str) -> int:
    return C.cards[card(name)].id


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
    s = scenario(seat=0, season=SUMMER)
    g = gap_between(0, 1)
    place_villager(s, 0, g)
    place_villager(s, 1, gap_between(0, 3))
    s.grid[0] = s.grid[1] = -1
    s.village_discard.extend([])  # (cards were bought: keep the census honest below)
    assert act("coins", gap=g, slot=0) not in s.legal_actions()
    assert act("clear", gap=g) in s.legal_actions()
    assert act("place", gap=g) not in s.legal_actions() or s.season[0] == SUMMER
    s.apply(act("clear", gap=g))
    assert s.coins[0] == 8 and s.camp[0] == 1
    assert s.current_player == 1  # it still counted as the turn's action


def test_a_gap_with_both_cards_gone_takes_no_new_villager() -> None:
    s = scenario(seat=0, season=SPRING)
    g = gap_between(0, 1)
    s.grid[0] = s.grid[1] = -1
    s.version += 1
    assert act("place", gap=g) not in s.legal_actions()
    assert act("place", gap=gap_between(1, 2)) in s.legal_actions()  # a card and an empty space


def test_cannot_move_to_autumn_with_villagers_in_the_village() -> None:
    s = scenario(seat=0, season=SUMMER)
    place_villager(s, 0, 0)
    before = s.state_hash()
    with pytest.raises(IllegalAction, match="not legal"):
        s.apply(act("to_autumn"))
    assert s.state_hash() == before
    s.apply(act("coins", gap=0, slot=0))
    set_turn(s, 0, SUMMER)
    s.apply(act("to_autumn"))
    assert s.season[0] == AUTUMN


def test_spring_offers_no_summer_actions_and_summer_never_returns_to_spring() -> None:
    s = scenario(seat=0, season=SPRING)
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
    s = scenario(grid={4: "Smithy"}, seat=0, season=SUMMER)
    for g in (gap_between(1, 4), gap_between(3, 4), gap_between(4, 5)):
        place_villager(s, 1, g)
    place_villager(s, 0, gap_between(4, 7))
    s.apply(act("activate", gap=gap_between(4, 7), slot=4))
    assert s.coins[0] == 8 - 3 and s.str_[0] == 1


def test_cannot_activate_what_you_cannot_pay() -> None:
    s = scenario(grid={4: "Magic Ring"}, seat=0, season=SUMMER)
    place_villager(s, 0, gap_between(4, 5))
    place_villager(s, 1, gap_between(3, 4))
    s.coins[0] = 7
    s.version += 1
    assert act("activate", gap=gap_between(4, 5), slot=4) not in s.legal_actions()
    s.coins[0] = 8
    s.version += 1
    assert act("activate", gap=gap_between(4, 5), slot=4) in s.legal_actions()


def test_item_limit_overflow_discards_after_immediate_vp() -> None:
    s = scenario(grid={4: "Hundred-league Boots"}, seat=0, season=SUMMER)
    set_seals(s, 4, (3,))
    for name in ("Tommy", "Horn", "Magic Ring"):
        give(s, 0, name)
    place_villager(s, 0, gap_between(4, 5))
    s.apply(act("activate", gap=gap_between(4, 5), slot=4))
    assert s.vp[0] == 3  # the Seal's VP are scored first
    assert s.stack[-1].kind == "discard"
    assert act("discard_item", card=cid("Hundred-league Boots")) in s.legal_actions()
    s.apply(act("discard_item", card=cid("Hundred-league Boots")))
    assert len(s.items[0]) == 3 and s.vp[0] == 3
    check_invariants(s)


def test_item_limit_raisers() -> None:
    s = scenario()
    assert s.item_limit(0) == 3
    give(s, 0, "Kael")
    assert s.item_limit(0) == 4
    give(s, 0, "Dorian")
    assert s.item_limit(0) == 6
    give(s, 0, "Bag of Holding")
    assert s.item_limit(0) == 7


def test_bag_of_holding_counts_itself_at_the_limit() -> None:
    s = scenario(grid={4: "Bag of Holding"}, seat=0, season=SUMMER)
    for name in ("Tommy", "Horn", "Magic Ring"):
        give(s, 0, name)
    s.coins[0] = 10
    place_villager(s, 0, gap_between(4, 5))
    s.apply(act("activate", gap=gap_between(4, 5), slot=4))
    assert len(s.items[0]) == 4 and s.stack[-1].kind != "discard"


def test_three_companion_limit() -> None:
    s = scenario(grid={4: "Elwen"}, seat=0, season=SUMMER)
    for name in ("Kael", "Dorian", "Neris"):
        give(s, 0, name)
    s.coins[0] = 20
    place_villager(s, 0, gap_between(4, 5))
    assert act("activate", gap=gap_between(4, 5), slot=4) not in s.legal_actions()


def test_the_seal_pile_running_out_reshuffles_the_discard() -> None:
    s = new_state(4, 3)
    s.seal_discard.extend(s.seal_pile)
    s.seal_pile = []
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
    s = scenario(seat=0, season=SUMMER)
    s.adventurer[0] = 2
    s.stack = [Frame("turn", 0), Frame("move", 0, (2, 0))]
    s.version += 1
    assert {a - act("move_to", space=0) for a in s.legal_actions()} == {0, 1, 2, 3, 4}


def test_coin_and_vp_spaces_instead_of_an_encounter() -> None:
    s = scenario(seat=0, season=SUMMER)
    s.stack = [Frame("turn", 0), Frame("move", 0, (2, 0))]
    s.version += 1
    s.apply(act("move_to", space=1))
    s.apply(act("space_bonus"))
    assert s.coins[0] == 9
    s.stack = [Frame("turn", 0), Frame("move", 0, (1, 0))]
    s.version += 1
    s.apply(act("move_to", space=2))
    s.apply(act("space_bonus"))
    assert s.vp[0] == 1


def test_quest_first_and_later_vp_and_once_per_player() -> None:
    s = scenario(players=3, seat=0, season=SUMMER)
    ransom = next(i for i, q in enumerate(C.quests) if q.name == "Ransom")
    s.quests[2] = ransom  # Edge: 9/7
    for p in (0, 1):
        s.adventurer[p] = 4
        s.stack = [Frame("turn", p), Frame("move", p, (1, 0))]
        s.version += 1
        s.apply(act("move_to", space=5))
        s.apply(act("quest"))
        assert s.coins[p] == 2
    assert s.breakdown(0)["quests"] == 9 and s.breakdown(1)["quests"] == 7
    s.coins[0] = 10
    s.stack = [Frame("turn", 0), Frame("move", 0, (1, 0))]
    s.version += 1
    s.apply(act("move_to", space=5))
    assert act("quest") not in s.legal_actions()


def test_bards_tournament_tells_two_stories_whatever_their_value() -> None:
    s = scenario(seat=0, season=SUMMER)
    bard = next(i for i, q in enumerate(C.quests) if q.name == "Bards' Tournament")
    s.quests[0] = bard
    take_encounter(s, 0, "Farm")
    take_encounter(s, 0, "Sheep")
    s.adventurer[0] = 3
    s.stack = [Frame("turn", 0), Frame("move", 0, (0, 0))]
    s.version += 1
    s.apply(act("move_to", space=3))
    s.apply(act("quest"))
    s.apply(act("pick_story", encounter=enc("Farm")))
    s.apply(act("pick_story", encounter=enc("Sheep")))
    assert sorted(s.told[0]) == sorted([enc("Farm"), enc("Sheep")]) and s.vp[0] == 0


def test_value_zero_stories_need_a_boost() -> None:
    s = scenario(grid={0: "The Riven Oak"}, seat=0, season=SUMMER)
    take_encounter(s, 0, "Farm")
    place_villager(s, 0, gap_between(0, 1))
    assert act("activate", gap=gap_between(0, 1), slot=0) not in s.legal_actions()
    assert act("special", option=0) not in s.legal_actions()
    give(s, 0, "Charisma Potion")
    assert act("activate", gap=gap_between(0, 1), slot=0) in s.legal_actions()
    s.apply(act("activate", gap=gap_between(0, 1), slot=0))
    s.apply(act("tell_boost", encounter=enc("Farm")))
    assert s.vp[0] == 2 and s.str_[0] == 1
    assert card("Charisma Potion") not in s.items[0]  # a Potion goes back to the box


def test_two_sided_encounter_both_sides() -> None:
    s = scenario(seat=0, season=SUMMER)
    e = put_encounter_on_board(s, "Labyrinth")
    s.adventurer[0] = 4
    s.stack = [Frame("turn", 0), Frame("move", 0, (0, 0))]
    s.version += 1
    s.apply(act("move_to", space=4))
    s.apply(act("encounter", encounter=e))
    s.apply(act("sides", sides=2))
    assert s.vp[0] == 8 and s.active[0] == 1 and s.camp[0] == 2


def test_income_token_is_paid_at_once_and_every_autumn() -> None:
    s = scenario(seat=0, season=SUMMER)
    e = put_encounter_on_board(s, "Caravan")
    s.adventurer[0] = 1
    s.stack = [Frame("turn", 0), Frame("move", 0, (0, 0))]
    s.version += 1
    s.apply(act("move_to", space=1))
    s.apply(act("encounter", encounter=e))
    s.apply(act("sides", sides=0))
    assert s.coins[0] == 12 and s.income[0] == [6]
    set_turn(s, 0, SUMMER)
    s.apply(act("to_autumn"))
    assert s.coins[0] == 12 + 3 + 4
    check_invariants(s)


def test_skill_overflow_gives_vp() -> None:
    s = scenario(grid={4: "Smithy"}, seat=0, season=SUMMER)
    s.str_[0] = 5
    place_villager(s, 0, gap_between(4, 5))
    s.apply(act("activate", gap=gap_between(4, 5), slot=4))
    assert s.str_[0] == 5 and s.vp[0] == 1


# -- Companions' reactions and permanent effects -----------------------------------------------------

def test_kael_spends_one_strength_less() -> None:
    s = scenario(grid={4: "Hall of the Heroes"}, seat=0, season=SUMMER)
    give(s, 0, "Kael")
    place_villager(s, 0, gap_between(4, 5))
    s.apply(act("activate", gap=gap_between(4, 5), slot=4))
    s.apply(act("hall", option=0))
    assert s.stack[-1].kind == "kael"
    assert act("decline") not in s.legal_actions()  # no Strength to pay without Kael
    s.apply(act("react"))
    assert s.vp[0] == 3 and s.str_[0] == 0


def test_dorian_discount_and_vp() -> None:
    s = scenario(grid={4: "Tommy"}, seat=0, season=SUMMER)
    give(s, 0, "Dorian")
    place_villager(s, 0, gap_between(4, 5))
    s.apply(act("activate", gap=gap_between(4, 5), slot=4))
    s.apply(act("react"))
    assert s.coins[0] == 8 - 3 and s.vp[0] == 1


def test_neris_in_gain_coins_and_activate() -> None:
    s = scenario(grid={4: "Smithy"}, seat=0, season=SUMMER)
    give(s, 0, "Neris")
    place_villager(s, 1, gap_between(3, 4), 2)
    place_villager(s, 0, gap_between(4, 5))
    s.apply(act("activate", gap=gap_between(4, 5), slot=4))
    assert s.stack[-1].kind == "act_neris"
    s.apply(act("react"))
    assert s.coins[0] == 8
    s = scenario(grid={4: "Smithy"}, seat=0, season=SUMMER)
    give(s, 0, "Neris")
    place_villager(s, 1, gap_between(3, 4), 2)
    place_villager(s, 0, gap_between(4, 5))
    s.apply(act("coins", gap=gap_between(4, 5), slot=4))
    s.apply(act("react"))
    assert s.coins[0] == 8 + 2 + 2


def test_selia_chooses_the_seal_value_and_keeps_potions() -> None:
    s = scenario(grid={4: "Scouts' Guild (I)"}, seat=0, season=SUMMER)
    set_seals(s, 4, (1,))
    give(s, 0, "Selia")
    place_villager(s, 0, gap_between(4, 5))
    s.apply(act("activate", gap=gap_between(4, 5), slot=4))
    s.apply(act("seal", value=1))
    s.apply(act("selia", value=3))
    assert s.stack[-1].kind == "move" and s.stack[-1].data[0] == 3
    s = scenario(seat=0, season=SUMMER)
    give(s, 0, "Selia")
    give(s, 0, "Strength Potion")
    e = put_encounter_on_board(s, "Pack of Wolves")
    s.adventurer[0] = 1
    s.stack = [Frame("turn", 0), Frame("move", 0, (0, 0))]
    s.version += 1
    s.apply(act("move_to", space=1))
    s.apply(act("encounter", encounter=e))
    s.apply(act("potion", card=cid("Strength Potion")))
    s.apply(act("sides", sides=0))
    assert s.vp[0] == 3 and s.str_[0] == 0
    assert card("Strength Potion") in s.items[0]  # exhausted, not discarded


def test_elwen_adds_two_spaces() -> None:
    s = scenario(seat=0, season=SUMMER)
    give(s, 0, "Elwen")
    s.stack = [Frame("turn", 0), Frame("move", 0, (1, 0))]
    s.version += 1
    s.apply(act("elwen"))
    assert act("move_to", space=3) in s.legal_actions()
    assert act("elwen") not in s.legal_actions()


def test_ariok_ignores_a_requirement() -> None:
    s = scenario(seat=0, season=SUMMER)
    give(s, 0, "Ariok")
    s.mag[0] = 1
    e = put_encounter_on_board(s, "Initiation")  # spend 4 coins: 1 Strength and 1 Magic
    s.adventurer[0] = 1
    s.coins[0] = 0
    s.stack = [Frame("turn", 0), Frame("move", 0, (0, 0))]
    s.version += 1
    s.apply(act("move_to", space=1))
    s.apply(act("encounter", encounter=e))
    assert act("sides", sides=0) not in s.legal_actions()
    s.apply(act("ariok"))
    s.apply(act("sides", sides=0))
    assert (s.coins[0], s.str_[0], s.mag[0]) == (0, 1, 1)


def test_bran_spends_one_villager_fewer() -> None:
    s = scenario(seat=0, season=SUMMER)
    give(s, 0, "Bran")
    give(s, 0, "Horn")
    s.apply(act("use_item", card=cid("Horn"), ability=1))
    s.apply(act("react"))
    assert s.active[0] == 2 and s.vp[0] == 5


def test_lucan_gains_the_other_skill() -> None:
    s = scenario(seat=0, season=SUMMER)
    give(s, 0, "Lucan")
    s.apply(act("special", option=2))
    assert s.stack[-1].kind == "lucan"
    s.apply(act("react"))
    assert (s.str_[0], s.mag[0]) == (1, 1)


def test_isandre_readies_an_item_to_use_it_again() -> None:
    s = scenario(seat=0, season=SUMMER)
    give(s, 0, "Isandre")
    give(s, 0, "Horn")
    s.apply(act("use_item", card=cid("Horn"), ability=0))
    s.apply(act("react"))
    s.apply(act("use_item", card=cid("Horn"), ability=0))
    assert s.vp[0] == 6 and s.active[0] == 1


def test_seren_raises_a_story_to_three() -> None:
    s = scenario(seat=0, season=SUMMER)
    give(s, 0, "Seren")
    take_encounter(s, 0, "Circle of Stones")
    s.apply(act("special", option=0))
    s.apply(act("tell_boost", encounter=enc("Circle of Stones")))
    assert (s.coins[0], s.str_[0], s.vp[0]) == (10, 1, 2)


def test_mira_places_a_villager_after_a_move() -> None:
    s = scenario(seat=0, season=SUMMER)
    give(s, 0, "Mira")
    s.apply(act("special", option=1))
    s.apply(act("move_to", space=1))
    s.apply(act("stop"))
    assert s.stack[-1].kind == "after_move"
    s.apply(act("react"))
    s.apply(act("place", gap=0))
    assert s.gapv[0] == 1 and s.active[0] == 1


def test_companion_end_scoring() -> None:
    s = scenario()
    for name in ("Isandre", "Seren", "Mira"):
        give(s, 0, name)
    take_encounter(s, 0, "Bear", told=True)
    take_encounter(s, 0, "Hermit")
    assert s.breakdown(0)["companions"] == 6 + 1 + 2


def test_passing_8_and_20_at_once_takes_two_bonus_tokens() -> None:
    s = scenario(seat=0, season=SUMMER)
    s.vp[0] = 6
    give(s, 0, "Philosopher Stone")
    s.stack = [Frame("turn", 0), Frame("fx", 0, (0, 15, 0))]  # gain 15 VP: 6 -> 21
    s.version += 1
    s._run()
    s.version += 1
    assert s.stack[-1].kind == "bonus" and [f.kind for f in s.stack].count("bonus") == 1
    s.apply(act("bonus", token=0))
    assert s.coins[0] == 13
    assert s.stack[-1].kind == "bonus"
    assert act("bonus", token=0) not in s.legal_actions()
    s.apply(act("bonus", token=2))
    assert s.bonus_stage[0] == 2 and s.bonus_left[0] == 0


def test_overflow_vp_does_not_double_a_bonus_token() -> None:
    s = scenario(seat=0, season=SUMMER)
    s.vp[0], s.mag[0] = 7, 5
    s.stack = [Frame("turn", 0), Frame("fx", 0, (3, 2, 0))]  # gain 2 Magic at 5: 2 VP
    s.version += 1
    s._run()
    s.version += 1
    assert s.vp[0] == 9 and [f.kind for f in s.stack].count("bonus") == 1


def test_every_companion_scores_its_own_way() -> None:
    s = scenario()
    s.str_[0], s.mag[0], s.coins[0], s.supply[0] = 4, 2, 9, 1
    for name in ("Tommy", "Mana Potion", "Flying Potion"):
        give(s, 0, name)
    take_encounter(s, 0, "Bear")  # distance 4
    take_encounter(s, 0, "Hermit", told=True)  # distance 2
    take_encounter(s, 0, "Rocky Pass", told=True)  # distance 3
    for name in ("Kael", "Elwen", "Dorian"):
        give(s, 0, name)
    expected = {
        "Kael": 4, "Elwen": 2, "Dorian": 3, "Ariok": 2, "Selia": 4, "Neris": 4, "Bran": 4, "Lucan": 2,
        "Isandre": 6, "Seren": 2, "Mira": 3,
    }
    for name, vp in expected.items():
        assert s.companion_vp(0, card(name)) == vp, name
    s.supply[0] = 6
    assert s.companion_vp(0, card("Bran")) == 0  # never below 0


def test_player_counts_and_options() -> None:
    from talewood.engine import InvalidOption, InvalidPlayerCount

    from .helpers import GAME

    for bad in (1, 5):
        with pytest.raises(InvalidPlayerCount):
            GAME.new_game(bad, 1)
    with pytest.raises(InvalidOption, match="first_player"):
        GAME.new_game(3, 1, {"first_player": "last_adventurer"})
    firsts = {GAME.new_game(4, seed, {"first_player": "random"}).first_player  # type: ignore[attr-defined]
              for seed in range(20)}
    assert len(firsts) > 1
    assert GAME.new_game(4, 3).current_player == 0
