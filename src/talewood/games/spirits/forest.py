"""Spirits of the Forest: the setup of a new forest (rules sheet, "Setup"; the expansion's modules): the
layout's places, the tiles shuffled onto them, the favor tokens, each player's gemstones, the Season tokens,
and the Wish and Hex cards dealt, whose choice opens the game.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ...engine import plural
from . import rulings
from .content import BASE_SPIRITS, DROP, NO_SEASON, Content
from .frames import KeepHex, KeepWish
from .layouts import Layout
from .state import POWER_SLOTS, SPIRIT_SLOTS, Config, SpiritsState

if TYPE_CHECKING:
    from .game import SpiritsGame


@dataclass(frozen=True)
class ForestTemplate:
    """A layout's fixed geometry, computed once: which places hold tiles, which start open."""

    place_row: tuple[int, ...]
    place_col: tuple[int, ...]
    place_index: tuple[int, ...]            # grid index of each tile place, in layout order
    face_up: tuple[bool, ...]               # per tile place
    open_places: tuple[int, ...]            # grid indices with a free long side at the start
    row_count: tuple[int, ...]
    token_places: tuple[tuple[int, bool], ...]   # (grid index, face up)
    tiles: tuple[int, ...]                  # the tile ids this forest uses

    @classmethod
    def build(cls, layout: Layout, air: bool, content: Content) -> ForestTemplate:
        places = layout.places_for(air)
        cols = layout.cols
        nplaces = layout.rows * cols
        index = tuple(p.row * cols + p.col for p in places)
        filled = set(index)
        open_places = tuple(
            i for i in sorted(filled)
            if i % cols == 0 or (i - 1) not in filled or i % cols == cols - 1 or (i + 1) not in filled)
        row_count = [0] * layout.rows
        for p in places:
            row_count[p.row] += 1
        return cls(
            place_row=tuple(i // cols for i in range(nplaces)),
            place_col=tuple(i % cols for i in range(nplaces)),
            place_index=index, face_up=tuple(p.face_up for p in places), open_places=open_places,
            row_count=tuple(row_count),
            token_places=tuple((p.row * cols + p.col, p.token == "up") for p in places if p.token),
            tiles=tuple(t.id for t in content.tiles if air or not t.air),
        )


def setup(state: SpiritsState, game: SpiritsGame, options: Mapping[str, Any]) -> None:
    """Lay out the forest, the favor tokens, the modules' pieces, and open the first decision."""
    c = game.content
    players = state.players
    solo = players == 1
    air = bool(options["air_spirit"])
    layout = game.layout_for(players, options)
    forest = game.forest_template(layout, air)
    nplaces = layout.rows * layout.cols

    first = 0 if options["first_player"] == "seat0" else state.draw(players)
    season_tokens = [NO_SEASON] * layout.rows
    row_min = [0] * layout.rows
    if options["seasons"]:
        for row in range(min(rulings.SEASON_ROWS, layout.rows)):
            token = state.pick(c.seasons[row])
            if row == 3 and players == 4 and token != DROP:
                continue        # 4 players: a Winter token without the drop returns to the box
            season_tokens[row] = token
            row_min[row] = 0 if token == DROP else token
    state.cfg = Config(
        players=players, solo=solo, layout_id=layout.id, rows=layout.rows, cols=layout.cols,
        place_row=forest.place_row, place_col=forest.place_col,
        n_spirits=BASE_SPIRITS + 1 if air and rulings.AIR_SPIRIT_IS_A_SPIRIT else BASE_SPIRITS,
        seasons=bool(options["seasons"]), fireflies=bool(options["fireflies"]),
        wishes=bool(options["wish"]), hexes=bool(options["hex"]),
        row_min=tuple(row_min), season_tokens=tuple(season_tokens), first_player=first,
        gemstones=rulings.GEMSTONES_PER_PLAYER[players],
        single=game.single,
    )
    state.c = c
    state.ids = game.ids
    ntiles = len(c.tiles)

    # the forest
    tiles = list(forest.tiles)
    state.shuffle(tiles)
    state.place_tile = [-1] * nplaces
    state.tile_place = [-1] * ntiles
    state.face_up = [False] * ntiles
    for p, t, up in zip(forest.place_index, tiles, forest.face_up, strict=True):
        state.place_tile[p] = t
        state.tile_place[t] = p
        state.face_up[t] = up
    state.row_count = list(forest.row_count)
    state.exposed = [state.place_tile[p] for p in forest.open_places]
    for t in state.exposed:
        state.face_up[t] = True          # a face-down tile with a free long side is revealed at once
    state.firefly = [bool(options["fireflies"]) and c.tiles[t].air and c.tiles[t].is_double
                     for t in range(ntiles)]
    state.gem_on = [-1] * ntiles
    state.free_up = [state.tile_place[t] >= 0 and (state.face_up[t] or not rulings.GEMSTONES_ONLY_ON_FACE_UP_TILES)
                     for t in range(ntiles)]

    # favor tokens
    if solo:
        pool = [k.index for k in c.tokens if k.kind == "spirit" and k.module is None]
    else:
        wanted = {None, *(m for m in ("seasons", "air_spirit", "fireflies") if options[m])}
        pool = [k.index for k in c.tokens if k.module in wanted]
    state.shuffle(pool)
    state.token_at = [-1] * nplaces
    state.token_up = [False] * nplaces
    state.opp_hidden = []
    state.solo_token = -1
    if solo:
        state.opp_hidden = [pool.pop(), pool.pop()]
        state.solo_token = pool.pop()
    else:
        for p, up in forest.token_places:
            state.token_at[p] = pool.pop()
            state.token_up[p] = up
    state.box = pool
    state.public_token = [False] * len(c.tokens)
    if solo:
        state.public_token[state.solo_token] = True
    state.discarded = []

    # players
    state.supply = [state.cfg.gemstones] * players
    state.placed = [0] * players
    state.lost = [0] * players
    state.tiles_of = [[] for _ in range(players)]
    state.discarded_tiles = [[] for _ in range(players)]
    state.sym = [0] * (players * SPIRIT_SLOTS)
    state.pw = [0] * (players * POWER_SLOTS)
    state.favors = [[] for _ in range(players)]
    state.plus_new = [0] * players
    state.drops = [0] * players
    state.drop_open = [t == DROP for t in season_tokens] if options["seasons"] else []
    state.reward_syms = [[] for _ in range(players)]
    state.opp_tiles = []
    state.opp_sym = [0] * 10
    state.opp_revealed = 0
    state.cur = -1                      # SpiritsState.advance opens the first turn
    state.took = 0
    state.turn = 0
    state.first_turn = True
    state.ending = False

    # Wish and Hex cards: deal two each; the choices are asked seat by seat, from the first player
    order = [(first + i) % players for i in range(players)]
    state.wish_hand = [[] for _ in range(players)]
    state.hex_hand = [[] for _ in range(players)]
    state.wish = [-1] * players
    state.wish_met = [False] * players
    state.hex = [-1] * players
    state.cards_revealed = False
    choices: list[KeepWish | KeepHex] = []
    for flag, hands, deck_size, kind in ((options["wish"], state.wish_hand, len(c.wishes), KeepWish),
                                         (options["hex"], state.hex_hand, len(c.hexes), KeepHex)):
        if not flag:
            continue
        deck = list(range(deck_size))
        state.shuffle(deck)
        for seat in order:
            hands[seat] = [deck.pop(), deck.pop()]
            choices.append(kind(seat))
    state.stack.extend(reversed(choices))   # the first player chooses first
    if state.log is not None:
        state.emit("setup", f"A new forest: {layout.name}, {plural(players, 'player')}")
