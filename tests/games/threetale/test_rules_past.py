"""One focused test per rule of the design brief's §2 (R1-R85) that the worked examples do not cover:
the frame of the game, setup, the Prophecy Phase, the Past's turn, Virtues, movement, map objects,
Artifacts, Treasure, Quests, Bonus cards and battle."""

from __future__ import annotations

import math

import pytest

from talewood.engine import CHANCE, IllegalAction, InvalidOption, InvalidPlayerCount
from talewood.games.threetale import rulings
from talewood.games.threetale.state_fields import FUTURE, PAST, PRESENT, SETUP
from talewood.games.threetale.tables import (
    ART1,
    ART3,
    BAT1,
    BAT2,
    ENEMY_BONUS,
    HERO_BONUS,
    QUESTS,
    SLOT_NAMES,
    TRE1,
    TRE2,
    TRE3,
)

from .helpers import GAME, act, artifact, can, frame, labels, pending_dice, roll, scenario, space, tile, virtue

TEAM = "silver_deer+youngest_son+unborn_maiden"
HANDS = SLOT_NAMES.index("hands")


def past(position: dict | None = None, **board: object) -> object:
    """A Past turn of seat 0 on Boar's Glade (01), standing on its open south-west space."""
    pos = {"phase": "past", "tiles": [{"tile": "01"}], "heroes_at": ["01:SW", "", ""],
           "boards": [board], "turn": {"seat": 0, "start": "turn"}, **(position or {})}
    return scenario(pos)


# -- 2.1 the frame: R1-R5 ------------------------------------------------------------------------------

def test_r1_the_team_wins_or_loses_together() -> None:
    s = past(spirit=1)
    s.lose_spirit(0)
    r = s.result()
    assert r.cooperative and r.team_won is False and r.winners == [] and len(set(r.scores)) == 1
    assert GAME.cooperative and GAME.teams(3) == [[0, 1, 2]]


def test_r2_always_three_heroes() -> None:
    assert GAME.min_players == GAME.max_players == 3
    with pytest.raises(InvalidPlayerCount, match="played by 3 players, not 2"):
        GAME.new_game(2, 1)


def test_r3_a_win_ends_the_game_at_once() -> None:
    s = scenario({"phase": "future", "future": "information_flood",
                  "tiles": [{"tile": "03"}, {"tile": "01", "x": 1}], "figure": "03:NW",
                  "heroes_at": ["03:NE", "03:SW", "01:SW"], "future_state": {"wow": 42},
                  "boards": [{}, {}, {"speed": 2}],
                  "turn": {"seat": 2, "start": "turn", "round": 1}})
    act(s, "Step west")                                 # 01:SW -> 03:SE: all three beside the Ark
    assert s.over and s.result().team_won and s.stack == []


def test_r4_a_hero_s_death_loses_for_everyone() -> None:
    s = past(spirit=1)
    s.lose_spirit(0)
    assert s.over and s.result().details[-1]["reason"] == "The Silver Deer died"


def test_r5_phases_in_order() -> None:
    s = GAME.new_game(3, 4, {"heroes": TEAM, "future": "nine_rings"})
    phases = [s.phase]
    rng = __import__("talewood.engine", fromlist=["Rng"]).Rng(2)
    while not s.over:
        legal = s.legal_actions()
        s.apply(legal[rng.below(len(legal))])
        if s.phase != phases[-1]:
            phases.append(s.phase)
    assert phases[:2] == [SETUP, PAST]
    assert phases in ([SETUP, PAST], [SETUP, PAST, PRESENT, FUTURE], [SETUP, PAST, FUTURE])


# -- 2.2, 2.3 setup and the Prophecy Phase: R6-R10 --------------------------------------------------------

def test_r6_every_deck_laid_out_by_level() -> None:
    s = GAME.new_game(3, 1)
    assert [len(s.deck[ART1 + i]) for i in range(3)] == [12, 12, 12]
    assert [len(s.deck[BAT1 + i]) for i in range(3)] == [10, 10, 10]
    assert [len(s.deck[TRE1 + i]) for i in range(3)] == [10, 10, 10]
    assert len(s.deck[QUESTS]) == 10 and len(s.deck[HERO_BONUS]) == 10 and len(s.deck[ENEMY_BONUS]) == 10
    assert len(s.tile_stack) == 30 and not s.placed


def test_r7_the_future_box_stays_closed_until_the_present() -> None:
    s = GAME.new_game(3, 1)
    assert s.view(0)["future"] is None and s.future == -1


def test_r8_three_prophecies_drawn_and_read() -> None:
    s = GAME.new_game(3, 7)
    view = s.view(None)
    assert len(view["prophecies"]) == rulings.PROPHECIES_DRAWN == 3
    assert all(p["statistics"] and p["story"] and p["text"] for p in view["prophecies"])
    assert len({p["id"] for p in view["prophecies"]}) == 3


def test_r9_each_player_picks_a_hero_after_the_prophecies() -> None:
    s = GAME.new_game(3, 7)
    assert frame(s) == "PickHero" and s.current_player == 0 and len(s.prophecies) == 3
    assert len(s.legal_actions()) == 5
    act(s, "Play Sun and Moon")
    assert s.current_player == 1 and not can(s, "Play Sun and Moon") and len(s.legal_actions()) == 4
    act(s, "Play The Silver Deer", "Play The Queen of Living Water")
    assert [s.name(x) for x in range(3)] == ["Sun and Moon", "The Silver Deer", "The Queen of Living Water"]
    assert s.virtues(0) == list(s.t.c.hero("sun_and_moon").virtues) and s.spirit == [3, 3, 3]


