"""The Future Book's numbers as scenarios (brief §3, T25-T28): scoring, the five Futures' rules, a
Conditional gift and flipped tiles."""

from __future__ import annotations

from typing import Any

import pytest

from talewood.games.threetale.future.goal import check_goal
from talewood.games.threetale.scoring import end_game
from talewood.games.threetale.state import TTState
from talewood.games.threetale.tables import FUTURE_DECK, FUTURE_PIECE

from .helpers import act, can, frame, labels, pending_dice, roll, scenario, space, virtue

# a 3 x 3 block of tiles: the Altar of the Dawn (03) in a corner, a Battle 2 tile (17) in the middle
BLOCK = [
    {"tile": "03", "x": 0, "y": 0}, {"tile": "01", "x": 1, "y": 0}, {"tile": "07", "x": 2, "y": 0},
    {"tile": "11", "x": 0, "y": 1}, {"tile": "17", "x": 1, "y": 1}, {"tile": "23", "x": 2, "y": 1},
    {"tile": "27", "x": 0, "y": 2}, {"tile": "20", "x": 1, "y": 2}, {"tile": "22", "x": 2, "y": 2},
]


def future(name: str, position: dict[str, Any] | None = None, options: dict[str, Any] | None = None) -> TTState:
    pos = {"phase": "future", "future": name, "tiles": BLOCK, "heroes_at": ["01:SW", "11:NE", "27:NE"],
           "dice": "explicit", **(position or {})}
    return scenario(pos, options)


def piece(s: TTState, sp: int) -> str:
    tok = s.token[sp]
    return s.t.pieces[tok - FUTURE_PIECE].id if tok >= FUTURE_PIECE else ""


# -- T25: scoring -----------------------------------------------------------------------------------

def test_t25_a_won_nine_rings_scores_479() -> None:
    s = future("nine_rings", {"boards": [
        {"love": 10, "hope": 10, "faith": 5, "endeavor": 5, "endurance": 5, "mercy": 5, "speed": 5, "shevitsa": 2,
         "artifacts": ["A1-01", "A1-02"], "sacred_stones": 1},
        {"love": 10, "hope": 5, "faith": 5, "endeavor": 5, "endurance": 5, "mercy": 5, "speed": 4,
         "artifacts": ["A2-01"], "spirit": 2},
        {"love": 10, "hope": 4, "faith": 4, "endeavor": 4, "endurance": 4, "mercy": 4, "speed": 3, "shevitsa": 1,
         "artifacts": ["A3-01"]},
    ]})
    s.won_round = 5
    end_game(s, won=True, reason="test")
    r = s.result()
    team = r.details[-1]
    lines = r.details[:3]
    assert sum(x["virtues"] for x in lines) == 105 and sum(x["speed"] for x in lines) == 24
    assert sum(x["shevitsa"] for x in lines) == 6 and sum(x["artifacts"] for x in lines) == 24
    assert sum(x["sacred_stones"] for x in lines) == 30 and sum(x["spirit"] for x in lines) == 120
    assert team["future_quest"] == 150 and team["remaining_turns"] == 20
    assert r.team_score == 479 and r.team_won and r.cooperative


def test_t25_a_loss_shows_the_score_without_the_quest() -> None:
    s = future("nine_rings")
    s.won_round = 3
    end_game(s, won=False, reason="test")
    assert s.result().details[-1]["future_quest"] == 0 and s.result().details[-1]["remaining_turns"] == 0
    assert s.result().team_score == sum(x["points"] for x in s.result().details[:3])


# -- T26a: the Nine Rings -----------------------------------------------------------------------------

def test_t26a_setup_fountain_on_the_altar_and_the_new_tokens() -> None:
    s = future("nine_rings", {"turn": {"start": "future"}})
    assert s.figure == space(s, "03:NW")                    # the only Altar: the Fountain goes there
    assert piece(s, space(s, "01:NW")) == "beldame"          # Beldame <- Battle 1
    assert piece(s, space(s, "17:NW")) == "heartless_ruler"  # Heartless Ruler <- Battle 2 and 3
    assert piece(s, space(s, "23:NW")) == "heartless_ruler"
    assert piece(s, space(s, "20:NE")) == "nymph"            # Nymph <- Quest
    assert s.token[space(s, "03:NE")] == -1                  # every other token and cube is gone
    assert s.round_no == 1 and frame(s) == "Turn"


