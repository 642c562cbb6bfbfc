"""The rulebook's worked examples of the Past (brief §3, T1-T24), each a position with its numbers."""

from __future__ import annotations

import pytest

from talewood.engine import IllegalAction
from talewood.games.threetale.components.symbols import SPACE_KINDS
from talewood.games.threetale.tables import ART1, ART2, BAT1, HERO_BONUS, HOPE, LOVE, TRE1

from .helpers import (
    act,
    artifact,
    can,
    find,
    frame,
    from_toml,
    labels,
    pending_dice,
    roll,
    scenario,
    space,
    tile,
    virtue,
)

# -- T1: Fig. 1, the tile's components -------------------------------------------------------------

@pytest.mark.parametrize("degrees", [0, 90, 180, 270])
def test_t1_fig1_components_go_on_their_slots_and_turn_with_the_tile(degrees: int) -> None:
    s = scenario({"phase": "past", "next_tiles": ["01"], "turn": {"seat": 0, "start": "tile"}})
    act(s, f"Turn it {degrees}°")
    t = tile(s, "01")
    printed = ("battle1", "treasure3", "white", "empty")      # Fig. 1: Battle 1, Treasure 3, a white cube
    r = degrees // 90
    for k in range(4):
        kind = printed[(k - r) % 4]
        assert s.token[t * 4 + k] == (-1 if kind == "empty" else SPACE_KINDS.index(kind))
    assert sum(1 for x in s.token if x >= 0) == 3
    # step 2 of the first turn: the Hero goes on a space of that tile (a token may lie there)
    assert frame(s) == "StartSpace" and len(s.legal_actions()) == 4
    act(s, "Start on the north-west space")
    assert s.pos[0] == t * 4


# -- T2: Fig. 2, the Youngest Son's 2 Speed and 1 Action --------------------------------------------

def test_t2_fig2_youngest_son_moves_2_and_acts_once_along_the_way() -> None:
    s = from_toml("fig2_youngest_son")
    assert s.steps_left(1) == 2 and s.actions_left(1) == 1
    assert sorted(x.split(" to ")[0] for x in labels(s) if x.startswith("Step")) == ["Step east", "Step south"]
    act(s, "Step east")                       # 1 Step: onto the White Stone
    act(s, "Claim a White Stone", "Raise Love")
    assert virtue(s, 1, "love") == 5 and s.actions_left(1) == 0
    act(s, "Step south")                      # moving on after the Action (L207)
    assert s.pos[1] == space(s, "03:SE") and s.token[s.pos[1]] >= 0
    assert not can(s, "Claim")                # the Red Stone: no Action left
    assert not can(s, "Step")                 # a third Step: no Speed left
    assert can(s, "End your turn")


def test_t2_acting_first_then_moving_two_spaces() -> None:
    s = from_toml("fig2_youngest_son")
    s.pos[1] = space(s, "03:NE")
    s.invalidate()
    act(s, "Claim a White Stone", "Raise Hope", "Step south", "Step west")
    assert s.pos[1] == space(s, "03:SW") and s.steps_left(1) == 0


def test_t2_reachable_end_spaces() -> None:
    s = from_toml("fig2_youngest_son")
    reach = {s.pos[1]: 0}
    frontier = [s]
    while frontier:
        here = frontier.pop()
        for a in here.legal_actions():
            if here.describe(a).startswith("Step"):
                there = here.clone()
                there.apply(a)
                used = 2 - there.steps_left(1)
                if there.pos[1] not in reach or reach[there.pos[1]] > used:
                    reach[there.pos[1]] = used
                    frontier.append(there)
    assert reach == {space(s, "03:NW"): 0, space(s, "03:NE"): 1, space(s, "03:SW"): 1, space(s, "03:SE"): 2}


# -- T3: the map example's next tile --------------------------------------------------------------

