"""What one seat sees of a Spirits game, as a fixed-size vector of numbers (engine/observation.py).

Seats are ordered from the observer: slot 0 is the observer, slot 1 the next player, and so on;
slots of absent players stay 0. Only what `view(seat)` shows is encoded: face-down tiles and
tokens are marked, never named; others' favor tokens count only when public.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from ...engine import ObservationSpec, OptionValue, Segment
from .frames import Firefly, Gem, KeepHex, KeepWish, MoveTo, Pay, Second, Take
from .scoring import Favor

if TYPE_CHECKING:
    from .game import SpiritsGame
    from .state import SpiritsState

SEATS = 4
PLACE_FEATURES = 22
SEAT_FEATURES = 22
FRAME_KINDS = (Take, Second, Pay, Firefly, Gem, MoveTo, KeepWish, KeepHex, Favor)


def observation_spec(game: SpiritsGame, players: int, options: Mapping[str, OptionValue | None]) -> ObservationSpec:
    rows, cols = game.forest_size(players, options)
    c = game.content
    tokens, wishes, hexes = len(c.tokens), len(c.wishes), len(c.hexes)
    return ObservationSpec([
        Segment("forest", (rows, cols, PLACE_FEATURES),
                "per place: tile, face up, spirit symbols ×10, power one-hot ×3, double, collectable, "
                "my gemstone, another's gemstone, firefly, face-down token, face-up token"),
        Segment("seats", (SEATS, SEAT_FEATURES),
                "per seat from me: present, spirit symbols ×10 /8, powers ×3 /8, gemstones in supply, "
                "placed, lost /4, favor tokens /8, drop tokens /2, fireflies /4, tiles /30, to move"),
        Segment("my_tokens", (tokens,), "my favor tokens, by token"),
        Segment("public_tokens", (SEATS - 1, tokens), "the others' public favor tokens, by token"),
        Segment("box", (tokens,), "the favor tokens in the box, while I choose a Wish reward"),
        Segment("discarded_tokens", (tokens,), "discarded favor tokens"),
        Segment("wish", (SEATS, wishes), "each seat's kept Wish card, once I may see it"),
        Segment("hex", (SEATS, hexes), "each seat's kept Hex card, once I may see it"),
        Segment("hands", (wishes + hexes,), "the Wish and Hex cards in my hand before I keep one"),
        Segment("decision", (len(FRAME_KINDS) + 10,), "the pending decision's kind, and Second's spirit"),
        Segment("rows", (rows, 3), "Seasons per row: tiles that must remain /4, open, drop token still there"),
        Segment("solo", (11,), "solo: the opponent's spirit symbols ×10 /8, its hidden tokens /2"),
        Segment("progress", (2,), "turn /60, tiles left in the forest / tiles at the start"),
    ])


def encode(game: SpiritsGame, s: SpiritsState, seat: int) -> list[float]:
    spec = game.observation_spec(s.players, s.options)
    out = spec.zeros()
    c = s.c
    cfg = s.cfg
    over = s.over
    # the forest
    at = spec.offset("forest")
    exposed = set(s.exposed)
    for p, t in enumerate(s.place_tile):
        if t < 0:
            continue
        o = at + p * PLACE_FEATURES
        out[o] = 1.0
        up = s.face_up[t]
        if up:
            tile = c.tiles[t]
            out[o + 1] = 1.0
            for x in tile.symbols:
                out[o + 2 + x] += 1.0
            if tile.power >= 0:
                out[o + 12 + tile.power] = 1.0
            out[o + 15] = float(tile.is_double)
            out[o + 19] = float(s.firefly[t])
        out[o + 16] = float(t in exposed and s.row_open(cfg.place_row[p]))
        g = s.gem_on[t]
        if g >= 0:
            out[o + (17 if g == seat else 18)] = 1.0
        if s.token_at[p] >= 0:
            out[o + (21 if s.token_up[p] or over else 20)] = 1.0
    # the seats, from the observer on
    at = spec.offset("seats")
    pub = spec.offset("public_tokens")
    ntok = len(c.tokens)
    current = s.current_player
    for slot in range(s.players):
        who = (seat + slot) % s.players
        o = at + slot * SEAT_FEATURES
        out[o] = 1.0
        for x in range(cfg.n_spirits):
            out[o + 1 + x] = s.sym[who * 10 + x] / 8
        for x in range(3):
            out[o + 11 + x] = s.pw[who * 3 + x] / 8
        out[o + 14] = s.supply[who] / 4
        out[o + 15] = s.placed[who] / 4
        out[o + 16] = s.lost[who] / 4
        out[o + 17] = len(s.favors[who]) / 8
        out[o + 18] = s.drops[who] / 2
        out[o + 19] = sum(1 for t in s.tiles_of[who] if s.firefly[t]) / 4
        out[o + 20] = len(s.tiles_of[who]) / 30
        out[o + 21] = float(current == who)
        if slot:
            for k in s.favors[who]:
                if over or s.public_token[k]:
                    out[pub + (slot - 1) * ntok + k] += 1.0
    o = spec.offset("my_tokens")
    for k in s.favors[seat]:
        out[o + k] += 1.0
    if s.looking_into_box(seat):
        o = spec.offset("box")
        for k in s.box:
            out[o + k] = 1.0
    o = spec.offset("discarded_tokens")
    for k in s.discarded:
        out[o + k] = 1.0
    # Wish and Hex cards
    nw = len(c.wishes)
    for name, on, kept, size in (("wish", cfg.wishes, s.wish, nw), ("hex", cfg.hexes, s.hex, len(c.hexes))):
        if not on:
            continue
        o = spec.offset(name)
        for slot in range(s.players):
            who = (seat + slot) % s.players
            if kept[who] >= 0 and (who == seat or s.cards_revealed):
                out[o + slot * size + kept[who]] = 1.0
    if not s.cards_revealed:
        o = spec.offset("hands")
        for w in s.wish_hand[seat]:
            out[o + w] = 1.0
        for h in s.hex_hand[seat]:
            out[o + nw + h] = 1.0
    # the decision
    if s.stack and not over:
        o = spec.offset("decision")
        top = s.stack[-1]
        out[o + FRAME_KINDS.index(type(top))] = 1.0
        if isinstance(top, Second):
            out[o + len(FRAME_KINDS) + top.spirit] = 1.0
    if cfg.seasons:
        o = spec.offset("rows")
        for r in range(cfg.rows):
            out[o + r * 3] = cfg.row_min[r] / 4
            out[o + r * 3 + 1] = float(s.row_open(r))
            out[o + r * 3 + 2] = float(bool(s.drop_open) and s.drop_open[r])
    if cfg.solo:
        o = spec.offset("solo")
        for x in range(9):
            out[o + x] = s.opp_sym[x] / 8
        out[o + 10] = (len(s.opp_hidden) - s.opp_revealed) / 2
    o = spec.offset("progress")
    out[o] = s.turn / 60
    out[o + 1] = sum(1 for t in s.place_tile if t >= 0) / _starting_tiles(game, s)
    return out


_STARTING_TILES: dict[tuple[object, ...], int] = {}


def _starting_tiles(game: SpiritsGame, s: SpiritsState) -> int:
    """The tiles in the forest at the start (a layout is built once per kind of game, not per call)."""
    key = (s.players, s.options["scenario"], s.options["air_spirit"])
    start = _STARTING_TILES.get(key)
    if start is None:
        layout = game.layout_for(s.players, s.options)
        start = _STARTING_TILES[key] = len(game.forest_template(layout, bool(s.options["air_spirit"])).tiles)
    return start
