"""The Retail Expansion Pack: each rulebook example with its numbers, and each module's rules."""

from __future__ import annotations

import pytest

from talewood.engine import InvalidOption, Rng
from talewood.games.spirits.content import DROP, SPIRIT_INDEX, load_content
from talewood.games.spirits.frames import Firefly, KeepHex, KeepWish, Take
from talewood.games.spirits.scenario import SCHEMA
from talewood.games.spirits.scoring import (
    Favor,
    doubles_count,
    end_game,
    finish,
    gemstone_count,
    hex_strikes,
    resolve_fireflies,
    spirit_count,
)

from .helpers import GAME, IDS, Tiles, give, new_state, scenario, set_forest, start, take, token

C = load_content()


def wish(card_id):
    return next(w.index for w in C.wishes if w.id == card_id)


def hex_card(card_id):
    return next(h.index for h in C.hexes if h.id == card_id)


# -- Wish cards ------------------------------------------------------------------------------


def test_wish_setup_deals_two_each_and_reveals_only_when_all_have_chosen():
    state = new_state(3, seed=2, wish=True)
    assert [len(h) for h in state.wish_hand] == [2, 2, 2]
    assert len({w for h in state.wish_hand for w in h}) == 6
    assert type(state.stack[-1]) is KeepWish and state.current_player == 0
    assert sorted(state.legal_actions()) == sorted(IDS.wish + w for w in state.wish_hand[0])
    kept = state.wish_hand[0][1]
    state.apply(IDS.wish + kept)
    assert state.view(1)["player_states"][0]["wish"] is None          # hidden from the others
    assert state.view(1)["player_states"][0]["wish_chosen"] is True
    assert state.view(0)["player_states"][0]["wish"] == C.wishes[kept].id
    assert state.current_player == 1
    state.apply(IDS.wish + state.wish_hand[1][0])
    state.apply(IDS.wish + state.wish_hand[2][0])
    assert state.cards_revealed and type(state.stack[-1]) is Take
    assert state.view(2)["player_states"][0]["wish"] == C.wishes[kept].id


def _end_with_wishes(state, wishes):
    SCHEMA.apply(state, {"wishes": wishes})
    end_game(state)
    return state


def test_wish_examples_from_the_rulebook():
    """4 players: favor tokens 0 vs 2, 2, 4; Dew Drops 3 vs 1, 1, 2; gemstones 2 vs 0, 1, 1;
    tiles with two spirit symbols 6 vs 1, 5, 5 (scenarios/wish-examples.toml)."""
    state = scenario("wish-examples")
    dew = SPIRIT_INDEX["dew_drops"]
    assert [len(f) for f in state.favors] == [0, 2, 2, 4]
    assert [spirit_count(state, s, dew) for s in range(4)] == [1, 3, 1, 2]
    assert [gemstone_count(state, s) for s in range(4)] == [0, 1, 2, 1]
    assert [doubles_count(state, s) for s in range(4)] == [1, 5, 5, 6]
    end_game(state)
    assert state.wish_met == [False, True, True, True]
    dew_reward = C.wishes[wish("most_dew_drops")].reward_symbols
    assert state.reward_syms[1] == list(dew_reward)
    assert state.reward_syms[3] == list(C.wishes[wish("most_doubles")].reward_symbols)
    assert state.reward_syms[0] == [] and state.reward_syms[2] == []
    # the third player chooses a favor token from those removed at setup, before scoring
    assert state.stack[-1] == Favor(2) and not state.is_over
    box = list(state.box)
    assert sorted(state.legal_actions()) == sorted(IDS.favor + k for k in box)
    assert state.view(2)["box_tokens"] and "box_tokens" not in state.view(1)
    state.apply(IDS.favor + box[0])
    assert box[0] in state.favors[2] and box[0] not in state.box and state.is_over


def test_wish_ties_all_count_as_the_most():
    state = new_state(3, wish=True)
    SCHEMA.apply(state, {"gemstones": [{}, {}, {"lost": 1}]})
    assert state.supply == [2, 2, 1]
    _end_with_wishes(state, ["most_gemstones", "most_gemstones", "most_moss"])
    assert state.wish_met[0] and state.wish_met[1]
    assert state.wish_met[2]        # nobody has Moss: 0 is the most, tied