def test_r10_the_tutorial_knows_its_future_from_the_start() -> None:
    s = GAME.new_game(3, 3, {"tutorial": True, "heroes": TEAM})
    tutorial = next(p for p in s.t.c.prophecies if p.tutorial)
    assert [s.t.c.prophecies[p].id for p in s.prophecies] == [tutorial.id]
    assert s.t.c.futures[s.future].id == tutorial.future and s.view(0)["future"]["name"] == "The Nine Rings of Creation"
    with pytest.raises(InvalidOption, match="tutorial"):
        GAME.new_game(3, 3, {"tutorial": True, "future": "crown_of_evil"})


# -- 2.4 the Past's turns: R11-R15 --------------------------------------------------------------------------

def test_r11_the_team_sets_the_turn_order_for_the_past() -> None:
    s = GAME.new_game(3, 2, {"heroes": TEAM})
    assert frame(s) == "ChooseOrder" and not can(s, "Keep")
    act(s, "The Unborn Maiden takes the first turn", "The Silver Deer takes the second turn")
    assert s.order == [2, 0, 1] and s.cur == 2


def test_r12_first_turn_draw_snap_turn_place_then_later_turns_skip_the_placing() -> None:
    s = GAME.new_game(3, 2, {"heroes": TEAM})
    act(s, "The Silver Deer takes the first turn", "The Youngest Son takes the second turn")
    assert frame(s) == "Rotate" and len(s.drawn) == 1             # the first tile: at the middle of the table
    act(s, "Turn it 0°")
    assert frame(s) == "StartSpace"
    act(s, labels(s)[0])
    assert frame(s) == "Turn"
    act(s, "End your turn")
    while frame(s) != "Turn" or s.cur != 0:
        if frame(s) == "StartSpace":
            act(s, labels(s)[0])
        else:
            s.apply(s.legal_actions()[0] if frame(s) != "Turn" else s.t.ids.end_turn)
    assert s.turn_no == 4 and frame(s) == "Turn"          # the 4th turn: no StartSpace (step 2 skipped)
    assert not any(e["type"] == "start" and "Silver" in e["text"] for e in s.log[-10:])


def test_r13_moving_zero_steps_is_allowed() -> None:
    s = past()
    act(s, "End your turn")
    assert s.pos[0] == space(s, "01:SW")


def test_r14_r15_thirty_tiles_ten_turns_each_then_the_present() -> None:
    s = GAME.new_game(3, 5, {"heroes": TEAM, "future": "nine_rings"}, tracked=False)
    turns: list[int] = []
    while s.phase in (SETUP, PAST):
        if frame(s) == "Turn" and (not turns or s.turn_no != len(turns)):
            turns.append(s.cur)
        if frame(s) == "Turn":
            s.apply(s.t.ids.end_turn)
        else:
            s.apply(s.legal_actions()[0])
    assert len(turns) == 30 and turns[:6] == [0, 1, 2, 0, 1, 2]
    assert [turns.count(x) for x in range(3)] == [10, 10, 10]
    assert len(s.placed) == 30 and s.phase in (PRESENT, FUTURE)


# -- 2.5 the Present: R16-R17 -----------------------------------------------------------------------------

def test_r16_one_of_the_three_prophecies_at_random() -> None:
    s = GAME.new_game(3, 5, {"heroes": TEAM}, tracked=False, explicit_chance=True)
    while s.current_player != CHANCE or s.phase != PRESENT:
        if s.current_player == CHANCE:
            s.apply(s.legal_actions()[0])
        elif frame(s) == "Turn":
            s.apply(s.t.ids.end_turn)
        else:
            s.apply(s.legal_actions()[0])
    outcomes = dict(s.chance_outcomes())
    assert sorted(outcomes) == sorted(s.prophecies) and all(math.isclose(p, 1 / 3) for p in outcomes.values())


def test_r17_the_order_may_change_in_the_present() -> None:
    s = GAME.new_game(3, 5, {"heroes": TEAM, "future": "path_of_initiation"}, tracked=False)
    while s.phase != PRESENT:
        s.apply(s.t.ids.end_turn if frame(s) == "Turn" else s.legal_actions()[0])
    assert frame(s) == "ChooseOrder" and can(s, "Keep the turn order")
    act(s, "The Youngest Son takes the first turn", "The Unborn Maiden takes the second turn")
    assert s.order == [1, 2, 0]


# -- 2.6 dice and Virtues: R18-R28 --------------------------------------------------------------------------

def test_r18_a_roll_counts_positive_faces_three_of_six() -> None:
    s = past()
    assert s.t.positive == 0.5
    assert [p for _, p in s.t.roll_odds(3)] == [1 / 8, 3 / 8, 3 / 8, 1 / 8]
    assert rulings.BATTLE_ROUND_LIMIT > 0 and len(s.t.roll_odds(20)) == 21     # any number of dice


def test_r19_a_white_stone_raises_a_virtue_of_your_choice() -> None:
    s = past({"heroes_at": ["01:SE", "", ""]})
    act(s, "Claim a White Stone")
    assert frame(s) == "RaiseVirtue" and len(labels(s)) == 6
    act(s, "Raise Mercy (1 → 2)")
    assert virtue(s, 0, "mercy") == 2