def ruler_fight(**position: Any) -> TTState:
    s = future("nine_rings", {"figure": "03:NW", "heroes_at": ["17:NW", "11:NE", "27:NE"],
                              "boards": [{"sacred_stones": 1, "speed": 9, "love": 5}],
                              "decks": {"heartless_rulers": ["S1-HR-01"]},
                              "turn": {"start": "round", "round": 1, "fstage": 1}, **position})
    act(s, "Claim a Heartless Ruler")
    return s


def test_t26a_a_sacred_stone_deals_15_to_a_heartless_ruler_outside_the_round() -> None:
    s = ruler_fight()
    assert s.battle.defense == 15 and not can(s, "Escape")            # no escape in the Future (R75)
    act(s, "Use a Sacred Stone: 15 damage to Iron Tsar")
    assert s.stones[0] == 0 and s.battle.kind == 0 and s.rings[0] == 1     # defeated: 1 Ring
    assert not any(e["type"] == "roll" for e in s.log)                 # no round was rolled


def test_t26a_the_stone_also_after_a_roll() -> None:
    s = ruler_fight()
    act(s, "Roll your attack")
    roll(s, 2)
    act(s, "Use a Sacred Stone")                             # 15, then the 2 of the round: defeated
    assert s.battle.kind == 0 and s.rings[0] == 1 and s.stones[0] == 0


def test_t26a_the_seventh_flip_loses() -> None:
    s = future("nine_rings", {"figure": "03:NW", "future_state": {"flips": 6},
                              "turn": {"start": "round", "round": 7, "fstage": 4}})
    assert frame(s) == "FlipTile" and "Altar of the Dawn" not in " ".join(labels(s))   # never the Fountain's
    act(s, "Flip Portal of the Mist")
    assert s.over and not s.result().team_won and s.flips == 7


def test_t26a_a_win_in_round_7_before_the_flip() -> None:
    s = future("nine_rings", {"figure": "03:NW", "future_state": {"flips": 6},
                              "heroes_at": ["01:NW", "03:SE", "03:SW"], "boards": [{"rings": 3}, {"rings": 3},
                                                                                   {"rings": 3}],
                              "turn": {"start": "round", "round": 7, "fstage": 1}})
    assert not s.over
    act(s, "Step west")                                       # 01:NW -> 03:NE, beside the Fountain
    assert s.over and s.result().team_won and s.flips == 6
    assert s.result().details[-1]["remaining_turns"] == 0 and s.result().details[-1]["future_quest"] == 150


# -- T26b: the Information Flood ---------------------------------------------------------------------

def flood(**position: Any) -> TTState:
    return future("information_flood", {"figure": "03:NW", "turn": {"start": "round", "round": 1, "fstage": 1},
                                        **position})


def test_t26b_a_tile_goes_before_your_turn_then_the_die() -> None:
    s = flood()
    assert frame(s) == "RemoveTile"
    # the candidates: free tiles with 1 border first (none in a full block: corners have 2)
    # corners have 2 borders: the Ark's and the Heroes' tiles are spared
    assert labels(s) == ["Remove Portal of the Mist", "Remove Zmey's Lair"]
    before = len(s.placed)
    act(s, labels(s)[0])
    assert len(s.placed) == before - 1
    assert pending_dice(s) == 1                               # the die: nothing may turn it
    roll(s, 1)
    assert frame(s) == "Turn" and len(s.placed) == before - 1   # positive: no second tile


def test_t26b_a_blank_die_takes_a_second_tile() -> None:
    s = flood()
    act(s, labels(s)[0])
    roll(s, 0)
    assert frame(s) == "RemoveTile"
    act(s, labels(s)[0])
    assert len(s.placed) == 7