def test_wish_rewards_are_checked_before_any_is_given():
    state = new_state(2, wish=True)
    # player 1 gains a Flowers symbol from the Branches wish; player 2's Flowers wish is checked before it
    SCHEMA.apply(state, {"collections": [["branches+branches", "branches (moon)", "flowers (moon)"],
                                         ["flowers (sun)"]]})
    _end_with_wishes(state, ["most_branches", "most_flowers"])
    assert C.wishes[wish("most_branches")].reward_symbols == (SPIRIT_INDEX["flowers"],)
    assert state.wish_met == [True, True]
    assert spirit_count(state, 0, SPIRIT_INDEX["flowers"]) == 2


# -- Hex cards -------------------------------------------------------------------------------


def test_hex_examples_from_the_rulebook():
    """3 players. (1) least Moss and Leaves: 0 and 1 against 4, 1 and 3, 4 → −6; (2) least favor tokens:
    2 against 4 and 2 → tied for the least → −6; (3) least power icons: 12 against 7 and 8 → no change."""
    state = new_state(3, hex=True)
    moss, leaves = SPIRIT_INDEX["moss"], SPIRIT_INDEX["leaves"]
    spirit = [[0] * 9 for _ in range(3)]
    spirit[0][moss], spirit[1][moss], spirit[2][moss] = 0, 4, 1
    spirit[0][leaves], spirit[1][leaves], spirit[2][leaves] = 1, 3, 4
    power = [[4, 4, 4], [3, 2, 2], [3, 3, 2]]
    assert hex_strikes(state, 0, hex_card("least_leaves_and_moss"), spirit, power)
    SCHEMA.apply(state, {"favor_tokens": [[C.tokens[k].id for k in hand] for hand in ([0, 1, 2, 3], [4, 5], [6, 7])]})
    assert hex_strikes(state, 1, hex_card("least_favor_tokens"), spirit, power)
    assert not hex_strikes(state, 0, hex_card("least_power_icons"), spirit, power)
    assert sum(power[0]) == 12 and sum(power[1]) == 7 and sum(power[2]) == 8


def test_hex_two_spirits_needs_the_least_of_both():
    state = new_state(2, hex=True)
    moss, leaves = SPIRIT_INDEX["moss"], SPIRIT_INDEX["leaves"]
    spirit = [[0] * 9 for _ in range(2)]
    spirit[0][moss], spirit[1][moss] = 0, 3
    spirit[0][leaves], spirit[1][leaves] = 5, 1
    power = [[1, 1, 1], [1, 1, 1]]
    assert not hex_strikes(state, 0, hex_card("least_leaves_and_moss"), spirit, power)


def test_hex_costs_six_after_scoring_and_ties_strike_everyone():
    tiles = Tiles()
    state = new_state(2, hex=True)
    give(state, 0, tiles.get("moss", "moss"))
    give(state, 1, tiles.get("vines", "vines"))
    SCHEMA.apply(state, {"hexes": ["least_power_icons", "least_favor_tokens"]})
    finish(state)
    details = state.result().details
    assert details[0]["hex"] == -6 and details[1]["hex"] == -6     # 0 icons each, 0 tokens each: both least
    assert details[0]["total"] == 2 - 33 - 6


# -- Seasons ---------------------------------------------------------------------------------


def test_season_tokens_one_per_row_in_season_order():
    for seed in range(30):
        state = new_state(3, seed=seed, seasons=True)
        for row in range(4):
            assert state.cfg.season_tokens[row] in C.seasons[row]
        assert token("nature_point") in [k for k in state.token_at if k >= 0] + state.box
        assert len([k for k in state.token_at if k >= 0]) + len(state.box) == 15


def test_four_players_winter_without_the_drop_returns_to_the_box():
    seen = set()
    for seed in range(60):
        state = new_state(4, seed=seed, seasons=True)
        winter = state.cfg.season_tokens[3]
        seen.add(winter)
        assert winter in (DROP, -2)
        assert state.cfg.row_min[3] == 0
    assert seen == {DROP, -2}


def _seasons_state(players, tokens, rows, seat=0):
    state = new_state(players, seasons=True)
    SCHEMA.apply(state, {"seasons": ["drop" if t == DROP else t for t in tokens]})
    set_forest(state, rows, seat=seat)
    return state


