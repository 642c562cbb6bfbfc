"""One focused test per rule of the Future (brief §2.20-2.25, R86-R127) beyond the Future Book's numbers
(test_examples_future.py)."""

from __future__ import annotations

from typing import Any

import pytest

from talewood.games.threetale.state import TTState
from talewood.games.threetale.state_fields import FUTURE, PRESENT
from talewood.games.threetale.tables import FUTURE_DECK, FUTURE_PIECE, HERO_BONUS

from .helpers import GAME, act, can, frame, labels, pending_dice, roll, scenario, space
from .test_examples_future import BLOCK, future, piece


def count(s: TTState, piece_id: str) -> int:
    return sum(1 for sp in range(len(s.token)) if piece(s, sp) == piece_id)


# -- 2.20 general: R86-R92 ------------------------------------------------------------------------------

def test_r87_only_altars_portals_trees_stay_and_the_chapter_s_pieces_come() -> None:
    s = future("crown_of_evil", {"turn": {"start": "future"}})
    pieces = {piece(s, sp) for sp in range(len(s.token)) if s.token[sp] >= 0}
    assert pieces == {"elixir_1", "elixir_2"}              # this Map has no Treasure 2 slot for Elixir 3
    assert piece(s, space(s, "27:NW")) == "elixir_1"       # Elixir 1 <- Treasure 1
    assert piece(s, space(s, "23:NE")) == "elixir_2"       # Elixir 2 <- Treasure 3 (sic, L462)
    s2 = future("information_flood", {"turn": {"start": "future"}})
    assert count(s2, "wisdom_stone") == sum(s2.t.c.tiles[t].count("white") for t in s2.placed)   # L411
    assert count(s2, "translator") == 2 and count(s2, "hypnotist") == 2 and count(s2, "cartographer") == 1


def test_r88_future_cards_are_used_once_but_bonus_cards_still_go_back() -> None:
    s = future("nine_rings", {"figure": "03:NW", "heroes_at": ["20:NE", "11:NE", "27:NE"],
                              "boards": [{"faith": 3}], "decks": {"nymphs": ["S1-NY-01"], "hero_bonus": ["HB-01"]},
                              "turn": {"start": "round", "round": 1, "fstage": 1}})
    assert len(s.bonus_hand) == 1                          # Faith still draws in the Future (R92)
    act(s, "Claim a Nymph")
    assert s.rings[0] == 1 and s.token[space(s, "20:NE")] == -1
    act(s, "End your turn")
    assert len(s.deck[HERO_BONUS]) == 10


def test_r89_a_mixed_deck_may_hold_a_hostile_card_that_cannot_be_escaped() -> None:
    s = future("information_flood", {"figure": "03:NW", "heroes_at": ["17:NW", "11:NE", "27:NE"],
                                     "boards": [{"speed": 1}], "decks": {"translators": ["S2-TR-05"]},
                                     "turn": {"start": "round", "round": 1, "fstage": 1}})
    act(s, labels(s)[0])
    roll(s, 1)
    act(s, "Claim a Translator")
    assert s.battle.kind == 2 and s.t.fcards[s.battle.card].name == "Babel Warden" and not can(s, "Escape")


def test_r90_a_flipped_tile_loses_its_objects_in_the_nine_rings() -> None:
    s = future("nine_rings", {"figure": "03:NW", "turn": {"start": "round", "round": 1, "fstage": 4}})
    assert piece(s, space(s, "23:NW")) == "heartless_ruler"
    act(s, "Flip Lamia's Lake")
    assert s.token[space(s, "23:NW")] == -1 and s.kind(space(s, "23:NW")) == 15 and s.flips == 1


def test_r91_the_vicinator_exchange_is_one_round_each_and_its_damage_stays() -> None:
    s = future("crown_of_evil", {"figure": "17:NW", "heroes_at": ["01:SE", "23:SE", "27:SW"],
                                 "boards": [{"love": 4, "speed": 9, "hope": 0}],
                                 "turn": {"start": "round", "round": 2, "fstage": 1}})
    act(s, "Attack the Vicinator")
    assert s.battle.attacks_next == 0                                    # Speed 9 > 6: you strike first
    roll(s, 4, dice=4)
    roll(s, 0, dice=6)                                      # its round of attack: 6 Strength
    assert s.battle.kind == 0 and s.vici_def == 76 and frame(s) == "Turn"