def test_r21_a_bonus_love_adds_dice_to_every_round_this_turn() -> None:
    s = scenario({"phase": "past", "tiles": [{"tile": "01"}], "heroes_at": ["01:NW", "", ""],
                  "boards": [{"love": 4, "faith": 3, "speed": 9}], "decks": {"hero_bonus": ["HB-03"],
                                                                              "battle1": ["B1-01"]},
                  "dice": "explicit", "turn": {"seat": 0, "start": "start"}})
    assert s.turn.love == 2 and virtue(s, 0, "love") == 4            # not a Virtue
    act(s, "Claim a Battle 1", "Roll your attack")
    assert pending_dice(s) == 6
    roll(s, 0)
    act(s, "Face the enemy")
    roll(s, 0)
    act(s, "Roll your attack")
    assert pending_dice(s) == 6


def test_r22_hope_is_one_budget_for_the_whole_turn() -> None:
    s = scenario({"phase": "past", "tiles": [{"tile": "01"}], "heroes_at": ["01:SW", "", ""],
                  "boards": [{"love": 2, "hope": 3, "speed": 9}], "dice": "explicit",
                  "turn": {"seat": 0, "start": "battle", "card": "B1-01"}})
    act(s, "Roll your attack")
    roll(s, 0)
    act(s, "Turn one of your blank dice positive")      # nothing more to choose: 1 damage dealt
    assert s.battle.defense == 6
    act(s, "Face the enemy")
    roll(s, 3)
    assert not can(s, "Turn one")                      # the band's one die is spent for the turn


def test_r22_hope_on_every_roll_with_the_option() -> None:
    s = scenario({"phase": "past", "tiles": [{"tile": "01"}], "heroes_at": ["01:SW", "", ""],
                  "boards": [{"love": 2, "hope": 3, "speed": 9}], "dice": "explicit",
                  "turn": {"seat": 0, "start": "battle", "card": "B1-01"}}, {"hope_scope": "per_roll"})
    act(s, "Roll your attack")
    roll(s, 0)
    act(s, "Turn one of your blank dice positive", "Face the enemy")
    roll(s, 3)
    assert can(s, "Turn one of the enemy's positive dice blank")


# R24 (L199; the rulebook is silent on a change mid-turn, ruling ACTIONS_FOLLOW_ENDEAVOR): a White Stone that lifts
# Endeavor into the 3-6 band adds its Action at once
def test_r24_endeavor_raised_mid_turn_adds_its_action_at_once() -> None:
    s = past({"heroes_at": ["01:SE", "", ""]}, endeavor=2)
    assert s.actions_left(0) == 1                        # the 1 every Hero has; Endeavor 2 adds none
    act(s, "Claim a White Stone", "Raise Endeavor (2 → 3)")
    assert s.actions_left(0) == 1 and "1 Action left" in s.prompt()
    act(s, "Step north")
    act(s, "Claim a Treasure 3")                         # the Action the raise gave


def test_r23_faith_below_3_draws_nothing() -> None:
    s = past({"turn": {"seat": 0, "start": "start"}}, faith=2)
    assert s.bonus_hand == []


def test_r26_mercy_never_raises_your_own_virtues() -> None:
    s = scenario({"phase": "past", "tiles": [{"tile": "01"}], "heroes_at": ["01:SW", "01:SE", "01:NE"],
                  "boards": [{"mercy": 7, "endurance": 0}], "turn": {"seat": 0, "start": "turn"}})
    act(s, "End your turn")
    assert frame(s) == "MercyHero"
    assert sorted(labels(s)) == ["Raise a Virtue of The Unborn Maiden", "Raise a Virtue of The Youngest Son",
                                 "Raise nothing more"]
    act(s, "Raise a Virtue of The Youngest Son", "Raise The Youngest Son's Love")
    assert frame(s) == "MercyHero"                         # Mercy 7: two increases
    act(s, "Raise a Virtue of The Youngest Son")
    assert not can(s, "Raise The Youngest Son's Love")     # another Virtue


# -- 2.7 movement: R29-R34 ------------------------------------------------------------------------------

def test_r29_no_diagonal_step_without_the_leggings() -> None:
    s = past()
    assert not any("north-east" in x.split(" to ")[0] for x in labels(s))
    s = past(artifacts=["A1-10"])
    act(s, "Step north-east")
    assert s.pos[0] == space(s, "01:NE") and not any(x.startswith("Step south-west") for x in labels(s))


def test_r30_trees_cannot_be_entered() -> None:
    s = scenario({"phase": "past", "tiles": [{"tile": "02"}], "heroes_at": ["02:SE", "", ""],
                  "turn": {"seat": 0, "start": "turn"}})
    assert s.kind(space(s, "02:SW")) == 0 and not can(s, "Step west")
    s = scenario({"phase": "past", "tiles": [{"tile": "02"}], "heroes_at": ["02:SE", "", ""],
                  "boards": [{"artifacts": ["A3-10"], "speed": 1}], "turn": {"seat": 0, "start": "turn"}})
    assert not can(s, "Step west")                         # Boots of the Zmey: through, never onto at the end
    s.speed[0] = 2
    s.invalidate()
    act(s, "Step west")
    assert not can(s, "End your turn")