def test_seasons_example_the_only_collectable_tile_gives_the_drop_and_ends_the_game():
    tiles = Tiles()
    rows = [[tiles.get("moss", "moss")],                                   # Spring 1: one must stay
            [tiles.get("vines", "vines"), tiles.get("leaves", "leaves")],  # Summer 2: both stay
            [tiles.get("fruits", "fruits")],                               # Autumn drop: the last tile
            [tiles.get("web_spiders", "web_spiders"), tiles.get("branches", "branches"),
             tiles.get("dew_drops", "dew_drops")]]                         # Winter 3
    state = _seasons_state(3, [1, 2, DROP, 3], rows)
    assert state.cfg.row_min == (1, 2, 0, 3)
    assert state.legal_actions() == [take(rows[2][0])]
    assert state.view(0)["forest"][2][0]["collectable"] and not state.view(0)["forest"][0][0]["collectable"]
    state.apply(take(rows[2][0]))
    assert state.drops[0] == 1 and not state.drop_open[2]
    assert state.is_over
    assert state.result().details[0]["bonus"] == 1


def test_a_row_at_its_season_number_cannot_be_taken_from_but_its_tiles_can_be_reserved():
    """Seasons close a row for taking only; a gemstone goes on "any tile of the forest that has no
    gemstone", and a gemstone there still counts for the most gemstones (a Wish)."""
    tiles = Tiles()
    a, b, c = tiles.get("moss", "moss"), tiles.get("vines", "vines"), tiles.get("leaves", "leaves")
    d = tiles.get("fruits", "fruits")
    state = _seasons_state(2, [2, 0, 0, 0], [[a, b], [c, tiles.get("branches", "branches"), d]])
    assert take(a) not in state.legal_actions() and take(c) in state.legal_actions()
    state.apply(take(c))
    assert IDS.reserve + a in state.legal_actions() and IDS.reserve + b in state.legal_actions()
    state.apply(IDS.reserve + a)
    assert state.gem_on[a] == 0 and gemstone_count(state, 0) == 3     # placed gemstones are still yours


def test_the_nature_point_token_scores_one():
    state = new_state(2, seasons=True)
    state.favors[0].append(token("nature_point"))
    finish(state)
    assert state.result().details[0]["bonus"] == 1


# -- Forest Scenarios ------------------------------------------------------------------------


def test_scenario_reveal_example():
    """After collecting the end tile, the face-down tile to its left is revealed at once and can be taken."""
    state = new_state(2, scenario="standard")
    row = [state.place_tile[p] for p in range(14) if state.place_tile[p] >= 0]
    view = state.view(0)["forest"][0]
    assert [c is not None and c["face_down"] for c in view[1:13]] == [False] * 4 + [True] * 4 + [False] * 4
    # clear the four face-up tiles on the right of row 1, one by one
    for t in reversed(row[8:]):
        start(state, state.cur)
        state.apply(take(t))
        while state.stack and type(state.stack[-1]) is not Take and not state.is_over:
            state.apply(IDS.stop)
    hidden = row[7]
    assert state.face_up[hidden] and hidden in state.exposed
    start(state, 0)
    assert take(hidden) in state.legal_actions()          # the newly revealed tile can be collected
    assert take(row[6]) not in state.legal_actions() and not state.face_up[row[6]]
    assert state.view(1)["forest"][0][8]["tile"]["id"] == hidden


def test_scenario_collectable_only_with_a_free_long_side_and_hidden_tiles_stay_hidden():
    for layout in ("standard", "forgotten-grove", "forbidden-forest", "enchanted-wildlands"):
        state = new_state(3, seed=4, scenario=layout)
        cfg = state.cfg
        for t in state.legal_actions():
            p = state.tile_place[t - IDS.take]
            col = p % cfg.cols
            left_free = col == 0 or state.place_tile[p - 1] < 0
            right_free = col == cfg.cols - 1 or state.place_tile[p + 1] < 0
            assert left_free or right_free
        for seat in range(3):
            view = state.view(seat)
            for row in view["forest"]:
                for cell in row:
                    if cell and cell["face_down"]:
                        assert cell["tile"] is None


