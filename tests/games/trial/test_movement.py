"""Moving and tunnels (brief §5.7: R-34 … R-39), with the rulebook's two movement examples (T-02, T-03)."""

from __future__ import annotations

from .helpers import T, can, card, check, do, labels, position, scenario


def destinations(s) -> set[str]:
    return {x.removeprefix("Move to ").removeprefix("the ") for x in labels(s) if x.startswith("Move to ")}


def within(start: str, steps: int, tunnels: bool = True) -> set[str]:
    """Forest spaces 1..steps steps away (printed tunnels next to each other), searched independently."""
    tunnel = {x for x in range(T.n_forest) if T.printed_tunnel[x]} if tunnels else set()
    seen = {T.space_index[start]: 0}
    frontier = [T.space_index[start]]
    for d in range(1, steps + 1):
        nxt = []
        for x in frontier:
            for n in [*T.adj[x], *(tunnel if x in tunnel else ())]:
                if n not in seen and T.area_of[n] < 0:
                    seen[n] = d
                    nxt.append(n)
        frontier = nxt
    return {T.space_name[x] for x, d in seen.items() if d > 0}


def test_r34_movement_is_the_board_the_uncovered_slots_the_story_and_the_tokens():
    s = position(2, positions=["store_c", "start_s"])
    assert s.movement(0) == 3                                         # 1 printed + 2 backpack slots
    three = position(2, positions=["store_c", "start_s"], backpacks=[["shovel", "torch", "axe"], []])
    assert three.movement(0) == 3                                     # the plain slots fill first
    four = position(2, positions=["store_c", "start_s"], backpacks=[["shovel", "torch", "axe", "rope"], []])
    assert four.movement(0) == 2                                      # a movement slot is covered
    full = position(2, positions=["store_c", "start_s"], backpacks=[["shovel", "torch", "axe", "sword"], []])
    assert full.movement(0) == 1
    wings = position(2, positions=["store_c", "start_s"], backpacks=[["wings"], []],
                     stories=[["trailblazer"], []])
    assert wings.movement(0) == 3 + 3 + 2                             # wings 3, Trailblazer's two symbols
    boost = position(2, positions=["store_c", "start_s"], boosts=[{"movement": 1}, {}], turn={"seat": 1})
    do(boost, "Move", "Use a one-time movement symbol")
    assert boost.prompt() == "Player 1: move up to 4 spaces" and boost.boosts[0] == 0


def test_r35_a_move_goes_up_to_the_movement_not_exactly():
    s = position(2, positions=["store_c", "start_s"], turn={"seat": 1})
    do(s, "Move")
    near = destinations(s)
    assert near == within("store_c", 3)
    assert within("store_c", 1) == {"Forest path 12", "Forest path 13", "Forest path 15"}
    assert {"Forest path 12", "South meadow", "Dark Caverns exit", "North-west tunnel"} <= near   # 1, 2, 3 steps
    assert "East lookout tower" not in near                           # 4 or more away


def test_r36_t03_tunnels_are_next_to_each_other_and_a_collapsed_one_is_closed():
    s = scenario("tower-to-tower")
    do(s, "Move")
    assert "South-west lookout tower" in destinations(s)              # 3 through the tunnels, 6 overland
    closed = scenario("tower-to-tower")
    closed.tun_space[0] = T.space_index["tunnel_nw"]                  # a token collapsed side up (L306)
    closed.tun_up[0] = False
    closed.invalidate()
    do(closed, "Move")
    assert "South-west lookout tower" not in destinations(closed)
    check(closed)


def test_t02_ruins_to_grove_needs_a_fifth_symbol_from_a_discarded_card():
    s = scenario("ruins-to-grove")
    assert s.movement(0) == 4                                         # 3 on the board, 1 in the story
    do(s, "Move")
    assert "South-east grove" not in destinations(s)
    do(s, "Discard Night March for 2 more movement")
    assert "South-east grove" in destinations(s)
    assert s.discard[-1] == card("night_march")
    do(s, "Discard Caravan for 1 more movement")
    assert not any(x.startswith("Discard") for x in labels(s))        # at most 2 cards (L294)
    do(s, "Move to the South-east grove")
    assert not can(s, "Move")                                         # no second move this turn