def test_t3_next_tile_snaps_a_whole_edge_and_its_stones_turn_with_it() -> None:
    s = scenario({"phase": "past", "tiles": [{"tile": "01"}], "tokens": [{"space": "01:SE", "token": "none"}],
                  "heroes_at": ["01:SW", "", ""], "next_tiles": ["02"], "turn": {"seat": 0, "start": "tile"}})
    sides = sorted(label.split(" of ")[0] for label in labels(s))
    assert sides == [f"Snap Old Oak Hollow to the {d}" for d in ("east", "north", "south", "west")]
    far = s.t.ids.snap + tile(s, "05") * 4          # beside a tile that is not on the Map
    with pytest.raises(IllegalAction, match="not legal"):
        s.apply(far)
    act(s, "Snap Old Oak Hollow to the east of Boar's Glade", "Turn it 90°")
    t = tile(s, "02")
    assert (s.tile_x[t], s.tile_y[t]) == (1, 0)
    # White, Red, "Level 2 Artifact" (a Treasure 2 token, A-53) and Trees, a quarter turn clockwise
    assert [s.token[t * 4 + k] for k in range(4)] == [-1, SPACE_KINDS.index("white"), SPACE_KINDS.index("red"),
                                                      SPACE_KINDS.index("treasure2")]
    assert s.kind(t * 4) == SPACE_KINDS.index("tree")
    assert s.token[space(s, "01:SE")] == -1           # a Stone claimed earlier stays gone


# -- T4: the Forest Axe ---------------------------------------------------------------------------

def axe_battle(love: int = 7) -> object:
    return scenario({"phase": "past", "tiles": [{"tile": "01"}], "heroes_at": ["01:SW", "", ""],
                     "boards": [{"love": love, "speed": 5, "artifacts": ["A1-01"]}], "dice": "explicit",
                     "turn": {"seat": 0, "start": "battle", "card": "B1-01"}})


@pytest.mark.parametrize(("positive", "activate", "damage"), [(5, True, 6), (5, False, 5), (1, True, 2),
                                                              (1, False, 1)])
def test_t4_forest_axe_one_die_for_two_damage(positive: int, activate: bool, damage: int) -> None:
    s = axe_battle()
    act(s, "Roll your attack")
    roll(s, positive, dice=7)
    if activate:
        act(s, "Activate Forest Axe with 1 positive die")
    if frame(s) == "AfterHeroRoll":          # nothing more to choose: the damage is dealt at once
        act(s, f"Deal the damage ({damage})")
    assert s.battle.defense == 7 - damage


def test_t4_no_positive_die_no_activation() -> None:
    s = axe_battle()
    act(s, "Roll your attack")
    roll(s, 0, dice=7)
    assert not any("Forest Axe" in x for x in labels(s))


# -- T5: the Battle example, step by step ------------------------------------------------------------

def test_t5_the_battle_example() -> None:
    s = from_toml("battle_example")
    act(s, "Claim a Battle 1 token")
    assert s.token[s.pos[0]] == -1 and s.battle.card == 0 and s.battle.defense == 7
    assert s.battle.attacks_next == 0                                       # Speed 5 > 4: you attack first
    act(s, "Roll your attack")
    roll(s, 5, dice=7)                                         # 7 Love: 7 dice, 5 positive
    act(s, "Activate Forest Axe", "Deal the damage (6)")       # 4 + 2 = 6
    assert s.battle.defense == 1
    act(s, "Face the enemy's round of attack")
    roll(s, 2, dice=3)                                         # 3 Strength: 3 dice, 2 positive
    act(s, "Turn one of the enemy's positive dice blank")      # 3 Hope turns 1 die
    assert s.turns_left(0) == 0
    assert frame(s) == "TakeDamage" and s.stack[-1].total == 1  # nothing else to do: the hit lands
    act(s, "Lose 1 Endurance (4 → 3)")
    assert virtue(s, 0, "love") == 7 and virtue(s, 0, "endurance") == 3
    act(s, "Roll your attack")
    assert pending_dice(s) == 7
    roll(s, 3)
    act(s, "Deal the damage (3)")                              # 6 + 3 = 9: defeated
    assert s.battle.kind == 0 and s.discard[BAT1] == [0]
    assert s.spirit[0] == 3
    assert frame(s) == "KeepArtifact" and len(s.on_offer) == 3   # the prize: a Level 1 Artifact
    rolls = [e["text"] for e in s.log if e["type"] == "roll"]
    assert sum("rolls 7 dice" in r for r in rolls) == 2 and sum("rolls 3 dice" in r for r in rolls) == 1