def test_t26b_one_border_before_two() -> None:
    s = flood(tiles=[*BLOCK, {"tile": "30", "x": 3, "y": 0}])
    assert labels(s) == ["Remove Beehive Clearing"]


def test_t26b_a_sacred_stone_stops_a_removal() -> None:
    s = flood(boards=[{"sacred_stones": 1}])
    act(s, "The Silver Deer sacrifices a Sacred Stone")
    assert len(s.placed) == 9 and s.stones[0] == 0


def test_t26b_removing_a_heros_tile_loses_with_the_strict_reading() -> None:
    s = future("information_flood", {"figure": "03:NW", "tiles": BLOCK[:2],
                                     "heroes_at": ["01:SW", "01:SE", "01:NE"],
                                     "turn": {"start": "round", "round": 1, "fstage": 1}},
               {"removal_fallback": "strict"})
    assert labels(s) == ["Remove Boar's Glade (3 Heroes on it)"]
    act(s, labels(s)[0])
    assert s.over and not s.result().team_won


def test_t26b_four_tiles_left_and_the_words_unmet_loses() -> None:
    s = future("information_flood", {"figure": "03:NW", "tiles": [*BLOCK[:5], {"tile": "30", "x": 3, "y": 0}],
                                     "heroes_at": ["01:SW", "11:NE", "17:NE"],
                                     "turn": {"start": "round", "round": 1, "fstage": 1}})
    act(s, labels(s)[0])
    assert not s.over and len(s.placed) == 5
    roll(s, 0)
    act(s, labels(s)[0])
    assert s.over and not s.result().team_won and len(s.placed) == 4


def test_t26b_with_42_words_four_tiles_left_do_not_lose_and_the_team_may_still_gather() -> None:
    # L420: the 42 Words of Wisdom are due before only 4 tiles are left; gathering at the Ark is not
    s = future("information_flood", {"figure": "03:NW", "tiles": [*BLOCK[:5], {"tile": "30", "x": 3, "y": 0}],
                                     "future_state": {"wow": 42}, "heroes_at": ["01:SW", "03:NE", "03:SW"],
                                     "turn": {"start": "round", "round": 1, "fstage": 1}})
    act(s, "Remove Beehive Clearing")
    roll(s, 0)
    act(s, "Remove Portal of the Mist")
    assert not s.over and len(s.placed) == 4
    act(s, "Step west")                                       # 01:SW -> 03:SE, beside the Ark
    assert s.over and s.result().team_won


def test_t26b_with_42_words_the_flood_ends_the_game_once_only_heroes_and_the_ark_hold_tiles() -> None:
    position = {"figure": "03:NW", "tiles": BLOCK[:2], "future_state": {"wow": 42},
                "heroes_at": ["01:SW", "01:SE", "01:NE"], "turn": {"start": "round", "round": 1, "fstage": 1}}
    s = future("information_flood", position)
    assert s.over and not s.result().team_won
    assert s.result().details[-1]["reason"] == "The flood has no tile left to take but the Heroes' and the Ark's"
    s = future("information_flood", {**position, "boards": [{"sacred_stones": 1}]})
    assert s.prompt().endswith("no tile left to take but the Heroes' and the Ark's: sacrifice a Sacred Stone")
    act(s, "The Silver Deer sacrifices a Sacred Stone")                    # the only way to stop it
    roll(s, 0)                                                              # blank: the flood comes again
    assert s.over and not s.result().team_won and s.stones[0] == 0


def test_t26b_the_ark_s_tile_swept_away_loses() -> None:
    from talewood.games.threetale.future.flood import remove_tile

    s = future("information_flood", {"figure": "03:NW", "future_state": {"wow": 42},
                                     "turn": {"start": "round", "round": 1, "fstage": 1}})
    remove_tile(s, s.figure >> 2)
    assert s.over and not s.result().team_won
    assert s.result().details[-1]["reason"] == "The Ark of Truth's tile is swept away"


