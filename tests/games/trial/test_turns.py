"""Days, turns and paw tokens (brief §5.2-5.3 and §5.8: R-12 … R-19, R-40 … R-44)."""

from __future__ import annotations

from talewood.engine import Rng

from .helpers import GAME, T, aside, can, card, check, do, labels, position


def test_r12_four_days_of_turns_in_order_from_the_first_player():
    for players in (2, 3, 4):
        s = GAME.new_game(players, 5, {"first_player": "random"}, tracked=True)
        rng = Rng(5)
        while not s.is_over:
            legal = s.legal_actions()
            s.apply(legal[rng.below(len(legal))])
        assert s.log is not None
        turns = [e for e in s.log if e["type"] == "turn"]
        assert len(turns) == players * (4 * 4 + 3)          # 16 paw turns and 3 camping turns each
        days = []
        expected = -1
        for e in s.log:
            if e["type"] == "day":                          # "Day 2 begins; Player 3 holds the first player token"
                days.append(int(e["text"].split()[1]))
                expected = int(e["text"].split("Player ")[1][0]) - 1
            elif e["type"] == "turn":
                assert e["seat"] == expected, e["text"]      # clockwise from the day's first player
                expected = (expected + 1) % players
        assert days == [1, 2, 3, 4]


def test_r13_a_turn_without_paw_tokens_is_a_camping_turn():
    s = position(2, positions=["path_01", "path_02"], paws=[{"placed": ["help"] * 4,
                                                             "strong": "help"}, {}], turn={"seat": 1})
    assert s.t_camp
    assert s.prompt() == "Player 1: your turn: put up your tent, play a deed or move"
    assert not any(x.startswith("Place") for x in labels(s))
    assert can(s, "Camp at the universal campsite")


def test_r14_new_day_the_first_player_may_refresh_the_encounters_then_starts():
    s = position(2, positions=["camp_s", "path_13"], first_player=1, encounters=["knight", "tea_cat", "bandits"],
                 paws=[{"placed": ["help"] * 4, "strong": "help"}, {"placed": ["help"] * 4, "strong": "help"}],
                 tents=[["tent_x"], ["tent_x_2"]], turn={"seat": 1})
    do(s, "Camp on the South meadow")          # Player 1 camps first
    # the south meadow gives the first player token: it stays with Player 1 here
    assert s.current_player == 1 and s.t_camp
    do(s, "Move", "Move to the South meadow")
    do(s, "Camp on the South meadow")          # Player 2 takes the first player token while camping
    assert s.first == 1
    assert s.day == 2 and s.prompt().startswith("Player 2: a new day")
    top = list(s.enc_deck[-3:])
    do(s, "Replace the face-up encounter cards")
    assert sorted(s.enc_slots) == sorted(top)               # 3 new cards from the top
    assert sorted(s.enc_deck[:3]) == sorted([card("knight"), card("tea_cat"), card("bandits")])
    assert s.current_player == 1 and not s.t_camp          # the holder starts the new day
    check(s)


def test_r14_keeping_the_encounters():
    s = position(2, positions=["camp_s", "path_02"], encounters=["knight", "tea_cat", "bandits"],
                 paws=[{"placed": ["help"] * 4, "strong": "help"}, {"placed": ["help"] * 4, "strong": "help"}],
                 tents=[["tent_x"], []], camped=[2], turn={"seat": 1})
    do(s, "Camp on the South meadow")
    do(s, "Keep the face-up encounter cards")
    assert s.enc_slots == [card("knight"), card("tea_cat"), card("bandits")]


def test_r15_a_turn_is_a_deed_a_move_and_a_paw_token_in_any_order():
    s = position(2, positions=["tower_c", "start_s"], hands=[["market_day", "lost_purse"], []],
                 turn={"seat": 1})
    assert not can(s, "End your turn")                      # the paw token is obligatory
    do(s, "Place a paw token on the help spot", "Draw a deed card")
    assert can(s, "End your turn") and can(s, "Move") and can(s, "Play Lost Purse")
    do(s, "Play Lost Purse", "Lost Purse: Evil")
    do(s, "Gain a raspberry", "Gain a raspberry")
    assert can(s, "Move") and not can(s, "Play")
    do(s, "Move", "Move to Forest path 9")
    assert s.current_player == 1                            # deed, move and paw done: the turn ended


def test_r16_a_deed_is_resolved_completely_before_anything_else():
    s = position(2, positions=["store_c", "start_s"], hands=[["trailblazer"], []],
                 food=[{"acorn": 1, "mushroom": 1}, {}], turn={"seat": 1})
    do(s, "Play Trailblazer")
    assert s.prompt() == "Player 1: choose the food token to spend"
    assert not any(x.startswith(("Move", "Place")) for x in labels(s))