def test_r37_an_expedition_start_stops_a_move_and_a_placed_flag_closes_it():
    s = position(2, positions=["ruins_ne", "start_s"], turn={"seat": 1}, boosts=[{"movement": 3}, {}])
    do(s, "Move", "Use a one-time movement symbol")
    assert "Frosty Hill: the first space" in destinations(s)
    assert not any("foothills" in x or "ledge" in x for x in labels(s))   # no step beyond the start
    flag = position(2, positions=["ruins_ne", "start_s"], flags=[{"frosty_hill": "frosty_finish_3"}, {}],
                    turn={"seat": 1})
    do(flag, "Move")
    assert "Frosty Hill exit" in destinations(flag)
    assert "Frosty Hill: the first space" not in destinations(flag)


def test_r38_no_move_on_an_expedition_space():
    s = position(2, positions=["frosty_foothills", "start_s"], turn={"seat": 1})
    assert not can(s, "Move")


def test_r39_dig_collapse_and_rebuild_tunnels():
    s = position(2, positions=["path_05", "start_s"], hands=[["blaster"], []], backpacks=[["shovel"], []],
                 turn={"seat": 1})
    do(s, "Play Blaster", "Blaster: Dig a tunnel here")
    assert s.tun_space[0] == T.space_index["path_05"] and s.tun_up[0]
    assert T.space_index["path_05"] in s.passable_tunnels()
    c = position(2, positions=["tunnel_nw", "start_s"], hands=[["sabotage"], []], backpacks=[["shovel"], []],
                 turn={"seat": 1})
    do(c, "Play Sabotage")
    assert labels(c) == ["Collapse the North-east tunnel", "Collapse the North-west tunnel",
                         "Collapse the South-east tunnel", "Collapse the South-west tunnel"]
    do(c, "Collapse the South-east tunnel")
    assert T.space_index["tunnel_se"] not in c.passable_tunnels()
    assert c.tun_space[0] == T.space_index["tunnel_se"] and not c.tun_up[0]
    r = position(2, positions=["path_05", "start_s"], hands=[["blaster"], []], backpacks=[["shovel"], []],
                 tunnels=[{"space": "tunnel_se", "state": "collapsed"}], turn={"seat": 1})
    do(r, "Play Blaster", "Blaster: Rebuild a collapsed tunnel", "Rebuild the South-east tunnel")
    assert r.tun_space == [-1, -1] and T.space_index["tunnel_se"] in r.passable_tunnels()   # token removed
    x = position(2, positions=["frosty_exit", "start_s"])
    assert T.space_index["frosty_start"] not in range(T.n_forest)     # areas are not forest: no token there
    check(x)


def test_r39_a_dug_tunnel_joins_the_others_collapses_by_flipping_and_none_is_dug_on_a_printed_one():
    m = position(2, positions=["path_05", "start_s"], tunnels=[{"space": "path_05", "state": "dug"}], turn={"seat": 1})
    do(m, "Move")
    assert {"North-east tunnel", "North-west tunnel", "South-east tunnel", "South-west tunnel"} <= destinations(m)
    assert not {"North-east tunnel", "North-west tunnel"} & within("path_05", 3, tunnels=False)   # only through it
    c = position(2, positions=["tunnel_nw", "start_s"], hands=[["sabotage"], []], backpacks=[["shovel"], []],
                 tunnels=[{"space": "path_05", "state": "dug"}], turn={"seat": 1})
    do(c, "Play Sabotage", "Collapse the tunnel on Forest path 5")
    assert c.tun_space == [T.space_index["path_05"], -1] and c.tun_up == [False, False]   # flipped; the tray's unused
    assert T.space_index["path_05"] not in c.passable_tunnels()
    d = position(2, positions=["tunnel_nw", "start_s"], hands=[["blaster"], []], backpacks=[["shovel"], []],
                 turn={"seat": 1})
    do(d, "Play Blaster", "Blaster: Dig a tunnel here")
    assert d.tun_space == [-1, -1]                                          # a printed tunnel: no token placed


def test_rebuilding_a_dug_tunnel_turns_its_token_passable_side_up():
    r = position(2, positions=["tunnel_nw", "start_s"], hands=[["blaster"], []], backpacks=[["shovel"], []],
                 tunnels=[{"space": "path_05", "state": "collapsed"}], turn={"seat": 1})
    do(r, "Play Blaster", "Blaster: Rebuild a collapsed tunnel", "Rebuild the tunnel on Forest path 5")
    assert r.tun_space == [T.space_index["path_05"], -1] and r.tun_up == [True, False]   # REBUILD_TURNS_A_DUG_TOKEN_UP
    assert T.space_index["path_05"] in r.passable_tunnels()