def test_t26b_42_words_and_all_beside_the_ark_wins() -> None:
    s = future("information_flood", {"figure": "03:NW", "future_state": {"wow": 41},
                                     "heroes_at": ["03:NE", "03:SW", "03:SE"],
                                     "turn": {"start": "round", "round": 1, "fstage": 1}})
    act(s, labels(s)[0])
    roll(s, 1)
    assert piece(s, space(s, "03:NE")) == "wisdom_stone"       # White Stones are Words of Wisdom
    act(s, "Claim a White Stone (Word of Wisdom)")
    assert s.wow == 42 and s.over and s.result().team_won
    assert [e["text"] for e in s.log if e["type"] == "gain"][-1].endswith("gains 1 Word of Wisdom")
    team = s.result().details[-1]                           # R104: 100, and (8 tiles - 4) // 3 rounds left
    assert team["future_quest"] == 100 and team["remaining_turns"] == 10


# -- T26c: the Parallel Land ---------------------------------------------------------------------------

def parallel(**position: Any) -> TTState:
    return future("parallel_land", {"figure": "01:NW", "heroes_at": ["23:NE", "22:SE", "20:SW"], **position},
                  {"tree_flips": "players"})


def test_t26c_the_trees_turn_two_flips_a_virtue_each_then_every_empty_tile() -> None:
    s = parallel(turn={"start": "round", "round": 1})
    assert frame(s) == "TreeFlip"
    assert labels(s) == ["Flip Altar of the Dawn", "Flip Portal of the Mist", "Flip Boyar's Ruin"]
    first = s.legal_actions()[0] - s.t.ids.tile
    act(s, labels(s)[0])
    assert s.flipped[first] and frame(s) == "PlacePV"
    act(s, labels(s)[0])
    assert sum(piece(s, sp) == "parallel_virtue" for sp in range(120)) == 1
    act(s, labels(s)[0])
    act(s, labels(s)[0])
    assert sum(piece(s, sp) == "parallel_virtue" for sp in range(120)) == 2
    while frame(s) == "PlacePV":                              # L436: then one on every empty tile
        act(s, labels(s)[0])
    assert sum(piece(s, sp) == "parallel_virtue" for sp in range(120)) == 9 == len(s.placed)
    assert frame(s) == "HeroFlip"                             # the first Hero flips one at turn start
    act(s, labels(s)[0])                                      # its Parallel Virtue goes with its face
    act(s, labels(s)[0])                                      # and a new one on its dark side
    assert sum(piece(s, sp) == "parallel_virtue" for sp in range(120)) == 9 and s.pv_left == 30 - 10


def test_t26c_the_tree_damages_2_per_virtue_at_the_end_of_the_round() -> None:
    s = parallel(tokens=[{"space": "07:NE", "token": "parallel_virtue"}, {"space": "11:SE", "token":
                                                                          "parallel_virtue"}],
                 tiles=[dict(x, flipped=x["tile"] in ("07", "11")) for x in BLOCK],
                 boards=[{}, {"sacred_stones": 1}, {}], turn={"start": "round", "round": 1, "fstage": 4})
    assert frame(s) == "TakeDamage" and s.stack[-1].total == 4      # 2 Parallel Virtues x 2
    assert not can(s, "Escape")                                     # the Tree's damage is no battle
    act(s, "Block all 4 damage")
    act(s, "The Youngest Son sacrifices a Sacred Stone: the Tree spares The Youngest Son")
    assert frame(s) == "TakeDamage" and s.stack[-1].seat == 2
    act(s, *["Lose 1 Love"] * 3, "Lose 1 Hope")
    assert s.spirit[0] == 2 and s.stones[1] == 0 and virtue(s, 2, "love") == 0