def test_r92_a_future_turn_has_no_tile() -> None:
    s = future("nine_rings", {"figure": "03:NW", "turn": {"start": "round", "round": 1, "fstage": 1}})
    assert frame(s) == "Turn" and not s.drawn and len(s.tile_stack) == 21


# -- 2.21 the Nine Rings: R93-R98 -------------------------------------------------------------------------

def test_r93_every_hero_needs_three_rings_and_a_place_by_the_fountain() -> None:
    s = future("nine_rings", {"figure": "03:NW", "heroes_at": ["01:NW", "03:SE", "03:SW"],
                              "boards": [{"rings": 3}, {"rings": 3}, {"rings": 2}],
                              "turn": {"start": "round", "round": 2, "fstage": 1}})
    act(s, "Step west")
    assert not s.over                                      # one Hero holds only 2 Rings
    s.rings[2] = 3
    s.goal_changed()
    assert s.over and s.result().team_won


def test_r93_every_hero_must_stand_by_the_fountain() -> None:
    s = future("nine_rings", {"figure": "03:NW", "heroes_at": ["01:NW", "03:SE", "11:SE"],
                              "boards": [{"rings": 3}, {"rings": 3}, {"rings": 3}],
                              "turn": {"start": "round", "round": 2, "fstage": 1}})
    act(s, "Step west")
    assert not s.over                                      # the Unborn Maiden is not beside the Fountain


def test_r99_forty_two_words_are_not_enough_away_from_the_ark() -> None:
    s = future("information_flood", {"figure": "03:NW", "future_state": {"wow": 50},
                                     "heroes_at": ["03:NE", "11:SE", "03:SE"],
                                     "turn": {"start": "round", "round": 1, "fstage": 1}})
    s.goal_changed()
    assert not s.over


@pytest.mark.parametrize(("chapter", "figure"), [("nine_rings", "03:NW"), ("path_of_initiation", "01:NE")])
def test_r96_r117_one_flip_a_round_after_all_three_turns(chapter: str, figure: str) -> None:
    """The Nine Rings (R96) and the Path of Initiation (R117, A-44b) flip one tile a round, after the third Hero."""
    s = future(chapter, {"figure": figure, "turn": {"start": "round", "round": 1, "fstage": 1}})
    for _ in range(3):
        assert frame(s) == "Turn" and s.flips == 0
        act(s, "End your turn")
        while frame(s) in ("Endure", "MercyHero"):
            act(s, "Raise nothing more")
    assert frame(s) == "FlipTile" and s.flips == 0


def test_r98_the_rings_reward_150_and_remaining_rounds() -> None:
    s = future("nine_rings", {"figure": "03:NW", "heroes_at": ["01:NW", "03:SE", "03:SW"],
                              "boards": [{"rings": 3}, {"rings": 3}, {"rings": 3}],
                              "turn": {"start": "round", "round": 3, "fstage": 1}})
    act(s, "Step west")
    team = s.result().details[-1]
    assert team["future_quest"] == 150 and team["remaining_turns"] == 40          # (7 - 3) x 10


# -- 2.22 the Information Flood: R99-R104 -------------------------------------------------------------------

def test_r100_setup_the_ark_and_its_tokens() -> None:
    s = future("information_flood", {"turn": {"start": "future"}})
    assert s.figure == space(s, "03:NW") and piece(s, space(s, "20:NE")) == "cartographer"
    assert piece(s, space(s, "17:NW")) == "translator" and piece(s, space(s, "22:NW")) == "hypnotist"


def test_r102_a_sealed_map_cancels_the_next_removal() -> None:
    s = future("information_flood", {"figure": "03:NW", "heroes_at": ["20:NE", "11:NE", "27:NE"],
                                     "decks": {"cartographers": ["S2-CA-03"]},
                                     "turn": {"start": "round", "round": 1, "fstage": 1}})
    act(s, labels(s)[0])
    roll(s, 1)
    act(s, "Claim a Cartographer", "End your turn")
    assert s.cancel_removals == 0                          # the Youngest Son's first removal is cancelled
    assert pending_dice(s) == 1 and len(s.placed) == 8


