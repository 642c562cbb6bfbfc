"""Every worked example of the rulebook, as a scenario with its numbers."""

from __future__ import annotations

import pytest

from talewood.engine import Frame
from talewood.games.greylune.game import AUTUMN, SPRING, SUMMER

from .helpers import (
    act,
    card,
    check_invariants,
    enc,
    gap_between,
    give,
    place_villager,
    put_encounter_on_board,
    scenario,
    set_seals,
    set_turn,
    take_encounter,
)

WILLIAM, CONNY = 0, 1


def test_william_places_a_villager_between_jade_statue_and_travelers_guild() -> None:
    s = scenario(grid={0: "Jade Statue", 1: "Travelers' Guild (I)"}, seat=WILLIAM)
    g = gap_between(0, 1)
    s.apply(act("place", gap=g))
    assert s.active[WILLIAM] == 2
    assert s.gapv[g * 4 + WILLIAM] == 1
    assert "Jade Statue" in s.describe(act("place", gap=g))
    check_invariants(s)


def _with_event(s, name: str) -> None:  # type: ignore[no-untyped-def]
    from talewood.games.greylune.content import load_content

    events = load_content().events
    k = next(i for i, e in enumerate(events) if e.name == name)
    if k != s.event_current:
        for where in (s.event_stack, s.event_removed, s.event_discard):
            if k in where:
                where[where.index(k)] = s.event_current
                break
        s.event_current = k
    s.invalidate()


def test_william_takes_part_in_the_event_in_spring() -> None:
    s = scenario(seat=WILLIAM)
    _with_event(s, "Banquet")
    s.apply(act("event", option=0))  # 3 coins
    assert s.coins[WILLIAM] == 8 + 3
    assert s.on_event[WILLIAM] == 1 and s.active[WILLIAM] == 2
    # once a year only
    set_turn(s, WILLIAM, SPRING)
    assert act("event", option=0) not in s.legal_actions()
    check_invariants(s)


def test_william_moves_a_villager_from_the_village_to_the_event_in_summer() -> None:
    s = scenario(seat=WILLIAM, season=SUMMER)
    _with_event(s, "Great Fair")
    place_villager(s, WILLIAM, 3)
    s.apply(act("event_gap", gap=3))
    s.apply(act("event", option=0))  # spend 3 coins: 1 Strength and 1 Magic
    assert s.gapv[3 * 4 + WILLIAM] == 0 and s.on_event[WILLIAM] == 1
    assert (s.coins[WILLIAM], s.str_[WILLIAM], s.mag[WILLIAM]) == (5, 1, 1)
    check_invariants(s)


def test_the_other_events() -> None:
    s = scenario(seat=WILLIAM)
    _with_event(s, "Tournament")
    assert act("event", option=0) not in s.legal_actions()  # no Strength to spend
    s.str_[WILLIAM] = 1
    s.invalidate()
    s.apply(act("event", option=1))
    assert (s.str_[WILLIAM], s.vp[WILLIAM]) == (0, 4)
    s = scenario(seat=WILLIAM)
    _with_event(s, "Gathering")
    s.apply(act("event", option=1))  # 3 coins for a Villager
    assert (s.coins[WILLIAM], s.active[WILLIAM], s.supply[WILLIAM]) == (5, 3, 3)
    s = scenario(seat=WILLIAM)
    _with_event(s, "Magic Show")
    assert act("event", option=0) not in s.legal_actions()
    s.mag[WILLIAM] = 1
    s.invalidate()
    s.apply(act("event", option=0))
    assert s.mag[WILLIAM] == 0
    assert s.stack[-1].kind == "move" and s.stack[-1].data[0] == 5
    s = scenario(seat=WILLIAM)
    _with_event(s, "Festival")
    s.apply(act("event", option=1))  # 1 Magic + 2 coins
    assert (s.mag[WILLIAM], s.coins[WILLIAM]) == (1, 10)
    set_turn(s, CONNY, SPRING)
    assert act("event", option=1) not in s.legal_actions()  # that space is taken this year
    assert act("event", option=0) in s.legal_actions()


def test_william_gains_two_coins_naming_the_jade_statue() -> None:
    s = scenario(grid={0: "Jade Statue", 1: "Travelers' Guild (I)", 3: "Smithy"}, seat=WILLIAM, season=SUMMER)
    g = gap_between(0, 1)
    place_villager(s, WILLIAM, g)
    place_villager(s, CONNY, g)
    place_villager(s, CONNY, gap_between(0, 3))
    s.apply(act("coins", gap=g, slot=0))
    assert s.coins[WILLIAM] == 8 + 2
    assert s.camp[WILLIAM] == 1 and s.gapv[g * 4 + WILLIAM] == 0
    check_invariants(s)