def test_t5b_damage_on_love_rolls_fewer_dice_next_round() -> None:
    s = from_toml("battle_example")
    act(s, "Claim a Battle 1 token", "Roll your attack")
    roll(s, 5)
    act(s, "Activate Forest Axe", "Deal the damage", "Face the enemy's round of attack")
    roll(s, 2)
    act(s, "Turn one of the enemy's positive dice blank", "Lose 1 Love (7 → 6)")
    act(s, "Roll your attack")
    assert pending_dice(s) == 6                                # damage applies at once


# -- T6: spread the damage or block it all -----------------------------------------------------------

def hit_for_three(**board: int) -> object:
    s = scenario({"phase": "past", "tiles": [{"tile": "01"}], "heroes_at": ["01:SW", "", ""],
                  "boards": [{"speed": 1, "hope": 0, **board}], "dice": "explicit",
                  "turn": {"seat": 0, "start": "battle", "card": "B1-01"}})
    act(s, "Face the enemy's round of attack")
    roll(s, 3, dice=3)
    return s


def test_t6_spread_three_damage_or_block_with_spirit() -> None:
    s = hit_for_three(endeavor=4, hope=1)
    assert frame(s) == "TakeDamage"
    assert can(s, "Block all 3 damage with 1 Spirit (3 → 2)")
    act(s, "Lose 1 Endeavor", "Lose 1 Endeavor", "Lose 1 Hope")
    assert virtue(s, 0, "endeavor") == 2 and virtue(s, 0, "hope") == 0 and s.spirit[0] == 3


def test_t6_a_partial_split_is_not_possible() -> None:
    s = hit_for_three(endeavor=4)
    act(s, "Lose 1 Endeavor")
    assert not can(s, "Block")
    s2 = hit_for_three(endeavor=4)
    act(s2, "Block all 3 damage")
    assert s2.spirit[0] == 2 and virtue(s2, 0, "endeavor") == 4


def test_t6_too_few_virtues_only_spirit_blocks_and_the_last_kills() -> None:
    s = hit_for_three(love=1, faith=0, endeavor=0, endurance=0, mercy=0, spirit=1)
    assert labels(s) == ["Escape for 1 Spirit (1 → 0)", "Block all 3 damage with 1 Spirit (1 → 0)"]
    act(s, "Block")
    assert s.over and not s.result().team_won                                # R51


# -- T7: the Reminder --------------------------------------------------------------------------------

def test_t7_a_used_virtue_may_take_damage_and_what_it_did_stands() -> None:
    s = axe_battle()
    s.set_virtue(0, HOPE, 3)                      # Hope 3: one die this turn
    act(s, "Roll your attack")
    roll(s, 2)
    act(s, "Turn one of your blank dice positive", "Deal the damage (3)")
    assert s.battle.defense == 4
    act(s, "Face the enemy's round of attack")
    roll(s, 1)
    assert not can(s, "Turn one")                 # the turn was used this turn
    act(s, "Lose 1 Hope (3 → 2)")
    assert s.battle.defense == 4 and s.turns_left(0) == 0  # tier(2) = 0, minus the 1 used: none left


# -- T8: the Endeavor example ------------------------------------------------------------------------

@pytest.mark.parametrize(("endeavor", "faith", "actions"), [(3, 3, 3), (2, 3, 2), (7, 0, 3), (11, 0, 4)])
def test_t8_endeavor_and_a_bonus_action(endeavor: int, faith: int, actions: int) -> None:
    s = scenario({"phase": "past", "tiles": [{"tile": "01"}], "heroes_at": ["01:SW", "", ""],
                  "boards": [{"endeavor": endeavor, "faith": faith}], "decks": {"hero_bonus": ["HB-05"]},
                  "turn": {"seat": 0, "start": "start"}})
    assert s.actions_allowed(0) == actions