def test_r103_a_sacred_stone_deals_20_to_a_hypnotist() -> None:
    s = future("information_flood", {"figure": "03:NW", "heroes_at": ["22:NW", "11:NE", "27:NE"],
                                     "boards": [{"sacred_stones": 1, "speed": 1}],
                                     "decks": {"hypnotists": ["S2-HY-02"]},
                                     "turn": {"start": "round", "round": 1, "fstage": 1}})
    act(s, "Remove Portal of the Mist")
    roll(s, 1)
    act(s, "Claim a Hypnotist", "Use a Sacred Stone: 20 damage to Voice in the Fog")
    assert s.battle.kind == 0 and s.wow == 7                    # Defense 18 + 2: defeated; 7 Words of Wisdom
    assert [e["text"] for e in s.log if e["type"] == "gain"][-1].endswith("gains 7 Words of Wisdom")


# -- 2.23 the Parallel Land: R105-R113 ------------------------------------------------------------------------

def test_r106_setup_the_tree_on_a_battle_1_tile_with_two_neighbours() -> None:
    s = future("parallel_land", {"turn": {"start": "future"}}, {"tree_flips": "players"})
    assert frame(s) == "PlaceFigure" and labels(s) == ["Set up The Tree on Boar's Glade",
                                                       "Set up The Tree on Magpie Thicket"]
    act(s, "Set up The Tree on Boar's Glade")
    assert frame(s) == "PlaceTree" and len(labels(s)) == 3        # not under the Silver Deer (01:SW)
    act(s, "The Tree stands on the north-west space of Boar's Glade")
    assert s.tree_tile == 0 and piece(s, space(s, "20:NE")) == "forester"
    assert piece(s, space(s, "23:NE")) == "incubator" and piece(s, space(s, "17:NW")) == "charmer"
    assert piece(s, space(s, "22:NW")) == "storm_whisperer"


def test_r107_the_tree_cannot_be_entered_or_attacked() -> None:
    s = future("parallel_land", {"figure": "01:NW", "heroes_at": ["01:NE", "22:SE", "20:SW"],
                                 "turn": {"start": "round", "round": 1, "fstage": 1}}, {"tree_flips": "players"})
    while frame(s) != "Turn":
        act(s, next(x for x in labels(s) if "Boar" not in x))
    assert not can(s, "Step west") and not can(s, "Attack")


def test_r108_the_tree_flips_tiles_next_to_its_own_tile() -> None:
    s = future("parallel_land", {"figure": "01:NW", "heroes_at": ["01:NE", "22:SE", "20:SW"],
                                 "turn": {"start": "round", "round": 1, "fstage": 0}}, {"tree_flips": "players"})
    assert labels(s) == ["Flip Altar of the Dawn", "Flip Portal of the Mist", "Flip Boyar's Ruin"]
    act(s, "Flip Altar of the Dawn")
    act(s, labels(s)[0])                          # its Parallel Virtue
    assert frame(s) == "TreeFlip"                 # Magpie Thicket touches the flipped tile, not the Tree's (L434)
    assert labels(s) == ["Flip Portal of the Mist", "Flip Boyar's Ruin"]


def test_r108_the_tree_s_random_flips_are_next_to_its_own_tile_too() -> None:
    from talewood.games.threetale.future.parallel_land import TreeFlipRandom

    flipped = set()
    for seed in range(1, 13):
        s = scenario({"phase": "future", "future": "parallel_land", "figure": "01:NW", "dice": "explicit",
                      "tiles": [dict(x, flipped=x["tile"] == "03") for x in BLOCK],
                      "heroes_at": ["01:NE", "22:SE", "20:SW"],
                      "turn": {"start": "round", "round": 1, "fstage": 1}}, seed=seed)
        before = [t for t in s.placed if s.flipped[t]]
        TreeFlipRandom(0).run(s)
        flipped.update(s.t.c.tiles[t].id for t in s.placed if s.flipped[t] and t not in before)
    assert flipped == {"07", "17"}                # never Magpie Thicket (11), beside the flipped Altar only