def test_connys_short_sword() -> None:
    s = scenario(seat=CONNY, season=SUMMER)
    give(s, CONNY, "Short Sword")
    s.apply(act("use_item", card=C_ID("Short Sword"), ability=0))
    assert (s.str_[CONNY], s.active[CONNY], s.camp[CONNY]) == (1, 2, 1)
    assert (s.exh[CONNY] >> card("Short Sword")) & 1
    set_turn(s, CONNY, SUMMER)
    assert act("use_item", card=C_ID("Short Sword"), ability=0) not in s.legal_actions()


def C_ID(name: str) -> int:
    from talewood.games.greylune.content import load_content

    return load_content().cards[card(name)].id


def test_conny_activates_the_school_of_magic_with_its_last_seal() -> None:
    s = scenario(grid={4: "Magical School"}, seat=CONNY, season=SUMMER)
    set_seals(s, 4, (2,))
    g = gap_between(4, 5)
    place_villager(s, CONNY, g)
    place_villager(s, WILLIAM, gap_between(1, 4))
    s.apply(act("activate", gap=g, slot=4))
    s.apply(act("seal", value=2))
    assert s.coins[CONNY] == 8 - 2 - 1
    assert s.mag[CONNY] == 1 and s.camp[CONNY] == 1
    assert s.seals[4] == ()
    place_villager(s, CONNY, g)
    set_turn(s, CONNY, SUMMER)
    assert act("activate", gap=g, slot=4) not in s.legal_actions()  # no Seal left this year
    check_invariants(s)


def test_william_buys_tommy() -> None:
    s = scenario(grid={2: "Tommy"}, seat=WILLIAM, season=SUMMER)
    g = gap_between(1, 2)
    place_villager(s, WILLIAM, g)
    s.apply(act("activate", gap=g, slot=2))
    assert s.coins[WILLIAM] == 8 - 4
    assert card("Tommy") in s.items[WILLIAM] and s.grid[2] == -1
    assert s.camp[WILLIAM] == 1
    check_invariants(s)


def test_conny_recruits_kael() -> None:
    s = scenario(grid={6: "Kael"}, seat=CONNY, season=SUMMER)
    g = gap_between(6, 7)
    place_villager(s, CONNY, g)
    s.apply(act("activate", gap=g, slot=6))
    assert s.coins[CONNY] == 1
    assert card("Kael") in s.comps[CONNY]
    assert (s.active[CONNY], s.camp[CONNY], s.supply[CONNY]) == (3, 1, 3)  # 2 left + 1 new
    check_invariants(s)


def test_william_tells_a_story_of_value_two_with_the_special_action() -> None:
    s = scenario(seat=WILLIAM, season=SUMMER)
    take_encounter(s, WILLIAM, "Hermit")  # story value 2
    s.apply(act("special", option=0))
    s.apply(act("tell", encounter=enc("Hermit")))
    assert (s.coins[WILLIAM], s.str_[WILLIAM], s.vp[WILLIAM]) == (10, 1, 0)
    assert enc("Hermit") in s.told[WILLIAM] and s.on_special[WILLIAM] == 1
    set_turn(s, WILLIAM, SUMMER)
    assert act("special", option=1) not in s.legal_actions()  # once a year


def test_william_goes_to_autumn_with_one_companion_and_the_sheep() -> None:
    s = scenario(seat=WILLIAM, season=SUMMER)
    give(s, WILLIAM, "Neris")
    take_encounter(s, WILLIAM, "Sheep")
    s.income[WILLIAM].append(7)
    s.camp[WILLIAM], s.active[WILLIAM], s.on_event[WILLIAM], s.on_special[WILLIAM] = 1, 0, 1, 1
    s.supply[WILLIAM] = 4
    s.exh[WILLIAM] |= 1 << card("Neris")
    s.adventurer[WILLIAM] = 3
    s.apply(act("to_autumn"))
    assert s.season[WILLIAM] == AUTUMN
    assert s.coins[WILLIAM] == 8 + 2 + 1
    assert (s.active[WILLIAM], s.camp[WILLIAM], s.on_event[WILLIAM], s.on_special[WILLIAM]) == (3, 0, 0, 0)
    assert s.exh[WILLIAM] == 0 and s.adventurer[WILLIAM] == 0


def test_conny_moves_one_space_and_meets_only_the_right_requirement() -> None:
    s = scenario(seat=CONNY, season=SUMMER)
    e = put_encounter_on_board(s, "Bear")  # have 1 Strength: 2 VP / have 1 Magic: 2 VP
    s.adventurer[CONNY] = 3
    s.mag[CONNY] = 1
    s.stack = [Frame("turn", CONNY), Frame("move", CONNY, (2, 0))]
    s.invalidate()
    s.apply(act("move_to", space=4))
    s.apply(act("encounter", encounter=e))
    assert act("sides", sides=0) not in s.legal_actions()
    assert act("sides", sides=2) not in s.legal_actions()
    s.apply(act("sides", sides=1))
    assert s.vp[CONNY] == 2
    assert e in s.untold[CONNY] and e not in s.enc_board


