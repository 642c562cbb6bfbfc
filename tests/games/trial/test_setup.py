"""Setup (brief §5.1, R-01 … R-11; rulebook L173-197)."""

from __future__ import annotations

import pytest

from talewood.engine import InvalidOption

from .helpers import GAME, IDS, T, check, do, labels, new_state

RUINS, STORE = 1, 3


def test_r01_tiles_lie_front_up_on_their_own_type_shuffled_within_each_type():
    seen: dict[int, set[int]] = {loc: set() for loc in range(12)}
    for seed in range(30):
        s = new_state(2, seed)
        assert s.tile_side == [0] * 12                      # the uncrossed side up (L177)
        for loc in range(12):
            assert T.tile_type[s.tile_at[loc]] == T.loc_type[loc]
            seen[loc].add(s.tile_at[loc])
        assert sorted(s.tile_at) == list(range(12))
    assert all(len(tiles) == 3 for tiles in seen.values())   # every tile of the type turns up everywhere
    fixed = new_state(2, 5, tiles="fixed")
    assert fixed.tile_at == list(T.loc_fixed_tile)


def test_r02_legendary_tokens_the_tray_and_the_tunnel_tokens():
    s = new_state(3, 1)
    assert s.legendary == [-1, -1, -1]
    # 64 food: 16 of each, minus a raspberry, an acorn and a mushroom per player (L196)
    assert s.tray == [13, 13, 13, 16]
    assert s.tun_space == [-1, -1]                          # both tunnel tokens in the tray
    assert len(T.die_outcomes) == 4 and GAME.content.dice.count == 3


def test_r03_ruins_hold_two_different_commons_and_one_rare_each_face_down():
    for seed in range(10):
        s = new_state(2, seed)
        ruins = [loc for loc in range(12) if T.loc_type[loc] == RUINS]
        commons = sorted(k for loc in ruins for k in s.ruins[loc] if not T.rare[k])
        rares = [k for loc in ruins for k in s.ruins[loc] if T.rare[k]]
        assert commons == sorted(k for k in range(12) if not T.rare[k])    # one of each common kind
        assert len(rares) == 3 and len(set(rares)) == 3
        for loc in ruins:
            assert len(s.ruins[loc]) == 3
        assert not any(s.ruins_seen)                        # face down: nobody has looked
        view = s.view(0)
        assert all(loc["items"] is None for loc in view["locations"] if loc["type"] == "ruins")


def test_r04_the_store_holds_six_stacks_of_two_and_three_rares_in_the_third_column():
    s = new_state(2, 3)
    small = [x for x in range(12) if not T.slot_large[x]]
    assert sorted(s.store_kind[x] for x in small) == [k for k in range(12) if not T.rare[k]]
    assert all(s.store_n[x] == 2 for x in small)
    third = [x for x in range(12) if x % 4 == 2]
    fourth = [x for x in range(12) if x % 4 == 3]
    assert all(T.rare[s.store_kind[x]] and s.store_n[x] == 1 for x in third)
    assert all(s.store_kind[x] == -1 for x in fourth)
    check(s)
    placements = {tuple(new_state(2, seed).store_kind) for seed in range(10)}
    assert len(placements) > 1                              # "placed randomly" (L181)


def test_r05_deed_and_encounter_decks_are_shuffled_and_three_encounters_face_up():
    a, b = new_state(2, 1), new_state(2, 2)
    assert len(a.enc_slots) == 3 and all(c >= 0 for c in a.enc_slots)
    assert len(a.enc_deck) == 17
    assert len(a.deck) == 70 - 2 * 5
    assert a.deck != b.deck and a.enc_deck != b.enc_deck
    assert all(T.is_encounter[c] for c in a.enc_slots)
    assert not any(T.is_encounter[c] for c in a.deck)


def test_r06_artifacts_in_their_slots_and_three_separate_expedition_decks():
    s = new_state(2, 4)
    assert s.artifact_home == [True] * 9
    for area in range(3):
        assert sorted(s.xdeck[area]) == list(T.area_range[area])
    assert s.xdeck != new_state(2, 5).xdeck


def test_r07_first_player_is_random_or_player_1():
    firsts = {GAME.new_game(4, seed).first for seed in range(20)}
    assert firsts == {0, 1, 2, 3}
    assert {GAME.new_game(4, seed, {"first_player": "seat0"}).first for seed in range(5)} == {0}
    with pytest.raises(InvalidOption):
        GAME.new_game(2, 1, {"first_player": "oldest"})


def test_r08_pieces_go_on_the_starts_in_turn_order_and_may_share_one():
    s = GAME.new_game(3, 2, {"first_player": "random"})
    first = s.first
    order = [(first + i) % 3 for i in range(3)]
    for seat in order:
        assert s.current_player == seat
        assert labels(s) == ["Start on the North start", "Start on the West start", "Start on the East start",
                             "Start on the South start"]
        do(s, "Start on the West start")
    assert s.pos == [T.space_index["start_w"]] * 3
    assert s.current_player == first and s.day == 1


def test_r09_four_paw_tokens_one_strong_and_morality_in_the_middle():
    s = new_state(4, 1)
    assert s.paws_home == [3] * 4 and s.strong_home == [True] * 4
    assert s.morality == [T.morality_start] * 4
    assert GAME.content.morality.fame[T.morality_start] == 0


def test_r10_three_tents_each_dealt_face_down_the_rest_in_the_box():
    for players, box in ((2, 8), (3, 5), (4, 2)):
        s = new_state(players, 7)
        assert [len(x) for x in s.tents] == [3] * players
        assert len(s.tent_box) == box
        view = s.view(0)
        assert len(view["player_states"][0]["tent_tokens"]) == 3        # you may look at your own
        assert "tent_tokens" not in view["player_states"][1]             # not at the others'
        assert view["player_states"][1]["tents"] == 3


def test_r11_three_flags_five_cards_and_a_mushroom_a_raspberry_and_an_acorn():
    s = new_state(3, 1)
    for seat in range(3):
        assert s.flags[seat * 3:seat * 3 + 3] == [-1, -1, -1]         # 3 flags on the board
        assert len(s.hand[seat]) == 5
        assert s.foods(seat) == (1, 1, 1, 0)
    check(s)


def test_setup_offers_the_starts_then_the_first_turn():
    s = new_state(2, 1)
    assert s.legal_actions() == list(range(IDS.start, IDS.start + 4))
    do(s, "Start on the North start", "Start on the South start")
    assert s.prompt() == "Player 1: your turn: place a paw token, play a deed or move"