@pytest.mark.parametrize(("positive", "seed"), [(3, 1), (2, 0)])
def test_t26c_an_incubator_gives_a_seed_on_three_positive(positive: int, seed: int) -> None:
    s = parallel(heroes_at=["01:NE", "22:SE", "20:SW"], boards=[{"hope": 0}],
                 turn={"start": "round", "round": 1, "fstage": 1})
    while frame(s) in ("TreeFlip", "PlacePV", "HeroFlip"):
        act(s, next(x for x in labels(s) if "Boar" not in x))
    assert piece(s, space(s, "01:NE")) == "incubator"         # Incubator <- Treasure 3
    act(s, "Claim a Incubator")
    roll(s, positive, dice=3)
    assert s.seeds[0] == seed


def test_t26c_flipping_a_heros_tile_loses_and_three_unturned_win() -> None:
    s = parallel(tiles=[dict(x, flipped=x["tile"] not in ("01", "03", "11", "17")) for x in BLOCK],
                 heroes_at=["03:NE", "11:NE", "17:NE"], turn={"start": "round", "round": 4, "fstage": 1})
    assert frame(s) == "HeroFlip" and all("Heroes on it" in x for x in labels(s))     # forced onto a Hero
    act(s, labels(s)[0])
    assert s.over and not s.result().team_won
    s = parallel(tiles=[dict(x, flipped=x["tile"] not in ("01", "03", "11", "17")) for x in BLOCK],
                 heroes_at=["03:NE", "03:SE", "17:NE"], turn={"start": "round", "round": 4, "fstage": 1})
    act(s, "Flip Magpie Thicket")
    assert s.over and s.result().team_won and s.result().details[-1]["future_quest"] == 300


# -- T26d: the Path of Initiation ---------------------------------------------------------------------

def test_t26d_a_reflector_of_darkness_level_2_gives_a_head_and_a_stone_does_10() -> None:
    s = future("path_of_initiation", {"figure": "01:NE", "heroes_at": ["17:NW", "11:NE", "27:NE"],
                                      "boards": [{"love": 6, "speed": 3, "sacred_stones": 1}],
                                      "decks": {"reflectors_2": ["S4-R2-01"]},
                                      "turn": {"start": "round", "round": 1, "fstage": 1}})
    assert piece(s, space(s, "17:NW")) == "reflector_2"
    act(s, "Claim a Reflector 2")
    assert (s.battle.speed, s.battle.defense, s.battle.strength) == (3, 4, 3)  # reflection: Speed 3, Love 6−2, ⌈6/2⌉
    act(s, "Use a Sacred Stone: 10 damage")
    assert s.battle.kind == 0 and s.heads[0] == 0b010


def test_t26d_the_seventh_flip_loses_and_spares_the_thrones_tiles() -> None:
    s = future("path_of_initiation", {"figure": "01:NE", "future_state": {"flips": 6},
                                      "turn": {"start": "round", "round": 7, "fstage": 4}})
    names = " ".join(labels(s))
    assert "Boar's Glade" not in names and "Altar of the Dawn" not in names     # the Throne's and its neighbours
    act(s, labels(s)[0])
    assert s.over and not s.result().team_won


# -- T26e: the Crown of Evil ----------------------------------------------------------------------------

def crown(**position: Any) -> TTState:
    return future("crown_of_evil", {"heroes_at": ["07:NE", "23:SE", "27:SW"], **position})


def test_t26e_the_vicinator_on_a_surrounded_tile_sends_8_viruses_then_a_tentacle() -> None:
    s = crown(decks={"tentacles": ["S5-TE-08"]}, turn={"start": "future"})
    assert s.figure == space(s, "17:NW")                     # Battle 2, the only tile with 8 around it
    assert sum(v >= 0 for v in s.viruses) == 8 and all(s.adjacent8(v, s.figure) for v in s.viruses)
    assert s.tentacles_left == 7 and s.t.fcards[s.tentacle].id == "S5-TE-08"