def test_connys_quest_returning_a_villager_to_the_supply() -> None:
    s = scenario(seat=CONNY, season=SUMMER)
    from talewood.games.greylune.content import load_content

    quest = next(i for i, q in enumerate(load_content().quests) if q.name == "Deadly Trap")
    s.quests[0] = quest  # on the Hammer space (7/5 VP)
    s.adventurer[CONNY] = 3
    s.stack = [Frame("turn", CONNY), Frame("move", CONNY, (1, 0))]
    s.invalidate()
    s.apply(act("move_to", space=3))  # stays where she is
    s.apply(act("quest"))
    assert (s.active[CONNY], s.supply[CONNY]) == (2, 5)
    assert s.quest_first[0] == CONNY
    assert s.breakdown(CONNY)["quests"] == 7
    check_invariants(s)


def test_the_riven_oak_story_worth_three() -> None:
    s = scenario(grid={0: "The Riven Oak"}, seat=WILLIAM, season=SUMMER)
    take_encounter(s, WILLIAM, "Mine")  # 1
    take_encounter(s, WILLIAM, "Hermit")  # 2
    s.supply[WILLIAM] = 4
    g = gap_between(0, 1)
    place_villager(s, WILLIAM, g)
    s.apply(act("activate", gap=g, slot=0))
    s.apply(act("tell", encounter=enc("Mine")))
    s.apply(act("tell", encounter=enc("Hermit")))  # total 3: the story ends itself
    assert (s.vp[WILLIAM], s.str_[WILLIAM], s.active[WILLIAM]) == (2, 1, 3)
    assert s.told[WILLIAM] == [enc("Mine"), enc("Hermit")]


def test_two_stories_of_value_two_count_as_three() -> None:
    s = scenario(grid={0: "The Scarlet Dragon"}, seat=WILLIAM, season=SUMMER)
    take_encounter(s, WILLIAM, "Hermit")
    take_encounter(s, WILLIAM, "Marauders")
    take_encounter(s, WILLIAM, "Farm")  # value 0: cannot be told
    g = gap_between(0, 1)
    place_villager(s, WILLIAM, g)
    s.apply(act("activate", gap=g, slot=0))
    assert act("tell", encounter=enc("Farm")) not in s.legal_actions()
    s.apply(act("tell", encounter=enc("Hermit")))
    s.apply(act("tell", encounter=enc("Marauders")))
    assert s.vp[WILLIAM] == 3 + 2 + 1


def test_bonus_tokens_at_8_and_20() -> None:
    s = scenario(seat=CONNY, season=SUMMER)
    s.vp[CONNY] = 6
    give(s, CONNY, "Horn")
    s.apply(act("use_item", card=C_ID("Horn"), ability=0))  # 3 VP: 9, passing 8
    assert s.stack[-1].kind == "bonus"
    s.apply(act("bonus", token=2))  # a Villager
    assert (s.active[CONNY], s.supply[CONNY]) == (3, 3)
    assert s.bonus_left[CONNY] == 0b011
    s = scenario(seat=WILLIAM, season=SUMMER)
    s.vp[WILLIAM], s.bonus_stage[WILLIAM], s.bonus_left[WILLIAM] = 17, 1, 0b110
    give(s, WILLIAM, "Horn")
    s.apply(act("use_item", card=C_ID("Horn"), ability=0))
    assert s.stack[-1].kind == "bonus"
    assert act("bonus", token=0) not in s.legal_actions()
    s.apply(act("bonus", token=1))
    assert (s.str_[WILLIAM], s.mag[WILLIAM]) == (1, 1)
    assert s.bonus_left[WILLIAM] == 0 and s.bonus_stage[WILLIAM] == 2


def test_williams_final_score_of_61() -> None:
    s = scenario(seat=WILLIAM, season=SUMMER)
    s.vp[WILLIAM] = 26
    s.quest_done[WILLIAM] = (1 << 3) | (1 << 5)
    s.quest_first = [CONNY, -1, WILLIAM]  # later on Hammer (5), first on Edge (9)
    give(s, WILLIAM, "Lucan")
    give(s, WILLIAM, "Neris")
    s.str_[WILLIAM], s.mag[WILLIAM], s.coins[WILLIAM] = 4, 5, 8
    for name in ("Tommy", "Horn", "Magic Ring"):
        give(s, WILLIAM, name)
    b = s.breakdown(WILLIAM)
    assert b == {"track": 26, "quests": 14, "companions": 8, "items": 11, "skills": 2, "total": 61}


@pytest.mark.parametrize("strength,magic,expected", [(5, 5, 5), (3, 3, 2), (5, 2, 0), (4, 5, 2)])
def test_skill_bonus(strength: int, magic: int, expected: int) -> None:
    s = scenario()
    s.str_[0], s.mag[0] = strength, magic
    assert s.breakdown(0)["skills"] == expected