def test_r108_with_no_unflipped_tile_beside_it_the_tree_flips_beside_the_region() -> None:
    tiles = [dict(x, flipped=x["tile"] in ("03", "07", "17")) for x in BLOCK]
    s = future("parallel_land", {"figure": "01:NW", "tiles": tiles, "heroes_at": ["01:NE", "22:SE", "20:SW"],
                                 "turn": {"start": "round", "round": 2, "fstage": 0}}, {"tree_flips": "players"})
    assert labels(s) == ["Flip Magpie Thicket", "Flip Lamia's Lake"]        # the flipped region grows


def test_r109_a_hero_s_flip_may_be_beside_any_flipped_tile() -> None:
    s = future("parallel_land", {"figure": "01:NW", "tiles": [dict(x, flipped=x["tile"] == "03") for x in BLOCK],
                                 "heroes_at": ["01:NE", "22:SE", "20:SW"],
                                 "turn": {"start": "round", "round": 1, "fstage": 1}}, {"tree_flips": "players"})
    assert frame(s) == "HeroFlip" and "Flip Magpie Thicket" in labels(s)


def test_r109_a_seed_planted_keeps_virtues_off_its_tile() -> None:
    s = future("parallel_land", {"figure": "01:NW", "tiles": [dict(x, flipped=x["tile"] == "07") for x in BLOCK],
                                 "tokens": [{"space": "07:NW", "token": "parallel_virtue"}],
                                 "heroes_at": ["07:NW", "22:SE", "20:SW"], "boards": [{"seeds": 1}],
                                 "turn": {"start": "round", "round": 1, "fstage": 1}}, {"tree_flips": "players"})
    if frame(s) == "HeroFlip":
        act(s, labels(s)[0])
        act(s, labels(s)[0])
    act(s, "Claim a Parallel Virtue", "Plant a Seed here")
    assert piece(s, space(s, "07:NW")) == "seed" and s.seeds[0] == 0
    from talewood.games.threetale.future.parallel_land import TreeFill

    TreeFill(0).run(s)
    assert not any(type(f).__name__ == "PlacePV" and f.tile == 6 for f in s.stack)


def test_r110_the_tree_deals_every_hero_2_damage_a_parallel_virtue_at_the_end_of_the_round() -> None:
    s = future("parallel_land", {"figure": "01:NW", "tiles": [dict(x, flipped=x["tile"] == "07") for x in BLOCK],
                                 "tokens": [{"space": "07:NW", "token": "parallel_virtue"}],
                                 "turn": {"start": "round", "round": 1, "fstage": 4}}, {"tree_flips": "players"})
    hits = [f for f in s.stack if type(f).__name__ == "TakeDamage"]
    assert frame(s) == "TakeDamage" and [f.total for f in hits] == [2, 2, 2]
    assert sorted(f.seat for f in hits) == [0, 1, 2]


def test_r112_a_sacred_stone_deals_10_to_a_charmer() -> None:
    s = future("parallel_land", {"figure": "01:NW", "heroes_at": ["17:NW", "22:SE", "20:SW"],
                                 "boards": [{"sacred_stones": 1, "speed": 1}], "decks": {"charmers": ["S3-CH-03"]},
                                 "turn": {"start": "round", "round": 1, "fstage": 1}}, {"tree_flips": "players"})
    while frame(s) != "Turn":
        act(s, labels(s)[0])
    act(s, "Claim a Charmer", "Use a Sacred Stone: 10 damage to Charmer of Dreams")
    assert s.battle.kind == 0 and s.seeds[0] == 1


# -- 2.24 the Path of Initiation: R114-R119 ------------------------------------------------------------------

def test_r114_three_heads_each_and_every_hero_on_the_throne_s_tiles() -> None:
    s = future("path_of_initiation", {"figure": "01:NE", "heroes_at": ["07:NW", "17:NW", "03:NE"],
                                      "boards": [{"heads": 7}, {"heads": 7}, {"heads": 3}],
                                      "turn": {"start": "round", "round": 2, "fstage": 1}})
    s.goal_changed()
    assert not s.over                                      # one Hero lacks the Level 3 Head
    s.heads[2] = 7
    s.goal_changed()
    assert s.over and s.result().team_won and s.result().details[-1]["future_quest"] == 250