# -- T9: the Endurance example -----------------------------------------------------------------------

def end_turn(s: object, *then: str) -> None:
    act(s, "End your turn", *then)  # type: ignore[arg-type]


def test_t9_endurance_3_raises_another_virtue_by_1() -> None:
    s = scenario({"phase": "past", "tiles": [{"tile": "01"}], "heroes_at": ["01:SW", "", ""],
                  "boards": [{"endurance": 3, "love": 4, "mercy": 0}], "turn": {"seat": 0, "start": "turn"}})
    end_turn(s)
    assert frame(s) == "Endure" and not can(s, "Raise Endurance")     # "another" Virtue
    act(s, "Raise Love (4 → 5)")
    assert virtue(s, 0, "love") == 5 and frame(s) != "Endure"


def test_t9_endurance_2_raises_nothing() -> None:
    s = scenario({"phase": "past", "tiles": [{"tile": "01"}], "heroes_at": ["01:SW", "", ""],
                  "boards": [{"endurance": 2, "mercy": 0}], "turn": {"seat": 0, "start": "turn"}})
    end_turn(s)
    assert frame(s) != "Endure"


# -- T10: Love is the number of dice --------------------------------------------------------------------

@pytest.mark.parametrize("love", [4, 0])
def test_t10_love_is_the_dice_of_a_round(love: int) -> None:
    s = axe_battle(love=love)
    act(s, "Roll your attack")
    assert pending_dice(s) == love
    roll(s, 0)
    assert not any("Forest Axe" in x for x in labels(s))


# -- T11: the band table ------------------------------------------------------------------------------

@pytest.mark.parametrize(("value", "band"), [(0, 0), (2, 0), (3, 1), (6, 1), (7, 2), (10, 2), (11, 3), (13, 3)])
def test_t11_bands_of_hope_faith_endeavor_endurance_mercy(value: int, band: int) -> None:
    s = scenario({"phase": "past", "boards": [{name: value for name in ("hope", "faith", "endeavor", "endurance",
                                                                           "mercy")}]})
    assert [s.tier(0, v) for v in range(1, 6)] == [band] * 5


def test_t11_a_virtue_stops_at_13() -> None:
    s = scenario({"phase": "past", "boards": [{"love": 13}]})
    assert s.raise_virtue(0, LOVE) == 0 and virtue(s, 0, "love") == 13
    assert LOVE not in s.raisable(0)                  # a +1 goes to another Virtue


# -- T12: Endurance and Mercy at once ---------------------------------------------------------------------

def test_t12_mercy_raised_by_endurance_counts_next_turn() -> None:
    s = scenario({"phase": "past", "tiles": [{"tile": "01"}], "heroes_at": ["01:SW", "01:SE", ""],
                  "boards": [{"endurance": 3, "mercy": 6}], "turn": {"seat": 0, "start": "turn"}})
    end_turn(s, "Raise Mercy (6 → 7)")
    assert frame(s) == "MercyHero"
    act(s, "Raise a Virtue of The Youngest Son", "Raise The Youngest Son's Love")
    assert frame(s) != "MercyHero"                 # Mercy 6 gave 1, although it is now 7
    assert s.tier(0, 5) == 2                       # next turn it gives 2


