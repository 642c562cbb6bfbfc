"""Spirits of the Forest, base game: each rule of the rules sheet and its edge cases."""

from __future__ import annotations

import pytest

from talewood.engine import ContentError, IllegalAction
from talewood.games.spirits import rulings
from talewood.games.spirits.content import load_content
from talewood.games.spirits.frames import Gem, MoveTo, Pay, Second, Take
from talewood.games.spirits.scenario import SCHEMA
from talewood.games.spirits.scoring import favor_count, finish

from .helpers import GAME, IDS, C, Tiles, give, lift, new_state, reserve, set_forest, take, token

# -- setup -----------------------------------------------------------------------------------


def test_content_counts_match_the_rules_sheet():
    c = load_content()
    base = [t for t in c.tiles if not t.air]
    assert len(base) == 48
    assert sum(len(t.symbols) for t in base) == 65
    assert sum(t.power >= 0 for t in base) == 27
    assert sum(t.is_double for t in base) == 17
    assert len([k for k in c.tokens if k.module is None]) == 14


def test_setup_lays_4_rows_of_12_with_8_tokens_in_a_v_and_6_in_the_box():
    state = new_state(3, seed=5)
    assert state.cfg.rows == 4 and state.cfg.cols == 12
    assert all(t >= 0 for t in state.place_tile)
    token_places = sorted((p // 12, p % 12) for p, k in enumerate(state.token_at) if k >= 0)
    assert token_places == [(0, 1), (0, 10), (1, 2), (1, 9), (2, 3), (2, 8), (3, 4), (3, 7)]
    assert len(state.box) == 6


@pytest.mark.parametrize(("players", "gems"), [(2, 3), (3, 2), (4, 2)])
def test_gemstones_per_player(players, gems):
    assert new_state(players).supply == [gems] * players


def test_first_player_option():
    assert new_state(4, seed=1).current_player == 0
    firsts = {new_state(4, seed=s, first_player="random").current_player for s in range(30)}
    assert firsts == {0, 1, 2, 3}


def test_corrupt_content_is_refused(tmp_path, monkeypatch):
    folder = tmp_path / "spirits"
    folder.mkdir()
    (folder / "tiles.toml").write_text('[[tile]]\nid = 0\nsymbols = ["moss"]\nsource = "reference"\n')
    monkeypatch.setenv("TALEWOOD_CONTENT", str(tmp_path))
    load_content.cache_clear()
    try:
        with pytest.raises(ContentError, match="48 tiles"):
            load_content()
        (folder / "tiles.toml").write_text('[[tile]]\nid = 0\nsymbols = ["owls"]\nsource = "reference"\n')
        with pytest.raises(ContentError, match="unknown spirit 'owls'"):
            load_content()
    finally:
        monkeypatch.delenv("TALEWOOD_CONTENT")
        load_content.cache_clear()


# -- collecting ------------------------------------------------------------------------------


def test_only_end_tiles_can_be_taken():
    state = new_state()
    legal = set(state.legal_actions())
    for r in range(4):
        row = state.place_tile[r * 12:(r + 1) * 12]
        assert take(row[0]) in legal and take(row[-1]) in legal
        for t in row[1:-1]:
            assert take(t) not in legal
    middle = state.place_tile[5]
    before = state.state_hash()
    with pytest.raises(IllegalAction, match="not legal now"):
        state.apply(take(middle))
    assert state.state_hash() == before


def test_first_turn_of_the_game_takes_a_single_tile_only():
    tiles = Tiles()
    moss_a, moss_b = tiles.get("moss", power="moon"), tiles.get("moss", power="sun")
    state = set_forest(new_state(), [[moss_a, moss_b, tiles.get("vines")]], first_turn=True)
    state.apply(take(moss_a))
    assert type(state.stack[-1]) is Gem      # no second tile, straight to the gemstone
    state.apply(IDS.stop)
    assert state.current_player == 1
    state.apply(take(moss_b))   # the second player collects normally
    assert state.tiles_of[1] == [moss_b]


def test_a_double_ends_collecting():
    tiles = Tiles()
    double, single = tiles.get("moss", "moss"), tiles.get("moss", power="moon")
    state = set_forest(new_state(), [[double, single, tiles.get("vines")]])
    state.apply(take(double))
    assert type(state.stack[-1]) is Gem
    assert take(single) not in state.legal_actions()


def test_two_singles_of_the_same_spirit_from_the_exposed_tile_or_another_row():
    tiles = Tiles()
    moss_a, moss_b, moss_c = tiles.get("moss", power="moon"), tiles.get("moss", power="sun"), tiles.get(
        "moss", power="fire")
    moss_double = tiles.get("moss", "moss")
    vines = tiles.get("vines")
    state = set_forest(new_state(), [[moss_a, moss_b, vines], [moss_c, tiles.get("leaves")],
                                     [moss_double, tiles.get("branches")]])
    state.apply(take(moss_a))
    assert type(state.stack[-1]) is Second
    legal = set(state.legal_actions())
    assert {take(moss_b), take(moss_c), IDS.stop} <= legal          # just exposed, or another row's end
    assert take(moss_double) not in legal and take(vines) not in legal   # no double, no other spirit
    state.apply(take(moss_c))
    assert state.tiles_of[0] == [moss_a, moss_c]
    assert type(state.stack[-1]) is Gem    # never a third tile: at most two spirit symbols


def test_second_tile_is_optional():
    tiles = Tiles()
    moss_a, moss_b = tiles.get("moss", power="moon"), tiles.get("moss", power="sun")
    state = set_forest(new_state(), [[moss_a, moss_b, tiles.get("vines")]])
    state.apply(take(moss_a))
    state.apply(IDS.stop)
    assert state.tiles_of[0] == [moss_a]
    assert type(state.stack[-1]) is Gem


def test_power_source_icons_do_not_count_toward_the_limit():
    tiles = Tiles()
    fruit_fire, fruit_fire2 = tiles.get("fruits", power="fire"), tiles.get("fruits", power="fire")
    state = set_forest(new_state(), [[fruit_fire, fruit_fire2, tiles.get("vines")]])
    state.apply(take(fruit_fire))
    assert take(fruit_fire2) in state.legal_actions()


# -- favor tokens ----------------------------------------------------------------------------


def test_favor_token_goes_secretly_to_the_taker_and_counts_at_scoring():
    tiles = Tiles()
    moss = tiles.get("moss", power="moon")
    state = set_forest(new_state(), [[moss, tiles.get("vines"), tiles.get("leaves")]],
                       tokens={(0, 0): token("dew_drops")})
    events = state.apply(take(moss))
    private = [e for e in events if e["to"] is not None]
    assert private and private[0]["to"] == 0 and "Dew Drops" in private[0]["text"]
    assert all("Dew" not in e["text"] for e in state.events_for(1))
    assert state.view(1)["player_states"][0]["favor_tokens"] == []
    assert state.view(1)["player_states"][0]["hidden_favor_tokens"] == 1
    assert state.view(0)["player_states"][0]["favor_tokens"] == ["dew_drops"]
    from talewood.games.spirits.scoring import spirit_count
    assert spirit_count(state, 0, 2) == 1     # the token is one Dew Drop at the end


def test_plus_token_returns_a_lost_gemstone_on_a_later_turn_only():
    tiles = Tiles()
    a, b = tiles.get("vines"), tiles.get("leaves")
    state = set_forest(new_state(), [[a, tiles.get("branches"), b]], tokens={(0, 0): token("gemstone_1")},
                       lost={0: 1})
    assert state.supply[0] == 2
    state.apply(take(a))
    assert IDS.plus not in state.legal_actions()     # not on the turn it was taken
    state.apply(IDS.stop)
    state.apply(take(b))                            # player 2
    if state.current_player == 1:
        state.apply(IDS.stop)
    assert state.current_player == 0
    assert IDS.plus in state.legal_actions()
    favors_before = len(state.favors[0])
    state.apply(IDS.plus)
    assert state.supply[0] == 3 and state.lost[0] == 0
    assert len(state.favors[0]) == favors_before - 1 and state.discarded == [token("gemstone_1")]
    assert IDS.plus not in state.legal_actions()


def test_plus_token_does_nothing_without_a_lost_gemstone_but_still_counts():
    tiles = Tiles()
    a = tiles.get("vines")
    state = set_forest(new_state(), [[a, tiles.get("branches"), tiles.get("leaves")]],
                       tokens={(0, 0): token("gemstone_2")})
    state.apply(take(a))
    state.apply(IDS.stop)
    state.apply(state.legal_actions()[0])               # player 2's turn passes
    while state.current_player != 0:
        state.apply(state.legal_actions()[-1])
    assert state.lost[0] == 0 and IDS.plus not in state.legal_actions()   # a later turn: still nothing
    from talewood.games.spirits.scoring import favor_count
    assert favor_count(state, 0) == 1


# -- gemstones -------------------------------------------------------------------------------


def test_placing_a_gemstone_reserves_a_tile_and_taking_it_yourself_returns_it():
    tiles = Tiles()
    a, mid, b = tiles.get("vines"), tiles.get("branches", "branches"), tiles.get("leaves")
    state = set_forest(new_state(), [[a, mid, b]])
    state.apply(take(a))
    state.apply(reserve(mid))
    assert state.gem_on[mid] == 0 and state.supply[0] == 2 and state.placed[0] == 1
    state.apply(take(b))       # player 2 takes the other end
    state.apply(IDS.stop) if state.current_player == 1 else None
    state.apply(take(mid))
    assert state.supply[0] == 3 and state.placed[0] == 0 and state.lost[0] == 0


def test_a_reserved_tile_in_the_middle_of_a_row_cannot_be_taken():
    tiles = Tiles()
    a, mid, b = tiles.get("vines"), tiles.get("branches", "branches"), tiles.get("leaves")
    state = set_forest(new_state(), [[a, mid, b]], seat=1, reserved={mid: 0})
    assert take(mid) not in state.legal_actions()
    with pytest.raises(IllegalAction):
        state.apply(take(mid))


def test_taking_another_players_reserved_tile_costs_a_gemstone_lost_to_the_box():
    tiles = Tiles()
    a, b = tiles.get("vines"), tiles.get("leaves")
    state = set_forest(new_state(), [[a, tiles.get("branches"), b]], seat=1, reserved={a: 0})
    state.apply(take(a))
    assert state.supply[1] == 2 and state.lost[1] == 1      # player 2 paid one of 3
    assert state.supply[0] == 3 and state.placed[0] == 0    # player 1 got theirs back


def test_no_gemstone_no_taking_a_reserved_tile():
    tiles = Tiles()
    a, b = tiles.get("vines"), tiles.get("leaves")
    state = set_forest(new_state(), [[a, tiles.get("branches"), b]], seat=1, reserved={a: 0}, lost={1: 3})
    assert take(a) not in state.legal_actions() and take(b) in state.legal_actions()


def test_paying_with_a_placed_gemstone_when_the_supply_is_empty():
    tiles = Tiles()
    a, b, c, d = tiles.get("vines"), tiles.get("leaves"), tiles.get("moss", "moss"), tiles.get("fruits", "fruits")
    state = set_forest(new_state(), [[a, tiles.get("branches"), b], [c, tiles.get("flowers", power="moon"), d]],
                       seat=1, reserved={a: 0, c: 1, d: 1}, lost={1: 1})
    assert state.supply[1] == 0
    state.apply(take(a))
    assert type(state.stack[-1]) is Pay
    assert sorted(state.legal_actions()) == [lift(c), lift(d)]
    state.apply(lift(d))
    assert state.gem_on[d] == -1 and state.placed[1] == 1 and state.lost[1] == 2
    assert a in state.tiles_of[1] and state.supply[0] == 3


def test_moving_a_placed_gemstone_when_the_supply_is_empty():
    tiles = Tiles()
    a, b, c = tiles.get("vines"), tiles.get("leaves"), tiles.get("moss", "moss")
    state = set_forest(new_state(), [[a, tiles.get("branches"), b, c]], reserved={b: 0}, lost={0: 2})
    assert state.supply[0] == 0
    state.apply(take(a))
    assert type(state.stack[-1]) is Gem
    assert lift(b) in state.legal_actions() and reserve(c) not in state.legal_actions()
    state.apply(lift(b))
    assert type(state.stack[-1]) is MoveTo and reserve(b) not in state.legal_actions()
    state.apply(reserve(c))
    assert state.gem_on[b] == -1 and state.gem_on[c] == 0 and state.placed[0] == 1


def test_a_player_with_no_legal_take_skips_collecting():
    tiles = Tiles()
    a, b = tiles.get("vines"), tiles.get("leaves")
    state = set_forest(new_state(), [[a, b]], reserved={a: 0, b: 0}, lost={1: 3})
    state.apply(take(a))
    state.apply(IDS.stop) if state.stack and type(state.stack[-1]) is Gem else None
    # player 2 cannot take b (reserved by player 1, and no gemstone to pay): the turn passes back
    assert rulings.PASS_WITHOUT_LEGAL_TAKE and state.current_player == 0
    assert type(state.stack[-1]) is Take


# -- the end and scoring ---------------------------------------------------------------------


def test_game_ends_when_the_last_tile_is_collected():
    tiles = Tiles()
    a, b = tiles.get("vines"), tiles.get("leaves")
    state = set_forest(new_state(), [[a], [b]])
    state.apply(take(a))
    assert not state.is_over
    state.apply(IDS.stop) if state.current_player == 0 else None
    state.apply(take(b))
    assert state.is_over and state.current_player is None and state.result().scores


def _scored(players, hands, favors=None):
    state = new_state(players)
    for seat, hand in enumerate(hands):
        give(state, seat, *hand)
    if favors:
        SCHEMA.apply(state, {"favor_tokens": [[C.tokens[k].id for k in favors.get(p, [])] for p in range(players)]})
    finish(state)
    return state.result()


def test_majorities_score_own_count_and_ties_score_for_all():
    tiles = Tiles()
    p1 = [tiles.get("moss", "moss"), tiles.get("moss", power="moon")]           # 3 Moss
    p2 = [tiles.get("moss", power="sun"), tiles.get("moss", power="fire")]      # 2 Moss
    p3 = [tiles.get("web_spiders", "web_spiders"), tiles.get("vines", "vines")]
    p4 = [tiles.get("web_spiders", "web_spiders"), tiles.get("vines", "vines")]
    result = _scored(4, [p1, p2, p3, p4])
    d = result.details
    assert d[0]["spirit_points"] == 3 and d[1]["spirit_points"] == 0
    assert d[2]["spirit_points"] == 4 and d[3]["spirit_points"] == 4           # tied majorities: both score
    assert d[0]["power_points"] == 1 and d[1]["power_points"] == 2              # Moon 1 (alone); Sun+Fire


def test_a_spirit_with_no_symbols_scores_nobody_and_costs_everyone():
    tiles = Tiles()
    result = _scored(2, [[tiles.get("moss", "moss")], [tiles.get("vines", "vines")]])
    for d in result.details:
        assert d["spirits"]["dew_drops"] == 0
        assert d["penalty"] == -3 * (8 + 3)          # 8 spirits and 3 power sources missing


def test_missing_penalty_counts_only_tiles_not_tokens():
    tiles = Tiles()
    result = _scored(2, [[tiles.get("moss", "moss")], [tiles.get("vines", "vines")]],
                     favors={0: [token("dew_drops")]})
    assert result.details[0]["spirits"]["dew_drops"] == 1
    assert result.details[0]["spirit_points"] == 2 + 1     # Moss, and the Dew Drops majority via the token
    assert result.details[0]["penalty"] == -3 * 11         # the token does not save the -3


def test_a_full_tie_is_a_shared_victory():
    tiles = Tiles()
    tied = _scored(2, [[tiles.get("moss", "moss")], [tiles.get("vines", "vines")]])
    assert tied.scores[0] == tied.scores[1] and tied.winners == [0, 1]
    tiles = Tiles()
    same_count = _scored(2, [[tiles.get("moss", "moss"), tiles.get("leaves")],
                             [tiles.get("vines", "vines"), tiles.get("branches")]])
    assert same_count.scores[0] == same_count.scores[1] and same_count.winners == [0, 1]


def test_tie_break_by_fewer_tiles_exactly():
    tiles = Tiles()
    state = new_state(2)
    give(state, 0, tiles.get("moss", power="moon"))                    # 1 tile: Moss 1 + Moon 1, 10 missing
    give(state, 1, tiles.get("vines"), tiles.get("branches"))          # 2 tiles: Vines 1 + Branches 1, 10 missing
    finish(state)
    result = state.result()
    assert result.scores == [2 - 30, 2 - 30]
    assert result.winners == [0]


# -- solo ------------------------------------------------------------------------------------


def test_solo_setup():
    state = new_state(1, seed=3)
    assert state.supply == [0]
    assert len(state.opp_hidden) == 2 and state.solo_token >= 0 and len(state.box) == 6
    assert all(C_kind == "spirit" for C_kind in (GAME.content.tokens[k].kind for k in state.opp_hidden))
    up = [t for t in state.place_tile if state.face_up[t]]
    assert len(up) == 8         # the first and last tile of each row
    view = state.view(0)
    assert sum(1 for row in view["forest"] for cell in row if cell and cell["face_down"]) == 40


def test_solo_turn_the_opponent_takes_the_other_end_and_new_ends_turn_up():
    state = new_state(1, seed=3)
    row = state.place_tile[0:12]
    state.apply(take(row[0]))
    assert state.tiles_of[0] == [row[0]] and state.opp_tiles == [row[11]]
    assert state.face_up[row[1]] and state.face_up[row[10]]
    assert not state.face_up[row[2]]


def _solo_until_end(state):
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    return state.result()


def test_solo_ends_with_one_row_left_and_opponent_tokens_revealed():
    state = new_state(1, seed=4)
    result = _solo_until_end(state)
    assert sum(1 for r in range(4) if state.row_count[r] > 0) == 1
    assert state.opp_revealed == 2
    assert state.solo_token in state.favors[0]
    detail = result.details[0]
    assert detail["won"] == (result.winners == [0])


def _solo_duel(opponent_tokens):
    """Three rows of a double and a single: you take each double, the opponent each single."""
    tiles = Tiles()
    state = new_state(1, seed=0)
    rows = [[tiles.get(x, x), tiles.get(x)] for x in ("vines", "leaves", "web_spiders")]
    rows.append([tiles.get("moss", power="moon"), tiles.get("moss", power="sun")])
    set_forest(state, rows)
    SCHEMA.apply(state, {"solo": {"opponent_tokens": opponent_tokens, "your_token": "web_spiders"}})
    for row in rows[:3]:
        state.apply(take(row[0]))
    return state.result()


def test_solo_win_when_the_opponent_has_no_majority():
    result = _solo_duel(["vines", "leaves"])            # ties (2 Vines, 2 Leaves each) are yours
    detail = result.details[0]
    assert detail["opponent"]["vines"] == 2 and detail["spirits"]["vines"] == 2
    assert detail["spirits"]["web_spiders"] == 3         # with the face-up token gained at the end
    assert detail["won"] and result.winners == [0]
    assert detail["spirit_points"] == 2 + 2 + 3
    assert detail["penalty"] == -3 * 6 and result.scores == [7.0 - 18]


def test_solo_loss_when_the_opponent_has_any_majority():
    result = _solo_duel(["moss", "flowers"])
    assert not result.details[0]["won"] and result.winners == []
    assert set(result.details[0]["opponent_majorities"]) == {"moss", "flowers"}


def test_solo_refuses_modules():
    from talewood.engine import InvalidOption
    with pytest.raises(InvalidOption, match="solo game is played with the base forest only"):
        GAME.new_game(1, 0, {"wish": True})


# -- the "+" token is never forced, and can pay for a reserved tile ---------------------------


def _no_gemstone_but_a_plus(rows, reserved):
    """3 players: Player 1 has lost both gemstones and holds a "+" token from an earlier turn."""
    state = new_state(3)
    SCHEMA.apply(state, {
        "forest": rows, "favor_tokens": [["gemstone_1"]], "gemstones": [{"supply": 0, "lost": 2}],
        "reserved": [{"row": r, "col": c, "seat": seat} for (r, c), seat in reserved.items()],
        "turn": {"seat": 1}})
    assert state.supply[0] == 0 and state.placed[0] == 0 and state.plus_usable(0)
    return state


def test_the_plus_token_is_never_forced_when_every_tile_is_reserved_by_others():
    state = _no_gemstone_but_a_plus([["vines", "branches", "leaves"]], {(1, 1): 2, (1, 3): 3})
    vines, leaves = state.place_tile[0], state.place_tile[2]
    legal = state.legal_actions()
    assert legal == [take(vines), take(leaves), IDS.stop, IDS.plus]      # not the "+" alone
    assert state.describe(IDS.stop) == "Collect no tile this turn"
    assert state.describe(take(vines)).endswith('paid by discarding your "+" token')
    state.apply(IDS.stop)
    assert type(state.stack[-1]) is Gem and state.legal_actions() == [IDS.stop, IDS.plus]   # may still use it
    state.apply(IDS.stop)
    assert state.current_player == 1 and state.tiles_of[0] == []
    assert favor_count(state, 0) == 1 and state.lost[0] == 2              # the unused "+" still counts


def test_the_plus_token_pays_for_a_reserved_second_tile():
    state = _no_gemstone_but_a_plus([["leaves (moon)", "branches", "leaves (sun)"], ["moss+moss", "vines"]],
                                    {(1, 3): 2})
    first, second = state.place_tile[0], state.place_tile[2]
    state.apply(take(first))
    assert type(state.stack[-1]) is Second
    assert take(second) in state.legal_actions()
    assert state.describe(take(second)).endswith('paid by discarding your "+" token')
    state.apply(take(second))
    assert state.tiles_of[0] == [first, second]
    assert state.discarded == [token("gemstone_1")] and state.favors[0] == []
    assert (state.supply[0], state.lost[0]) == (0, 2)        # the "+" regained one, which paid at once
    assert (state.supply[1], state.placed[1]) == (2, 0)      # Player 2 has theirs back