def test_t26e_a_virus_at_an_altar_strikes_everyone_or_one_spirit_blocks_it() -> None:
    s = crown(figure="17:NW", decks={"tentacles": ["S5-TE-08"]}, future_state={"viruses": ["03:SE"]},
              turn={"start": "round", "round": 2})
    assert frame(s) == "VirusBlock"
    assert s.viruses[0] >= 0 and s.adjacent8(s.viruses[0], s.figure)    # it went back by the Vicinator
    act(s, "The Silver Deer sacrifices 1 Spirit to block it for everyone")
    assert s.spirit == [2, 3, 3] and frame(s) == "Turn"
    s = crown(figure="17:NW", decks={"tentacles": ["S5-TE-08"]}, future_state={"viruses": ["03:SE"]},
              turn={"start": "round", "round": 2})
    act(s, "Every Hero takes the damage")
    assert frame(s) == "TakeDamage" and s.stack[-1].total == 2


def test_t26e_a_failed_virus_attack_costs_a_spirit_and_it_stays() -> None:
    s = crown(figure="17:NW", future_state={"viruses": ["07:SW"]}, boards=[{"love": 2, "hope": 0}],
              turn={"start": "round", "round": 2, "fstage": 1})
    act(s, "Attack the Virus on the south-west space of Portal of the Mist")
    roll(s, 2, dice=2)
    assert s.spirit[0] == 2 and s.viruses[0] == space(s, "07:SW")
    assert not can(s, "Attack")                               # one attack a turn (A-49d)


def test_t26e_a_stone_deals_10_to_the_vicinator_and_the_last_tentacle_loses() -> None:
    s = crown(figure="17:NW", heroes_at=["01:SE", "23:SE", "27:SW"], boards=[{"sacred_stones": 1, "speed": 1}],
              future_state={"vicinator_defense": 30}, turn={"start": "round", "round": 2, "fstage": 1})
    act(s, "Attack the Vicinator", "Use a Sacred Stone: 10 damage to the Vicinator")
    assert s.battle.defense == 20
    s = crown(figure="17:NW", future_state={"tentacles_left": 1}, turn={"start": "round", "round": 8})
    assert s.over and not s.result().team_won


def test_t26e_no_turn_ends_on_an_altar() -> None:
    s = crown(figure="17:NW", heroes_at=["03:NE", "23:SE", "27:SW"], turn={"start": "round", "round": 2,
                                                                              "fstage": 1})
    act(s, "Step west")
    assert s.pos[0] == space(s, "03:NW") and not can(s, "End your turn")


# -- T27: a Conditional gift ----------------------------------------------------------------------------------

@pytest.mark.parametrize(("love", "rings"), [(13, 1), (12, 0)])
def test_t27_a_gift_only_with_a_virtue_at_13(love: int, rings: int) -> None:
    s = future("nine_rings", {"figure": "03:NW", "heroes_at": ["01:NW", "11:NE", "27:NE"],
                              "boards": [{"love": love}], "decks": {"beldames": ["S1-BE-01"]},
                              "turn": {"start": "round", "round": 1, "fstage": 1}})
    act(s, "Claim a Beldame")
    assert s.rings[0] == rings
    d = FUTURE_DECK + s.t.fdeck_index["beldames"]
    assert s.t.fcards[s.discard[d][0]].id == "S1-BE-01"        # used once, then gone


# -- T28: flipped tiles ---------------------------------------------------------------------------------------

def test_t28_entering_a_flipped_tile_costs_two_leaving_costs_one() -> None:
    s = future("nine_rings", {"figure": "03:NW", "tiles": [dict(x, flipped=x["tile"] == "07") for x in BLOCK],
                              "heroes_at": ["01:NE", "11:NE", "27:NE"], "boards": [{"speed": 3}],
                              "turn": {"start": "round", "round": 1, "fstage": 1}})
    act(s, "Step east")
    assert s.pos[0] == space(s, "07:NW") and s.steps_left(0) == 1
    assert not can(s, "Step east")                             # another flipped space: 2 Steps
    act(s, "Step west")
    assert s.steps_left(0) == 0


def test_goal_check_is_idempotent() -> None:
    s = future("nine_rings", {"figure": "03:NW"})
    check_goal(s)
    assert not s.over
