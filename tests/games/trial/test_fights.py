"""Fights (brief §5.12: R-61 … R-70) and the rulebook's fights (T-05 … T-09)."""

from __future__ import annotations

import pytest

from talewood.engine import CHANCE
from talewood.games.trial.tables import SK_COLS, SK_FAME

from .helpers import T, card, check, do, food, hand, labels, morality, position, roll, scenario, story


def test_r61_a_card_opponent_defends_and_plays_no_cards():
    s = position(2, positions=["path_05", "start_s"], encounters=["knight", "bandits", "tea_cat"],
                 hands=[["pathfinder"], ["duel"]], turn={"seat": 1})
    do(s, "Place a paw token under the encounter card Knight")
    roll(s, "1", "1")
    assert s.f_att == 0 and s.f_def == -1
    assert s.current_player == 0 and s.prompt().startswith("Player 1: strength 2 against 4")
    do(s, "Fight on with this strength")
    assert s.current_player == 0                     # the Knight never decides anything



def test_a05_an_adventurer_without_a_die_card_still_rolls_one_die():
    """L349: "An adventurer's strength is the sum of 4 components: your skills, your die roll(s), any weapon
    you have chosen, and any bonus you receive for discarded cards"; L268: a die symbol means "roll an extra
    die". Every adventurer rolls the die printed on the character board, though L355 counts only "die
    symbols on the cards you have added to your story" (docs/rules/trial.md, A-05)."""
    s = position(2, positions=["path_05", "start_s"], encounters=["knight", "bandits", "tea_cat"], stories=[[], []],
                 turn={"seat": 1})
    do(s, "Place a paw token under the encounter card Knight")
    assert s.f_dice == [1, 1]                        # Mary's die and the Knight's
    roll(s, "1", "3")                                # the Knight's die 1, Mary's die 3
    assert s.f_pts == [1 + 3, 3 + 1]                 # the board's strength symbol and Mary's roll

def test_r62_a_card_opponent_has_its_value_plus_its_dice_and_a_shield_takes_one_die():
    s = position(2, positions=["path_05", "start_s"], hands=[["swordmaster"], []], food=[{"acorn": 1}, {}],
                 turn={"seat": 1})
    do(s, "Play Swordmaster")
    roll(s, "2")
    assert s.f_pts[1] == 6 + 2
    knight = position(2, positions=["path_05", "start_s"], encounters=["knight", "bandits", "tea_cat"],
                      backpacks=[["shield"], []], turn={"seat": 1})
    do(knight, "Place a paw token under the encounter card Knight")
    assert knight.f_dice == [1, 0] and knight.f_pts == [1, 3]
    roll(knight, "1")                                # only Mary's own die: the shield took the Knight's
    assert knight.current_player != CHANCE
    bandits = position(2, positions=["path_05", "start_s"], encounters=["bandits", "knight", "tea_cat"],
                       backpacks=[["shield"], []], turn={"seat": 1})
    do(bandits, "Place a paw token under the encounter card Bandits")
    assert bandits.f_dice == [1, 2]                  # 3 dice, 1 fewer


def test_r62_the_shield_does_not_weaken_an_opponent_from_a_deed_card():
    # L762: "The shield makes your opponents (from encounter and expedition cards) roll 1 fewer fight die."
    s = position(2, positions=["path_05", "start_s"], hands=[["swordmaster"], []], food=[{"acorn": 1}, {}],
                 backpacks=[["shield"], []], turn={"seat": 1})
    do(s, "Play Swordmaster")
    assert s.f_dice == [1, 1] and s.f_pts == [1, 6]


def test_r63_strength_is_symbols_a_weapon_dice_and_enhancement_cards():
    s = position(2, positions=["path_05", "start_s"], stories=[["arms_training", "drill_sergeant"], []],
                 backpacks=[["sword_of_the_peak", "torch"], []], hands=[["swordmaster"], []],
                 encounters=["forest_troll", "knight", "bandits"], turn={"seat": 1})
    do(s, "Place a paw token under the encounter card Forest Troll")
    assert labels(s) == ["Fight with the Torch (1 strength)",
                         "Fight with the Sword of the Peak (2 strength, 1 more die)", "Fight without a weapon"]
    do(s, "Fight with the Sword of the Peak")
    # board 1 + Arms Training 1 + Drill Sergeant 2 + the sword 2; dice: board 1 + Arms Training 1 + sword 1
    assert s.f_pts[0] == 1 + 1 + 2 + 2 and s.f_dice[0] == 3
    roll(s, "1")                                     # the troll's die: 7 + 1
    roll(s, "1", "2", "star")                        # Mary's three dice: 1 + 2 + 3
    assert s.f_pts == [6 + 6, 8]
    do(s, "Discard Swordmaster for 2 strength")
    assert s.f_pts[0] == 14