def test_r34_a_black_stone_raises_speed() -> None:
    s = scenario({"phase": "past", "tiles": [{"tile": "04"}], "heroes_at": ["04:NE", "", ""],
                  "turn": {"seat": 0, "start": "turn"}})
    before = s.speed[0]
    act(s, "Claim a Black Stone")
    assert s.speed[0] == before + 1 and s.steps_left(0) == before + 1


# -- 2.8 actions and map objects: R35-R38 ----------------------------------------------------------------

def test_r35_claiming_needs_you_on_the_space() -> None:
    s = past()
    assert not can(s, "Claim")                             # an open space: nothing lies here
    act(s, "Step north")
    assert can(s, "Claim a Battle 1 token")


@pytest.mark.parametrize(("where", "label", "check"), [
    ("01:SE", "Claim a White Stone", lambda s: frame(s) == "RaiseVirtue"),
    ("02:NE", "Claim a Red Stone", lambda s: s.shev[0] == 1),
    ("01:NE", "Claim a Treasure 3 token", lambda s: s.roll.kind == 1 and s.roll.card >= 0),
    ("01:NW", "Claim a Battle 1 token", lambda s: s.battle.kind == 1),
    ("12:NE", "Claim a Quest token", lambda s: len(s.quests[0]) == 2),
])
def test_r37_each_token_does_what_it_says_and_leaves_the_map(where: str, label: str, check: object) -> None:
    s = scenario({"phase": "past", "tiles": [{"tile": "01"}, {"tile": "02", "x": 1}, {"tile": "12", "x": 2}],
                  "heroes_at": [where, "", ""], "dice": "explicit", "turn": {"seat": 0, "start": "turn"}})
    act(s, label)
    assert s.token[space(s, where)] == -1 and s.acts == 1 and check(s)  # type: ignore[operator]


def test_r36_an_altar_stays_and_serves_every_turn() -> None:
    s = scenario({"phase": "past", "tiles": [{"tile": "03"}], "heroes_at": ["03:NW", "", ""],
                  "boards": [{"endeavor": 3}], "turn": {"seat": 0, "start": "turn"}})
    act(s, "Claim an Offering", "Use the Altar", "Stop sacrificing")
    assert s.kind(space(s, "03:NW")) == 1 and s.token[space(s, "03:NW")] == -1


# -- 2.9, 2.10 Offerings and the Altar: R42 ----------------------------------------------------------------

def test_r42_the_future_takes_offerings_off_the_map_but_held_ones_may_still_be_blessed() -> None:
    s = scenario({"phase": "future", "future": "path_of_initiation",
                  "tiles": [{"tile": "03"}, {"tile": "21", "x": 1}, {"tile": "01", "x": 0, "y": 1}],
                  "tokens": [{"space": "03:NW", "token": "offering"}], "heroes_at": ["03:NE", "03:SE", "01:SW"],
                  "boards": [{"offerings": 1}], "turn": {"start": "future"}})
    act(s, "Set up the Throne on Vampir's Graveyard")
    assert s.token[space(s, "03:NW")] != 14
    assert frame(s) == "Turn" and can(s, "Give an Offering to The Youngest Son")
    act(s, "Give an Offering to The Youngest Son")
    assert frame(s) == "Keeper"


# -- 2.12-2.14 Spirit, Sacred Stone, Artifacts: R48-R60 ----------------------------------------------------

def test_r48_three_spirit_at_the_start() -> None:
    s = GAME.new_game(3, 1, {"heroes": TEAM})
    assert s.spirit == [3, 3, 3]


def test_r52_spirit_never_rises_above_three() -> None:
    s = scenario({"phase": "future", "future": "path_of_initiation", "tiles": [{"tile": "12"}, {"tile": "03", "x": 1}],
                  "figure": "03:NW", "tokens": [{"space": "12:NE", "token": "crystal"}],
                  "heroes_at": ["12:NE", "", ""], "decks": {"crystals": ["S4-CR-03"]},
                  "turn": {"seat": 0, "start": "turn", "round": 1}})
    act(s, "Claim a Crystal")
    assert s.spirit[0] == 3 and frame(s) == "RaiseVirtue" and s.stack[-1].left == 3   # full: 3 Virtues instead


def test_r54_a_sacred_stone_does_nothing_in_a_past_battle() -> None:
    s = scenario({"phase": "past", "tiles": [{"tile": "01"}], "heroes_at": ["01:SW", "", ""],
                  "boards": [{"sacred_stones": 2}], "dice": "explicit",
                  "turn": {"seat": 0, "start": "battle", "card": "B1-01"}})
    assert not can(s, "Sacred Stone")


def test_r55_one_artifact_a_slot_changed_only_before_moving_or_acting() -> None:
    s = past(artifacts=["A1-01", "A2-02"])
    axe, hammer = artifact(s, "A1-01"), artifact(s, "A2-02")
    assert s.in_slot(0, HANDS) == axe and hammer in s.arts[0]               # both hands: the first is used
    act(s, "Put Smith's Hammer in your hands slot")
    assert s.in_slot(0, HANDS) == hammer and not can(s, "Put Forest Axe")   # a slot changes once a turn
    s = past(artifacts=["A1-01", "A2-02"])
    act(s, "Step north")
    assert not can(s, "Put Smith's Hammer")                               # only at the start of the turn