def test_r17_one_move_a_turn_never_split():
    s = position(2, positions=["store_c", "start_s"], turn={"seat": 1})
    do(s, "Move", "Move to Forest path 12")
    assert not can(s, "Move")


def test_r18_cards_gained_are_set_aside_until_the_turn_ends_then_the_hand_limit_is_7():
    s = position(2, positions=["tower_c", "start_s"], hands=[["market_day", "lost_purse", "peddler", "poacher",
                                                              "ambush", "bear"], []],
                 deck_top=["duel", "swordmaster", "curator", "painter"], turn={"seat": 1})
    do(s, "Place your strong paw token on the Central lookout tower")
    assert aside(s, 0) == ["curator", "duel", "painter", "swordmaster"]
    assert len(s.hand[0]) == 6
    assert not can(s, "Play Duel")                           # set aside: not usable this turn
    do(s, "End your turn")
    assert s.prompt() == "Player 1: discard down to 7 cards (3 more)"
    do(s, "Discard Bear", "Discard Ambush", "Discard Poacher")
    assert len(s.hand[0]) == 7 and s.current_player == 1
    assert [T.cards[c].card.id for c in s.discard[-3:]] == ["bear", "ambush", "poacher"]


def test_r19_card_text_overrides_the_rules_the_cartographer_goes_past_the_start():
    s = position(2, positions=["swamps_exit", "start_s"], stories=[["cartographer"], []], turn={"seat": 1})
    do(s, "Move", "Move to Swamps: the first space")
    # the rules stop a piece on the first space (L530); the Cartographer moves on at once (L688)
    assert s.prompt().startswith("Player 1: advance")
    do(s, "Advance to Swamps: the reeds")
    assert s.pos[0] == T.space_index["swamps_reeds"]


def test_r40_exactly_one_paw_token_each_turn():
    s = position(2, positions=["store_c", "start_s"], turn={"seat": 1})
    do(s, "Place a paw token on the help spot", "Draw a deed card")
    assert not any(x.startswith("Place") for x in labels(s))
    assert s.paws_home[0] == 2 and s.strong_home[0]


def test_r41_the_strong_paw_resolves_the_plus_a_plain_paw_the_first_effect():
    for strong, drawn in ((False, 2), (True, 4)):
        s = position(2, positions=["tower_c", "start_s"], hands=[[], []], turn={"seat": 1})
        paw = "your strong paw token" if strong else "a paw token"
        do(s, f"Place {paw} on the Central lookout tower (Lookout tower)")
        assert len(s.aside[0]) == drawn


def test_r42_a_paw_token_resolves_an_encounter_uses_a_location_or_helps():
    s = position(2, positions=["store_c", "start_s"], encounters=["squirrel_hoard", "friendly_guide", "knight"],
                 turn={"seat": 1})
    paws = sorted(x for x in labels(s) if x.startswith("Place a paw"))
    assert paws == ["Place a paw token on the Central store (Store)",
                    "Place a paw token on the help spot",
                    "Place a paw token under the encounter card Friendly Guide",
                    "Place a paw token under the encounter card Knight",
                    "Place a paw token under the encounter card Squirrel Hoard"]
    x = position(2, positions=["frosty_start", "start_s"], turn={"seat": 1})     # the 4th use: an expedition
    assert [y for y in labels(x) if y.startswith("Place")] == [
        "Place a paw token in the expedition section of the Frosty Hill",
        "Place your strong paw token in the expedition section of the Frosty Hill"]


def test_r43_one_token_of_each_player_per_location_and_only_where_the_piece_stands():
    s = position(2, positions=["store_c", "store_c"], paws=[{"placed": ["store_c"]}, {}], turn={"seat": 1})
    assert not can(s, "Place a paw token on the Central store")            # already one of yours there
    assert not can(s, "Place a paw token on the North store")              # not where you stand
    t = position(2, positions=["store_c", "store_c"], paws=[{}, {"placed": ["store_c"]}], turn={"seat": 1})
    assert can(t, "Place a paw token on the Central store")                # another player's token is fine


def test_r44_encounters_and_help_from_anywhere_but_expedition_spaces_several_tokens_allowed():
    s = position(2, positions=["path_05", "start_s"], encounters=["squirrel_hoard", "lost_traveller", "knight"],
                 paws=[{"placed": ["help", "encounter"]}, {}], turn={"seat": 1})
    assert can(s, "Place a paw token on the help spot")                    # a third token on the help spot…
    assert can(s, "Place a paw token under the encounter card Squirrel Hoard")  # …and the encounter section
    x = position(2, positions=["swamps_reeds", "start_s"], encounters=["squirrel_hoard", "lost_traveller", "knight"],
                 turn={"seat": 1})
    assert not any("help spot" in y or "encounter card" in y for y in labels(x))