def test_mercy_raises_each_hero_and_virtue_pair_once_and_never_its_own_hero() -> None:
    """Mercy 13 gives three +1s to other Heroes, each on a different (Hero, Virtue) (A-17): the Hero raised
    may be chosen again for another Virtue, and the other Hero's same Virtue is still a new pair."""
    s = scenario({"phase": "past", "tiles": [{"tile": "01"}], "heroes_at": ["01:SW", "01:SE", "01:NE"],
                  "boards": [{"endurance": 0, "mercy": 13}], "turn": {"seat": 0, "start": "turn"}})
    assert s.tier(0, 5) == 3
    end_turn(s)
    son, maiden = "Raise a Virtue of The Youngest Son", "Raise a Virtue of The Unborn Maiden"
    assert frame(s) == "MercyHero" and labels(s) == [son, maiden, "Raise nothing more"]
    act(s, son, "Raise The Youngest Son's Love (4 → 5)")
    act(s, son)
    assert not can(s, "Raise The Youngest Son's Love") and can(s, "Raise The Youngest Son's Hope (3 → 4)")
    act(s, "Raise The Youngest Son's Hope (3 → 4)")
    assert labels(s) == [son, maiden, "Raise nothing more"]
    act(s, maiden)
    assert can(s, "Raise The Unborn Maiden's Love")
    act(s, "Raise The Unborn Maiden's Love")
    assert frame(s) not in ("MercyHero", "MercyVirtue")    # three given
    assert virtue(s, 1, "love") == 5 and virtue(s, 1, "hope") == 4


# -- T13: who attacks first ---------------------------------------------------------------------------------

@pytest.mark.parametrize(("speed", "first"), [(4, 1), (5, 0), (3, 1)])
def test_t13_initiative_ties_go_to_the_enemy(speed: int, first: int) -> None:
    s = scenario({"phase": "past", "tiles": [{"tile": "01"}], "heroes_at": ["01:SW", "", ""],
                  "boards": [{"speed": speed}], "dice": "explicit",
                  "turn": {"seat": 0, "start": "battle", "card": "B1-01"}})
    assert s.battle.speed == 4 and s.battle.attacks_next == first


# -- T14: the Treasure table ----------------------------------------------------------------------------------

@pytest.mark.parametrize(("card", "positive", "outcome"), [
    ("T1-01", 0, "RaiseVirtue"), ("T1-01", 1, "+2 Shevitsa"), ("T1-01", 2, "+2 Shevitsa"), ("T1-01", 3, "KeepArtifact"),
    ("T2-01", 0, "nothing"), ("T2-01", 1, "KeepArtifact"), ("T2-01", 2, "KeepArtifact"), ("T2-01", 3, "KeepArtifact"),
    ("T3-01", 0, "LoseVirtue"), ("T3-01", 1, "nothing"), ("T3-01", 2, "nothing"), ("T3-01", 3, "KeepArtifact"),
])
def test_t14_treasure_outcome_by_positive_dice(card: str, positive: int, outcome: str) -> None:
    s = scenario({"phase": "past", "tiles": [{"tile": "01"}], "heroes_at": ["01:SW", "", ""],
                  "boards": [{"hope": 0}], "dice": "explicit", "turn": {"seat": 0, "start": "treasure", "card": card}})
    roll(s, positive, dice=3)
    level = int(card[1])
    assert s.discard[TRE1 + level - 1] == [s.t.c.treasures.index(next(x for x in s.t.c.treasures if x.id == card))]
    if outcome == "+2 Shevitsa":
        assert s.shev[0] == 2 and frame(s) == "Turn"
    elif outcome == "nothing":
        assert frame(s) == "Turn" and s.shev[0] == 0 and not s.arts[0]
    else:
        assert frame(s) == outcome
    if card == "T2-01" and positive == 3:
        assert all(s.t.artifacts[a].level == 2 for a in s.on_offer)


# -- T15: the Altar -------------------------------------------------------------------------------------------

def altar(**board: object) -> object:
    return scenario({"phase": "past", "tiles": [{"tile": "03"}], "tokens": [{"space": "03:NW", "token": "none"}],
                     "heroes_at": ["03:NW", "", ""], "boards": [{"endeavor": 2, **board}],
                     "turn": {"seat": 0, "start": "turn"}})


def test_t15_three_shevitsa_for_three_virtues_in_one_action() -> None:
    s = altar(shevitsa=3, love=3)
    act(s, "Use the Altar")
    for _ in range(3):
        act(s, "Sacrifice 1 Shevitsa for a Virtue", "Raise Love")
    act(s, "Stop sacrificing")
    assert virtue(s, 0, "love") == 6 and s.shev[0] == 0 and s.acts == 1