def test_r57_a_passive_artifact_works_a_one_time_one_goes_back_to_its_deck() -> None:
    s = scenario({"phase": "past", "tiles": [{"tile": "01"}], "heroes_at": ["01:SW", "", ""],
                  "boards": [{"love": 3, "speed": 9, "artifacts": ["A1-03", "A1-12"]}], "dice": "explicit",
                  "turn": {"seat": 0, "start": "battle", "card": "B1-01"}})
    act(s, "Roll your attack")
    assert pending_dice(s) == 4                               # Leather Gloves: +1 die in the first round
    s = past(artifacts=["A1-12"])
    act(s, "Use Seven-League Step")
    assert s.turn.speed == 3 and artifact(s, "A1-12") in s.deck[ART1] and not s.arts[0]


def test_r59_giving_an_artifact_is_an_action_to_a_hero_beside_you() -> None:
    s = scenario({"phase": "past", "tiles": [{"tile": "01"}], "heroes_at": ["01:SW", "01:SE", "01:NE"],
                  "boards": [{"artifacts": ["A1-01"]}], "turn": {"seat": 0, "start": "turn"}})
    assert can(s, "Give an Artifact to The Youngest Son") and not can(s, "Give an Artifact to The Unborn Maiden")
    act(s, "Give an Artifact to The Youngest Son", "Give Forest Axe")
    assert s.arts[1] == [artifact(s, "A1-01")] and s.acts == 1 and s.in_slot(1, HANDS) == artifact(s, "A1-01")


# -- 2.15 Treasure: R63 -----------------------------------------------------------------------------------

def test_r63_an_empty_treasure_deck_takes_its_discards() -> None:
    s = scenario({"phase": "past", "tiles": [{"tile": "01"}], "heroes_at": ["01:NE", "", ""],
                  "dice": "explicit", "turn": {"seat": 0, "start": "turn"}})
    s.discard[TRE3] = s.deck[TRE3]
    s.deck[TRE3] = []
    s.invalidate()
    act(s, "Claim a Treasure 3")
    assert s.roll.card >= 0 and len(s.deck[TRE3]) == 9 and s.discard[TRE3] == []


# -- 2.16 Quests: R64-R65 -----------------------------------------------------------------------------------

def test_r64_several_quests_held_each_fulfilled_at_once() -> None:
    s = scenario({"phase": "past", "tiles": [{"tile": "01"}], "heroes_at": ["01:SE", "", ""],
                  "boards": [{"quests": ["Q-08", "Q-02"], "love": 9, "shevitsa": 0}],
                  "turn": {"seat": 0, "start": "turn"}})
    act(s, "Claim a White Stone", "Raise Love (9 → 10)")
    assert [s.t.c.quests[q].id for q in s.quests[0][0::2]] == ["Q-02"]      # Strength of Heart: fulfilled
    assert s.shev[0] == 3                                                  # Spirit full: 3 Shevitsa


def test_r65_quests_end_with_the_past() -> None:
    s = scenario({"phase": "future", "future": "nine_rings", "tiles": [{"tile": "01"}, {"tile": "03", "x": 1}],
                  "figure": "03:NW", "heroes_at": ["01:SE", "", ""],
                  "boards": [{"quests": ["Q-08"], "love": 9}], "turn": {"seat": 0, "start": "turn", "round": 1}})
    s.raise_virtue(0, 0)
    assert len(s.quests[0]) == 2 and virtue(s, 0, "love") == 10


# -- 2.17, 2.18 Bonus cards and battle: R66-R76 -------------------------------------------------------------

def test_r66_r70_a_level_2_enemy_draws_its_bonus_cards_before_the_battle() -> None:
    s = scenario({"phase": "past", "tiles": [{"tile": "01"}], "heroes_at": ["01:SW", "", ""],
                  "decks": {"enemy_bonus": ["EB-02"]}, "dice": "explicit",
                  "turn": {"seat": 0, "start": "battle", "card": "B2-01"}})
    assert [s.t.enemy_bonus[c].id for c in s.battle.bonus_cards] == ["EB-02"]
    assert s.battle.strength == 4 + 2      # Fury: +2 Strength
    act(s, "Escape")
    assert len(s.deck[ENEMY_BONUS]) == 10 and s.discard[BAT2] == [10]


def test_a_clone_fights_its_own_battle_rolls_its_own_dice_and_counts_its_own_turn() -> None:
    s = scenario({"phase": "past", "tiles": [{"tile": "01"}], "heroes_at": ["01:SW", "", ""],
                  "decks": {"enemy_bonus": ["EB-02"]}, "dice": "explicit",
                  "turn": {"seat": 0, "start": "battle", "card": "B2-01"}})
    before = s.state_hash()
    bonus = s.battle.bonus_cards[:]
    copy = s.clone()
    assert copy.state_hash() == before
    copy.battle.bonus_cards.append(copy.battle.bonus_cards[0])
    copy.battle.defense -= 1
    copy.roll.positive += 1
    copy.turn.used |= 1
    assert s.battle.bonus_cards == bonus and s.state_hash() == before


def test_r70_a_level_3_enemy_uses_its_talent() -> None:
    s = scenario({"phase": "past", "tiles": [{"tile": "01"}], "heroes_at": ["01:SW", "", ""],
                  "boards": [{"speed": 1}], "decks": {"enemy_bonus": ["EB-09"]}, "dice": "explicit",
                  "turn": {"seat": 0, "start": "battle", "card": "B3-02"}})
    act(s, "Face the enemy")
    assert pending_dice(s) == 5 + 2                      # the Zmey's Fire Breath: 2 more dice in its first round


