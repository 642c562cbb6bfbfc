"""Every worked example of the rulebook, as a scenario with its numbers."""

from __future__ import annotations

import pytest

from talewood.games.greylune.adventure import Move
from talewood.games.greylune.board import AUTUMN
from talewood.games.greylune.effects import BonusToken
from talewood.games.greylune.scoring import breakdown

from .helpers import act, card, check_invariants, cid, enc, gap_between, scenario

WILLIAM, CONNY = 0, 1
SPRING_TURN = {"seat": WILLIAM, "season": "Spring"}
WILLIAM_SUMMER = {"seat": WILLIAM, "season": "Summer"}
CONNY_SUMMER = {"seat": CONNY, "season": "Summer"}


def test_william_places_a_villager_between_jade_statue_and_travelers_guild() -> None:
    s = scenario(village={0: "Jade Statue", 1: "Travelers' Guild (I)"}, turn=SPRING_TURN)
    g = gap_between(0, 1)
    s.apply(act("place", gap=g))
    assert s.active[WILLIAM] == 2
    assert s.gapv[g * 4 + WILLIAM] == 1
    assert "Jade Statue" in s.describe(act("place", gap=g))
    check_invariants(s)


def test_william_takes_part_in_the_event_in_spring() -> None:
    s = scenario(event="Banquet", turn=SPRING_TURN)
    s.apply(act("event", option=0))  # 3 coins
    assert s.coins[WILLIAM] == 8 + 3
    assert s.on_event[WILLIAM] == 1 and s.active[WILLIAM] == 2
    # once a year only: Conny plays, and William's next Spring turn offers no Event
    s.apply(act("place", gap=0))
    assert s.current_player == WILLIAM
    assert act("event", option=0) not in s.legal_actions()
    check_invariants(s)


def test_william_moves_a_villager_from_the_village_to_the_event_in_summer() -> None:
    s = scenario(event="Great Fair", turn=WILLIAM_SUMMER, seats={WILLIAM: {"in_village": [[4, 5]]}})
    assert gap_between(4, 5) == 3
    s.apply(act("event_gap", gap=3))
    s.apply(act("event", option=0))  # spend 3 coins: 1 Strength and 1 Magic
    assert s.gapv[3 * 4 + WILLIAM] == 0 and s.on_event[WILLIAM] == 1
    assert (s.coins[WILLIAM], s.str_[WILLIAM], s.mag[WILLIAM]) == (5, 1, 1)
    check_invariants(s)


def test_the_other_events() -> None:
    s = scenario(event="Tournament", turn=SPRING_TURN)
    assert act("event", option=0) not in s.legal_actions()  # no Strength to spend
    s = scenario(event="Tournament", turn=SPRING_TURN, seats={WILLIAM: {"strength": 1}})
    s.apply(act("event", option=1))
    assert (s.str_[WILLIAM], s.vp[WILLIAM]) == (0, 4)
    s = scenario(event="Gathering", turn=SPRING_TURN)
    s.apply(act("event", option=1))  # 3 coins for a Villager
    assert (s.coins[WILLIAM], s.active[WILLIAM], s.supply[WILLIAM]) == (5, 3, 3)
    s = scenario(event="Magic Show", turn=SPRING_TURN)
    assert act("event", option=0) not in s.legal_actions()
    s = scenario(event="Magic Show", turn=SPRING_TURN, seats={WILLIAM: {"magic": 1}})
    s.apply(act("event", option=0))
    assert s.mag[WILLIAM] == 0
    top = s.stack[-1]
    assert type(top) is Move and top.reach == 5
    s = scenario(event="Festival", turn=SPRING_TURN)
    s.apply(act("event", option=1))  # 1 Magic + 2 coins
    assert (s.mag[WILLIAM], s.coins[WILLIAM]) == (1, 10)
    assert s.current_player == CONNY and s.season[CONNY] == 0   # Conny's Spring turn
    assert act("event", option=1) not in s.legal_actions()  # that space is taken this year
    assert act("event", option=0) in s.legal_actions()


def test_william_gains_two_coins_naming_the_jade_statue() -> None:
    g = gap_between(0, 1)
    s = scenario(village={0: "Jade Statue", 1: "Travelers' Guild (I)", 3: "Smithy"}, turn=WILLIAM_SUMMER,
                 seats={WILLIAM: {"in_village": [[0, 1]]}, CONNY: {"in_village": [[0, 1], [0, 3]]}})
    s.apply(act("coins", gap=g, slot=0))
    assert s.coins[WILLIAM] == 8 + 2
    assert s.camp[WILLIAM] == 1 and s.gapv[g * 4 + WILLIAM] == 0
    check_invariants(s)