def test_r116_a_reflector_of_light_gives_a_conditional_gift() -> None:
    s = future("path_of_initiation", {"figure": "01:NE", "heroes_at": ["01:NW", "11:NE", "27:NE"],
                                      "boards": [{"hope": 7}], "decks": {"reflectors_1": ["S4-R1-06"]},
                                      "turn": {"start": "round", "round": 1, "fstage": 1}})
    actions, speed = s.actions_left(s.cur), s.steps_left(s.cur)
    act(s, "Claim a Reflector 1")     # Light of Hope: Hope 7, at least 4: +1 Action and +2 Speed this turn
    assert frame(s) == "Turn" and s.battle.kind == 0
    assert s.actions_left(s.cur) == actions and s.steps_left(s.cur) == speed + 2   # the Action it cost, given back


def test_r115_crystals_on_the_other_treasure_3_slots() -> None:
    s = future("path_of_initiation", {"tiles": [*BLOCK, {"tile": "21", "x": 3, "y": 1}],
                                      "turn": {"start": "future"}})
    act(s, "Set up the Throne on Lamia's Lake")
    assert count(s, "crystal") == 2 and s.figure == space(s, "23:NE")


# -- 2.25 the Crown of Evil: R120-R127 -------------------------------------------------------------------------

def test_r121_no_surrounded_tile_a_spirit_moves_one() -> None:
    tiles = [x for x in BLOCK if x["tile"] != "22"] + [{"tile": "30", "x": 3, "y": 0}]
    s = future("crown_of_evil", {"tiles": tiles, "turn": {"start": "future"}})
    assert s.figure == -1 and frame(s) == "CrownPay"
    act(s, "The Unborn Maiden sacrifices 1 Spirit")
    assert s.spirit[2] == 2 and frame(s) == "CrownMove"
    act(s, "Move Beehive Clearing", "Snap Beehive Clearing to the east of Cursed Bridge")
    assert s.figure == space(s, "17:NW") and s.fallbacks[1] == 1
    assert s.tile_rot[next(i for i, t in enumerate(s.t.c.tiles) if t.id == "30")] == 0


# a 4 x 3 block: Boyar's Ruin (17, Battle 2) and Lamia's Lake (23, Battle 3) are both surrounded
WIDE = [*BLOCK, {"tile": "30", "x": 3, "y": 0}, {"tile": "29", "x": 3, "y": 1}, {"tile": "28", "x": 3, "y": 2}]


def test_r121_the_vicinator_is_not_set_up_on_a_hero_s_space_while_another_tile_qualifies() -> None:
    s = future("crown_of_evil", {"tiles": WIDE, "heroes_at": ["17:NW", "11:NE", "27:NE"],
                                 "turn": {"start": "future"}})
    assert s.figure == space(s, "23:NW") and s.pos[0] == space(s, "17:NW")
    s = future("crown_of_evil", {"tiles": WIDE, "heroes_at": ["01:SW", "11:NE", "27:NE"],
                                 "turn": {"start": "future"}})
    assert frame(s) == "PlaceFigure" and len(labels(s)) == 2      # both free: the players choose


def test_r121_a_hero_on_the_only_battle_space_steps_aside() -> None:
    s = future("crown_of_evil", {"heroes_at": ["17:NW", "11:NE", "27:NE"], "turn": {"start": "future"}})
    assert s.figure == space(s, "17:NW") and s.pos[0] == space(s, "17:NE")   # the next space clockwise
    s = future("crown_of_evil", {"heroes_at": ["17:NW", "17:NE", "27:NE"], "turn": {"start": "future"}})
    assert s.figure == space(s, "17:NW") and s.pos[0] == space(s, "17:SE")   # its south-west is a Tree
    assert all(s.hero_at(v) < 0 for v in s.viruses)


def test_r123_viruses_walk_to_the_nearest_altar_through_trees() -> None:
    s = future("crown_of_evil", {"figure": "17:NW", "future_state": {"viruses": ["11:SE"]},
                                 "decks": {"tentacles": ["S5-TE-08"]}, "heroes_at": ["07:NE", "23:SE", "27:SW"],
                                 "turn": {"start": "round", "round": 2}})
    assert s.viruses[0] == space(s, "03:SE")              # 2 spaces north, over the Trees' corner
    assert frame(s) == "Turn"