@pytest.mark.parametrize(("art", "shevitsa"), [("A1-03", 2), ("A2-03", 3), ("A3-03", 4)])
def test_t15_an_artifact_for_shevitsa(art: str, shevitsa: int) -> None:
    s = altar(artifacts=[art])
    act(s, "Use the Altar", f"Sacrifice {s.t.artifacts[artifact(s, art)].name} for {shevitsa} Shevitsa")
    a = artifact(s, art)
    assert s.shev[0] == shevitsa and a in s.deck[ART1 + int(art[1]) - 1]      # back in its deck


def test_t15_chaining_four_level_1_into_one_level_3_in_one_action() -> None:
    s = altar(artifacts=["A1-03", "A1-05", "A1-09", "A1-10"])
    act(s, "Use the Altar")
    for _ in range(2):
        act(s, "Sacrifice two Level 1 Artifacts for a Level 2")
        act(s, labels(s)[0])
        act(s, labels(s)[0])
        assert frame(s) == "KeepArtifact" and all(s.t.artifacts[a].level == 2 for a in s.on_offer)
        act(s, labels(s)[0].split(":")[0])
    act(s, "Sacrifice two Level 2 Artifacts for a Level 3")
    act(s, next(x for x in labels(s) if x.startswith("Sacrifice")))
    act(s, next(x for x in labels(s) if x.startswith("Sacrifice")))
    act(s, labels(s)[0].split(":")[0])
    assert [s.t.artifacts[a].level for a in s.arts[0]] == [3] and s.acts == 1
    assert len(s.deck[ART1]) == 12 and len(s.deck[ART2]) == 12        # the sacrificed ones are back


def test_t15_two_level_3_for_a_sacred_stone() -> None:
    s = altar(artifacts=["A3-03", "A3-05"])
    act(s, "Use the Altar", "Sacrifice two Level 3 Artifacts for a Sacred Stone", "Sacrifice Gloves of the Sun",
        "Sacrifice Crown of the Sun-King")
    assert s.stones[0] == 1 and not s.arts[0]


def test_t15_using_the_altar_twice_takes_two_actions() -> None:
    s = altar(shevitsa=2, endeavor=2)
    act(s, "Use the Altar", "Stop sacrificing")
    assert s.actions_left(0) == 0 and not can(s, "Use the Altar")


# -- T16: Offerings --------------------------------------------------------------------------------------------

def offering_team() -> object:
    return scenario({"phase": "past", "tiles": [{"tile": "03"}, {"tile": "01", "x": 1}],
                     "heroes_at": ["03:NW", "03:NE", "01:SE"], "boards": [{"endeavor": 7}],
                     "turn": {"seat": 0, "start": "turn"}})


def test_t16_an_altar_tile_gets_an_offering_and_blessings_go_1_2_3() -> None:
    s = scenario({"phase": "past", "next_tiles": ["03"], "turn": {"seat": 0, "start": "tile"}})
    act(s, "Turn it 0°", "Start on the north-east space")
    assert s.token[space(s, "03:NW")] == 14                              # the Offering on the Altar
    s = offering_team()
    act(s, "Claim an Offering", "Give an Offering to The Youngest Son")
    assert s.blessings == 1 and frame(s) == "Keeper"
    assert sorted(labels(s)) == ["The Silver Deer keeps the blessed Artifact",
                                 "The Youngest Son keeps the blessed Artifact"]
    act(s, "The Youngest Son keeps")
    assert all(s.t.artifacts[a].level == 1 for a in s.on_offer)
    act(s, labels(s)[0].split(":")[0])
    assert len(s.arts[1]) == 1 and s.acts == 2            # claiming and giving: an Action each
    s.offerings[0] = 2
    s.invalidate()
    act(s, "Give an Offering to The Youngest Son", "The Silver Deer keeps")
    assert all(s.t.artifacts[a].level == 2 for a in s.on_offer)