def test_connys_short_sword() -> None:
    s = scenario(turn=CONNY_SUMMER, seats={CONNY: {"items": ["Short Sword"]}})
    s.apply(act("use_item", card=cid("Short Sword"), ability=0))
    assert (s.str_[CONNY], s.active[CONNY], s.camp[CONNY]) == (1, 2, 1)
    assert (s.exh[CONNY] >> card("Short Sword")) & 1
    # William plays; on Conny's next Summer turn the Sword is still exhausted
    s.apply(act("place", gap=0))
    assert s.current_player == CONNY
    assert act("use_item", card=cid("Short Sword"), ability=0) not in s.legal_actions()


def test_conny_activates_the_school_of_magic_with_its_last_seal() -> None:
    g = gap_between(4, 5)
    s = scenario(village={4: "Magical School"}, seals={4: [2]}, turn=CONNY_SUMMER,
                 seats={CONNY: {"in_village": [[4, 5]]}, WILLIAM: {"season": "Summer", "in_village": [[1, 4]]}})
    s.apply(act("activate", gap=g, slot=4))
    s.apply(act("seal", value=2))
    assert s.coins[CONNY] == 8 - 2 - 1
    assert s.mag[CONNY] == 1 and s.camp[CONNY] == 1
    assert s.seals[4] == ()
    # no Seal left this year: William, next to the School too, cannot activate it
    assert s.current_player == WILLIAM
    assert act("activate", gap=gap_between(1, 4), slot=4) not in s.legal_actions()
    assert act("coins", gap=gap_between(1, 4), slot=4) in s.legal_actions()
    check_invariants(s)


def test_william_buys_tommy() -> None:
    g = gap_between(1, 2)
    s = scenario(village={2: "Tommy"}, turn=WILLIAM_SUMMER, seats={WILLIAM: {"in_village": [[1, 2]]}})
    s.apply(act("activate", gap=g, slot=2))
    assert s.coins[WILLIAM] == 8 - 4
    assert card("Tommy") in s.items[WILLIAM] and s.grid[2] == -1
    assert s.camp[WILLIAM] == 1
    check_invariants(s)


def test_conny_recruits_kael() -> None:
    g = gap_between(6, 7)
    s = scenario(village={6: "Kael"}, turn=CONNY_SUMMER, seats={CONNY: {"in_village": [[6, 7]]}})
    s.apply(act("activate", gap=g, slot=6))
    assert s.coins[CONNY] == 1
    assert card("Kael") in s.comps[CONNY]
    assert (s.active[CONNY], s.camp[CONNY], s.supply[CONNY]) == (3, 1, 3)  # 2 left + 1 new
    check_invariants(s)


def test_william_tells_a_story_of_value_two_with_the_special_action() -> None:
    s = scenario(turn=WILLIAM_SUMMER, seats={WILLIAM: {"untold": ["Hermit"]}})  # story value 2
    s.apply(act("special", option=0))
    s.apply(act("tell", encounter=enc("Hermit")))
    assert (s.coins[WILLIAM], s.str_[WILLIAM], s.vp[WILLIAM]) == (10, 1, 0)
    assert enc("Hermit") in s.told[WILLIAM] and s.on_special[WILLIAM] == 1
    s.apply(act("place", gap=0))        # Conny plays; William's next Summer turn
    assert s.current_player == WILLIAM
    assert act("special", option=1) not in s.legal_actions()  # once a year


def test_william_goes_to_autumn_with_one_companion_and_the_sheep() -> None:
    s = scenario(turn=WILLIAM_SUMMER, seats={WILLIAM: {
        "companions": ["Neris"], "untold": ["Sheep"], "income": ["Sheep"], "exhausted": ["Neris"],
        "villagers": {"campsite": 1, "active": 0, "event": 1, "special": 1, "supply": 4}, "adventurer": 3}})
    s.apply(act("to_autumn"))
    assert s.season[WILLIAM] == AUTUMN
    assert s.coins[WILLIAM] == 8 + 2 + 1
    assert (s.active[WILLIAM], s.camp[WILLIAM], s.on_event[WILLIAM], s.on_special[WILLIAM]) == (3, 0, 0, 0)
    assert s.exh[WILLIAM] == 0 and s.adventurer[WILLIAM] == 0


def test_conny_moves_one_space_and_meets_only_the_right_requirement() -> None:
    # Bear: have 1 Strength: 2 VP / have 1 Magic: 2 VP
    s = scenario(encounters=["Bear"], turn=CONNY_SUMMER, seats={CONNY: {"adventurer": 3, "magic": 1}},
                 decision={"kind": "Move", "reach": 2, "elwen_used": False})
    e = enc("Bear")
    s.apply(act("move_to", space=4))
    s.apply(act("encounter", encounter=e))
    assert act("sides", sides=0) not in s.legal_actions()
    assert act("sides", sides=2) not in s.legal_actions()
    s.apply(act("sides", sides=1))
    assert s.vp[CONNY] == 2
    assert e in s.untold[CONNY] and e not in s.enc_board