def test_r74_a_battle_goes_on_until_one_side_falls_or_flees() -> None:
    s = scenario({"phase": "future", "future": "nine_rings",
                  "tiles": [{"tile": "17"}, {"tile": "03", "x": 1}], "figure": "03:NW",
                  "tokens": [{"space": "17:NW", "token": "heartless_ruler"}], "heroes_at": ["17:NW", "", ""],
                  "boards": [{"love": 0, "speed": 9}], "dice": "explicit", "decks": {"heartless_rulers": ["S1-HR-01"]},
                  "turn": {"seat": 0, "start": "turn", "round": 1}})
    act(s, "Claim a Heartless Ruler")
    for _ in range(rulings.BATTLE_ROUND_LIMIT):
        roll(s, 0)                                       # 0 dice against 5: no one hurts anyone
        roll(s, 0)
    assert s.battle.kind == 0 and frame(s) == "Turn" and s.rings[0] == 0   # it flees after the limit, no reward


def test_r75_a_coiled_serpent_cannot_be_escaped() -> None:
    s = scenario({"phase": "past", "tiles": [{"tile": "01"}], "heroes_at": ["01:SW", "", ""],
                  "boards": [{"speed": 9}], "dice": "explicit", "decks": {"enemy_bonus": ["EB-09", "EB-10"]},
                  "turn": {"seat": 0, "start": "battle", "card": "B3-09"}})
    assert not can(s, "Escape")


def test_illegal_actions_are_refused_with_a_reason() -> None:
    s = past()
    with pytest.raises(IllegalAction, match="not legal now"):
        s.apply(s.t.ids.claim)
    with pytest.raises(IllegalAction, match="not an action id"):
        s.apply(-3)


def test_bonus_deck_used_and_returned_each_turn() -> None:
    s = past({"decks": {"hero_bonus": ["HB-10"]}, "turn": {"seat": 0, "start": "start"}}, faith=3)
    assert [s.t.hero_bonus[c].id for c in s.bonus_hand] == ["HB-10"]          # Empty Sky: nothing
    act(s, "End your turn")
    assert len(s.deck[HERO_BONUS]) == 10


def test_tiles_ids_are_known() -> None:
    s = past()
    assert tile(s, "01") == 0 and ART3 == 2 and TRE2 == 7


def test_r68_the_bonus_deck_is_shuffled_at_the_end_of_the_turn() -> None:
    s = past({"decks": {"hero_bonus": ["HB-10", "HB-01", "HB-05"]}, "turn": {"seat": 0, "start": "start"}}, faith=3)
    assert len(s.top[HERO_BONUS]) == 2                      # two cards still known on top
    act(s, "End your turn")
    assert s.top[HERO_BONUS] == [] and len(s.deck[HERO_BONUS]) == 10


def test_r52_water_of_life_restores_a_spirit_once_a_game() -> None:
    s = scenario({"phase": "past", "tiles": [{"tile": "01"}], "heroes_at": ["01:SW", "01:SE", ""],
                  "boards": [{"talents": ["QW1a", "QW2a", "QW3a"]}, {"spirit": 1}],
                  "turn": {"seat": 0, "start": "turn"}},
                 {"heroes": "queen_of_living_water+youngest_son+unborn_maiden"})
    act(s, "Use Water of Life")
    assert s.spirit[1] == 2 and not can(s, "Use Water of Life")
    assert s.spirit[0] == 3


def test_r51_water_of_life_keeps_a_falling_hero_alive() -> None:
    s = scenario({"phase": "past", "tiles": [{"tile": "01"}], "heroes_at": ["01:SW", "01:SE", ""],
                  "boards": [{"talents": ["QW1a", "QW2a", "QW3a"]}, {"spirit": 1}],
                  "turn": {"seat": 0, "start": "turn"}},
                 {"heroes": "queen_of_living_water+youngest_son+unborn_maiden"})
    s.lose_spirit(1)
    assert not s.over and s.spirit[1] == 1                  # Water of Life (A-19, once a game)
    s.lose_spirit(1)
    assert s.over and not s.result().team_won


def test_r64_untouched_blade_counts_only_battles_won_without_a_hurt() -> None:
    position = {"phase": "past", "tiles": [{"tile": "01"}], "heroes_at": ["01:SW", "", ""],
                "boards": [{"quests": ["Q-09"], "love": 7, "speed": 1, "hope": 0}], "dice": "explicit",
                "turn": {"seat": 0, "start": "battle", "card": "B1-03"}}
    s = scenario(position)                   # the Forest Imp: Speed 2, Defense 4, Strength 1
    act(s, "Face the enemy's round of attack")
    roll(s, 1)
    act(s, "Block all 1 damage")             # a Spirit spent: hurt
    act(s, "Roll your attack")
    roll(s, 7)
    assert s.battle.kind == 0 and len(s.quests[0]) == 2
    s = scenario(position)
    act(s, "Face the enemy's round of attack")
    roll(s, 0)
    act(s, "Roll your attack")
    roll(s, 7)
    assert s.quests[0] == [] and frame(s) == "KeepArtifact"