def test_scenario_face_up_tokens_are_visible_and_face_down_ones_are_not():
    state = new_state(2, scenario="enchanted-wildlands")
    tokens = [c["token"] for row in state.view(1)["forest"] for c in row if c and c["token"]]
    assert len(tokens) == 8 and all(t != "hidden" for t in tokens)
    state = new_state(2, scenario="forbidden-forest")
    tokens = [c["token"] for row in state.view(1)["forest"] for c in row if c and c["token"]]
    assert tokens == ["hidden"] * 8


def test_every_scenario_is_a_different_puzzle():
    shapes = {tuple(p for p in C.layouts[s].places) for s in C.layouts}
    assert len(shapes) == 4
    for layout in C.layouts.values():
        assert layout.source == "designed"


# -- The Air Spirit and Fireflies ------------------------------------------------------------


def test_air_spirit_setup_four_rows_of_fourteen():
    state = new_state(3, seed=1, air_spirit=True)
    assert state.cfg.cols == 14 and sum(1 for t in state.place_tile if t >= 0) == 56
    assert state.cfg.n_spirits == 10
    assert token("air") in [k for k in state.token_at if k >= 0] + state.box
    assert not any(state.firefly)


def test_fireflies_sit_on_the_five_air_doubles_and_travel_with_the_tile():
    state = new_state(2, seed=1, air_spirit=True, fireflies=True)
    flies = [t for t in range(56) if state.firefly[t]]
    assert len(flies) == 5 and all(C.tiles[t].air and C.tiles[t].is_double for t in flies)
    assert token("firefly") in [k for k in state.token_at if k >= 0] + state.box
    with pytest.raises(InvalidOption, match="needs air_spirit"):
        GAME.new_game(2, 0, {"fireflies": True})


def test_the_minus_one_firefly_token_removes_a_firefly_of_your_choice():
    state = new_state(2, air_spirit=True, fireflies=True)
    air_doubles = [t.id for t in C.tiles if t.air and t.is_double]
    give(state, 0, air_doubles[0], air_doubles[1])
    tiles = Tiles()
    a = tiles.get("vines")
    set_forest(state, [[a, tiles.get("leaves"), tiles.get("branches")]], tokens={(0, 0): token("firefly")})
    SCHEMA.apply(state, {"fireflies": air_doubles})
    state.apply(take(a))
    assert type(state.stack[-1]) is Firefly
    assert sorted(state.legal_actions()) == [IDS.firefly + air_doubles[0], IDS.firefly + air_doubles[1]]
    state.apply(IDS.firefly + air_doubles[1])
    assert not state.firefly[air_doubles[1]] and state.firefly[air_doubles[0]]
    assert state.public_token[token("firefly")]


def test_most_fireflies_discard_their_air_tiles_with_fireflies_ties_included():
    state = new_state(3, air_spirit=True, fireflies=True)
    air = [t.id for t in C.tiles if t.air]
    doubles = [t for t in air if C.tiles[t].is_double]
    singles = [t for t in air if not C.tiles[t].is_double]
    give(state, 0, doubles[0], doubles[1], singles[0])
    give(state, 1, doubles[2], doubles[3])
    give(state, 2, doubles[4])
    SCHEMA.apply(state, {"fireflies": doubles})
    resolve_fireflies(state)
    assert state.tiles_of[0] == [singles[0]] and state.tiles_of[1] == []
    assert state.tiles_of[2] == [doubles[4]]
    assert state.discarded_tiles[0] == [doubles[0], doubles[1]]
    assert state.symbols(0, 9) == 1


def test_air_spirit_counts_for_majority_and_penalty():
    state = new_state(2, air_spirit=True)
    air_double = next(t.id for t in C.tiles if t.air and t.is_double)
    give(state, 0, air_double)
    finish(state)
    d = state.result().details
    assert d[0]["spirits"]["air"] == 2 and d[0]["spirit_points"] == 2
    assert d[1]["penalty"] == -3 * 13 and d[0]["penalty"] == -3 * 12


def test_every_module_together_plays_to_the_end():
    options = {"wish": True, "hex": True, "seasons": True, "air_spirit": True, "fireflies": True,
               "scenario": "forgotten-grove"}
    for players in (2, 3, 4):
        state = GAME.new_game(players, 3, options)
        rng = Rng(3)
        kinds = set()
        while not state.is_over:
            kinds.add(type(state.stack[-1]))
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))])
        assert {KeepWish, KeepHex, Take} <= kinds
        assert all("cards" in d for d in state.result().details)