def test_connys_quest_returning_a_villager_to_the_supply() -> None:
    s = scenario(quests={3: "Deadly Trap"}, turn=CONNY_SUMMER, seats={CONNY: {"adventurer": 3}},  # Hammer: 7/5 VP
                 decision={"kind": "Move", "reach": 1, "elwen_used": False})
    s.apply(act("move_to", space=3))  # stays where she is
    s.apply(act("quest"))
    assert (s.active[CONNY], s.supply[CONNY]) == (2, 5)
    assert s.quest_first[0] == CONNY
    assert breakdown(s, CONNY)["quests"] == 7
    check_invariants(s)


def test_the_riven_oak_story_worth_three() -> None:
    g = gap_between(0, 1)
    s = scenario(village={0: "The Riven Oak"}, turn=WILLIAM_SUMMER, seats={WILLIAM: {
        "untold": ["Mine", "Hermit"], "villagers": {"supply": 4}, "in_village": [[0, 1]]}})  # values 1 and 2
    s.apply(act("activate", gap=g, slot=0))
    s.apply(act("tell", encounter=enc("Mine")))
    s.apply(act("tell", encounter=enc("Hermit")))  # total 3: the story ends itself
    assert (s.vp[WILLIAM], s.str_[WILLIAM], s.active[WILLIAM]) == (2, 1, 3)
    assert s.told[WILLIAM] == [enc("Mine"), enc("Hermit")]


def test_two_stories_of_value_two_count_as_three() -> None:
    g = gap_between(0, 1)
    s = scenario(village={0: "The Scarlet Dragon"}, turn=WILLIAM_SUMMER, seats={WILLIAM: {
        "untold": ["Hermit", "Marauders", "Farm"], "in_village": [[0, 1]]}})   # Farm: value 0, cannot be told
    s.apply(act("activate", gap=g, slot=0))
    assert act("tell", encounter=enc("Farm")) not in s.legal_actions()
    s.apply(act("tell", encounter=enc("Hermit")))
    s.apply(act("tell", encounter=enc("Marauders")))
    assert s.vp[WILLIAM] == 3 + 2 + 1


def test_bonus_tokens_at_8_and_20() -> None:
    s = scenario(turn=CONNY_SUMMER, seats={CONNY: {"vp": 6, "items": ["Horn"]}})
    s.apply(act("use_item", card=cid("Horn"), ability=0))  # 3 VP: 9, passing 8
    assert type(s.stack[-1]) is BonusToken
    s.apply(act("bonus", token=2))  # a Villager
    assert (s.active[CONNY], s.supply[CONNY]) == (3, 3)
    assert s.bonus_left[CONNY] == 0b011
    s = scenario(turn=WILLIAM_SUMMER, seats={WILLIAM: {"vp": 17, "bonus_taken": ["Coins"], "items": ["Horn"]}})
    assert (s.bonus_stage[WILLIAM], s.bonus_left[WILLIAM]) == (1, 0b110)
    s.apply(act("use_item", card=cid("Horn"), ability=0))
    assert type(s.stack[-1]) is BonusToken
    assert act("bonus", token=0) not in s.legal_actions()
    s.apply(act("bonus", token=1))
    assert (s.str_[WILLIAM], s.mag[WILLIAM]) == (1, 1)
    assert s.bonus_left[WILLIAM] == 0 and s.bonus_stage[WILLIAM] == 2


def test_williams_final_score_of_61() -> None:
    # later on Hammer (5: Conny was first), first on Edge (9)
    s = scenario(turn=WILLIAM_SUMMER, seats={
        WILLIAM: {"vp": 26, "quests": {3: "later", 5: "first"}, "companions": ["Lucan", "Neris"],
                  "strength": 4, "magic": 5, "coins": 8, "items": ["Tommy", "Horn", "Magic Ring"]},
        CONNY: {"quests": {3: "first"}}})
    assert s.quest_first == [CONNY, -1, WILLIAM]
    b = breakdown(s, WILLIAM)
    assert b == {"track": 26, "quests": 14, "companions": 8, "items": 11, "skills": 2, "total": 61}


@pytest.mark.parametrize("strength,magic,expected", [(5, 5, 5), (3, 3, 2), (5, 2, 0), (4, 5, 2)])
def test_skill_bonus(strength: int, magic: int, expected: int) -> None:
    s = scenario(seats={0: {"strength": strength, "magic": magic}})
    assert breakdown(s, 0)["skills"] == expected