def test_r124_only_one_attack_a_turn_unless_the_option_says_per_action() -> None:
    position: dict[str, Any] = {"figure": "17:NW", "future_state": {"viruses": ["07:SW", "01:SE"]},
                                "heroes_at": ["07:NW", "23:SE", "27:SW"],
                                "boards": [{"love": 13, "endeavor": 7}],
                                "turn": {"start": "round", "round": 2, "fstage": 1}}
    s = future("crown_of_evil", position)
    act(s, "Attack the Virus on the south-west space of Portal of the Mist")
    roll(s, 13)
    assert s.viruses[0] == -1 and not can(s, "Attack")
    s = future("crown_of_evil", position, {"crown_attacks": "per_action"})
    act(s, "Attack the Virus on the south-west space of Portal of the Mist")
    roll(s, 13)
    act(s, "Step west")
    assert can(s, "Attack the Virus on the south-east space of Boar's Glade")


def test_r127_defeating_the_vicinator_scores_250_and_tentacles_left() -> None:
    s = future("crown_of_evil", {"figure": "17:NW", "heroes_at": ["01:SE", "23:SE", "27:SW"],
                                 "future_state": {"vicinator_defense": 5, "tentacles_left": 5},
                                 "boards": [{"love": 13, "speed": 9}],
                                 "turn": {"start": "round", "round": 3, "fstage": 1}})
    act(s, "Attack the Vicinator")
    roll(s, 13)
    assert s.over and s.result().team_won
    team = s.result().details[-1]
    assert team["future_quest"] == 250 and team["remaining_turns"] == 40


def test_future_pieces_have_names() -> None:
    s = future("crown_of_evil", {"turn": {"start": "future"}})
    assert all(s.t.pieces[tok - FUTURE_PIECE].name for tok in s.token if tok >= FUTURE_PIECE)


# -- clauses of R87-R124 that the tests above leave open ---------------------------------------------------

def pv_tiles(s: TTState) -> list[str]:
    return sorted(s.t.c.tiles[sp >> 2].id for sp in range(len(s.token)) if piece(s, sp) == "parallel_virtue")


TEAM = "silver_deer+youngest_son+unborn_maiden"


# R108 (L436): "Every tile that doesn't have a Seed or a Parallel Virtue on it is considered an empty tile. At
# the end of its turn, the Tree places 1 Parallel Virtue on every empty tile": face up or flipped, its own tile
# too; on a face-up tile it goes on a space with nothing on it, never a Tree, a Portal or the Tree itself
def test_r108_the_tree_fills_every_empty_tile_at_the_end_of_its_turn() -> None:
    s = future("parallel_land", {"figure": "01:NW", "heroes_at": ["23:NE", "22:SE", "20:NE"],
                                 "tiles": [dict(x, flipped=x["tile"] in ("11", "27")) for x in BLOCK],
                                 "tokens": [{"space": "20:SW", "token": "seed"}],
                                 "turn": {"start": "round", "round": 1}}, {"tree_flips": "players"})
    act(s, "Flip Altar of the Dawn")
    act(s, labels(s)[0])                                   # its Parallel Virtue, on a dark space
    act(s, "Flip Boyar's Ruin")
    act(s, labels(s)[0])
    offered: dict[str, list[str]] = {}
    while frame(s) == "PlacePV":                           # the fill
        offered[s.tile_name(s.stack[-1].tile)] = labels(s)
        act(s, labels(s)[0])
    assert frame(s) == "HeroFlip"
    assert pv_tiles(s) == ["01", "03", "07", "11", "17", "22", "23", "27"]      # 20 holds a Seed
    assert s.pv_left == 30 - 8
    assert offered["Boar's Glade"] == ["Put the Parallel Virtue on the south-east space of Boar's Glade",
                                       "Put the Parallel Virtue on the south-west space of Boar's Glade"]
    assert offered["Portal of the Mist"] == [                # not on the Portal (north-west)
        "Put the Parallel Virtue on the north-east space of Portal of the Mist",
        "Put the Parallel Virtue on the south-east space of Portal of the Mist",
        "Put the Parallel Virtue on the south-west space of Portal of the Mist"]
    assert "Zmey's Lair" in offered and not any("south-west" in x for x in offered["Zmey's Lair"])   # its Tree