def test_r64_t07_the_knight_cards_are_discarded_after_seeing_the_rolls():
    s = scenario("knight")
    do(s, "Place a paw token under the encounter card Knight", "Fight with the Axe")
    roll(s, "3", "2")                                # the Knight's die 3 (6), Mary's die 2
    assert s.f_pts == [6, 6]                         # 2 symbols + 2 rolled + 2 from the axe: a tie
    assert s.prompt() == "Player 1: strength 6 against 6: discard cards for their strength symbols, or be done"
    do(s, "Discard Pathfinder for 1 strength", "Fight on with this strength")
    assert story(s, 0) == [("sparring_partner", "fighting", True), ("knight", "fighting", True)]
    assert morality(s, 0) == 1                       # the Knight's evil icon
    assert s.discard[-1] == card("pathfinder") and hand(s, 0) == []
    assert s.enc_slots[0] == card("forest_spirit")   # the slot is refilled
    check(s)


def test_r65_r67_t09_the_duel_cards_face_down_then_revealed_the_winner_discards():
    s = scenario("duel")
    do(s, "Play Duel")
    roll(s, "3")                                     # Mary: 3 + 3 = 6
    roll(s, "3", "3")                                # Mark: 2 + 3 + 3 = 8
    assert s.f_pts == [6, 8]
    do(s, "Play Swordmaster face down", "Play Pathfinder face down", "Fight on with this strength")
    assert s.current_player == 1                     # then the defender may play cards
    assert s.view(1)["fight"]["cards"][0] is None    # Mary's cards are face down for Mark
    assert s.view(1)["fight"]["cards_played"] == [2, 0]
    do(s, "Play Sparring Partner face down", "Fight on with this strength")
    # revealed: 6 + 3 = 9 against 8 + 2 = 10: Mark wins and takes a food token from Mary
    assert s.r_winner == 1 and s.prompt().startswith("Player 2: choose a food token to take from Player 1")
    do(s, "Take an acorn from Player 1")
    assert hand(s, 0) == ["pathfinder", "swordmaster"]            # the loser's cards go back
    assert s.discard[-1] == card("sparring_partner")              # the winner's are discarded
    assert story(s, 1)[-1] == ("duel", "fighting", True) and story(s, 0) == [("drill_sergeant", "fighting", True)]
    assert food(s, 0)["acorn"] == 0                  # the cost is not refunded, the acorn is Mark's
    assert food(s, 1)["acorn"] == 1
    check(s)


def test_r65_a09_in_a_duel_every_enhancement_symbol_counts_not_only_strength():
    # L359: "1 strength point for every symbol visible in the enhancement effect section" (the Duel)
    s = position(2, positions=["path_05", "path_05"], food=[{"acorn": 2}, {"mushroom": 1}],
                 stories=[["drill_sergeant"], ["arms_training"]], hands=[["duel", "peddler", "caravan"], []],
                 options={"first_player": "seat0", "tiles": "fixed"}, turn={"seat": 1})
    do(s, "Play Duel")
    roll(s, "3")
    roll(s, "3", "3")
    assert s.f_pts == [6, 8]
    assert "Play Peddler face down (2 strength)" in labels(s)          # two movement symbols
    do(s, "Play Peddler face down", "Play Caravan face down", "Fight on with this strength")
    # Mark has no card to play: revealed, 6 + 2 + 1 = 9 against 8, Mary wins
    assert s.r_winner == 0 and s.prompt() == "Player 1: choose a food token to take from Player 2"


def test_r66_a_tie_goes_to_the_defender_even_in_a_duel():
    s = scenario("duel")
    do(s, "Play Duel")
    roll(s, "3", "3", "3")
    do(s, "Play Swordmaster face down", "Play Pathfinder face down", "Fight on with this strength")
    do(s, "Fight on with this strength")             # 9 against 8: Mary wins
    assert s.r_winner == 0
    t = scenario("duel")
    do(t, "Play Duel")
    roll(t, "3", "3", "3")
    do(t, "Play Swordmaster face down", "Fight on with this strength")
    do(t, "Fight on with this strength")             # 8 against 8: the defender
    assert t.r_winner == 1


def test_t05_swordmaster_a_tie_goes_face_down_into_the_fighting_column():
    s = position(2, positions=["path_05", "start_s"], stories=[["drill_sergeant"], []], backpacks=[["axe"], []],
                 hands=[["swordmaster"], []], food=[{"acorn": 1}, {}], turn={"seat": 1})
    do(s, "Play Swordmaster", "Fight with the Axe")
    roll(s, "1", "2")                                # Swordmaster 6 + 1 = 7; Mary 1 + 2 + 2 + 2 = 7
    assert story(s, 0)[-1] == ("swordmaster", "fighting", False)   # 7 against 7: no card to play, lost
    assert s.sk[SK_FAME] == T.cards[card("drill_sergeant")].fame    # no fame from the face-down card
    assert s.sk[SK_COLS + 3] == 2                                     # it counts toward Legendary Fighter