def test_the_grateful_horse_gives_the_youngest_son_a_step_a_turn_but_not_speed() -> None:
    """Fig. 2: the Youngest Son starts with 2 Speed (he may move 1 or 2 spaces). His designed Level 1
    Talent, The Grateful Horse, adds a Step each turn and Speed for who attacks first, never the Speed
    stat (which scores)."""
    position = {"phase": "past", "tiles": [{"tile": "01"}], "heroes_at": ["01:SW", "01:SE", ""],
                "turn": {"seat": 0, "start": "turn"}}
    options = {"heroes": "youngest_son+unborn_maiden+sun_and_moon"}
    on_foot = scenario(position, options)
    assert (on_foot.speed[0], on_foot.speed_now(0)) == (2, 2)
    riding = scenario({**position, "boards": [{"talents": ["YS1b"]}]}, options)
    assert (riding.speed[0], riding.speed_now(0)) == (2, 3)


def test_moonlit_meadows_raises_a_virtue_of_the_silver_deer_at_the_end_of_her_turn() -> None:
    """The Silver Deer keeps the rulebook's Endurance 1 and Mercy 1, which raise nothing (T9); her designed
    Level 1 Talent Moonlit Meadows raises a Virtue of her choice at the end of each of her turns."""
    position = {"phase": "past", "tiles": [{"tile": "01"}], "heroes_at": ["01:SW", "", ""],
                "boards": [{"endurance": 1, "mercy": 1}], "turn": {"seat": 0, "start": "turn"}}
    plain = scenario(position)
    act(plain, "End your turn")
    assert frame(plain) != "RaiseVirtue" and virtue(plain, 0, "hope") == 2
    grazing = scenario({**position, "boards": [{"endurance": 1, "mercy": 1, "talents": ["SD1b"]}]})
    act(grazing, "End your turn", "Raise Hope (2 → 3)")
    assert virtue(grazing, 0, "hope") == 3 and frame(grazing) != "RaiseVirtue"


# -- clauses of R12-R55 that the tests above leave open -----------------------------------------------------

# R22: Hope turns Treasure dice
def test_r22_hope_turns_a_treasure_die() -> None:
    s = scenario({"phase": "past", "tiles": [{"tile": "01"}], "heroes_at": ["01:SW", "", ""],
                  "boards": [{"hope": 3}], "dice": "explicit",
                  "turn": {"seat": 0, "start": "treasure", "card": "T1-01"}})
    roll(s, 2, dice=3)
    act(s, "Turn one of your blank dice positive")
    assert frame(s) == "KeepArtifact" and s.turns_left(0) == 0      # 3 positive: the Level 1 Treasure's best


# R55: only the Artifact in the slot works
def test_r55_an_artifact_carried_but_not_in_its_slot_does_nothing() -> None:
    def battle(arts):
        s = scenario({"phase": "past", "tiles": [{"tile": "01"}], "heroes_at": ["01:SW", "", ""],
                      "boards": [{"love": 3, "speed": 9, "artifacts": arts}], "dice": "explicit",
                      "turn": {"seat": 0, "start": "battle", "card": "B1-01"}})
        act(s, "Roll your attack")
        return s
    s = battle(["A1-01", "A1-03"])                          # the Axe in the hands slot, the Gloves carried
    assert pending_dice(s) == 3
    s = battle(["A1-03", "A1-01"])                          # the Gloves in the slot, the Axe carried
    assert pending_dice(s) == 4
    roll(s, 2)
    assert not can(s, "Forest Axe")


# R12 step 2: the Hero never starts on the new tile's Trees
def test_r12_the_start_space_is_never_a_tree() -> None:
    s = scenario({"phase": "past", "next_tiles": ["02"], "turn": {"seat": 0, "start": "tile"}})
    act(s, "Turn it 0°")
    assert frame(s) == "StartSpace" and len(labels(s)) == 3 and not can(s, "south-west")


# R19: damage never takes a Virtue below 0
def test_r19_a_virtue_at_0_cannot_take_damage() -> None:
    s = scenario({"phase": "past", "tiles": [{"tile": "01"}], "heroes_at": ["01:SW", "", ""],
                  "boards": [{"speed": 1, "hope": 0, "love": 0, "endeavor": 4}], "dice": "explicit",
                  "turn": {"seat": 0, "start": "battle", "card": "B1-01"}})
    act(s, "Face the enemy's round of attack")
    roll(s, 3, dice=3)
    assert frame(s) == "TakeDamage" and not can(s, "Lose 1 Love") and not can(s, "Lose 1 Hope")


# R25: each Endurance increase on a different Virtue, never Endurance
def test_r25_endurance_7_raises_two_different_virtues() -> None:
    s = scenario({"phase": "past", "tiles": [{"tile": "01"}], "heroes_at": ["01:SW", "", ""],
                  "boards": [{"endurance": 7, "love": 4, "mercy": 0}], "turn": {"seat": 0, "start": "turn"}})
    act(s, "End your turn", "Raise Love (4 → 5)")
    assert frame(s) == "Endure" and not can(s, "Raise Love") and not can(s, "Raise Endurance")


# R50: an escape between rounds, not only before the first
def test_r50_escape_between_rounds() -> None:
    s = scenario({"phase": "past", "tiles": [{"tile": "01"}], "heroes_at": ["01:SW", "", ""],
                  "boards": [{"love": 3, "speed": 9}], "dice": "explicit",
                  "turn": {"seat": 0, "start": "battle", "card": "B1-01"}})
    act(s, "Roll your attack")
    roll(s, 1)
    act(s, "Escape for 1 Spirit")
    assert s.spirit[0] == 2 and s.battle.kind == 0 and frame(s) == "Turn" and not s.arts[0]