def test_t16_giving_to_a_hero_not_beside_you_is_not_possible() -> None:
    s = offering_team()
    act(s, "Claim an Offering")
    assert not can(s, "Give an Offering to The Unborn Maiden")         # 01:SE is not beside 03:NW


# -- T17: winning an Artifact ----------------------------------------------------------------------------------

def test_t17_draw_three_keep_one_the_rest_back() -> None:
    s = scenario({"phase": "past", "tiles": [{"tile": "01"}], "heroes_at": ["01:SW", "", ""],
                  "dice": "explicit", "turn": {"seat": 0, "start": "treasure", "card": "T2-01"}})
    roll(s, 3)
    assert len(s.on_offer) == 3 and len(s.deck[ART2]) == 9
    act(s, labels(s)[0].split(":")[0])
    assert len(s.deck[ART2]) == 11 and len(s.arts[0]) == 1


def test_t17_two_cards_left_draw_two_keep_one() -> None:
    s = scenario({"phase": "past", "tiles": [{"tile": "01"}], "heroes_at": ["01:SW", "", ""],
                  "boards": [{}, {"artifacts": [a.id for a in GAME_ART(2)[:10]]}], "dice": "explicit",
                  "turn": {"seat": 0, "start": "treasure", "card": "T2-01"}})
    roll(s, 3)
    assert len(s.on_offer) == 2


def GAME_ART(level: int) -> list:
    from .helpers import GAME

    return [a for a in GAME.content.artifacts if a.level == level]


# -- T18: Talents ------------------------------------------------------------------------------------------------

def test_t18_talents_cost_2_then_4_then_6_one_a_level_in_order() -> None:
    s = scenario({"phase": "past", "tiles": [{"tile": "01"}], "heroes_at": ["01:SW", "", ""],
                  "boards": [{"shevitsa": 2}], "turn": {"seat": 0, "start": "turn"}})
    assert not can(s, "Silver Antlers")                    # a Level 2 Talent before a Level 1
    act(s, "Develop the Talent Fleet of Hoof (2 Shevitsa)")
    assert s.shev[0] == 0 and not can(s, "Moonlit Meadows")  # not a second Talent of Level 1
    s.shev[0] = 3
    s.invalidate()
    assert not any(x.startswith("Develop") for x in labels(s))   # the second costs 4 more
    s.shev[0] = 5
    s.invalidate()
    act(s, "Develop the Talent Silver Antlers (4 Shevitsa)")
    assert s.shev[0] == 1
    s.shev[0] = 6
    s.invalidate()
    act(s, "Develop the Talent Leader of the Herd (6 Shevitsa)")
    assert s.shev[0] == 0 and not any(x.startswith("Develop") for x in labels(s))


# -- T19: Portals -------------------------------------------------------------------------------------------------

def test_t19_a_portal_is_one_step_and_moves_you_to_another_portal() -> None:
    s = from_toml("portals")
    acts = s.acts
    act(s, "Step west")
    assert frame(s) == "PortalTo"
    assert labels(s) == ["Travel to the Portal of the Mist", "Travel to the Portal of the Wind"]
    act(s, "Portal of the Wind")
    assert s.pos[0] == space(s, "09:NW")
    assert s.steps_left(0) == 1 and s.acts == acts          # not an Action


def test_t19_with_one_step_the_portal_still_moves_you() -> None:
    s = from_toml("portals")
    s.speed[0] = 1
    s.invalidate()
    act(s, "Step west")
    assert frame(s) == "PortalTo"


def test_t19_an_occupied_portal_only_if_you_can_move_on() -> None:
    s = from_toml("portals")
    s.pos[1] = next(tile(s, "07") * 4 + k for k in range(4) if s.kind(tile(s, "07") * 4 + k) == 2)
    s.speed[0] = 1
    s.invalidate()
    act(s, "Step west")                                     # only the free Portal is offered: moved at once
    assert s.pos[0] >> 2 == tile(s, "09")


# -- T20: occupied spaces ------------------------------------------------------------------------------------------