# R108, the variant (option empty_tiles=flipped): the Tree fills only the empty tiles that are flipped
def test_r108_with_the_variant_the_tree_fills_only_empty_flipped_tiles() -> None:
    s = future("parallel_land", {"figure": "01:NW", "heroes_at": ["23:NE", "22:SE", "20:SW"],
                                 "tiles": [dict(x, flipped=x["tile"] in ("11", "27")) for x in BLOCK],
                                 "turn": {"start": "round", "round": 1}},
               {"tree_flips": "players", "empty_tiles": "flipped"})
    act(s, "Flip Altar of the Dawn")
    act(s, labels(s)[0])                                   # its Parallel Virtue
    act(s, "Flip Portal of the Mist")
    act(s, labels(s)[0])
    while frame(s) == "PlacePV":                           # the fill: 11 and 27 were flipped and empty
        act(s, labels(s)[0])
    assert frame(s) == "HeroFlip"
    assert pv_tiles(s) == ["03", "07", "11", "27"] and s.pv_left == 26


# R87: every Past token and cube leaves the Map, not only Offerings
def test_r87_the_future_clears_the_past_s_stones_and_tokens() -> None:
    s = future("nine_rings", {"tokens": [{"space": "03:SE", "token": "red"}, {"space": "03:NE", "token": "white"},
                                         {"space": "01:NE", "token": "treasure3"}], "turn": {"start": "future"}})
    assert [s.token[space(s, x)] for x in ("03:SE", "03:NE", "01:NE")] == [-1, -1, -1]
    assert piece(s, space(s, "01:NW")) == "beldame"


# R123 (A-49c): a Virus never walks through a Portal
def test_r123_a_virus_goes_round_a_portal() -> None:
    s = future("crown_of_evil", {"figure": "17:NW", "future_state": {"viruses": ["07:NE"]},
                                 "decks": {"tentacles": ["S5-TE-08"]}, "heroes_at": ["23:SE", "27:SW", "20:SE"],
                                 "turn": {"start": "round", "round": 2}})
    assert s.viruses[0] == space(s, "07:SW")               # not 01:NE through the Portal at 07:NW


# R123 (A-49c): the first Virus to reach an Altar ends the enemy turn; the others stay
def test_r123_the_first_virus_at_an_altar_ends_the_enemy_turn() -> None:
    s = future("crown_of_evil", {"figure": "17:NW", "future_state": {"viruses": ["03:SE", "22:SE"]},
                                 "decks": {"tentacles": ["S5-TE-08"]}, "heroes_at": ["07:NE", "23:SE", "27:SW"],
                                 "turn": {"start": "round", "round": 2}})
    assert frame(s) == "VirusBlock"
    assert s.adjacent8(s.viruses[0], s.figure) and s.viruses[1] == space(s, "22:SE")


# R22/R102 (L415): nothing turns the flood's die
def test_r102_hope_never_turns_the_flood_s_die() -> None:
    s = future("information_flood", {"figure": "03:NW", "boards": [{"hope": 7}],
                                     "turn": {"start": "round", "round": 1, "fstage": 1}})
    assert s.turns_left(0) == 2
    act(s, labels(s)[0])
    roll(s, 0)
    assert frame(s) == "RemoveTile"                         # straight to the second removal, no AfterRoll


# R92 (A-59, R17): the Future keeps the Past's places and the order chosen in the Present
def test_r92_the_future_keeps_the_heroes_places_and_the_present_s_order() -> None:
    s = GAME.new_game(3, 5, {"heroes": TEAM, "future": "nine_rings"}, tracked=False)
    while s.phase != PRESENT:
        s.apply(s.t.ids.end_turn if frame(s) == "Turn" else s.legal_actions()[0])
    places = s.pos[:]
    act(s, "The Youngest Son takes the first turn", "The Unborn Maiden takes the second turn")
    assert frame(s) == "PlaceFigure" and len(labels(s)) == 3          # the Fountain on a chosen Altar (R94)
    act(s, labels(s)[0])
    assert s.phase == FUTURE and frame(s) == "Turn" and s.cur == 1 and s.pos == places and not s.drawn


