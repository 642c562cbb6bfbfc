"""What one seat sees of a Spirits game, as a fixed-size vector of numbers (engine/observation.py).

Seats are ordered from the observer: slot 0 is the observer, slot 1 the next player, and so on;
slots of absent players stay 0. Only what `view(seat)` shows is encoded: face-down tiles and
tokens are marked, never named; others' favor tokens count only when public.

The writer fills a zeroed buffer in place (engine/observation.py); what a face-up tile shows never
changes, so each tile's numbers are laid out once per game and copied in one slice.
"""

from __future__ import annotations

from array import array
from collections.abc import Mapping
from typing import TYPE_CHECKING

from ...engine import ObservationSpec, OptionValue, Segment, State
from ...engine.observation import Writer
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
    spec = ObservationSpec([
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
    spec.writer = _writer(game, spec, players, options)
    return spec


def encode(game: SpiritsGame, s: SpiritsState, seat: int) -> list[float]:
    return game.observation_spec(s.players, s.options).encode(s, seat)


def _face_up_rows(game: SpiritsGame) -> list[array[float]]:
    """Per tile, the numbers 0 to 15 of its place while it lies face up: in the forest, face up, its
    spirit symbols, its power one-hot, double."""
    rows = []
    for tile in game.content.tiles:
        row = array("d", bytes(8 * 16))
        row[0] = row[1] = 1.0
        for x in tile.symbols:
            row[2 + x] += 1.0
        if tile.power >= 0:
            row[12 + tile.power] = 1.0
        row[15] = float(tile.is_double)
        rows.append(row)
    return rows


def _writer(game: SpiritsGame, spec: ObservationSpec, players: int,
            options: Mapping[str, OptionValue | None]) -> Writer:
    up_rows = _face_up_rows(game)
    forest, seats, pub, mine = spec.offset("forest"), spec.offset("seats"), spec.offset("public_tokens"), \
        spec.offset("my_tokens")
    box, discarded, hands, decision = spec.offset("box"), spec.offset("discarded_tokens"), spec.offset("hands"), \
        spec.offset("decision")
    rows, solo, progress = spec.offset("rows"), spec.offset("solo"), spec.offset("progress")
    wish, hex_, nw, nh = spec.offset("wish"), spec.offset("hex"), len(game.content.wishes), len(game.content.hexes)
    ntok = len(game.content.tokens)
    kinds = {kind: i for i, kind in enumerate(FRAME_KINDS)}
    place_at = range(forest, spec.offset("seats"), PLACE_FEATURES)
    places = range(len(place_at))
    start = _starting_tiles(game, players, options)

    def write(state: State, seat: int, out: array[float]) -> None:
        s: SpiritsState = state  # type: ignore[assignment]
        cfg = s.cfg
        over = s.over
        n = s.players
        # the forest
        face_up, firefly, gem_on, token_at, token_up = s.face_up, s.firefly, s.gem_on, s.token_at, s.token_up
        place_tile = s.place_tile
        for o, t in zip(place_at, place_tile, strict=True):
            if t < 0:
                continue
            if face_up[t]:
                out[o:o + 16] = up_rows[t]
            else:
                out[o] = 1.0
            g = gem_on[t]
            if g >= 0:
                out[o + (17 if g == seat else 18)] = 1.0
        if max(token_at) >= 0:
            for p, o, t in zip(places, place_at, place_tile, strict=True):
                if t >= 0 and token_at[p] >= 0:
                    out[o + (21 if token_up[p] or over else 20)] = 1.0
        if cfg.fireflies:
            for o, t in zip(place_at, place_tile, strict=True):
                if t >= 0 and face_up[t] and firefly[t]:
                    out[o + 19] = 1.0
        row_count, row_min, place_row, tile_place = s.row_count, cfg.row_min, cfg.place_row, s.tile_place
        for t in s.exposed:
            p = tile_place[t]
            if p >= 0 and place_tile[p] == t and row_count[place_row[p]] > row_min[place_row[p]]:
                out[forest + p * PLACE_FEATURES + 16] = 1.0
        # the seats, from the observer on
        current = s.current_player
        ns = cfg.n_spirits
        pw, favors, public_token, tiles_of = s.pw, s.favors, s.public_token, s.tiles_of
        eighths = array("d", [x / 8 for x in s.sym])
        for slot in range(n):
            who = (seat + slot) % n
            o = seats + slot * SEAT_FEATURES
            out[o] = 1.0
            b = who * 10
            out[o + 1:o + 1 + ns] = eighths[b:b + ns]
            b = who * 3
            out[o + 11] = pw[b] / 8
            out[o + 12] = pw[b + 1] / 8
            out[o + 13] = pw[b + 2] / 8
            out[o + 14] = s.supply[who] / 4
            out[o + 15] = s.placed[who] / 4
            out[o + 16] = s.lost[who] / 4
            held = favors[who]
            out[o + 17] = len(held) / 8
            out[o + 18] = s.drops[who] / 2
            mine_tiles = tiles_of[who]
            if cfg.fireflies:
                out[o + 19] = sum(1 for t in mine_tiles if firefly[t]) / 4
            out[o + 20] = len(mine_tiles) / 30
            if current == who:
                out[o + 21] = 1.0
            if slot:
                o = pub + (slot - 1) * ntok
                for k in held:
                    if over or public_token[k]:
                        out[o + k] += 1.0
        for k in favors[seat]:
            out[mine + k] += 1.0
        stack = s.stack
        if stack and type(stack[-1]) is Favor and stack[-1].seat == seat:   # choosing a Wish reward (looking_into_box)
            for k in s.box:
                out[box + k] = 1.0
        for k in s.discarded:
            out[discarded + k] = 1.0
        # Wish and Hex cards
        revealed = s.cards_revealed
        for on, kept, o, size in ((cfg.wishes, s.wish, wish, nw), (cfg.hexes, s.hex, hex_, nh)):
            if not on:
                continue
            for slot in range(n):
                who = (seat + slot) % n
                if kept[who] >= 0 and (who == seat or revealed):
                    out[o + slot * size + kept[who]] = 1.0
        if not revealed:
            for w in s.wish_hand[seat]:
                out[hands + w] = 1.0
            o = hands + nw
            for h in s.hex_hand[seat]:
                out[o + h] = 1.0
        # the decision
        if stack and not over:
            top = stack[-1]
            out[decision + kinds[type(top)]] = 1.0
            if isinstance(top, Second):
                out[decision + len(FRAME_KINDS) + top.spirit] = 1.0
        if cfg.seasons:
            drop_open = s.drop_open
            for r in range(cfg.rows):
                o = rows + r * 3
                out[o] = row_min[r] / 4
                out[o + 1] = float(row_count[r] > row_min[r])
                out[o + 2] = float(bool(drop_open) and drop_open[r])
        if cfg.solo:
            for x in range(9):
                out[solo + x] = s.opp_sym[x] / 8
            out[solo + 10] = (len(s.opp_hidden) - s.opp_revealed) / 2
        out[progress] = s.turn / 60
        out[progress + 1] = (len(place_tile) - place_tile.count(-1)) / start

    return write


def _starting_tiles(game: SpiritsGame, players: int, options: Mapping[str, OptionValue | None]) -> int:
    """The tiles in the forest at the start."""
    layout = game.layout_for(players, options)
    return len(game.forest_template(layout, bool(options["air_spirit"])).tiles)
