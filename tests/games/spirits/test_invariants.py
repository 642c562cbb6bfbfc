"""Random playouts of Spirits with every module alone and all together: components are conserved."""

from __future__ import annotations

import pytest

from talewood.engine import Rng
from talewood.games.spirits.state import SpiritsState

from .helpers import GAME

ALL_MODULES = {"wish": True, "hex": True, "seasons": True, "air_spirit": True, "fireflies": True,
               "scenario": "standard"}
COMBINATIONS = [
    {}, {"wish": True}, {"hex": True}, {"seasons": True}, {"scenario": "standard"},
    {"scenario": "forgotten-grove"}, {"scenario": "forbidden-forest"}, {"scenario": "enchanted-wildlands"},
    {"air_spirit": True}, {"air_spirit": True, "fireflies": True}, ALL_MODULES,
    {**ALL_MODULES, "scenario": "enchanted-wildlands"},
]


def check(state: SpiritsState) -> None:
    c = state.c
    cfg = state.cfg
    in_play = [t for t in range(len(c.tiles)) if state.options["air_spirit"] or not c.tiles[t].air]
    where = [t for t in state.place_tile if t >= 0]
    where += [t for hand in state.tiles_of for t in hand] + [t for d in state.discarded_tiles for t in d]
    where += state.opp_tiles
    assert sorted(where) == sorted(in_play), "a tile is lost or doubled"
    for t in range(len(c.tiles)):
        p = state.tile_place[t]
        assert p < 0 or state.place_tile[p] == t
    tokens = [k for k in state.token_at if k >= 0] + [k for f in state.favors for k in f] + state.box
    tokens += state.discarded + state.opp_hidden + ([state.solo_token] if state.solo_token >= 0
                                                    and state.solo_token not in state.favors[0] else [])
    assert len(tokens) == len(set(tokens)), "a favor token is doubled"
    expected = 9 if cfg.solo else 14 + sum(bool(state.options[m]) for m in ("seasons", "air_spirit", "fireflies"))
    assert len(tokens) == expected, "a favor token is lost"
    for seat in range(state.players):
        assert state.supply[seat] >= 0 and state.placed[seat] >= 0 and state.lost[seat] >= 0
        assert state.supply[seat] + state.placed[seat] + state.lost[seat] == cfg.gemstones
        assert state.placed[seat] == sum(1 for g in state.gem_on if g == seat)
        for x in range(10):
            assert state.symbols(seat, x) == sum(c.tiles[t].symbols.count(x) for t in state.tiles_of[seat])
        for p in range(3):      # solo scores no power sources: it counts none
            assert state.powers(seat, p) == (0 if cfg.solo else
                                             sum(1 for t in state.tiles_of[seat] if c.tiles[t].power == p))
    for t, g in enumerate(state.gem_on):
        assert g < 0 or state.tile_place[t] >= 0, "a gemstone sits on a tile outside the forest"
        assert state.free_up[t] == (state.tile_place[t] >= 0 and state.face_up[t] and g < 0)
    for t in state.exposed:
        assert state.face_up[t], "an open tile is still face down"
    open_tiles = set()
    for p, t in enumerate(state.place_tile):
        if t >= 0:
            col = p % cfg.cols
            if col == 0 or state.place_tile[p - 1] < 0 or col == cfg.cols - 1 or state.place_tile[p + 1] < 0:
                open_tiles.add(t)
    assert open_tiles == set(state.exposed)


@pytest.mark.parametrize("options", COMBINATIONS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "base")
def test_random_playouts_conserve_components(options):
    for players in ([1, 2, 3, 4] if not options else [2, 3, 4]):
        for seed in range(20):
            state = GAME.new_game(players, seed, options)
            assert isinstance(state, SpiritsState)
            rng = Rng(seed + 100)
            check(state)
            steps = 0
            while not state.is_over:
                legal = state.legal_actions()
                state.apply(legal[rng.below(len(legal))])
                check(state)
                steps += 1
                assert steps < 2000
            result = state.result()
            assert len(result.scores) == players and (result.winners or players == 1)


@pytest.mark.parametrize("options", [ALL_MODULES, {**ALL_MODULES, "scenario": "forbidden-forest"}])
def test_modules_redaction_clone_and_replay(options):
    """Others' unrevealed wishes and hexes, face-down tiles and tokens never reach a seat's view."""
    from talewood.engine import record_of, replay
    from talewood.games import load

    for players in (2, 3, 4):
        state = GAME.new_game(players, 7, options)
        rng = Rng(7)
        while not state.is_over:
            for seat in range(players):
                view = state.view(seat)
                assert state.determinize(seat, Rng(rng.next64())).view(seat) == view
                for other in range(players):
                    if other != seat and not state.cards_revealed:
                        theirs = view["player_states"][other]
                        assert theirs["wish"] is None and theirs["hex"] is None
                        assert "wish_hand" not in theirs and "hex_hand" not in theirs
            for row in state.view(None)["forest"]:
                for cell in row:
                    assert cell is None or cell["token"] in (None, "hidden") or state.options["scenario"] in (
                        "enchanted-wildlands",)
                    assert cell is None or not cell["face_down"] or cell["tile"] is None
            before = state.state_hash()
            copy = state.clone()
            legal = state.legal_actions()
            copy.apply(legal[-1])
            assert state.state_hash() == before
            state.apply(legal[rng.below(len(legal))])
        again = replay(record_of(state), load)
        assert again.state_hash() == state.state_hash()