def test_t06_bandits_three_dice_and_discarded_when_they_win():
    s = position(2, positions=["path_05", "start_s"], encounters=["bandits", "knight", "tea_cat"], turn={"seat": 1})
    do(s, "Place a paw token under the encounter card Bandits")
    roll(s, "1", "1", "1", "1")                      # the bandits 3; Mary 1 + 1
    assert s.f_pts == [2, 3]
    assert story(s, 0) == [] and s.enc_deck[0] == card("bandits")


@pytest.mark.parametrize("pre, won", [("star", True), ("2", False)])
def test_r68_t08_the_bow_wins_at_once_on_the_winning_symbol(pre, won):
    s = position(2, positions=["path_05", "start_s"], encounters=["forest_troll", "knight", "bandits"],
                 backpacks=[["bow"], []], turn={"seat": 1})
    do(s, "Place a paw token under the encounter card Forest Troll", "Fight with the Bow")
    roll(s, pre)
    if won:
        assert s.r_won == 1 and s.current_player != CHANCE          # no other die was rolled
        do(s, "Take no item")                                       # the troll's reward, then its card
        assert story(s, 0)[-1] == ("forest_troll", "fighting", True)
    else:
        assert s.f_pts == [1 + 1, 7]                  # the bow counts as a 1-strength weapon
        roll(s, "3", "star")                         # the fight goes on: the troll 10, Mary 2 + 3
        assert story(s, 0) == [] and s.enc_slots[0] == card("forest_troll")


def test_r69_the_artifact_sword_adds_2_and_a_die_the_rare_sword_3():
    t = T
    assert t.weapon[t.object_index["sword_of_the_peak"]] == (2, 1)
    assert t.weapon[t.object_index["sword"]] == (3, 0)
    s = position(2, positions=["path_05", "start_s"], encounters=["forest_troll", "knight", "bandits"],
                 backpacks=[["sword"], []], turn={"seat": 1})
    do(s, "Place a paw token under the encounter card Forest Troll", "Fight with the Sword (3 strength)")
    assert s.f_pts[0] == 1 + 3 and s.f_dice[0] == 1


def test_r70_the_card_goes_where_its_outcome_says():
    s = position(2, positions=["path_05", "start_s"], hands=[["brigands"], []], turn={"seat": 1})
    do(s, "Play Brigands")
    roll(s, "3", "3", "1")                           # brigands 2 + 6, Mary 2: lost, face down
    assert story(s, 0) == [("brigands", "fighting", False)] and card("brigands") not in s.discard
    w = position(2, positions=["path_05", "start_s"], hands=[["brigands"], []], turn={"seat": 1})
    do(w, "Play Brigands")
    roll(w, "1", "1", "star")                        # 4 against 4: the defender wins a tie
    assert story(w, 0) == [("brigands", "fighting", False)]
    v = position(2, positions=["path_05", "start_s"], hands=[["sparring_partner"], []], food=[{"acorn": 1}, {}],
                 turn={"seat": 1})
    do(v, "Play Sparring Partner")
    roll(v, "1", "star")                             # 3 against 4: won, +1 food, into the story
    do(v, "Gain a mushroom")
    assert story(v, 0) == [("sparring_partner", "fighting", True)] and food(v, 0)["mushroom"] == 1


def test_r67_a_lost_fight_against_a_card_gives_the_discarded_cards_back():
    s = position(2, positions=["path_05", "start_s"], encounters=["knight", "bandits", "tea_cat"],
                 hands=[["pathfinder"], []], turn={"seat": 1})
    do(s, "Place a paw token under the encounter card Knight")
    roll(s, "3", "1")                                                       # the Knight 6, Mary 1 + 1
    do(s, "Discard Pathfinder for 1 strength", "Fight on with this strength")  # 3 against 6: lost
    assert hand(s, 0) == ["pathfinder"] and card("pathfinder") not in s.discard   # L363: taken back
    assert story(s, 0) == [] and s.enc_slots[0] == card("knight")


def test_r64_r65_at_most_two_cards_in_a_fight_against_a_card_or_an_adventurer():
    k = position(2, positions=["path_05", "start_s"], encounters=["forest_troll", "knight", "bandits"],
                 hands=[["pathfinder", "swordmaster", "sparring_partner", "blaster"], []], turn={"seat": 1})
    do(k, "Place a paw token under the encounter card Forest Troll")
    roll(k, "3", "1")
    do(k, "Discard Pathfinder for 1 strength", "Discard Blaster for 1 strength")
    assert labels(k) == ["Fight on with this strength"]                     # a third card is not offered
    d = position(2, positions=["path_05", "path_05"], food=[{"acorn": 2}, {"mushroom": 1}],
                 hands=[["duel", "peddler", "caravan", "bear"], ["sparring_partner"]], turn={"seat": 1})
    do(d, "Play Duel")
    roll(d, "1")
    roll(d, "1")
    do(d, "Play Peddler face down", "Play Caravan face down")
    assert labels(d) == ["Fight on with this strength"]