# R50 (L211, L307): "You can escape the Battle at any time by spending 1 Spirit": at every decision of a Past
# battle, not only before a roll
def boar(**board: int) -> object:
    """The Wild Boar (Speed 4, Defense 7, Strength 3) against the Silver Deer, on Boar's Glade."""
    return scenario({"phase": "past", "tiles": [{"tile": "01"}], "heroes_at": ["01:SW", "", ""],
                     "boards": [{"love": 2, "hope": 3, "speed": 9, **board}], "dice": "explicit",
                     "turn": {"seat": 0, "start": "battle", "card": "B1-01"}})


def escaped(s: object, virtues: list[int]) -> bool:
    """The battle is over for 1 Spirit, with no reward, its card discarded and the Virtues as they were."""
    return (s.battle.kind == 0 and s.spirit[0] == 2 and s.discard[BAT1] == [0] and not s.arts[0]
            and s.virtues(0) == virtues and frame(s) == "Turn" and s.log[-1]["type"] == "escape")


def test_r50_escape_after_your_roll() -> None:
    s = boar()
    act(s, "Roll your attack")
    roll(s, 0)
    assert frame(s) == "AfterHeroRoll" and can(s, "Turn one of your blank dice") and can(s, "Deal the damage")
    virtues = s.virtues(0)
    act(s, "Escape for 1 Spirit (3 → 2)")
    assert escaped(s, virtues)


def test_r50_escape_after_the_enemy_s_roll_before_its_blow_lands() -> None:
    s = boar(speed=1)                                    # the Boar is faster: it attacks first
    act(s, "Face the enemy's round of attack")
    roll(s, 3)
    assert frame(s) == "AfterEnemyRoll" and can(s, "Turn one of the enemy's positive dice")
    virtues = s.virtues(0)
    act(s, "Escape for 1 Spirit")
    assert escaped(s, virtues)


def test_r50_escape_while_the_damage_is_taken() -> None:
    s = boar(speed=1, hope=0)
    act(s, "Face the enemy's round of attack")
    roll(s, 3)
    assert frame(s) == "TakeDamage" and can(s, "Block all 3 damage with 1 Spirit") and can(s, "Lose 1 Love")
    virtues = s.virtues(0)
    act(s, "Escape for 1 Spirit")                        # the blow never lands, and the battle does not go on
    assert escaped(s, virtues)


def test_r50_a_spread_begun_is_one_act_the_escape_comes_before_it() -> None:
    s = boar(speed=1, hope=0, love=4)
    act(s, "Face the enemy's round of attack")
    roll(s, 3)
    assert can(s, "Escape for 1 Spirit")
    act(s, "Lose 1 Love (4 → 3)")                        # escaping now would only keep this point lost
    assert can(s, "Lose 1 Love (3 → 2)") and not can(s, "Escape")


def test_r50_a_step_with_nothing_to_choose_is_not_stopped_for_the_escape() -> None:
    s = boar(hope=0)                                     # nothing to turn, nothing to activate
    act(s, "Roll your attack")
    roll(s, 1)                                           # the damage lands at once (the Boar: 6 left) ...
    assert s.battle.defense == 6 and frame(s) == "BeforeRound" and can(s, "Escape for 1 Spirit")  # ... then offered
    act(s, "Face the enemy's round of attack")
    roll(s, 0)                                           # no damage: on to your round, where it is offered
    assert frame(s) == "BeforeRound" and can(s, "Escape for 1 Spirit") and can(s, "Roll your attack")


def test_r50_never_from_a_battle_that_forbids_it() -> None:
    s = scenario({"phase": "past", "tiles": [{"tile": "01"}], "heroes_at": ["01:SW", "", ""],
                  "boards": [{"speed": 1, "hope": 3}], "dice": "explicit",
                  "decks": {"enemy_bonus": ["EB-09", "EB-10"]},
                  "turn": {"seat": 0, "start": "battle", "card": "B3-09"}})
    roll(s, 3)                                           # the Black Serpent's Coils: you cannot escape
    assert frame(s) == "AfterEnemyRoll" and not can(s, "Escape")
    act(s, "Take the hit (3 damage)")
    assert frame(s) == "TakeDamage" and not can(s, "Escape")


# A Level 3 Talent that blocks a round for free (Never Born, Never Dying): once a battle, no Spirit spent
def test_never_born_never_dying_blocks_a_round_without_spirit() -> None:
    s = scenario({"phase": "past", "tiles": [{"tile": "01"}], "heroes_at": ["", "", "01:SW"],
                  "boards": [{}, {}, {"speed": 1, "hope": 0, "talents": ["UM3a"]}], "dice": "explicit",
                  "turn": {"seat": 2, "start": "battle", "card": "B1-01"}})
    act(s, "Face the enemy's round of attack")           # the Wild Boar attacks first
    roll(s, 3)
    virtues = s.virtues(2)
    act(s, "Use Never Born, Never Dying")
    assert s.spirit[2] == 3 and s.virtues(2) == virtues and s.battle.kind and s.log[-1]["text"].endswith(
        "blocks the damage with Never Born, Never Dying")