# R106 (L430): the Tree's tile needs at least two neighbours
def test_r106_a_battle_1_tile_with_one_neighbour_cannot_hold_the_tree() -> None:
    s = future("parallel_land", {"tiles": [{"tile": "03", "x": 0, "y": 0}, {"tile": "01", "x": 1, "y": 0},
                                           {"tile": "07", "x": 2, "y": 0}, {"tile": "11", "x": 0, "y": 1}],
                                 "heroes_at": ["01:SW", "11:NE", "07:NE"], "turn": {"start": "future"}},
               {"tree_flips": "players"})
    assert frame(s) == "PlaceTree" and all("Boar's Glade" in x for x in labels(s))   # not Magpie Thicket
    assert s.fallbacks == [0, 0]


# R121/R122 (L462, L464): Elixir 3 on Treasure 2, claimed for a card of Elixirs 3
def test_r121_elixir_3_on_a_treasure_2_slot_draws_from_its_deck() -> None:
    s = future("crown_of_evil", {"tiles": [*BLOCK, {"tile": "02", "x": 3, "y": 0}], "figure": "17:NW",
                                 "heroes_at": ["02:SE", "11:NE", "27:NE"], "future_state": {"viruses": ["07:NE"]},
                                 "turn": {"start": "round", "round": 2, "fstage": 1}})
    assert piece(s, space(s, "02:SE")) == "elixir_3" and not can(s, "Attack")   # the Virus is 2 spaces off
    d = FUTURE_DECK + s.t.fdeck_index["elixirs_3"]
    act(s, "Claim a Elixir 3")
    assert s.token[space(s, "02:SE")] == -1 and len(s.discard[d]) == 1


# R124: a new Tentacle every Vicinator turn
def test_r124_the_vicinator_activates_a_tentacle_every_round() -> None:
    s = future("crown_of_evil", {"figure": "17:NW", "future_state": {"tentacles_left": 5},
                                 "decks": {"tentacles": ["S5-TE-08", "S5-TE-08"]},
                                 "heroes_at": ["07:NE", "23:SE", "27:SW"], "turn": {"start": "round", "round": 2}})
    assert s.tentacles_left == 4
    for _ in range(3):
        act(s, "End your turn")
        while frame(s) in ("Endure", "MercyHero"):
            act(s, "Raise nothing more")
    assert s.round_no == 3 and s.tentacles_left == 3


# R109: claiming a Parallel Virtue takes it off the Map and raises no Virtue
def test_r109_a_claimed_parallel_virtue_leaves_the_map_and_raises_nothing() -> None:
    s = future("parallel_land", {"figure": "01:NW", "tiles": [dict(x, flipped=x["tile"] == "07") for x in BLOCK],
                                 "tokens": [{"space": "07:NW", "token": "parallel_virtue"}],
                                 "heroes_at": ["07:NW", "22:SE", "20:SW"],
                                 "turn": {"start": "round", "round": 1, "fstage": 1}}, {"tree_flips": "players"})
    while frame(s) != "Turn":
        act(s, next(x for x in labels(s) if "Portal" not in x))
    before = s.virtues(0)
    act(s, "Claim a Parallel Virtue")
    assert s.token[space(s, "07:NW")] == -1 and s.virtues(0) == before and s.acts == 1 and frame(s) == "Turn"


# R88 (L377, A-42): an empty Future deck is not refilled from its discards
def test_r88_an_empty_future_deck_stays_empty() -> None:
    s = future("nine_rings", {"figure": "03:NW", "heroes_at": ["20:NE", "11:NE", "27:NE"],
                              "turn": {"start": "round", "round": 1, "fstage": 1}})
    d = FUTURE_DECK + s.t.fdeck_index["nymphs"]
    s.discard[d], s.deck[d] = s.deck[d], []
    s.invalidate()
    used = len(s.discard[d])
    act(s, "Claim a Nymph")
    assert s.deck[d] == [] and len(s.discard[d]) == used and s.rings[0] == 0