def test_t20_pass_through_a_hero_but_never_stop_or_act_there() -> None:
    s = scenario({"phase": "past", "tiles": [{"tile": "01"}], "heroes_at": ["01:SW", "01:SE", ""],
                  "boards": [{"speed": 2}], "turn": {"seat": 0, "start": "turn"}})
    assert can(s, "Step east")                              # onto The Youngest Son, moving on
    s.speed[0] = 1
    s.invalidate()
    assert not can(s, "Step east")                          # could not move on: cannot end there
    s.speed[0] = 2
    s.invalidate()
    act(s, "Step east")
    assert not can(s, "End your turn") and not can(s, "Claim")
    act(s, "Step north")
    assert can(s, "End your turn")


def test_t20_ending_on_a_battle_token_without_fighting() -> None:
    s = scenario({"phase": "past", "tiles": [{"tile": "01"}], "heroes_at": ["01:SW", "", ""],
                  "turn": {"seat": 0, "start": "turn"}})
    act(s, "Step north", "End your turn")
    assert s.token[space(s, "01:NW")] == SPACE_KINDS.index("battle1")


# -- T21, T22: escape and death ---------------------------------------------------------------------------------------

def test_t21_escape_before_a_roll_for_one_spirit_no_reward() -> None:
    s = axe_battle()
    act(s, "Escape for 1 Spirit")
    assert s.spirit[0] == 2 and s.battle.kind == 0 and s.discard[BAT1] == [0] and not s.arts[0][1:]
    assert frame(s) == "Turn"


def test_t22_escaping_with_the_last_spirit_is_death() -> None:
    s = axe_battle()
    s.spirit[0] = 1
    s.invalidate()
    act(s, "Escape for 1 Spirit")
    assert s.over and not s.result().team_won and s.result().details[-1]["reason"] == "The Silver Deer died"


# -- T23: the Quest example --------------------------------------------------------------------------

def test_t23_win_five_battles_counted_from_the_draw() -> None:
    s = scenario({"phase": "past", "tiles": [{"tile": "01"}], "heroes_at": ["01:SW", "", ""],
                  "boards": [{"quests": ["Q-01"], "love": 13, "speed": 9}], "dice": "explicit",
                  "turn": {"seat": 0, "start": "turn"}})
    from talewood.games.threetale.battle.start import start_battle

    for won in range(5):
        card = s.draw_card(BAT1)
        start_battle(s, 0, 1, card)
        s.settle()
        while s.battle.kind:
            if frame(s) == "BeforeRound":
                act(s, "Roll your attack")
            roll(s, 13)
            if frame(s) == "AfterHeroRoll":
                act(s, "Deal the damage")
        assert s.quests[0][1:] == ([won + 1] if won < 4 else [])
    assert frame(s) == "KeepArtifact" and all(s.t.artifacts[a].level == 2 for a in s.on_offer)


# -- T24: Bonus cards --------------------------------------------------------------------------

def test_t24_faith_7_draws_two_a_two_effect_card_is_one_or_the_other_all_go_back() -> None:
    s = scenario({"phase": "past", "tiles": [{"tile": "01"}], "heroes_at": ["01:SW", "", ""],
                  "boards": [{"faith": 7}], "decks": {"hero_bonus": ["HB-02", "HB-01"]},
                  "turn": {"seat": 0, "start": "start"}})
    assert len(s.bonus_hand) == 2 and s.turn.speed == 2               # Swift Wind acts as drawn
    assert can(s, "Use Second Wind: +1 Speed this turn") and can(s, "Use Second Wind: +1 Action this turn")
    act(s, "Use Second Wind: +1 Action this turn")
    assert s.actions_allowed(0) == 2 and not can(s, "Use Second Wind")
    act(s, "End your turn")
    assert len(s.deck[HERO_BONUS]) == 10 and not s.bonus_hand       # back, and shuffled


def test_find_helper_refuses_ambiguous_labels() -> None:
    s = from_toml("fig2_youngest_son")
    with pytest.raises(AssertionError):
        find(s, "Step")
